"""The maze model: passages over a Grid, the two openings, and the dict form.

For the rectangle, ``walls`` are bits per cell, N=1 E=2 S=4 W=8, a set bit meaning the wall is
there; the wall between two neighbours is the same bit pair on both sides, and the entrance and
the exit are outer walls cleared. Other shapes use the graph form (cells, neighbours, passages).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any, NamedTuple

from .errors import MazebookError, MazeFormatError
from .grid import (
    GRID_BUILDERS,
    SIDE_NAMES,
    Grid,
    bfs,
    load_shapes,
    make_grid,
    passage_counts,
    rect_grid,
)


class Opening(NamedTuple):
    """A cell and the outer side cut open there (None where the goal is inside, e.g. a centre)."""

    cell: int
    side: int | None


@dataclass(frozen=True, eq=False)
class Maze:
    """A carved maze: one passage byte per cell (bit k = open through slot k) and two openings."""

    grid: Grid
    links: bytes
    entrance: Opening
    exit: Opening
    algorithm: str = ""
    seed: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def shape(self) -> str:
        return self.grid.kind

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.grid.size

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (
            self.grid.kind == other.grid.kind
            and self.grid.width == other.grid.width
            and self.grid.height == other.grid.height
            and self.grid.adj == other.grid.adj
            and self.links == other.links
            and self.entrance == other.entrance
            and self.exit == other.exit
        )

    def __hash__(self) -> int:
        return hash((self.grid.kind, self.width, self.height, self.links))

    @cached_property
    def entrance_tree(self) -> tuple[array, array]:
        """Breadth-first (distance, parent) arrays from the entrance: the solver's search."""
        dist, parent, _ = bfs(self.grid, self.links, self.entrance.cell)
        return dist, parent

    @cached_property
    def solution_cells(self) -> tuple[int, ...]:
        """Cells of the shortest path from entrance to exit (both included)."""
        _, parent = self.entrance_tree
        target = self.exit.cell
        if target != self.entrance.cell and parent[target] < 0:
            raise MazeFormatError("the exit cannot be reached from the entrance")
        path = [target]
        while path[-1] != self.entrance.cell:
            path.append(parent[path[-1]])
        path.reverse()
        return tuple(path)

    def passage_count(self) -> int:
        """Number of carved passages between cells (size - 1 for a perfect maze)."""
        return int(passage_counts(self.links).sum()) // 2

    # --- the rectangle's wall bits -------------------------------------------------------
    def wall_bits(self) -> bytes:
        """Rectangle only: the wall bits of every cell, row-major, with the openings cleared."""
        self._require_rect("wall_bits")
        walls = bytearray(self.links.translate(_INVERT4))
        for opening in (self.entrance, self.exit):
            if opening.side is not None:
                walls[opening.cell] &= ~(1 << opening.side) & 15
        return bytes(walls)

    @property
    def walls(self) -> list[list[int]]:
        """Rectangle only: ``height`` rows of ``width`` wall ints, row 0 at the top."""
        bits = self.wall_bits()
        w = self.width
        return [list(bits[r * w : (r + 1) * w]) for r in range(self.height)]

    def _require_rect(self, what: str) -> None:
        if self.grid.kind != "rect":
            raise MazeFormatError(
                f"{what} is defined for rectangular mazes, not {self.grid.kind!r}"
            )

    # --- dict form ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: wall rows for the rectangle, the graph form for other shapes."""
        common = {
            "algorithm": self.algorithm,
            "seed": self.seed,
            "options": dict(self.options),
        }
        if self.grid.kind == "rect":
            xy = self.grid.xy
            return {
                "shape": "rect",
                "width": self.width,
                "height": self.height,
                "walls": self.walls,
                "entrance": list(xy(self.entrance.cell)),
                "exit": list(xy(self.exit.cell)),
                "entrance_side": _side_name(self.entrance.side),
                "exit_side": _side_name(self.exit.side),
                "solution": [list(xy(c)) for c in self.solution_cells],
                **common,
            }
        return {**graph_dict(self), **common}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Maze:
        """Read a maze back from ``to_dict()`` output, checking that it is consistent."""
        if not isinstance(data, Mapping):
            raise MazeFormatError("a maze must be a JSON object")
        shape = data.get("shape", "rect")
        if shape == "rect" and "walls" in data:
            return _rect_from_dict(data)
        return graph_from_dict(data)


