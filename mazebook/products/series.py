"""A series: N books from one template (`mazebook build TEMPLATE --volumes N`) with no maze in
two of them, built one after another or ``jobs`` at a time, the same bytes either way.

Volume k is the template with its own title and seed (template/series.py); its files are
NAME-k.pdf, NAME-k.json and NAME-k-cover.pdf (and NAME-k/ in each asset folder), beside the
report NAME-series.json. No maze repeats, the same whatever ``jobs`` says:

- Volume k is the book made with the mazes of volumes 1 to k-1 taken: a puzzle that would
  repeat one (or one of its own book) is made again from a fresh random source of its own
  (products/unique.py), every other puzzle is the one its book alone would have.
- One job builds the volumes in order, each with the mazes before it taken. With ``jobs`` > 1
  the workers first make every volume's puzzles alone, drawing nothing (products/volume.py);
  then, in volume order, a volume whose puzzles repeat an earlier volume's has just those made
  again here, the rest taken from what the workers made; then the workers draw each volume
  from its final puzzles. Either way volume k is the same, byte for byte.
- The report counts the mazes any two volumes share (0), and every file of the series is
  committed at once, or none.
"""

from __future__ import annotations

import itertools
import multiprocessing
import os
import signal
import time
import warnings
from collections import deque
from collections.abc import Callable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..errors import InvalidOptionError, TemplateError
from ..fileio import OutputSet, relative_name
from ..inputs import check_distinct
from ..records import record
from ..template import Template
from ..template.load import check_series
from ..template.series import MAX_VOLUMES, MIN_VOLUMES
from ..version import __version__
from . import manifest as manifest_mod
from .assets import ASSET_DPI, AssetFolders, asset_paths
from .book import make_puzzles
from .build import prepared_template
from .cover import cover_path
from .runner import (
    BuildResult,
    Progress,
    check_asset_dirs,
    check_paths,
    output_paths,
    template_inputs,
)
from .volume import (
    VolumeFiles,
    VolumeJob,
    build_volume,
    kept_bytes,
    make_volume,
    volume_product,
    volume_used,
)

#: Worker processes a series build may use at most.
MAX_JOBS = 32
#: What "the same maze" means, as the report says it.
SAME_MAZE = (
    "the same walls after any rotation or reflection of the grid (for a rule kind, the same "
    "rules too); where START and FINISH stand is left out"
)

#: progress(volume, done, total): puzzles done of the volume's total (a volume built in
#: another process reports once, when it is done).
SeriesProgress = Callable[[int, int, int], None]


def check_count(value: int, key: str, low: int, high: int) -> int:
    """A whole number from ``low`` to ``high``; InvalidOptionError keyed by ``key``."""
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise InvalidOptionError(
            f"must be a whole number from {low} to {high}, got {value!r}", key=key
        )
    return value


@record
class SeriesFiles:
    """Where a series goes: each volume's PDF, manifest and cover (None: no cover), its asset
    folders, and the report."""

    pdfs: tuple[Path, ...]
    manifests: tuple[Path, ...]
    covers: tuple[Path | None, ...]
    assets: tuple[AssetFolders, ...]
    report: Path

    @property
    def paths(self) -> list[Path]:
        found = [*self.pdfs, *self.manifests, *(c for c in self.covers if c is not None)]
        return [*found, self.report]


def series_files(
    template: Template, volumes: int, output: str | Path | None, folders: AssetFolders
) -> SeriesFiles:
    """NAME-k.pdf, NAME-k.json, NAME-k-cover.pdf (a printer that takes a cover) for each k,
    NAME-series.json, and NAME-k/ in each asset folder."""
    pdf, _ = output_paths(template, output)
    covered = template.printing.table.cover is not None and template.printing.cover.enabled
    pdfs = tuple(pdf.with_name(f"{pdf.stem}-{k}.pdf") for k in range(1, volumes + 1))
    return SeriesFiles(
        pdfs=pdfs,
        manifests=tuple(p.with_suffix(".json") for p in pdfs),
        covers=tuple(cover_path(p) if covered else None for p in pdfs),
        assets=tuple(
            AssetFolders(
                None if folders.svg is None else folders.svg / p.stem,
                None if folders.png is None else folders.png / p.stem,
                folders.dpi,
            )
            for p in pdfs
        ),
        report=pdf.with_name(f"{pdf.stem}-series.json"),
    )


