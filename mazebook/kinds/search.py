"""Difficulty levels 1-10 as bands of solving effort: generator choices, sizes, the search.

A level is an absolute band of modelled solving effort (mazebook.difficulty.levels over
mazebook.difficulty.effort.solving_effort), the same on every page, shape and generator. For
each puzzle the search picks a generator allowed at the level, a size shaped like the page
(never with cells below ``min_cell``) and the openings, generates, measures the effort, and
keeps the candidate closest to the level's centre, stopping as soon as one is within a quarter
step (levels.KEEP). Effort grows almost in proportion to the cells (docs/effort.md), so the size is
corrected from each measurement and most puzzles need one to three tries. Where the page is too
small for a level at one generator, the search moves to a harder one (HARDNESS).

Before any puzzle is made, ``highest_level`` says which levels a page holds: a level fits when
the hardest allowed generator, at the largest size the page takes, reaches the level's
``lowest_kept`` effort (the median of a few mazes: capacity_seeds), so its puzzles stay within a
quarter step of the level's centre.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import statistics
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core.engine import generate
from ..core.generators import REGISTRY
from ..core.maze import Maze
from ..core.shapes.masks import least_recognisable
from ..core.shapes.polar import DEFAULT_INNER, MAX_INNER, MIN_INNER, ring_counts
from ..core.shapes.silhouettes import SILHOUETTES
from ..difficulty.checks import Assessment, assess, problems
from ..difficulty.effort import solving_effort
from ..difficulty.levels import (
    FIRST_LEVEL,
    HALF_STEP,
    KEEP,
    LAST_LEVEL,
    band,
    centre,
    level_of,
    lowest_kept,
)
from ..difficulty.metrics import Metrics, measure
from ..errors import MazebookError
from ..geometry.drawing import MazeGeometry
from ..pages.layout import dims_for, maze_scale
from ..template.limits import LEVELS

#: At most this many candidates per puzzle, and this many at the largest size the page takes;
#: the closest to the level's centre is kept.
MAX_CANDIDATES = 12
MAX_AT_LARGEST = 4
#: More candidates when none of the first MAX_CANDIDATES passes the level's checks
#: (mazebook.difficulty.checks): a maze a simple strategy walks through is never used.
MAX_CHECKED = 36
#: Generators by how rarely a simple strategy walks their mazes through (at levels 4-10 on
#: rectangles: hunt-and-kill passes 50-97 % of the time, backtracker 17-53 %): a candidate that
#: fails the checks is followed by the first of these the level allows.
FEWEST_SHORTCUTS = ("hunt-and-kill",)
#: At the largest size, generators reaching at least this share of the hardest allowed one's
#: effort per cell are tried; after them, the one that did best gets the remaining tries.
HARD_SHARE = 0.85
#: Share of a miss the next size corrects: one maze's effort is noisy (seed to seed, sd 0.1 of
#: log effort on rectangles, 0.3 on small circles), so a full correction would overshoot.
DAMPING = 0.7
#: The smallest maze side the builder makes (cells; rings for a circle: MIN_RINGS).
MIN_SIDE = 4
MIN_RINGS = 1
#: A triangle-outlined triangle grid (rows r: 2r x r asked for, r * r cells) is sized by rows.
TRIANGLE = "triangle-rows"
MIN_TRIANGLE_ROWS = 3
#: Effort grows as cells ** EFFORT_EXPONENT (measured 0.95-1.04, docs/effort.md).
EFFORT_EXPONENT = 0.97
#: The most a full braid lowers the effort (39 % on backtracker 39 x 52, docs/effort.md): the
#: clear-margin check of ``fits`` allows for it in proportion to the braid.
BRAID_LOSS = 0.4
#: Mazes measured at the largest size to say which levels a page holds: small mazes vary more
#: from seed to seed (and cost little), so fewer cells get more seeds: (fewer than this many
#: cells, seeds), else CAPACITY_SEEDS.
CAPACITY_SEEDS = 3
SMALL_CAPACITY_SEEDS = ((300, 9), (1000, 5))
#: Simulated runs per braided maze there (a median of three mazes needs less than one maze).
CAPACITY_RUNS = 4

#: Modelled effort of each generator on rectangles (3:4, farthest openings, mean of 8 seeds)
#: at the sizes in CURVE_CELLS: the first guess of a size for an effort (docs/effort.md).
CURVE_CELLS = (20, 48, 88, 192, 391, 768, 1452, 2806, 3888)
EFFORT_CURVES: dict[str, tuple[int, ...]] = {
    "backtracker": (17, 36, 69, 145, 292, 580, 1077, 1961, 2684),
    "hunt-and-kill": (18, 38, 61, 135, 292, 597, 1143, 2149, 3060),
    "growing-tree": (16, 37, 61, 141, 294, 581, 1125, 1965, 2904),
    "recursive-division": (13, 26, 45, 92, 192, 359, 667, 1329, 1856),
    "binary-tree": (13, 28, 48, 109, 242, 447, 852, 1851, 2500),
    "sidewinder": (13, 27, 50, 103, 205, 390, 777, 1371, 1852),
    "wilson": (14, 25, 44, 89, 157, 348, 676, 1236, 1591),
    "aldous-broder": (12, 27, 45, 94, 174, 334, 646, 1256, 1698),
    "eller": (12, 28, 43, 86, 185, 365, 659, 1179, 1518),
    "kruskal": (13, 24, 42, 80, 165, 314, 575, 1123, 1485),
    "bfs": (11, 20, 34, 82, 144, 305, 633, 1192, 1821),
    "prim": (11, 22, 33, 75, 146, 265, 550, 963, 1418),
}


def effort_per_cell(name: str) -> float:
    """A generator's effort per cell at 768 cells (a rank of hardness; 0.5 when unmeasured)."""
    curve = EFFORT_CURVES.get(name)
    return curve[5] / CURVE_CELLS[5] if curve else 0.5


