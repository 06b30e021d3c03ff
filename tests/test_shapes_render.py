"""Drawing the shapes: the SVG's walls read back to the maze's graph; merged runs; markers; PDF."""

from __future__ import annotations

import io
import math
import re

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from mazebook import Maze, generate
from mazebook.core.shapes.hexagonal import hex_centres
from mazebook.core.shapes.triangular import triangle_corners
from mazebook.geometry.from_maze import maze_geometry, merge_segments
from mazebook.render.pdf import to_pdf
from mazebook.render.svg import to_svg

from .svgread import element_by_id, path_d, polyline_points, straight_runs

TOL = 0.01  # the SVG rounds coordinates to 3 decimals


def svg_arcs(d: str) -> list[tuple[float, float, float, float, float]]:
    """'M x y A r r 0 0 1 x y ...' pieces as (x0, y0, r, x1, y1), each drawn clockwise."""
    arcs = []
    x = y = 0.0
    for cmd, args in re.findall(r"([MA])([^MA]*)", d):
        nums = [float(v) for v in args.replace(",", " ").split()]
        if cmd == "M":
            x, y = nums
        else:
            r, _, _, large, sweep, x1, y1 = nums
            assert (large, sweep) == (0, 1), "arcs are drawn clockwise, at most 180 degrees"
            arcs.append((x, y, r, x1, y1))
            x, y = x1, y1
    return arcs


def on_runs(point: tuple[float, float], runs: list[tuple[float, float, float, float]]) -> bool:
    px, py = point
    for x1, y1, x2, y2 in runs:
        dx, dy = x2 - x1, y2 - y1
        t = ((px - x1) * dx + (py - y1) * dy) / (dx * dx + dy * dy)
        if -1e-6 <= t <= 1 + 1e-6 and math.hypot(x1 + t * dx - px, y1 + t * dy - py) < TOL:
            return True
    return False


def on_arcs(point: tuple[float, float], centre: float, arcs: list[tuple[float, ...]]) -> bool:
    px, py = point
    r = math.hypot(px - centre, py - centre)
    a = math.atan2(py - centre, px - centre)
    for x0, y0, ar, x1, y1 in arcs:
        if abs(ar - r) > TOL:
            continue
        a0 = math.atan2(y0 - centre, x0 - centre)
        a1 = math.atan2(y1 - centre, x1 - centre)
        span = (a1 - a0) % (2 * math.pi) or 2 * math.pi
        if (a - a0) % (2 * math.pi) <= span + 1e-9:
            return True
    return False


def passages_of(maze: Maze) -> set[frozenset[int]]:
    return {frozenset(p) for p in maze.to_dict()["passages"]}


@pytest.mark.slow
@given(rings=st.integers(1, 7), inner=st.integers(3, 8), seed=st.integers(0, 2**32))
def test_circle_svg_walls_read_back_to_the_same_graph(rings: int, inner: int, seed: int) -> None:
    maze = generate("backtracker", rings, rings, seed=seed, shape="circle", inner=inner)
    svg = to_svg(maze_geometry(maze), show_solution=True)
    runs = straight_runs(path_d(svg, "wall-runs"))
    arcs = svg_arcs(path_d(svg, "wall-arcs"))
    counts = list(maze.grid.params["ring_counts"])
    first = np.concatenate([[0], np.cumsum(counts)])
    # the centre disc may be drawn wider than a ring to hold the goal's word: its radius is
    # what the outer circle's has beyond the rings
    hub = max(arc[2] for arc in arcs) - rings
    assert hub >= 1.0 - 1e-3
    centre = rings + hub
    # the drawing is turned so that START (an outer cell) opens at the top
    at = maze.entrance.cell - int(first[rings])
    turn = -2 * math.pi * (at + 0.5) / counts[rings]

    def polar(r: float, turns: float) -> tuple[float, float]:
        a = 2 * math.pi * turns - math.pi / 2 + turn
        return (centre + r * math.cos(a), centre + r * math.sin(a))

    open_pairs: set[frozenset[int]] = set()
    outer_gaps = []
    for k in range(1, rings + 1):
        c = counts[k]
        for i in range(c):
            cell = int(first[k]) + i
            # the radial side to the next cell clockwise, at mid-depth of the ring
            if not on_runs(polar(k + hub - 0.5, (i + 1) / c), runs):
                open_pairs.add(frozenset((cell, int(first[k]) + (i + 1) % c)))
            # the inner side, half way along the cell
            if not on_arcs(polar(k + hub - 1, (i + 0.5) / c), centre, arcs):
                parent = 0 if k == 1 else int(first[k - 1]) + i * counts[k - 1] // c
                open_pairs.add(frozenset((cell, parent)))
            if k == rings and not on_arcs(polar(k + hub, (i + 0.5) / c), centre, arcs):
                outer_gaps.append(cell)
    assert open_pairs == passages_of(maze)
    assert outer_gaps == [maze.entrance.cell]
    assert maze.exit.cell == 0


