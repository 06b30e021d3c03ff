"""`mazebook bench`: generator speed at 50x50, 200x200 and 1000x1000, and solve+measure+SVG."""

from __future__ import annotations

import argparse

from ...core.generators import REGISTRY, get
from ...errors import InvalidOptionError

TASKS = (
    "carve",
    "generate",
    "solve+measure+svg",
    "generate+weave",
    "maze",
    "one-way",
    "keys",
)
#: The tasks run when --tasks is not given (generate+weave on request: compare it with generate).
DEFAULT_TASKS = ("carve", "generate", "solve+measure+svg", "maze", "one-way", "keys")
#: The most runs per case (--repeat) and the largest square size (--sizes).
MAX_REPEAT, MAX_SIZE = 100, 2000


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "bench",
        help="measure generator speed and memory",
        description=(
            "carve = the algorithm alone; generate = carve + entrance/exit placement; "
            "solve+measure+svg = shortest path, metrics and the SVG of one maze; "
            "generate+weave = generate with weave=1.0 (only when asked for); "
            "maze, one-way, keys = a level-8 puzzle of that kind made by its search for a "
            "letter page, one a page (--repeat puzzles; a rule kind's time also as a ratio to "
            "the plain maze's). "
            "Each case runs in a fresh process; memory is its peak resident size."
        ),
    )
    p.add_argument("--algorithms", help="comma-separated names (default: all)")
    p.add_argument("--sizes", help="comma-separated square sizes (default 50,200,1000)")
    p.add_argument(
        "--tasks",
        help=f"comma-separated, from {', '.join(TASKS)} (default: all but generate+weave)",
    )
    p.add_argument(
        "--repeat",
        type=int,
        default=5,
        help=f"runs per case up to 500x500 (3 above); 1 to {MAX_REPEAT}",
    )
    p.set_defaults(run=run)


def _split(text: str | None, flag: str) -> list[str] | None:
    """The comma-separated items, each once, in their order (None when the flag is not given;
    InvalidOptionError when it is given but names nothing, such as "" or ",,")."""
    if text is None:
        return None
    items = list(dict.fromkeys(t.strip() for t in text.split(",") if t.strip()))
    if not items:
        raise InvalidOptionError(f"{flag} names nothing, got {text!r}")
    return items


def run(args: argparse.Namespace) -> int:
    from ...bench import DEFAULT_SIZES, BenchRow, format_row, run_bench  # subprocess: only here

    names = _split(args.algorithms, "--algorithms") or list(REGISTRY)
    for name in names:
        get(name)
    given = _split(args.sizes, "--sizes") or []
    try:
        sizes = [int(s) for s in given] or list(DEFAULT_SIZES)
    except ValueError:
        raise InvalidOptionError(f"--sizes must be whole numbers, got {args.sizes!r}") from None
    if any(not 1 <= s <= MAX_SIZE for s in sizes):
        raise InvalidOptionError(f"--sizes must be between 1 and {MAX_SIZE}")
    sizes = list(dict.fromkeys(sizes))
    if not 1 <= args.repeat <= MAX_REPEAT:
        raise InvalidOptionError(f"--repeat must be from 1 to {MAX_REPEAT}, got {args.repeat}")
    tasks = _split(args.tasks, "--tasks") or list(DEFAULT_TASKS)
    for task in tasks:
        if task not in TASKS:
            raise InvalidOptionError(f"unknown task {task!r}; choose from {', '.join(TASKS)}")
    print(
        f"{'task':<18} {'algorithm':<18} {'size':^11} {'median':>11} "
        f"{'median':>8} {'best':>8} {'rate':<8} {'peak':>10}"
    )
    timed: dict[str, BenchRow] = {}

    def report(row: BenchRow) -> None:
        timed.setdefault(row.task, row)
        print(format_row(row, timed.get("maze")), flush=True)

    run_bench(names, sizes, tasks=tasks, repeat_small=args.repeat, report=report)
    return 0
