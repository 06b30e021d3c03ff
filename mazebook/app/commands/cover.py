"""`mazebook cover`: only the paperback cover of the book a template builds (NAME-cover.pdf)."""

from __future__ import annotations

import argparse

from ...printing.printers import PRINTERS
from .common import parse_seed


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "cover",
        help="make the cover PDF of the book a template builds",
        description=(
            "Make only the one-piece cover (back, spine and front, with bleed) of the book "
            "TEMPLATE builds, sized for its page count, paper and printer. The book is planned "
            "for its page count; its mazes are not made. Default output: output/NAME-cover.pdf."
        ),
    )
    p.add_argument("template", nargs="?", metavar="TEMPLATE", help="template name or .toml path")
    p.add_argument(
        "-o", "--output", metavar="FILE.pdf", help="PDF to write (default output/NAME-cover.pdf)"
    )
    p.add_argument("--seed", help="whole number replacing the template's seed")
    p.add_argument(
        "--printer",
        metavar="NAME",
        help=f"printer replacing the template's: {', '.join(n for n in PRINTERS if n != 'home')}",
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no summary line")
    p.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from ...requests import BookRequest, build_cover_request

    request = BookRequest(args.template, seed=parse_seed(args.seed), printer=args.printer)
    path = build_cover_request(request, output=args.output)
    if not args.quiet:
        print(f"built {path}")
    return 0
