"""Benchmarks: generator speed per size, and solve + measure + SVG, with peak memory; and a
puzzle of a level made by its kind (a plain maze, one-way streets, keys and doors), timed
against the plain maze on the same page.

Each (task, size) runs in a fresh Python process, so the peak resident memory it reports is
that task's own (interpreter and numpy included), not the sum of everything run before it.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

DEFAULT_SIZES = (50, 200, 1000)

_CHILD = r"""
import json, random, resource, sys, time
task, algorithm, size, repeat = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4])
from mazebook.core.engine import generate
from mazebook.core.generators import get
from mazebook.core.grid import rect_grid
times = []
cells = []
KIND_TASKS = KINDS_TIMED
if task == "carve":
    spec = get(algorithm)
    options = spec.resolve_options({})
    for i in range(repeat):
        grid = rect_grid(size, size)
        t = time.perf_counter()
        spec.run(grid, random.Random(i), options)
        times.append(time.perf_counter() - t)
elif task == "generate":
    for i in range(repeat):
        t = time.perf_counter()
        generate(algorithm, size, size, seed=i)
        times.append(time.perf_counter() - t)
elif task == "generate+weave":
    for i in range(repeat):
        t = time.perf_counter()
        generate(algorithm, size, size, seed=i, weave=1.0)
        times.append(time.perf_counter() - t)
elif task in KIND_TASKS:
    from mazebook.kinds import check_sections, kind_of
    from mazebook.pages.plan import PlannedPuzzle
    from mazebook.products.book import prepare
    from mazebook.template.load import parse_template
    text = f'title = "bench"\npage_size = "{algorithm}"\n[[section]]\npuzzle = "{task}"\n'
    template = parse_template(text + f"count = 1\ndifficulty = {size}\n")
    check_sections(template)
    spot = prepare(template).spot
    kind = kind_of(template, 0)
    planned = PlannedPuzzle(1, 0, size, 1, 0, 2, 0)
    for i in range(repeat):
        t = time.perf_counter()
        made = kind.make(template, planned, spot, random.Random(i))
        times.append(time.perf_counter() - t)
        cells.append(made.facts.width * made.facts.height)
else:
    from mazebook.difficulty.metrics import measure
    from mazebook.geometry.from_maze import maze_geometry
    from mazebook.render.svg import to_svg
    for i in range(repeat):
        maze = generate(algorithm, size, size, seed=i)
        t = time.perf_counter()
        maze.solution_cells; measure(maze); to_svg(maze_geometry(maze), show_solution=True)
        times.append(time.perf_counter() - t)
peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
print(json.dumps({"times": times, "peak_mb": peak_mb, "cells": cells}))
"""

#: Kinds whose level puzzles ``kind`` tasks time: the plain maze first (the others are
#: compared with it), then the rule mazes (mazebook.kinds.one_way, mazebook.kinds.keys).
KINDS_TIMED = ("maze", "one-way", "keys")
#: The level and the page (one a page) a kind task makes its puzzles for.
KIND_LEVEL, KIND_PAGE = 8, "letter"


@dataclass(frozen=True)
class BenchRow:
    """One measured case: median and best seconds over the repeats, and peak memory.

    Both are shown because run times on a shared machine vary by a third from run to run:
    the median is the typical run, the best the least disturbed one.
    """

    task: str
    algorithm: str
    size: int
    seconds: float
    best: float
    peak_mb: float

    @property
    def cells_per_second(self) -> float:
        return self.size * self.size / self.seconds if self.seconds > 0 else float("inf")

    @property
    def best_cells_per_second(self) -> float:
        return self.size * self.size / self.best if self.best > 0 else float("inf")


def run_case(task: str, algorithm: str, size: int, repeat: int) -> BenchRow:
    """Run one case in a fresh interpreter and read back its timings and peak memory (a kind
    task: ``algorithm`` is the page, ``size`` the level)."""
    child = _CHILD.replace("KINDS_TIMED", repr(KINDS_TIMED))
    out = subprocess.run(
        [sys.executable, "-c", child, task, algorithm, str(size), str(repeat)],
        check=True,
        capture_output=True,
        text=True,
    )
    data = json.loads(out.stdout.strip().splitlines()[-1])
    times = data["times"]
    row = BenchRow(task, algorithm, size, statistics.median(times), min(times), data["peak_mb"])
    if data["cells"]:
        cells = round(statistics.median(data["cells"]))
        return KindRow(task, algorithm, size, row.seconds, row.best, row.peak_mb, cells)
    return row


@dataclass(frozen=True)
class KindRow(BenchRow):
    """A kind task's row: puzzles of level ``size`` on page ``algorithm``, made by the kind's
    search (``cells``: the median puzzle's cells)."""

    cells: int = 0


def run_bench(
    algorithms: Sequence[str],
    sizes: Sequence[int] = DEFAULT_SIZES,
    *,
    tasks: Sequence[str] = ("carve", "generate", "solve+measure+svg"),
    repeat_small: int = 5,
    report: Callable[[BenchRow], None] | None = None,
) -> list[BenchRow]:
    """Measure every task for every algorithm and size (three repeats above 500x500 cells)."""
    rows: list[BenchRow] = []
    for task in tasks:
        if task in KINDS_TIMED:  # a level's puzzle by its kind, the same page for each kind
            row = run_case(task, KIND_PAGE, KIND_LEVEL, repeat_small)
            rows.append(row)
            if report:
                report(row)
            continue
        names = algorithms if task != "solve+measure+svg" else algorithms[:1]
        for name in names:
            for size in sizes:
                row = run_case(task, name, size, repeat_small if size <= 500 else 3)
                rows.append(row)
                if report:
                    report(row)
    return rows


def format_row(row: BenchRow, plain: BenchRow | None = None) -> str:
    """One table line: task, algorithm, size, median seconds, median and best cells/s, memory;
    for a kind task: the level and page, the puzzles' median size, median and best seconds,
    and the median's ratio to the plain maze's (``plain``, when it was timed)."""
    if isinstance(row, KindRow):
        ratio = f"{row.seconds / plain.seconds:>5.2f}x maze" if plain is not None else ""
        return (
            f"{row.task:<18} {'level ' + str(row.size) + ', ' + row.algorithm:<18} "
            f"{row.cells:>5} cells {row.seconds:>9.4f} s {row.best:>8.4f} s best "
            f"{ratio:<11} {row.peak_mb:>7.1f} MB"
        )
    return (
        f"{row.task:<18} {row.algorithm:<18} {row.size:>5}x{row.size:<5} "
        f"{row.seconds:>9.4f} s {row.cells_per_second / 1e6:>8.2f} "
        f"{row.best_cells_per_second / 1e6:>8.2f} M cells/s {row.peak_mb:>7.1f} MB"
    )
