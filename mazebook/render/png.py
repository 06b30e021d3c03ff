"""PNG pictures of PDF pages, rasterized by PDFium (pypdfium2): single mazes and book previews.

Why PDFium rather than drawing the geometry again with Pillow: the PNG then shows exactly what
the PDF prints (fonts, arrows, grey solution, arcs) with no second renderer to keep in step,
and pypdfium2 ships binary wheels for every platform. PDFium may not be entered by two threads
at once, so every call here holds one lock.
"""

from __future__ import annotations

import io
import threading
from collections.abc import Iterable, Iterator
from pathlib import Path

import pypdfium2 as pdfium
from PIL import Image

from ..errors import MazebookError
from ..lazy import numpy as np
from .dpi import DEFAULT_DPI, check_dpi

#: The largest picture made, in pixels (a letter page at 600 dpi is 33.7M).
MAX_PIXELS = 40_000_000

_LOCK = threading.Lock()


def page_count(pdf: bytes | Path, *, name: str = "the PDF") -> int:
    """How many pages the PDF has; MazebookError naming ``name`` if PDFium cannot read it."""
    with _LOCK:
        doc = _open(pdf, name)
        try:
            return len(doc)
        finally:
            doc.close()


def pdf_pages_png(
    pdf: bytes | Path, pages: Iterable[int], *, dpi: int, name: str = "the PDF"
) -> Iterator[tuple[int, bytes]]:
    """(page number, PNG bytes) for each 1-based page asked for, in greyscale at ``dpi``.

    Raises MazebookError naming ``name`` for a file that is not a readable PDF, a page it
    does not have, or a picture of more than MAX_PIXELS.
    """
    check_dpi(dpi)
    wanted = list(pages)
    with _LOCK:
        doc = _open(pdf, name)
        try:
            count = len(doc)
            pictures: list[tuple[int, bytes]] = []
            for number in wanted:
                if not 1 <= number <= count:
                    raise MazebookError(f"{name} has no page {number} (it has {count})")
                try:
                    page = doc[number - 1]
                except pdfium.PdfiumError as exc:  # e.g. a page tree that lists itself
                    raise MazebookError(f"page {number} of {name} cannot be read ({exc})") from None
                pictures.append((number, _page_png(page, dpi, name, number)))
        finally:
            doc.close()
    yield from pictures


def pdf_png(pdf: bytes, *, dpi: int = DEFAULT_DPI) -> bytes:
    """The first page of a PDF as one PNG (the single-maze picture)."""
    return next(pdf_pages_png(pdf, [1], dpi=dpi))[1]


def ink_png(pdf: bytes, *, dpi: int, margin: float = 0.0, name: str = "the drawing") -> bytes:
    """The first page of a PDF as a grey PNG with an alpha channel: transparent where there is
    no ink, its ink as PDFium draws it (edges partly covered), cut to the ink's box with
    ``margin`` points kept round it (an asset pack's puzzle picture). The drawing must be grey
    (mazebook's puzzles are): the grey is read from its red channel."""
    check_dpi(dpi)
    with _LOCK:
        doc = _open(pdf, name)
        try:
            page = doc[0]
            try:
                width, height = page.get_size()
                scale = dpi / 72.0
                if width * scale * height * scale > MAX_PIXELS:
                    raise MazebookError(
                        f"{name} at {dpi} dpi would be over {MAX_PIXELS // 1_000_000}M pixels; "
                        "use a lower --dpi"
                    )
                bitmap = page.render(
                    scale=scale,
                    fill_color=(255, 255, 255, 0),  # no ink: fully transparent
                    draw_annots=False,
                    rev_byteorder=True,  # RGBA, not BGRA
                )
                grey_alpha = _cut_to_ink(bitmap.to_numpy(), round(margin * scale))
            finally:
                page.close()
        finally:
            doc.close()
    buf = io.BytesIO()
    Image.fromarray(grey_alpha, mode="LA").save(
        buf, format="PNG", compress_level=ASSET_COMPRESSION, dpi=(dpi, dpi)
    )
    return buf.getvalue()


def _cut_to_ink(rgba: np.ndarray, pad: int) -> np.ndarray:
    """Grey and alpha of an RGBA picture, cut to the box of its ink with ``pad`` pixels round
    it (copied, so the picture's own buffer may go)."""
    alpha = rgba[:, :, 3]
    rows, columns = np.flatnonzero(alpha.any(axis=1)), np.flatnonzero(alpha.any(axis=0))
    if len(rows):
        y0, y1 = max(0, rows[0] - pad), min(alpha.shape[0], rows[-1] + 1 + pad)
        x0, x1 = max(0, columns[0] - pad), min(alpha.shape[1], columns[-1] + 1 + pad)
        rgba = rgba[y0:y1, x0:x1]
    return np.ascontiguousarray(rgba[:, :, [0, 3]])


#: zlib level of the asset pack's pictures: from 4 zlib matches lazily, files a third the size
#: of level 1's for twice its time; 6 (Pillow's default) gains nothing more on line drawings.
ASSET_COMPRESSION = 4


def _open(pdf: bytes | Path, name: str) -> pdfium.PdfDocument:
    """A PDFium document of bytes or a file; MazebookError if it is not a PDF."""
    try:
        return pdfium.PdfDocument(pdf if isinstance(pdf, bytes) else str(pdf))
    except (pdfium.PdfiumError, OSError) as exc:
        raise MazebookError(f"{name} is not a PDF that can be read ({exc})") from None


def _page_png(page: pdfium.PdfPage, dpi: int, name: str, number: int) -> bytes:
    """One page at ``dpi`` as a greyscale PNG (the page is closed afterwards)."""
    width, height = page.get_size()
    scale = dpi / 72.0
    try:
        if width * scale * height * scale > MAX_PIXELS:
            raise MazebookError(
                f"page {number} of {name} at {dpi} dpi would be over "
                f"{MAX_PIXELS // 1_000_000}M pixels; use a lower --dpi"
            )
        try:
            bitmap = page.render(scale=scale, grayscale=True, draw_annots=False)
        except pdfium.PdfiumError as exc:
            raise MazebookError(f"page {number} of {name} cannot be drawn ({exc})") from None
        image = bitmap.to_pil().convert("L")
    finally:
        page.close()
    buf = io.BytesIO()
    image.save(buf, format="PNG", compress_level=6, dpi=(dpi, dpi))
    return buf.getvalue()
