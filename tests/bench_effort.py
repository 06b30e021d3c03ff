"""Benchmark: solving_effort on the builder's typical candidates (not a pytest file).

Run: python tests/bench_effort.py [--repeat N]. Prints the median milliseconds per call for
perfect mazes (exact) of several sizes and generators, and for braided ones (simulated runs).
Target on the reference 2-core machine: at most a few ms for a perfect 40 x 60 maze.
With --study it prints instead the calibration tables of docs/effort.md (several minutes).
"""

from __future__ import annotations

import argparse
import math
import statistics
import time

from mazebook import generate
from mazebook.core.generators import REGISTRY
from mazebook.difficulty.effort import RUNS, solving_effort

CASES = [
    ("backtracker", 40, 60, 0.0),
    ("kruskal", 40, 60, 0.0),
    ("hunt-and-kill", 40, 60, 0.0),
    ("backtracker", 100, 140, 0.0),
    ("backtracker", 20, 20, 0.5),
    ("backtracker", 40, 60, 0.5),
    ("kruskal", 40, 60, 1.0),
]


def time_call(maze: object, repeat: int) -> float:
    """Median wall milliseconds of solving_effort over ``repeat`` calls."""
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        solving_effort(maze)  # type: ignore[arg-type]
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1000


# --- the calibration study behind docs/effort.md (python tests/bench_effort.py --study) -------

#: The level ladder: level L's centre is LEVEL_ONE * STEP ** (L - 1) moves; its band reaches
#: half a step (a factor sqrt(STEP)) either side.
LEVEL_ONE = 20.0
STEP = 1.7
LEVELS = range(1, 11)
#: A letter page's usable 7.5 x 10 in with cells of at least 3.5 mm: 54 x 72 cells.
LETTER = (54, 72)
RECT_GENERATORS = (
    "backtracker",
    "hunt-and-kill",
    "growing-tree",
    "recursive-division",
    "binary-tree",
    "sidewinder",
    "wilson",
    "aldous-broder",
    "eller",
    "kruskal",
    "bfs",
    "prim",
)
SHAPE_GENERATORS = ("backtracker", "hunt-and-kill", "growing-tree", "wilson", "kruskal", "prim")
SEEDS = range(12)


def centre(level: int) -> float:
    """The effort (moves) at the centre of a level's band."""
    return LEVEL_ONE * STEP ** (level - 1)


def level_of(effort: float) -> float:
    """The (fractional) level whose centre is ``effort``."""
    return 1 + math.log(effort / LEVEL_ONE) / math.log(STEP)


def rect_size(width: int) -> tuple[int, int]:
    """A letter-page-shaped rectangle (3:4) of the given width."""
    return width, max(1, round(width * 4 / 3))


def sample(algorithm: str, w: int, h: int, shape: str = "rect") -> tuple[float, float, int]:
    """(mean effort, sd of log effort, cells) over SEEDS."""
    mazes = [generate(algorithm, w, h, seed=s, shape=shape) for s in SEEDS]
    values = [solving_effort(m) for m in mazes]
    logs = [math.log(v) for v in values]
    return statistics.mean(values), statistics.pstdev(logs), mazes[0].size


def fit_size(algorithm: str, target: float, sizes: list[int], shape: str) -> int | None:
    """The size parameter (width, rings or side) whose mean effort is nearest ``target``,
    by bisection over the sorted candidate sizes; None when even the largest falls short."""
    lo, hi = 0, len(sizes) - 1
    cache: dict[int, float] = {}

    def effort_at(i: int) -> float:
        if i not in cache:
            w, h = rect_size(sizes[i]) if shape == "rect" else (sizes[i], sizes[i])
            cache[i] = sample(algorithm, w, h, shape)[0]
        return cache[i]

    if effort_at(hi) < target / math.sqrt(STEP):
        return None
    while hi - lo > 1:
        mid = (lo + hi) // 2
        if effort_at(mid) < target:
            lo = mid
        else:
            hi = mid
    best = min((lo, hi), key=lambda i: abs(math.log(effort_at(i) / target)))
    return sizes[best]


def ladder_table(shape: str, generators: tuple[str, ...], sizes: list[int]) -> None:
    """Print, per level, the size per generator that lands nearest the band's centre."""
    print(f"\n### {shape}: size per generator for each level (mean effort, sd of log effort)\n")
    print("| level | centre | band | " + " | ".join(generators) + " |")
    print("|---|---|---|" + "---|" * len(generators))
    for level in LEVELS:
        c = centre(level)
        cells = []
        for g in generators:
            if not REGISTRY[g].supports(shape):
                cells.append("-")
                continue
            size = fit_size(g, c, sizes, shape)
            if size is None:
                cells.append("too small")
                continue
            w, h = rect_size(size) if shape == "rect" else (size, size)
            mean, sd, n = sample(g, w, h, shape)
            inside = abs(math.log(mean / c)) <= 0.5 * math.log(STEP)
            label = f"{w}x{h}" if shape == "rect" else f"{size} ({n} cells)"
            cells.append(f"{label} {mean:.0f} ±{sd:.2f}" + ("" if inside else " (off band)"))
        lo, hi = c / math.sqrt(STEP), c * math.sqrt(STEP)
        print(f"| {level} | {c:.0f} | {lo:.0f}-{hi:.0f} | " + " | ".join(cells) + " |")


def letter_ceiling() -> None:
    """Print the effort and level of each generator at the letter page's largest maze."""
    print("\n### Largest letter-page maze (54 x 72 cells): effort and level reached\n")
    print("| generator | effort | sd log | level |")
    print("|---|---|---|---|")
    for g in RECT_GENERATORS:
        mean, sd, _ = sample(g, *LETTER)
        print(f"| {g} | {mean:.0f} | {sd:.2f} | {level_of(mean):.2f} |")


def study() -> None:
    """The tables of docs/effort.md: letter ceiling, then the ladder per shape."""
    print(f"Ladder: centre(L) = {LEVEL_ONE:g} * {STEP:g}^(L-1) moves; {len(SEEDS)} seeds each.")
    letter_ceiling()
    widths = sorted({*range(2, 20), *range(20, 55, 2), 54})
    ladder_table("rect", RECT_GENERATORS, widths)
    ladder_table("circle", SHAPE_GENERATORS, list(range(1, 27)))
    ladder_table("hex", SHAPE_GENERATORS, list(range(2, 61)))
    ladder_table("triangle", SHAPE_GENERATORS, list(range(2, 101)))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    parser.add_argument("--study", action="store_true", help="print the calibration tables")
    args = parser.parse_args()
    if args.study:
        study()
        return
    for algorithm, w, h, braid in CASES:
        maze = generate(algorithm, w, h, seed=1, braid=braid)
        ms = time_call(maze, args.repeat if braid == 0 else max(3, args.repeat // 5))
        how = "exact" if braid == 0 else f"{RUNS} runs"
        print(f"{algorithm:>14} {w:>4}x{h:<4} braid {braid:.1f} ({how:>7}): {ms:8.2f} ms")


if __name__ == "__main__":
    main()
