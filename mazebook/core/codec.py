"""The dict (JSON) forms of a maze: wall rows for the rectangle, the graph form for any shape.

Reading checks every field, since a maze file may come from anywhere: any problem is a
MazeFormatError, never a TypeError or IndexError here or later when the maze is drawn or saved.
Types, ranges, required keys and list lengths are checked first against the declared schema,
mazebook/data/maze.schema.json (mazebook.core.mazeschema, with jsonschema, loaded on the first
read only); the checks here are what a schema cannot say: walls the same on both sides,
passages between neighbours, the grid rebuilt from its parameters, sizes that follow width and
height, the solution a path from entrance to exit, crossings (mazebook.core.weave) and finite
numbers. Reading never opens a file or draws text the data names: a mask's grid is rebuilt
from its stored ``cells`` only (``image``, ``text``, ``font`` and ``mask`` are refused in its
``grid_params``). The result is the parts a ``Maze`` is made of (``MazeParts``), so this module
needs no Maze and the model stays small.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from itertools import chain
from typing import Any, NamedTuple

from ..errors import MazebookError, MazeFormatError
from ..lazy import numpy as np
from .grid import SIDE_NAMES, Grid, Opening, rect_grid
from .mazeschema import check_maze_json, json_path
from .rules import NO_RULES, RuleSet, check_rules, check_walk, rule_set, state_space, why_unsolvable
from .shapes import SHAPES, cell_centres, make_grid
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
    rules: RuleSet = NO_RULES


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
    rules: RuleSet = NO_RULES,
) -> dict[str, Any]:
    """The JSON-ready form: wall rows for the rectangle, the graph form for other shapes. A
    weave maze adds ``crossings``: [x, y, "h" | "v"] per crossing (absent without any); a maze
    with rules (core/rules.py, rectangles) its ``one_way``, ``doors`` and ``keys`` (each absent
    when empty)."""
    if grid.kind == "rect":
        xy = grid.xy
        bits = wall_bits(links, (entrance, exit_))
        woven = {"crossings": [[*xy(c), over] for c, over in crossings]} if crossings else {}
        woven.update(rules_dict(grid, rules))
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
    if rules:
        raise MazeFormatError(
            f"one-way passages, doors and keys are written for rectangular mazes, not {grid.kind!r}"
        )
    return {**graph_dict(grid, links, entrance, exit_, solution), **common}


def rules_dict(grid: Grid, rules: RuleSet) -> dict[str, Any]:
    """A rectangle's rules as JSON: ``one_way`` [[x1, y1, x2, y2], ...] (walkable from
    [x1, y1] to [x2, y2] only), ``doors`` [{"between": [[x1, y1], [x2, y2]], "key": "A"}, ...]
    and ``keys`` [{"cell": [x, y], "key": "A"}, ...]; each left out when empty."""
    xy = grid.xy
    out: dict[str, Any] = {}
    if rules.one_way:
        out["one_way"] = [[*xy(a), *xy(b)] for a, b in rules.one_way]
    if rules.doors:
        out["doors"] = [
            {"between": [list(xy(a)), list(xy(b))], "key": letter} for a, b, letter in rules.doors
        ]
    if rules.keys:
        out["keys"] = [{"cell": list(xy(c)), "key": letter} for c, letter in rules.keys]
    return out


def from_dict(data: Mapping[str, Any]) -> MazeParts:
    """Read a maze back from ``to_dict()`` output: first against the declared schema (types,
    ranges, required keys, list lengths), then what a schema cannot say."""
    check_maze_json(data)
    if data.get("shape", "rect") == "rect" and "walls" in data:
        return _rect_from_dict(data)
    return graph_from_dict(data)


def _made_by(data: Mapping[str, Any]) -> tuple[str, int | None, dict[str, Any]]:
    """The algorithm name, seed and options a maze records (all optional; the schema checked
    their types and the seed's range); an option that is not finite (NaN, Infinity) is refused,
    as the maze could not be written back as standard JSON."""
    options = dict(data.get("options") or {})
    for name, value in options.items():
        if not _all_finite(value):
            where = json_path(["options", name])
            raise MazeFormatError(f"{where} must be finite, got {_short(value)}")
    return data.get("algorithm") or "", data.get("seed"), options


def _all_finite(value: object, depth: int = 0) -> bool:
    """Whether every number in a JSON value (lists and objects looked into) is finite."""
    if isinstance(value, float):
        return math.isfinite(value)
    if depth > 50:  # deeper than any option: let it be (the schema refused nothing here)
        return True
    if isinstance(value, (list, tuple)):
        return all(_all_finite(v, depth + 1) for v in value)
    if isinstance(value, Mapping):
        return all(_all_finite(v, depth + 1) for v in value.values())
    return True


#: Passage byte -> wall byte for the rectangle (the low four bits flipped).
_INVERT4 = bytes((b ^ 15) & 0xFF for b in range(256))


def _side_name(side: int | None) -> str | None:
    return None if side is None else SIDE_NAMES[side]


def _rect_from_dict(data: Mapping[str, Any]) -> MazeParts:
    width, height = data["width"], data["height"]
    try:
        grid = rect_grid(width, height)
    except ValueError as exc:
        raise MazeFormatError(str(exc)) from None
    rows = data["walls"]
    if len(rows) != height:
        raise MazeFormatError(f"walls must hold {height} rows (the height), got {len(rows)}")
    for r, row in enumerate(rows):
        if len(row) != width:
            raise MazeFormatError(
                f"walls[{r}] must hold {width} wall values (the width), got {len(row)}"
            )
    flat = bytes(chain.from_iterable(rows))  # the schema checked each is a whole 0..15
    links, outer_open = _rect_links(grid, flat)
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
    rules = _rules(grid, bytes(links), data)
    if rules and crossings:
        raise MazeFormatError(
            "one_way, doors and keys are for mazes without crossings: a weave maze cannot "
            "carry them"
        )
    if rules:
        space = state_space(grid, bytes(links), rules, entrance, exit_)
        if space.walk() is None:
            raise MazeFormatError(why_unsolvable(space))
    if "solution" in data:
        cells = [_inside(grid, "solution", i, x, y) for i, (x, y) in enumerate(data["solution"])]
        if rules:
            check_walk(space, cells)
        else:
            check_path(grid, bytes(links), entrance, exit_, cells, [c for c, _ in crossings])
    return MazeParts(
        grid, bytes(links), entrance, exit_, algorithm, seed, options, crossings, rules
    )


def _rules(grid: Grid, links: bytes, data: Mapping[str, Any]) -> RuleSet:
    """The checked ``one_way``, ``doors`` and ``keys`` of a rectangle (core/rules.py)."""
    one_way = [
        (_inside(grid, "one_way", i, x1, y1), _inside(grid, "one_way", i, x2, y2))
        for i, (x1, y1, x2, y2) in enumerate(data.get("one_way", []))
    ]
    doors = [
        (
            _inside(grid, "doors", i, *door["between"][0]),
            _inside(grid, "doors", i, *door["between"][1]),
            door["key"],
        )
        for i, door in enumerate(data.get("doors", []))
    ]
    keys = [
        (_inside(grid, "keys", i, *key["cell"]), key["key"])
        for i, key in enumerate(data.get("keys", []))
    ]
    given = RuleSet(tuple(one_way), tuple(doors), tuple(keys))
    check_rules(grid, links, given)  # in the file's order, so a message names its entry
    return rule_set(one_way, doors, keys)


def _rect_links(grid: Grid, walls: bytes) -> tuple[bytes, list[tuple[int, int]]]:
    """The passage bytes of a rectangle's wall bytes, and its open outer sides (cell, slot) in
    cell order; MazeFormatError naming the first wall (in cell, then side order) that is open on
    one side only. In numpy: a 2000x2000 maze in a few tens of milliseconds."""
    n = grid.size
    wall = np.frombuffer(walls, dtype=np.uint8)
    opened = np.unpackbits((wall ^ np.uint8(15))[:, None], axis=1, count=4, bitorder="little") == 1
    adj = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, 4)
    outer = adj == n
    near = np.where(outer, 0, adj)
    back = np.where(outer, 0, np.frombuffer(grid.back, dtype=np.uint8).reshape(n, 4))
    closed_there = (wall[near] >> back) & 1 == 1  # the neighbour's wall on this side
    one_sided = np.flatnonzero(opened & ~outer & closed_there)
    if len(one_sided):
        cell, k = divmod(int(one_sided[0]), 4)
        x, y = grid.xy(cell)
        raise MazeFormatError(f"wall {SIDE_NAMES[k]} of cell [{x}, {y}] is open on one side only")
    outer_open = [divmod(int(i), 4) for i in np.flatnonzero(opened & outer)]
    links = np.packbits(opened & ~outer, axis=1, bitorder="little")[:, 0]
    return links.tobytes(), outer_open


def _inside(grid: Grid, key: str, index: int, x: int, y: int) -> int:
    """The cell at [x, y] of ``data[key][index]``, refused outside the rectangle."""
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        raise MazeFormatError(
            f"{key}[{index}] [{x}, {y}] lies outside the {grid.width}x{grid.height} maze"
        )
    return y * grid.width + x


def check_path(
    grid: Grid,
    links: bytes,
    entrance: Opening,
    exit_: Opening,
    cells: Sequence[int],
    crossings: Sequence[int] = (),
) -> None:
    """Refuse a saved ``solution`` that is not a walk from the entrance to the exit through
    open passages (straight on through a crossing). Whether it is the shortest is not checked."""
    if not cells or cells[0] != entrance.cell or cells[-1] != exit_.cell:
        raise MazeFormatError(
            f"solution must run from the entrance (cell {entrance.cell}) to the exit "
            f"(cell {exit_.cell})"
        )
    path = np.asarray(cells, dtype=np.int64)
    here, there = path[:-1], path[1:]
    adj = np.frombuffer(grid.adj, dtype=np.intc).reshape(grid.size, grid.degree)[here]
    bits = np.frombuffer(links, dtype=np.uint8)[here]
    slots = np.arange(grid.degree, dtype=np.uint8)
    joined = ((adj == there[:, None]) & ((bits[:, None] >> slots) & 1).astype(bool)).any(axis=1)
    if crossings:  # through a crossing the path goes straight on: its two neighbours opposite
        middle = np.isin(path[1:-1], np.asarray(crossings, dtype=np.int64))
        turned = middle & (path[:-2] + path[2:] != 2 * path[1:-1])
        joined[1:] &= ~turned
    if not joined.all():
        step = int(np.argmin(joined))
        raise MazeFormatError(
            f"solution[{step + 1}] (cell {int(there[step])}) is not reached from "
            f"solution[{step}] (cell {int(here[step])}) through an open passage"
        )


def _crossings(grid: Grid, links: bytes, data: Mapping[str, Any]) -> tuple[tuple[int, str], ...]:
    """The checked ``crossings`` of a rectangle: [x, y, "h" | "v"] each (mazebook.core.weave)."""
    found = [
        (_inside(grid, "crossings", i, x, y), over)
        for i, (x, y, over) in enumerate(data.get("crossings", []))
    ]
    try:
        return check_crossings(grid, links, found)
    except ValueError as exc:
        raise MazeFormatError(str(exc)) from None


def _opening(
    grid: Grid, data: Mapping[str, Any], key: str, candidates: list[tuple[int, int]]
) -> Opening:
    x, y = data[key]
    if not (0 <= x < grid.width and 0 <= y < grid.height):
        raise MazeFormatError(f"{key} [{x}, {y}] lies outside the {grid.width}x{grid.height} maze")
    cell = grid.cell_at(x, y)
    sides = [k for c, k in candidates if c == cell]
    named = data.get(f"{key}_side")
    if named is not None:  # a side given is checked, never silently replaced
        if SIDE_NAMES.index(named) not in sides:
            raise MazeFormatError(
                f"{key}_side {named!r} is not an opening of cell [{x}, {y}] in the outer wall"
            )
        return Opening(cell, SIDE_NAMES.index(named))
    if not sides:
        raise MazeFormatError(f"{key} [{x}, {y}] has no opening in the outer wall")
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
    """The checked ``grid_params`` (the schema checked it is an object of plain values): finite
    numbers, and a mask's with its ``cells`` and nothing that would read a file."""
    params = data.get("grid_params") or {}
    for key, value in params.items():
        if not all(_finite(v) for v in (value if isinstance(value, list) else [value])):
            raise MazeFormatError(
                f"{json_path(['grid_params', key])} must be finite (not Infinity or NaN), got "
                f"{_short(value)}"
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


def _as_float(value: float) -> float:
    """A number as a float, infinity for a whole number too large for one."""
    try:
        return float(value)
    except OverflowError:
        return math.inf


def _check_centres(grid: Grid, centres: Sequence[Sequence[float]]) -> None:
    """Saved ``centres`` (pairs of numbers, the schema checked) must be finite, one per cell,
    and where the rebuilt grid draws each cell: checked like 'neighbors', not replaced."""
    n = grid.size
    if len(centres) != n:
        raise MazeFormatError(f"centres must hold one [x, y] per cell ({n}), got {len(centres)}")
    try:
        saved = np.asarray(centres, dtype=np.float64).reshape(n, 2)
    except OverflowError:  # a whole number beyond any float: as good as infinite
        saved = np.array([[_as_float(v) for v in pair] for pair in centres]).reshape(n, 2)
    finite = np.isfinite(saved).all(axis=1)
    if not finite.all():
        cell = int(np.argmin(finite))
        raise MazeFormatError(
            f"centres[{cell}] must be [x, y], two finite numbers, got {_short(centres[cell])}"
        )
    drawn = cell_centres(grid)
    off = (np.abs(saved - drawn) > _CENTRE_TOLERANCE).any(axis=1)
    if off.any():
        cell = int(np.argmax(off))
        (x, y), (gx, gy) = saved[cell].tolist(), drawn[cell].tolist()
        raise MazeFormatError(
            f"'centres' of cell {cell} is [{x:g}, {y:g}]; the grid that 'grid_params' "
            f"describe draws it at [{gx:.6g}, {gy:.6g}]"
        )


def _same_neighbours(grid: Grid, neighbors: Sequence[Sequence[int]]) -> bool:
    """Whether ``neighbors`` lists each cell's neighbours in slot order, as the grid has them
    (Grid.neighbors), in numpy: the lists' lengths, then their cells end to end."""
    n = grid.size
    if len(neighbors) != n:
        return False
    adj = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, grid.degree)
    real = adj != n
    lengths = np.fromiter((len(row) for row in neighbors), dtype=np.int64, count=n)
    if not np.array_equal(lengths, real.sum(axis=1)):
        return False
    given = np.fromiter(chain.from_iterable(neighbors), dtype=np.int64, count=int(lengths.sum()))
    return bool(np.array_equal(given, adj[real]))


def _graph_links(grid: Grid, passages: Sequence[Sequence[int]]) -> bytes:
    """Passage bytes from [a, b] pairs (whole numbers >= 0, the schema checked), in numpy;
    MazeFormatError for the first pair naming a cell beyond the grid or two cells that are not
    neighbours."""
    n, degree = grid.size, grid.degree
    pairs = np.asarray(passages, dtype=np.int64).reshape(-1, 2)
    beyond: np.ndarray = np.any(pairs >= n, axis=1)
    safe = np.where(beyond[:, None], 0, pairs)  # rows already refused, read as cell 0
    adj = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, degree)
    match: np.ndarray = adj[safe[:, 0]] == safe[:, 1][:, None]  # which slot of a leads to b
    bad = np.flatnonzero(beyond | ~match.any(axis=1))
    if len(bad):
        i = int(bad[0])
        a, b = (int(v) for v in pairs[i])
        if beyond[i]:
            raise MazeFormatError(
                f"passages[{i}] [{a}, {b}] names a cell beyond the grid's {n} (0 to {n - 1})"
            )
        raise MazeFormatError(f"passage [{a}, {b}] does not join two neighbouring cells")
    slot = match.argmax(axis=1)  # the first such slot, as Grid.slot_to
    back = np.frombuffer(grid.back, dtype=np.uint8).reshape(n, degree)[pairs[:, 0], slot]
    links = np.zeros(n, dtype=np.uint8)
    np.bitwise_or.at(links, pairs[:, 0], (np.uint8(1) << slot.astype(np.uint8)))
    np.bitwise_or.at(links, pairs[:, 1], (np.uint8(1) << back))
    return links.tobytes()


