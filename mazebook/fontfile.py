"""Font files read from outside, checked before any font library sees them.

reportlab builds a dictionary of every code point a font's character map (cmap) claims, and
every reader trusts the table directory: a 1 KB file whose cmap claims 268 million code points
filled the memory. ``check_font`` reads the sfnt structure itself with ``struct`` (fontTools is
not needed for a table directory and a few headers, and a library's reader would first have to
be guarded against the same file): every table inside the file; the glyph count (maxp) against
the glyph locations (loca), the outlines (glyf, CFF) and the metrics (hmtx, with hhea's
numberOfHMetrics); every character map's counts and ranges against its table and against
MAX_CODE_POINTS; each font of a collection (TTC). What no real font holds is refused in one
line (FontError), in the memory of the file itself. Web fonts (WOFF, WOFF2) are refused too:
they would have to be unpacked first. ``unmapped`` says which characters a font's Unicode cmap
does not map, for readers (FreeType) whose missing glyph may be blank.
"""

from __future__ import annotations

import bisect
import struct
from collections.abc import Callable, Iterator

from .errors import FontError

#: The most code points one character map may claim (its ranges added up, overlaps counted
#: again): no font has more glyphs than 65,535, and the largest real maps (CJK) stay near
#: 120,000; reportlab keeps about 250 bytes for each one it reads.
MAX_CODE_POINTS = 200_000
#: The most tables in one font, and fonts in one collection.
MAX_TABLES = 256
MAX_FONTS = 64

_SFNT = {0x00010000: "TrueType", 0x74727565: "TrueType", 0x4F54544F: "OpenType (CFF)"}
_WEB = {b"wOFF": "WOFF", b"wOF2": "WOFF2"}


class _Broken(Exception):
    """What is wrong with the file, in words (made a FontError naming the file)."""


def check_font(data: bytes, label: str) -> None:
    """FontError naming the font (``label``) unless ``data`` is a TrueType or OpenType font (or
    a collection of them) whose structure holds together (see the module docstring)."""
    try:
        for start in _fonts(data):
            _check_sfnt(data, start)
    except _Broken as exc:
        raise FontError(f"cannot use font {label}: {exc}") from None
    except struct.error:
        raise FontError(f"cannot use font {label}: it ends inside a table") from None


def unmapped(data: bytes, text: str) -> list[str]:
    """The characters of ``text`` (other than white space) that the font's Unicode cmap maps
    to no glyph (all of them when it has no Unicode cmap); the font checked first."""
    try:
        lookup = _unicode_lookup(data, next(_fonts(data)))
    except (_Broken, struct.error, StopIteration):
        lookup = None
    seen: list[str] = []
    for ch in dict.fromkeys(text):
        if not ch.isspace() and (lookup is None or lookup(ord(ch)) == 0):
            seen.append(ch)
    return seen


# --- the file and its tables -------------------------------------------------------------------


def _fonts(data: bytes) -> Iterator[int]:
    """Where each font of the file starts (one, or a collection's)."""
    if len(data) < 12:
        raise _Broken("it is too short to be a font")
    if data[:4] in _WEB:
        raise _Broken(f"it is a {_WEB[data[:4]]} web font; convert it to .ttf first")
    if data[:4] != b"ttcf":
        yield 0
        return
    count = _u32(data, 8)
    if not 1 <= count <= MAX_FONTS or 12 + 4 * count > len(data):
        raise _Broken(f"its collection header lists {count:,} fonts (at most {MAX_FONTS})")
    for index in range(count):
        yield _u32(data, 12 + 4 * index)


def _check_sfnt(data: bytes, start: int) -> None:
    """One font's table directory and the tables that claim sizes."""
    tables = _directory(data, start)
    glyphs = _glyph_count(data, tables)
    _check_metrics(data, tables, glyphs)
    _check_outlines(data, tables, glyphs)
    if b"cmap" in tables:
        _check_cmaps(data, tables[b"cmap"])


def _directory(data: bytes, start: int) -> dict[bytes, tuple[int, int]]:
    """Tag -> (offset, length) of every table, each inside the file."""
    if start + 12 > len(data):
        raise _Broken("a font of its collection starts past its end")
    version = _u32(data, start)
    if version not in _SFNT:
        raise _Broken("it is not a TrueType or OpenType font")
    count = _u16(data, start + 4)
    if not 1 <= count <= MAX_TABLES or start + 12 + 16 * count > len(data):
        raise _Broken(f"its table directory lists {count:,} tables (at most {MAX_TABLES})")
    tables: dict[bytes, tuple[int, int]] = {}
    for index in range(count):
        record = start + 12 + 16 * index
        tag = data[record : record + 4]
        offset, length = _u32(data, record + 8), _u32(data, record + 12)
        if offset + length > len(data):
            name = tag.decode("latin-1").strip()
            raise _Broken(
                f"its {name!r} table ({length:,} bytes at {offset:,}) runs past the end of the "
                f"file ({len(data):,} bytes)"
            )
        tables[tag] = (offset, length)
    return tables


