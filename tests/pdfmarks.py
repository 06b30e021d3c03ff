"""Read START/FINISH words and the marks they name back from a built PDF, with PDFium.

Independent of the layout code: words are the PDF's text objects (their boxes as PDFium
measures them), marks are its small filled paths (an arrow is a filled triangle, a goal a
filled dot). A maze's drawing starts with stroked paths (walls, solution), then fills its two
marks, start first; its words follow, start word first. So on every page, the n-th start word
belongs to the start mark of the last maze drawn before it, and likewise the finish word;
that maze's lines (its walls, a number path's grid: every stroke but an answer's solution)
bound the maze the word must stay out of. Objects inside form XObjects (the answer key's mazes)
are mapped to the page by the forms' matrices (tests/pdfprint.py). Coordinates are PDF
points, origin at the lower left of the media box.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

import pypdfium2 as pdfium
import pypdfium2.raw as raw

from .pdfprint import Printed, printed

Box = tuple[float, float, float, float]
MM = 72.0 / 25.4


@dataclass(frozen=True)
class WordAtMark:
    """One word on a page, with the box of the mark it should name (None: no such mark), its
    size (points) and the box of the maze it belongs to (its walls: every line of the maze
    but an answer's solution; None: no maze drawn before it)."""

    page: int
    word: str
    box: Box
    mark: Box | None
    size: float = 0.0
    maze: Box | None = None

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

    @property
    def outside(self) -> bool:
        """Whether the word's box stays clear of its maze's box (walls, arcs, a grid)."""
        if self.maze is None:
            return False
        x0, y0, x1, y1 = self.box
        m = self.maze
        return x1 <= m[0] or x0 >= m[2] or y1 <= m[1] or y0 >= m[3]

    @property
    def in_line(self) -> bool:
        """Whether the word is level with its mark (their heights overlap), above or below it
        (their widths overlap), or within 6 mm of the mark's centre."""
        if self.mark is None:
            return False
        x0, y0, x1, y1 = self.box
        m = self.mark
        level = y0 < m[3] and m[1] < y1
        above = x0 < m[2] and m[0] < x1
        return level or above or self.distance_mm <= 6.0


def words_at_marks(pdf: Path | bytes, words: tuple[str, str]) -> list[WordAtMark]:
    """Every ``words[0]`` (start) and ``words[1]`` (finish) of the PDF with its own mark, its
    size and its maze's box (tests/pdfprint.py reads the objects)."""
    found: list[WordAtMark] = []
    for objects in printed(pdf):
        marks: list[Box] = []  # the marks of the maze drawn last
        strokes: list[Printed] = []  # and its lines
        fresh = False  # whether the last object was part of a maze's lines or marks
        for obj in objects:
            if obj.kind == "stroke":
                if not fresh:
                    marks, strokes = [], []
                fresh = True
                strokes.append(obj)
            elif obj.kind == "fill" and fresh:
                marks.append(obj.box)
            elif obj.kind == "text":
                fresh = False
                word = obj.text.strip()
                if word in words:
                    which = words.index(word)
                    mark = marks[which] if len(marks) > which else None
                    maze = maze_box(strokes)
                    found.append(WordAtMark(obj.page, word, obj.box, mark, obj.size, maze))
    return found


def maze_box(strokes: list[Printed]) -> Box | None:
    """The box of a maze's lines: every stroke but a solution (the widest line of a maze
    drawn in two colours: a solution is wider than the walls and of another grey), which
    runs on past the openings to the arrows."""
    if not strokes:
        return None
    kept = strokes
    if len({s.colour for s in strokes}) > 1:
        widest = max(strokes, key=lambda s: s.width)
        kept = [s for s in strokes if s is not widest] or strokes
    return (
        min(s.box[0] for s in kept),
        min(s.box[1] for s in kept),
        max(s.box[2] for s in kept),
        max(s.box[3] for s in kept),
    )


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
