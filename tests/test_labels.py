"""START and FINISH: both words on every puzzle, level, outside the maze's walls, at the one
size their document asks for, in line with their marks; a number path's outside its grid."""

from __future__ import annotations

import math
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from mazebook import build_book, generate
from mazebook.app.cli import main
from mazebook.core.maze import Maze
from mazebook.geometry.drawing import marker_triangle
from mazebook.geometry.from_maze import maze_geometry
from mazebook.geometry.labels import (
    LABEL_SIZE,
    LABEL_SIZE_MAX,
    NEAR,
    grid_words,
    label_anchors,
    place_maze,
    word_band,
    word_room,
    word_size,
)
from mazebook.geometry.style import fit_maze, marker_length
from mazebook.render.label_font import bold_width
from mazebook.render.typeset import default_fonts

from .padding import padded

SHAPE_BOOK = """
title = "Shapes"
seed = 5
puzzles_per_page = {per_page}
fit = "cap"  # four a page hold lower levels of some shapes (docs/levels.md)
[[section]]
name = "Circles"
count = 3
difficulty = [1, 4]
shape = "circle"
[[section]]
name = "Hexes"
count = 3
difficulty = [1, 4]
shape = "hex"
[[section]]
name = "Triangles"
count = 3
difficulty = [1, 4]
shape = "triangle"
[[section]]
name = "Hearts"
count = 3
difficulty = [2, 4]
shape = "mask"
mask = "heart"
[[section]]
name = "Stars"
count = 3
difficulty = [2, 4]
shape = "mask"
mask = "star"
"""


def _puzzle_pages(pdf: Path, manifest: dict[str, object]) -> dict[int, int]:
    """Puzzles per puzzle page, from the manifest."""
    pages: dict[int, int] = {}
    for puzzle in manifest["puzzles"]:  # type: ignore[attr-defined]
        pages[puzzle["page"]] = pages.get(puzzle["page"], 0) + 1
    return pages


def _check_every_page(
    pdf: Path, start: str = "START", finish: str = "FINISH", also: int = 0
) -> None:
    """Each puzzle page shows each word once per puzzle (``also``: times the page's own text
    says them, e.g. a worksheet's instruction)."""
    import json

    manifest = json.loads(pdf.with_suffix(".json").read_text())
    reader = PdfReader(str(pdf))
    for page, count in _puzzle_pages(pdf, manifest).items():
        text = reader.pages[page - 1].extract_text() or ""
        extra = also if page == 1 else 0
        assert text.count(start) == count + extra, (page, text)
        assert text.count(finish) == count + extra, (page, text)
        ops = reader.pages[page - 1].get_contents().get_data()
        assert not re.search(rb"0 1 -1 0 [-\d.]+ [-\d.]+ cm", ops), page  # no turned words


@pytest.mark.slow
@pytest.mark.parametrize("template", ["classic", "children", "a4"])
def test_both_words_level_on_every_puzzle_of_the_shipped_books(
    tmp_path: Path, template: str
) -> None:
    pdf = tmp_path / f"{template}.pdf"
    assert main(["build", template, "-o", str(pdf), "--quiet"]) == 0
    _check_every_page(pdf)


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [1, 4])
def test_both_words_on_every_shape_puzzle(tmp_path: Path, per_page: int) -> None:
    path = tmp_path / "shapes.toml"
    path.write_text(SHAPE_BOOK.format(per_page=per_page), encoding="utf-8")
    with padded(when=per_page == 4):  # one a page: long enough for kdp
        result = build_book(str(path), output=tmp_path / "shapes.pdf")
    _check_every_page(result.pdf)