def _table(tables: dict[bytes, tuple[int, int]], tag: bytes, least: int) -> tuple[int, int]:
    """A table's (offset, length), at least ``least`` bytes long."""
    offset, length = tables[tag]
    if length < least:
        raise _Broken(f"its {tag.decode('latin-1').strip()!r} table is too short ({length} bytes)")
    return offset, length


def _glyph_count(data: bytes, tables: dict[bytes, tuple[int, int]]) -> int:
    """maxp's numGlyphs (0 without a maxp table)."""
    if b"maxp" not in tables:
        return 0
    offset, _ = _table(tables, b"maxp", 6)
    return _u16(data, offset + 4)


def _check_metrics(data: bytes, tables: dict[bytes, tuple[int, int]], glyphs: int) -> None:
    """hhea's numberOfHMetrics against the glyph count, and hmtx long enough for both."""
    if b"hhea" not in tables:
        return
    offset, _ = _table(tables, b"hhea", 36)
    metrics = _u16(data, offset + 34)
    if metrics == 0 or (glyphs and metrics > glyphs):
        raise _Broken(f"it claims {metrics:,} horizontal metrics for {glyphs:,} glyphs")
    need = 4 * metrics + 2 * max(0, glyphs - metrics)
    length = tables.get(b"hmtx", (0, 0))[1]
    if length < need:
        raise _Broken(
            f"its metrics of {glyphs:,} glyphs need {need:,} bytes of 'hmtx'; it has {length:,}"
        )


def _check_outlines(data: bytes, tables: dict[bytes, tuple[int, int]], glyphs: int) -> None:
    """The glyph count against the glyph locations (loca, with head's format) or the CFF
    outlines: every glyph takes room there."""
    if b"loca" in tables and b"head" in tables:
        head, _ = _table(tables, b"head", 54)
        size = 4 if _u16(data, head + 50) else 2
        need = (glyphs + 1) * size
        length = tables[b"loca"][1]
        if length < need:
            raise _Broken(f"its {glyphs:,} glyphs need {need:,} bytes of 'loca'; it has {length:,}")
    for tag in (b"CFF ", b"CFF2"):
        if tag in tables and glyphs > tables[tag][1]:
            name = tag.decode("latin-1").strip()
            raise _Broken(f"it claims {glyphs:,} glyphs in {tables[tag][1]:,} bytes of {name!r}")


# --- character maps ----------------------------------------------------------------------------


def _subtables(data: bytes, cmap: tuple[int, int]) -> list[tuple[int, int, int]]:
    """(platform, encoding, offset in the file) of every subtable of the cmap."""
    offset, length = cmap
    if length < 4:
        raise _Broken("its 'cmap' table is too short")
    count = _u16(data, offset + 2)
    if 4 + 8 * count > length:
        raise _Broken(f"its 'cmap' table lists {count:,} subtables it has no room for")
    out = []
    for index in range(count):
        record = offset + 4 + 8 * index
        sub = _u32(data, record + 4)
        if sub + 4 > length:
            raise _Broken("a 'cmap' subtable starts past the end of its table")
        out.append((_u16(data, record), _u16(data, record + 2), offset + sub))
    return out


def _check_cmaps(data: bytes, cmap: tuple[int, int]) -> None:
    """Every subtable's arrays inside the cmap table, and its code points added up at most
    MAX_CODE_POINTS."""
    end = cmap[0] + cmap[1]
    for _, _, start in _subtables(data, cmap):
        claimed = _code_points(data, start, end)
        if claimed > MAX_CODE_POINTS:
            raise _Broken(
                f"its character map (format {_u16(data, start)}) claims {claimed:,} code points "
                f"(at most {MAX_CODE_POINTS:,})"
            )


def _fits(start: int, size: int, end: int, what: str) -> None:
    """The ``size`` bytes from ``start`` lie inside the table ending at ``end``."""
    if size < 0 or start + size > end:
        raise _Broken(f"its character map (format {what}) runs past the end of its table")


def _code_points(data: bytes, start: int, end: int) -> int:
    """How many code points a subtable maps (as reportlab and FreeType would enumerate them),
    its arrays checked to lie inside the table."""
    fmt = _u16(data, start)
    if fmt == 0:
        _fits(start, 262, end, "0")
        return 256
    if fmt == 2:
        return _format2(data, start, end)
    if fmt == 4:
        _fits(start, 14, end, "4")
        segments = _u16(data, start + 6) // 2
        _fits(start, 16 + 8 * segments, end, "4")
        ends = struct.unpack_from(f">{segments}H", data, start + 14)
        starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
        return sum(max(0, e - s + 1) for s, e in zip(starts, ends, strict=True))
    if fmt == 6:
        _fits(start, 10, end, "6")
        count = _u16(data, start + 8)
        _fits(start, 10 + 2 * count, end, "6")
        return count
    if fmt in (8, 12, 13):
        head = 8208 if fmt == 8 else 12
        _fits(start, head + 4, end, str(fmt))
        groups = _u32(data, start + head)
        _fits(start, head + 4 + 12 * groups, end, str(fmt))
        total = 0
        for index in range(groups):
            first, last = struct.unpack_from(">II", data, start + head + 4 + 12 * index)
            total += max(0, last - first + 1)
            if total > MAX_CODE_POINTS:
                break
        return total
    if fmt == 10:
        _fits(start, 20, end, "10")
        count = _u32(data, start + 16)
        _fits(start, 20 + 2 * count, end, "10")
        return count
    if fmt == 14:
        return _format14(data, start, end)
    return 0  # a format no reader here enumerates


