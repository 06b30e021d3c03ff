"""Read a rule maze back from a one-maze PDF page (``mazebook maze -f pdf``) with PDFium, as an
outside reader would: no mazebook code, only what the page draws.

The walls are the stroked path with the most segments; the cell is the least gap between the
grid lines its ends lie on. An arrow is a filled triangle inside the maze: its tip lies in the
cell it leads to, one step on from the cell it leaves. A door is a filled and stroked box on a
grid line: the two cells it stands between are either side of that line across its thin side,
and its letter is the text inside it. A key is a letter anywhere else inside the maze, in its
cell. START and FINISH are the two filled triangles outside the maze, START's drawn first.
The result is the JSON a tests/rulesolve.Puzzle reads.
"""

from __future__ import annotations

import ctypes
import itertools
import math
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from .pdfprint import object_text

Point = tuple[float, float]


def _matrix(obj: object) -> tuple[float, ...]:
    m = raw.FS_MATRIX()
    raw.FPDFPageObj_GetMatrix(obj, m)
    return (m.a, m.b, m.c, m.d, m.e, m.f)


def _points(obj: object) -> list[tuple[int, Point]]:
    """The path's segments as (type, point on the page)."""
    a, b, c, d, e, f = _matrix(obj)
    out = []
    for i in range(raw.FPDFPath_CountSegments(obj)):
        segment = raw.FPDFPath_GetPathSegment(obj, i)
        x, y = ctypes.c_float(), ctypes.c_float()
        raw.FPDFPathSegment_GetPoint(segment, x, y)
        kind = raw.FPDFPathSegment_GetType(segment)
        out.append((kind, (a * x.value + c * y.value + e, b * x.value + d * y.value + f)))
    return out


def _mode(obj: object) -> tuple[bool, bool]:
    fill, stroke = ctypes.c_int(), ctypes.c_int()
    raw.FPDFPath_GetDrawMode(obj, fill, stroke)
    return fill.value != 0, bool(stroke.value)


def _centre(obj: object) -> Point:
    left, bottom, right, top = (ctypes.c_float() for _ in range(4))
    raw.FPDFPageObj_GetBounds(obj, left, bottom, right, top)
    return (left.value + right.value) / 2, (bottom.value + top.value) / 2


def read_rule_maze(pdf: Path | bytes) -> dict[str, Any]:
    """The maze on the PDF's first page as maze JSON (walls, one_way, doors, keys, openings)."""
    doc = pdfium.PdfDocument(pdf)
    try:
        page = doc[0]
        textpage = page.get_textpage()
        paths: list[tuple[bool, bool, list[tuple[int, Point]]]] = []
        texts: list[tuple[str, Point]] = []
        for obj in page.get_objects(max_depth=0):
            if obj.type == raw.FPDF_PAGEOBJ_PATH:
                fill, stroke = _mode(obj.raw)
                paths.append((fill, stroke, _points(obj.raw)))
            elif obj.type == raw.FPDF_PAGEOBJ_TEXT:
                texts.append((object_text(obj.raw, textpage.raw).strip(), _centre(obj.raw)))
        textpage.close()
        page.close()
    finally:
        doc.close()
    return _rebuild(paths, texts)


