"""Masked grids: silhouettes, text and images give the expected cells, and stay connected."""

from __future__ import annotations

import json
import math
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw

from mazebook import Maze, generate
from mazebook.core.grid import Grid
from mazebook.core.shapes import make_grid
from mazebook.core.shapes.lattice import components, outside_region
from mazebook.core.shapes.masks import MaskWarning, decode_cells, encode_cells
from mazebook.errors import InvalidOptionError, MazebookError


def inside_of(grid: Grid) -> np.ndarray:
    return decode_cells(grid.params["cells"], grid.width, grid.height)


def picture(tmp_path: Path, name: str, size: tuple[int, int], shapes: list, mode: str = "L") -> str:
    """A PNG with black rectangles ("rect", box) or discs ("disc", box) on white (or clear)."""
    background = (0, 0, 0, 0) if mode == "RGBA" else 255
    img = Image.new(mode, size, background)
    draw = ImageDraw.Draw(img)
    ink = (0, 0, 0, 255) if mode == "RGBA" else 0
    for kind, box, *fill in shapes:
        colour = fill[0] if fill else ink
        (draw.rectangle if kind == "rect" else draw.ellipse)(box, fill=colour)
    path = tmp_path / name
    img.save(path)
    return str(path)


# --- silhouettes -----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["heart", "star", "circle", "diamond"])
@pytest.mark.parametrize("size", [(12, 12), (25, 18), (40, 40)])
def test_silhouettes_are_connected_and_fill_their_box(name: str, size: tuple[int, int]) -> None:
    grid = make_grid("mask", *size, mask=name, parts="refuse")  # would raise if apart
    inside = inside_of(grid)
    assert grid.size == inside.sum() and grid.params["dropped_cells"] == 0
    rows, cols = np.nonzero(inside)
    side = min(size)
    assert max(np.ptp(rows), np.ptp(cols)) + 1 >= side - 2  # fitted to the shorter side


@pytest.mark.slow
@given(width=st.integers(3, 40), height=st.integers(3, 40))
def test_silhouettes_are_joined_at_every_size(width: int, height: int) -> None:
    for name in ("heart", "star", "circle", "diamond"):
        inside = inside_of(make_grid("mask", width, height, mask=name))
        assert len(components(inside)[1]) == 1


def test_a_star_whose_tips_touch_at_a_corner_is_joined_or_refused() -> None:
    with pytest.raises(InvalidOptionError, match="falls apart into 3 parts"):
        make_grid("mask", 17, 18, mask="star", parts="refuse")
    with pytest.warns(MaskWarning, match="dropped 2 cells"):
        apart = make_grid("mask", 17, 18, mask="star", parts="largest")
    joined = make_grid("mask", 17, 18, mask="star")
    assert joined.size == apart.size + 2 + 2  # each tip cell and one corridor cell


def test_circle_silhouette_has_the_area_of_a_disc() -> None:
    grid = make_grid("mask", 40, 40, mask="circle")
    assert abs(grid.size - math.pi * 20**2) < 0.02 * math.pi * 20**2


