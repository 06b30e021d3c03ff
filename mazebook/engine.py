"""generate(): algorithm, size and seed in, a Maze with its two openings out.

Every random choice comes from one ``random.Random(seed)``; with ``seed=None`` a fresh seed is
drawn from the operating system and recorded on the maze, so any maze can be made again.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Sequence
from typing import Any

import numpy as np

from . import generators
from .braid import braid as braid_links
from .braid import check_braid
from .errors import InvalidOptionError, MazebookError
from .grid import MAX_SEED as MAX_SEED
from .grid import SIDE_NAMES, Grid, Opening, bfs, passage_counts
from .maze import Maze
from .shapes import make_grid

#: How the entrance and exit are placed when not given explicitly.
OPENINGS = ("farthest", "corners", "sides", "random")

#: Options that generate() itself takes (the rest go to the algorithm).
PLACEMENT_OPTIONS = ("openings", "entrance", "exit", "entrance_side", "exit_side")


def check_seed(seed: object) -> int:
    """A seed is a whole number from 0 to 2**63-1; raise InvalidOptionError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidOptionError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def new_seed() -> int:
    """A fresh seed from the operating system (not the global random generator)."""
    return secrets.randbits(63)


def generate(
    algorithm: str,
    width: int,
    height: int,
    *,
    seed: int | None = None,
    shape: str = "rect",
    braid: float = 0.0,
    **options: Any,
) -> Maze:
    """Carve a perfect maze of ``width`` x ``height`` cells with the named algorithm.

    Options: the algorithm's own (see ``mazebook algorithms``), shape options (``mask``,
    ``text``, ``image`` ...), and the placement of the openings: ``openings`` (one of
    OPENINGS, default "farthest": the two ends of the longest path between outer cells), or
    explicit ``entrance``/``exit`` cells ([x, y] for rectangles, a cell number otherwise) with
    optional ``entrance_side``/``exit_side`` (N, E, S, W on rectangles). ``braid`` (0.0 to
    1.0) is the share of dead ends removed after carving (see mazebook.braid); 0 keeps the maze
    perfect.
    """
    spec = generators.get(algorithm)
    seed = new_seed() if seed is None else check_seed(seed)
    braid = check_braid(braid)
    placement = {k: options.pop(k) for k in PLACEMENT_OPTIONS if k in options}
    algo_names = {o.name for o in spec.options}
    shape_options = {k: options.pop(k) for k in list(options) if k not in algo_names}
    if shape == "rect" and shape_options:
        # no shape takes these: let the algorithm's check name them with a did-you-mean
        options.update(shape_options)
        shape_options = {}
    algo_options = spec.resolve_options(options)
    grid = make_grid(shape, width, height, **shape_options)
    if not spec.supports(grid.kind):
        spec.run(grid, random.Random(0), algo_options)  # raises UnsupportedShapeError
    rng = random.Random(seed)
    links: bytes | bytearray = spec.run(grid, rng, algo_options)
    if braid:
        links = braid_links(grid, bytes(links), braid, rng)
    entrance, exit_ = place_openings(grid, bytes(links), rng, placement)
    recorded = {**algo_options, **shape_options, **_recorded_placement(placement)}
    if braid:
        recorded["braid"] = braid
    return Maze(
        grid, bytes(links), entrance, exit_, algorithm=spec.name, seed=seed, options=recorded
    )


def _recorded_placement(placement: dict[str, Any]) -> dict[str, Any]:
    return {k: list(v) if isinstance(v, tuple) else v for k, v in placement.items()}


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
