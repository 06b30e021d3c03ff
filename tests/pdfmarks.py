"""Read START/FINISH words and the marks they name back from a built PDF, with PDFium.

Independent of the layout code: words are the PDF's text objects (their boxes as PDFium
measures them), marks are its small filled paths (an arrow is a filled triangle, a goal a
filled dot). A maze's drawing starts with stroked paths (walls, solution), then fills its two
marks, start first; its words follow, start word first. So on every page, the n-th start word
belongs to the start mark of the last maze drawn before it, and likewise the finish word.
Objects inside form XObjects (the answer key's mazes) are mapped to the page by the forms'
matrices. Coordinates are PDF points, origin at the lower left of the media box.
"""

from __future__ import annotations

import ctypes
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

Box = tuple[float, float, float, float]
MM = 72.0 / 25.4


@dataclass(frozen=True)
class WordAtMark:
    """One word on a page, with the box of the mark it should name (None: no such mark)."""

    page: int
    word: str
    box: Box
    mark: Box | None

    @property
    def distance_mm(self) -> float:
        """From the mark's centre to the nearest edge of the word's box, in mm (inf: none)."""
        if self.mark is None:
            return math.inf
        cx, cy = (self.mark[0] + self.mark[2]) / 2, (self.mark[1] + self.mark[3]) / 2
        x0, y0, x1, y1 = self.box
        dx = max(x0 - cx, 0.0, cx - x1)
        dy = max(y0 - cy, 0.0, cy - y1)
        return math.hypot(dx, dy) / MM


def _bounds(obj: object) -> Box:
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    return (left.value, bottom.value, right.value, top.value)


def _matrix(obj: object) -> tuple[float, ...]:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _apply(matrix: tuple[float, ...], box: Box) -> Box:
    a, b, c, d, e, f = matrix
    xs, ys = [], []
    for x, y in ((box[0], box[1]), (box[0], box[3]), (box[2], box[1]), (box[2], box[3])):
        xs.append(a * x + c * y + e)
        ys.append(b * x + d * y + f)
    return (min(xs), min(ys), max(xs), max(ys))


def _compose(outer: tuple[float, ...], inner: tuple[float, ...]) -> tuple[float, ...]:
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


def _text(obj: object, textpage: object) -> str:
    size = raw.FPDFTextObj_GetText(obj, textpage, None, 0)
    if size <= 2:
        return ""
    buffer = (ctypes.c_ushort * (size // 2))()
    raw.FPDFTextObj_GetText(obj, textpage, buffer, size)
    return bytes(memoryview(buffer).cast("B")[: size - 2]).decode("utf-16-le")


def _draw_mode(obj: object) -> tuple[bool, bool]:
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fill, stroke)
    return fill.value != 0, bool(stroke.value)


def _objects(
    parent: object, form: bool, matrix: tuple[float, ...], textpage: object
) -> list[tuple[str, str, Box]]:
    """(kind, text, page box) of every text and path object, in drawing order."""
    count = raw.FPDFFormObj_CountObjects(parent) if form else raw.FPDFPage_CountObjects(parent)
    out: list[tuple[str, str, Box]] = []
    for i in range(count):
        obj = raw.FPDFFormObj_GetObject(parent, i) if form else raw.FPDFPage_GetObject(parent, i)
        kind = raw.FPDFPageObj_GetType(obj)
        if kind == raw.FPDF_PAGEOBJ_FORM:
            out += _objects(obj, True, _compose(matrix, _matrix(obj)), textpage)
        elif kind == raw.FPDF_PAGEOBJ_TEXT:
            out.append(("text", _text(obj, textpage), _apply(matrix, _bounds(obj))))
        elif kind == raw.FPDF_PAGEOBJ_PATH:
            fill, stroke = _draw_mode(obj)
            out.append(
                ("fill" if fill and not stroke else "stroke", "", _apply(matrix, _bounds(obj)))
            )
    return out


def words_at_marks(pdf: Path | bytes, words: tuple[str, str]) -> list[WordAtMark]:
    """Every ``words[0]`` (start) and ``words[1]`` (finish) of the PDF with its own mark."""
    doc = pdfium.PdfDocument(pdf)
    found: list[WordAtMark] = []
    try:
        identity = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
        for index in range(len(doc)):
            page = doc[index]
            textpage = page.get_textpage()
            marks: list[Box] = []  # the marks of the maze drawn last
            fresh = False  # whether the last object was part of a maze's lines or marks
            for kind, text, box in _objects(page.raw, False, identity, textpage.raw):
                if kind == "stroke":
                    if not fresh:
                        marks = []
                    fresh = True
                elif kind == "fill" and fresh:
                    marks.append(box)
                elif kind == "text":
                    fresh = False
                    word = text.strip()
                    if word in words:
                        which = words.index(word)
                        mark = marks[which] if len(marks) > which else None
                        found.append(WordAtMark(index + 1, word, box, mark))
            textpage.close()
            page.close()
    finally:
        doc.close()
    return found


def ink_under_words(
    pdf: Path | bytes, found: list[WordAtMark], *, dpi: float = 144.0
) -> list[float]:
    """For each word of ``found`` (in order), the darkest grey (0 black .. 255 white) that the
    page's drawing, with every text removed, shows inside the word's box shrunk by 1 pt: near
    255 when the word is clear of every wall, arrow and line."""
    doc = pdfium.PdfDocument(pdf)
    darkest: list[float] = []
    try:
        for number in sorted({w.page for w in found}):
            page = doc[number - 1]
            for obj in list(page.get_objects(max_depth=0)):
                if obj.type == raw.FPDF_PAGEOBJ_TEXT:
                    page.remove_obj(obj)
            page.gen_content()
            scale = dpi / 72.0
            pixels = page.render(scale=scale, grayscale=True).to_numpy()
            height = page.get_height()
            for word in (w for w in found if w.page == number):
                x0, y0, x1, y1 = word.box
                left, right = int((x0 + 1) * scale), int((x1 - 1) * scale)
                top, bottom = int((height - y1 + 1) * scale), int((height - y0 - 1) * scale)
                darkest.append(float(pixels[top:bottom, left:right].min()))
            page.close()
    finally:
        doc.close()
    order = sorted(range(len(found)), key=lambda i: found[i].page)
    result = [0.0] * len(found)
    for position, index in enumerate(order):
        result[index] = darkest[position]
    return result
