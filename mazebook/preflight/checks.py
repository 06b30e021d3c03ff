"""The interior checks: trim size, bleed geometry, page count, inside and outside margins.

Each takes the page boxes (and, for margins, the ink the scanner found) and the printer's
table, and returns one Check. Lengths are compared in points with a half-point tolerance.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from ..printing.printers import Printer, Trim, find_trim, inside_margin, outside_margin, page_range
from .read import Box, PageGeometry
from .report import Check, inches
from .scan import PageInk

PT = 72.0  # points per inch
TOLERANCE = 0.5  # points

#: A page's geometry, or why it could not be read.
Geometry = PageGeometry | str


def trim_of(g: PageGeometry) -> Box:
    """The trim box: the TrimBox, or the MediaBox of a page without one."""
    return g.trim or g.media


def _size(b: Box) -> tuple[float, float]:
    """A box's width and height in inches."""
    return ((b[2] - b[0]) / PT, (b[3] - b[1]) / PT)


def infer_trim(p: Printer, g: PageGeometry, number: int) -> PageGeometry:
    """A page without a TrimBox whose size is one of the printer's trims plus its bleed on the
    right sides (as KDP describes a bleed file): its trim and bleed told from its size."""
    if g.trim is not None or not p.bleed:
        return g
    w, h = _size(g.media)
    extra_w = p.bleed * (1 if p.bleed_sides == "three" else 2)
    if find_trim(p, w, h) is not None or find_trim(p, w - extra_w, h - 2 * p.bleed) is None:
        return g
    left, bottom, right, top = _wanted(p, number)
    m = g.media
    trim = (m[0] + left, m[1] + bottom, m[2] - right, m[3] - top)
    return replace(g, trim=trim, bleed=m, inferred=True)


def _told(geoms: Sequence[Geometry]) -> str:
    """A note for pages whose trim was told from their size."""
    if any(isinstance(g, PageGeometry) and g.inferred for g in geoms):
        return "; trim and bleed told from the page size (no TrimBox)"
    return ""


def _trims(p: Printer) -> str:
    """The printer's trims, listed."""
    return ", ".join(str(t) for t in p.trims)


def trim_check(p: Printer, geoms: Sequence[Geometry]) -> tuple[Check, Trim | None]:
    """Every page one size, and that size a trim the printer accepts."""
    problems: list[str] = []
    sizes: dict[tuple[float, float], int] = {}
    for number, g in enumerate(geoms, 1):
        if isinstance(g, str):
            problems.append(f"page {number}: {g}")
            continue
        if g.rotate in (90, 270):
            problems.append(f"page {number} is rotated {g.rotate} degrees")
        w, h = _size(trim_of(g))
        sizes.setdefault((round(w, 3), round(h, 3)), number)
    if not geoms:
        return Check("trim size", False, "the file has no pages"), None
    if len(sizes) > 1:
        listed_sizes = ", ".join(f"{w:g} x {h:g} in (from page {n})" for (w, h), n in sizes.items())
        problems.append(f"pages differ in size: {listed_sizes}")
    trim = None
    if sizes:
        w, h = next(iter(sizes))
        trim = find_trim(p, w, h)
        if trim is None:
            problems.append(f"{w:g} x {h:g} in is not a {p.name} trim (accepted: {_trims(p)})")
    if problems:
        return Check("trim size", False, "; ".join(problems[:4])), trim
    return Check("trim size", True, f"every page {trim} (a {p.name} trim){_told(geoms)}"), trim


def _bleeds(g: PageGeometry, number: int, problems: list[str]) -> tuple[float, ...]:
    """(left, bottom, right, top) bleed of one page in points."""
    if g.trim is None:
        return (0.0, 0.0, 0.0, 0.0)
    outer = g.bleed or g.media
    m = g.media
    if g.bleed is not None and not (
        m[0] <= outer[0] + 0.01
        and m[1] <= outer[1] + 0.01
        and outer[2] <= m[2] + 0.01
        and outer[3] <= m[3] + 0.01
    ):
        problems.append(f"page {number}: BleedBox outside the MediaBox")
    t = g.trim
    sides = (t[0] - outer[0], t[1] - outer[1], outer[2] - t[2], outer[3] - t[3])
    if g.bleed is None and any(s > TOLERANCE for s in sides):
        problems.append(f"page {number}: a TrimBox inside the page but no BleedBox")
    return sides


def _wanted(p: Printer, number: int) -> tuple[float, ...]:
    """(left, bottom, right, top) bleed the printer wants on page ``number``, in points."""
    b = p.bleed * PT
    if p.bleed_sides == "four":
        return (b, b, b, b)
    if p.bleed_sides == "three":  # odd pages are right-hand pages: the outside edge on the right
        return (0.0, b, b, b) if number % 2 else (b, b, 0.0, b)
    return (0.0, 0.0, 0.0, 0.0)


