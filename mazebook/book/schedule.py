"""Difficulty levels 1-10 as measured difficulty: targets, generator choices, the candidate search.

A level is a target on the engine's difficulty score (``metrics.measure(maze).difficulty``,
0..10), which combines the solution length, the decision points on it, the depth of the false
branches and the turns. For each puzzle the search picks a generator allowed at that level, a
size shaped like the page (never with cells below ``min_cell``) and the openings, generates,
measures, and keeps the candidate closest to the target, stopping as soon as one is within
TOLERANCE. Sizes are guessed from each generator's measured curve of score against log2(cells)
(CURVES) and corrected from each measurement, so most puzzles need one or two tries.
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from ..engine import generate
from ..errors import MazebookError
from ..generators import REGISTRY
from ..maze import Maze
from ..metrics import Metrics, measure
from ..template.limits import LEVELS
from .layout import dims_for, maze_scale

#: The difficulty score each level aims at (calibrated: level 10 is about the hardest maze
#: that fits a letter page at 3.5 mm cells; level 1 a 5 x 5 maze).
TARGETS: dict[int, float] = {level: round(1.5 + (level - 1) * 0.78, 2) for level in LEVELS}

#: A candidate this close to its target is kept at once.
TOLERANCE = 0.3
#: At most this many candidates per puzzle; the closest is kept.
MAX_CANDIDATES = 6
#: The smallest maze side the builder makes (cells).
MIN_SIDE = 4

#: Generators each level picks from by default (those registered; see generators_for).
#: Every level uses the same long-path family, on purpose: within one family every measure
#: grows with the size (solution length, decision points, false branches and their depth),
#: so each level is harder than the one below in all of them at once. Mixing families by
#: level would break that: at the same score, branchy generators (prim, kruskal, wilson,
#: aldous-broder) have two to four times the decision points of backtracker or hunt-and-kill
#: but a third of the path length, and cannot reach levels 9-10 on a page at all, so the
#: decision points would fall where a level switched family. A section's ``generators`` key
#: picks any generators it likes (e.g. wilson for many short dead ends).
LONG_PATH_GENERATORS = ("backtracker", "hunt-and-kill")
LEVEL_GENERATORS: dict[int, tuple[str, ...]] = {level: LONG_PATH_GENERATORS for level in LEVELS}
#: Used when none of a level's generators is registered.
FALLBACK_GENERATOR = "backtracker"

#: Openings by level when a section says openings = "auto" (rectangles): the easiest levels
#: put the start in the middle of the left side and the finish on the right.
EASY_OPENINGS_UP_TO = 1


@dataclass(frozen=True)
class Curve:
    """Measured mean difficulty of one generator by size: (log2 of cells, score), rising."""

    points: tuple[tuple[float, float], ...]

    def log_cells_for(self, score: float) -> float:
        """The log2 cell count expected to give ``score`` (linear between the points, and
        along the end segments beyond them)."""
        pts = self.points
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            if score <= y1 or (x1, y1) == pts[-1]:
                return x0 + (score - y0) * (x1 - x0) / (y1 - y0)
        return pts[-1][0]  # pragma: no cover - a curve has at least two points

    def slope_at(self, log_cells: float) -> float:
        """Score per doubling of the cells near ``log_cells`` (at least 0.3)."""
        pts = self.points
        for (x0, y0), (x1, y1) in itertools.pairwise(pts):
            if log_cells <= x1 or (x1, y1) == pts[-1]:
                return max(0.3, (y1 - y0) / (x1 - x0))
        return 1.0  # pragma: no cover


#: Measured as the mean difficulty of 12 seeds per size by log2 of the cell count (columns 4
#: to 48 with 1.2 times as many rows, openings="farthest") on the generators as first written;
#: re-measure when one changes. Generators without a curve use DEFAULT_CURVE and are corrected
#: by the search.
CURVES: dict[str, Curve] = {
    "backtracker": Curve(
        (
            (4.32, 1.16),
            (5.39, 2.17),
            (6.32, 3.01),
            (7.16, 3.86),
            (8.08, 4.71),
            (8.91, 5.58),
            (9.75, 6.55),
            (10.6, 7.5),
            (11.44, 8.47),
        )
    ),
    "hunt-and-kill": Curve(
        (
            (4.32, 1.12),
            (5.39, 2.21),
            (6.32, 3.02),
            (7.16, 3.82),
            (8.08, 4.63),
            (8.91, 5.55),
            (9.75, 6.29),
            (10.6, 7.11),
            (11.44, 8.0),
        )
    ),
    "wilson": Curve(
        (
            (4.32, 1.38),
            (5.39, 2.29),
            (6.32, 3.09),
            (7.16, 3.8),
            (8.08, 4.57),
            (8.91, 5.12),
            (9.75, 5.89),
            (10.6, 6.57),
            (11.44, 7.37),
        )
    ),
    "aldous-broder": Curve(
        (
            (4.32, 1.51),
            (5.39, 2.32),
            (6.32, 3.04),
            (7.16, 3.74),
            (8.08, 4.5),
            (8.91, 5.24),
            (9.75, 5.93),
            (10.6, 6.65),
            (11.44, 7.35),
        )
    ),
    "kruskal": Curve(
        (
            (4.32, 1.46),
            (5.39, 2.29),
            (6.32, 2.96),
            (7.16, 3.65),
            (8.08, 4.44),
            (8.91, 5.1),
            (9.75, 5.7),
            (10.6, 6.49),
            (11.44, 7.17),
        )
    ),
    "prim": Curve(
        (
            (4.32, 1.43),
            (5.39, 2.19),
            (6.32, 2.93),
            (7.16, 3.4),
            (8.08, 4.05),
            (8.91, 4.74),
            (9.75, 5.26),
            (10.6, 5.96),
            (11.44, 6.5),
        )
    ),
}
DEFAULT_CURVE = CURVES["backtracker"]


#: Generators by how hard a maze of a given size tends to be, hardest first: where a level
#: cannot reach its target at the largest size that fits, the search moves up this list.
HARDNESS = (
    "backtracker",
    "hunt-and-kill",
    "growing-tree",
    "wilson",
    "aldous-broder",
    "kruskal",
    "eller",
    "prim",
    "bfs",
    "recursive-division",
    "sidewinder",
    "binary-tree",
)


def target_for(level: int) -> float:
    """The difficulty score a level aims at."""
    return TARGETS[level]


def generators_for(level: int, allowed: Sequence[str] = ()) -> tuple[str, ...]:
    """The registered generators a puzzle of this level may use.

    ``allowed`` (a section's ``generators``) replaces the level's own list. A level whose
    generators are all missing from the registry falls back to FALLBACK_GENERATOR, then to
    any registered one, so a book still builds while generators come and go.
    """
    wanted = tuple(allowed) or LEVEL_GENERATORS[level]
    present = tuple(name for name in wanted if name in REGISTRY)
    if present:
        return present
    if allowed:
        raise MazebookError(f"none of the generators {', '.join(allowed)} is available")
    if FALLBACK_GENERATOR in REGISTRY:
        return (FALLBACK_GENERATOR,)
    return tuple(REGISTRY)[:1]


def openings_for(level: int, shape: str, requested: str) -> str:
    """The placement policy: as requested, or by level for 'auto'."""
    if requested != "auto":
        return requested
    if shape == "rect" and level <= EASY_OPENINGS_UP_TO:
        return "sides"
    return "farthest"


@dataclass(frozen=True)
class Request:
    """What one puzzle needs: its level and the room it has on the page."""

    level: int
    box: tuple[float, float]  # the maze box, points
    min_cell: float  # points
    limit: tuple[int, int]  # most columns and rows at min_cell
    generators: tuple[str, ...] = ()
    shape: str = "rect"
    shape_options: tuple[tuple[str, Any], ...] = ()
    openings: str = "auto"


@dataclass(frozen=True, eq=False)
class Choice:
    """The kept candidate, its measurement, the target, and how many candidates were tried."""

    maze: Maze
    metrics: Metrics
    target: float
    candidates: int
    tried: tuple[tuple[str, int, int, float], ...] = field(default=())


def curve_for(name: str) -> Curve:
    """The generator's measured curve, or DEFAULT_CURVE."""
    return CURVES.get(name, DEFAULT_CURVE)


def _by_hardness(names: Sequence[str]) -> list[str]:
    rank = {n: i for i, n in enumerate(HARDNESS)}
    return sorted(names, key=lambda n: (rank.get(n, len(HARDNESS)), n))


def choose(request: Request, rng: random.Random) -> Choice:
    """Generate candidates for the request until one is within TOLERANCE of the target;
    return the closest. Every random choice comes from ``rng``."""
    target = target_for(request.level)
    names = generators_for(request.level, request.generators)
    algorithm = names[rng.randrange(len(names))]
    openings = openings_for(request.level, request.shape, request.openings)
    options: dict[str, Any] = dict(request.shape_options)
    options["openings"] = openings
    log_cells = curve_for(algorithm).log_cells_for(target)
    box_w, box_h = request.box
    limit = request.limit
    best: tuple[float, Maze, Metrics] | None = None
    tried: list[tuple[str, int, int, float]] = []
    for _ in range(MAX_CANDIDATES):
        width, height = dims_for(2.0**log_cells, box_w, box_h, limit, MIN_SIDE)
        maze = generate(
            algorithm, width, height, seed=rng.getrandbits(63), shape=request.shape, **options
        )
        ratio = _fit_ratio(maze, request) if request.shape != "rect" else 1.0
        if ratio < 1.0:
            # the drawing is too big for min_cell: shrink both sides by the shortfall (at least
            # one cell), so a round or hexagonal maze fits in a try or two
            limit = (
                max(MIN_SIDE, min(width - 1, math.floor(width * ratio))),
                max(MIN_SIDE, min(height - 1, math.floor(height * ratio))),
            )
            log_cells = math.log2(limit[0] * limit[1])
            continue
        metrics = measure(maze)
        error = metrics.difficulty - target
        tried.append((algorithm, width, height, metrics.difficulty))
        if best is None or abs(error) < abs(best[0]):
            best = (error, maze, metrics)
        if abs(error) <= TOLERANCE:
            break
        at_max = width >= limit[0] and height >= limit[1]
        at_min = width <= MIN_SIDE and height <= MIN_SIDE
        if (error < 0 and at_max) or (error > 0 and at_min):
            switched = _switch(algorithm, names, harder=error < 0)
            if switched is None:
                break
            algorithm = switched
            log_cells = min(log_cells, curve_for(algorithm).log_cells_for(target))
            continue
        step = -error / curve_for(algorithm).slope_at(log_cells)
        new_log = log_cells + step
        if dims_for(2.0**new_log, box_w, box_h, limit, MIN_SIDE) == (width, height):
            # the correction is smaller than one row or column: move by one at least
            new_log = math.log2(width * height + math.copysign(min(width, height), step))
        log_cells = new_log
    if best is None:
        raise MazebookError(
            f"no {request.shape} maze fits cells of {request.min_cell:.1f} pt "
            f"({request.min_cell / 72 * 25.4:.1f} mm) in the maze area of "
            f"{request.box[0]:.0f} x {request.box[1]:.0f} pt: put fewer mazes on a page, "
            "or set a smaller min_cell"
        )
    return Choice(best[1], best[2], target, len(tried), tuple(tried))


def _switch(current: str, names: Sequence[str], *, harder: bool) -> str | None:
    """The next generator up (harder) or down the HARDNESS order among the allowed names."""
    order = _by_hardness(names)
    i = order.index(current)
    j = i - 1 if harder else i + 1
    return order[j] if 0 <= j < len(order) else None


def _fit_ratio(maze: Maze, request: Request) -> float:
    """The cell size a (non-rectangular) maze's drawing gets in the box over min_cell: 1.0
    when it keeps cells of at least min_cell, else less."""
    from ..render.shapes import maze_geometry

    geom = maze_geometry(maze)
    scale = maze_scale(geom.width, geom.height, *request.box)
    return 1.0 if scale >= request.min_cell - 1e-9 else scale / request.min_cell
