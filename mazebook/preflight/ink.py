"""The highest total ink of a CMYK image, read as a printer's RIP reads it.

The image's filters are decoded in order, every standard one with its predictor (``decode``);
a JPEG (DCTDecode) or JPEG 2000 (JPXDecode) at the end of the chain is read by Pillow. A RIP
takes a JPEG's samples as they are stored and maps them through the image's /Decode array: an
Adobe CMYK JPEG (its APP14 marker) stores its ink inverted and carries /Decode [1 0 1 0 1 0 1 0]
to turn it back, as Photoshop and reportlab write it. Pillow inverts every CMYK JPEG it opens
(the convention for JPEG files outside PDFs), so its samples are turned back first and /Decode
then applies as for any other image. A JPEG 2000 image's colour is its own (/Decode does not
apply). An Indexed image with a CMYK base is measured by the palette entries it uses.

CCITT fax and JBIG2 data (one bit a pixel, so never CMYK ink) are not decoded: there is no
well-kept Python decoder for them, and such an image is named as not measured (NoDecoder: a
warning, not a failure). Every size is checked against the budget before any decoding.
"""

from __future__ import annotations

import io
import warnings
from collections.abc import Iterator
from typing import Any

from PIL import Image
from pypdf.generic import ArrayObject, ByteStringObject, StreamObject, TextStringObject

from ..lazy import numpy as np
from ..records import record
from .budget import Spending
from .decode import DATA_FILTERS, chain_of, decode, filter_chain, stream_data
from .lex import string_bytes
from .read import PdfPartError, get, guard, number, resolve

#: Codecs read here; the rest (CCITT fax, JBIG2) raise NoDecoder.
_PILLOW = {"/DCTDecode": "JPEG", "/JPXDecode": "JPEG 2000"}
#: Samples turned into ink at a time (bounds the floating-point copies).
_CHUNK = 1 << 20


class NoDecoder(PdfPartError):
    """Image data in a codec that is not decoded here: its ink is not measured (a warning)."""


@record
class Raster:
    """What the ink of one image is read from: its encoded data and its dictionary's facts."""

    data: bytes
    chain: list[tuple[str, Any]]  # filters in full names, with their /DecodeParms
    width: int
    height: int
    bits: int | None  # /BitsPerComponent (None: not given, as for JPEG 2000)
    space: Any  # /ColorSpace (None for a JPEG 2000 image's own)
    decode: Any  # the /Decode array, or None
    resources: Any  # where a named colour space is looked up


def xobject_raster(xobject: Any, resources: Any) -> Raster:
    """An image XObject as a Raster."""
    return Raster(
        data=resolve(xobject)._data,
        chain=chain_of(xobject),
        width=int(number(get(xobject, "/Width")) or 0),
        height=int(number(get(xobject, "/Height")) or 0),
        bits=_bits(get(xobject, "/BitsPerComponent")),
        space=get(xobject, "/ColorSpace"),
        decode=get(xobject, "/Decode"),
        resources=resources,
    )


def inline_raster(entries: dict[str, Any], data: bytes, resources: Any) -> Raster:
    """An inline image (its dictionary as imagedata.inline_dict reads it, and its data)."""
    return Raster(
        data=data,
        chain=filter_chain(entries.get("/Filter"), entries.get("/DecodeParms")),
        width=int(number(entries.get("/Width")) or 0),
        height=int(number(entries.get("/Height")) or 0),
        bits=_bits(entries.get("/BitsPerComponent")),
        space=entries.get("/ColorSpace"),
        decode=entries.get("/Decode"),
        resources=resources,
    )


def _bits(value: Any) -> int | None:
    bits = number(value)
    return None if bits is None else int(bits)


# --- the colour space ------------------------------------------------------------------------


@record
class _Layout:
    """A CMYK image's samples: 4 a pixel, or 1 (an index) with the palette's inks."""

    components: int
    palette: np.ndarray | None  # Indexed: total ink of each entry, in percent