#: Passage byte -> wall byte for the rectangle (the low four bits flipped).
_INVERT4 = bytes((b ^ 15) & 0xFF for b in range(256))


def _side_name(side: int | None) -> str | None:
    return None if side is None else SIDE_NAMES[side]


def _int_pair(data: Mapping[str, Any], key: str) -> tuple[int, int]:
    value = data.get(key)
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(v, int) and not isinstance(v, bool) for v in value)
    ):
        raise MazeFormatError(f"{key!r} must be a pair [x, y] of whole numbers, got {value!r}")
    return int(value[0]), int(value[1])


def _rect_from_dict(data: Mapping[str, Any]) -> Maze:
    width, height = data.get("width"), data.get("height")
    if not isinstance(width, int) or not isinstance(height, int):
        raise MazeFormatError("'width' and 'height' must be whole numbers")
    try:
        grid = rect_grid(width, height)
    except ValueError as exc:
        raise MazeFormatError(str(exc)) from None
    rows = data.get("walls")
    if not isinstance(rows, list) or len(rows) != height:
        raise MazeFormatError(f"'walls' must be a list of {height} rows")
    flat = bytearray()
    for r, row in enumerate(rows):
        if not isinstance(row, list) or len(row) != width:
            raise MazeFormatError(f"'walls' row {r} must hold {width} numbers")
        for v in row:
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= 15:
                raise MazeFormatError(f"'walls' row {r} holds {v!r}; wall values are 0 to 15")
            flat.append(v)
    adj, back, n = grid.adj, grid.back, grid.size
    links = bytearray(n)
    outer_open: list[tuple[int, int]] = []
    for cell in range(n):
        open_bits = ~flat[cell] & 15
        for k in range(4):
            if open_bits >> k & 1:
                j = adj[cell * 4 + k]
                if j == n:
                    outer_open.append((cell, k))
                elif flat[j] >> back[cell * 4 + k] & 1:
                    x, y = grid.xy(cell)
                    raise MazeFormatError(
                        f"wall {SIDE_NAMES[k]} of cell [{x}, {y}] is open on one side only"
                    )
                else:
                    links[cell] |= 1 << k
    entrance = _opening(grid, data, "entrance", outer_open)
    exit_ = _opening(grid, data, "exit", [o for o in outer_open if o != tuple(entrance)])
    leftover = [o for o in outer_open if o not in (tuple(entrance), tuple(exit_))]
    if leftover:
        x, y = grid.xy(leftover[0][0])
        raise MazeFormatError(
            f"the outer wall is open at cell [{x}, {y}] side {SIDE_NAMES[leftover[0][1]]}, "
            "which is neither the entrance nor the exit"
        )
    options = data.get("options") or {}
    seed = data.get("seed")
    return Maze(
        grid,
        bytes(links),
        entrance,
        exit_,
        algorithm=str(data.get("algorithm") or ""),
        seed=seed if isinstance(seed, int) else None,
        options=dict(options) if isinstance(options, Mapping) else {},
    )


def _opening(
    grid: Grid, data: Mapping[str, Any], key: str, candidates: list[tuple[int, int]]
) -> Opening:
    x, y = _int_pair(data, key)
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        raise MazeFormatError(
            f"{key!r} [{x}, {y}] lies outside the {grid.width}x{grid.height} maze"
        )
    cell = grid.cell_at(x, y)
    sides = [k for c, k in candidates if c == cell]
    named = data.get(f"{key}_side")
    if named in SIDE_NAMES and SIDE_NAMES.index(named) in sides:
        return Opening(cell, SIDE_NAMES.index(named))
    if not sides:
        raise MazeFormatError(f"{key!r} [{x}, {y}] has no opening in the outer wall")
    return Opening(cell, sides[0])


