"""The cover checks: size from the page count and paper, bleed on every side, every mark inside
its panel's safe area, the barcode box free of ink, and spine text only when the page count
allows it (and clear of the folds)."""

from __future__ import annotations

from ..printing.printers import (
    Printer,
    Trim,
    cover_rules,
    cover_size,
    spine_text_allowed,
    spine_width,
)
from ..printing.printers import barcode_box as barcode_inches
from ..printing.printers import spine_box as spine_inches
from .read import Box, PageGeometry
from .report import Check, inches
from .scan import PageInk, SafeArea, Zone

PT = 72.0
TOLERANCE = 0.5  # points, for boxes
#: How far a cover's size may be from the calculated one (inches).
SIZE_TOLERANCE = 0.02


def _to_points(origin: Box, box: tuple[float, float, float, float]) -> Box:
    """A box in inches from the cover corner, in the page coordinates."""
    x, y = origin[0], origin[1]
    return (x + box[0] * PT, y + box[1] * PT, x + box[2] * PT, y + box[3] * PT)


def cover_trim(p: Printer, g: PageGeometry, pages: int, paper: str) -> Trim | None:
    """The printer's trim whose cover height matches this page, the nearest in width."""
    bleed = cover_rules(p).bleed
    height = (g.media[3] - g.media[1]) / PT
    width = (g.media[2] - g.media[0]) / PT
    fits = [t for t in p.trims if abs(t.height + 2 * bleed - height) <= SIZE_TOLERANCE]
    if not fits:
        return None
    return min(fits, key=lambda t: abs(cover_size(p, t, pages, paper)[0] - width))


def size_check(p: Printer, g: PageGeometry, count: int, pages: int, paper: str) -> Check:
    """One page, as wide and tall as the printer's cover for this page count and paper."""
    width = (g.media[2] - g.media[0]) / PT
    height = (g.media[3] - g.media[1]) / PT
    got = f"{width:.4g} x {height:.4g} in"
    problems = [] if count == 1 else [f"the file has {count} pages; a cover is one page"]
    trim = cover_trim(p, g, pages, paper)
    if trim is None:
        problems.append(f"{got}: its height fits no {p.name} trim (trim height + 0.25 in)")
        return Check("cover size", False, "; ".join(problems))
    want_w, want_h = cover_size(p, trim, pages, paper)
    spine = spine_width(p, pages, paper)
    want = (
        f"a {trim} book of {pages} pages on {paper} paper needs {want_w:.4f} x {want_h:.4f} in "
        f"(spine {spine:.4f} in)"
    )
    if abs(width - want_w) > SIZE_TOLERANCE or abs(height - want_h) > SIZE_TOLERANCE:
        problems.append(f"{got}; {want}")
    if problems:
        return Check("cover size", False, "; ".join(problems))
    return Check("cover size", True, f"{got}: {want}")


def bleed_check(p: Printer, g: PageGeometry) -> Check:
    """Bleed on every side: the TrimBox (if set) inside the page by the printer's bleed."""
    bleed = cover_rules(p).bleed * PT
    if g.trim is None:
        return Check(
            "cover bleed", True, f"no TrimBox: the size includes {inches(bleed)} in on every side"
        )
    outer = g.bleed or g.media
    t = g.trim
    sides = (t[0] - outer[0], t[1] - outer[1], outer[2] - t[2], outer[3] - t[3])
    if any(abs(s - bleed) > TOLERANCE for s in sides):
        got = ", ".join(f"{s:g}" for s in sides)
        return Check(
            "cover bleed",
            False,
            f"bleed (left, bottom, right, top) {got} pt; {p.name} wants {bleed:g} pt on every side",
        )
    return Check("cover bleed", True, f"{inches(bleed)} in on every side; TrimBox set")


def zones(p: Printer, g: PageGeometry, trim: Trim, pages: int, paper: str) -> list[Zone]:
    """The barcode box and the spine, in the page's points, for the scanner to watch."""
    return [
        Zone("barcode", _to_points(g.media, barcode_inches(p, trim))),
        Zone("spine", _to_points(g.media, spine_inches(p, trim, pages, paper))),
    ]


