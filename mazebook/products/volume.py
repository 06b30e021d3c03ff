"""One volume of a series, built alone into memory (in this process or a worker's): its
puzzles made and kept (``make_volume``), or the whole volume drawn (``build_volume``), its
puzzles taken from those kept where they are there and its files held as bytes, with the
warnings its build gave. products/series.py puts the volumes in order and writes them.
"""

from __future__ import annotations

import dataclasses
import pickle
import time
import warnings
from dataclasses import replace
from pathlib import Path

from ..errors import MazebookError
from ..fileio import HeldSet
from ..kinds import Made
from ..printing.economics import Economics
from ..records import record
from ..template import Template
from ..template.series import volume_template
from .assets import AssetFolders
from .book import BookProduct, make_puzzles, plan_book_product
from .fit import fit_plan
from .runner import Progress, stage_product
from .unique import Used


@record
class VolumeJob:
    """One volume to build: the series' template, the volume's number and files, the
    canonical keys its mazes must avoid (the earlier volumes'), and the puzzles already made
    for it, pickled (b"": none)."""

    template: Template
    volume: int
    output: Path
    assets: AssetFolders
    taken: frozenset[str] = frozenset()
    kept: bytes = b""


@record
class VolumeFiles:
    """A built volume: its files as bytes (in staging order), its mazes' keys, its summary and
    the warnings its build gave."""

    volume: int
    title: str
    seed: int
    files: tuple[tuple[Path, bytes], ...]
    keys: tuple[str, ...]
    again: int
    clashes: int
    page_count: int
    puzzle_count: int
    capped: int
    cover: Path | None
    economics: Economics | None
    warnings: tuple[tuple[str, type[Warning]], ...]
    seconds: float


@record
class VolumePuzzles:
    """A volume's puzzles made (none drawn): their keys in order, and every puzzle made,
    pickled (b"": a kind whose puzzles cannot be)."""

    volume: int
    keys: tuple[str, ...]
    kept: bytes


def volume_product(job: VolumeJob, used: Used) -> BookProduct:
    """The volume planned and fitted, its files named, with ``used`` for its puzzles."""
    template = volume_template(job.template, job.volume)
    planned = plan_book_product(template)
    return replace(planned.product(fit_plan(planned), job.output), used=used)


def volume_used(job: VolumeJob) -> Used:
    """The job's taken keys, its kept puzzles, and every puzzle it makes kept too."""
    return Used(job.taken, made=pickle.loads(job.kept) if job.kept else {}, keep=True)


def make_volume(job: VolumeJob) -> VolumePuzzles:
    """Make a volume's puzzles, draw nothing (a worker's first step of a series)."""
    used = volume_used(job)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # drawing the volume gives its warnings, once
        try:
            make_puzzles(volume_product(job, used).setup, used)
        except MazebookError as exc:
            raise _portable(exc) from None
    return VolumePuzzles(job.volume, tuple(used.keys), kept_bytes(used.made))


def build_volume(job: VolumeJob, progress: Progress | None = None) -> VolumeFiles:
    """Build one volume into memory, its puzzles taken from ``job.kept`` where they are there
    (the same in this process or a worker); ``progress(done, total)`` after each page."""
    started = time.perf_counter()
    used = volume_used(job)
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        try:
            product = volume_product(job, used)
            held = HeldSet()
            rendered = stage_product(held, product, job.assets, progress)
        except MazebookError as exc:
            raise _portable(exc) from None
    template = product.setup.template
    book = None if rendered.manifest is None else rendered.manifest.book
    return VolumeFiles(
        volume=job.volume,
        title=template.title,
        seed=template.seed,
        files=tuple(held.files),
        keys=rendered.keys,
        again=rendered.again,
        clashes=used.clashes,
        page_count=rendered.page_count,
        puzzle_count=rendered.puzzle_count,
        capped=rendered.capped,
        cover=product.outputs.cover,
        economics=None if book is None else book.economics,
        warnings=tuple((str(w.message), w.category) for w in caught),
        seconds=time.perf_counter() - started,
    )


def kept_bytes(made: dict[tuple[int, int], Made]) -> bytes:
    """The puzzles made, pickled without what they worked out for drawing (a dataclass is
    copied afresh); b"" for a kind whose puzzles cannot be pickled (its volume is then made
    again from scratch: the same puzzles, found again)."""
    fresh = {
        key: dataclasses.replace(m) if dataclasses.is_dataclass(m) else m for key, m in made.items()
    }
    try:
        return pickle.dumps(fresh, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception:
        return b""


def _portable(exc: MazebookError) -> MazebookError:
    """The error itself if it survives pickling (to cross back from a worker), else a plain
    MazebookError with the same one-line message."""
    try:
        copy = pickle.loads(pickle.dumps(exc))
    except Exception:
        return MazebookError(str(exc))
    return exc if str(copy) == str(exc) else MazebookError(str(exc))