def cells_for(name: str, effort: float) -> float:
    """The cells a rectangle of generator ``name`` needs for ``effort`` (log-log between the
    measured sizes, and along the end segments beyond them)."""
    curve = EFFORT_CURVES.get(name)
    if curve is None:
        return effort / 0.5
    points = [(math.log(c), math.log(e)) for c, e in zip(CURVE_CELLS, curve, strict=True)]
    y = math.log(effort)
    for (x0, y0), (x1, y1) in itertools.pairwise(points):
        if y <= y1 or (x1, y1) == points[-1]:
            return math.exp(x0 + (y - y0) * (x1 - x0) / (y1 - y0))
    return float(CURVE_CELLS[-1])  # pragma: no cover - a curve has several points


#: Cells a shape has per column x row asked for (a first guess; circles are sized by cells).
SHAPE_FILL: dict[str, float] = {"rect": 1.0, "circle": 1.0, "hex": 0.75, "triangle": 1.0}
DEFAULT_FILL = 0.6  # masks: about the share of a heart's box

#: Generators by modelled effort at one size, hardest first: where a level cannot reach its
#: band at the largest size that fits, the search moves up this list (among those allowed).
HARDNESS = tuple(sorted(EFFORT_CURVES, key=lambda name: -effort_per_cell(name)))

#: Generators each level picks from by default. The size is set by measured effort, so every
#: generator lands in the level's band; the mix varies the texture. Levels 1-4 mix in branchy
#: generators (kruskal, wilson: many short dead ends, more choices per move), the middle adds
#: growing-tree, and levels 8-10 keep to the three hardest (long false branches), which reach
#: furthest at a page's largest size. A section's ``generators`` picks its own.
LEVEL_GENERATORS: dict[int, tuple[str, ...]] = {
    **{lv: ("backtracker", "hunt-and-kill", "growing-tree") for lv in range(1, 4)},
    **{lv: ("hunt-and-kill", "growing-tree") for lv in range(4, 8)},
    **{lv: ("backtracker", "hunt-and-kill", "growing-tree") for lv in range(8, 11)},
}
#: Generators a search steps down to when the smallest size a page takes (a silhouette's
#: least recognisable size) is still above the level with the level's own generators: their
#: many short dead ends give the least effort for the cells (the default mix only).
EASIER_AT_SMALLEST = ("kruskal", "wilson")
#: Used when none of a level's generators is registered.
FALLBACK_GENERATOR = "backtracker"

