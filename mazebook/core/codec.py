"""The dict (JSON) forms of a maze: wall rows for the rectangle, the graph form for any shape.

Reading checks every field's type and range, since a maze file may come from anywhere: any
problem is a MazeFormatError, never a TypeError or IndexError here or later when the maze is
drawn or saved. Reading never opens a file or draws text the data names: a mask's grid is
rebuilt from its stored ``cells`` only (``image``, ``text``, ``font`` and ``mask`` are refused
in its ``grid_params``). The result is the parts a ``Maze`` is made of (``MazeParts``), so
this module needs no Maze and the model stays small.

The shape of both forms is declared in mazebook/data/maze.schema.json for other tools
(tests/test_maze_schema.py keeps it and these checks in step); the checks here are written
out because the core loads no jsonschema, and they go further than a schema can (walls the
same on both sides, passages between neighbours, the grid rebuilt from its parameters).
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from ..errors import MazebookError, MazeFormatError
from ..shapes import SHAPES, cell_centres, make_grid
from .grid import MAX_SEED, MAX_SIDE, SIDE_NAMES, Grid, Opening, rect_grid
from .weave import check_crossings


class MazeParts(NamedTuple):
    """What a maze dict holds: the grid, passage bytes, openings and how it was made."""

    grid: Grid
    links: bytes
    entrance: Opening
    exit: Opening
    algorithm: str
    seed: int | None
    options: dict[str, Any]
    crossings: tuple[tuple[int, str], ...] = ()


def wall_bits(links: bytes, openings: Sequence[Opening]) -> bytes:
    """Rectangle wall bits (N=1 E=2 S=4 W=8) from passage bytes, with the openings cleared."""
    walls = bytearray(links.translate(_INVERT4))
    for opening in openings:
        if opening.side is not None:
            walls[opening.cell] &= ~(1 << opening.side) & 15
    return bytes(walls)


def wall_rows(bits: bytes, width: int, height: int) -> list[list[int]]:
    """``height`` rows of ``width`` wall ints, row 0 at the top."""
    return [list(bits[r * width : (r + 1) * width]) for r in range(height)]


def to_dict(
    grid: Grid,
    links: bytes,
    entrance: Opening,
    exit_: Opening,
    solution: Sequence[int],
    common: Mapping[str, Any],
    crossings: Sequence[tuple[int, str]] = (),
) -> dict[str, Any]:
    """The JSON-ready form: wall rows for the rectangle, the graph form for other shapes. A
    weave maze adds ``crossings``: [x, y, "h" | "v"] per crossing (absent without any)."""
    if grid.kind == "rect":
        xy = grid.xy
        bits = wall_bits(links, (entrance, exit_))
        woven = {"crossings": [[*xy(c), over] for c, over in crossings]} if crossings else {}
        return {
            "shape": "rect",
            "width": grid.width,
            "height": grid.height,
            "walls": wall_rows(bits, grid.width, grid.height),
            "entrance": list(xy(entrance.cell)),
            "exit": list(xy(exit_.cell)),
            "entrance_side": _side_name(entrance.side),
            "exit_side": _side_name(exit_.side),
            "solution": [list(xy(c)) for c in solution],
            **woven,
            **common,
        }
    return {**graph_dict(grid, links, entrance, exit_, solution), **common}


def from_dict(data: Mapping[str, Any]) -> MazeParts:
    """Read a maze back from ``to_dict()`` output, checking that it is consistent."""
    if not isinstance(data, Mapping):
        raise MazeFormatError("a maze must be a JSON object")
    shape = data.get("shape", "rect")
    if shape == "rect" and "walls" in data:
        return _rect_from_dict(data)
    if data.get("crossings"):
        raise MazeFormatError("'crossings' are for rectangular mazes given by their 'walls'")
    return graph_from_dict(data)


def _is_whole(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _whole(data: Mapping[str, Any], key: str, lo: int, hi: int) -> int:
    """``data[key]`` as a whole number from lo to hi (not a float, not true/false)."""
    value = data.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or not lo <= value <= hi:
        raise MazeFormatError(
            f"{key!r} must be a whole number from {lo} to {hi}, got {_short(value)}"
        )
    return value


def _made_by(data: Mapping[str, Any]) -> tuple[str, int | None, dict[str, Any]]:
    """The algorithm name, seed and options a maze records (checked, all optional)."""
    algorithm = data.get("algorithm") or ""
    if not isinstance(algorithm, str):
        raise MazeFormatError(f"'algorithm' must be a name, got {_short(algorithm)}")
    seed = data.get("seed")
    if seed is not None and (
        not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed <= MAX_SEED
    ):
        raise MazeFormatError(
            f"'seed' must be a whole number from 0 to {MAX_SEED}, got {_short(seed)}"
        )
    options = data.get("options") or {}
    if not isinstance(options, Mapping) or not all(isinstance(k, str) for k in options):
        raise MazeFormatError(f"'options' must be an object, got {_short(options)}")
    return algorithm, seed, dict(options)


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
        raise MazeFormatError(
            f"{key!r} must be a pair [x, y] of whole numbers, got {_short(value)}"
        )
    return int(value[0]), int(value[1])


def _rect_from_dict(data: Mapping[str, Any]) -> MazeParts:
    width, height = _whole(data, "width", 1, MAX_SIDE), _whole(data, "height", 1, MAX_SIDE)
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
    algorithm, seed, options = _made_by(data)
    crossings = _crossings(grid, bytes(links), data)
    return MazeParts(grid, bytes(links), entrance, exit_, algorithm, seed, options, crossings)


def _crossings(grid: Grid, links: bytes, data: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
    """The checked ``crossings`` of a rectangle: [x, y, "h" | "v"] each (mazebook.core.weave)."""
    value = data.get("crossings", [])
    if not isinstance(value, list):
        raise MazeFormatError(f'\'crossings\' must be a list of [x, y, "h" | "v"], got {value!r}')
    found: list[tuple[int, str]] = []
    for item in value:
        if (
            not isinstance(item, list)
            or len(item) != 3
            or not all(_is_whole(v) for v in item[:2])
            or not isinstance(item[2], str)
        ):
            raise MazeFormatError(f'crossing {item!r} must be [x, y, "h" | "v"]')
        x, y = item[0], item[1]
        if not (0 <= x < grid.width and 0 <= y < grid.height):
            raise MazeFormatError(
                f"crossing [{x}, {y}] lies outside the {grid.width}x{grid.height} maze"
            )
        found.append((grid.cell_at(x, y), item[2]))
    try:
        return check_crossings(grid, links, found)
    except ValueError as exc:
        raise MazeFormatError(str(exc)) from None


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
    if named is not None:  # a side given is checked, never silently replaced
        if not isinstance(named, str) or named not in SIDE_NAMES:
            raise MazeFormatError(
                f"{key}_side must be one of {', '.join(SIDE_NAMES)}, got {_short(named)}"
            )
        if SIDE_NAMES.index(named) not in sides:
            raise MazeFormatError(
                f"{key}_side {named!r} is not an opening of cell [{x}, {y}] in the outer wall"
            )
        return Opening(cell, SIDE_NAMES.index(named))
    if not sides:
        raise MazeFormatError(f"{key!r} [{x}, {y}] has no opening in the outer wall")
    return Opening(cell, sides[0])


#: How far a saved cell centre may be from the grid's (they are saved to 6 decimals).
_CENTRE_TOLERANCE = 1e-5


def _short(value: object) -> str:
    """``repr(value)`` cut to 40 characters, for a message that stays one short line."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _finite(value: object) -> bool:
    """Whether a number is finite (JSON readers accept Infinity and NaN; a maze may not)."""
    return not isinstance(value, float) or math.isfinite(value)


