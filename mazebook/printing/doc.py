"""docs/printers.md from the printer tables (mazebook/data/printers/*.toml, and any plugin's):
every check preflight makes, each printer's numbers with the sources the tables cite for them,
the sources, and every number marked UNVERIFIED, so the page cannot drift from the tables.

Run ``python -m mazebook.printing.doc > docs/printers.md``; a test checks the file matches.
"""

from __future__ import annotations

import re

from .economics import economics_tables, table_rows
from .printers import COLOUR_PAPERS, PAPERS, PRINTERS, SHIPPED, Printer, page_range, printer_sources
from .tactile_doc import tactile_section

#: Every check preflight makes: (name, what it asks, the printer rule below that it reads).
CHECKS = (
    ("trim size", "every page one size, a trim the printer takes", "trim sizes"),
    (
        "bleed",
        "TrimBox and BleedBox where the printer wants bleed; a page without a TrimBox whose "
        "size is a trim plus bleed on the right sides is judged by its size (and says so)",
        "interior bleed",
    ),
    (
        "page count",
        "within the range for the trim and paper; an odd count is a warning (the printer adds "
        "a blank page)",
        "page count",
    ),
    (
        "inside margin",
        "no ink nearer the spine than the gutter for the page count",
        "inside margin",
    ),
    ("outside margins", "no ink nearer the top, bottom and outside edge", "outside margins"),
    ("fonts embedded", "every font that shows text is embedded", "-"),
    (
        "text size",
        "no text smaller than the printer's minimum as it lands on paper (the font size "
        "scaled by the text matrix and the transformation); a FAIL where the printer requires "
        "it, a warning where it advises it",
        "smallest text",
    ),
    (
        "images",
        "resolution on the page, grey on black-ink papers, JPEG 2000 where refused (every "
        "image refused with `vector_only`, mazebook's own rule for its books)",
        "images",
    ),
    ("black and grey only", "an interior on white or cream paper has no colour", "-"),
    (
        "colour spaces",
        "colour interiors (color, premium-color paper) and covers use only the spaces taken",
        "colour interiors, cover colour",
    ),
    (
        "ink coverage",
        "the highest total CMYK (grey counted as black) of fills, strokes, text, CMYK images "
        "and shadings, each image read as a RIP reads it (every filter chain decoded, a JPEG's "
        "stored samples through its /Decode array); what cannot be measured is not a pass, "
        "but CCITT fax and JBIG2 images (one bit a pixel), which are not decoded, are a warning",
        "ink coverage",
    ),
    (
        "near-white tints",
        "a warning for fills, strokes and text in a tint under 5 % (white aside): they may "
        "vanish in print",
        "-",
    ),
    (
        "transparency",
        "soft masks, constant alpha below 1, blend modes, transparency groups",
        "transparency",
    ),
    ("line weights", "every stroke at least the thinnest line", "thinnest line"),
    (
        "marks and annotations",
        "lines wholly outside the trim (crop marks), annotations, bookmarks",
        "crop marks, annotations, bookmarks",
    ),
    (
        "optional content",
        "a warning naming every layer switched off by default (/OCProperties /D /OFF, or "
        "/BaseState /OFF) or set not to print: a printer may print it or not",
        "-",
    ),
    ("file size", "the file within the printer's limit", "file size"),
    ("cover size", "2 x trim + spine (page count x paper) + bleed, one page", "spine width"),
    ("cover bleed", "the TrimBox the cover bleed inside the page on every side", "cover bleed"),
    (
        "safe area",
        "every cover mark but a background running into the bleed inside its panel's safe area",
        "cover safe area",
    ),
    ("barcode box", "the barcode box free of ink", "barcode box"),
    ("spine text", "only from the page count, clear of both folds", "spine text"),
    (
        "content readable",
        "every page read in full within the work budget; a check whose content was not read "
        "says so and fails, never passes",
        "-",
    ),
)


def _inches(value: float) -> str:
    return f"{value:g} in"


def _notes(p: Printer, field: str) -> list[str]:
    """The notes cited for ``field`` of printer ``p``: its own, its parts' (a paper's spine) and,
    for the page limits, each limit's."""
    notes = [note for key, note in p.source if key == field or key.startswith(f"{field}.")]
    if field == "page_limits":
        notes += [limit.source for limit in p.page_limits if limit.source]
    return notes


