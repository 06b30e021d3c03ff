"""Predictors undone after Flate or LZW (/DecodeParms /Predictor): TIFF predictor 2 and the
PNG predictors (10-15: each row names its own filter), with numpy.

pypdf applies no predictor after LZW at all and undoes PNG rows byte by byte in Python, so a
photo took minutes; here TIFF rows are a cumulative sum, None, Sub and Up rows are a few array
operations each, and Average and Paeth rows (each byte depends on the one decoded before it)
are undone along the image's anti-diagonals, every row and colour at once.
"""

from __future__ import annotations

from typing import Any

from ..lazy import numpy as np
from .read import PdfPartError, number, resolve

#: Colour components a predictor row may have at most (DeviceN has up to 32).
MAX_COLORS = 32
#: Bits per component a predictor takes.
BITS = (1, 2, 4, 8, 16)


def _whole(parm: Any, key: str, default: int) -> int:
    """A whole-number parameter of a /DecodeParms dictionary (``default`` when absent)."""
    parm = resolve(parm)
    value = number(parm.get(key)) if isinstance(parm, dict) else None
    if value is None:
        return default
    if value != int(value):
        raise PdfPartError(f"a predictor's {key} that is not a whole number ({value:g})")
    return int(value)


def unpredict(data: bytes, parm: Any) -> bytes:
    """``data`` (a Flate or LZW filter's output) with the predictor of ``parm`` undone; the
    data as it is without one (/Predictor 1 or none). PdfPartError for parameters PDF does not
    define."""
    predictor = _whole(parm, "/Predictor", 1)
    if predictor <= 1:
        return data
    colors = _whole(parm, "/Colors", 1)
    bits = _whole(parm, "/BitsPerComponent", 8)
    columns = _whole(parm, "/Columns", 1)
    if not 1 <= colors <= MAX_COLORS:
        raise PdfPartError(f"a predictor's /Colors must be 1 to {MAX_COLORS}, not {colors}")
    if bits not in BITS:
        raise PdfPartError(f"a predictor's /BitsPerComponent must be 1, 2, 4, 8 or 16, not {bits}")
    if not data:
        return data
    row = (columns * colors * bits + 7) // 8
    if columns < 1 or row > len(data):  # checked before any row is made: no row of gigabytes
        raise PdfPartError(f"a predictor's /Columns ({columns}) is wider than its data")
    if predictor == 2:
        return _tiff(data, colors, bits, columns, row)
    if 10 <= predictor <= 15:
        return _png(data, max(1, (colors * bits + 7) // 8), row)
    raise PdfPartError(f"predictor {predictor}, which PDF does not define")


# --- TIFF predictor 2: each sample the difference from the one to its left -------------------


def _tiff(data: bytes, colors: int, bits: int, columns: int, row: int) -> bytes:
    """Whole rows summed along each colour (modulo 2**bits); a partial last row as it is."""
    rows = len(data) // row
    if rows == 0:
        return data
    body = np.frombuffer(data, dtype=np.uint8, count=rows * row).reshape(rows, row)
    tail = data[rows * row :]
    if bits == 8:
        samples = body.reshape(rows, columns, colors)
        return np.cumsum(samples, axis=1, dtype=np.uint8).tobytes() + tail
    if bits == 16:
        wide = body.view(">u2").reshape(rows, columns, colors)
        return np.cumsum(wide, axis=1, dtype=np.uint16).astype(">u2").tobytes() + tail
    used = columns * colors * bits
    flat = np.unpackbits(body, axis=1)  # rows x (row * 8) bits, the last byte's padding kept
    weights = (1 << np.arange(bits - 1, -1, -1)).astype(np.uint16)
    samples = flat[:, :used].reshape(rows, columns, colors, bits).astype(np.uint16) @ weights
    summed = np.cumsum(samples, axis=1, dtype=np.uint16) & ((1 << bits) - 1)
    bits_out = (summed[..., None] >> np.arange(bits - 1, -1, -1)) & 1
    flat[:, :used] = bits_out.reshape(rows, used).astype(np.uint8)
    return np.packbits(flat, axis=1).tobytes() + tail


# --- PNG predictors: a filter-type byte, then the row --------------------------------------------


def _png(data: bytes, bpp: int, row: int) -> bytes:
    """Rows of ``row`` bytes after a filter-type byte, ``bpp`` bytes a pixel (a partial last row
    is padded with zeros, as readers do)."""
    stride = row + 1
    rows = -(-len(data) // stride)
    if rows == 0:
        return b""
    padded = np.zeros(rows * stride, dtype=np.uint8)
    padded[: len(data)] = np.frombuffer(data, dtype=np.uint8)
    table = padded.reshape(rows, stride)
    kinds = table[:, 0]
    if int(kinds.max()) > 4:
        raise PdfPartError(f"a PNG predictor row of filter type {int(kinds.max())} (0-4 exist)")
    raw = table[:, 1:]
    if row % bpp:  # whole pixels in a row: bpp is one byte unless a sample is 8 bits or more
        raise PdfPartError("PNG predictor rows that are not whole pixels")
    if int(kinds.max()) <= 2:
        return _simple_rows(raw, kinds, bpp).tobytes()
    return _diagonals(raw, kinds, bpp).tobytes()


def _simple_rows(raw: np.ndarray, kinds: np.ndarray, bpp: int) -> np.ndarray:
    """None, Sub and Up rows, one row at a time (each a few whole-row operations)."""
    out = np.empty_like(raw)
    above = np.zeros(raw.shape[1], dtype=np.uint8)
    for r, kind in enumerate(kinds.tolist()):
        line = raw[r]
        if kind == 1:
            line = np.cumsum(line.reshape(-1, bpp), axis=0, dtype=np.uint8).reshape(-1)
        elif kind == 2:
            line = line + above
        out[r] = line
        above = out[r]
    return out


def _diagonals(raw: np.ndarray, kinds: np.ndarray, bpp: int) -> np.ndarray:
    """Every filter type at once: a pixel depends only on the pixel to its left, above and
    above-left, so all pixels on one anti-diagonal (row + column constant) are undone together,
    each row by its own filter type."""
    rows, width = raw.shape[0], raw.shape[1] // bpp
    pixels = raw.reshape(rows, width, bpp).astype(np.int16)
    out = np.zeros((rows + 1, width + 1, bpp), dtype=np.int16)  # a zero row above, column left
    kind_of = kinds.astype(np.int16)
    for diagonal in range(rows + width - 1):
        r = np.arange(max(0, diagonal - width + 1), min(rows, diagonal + 1))
        c = diagonal - r
        left = out[r + 1, c]
        up = out[r, c + 1]
        corner = out[r, c]
        kind = kind_of[r][:, None]
        guess = np.where(kind == 1, left, np.where(kind == 2, up, 0))
        guess = np.where(kind == 3, (left + up) >> 1, guess)
        paeth = _paeth(left, up, corner)
        guess = np.where(kind == 4, paeth, guess)
        out[r + 1, c + 1] = (pixels[r, c] + guess) & 0xFF
    return out[1:, 1:].astype(np.uint8).reshape(rows, width * bpp)


def _paeth(left: np.ndarray, up: np.ndarray, corner: np.ndarray) -> np.ndarray:
    """PNG's Paeth predictor: whichever of left, up and corner is nearest left + up - corner
    (ties in that order)."""
    to_left = np.abs(up - corner)
    to_up = np.abs(left - corner)
    to_corner = np.abs(left + up - 2 * corner)
    return np.where(
        (to_left <= to_up) & (to_left <= to_corner), left, np.where(to_up <= to_corner, up, corner)
    )
