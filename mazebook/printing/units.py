"""Lengths and page sizes as a template writes them ("3.5mm", "6x9in", "a4"), in points.

Everything inside the book builder works in PDF points (1/72 in); this module is the only
place that knows about millimetres and inches.
"""

from __future__ import annotations

import re

POINTS_PER_INCH = 72.0
POINTS_PER_MM = POINTS_PER_INCH / 25.4

#: Points per unit, for the units a template may use.
UNITS = {"pt": 1.0, "mm": POINTS_PER_MM, "cm": 10 * POINTS_PER_MM, "in": POINTS_PER_INCH}

#: Named trim sizes (width, height) in points.
PAGE_SIZES: dict[str, tuple[float, float]] = {
    "letter": (8.5 * 72, 11 * 72),
    "a4": (210 * POINTS_PER_MM, 297 * POINTS_PER_MM),
    "a5": (148 * POINTS_PER_MM, 210 * POINTS_PER_MM),
    "6x9in": (6 * 72, 9 * 72),
    "8.5x11in": (8.5 * 72, 11 * 72),
    "8x10in": (8 * 72, 10 * 72),
}

#: The smallest and largest trim side accepted (points): 3 in to 17 in.
MIN_PAGE_SIDE = 3 * 72.0
MAX_PAGE_SIDE = 17 * 72.0

_NUMBER = r"\d+(?:\.\d+)?"
#: A length: a number and a unit, e.g. "3.5mm", "0.25in", "12pt".
LENGTH_PATTERN = rf"^\s*{_NUMBER}\s*(?:mm|cm|in|pt)\s*$"
#: A page size: a name from PAGE_SIZES, or "WxH" followed by one unit.
_NAMES = "|".join(re.escape(n) for n in PAGE_SIZES)
PAGE_SIZE_PATTERN = rf"(?i)^\s*(?:{_NAMES}|{_NUMBER}\s*[x×]\s*{_NUMBER}\s*(?:mm|cm|in|pt))\s*$"

_LENGTH = re.compile(rf"^\s*({_NUMBER})\s*(mm|cm|in|pt)\s*$")
_SIZE = re.compile(rf"^\s*({_NUMBER})\s*[x×]\s*({_NUMBER})\s*(mm|cm|in|pt)\s*$")


def parse_length(text: str) -> float:
    """'3.5mm' -> points; ValueError for text that is not a number and a unit."""
    match = _LENGTH.match(text)
    if not match:
        raise ValueError(f"{text!r} is not a length such as 3.5mm, 0.25in or 10pt")
    return float(match.group(1)) * UNITS[match.group(2)]


def parse_page_size(text: str) -> tuple[float, float]:
    """A named size or 'WxH' with a unit -> (width, height) in points; ValueError otherwise."""
    key = text.strip().lower()
    if key in PAGE_SIZES:
        return PAGE_SIZES[key]
    match = _SIZE.match(key)
    if not match:
        raise ValueError(f"{text!r} is not a page size")
    unit = UNITS[match.group(3)]
    width, height = float(match.group(1)) * unit, float(match.group(2)) * unit
    for side in (width, height):
        if not MIN_PAGE_SIDE <= side <= MAX_PAGE_SIDE:
            raise ValueError(f"{text!r}: each side must be from 3 in to 17 in")
    return width, height


def format_length(points: float) -> str:
    """Points as a short human length, inches and millimetres: '0.25 in (6.4 mm)'."""
    return f"{points / POINTS_PER_INCH:.3g} in ({points / POINTS_PER_MM:.1f} mm)"
