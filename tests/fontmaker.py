"""Tiny TrueType fonts made on the fly (fontTools), so tests need no large font files."""

from __future__ import annotations

import struct
from collections.abc import Iterable
from pathlib import Path

from fontTools.fontBuilder import FontBuilder
from fontTools.pens.ttGlyphPen import TTGlyphPen


def tiny_font(
    path: Path, chars: Iterable[str], *, cff: bool = False, blank_notdef: bool = False
) -> Path:
    """A TrueType font (glyf outlines) with a box glyph for each character (and for .notdef,
    unless ``blank_notdef``: then the missing glyph draws nothing).

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
            if name != "uni0020" and not (blank_notdef and name == ".notdef"):
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


# --- hostile fonts: a good tiny font with one table replaced or one field changed -------------


def with_raw_table(source: Path, path: Path, tag: str, raw: bytes) -> Path:
    """``source`` with its table ``tag`` replaced by the bytes ``raw``, saved as ``path``."""
    from fontTools.ttLib import TTFont
    from fontTools.ttLib.tables.DefaultTable import DefaultTable

    font = TTFont(str(source))
    table = DefaultTable(tag)
    table.data = raw
    font[tag] = table
    font.save(str(path))
    return path


def table_offset(data: bytes, tag: str) -> int:
    """Where table ``tag`` starts in a font file (a single font, not a collection)."""
    count = struct.unpack_from(">H", data, 4)[0]
    for index in range(count):
        record = 12 + 16 * index
        if data[record : record + 4] == tag.encode("latin-1"):
            return int(struct.unpack_from(">I", data, record + 8)[0])
    raise KeyError(tag)


def patched(source: Path, path: Path, tag: str, at: int, value: bytes) -> Path:
    """``source`` with the bytes at ``at`` of table ``tag`` replaced by ``value`` (checksums
    are left stale: no reader here checks them), saved as ``path``."""
    data = bytearray(source.read_bytes())
    start = table_offset(bytes(data), tag) + at
    data[start : start + len(value)] = value
    path.write_bytes(bytes(data))
    return path


def cmap_table(*subtables: tuple[int, int, bytes]) -> bytes:
    """A cmap table of (platform, encoding, subtable bytes)."""
    records = b""
    body = b""
    start = 4 + 8 * len(subtables)
    for platform, encoding, data in subtables:
        records += struct.pack(">HHI", platform, encoding, start + len(body))
        body += data
    return struct.pack(">HH", 0, len(subtables)) + records + body


def groups_subtable(groups: Iterable[tuple[int, int, int]], fmt: int = 12) -> bytes:
    """A format 12 (or 13) subtable of (first, last, glyph) groups."""
    data = b"".join(struct.pack(">III", *group) for group in groups)
    return struct.pack(">HHIII", fmt, 0, 16 + len(data), 0, len(data) // 12) + data


def segments_subtable(segments: Iterable[tuple[int, int]]) -> bytes:
    """A format 4 subtable of (first, last) segments, each mapped by a delta of 0."""
    pairs = list(segments)
    count = len(pairs)
    ends = struct.pack(f">{count}H", *(last for _, last in pairs))
    starts = struct.pack(f">{count}H", *(first for first, _ in pairs))
    rest = b"\0\0" * count * 2  # idDelta and idRangeOffset: 0
    body = ends + b"\0\0" + starts + rest
    return struct.pack(">HHHHHHH", 4, 14 + len(body), 0, 2 * count, 2, 0, 0) + body
