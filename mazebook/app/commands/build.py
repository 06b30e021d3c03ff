"""`mazebook build`: a book template in, a print-ready PDF and its manifest out."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable
from typing import Any

from ...printing.printers import PRINTERS
from .common import capped_note, parse_seed

PRINTER_NAMES = ", ".join(PRINTERS)


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "build",
        help="build a puzzle book PDF from a template",
        description=(
            "Build a print-ready maze book. TEMPLATE is a built-in template name (classic, "
            "children, a4, worksheet) or the path of a .toml file; without it, the classic "
            "book is built into output/classic.pdf. A manifest NAME.json is written beside the "
            "PDF, and the cover NAME-cover.pdf for every printer but home (unless cover = false)."
        ),
    )
    p.add_argument("template", nargs="?", metavar="TEMPLATE", help="template name or .toml path")
    p.add_argument(
        "-o", "--output", metavar="FILE.pdf", help="PDF to write (default output/NAME.pdf)"
    )
    p.add_argument("--seed", help="whole number replacing the template's seed")
    p.add_argument(
        "--printer",
        metavar="NAME",
        help=f"printer whose rules the book follows, replacing the template's: {PRINTER_NAMES} "
        "(every one but home also gets NAME-cover.pdf)",
    )
    p.add_argument(
        "--svg-dir", metavar="DIR", help="also write one SVG per puzzle and per solution"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no progress bar and no summary")
    p.set_defaults(run=run)


def _progress_bar(quiet: bool) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A tqdm bar on a terminal (stderr), else nothing; returns (callback, close)."""
    if quiet or not sys.stderr.isatty():
        return None, lambda: None
    from tqdm import tqdm

    bars: list[Any] = []

    def update(done: int, total: int) -> None:
        if not bars:  # made at the first puzzle, when the total is known
            bar = tqdm(total=total, unit="puzzle", file=sys.stderr, leave=False, desc="building")
            bars.append(bar)
        bar = bars[0]
        bar.update(done - bar.n)
        if done == total:
            bar.refresh()

    def close() -> None:
        for bar in bars:
            bar.close()

    return update, close


def run(args: argparse.Namespace) -> int:
    from ...requests import BookRequest, build_book_request

    request = BookRequest(
        args.template, seed=parse_seed(args.seed), printer=args.printer, svg_dir=args.svg_dir
    )
    progress, close = _progress_bar(args.quiet)
    try:
        result = build_book_request(request, output=args.output, progress=progress)
    finally:
        close()
    if not args.quiet:
        extra = f", answers {result.answers.name}" if result.answers else ""
        extra += f", cover {result.cover.name}" if result.cover else ""
        print(
            f"built {result.pdf}: {_count(result.page_count, 'page')}, "
            f"{_count(result.puzzle_count, 'puzzle')}{capped_note(result.capped)} in "
            f"{result.seconds:.1f} s (manifest {result.manifest.name}{extra})"
        )
    return 0


def _count(n: int, noun: str) -> str:
    """'1 page', '3 pages'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
