"""``preflight(path, ...)``: read a PDF once and run the interior or the cover checks.

The rules come only from the arguments (printer, cover and its page count, paper, loose
sheets), never from what the file says about itself, so a PDF from any tool is checked alike.
"""

from __future__ import annotations

import contextlib
from pathlib import Path
from typing import Any

from pypdf.generic import ArrayObject

from ..errors import MazebookError
from ..printing.printers import COLOUR_PAPERS, DEFAULT_PRINTER, PAPERS, Printer
from ..printing.printers import printer as printer_table
from ..records import record
from . import checks, content, guess, legible
from . import cover as cover_checks
from .budget import Budget, Spending, TooComplexError
from .layers import layers_check
from .read import PageGeometry, PdfPartError, geometry, get, guard, open_pdf, quiet_pypdf, resolve
from .report import Check, Report
from .scan import Findings, PageInk, SafeArea, Scanner, Zone
from .sweep import sweep


class PreflightArgumentError(MazebookError):
    """Arguments that do not make a preflight (a cover without its page count, ...)."""


def _arguments(
    which: str | Printer, cover: bool, pages: int | None, paper: str, loose: bool
) -> Printer:
    """The printer table; PreflightArgumentError for arguments that do not go together."""
    p = printer_table(which)
    if paper not in PAPERS:
        raise PreflightArgumentError(f"paper must be one of {', '.join(PAPERS)}, not {paper!r}")
    if cover:
        if p.cover is None:
            raise PreflightArgumentError(f"printer {p.name!r} ({p.title}) takes no cover")
        if pages is None:
            raise PreflightArgumentError("a cover is checked for a page count: give --pages N")
        most = Budget().max_pages  # no printer binds more; a larger count only looks odd
        if isinstance(pages, bool) or not isinstance(pages, int) or not 1 <= pages <= most:
            raise PreflightArgumentError(
                f"--pages must be a whole number from 1 to {most:,}, not {pages!r}"
            )
        if loose:
            raise PreflightArgumentError("--loose is for interiors of loose sheets, not covers")
    elif pages is not None:
        raise PreflightArgumentError("--pages is the interior's page count for --cover")
    return p


def _geometries(pages: list[Any], p: Printer | None) -> list[PageGeometry | str]:
    """Each page's boxes (a page without a TrimBox that is a trim plus bleed in size told by
    its size, for an interior's printer ``p``), or why they cannot be read."""
    out: list[PageGeometry | str] = []
    for number, page in enumerate(pages, 1):
        try:
            with guard("page boxes"):
                g = geometry(page)
            out.append(checks.infer_trim(p, g, number) if p is not None else g)
        except PdfPartError as exc:
            out.append(str(exc))
    return out


def _annotations(pages: list[Any], reader: Any) -> tuple[list[str], bool]:
    """(pages with annotations, whether the file has bookmarks); unreadable parts count as
    none here (the content check reports what it cannot read)."""
    found: list[str] = []
    bookmarks = False
    with contextlib.suppress(PdfPartError), guard("annotations"):
        for number, page in enumerate(pages, 1):
            annots = get(page, "/Annots")
            if isinstance(annots, ArrayObject) and len(annots):
                found.append(f"page {number}: {len(annots)} annotation(s)")
        outlines = get(resolve(reader.trailer["/Root"]), "/Outlines")
        bookmarks = get(outlines, "/First") is not None
    return found, bookmarks


def _scan(
    pages: list[Any],
    geoms: list[PageGeometry | str],
    scanner: Scanner,
    zones: list[Zone],
    safe: SafeArea | None = None,
) -> tuple[list[PageInk], str | None]:
    """Scan every page (zones and the safe area on the first); (page inks, why the budget
    stopped it)."""
    inks: list[PageInk] = []
    try:
        for number, (page, g) in enumerate(zip(pages, geoms, strict=True), 1):
            trim = checks.trim_of(g) if isinstance(g, PageGeometry) else (0.0, 0.0, 0.0, 0.0)
            first = number == 1
            inks.append(
                scanner.scan(number, page, trim, zones if first else [], safe if first else None)
            )
    except TooComplexError as exc:
        return inks, str(exc)
    return inks, None


