"""`mazebook preflight FILE.pdf`: check a finished PDF against the print rules."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(
        "preflight",
        help="check a PDF against the print rules",
        description=(
            "Check a PDF for print-on-demand: page count, page boxes, embedded fonts, no raster "
            "images, black and grey only, line weights, and the 0.25 in safe margin. Prints each "
            "check as PASS or FAIL; exit code 1 if any fails."
        ),
    )
    p.add_argument("file", metavar="FILE.pdf", help="the PDF to check")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ..preflight import preflight

    report = preflight(args.file)
    for line in report.lines():
        print(line)
    print(f"{report.path}: {'ready to print' if report.ok else 'NOT ready to print'}")
    return 0 if report.ok else 1