def graph_from_dict(data: Mapping[str, Any]) -> MazeParts:
    """Rebuild a maze of any shape from its graph form, checking the grid matches (the schema
    checked the types and ranges first)."""
    shape = data["shape"]
    if shape not in SHAPES:  # shapes may come from plugins: not a list the schema can hold
        raise MazeFormatError(f"unknown shape {_short(shape)}; known: {', '.join(sorted(SHAPES))}")
    params = _grid_params(shape, data)
    try:
        grid = make_grid(shape, data["width"], data["height"], **params)
    except MazebookError as exc:
        raise MazeFormatError(f"the graph form's grid cannot be rebuilt: {exc}") from None
    except TypeError:  # a parameter the shape does not take
        names = ", ".join(sorted(repr(k) for k in params))
        raise MazeFormatError(
            f"the graph form's grid cannot be rebuilt: shape {shape!r} does not take the "
            f"grid_params given ({names})"
        ) from None
    n = grid.size
    if data["cells"] != n:
        raise MazeFormatError(f"'cells' is {_short(data['cells'])}, the grid has {n}")
    neighbors = data.get("neighbors")
    if neighbors is not None and not _same_neighbours(grid, neighbors):
        raise MazeFormatError("'neighbors' do not match the grid that 'grid_params' describe")
    if data.get("centres") is not None:
        _check_centres(grid, data["centres"])
    links = _graph_links(grid, data.get("passages", []))
    openings = []
    boundary = set(grid.boundary)
    for key in ("entrance", "exit"):
        cell = data[key]
        if cell >= n:
            raise MazeFormatError(f"{key} must be a cell from 0 to {n - 1}, got {cell}")
        side = data.get(f"{key}_side")
        if side is None and grid.kind == "rect":  # the rectangle's openings are in its wall
            raise MazeFormatError(f"{key}_side must be an outer side of cell {cell}, got null")
        if side is not None and (cell, side) not in boundary:
            raise MazeFormatError(f"{key}_side {_short(side)} is not an outer side of cell {cell}")
        openings.append(Opening(cell, side))
    if "solution" in data:
        solution = data["solution"]
        beyond = [i for i, c in enumerate(solution) if c >= n]
        if beyond:
            raise MazeFormatError(
                f"solution[{beyond[0]}] must be a cell from 0 to {n - 1}, got {solution[beyond[0]]}"
            )
        check_path(grid, links, openings[0], openings[1], solution)
    algorithm, seed, options = _made_by(data)
    return MazeParts(grid, links, openings[0], openings[1], algorithm, seed, options)
