"""How wide a word is in the bundled bold face, read from a packaged table, not the font.

The SVG writer sets its START and FINISH words in the bold DejaVu Sans the PDFs embed and needs
their widths (to place them, and as each word's ``textLength``). Loading reportlab and parsing
the font for that took longer than making a small maze, so the face's advance widths are
packaged data (mazebook/data/label-widths.json, made from the font by reportlab itself:
tests/fontwidths.py) and summed here the way reportlab sums them, to the same number.
"""

from __future__ import annotations

import json
from bisect import bisect_right
from functools import cache

from ..packaged import read_packaged

#: The table, a packaged file (mazebook.packaged).
TABLE = "data/label-widths.json"


@cache
def _table() -> tuple[list[int], list[int], list[float], float]:
    """The runs of the table (first character, how many, width in thousandths of an em) and
    the width of a missing glyph."""
    data = json.loads(read_packaged(TABLE))
    scale = 1000 / data["units_per_em"]  # as reportlab scales the font's units
    widths = [units * scale for units in data["units"]]
    return data["first"], data["count"], widths, data["default"] * scale


@cache
def _width(code: int) -> float:
    """One character's advance width in thousandths of an em."""
    first, count, widths, missing = _table()
    run = bisect_right(first, code) - 1
    return widths[run] if run >= 0 and code < first[run] + count[run] else missing


def bold_width(text: str, size: float) -> float:
    """The width in points of ``text`` set in the bundled bold face at ``size`` points: what
    reportlab's stringWidth gives for the registered bold face, glyph by glyph (no kerning)."""
    # in reportlab's order (its accelerator's): the same float, to the last bit
    return sum([_width(ord(ch)) for ch in text]) * 0.001 * size
