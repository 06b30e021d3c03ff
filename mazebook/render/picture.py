"""A template's own picture for a cover: an SVG (drawn as vector, through svglib) or a PNG of at
least 300 dpi where it is printed, read safely.

Reading: the file is read through mazebook.inputs (a regular file, at most MAX_PICTURE_BYTES).
A PNG's size is read from its header and capped (MAX_PICTURE_PIXELS) before a pixel is decoded;
an SVG is checked as XML first (no DOCTYPE or entities, which can expand without limit; no
scripts, embedded pictures or references to other files; at most MAX_SVG_ELEMENTS elements)
and only then converted. Every failure is a PictureError naming the file.

Drawing: for a printer that takes CMYK and grey only, colours are converted to CMYK under its
ink limit (the PNG's pixels and the SVG's colours alike); for one that takes no transparency,
a PNG's alpha and an SVG's opacities are laid over white paper first.
"""

from __future__ import annotations

import io
import math
import re
import struct
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from reportlab.pdfgen.canvas import Canvas

from ..errors import MazebookError
from ..inputs import read_input, shown
from ..records import record

if TYPE_CHECKING:
    import xml.etree.ElementTree as ET

#: The largest picture file read (bytes), and the most pixels a PNG may have (read from its
#: header before decoding): 40 megapixels is a 300 dpi picture of 21 x 21 inches.
MAX_PICTURE_BYTES = 32 * 1024 * 1024
MAX_PICTURE_PIXELS = 40_000_000
#: Pixels converted to CMYK at a time (a band of rows), to bound the memory a large PNG takes.
CMYK_BAND = 1 << 20
#: The most elements an SVG may have (a cover picture's drawing, not a map of the world).
MAX_SVG_ELEMENTS = 50_000
#: The largest SVG file read (bytes): drawing 5 MB of path data takes about 8 s and 350 MB.
MAX_SVG_BYTES = 5 * 1024 * 1024
#: The most characters of CSS in an SVG's <style> elements (its rules cost far more to apply
#: than shapes: 1 MB of them takes 6 s and 240 MB), and in one transform attribute (whose
#: reading takes time growing with the square of its length).
MAX_SVG_STYLE_CHARS = 256 * 1024
MAX_SVG_TRANSFORM_CHARS = 1_000
_TRANSFORMS = ("transform", "gradientTransform", "patternTransform")
#: The largest number an SVG's drawing may hold (a coordinate, a width, a colour's part), and
#: the most its width may be to its height or its height to its width: beyond them a picture
#: prints as nothing or writes numbers a PDF cannot hold.
MAX_SVG_NUMBER = 1e9
MAX_PICTURE_ASPECT = 50.0
#: The least resolution of a printed picture (pixels an inch, as printers ask).
MIN_DPI = 300.0

_PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_SVG_NS = "{http://www.w3.org/2000/svg}"
_XLINK_HREF = "{http://www.w3.org/1999/xlink}href"
#: Elements an SVG picture may not have: scripts, pictures inside it, other documents.
_REFUSED = {"script", "image", "foreignObject", "iframe", "video", "audio", "feImage"}
#: Text in an SVG would be set in a font the cover cannot embed: a picture's words are outlines.
_TEXT = {"text", "tspan", "textPath", "font", "font-face"}
#: A url(...) reference (left to re's own cache: compiled when an SVG picture is first read).
_URL = r"(?i)url\(\s*['\"]?([^)'\"]*)"


class PictureError(MazebookError):
    """A cover picture that cannot be read or printed."""


@record
class Picture:
    """A checked picture: its file, kind ("svg" or "png"), bytes and natural size (a PNG's in
    pixels, an SVG's in its own units: only their ratio matters for an SVG)."""

    path: Path
    kind: str
    data: bytes
    width: float
    height: float

    @property
    def name(self) -> str:
        return shown(self.path)

    @property
    def aspect(self) -> float:
        return self.width / self.height


def read_picture(path: str | Path) -> Picture:
    """The picture at ``path``, checked (see the module's docstring); PictureError naming the
    file when it cannot be used."""
    p = Path(path)
    suffix = p.suffix.lower()
    limit = MAX_SVG_BYTES if suffix == ".svg" else MAX_PICTURE_BYTES
    data = read_input(p, what="cover picture", error=PictureError, limit=limit)
    if suffix == ".png":
        width, height = _png_size(data, p)
        return Picture(p, "png", data, float(width), float(height))
    if suffix == ".svg":
        width_f, height_f = _svg_size(data, p)
        return Picture(p, "svg", data, width_f, height_f)
    raise PictureError(f"cover picture {shown(p)} must be an .svg or .png file")


