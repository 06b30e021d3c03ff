"""Drawing a number path: a grid of numbered cells on a reportlab canvas, and its answer.

The grid is as large as the box allows (square cells, centred). Cells have thin grey lines
inside a black frame; START and FINISH cells have a thick black outline and their number in
bold; their words stand outside the grid beyond the nearest edge, each with a small pointer at
its cell's row or column (geometry.labels.grid_words). The answer lays a grey band along the
path under the numbers, which stay black and readable.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..geometry.labels import GridWord, grid_words
from ..records import record
from .fasttext import draw_centred_string, draw_string
from .typeset import visual

#: Line widths (points): the cell lines, the frame, the START and FINISH outlines.
CELL_LINE, FRAME_LINE, END_LINE = 0.75, 1.5, 2.25
#: The answer band's grey and its width as a share of the cell.
BAND_GRAY, BAND_SHARE = 0.78, 0.56


@record
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
    words: tuple[str, str] | None = ("START", "FINISH"),
    show_solution: bool = False,
    word_size: float = 8.0,
    region: tuple[float, float, float, float] | None = None,
    lines: float = 0.0,
    least_text: float = 0.0,
) -> GridFit:
    """The grid in ``box`` (x, y, width, height), with START and FINISH marked and, for an
    answer, the path; ``fonts`` are (regular, bold). The ``words`` (None: none) go outside the
    grid at ``word_size`` points within ``region`` (x0, y0, x1, y1; the box if None); ``lines``
    and ``least_text``: the least line width and number size (large print's). Returns where
    the grid went."""
    regular, bold = fonts
    rows, columns = len(grid), len(grid[0])
    fit = fit_grid(columns, rows, *box)
    cell = fit.cell
    canvas.saveState()
    if show_solution:
        _band(canvas, fit, path)
    canvas.setStrokeGray(0.55)
    canvas.setLineWidth(max(CELL_LINE, lines))
    bottom, right = fit.top - rows * cell, fit.left + columns * cell
    for i in range(1, columns):
        canvas.line(fit.left + i * cell, bottom, fit.left + i * cell, fit.top)
    for j in range(1, rows):
        canvas.line(fit.left, fit.top - j * cell, right, fit.top - j * cell)
    canvas.setStrokeGray(0.0)
    canvas.setLineWidth(max(FRAME_LINE, lines))
    canvas.rect(fit.left, bottom, columns * cell, rows * cell)
    ends = (path[0], path[-1])
    for end in ends:  # the outlines with the grid's lines, before any number or word
        _end_cell(canvas, fit, end, max(END_LINE, lines * 1.5))
    placed: list[GridWord] = []
    if words is not None:
        placed = number_words(fit, path, words, bold, word_size, region or _edges(box))
        draw_pointers(canvas, fit, placed)  # the marks, start first, as a maze's arrows
    size = max(number_size(grid, regular, cell), least_text)
    on_path = set(path)
    canvas.setFillGray(0.0)
    for y, row in enumerate(grid):
        for x, value in enumerate(row):
            cx, cy = fit.centre(x, y)
            strong = (x, y) in ends or (show_solution and (x, y) in on_path)
            canvas.setFont(bold if strong else regular, size)
            draw_centred_string(canvas, cx, cy - size * 0.35, str(value))
    draw_grid_words(canvas, fit, placed, bold)
    canvas.restoreState()
    return fit


def _edges(box: tuple[float, float, float, float]) -> tuple[float, float, float, float]:
    x, y, width, height = box
    return (x, y, x + width, y + height)


def number_words(
    fit: GridFit,
    path: Sequence[tuple[int, int]],
    words: tuple[str, str],
    bold: str,
    size: float,
    region: tuple[float, float, float, float],
) -> list[GridWord]:
    """Where a number path's START and FINISH words go outside its grid (PDF region x0, y0,
    x1, y1 turned into the grid's cell units)."""
    shown = (visual(words[0]), visual(words[1]))
    c = fit.cell
    cells = (
        (region[0] - fit.left) / c,
        (fit.top - region[3]) / c,
        (region[2] - fit.left) / c,
        (fit.top - region[1]) / c,
    )

    def width_of(word: str, at: float) -> float:
        return float(stringWidth(word, bold, at))

    ends = (path[0], path[-1])
    return grid_words(fit.columns, fit.rows, ends, shown, width_of, c, cells, size)


def draw_pointers(canvas: Canvas, fit: GridFit, placed: Sequence[GridWord]) -> None:
    """The words' pointers: filled black triangles aimed at their cells' rows or columns."""
    c = fit.cell
    canvas.setFillGray(0.0)
    for item in placed:
        path = canvas.beginPath()
        (ax, ay), *rest = item.pointer
        path.moveTo(fit.left + ax * c, fit.top - ay * c)
        for px, py in rest:
            path.lineTo(fit.left + px * c, fit.top - py * c)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)


def draw_grid_words(canvas: Canvas, fit: GridFit, placed: Sequence[GridWord], bold: str) -> None:
    """The START and FINISH words beside their pointers, black."""
    c = fit.cell
    canvas.setFillGray(0.0)
    for item in placed:
        label = item.label
        canvas.setFont(bold, label.size)
        draw_string(canvas, fit.left + label.x0 * c, fit.top - label.baseline * c, label.word)


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


def _end_cell(canvas: Canvas, fit: GridFit, cell: tuple[int, int], line: float) -> None:
    """START or FINISH: a thick outline (its number is set bold)."""
    x0, y0 = fit.corner(*cell)
    c = fit.cell
    canvas.setStrokeGray(0.0)
    canvas.setLineWidth(line)
    inset = line / 2
    canvas.rect(x0 + inset, y0 + inset, c - 2 * inset, c - 2 * inset)
