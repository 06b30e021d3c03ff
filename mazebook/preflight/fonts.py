"""What the checks need from a PDF font: is it embedded, and how wide and tall is its text.

Widths come from the font dictionary (/Widths for simple fonts, /W for composite ones), heights
from the descriptor's /Ascent and /Descent, so the ink of a line of text is its real extent,
not just the point where it starts. Unknown widths count as 0.6 em.
"""

from __future__ import annotations

from typing import Any

from pypdf.generic import ArrayObject

from ..records import record
from .read import get, number, resolve

#: Glyph width (in em) assumed when a font does not say.
DEFAULT_WIDTH = 0.6
#: Entries read from a /Widths or /W array at most (a hostile font may declare millions).
MAX_WIDTHS = 65_536


@record
class FontInfo:
    """One font as the checks see it. Widths are in em (text space units per unit size)."""

    name: str
    embedded: bool
    two_byte: bool
    widths: dict[int, float]
    default_width: float
    ascent: float
    descent: float

    table: tuple[float, ...] = ()  # widths of codes 0-255, for one-byte fonts

    def measure(self, codes: bytes) -> tuple[float, int, int]:
        """(sum of glyph widths in em, glyph count, single-byte spaces) of a shown string."""
        if self.two_byte:
            widths, default = self.widths, self.default_width
            glyphs = [codes[i] << 8 | codes[i + 1] for i in range(0, len(codes) - 1, 2)]
            return sum(widths.get(g, default) for g in glyphs), len(glyphs), 0
        return sum(map(self.table.__getitem__, codes)), len(codes), codes.count(32)


def _embedded(font: Any, descendant: Any) -> bool:
    """Whether the font program is in the file (Type 3 glyphs always are)."""
    if get(font, "/Subtype") == "/Type3":
        return True  # glyphs drawn by the file itself
    descriptor = get(descendant, "/FontDescriptor")
    if descriptor is None:
        return False
    return any(get(descriptor, k) is not None for k in ("/FontFile", "/FontFile2", "/FontFile3"))


def _simple_widths(font: Any, scale: float) -> dict[int, float]:
    """The /FirstChar and /Widths of a one-byte font, in em."""
    first = number(get(font, "/FirstChar"))
    widths = resolve(get(font, "/Widths"))
    if first is None or not isinstance(widths, ArrayObject):
        return {}
    out: dict[int, float] = {}
    for i, w in enumerate(widths[:256]):
        value = number(w)
        if value is not None:
            out[int(first) + i] = value * scale
    return out


def _composite_widths(descendant: Any) -> dict[int, float]:
    """The /W array: ``c [w1 w2 ...]`` and ``c_first c_last w`` runs."""
    w = resolve(get(descendant, "/W"))
    out: dict[int, float] = {}
    if not isinstance(w, ArrayObject):
        return out
    items = [resolve(v) for v in w[:MAX_WIDTHS]]
    i = 0
    while i + 1 < len(items) and len(out) < MAX_WIDTHS:
        start = number(items[i])
        nxt = items[i + 1]
        if start is None:
            break
        if isinstance(nxt, ArrayObject):
            for k, v in enumerate(nxt[:MAX_WIDTHS]):
                value = number(v)
                if value is not None:
                    out[int(start) + k] = value / 1000
            i += 2
        elif i + 2 < len(items):
            last, value = number(nxt), number(items[i + 2])
            if last is None or value is None:
                break
            for code in range(int(start), min(int(last), int(start) + MAX_WIDTHS) + 1):
                out[code] = value / 1000
            i += 3
        else:
            break
    return out


def font_info(font: Any) -> FontInfo:
    """Read a font dictionary (PdfPartError/any library error is the caller's to guard)."""
    font = resolve(font)
    name = str(get(font, "/BaseFont") or get(font, "/Name") or "unnamed font").lstrip("/")
    subtype = get(font, "/Subtype")
    descendant = font
    two_byte = False
    if subtype == "/Type0":
        two_byte = True
        kids = get(font, "/DescendantFonts")
        descendant = resolve(kids[0]) if isinstance(kids, ArrayObject) and kids else None
    scale = 1 / 1000
    if subtype == "/Type3":
        matrix = resolve(get(font, "/FontMatrix"))
        first = number(matrix[0]) if isinstance(matrix, ArrayObject) and matrix else None
        scale = abs(first) if first else 1 / 1000
    if two_byte:
        widths = _composite_widths(descendant)
        default = (number(get(descendant, "/DW")) or 1000) / 1000
    else:
        widths = _simple_widths(font, scale)
        missing = number(get(get(font, "/FontDescriptor"), "/MissingWidth"))
        default = missing * scale if missing else DEFAULT_WIDTH
    descriptor = get(descendant, "/FontDescriptor")
    ascent = number(get(descriptor, "/Ascent"))
    descent = number(get(descriptor, "/Descent"))
    table = tuple(widths.get(code, default) for code in range(256)) if not two_byte else ()
    return FontInfo(
        table=table,
        name=name,
        embedded=descendant is not None and _embedded(font, descendant),
        two_byte=two_byte,
        widths=widths,
        default_width=default,
        ascent=ascent / 1000 if ascent else 0.8,
        descent=descent / 1000 if descent and descent < 0 else -0.2,
    )