def _format2(data: bytes, start: int, end: int) -> int:
    """Format 2 (high-byte mapping): the code points its sub-headers claim, read both as the
    format says (key / 8) and as reportlab reads it (the key itself, an index)."""
    _fits(start, 6 + 512, end, "2")
    keys = struct.unpack_from(">256H", data, start + 6)
    records = start + 6 + 512
    _fits(records, 8 * (max(keys) + 1), end, "2")

    def count(index: int) -> int:
        return _u16(data, records + 8 * index + 2)

    by_format = sum(count(k // 8) for k in keys if k) + count(0)
    as_read = sum(count(k) for k in keys if k) + count(0)
    return max(by_format, as_read)


def _format14(data: bytes, start: int, end: int) -> int:
    """Format 14 (variation sequences): every default range and mapping counted."""
    _fits(start, 10, end, "14")
    records = _u32(data, start + 6)
    _fits(start, 10 + 11 * records, end, "14")
    total = 0
    for index in range(records):
        record = start + 10 + 11 * index
        default, special = _u32(data, record + 3), _u32(data, record + 7)
        if default:
            _fits(start + default, 4, end, "14")
            ranges = _u32(data, start + default)
            _fits(start + default, 4 + 4 * ranges, end, "14")
            for at in range(start + default + 4, start + default + 4 + 4 * ranges, 4):
                total += data[at + 3] + 1
        if special:
            _fits(start + special, 4, end, "14")
            mappings = _u32(data, start + special)
            _fits(start + special, 4 + 5 * mappings, end, "14")
            total += mappings
        if total > MAX_CODE_POINTS:
            break
    return total


#: The Unicode subtables FreeType prefers, best first: (platform, encoding).
_UNICODE = ((3, 10), (0, 6), (0, 4), (3, 1), (0, 3), (0, 2), (0, 1), (0, 0))


def _unicode_lookup(data: bytes, start: int) -> Callable[[int], int] | None:
    """code point -> glyph of the font's best Unicode subtable, or None when it has none."""
    tables = _directory(data, start)
    if b"cmap" not in tables:
        return None
    cmap = tables[b"cmap"]
    end = cmap[0] + cmap[1]
    found = {(p, e): offset for p, e, offset in _subtables(data, cmap)}
    for key in _UNICODE:
        if key in found:
            _code_points(data, found[key], end)  # its arrays inside the table
            return _lookup(data, found[key])
    return None


def _lookup(data: bytes, start: int) -> Callable[[int], int]:
    """code point -> glyph (0: none) of one subtable (formats 0, 4, 6, 10, 12, 13)."""
    fmt = _u16(data, start)
    if fmt == 0:
        return lambda c: data[start + 6 + c] if c < 256 else 0
    if fmt == 4:
        segments = _u16(data, start + 6) // 2
        ends = struct.unpack_from(f">{segments}H", data, start + 14)
        starts = struct.unpack_from(f">{segments}H", data, start + 16 + 2 * segments)
        deltas = struct.unpack_from(f">{segments}h", data, start + 16 + 4 * segments)
        ranges_at = start + 16 + 6 * segments
        ranges = struct.unpack_from(f">{segments}H", data, ranges_at)

        def four(c: int) -> int:
            i = bisect.bisect_left(ends, c)  # the segments are sorted by their ends
            if i == segments or not starts[i] <= c:
                return 0
            if ranges[i] == 0:
                return int(c + deltas[i]) & 0xFFFF
            at = ranges_at + 2 * i + ranges[i] + 2 * (c - starts[i])
            glyph = _u16(data, at) if at + 2 <= len(data) else 0
            return int(glyph + deltas[i]) & 0xFFFF if glyph else 0

        return four
    if fmt in (6, 10):
        first, count, at = (
            (_u16(data, start + 6), _u16(data, start + 8), start + 10)
            if fmt == 6
            else (_u32(data, start + 12), _u32(data, start + 16), start + 20)
        )
        return lambda c: _u16(data, at + 2 * (c - first)) if first <= c < first + count else 0
    if fmt in (12, 13):
        groups = [
            struct.unpack_from(">III", data, start + 16 + 12 * i)
            for i in range(_u32(data, start + 12))
        ]
        lasts = [last for _, last, _ in groups]

        def grouped(c: int) -> int:
            i = bisect.bisect_left(lasts, c)  # the groups are sorted
            if i == len(groups) or not groups[i][0] <= c:
                return 0
            first, _, glyph = groups[i]
            return int(glyph) + (c - int(first) if fmt == 12 else 0)

        return grouped
    return lambda c: 0


def _u16(data: bytes, at: int) -> int:
    value: int = struct.unpack_from(">H", data, at)[0]
    return value


def _u32(data: bytes, at: int) -> int:
    value: int = struct.unpack_from(">I", data, at)[0]
    return value
