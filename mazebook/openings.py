"""Where a maze's entrance and exit go: explicit cells, or a placement policy over the outline.

Moved out of the engine so the placement (and its speed) can be worked on alone; the engine
re-exports ``place_openings``, ``OPENINGS`` and ``PLACEMENT_OPTIONS``.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import numpy as np

from .errors import InvalidOptionError, MazebookError
from .grid import SIDE_NAMES, Grid, bfs, passage_counts
from .maze import Opening

#: How the entrance and exit are placed when not given explicitly.
OPENINGS = ("farthest", "corners", "sides", "random")

#: Options that generate() itself takes (the rest go to the algorithm).
PLACEMENT_OPTIONS = ("openings", "entrance", "exit", "entrance_side", "exit_side")


def place_openings(
    grid: Grid, links: bytes, rng: random.Random, placement: dict[str, Any]
) -> tuple[Opening, Opening]:
    """Entrance and exit: explicit cells if given, else by the ``openings`` policy."""
    if "entrance" in placement or "exit" in placement:
        if not ("entrance" in placement and "exit" in placement):
            raise InvalidOptionError("give both 'entrance' and 'exit', or neither")
        return (
            _explicit_opening(
                grid, "entrance", placement["entrance"], placement.get("entrance_side")
            ),
            _explicit_opening(grid, "exit", placement["exit"], placement.get("exit_side")),
        )
    policy = placement.get("openings", "farthest")
    if policy not in OPENINGS:
        raise InvalidOptionError(f"'openings' must be one of {', '.join(OPENINGS)}; got {policy!r}")
    custom = grid.params.get("default_openings")
    if custom is not None and policy == "farthest":
        # shapes with a natural goal (the circle's centre) supply their own default
        openings: tuple[Opening, Opening] = custom(grid, links, rng)
        return openings
    boundary = grid.boundary
    if len(boundary) < 2:
        raise MazebookError("this grid has fewer than two outer sides to open")
    if policy == "corners":
        return Opening(*boundary[0]), Opening(*boundary[len(boundary) // 2])
    if policy == "sides":
        return _middle_of_sides(grid)
    if policy == "random":
        a, b = rng.sample(range(len(boundary)), 2)
        return Opening(*boundary[a]), Opening(*boundary[b])
    return farthest_openings(grid, links)


def farthest_openings(grid: Grid, links: bytes) -> tuple[Opening, Opening]:
    """The two ends of the longest path between outer cells (a double sweep: exact on trees).

    The first sweep is a breadth-first search from an outer cell. A perfect maze is a tree, so
    the second needs no search: the distance from the far end ``a`` to any cell v is
    depth(v) + depth(a) - 2 depth(lca), and the lowest common ancestors of every cell with
    ``a`` are found at once by pointer jumping along the first search's parents (numpy).
    """
    boundary = grid.boundary
    n = grid.size
    outer = np.fromiter((c for c, _ in boundary), dtype=np.int64, count=len(boundary))
    dist_arr, parent_arr, _ = bfs(grid, links, int(outer[0]))
    depth = np.frombuffer(dist_arr, dtype=np.int32)[:n].astype(np.int64)
    a = _first_max(depth[outer])
    if int(np.count_nonzero(depth >= 0)) != n or int(passage_counts(links).sum()) // 2 != n - 1:
        dist_a = np.frombuffer(bfs(grid, links, int(outer[a]))[0], dtype=np.int32)[:n]
    else:
        root, cell = int(outer[0]), int(outer[a])
        marks = bytearray(n)
        while cell != root:  # the path from a up to the root
            marks[cell] = 1
            cell = parent_arr[cell]
        marks[root] = 1
        on_path = np.frombuffer(marks, dtype=np.bool_)
        parent = np.frombuffer(parent_arr, dtype=np.int32).copy()
        parent[root] = root
        up = np.where(on_path, np.arange(n, dtype=np.int32), parent)
        for _ in range(int(depth.max()).bit_length() + 1):  # first ancestor on the path
            up = up[up]
        dist_a = depth + depth[outer[a]] - 2 * depth[up]
    far = dist_a[outer].astype(np.int64)
    far[a] = -1
    b = _first_max(far)
    return Opening(*boundary[a]), Opening(*boundary[b])


def _first_max(values: np.ndarray) -> int:
    """Index of the largest value, the first one on ties."""
    return int(np.argmax(values))


def _middle_of_sides(grid: Grid) -> tuple[Opening, Opening]:
    if grid.kind != "rect":
        raise InvalidOptionError(
            "openings='sides' is for rectangles; use farthest, corners or random"
        )
    w, h = grid.width, grid.height
    return Opening(grid.cell_at(0, h // 2), 3), Opening(grid.cell_at(w - 1, (h - 1) // 2), 1)


def _explicit_opening(grid: Grid, key: str, where: Any, side: Any) -> Opening:
    if grid.kind == "rect":
        if (
            not isinstance(where, Sequence)
            or len(where) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in where)
        ):
            raise InvalidOptionError(f"{key!r} must be [x, y], got {where!r}")
        x, y = where
        if not (0 <= x < grid.width and 0 <= y < grid.height):
            raise InvalidOptionError(
                f"{key!r} {[x, y]} lies outside the {grid.width}x{grid.height} grid"
            )
        cell = grid.cell_at(x, y)
    else:
        if isinstance(where, bool) or not isinstance(where, int) or not 0 <= where < grid.size:
            raise InvalidOptionError(f"{key!r} must be a cell number from 0 to {grid.size - 1}")
        cell = where
    sides = [k for c, k in grid.boundary if c == cell]
    if side is None:
        if not sides:
            if grid.kind == "rect":
                raise InvalidOptionError(f"{key!r} must be a cell on the outer edge")
            return Opening(cell, None)  # an inner goal, e.g. the circle's centre
        return Opening(cell, sides[0])
    k = SIDE_NAMES.index(side) if grid.kind == "rect" and side in SIDE_NAMES else side
    if k not in sides:
        raise InvalidOptionError(f"{key}_side {side!r} is not an outer side of that cell")
    return Opening(cell, k)
