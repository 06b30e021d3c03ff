"""Benchmark: how fast mazebook starts, beside the plainest programs (not a pytest file).

Run ``python tests/bench_startup.py FLOOR_DIR [--pairs 15]``, where FLOOR_DIR holds
``first_maze.py`` (``../shared/bench`` beside the project's worktrees). Two pairs of fresh
processes, alternating, each timed by its CPU time (user + system):

- ``mazebook --version`` beside ``python -c pass`` (target: at most 4x);
- ``mazebook maze -s 20x20 -f svg -o OUT.svg`` beside ``python FLOOR_DIR/first_maze.py
  OUT.svg``, which makes one 20 x 20 maze in plain Python and writes it as SVG (at most 6x).

The ratio quoted is the median of the pairs' ratios. Bytecode is cached as installed (see
bench_book.py; ``--no-cache`` compiles every run).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from bench_book import environment, run_once

FLOOR_SCRIPT = "first_maze.py"
#: (name, most CPU over the plain program).
TARGETS = {"version": 4.0, "first maze": 6.0}


def mazebook_command() -> list[str]:
    """The installed ``mazebook`` script beside this Python, else ``python -m mazebook``."""
    script = Path(sys.executable).parent / "mazebook"
    return [str(script)] if script.is_file() else [sys.executable, "-m", "mazebook"]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("floor", metavar="FLOOR_DIR", help=f"folder holding {FLOOR_SCRIPT}")
    parser.add_argument("--pairs", type=int, default=15, help="pairs of runs (default 15)")
    parser.add_argument(
        "--no-cache", action="store_true", help="no bytecode cache: compile in every run"
    )
    args = parser.parse_args()
    floor = Path(args.floor).resolve() / FLOOR_SCRIPT
    if not floor.is_file():
        parser.error(
            f"no {FLOOR_SCRIPT} in {args.floor}: give the folder of the floors "
            "(../shared/bench beside the worktrees)"
        )
    if args.pairs < 1:
        parser.error("--pairs must be at least 1")
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = environment(folder, not args.no_cache)
        ours = mazebook_command()
        cases = {
            "version": ([*ours, "--version"], [sys.executable, "-c", "pass"]),
            "first maze": (
                [*ours, "maze", "-s", "20x20", "-f", "svg", "-o", str(folder / "m.svg")],
                [sys.executable, str(floor), str(folder / "f.svg")],
            ),
        }
        for name, (command, plain) in cases.items():
            run_once(command, env)  # warm-up: fills the bytecode cache
            run_once(plain, env)
            pairs = [
                (run_once(command, env).cpu, run_once(plain, env).cpu) for _ in range(args.pairs)
            ]
            ratio = statistics.median(a / b for a, b in pairs)
            ours_ms = 1000 * statistics.median(a for a, _ in pairs)
            plain_ms = 1000 * statistics.median(b for _, b in pairs)
            verdict = "holds" if ratio <= TARGETS[name] else "MISSED"
            print(
                f"{name}: mazebook {ours_ms:.0f} ms, plain {plain_ms:.0f} ms CPU (medians); "
                f"ratio {ratio:.2f}x, median of {len(pairs)} pairs "
                f"(target at most {TARGETS[name]}x: {verdict})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
