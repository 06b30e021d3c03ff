"""Benchmark: reading maze JSON back (``Maze.from_dict``) and its schema check (a script, not a
test).

Run ``python tests/bench_codec.py [--size 1000] [--repeat 3] [--plain 300]``. For a rectangle,
a weave rectangle and a hex maze (graph form) of about size x size cells it times, on a dict
that went through ``json.dumps`` and ``json.loads``, the whole ``Maze.from_dict`` and the
schema check alone (``check_maze_json``: jsonschema with the fast ``items``), and prints the
median processor time of ``--repeat`` runs. For comparison it times jsonschema's plain
Draft202012Validator on a ``--plain`` square rectangle (it walks each of the size^2 wall values
one by one, about 10 us each, which is why the fast path exists).

Target: the schema check costs at most 0.15 s a million cells of a rectangle's wall rows, and
1 s a million cells of the graph form (its passages are lists of pairs); it walks no array item
by item unless it reports an error there. For scale: before the schema was used, from_dict of a
1000x1000 backtracker maze took about 0.62 s here, its walls checked cell by cell in Python;
they are checked in numpy now, and the whole read takes about 0.15 s.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from jsonschema import Draft202012Validator

from mazebook import Maze, generate
from mazebook.core.mazeschema import check_maze_json, maze_schema

#: Seconds of schema check a million cells, at most: the rectangle's walls, the graph form.
TARGET = {"walls": 0.15, "graph": 1.0}


def median_time(run: Callable[[], object], repeat: int) -> float:
    """Median processor time of ``repeat`` calls (processor time: the machine is shared)."""
    times = []
    for _ in range(repeat):
        start = time.process_time()
        run()
        times.append(time.process_time() - start)
    return statistics.median(times)


def read_back(maze: Maze) -> dict[str, Any]:
    """The maze's dict as a file would give it."""
    data: dict[str, Any] = json.loads(json.dumps(maze.to_dict()))
    return data


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--plain", type=int, default=300)
    args = parser.parse_args()
    n = args.size
    cases = {
        f"rect {n}x{n}": generate("backtracker", n, n, seed=1),
        f"weave rect {n}x{n}": generate("kruskal", n, n, seed=1, weave=0.5),
        f"hex {n // 2}x{n // 2}": generate("backtracker", n // 2, n // 2, seed=1, shape="hex"),
    }
    ok = True
    print(f"{'maze':<22} {'from_dict s':>12} {'schema s':>10} {'schema s/M':>12}")
    for name, maze in cases.items():
        data = read_back(maze)
        assert Maze.from_dict(data) == maze
        whole = median_time(lambda d=data: Maze.from_dict(d), args.repeat)  # type: ignore[misc]
        schema = median_time(lambda d=data: check_maze_json(d), args.repeat)  # type: ignore[misc]
        share = schema / (maze.grid.size / 1e6)
        ok &= share <= TARGET["walls" if "walls" in data else "graph"]
        print(f"{name:<22} {whole:>12.3f} {schema:>10.3f} {share:>12.2f}")
    plain = Draft202012Validator(maze_schema())
    small = read_back(generate("backtracker", args.plain, args.plain, seed=1))
    seconds = median_time(lambda: plain.validate(small), 1)
    per = seconds / args.plain**2 * 1e6
    print(f"plain Draft202012Validator, rect {args.plain}x{args.plain}: {seconds:.3f} s")
    print(f"({per:.1f} us a wall value: {per * 4:.0f} s at 2000x2000)")
    print("target met" if ok else f"target missed: schema above {TARGET} s a million cells")
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