#: Openings by level when a section says openings = "auto" (rectangles): the easiest levels
#: put the start in the middle of the left side and the finish on the right.
EASY_OPENINGS_UP_TO = 0
#: Effort of a placement over "farthest" (the EFFORT_CURVES' placement) at one size, for the
#: first guess of a size: "sides" gives about 0.75 of it on the level-1 generators at 30-50
#: cells (median of 60 mazes each), so its first guess is a third larger.
OPENING_EFFORT = {"sides": 0.75}


def expected_cells(level: int, allowed: Sequence[str] = ()) -> float:
    """The most cells a rectangle of this level is expected to take: the top of its band, made
    by the level's generator that needs the most cells for it."""
    top = band(level)[1]
    return max(cells_for(name, top) for name in generators_for(level, allowed))


def target_for(level: int) -> float:
    """The effort (moves) a level aims at: its centre on the ladder."""
    return centre(level)


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


#: A generator and a size: (algorithm, width, height, the options generate() needs for it).
Size = tuple[str, int, int, tuple[tuple[str, Any], ...]]


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
    braid: float = 0.0
    weave: float = 0.0  # how much the mazes weave (mazebook.core.weave); effort decides the size
    words: tuple[str, str] = ("START", "FINISH")  # printed beside the marks (a hub holds one)
    like: Size | None = None  # only this generator and size (a class set's slot): choose_like


@dataclass(frozen=True, eq=False)
class Choice:
    """The kept candidate, its effort and measurement, the target effort, the tries."""

    maze: Maze
    metrics: Metrics
    target: float  # the level's centre (moves)
    candidates: int
    tried: tuple[tuple[str, int, int, float], ...] = field(default=())  # algorithm, w, h, effort
    effort: float = 0.0
    assessment: Assessment | None = None  # both efforts, the strategies, bfs_expanded
    size: Size | None = None  # the kept maze's generator and size

    @property
    def level(self) -> int:
        """The level the kept maze reaches (the band holding its effort)."""
        return level_of(self.effort)


