"""`mazebook printers`: the printers a book can follow, one line each, and what a book costs to
print and earns (the packaged table, with its sources, the date they were read and every
number no published page confirms marked UNCONFIRMED); with a NAME, that printer's every rule
and its source."""

from __future__ import annotations

import argparse

from ...printing.doc import printer_rows
from ...printing.economics import economics_table, economics_tables, table_rows
from ...printing.printers import PRINTERS, Printer, printer


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "printers",
        help="list the printers, and what a book costs to print and earns",
        description=(
            "List the printers a book can follow (`mazebook build --printer NAME`) and the "
            "table of printing costs and royalties a kdp build's money line comes from, with "
            "its sources and the date they were read; UNCONFIRMED marks a number no published "
            "page confirms. With NAME: that printer's every rule and its source."
        ),
    )
    p.add_argument("name", nargs="?", metavar="NAME", help="one printer to show in full")
    p.set_defaults(run=run)


def _summary(p: Printer) -> str:
    """'Amazon KDP paperback: 24-828 pages, 16 trims, a cover'."""
    pages = "any page count" if p.min_pages is None else f"{p.min_pages}-{p.max_pages} pages"
    trims = f"{len(p.trims)} trim{'s' if len(p.trims) != 1 else ''}"
    cover = "a cover" if p.cover is not None else "no cover"
    sheets = "bound" if p.bound else "loose sheets"
    return f"{p.title}: {pages}, {trims}, {sheets}, {cover}"


def _money_lines(name: str | None) -> list[str]:
    """The cost and royalty tables (one printer's, or every one), as text."""
    tables = economics_tables() if name is None else [t for t in [economics_table(name)] if t]
    lines: list[str] = []
    for table in tables:
        lines += [
            "",
            f"What a {table.printer} book costs and earns ({table.marketplace}, "
            f"{table.currency}; sources read {table.read}):",
        ]
        rows = table_rows(table)
        width = max(len(what) for what, _, _ in rows)
        lines += [f"  {what:<{width}}  {value}  {source}" for what, value, source in rows]
        lines += [f"  [{key}] {text}" for key, text in table.sources.items()]
    return lines


def run(args: argparse.Namespace) -> int:
    if args.name is not None:
        p = printer(args.name)  # an unknown name: one line naming the valid ones
        print(f"{p.name}: {_summary(p)}")
        rows = printer_rows(p)
        width = max(len(rule) for rule, _, _ in rows)
        for rule, value, source in rows:
            print(f"  {rule:<{width}}  {value}  {source}")
        for line in _money_lines(p.name):
            print(line)
        return 0
    width = max(len(name) for name in PRINTERS)
    for name, p in PRINTERS.items():
        print(f"{name:<{width}}  {_summary(p)}")
    for line in _money_lines(None):
        print(line)
    return 0