def _png_size(data: bytes, path: Path) -> tuple[int, int]:
    """A PNG's width and height from its header; PictureError unless it is a PNG within the
    pixel cap."""
    if data[:8] != _PNG_SIGNATURE or data[12:16] != b"IHDR" or len(data) < 24:
        raise PictureError(f"cover picture {shown(path)} is not a PNG file")
    width, height = struct.unpack(">II", data[16:24])
    if width == 0 or height == 0:
        raise PictureError(f"cover picture {shown(path)} has no pixels ({width} x {height})")
    if width * height > MAX_PICTURE_PIXELS:
        raise PictureError(
            f"cover picture {shown(path)} is too large: {width} x {height} pixels, the limit is "
            f"{MAX_PICTURE_PIXELS:,} pixels"
        )
    return width, height


def _svg_size(data: bytes, path: Path) -> tuple[float, float]:
    """An SVG's width and height (its viewBox, else its width and height attributes), once
    it is checked as XML; PictureError for what it may not hold."""
    import xml.etree.ElementTree as ET  # here alone: a book without an SVG picture never needs it

    name = shown(path)
    if b"<!doctype" in data.lower():  # entities are declared in a DOCTYPE
        raise PictureError(
            f"cover picture {name} has a DOCTYPE or entities, which are not read (they can "
            "expand without limit); save the SVG without them"
        )
    try:
        root = ET.fromstring(data)
    except ET.ParseError as exc:
        raise PictureError(f"cover picture {name} is not readable SVG: {exc}") from None
    if root.tag not in (f"{_SVG_NS}svg", "svg"):
        raise PictureError(f"cover picture {name} is not an SVG file (its root is not <svg>)")
    style = 0
    for count, element in enumerate(root.iter(), start=1):
        if count > MAX_SVG_ELEMENTS:
            raise PictureError(
                f"cover picture {name} has more than {MAX_SVG_ELEMENTS:,} elements; simplify it"
            )
        tag = str(element.tag).rsplit("}", 1)[-1]
        style += len(element.text or "") if tag == "style" else 0
        if style > MAX_SVG_STYLE_CHARS:
            raise PictureError(
                f"cover picture {name} has more than {MAX_SVG_STYLE_CHARS:,} characters of "
                "CSS in its <style>; simplify it"
            )
        if any(len(element.get(key, "")) > MAX_SVG_TRANSFORM_CHARS for key in _TRANSFORMS):
            raise PictureError(
                f"cover picture {name} has a transform of more than "
                f"{MAX_SVG_TRANSFORM_CHARS:,} characters; simplify it"
            )
        if tag in _TEXT:
            raise PictureError(
                f"cover picture {name} has text (a <{tag}> element), which would print in a "
                "font the cover cannot embed; convert its text to outlines (paths)"
            )
        if tag in _REFUSED:
            raise PictureError(
                f"cover picture {name} has a <{tag}> element; a cover picture is drawn from "
                "its own shapes only (no scripts, embedded pictures or other documents)"
            )
        for key, value in element.attrib.items():
            outside = key in ("href", _XLINK_HREF) and not value.startswith("#")
            outside |= any(not ref.startswith("#") for ref in re.findall(_URL, value))
            if outside:
                raise PictureError(
                    f"cover picture {name} refers to another file ({value[:60]!r}); a cover "
                    "picture is drawn from its own shapes only"
                )
        if tag == "style" and any(
            not r.startswith("#") for r in re.findall(_URL, element.text or "")
        ):
            raise PictureError(f"cover picture {name} refers to another file in its <style>")
    return _natural_size(root, name)


def _natural_size(root: ET.Element, name: str) -> tuple[float, float]:
    """The SVG's own width and height: its viewBox's, else its width and height in any unit;
    PictureError for none, numbers out of range, or a shape too thin to print."""
    size = None
    box = root.get("viewBox")
    if box:
        parts = [_number(v) for v in re.split(r"[\s,]+", box.strip()) if v]
        if len(parts) == 4 and parts[2] > 0 and parts[3] > 0:
            size = (parts[2], parts[3])
    if size is None:
        sizes = []
        for key in ("width", "height"):
            match = re.match(r"\s*([0-9.eE+-]+)", root.get(key, ""))
            sizes.append(_number(match.group(1)) if match else 0.0)
        if sizes[0] > 0 and sizes[1] > 0:
            size = (sizes[0], sizes[1])
    if size is None:
        raise PictureError(f"cover picture {name} has no size (give it a viewBox)")
    width, height = size
    if max(width, height) > MAX_SVG_NUMBER:
        raise PictureError(f"cover picture {name} has a size out of range ({width:g} x {height:g})")
    if max(width / height, height / width) > MAX_PICTURE_ASPECT:
        raise PictureError(
            f"cover picture {name} is {width:g} x {height:g}: more than {MAX_PICTURE_ASPECT:g} "
            "times as wide as it is high (or high as wide) to print"
        )
    return width, height


