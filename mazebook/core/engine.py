"""generate(): algorithm, size and seed in, a Maze with its two openings out.

Every random choice comes from one ``random.Random(seed)``; with ``seed=None`` a fresh seed is
drawn from the operating system and recorded on the maze, so any maze can be made again.
"""

from __future__ import annotations

import os
import random
from collections.abc import Mapping
from typing import Any

from ..errors import InvalidOptionError, MazebookError
from . import generators
from .braid import braid as braid_links
from .braid import check_braid
from .generators.weave import carve as carve_weave
from .generators.weave import check_weave
from .grid import MAX_SEED as MAX_SEED
from .grid import Grid
from .maze import Maze
from .openings import OPENINGS as OPENINGS  # re-exported: the CLI and schema list it
from .openings import PLACEMENT_OPTIONS, place_openings, reads_grown
from .openings import farthest_openings as farthest_openings  # re-exported for benchmarks
from .shapes import make_grid
from .weave import Crossing, join_links, split_grid, split_links


def check_seed(seed: object) -> int:
    """A seed is a whole number from 0 to 2**63-1; raise InvalidOptionError otherwise."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        raise InvalidOptionError(f"seed must be a whole number from 0 to {MAX_SEED}, got {seed!r}")
    return seed


def new_seed() -> int:
    """A fresh seed of 63 random bits from the operating system (os.urandom, the source the
    secrets module draws from, without importing it and the hashing it loads), never the
    global random generator."""
    return int.from_bytes(os.urandom(8), "big") >> 1


def generate(
    algorithm: str,
    width: int,
    height: int,
    *,
    seed: int | None = None,
    shape: str = "rect",
    braid: float = 0.0,
    weave: float = 0.0,
    **options: Any,
) -> Maze:
    """Carve a perfect maze of ``width`` x ``height`` cells with the named algorithm.

    Options: the algorithm's own (see ``mazebook algorithms``), shape options (``mask``,
    ``text``, ``image`` ...), and the placement of the openings: ``openings`` (one of
    OPENINGS, default "farthest": the longest path between outer cells that are apart, on
    different sides and at least 40 % of the outline from each other; "opposite": left and
    right or top and bottom), or
    explicit ``entrance``/``exit`` cells ([x, y] for rectangles, a cell number otherwise) with
    optional ``entrance_side``/``exit_side`` (N, E, S, W on rectangles). ``braid`` (0.0 to
    1.0) is the share of dead ends removed after carving (see mazebook.core.braid); 0 keeps the maze
    perfect. ``weave`` (0.0 to 1.0, rectangles only) is how much the
    maze weaves: passages that cross over and under each other (see mazebook.core.weave); 0 makes
    the same maze as without it.
    """
    field = "algorithm"  # the request field of the step under way (MazebookError.field)
    try:
        spec = generators.get(algorithm)
        field = "seed"
        seed = new_seed() if seed is None else check_seed(seed)
        field = "braid"
        if braid.__class__ is not float or not 0.0 <= braid <= 1.0:  # else: as checked
            braid = check_braid(braid)
        field = "weave"
        if weave.__class__ is not float or not 0.0 <= weave <= 1.0:
            weave = check_weave(weave)
        placement: dict[str, Any] = {}
        for key in PLACEMENT_OPTIONS:
            if key in options:
                placement[key] = options.pop(key)
        shape_options: dict[str, Any] = {}
        if shape != "rect":  # a rectangle takes none: the algorithm's check names the others
            names = spec.option_names
            for key in [key for key in options if key not in names]:
                shape_options[key] = options.pop(key)
        field = "options"
        algo_options = spec.resolve_options(options)
        field = "shape"
        grid = make_grid(shape, width, height, **shape_options)
        if braid:
            field = "braid"
            check_braid_work(grid, placement)
        if not spec.supports(grid.kind):
            field = "algorithm"
            spec.run(grid, random.Random(0), algo_options)  # raises UnsupportedShapeError
        if weave:
            field = "weave"
            _check_weave_support(grid.kind)
    except MazebookError as exc:
        _concerns(exc, field)
        raise
    rng = random.Random(seed)
    crossings: tuple[Crossing, ...] = ()
    split = None
    grown = None  # how the maze grew, where the generator tells: the openings read it
    if weave:
        links, crossings, split = carve_weave(spec, grid, rng, algo_options, weave)
    else:
        carved, grown = spec.run_grown(grid, rng, algo_options)
        links = bytes(carved)
        if not reads_grown(grid):
            grown = None  # not read: its half-edges (4 bytes a cell) need not outlive the carve
    # braiding and the openings see the split graph, where a crossing is two corridors
    cells = [c for c, _ in crossings] if crossings and (split is None or braid) else []
    if split is not None:
        graph, nodes = split
    elif cells:
        graph, nodes = split_grid(grid, cells), split_links(links, cells)
    else:
        graph, nodes = grid, links  # no crossings: the split graph is the grid
    if braid:
        nodes = braid_links(graph, nodes, braid, rng)
        links = join_links(nodes, grid.size, cells) if crossings else nodes
        grown = None  # no longer the maze that grew
    try:
        entrance, exit_ = place_openings(graph, nodes, rng, placement, grown)
    except MazebookError as exc:
        _concerns(exc, "openings")
        raise
    recorded = {**algo_options, **shape_options}
    for key, value in placement.items():
        recorded[key] = list(value) if isinstance(value, tuple) else value
    if braid:
        recorded["braid"] = braid
    if weave:
        recorded["weave"] = weave
    return Maze(
        grid,
        bytes(links),
        entrance,
        exit_,
        algorithm=spec.name,
        seed=seed,
        options=recorded,
        crossings=crossings,
    )


def _concerns(exc: MazebookError, field: str) -> None:
    """Name the request field ``exc`` concerns (``MazebookError.field``, not part of the
    message), unless a deeper step named its own, more precise one. generate() keeps the
    field of the step under way in a local, not a context manager a step: a book's search
    makes hundreds of mazes, each of seven steps."""
    if exc.field is None:
        exc.field = field


def _check_weave_support(kind: str) -> None:
    """Weave is for rectangles (every generator); other shapes are refused."""
    if kind != "rect":
        raise InvalidOptionError(
            f"weave is for rectangular mazes, not the {kind} shape; use shape rect or weave 0"
        )


#: The most cell visits the openings of a braided maze may take: a maze with loops is no tree,
#: so "farthest" and "opposite" measure it with one breadth-first search per outer cell (about
#: 30 s at this cap; 200 x 200 fits, 2000 x 2000 would take hours).
MAX_BRAID_VISITS = 50_000_000


def braid_visits(grid: Grid, placement: Mapping[str, Any]) -> int:
    """The cell visits placing the openings of a braided maze on ``grid`` takes: a search from
    each outer cell through every cell under the farthest and opposite placements, none when
    the openings are given, placed otherwise, or the shape places its own."""
    policy = placement.get("openings", "farthest")
    if "entrance" in placement or "exit" in placement or policy not in ("farthest", "opposite"):
        return 0
    if policy == "farthest" and grid.params.get("default_openings") is not None:
        return 0  # the shape places its own (the circle: outside to centre)
    return len({cell for cell, _ in grid.boundary}) * grid.size


def braid_cost(
    algorithm: str,
    width: int,
    height: int,
    *,
    shape: str = "rect",
    braid: float = 0.0,
    **options: Any,
) -> int:
    """The cell visits ``generate`` with these arguments would spend placing a braided maze's
    openings (its grid made, nothing carved): 0 unbraided. For a caller with a smaller bound
    of its own than MAX_BRAID_VISITS (the web app's live preview)."""
    if not braid:
        return 0
    spec = generators.get(algorithm)
    placement = {k: options.pop(k) for k in PLACEMENT_OPTIONS if k in options}
    algo_names = {o.name for o in spec.options}
    shape_options = {k: v for k, v in options.items() if k not in algo_names}
    grid = make_grid(shape, width, height, **({} if shape == "rect" else shape_options))
    return braid_visits(grid, placement)


def check_braid_work(grid: Grid, placement: dict[str, Any]) -> None:
    """InvalidOptionError, before any carving, when placing the openings of this braided maze
    would take more than MAX_BRAID_VISITS cell visits."""
    policy = placement.get("openings", "farthest")
    if "entrance" in placement or "exit" in placement or policy not in ("farthest", "opposite"):
        return
    if policy == "farthest" and grid.params.get("default_openings") is not None:
        return  # the shape places its own (the circle: outside to centre)
    outer = len({cell for cell, _ in grid.boundary})
    if outer * grid.size > MAX_BRAID_VISITS:
        raise InvalidOptionError(
            f"braid with openings {policy!r} measures the paths from each of the {outer:,} "
            f"outer cells through all {grid.size:,} cells, over {MAX_BRAID_VISITS:,} steps (the "
            "limit, MAX_BRAID_VISITS); use a smaller maze (200 x 200 fits), braid 0, or "
            "openings random, corners or sides"
        )
