"""A number path as SVG: the grid, its START and FINISH cells and, for an answer, the path.

It draws what mazebook.render.numbers draws on a page, with the same proportions (numbers
about half a cell, the answer a grey band under bold numbers), in SVG units with y down, so
``--svg-dir`` has a picture of every puzzle, number paths too. No timestamps: same grid, same
bytes.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth

from .numbers import BAND_GRAY, BAND_SHARE, CELL_LINE, END_LINE, FRAME_LINE, number_size
from .svg import LABEL_FONT_FAMILY, _gray
from .svgdoc import Element, add, document, element, points, text_of
from .typeset import default_fonts, visual

#: The size of one cell in SVG units (points at 100 %).
CELL = 24.0


def number_path_svg(
    grid: Sequence[Sequence[int]],
    path: Sequence[tuple[int, int]],
    *,
    words: tuple[str, str] = ("START", "FINISH"),
    show_solution: bool = False,
    title: str | None = None,
    desc: str | None = None,
) -> str:
    """The number path as an SVG document (text): ``grid[y][x]``, ``path`` from START to
    FINISH as (x, y) cells; the answer's band and bold numbers when ``show_solution``;
    ``title`` and ``desc`` say it in words."""
    fonts = default_fonts()
    rows, columns = len(grid), len(grid[0])
    c, pad = CELL, END_LINE
    width, height = columns * c + 2 * pad, rows * c + 2 * pad
    svg = document(
        f"{width:g}",
        f"{height:g}",
        (-pad, -pad, width, height),
        title=title or f"number path, {columns}x{rows} cells",
        desc=desc,
    )
    background = {"x": -pad, "y": -pad, "width": width, "height": height, "fill": "white"}
    add(svg, "rect", background | {"id": "background"})

    def centre(x: int, y: int) -> tuple[float, float]:
        return round((x + 0.5) * c, 3), round((y + 0.5) * c, 3)

    if show_solution:
        band = {
            "points": points([centre(x, y) for x, y in path]),
            "id": "solution",
            "fill": "none",
            "stroke": _gray(BAND_GRAY),
            "stroke-width": f"{c * BAND_SHARE:g}",
            "stroke-linecap": "round",
            "stroke-linejoin": "round",
        }
        add(svg, "polyline", band)
    lines = element(
        "g",
        {"id": "cells", "stroke": _gray(0.55), "fill": "none", "stroke-width": f"{CELL_LINE:g}"},
    )
    d = [f"M{i * c:g},0 V{rows * c:g}" for i in range(1, columns)]
    d += [f"M0,{j * c:g} H{columns * c:g}" for j in range(1, rows)]
    if d:
        add(lines, "path", {"d": " ".join(d)})
    frame = {"x": 0, "y": 0, "width": columns * c, "height": rows * c, "fill": "none"}
    add(lines, "rect", frame | {"stroke": "black", "stroke-width": f"{FRAME_LINE:g}"})
    svg.append(lines)
    size = number_size(grid, fonts.regular, c)
    ends = {path[0]: words[0], path[-1]: words[1]}
    on_path = set(path) if show_solution else set()
    numbers = element(
        "g",
        {
            "id": "numbers",
            "fill": "black",
            "font-family": LABEL_FONT_FAMILY,
            "text-anchor": "middle",
        },
    )
    for y, row in enumerate(grid):
        for x, value in enumerate(row):
            cx, cy = centre(x, y)
            if (x, y) in ends:
                _end_cell(numbers, (x, y), ends[(x, y)], size, value, fonts.bold)
                continue
            text = {"x": cx, "y": round(cy + size * 0.35, 3), "font-size": f"{size:.3f}"}
            if (x, y) in on_path:
                text["font-weight"] = "bold"
            add(numbers, "text", text, text=str(value))
    svg.append(numbers)
    return text_of(svg)


def _end_cell(
    group: Element, cell: tuple[int, int], word: str, size: float, value: int, bold: str
) -> None:
    """START or FINISH: a thick outline, the word small at the top, the number under it."""
    c, inset = CELL, END_LINE / 2
    x0, y0 = cell[0] * c, cell[1] * c
    outline = {"x": x0 + inset, "y": y0 + inset, "width": c - 2 * inset, "height": c - 2 * inset}
    add(
        group,
        "rect",
        outline | {"fill": "none", "stroke": "black", "stroke-width": f"{END_LINE:g}"},
    )
    shown = visual(word)
    word_size = min(c * 0.24, c * 0.86 / max(stringWidth(shown, bold, 1.0), 1e-9))
    label = {"x": x0 + c / 2, "y": round(y0 + END_LINE + word_size * 0.95, 3)}
    add(group, "text", label | {"font-size": f"{word_size:.3f}", "font-weight": "bold"}, text=shown)
    number: dict[str, object] = {"x": x0 + c / 2, "y": round(y0 + c - END_LINE - c * 0.12, 3)}
    number |= {"font-size": f"{min(size, c * 0.4):.3f}", "font-weight": "bold"}
    add(group, "text", number, text=str(value))