def _polygon_read_back(maze: Maze, centres: np.ndarray) -> None:
    """Shared sides of neighbours: drawn exactly where there is no passage (the midpoint of
    the two centres lies on the shared side, for hexagons and for triangles alike)."""
    svg = to_svg(maze_geometry(maze))
    runs = straight_runs(path_d(svg, "walls"))
    grid = maze.grid
    open_pairs = set()
    for c in range(grid.size):
        for j in grid.neighbors(c):
            if c < j and not on_runs(tuple((centres[c] + centres[j]) / 2), runs):
                open_pairs.add(frozenset((c, j)))
    assert open_pairs == passages_of(maze)


@pytest.mark.slow
@given(width=st.integers(2, 9), height=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_hex_svg_walls_read_back(width: int, height: int, seed: int) -> None:
    for outline in ("rect", "hexagon"):
        w = max(width, height // 2 + 1)
        maze = generate("backtracker", w, height, seed=seed, shape="hex", outline=outline)
        _polygon_read_back(maze, hex_centres(maze.grid))


@pytest.mark.slow
@given(width=st.integers(2, 12), height=st.integers(1, 6), seed=st.integers(0, 2**32))
def test_triangle_svg_walls_read_back(width: int, height: int, seed: int) -> None:
    for outline in ("rect", "triangle"):
        maze = generate("backtracker", width, height, seed=seed, shape="triangle", outline=outline)
        corners, _ = triangle_corners(maze.grid)
        _polygon_read_back(maze, corners.mean(axis=1))


def test_mask_svg_walls_read_back() -> None:
    maze = generate("backtracker", 14, 12, seed=6, shape="mask", mask="heart")
    geom = maze_geometry(maze)
    rows, cols = np.nonzero(_inside(maze))
    centres = np.stack([cols - cols.min() + 0.5, rows - rows.min() + 0.5], axis=1)
    _polygon_read_back(maze, centres)
    assert (geom.width, geom.height) == (cols.max() - cols.min() + 1, rows.max() - rows.min() + 1)


def _inside(maze: Maze) -> np.ndarray:
    from mazebook.core.shapes.masks import decode_cells

    return decode_cells(maze.grid.params["cells"], maze.width, maze.height)


def test_ring_walls_are_merged_into_long_arcs_and_radial_runs() -> None:
    maze = generate("backtracker", 12, 10, seed=3, shape="circle")
    geom = maze_geometry(maze)
    ring, per_cell = [], []
    for cx, cy, r, a0, a1 in geom.arcs.tolist():
        assert a1 > a0 and (cx, cy) == (11.0, 11.0)
        ring.append(r)
        per_cell.append(a1 - a0)
    # the outer circle is one arc (the entrance is its only gap)
    outer = [a for a, r in zip(per_cell, ring, strict=True) if r == 11.0]
    assert len(outer) == 1 and 359 > outer[0] > 350
    # no two arcs of a ring touch end to end (they would have been merged)
    ends = {(r, round(a1 % 360, 6)) for _, _, r, _, a1 in geom.arcs.tolist()}
    starts = {(r, round(a0 % 360, 6)) for _, _, r, a0, _ in geom.arcs.tolist()}
    assert not ends & starts
    assert len(merge_segments(geom.segments)) == len(geom.segments)


def test_merge_segments_joins_collinear_touching_runs_only() -> None:
    s3 = math.sqrt(3) / 2
    segs = np.array(
        [
            [0, 0, 1, 0],
            [2, 0, 1, 0],  # reversed, touching
            [3, 0, 4, 0],  # gap: separate
            [0, 0, 0.5, s3],
            [1, 2 * s3, 0.5, s3],  # slanted, reversed, touching
            [0, 1, 1, 1],  # parallel, another line
        ]
    )
    merged = {tuple(np.round(s, 6)) for s in merge_segments(segs)}
    assert merged == {
        (0, 0, 2, 0),
        (3, 0, 4, 0),
        (0, 0, 1, round(2 * s3, 6)),
        (0, 1, 1, 1),
    }


def test_triangle_edges_merge_along_lattice_lines() -> None:
    maze = generate("backtracker", 21, 8, seed=1, shape="triangle", outline="rect")
    geom = maze_geometry(maze)
    drawn = sum(
        1
        for c in range(maze.size)
        for k in range(3)
        if not maze.links[c] >> k & 1 and maze.grid.adj[c * 3 + k] > c
    )
    assert len(geom.segments) < 0.8 * drawn


@pytest.mark.parametrize(
    ("shape", "options"),
    [("circle", {}), ("hex", {}), ("triangle", {}), ("mask", {"mask": "star"})],
)
def test_markers_sit_on_the_openings_and_solution_runs_between(shape: str, options: dict) -> None:
    maze = generate("backtracker", 12, 8, seed=5, shape=shape, **options)
    geom = maze_geometry(maze)
    sol = geom.solution
    for marker in (geom.start, geom.finish):
        assert math.isclose(math.hypot(marker.dx, marker.dy), 1.0)
        assert 0 <= marker.x <= geom.width and 0 <= marker.y <= geom.height
    head = (geom.start.x - geom.start.dx * 0.5, geom.start.y - geom.start.dy * 0.5)
    assert np.allclose(sol[0], head)
    if shape != "circle":
        assert not geom.finish.inside
        tail = (geom.finish.x + geom.finish.dx * 0.5, geom.finish.y + geom.finish.dy * 0.5)
        assert np.allclose(sol[-1], tail)
    else:
        c = geom.width / 2
        assert math.isclose(math.hypot(geom.start.x - c, geom.start.y - c), c)
        # the goal is the centre cell itself, drawn as a dot, and the solution ends there
        assert geom.finish.inside and not geom.start.inside
        assert np.allclose((geom.finish.x, geom.finish.y), (c, c))
        assert np.allclose(sol[-1], (c, c))
        # the solution stays inside the circle but for its half-cell lead-in
        radii = np.hypot(sol[:, 0] - c, sol[:, 1] - c)
        assert radii.max() <= c + 0.5 + 1e-9


def test_an_inner_start_draws_from_the_cell_itself() -> None:
    maze = generate("backtracker", 8, 4, seed=2, shape="circle", entrance=0, exit=60)
    geom = maze_geometry(maze)
    c = geom.width / 2
    assert np.allclose(geom.solution[0], (c, c))


@pytest.mark.parametrize("shape", ["circle", "hex", "triangle"])
def test_pdf_draws_walls_arcs_and_solution(shape: str) -> None:
    maze = generate("backtracker", 10, 6, seed=4, shape=shape)
    pdf = to_pdf(maze_geometry(maze), show_solution=True)
    assert pdf == to_pdf(maze_geometry(maze), show_solution=True)  # byte-stable
    page = PdfReader(io.BytesIO(pdf)).pages[0]
    content = page.get_contents().get_data().decode()
    assert content.count(" m ") + content.count(" m\n") > 10
    if shape == "circle":
        assert " c\n" in content  # the arcs, as Bezier curves


def test_svg_has_solution_and_both_markers_for_each_shape() -> None:
    shapes = (("circle", {}), ("hex", {}), ("triangle", {}), ("mask", {"mask": "heart"}))
    for shape, options in shapes:
        maze = generate("backtracker", 10, 8, seed=4, shape=shape, **options)
        svg = to_svg(maze_geometry(maze), show_solution=True)
        assert len(polyline_points(svg, "solution")) >= 2
        assert element_by_id(svg, "start") is not None and element_by_id(svg, "finish") is not None


@pytest.mark.parametrize(
    ("shape", "size", "options"),
    [
        ("rect", (9, 7), {}),
        ("hex", (7, 6), {}),
        ("triangle", (9, 5), {}),
        ("mask", (16, 14), {"mask": "heart"}),
        ("circle", (1, 5), {}),
    ],
)
def test_graph_form_centres_are_where_cells_are_drawn(
    shape: str, size: tuple[int, int], options: dict[str, str]
) -> None:
    maze = generate("backtracker", *size, seed=4, shape=shape, **options)
    data = maze.to_dict() if shape != "rect" else None
    from mazebook.core.codec import graph_dict

    graph = graph_dict(maze.grid, maze.links, maze.entrance, maze.exit, maze.solution_cells)
    centres = np.array(graph["centres"])
    assert data is None or data["centres"] == graph["centres"]
    assert centres.shape == (maze.size, 2)
    geom = maze_geometry(maze)
    assert (centres >= 0).all() and (centres[:, 0] <= geom.width).all()
    assert (centres[:, 1] <= geom.height).all()
    assert len({tuple(c) for c in centres.round(4).tolist()}) == maze.size  # one place each
    if shape != "circle":  # circle paths follow arcs between centres
        on_path = {tuple(c) for c in centres[list(maze.solution_cells)].round(4).tolist()}
        inner = [tuple(p) for p in np.asarray(geom.solution)[1:-1].round(4).tolist()]
        assert set(inner) <= on_path
