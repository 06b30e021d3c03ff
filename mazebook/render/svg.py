"""The SVG writer: draws a MazeGeometry, nothing else (elements on ElementTree, svgdoc.py).

The START and FINISH words are measured with the bundled bold face's packaged widths
(label_font.py), so writing a maze's SVG loads neither reportlab nor a font file.
"""

from __future__ import annotations

import json
import math
from typing import Any
from xml.etree import ElementTree

from ..geometry.drawing import (
    MazeGeometry,
    Rows,
    break_polyline,
    clamped_solution,
    goal_dot_radius,
    is_plain,
    marker_points,
    rows_of,
)
from ..geometry.labels import LABEL_SIZE, Label, label_anchors, word_band, word_room
from ..geometry.paths import round3, svg_segments_d
from ..geometry.rules import (
    CAP_HEIGHT,
    DOOR_GRAY,
    arrow_parts,
    door_box,
    key_shape,
    letter_size,
    mark_line,
    order_size,
)
from ..geometry.style import (
    DECOY_GRAY,
    DEFAULT_STYLE,
    LETTER_DISC,
    LETTER_SHARE,
    Style,
    marker_length,
    solution_width,
)
from ..lazy import numpy as np
from .label_font import bold_width
from .svgdoc import Element, add, document, element, points, text_of
from .textorder import visual


def _gray(level: float) -> str:
    v = round(level * 255)
    return f"#{v:02x}{v:02x}{v:02x}"


def _arcs_d(geom: MazeGeometry) -> str:
    """SVG arc commands for the geometry's arcs (split in two when longer than 180 degrees)."""

    parts = []
    for cx, cy, r, a0, a1 in rows_of(geom.arcs):
        pieces = 1 if a1 - a0 <= 180 else 2
        step = (a1 - a0) / pieces
        t0 = math.radians(a0)
        parts.append(f"M{cx + r * math.cos(t0):.3f} {cy + r * math.sin(t0):.3f}")
        for i in range(1, pieces + 1):
            t = math.radians(a0 + step * i)
            parts.append(
                f"A{r:.3f} {r:.3f} 0 0 1 {cx + r * math.cos(t):.3f} {cy + r * math.sin(t):.3f}"
            )
    return "".join(parts)


def to_svg(
    geom: MazeGeometry,
    *,
    cell: float = 12.0,
    style: Style = DEFAULT_STYLE,
    show_solution: bool = False,
    title: str | None = None,
    desc: str | None = None,
    words: tuple[str, str] | None = ("START", "FINISH"),
) -> str:
    """The maze as an SVG document (text). ``cell`` is the size of one cell in SVG units.

    Walls are one path (``id="walls"``) with a move and a line per merged run; the solution is
    a polyline in ``id="solution"``; start and finish arrows are in ``id="markers"``; the START
    and FINISH ``words`` (placed as in the PDF) are in ``id="labels"``; the algorithm, size and
    seed are in ``<metadata>``; ``title`` and ``desc`` say it in words (kinds.describe). No
    timestamps: same maze, same bytes.
    """
    arrow = marker_length(cell) / cell  # in cell units
    widths: dict[tuple[str, float], float] = {}
    labels: list[Label] = []
    if words:
        labels = _labels(geom, cell, words, widths)
    margin = arrow * 1.4 + 0.5
    x0, y0, x1, y1 = -margin, -margin, geom.width + margin, geom.height + margin
    for label in labels:
        lx0, ly0, lx1, ly1 = label.extent
        x0, y0 = min(x0, lx0 - 0.2), min(y0, ly0 - 0.2)
        x1, y1 = max(x1, lx1 + 0.2), max(y1, ly1 + 0.2)
    vb_w, vb_h = x1 - x0, y1 - y0
    meta = dict(geom.meta)
    record = ElementTree.Element("mazebook")
    record.text = json.dumps(meta, sort_keys=True)
    box = (round(x0, 3), round(y0, 3), round(vb_w, 3), round(vb_h, 3))
    svg = document(
        f"{vb_w * cell:.2f}",
        f"{vb_h * cell:.2f}",
        box,
        title=title or _describe(meta),
        desc=desc,
        metadata=record,
    )
    add(
        svg,
        "rect",
        {"x": box[0], "y": box[1], "width": box[2], "height": box[3], "fill": "white"}
        | {"id": "background"},
    )
    sol = None
    if show_solution and len(geom.solution):
        sol = element(
            "g",
            {
                "id": "solution",
                "fill": "none",
                "stroke": _gray(style.solution_gray),
                "stroke-width": f"{solution_width(style, cell) / cell:.4f}",
                "stroke-linecap": "round",
                "stroke-linejoin": "round",
            },
        )
        line = clamped_solution(geom, arrow)
        if len(geom.under):  # a weave maze: the line broken where it runs under a bridge
            d = " ".join(
                "M" + " L".join(f"{x},{y}" for x, y in _rounded_points(piece))
                for piece in break_polyline(line, geom.under)
            )
            add(sol, "path", {"d": d, "id": "solution-line"})
        else:
            add(sol, "polyline", {"points": points(_rounded_points(line)), "id": "solution-line"})
        if not style.solution_on_top:
            svg.append(sol)
    # the style's wall grey (an answer key's light walls); black by name as before
    walls = add(
        svg,
        "g",
        {
            "id": "walls",
            "fill": "none",
            "stroke": _gray(style.wall_gray) if style.wall_gray else "black",
            "stroke-width": f"{style.wall_width / cell:.4f}",
            "stroke-linecap": "square",
        },
    )
    if len(geom.segments):
        add(walls, "path", {"d": svg_segments_d(geom.segments), "id": "wall-runs"})
    if len(geom.arcs):
        add(walls, "path", {"d": _arcs_d(geom), "id": "wall-arcs"})
    if sol is not None and style.solution_on_top:  # an answer key: the path over the walls
        svg.append(sol)
    markers = add(svg, "g", {"id": "markers", "fill": _gray(style.marker_gray), "stroke": "none"})
    for name, marker, entering in (("start", geom.start, True), ("finish", geom.finish, False)):
        if marker.inside:
            centre = {"cx": round(marker.x, 3), "cy": round(marker.y, 3)}
            add(markers, "circle", centre | {"r": round(goal_dot_radius(arrow), 4), "id": name})
            continue
        x0, y0, x1, y1, x2, y2 = marker_points(marker, arrow, entering=entering)
        corners = [(round(x, 3), round(y, 3)) for x, y in ((x0, y0), (x1, y1), (x2, y2))]
        add(markers, "polygon", {"points": points(corners), "id": name})
    if labels:
        svg.append(_label_group(labels, cell, widths))
    if geom.letters:
        svg.append(_letter_group(geom, show_solution))
    if geom.marks is not None:
        svg.append(_marks_group(geom, cell, show_solution, style))
    return text_of(svg)


