"""A number path as SVG: the grid, its START and FINISH cells and, for an answer, the path.

It draws what mazebook.render.numbers draws on a page, with the same proportions (numbers
about half a cell, the answer a grey band under bold numbers), in SVG units with y down, so
``--svg-dir`` has a picture of every puzzle, number paths too. No timestamps: same grid, same
bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

import svgwrite
from reportlab.pdfbase.pdfmetrics import stringWidth

from .numbers import BAND_GRAY, BAND_SHARE, CELL_LINE, END_LINE, FRAME_LINE, number_size
from .svg import LABEL_FONT_FAMILY, _gray
from .typeset import default_fonts, visual

#: The size of one cell in SVG units (points at 100 %).
CELL = 24.0


def number_path_svg(
    grid: Sequence[Sequence[int]],
    path: Sequence[tuple[int, int]],
    *,
    words: tuple[str, str] = ("START", "FINISH"),
    show_solution: bool = False,
) -> str:
    """The number path as an SVG document (text): ``grid[y][x]``, ``path`` from START to
    FINISH as (x, y) cells; the answer's band and bold numbers when ``show_solution``."""
    fonts = default_fonts()
    rows, columns = len(grid), len(grid[0])
    c, pad = CELL, END_LINE
    width, height = columns * c + 2 * pad, rows * c + 2 * pad
    dwg = svgwrite.Drawing(size=(f"{width:g}", f"{height:g}"), profile="full", debug=False)
    dwg.viewbox(-pad, -pad, width, height)
    dwg.set_desc(title=f"number path, {columns}x{rows} cells")
    dwg.add(dwg.rect((-pad, -pad), (width, height), fill="white", id="background"))

    def centre(x: int, y: int) -> tuple[float, float]:
        return round((x + 0.5) * c, 3), round((y + 0.5) * c, 3)

    if show_solution:
        band = dwg.polyline([centre(x, y) for x, y in path], id="solution", fill="none")
        band["stroke"] = _gray(BAND_GRAY)
        band["stroke-width"] = f"{c * BAND_SHARE:g}"
        band["stroke-linecap"] = band["stroke-linejoin"] = "round"
        dwg.add(band)
    lines = dwg.g(id="cells", stroke=_gray(0.55), fill="none")
    lines["stroke-width"] = f"{CELL_LINE:g}"
    d = [f"M{i * c:g},0 V{rows * c:g}" for i in range(1, columns)]
    d += [f"M0,{j * c:g} H{columns * c:g}" for j in range(1, rows)]
    if d:
        lines.add(dwg.path(d=" ".join(d)))
    frame = dwg.rect((0, 0), (columns * c, rows * c), fill="none", stroke="black")
    frame["stroke-width"] = f"{FRAME_LINE:g}"
    lines.add(frame)
    dwg.add(lines)
    size = number_size(grid, fonts.regular, c)
    ends = {path[0]: words[0], path[-1]: words[1]}
    on_path = set(path) if show_solution else set()
    numbers = dwg.g(id="numbers", fill="black")
    numbers["font-family"] = LABEL_FONT_FAMILY
    numbers["text-anchor"] = "middle"
    for y, row in enumerate(grid):
        for x, value in enumerate(row):
            cx, cy = centre(x, y)
            if (x, y) in ends:
                _end_cell(dwg, numbers, (x, y), ends[(x, y)], size, value, fonts.bold)
                continue
            text = dwg.text(str(value), insert=(cx, round(cy + size * 0.35, 3)))
            text["font-size"] = f"{size:.3f}"
            if (x, y) in on_path:
                text["font-weight"] = "bold"
            numbers.add(text)
    dwg.add(numbers)
    return str(dwg.tostring())


def _end_cell(
    dwg: svgwrite.Drawing,
    group: svgwrite.container.Group,
    cell: tuple[int, int],
    word: str,
    size: float,
    value: int,
    bold: str,
) -> None:
    """START or FINISH: a thick outline, the word small at the top, the number under it."""
    c, inset = CELL, END_LINE / 2
    x0, y0 = cell[0] * c, cell[1] * c
    outline = dwg.rect((x0 + inset, y0 + inset), (c - 2 * inset, c - 2 * inset), fill="none")
    outline["stroke"] = "black"
    outline["stroke-width"] = f"{END_LINE:g}"
    group.add(outline)
    shown = visual(word)
    word_size = min(c * 0.24, c * 0.86 / max(stringWidth(shown, bold, 1.0), 1e-9))
    label = dwg.text(shown, insert=(x0 + c / 2, round(y0 + END_LINE + word_size * 0.95, 3)))
    label["font-size"] = f"{word_size:.3f}"
    label["font-weight"] = "bold"
    group.add(label)
    number = dwg.text(str(value), insert=(x0 + c / 2, round(y0 + c - END_LINE - c * 0.12, 3)))
    number["font-size"] = f"{min(size, c * 0.4):.3f}"
    number["font-weight"] = "bold"
    group.add(number)
