"""docs/printers.md from mazebook/printers.py: each printer's numbers, the sources cited in that
module, and every number marked UNVERIFIED there, so the page cannot drift from the tables.

Run ``python -m mazebook.printers_doc > docs/printers.md``; a test checks the file matches.
"""

from __future__ import annotations

import inspect

from . import printers
from .printers import PAPERS, PRINTERS, Printer, page_range


def _inches(value: float) -> str:
    return f"{value:g} in"


def _rows(p: Printer) -> list[tuple[str, str]]:
    trims = ", ".join(str(t) for t in p.trims)
    if p.min_pages is None:
        pages = "no rule (loose or home-bound sheets)"
    else:
        pages = f"{p.min_pages}-{p.max_pages}"
        lower = []
        for paper in PAPERS:
            most: dict[int, list[str]] = {}
            for trim in p.trims:
                span = page_range(p, trim, paper)
                if span is not None and span[1] != p.max_pages:
                    most.setdefault(span[1], []).append(str(trim))
            lower += [f"{paper} {', '.join(t)}: {n}" for n, t in sorted(most.items())]
        pages += f" (at most: {'; '.join(lower)})" if lower else ""
    inside, low = [], 1
    for up_to, inches in p.inside_margins:
        inside.append(f"{low}-{up_to} pages: {_inches(inches)}")
        low = up_to + 1
    bleed = "none" if p.bleed_sides == "none" else f"{_inches(p.bleed)} on {p.bleed_sides} sides"
    if p.bleed_sides == "three":
        bleed += " (top, bottom, outside edge; none at the spine)"
    rows = [
        ("trim sizes", trims),
        ("interior bleed", bleed),
        ("page count", pages + (", even" if p.even_pages else "")),
        (
            "inside margin",
            "; ".join(inside)
            if p.bound
            else "as the outside margin, at least "
            f"{_inches(p.inside_margins[0][1])} (loose sheets)",
        ),
        (
            "outside margins",
            f"{_inches(p.outside_margin)} ({_inches(p.outside_margin_bleed)} with bleed)",
        ),
        ("thinnest line", f"{p.min_line:g} pt"),
    ]
    if p.cover is None:
        rows.append(("cover", "none"))
        return rows
    c = p.cover
    spine = ", ".join(f"{paper} {per:.6g} in a page" for paper, per in c.spine_per_page)
    base = f" + {_inches(c.spine_base)}" if c.spine_base else ""
    rows += [
        ("cover bleed", f"{_inches(c.bleed)} on every side"),
        ("spine width", spine + base),
        (
            "spine text",
            f"from {c.spine_text_min_pages} pages, {_inches(c.spine_text_clearance)} clear of "
            "each fold",
        ),
        (
            "barcode box",
            f"{c.barcode.width:g} x {c.barcode.height:g} in, {_inches(c.barcode.from_spine)} from "
            f"the spine and {_inches(c.barcode.from_bottom)} from the bottom trim",
        ),
    ]
    return rows


def _source_lines() -> tuple[list[str], list[str]]:
    """(the sources block, the lines marked UNVERIFIED) of mazebook/printers.py."""
    lines = inspect.getsource(printers).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("# Sources"))
    sources: list[str] = []
    for line in lines[start + 1 :]:
        if not line.startswith("#"):
            break
        text = line[1:].strip()
        if text.startswith("["):
            sources.append(f"- {text}")
        elif sources:
            sources[-1] += f" {text}"
    unverified = [
        f"- `{line.strip()}`"
        for line in lines
        if "UNVERIFIED" in line and not line.lstrip().startswith(('"', "number"))
    ]
    return sources, unverified


def printers_markdown() -> str:
    """The text of docs/printers.md."""
    out = [
        "# Printers",
        "",
        "Generated from `mazebook/printers.py` by `python -m mazebook.printers_doc`; do not edit.",
        "Every number has its source cited beside it in that module; the builder and",
        "`mazebook preflight` both read them from there.",
        "",
    ]
    for p in PRINTERS.values():
        out += [f"## `{p.name}`: {p.title}", "", "| rule | value |", "| --- | --- |"]
        out += [f"| {name} | {value} |" for name, value in _rows(p)]
        out.append("")
    sources, unverified = _source_lines()
    out += ["## Sources", "", *sources, ""]
    out += [
        "## Unverified numbers",
        "",
        "No public source we could read confirmed these; they are marked UNVERIFIED in the module:",
        "",
        *unverified,
        "",
    ]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(printers_markdown(), end="")