def _marks_group(geom: MazeGeometry, cell: float, show_solution: bool, style: Style) -> Element:
    """``<g id="rules">``: a maze's one-way arrows, doors and keys (mazebook.geometry.rules),
    sized as a page sizes them for cells of ``cell`` points, as the PDF writer draws them
    (render.pdf.draw_marks)."""
    marks = geom.marks
    assert marks is not None
    group = element("g", {"id": "rules"})
    size = letter_size(cell) / cell
    line = round(mark_line(cell), 4)
    ink = _gray(DECOY_GRAY) if show_solution and style.solution_on_top else "black"
    for x, y, dx, dy in rows_of(marks.arrows):
        shaft, head, width = arrow_parts(x, y, dx, dy, cell)
        arrow = add(group, "g", {"fill": ink, "stroke": ink, "class": "arrow"})
        (x1, y1), (x2, y2) = _rounded_points(shaft)
        ends = {"x1": x1, "y1": y1, "x2": x2, "y2": y2}
        add(arrow, "line", ends | {"stroke-width": round(width, 4)})
        add(arrow, "polygon", {"points": points(_rounded_points(head)), "stroke": "none"})
    for x, y, dx, dy, letter in marks.doors:
        door = add(group, "g", {"class": "door"})
        box = points(_rounded_points(door_box(x, y, dx, dy, cell)))
        look = {"fill": _gray(DOOR_GRAY), "stroke": "black", "stroke-width": line}
        add(door, "polygon", {"points": box} | look)
        door.append(_mark_text(letter, x, y + CAP_HEIGHT * size / 2, size))
    for x, y, letter, order in marks.keys:
        shape = key_shape(x, y, cell)
        look = {"fill": "none", "stroke": "black", "stroke-width": line, "class": "key"}
        key = add(group, "g", look)
        if show_solution:
            disc = {"cx": round(x, 3), "cy": round(y, 3), "r": round(0.5 - line, 4)}
            add(key, "circle", disc | {"fill": "white", "stroke": "none"})
        bx, by, r = shape.bow
        add(key, "circle", {"cx": round(bx, 3), "cy": round(by, 3), "r": round(r, 4)})
        for x1, y1, x2, y2 in rows_of(shape.lines):
            ends = {"x1": round(x1, 3), "y1": round(y1, 3), "x2": round(x2, 3), "y2": round(y2, 3)}
            add(key, "line", ends)
        key.append(_mark_text(letter, *shape.letter, size))
        if show_solution and order:
            cx, cy, rr = shape.disc
            small = order_size(cell) / cell
            dot = {"cx": round(cx, 3), "cy": round(cy, 3), "r": round(rr, 4)}
            add(key, "circle", dot | {"fill": "black", "stroke": "none"})
            number = _mark_text(str(order), cx, cy + CAP_HEIGHT * small / 2, small)
            number.set("fill", "white")
            key.append(number)
    return group


