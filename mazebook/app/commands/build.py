"""`mazebook build`: a book template in, a print-ready PDF and its manifest out (or, with
--volumes, a series of books), and for a printer with a table of costs, one money line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Sequence
from typing import Any

from ...errors import MazebookError
from ...printing.printers import SHIPPED
from .common import capped_note, parse_seed

#: The shipped printers, for the help (listing the installed plugins' too would read every
#: package's metadata at each start; `mazebook printers` lists them all).
PRINTER_NAMES = ", ".join(SHIPPED)
#: The flags that take a whole number, by the request field their errors name.
NUMBER_FLAGS = {"volumes": "--volumes", "jobs": "--jobs", "dpi": "--dpi"}


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "build",
        help="build a puzzle book PDF from a template (or a series of them)",
        description=(
            "Build a print-ready maze book. TEMPLATE is a built-in template name (classic, "
            "children, a4, worksheet) or the path of a .toml file; without it, the classic "
            "book is built into output/classic.pdf. A manifest NAME.json is written beside the "
            "PDF, and the cover NAME-cover.pdf for every printer but home (unless cover = false). "
            "For kdp one line tells the printing cost and the lowest list price that earns a "
            "royalty (`mazebook printers` shows the table). With --volumes N: N books "
            "NAME-1.pdf ... NAME-N.pdf, no maze in two of them, and NAME-series.json."
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
        "or an installed plugin's (every one but home also gets NAME-cover.pdf)",
    )
    p.add_argument(
        "--svg-dir",
        metavar="DIR",
        help="also write one SVG per puzzle and per solution (puzzle-NNN.svg, solution-NNN.svg) "
        "and index.csv",
    )
    p.add_argument(
        "--png-dir",
        metavar="DIR",
        help="also write every puzzle and its solution as a transparent PNG drawn as on its page "
        "(puzzle-NNN.png, puzzle-NNN-solution.png) and index.csv; a folder of its own",
    )
    p.add_argument("--dpi", metavar="N", help="the PNGs' resolution, 10 to 600 (default 300)")
    p.add_argument(
        "--volumes",
        metavar="N",
        help="a series of N books (1 to 50) from the template: NAME-1.pdf ... NAME-N.pdf, each "
        'titled as its [series] title says ("TITLE, Volume k" by default) with its own seed, '
        "no maze in two of them, and NAME-series.json; asset folders get NAME-k/ each",
    )
    p.add_argument(
        "--jobs",
        metavar="N",
        help="volumes built at once, each in a process of its own (default 1); the files are "
        "the same byte for byte",
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


def _series_bar(
    quiet: bool, volumes: int
) -> tuple[Callable[[int, int, int], None] | None, Callable[[], None]]:
    """A series' tqdm bar on a terminal: every volume's puzzles, named by the volume being
    built; returns (callback, close)."""
    if quiet or not sys.stderr.isatty():
        return None, lambda: None
    from tqdm import tqdm

    bars: list[Any] = []

    def update(volume: int, done: int, total: int) -> None:
        if not bars:
            bars.append(tqdm(total=volumes * total, unit="puzzle", file=sys.stderr, leave=False))
        bar = bars[0]
        bar.set_description(f"volume {volume} of {volumes}", refresh=False)
        bar.update((volume - 1) * total + done - bar.n)

    def close() -> None:
        for bar in bars:
            bar.close()

    return update, close


def _number(text: str | None, field: str, low: int, high: int) -> int | None:
    """A whole-number flag's value (None: not given), its error named by the flag."""
    from ...requests import parse_whole

    if text is None:
        return None
    try:
        return parse_whole(text, field, low, high)
    except MazebookError as exc:
        raise exc.restated(key_labels=NUMBER_FLAGS) from None


def run(args: argparse.Namespace) -> int:
    from ...products.assets import ASSET_DPI
    from ...render.dpi import MAX_DPI, MIN_DPI
    from ...requests import BookRequest, build_book_request
    from ...template.series import MAX_VOLUMES, MIN_VOLUMES

    volumes = _number(args.volumes, "volumes", MIN_VOLUMES, MAX_VOLUMES)
    jobs = None
    if args.jobs is not None:  # the series module (and multiprocessing) only for a series
        from ...products.series import MAX_JOBS

        jobs = _number(args.jobs, "jobs", 1, MAX_JOBS)
    dpi = _number(args.dpi, "dpi", MIN_DPI, MAX_DPI)
    request = BookRequest(
        args.template,
        seed=parse_seed(args.seed),
        printer=args.printer,
        svg_dir=args.svg_dir,
        png_dir=args.png_dir,
        dpi=ASSET_DPI if dpi is None else dpi,
    )
    if volumes is not None:
        return _run_series(args, request, volumes, jobs or 1)
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
        _money(result.economics)
        _checks([result])
    return 0


def _run_series(args: argparse.Namespace, request: Any, volumes: int, jobs: int) -> int:
    from ...requests import build_series_request

    progress, close = _series_bar(args.quiet, volumes)
    try:
        series = build_series_request(
            request, volumes, jobs=jobs, output=args.output, progress=progress
        )
    finally:
        close()
    if not args.quiet:
        first, last = series.volumes[0], series.volumes[-1]
        pages = sorted({v.page_count for v in series.volumes})
        shown = f"{pages[0]}" if len(pages) == 1 else f"{pages[0]}-{pages[-1]}"
        again = f"; volumes built again to avoid a repeat: {', '.join(map(str, series.rebuilt))}"
        print(
            f"built {volumes} volume{'s' if volumes != 1 else ''} {first.pdf} ... {last.pdf.name}: "
            f"{shown} pages, {first.puzzle_count} puzzles each, {series.shared} mazes shared "
            f"between volumes{again if series.rebuilt else ''} in {series.seconds:.1f} s "
            f"(report {series.report.name})"
        )
        seen: list[Any] = []
        for volume in series.volumes:
            if volume.economics is not None and volume.economics not in seen:
                seen.append(volume.economics)
                _money(volume.economics)
        _checks(series.volumes)
    return 0


def _checks(results: Sequence[Any]) -> None:
    """The `mazebook preflight` commands that check each PDF a build wrote, to copy and run."""
    from .preflight import command

    lines = []
    for result in results:
        manifest = json.loads(result.manifest.read_text(encoding="utf-8"))
        printer = manifest.get("printer")
        if printer is None:  # a worksheet: loose sheets for a desktop printer
            sheets = [path for path in (result.pdf, result.answers) if path is not None]
            lines += [command(path, "home", loose=True) for path in sheets]
            continue
        paper = manifest.get("paper", "white")
        lines.append(command(result.pdf, printer, paper=paper))
        if result.cover is not None and manifest.get("cover"):
            pages = manifest["cover"]["pages"]
            lines.append(command(result.cover, printer, cover_pages=pages, paper=paper))
    print("check them for the printer:")
    for line in lines:
        print(f"  {line}")


def _money(economics: Any) -> None:
    """The money line of a book for a printer with a table of costs (none for others)."""
    from ...printing.economics import money_line

    if economics is not None:
        print(money_line(economics))


def _count(n: int, noun: str) -> str:
    """'1 page', '3 pages'."""
    return f"{n} {noun}{'' if n == 1 else 's'}"