def _layout(space: Any, resources: Any, spend: Spending, depth: int = 0) -> _Layout:
    """How a CMYK image's samples make ink; PdfPartError for a space not measured here."""
    space = resolve(space)
    if depth > 4:
        raise PdfPartError("colour spaces named within each other too deep")
    if isinstance(space, str):
        if space in ("/DeviceCMYK", "/CMYK"):
            return _Layout(4, None)
        found = get(get(resources, "/ColorSpace"), space)
        if found is not None:
            return _layout(found, resources, spend, depth + 1)
    elif isinstance(space, ArrayObject | list) and space:
        head = str(resolve(space[0]))
        if head == "/ICCBased" and len(space) > 1 and number(get(space[1], "/N")) == 4:
            return _Layout(4, None)
        if head in ("/Indexed", "/I") and len(space) >= 4:
            return _indexed(space, resources, spend, depth)
    raise PdfPartError(f"a CMYK image in a colour space not measured here ({_named(space)})")


def _named(space: Any) -> str:
    if isinstance(space, ArrayObject | list) and space:
        return str(resolve(space[0]))
    return str(space)[:40]


def _indexed(space: Any, resources: Any, spend: Spending, depth: int) -> _Layout:
    """An Indexed space over CMYK: each palette entry's total ink."""
    base = _layout(space[1], resources, spend, depth + 1)
    if base.palette is not None:
        raise PdfPartError("an Indexed colour space over another Indexed one")
    high = number(space[2])
    if high is None or not 0 <= high <= 255:
        raise PdfPartError("an Indexed colour space whose highest index is not 0 to 255")
    entries = int(high) + 1
    lookup = _lookup(space[3], spend)[: entries * 4]
    table = np.zeros(entries * 4, dtype=np.uint8)  # entries the table lacks are 0, as readers do
    table[: len(lookup)] = np.frombuffer(lookup, dtype=np.uint8)
    inks = table.reshape(entries, 4).astype(np.float64).sum(axis=1) / 255 * 100
    return _Layout(1, inks)


def _lookup(value: Any, spend: Spending) -> bytes:
    """An Indexed space's palette: a string (or an inline image's string token) or a stream."""
    value = resolve(value)
    if isinstance(value, ByteStringObject):
        return bytes(value)
    if isinstance(value, TextStringObject):
        return value.original_bytes
    if isinstance(value, bytes) and value[:1] in (b"(", b"<"):
        return string_bytes(value)
    if isinstance(value, StreamObject):
        return stream_data(value, spend)
    raise PdfPartError("an Indexed colour space without its palette")


# --- reading the samples --------------------------------------------------------------------


def image_ink(raster: Raster, spend: Spending) -> float:
    """The highest total ink of a CMYK image in percent, as a RIP reads it (see the module);
    NoDecoder for data in a codec not decoded here, PdfPartError for data that cannot be read,
    TooComplexError past the budget (its size checked before any work)."""
    width, height = raster.width, raster.height
    if width < 1 or height < 1:
        raise PdfPartError("an image without a width and height")
    codec = raster.chain[-1][0] if raster.chain else ""
    codec = "" if codec in DATA_FILTERS else codec
    own = codec == "/JPXDecode" and raster.space is None  # a JPEG 2000 image's own colour
    layout = _Layout(4, None) if own else _layout(raster.space, raster.resources, spend)
    bits = 8 if codec else raster.bits
    if bits not in (1, 2, 4, 8, 16):
        raise PdfPartError(f"an image of {bits} bits a component (1, 2, 4, 8 or 16 exist)")
    if codec and layout.components != 4:
        raise PdfPartError(f"an Indexed image in {codec.lstrip('/')} data")
    row = (width * layout.components * bits + 7) // 8
    if row * height > spend.decompressed_room():
        spend.decompressed(row * height)  # past the budget: raises before any decoding
    data = raster.data
    for index, (name, parm) in enumerate(raster.chain):
        if name in DATA_FILTERS:
            out = decode(name, data, parm, spend)
            spend.decompressed(len(out.data))
            data = out.data
        elif index != len(raster.chain) - 1:
            raise PdfPartError(f"filters after {name}, which ends an image's data")
        elif name not in _PILLOW:
            raise NoDecoder(f"{name.lstrip('/')} data, which is not decoded here")
    if codec:
        pixels = _picture(codec, data, raster, spend)
        if codec == "/JPXDecode":  # its colour is its own: no /Decode, no inversion
            return _ink(iter([pixels]), layout, 8, _decode_pairs(None, layout, 8))
        stored = (255 - pixels[i : i + _CHUNK] for i in range(0, len(pixels), _CHUNK))
        return _ink(stored, layout, 8, _decode_pairs(raster.decode, layout, 8))
    if row * height > len(data):
        raise PdfPartError("image data shorter than its width and height")
    samples = _samples(data, width, height, layout.components, bits)
    return _ink(samples, layout, bits, _decode_pairs(raster.decode, layout, bits))