def read_within_budget(
    path: str | Path, numbers: range, *, data: bytes | None = None, budget: Budget | None = None
) -> tuple[int, Findings]:
    """Read the pages ``numbers`` (1-based; those past the end are skipped) of a PDF file (or of
    its bytes ``data``) as preflight does, and every other object of the file a renderer may
    unpack (``sweep``), within ``budget``: (the page count, what was seen). TooComplexError
    past the budget, PdfFileError for a file that is not a readable PDF. For a caller about to
    hand the pages to a renderer with no limits of its own (``preview``)."""
    budget = budget or Budget()
    findings = Findings()
    with quiet_pypdf():
        reader, page_list = open_pdf(path, budget.max_pages, data=data)
        spend = Spending(budget)
        scanner = Scanner(findings, spend)
        for number in numbers:
            if 1 <= number <= len(page_list):
                scanner.scan(number, page_list[number - 1], (0.0, 0.0, 0.0, 0.0), [])
        largest, unread = sweep(reader, page_list, spend)
    findings.largest_image = max(findings.largest_image, largest)
    findings.unread.extend(unread)
    return len(page_list), findings


@record
class _FileFacts:
    """What is read of the file once, whatever its pages are checked as."""

    annotations: list[str]
    bookmarks: bool
    size: int  # bytes
    layers: Check


def preflight(
    path: str | Path,
    *,
    printer: str | Printer = DEFAULT_PRINTER,
    cover: bool = False,
    pages: int | None = None,
    paper: str = "white",
    loose: bool = False,
    vector_only: bool = False,
    budget: Budget | None = None,
) -> Report:
    """Check a PDF against ``printer``'s rules, as an interior or (``cover``) as the cover of a
    book of ``pages`` pages; ``vector_only`` refuses every raster image (mazebook's own rule).
    A one-page file shaped like the printer's cover and given without ``cover`` is checked as
    the cover its size tells (a "cover recognised" warning says what was assumed), or gets a
    note naming the flags to check it as one. MazebookError if the arguments are wrong or the
    file is not a readable PDF (or is encrypted); every other problem is a failed check."""
    p = _arguments(printer, cover, pages, paper, loose)
    budget = budget or Budget()
    spend = Spending(budget)
    with quiet_pypdf():
        try:
            reader, page_list = open_pdf(path, budget.max_pages)
        except TooComplexError as exc:
            too_complex = Check("content readable", False, f"too complex to check: {exc}")
            return Report(str(path), p.name, _rules(p, pages, paper, loose), (too_complex,))
        annotations, bookmarks = _annotations(page_list, reader)
        catalog = None
        with contextlib.suppress(PdfPartError), guard("the catalog"):
            catalog = resolve(reader.trailer["/Root"])
        layers = layers_check(catalog)
        facts = _FileFacts(annotations, bookmarks, Path(path).stat().st_size, layers)
        raw = _geometries(page_list, None)
        if cover:
            assert pages is not None
            found = _as_cover(p, page_list, raw, spend, pages, paper, facts)
            return Report(str(path), p.name, _rules(p, pages, paper, loose), found)
        shaped = None if loose else guess.cover_shaped(p, raw)
        if shaped is not None and (readings := guess.readings(p, shaped)):
            return _recognised(path, p, page_list, raw, spend, readings, paper, facts)
        geoms = [
            checks.infer_trim(p, g, n) if isinstance(g, PageGeometry) else g
            for n, g in enumerate(raw, 1)
        ]
        found = _as_interior(p, page_list, geoms, spend, paper, loose, vector_only, facts)
    notes: tuple[str, ...] = ()
    if shaped is not None and guess.cover_proportions(shaped):
        notes = (guess.unrecognised(p, shaped, str(path)),)
    return Report(str(path), p.name, _rules(p, None, paper, loose), found, notes)


def _rules(p: Printer, pages: int | None, paper: str, loose: bool, told: str = "") -> str:
    """The rules line: whose rules, for an interior or the cover of a book of ``pages``."""
    if pages is not None:
        book = f"a {pages}-page book on {paper} paper"
        return f"{p.title} ({p.name}) rules for the cover of {book}{told}"
    return f"{p.title} ({p.name}) rules for an interior{', loose sheets' if loose else ''}"


def _recognised(
    path: str | Path,
    p: Printer,
    page_list: list[Any],
    raw: list[PageGeometry | str],
    spend: Spending,
    found: list[guess.Reading],
    paper: str,
    facts: _FileFacts,
) -> Report:
    """A file checked as the cover its size tells: on ``paper`` if it fits a count on it (else
    on the first paper it fits); where two trims fit, as the one whose checks fail least."""
    assumed, candidates = guess.likely(found, paper)
    best: tuple[Check, ...] | None = None
    chosen = candidates[0]
    for reading in candidates[:3]:
        checked = _as_cover(p, page_list, raw, spend, reading.pages, assumed, facts)
        if best is None or sum(not c.ok for c in checked) < sum(not c.ok for c in best):
            best, chosen = checked, reading
    assert best is not None
    others = [r for r in candidates if r != chosen]
    told = guess.recognised(p, chosen, found, others, str(path))
    note = Check("cover recognised", True, told, warn=True)
    rules = _rules(p, chosen.pages, assumed, False, " (told by its size: see cover recognised)")
    return Report(str(path), p.name, rules, (note, *best))


