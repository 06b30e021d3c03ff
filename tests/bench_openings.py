"""Benchmark: placing a maze's openings, in seconds per million cells (a script, not a test).

Run ``python tests/bench_openings.py [--size 1000] [--repeat 5] [--generators ...]``. For each
generator it carves one size x size rectangle, then times ``place_openings`` with the default
policy (and ``"opposite"``) and the old way (a breadth-first search in Python from an outer
cell, then pointer jumping along its parents: ``old_farthest`` below, kept here only to
compare), printing the median processor time of ``--repeat`` runs. The old and the new two-sweep
(``farthest_openings``) must agree. Target: at most 0.15 s per million cells on rectangles.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mazebook.core.generators import REGISTRY
from mazebook.core.grid import Grid, bfs, passage_counts, rect_grid
from mazebook.core.maze import Opening
from mazebook.core.openings import OPENINGS, farthest_openings, place_openings

TARGET = 0.15  # seconds per million cells
DEFAULT_GENERATORS = ("backtracker", "wilson", "kruskal", "prim", "binary-tree", "sidewinder")


def old_farthest(grid: Grid, links: bytes) -> tuple[Opening, Opening]:
    """The placement as it was before core/openings.py: a Python BFS, then pointer jumping."""
    boundary = grid.boundary
    n = grid.size
    outer = np.fromiter((c for c, _ in boundary), dtype=np.int64, count=len(boundary))
    dist_arr, parent_arr, _ = bfs(grid, links, int(outer[0]))
    depth = np.frombuffer(dist_arr, dtype=np.int32)[:n].astype(np.int64)
    a = int(np.argmax(depth[outer]))
    if int(np.count_nonzero(depth >= 0)) != n or int(passage_counts(links).sum()) // 2 != n - 1:
        dist_a = np.frombuffer(bfs(grid, links, int(outer[a]))[0], dtype=np.int32)[:n]
    else:
        root, cell = int(outer[0]), int(outer[a])
        marks = bytearray(n)
        while cell != root:
            marks[cell] = 1
            cell = parent_arr[cell]
        marks[root] = 1
        on_path = np.frombuffer(marks, dtype=np.bool_)
        parent = np.frombuffer(parent_arr, dtype=np.int32).copy()
        parent[root] = root
        up = np.where(on_path, np.arange(n, dtype=np.int32), parent)
        for _ in range(int(depth.max()).bit_length() + 1):
            up = up[up]
        dist_a = depth + depth[outer[a]] - 2 * depth[up]
    far = dist_a[outer].astype(np.int64)
    far[a] = -1
    b = int(np.argmax(far))
    return Opening(*boundary[a]), Opening(*boundary[b])


def median_time(run: Callable[..., object], args: tuple[object, ...], repeat: int) -> float:
    """Median processor time of ``repeat`` calls of ``run(*args)`` (processor time, not wall
    time: the machine is shared, and waiting for a core is not the placement's cost)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run(*args)
        times.append(time.process_time() - start)
    return statistics.median(times)


def placed(grid: Grid, links: bytes, policy: str) -> tuple[Opening, Opening]:
    """The openings by a policy (a fixed seed for the policies that draw)."""
    return place_openings(grid, links, random.Random(0), {"openings": policy})


def main() -> int:
    """Time the placements per generator; exit 1 if a new one misses the target or the old and
    new two-sweeps disagree."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--generators", nargs="+", default=list(DEFAULT_GENERATORS))
    parser.add_argument("--no-old", action="store_true", help="skip timing the old way")
    args = parser.parse_args()
    grid = rect_grid(args.size, args.size)
    million = grid.size / 1e6
    ok = True
    print(f"{args.size} x {args.size}, median of {args.repeat}, seconds per million cells")
    print(f"{'generator':<14}{'old':>8}{'two-sweep':>11}{'default':>9}{'opposite':>10}")
    for name in args.generators:
        spec = REGISTRY[name]
        links = bytes(spec.run(grid, random.Random(1), spec.resolve_options({})))
        old = float("nan")
        if not args.no_old:
            old = median_time(old_farthest, (grid, links), args.repeat) / million
            if old_farthest(grid, links) != farthest_openings(grid, links):
                print(f"{name}: the old and new two-sweeps disagree")
                ok = False
        sweep = median_time(farthest_openings, (grid, links), args.repeat) / million
        default = median_time(placed, (grid, links, "farthest"), args.repeat) / million
        opposite = float("nan")
        if "opposite" in OPENINGS:
            opposite = median_time(placed, (grid, links, "opposite"), args.repeat) / million
        print(f"{name:<14}{old:8.3f}{sweep:11.3f}{default:9.3f}{opposite:10.3f}")
        ok = ok and default <= TARGET and not opposite > TARGET
    print("target", TARGET, "met" if ok else "MISSED")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