def test_heart_is_symmetric_and_pointed_at_the_bottom() -> None:
    inside = inside_of(make_grid("mask", 31, 31, mask="heart"))
    assert (inside == inside[:, ::-1]).all()
    rows = np.flatnonzero(inside.any(axis=1))
    assert inside[rows[-1]].sum() <= 3 < inside[rows[len(rows) // 3]].sum()


# --- text ------------------------------------------------------------------------------


def test_text_letter_i_is_a_full_height_bar() -> None:
    inside = inside_of(make_grid("mask", 12, 24, text="I"))
    cols = np.flatnonzero(inside.any(axis=0))
    assert inside.sum() == 24 * len(cols)  # a solid rectangle, as tall as the grid
    assert 3 <= len(cols) <= 8 and (np.diff(cols) == 1).all()


def test_text_letters_are_joined_by_shortest_corridors() -> None:
    with pytest.raises(InvalidOptionError, match="falls apart into 2 parts"):
        make_grid("mask", 30, 12, text="II", parts="refuse")
    joined = inside_of(make_grid("mask", 30, 12, text="II"))  # parts="join" is the default
    full = np.flatnonzero(joined.all(axis=0))
    bars = np.split(full, np.flatnonzero(np.diff(full) > 1) + 1)
    assert len(bars) == 2 and len(bars[0]) == len(bars[1])
    gap = bars[1][0] - bars[0][-1] - 1
    assert gap >= 1
    assert joined.sum() == 12 * len(full) + gap  # the two bars and one straight bridge
    assert len(components(joined)[1]) == 1


def test_text_keeping_the_largest_part_says_so() -> None:
    with pytest.warns(MaskWarning, match="kept the largest"):
        grid = make_grid("mask", 30, 12, text="Ii", parts="largest")
    inside = inside_of(grid)
    assert len(components(inside)[1]) == 1 and grid.params["dropped_cells"] > 0
    assert inside[:, :15].sum() == grid.size  # the capital I, on the left, is the larger part


def test_text_with_a_hole_opens_only_on_the_outside() -> None:
    grid = make_grid("mask", 16, 16, text="O")
    inside = inside_of(grid)
    outside = outside_region(inside)
    hole = ~inside & ~outside[1:-1, 1:-1]
    assert hole.sum() > 10
    rows, cols = np.nonzero(inside)
    steps = ((-1, 0), (0, 1), (1, 0), (0, -1))
    for cell, slot in grid.boundary:
        dy, dx = steps[slot]
        assert outside[rows[cell] + dy + 1, cols[cell] + dx + 1]
    maze = generate("backtracker", 16, 16, seed=3, shape="mask", text="O")
    assert (maze.entrance.cell, maze.entrance.side) in grid.boundary


def test_text_errors() -> None:
    with pytest.raises(InvalidOptionError, match="non-empty"):
        make_grid("mask", 10, 10, text="   ")
    with pytest.raises(MazebookError, match=r"font file .* does not exist"):
        make_grid("mask", 10, 10, text="A", font="/no/such/font.ttf")


# --- images ----------------------------------------------------------------------------


def test_image_rectangle_fills_the_fitted_box(tmp_path: Path) -> None:
    path = picture(tmp_path, "bar.png", (100, 50), [("rect", (10, 10, 89, 39))])  # 80 x 30 px
    assert make_grid("mask", 16, 6, image=path).size == 96
    wide = inside_of(make_grid("mask", 32, 6, image=path))  # aspect kept: 16 x 6, centred
    assert wide.sum() == 96 and wide[:, 8:24].all()


def test_image_disc_has_the_area_of_a_disc(tmp_path: Path) -> None:
    path = picture(tmp_path, "disc.png", (200, 200), [("disc", (10, 10, 189, 189))])
    grid = make_grid("mask", 20, 20, image=path)
    assert abs(grid.size - math.pi * 100) < 12


def test_transparent_background_counts_as_white(tmp_path: Path) -> None:
    path = picture(tmp_path, "clear.png", (100, 50), [("rect", (10, 10, 89, 39))], mode="RGBA")
    assert make_grid("mask", 16, 6, image=path).size == 96


def test_threshold_decides_what_is_dark(tmp_path: Path) -> None:
    path = picture(tmp_path, "grey.png", (60, 60), [("rect", (0, 0, 29, 59), 150)])
    with pytest.raises(InvalidOptionError, match="no cells"):
        make_grid("mask", 10, 10, image=path)
    assert make_grid("mask", 10, 10, image=path, threshold=200).size == 50
    with pytest.raises(InvalidOptionError, match="from 1 to 255"):
        make_grid("mask", 10, 10, image=path, threshold=300)


def test_image_parts_refused_kept_or_joined(tmp_path: Path) -> None:
    # two bars 20 px and 10 px wide with a 30 px gap, 60 px tall: 6 x 6 grid cells of 10 px
    bars = [("rect", (0, 0, 19, 59)), ("rect", (50, 0, 59, 59))]
    path = picture(tmp_path, "two.png", (60, 60), bars)
    with pytest.raises(InvalidOptionError, match=r"2 parts.*largest 12 cells.*largest.*join"):
        make_grid("mask", 6, 6, image=path)
    with pytest.warns(MaskWarning, match="dropped 6 cells"):
        assert make_grid("mask", 6, 6, image=path, parts="largest").size == 12
    assert make_grid("mask", 6, 6, image=path, parts="join").size == 18 + 3


@pytest.mark.slow
def test_unreadable_image_is_a_clear_error(tmp_path: Path) -> None:
    with pytest.raises(InvalidOptionError, match=r"mask image .* does not exist"):
        make_grid("mask", 8, 8, image=str(tmp_path / "missing.png"))
    (tmp_path / "not.png").write_text("hello")
    with pytest.raises(InvalidOptionError, match="is not an image file"):
        make_grid("mask", 8, 8, image=str(tmp_path / "not.png"))


def test_image_maze_round_trips_without_the_image(tmp_path: Path) -> None:
    path = picture(tmp_path, "disc.png", (90, 90), [("disc", (0, 0, 89, 89))])
    maze = generate("backtracker", 15, 15, seed=2, shape="mask", image=path)
    data = json.loads(json.dumps(maze.to_dict()))
    Path(path).unlink()
    assert Maze.from_dict(data) == maze


# --- the cells string and imports -------------------------------------------------------


@pytest.mark.slow
@given(bits=st.lists(st.booleans(), min_size=1, max_size=120), width=st.integers(1, 12))
def test_cells_run_lengths_round_trip(bits: list[bool], width: int) -> None:
    height = max(1, len(bits) // width)
    inside = np.resize(np.array(bits, dtype=bool), (height, width))
    assert (decode_cells(encode_cells(inside), width, height) == inside).all()


def test_bad_cells_string_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="adding up to 4 x 4 = 16"):
        make_grid("mask", 4, 4, cells="3,5")


@pytest.mark.slow
def test_shapes_do_not_load_pillow_or_the_writers_unless_asked() -> None:
    code = (
        "import json, sys\n"
        "import mazebook.core.engine as e\n"
        "shapes = (('circle', {}), ('hex', {}), ('triangle', {}), ('mask', {'mask': 'heart'}))\n"
        "for s, o in shapes:\n"
        "    e.generate('backtracker', 9, 6, seed=1, shape=s, **o)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    assert "mazebook.core.shapes.polar" in loaded
    bad = [m for m in loaded if m.split(".")[0] in ("PIL", "reportlab", "svgwrite", "tomllib")]
    assert bad == []