def _number(text: str) -> float:
    """A number of the SVG's size, or NaN where it is none (NaN is no size: it fails every
    test that a size is more than 0)."""
    try:
        return float(text)
    except ValueError:
        return math.nan


def _numbers_ok(value: Any) -> bool:
    """Whether every number in an svglib attribute (a number, a list of them, a colour) is
    finite and at most MAX_SVG_NUMBER across."""
    if isinstance(value, (int, float)):
        return abs(value) <= MAX_SVG_NUMBER  # False for NaN and infinities
    if isinstance(value, (list, tuple)):
        return all(_numbers_ok(v) for v in value)
    from reportlab.lib.colors import Color

    if isinstance(value, Color):
        return all(_numbers_ok(v) for v in vars(value).values())
    return True


def _check_numbers(node: Any, name: str) -> None:
    """PictureError when a converted SVG holds a number a PDF cannot print (NaN, infinite, or
    huge: from a path, a transform, a stroke's width, a colour)."""
    stack = [node]
    while stack:
        item = stack.pop()
        for key, value in vars(item).items():
            if key != "contents" and not _numbers_ok(value):
                raise PictureError(
                    f"cover picture {name} has a number that cannot be printed (not a number, "
                    f"or more than {MAX_SVG_NUMBER:g} across) in its {key.lstrip('_')}"
                )
        stack.extend(getattr(item, "contents", None) or ())


def dpi_problem(picture: Picture, width: float, height: float) -> str | None:
    """Why a PNG printed ``width`` x ``height`` points is too coarse (under MIN_DPI), or None
    (an SVG has no resolution of its own)."""
    if picture.kind != "png":
        return None
    dpi = min(picture.width / (width / 72), picture.height / (height / 72))
    if dpi >= MIN_DPI - 1e-6:
        return None
    need_w, need_h = (round(side / 72 * MIN_DPI + 0.5) for side in (width, height))
    return (
        f"cover picture {picture.name} is {dpi:.0f} dpi where the cover prints it "
        f"({width / 72:.2f} x {height / 72:.2f} in); it needs at least {MIN_DPI:.0f} dpi: "
        f"{need_w} x {need_h} pixels or more"
    )


def check_dpi(picture: Picture, width: float, height: float) -> None:
    """PictureError (one line naming the file and its dpi) for a PNG under MIN_DPI as printed."""
    problem = dpi_problem(picture, width, height)
    if problem is not None:
        raise PictureError(problem)


Cmyk = Callable[[tuple[float, float, float]], tuple[float, float, float, float]]


def draw_picture(
    canvas: Canvas,
    picture: Picture,
    box: tuple[float, float, float, float],
    *,
    cmyk: Cmyk | None,
    flatten: bool,
) -> None:
    """The picture scaled to fill ``box`` (x, y, width, height in points: its aspect, as
    ``fit_picture`` gives it). ``cmyk``: how RGB becomes CMYK for this printer (None: RGB
    kept); ``flatten``: lay transparency over white paper."""
    if picture.kind == "png":
        _draw_png(canvas, picture, box, cmyk)
    else:
        _draw_svg(canvas, picture, box, cmyk, flatten)


def fit_picture(
    picture: Picture, box: tuple[float, float, float, float], *, align: str = "centre"
) -> tuple[float, float, float, float]:
    """The largest box of the picture's aspect inside ``box``: centred, or at its foot."""
    x, y, w, h = box
    if w / h > picture.aspect:
        width, height = h * picture.aspect, h
    else:
        width, height = w, w / picture.aspect
    left = x + (w - width) / 2
    bottom = y if align == "foot" else y + (h - height) / 2
    return (left, bottom, width, height)


def _draw_png(
    canvas: Canvas, picture: Picture, box: tuple[float, float, float, float], cmyk: Cmyk | None
) -> None:
    """Decode the PNG (its size checked already), flatten it on white and draw it."""
    import numpy as np
    from PIL import Image
    from reportlab.lib.utils import ImageReader

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("error", Image.DecompressionBombWarning)
            image: Any = Image.open(io.BytesIO(picture.data), formats=["PNG"])
            image.load()
    except (OSError, ValueError, SyntaxError, Image.DecompressionBombWarning) as exc:
        raise PictureError(f"cover picture {picture.name} cannot be read: {exc}") from None
    if image.mode in ("RGB", "L", "1") and "transparency" not in image.info:  # nothing to
        flat = image if image.mode == "RGB" else image.convert("RGB")  # lay over white
    else:  # pasted through its own alpha onto white: the same pixels as compositing on white
        rgba = image if image.mode == "RGBA" else image.convert("RGBA")
        flat = Image.new("RGB", rgba.size, (255, 255, 255))
        flat.paste(rgba, mask=rgba)
        del rgba
    del image  # each copy let go once the next is made: a 40-megapixel picture took 920 MB
    if cmyk is not None:
        pixels = np.asarray(flat, dtype=np.uint8)
        del flat
        flat = Image.fromarray(_cmyk_pixels(pixels, cmyk), mode="CMYK")
        del pixels
    x, y, w, h = box
    canvas.drawImage(ImageReader(flat), x, y, w, h)


