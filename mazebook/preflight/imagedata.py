"""Image data as a renderer unpacks it, measured within the budget before any renderer sees it.

A renderer (PDFium for ``mazebook preview``, a printer's RIP) unpacks some of an image's filters
whole into memory: every filter but the last, an LZW or ASCII filter even when last, and an
inline image's first filter (an inline image has no length: its data ends where that filter
stops). Only a last Flate or run-length filter is read row by row, as far as the image's size.
A few kilobytes can hide gigabytes in the filters unpacked whole, so ``unpack`` decodes them
here first, within the decompression budget (Flate, LZW and run-length output is counted;
ASCII filters cannot grow past four times their input, which the file's size bounds).

An image codec's own header may claim another size than the image's dictionary (PDFium
believes the JPEG's), so an image's size in pixels (``pixels``) is the larger of the two: a
JPEG's frame, a JPEG 2000 image's SIZ marker or JP2 header, a JBIG2 page or region, a CCITT
image's columns and rows. The same rules hold for an image XObject and an inline image.
"""

from __future__ import annotations

import re
import struct
from collections.abc import Callable
from typing import Any

from pypdf.generic import ArrayObject, StreamObject

from ..records import record
from .budget import Spending
from .decode import DATA_FILTERS, chain_of, decode, filter_chain, full_name, param
from .read import get, number, resolve

#: Image codecs: a renderer reads their own header for the image's size.
CODECS = frozenset({"/DCTDecode", "/CCITTFaxDecode", "/JBIG2Decode", "/JPXDecode"})
#: Filters a renderer reads row by row when they are an image's last (their output is bounded
#: by the image's size); every other data filter is unpacked whole.
_STREAMED = frozenset({"/FlateDecode", "/RunLengthDecode"})
#: Filters whose output can be far larger than their input: counted against the budget.
_GROWS = frozenset({"/FlateDecode", "/LZWDecode", "/RunLengthDecode"})


def unpack(data: bytes, chain: list[tuple[str, Any]], spend: Spending) -> tuple[int, int] | None:
    """Decode the filters of ``chain`` a renderer unpacks whole (counted against the budget:
    TooComplexError past it), then read the size (width, height) an image codec's header
    claims, or None when there is no codec or its header says none."""
    for index, (name, parm) in enumerate(chain):
        last = index == len(chain) - 1
        if name in CODECS:
            return codec_size(name, data, parm)
        if (last and name in _STREAMED) or name not in DATA_FILTERS:
            return None  # read row by row within the image's size, or by no renderer at all
        out = decode(name, data, parm, spend)
        if name in _GROWS:
            spend.decompressed(len(out.data))
        data = out.data
    return None


def stream_pixels(stream: Any, spend: Spending) -> int:
    """An image XObject's size in pixels as a renderer sees it (its dictionary's, or its
    codec's if larger), its filters unpacked within the budget; a soft mask or stencil mask
    it has is an image as well, and counts if larger."""
    biggest = 0
    for image in (stream, get(stream, "/SMask"), get(stream, "/Mask")):
        if not isinstance(image, StreamObject):
            continue
        declared = _area(number(get(image, "/Width")), number(get(image, "/Height")))
        claimed = unpack(image._data, chain_of(image), spend)
        biggest = max(biggest, declared, _area(*claimed) if claimed else 0)
    return biggest


def _area(width: float | None, height: float | None) -> int:
    """width x height, 0 for a size that is missing or not positive."""
    if width is None or height is None or width <= 0 or height <= 0:
        return 0
    return int(min(width, 1e12)) * int(min(height, 1e12))


# --- inline images -----------------------------------------------------------------------------

#: Inline-image keys and their full names.
INLINE_KEYS = {
    "/BPC": "/BitsPerComponent",
    "/CS": "/ColorSpace",
    "/D": "/Decode",
    "/DP": "/DecodeParms",
    "/F": "/Filter",
    "/H": "/Height",
    "/IM": "/ImageMask",
    "/I": "/Interpolate",
    "/W": "/Width",
}
#: Abbreviated colour spaces of inline images.
INLINE_SPACES = {
    "/G": "/DeviceGray",
    "/RGB": "/DeviceRGB",
    "/CMYK": "/DeviceCMYK",
    "/I": "/Indexed",
}

_TOKEN = re.compile(
    rb"<<|>>|[\[\]]|/[^\s\x00/\[\]<>(){}%]*|\((?:[^\\()]|\\.)*\)|<[0-9A-Fa-f\s]*>"
    rb"|[^\s\x00/\[\]<>(){}%]+",
    re.S,
)
#: Nesting and items read from an inline image's dictionary at most.
_MAX_DEPTH, _MAX_ITEMS = 8, 4096


