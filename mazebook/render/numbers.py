"""Drawing a number path: a grid of numbered cells on a reportlab canvas, and its answer.

The grid is as large as the box allows (square cells, centred). Cells have thin grey lines
inside a black frame; START and FINISH cells have a thick black outline, their word small at
the top of the cell and the number below it. The answer lays a grey band along the path under
the numbers, which stay black and readable.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from .typeset import visual

#: Line widths (points): the cell lines, the frame, the START and FINISH outlines.
CELL_LINE, FRAME_LINE, END_LINE = 0.75, 1.5, 2.25
#: The answer band's grey and its width as a share of the cell.
BAND_GRAY, BAND_SHARE = 0.78, 0.56


@dataclass(frozen=True)
class GridFit:
    """Where a columns x rows grid lands in a box: cell size and the grid's top-left corner."""

    cell: float
    left: float
    top: float
    columns: int
    rows: int

    def corner(self, x: int, y: int) -> tuple[float, float]:
        """The lower-left corner (PDF points) of cell (x, y), y counted from the top row."""
        return self.left + x * self.cell, self.top - (y + 1) * self.cell

    def centre(self, x: int, y: int) -> tuple[float, float]:
        cx, cy = self.corner(x, y)
        return cx + self.cell / 2, cy + self.cell / 2


def fit_grid(columns: int, rows: int, x: float, y: float, width: float, height: float) -> GridFit:
    """The largest square cells that fit the box (lower-left corner x, y), grid centred, with
    room for the outlines' strokes inside the box."""
    cell = min((width - 2 * END_LINE) / columns, (height - 2 * END_LINE) / rows)
    left = x + (width - cell * columns) / 2
    top = y + height - (height - cell * rows) / 2
    return GridFit(cell, left, top, columns, rows)


def ink_box(fit: GridFit) -> list[float]:
    """[x0, y0, x1, y1] of the drawn grid, strokes included."""
    pad = END_LINE / 2
    return [
        round(fit.left - pad, 3),
        round(fit.top - fit.rows * fit.cell - pad, 3),
        round(fit.left + fit.columns * fit.cell + pad, 3),
        round(fit.top + pad, 3),
    ]


def number_size(grid: Sequence[Sequence[int]], font: str, cell: float) -> float:
    """Type size of the numbers: about half the cell, less when the widest does not fit."""
    widest = max(stringWidth(str(v), font, 1.0) for row in grid for v in row)
    return min(cell * 0.46, cell * 0.8 / max(widest, 1e-9))


def draw_number_path(
    canvas: Canvas,
    grid: Sequence[Sequence[int]],
    path: Sequence[tuple[int, int]],
    *,
    box: tuple[float, float, float, float],
    fonts: tuple[str, str],
    words: tuple[str, str] = ("START", "FINISH"),
    show_solution: bool = False,
) -> GridFit:
    """The grid in ``box`` (x, y, width, height), with START and FINISH marked and, for an
    answer, the path; ``fonts`` are (regular, bold). Returns where the grid went."""
    regular, bold = fonts
    rows, columns = len(grid), len(grid[0])
    fit = fit_grid(columns, rows, *box)
    cell = fit.cell
    canvas.saveState()
    if show_solution:
        _band(canvas, fit, path)
    canvas.setStrokeGray(0.55)
    canvas.setLineWidth(CELL_LINE)
    bottom, right = fit.top - rows * cell, fit.left + columns * cell
    for i in range(1, columns):
        canvas.line(fit.left + i * cell, bottom, fit.left + i * cell, fit.top)
    for j in range(1, rows):
        canvas.line(fit.left, fit.top - j * cell, right, fit.top - j * cell)
    canvas.setStrokeGray(0.0)
    canvas.setLineWidth(FRAME_LINE)
    canvas.rect(fit.left, bottom, columns * cell, rows * cell)
    size = number_size(grid, regular, cell)
    ends = {path[0]: words[0], path[-1]: words[1]}
    canvas.setFillGray(0.0)
    for y, row in enumerate(grid):
        for x, value in enumerate(row):
            cx, cy = fit.centre(x, y)
            if (x, y) in ends:
                _end_cell(canvas, fit, (x, y), ends[(x, y)], bold, size, value)
                continue
            canvas.setFont(bold if show_solution and (x, y) in set(path) else regular, size)
            canvas.drawCentredString(cx, cy - size * 0.35, str(value))
    canvas.restoreState()
    return fit


def _band(canvas: Canvas, fit: GridFit, path: Sequence[tuple[int, int]]) -> None:
    """The answer: a grey band through the centres of the path's cells."""
    canvas.setStrokeGray(BAND_GRAY)
    canvas.setLineWidth(fit.cell * BAND_SHARE)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    line = canvas.beginPath()
    line.moveTo(*fit.centre(*path[0]))
    for x, y in path[1:]:
        line.lineTo(*fit.centre(x, y))
    canvas.drawPath(line, stroke=1, fill=0)
    canvas.setLineCap(0)
    canvas.setLineJoin(0)


def _end_cell(
    canvas: Canvas,
    fit: GridFit,
    cell: tuple[int, int],
    word: str,
    bold: str,
    size: float,
    value: int,
) -> None:
    """START or FINISH: a thick outline, the word small at the top, the number under it."""
    x0, y0 = fit.corner(*cell)
    c = fit.cell
    canvas.setStrokeGray(0.0)
    canvas.setLineWidth(END_LINE)
    inset = END_LINE / 2
    canvas.rect(x0 + inset, y0 + inset, c - 2 * inset, c - 2 * inset)
    shown = visual(word)
    word_size = min(c * 0.24, c * 0.86 / max(stringWidth(shown, bold, 1.0), 1e-9))
    canvas.setFont(bold, word_size)
    canvas.drawCentredString(x0 + c / 2, y0 + c - END_LINE - word_size * 0.95, shown)
    number = min(size, c * 0.4)
    canvas.setFont(bold, number)
    canvas.drawCentredString(x0 + c / 2, y0 + END_LINE + c * 0.12, str(value))