def _cmyk_pixels(pixels: Any, cmyk: Cmyk) -> Any:
    """8-bit RGB pixels as 8-bit CMYK by ``cmyk``'s rule (the same ink limit as the cover's
    colours), through a table of the colours each band of rows uses: a band at a time, so a
    large picture never holds more than CMYK_BAND pixels in wider numbers."""
    import numpy as np

    height, width = pixels.shape[0], pixels.shape[1]
    out = np.empty((height, width, 4), dtype=np.uint8)
    rows = max(1, CMYK_BAND // max(width, 1))
    for top in range(0, height, rows):
        band = pixels[top : top + rows].astype(np.uint32)
        keys = (band[..., 0] << 16 | band[..., 1] << 8 | band[..., 2]).ravel()
        unique, inverse = np.unique(keys, return_inverse=True)
        table = np.array(
            [cmyk(((k >> 16) / 255, ((k >> 8) & 0xFF) / 255, (k & 0xFF) / 255)) for k in unique]
        )
        inks = np.round(table * 255).astype(np.uint8)
        out[top : top + rows] = inks[inverse].reshape(band.shape[0], width, 4)
    return out


def _draw_svg(
    canvas: Canvas,
    picture: Picture,
    box: tuple[float, float, float, float],
    cmyk: Cmyk | None,
    flatten: bool,
) -> None:
    """Convert the checked SVG with svglib and draw it, scaled into the box, as vector."""
    import logging

    from reportlab.graphics import renderPDF
    from svglib.svglib import svg2rlg

    quiet = logging.getLogger("svglib.svglib")
    level = quiet.level
    quiet.setLevel(logging.CRITICAL)  # its own messages: a failure is ours to report
    try:
        drawing = svg2rlg(io.BytesIO(picture.data))
    except Exception as exc:  # svglib fails in many ways on an odd SVG
        raise PictureError(f"cover picture {picture.name} cannot be drawn: {exc}") from None
    finally:
        quiet.setLevel(level)
    if drawing is None or not drawing.width or not drawing.height:
        raise PictureError(f"cover picture {picture.name} cannot be drawn (no size or no shapes)")
    _inks(drawing, cmyk, flatten)
    _check_numbers(drawing, picture.name)
    if cmyk is not None:  # the renderer starts from RGB black: its starting colours in CMYK
        from reportlab.lib.colors import CMYKColor

        black = CMYKColor(*cmyk((0.0, 0.0, 0.0)))
        for name in ("initialFillColor", "initialStrokeColor"):  # read by renderbase's state
            object.__setattr__(drawing, name, black)  # (not in Drawing's checked attributes)
    x, y, w, h = box
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(w / drawing.width, h / drawing.height)
    try:
        renderPDF.draw(drawing, canvas, 0, 0)
    except (ValueError, OverflowError, ZeroDivisionError) as exc:  # numbers checked above
        raise PictureError(f"cover picture {picture.name} cannot be drawn: {exc}") from None
    canvas.restoreState()


def _inks(node: Any, cmyk: Cmyk | None, flatten: bool) -> None:
    """Every colour of an svglib drawing made printable: opacity laid over white (``flatten``)
    and RGB as CMYK (``cmyk``)."""
    from reportlab.lib.colors import CMYKColor, Color

    for attr, alpha_attr in (("fillColor", "fillOpacity"), ("strokeColor", "strokeOpacity")):
        colour = getattr(node, attr, None)
        if isinstance(colour, Color) and not isinstance(colour, CMYKColor):
            alpha = float(getattr(node, alpha_attr, None) or 1.0) * float(colour.alpha)
            r, g, b = colour.red, colour.green, colour.blue
            if flatten and alpha < 1.0:
                r, g, b = (1 - alpha * (1 - v) for v in (r, g, b))
                setattr(node, alpha_attr, None)
                alpha = 1.0
            if cmyk is not None:
                c, m, y, k = cmyk((r, g, b))
                setattr(node, attr, CMYKColor(c, m, y, k, alpha=alpha))
            else:
                setattr(node, attr, Color(r, g, b, alpha=alpha))
    for child in getattr(node, "contents", None) or ():
        _inks(child, cmyk, flatten)
