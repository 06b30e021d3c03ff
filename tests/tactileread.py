"""Read a tactile page back from its PDF with PDFium, independent of the code that drew it:
every path (filled or stroked, its width, dash, line cap, colour and points on the page) and
every text (its words, box and colour), in PDF points with the origin at the lower left.

The tests measure the printed figures from these: braille dots (filled circles), walls
(stroked lines), the symbols (filled polygons), the answer's path (a dashed stroke).
"""

from __future__ import annotations

import ctypes
import itertools
import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from .pdfprint import object_text

Box = tuple[float, float, float, float]
Point = tuple[float, float]
MM = 72.0 / 25.4


@dataclass(frozen=True)
class Shape:
    """A path object: how it is painted and where its points land."""

    fill: bool
    stroke: bool
    width: float  # the stroke's printed width (points)
    dashed: bool
    cap: int  # 0 butt, 1 round, 2 projecting square
    fill_rgba: tuple[int, int, int, int]
    stroke_rgba: tuple[int, int, int, int]
    box: Box
    # each subpath as its points (a Bezier's control points included) and whether it has curves
    subpaths: tuple[tuple[Point, ...], ...]
    curved: bool

    @property
    def centre(self) -> Point:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    @property
    def size(self) -> Point:
        return (self.box[2] - self.box[0], self.box[3] - self.box[1])


@dataclass(frozen=True)
class Text:
    text: str
    box: Box
    rgba: tuple[int, int, int, int]


@dataclass(frozen=True)
class Page:
    number: int
    width: float
    height: float
    shapes: tuple[Shape, ...]
    texts: tuple[Text, ...]
    others: int  # images, shadings, forms: none is expected on a tactile page


def _bounds(obj: object) -> Box:
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    return (left.value, bottom.value, right.value, top.value)


def _matrix(obj: object) -> tuple[float, ...]:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _colour(getter: object, obj: object) -> tuple[int, int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    getter(obj, r, g, b, a)  # type: ignore[operator]
    return (r.value, g.value, b.value, a.value)


def _shape(obj: object) -> Shape:
    fill_mode, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fill_mode, stroke)
    a, b, c, d, e, f = _matrix(obj)
    width = ctypes.c_float()
    raw.FPDFPageObj_GetStrokeWidth(obj, width)
    subpaths: list[list[Point]] = []
    curved = False
    for i in range(raw.FPDFPath_CountSegments(obj)):
        segment = raw.FPDFPath_GetPathSegment(obj, i)
        x, y = ctypes.c_float(), ctypes.c_float()
        raw.FPDFPathSegment_GetPoint(segment, x, y)
        kind = raw.FPDFPathSegment_GetType(segment)
        point = (a * x.value + c * y.value + e, b * x.value + d * y.value + f)
        if kind == raw.FPDF_SEGMENT_MOVETO or not subpaths:
            subpaths.append([point])
        else:
            subpaths[-1].append(point)
            curved |= kind == raw.FPDF_SEGMENT_BEZIERTO
    return Shape(
        fill=fill_mode.value != 0,
        stroke=bool(stroke.value),
        width=width.value * math.sqrt(abs(a * d - b * c)),
        dashed=raw.FPDFPageObj_GetDashCount(obj) > 0,
        cap=raw.FPDFPageObj_GetLineCap(obj),
        fill_rgba=_colour(raw.FPDFPageObj_GetFillColor, obj),
        stroke_rgba=_colour(raw.FPDFPageObj_GetStrokeColor, obj),
        box=_bounds(obj),
        subpaths=tuple(tuple(s) for s in subpaths),
        curved=curved,
    )


def read_pages(pdf: Path | bytes) -> list[Page]:
    """Every page of the PDF, its paths and texts."""
    doc = pdfium.PdfDocument(pdf)
    pages: list[Page] = []
    try:
        for index in range(len(doc)):
            page = doc[index]
            textpage = page.get_textpage()
            shapes: list[Shape] = []
            texts: list[Text] = []
            others = 0
            for i in range(raw.FPDFPage_CountObjects(page.raw)):
                obj = raw.FPDFPage_GetObject(page.raw, i)
                kind = raw.FPDFPageObj_GetType(obj)
                if kind == raw.FPDF_PAGEOBJ_PATH:
                    shapes.append(_shape(obj))
                elif kind == raw.FPDF_PAGEOBJ_TEXT:
                    rgba = _colour(raw.FPDFPageObj_GetFillColor, obj)
                    texts.append(Text(object_text(obj, textpage.raw), _bounds(obj), rgba))
                else:
                    others += 1
            pages.append(
                Page(
                    index + 1,
                    page.get_width(),
                    page.get_height(),
                    tuple(shapes),
                    tuple(texts),
                    others,
                )
            )
            textpage.close()
            page.close()
    finally:
        doc.close()
    return pages


def wall_rects(shape: Shape) -> list[Box]:
    """The ink of each straight stroke of ``shape`` as a rectangle (axis-aligned lines only):
    the line's width across it, and along it half the width more at each end for square or
    round caps."""
    half = shape.width / 2
    ends = half if shape.cap in (1, 2) else 0.0
    rects = []
    for sub in shape.subpaths:
        for (x1, y1), (x2, y2) in itertools.pairwise(sub):
            if abs(x1 - x2) < 1e-3:  # vertical
                lo, hi = sorted((y1, y2))
                rects.append((x1 - half, lo - ends, x1 + half, hi + ends))
            elif abs(y1 - y2) < 1e-3:  # horizontal
                lo, hi = sorted((x1, x2))
                rects.append((lo - ends, y1 - half, hi + ends, y1 + half))
            else:
                raise AssertionError(f"a slanted wall from {(x1, y1)} to {(x2, y2)}")
    return rects


def gap(a: Box, b: Box) -> float:
    """The clear distance between two rectangles (0 when they touch or overlap)."""
    dx = max(0.0, b[0] - a[2], a[0] - b[2])
    dy = max(0.0, b[1] - a[3], a[1] - b[3])
    return math.hypot(dx, dy)


def union(boxes: list[Box]) -> Box:
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )
