"""Tiny TrueType fonts made on the fly (fontTools), so tests need no large font files."""

from __future__ import annotations

from collections.abc import Iterable
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def tiny_font(path: Path, chars: Iterable[str], *, cff: bool = False) -> Path:
    """A TrueType font (glyf outlines) with a box glyph for each character.

    Each font gets its own family name (from the file name): reportlab keeps one font per
    PostScript name in a process, so two test fonts must not share one.
    """
    family = f"MazebookTiny{path.stem.title().replace('-', '')}"
    chars = sorted(set(chars))
    names = [".notdef"] + [f"uni{ord(c):04X}" for c in chars]
    builder = FontBuilder(1000, isTTF=not cff)
    builder.setupGlyphOrder(names)
    builder.setupCharacterMap({ord(c): f"uni{ord(c):04X}" for c in chars})
    if cff:
        from fontTools.pens.t2CharStringPen import T2CharStringPen

        strings = {}
        for name in names:
            pen = T2CharStringPen(600, None)
            pen.moveTo((50, 0))
            pen.lineTo((50, 600))
            pen.lineTo((550, 600))
            pen.closePath()
            strings[name] = pen.getCharString()
        builder.setupCFF(family, {"FullName": family}, strings, {})
    else:
        glyphs = {}
        for name in names:
            pen = TTGlyphPen(None)
            if name != "uni0020":
                pen.moveTo((50, 0))
                pen.lineTo((50, 600))
                pen.lineTo((550, 600))
                pen.lineTo((550, 0))
                pen.closePath()
            glyphs[name] = pen.glyph()
        builder.setupGlyf(glyphs)
    builder.setupHorizontalMetrics({name: (600, 50) for name in names})
    builder.setupHorizontalHeader(ascent=800, descent=-200)
    builder.setupNameTable({"familyName": family, "styleName": "Regular"})
    builder.setupOS2(sTypoAscender=800, sTypoDescender=-200, usWinAscent=800, usWinDescent=200)
    builder.setupPost()
    builder.save(str(path))
    return path