def _picture(codec: str, data: bytes, raster: Raster, spend: Spending) -> np.ndarray:
    """A JPEG's or JPEG 2000 image's CMYK samples as Pillow gives them, (pixels, 4)."""
    what = _PILLOW[codec]
    with guard(f"a CMYK {what} image"), warnings.catch_warnings():
        warnings.simplefilter("error", Image.DecompressionBombWarning)
        picture = Image.open(io.BytesIO(data))
        if picture.size != (raster.width, raster.height):
            raise PdfPartError(f"a {what} image whose data is not its width and height")
        if picture.mode != "CMYK":
            if codec == "/JPXDecode" and raster.space is None:
                return np.zeros((0, 4), dtype=np.uint8)  # its own colour is not CMYK: no ink
            raise PdfPartError(f"a {what} image in a CMYK space whose data is {picture.mode}")
        pixels = np.asarray(picture, dtype=np.uint8).reshape(-1, 4)
    spend.decompressed(pixels.size)
    return pixels


def _samples(
    data: bytes, width: int, height: int, components: int, bits: int
) -> Iterator[np.ndarray]:
    """The image's samples as (pixels, components) integer arrays, a few rows at a time."""
    row = (width * components * bits + 7) // 8
    count = width * components
    step = max(1, _CHUNK // max(count, 1))
    weights = (1 << np.arange(bits - 1, -1, -1)).astype(np.uint16)
    for first in range(0, height, step):
        rows = min(step, height - first)
        block = np.frombuffer(data, dtype=np.uint8, count=rows * row, offset=first * row)
        block = block.reshape(rows, row)
        if bits == 8:
            values = block[:, :count]
        elif bits == 16:
            values = block[:, : count * 2].copy().view(">u2")
        else:
            flat = np.unpackbits(block, axis=1)[:, : count * bits]
            values = flat.reshape(rows, count, bits).astype(np.uint16) @ weights
        yield values.reshape(-1, components)


def _decode_pairs(decode: Any, layout: _Layout, bits: int) -> np.ndarray:
    """The /Decode array as (low, high) rows, one per component, or the default."""
    top = float((1 << bits) - 1)
    default = [(0.0, top)] if layout.palette is not None else [(0.0, 1.0)] * layout.components
    decode = resolve(decode)
    if not isinstance(decode, ArrayObject | list) or len(decode) != 2 * layout.components:
        return np.array(default, dtype=np.float64)
    values = [number(v) for v in decode]
    if any(v is None for v in values):
        return np.array(default, dtype=np.float64)
    return np.array(values, dtype=np.float64).reshape(layout.components, 2)


def _ink(chunks: Iterator[np.ndarray], layout: _Layout, bits: int, pairs: np.ndarray) -> float:
    """The highest total ink over the samples: each mapped through its (low, high) pair to
    the colour space's range (0 to 1, or a palette index), then summed (or looked up)."""
    top = float((1 << bits) - 1)
    low, span = pairs[:, 0], (pairs[:, 1] - pairs[:, 0]) / top
    highest = 0.0
    if layout.palette is not None:
        palette = layout.palette
        used = np.zeros(len(palette), dtype=bool)
        for chunk in chunks:
            index = np.rint(low + chunk.astype(np.float64) * span).astype(np.int64)
            used[np.unique(np.clip(index, 0, len(palette) - 1))] = True
        return float(palette[used].max()) if used.any() else 0.0
    for chunk in chunks:
        if not len(chunk):
            continue
        values = np.clip(low + chunk.astype(np.float32) * span.astype(np.float32), 0.0, 1.0)
        highest = max(highest, float(values.sum(axis=1).max()))
    return highest * 100.0