def _describe(p: Printer) -> str:
    """The printer's bleed geometry in words."""
    b = f"{p.bleed:g} in"
    if p.bleed_sides == "three":
        return (
            f"{b} on top, bottom and outside edge, none at the spine (outside edge right on odd "
            "pages, left on even)"
        )
    if p.bleed_sides == "four":
        return f"{b} on every side"
    return "no bleed"


def bleed_check(p: Printer, geoms: Sequence[Geometry]) -> tuple[Check, bool]:
    """The bleed geometry the printer wants; (check, whether the pages bleed)."""
    problems: list[str] = []
    bleeding: set[bool] = set()
    for number, g in enumerate(geoms, 1):
        if isinstance(g, str):
            problems.append(f"page {number}: {g}")
            continue
        sides = _bleeds(g, number, problems)
        bleeds = any(s > TOLERANCE for s in sides)
        bleeding.add(bleeds)
        if not bleeds:
            continue
        wanted = _wanted(p, number)
        if any(abs(s - w) > TOLERANCE for s, w in zip(sides, wanted, strict=True)):
            got = ", ".join(f"{s:g}" for s in sides)
            want = ", ".join(f"{w:g}" for w in wanted)
            problems.append(
                f"page {number}: bleed (left, bottom, right, top) {got} pt; "
                f"{p.name} wants {want} pt: {_describe(p)}"
            )
    if len(bleeding) > 1:
        problems.append("some pages bleed and some do not")
    bleeds = True in bleeding
    if problems:
        more = f" (and {len(problems) - 3} more)" if len(problems) > 3 else ""
        return Check("bleed", False, "; ".join(problems[:3]) + more), bleeds
    if not bleeds:
        return Check("bleed", True, "no bleed: every page is its trim size"), False
    boxes = _told(geoms) or "; TrimBox and BleedBox set"
    return Check("bleed", True, f"{_describe(p)}{boxes}"), True


def page_count_check(
    p: Printer, count: int, trim: Trim | None, paper: str, *, loose: bool
) -> Check:
    """The page count in the printer's range for this trim and paper, and even."""
    pages = f"{count} page{'' if count == 1 else 's'}"
    span = page_range(p, trim, paper)
    if loose or span is None:
        why = "loose sheets" if loose else f"{p.title}: no page-count rule"
        return Check("page count", count > 0, f"{pages} ({why})")
    low, high = span
    problems = []
    if count < low:
        problems.append(f"fewer than {p.name}'s minimum of {low}")
    if count > high:
        size = f" for {trim} on {paper} paper" if trim else ""
        problems.append(f"more than {p.name}'s maximum of {high}{size}")
    if problems:
        return Check("page count", False, f"{pages}: {'; '.join(problems)}")
    if p.even_pages and count % 2:
        return Check(
            "page count",
            True,
            f"{pages} (within {low}-{high}): odd, so {p.name} adds a blank page at the end",
            warn=True,
        )
    return Check("page count", True, f"{pages} (even, within {low}-{high})")


def _distances(ink: PageInk) -> tuple[float, float, float, float]:
    """(left, bottom, right, top) clear distance from the ink to the trim edge, in points."""
    t, i = ink.trim, ink.ink
    return (i[0] - t[0], i[1] - t[1], t[2] - i[2], t[3] - i[3])


def _pages(numbers: list[str]) -> str:
    """The first few page findings, and how many more."""
    more = f" (and {len(numbers) - 6} more)" if len(numbers) > 6 else ""
    return "; ".join(numbers[:6]) + more


def margin_checks(
    p: Printer, inks: Sequence[PageInk], count: int, *, bleeds: bool
) -> tuple[Check, Check]:
    """(inside margin, outside margins): no ink nearer the spine or the other edges."""
    inside = inside_margin(p, count) * PT
    outside = outside_margin(p, bleed=bleeds) * PT
    near_spine: list[str] = []
    near_edge: list[str] = []
    for ink in inks:
        if not ink.inked:
            continue
        left, bottom, right, top = _distances(ink)
        recto = ink.number % 2 == 1
        gutter, outer = (left, right) if recto else (right, left)
        if gutter < inside - TOLERANCE:
            near_spine.append(f"page {ink.number}: {inches(gutter)} in")
        worst = min(outer, top, bottom)
        if worst < outside - TOLERANCE:
            near_edge.append(f"page {ink.number}: {inches(worst)} in")
    rule = f"{count} page{'' if count == 1 else 's'}"
    inside_check = Check(
        "inside margin",
        not near_spine,
        f"ink nearer the spine than {inches(inside)} in ({rule}): {_pages(near_spine)}"
        if near_spine
        else f"no ink within {inches(inside)} in of the spine ({rule})",
    )
    what = "with bleed" if bleeds else "without bleed"
    outside_check = Check(
        "outside margins",
        not near_edge,
        f"ink nearer the top, bottom or outside edge than {inches(outside)} in ({what}): "
        f"{_pages(near_edge)}"
        if near_edge
        else f"no ink within {inches(outside)} in of the top, bottom and outside edges ({what})",
    )
    return inside_check, outside_check