def inline_dict(header: bytes) -> dict[str, Any]:
    """An inline image's dictionary (the text between BI and ID), keys and abbreviated
    colour spaces in full: names as '/Name' strings, numbers as floats, arrays as lists,
    dictionaries as dicts; what does not parse is left out."""
    tokens = [m.group() for m in _TOKEN.finditer(header)][:_MAX_ITEMS]
    tokens.append(b">>")
    found, _ = _dict_items(tokens, 0, 0)
    out = {INLINE_KEYS.get(key, key): value for key, value in found.items()}
    space = out.get("/ColorSpace")
    if isinstance(space, str):
        out["/ColorSpace"] = INLINE_SPACES.get(space, space)
    elif isinstance(space, list) and space and isinstance(space[0], str):
        space[0] = INLINE_SPACES.get(space[0], space[0])
        if len(space) > 1 and isinstance(space[1], str):
            space[1] = INLINE_SPACES.get(space[1], space[1])
    return out


def _dict_items(tokens: list[bytes], pos: int, depth: int) -> tuple[dict[str, Any], int]:
    """Key-value pairs from ``pos`` up to '>>'; (the dictionary, the position after it)."""
    found: dict[str, Any] = {}
    while pos < len(tokens) and tokens[pos] != b">>":
        key = tokens[pos]
        if not key.startswith(b"/"):
            pos += 1
            continue
        value, pos = _value(tokens, pos + 1, depth)
        found.setdefault(key.decode("latin-1"), value)
    return found, pos + 1


def _value(tokens: list[bytes], pos: int, depth: int) -> tuple[Any, int]:
    """One value at ``pos``; (the value, the position after it)."""
    if pos >= len(tokens):
        return None, pos
    token = tokens[pos]
    if depth > _MAX_DEPTH:
        return None, pos + 1
    if token == b"<<":
        return _dict_items(tokens, pos + 1, depth + 1)
    if token == b"[":
        items: list[Any] = []
        pos += 1
        while pos < len(tokens) and tokens[pos] not in (b"]", b">>"):
            item, pos = _value(tokens, pos, depth + 1)
            items.append(item)
        return items, pos + (pos < len(tokens) and tokens[pos] == b"]")
    if token.startswith(b"/"):
        return token.decode("latin-1"), pos + 1
    if token in (b"true", b"false"):
        return token == b"true", pos + 1
    if token[:1] in (b"(", b"<"):
        return token, pos + 1
    try:
        return float(token), pos + 1
    except ValueError:
        return None, pos + 1


_COMPONENTS = {
    "/DeviceGray": 1,
    "/CalGray": 1,
    "/Indexed": 1,
    "/Separation": 1,
    "/DeviceRGB": 3,
    "/CalRGB": 3,
    "/Lab": 3,
    "/DeviceCMYK": 4,
}


def components(space: Any, resources: Any, depth: int = 0) -> int:
    """How many components a colour space has (3 when it cannot be told, as PDFium
    assumes); a name that is not a device space is looked up in the resources."""
    space = resolve(space)
    if depth > 4:
        return 3
    if isinstance(space, str):
        if space in _COMPONENTS:
            return _COMPONENTS[space]
        found = get(get(resources, "/ColorSpace"), space)
        return components(found, resources, depth + 1) if found is not None else 3
    if isinstance(space, ArrayObject | list) and space:
        head = str(resolve(space[0]))
        if head == "/ICCBased" and len(space) > 1:
            n = number(get(space[1], "/N"))
            return int(n) if n in (1.0, 3.0, 4.0) else 3
        if head == "/DeviceN" and len(space) > 1 and isinstance(resolve(space[1]), list):
            return max(1, len(resolve(space[1])))
        return _COMPONENTS.get(INLINE_SPACES.get(head, head), 3)
    return 3


@record
class InlineImage:
    """What the checks read of an inline image: its dictionary, where its data ends (the
    offset in the content stream, as a renderer finds it), and its size in pixels."""

    entries: dict[str, Any]
    end: int
    pixels: int


def inline_image(
    header: bytes, data: bytes, start: int, spend: Spending, space_components: Callable[[Any], int]
) -> InlineImage:
    """Read the inline image whose dictionary is ``header`` and whose data starts at
    ``start`` of the content ``data``: its end as a renderer finds it (where its first filter
    stops; for unfiltered data, its size in bytes on), its filters unpacked within the
    budget; ``space_components`` counts a colour space's components."""
    entries = inline_dict(header)
    width = number(entries.get("/Width"))
    height = number(entries.get("/Height"))
    pixels = _area(width, height)
    chain = filter_chain(entries.get("/Filter"), entries.get("/DecodeParms"))
    claimed: tuple[int, int] | None = None
    end = start
    if not chain:
        end = min(len(data), start + _raw_size(entries, width, height, space_components))
    elif chain[0][0] in DATA_FILTERS:
        first, parm = chain[0]
        out = decode(first, data, parm, spend, start)
        if first in _GROWS:
            spend.decompressed(len(out.data))
        end = start + out.used
        claimed = unpack(out.data, chain[1:], spend)
    elif chain[0][0] in CODECS:
        claimed = codec_size(chain[0][0], data[start : start + _HEADER_BYTES], chain[0][1])
    if claimed is not None:
        pixels = max(pixels, _area(*claimed))
    return InlineImage(entries, end, pixels)


