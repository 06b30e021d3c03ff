"""`mazebook preflight FILE.pdf [--printer NAME] [--cover --pages N] [--paper P] [--loose]
[--vector-only]`.

Checks a finished PDF (ours or any other tool's) against one printer's rules and prints one
line per check. Exit 0 ready, 1 a check fails, 2 not a readable PDF or wrong arguments.
"""

from __future__ import annotations

import argparse

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
            "its bleed, safe area, barcode box, spine text and colour spaces. Prints PASS, WARN "
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
    p.add_argument("--cover", action="store_true", help="the file is a cover (needs --pages)")
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
    print(f"rules: {report.rules}")
    for line in report.lines():
        print(line)
    print(f"{report.path}: {'ready to print' if report.ok else 'NOT ready to print'}")
    return 0 if report.ok else 1