def graph_dict(
    grid: Grid, links: bytes, entrance: Opening, exit_: Opening, solution: Sequence[int]
) -> dict[str, Any]:
    """The graph form of any maze: cells, neighbours before carving, carved passages, and
    ``centres``: where each cell is drawn, [x, y] in cell units with y down, so other tools
    can draw or analyse a maze without our internals."""
    n, degree, adj = grid.size, grid.degree, grid.adj
    neighbors = [grid.neighbors(c) for c in range(n)]
    passages = [
        [c, adj[c * degree + k]]
        for c in range(n)
        for k in range(degree)
        if links[c] >> k & 1 and c < adj[c * degree + k]
    ]
    return {
        "shape": grid.kind,
        "width": grid.width,
        "height": grid.height,
        "cells": n,
        "neighbors": neighbors,
        "passages": passages,
        "entrance": entrance.cell,
        "exit": exit_.cell,
        "entrance_side": entrance.side,
        "exit_side": exit_.side,
        "solution": list(solution),
        "centres": [[round(x, 6), round(y, 6)] for x, y in cell_centres(grid).tolist()],
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


#: grid_params keys that would read a file or draw text: a saved mask is rebuilt from its cells.
_UNSAFE_PARAMS = ("image", "text", "font", "mask")


def _grid_params(shape: str, data: Mapping[str, Any]) -> dict[str, Any]:
    """The checked ``grid_params``: an object of plain values, a mask's with its ``cells``."""
    params = data.get("grid_params") or {}
    if not isinstance(params, Mapping):
        raise MazeFormatError(f"'grid_params' must be an object, got {_short(params)}")
    for key, value in params.items():
        items = value if isinstance(value, list) else [value]
        if (
            not isinstance(key, str)
            or not isinstance(value, (str, int, float, list, type(None)))
            or not all(_finite(v) for v in items)
        ):
            raise MazeFormatError(
                f"'grid_params' holds {_short(key)}: {_short(value)}, which is not an option"
            )
    if shape == "mask":
        unsafe = [k for k in _UNSAFE_PARAMS if k in params]
        if unsafe:
            raise MazeFormatError(
                f"'grid_params' of a mask may not name {unsafe[0]!r}: a saved mask is read "
                "back from its 'cells' only"
            )
        if not isinstance(params.get("cells"), str):
            raise MazeFormatError("'grid_params' of a mask must hold its 'cells' (run lengths)")
    return dict(params)


def _cell_list(value: object, key: str, size: int) -> list[list[int]]:
    """A list of lists of cell numbers below ``size``."""
    if not isinstance(value, list) or not all(
        isinstance(item, list) and all(_is_whole(c) and 0 <= c < size for c in item)
        for item in value
    ):
        raise MazeFormatError(f"{key!r} must be a list of lists of cell numbers below {size}")
    return value


def graph_from_dict(data: Mapping[str, Any]) -> MazeParts:
    """Rebuild a maze of any shape from its graph form, checking the grid matches."""
    shape = data.get("shape")
    if not isinstance(shape, str) or shape not in SHAPES:
        raise MazeFormatError(f"unknown shape {_short(shape)}; known: {', '.join(sorted(SHAPES))}")
    width, height = _whole(data, "width", 1, MAX_SIDE), _whole(data, "height", 1, MAX_SIDE)
    params = _grid_params(shape, data)
    try:
        grid = make_grid(shape, width, height, **params)
    except MazebookError as exc:
        raise MazeFormatError(f"the graph form's grid cannot be rebuilt: {exc}") from None
    n = grid.size
    if not _is_whole(data.get("cells")) or data.get("cells") != n:
        raise MazeFormatError(f"'cells' is {_short(data.get('cells'))}, the grid has {n}")
    neighbors = data.get("neighbors")
    if neighbors is not None and neighbors != [grid.neighbors(c) for c in range(n)]:
        raise MazeFormatError("'neighbors' do not match the grid that 'grid_params' describe")
    centres = data.get("centres")
    if centres is not None and (
        not isinstance(centres, list)
        or len(centres) != n
        or not all(
            isinstance(c, list)
            and len(c) == 2
            and all(
                isinstance(v, (int, float)) and not isinstance(v, bool) and _finite(v) for v in c
            )
            for c in centres
        )
    ):
        raise MazeFormatError(
            f"'centres' must hold one [x, y] pair of finite numbers per cell ({n})"
        )
    if centres is not None:  # checked like 'neighbors', not silently replaced
        drawn = cell_centres(grid).tolist()
        for cell, ((x, y), (gx, gy)) in enumerate(zip(centres, drawn, strict=True)):
            if abs(x - gx) > _CENTRE_TOLERANCE or abs(y - gy) > _CENTRE_TOLERANCE:
                raise MazeFormatError(
                    f"'centres' of cell {cell} is [{x:g}, {y:g}]; the grid that 'grid_params' "
                    f"describe draws it at [{gx:.6g}, {gy:.6g}]"
                )
    passages = _cell_list(data.get("passages", []), "passages", n)
    links = bytearray(n)
    for pair in passages:
        if len(pair) != 2 or pair[1] not in grid.neighbors(pair[0]):
            raise MazeFormatError(f"passage {_short(pair)} does not join two neighbouring cells")
        a, b = pair
        k = grid.slot_to(a, b)
        links[a] |= 1 << k
        links[b] |= 1 << grid.back[a * grid.degree + k]
    openings = []
    boundary = set(grid.boundary)
    for key in ("entrance", "exit"):
        cell = _whole(data, key, 0, n - 1)
        side = data.get(f"{key}_side")
        if side is not None and (not _is_whole(side) or (cell, side) not in boundary):
            raise MazeFormatError(f"{key}_side {_short(side)} is not an outer side of cell {cell}")
        openings.append(Opening(cell, side))
    algorithm, seed, options = _made_by(data)
    return MazeParts(grid, bytes(links), openings[0], openings[1], algorithm, seed, options)