def _raw_size(
    entries: dict[str, Any],
    width: float | None,
    height: float | None,
    space_components: Callable[[Any], int],
) -> int:
    """The bytes of unfiltered image data: rows of width x components x bits, as PDFium
    counts them (an image without a colour space is a 1-bit mask)."""
    w, h = int(width or 0), int(height or 0)
    if w <= 0 or h <= 0:
        return 0
    if "/ColorSpace" in entries and not entries.get("/ImageMask"):
        bits = int(number(entries.get("/BitsPerComponent")) or 0)
        row = (w * bits * space_components(entries["/ColorSpace"]) + 7) // 8
    else:
        row = (w + 7) // 8
    return row * h


# --- codec headers -----------------------------------------------------------------------------

#: How far into a codec's data its header is looked for.
_HEADER_BYTES = 1 << 20


def codec_size(name: str, data: bytes, parm: Any) -> tuple[int, int] | None:
    """The size (width, height) an image codec's data or parameters claim, or None."""
    name = full_name(name)
    if name == "/DCTDecode":
        return jpeg_size(data)
    if name == "/JPXDecode":
        return jpx_size(data)
    if name == "/JBIG2Decode":
        return jbig2_size(data)
    if name == "/CCITTFaxDecode":
        columns = param(parm, "/Columns")
        rows = param(parm, "/Rows")
        return int(columns if columns is not None else 1728), int(rows or 0)
    return None


_SOF = frozenset({0xC0, 0xC1, 0xC2, 0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF})


def jpeg_size(data: bytes) -> tuple[int, int] | None:
    """A JPEG's frame size from its SOF marker (segments walked from the start)."""
    pos = data.find(b"\xff\xd8", 0, 16)
    if pos < 0:
        return None
    pos += 2
    end = min(len(data), _HEADER_BYTES)
    while pos + 4 <= end:
        if data[pos] != 0xFF:
            pos += 1
            continue
        marker = data[pos + 1]
        if marker == 0xFF:
            pos += 1
            continue
        if marker in _SOF and pos + 9 <= len(data):
            height, width = struct.unpack_from(">HH", data, pos + 5)
            return width, height
        if marker in (0xD9, 0xDA):  # the end, or the scan: no frame before it
            return None
        if marker == 0x01 or 0xD0 <= marker <= 0xD7:
            pos += 2
            continue
        pos += 2 + struct.unpack_from(">H", data, pos + 2)[0]
    return None


def jpx_size(data: bytes) -> tuple[int, int] | None:
    """A JPEG 2000 image's size: the larger of its JP2 header box and its SIZ marker."""
    head = data[:_HEADER_BYTES]
    sizes = []
    box = head.find(b"ihdr")
    if box >= 0 and box + 12 <= len(head):
        height, width = struct.unpack_from(">II", head, box + 4)
        sizes.append((width, height))
    siz = head.find(b"\xff\x4f\xff\x51")
    if siz >= 0 and siz + 24 <= len(head):
        xsiz, ysiz, xo, yo = struct.unpack_from(">IIII", head, siz + 8)
        sizes.append((max(0, xsiz - xo), max(0, ysiz - yo)))
    return max(sizes, key=lambda s: s[0] * s[1]) if sizes else None


#: JBIG2 segment types that begin with a region's size.
_REGIONS = frozenset({4, 6, 7, 20, 22, 23, 36, 38, 39, 40, 42, 43})
#: Segments read at most.
_MAX_SEGMENTS = 65_536


def jbig2_size(data: bytes) -> tuple[int, int] | None:
    """The largest page or region a JBIG2 stream (embedded form: segments, no file header)
    declares; a striped page of unknown height counts its width alone."""
    best: tuple[int, int] | None = None
    pos = 0
    for _ in range(_MAX_SEGMENTS):
        if pos + 6 > len(data):
            break
        number_, flags = struct.unpack_from(">IB", data, pos)
        kind = flags & 0x3F
        pos += 5
        count = data[pos] >> 5
        if count == 7:
            if pos + 4 > len(data):
                break
            count = struct.unpack_from(">I", data, pos)[0] & 0x1FFFFFFF
            pos += 4 + (count + 8) // 8
        else:
            pos += 1
        pos += count * (1 if number_ <= 256 else 2 if number_ <= 65536 else 4)
        pos += 4 if flags & 0x40 else 1
        if pos + 4 > len(data):
            break
        length = struct.unpack_from(">I", data, pos)[0]
        pos += 4
        if (kind == 48 or kind in _REGIONS) and pos + 8 <= len(data):
            width, height = struct.unpack_from(">II", data, pos)
            if height == 0xFFFFFFFF:
                height = 1
            if best is None or width * height > best[0] * best[1]:
                best = (width, height)
        if length == 0xFFFFFFFF:
            break  # a region of unknown length: the rest is its data
        pos += length
    return best
