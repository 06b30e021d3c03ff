"""What a PDF prints, measured with PDFium: every text run, stroke and fill, in page points.

Independent of the layout code: each object's size is read from the PDF and carried through
every matrix on its way to the page (the object's own, and those of the forms that hold it: a
book's answers are forms), so a 9 pt word scaled by 2 reads as 18 pt and a 0.02-unit line in a
maze drawn at 50 points a cell reads as 1 pt. Objects come in drawing order, page by page.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

Box = tuple[float, float, float, float]
Matrix = tuple[float, float, float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


@dataclass(frozen=True)
class Printed:
    """One object on a page: ``kind`` "text", "stroke", "fill" or "image"; ``box`` its bounds
    (page points); for text its words, size (points), font name and whether its font is bold;
    for a stroke its width (points); ``colour`` its fill (text, fill) or stroke colour, RGB
    0..255."""

    page: int
    kind: str
    box: Box
    text: str = ""
    size: float = 0.0
    bold: bool = False
    font: str = ""
    width: float = 0.0
    colour: tuple[int, int, int] = (0, 0, 0)


def _matrix(obj: object) -> Matrix:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _compose(outer: Matrix, inner: Matrix) -> Matrix:
    """The matrix doing ``inner`` first, then ``outer``."""
    a, b, c, d, e, f = inner
    A, B, C, D, E, F = outer
    return (
        a * A + b * C,
        a * B + b * D,
        c * A + d * C,
        c * B + d * D,
        e * A + f * C + E,
        e * B + f * D + F,
    )


def _scale(m: Matrix) -> float:
    """How much a matrix scales lengths (the square root of its determinant)."""
    return math.sqrt(abs(m[0] * m[3] - m[1] * m[2]))


def _apply(m: Matrix, box: Box) -> Box:
    a, b, c, d, e, f = m
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[0], box[3]), (box[2], box[1]), (box[2], box[3])):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _bounds(obj: object) -> Box:
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    return (left.value, bottom.value, right.value, top.value)


def _colour(obj: object, stroke: bool) -> tuple[int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    get = raw.FPDFPageObj_GetStrokeColor if stroke else raw.FPDFPageObj_GetFillColor
    get(obj, r, g, b, a)
    return (r.value, g.value, b.value)


def object_text(obj: object, textpage: object) -> str:
    """The text of a PDF text object, as pdfium reads it (its UTF-16, the terminator left out);
    the test readers of print, rule mazes and tactile pages share it."""
    size = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    if size <= 2:
        return ""
    buffer = (ctypes.c_ushort * (size // 2))()
    raw.FPDFTextObj_GetText(obj, textpage, buffer, size)
    return bytes(memoryview(buffer).cast("B")[: size - 2]).decode("utf-16-le")


def _font_size(obj: object) -> float:
    size = ctypes.c_float()
    raw.FPDFTextObj_GetFontSize(obj, size)
    return float(size.value)


def _font_name(obj: object) -> str:
    font = raw.FPDFTextObj_GetFont(obj)
    length = raw.FPDFFont_GetBaseFontName(font, None, 0)
    buffer = ctypes.create_string_buffer(max(1, length))
    raw.FPDFFont_GetBaseFontName(font, buffer, length)
    return str(buffer.value.decode("latin-1"))


def _bold(obj: object) -> bool:
    font = raw.FPDFTextObj_GetFont(obj)
    return "bold" in _font_name(obj).lower() or raw.FPDFFont_GetWeight(font) >= 600


def _stroke_width(obj: object) -> float:
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj, width)
    return float(width.value)


def _objects(
    parent: object, form: bool, outer: Matrix, textpage: object, page: int
) -> list[Printed]:
    count = raw.FPDFFormObj_CountObjects(parent) if form else raw.FPDFPage_CountObjects(parent)
    out: list[Printed] = []
    for i in range(count):
        obj = raw.FPDFFormObj_GetObject(parent, i) if form else raw.FPDFPage_GetObject(parent, i)
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            out += _objects(obj, True, _compose(outer, _matrix(obj)), textpage, page)
            continue
        box = _apply(outer, _bounds(obj))
        if kind == raw.FPDF_PAGEOBJ_TEXT:
            size = _font_size(obj) * _scale(_compose(outer, _matrix(obj)))
            out.append(
                Printed(
                    page,
                    "text",
                    box,
                    text=object_text(obj, textpage),
                    size=round(size, 3),
                    bold=_bold(obj),
                    font=_font_name(obj),
                    colour=_colour(obj, False),
                )
            )
        elif kind == raw.FPDF_PAGEOBJ_PATH:
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            raw.FPDFPath_GetDrawMode(obj, fill, stroke)
            if stroke.value:
                width = _stroke_width(obj) * _scale(_compose(outer, _matrix(obj)))
                colour = _colour(obj, True)
                out.append(Printed(page, "stroke", box, width=round(width, 4), colour=colour))
            elif fill.value:
                out.append(Printed(page, "fill", box, colour=_colour(obj, False)))
        elif kind == raw.FPDF_PAGEOBJ_IMAGE:
            out.append(Printed(page, "image", box))
    return out


def printed(pdf: Path | bytes) -> list[list[Printed]]:
    """Every page's objects, in drawing order."""
    doc = pdfium.PdfDocument(pdf)
    pages: list[list[Printed]] = []
    try:
        for index in range(len(doc)):
            page = doc[index]
            textpage = page.get_textpage()
            pages.append(_objects(page.raw, False, IDENTITY, textpage.raw, index + 1))
            textpage.close()
            page.close()
    finally:
        doc.close()
    return pages


def trim_boxes(pdf: Path | bytes) -> list[Box]:
    """Every page's trim box (its media box where it has none)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        return [tuple(doc[i].get_trimbox()) for i in range(len(doc))]  # type: ignore[misc]
    finally:
        doc.close()
