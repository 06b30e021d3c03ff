"""`mazebook preflight FILE.pdf [--printer NAME] [--cover --pages N] [--paper P] [--loose]
[--vector-only]`.

Checks a finished PDF (ours or any other tool's) against one printer's rules and prints one
line per check. Exit 0 ready, 1 a check fails, 2 not a readable PDF or wrong arguments. A
one-page file shaped like a cover is checked as the cover its size tells when --cover is not
given. ``command`` writes the command line that checks a file (``mazebook build`` prints it).
"""

from __future__ import annotations

import argparse
import shlex
from pathlib import Path

from ...printing.printers import DEFAULT_PRINTER, PAPERS, PRINTERS


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the preflight subcommand."""
    p = sub.add_parser(
        "preflight",
        help="check a PDF against a printer's rules",
        description=(
            "Check a PDF for print-on-demand by one printer's rules: trim size, bleed, page "
            "count, inside and outside margins, embedded fonts, images (resolution, grey, JPEG "
            "2000), black and grey only (or the colour spaces a colour paper takes), ink "
            "coverage, transparency, line weights, crop marks, annotations and bookmarks, file "
            "size, every page readable; with --cover, a cover's size for --pages and --paper, "
            "its bleed, safe area, barcode box, spine text and colour spaces. A one-page file "
            "wider than tall is checked as the cover its size tells (the spine gives the page "
            "count; which was assumed is said) unless --cover is given. Prints PASS, WARN "
            "or FAIL per check; exit 0 when ready, 1 when a check fails, 2 when the file is not "
            "a readable PDF (encrypted PDFs are refused) or the arguments are wrong."
        ),
    )
    p.add_argument("file", metavar="FILE.pdf", help="the PDF to check")
    p.add_argument(
        "--printer",
        default=DEFAULT_PRINTER,
        metavar="NAME",
        help=f"whose rules: {', '.join(PRINTERS)} (default {DEFAULT_PRINTER})",
    )
    p.add_argument(
        "--cover",
        action="store_true",
        help="the file is a cover (needs --pages; without it a one-page file wider than tall "
        "is read as a cover by its size)",
    )
    p.add_argument("--pages", metavar="N", help="the interior's page count, for --cover")
    p.add_argument("--paper", default="white", help=f"{', '.join(PAPERS)} (default white)")
    p.add_argument(
        "--loose", action="store_true", help="loose sheets (a worksheet): no page-count rule"
    )
    p.add_argument(
        "--vector-only",
        action="store_true",
        help="refuse every raster image (mazebook's own rule for its books)",
    )
    p.set_defaults(run=run)


def _pages(text: str | None) -> int | None:
    """--pages as a whole number (a one-line error otherwise)."""
    from ...preflight import PreflightArgumentError

    if text is None:
        return None
    try:
        return int(text, 10)
    except ValueError:
        raise PreflightArgumentError(f"--pages must be a whole number, not {text!r}") from None


def run(args: argparse.Namespace) -> int:
    """Print the rules used and one line per check; 0 when every check passes, else 1."""
    from ...preflight import preflight

    report = preflight(
        args.file,
        printer=args.printer,
        cover=args.cover,
        pages=_pages(args.pages),
        paper=args.paper,
        loose=args.loose,
        vector_only=args.vector_only,
    )
    from ...errors import one_line

    print(one_line(f"rules: {report.rules}"))
    for note in report.notes:
        print(one_line(f"note: {note}"))
    for line in report.lines():
        print(one_line(line))
    print(one_line(f"{report.path}: {'ready to print' if report.ok else 'NOT ready to print'}"))
    return 0 if report.ok else 1


def command(
    pdf: str | Path,
    printer: str,
    *,
    cover_pages: int | None = None,
    paper: str = "white",
    loose: bool = False,
) -> str:
    """The `mazebook preflight` command line that checks ``pdf`` for ``printer`` (as the cover
    of a book of ``cover_pages`` pages, or as loose sheets), the path quoted for a shell."""
    from ...preflight.guess import shell_path

    words = ["mazebook", "preflight", shell_path(pdf), "--printer", shlex.quote(printer)]
    if cover_pages is not None:
        words += ["--cover", "--pages", str(cover_pages)]
    if paper != "white":
        words += ["--paper", shlex.quote(paper)]
    if loose:
        words.append("--loose")
    return " ".join(words)
