"""Book builds off the event loop: each in a worker process, in its own temporary folder.

A worker process (not a thread) keeps a long build from taking the interpreter lock away from
other visitors' maze previews, and its memory from the server's (each has the previews'
workers' memory cap). The worker writes its progress to a small file in the job's
folder, which the server reads when the page polls. Finished jobs are removed after
JOB_LIFETIME seconds, when more than MAX_JOBS are kept, and when the server stops.
"""

from __future__ import annotations

import multiprocessing
import os
import secrets
import shutil
import tempfile
import threading
import time
import traceback
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...errors import OUT_OF_MEMORY, MazebookError
from . import actions, book_form
from .workers import limit_memory

#: Worker processes, builds at once (queued beyond that), jobs kept, and a job's lifetime (s).
WORKERS = 2
MAX_ACTIVE = 4
MAX_JOBS = 16
JOB_LIFETIME = 1800.0
#: Pages shown as pictures after a build, and their resolution.
PREVIEW_PAGES, PREVIEW_DPI = 6, 50
PROGRESS_FILE = "progress"


def run_build(data: dict[str, Any], name: str, source: str, folder: str) -> dict[str, Any]:
    """In the worker: build the book into ``folder``; a plain dict says what came of it."""
    where = Path(folder)

    def progress(done: int, total: int) -> None:
        """Record done/total in the job's folder (atomically) for the page to poll."""
        tmp = where / f"{PROGRESS_FILE}.tmp"
        tmp.write_text(f"{done} {total}", encoding="ascii")
        os.replace(tmp, where / PROGRESS_FILE)

    try:
        template = book_form.checked_book(data, name, source)
        built = book_form.build(template, where / "out", progress=progress)
        pictures = actions.page_pngs(built.files["interior"], PREVIEW_PAGES, dpi=PREVIEW_DPI)
        answers = book_form.answers_pdf(built.files["interior"], built.files["manifest"])
        if answers is not None:
            target = where / "out" / f"{actions.FILE_STEM}-answers.pdf"
            target.write_bytes(answers)
            built.files["answers"] = target
    except actions.FieldError as exc:
        return {"error": str(exc), "field": exc.field}
    except MazebookError as exc:
        return {"error": str(exc), "field": "upload"}
    except MemoryError:
        return {"error": OUT_OF_MEMORY, "field": "upload"}
    except Exception as exc:  # a bug: say so on the page rather than lose the job
        traceback.print_exc()
        return {"error": f"the build failed: {type(exc).__name__}: {exc}", "field": "upload"}
    pages = []
    for number, png in enumerate(pictures, start=1):
        path = where / f"page-{number}.png"
        path.write_bytes(png)
        pages.append(path.name)
    return {
        "files": {kind: str(path.relative_to(where)) for kind, path in built.files.items()},
        "pages": pages,
        "page_count": built.page_count,
        "puzzle_count": built.puzzle_count,
        "seconds": round(built.seconds, 2),
    }


@dataclass
class Job:
    """One book build: its id (unguessable), folder, running future and title."""

    id: str
    folder: Path
    future: Future[dict[str, Any]]
    title: str
    started: float = field(default_factory=time.monotonic)

    def progress(self) -> tuple[int, int]:
        """(done, total) puzzles so far; (0, 0) before the first."""
        try:
            done, total = (self.folder / PROGRESS_FILE).read_text(encoding="ascii").split()
            return int(done), int(total)
        except (OSError, ValueError):
            return 0, 0

    def outcome(self) -> dict[str, Any] | None:
        """The worker's dict once it has finished, else None."""
        if not self.future.done():
            return None
        try:
            return self.future.result()
        except Exception as exc:  # the worker process died
            return {"error": f"the build stopped: {type(exc).__name__}: {exc}", "field": "upload"}

    def download_name(self, key: str) -> str:
        """The name a finished job's file is downloaded as: made from the book's title."""
        return actions.download_name(self.title, key) if key in actions.DOWNLOAD_SUFFIXES else key

    def file(self, name: str) -> Path | None:
        """A finished job's file by its key ('interior', 'page-1.png', ...), never a path."""
        outcome = self.outcome()
        if not outcome or "files" not in outcome:
            return None
        rel = outcome["files"].get(name) or (name if name in outcome["pages"] else None)
        return self.folder / rel if rel else None


class BookJobs:
    """The running and finished book builds of one server, each in its own folder."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._jobs: dict[str, Job] = {}
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        """The worker pool, started on the first build (spawned, not forked)."""
        if self._pool is None:
            context = multiprocessing.get_context("spawn")  # no fork of a threaded server
            self._pool = ProcessPoolExecutor(
                max_workers=WORKERS, mp_context=context, initializer=limit_memory
            )
        return self._pool

    def start(self, data: dict[str, Any], name: str, source: str) -> Job:
        """Queue a build of the template data; actions.FieldError when too many are running."""
        with self._lock:
            self._expire()
            active = sum(not job.future.done() for job in self._jobs.values())
            if active >= MAX_ACTIVE:
                raise actions.FieldError(
                    "build", f"{active} books are being built; try again when one has finished"
                )
            folder = Path(tempfile.mkdtemp(prefix="book-", dir=self.root))
            try:
                future = self._executor().submit(run_build, data, name, source, str(folder))
            except BrokenProcessPool:  # a worker died (e.g. out of memory): start afresh
                self._pool = None
                future = self._executor().submit(run_build, data, name, source, str(folder))
            job = Job(secrets.token_urlsafe(16), folder, future, str(data.get("title", "")))
            self._jobs[job.id] = job
            return job

    def get(self, job_id: str) -> Job | None:
        """The job with this id, or None (unknown, expired or removed)."""
        with self._lock:
            return self._jobs.get(job_id)

    def _expire(self) -> None:
        """Remove finished jobs past JOB_LIFETIME, and the oldest beyond MAX_JOBS."""
        now = time.monotonic()
        finished = sorted(
            (job for job in self._jobs.values() if job.future.done()), key=lambda j: j.started
        )
        extra = max(0, len(self._jobs) - MAX_JOBS)
        for i, job in enumerate(finished):
            if i < extra or now - job.started > JOB_LIFETIME:
                self._remove(job)

    def _remove(self, job: Job) -> None:
        """Forget a job and delete its folder."""
        self._jobs.pop(job.id, None)
        shutil.rmtree(job.folder, ignore_errors=True)

    def close(self) -> None:
        """Kill the workers (a build in progress is not waited for: the server is stopping)
        and remove every job's folder."""
        with self._lock:
            if self._pool is not None:
                # the executor has no public way to stop a running task: kill its processes
                processes = list(getattr(self._pool, "_processes", {}).values())
                self._pool.shutdown(wait=False, cancel_futures=True)
                for process in processes:
                    process.kill()
                for process in processes:
                    process.join(timeout=5)
                self._pool = None
            for job in list(self._jobs.values()):
                self._remove(job)