@pytest.mark.slow
def test_worksheet_words_in_its_language(tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    args = ["worksheet", "--count", "6", "--per-page", "6", "--levels", "1-4"]  # 6 a page: 4
    assert main([*args, "-o", str(pdf), "--quiet"]) == 0
    _check_every_page(pdf, also=1)  # the instruction names both words


def _wall_points(geom: object) -> np.ndarray:
    """Points every 0.05 cell along every wall and arc (an independent reading of the walls)."""
    segs = np.asarray(geom.segments, dtype=np.float64).reshape(-1, 4)  # type: ignore[attr-defined]
    out = []
    for x1, y1, x2, y2 in segs.tolist():
        n = max(2, int(np.hypot(x2 - x1, y2 - y1) / 0.05) + 1)
        t = np.linspace(0, 1, n)
        out.append(np.stack([x1 + (x2 - x1) * t, y1 + (y2 - y1) * t], axis=1))
    arcs = np.asarray(geom.arcs, dtype=np.float64).reshape(-1, 5)  # type: ignore[attr-defined]
    for cx, cy, r, a0, a1 in arcs.tolist():
        n = max(2, int(np.radians(a1 - a0) * r / 0.05) + 1)
        a = np.radians(np.linspace(a0, a1, n))
        out.append(np.stack([cx + r * np.cos(a), cy + r * np.sin(a)], axis=1))
    return np.concatenate(out)


SHAPES = st.sampled_from(
    [
        ("rect", {}),
        ("rect", {"weave": 0.6}),
        ("circle", {}),
        ("hex", {}),
        ("triangle", {}),
        ("mask", {"mask": "heart"}),
        ("mask", {"mask": "star"}),
    ]
)


def _in_line(box: tuple[float, ...], mark: tuple[float, ...], near: float) -> bool:
    """Whether a word's box is beside its mark (within ``near`` of it), level with it (their
    heights overlap) or above or below it (their widths overlap): a reader's eye runs straight
    from one to the other."""
    across = box[1] < mark[3] and mark[1] < box[3]
    along = box[0] < mark[2] and mark[0] < box[2]
    dx = max(box[0] - mark[2], mark[0] - box[2], 0.0)
    dy = max(box[1] - mark[3], mark[1] - box[3], 0.0)
    return across or along or math.hypot(dx, dy) <= near


def shaped_maze(shape: tuple[str, dict[str, Any]], width: int, height: int, seed: int) -> Maze:
    """A backtracker maze of the drawn shape, its size made one the shape takes (a circle's
    rings from the height, a hexagon wide enough, a silhouette at least 9 x 9)."""
    name, options = shape
    if name == "circle":
        width, height = 1, max(1, height // 3)
    if name == "hex":
        width = max(width, height // 2 + 2)
    if name == "mask":
        width, height = max(width, 9), max(height, 9)
    return generate("backtracker", width, height, seed=seed, shape=name, **options)


def word_slot(
    box: tuple[float, float], size: float
) -> tuple[
    tuple[str, str], Callable[[str, float], float], tuple[float, float], tuple[float, float]
]:
    """START and FINISH at ``size`` in the bundled bold face: the words, their width, the
    maze's box inside ``box`` once room is kept for them, and that room (beside, above)."""
    font = default_fonts().bold

    def width_of(word: str, at: float) -> float:
        return float(stringWidth(word, font, at))

    words = ("START", "FINISH")
    side, band = word_room(words, width_of, size), word_band(size)
    return words, width_of, (box[0] - 2 * side, box[1] - 2 * band), (side, band)


@settings(max_examples=60, deadline=None)
@given(
    shape=SHAPES,
    width=st.integers(4, 30),
    height=st.integers(3, 30),
    seed=st.integers(0, 10_000),
    box=st.sampled_from([(540.0, 650.0), (250.0, 300.0), (160.0, 200.0)]),
    size=st.sampled_from([8.0, 10.5, 12.0, 18.0]),
)
def test_words_sit_outside_the_walls_at_the_one_size_given(
    shape: tuple[str, dict[str, Any]],
    width: int,
    height: int,
    seed: int,
    box: tuple[float, float],
    size: float,
) -> None:
    maze = shaped_maze(shape, width, height, seed)
    words, width_of, (box_w, box_h), room = word_slot(box, size)
    assume(min(box_w, box_h) > 60.0)  # a slot of 18 pt words has room for a maze
    placed = place_maze(maze_geometry(maze), box_w, box_h, words, width_of, room, size)
    geom, fit, labels = placed.geom, placed.fit, placed.labels
    s = fit.scale
    region = (
        (-room[0] - fit.x) / s,
        (-room[1] - fit.y) / s,
        (box_w + room[0] - fit.x) / s,
        (box_h + room[1] - fit.y) / s,
    )
    assert [label.word for label in labels] == list(words)
    walls = _wall_points(geom)
    wx0, wy0 = walls.min(axis=0)
    wx1, wy1 = walls.max(axis=0)
    clear = 2.5 / s  # half a 2.5 pt wall and a little more, in cells
    marks = {True: geom.start, False: geom.finish}
    for label, entering in zip(labels, (True, False), strict=True):
        assert label.size == size  # the one size asked for, whatever the cell
        assert label.y1 - label.y0 < label.x1 - label.x0  # set level: wider than tall
        x0, y0, x1, y1 = label.extent
        outside = x1 <= wx0 - clear or x0 >= wx1 + clear or y1 <= wy0 - clear or y0 >= wy1 + clear
        assert outside, (label, (wx0, wy0, wx1, wy1))
        assert region[0] - 1e-9 <= x0 and x1 <= region[2] + 1e-9
        assert region[1] - 1e-9 <= y0 and y1 <= region[3] + 1e-9
        mark = marks[entering]
        if mark.inside:  # the centre goal: its dot as the word's key, in line with the goal
            assert label.key is not None
            reach = (mark.x - 0.3, mark.y - 0.3, mark.x + 0.3, mark.y + 0.3)
        else:
            arrow = marker_triangle(mark, marker_length(s) / s, entering=entering)
            reach = (*arrow.min(axis=0).tolist(), *arrow.max(axis=0).tolist())
        near = (NEAR + 0.01) / s
        assert _in_line(label.extent, reach, near), label  # a keyed word: with its dot
    assert fit.scale >= fit_maze(geom.width, geom.height, box_w, box_h).scale * 0.6
    a, b = (label.extent for label in labels)
    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]  # apart


def test_one_size_whatever_the_cell() -> None:
    """Large cells and small ones get words of the size asked for (it once grew with the
    cell, from 7 to 14 pt, so one page mixed sizes)."""
    maze = generate("backtracker", 4, 4, seed=1)
    geom = maze_geometry(maze)
    font = default_fonts().bold

    def width_of(word: str, size: float) -> float:
        return float(stringWidth(word, font, size))

    big = label_anchors(geom, 60.0, ("START", "FINISH"), width_of, (-3, -3, 7, 7), 10.0)
    small = label_anchors(geom, 8.0, ("START", "FINISH"), width_of, (-12, -6, 16, 10), 10.0)
    assert [label.size for label in big] == [10.0, 10.0]
    assert [label.size for label in small] == [10.0, 10.0]


def test_a_documents_word_size_comes_from_its_smallest_maze_box() -> None:
    assert word_size(540.0, 640.0) == 11.0  # a letter page's one maze
    assert word_size(250.0, 300.0) == LABEL_SIZE  # four a page: the least, 8 pt
    assert word_size(2000.0, 2000.0) == LABEL_SIZE_MAX  # never beyond 12 pt
    assert word_size(250.0, 300.0, 18.0) == 18.0  # large print's least
    sizes = [word_size(w, w * 1.2) for w in range(100, 1000, 10)]
    assert sizes == sorted(sizes)  # more room, never smaller words
    assert all(size * 2 == int(size * 2) for size in sizes)  # in half points


@pytest.mark.parametrize("box", [(300.0, 300.0), (200.0, 300.0)])
def test_no_room_beside_the_side_arrows_keeps_the_words_off_the_maze(
    box: tuple[float, float],
) -> None:
    # arrows in the middle of both sides, and no room at all outside the box: the words still
    # go outside the walls, in line with their arrows (above or below the maze), the maze no
    # smaller than the room for them needs
    maze = generate("backtracker", 12, 12, seed=2, openings="sides")
    geom = maze_geometry(maze)
    font = default_fonts().bold

    def width_of(word: str, size: float) -> float:
        return float(stringWidth(word, font, size))

    placed = place_maze(geom, *box, ("START", "FINISH"), width_of, (0.0, 0.0), 9.0)
    full = fit_maze(geom.width, geom.height, *box).scale
    assert [label.word for label in placed.labels] == ["START", "FINISH"]
    assert 0.6 * full <= placed.fit.scale <= full
    s, fit = placed.fit.scale, placed.fit
    for label, mark in zip(placed.labels, (geom.start, geom.finish), strict=True):
        assert -fit.x / s <= label.x0 and label.x1 <= (box[0] - fit.x) / s  # inside the box
        assert -fit.y / s <= label.y0 and label.y1 <= (box[1] - fit.y) / s
        off = label.x1 <= 0.0 or label.x0 >= geom.width or label.y1 <= 0 or label.y0 >= 12
        assert off  # outside the maze, not over it
        assert min(abs(label.x0 - mark.x), abs(label.x1 - mark.x)) * s < 20  # its arrow's side


def test_room_beside_the_side_arrows_sets_the_words_level_with_them() -> None:
    maze = generate("backtracker", 12, 12, seed=2, openings="sides")
    geom = maze_geometry(maze)
    placed = place_maze(geom, 300.0, 300.0, ("START", "FINISH"), bold_width, (40.0, 0.0), 9.0)
    assert placed.fit.scale == fit_maze(geom.width, geom.height, 300.0, 300.0).scale
    s = placed.fit.scale
    for label, mark in zip(placed.labels, (geom.start, geom.finish), strict=True):
        assert label.x1 <= 0.0 or label.x0 >= geom.width  # beside the maze
        assert abs((label.y0 + label.y1) / 2 - mark.y) * s < 1.0  # level with its arrow


@settings(max_examples=80, deadline=None)
@given(
    columns=st.integers(3, 14),
    rows=st.integers(3, 16),
    data=st.data(),
    size=st.sampled_from([8.0, 12.0, 18.0]),
)
def test_number_path_words_outside_the_grid_point_at_their_cells(
    columns: int, rows: int, data: st.DataObject, size: float
) -> None:
    cells = st.tuples(st.integers(0, columns - 1), st.integers(0, rows - 1))
    start = data.draw(cells)
    finish = data.draw(cells.filter(lambda c: c != start))
    scale = data.draw(st.sampled_from([20.0, 35.0, 60.0]))
    room = 6.0 * size / scale
    region = (-room, -room, columns + room, rows + room)
    placed = grid_words(
        columns, rows, (start, finish), ("START", "FINISH"), bold_width, scale, region, size
    )
    assert [g.label.word for g in placed] == ["START", "FINISH"]
    for item, (cx, cy) in zip(placed, (start, finish), strict=True):
        x0, y0, x1, y1 = item.label.extent
        assert item.label.size == size
        assert x1 <= 0 or x0 >= columns or y1 <= 0 or y0 >= rows  # off the grid
        tip = item.pointer[0]
        if 0 <= tip[1] <= rows and (tip[0] < 0 or tip[0] > columns):  # beside: at its row
            assert cy <= tip[1] <= cy + 1
        else:  # above or below: at its column
            assert cx <= tip[0] <= cx + 1
            assert tip[1] < 0 or tip[1] > rows
    a, b = (g.label.extent for g in placed)
    assert a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]  # apart