def _file_checks(
    found: tuple[Check, ...], p: Printer, findings: Findings, facts: _FileFacts
) -> tuple[Check, ...]:
    """The marks, optional content and file-size checks put before the last one (content
    readable), and every content check that passed said to be not checked if some content was
    not read."""
    readable = found[-1]
    why = None
    if not readable.ok:
        why = "too complex to check" if "too complex" in readable.detail else "see content readable"
    extra = (
        content.marks_check(findings, p, facts.annotations, facts.bookmarks),
        facts.layers,
        content.file_size_check(facts.size, p),
    )
    return (*content.unread((*found[:-1], *extra), why), readable)


def _as_interior(
    p: Printer,
    page_list: list[Any],
    geoms: list[PageGeometry | str],
    spend: Spending,
    paper: str,
    loose: bool,
    vector_only: bool,
    facts: _FileFacts,
) -> tuple[Check, ...]:
    """The interior checks, in the order they are printed (content readable last)."""
    findings = Findings()
    scanner = Scanner(findings, spend, measure_ink=p.ink_limit is not None)
    count = len(page_list)
    trim_check, trim = checks.trim_check(p, geoms)
    bleed_check, bleeds = checks.bleed_check(p, geoms)
    inks, too_complex = _scan(page_list, geoms, scanner, [])
    measured = [ink for ink, g in zip(inks, geoms, strict=False) if isinstance(g, PageGeometry)]
    inside, outside = checks.margin_checks(p, measured, count, bleeds=bleeds)
    found = (
        trim_check,
        bleed_check,
        checks.page_count_check(p, count, trim, paper, loose=loose),
        inside,
        outside,
        content.fonts_check(findings),
        legible.text_size_check(findings, p),
        content.images_check(
            findings, p, grey_only=paper not in COLOUR_PAPERS, vector_only=vector_only
        ),
        content.colour_checks(findings, p, paper),
        content.ink_check(findings, p),
        legible.tints_check(findings),
        content.transparency_check(findings, p),
        content.lines_check(findings, p.min_line),
        content.readable_check(inks, count, too_complex),
    )
    return _file_checks(found, p, findings, facts)


def _as_cover(
    p: Printer,
    page_list: list[Any],
    geoms: list[PageGeometry | str],
    spend: Spending,
    pages: int,
    paper: str,
    facts: _FileFacts,
) -> tuple[Check, ...]:
    """The cover checks, with the barcode box and spine watched on the first page."""
    findings = Findings()
    scanner = Scanner(findings, spend, measure_ink=p.ink_limit is not None)
    first = geoms[0] if geoms else "the file has no pages"
    if isinstance(first, str):
        broken = Check("cover size", False, f"page 1: {first}")
        inks, too_complex = _scan(page_list, geoms, scanner, [])
        found: tuple[Check, ...] = (
            broken,
            content.readable_check(inks, len(page_list), too_complex),
        )
        return _file_checks(found, p, findings, facts)
    trim = cover_checks.cover_trim(p, first, pages, paper)
    zones = cover_checks.zones(p, first, trim, pages, paper) if trim else []
    safe = cover_checks.safe_area(p, first, trim, pages, paper) if trim else None
    inks, too_complex = _scan(page_list, geoms, scanner, zones, safe)
    ink = inks[0] if inks and trim else None
    found = (
        checks.page_count_check(p, pages, trim, paper, loose=False),
        cover_checks.size_check(p, first, len(page_list), pages, paper),
        cover_checks.bleed_check(p, first),
        cover_checks.safe_check(p, ink),
        cover_checks.barcode_check(p, ink),
        cover_checks.spine_check(p, ink, pages),
        content.fonts_check(findings),
        legible.text_size_check(findings, p),
        content.images_check(findings, p, grey_only=False),
        content.spaces_check(findings, p, cover=True),
        content.ink_check(findings, p),
        legible.tints_check(findings),
        content.transparency_check(findings, p),
        content.readable_check(inks, len(page_list), too_complex),
    )
    return _file_checks(found, p, findings, facts)
