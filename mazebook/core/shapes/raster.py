"""Masks from pictures: a line of text drawn with a font, or a black-and-white image file.

Both become an "ink" bitmap that is cropped to its ink, fitted into the grid with its aspect
kept (centred), and averaged over each cell: a cell is inside when at least half of it is ink.
Pillow is imported here only, when such a mask is asked for; files are read through
mazebook.inputs (regular files only), and every Pillow or FreeType failure becomes a
MazebookError here, in the one function that calls each.
"""

from __future__ import annotations

import contextlib
import functools
import io
import unicodedata
import warnings
from collections.abc import Iterator
from typing import TYPE_CHECKING

from ...errors import FontError, InvalidOptionError, MazebookError
from ...fontfile import check_font, unmapped
from ...inputs import input_version, read_input, shown
from ...lazy import numpy as np
from ...packaged import HOME

if TYPE_CHECKING:
    from PIL import ImageFont
    from PIL.Image import Image as PILImage

#: The font text masks use unless ``font`` names another TrueType/OpenType file.
DEFAULT_FONT = HOME / "fonts" / "DejaVuSans-Bold.ttf"

#: Pixels per cell aimed at when drawing text, and the largest bitmap drawn (pixels).
TEXT_PIXELS_PER_CELL = 12
MAX_TEXT_PIXELS = 16_000_000

#: The largest image a mask is made from (pixels), read from the file's header before it is
#: decoded: 25 megapixels (e.g. 5000 x 5000) is far more than a 1000 x 1000-cell mask needs.
MAX_IMAGE_PIXELS = 25_000_000

#: The longest mask text (characters).
MAX_MASK_TEXT = 1000


def fit_ink(ink: np.ndarray, width: int, height: int) -> np.ndarray:
    """Crop an (h, w) boolean ink bitmap to its ink and fit it into width x height cells."""
    from PIL import Image

    rows = np.flatnonzero(ink.any(axis=1))
    cols = np.flatnonzero(ink.any(axis=0))
    if len(rows) == 0:
        return np.zeros((height, width), dtype=bool)
    ink = ink[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1]
    ih, iw = ink.shape
    scale = min(width / iw, height / ih)
    fw = min(width, max(1, round(iw * scale)))
    fh = min(height, max(1, round(ih * scale)))
    picture = Image.fromarray(np.where(ink, 255, 0).astype(np.uint8))
    cover = np.asarray(picture.resize((fw, fh), Image.Resampling.BOX)) >= 128
    out = np.zeros((height, width), dtype=bool)
    top, left = (height - fh) // 2, (width - fw) // 2
    out[top : top + fh, left : left + fw] = cover
    return out


def _detail(exc: BaseException) -> str:
    """A library exception as a few words on one line."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= 200 else text[:197] + "..."


def _invisible(ch: str) -> bool:
    """A control character or a lone surrogate (drawn as a missing-glyph box, if at all)."""
    return unicodedata.category(ch) in ("Cc", "Cs")


#: A code point no font maps (a noncharacter): drawn, it shows the font's missing glyph.
_NO_CHARACTER = "\U0010ffff"


def _missing_glyphs(font: ImageFont.FreeTypeFont, text: str) -> list[str]:
    """The characters of ``text`` that the font draws as its missing-glyph box (those it has
    no glyph for); none when the font's missing glyph is blank."""
    notdef = font.getmask(_NO_CHARACTER)
    if notdef.getbbox() is None:
        return []
    box = bytes(notdef)
    return [
        ch
        for ch in dict.fromkeys(text)
        if not ch.isspace()
        and (mask := font.getmask(ch)).size == notdef.size
        and bytes(mask) == box
    ]


def text_mask(text: str, width: int, height: int, font: str | None = None) -> np.ndarray:
    """The text (lines split at newlines) drawn in the font and fitted into the grid.

    The same text, size and font file (by path, modification time and size) are drawn once.
    """
    if not isinstance(text, str) or not text.strip():
        raise InvalidOptionError(f"mask text must be a non-empty string; got {text!r}")
    if len(text) > MAX_MASK_TEXT:
        raise InvalidOptionError(
            f"mask text is {len(text):,} characters long; the limit is {MAX_MASK_TEXT:,}"
        )
    control = [ch for ch in dict.fromkeys(text) if ch != "\n" and _invisible(ch)]
    if control:
        named = ", ".join(f"U+{ord(ch):04X}" for ch in control[:5])
        raise InvalidOptionError(
            f"mask text holds control characters ({named}), which no font draws; use letters "
            "(lines split at newlines)"
        )
    if font is None:
        key: tuple[str, int, int] = (str(DEFAULT_FONT), 0, 0)
    else:
        path, mtime, size = input_version(font, what="font file", error=FontError)
        key = (str(path), mtime, size)
    return _text_mask(text, width, height, key).copy()