def _mark_text(text: str, x: float, baseline: float, size: float) -> Element:
    """A door's or key's letter (or an order number), bold, centred on x."""
    place = {"x": round(x, 3), "y": round(baseline, 3), "fill": "black", "stroke": "none"}
    look = {
        "font-family": LABEL_FONT_FAMILY,
        "font-weight": "bold",
        "font-size": f"{size:.4f}",
        "text-anchor": "middle",
    }
    return element("text", place | look, text=visual(text))


def _letter_group(geom: MazeGeometry, show_solution: bool) -> Element:
    """``<g id="letters">``: a word trail's letters centred in their cells, as a page sets
    them (LETTER_SHARE of a cell); on the solution the trail's letters sit on white discs
    over the path and the decoys are grey."""
    group = element(
        "g",
        {
            "id": "letters",
            "fill": "black",
            "font-family": LABEL_FONT_FAMILY,
            "font-weight": "bold",
            "font-size": f"{LETTER_SHARE:g}",
            "text-anchor": "middle",
        },
    )
    for x, y, letter, on_trail in geom.letters:
        cx, cy = round(x, 3), round(y, 3)
        if show_solution and on_trail:
            add(group, "circle", {"cx": cx, "cy": cy, "r": LETTER_DISC, "fill": "white"})
        fill = _gray(DECOY_GRAY) if show_solution and not on_trail else None
        place = {"x": cx, "y": round(y + 0.36 * LETTER_SHARE, 3), "fill": fill}
        add(group, "text", place, text=visual(letter))
    return group


#: How the label words are set in SVG: the bundled font's family first, then look-alikes.
LABEL_FONT_FAMILY = "DejaVu Sans, Verdana, sans-serif"


def _labels(
    geom: MazeGeometry, cell: float, words: tuple[str, str], widths: dict[tuple[str, float], float]
) -> list[Label]:
    """The drawing's labels outside its walls, at LABEL_SIZE for cells of ``cell`` points (one
    size in every SVG), measured with the bundled bold font as the PDF sets them; ``widths``
    collects each word's width (points) at its size, for the text's exact length. The picture
    grows to hold the words, so they may use as much room around the maze as a page gives."""
    shown = (visual(words[0]), visual(words[1]))

    def width_of(word: str, size: float) -> float:
        widths[word, size] = bold_width(word, size)
        return widths[word, size]

    arrows = marker_length(cell) / cell * 1.25
    side = arrows + 2 * word_room(shown, width_of, LABEL_SIZE) / cell
    band = arrows + 2 * word_band(LABEL_SIZE) / cell
    region = (-side, -band, geom.width + side, geom.height + band)
    return label_anchors(geom, cell, shown, width_of, region, LABEL_SIZE)


def _label_group(
    labels: list[Label], cell: float, widths: dict[tuple[str, float], float]
) -> Element:
    """``<g id="labels">`` with one level ``<text>`` per word, in cell
    units like the walls; each word's length is fixed to its width in the bundled font, so a
    viewer's substitute font cannot run it into a wall."""
    group = element(
        "g",
        {
            "id": "labels",
            "fill": "black",
            "font-family": LABEL_FONT_FAMILY,
            "font-weight": "bold",
        },
    )
    for index, label in enumerate(labels):
        attributes: dict[str, object] = {
            "x": round(label.x0, 3),
            "y": round(label.baseline, 3),
            "font-size": f"{label.size / cell:.4f}",
            "textLength": f"{widths[label.word, label.size] / cell:.4f}",
            "lengthAdjust": "spacingAndGlyphs",
        }
        if len(labels) == 2:
            attributes["id"] = ("start-label", "finish-label")[index]
        add(group, "text", attributes, text=label.word)
        if label.key is not None:  # a centre goal's word: the goal's dot before it
            cx, cy, r = label.key
            add(group, "circle", {"cx": round(cx, 3), "cy": round(cy, 3), "r": round(r, 4)})
    return group


def _rounded_points(points: Rows) -> list[tuple[float | int, float | int]]:
    """Points rounded to 3 decimals, whole numbers as ints, so they are written short (plain
    points rounded as numpy rounds an array's, without it)."""
    if is_plain(points):
        rounded = [(round3(x), round3(y)) for x, y in points]
    else:
        rounded = np.round(points, 3).tolist()
    out: list[tuple[float | int, float | int]] = []
    for x, y in rounded:
        out.append((int(x) if x == int(x) else x, int(y) if y == int(y) else y))
    return out


def _describe(meta: dict[str, Any]) -> str:
    return (
        f"{meta.get('algorithm', 'maze')} maze, {meta.get('width')}x{meta.get('height')} cells, "
        f"seed {meta.get('seed')}"
    )
