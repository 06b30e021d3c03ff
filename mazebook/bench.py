"""Benchmarks: generator speed per size, and solve + measure + SVG, with peak memory.

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
print(json.dumps({"times": times, "peak_mb": peak_mb}))
"""


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
    """Run one case in a fresh interpreter and read back its timings and peak memory."""
    out = subprocess.run(
        [sys.executable, "-c", _CHILD, task, algorithm, str(size), str(repeat)],
        check=True,
        capture_output=True,
        text=True,
    )
    data = json.loads(out.stdout.strip().splitlines()[-1])
    times = data["times"]
    return BenchRow(task, algorithm, size, statistics.median(times), min(times), data["peak_mb"])


def run_bench(
    algorithms: Sequence[str],
    sizes: Sequence[int] = DEFAULT_SIZES,
    *,
    tasks: Sequence[str] = ("carve", "generate", "solve+measure+svg"),
    repeat_small: int = 5,
    report: Callable[[BenchRow], None] | None = None,
) -> list[BenchRow]:
    """Measure every task for every algorithm and size (three repeats above 500x500 cells)."""
    rows = []
    for task in tasks:
        names = algorithms if task != "solve+measure+svg" else algorithms[:1]
        for name in names:
            for size in sizes:
                row = run_case(task, name, size, repeat_small if size <= 500 else 3)
                rows.append(row)
                if report:
                    report(row)
    return rows


def format_row(row: BenchRow) -> str:
    """One table line: task, algorithm, size, median seconds, median and best cells/s, memory."""
    return (
        f"{row.task:<18} {row.algorithm:<18} {row.size:>5}x{row.size:<5} "
        f"{row.seconds:>9.4f} s {row.cells_per_second / 1e6:>8.2f} "
        f"{row.best_cells_per_second / 1e6:>8.2f} M cells/s {row.peak_mb:>7.1f} MB"
    )
