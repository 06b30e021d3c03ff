"""How each shape is drawn: a MazeGeometry (walls, arcs, solution, markers) for any maze.

``DRAWINGS`` maps every shape of ``mazebook.core.shapes.SHAPES`` to its drawing function, and
``maze_geometry`` picks the right one.

Walls are the cell sides without a passage (outer sides too, except the openings), each shared
side drawn once; collinear sides that touch are merged into one run and a ring's consecutive
wall arcs into one arc, so the writers stroke few long lines.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable
from dataclasses import replace

from ..core.maze import Maze
from ..core.shapes import shape
from ..errors import UnsupportedShapeError
from ..lazy import numpy as np
from .drawing import (
    Marker,
    MazeGeometry,
    maze_meta,
    rect_geometry,
    rect_wall_runs,
    simplify_polyline,
    solution_polyline,
)
from .rules import rule_marks

_EPS = 1e-7

#: Longest chord (cells) of the solution line where it follows a ring.
ARC_STEP = 0.25


def merge_segments(segments: np.ndarray) -> np.ndarray:
    """Merge collinear segments that overlap or touch end to end into single runs."""
    segs = np.asarray(segments, dtype=np.float64).reshape(-1, 4)
    if len(segs) < 2:
        return segs
    p, q = segs[:, :2], segs[:, 2:]
    d = q - p
    u = d / np.hypot(d[:, 0], d[:, 1])[:, None]
    flip = (u[:, 1] < -1e-9) | ((np.abs(u[:, 1]) <= 1e-9) & (u[:, 0] < 0))
    u[flip] *= -1
    p, q = np.where(flip[:, None], q, p), np.where(flip[:, None], p, q)
    angle = np.arctan2(u[:, 1], u[:, 0])
    offset = u[:, 0] * p[:, 1] - u[:, 1] * p[:, 0]
    t0 = (p * u).sum(axis=1)
    t1 = (q * u).sum(axis=1)
    # cluster by direction, then by offset, with a tolerance (no exact float keys)
    by_angle = np.argsort(angle, kind="stable")
    angle_id = np.empty(len(segs), dtype=np.int64)
    angle_id[by_angle] = np.concatenate([[0], np.cumsum(np.diff(angle[by_angle]) > _EPS)])
    by_line = np.lexsort((offset, angle_id))
    new_line = np.concatenate(
        [[True], (np.diff(angle_id[by_line]) != 0) | (np.diff(offset[by_line]) > _EPS)]
    )
    line_id = np.empty(len(segs), dtype=np.int64)
    line_id[by_line] = np.cumsum(new_line) - 1
    order = np.lexsort((t0, line_id))
    span = float(np.max(np.abs(np.concatenate([t0, t1])))) * 2 + 10
    base = line_id[order] * span
    start, end = t0[order] + base, t1[order] + base
    reach = np.maximum.accumulate(end)
    new_run = np.concatenate([[True], start[1:] > reach[:-1] + _EPS])
    first = np.flatnonzero(new_run)
    last = np.concatenate([first[1:], [len(order)]]) - 1
    head = order[first]
    length = reach[last] - start[first]
    out = np.empty((len(first), 4))
    out[:, :2] = p[head]
    out[:, 2:] = p[head] + u[head] * length[:, None]
    return out


def _link_bits(maze: Maze) -> np.ndarray:
    links = np.frombuffer(maze.links, dtype=np.uint8)
    return ((links[:, None] >> np.arange(maze.grid.degree)[None, :]) & 1).astype(bool)


def _opening_mask(maze: Maze) -> np.ndarray:
    mask = np.zeros((maze.size, maze.grid.degree), dtype=bool)
    for opening in (maze.entrance, maze.exit):
        if opening.side is not None:
            mask[opening.cell, opening.side] = True
    return mask


def _wall_sides(maze: Maze) -> np.ndarray:
    """(n, degree) True where a side is drawn: no passage, drawn from the lower-numbered cell
    (outer sides always), and not an opening."""
    grid = maze.grid
    n = grid.size
    table = np.frombuffer(grid.adj, dtype=np.int32).reshape(n, grid.degree)
    cells = np.arange(n)[:, None]
    result: np.ndarray = ~_link_bits(maze) & (table > cells) & ~_opening_mask(maze)
    return result


def _interior_marker(centres: np.ndarray, path: tuple[int, ...], at_start: bool) -> Marker:
    """Marker for an opening inside the maze (e.g. the circle's centre goal): the cell's
    centre, flagged ``inside`` so writers draw a target dot; the direction is that of travel."""
    if len(path) > 1:
        a, b = (path[1], path[0]) if at_start else (path[-2], path[-1])
        d = centres[b] - centres[a] if not at_start else centres[a] - centres[b]
        d = d / max(float(np.hypot(*d)), 1e-12)
    else:
        d = np.array([0.0, -1.0])
    c = centres[path[0] if at_start else path[-1]]
    return Marker(float(c[0]), float(c[1]), float(d[0]), float(d[1]), inside=True)


def _markers(
    maze: Maze, centres: np.ndarray, side_mid: np.ndarray | None, normals: np.ndarray | None
) -> tuple[Marker, Marker]:
    """Start and finish markers from the side midpoints and outward unit normals."""
    path = maze.solution_cells
    out = []
    for opening, at_start in ((maze.entrance, True), (maze.exit, False)):
        if opening.side is None or side_mid is None or normals is None:
            out.append(_interior_marker(centres, path, at_start))
            continue
        mid = side_mid[opening.cell, opening.side]
        d = normals[opening.cell, opening.side] * (-1.0 if at_start else 1.0)
        out.append(Marker(float(mid[0]), float(mid[1]), float(d[0]), float(d[1])))
    return out[0], out[1]


def _outward_normals(p: np.ndarray, q: np.ndarray, centres: np.ndarray) -> np.ndarray:
    d = q - p
    normal = np.stack([d[..., 1], -d[..., 0]], axis=-1)
    normal /= np.maximum(np.hypot(normal[..., 0], normal[..., 1]), 1e-12)[..., None]
    away = ((p + q) / 2 - centres[:, None, :]) * normal
    return np.where((away.sum(axis=-1) < 0)[..., None], -normal, normal)


def polygon_geometry(maze: Maze, p: np.ndarray, q: np.ndarray, centres: np.ndarray) -> MazeGeometry:
    """Geometry of a shape whose side k of cell c runs from p[c, k] to q[c, k]."""
    draw = _wall_sides(maze)
    segs = np.concatenate([p[draw], q[draw]], axis=1)
    normals = _outward_normals(p, q, centres)
    start, finish = _markers(maze, centres, (p + q) / 2, normals)
    path = centres[np.asarray(maze.solution_cells)]
    corners = np.concatenate([p.reshape(-1, 2), q.reshape(-1, 2)])
    return MazeGeometry(
        width=float(corners[:, 0].max()),
        height=float(corners[:, 1].max()),
        segments=merge_segments(segs),
        arcs=np.zeros((0, 5)),
        solution=solution_polyline(path, start, finish),
        start=start,
        finish=finish,
        meta=maze_meta(maze),
    )


def hex_geometry(maze: Maze) -> MazeGeometry:
    """Hex maze: six sides per cell, corners clockwise from the upper right."""
    from ..core.shapes.hexagonal import hex_centres, hex_corners  # each shape's module: here

    corners = hex_corners(maze.grid)
    return polygon_geometry(maze, corners, np.roll(corners, -1, axis=1), hex_centres(maze.grid))


def triangle_geometry(maze: Maze) -> MazeGeometry:
    """Triangle maze: three sides per cell (horizontal, right, left)."""
    from ..core.shapes.triangular import triangle_centres, triangle_corners

    corners, start = triangle_corners(maze.grid)
    rows = np.arange(maze.size)[:, None]
    p = corners[rows, start]
    q = corners[rows, (start + 1) % 3]
    return polygon_geometry(maze, p, q, triangle_centres(maze.grid))


def mask_geometry(maze: Maze) -> MazeGeometry:
    """Masked maze: the rectangle's wall runs over the shape's bounding box."""
    from ..core.shapes.masks import mask_centres, mask_positions

    grid = maze.grid
    rows, cols = mask_positions(grid)
    y0, x0 = int(rows.min()), int(cols.min())
    h, w = int(rows.max()) - y0 + 1, int(cols.max()) - x0 + 1
    walls = (~np.frombuffer(maze.links, dtype=np.uint8) & 15).astype(np.uint8)
    for opening in (maze.entrance, maze.exit):
        if opening.side is not None:
            walls[opening.cell] &= ~(1 << opening.side) & 15
    bits = np.zeros((h, w), dtype=np.uint8)
    bits[rows - y0, cols - x0] = walls
    centres = mask_centres(grid)
    vectors = np.array([(0.0, -1.0), (1.0, 0.0), (0.0, 1.0), (-1.0, 0.0)])
    normals = np.broadcast_to(vectors, (maze.size, 4, 2))
    mids = centres[:, None, :] + 0.5 * normals
    start, finish = _markers(maze, centres, mids, normals)
    return MazeGeometry(
        width=float(w),
        height=float(h),
        segments=rect_wall_runs(bits),
        arcs=np.zeros((0, 5)),
        solution=solution_polyline(centres[np.asarray(maze.solution_cells)], start, finish),
        start=start,
        finish=finish,
        meta=maze_meta(maze),
    )


def _ring_arcs(
    walls: np.ndarray, radius: float, cx: float, count: int, top: float = -90.0
) -> list[list[float]]:
    """Merged arcs of one circle of ``count`` equal pieces, ``walls`` True where drawn, the
    first piece starting at angle ``top`` (degrees)."""
    step = 360.0 / count
    if walls.all():
        return [[cx, cx, radius, -90.0, 270.0]]
    if not walls.any():
        return []
    shift = int(np.flatnonzero(~walls)[0])  # start just after a gap: no run wraps the array
    rolled = np.roll(walls, -shift)
    padded = np.concatenate([[0], rolled.astype(np.int8), [0]])
    edges = np.diff(padded)
    starts, ends = np.flatnonzero(edges == 1), np.flatnonzero(edges == -1)
    return [
        [cx, cx, radius, top + step * (s + shift), top + step * (e + shift)]
        for s, e in zip(starts.tolist(), ends.tolist(), strict=True)
    ]


def _turned_angles(maze: Maze) -> tuple[np.ndarray, float]:
    """A circle's cell angles as drawn, and the turn (radians, clockwise) that brings START's
    rim opening to the top (FINISH's when START is the centre): polar_turn."""
    from ..core.shapes.polar import cell_angles, polar_turn

    angles = cell_angles(maze.grid)
    ends = (maze.entrance, maze.exit)
    turn = polar_turn(angles, tuple((end.cell, end.side) for end in ends))
    return angles + turn, turn


def polar_geometry(maze: Maze) -> MazeGeometry:
    """Circle maze: arcs for the rings' walls, radial runs between the cells of a ring, the
    circle turned so that its START (or, from the centre, its FINISH) opens at the top."""
    from ..core.shapes.polar import OUT0, cell_rings, polar_centres

    grid = maze.grid
    counts = list(grid.params["ring_counts"])
    rings = len(counts) - 1
    c = float(rings + 1)
    ring, index, count = cell_rings(grid)
    linked = _link_bits(maze)
    mid, turn = _turned_angles(maze)
    top = -90.0 + math.degrees(turn)
    # radial walls: between cell i and i + 1 of a ring (the clockwise slot)
    radial = (ring > 0) & ~linked[:, 1]
    theta = np.radians(-90.0 + 360.0 * (index[radial] + 1) / count[radial]) + turn
    r_in, r_out = ring[radial].astype(np.float64), ring[radial] + 1.0
    cos, sin = np.cos(theta), np.sin(theta)
    segs = np.stack([c + r_in * cos, c + r_in * sin, c + r_out * cos, c + r_out * sin], axis=1)
    arcs: list[list[float]] = []
    offsets = np.concatenate([[0], np.cumsum(counts)])
    for k in range(1, rings + 1):
        cells = slice(int(offsets[k]), int(offsets[k + 1]))
        arcs += _ring_arcs(~linked[cells, 0], float(k), c, counts[k], top)
    outer = np.ones(counts[rings], dtype=bool)
    for opening in (maze.entrance, maze.exit):
        if opening.side == OUT0:
            outer[opening.cell - int(offsets[rings])] = False
    arcs += _ring_arcs(outer, float(rings + 1), c, counts[rings], top)
    centres = polar_centres(grid, turn)
    start = _polar_marker(maze, True, centres, mid, c, rings)
    finish = _polar_marker(maze, False, centres, mid, c, rings)
    path = _polar_path(maze.solution_cells, ring, mid, c)
    return MazeGeometry(
        width=2 * c,
        height=2 * c,
        segments=merge_segments(segs),
        arcs=np.array(arcs, dtype=np.float64).reshape(-1, 5),
        solution=solution_polyline(path, start, finish),
        start=start,
        finish=finish,
        meta=maze_meta(maze),
        hub=1.0,
    )


def _polar_marker(
    maze: Maze, at_start: bool, centres: np.ndarray, mid: np.ndarray, c: float, rings: int
) -> Marker:
    """An outer opening: the middle of the cell's outer arc, pointing along the radius."""
    opening = maze.entrance if at_start else maze.exit
    if opening.side is None:
        return _interior_marker(centres, maze.solution_cells, at_start)
    a = float(mid[opening.cell])
    out = np.array([math.cos(a), math.sin(a)])
    point = c + (rings + 1) * out
    d = -out if at_start else out
    return Marker(float(point[0]), float(point[1]), float(d[0]), float(d[1]))


def _polar_path(cells: tuple[int, ...], ring: np.ndarray, mid: np.ndarray, c: float) -> np.ndarray:
    """The solution through the cell centres, following the rings along arcs."""

    def point(r: float, a: float) -> tuple[float, float]:
        return (c + r * math.cos(a), c + r * math.sin(a))

    def arc(r: float, a0: float, a1: float) -> list[tuple[float, float]]:
        delta = (a1 - a0 + math.pi) % (2 * math.pi) - math.pi
        steps = max(1, math.ceil(abs(delta) * r / ARC_STEP))
        return [point(r, a0 + delta * s / steps) for s in range(1, steps + 1)]

    first = cells[0]
    pts = [point(0.0 if ring[first] == 0 else ring[first] + 0.5, float(mid[first]))]
    for a, b in itertools.pairwise(cells):
        ra, rb = int(ring[a]), int(ring[b])
        ma, mb = float(mid[a]), float(mid[b])
        if ra == 0 or rb == 0:
            pts.append(point(0.0 if rb == 0 else rb + 0.5, mb))
        elif ra == rb:
            pts += arc(ra + 0.5, ma, mb)
        elif rb > ra:
            pts += arc(ra + 0.5, ma, mb)
            pts.append(point(rb + 0.5, mb))
        else:
            pts.append(point(rb + 0.5, ma))
            pts += arc(rb + 0.5, ma, mb)
    return simplify_polyline(np.array(pts, dtype=np.float64))


#: The drawing of every shape in mazebook.core.shapes.SHAPES.
DRAWINGS: dict[str, Callable[[Maze], MazeGeometry]] = {
    "rect": rect_geometry,
    "circle": polar_geometry,
    "hex": hex_geometry,
    "triangle": triangle_geometry,
    "mask": mask_geometry,
}


def maze_geometry(maze: Maze) -> MazeGeometry:
    """The drawing of a maze of any shape as pure geometry."""
    draw = DRAWINGS.get(maze.grid.kind) or shape(maze.grid.kind).drawing
    if draw is None:
        raise UnsupportedShapeError(f"no drawing is defined for {maze.grid.kind!r} mazes")
    drawn = draw(maze)
    if not isinstance(drawn, MazeGeometry):
        raise UnsupportedShapeError(
            f"the drawing of {maze.grid.kind!r} mazes gave {type(drawn).__name__}, "
            "not a MazeGeometry"
        )
    if maze.rules:  # one-way arrows, doors and keys (rectangles)
        drawn = replace(drawn, marks=rule_marks(maze))
    return drawn


def cell_points(maze: Maze) -> np.ndarray:
    """(n, 2) centre of every cell in the drawing's units, where the solution line passes
    through it (a word trail's letters stand there)."""
    from ..core.shapes import cell_centres
    from ..core.shapes.polar import cell_rings

    grid = maze.grid
    if grid.kind == "circle":
        rings = len(grid.params["ring_counts"]) - 1
        c = float(rings + 1)
        ring, _, _ = cell_rings(grid)
        mid = _turned_angles(maze)[0]
        r = np.where(ring == 0, 0.0, ring + 0.5)
        return np.stack([c + r * np.cos(mid), c + r * np.sin(mid)], axis=1)
    if grid.kind == "rect":
        cells = np.arange(grid.size)
        return np.stack([cells % grid.width + 0.5, cells // grid.width + 0.5], axis=1)
    return cell_centres(grid)