@record
class SeriesResult:
    """What a series build wrote: each volume's BuildResult, the report, the volumes with
    puzzles made again because an earlier volume had them, and the mazes any two volumes
    share (0)."""

    volumes: tuple[BuildResult, ...]
    report: Path
    seconds: float
    rebuilt: tuple[int, ...]
    shared: int


def _worker_signals() -> None:
    """A worker leaves Ctrl-C to the build (which stops the workers) and ends quietly on
    SIGTERM or SIGHUP: it writes no file, so there is nothing for it to clean up."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    for name in ("SIGTERM", "SIGHUP"):
        if hasattr(signal, name):
            signal.signal(getattr(signal, name), signal.SIG_DFL)


def _context() -> Any:
    """Worker processes forked where the system can (they start at once, with everything
    imported), else spawned."""
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _in_order(
    jobs: Sequence[VolumeJob], workers: int, progress: SeriesProgress | None
) -> Iterator[VolumeFiles]:
    """Every volume, final, in order (see the module docstring).

    One worker: each volume built with the earlier ones' mazes taken. More: the workers make
    every volume's puzzles alone first; here, in volume order, a volume whose puzzles repeat an
    earlier volume's has those made again (the rest taken from what was made); then the
    workers draw each volume from its final puzzles, which makes none again.
    """
    taken: set[str] = set()
    if workers <= 1:
        for job in jobs:
            built = build_volume(
                replace(job, taken=frozenset(taken)), _volume_progress(progress, job.volume)
            )
            taken.update(built.keys)
            yield built
        return
    with warnings.catch_warnings():  # drawing the volume gives them, once
        warnings.simplefilter("ignore")
        # planned here first: the forked workers start with its fonts read and its search
        # tables made, and a template that cannot be built stops here
        volume_product(jobs[0], volume_used(jobs[0]))
    with _context().Pool(processes=workers, initializer=_worker_signals) as pool:
        drawn: deque[Any] = deque()  # each volume's drawing, in order (let go once taken)
        for alone in pool.imap(make_volume, jobs, chunksize=1):
            job = replace(jobs[alone.volume - 1], taken=frozenset(taken), kept=alone.kept)
            keys = alone.keys
            if taken.intersection(keys):  # made again here, with the earlier mazes taken
                if not alone.kept:  # puzzles that cannot cross between processes
                    drawn.append(_Done(build_volume(job)))
                    taken.update(drawn[-1].get().keys)
                    continue
                used = volume_used(job)
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")  # drawing the volume gives them, once
                    make_puzzles(volume_product(job, used).setup, used)
                job, keys = replace(job, kept=kept_bytes(used.made)), tuple(used.keys)
            taken.update(keys)
            drawn.append(pool.apply_async(build_volume, (job,)))
        while drawn:
            yield drawn.popleft().get()


@record
class _Done:
    """A volume built here, standing in the queue of those the workers draw."""

    built: VolumeFiles

    def get(self) -> VolumeFiles:
        return self.built


def _volume_progress(progress: SeriesProgress | None, volume: int) -> Progress | None:
    """A volume's puzzle-by-puzzle progress as the series' (None: none asked for)."""
    if progress is None:
        return None
    return lambda done, total: progress(volume, done, total)


def build_series(
    template: Template | str | os.PathLike[str] | None,
    volumes: int,
    *,
    output: str | Path | None = None,
    seed: int | None = None,
    printer: str | None = None,
    svg_dir: str | Path | None = None,
    png_dir: str | Path | None = None,
    dpi: int = ASSET_DPI,
    jobs: int = 1,
    progress: SeriesProgress | None = None,
) -> SeriesResult:
    """Build ``volumes`` books from one book template (see the module docstring): the same
    files, byte for byte, whatever ``jobs`` (worker processes, 1 to MAX_JOBS) says. Every
    check that can refuse the input is done before the first maze."""
    started = time.perf_counter()
    check_count(volumes, "volumes", MIN_VOLUMES, MAX_VOLUMES)
    check_count(jobs, "jobs", 1, MAX_JOBS)
    tpl = prepared_template(template, seed=seed, printer=printer)
    if tpl.worksheet is not None:
        raise TemplateError(
            'a series is made of books; this template is a worksheet (kind = "worksheet")',
            file=tpl.source,
            key="kind",
        )
    if tpl.printing.table.tactile:  # a tactile book has its own pages (products/tactile.py)
        raise TemplateError(
            f"a series (--volumes) is made of printed books, not of tactile ones (printer "
            f"{tpl.printing.printer!r}); build each tactile book on its own, with its own seed",
            file=tpl.source,
            key="printer",
        )
    check_series(tpl)
    inputs = template_inputs(tpl)
    # the asset folders named first (each volume gets one inside them), then every name checked
    folders = check_paths(inputs, [], svg_dir, 0, png_dir=png_dir, dpi=dpi)
    files = series_files(tpl, volumes, output, folders)
    check_paths(inputs, files.paths, svg_dir, 0, png_dir=png_dir, dpi=dpi)
    count = tpl.puzzle_count
    every_asset = [p for f in files.assets for p in asset_paths(f, count)]
    check_distinct(files.paths + every_asset, inputs)
    jobs_list = [
        VolumeJob(tpl, k, files.pdfs[k - 1], files.assets[k - 1]) for k in range(1, volumes + 1)
    ]
    results: list[VolumeFiles] = []
    rebuilt: list[int] = []
    with OutputSet() as out:
        for path in files.paths:
            out.check(path)
        for asset in files.assets:
            check_asset_dirs(out, asset)
        for built in _in_order(jobs_list, min(jobs, volumes), progress):
            if built.clashes:
                rebuilt.append(built.volume)
            for message, category in built.warnings:
                warnings.warn(message, category, stacklevel=2)
            for path, data in built.files:
                out.stage(path, data)
            results.append(replace(built, files=()))  # the bytes are staged: let them go
            if progress is not None:
                progress(built.volume, built.puzzle_count, built.puzzle_count)
        shared = shared_counts([r.keys for r in results])
        report = series_report(tpl, files, results, rebuilt, shared, out)
        out.stage(files.report, manifest_mod.dumps(report))
        out.commit()
    seconds = time.perf_counter() - started
    return SeriesResult(
        volumes=tuple(_result(files, r, folders_of(files, r.volume)) for r in results),
        report=files.report,
        seconds=seconds,
        rebuilt=tuple(rebuilt),
        shared=sum(n for _, _, n in shared),
    )


def folders_of(files: SeriesFiles, volume: int) -> AssetFolders:
    return files.assets[volume - 1]


def _result(files: SeriesFiles, built: VolumeFiles, folders: AssetFolders) -> BuildResult:
    k = built.volume
    return BuildResult(
        pdf=files.pdfs[k - 1],
        manifest=files.manifests[k - 1],
        svg_dir=folders.svg,
        page_count=built.page_count,
        puzzle_count=built.puzzle_count,
        seconds=built.seconds,
        cover=built.cover,
        capped=built.capped,
        png_dir=folders.png,
        economics=built.economics,
    )


def shared_counts(keys: Sequence[Sequence[str]]) -> list[tuple[int, int, int]]:
    """(volume i, volume j, how many mazes they share) for every two volumes, i < j."""
    sets = [set(k) for k in keys]
    return [
        (i + 1, j + 1, len(sets[i] & sets[j]))
        for i, j in itertools.combinations(range(len(sets)), 2)
    ]


def series_report(
    template: Template,
    files: SeriesFiles,
    results: Sequence[VolumeFiles],
    rebuilt: Sequence[int],
    shared: Sequence[tuple[int, int, int]],
    out: OutputSet,
) -> dict[str, Any]:
    """NAME-series.json: the series' template and seed, each volume (title, seed, files, its
    pages and puzzles, how many puzzles were made again), the mazes any two volumes share and
    the SHA-256 of each volume's manifest (which lists the volume's own files)."""
    folder = files.report.parent
    digests = out.digests(folder)
    volumes = []
    for built in results:
        k = built.volume
        entry: dict[str, Any] = {
            "volume": k,
            "title": built.title,
            "seed": built.seed,
            "pdf": relative_name(files.pdfs[k - 1], folder),
            "manifest": relative_name(files.manifests[k - 1], folder),
        }
        cover = files.covers[k - 1]
        if cover is not None:
            entry["cover"] = relative_name(cover, folder)
        entry.update(
            pages=built.page_count,
            puzzles=built.puzzle_count,
            repeats_within=len(built.keys) - len(set(built.keys)),
            made_again=built.again,
            made_again_for_earlier_volumes=built.clashes,
        )
        volumes.append(entry)
    manifests = [relative_name(path, folder) for path in files.manifests]
    return {
        "title": template.title,
        "template": template.name,
        "seed": template.seed,
        "volume_count": len(results),
        "generator": f"mazebook {__version__}",
        "same_maze": SAME_MAZE,
        "volumes": volumes,
        "shared": [{"volumes": [i, j], "mazes": n} for i, j, n in shared],
        "shared_total": sum(n for _, _, n in shared),
        "files": {name: digests[name] for name in manifests},
    }