@dataclass(frozen=True)
class Room:
    """The sizes a page takes for one shape: the smallest and largest (columns, rows), and for
    a circle whose section leaves ``inner`` free, the first-ring counts to pick among (finer
    steps of size than whole rings: the small circles of the first levels need them). A
    silhouette's sizes are shaped like the silhouette (``aspect``, columns over rows), not like
    the box: the silhouette is fitted into the grid keeping its shape, so a page-shaped grid
    would leave rows empty and shift the shape off the cells (a heart loses its lobes)."""

    shape: str
    box: tuple[float, float]
    least: tuple[int, int]
    most: tuple[int, int]
    inner: int = DEFAULT_INNER  # a circle's first ring, when the section sets it
    inners: tuple[int, ...] = ()  # a circle's first rings to pick among (empty: ``inner``)
    aspect: float = 0.0  # a silhouette's columns over rows (0.0: sizes shaped like the box)

    def cells(self, dims: tuple[int, int], extra: Mapping[str, Any] | None = None) -> float:
        """The nominal cells of a size: columns x rows, a circle's or a triangle's cells."""
        if self.shape == "circle":
            inner = (extra or {}).get("inner", self.inner)
            return float(sum(ring_counts(dims[1], inner)))
        if self.shape == TRIANGLE:
            return float(dims[1] * dims[1])
        return float(dims[0] * dims[1])

    def pick(self, cells: float) -> tuple[int, int, dict[str, Any]]:
        """The size nearest ``cells`` nominal cells, shaped like the box, within the room:
        (width, height, options generate() needs for it, e.g. a circle's inner)."""
        if self.shape == "circle":
            options = [
                ((r, r), {"inner": i} if self.inners else {})
                for r in range(self.least[1], self.most[1] + 1)
                for i in self.inners or (self.inner,)
            ]
            dims, extra = min(options, key=lambda o: abs(math.log(self.cells(*o) / cells)))
            return dims[0], dims[1], extra
        if self.shape == TRIANGLE:
            rows = range(self.least[1], self.most[1] + 1)
            best = min(rows, key=lambda r: abs(math.log(self.cells((r, r)) / cells)))
            return 2 * best, best, {}
        if self.aspect:
            h = round(math.sqrt(cells / self.aspect))
            w, h = _between(round(h * self.aspect), h, self.least, self.most)
            return w, h, {}
        w, h = dims_for(cells, *self.box, self.most, min(self.least))
        if self.shape == "mask":  # never below the size that keeps the mask recognisable
            w = min(max(w, self.least[0]), self.most[0])
            h = min(max(h, self.least[1]), self.most[1])
        if self.shape == "hex" and w < h // 2 + 1:  # a hexagon of h rows is h // 2 + 1 wide
            w = min(h // 2 + 1, self.most[0])
            h = min(h, 2 * w - 1)
        return w, h, {}

    def extremes(self) -> tuple[float, float]:
        """The fewest and the most nominal cells the room takes."""
        inners: Sequence[int] = self.inners or (self.inner,)
        least = min(self.cells(self.least, {"inner": i}) for i in inners)
        most = max(self.cells(self.most, {"inner": i}) for i in inners)
        return least, most

    def largest(self) -> tuple[int, int, dict[str, Any]]:
        """The largest size (and its options)."""
        return self.pick(self.extremes()[1])


def _inner(request: Request) -> int:
    value = dict(request.shape_options).get("inner", DEFAULT_INNER)
    return value if isinstance(value, int) and not isinstance(value, bool) else DEFAULT_INNER


@functools.lru_cache(maxsize=256)
def room_for(request: Request) -> Room:
    """The sizes the request's page takes for its shape at min_cell (level and generators aside).

    A rectangle or mask takes ``limit``; a circle, hexagon or triangle is drawn once at the
    largest size and shrunk until its drawing keeps cells of at least min_cell.
    """
    shape = request.shape
    options: dict[str, Any] = dict(request.shape_options)
    kind = (
        TRIANGLE
        if shape == "triangle" and options.get("outline", "triangle") == "triangle"
        else shape
    )
    least = {
        "circle": (MIN_RINGS, MIN_RINGS),
        TRIANGLE: (2 * MIN_TRIANGLE_ROWS, MIN_TRIANGLE_ROWS),
    }.get(kind, (MIN_SIDE, MIN_SIDE))
    width, height = request.limit
    if min(width, height) < MIN_SIDE:
        raise MazebookError(
            f"no {shape} maze fits cells of {request.min_cell:.1f} pt "
            f"({request.min_cell / 72 * 25.4:.1f} mm) in the maze area of "
            f"{request.box[0]:.0f} x {request.box[1]:.0f} pt",
            advice="use fewer {puzzles_per_page} or a smaller {min_cell}",
        )
    if shape == "mask":
        floor = recognisable_floor(options)
        least = (max(least[0], floor[0]), max(least[1], floor[1]))
        if "mask" not in options:
            return Room(shape, request.box, least, (width, height))
        aspect = silhouette_aspect(str(options["mask"]))
        rows = min(height, math.floor(width / aspect))
        most = (min(width, max(1, round(rows * aspect))), rows)
        least = (min(least[0], most[0]), min(least[1], most[1]))
        return Room(shape, request.box, least, most, aspect=aspect)
    if shape == "rect":
        return Room(shape, request.box, least, (width, height))
    if kind == "circle":
        width = height = max(MIN_RINGS, min(width, height) // 2 - 1)
    elif kind == TRIANGLE:  # a side of one cell: rows up to the width, or the height / 0.87
        height = max(MIN_TRIANGLE_ROWS, min(width, math.floor(height / 0.866)))
        width = 2 * height
    while True:
        maze = generate("hunt-and-kill", width, height, seed=0, shape=shape, **options)
        ratio = _fit_ratio(maze, request)
        if ratio >= 1.0 or (width, height) == least:
            free = shape == "circle" and "inner" not in options
            inners = tuple(range(MIN_INNER, MAX_INNER + 1)) if free else ()
            return Room(kind, request.box, least, (width, height), _inner(request), inners)
        height = max(least[1], min(height - 1, math.floor(height * ratio)))
        width = (
            2 * height
            if kind == TRIANGLE
            else max(least[0], min(width - 1, math.floor(width * ratio)))
        )


def _options(request: Request, level: int) -> dict[str, Any]:
    options: dict[str, Any] = dict(request.shape_options)
    options["openings"] = openings_for(level, request.shape, request.openings)
    if request.braid:
        options["braid"] = request.braid
    if request.weave:
        options["weave"] = request.weave
    return options


def _between(w: int, h: int, least: tuple[int, int], most: tuple[int, int]) -> tuple[int, int]:
    return min(max(w, least[0]), most[0]), min(max(h, least[1]), most[1])


def silhouette_aspect(name: str) -> float:
    """A built-in silhouette's width over its height."""
    x0, y0, x1, y1 = SILHOUETTES[name][1]
    return (x1 - x0) / (y1 - y0)


def recognisable_floor(options: Mapping[str, Any]) -> tuple[int, int]:
    """The smallest (columns, rows) that keeps a mask recognisable: a silhouette at
    MIN_FIDELITY, a text with TEXT_ROWS rows a line; (0, 0) for an image (no rule)."""
    if "mask" in options:
        name = str(options["mask"])
        return least_recognisable({"mask": name}, silhouette_aspect(name))
    if "text" in options:
        text = str(options["text"])
        longest = max((len(line) for line in text.split("\n")), default=1)
        source = {"text": text, "font": options.get("font")}
        return least_recognisable(source, max(1.0, 0.6 * longest))
    return (0, 0)


def lowest_level(request: Request) -> int:
    """The lowest level a mask keeps its shape at: the first whose band reaches the effort of
    the smallest recognisable maze (the median of CAPACITY_SEEDS, the easiest generator)."""
    room = room_for(request)
    if request.shape != "mask" or room.least == (MIN_SIDE, MIN_SIDE):
        return FIRST_LEVEL
    w, h = room.least
    options = _options(request, request.level)
    names = generators_for(request.level, request.generators) + _easier(request)
    least = min(
        statistics.median(
            solving_effort(
                generate(n, w, h, seed=seed, shape="mask", **options), runs=CAPACITY_RUNS
            )
            for seed in range(CAPACITY_SEEDS)
        )
        for n in names
    )
    return next((lv for lv in LEVELS if band(lv)[1] >= least), LAST_LEVEL)


@functools.lru_cache(maxsize=256)
def capacity(request: Request, algorithm: str) -> float:
    """The effort ``algorithm`` reaches at the largest size the page takes: the median of
    capacity_seeds mazes (seeds 0, 1, 2, ...; the level's own openings; braided mazes are
    simulated CAPACITY_RUNS times)."""
    room = room_for(request)
    options = _options(request, request.level)
    w, h, extra = room.largest()
    efforts = [
        solving_effort(
            generate(algorithm, w, h, seed=seed, shape=request.shape, **options, **extra),
            runs=CAPACITY_RUNS,
        )
        for seed in range(capacity_seeds(room.cells((w, h), extra)))
    ]
    return statistics.median(efforts)


def capacity_seeds(cells: float) -> int:
    """How many mazes of ``cells`` nominal cells ``capacity`` measures (SMALL_CAPACITY_SEEDS)."""
    return next((n for below, n in SMALL_CAPACITY_SEEDS if cells < below), CAPACITY_SEEDS)


def fits(request: Request) -> bool:
    """Whether the page holds the request's level: one of its generators reaches the level's
    lowest_kept effort at the largest size (a clear margin by effort_per_cell is taken as
    read; anything closer is measured)."""
    room = room_for(request)
    need = lowest_kept(request.level)
    names = generators_for(request.level, request.generators)
    guess = max(effort_per_cell(n) for n in names) * _fill(request.shape)
    guess *= 1.0 - BRAID_LOSS * request.braid
    if guess * room.extremes()[1] ** EFFORT_EXPONENT >= 3 * need:
        return True
    level_request = _with_level(request, request.level)
    return any(capacity(level_request, n) >= need for n in _by_hardness(names))


def highest_level(request: Request) -> int:
    """The highest level the request's page holds (its own level aside); 0 when none does."""
    for level in range(LAST_LEVEL, FIRST_LEVEL - 1, -1):
        if fits(_with_level(request, level)):
            return level
    return 0


def _with_level(request: Request, level: int) -> Request:
    # capacity does not depend on the level beyond its openings and generators
    return Request(
        level,
        request.box,
        request.min_cell,
        request.limit,
        request.generators,
        request.shape,
        request.shape_options,
        request.openings,
        request.braid,
        request.weave,
    )


def _fill(shape: str) -> float:
    return SHAPE_FILL.get(shape, DEFAULT_FILL)


def _by_hardness(names: Sequence[str]) -> list[str]:
    rank = {n: i for i, n in enumerate(HARDNESS)}
    return sorted(names, key=lambda n: (rank.get(n, len(HARDNESS)), n))


def choose(request: Request, rng: random.Random) -> Choice:
    """Generate candidates until one that passes the level's checks (difficulty.checks) is
    within a quarter step (KEEP) of the level's centre; return the closest that passes.
    Every random choice comes from ``rng``."""
    target = target_for(request.level)
    names = generators_for(request.level, request.generators)
    algorithm = names[rng.randrange(len(names))]
    options = _options(request, request.level)
    room = room_for(request)
    log_min, log_max = (math.log(c) for c in room.extremes())
    guess = target / OPENING_EFFORT.get(options["openings"], 1.0)
    log_cells = math.log(cells_for(algorithm, guess) / _fill(request.shape))
    if request.like is not None:
        return choose_like(request, request.like, rng)
    best: tuple[float, Maze, Assessment, Size] | None = None
    tried: list[tuple[str, int, int, float]] = []
    at_largest: dict[str, float] = {}  # the most effort each generator gave at the largest size
    for count in range(1, MAX_CHECKED + 1):
        log_cells = min(max(log_cells, log_min), log_max)
        width, height, extra = room.pick(math.exp(log_cells))
        maze = generate(
            algorithm,
            width,
            height,
            seed=rng.getrandbits(63),
            shape=request.shape,
            **options,
            **extra,
        )
        verdict = assess(maze)
        effort = verdict.effort
        miss = math.log(effort / target)
        tried.append((algorithm, width, height, round(effort, 1)))
        usable = not problems(maze, verdict, request.level)
        if usable and (best is None or abs(miss) < abs(best[0])):
            best = (miss, maze, verdict, (algorithm, width, height, tuple(sorted(extra.items()))))
        if best is not None and (
            abs(best[0]) <= math.log(KEEP)
            or (count >= MAX_CANDIDATES and abs(best[0]) <= math.log(HALF_STEP))
        ):
            break
        if not usable:
            # a simple strategy walked it through: the next try with the generator whose
            # mazes fail least (without moving the size: its effort may well be right)
            algorithm = next((n for n in FEWEST_SHORTCUTS if n in names), algorithm)
        at_max = log_cells >= log_max - 1e-9
        at_min = log_cells <= log_min + 1e-9
        if miss < 0 and at_max:
            # the page's largest size falls short: try each allowed generator there (hardest on
            # rectangles first; on other shapes the order differs), then the one that did best
            at_largest[algorithm] = max(at_largest.get(algorithm, 0.0), effort)
            in_band = best is not None and abs(best[0]) <= math.log(HALF_STEP)
            if in_band and sum(1 for t in tried if t[1:3] == (width, height)) >= MAX_AT_LARGEST:
                break
            untried = [n for n in _hardest(names) if n not in at_largest]
            algorithm = untried[0] if untried else max(at_largest, key=at_largest.__getitem__)
            continue
        if miss > 0 and at_min:
            switched = _switch(algorithm, names + _easier(request), harder=False)
            if switched is not None:
                algorithm = switched
            continue  # at the smallest size: another seed (or an easier generator) there
        cells = room.cells((width, height), extra)
        log_cells = math.log(cells) - DAMPING * miss / EFFORT_EXPONENT
    if best is None:
        raise MazebookError(
            f"no level-{request.level} {request.shape} maze passed the level's checks in "
            f"{MAX_CHECKED} tries: {'; '.join(problems(maze, verdict, request.level))}",
            advice="use another seed, or a larger page or smaller {min_cell}",
        )
    _, maze, verdict, size = best
    return Choice(
        maze, measure(maze), target, len(tried), tuple(tried), verdict.effort, verdict, size
    )


def choose_like(request: Request, size: Size, rng: random.Random) -> Choice:
    """The first maze of exactly ``size`` (generator and dimensions) that passes the level's
    checks: a class set's pupils get mazes of one shape and size in each slot, matched in
    effort by the class set itself."""
    algorithm, width, height, extra = size
    options = _options(request, request.level)
    tried: list[tuple[str, int, int, float]] = []
    for _ in range(MAX_CHECKED):
        maze = generate(
            algorithm,
            width,
            height,
            seed=rng.getrandbits(63),
            shape=request.shape,
            **options,
            **dict(extra),
        )
        verdict = assess(maze)
        tried.append((algorithm, width, height, round(verdict.effort, 1)))
        if not problems(maze, verdict, request.level):
            target = target_for(request.level)
            return Choice(
                maze, measure(maze), target, len(tried), tuple(tried), verdict.effort, verdict, size
            )
    raise MazebookError(
        f"no level-{request.level} {algorithm} maze of {width} x {height} passed the level's "
        f"checks in {MAX_CHECKED} tries",
        advice="use another seed or level",
    )


def _easier(request: Request) -> tuple[str, ...]:
    """EASIER_AT_SMALLEST (those registered) when the section does not name its generators."""
    if request.generators:
        return ()
    return tuple(n for n in EASIER_AT_SMALLEST if n in REGISTRY)


def _hardest(names: Sequence[str]) -> list[str]:
    """The allowed generators within HARD_SHARE of the hardest one's effort per cell, hardest
    first: the ones worth a try at a page's largest size (a branchy generator such as wilson
    reaches about half as far there, so a try with it is wasted)."""
    order = _by_hardness(names)
    top = effort_per_cell(order[0])
    return [n for n in order if effort_per_cell(n) >= HARD_SHARE * top]


def _switch(current: str, names: Sequence[str], *, harder: bool) -> str | None:
    """The next generator up (harder) or down the HARDNESS order among the allowed names."""
    order = _by_hardness(names)
    i = order.index(current)
    j = i - 1 if harder else i + 1
    return order[j] if 0 <= j < len(order) else None


def _fit_ratio(maze: Maze, request: Request) -> float:
    """The cell size a (non-rectangular) maze's drawing gets in the box over min_cell: 1.0
    when it keeps cells of at least min_cell, else less."""
    from ..geometry.from_maze import maze_geometry

    geom = maze_geometry(maze)
    scale = maze_scale(geom.width, geom.height, *request.box)
    if geom.hub > 0 and (geom.start.inside or geom.finish.inside):
        scale = min(scale, _scale_with_centre_word(geom, request))
    return 1.0 if scale >= request.min_cell - 1e-9 else scale / request.min_cell


def _scale_with_centre_word(geom: MazeGeometry, request: Request) -> float:
    """The cell size a drawing with a goal at its centre gets once its hub is widened for the
    goal's word (the request's words, in the bundled bold, as the pages set them): the labels
    make that room at drawing time, so the room measured here must allow for it."""
    from ..geometry.labels import hub_for_words
    from ..geometry.style import fit_maze
    from ..render.pdf import width_of_font
    from ..render.typeset import default_fonts, visual

    width_of = width_of_font(default_fonts().bold)
    words = (visual(request.words[0]), visual(request.words[1]))
    first = fit_maze(geom.width, geom.height, *request.box).scale
    widened = hub_for_words(geom, first, words, width_of)
    return fit_maze(widened.width, widened.height, *request.box).scale