def _rebuild(
    paths: list[tuple[bool, bool, list[tuple[int, Point]]]], texts: list[tuple[str, Point]]
) -> dict[str, Any]:
    walls = max((p for p in paths if p[1] and not p[0]), key=lambda p: len(p[2]))[2]
    xs = sorted({round(pt[0], 2) for _, pt in walls})
    ys = sorted({round(pt[1], 2) for _, pt in walls})
    cell = min(b - a for a, b in itertools.pairwise(xs) if b - a > 0.5)
    x0, y1 = xs[0], ys[-1]  # the top left corner (PDF y grows upward)
    width = round((xs[-1] - xs[0]) / cell)
    height = round((ys[-1] - ys[0]) / cell)

    def grid(pt: Point) -> Point:  # cell units, y down
        return (pt[0] - x0) / cell, (y1 - pt[1]) / cell

    bits = [[0] * width for _ in range(height)]
    for (_, a), (kind, b) in itertools.pairwise(walls):
        if kind != raw.FPDF_SEGMENT_LINETO:
            continue
        (ax, ay), (bx, by) = grid(a), grid(b)
        if abs(ay - by) < 1e-3:  # a horizontal run on grid line y
            y = round(ay)
            for x in range(round(min(ax, bx)), round(max(ax, bx))):
                if y < height:
                    bits[y][x] |= 1
                if y > 0:
                    bits[y - 1][x] |= 4
        else:
            x = round(ax)
            for y in range(round(min(ay, by)), round(max(ay, by))):
                if x < width:
                    bits[y][x] |= 8
                if x > 0:
                    bits[y][x - 1] |= 2

    def within(pt: Point) -> bool:
        return 0 <= pt[0] <= width and 0 <= pt[1] <= height

    one_way: list[list[int]] = []
    doors: list[tuple[list[Point], str]] = []
    marks: list[Point] = []
    for fill, stroke, points in paths:
        corners = [grid(pt) for kind, pt in points if kind != raw.FPDF_SEGMENT_BEZIERTO]
        if len(corners) > 1 and math.dist(corners[0], corners[-1]) < 1e-6:
            corners.pop()  # a closed path's last point is its first
        if fill and not stroke and len(corners) == 3:
            tip, p, q = corners
            base = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            dx, dy = tip[0] - base[0], tip[1] - base[1]
            if not within(tip):
                marks.append(tip)
                continue
            step = (round(dx / math.hypot(dx, dy)), round(dy / math.hypot(dx, dy)))
            to = (math.floor(tip[0]), math.floor(tip[1]))
            one_way.append([to[0] - step[0], to[1] - step[1], to[0], to[1]])
        elif fill and stroke and len(corners) >= 4:
            doors.append((corners[:4], ""))
    door_json = []
    taken: set[int] = set()
    for box, _ in doors:
        cx = sum(p[0] for p in box) / 4
        cy = sum(p[1] for p in box) / 4
        spans = (
            max(p[0] for p in box) - min(p[0] for p in box),
            max(p[1] for p in box) - min(p[1] for p in box),
        )
        across_x = spans[0] < spans[1]  # thin along x: the passage runs along x
        letter = ""
        for i, (text, pt) in enumerate(texts):
            tx, ty = grid(pt)
            if len(text) == 1 and abs(tx - cx) < spans[0] / 2 and abs(ty - cy) < spans[1] / 2:
                letter = text
                taken.add(i)
        if across_x:  # on the line between two cells side by side
            a = [round(cx) - 1, math.floor(cy)]
            b = [round(cx), math.floor(cy)]
        else:
            a = [math.floor(cx), round(cy) - 1]
            b = [math.floor(cx), round(cy)]
        door_json.append({"between": [a, b], "key": letter})
    keys = []
    for i, (text, pt) in enumerate(texts):
        tx, ty = grid(pt)
        if i in taken or len(text) != 1 or not text.isupper() or not within((tx, ty)):
            continue
        keys.append({"cell": [math.floor(tx), math.floor(ty)], "key": text})
    start, finish = marks[0], marks[1]

    def opening(pt: Point) -> list[int]:
        """The cell of the outer wall a mark just outside it stands by."""
        x = min(max(math.floor(pt[0]), 0), width - 1)
        y = min(max(math.floor(pt[1]), 0), height - 1)
        return [x, y]

    entrance, exit_ = opening(start), opening(finish)
    return {
        "width": width,
        "height": height,
        "walls": bits,
        "one_way": one_way,
        "doors": door_json,
        "keys": keys,
        "entrance": entrance,
        "exit": exit_,
    }