@functools.lru_cache(maxsize=8)
def _text_mask(text: str, width: int, height: int, key: tuple[str, int, int]) -> np.ndarray:
    """The one place FreeType (through Pillow) reads a font and draws text, once the font's
    structure is checked (mazebook.fontfile): FontError on any failure (a corrupt font may
    fail only while a glyph is drawn: "invalid outline"). A letter is missing when the font's
    Unicode character map lacks it (an empty map lacks every letter), or draws as its
    missing-glyph box."""
    from PIL import Image, ImageDraw, ImageFont

    path = key[0]
    data = read_input(path, what="font file", error=FontError)
    label = shown(path)
    check_font(data, label)  # before FreeType reads a table of it
    try:
        probe = ImageFont.truetype(io.BytesIO(data), 100)
        missing = unmapped(data, text) or _missing_glyphs(
            ImageFont.truetype(io.BytesIO(data), 24), text
        )
        if missing:
            raise FontError(
                f"the font {label} has no letter for {''.join(missing[:10])!r} of the mask text"
            )
        draw = ImageDraw.Draw(Image.new("L", (1, 1)))
        x0, y0, x1, y1 = draw.multiline_textbbox((0, 0), text, font=probe)
        tw, th = max(1, x1 - x0), max(1, y1 - y0)
        cells_per_unit = min(width / tw, height / th) * 100  # at font size 100
        size = TEXT_PIXELS_PER_CELL * 100 / cells_per_unit
        size = min(size, 100 * (MAX_TEXT_PIXELS / (tw * th)) ** 0.5)
        font_obj = ImageFont.truetype(io.BytesIO(data), max(8, round(size)))
        x0, y0, x1, y1 = (round(v) for v in draw.multiline_textbbox((0, 0), text, font=font_obj))
        pad = 4
        box = (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad)
        if box[0] * box[1] > 4 * MAX_TEXT_PIXELS:
            raise InvalidOptionError(f"the mask text drawn with the font {label} is too large")
        picture = Image.new("L", box, 0)
        ImageDraw.Draw(picture).multiline_text((pad - x0, pad - y0), text, fill=255, font=font_obj)
        ink = np.asarray(picture) >= 128
    except (MazebookError, MemoryError):  # running out of memory is not the file's fault
        raise
    except Exception as exc:  # FreeType and Pillow fail in many ways on a corrupt font
        raise FontError(
            f"cannot draw the mask text with the font {label}: {_detail(exc)}"
        ) from None
    return fit_ink(ink, width, height)


def image_mask(path: str, width: int, height: int, threshold: int = 128) -> np.ndarray:
    """The dark pixels (grey below ``threshold``) of an image file, fitted into the grid.

    Transparent pixels count as white, so a black shape on a transparent PNG works too. The
    image is decoded once per file version (path, modification time, size) and threshold.
    """
    p, mtime, size = input_version(path, what="mask image", error=InvalidOptionError)
    ink = _image_ink(str(p), mtime, size, threshold)
    return fit_ink(ink, width, height)


def image_size(path: str) -> tuple[int, int]:
    """Width and height of an image file from its header, without decoding its pixels (for a
    caller with a smaller cap of its own, e.g. the web app); errors as ``image_mask``'s."""
    data = read_input(path, what="mask image", error=InvalidOptionError)
    with _opened_image(data, shown(path)) as img:
        size: tuple[int, int] = img.size
    return size


@functools.lru_cache(maxsize=4)
def _image_ink(path: str, mtime: int, size: int, threshold: int) -> np.ndarray:
    """The one place Pillow decodes an image: the size in its header is checked against
    MAX_IMAGE_PIXELS first, and any failure is an InvalidOptionError naming the file."""
    from PIL import Image

    data = read_input(path, what="mask image", error=InvalidOptionError)
    label = shown(path)
    with _opened_image(data, label) as img:
        w, h = img.size
        if w * h > MAX_IMAGE_PIXELS:
            raise _too_large(label, w, h)
        img.load()
        if img.mode in ("RGBA", "LA", "PA") or "transparency" in img.info:
            rgba = img.convert("RGBA")
            white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
            white.alpha_composite(rgba)
            grey = white.convert("L")
        else:
            grey = img.convert("L")
        ink = np.asarray(grey) < threshold
    return _crop(ink)


@contextlib.contextmanager
def _opened_image(data: bytes, label: str) -> Iterator[PILImage]:
    """The image of ``data``, opened by Pillow (its header read, pixels not yet decoded; the
    size is checked against our own cap, not Pillow's); every failure inside the block is an
    InvalidOptionError naming ``label``."""
    from PIL import Image, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            img = Image.open(io.BytesIO(data))
        with img:
            yield img
    except (MazebookError, MemoryError):  # running out of memory is not the file's fault
        raise
    except UnidentifiedImageError:
        raise InvalidOptionError(
            f"the mask image {label} is not an image file Pillow can read (PNG, GIF, ...)"
        ) from None
    except Image.DecompressionBombError:
        raise InvalidOptionError(
            f"the mask image {label} is larger than {MAX_IMAGE_PIXELS:,} pixels (the limit)"
        ) from None
    except Exception as exc:  # Pillow's decoders fail in many ways on a corrupt file
        raise InvalidOptionError(f"cannot read the mask image {label}: {_detail(exc)}") from None


def _too_large(label: str, w: int, h: int) -> InvalidOptionError:
    return InvalidOptionError(
        f"the mask image {label} is {w} x {h} = {w * h:,} pixels; the limit is "
        f"{MAX_IMAGE_PIXELS:,} pixels (scale it down: a mask needs at most a few pixels a cell)"
    )


def _crop(ink: np.ndarray) -> np.ndarray:
    """The ink bitmap cut to the rows and columns that hold ink (unchanged when there is none)."""
    rows = np.flatnonzero(ink.any(axis=1))
    cols = np.flatnonzero(ink.any(axis=0))
    if len(rows) == 0:
        return ink[:1, :1] & False
    cropped: np.ndarray = ink[rows[0] : rows[-1] + 1, cols[0] : cols[-1] + 1].copy()
    cropped.flags.writeable = False
    return cropped
