"""Benchmark: carving speed of every generator (a script, not a pytest file).

Run ``python tests/bench_generators.py [--repeat 3] [--sizes 50 200 1000] [--memory]``. For each
generator (default options) and square size it times ``carve(rect_grid(n, n), Random(seed))``
only, no grid building and no opening placement, and prints the best of ``--repeat`` runs in
seconds and cells per second (the best, because other processes on a shared machine only ever
add time). ``--memory`` adds the peak traced memory of one carve at the largest size
(tracemalloc: Python and numpy allocations; it slows the run, so it is timed separately).
``--openings`` also times the two-sweep opening placement (``farthest_openings``) once per
generator at the largest size. ``--weave PAIRS`` instead times ``generate()`` without and with
``weave=1.0`` at the largest size, pair by pair in this process (CPU time, plain then woven,
one unpaired warm-up of each), and prints the median of the pairs' ratios against the target
of issue 33 (at most WEAVE_TARGET). Targets at 1000 x 1000 on the reference 2-core machine: at least
1 M cells/s for every generator, 10 M for binary-tree and sidewinder, 0.3 M for aldous-broder.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
import tracemalloc
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mazebook.core.engine import farthest_openings, generate
from mazebook.core.generators import REGISTRY
from mazebook.core.grid import rect_grid

TARGETS = {"binary-tree": 10e6, "sidewinder": 10e6, "aldous-broder": 0.3e6}
#: The most CPU time a woven maze may take over the plain one, every generator (issue 33).
WEAVE_TARGET = 1.76


def best_time(name: str, size: int, repeat: int) -> float:
    """Best wall time of ``repeat`` carves of a size x size rectangle."""
    spec = REGISTRY[name]
    options = spec.resolve_options({})
    grid = rect_grid(size, size)
    best = float("inf")
    for seed in range(repeat):
        rng = random.Random(seed)
        start = time.perf_counter()
        spec.carve(grid, rng, **options)
        best = min(best, time.perf_counter() - start)
    return best


def peak_memory(name: str, size: int) -> float:
    """Peak traced memory in MB while carving one size x size maze (the grid excluded)."""
    spec = REGISTRY[name]
    options = spec.resolve_options({})
    grid = rect_grid(size, size)
    tracemalloc.start()
    tracemalloc.reset_peak()
    spec.carve(grid, random.Random(0), **options)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak / 1e6


def weave_ratios(name: str, size: int, pairs: int) -> tuple[float, float, list[float]]:
    """Median CPU seconds of generate() plain and woven, and each pair's woven / plain."""
    generate(name, size, size, seed=10**6)
    generate(name, size, size, seed=10**6, weave=1.0)
    plain, woven = [], []
    for seed in range(pairs):
        start = time.process_time()
        generate(name, size, size, seed=seed)
        plain.append(time.process_time() - start)
        start = time.process_time()
        generate(name, size, size, seed=seed, weave=1.0)
        woven.append(time.process_time() - start)
    ratios = [w / p for w, p in zip(woven, plain, strict=True)]
    return statistics.median(plain), statistics.median(woven), ratios


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--sizes", type=int, nargs="+", default=[50, 200, 1000])
    parser.add_argument("--only", nargs="+", default=list(REGISTRY), metavar="NAME")
    parser.add_argument("--memory", action="store_true", help="peak memory at the largest size")
    parser.add_argument("--openings", action="store_true", help="time farthest_openings too")
    parser.add_argument(
        "--weave", type=int, metavar="PAIRS", help="woven over plain generate(), PAIRS pairs"
    )
    args = parser.parse_args(argv)
    largest = max(args.sizes)
    if args.weave:
        for name in args.only:
            plain, woven, ratios = weave_ratios(name, largest, args.weave)
            ratio = statistics.median(ratios)
            verdict = "holds" if ratio <= WEAVE_TARGET else "MISSED"
            print(
                f"{name:20s} plain {plain:.3f} s, woven {woven:.3f} s CPU (medians): "
                f"{ratio:.2f}x [{', '.join(f'{r:.2f}' for r in ratios)}] "
                f"(target at most {WEAVE_TARGET}x: {verdict})",
                flush=True,
            )
        return 0
    header = f"{'generator':20s}" + "".join(f"{f'{s}x{s}':>24s}" for s in args.sizes)
    if args.memory:
        header += f"{'peak MB':>10s}"
    if args.openings:
        header += f"{'openings s':>12s}"
    print(header)
    missed = []
    for name in args.only:
        line = f"{name:20s}"
        for size in args.sizes:
            seconds = best_time(name, size, args.repeat)
            rate = size * size / seconds
            line += f"{seconds:10.4f} s {rate / 1e6:8.2f} M/s "
            if size == 1000 and rate < TARGETS.get(name, 1e6):
                missed.append(f"{name}: {rate / 1e6:.2f} M cells/s at 1000x1000")
        if args.memory:
            line += f"{peak_memory(name, largest):10.1f}"
        if args.openings:
            grid = rect_grid(largest, largest)
            spec = REGISTRY[name]
            links = bytes(spec.carve(grid, random.Random(0), **spec.resolve_options({})))
            start = time.perf_counter()
            farthest_openings(grid, links)
            line += f"{time.perf_counter() - start:12.3f}"
        print(line, flush=True)
    for miss in missed:
        print("below target:", miss)
    return 0


if __name__ == "__main__":
    sys.exit(main())
