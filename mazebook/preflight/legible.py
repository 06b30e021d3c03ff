"""What may not be read or may not print: text under the printer's smallest size, and paint in
a tint so light it may vanish (under 5 %, white itself aside).

Text is measured as it lands on paper: the font size times how much the text matrix and the
transformation scale an em upwards (the scanner's ``text_sizes``), not the Tf operand alone, so
text set at 14 pt and scaled by one half is 7 pt.
"""

from __future__ import annotations

from ..printing.printers import Printer
from .report import Check, listed
from .scan import NEAR_WHITE, Findings

#: Points a size may fall short of the minimum and still meet it (a PDF writes sizes rounded).
SIZE_TOLERANCE = 0.01


def text_size_check(f: Findings, p: Printer) -> Check:
    """No text under the printer's minimum size (a FAIL where the printer requires it, a WARN
    where it only advises it); the pages with smaller text, and their smallest size, named."""
    if not f.text_sizes:
        return Check("text size", True, "no text")
    smallest = min(f.text_sizes.values())
    least = f"smallest {smallest[0]:.3g} pt ({smallest[1]})"
    minimum = p.min_text_size
    if minimum is None:
        return Check("text size", True, f"{least}; {p.name} publishes no minimum")
    small = [
        f"page {page}: {size:.3g} pt ({font})"
        for page, (size, font) in sorted(f.text_sizes.items())
        if size < minimum - SIZE_TOLERANCE
    ]
    rule = f"{p.name} {'requires' if p.min_text_required else 'advises'} at least {minimum:g} pt"
    if not small:
        return Check("text size", True, f"{least}; {rule}")
    pages = f"{len(small)} page{'' if len(small) == 1 else 's'}"
    detail = f"text under {minimum:g} pt on {pages} ({rule}): {listed(small, 6)}"
    if p.min_text_required:
        return Check("text size", False, detail)
    return Check("text size", True, detail, warn=True)


def tints_check(f: Findings) -> Check:
    """A warning for fills, strokes and text in a tint under NEAR_WHITE: they may not print."""
    limit = f"{NEAR_WHITE * 100:g} %"
    if not f.faint_count:
        return Check("near-white tints", True, f"no paint lighter than a {limit} tint but white")
    count = f"{f.faint_count} paint{'' if f.faint_count == 1 else 's'}"
    return Check(
        "near-white tints",
        True,
        f"{count} in a tint under {limit}, which may vanish in print (make them white or "
        f"darker): {listed(f.faint)}",
        warn=True,
    )