def safe_area(p: Printer, g: PageGeometry, trim: Trim, pages: int, paper: str) -> SafeArea:
    """The boxes a cover's marks stay inside: each panel's trim less the printer's safe margin
    (the spine's folds less the spine-text clearance), in the page's points."""
    rules = cover_rules(p)
    b, safe, clear = rules.bleed, rules.safe, rules.spine_text_clearance
    w, h = trim.width, trim.height
    s = spine_width(p, pages, paper)
    panels = [
        ("back", (b + safe, b + safe, b + w - safe, b + h - safe)),
        ("spine", (b + w + clear, b + safe, b + w + s - clear, b + h - safe)),
        ("front", (b + w + s + safe, b + safe, b + 2 * w + s - safe, b + h - safe)),
    ]
    boxes = [(name, _to_points(g.media, box)) for name, box in panels]
    return SafeArea(_to_points(g.media, (b, b, b + 2 * w + s, b + h)), boxes)


def safe_check(p: Printer, ink: PageInk | None) -> Check:
    """Every mark but a background running into the bleed inside its panel's safe area."""
    rules = cover_rules(p)
    rule = (
        f"{rules.safe:g} in inside each panel's trim, {rules.spine_text_clearance:g} in inside "
        "each spine fold"
    )
    area = ink.safe if ink else None
    if area is None:
        return Check("safe area", False, f"not checked: the cover's trim is unknown ({rule})")
    if area.count:
        more = f" (and {area.count - 3} more)" if area.count > 3 else ""
        return Check(
            "safe area",
            False,
            f"{area.count} mark{'' if area.count == 1 else 's'} outside the safe area ({rule}): "
            + "; ".join(area.outside[:3])
            + more,
        )
    return Check("safe area", True, f"every mark {rule} (backgrounds run into the bleed)")


def barcode_check(p: Printer, ink: PageInk | None) -> Check:
    """The barcode box free of ink (only a full-page background may run under it)."""
    box = cover_rules(p).barcode
    where = (
        f"{box.width:g} x {box.height:g} in box, {box.from_spine:g} in from the spine and "
        f"{box.from_bottom:g} in from the bottom trim"
    )
    zone = next((z for z in ink.zones if z.name == "barcode"), None) if ink else None
    if zone is None:
        return Check("barcode box", False, f"not checked: the cover's trim is unknown ({where})")
    if zone.hits:
        kinds = sorted({kind for kind, _ in zone.hits})
        return Check("barcode box", False, f"{', '.join(kinds)} in the {where}")
    return Check("barcode box", True, f"the {where} is free of ink")


def spine_check(p: Printer, ink: PageInk | None, pages: int) -> Check:
    """Text on the spine only from the printer's page count, and clear of both folds."""
    rules = cover_rules(p)
    zone = next((z for z in ink.zones if z.name == "spine"), None) if ink else None
    if zone is None:
        return Check("spine text", False, "not checked: the cover's trim is unknown")
    x0, x1 = zone.box[0], zone.box[2]
    texts = [b for kind, b in zone.hits if kind == "text" and x0 <= (b[0] + b[2]) / 2 <= x1]
    if not texts:
        return Check("spine text", True, "no text on the spine")
    if not spine_text_allowed(p, pages):
        return Check(
            "spine text",
            False,
            f"text on the spine of a {pages}-page book ({p.name} allows spine text from "
            f"{rules.spine_text_min_pages} pages)",
        )
    clear = rules.spine_text_clearance * PT
    if any(b[0] < x0 + clear - TOLERANCE or b[2] > x1 - clear + TOLERANCE for b in texts):
        return Check(
            "spine text",
            False,
            f"spine text within {inches(clear)} in of a fold (spine {inches(x1 - x0)} in wide)",
        )
    return Check(
        "spine text",
        True,
        f"spine text allowed from {rules.spine_text_min_pages} pages, {inches(clear)} in clear "
        "of both folds",
    )