def _source(p: Printer, fields: tuple[str, ...]) -> str:
    """The source tags (and UNVERIFIED) cited for the fields of printer ``p``."""
    found: list[str] = []
    for field in fields:
        for note in _notes(p, field):
            for tag in re.findall(r"\[[A-Z-]+\]|UNVERIFIED", note):
                if tag not in found:
                    found.append(tag)
    return " ".join(found) or "-"


def _pages(p: Printer) -> str:
    """The page-count rule in words."""
    if p.min_pages is None:
        return "no rule (loose or home-bound sheets)"
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
    pages += "".join(f"; at least {n} on {paper}" for paper, n in p.min_pages_by_paper)
    if p.even_pages:
        pages += f", even ({p.name} pads an odd count: a warning)"
    return pages


def _text(p: Printer) -> str:
    """The smallest-text rule in words."""
    if p.min_text_size is None:
        return "no published minimum"
    return f"{p.min_text_size:g} pt ({'required' if p.min_text_required else 'advised'})"


def _values(p: Printer) -> list[tuple[str, str, tuple[str, ...]]]:
    """(rule, value, the table's fields it comes from) for each rule of printer ``p``."""
    inside, low = [], 1
    for up_to, inches in p.inside_margins:
        inside.append(f"{low}-{up_to} pages: {_inches(inches)}")
        low = up_to + 1
    bleed = "none" if p.bleed_sides == "none" else f"{_inches(p.bleed)} on {p.bleed_sides} sides"
    if p.bleed_sides == "three":
        bleed += " (top, bottom, outside edge; none at the spine)"
    preferred = f" ({p.preferred} preferred)" if p.preferred else ""
    rows: list[tuple[str, str, tuple[str, ...]]] = [
        ("trim sizes", ", ".join(str(t) for t in p.trims), ("trims",)),
        ("interior bleed", bleed, ("bleed", "bleed_sides")),
        (
            "page count",
            _pages(p),
            ("min_pages", "max_pages", "page_limits", "min_pages_by_paper", "even_pages"),
        ),
        (
            "inside margin",
            "; ".join(inside)
            if p.bound
            else f"as the outside margin, at least {_inches(p.inside_margins[0][1])} "
            "(loose sheets)",
            ("inside_margins",),
        ),
        (
            "outside margins",
            f"{_inches(p.outside_margin)} ({_inches(p.outside_margin_bleed)} with bleed)",
            ("outside_margin", "outside_margin_bleed"),
        ),
        ("thinnest line", f"{p.min_line:g} pt", ("min_line",)),
        ("smallest text", _text(p), ("min_text_size", "min_text_required")),
        (
            "images",
            f"at least {p.min_dpi:g} dpi on the page; grey on black-ink papers; JPEG 2000 "
            + ("accepted" if p.jpx else "refused"),
            ("min_dpi", "jpx"),
        ),
        (
            "colour interiors",
            f"{', '.join(COLOUR_PAPERS)} paper: {' or '.join(p.colour_spaces)}{preferred}",
            ("colour_spaces", "preferred"),
        ),
        (
            "ink coverage",
            "no published limit" if p.ink_limit is None else f"at most {p.ink_limit:g} %",
            ("ink_limit",),
        ),
        (
            "transparency",
            "must be flattened" if p.flatten_transparency else "accepted",
            ("flatten_transparency",),
        ),
        (
            "crop marks, annotations, bookmarks",
            "refused" if p.no_marks else "ignored",
            ("no_marks",),
        ),
        (
            "file size",
            "no published limit" if p.max_file_mb is None else f"at most {p.max_file_mb:g} MB",
            ("max_file_mb",),
        ),
    ]
    if p.cover is None:
        rows.append(("cover", "none", ("cover",)))
        return rows
    c = p.cover
    spine = ", ".join(f"{paper} {per:.6g} in a page" for paper, per in c.spine_per_page)
    base = f" + {_inches(c.spine_base)}" if c.spine_base else ""
    rows += [
        ("cover bleed", f"{_inches(c.bleed)} on every side", ("cover.bleed",)),
        ("spine width", spine + base, ("cover.spine_per_page", "cover.spine_base")),
        (
            "spine text",
            f"from {c.spine_text_min_pages} pages, {_inches(c.spine_text_clearance)} clear of "
            "each fold",
            ("cover.spine_text_min_pages", "cover.spine_text_clearance"),
        ),
        (
            "cover safe area",
            f"marks {_inches(c.safe)} inside each panel's trim (backgrounds run into the bleed)",
            ("cover.safe",),
        ),
        ("cover colour", " or ".join(c.spaces) + preferred, ("cover.spaces", "preferred")),
        (
            "barcode box",
            f"{c.barcode.width:g} x {c.barcode.height:g} in, {_inches(c.barcode.from_spine)} from "
            f"the spine and {_inches(c.barcode.from_bottom)} from the bottom trim",
            ("cover.barcode",),
        ),
    ]
    return rows


