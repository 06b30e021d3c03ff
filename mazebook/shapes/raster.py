"""Masks from pictures: a line of text drawn with a font, or a black-and-white image file.

Both become an "ink" bitmap that is cropped to its ink, fitted into the grid with its aspect
kept (centred), and averaged over each cell: a cell is inside when at least half of it is ink.
Pillow is imported here only, when such a mask is asked for.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np

from ..errors import FontError, InvalidOptionError

#: The font text masks use unless ``font`` names another TrueType/OpenType file.
DEFAULT_FONT = Path(__file__).resolve().parent.parent / "fonts" / "DejaVuSans-Bold.ttf"

#: Pixels per cell aimed at when drawing text, and the largest bitmap drawn (pixels).
TEXT_PIXELS_PER_CELL = 12
MAX_TEXT_PIXELS = 16_000_000


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


def text_mask(text: str, width: int, height: int, font: str | None = None) -> np.ndarray:
    """The text (lines split at newlines) drawn in the font and fitted into the grid."""
    from PIL import Image, ImageDraw, ImageFont

    if not isinstance(text, str) or not text.strip():
        raise InvalidOptionError(f"mask text must be a non-empty string; got {text!r}")
    path = str(DEFAULT_FONT if font is None else font)
    if not Path(path).is_file():
        raise FontError(f"the font file {path!r} for the mask text does not exist")
    try:
        probe = ImageFont.truetype(path, 100)
    except OSError as exc:
        raise FontError(f"cannot load the font {path!r} for the mask text: {exc}") from None
    draw = ImageDraw.Draw(Image.new("L", (1, 1)))
    x0, y0, x1, y1 = draw.multiline_textbbox((0, 0), text, font=probe)
    tw, th = max(1, x1 - x0), max(1, y1 - y0)
    cells_per_unit = min(width / tw, height / th) * 100  # at font size 100
    size = TEXT_PIXELS_PER_CELL * 100 / cells_per_unit
    size = min(size, 100 * (MAX_TEXT_PIXELS / (tw * th)) ** 0.5)
    font_obj = ImageFont.truetype(path, max(8, round(size)))
    x0, y0, x1, y1 = (round(v) for v in draw.multiline_textbbox((0, 0), text, font=font_obj))
    pad = 4
    picture = Image.new("L", (x1 - x0 + 2 * pad, y1 - y0 + 2 * pad), 0)
    ImageDraw.Draw(picture).multiline_text((pad - x0, pad - y0), text, fill=255, font=font_obj)
    return fit_ink(np.asarray(picture) >= 128, width, height)


def image_mask(path: str, width: int, height: int, threshold: int = 128) -> np.ndarray:
    """The dark pixels (grey below ``threshold``) of an image file, fitted into the grid.

    Transparent pixels count as white, so a black shape on a transparent PNG works too.
    """
    from PIL import Image, UnidentifiedImageError

    try:
        with Image.open(path) as img:
            img.load()
            if img.mode in ("RGBA", "LA", "PA") or "transparency" in img.info:
                rgba = img.convert("RGBA")
                white = Image.new("RGBA", rgba.size, (255, 255, 255, 255))
                white.alpha_composite(rgba)
                grey = white.convert("L")
            else:
                grey = img.convert("L")
    except FileNotFoundError:
        raise InvalidOptionError(f"the mask image {str(path)!r} does not exist") from None
    except UnidentifiedImageError:
        raise InvalidOptionError(
            f"the mask image {str(path)!r} is not an image file Pillow can read (PNG, GIF, ...)"
        ) from None
    except (OSError, ValueError) as exc:
        raise InvalidOptionError(f"cannot read the mask image {str(path)!r}: {exc}") from None
    return fit_ink(np.asarray(grey) < threshold, width, height)
