"""Raster images as a printer sees them: size in pixels, colour-space family, filters, and the
highest total CMYK ink of a CMYK image (decoded within the budget).

A colour space is reduced to a family: "gray", "rgb", "cmyk", or the space's own name for the
rest (Lab, Separation, DeviceN, ...); an Indexed space is its base's family.
"""

from __future__ import annotations

import io
import warnings
from dataclasses import dataclass
from typing import Any

import numpy as np
from PIL import Image
from pypdf.generic import ArrayObject, NameObject

from .budget import Spending
from .decode import filter_chain, stream_data
from .read import PdfPartError, get, guard, number, resolve

GRAY, RGB, CMYK = "gray", "rgb", "cmyk"
_NAMED = {
    "/DeviceGray": GRAY,
    "/G": GRAY,
    "/CalGray": GRAY,
    "/DeviceRGB": RGB,
    "/RGB": RGB,
    "/CalRGB": RGB,
    "/DeviceCMYK": CMYK,
    "/CMYK": CMYK,
}
_ICC = {1: GRAY, 3: RGB, 4: CMYK}


def family(space: Any, resources: Any, depth: int = 0) -> str:
    """The family of a colour space given by name or array (a named resource looked up)."""
    space = resolve(space)
    if depth > 4 or space is None:
        return "unknown"
    if isinstance(space, str) and space in _NAMED:
        return _NAMED[space]
    if isinstance(space, str):
        found = get(get(resources, "/ColorSpace"), space)
        if found is None or found == space:
            return space.lstrip("/") or "unknown"
        return family(found, resources, depth + 1)
    if isinstance(space, ArrayObject) and space:
        head = resolve(space[0])
        if head == "/ICCBased" and len(space) > 1:
            n = number(get(space[1], "/N"))
            return _ICC.get(int(n or 0), "ICCBased")
        if head == "/Indexed" and len(space) > 1:
            return family(space[1], resources, depth + 1)
        if head in ("/CalGray", "/CalRGB"):
            return _NAMED[str(head)]
        if head == "/Separation" and len(space) > 1 and resolve(space[1]) == "/Black":
            return GRAY
        return str(head).lstrip("/")
    return "unknown"


@dataclass(frozen=True)
class ImageInfo:
    """What a printer asks about one image."""

    width: int  # pixels
    height: int
    family: str  # colour-space family ("" for a stencil mask, which takes the fill colour)
    filters: tuple[str, ...]
    soft_mask: bool  # an /SMask (or /SMaskInData): transparency

    @property
    def jpx(self) -> bool:
        """Whether the image is JPEG 2000."""
        return "/JPXDecode" in self.filters


def _filters(value: Any) -> tuple[str, ...]:
    value = resolve(value)
    if isinstance(value, ArrayObject):
        return tuple(str(resolve(v)) for v in value)
    return (str(value),) if value is not None else ()


def image_info(xobject: Any, resources: Any) -> ImageInfo:
    """An image XObject's size, family and filters; PdfPartError without a usable size."""
    width, height = number(get(xobject, "/Width")), number(get(xobject, "/Height"))
    if width is None or height is None or width < 1 or height < 1:
        raise PdfPartError("an image without a width and height")
    filters = _filters(get(xobject, "/Filter"))
    mask = bool(get(xobject, "/ImageMask"))
    if mask:
        fam = ""
    elif "/JPXDecode" in filters and get(xobject, "/ColorSpace") is None:
        fam = "JPX own colour space"
    else:
        fam = family(get(xobject, "/ColorSpace"), resources)
    smask = get(xobject, "/SMask") is not None or bool(number(get(xobject, "/SMaskInData")))
    return ImageInfo(int(width), int(height), fam, filters, smask)


def inline_info(entries: dict[str, Any], resources: Any) -> ImageInfo:
    """An inline image's size, family and filters from its dictionary (imagedata.inline_dict:
    keys and colour spaces in full)."""
    width, height = number(entries.get("/Width")), number(entries.get("/Height"))
    if width is None or height is None or width < 1 or height < 1:
        raise PdfPartError("an inline image without a width and height")
    filters = tuple(name for name, _ in filter_chain(entries.get("/Filter"), None))
    if entries.get("/ImageMask") is True:
        return ImageInfo(int(width), int(height), "", filters, False)
    space = entries.get("/ColorSpace", "/DeviceGray")
    if isinstance(space, list):
        space = ArrayObject(NameObject(v) if isinstance(v, str) else v for v in space)
    return ImageInfo(int(width), int(height), family(space, resources), filters, False)


def _decode_array(xobject: Any) -> np.ndarray | None:
    """A CMYK image's /Decode array as (low, high) rows, or None for the default."""
    decode = resolve(get(xobject, "/Decode"))
    if not isinstance(decode, ArrayObject) or len(decode) != 8:
        return None
    values = [number(v) for v in decode]
    if any(v is None for v in values):
        return None
    return np.array(values, dtype=np.float64).reshape(4, 2)


def cmyk_ink(xobject: Any, info: ImageInfo, spend: Spending) -> float:
    """The highest total ink of a CMYK image in percent (8 bits a component, Flate or DCT or
    unfiltered); PdfPartError when it cannot be read, TooComplexError past the budget."""
    if number(get(xobject, "/BitsPerComponent")) != 8:
        raise PdfPartError("a CMYK image of other than 8 bits a component")
    size = info.width * info.height * 4
    if size > spend.decompressed_room():
        spend.decompressed(size)  # raises TooComplexError
    if info.filters == ("/DCTDecode",) or info.filters == ("/DCT",):
        with guard("a CMYK JPEG image"), warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            picture = Image.open(io.BytesIO(resolve(xobject)._data))
            if picture.size != (info.width, info.height) or picture.mode != "CMYK":
                raise PdfPartError("a CMYK JPEG image whose data is not its size or CMYK")
            pixels = np.asarray(picture, dtype=np.uint8).reshape(-1, 4)
        spend.decompressed(size)
    elif "/DCTDecode" in info.filters or "/JPXDecode" in info.filters:
        raise PdfPartError(f"a CMYK image encoded with {', '.join(info.filters)}")
    else:
        data = stream_data(xobject, spend)
        if len(data) < size:
            raise PdfPartError("a CMYK image shorter than its size")
        pixels = np.frombuffer(data[:size], dtype=np.uint8).reshape(-1, 4)
    values = pixels.astype(np.float64) / 255.0
    decode = _decode_array(xobject)
    if decode is not None:
        values = decode[:, 0] + values * (decode[:, 1] - decode[:, 0])
    return float(values.sum(axis=1).max()) * 100.0 if values.size else 0.0
