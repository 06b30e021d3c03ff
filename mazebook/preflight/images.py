"""Raster images as a printer sees them: size in pixels, colour-space family and filters (the
ink of a CMYK image is measured in ``ink``).

A colour space is reduced to a family: "gray", "rgb", "cmyk", or the space's own name for the
rest (Lab, Separation, DeviceN, ...); an Indexed space is its base's family.
"""

from __future__ import annotations

from typing import Any

from pypdf.generic import ArrayObject, NameObject

from ..records import record
from .decode import filter_chain
from .read import PdfPartError, get, number, resolve

GRAY, RGB, CMYK = "gray", "rgb", "cmyk"
#: The family of a JPEG 2000 image without a /ColorSpace: its colour is in its own data.
JPX_OWN = "JPX own colour space"
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


@record
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
        fam = JPX_OWN
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