def graph_dict(maze: Maze) -> dict[str, Any]:
    """The graph form of any maze: cells, neighbours before carving, carved passages."""
    grid = maze.grid
    n, degree, adj = grid.size, grid.degree, grid.adj
    neighbors = [grid.neighbors(c) for c in range(n)]
    passages = [
        [c, adj[c * degree + k]]
        for c in range(n)
        for k in range(degree)
        if maze.links[c] >> k & 1 and c < adj[c * degree + k]
    ]
    return {
        "shape": grid.kind,
        "width": grid.width,
        "height": grid.height,
        "cells": n,
        "neighbors": neighbors,
        "passages": passages,
        "entrance": maze.entrance.cell,
        "exit": maze.exit.cell,
        "entrance_side": maze.entrance.side,
        "exit_side": maze.exit.side,
        "solution": list(maze.solution_cells),
        "grid_params": _jsonable(grid.params),
    }


def _jsonable(params: Mapping[str, Any]) -> dict[str, Any]:
    """The options that rebuild a grid with make_grid: ``params["build"]`` where the shape gives
    it, else every param that JSON can hold (callables such as default_openings left out)."""
    source = params.get("build", params)
    out: dict[str, Any] = {}
    for k, v in source.items():
        if callable(v):
            continue
        out[k] = list(v) if isinstance(v, tuple) else v
    return out


def graph_from_dict(data: Mapping[str, Any]) -> Maze:
    """Rebuild a maze of any shape from its graph form, checking the grid matches."""
    shape = data.get("shape")
    if shape not in GRID_BUILDERS:
        load_shapes()
    if shape not in GRID_BUILDERS:
        raise MazeFormatError(f"unknown shape {shape!r}; known: {', '.join(sorted(GRID_BUILDERS))}")
    params = data.get("grid_params") or {}
    if not isinstance(params, Mapping):
        raise MazeFormatError(f"'grid_params' must be an object, got {params!r}")
    try:
        grid = make_grid(str(shape), int(data["width"]), int(data["height"]), **params)
    except (KeyError, TypeError) as exc:
        raise MazeFormatError(f"graph form lacks or mangles {exc}") from None
    except MazebookError as exc:
        raise MazeFormatError(f"the graph form's grid cannot be rebuilt: {exc}") from None
    if data.get("cells") != grid.size:
        raise MazeFormatError(f"'cells' is {data.get('cells')!r}, the grid has {grid.size}")
    neighbors = data.get("neighbors")
    if neighbors is not None and neighbors != [grid.neighbors(c) for c in range(grid.size)]:
        raise MazeFormatError("'neighbors' do not match the grid that 'grid_params' describe")
    passages = data.get("passages", [])
    if not isinstance(passages, list):
        raise MazeFormatError("'passages' must be a list of [cell, cell] pairs")
    links = bytearray(grid.size)
    for pair in passages:
        try:
            a, b = int(pair[0]), int(pair[1])
            if not (0 <= a < grid.size and 0 <= b < grid.size):
                raise ValueError
            k = grid.slot_to(a, b)
        except (ValueError, TypeError, IndexError):
            raise MazeFormatError(
                f"passage {pair!r} does not join two neighbouring cells"
            ) from None
        links[a] |= 1 << k
        links[b] |= 1 << grid.back[a * grid.degree + k]
    openings = []
    for key in ("entrance", "exit"):
        cell = data.get(key)
        if not isinstance(cell, int) or not 0 <= cell < grid.size:
            raise MazeFormatError(f"{key!r} must be a cell number from 0 to {grid.size - 1}")
        side = data.get(f"{key}_side")
        if side is not None and (cell, side) not in grid.boundary:
            raise MazeFormatError(f"{key}_side {side!r} is not an outer side of cell {cell}")
        openings.append(Opening(cell, side))
    seed = data.get("seed")
    return Maze(
        grid,
        bytes(links),
        openings[0],
        openings[1],
        algorithm=str(data.get("algorithm") or ""),
        seed=seed if isinstance(seed, int) else None,
        options=dict(data.get("options") or {}),
    )
