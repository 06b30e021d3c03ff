"""Benchmark: solving_effort on the builder's typical candidates (not a pytest file).

Run: python tests/bench_effort.py [--repeat N]. Prints the median milliseconds per call for
perfect mazes (exact) of several sizes and generators, and for braided ones (simulated runs).
Target on the reference 2-core machine: at most a few ms for a perfect 40 x 60 maze.
"""

from __future__ import annotations

import argparse
import statistics
import time

from mazebook import generate
from mazebook.effort import RUNS, solving_effort

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=20)
    args = parser.parse_args()
    for algorithm, w, h, braid in CASES:
        maze = generate(algorithm, w, h, seed=1, braid=braid)
        ms = time_call(maze, args.repeat if braid == 0 else max(3, args.repeat // 5))
        how = "exact" if braid == 0 else f"{RUNS} runs"
        print(f"{algorithm:>14} {w:>4}x{h:<4} braid {braid:.1f} ({how:>7}): {ms:8.2f} ms")


if __name__ == "__main__":
    main()