def _rows(p: Printer) -> list[tuple[str, str, str]]:
    """(rule, value, source) for each rule of printer ``p``."""
    return [(rule, value, _source(p, fields)) for rule, value, fields in _values(p)]


def printer_rows(p: Printer) -> list[tuple[str, str, str]]:
    """(rule, value, source) for each rule of printer ``p``, as docs/printers.md shows them."""
    return _rows(p)


def _shipped() -> list[Printer]:
    """The printers mazebook ships (the page is the same whatever plugins are installed)."""
    return [PRINTERS[name] for name in SHIPPED]


def _source_lines() -> tuple[list[str], list[str]]:
    """(the sources block, the fields whose source is marked UNVERIFIED, with their notes)."""
    sources = [f"- [{key}] {text}" for key, text in printer_sources().items()]
    unverified = [
        f"- `{p.name}.{key}`: {note}"
        for p in _shipped()
        for key, note in (
            *p.source,
            *(
                (f"page_limits ({limit.paper}, {limit.trim})", limit.source)
                for limit in p.page_limits
                if limit.source
            ),
        )
        if "UNVERIFIED" in note
    ]
    return sources, unverified


def printers_markdown() -> str:
    """The text of docs/printers.md."""
    out = [
        "# Printers",
        "",
        "Generated from the printer tables, `mazebook/data/printers/*.toml`, by",
        "`python -m mazebook.printing.doc`; do not edit. Every number has its source cited in its",
        "table's `[source]`; the builder and `mazebook preflight` both read them from there. A",
        "source marked UNVERIFIED is a number no public source we could read confirmed.",
        "",
        "## Checks",
        "",
        "`mazebook preflight` prints one line per check: PASS, WARN (passes; the printer fixes it)",
        "or FAIL. A check whose content could not be read fails as not checked.",
        "",
        "| check | what it asks | printer rule |",
        "| --- | --- | --- |",
        *(f"| {name} | {what} | {rule} |" for name, what, rule in CHECKS),
        "",
        "A one-page file wider than tall, given without `--cover`, is checked as the printer's",
        "cover its size tells: its height names the trim, its spine the page count on each paper.",
        "A first line, WARN `cover recognised`, says which page count and paper were assumed",
        "(the paper given with `--paper`, white by default) and the flags that pin them; where two",
        "trims fit, the file is checked as the one it fails least. A page shaped like a cover",
        "that fits no cover of the printer gets a note naming `--cover --pages N`.",
        "",
    ]
    for p in _shipped():
        out += [
            f"## `{p.name}`: {p.title}",
            "",
            "| rule | value | source |",
            "| --- | --- | --- |",
        ]
        out += [f"| {name} | {value} | {source} |" for name, value, source in _rows(p)]
        out.append("")
    for table in economics_tables():
        out += [
            f"## What a `{table.printer}` book costs and earns: {table.marketplace}, "
            f"{table.currency}",
            "",
            f"From `mazebook/data/economics.toml`, its sources read on {table.read}; a `kdp` "
            "build prints the printing cost and the lowest list price that earns a royalty, and "
            "its manifest records them under `economics`. UNCONFIRMED marks a number no "
            "published page we read confirms.",
            "",
            "| what | value | source |",
            "| --- | --- | --- |",
            *(f"| {what} | {value} | {source} |" for what, value, source in table_rows(table)),
            "",
            *(f"- [{key}] {text}" for key, text in table.sources.items()),
            "",
        ]
    out += tactile_section()
    sources, unverified = _source_lines()
    out += ["## Sources", "", *sources, ""]
    out += [
        "## Unverified numbers",
        "",
        "No public source we could read confirmed these; they are marked UNVERIFIED in the tables:",
        "",
        *unverified,
        "",
    ]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover
    print(printers_markdown(), end="")
