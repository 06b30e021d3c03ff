"""Difficulty levels 1-10: the forms, sizes and search that make a level's mazes.

A level is an absolute band of modelled solving effort (mazebook.difficulty.levels over
mazebook.difficulty.effort.solving_effort), the same on every page, shape and generator, and a
second centre for ``bfs_expanded`` (the cells a breadth-first search from START expands before
FINISH, mazebook.kinds.forms): a maze of level L is more work than one of level L-1 for a
person and for a breadth-first search alike. For each puzzle the search takes the level's form
(by default the growing tree at the level's texture; a section's ``generators`` pick their
own), a size shaped like the page (never with cells below ``min_cell``) and the openings,
generates, measures both, and keeps the first candidate within a third of a step of both
centres (EFFORT_KEEP, BFS_KEEP) that passes the level's checks (mazebook.difficulty.checks),
else, after PATIENCE candidates, the closest in the band that does. Both measures grow almost
in proportion to the cells, so the size is corrected from each measurement; only a candidate
that may be kept is walked by the strategies. Where the page is too small for a level, the
search moves to a harder texture (longer corridors) at the largest size; where a silhouette's
smallest size is still too hard, to an easier one.

Before any puzzle is made, ``highest_level`` says which levels a page holds: a level fits when
its forms, at the largest size the page takes, make mazes that pass the level's checks and
reach both its effort and its bfs_expanded within a quarter step of the centres (the medians of
a few mazes: capacity_seeds), so its puzzles land there and the published measure rises at the
top level too.
"""

from __future__ import annotations

import dataclasses
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
from ..core.shapes import make_grid
from ..core.shapes.masks import least_recognisable
from ..core.shapes.polar import DEFAULT_INNER, MAX_INNER, MIN_INNER, ring_counts
from ..core.shapes.silhouettes import SILHOUETTES
from ..difficulty.checks import Assessment, assess, checked, problems
from ..difficulty.effort import Effort, Hung, efforts_and_tree, solving_effort
from ..difficulty.levels import (
    FIRST_LEVEL,
    HALF_STEP,
    KEEP,
    LAST_LEVEL,
    STEP,
    band,
    centre,
    level_of,
    lowest_kept,
)
from ..difficulty.metrics import Metrics, bfs_expanded, measure
from ..difficulty.strategies import shortcut
from ..errors import MazebookError
from ..pages.layout import dims_for, maze_scale
from ..records import record
from ..template.limits import LEVELS
from . import forms
from .forms import TEXTURED, TEXTURES, Form

#: Candidates made before the closest within the level's band (that passes its checks) is
#: kept when none came within a third of a step of both centres (a circle's measures vary
#: most, so it gets more), and this many at the largest size the page takes.
PATIENCE = 4
CIRCLE_PATIENCE = 16
MAX_AT_LARGEST = 4
#: After this many candidates with none in the band that passes, one in the effort band will
#: do whatever its bfs_expanded.
MAX_CANDIDATES = 12
#: The most candidates a puzzle makes; then the closest that passes the level's checks
#: (mazebook.difficulty.checks) is kept: a maze a simple strategy walks through is never used.
MAX_CHECKED = 36
#: A maze within a third of a step (x or / 1.53 ** (1/3), 1.15) of both its level's effort
#: centre and its bfs centre is kept at once (closer windows cost more candidates than they
#: steady the medians: docs/levels.md); one within half a step is in the level's band.
THIRD_STEP: float = STEP ** (1 / 3)
EFFORT_KEEP = THIRD_STEP
BFS_KEEP = THIRD_STEP
#: A circle's breadth-first search varies most from maze to maze (sd 0.3 of its log at one
#: size): its bfs_expanded is held to a quarter step, so its medians still climb clearly.
CIRCLE_BFS_KEEP: float = KEEP
BFS_BAND: float = HALF_STEP
#: Share of a miss the next size corrects: one maze's effort is noisy (seed to seed, sd 0.1 of
#: log effort on rectangles), so a full correction would overshoot. A circle's measures vary
#: three times as much (sd 0.2-0.4: a breadth-first search from the rim expands only the part
#: of the maze on START's side of the centre), so its size moves less and its seeds more.
DAMPING = 0.7
CIRCLE_DAMPING = 0.3
#: The cell a shape may go down to in a book that leaves min_cell at its default (3.5 mm):
#: a circle, hexagon, triangle or silhouette fills less of the page's box than a rectangle (a
#: circle or a heart the square of the page's width, a hexagon two thirds of its box), so at
#: 3.5 mm a 6 x 9 in page holds a level or two fewer of them; 3 mm still takes a sharp pencil.
SHAPE_MIN_CELL: dict[str, float] = {
    shape: 3.0 * 72.0 / 25.4 for shape in ("circle", "hex", "triangle", "mask")
}
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
#: A page whose largest maze, by the forms' effort a cell, reaches this many times what a level
#: needs (and expands as many times its bfs) holds the level without a measurement: the
#: median maze's effort is within 1.4x of the estimate even on circles (docs/effort.md).
CLEAR_MARGIN = 2.0
#: Simulated runs per braided maze there (a median of three mazes needs less than one maze).
CAPACITY_RUNS = 4
#: bfs_expanded a cell of the smallest size, and the least step from one level's bfs centre to
#: the next when a silhouette's smallest size sets the first one (``bfs_aim``).
FLOOR_SHARE = 1.0
FLOOR_STEP = 1.45

#: Modelled effort of each generator on rectangles (3:4, farthest openings, mean of 8 seeds)
#: at the sizes in CURVE_CELLS: the first guess of a size for a section that names its
#: generators (docs/effort.md).
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


#: Generators by modelled effort at one size, hardest first: where a level of a section that
#: names its generators cannot reach its band at the largest size that fits, the search moves
#: up this list (among those named).
HARDNESS = tuple(sorted(EFFORT_CURVES, key=lambda name: -effort_per_cell(name)))
#: Used when a section's named generators are all missing from the registry.
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
    by the level's form that needs the most cells for it."""
    top = band(level)[1]
    if allowed:
        return max(cells_for(name, top) for name in generators_for(level, allowed))
    return top / forms.per_cell(forms.level_texture(level))


def target_for(level: int) -> float:
    """The effort (moves) a level aims at: its centre on the ladder."""
    return centre(level)


def generators_for(level: int, allowed: Sequence[str] = ()) -> tuple[str, ...]:
    """The registered generators a puzzle of this level may use: a section's ``allowed``
    (its ``generators``), else the growing tree (at the level's texture, ``forms_for``).

    A section whose generators are all missing from the registry is refused; without a
    registered growing tree the default falls back to FALLBACK_GENERATOR, then to any
    registered one, so a book still builds while generators come and go.
    """
    wanted = tuple(allowed) or (TEXTURED,)
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


#: A generator and a size: (algorithm, width, height, the options generate() needs for it:
#: a texture's, a circle's inner).
Size = tuple[str, int, int, tuple[tuple[str, Any], ...]]


@record
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
    words: tuple[str, str] = ("START", "FINISH")  # printed outside the maze, beside its marks
    like: Size | None = None  # only this generator and size (a class set's slot): choose_like


@record(eq=False)
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


@record
class Room:
    """The sizes a page takes for one shape: the smallest and largest (columns, rows), and for
    a circle whose section leaves ``inner`` free, the first-ring counts to pick among (finer
    steps of size than whole rings: the small circles of the first levels need them). A
    hexagon or mask fills ``fill`` of its columns x rows with cells. A
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
    fill: float = 1.0  # cells a size has over its nominal cells (a hexagon's or a mask's share)
    shapeless: bool = False  # its largest size is below the silhouette's recognisable floor

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
        return self._extremes

    @functools.cached_property
    def _extremes(self) -> tuple[float, float]:
        """``extremes``, worked out once a room (room_for keeps a page's rooms: every puzzle's
        search asks)."""
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
            fill = _fill_of(shape, (width, height), options)
            return Room(shape, request.box, least, (width, height), fill=fill)
        aspect = silhouette_aspect(str(options["mask"]))
        # a silhouette leaves free corners (its words go there or above and below), so it
        # takes the box's columns and rows that keep cells of min_cell with its arrows' room
        rows, cols = _fitted_rows(request, aspect)
        most = (cols, rows)
        shapeless = most[0] < floor[0] or most[1] < floor[1]  # no level keeps it a silhouette
        least = (min(least[0], most[0]), min(least[1], most[1]))
        fill = _fill_of(shape, most, options)
        return Room(shape, request.box, least, most, aspect=aspect, fill=fill, shapeless=shapeless)
    if shape == "rect":
        return Room(shape, request.box, least, (width, height))
    # drawn once at a size the box cannot exceed (its cells of min_cell with no room for the
    # arrows), then shrunk until the drawing, arrows and all, keeps cells of min_cell
    width = max(width, math.floor(request.box[0] / request.min_cell))
    height = max(height, math.floor(request.box[1] / request.min_cell))
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
            fill = maze.size / (width * height) if kind == "hex" else 1.0
            return Room(
                kind, request.box, least, (width, height), _inner(request), inners, fill=fill
            )
        height = max(least[1], min(height - 1, math.floor(height * ratio)))
        width = (
            2 * height
            if kind == TRIANGLE
            else max(least[0], min(width - 1, math.floor(width * ratio)))
        )


def _fitted_rows(request: Request, aspect: float) -> tuple[int, int]:
    """The most rows (and their columns, ``aspect`` x rows) of a silhouette whose drawing keeps
    cells of min_cell in the request's box."""
    box_w, box_h = request.box
    rows = max(
        1, min(math.floor(box_h / request.min_cell), math.floor(box_w / request.min_cell / aspect))
    )
    while rows > 1:
        cols = max(1, round(rows * aspect))
        if maze_scale(cols, rows, box_w, box_h) >= request.min_cell - 1e-9:
            break
        rows -= 1
    return rows, max(1, round(rows * aspect))


def _fill_of(shape: str, dims: tuple[int, int], options: Mapping[str, Any]) -> float:
    """The share of a mask's columns x rows that are cells, at ``dims``."""
    grid = make_grid(shape, dims[0], dims[1], **options)
    return max(grid.size, 1) / (dims[0] * dims[1])


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


def _circle(request: Request) -> bool:
    return request.shape == "circle"


def ladder_for(request: Request) -> tuple[Form, ...]:
    """The forms a request's search may use, easiest first: the growing tree at each of
    forms.TEXTURES, or a section's named generators by their effort a cell."""
    if request.generators:
        names = generators_for(request.level, request.generators)
        ranked = sorted(names, key=lambda n: (effort_per_cell(n), n))
        return tuple(Form(n, (), effort_per_cell(n)) for n in ranked)
    if TEXTURED not in REGISTRY:
        names = generators_for(request.level)
        return tuple(Form(n, (), effort_per_cell(n)) for n in names)
    return _textured_ladder(_circle(request))


@functools.cache
def _textured_ladder(circle: bool) -> tuple[Form, ...]:
    """The growing tree at each of forms.TEXTURES (made once: every puzzle's search starts
    from it)."""
    return tuple(forms.textured(p, circle) for p in TEXTURES)


def _start(request: Request, ladder: Sequence[Form], rng: random.Random | None) -> int:
    """Where on the ladder a search starts: the level's texture (or the one its bfs centre
    asks for), or a named generator drawn from ``rng``."""
    if request.generators or ladder[0].texture is None:
        return rng.randrange(len(ladder)) if rng is not None else len(ladder) - 1
    p = forms.level_texture(request.level, _circle(request))
    aim = bfs_aim(request)
    ladder_aim = forms.bfs_centre(request.level, request.shape, request.weave > 0)
    if aim is not None and aim > ladder_aim * (1 + 1e-9) and not _circle(request):
        # a silhouette's smallest size lifted the bfs centre: a branchier texture, whose
        # share of the effort is as much larger
        p = forms.texture_for_share(forms.bfs_share(p) * aim / ladder_aim)
    return min(range(len(ladder)), key=lambda i: abs((ladder[i].texture or 1.0) - p))


def bfs_aim(request: Request) -> float | None:
    """The bfs_expanded a request's mazes aim at (mazebook.kinds.forms.bfs_centre), lifted
    where a silhouette's smallest size already expands more (each level then FLOOR_STEP over
    the one below); None for a section that names its generators or braids (loops: the
    texture no longer sets the share)."""
    if request.generators or request.braid or TEXTURED not in REGISTRY:
        return None
    level = request.level
    aim = forms.bfs_centre(level, request.shape, request.weave > 0)
    if request.shape == "mask":
        low, floor = _mask_floor(_with_level(request, FIRST_LEVEL))
        aim = max(aim, floor * FLOOR_STEP ** max(0, level - low))
    return aim


@functools.lru_cache(maxsize=64)
def _mask_floor(request: Request) -> tuple[int, float]:
    """A mask's lowest level and the bfs_expanded of its smallest recognisable size."""
    room = room_for(request)
    low = lowest_level(request)
    cells = room.cells(room.least) * _least_fill(request, room)
    return low, FLOOR_SHARE * cells


def _least_fill(request: Request, room: Room) -> float:
    if room.least == room.most:
        return room.fill
    return _fill_of(request.shape, room.least, dict(request.shape_options))


def lowest_level(request: Request) -> int:
    """The lowest level a mask keeps its shape at: the first whose band reaches the effort of
    the smallest recognisable maze (the median of CAPACITY_SEEDS, the easiest form)."""
    room = room_for(request)
    if request.shape != "mask" or room.least == (MIN_SIDE, MIN_SIDE):
        return FIRST_LEVEL
    w, h = room.least
    options = _options(request, request.level)
    easiest = ladder_for(request)[0]
    least = statistics.median(
        solving_effort(
            generate(
                easiest.algorithm,
                w,
                h,
                seed=seed,
                shape="mask",
                **options,
                **dict(easiest.options),
            ),
            runs=CAPACITY_RUNS,
        )
        for seed in range(CAPACITY_SEEDS)
    )
    return next((lv for lv in LEVELS if band(lv)[1] >= least), LAST_LEVEL)


@record
class Capacity:
    """What a form makes at the largest size a page takes: the medians of the effort and
    bfs_expanded of the mazes that pass the level's checks (0.0 when none does)."""

    effort: float
    bfs: float


@functools.lru_cache(maxsize=512)
def capacity(request: Request, form: Form) -> Capacity:
    """The medians of capacity_seeds mazes of ``form`` at the largest size the page takes
    (seeds 0, 1, 2, ...; the level's own openings and checks; braided mazes are simulated
    CAPACITY_RUNS times), counting only the mazes that pass the level's checks."""
    room = room_for(request)
    options = _options(request, request.level)
    w, h, extra = room.largest()
    seeds = capacity_seeds(room.cells((w, h), extra))
    passing = []
    for seed in range(seeds):
        maze = generate(
            form.algorithm,
            w,
            h,
            seed=seed,
            shape=request.shape,
            **options,
            **dict(form.options),
            **extra,
        )
        verdict = assess(maze, runs=CAPACITY_RUNS)
        if not problems(maze, verdict, request.level):
            passing.append((verdict.effort, verdict.bfs_expanded))
    if not passing:
        return Capacity(0.0, 0.0)
    return Capacity(
        statistics.median(e for e, _ in passing), statistics.median(b for _, b in passing)
    )


def capacity_seeds(cells: float) -> int:
    """How many mazes of ``cells`` nominal cells ``capacity`` measures (SMALL_CAPACITY_SEEDS)."""
    return next((n for below, n in SMALL_CAPACITY_SEEDS if cells < below), CAPACITY_SEEDS)


def fits(request: Request) -> bool:
    """Whether the page holds the request's level: at the largest size, a form the level may
    use there (its own texture or a harder one; a section's named generators) makes mazes
    that pass the level's checks and reach the level's lowest_kept effort and, where it aims
    at one, its bfs centre over KEEP (a quarter step below it; a clear margin by the forms'
    effort a cell is taken as read; anything closer is measured)."""
    level_request = _with_level(request, request.level)
    room = room_for(level_request)
    if room.shapeless:  # a silhouette too small to look like itself holds no level
        return False
    need = lowest_kept(request.level)
    aim = bfs_aim(level_request)
    # a circle's bfs_expanded varies most: its search keeps one anywhere in the band, so the
    # page must reach the centre itself for the level's median to clear the one below
    strict = _circle(level_request) and request.level > FIRST_LEVEL
    need_bfs = 0.0 if aim is None else aim if strict else aim / KEEP
    ladder = ladder_for(level_request)
    usable = ladder if request.generators else ladder[_start(level_request, ladder, None) :]
    most = room.extremes()[1] * room.fill
    hardest = max(f.per_cell for f in usable) * (1.0 - BRAID_LOSS * request.braid)
    clear = CLEAR_MARGIN
    if hardest * most**EFFORT_EXPONENT >= clear * need and FLOOR_SHARE * most >= clear * need_bfs:
        return True
    for form in sorted(usable, key=lambda f: -f.per_cell):
        reached = capacity(level_request, form)
        if reached.effort >= need and reached.bfs >= need_bfs:
            return True
        if reached.effort and reached.bfs < need_bfs:
            return False  # the page's largest maze expands too little, whatever its form
    return False


def highest_level(request: Request) -> int:
    """The highest level the request's page holds (its own level aside); 0 when none does."""
    for level in range(LAST_LEVEL, FIRST_LEVEL - 1, -1):
        if fits(_with_level(request, level)):
            return level
    return 0


def _with_level(request: Request, level: int) -> Request:
    """The request at another level (and no class-set form): capacity is cached by it."""
    return dataclasses.replace(request, level=level, like=None)


@dataclass(eq=False)
class _Candidate:
    """A measured candidate: its score (its larger miss in quarter steps), its effort miss,
    the maze and what was measured; the strategies walk it only when it may be kept. Each is
    itself alone (the pending list drops one by identity, not by comparing every field)."""

    score: float
    effort_miss: float
    maze: Maze
    efforts: tuple[Effort, Effort]
    hung: Hung | None
    bfs: int
    size: Size
    metrics: Metrics | None = None  # measured when the level's checks measured it

    @property
    def in_band(self) -> bool:
        return abs(self.effort_miss) <= math.log(HALF_STEP)

    def verdict(self) -> Assessment:
        """Its assessment, the strategies walked (mazebook.difficulty.checks.assess)."""
        forward, backward = self.efforts
        return Assessment(forward, backward, shortcut(self.maze, self.hung), self.bfs)


def choose(request: Request, rng: random.Random) -> Choice:
    """Generate candidates until one that passes the level's checks (difficulty.checks) is
    within a quarter step of both its effort and its bfs centre; else, after the search's
    patience, keep the closest within the level's band that passes. Every random choice
    comes from ``rng``."""
    if request.like is not None:
        return choose_like(request, request.like, rng)
    level = request.level
    target = target_for(level)
    aim = bfs_aim(request)
    ladder = ladder_for(request)
    at = _start(request, ladder, rng)
    options = _options(request, level)
    room = room_for(request)
    log_min, log_max = (math.log(c) for c in room.extremes())
    log_cells = _first_guess(request, room, ladder[at], target, aim, options)
    kept: tuple[_Candidate, Assessment] | None = None
    pending: list[_Candidate] = []  # in the band, not yet walked by the strategies
    failed: list[str] = []
    tried: list[tuple[str, int, int, float]] = []
    largest_effort: dict[int, float] = {}  # the most effort each form gave at the largest size
    patience = _patience(request)
    bfs_keep = CIRCLE_BFS_KEEP if _circle(request) else BFS_KEEP
    for count in range(1, MAX_CHECKED + 1):
        form = ladder[at]
        log_cells = min(max(log_cells, log_min), log_max)
        width, height, extra = room.pick(math.exp(log_cells))
        maze = generate(
            form.algorithm,
            width,
            height,
            seed=rng.getrandbits(63),
            shape=request.shape,
            **options,
            **dict(form.options),
            **extra,
        )
        efforts, hung = efforts_and_tree(maze)
        effort = min(efforts[0].mean, efforts[1].mean)
        miss = math.log(effort / target)
        # a maze outside the effort band is not kept: its breadth-first search is not run
        bfs = bfs_expanded(maze.split_view, hung) if abs(miss) <= math.log(HALF_STEP) else 0
        bfs_miss = math.log(bfs / aim) if aim is not None and bfs else 0.0
        score = max(abs(miss) / math.log(EFFORT_KEEP), abs(bfs_miss) / math.log(bfs_keep))
        tried.append((form.algorithm, width, height, round(effort, 1)))
        size = (
            form.algorithm,
            width,
            height,
            tuple(sorted({**extra, **dict(form.options)}.items())),
        )
        candidate = _Candidate(score, miss, maze, efforts, hung, bfs, size)
        in_band = candidate.in_band and abs(bfs_miss) <= math.log(BFS_BAND)
        if in_band or count >= MAX_CANDIDATES:  # past MAX_CANDIDATES: anything, as a last resort
            pending.append(candidate)
        largest = log_cells >= log_max - 1e-9
        if score <= 1.0:  # within a quarter step of both centres: kept if it passes
            pending.remove(candidate)
            kept = _first_passing([candidate], level, failed, within_band=False)
        elif _patient_enough(count, tried, width, height, patience, largest):
            kept = _first_passing(pending, level, failed, within_band=True)
        if kept is not None:
            break
        if largest and effort < lowest_kept(level):
            # the page's largest size falls short of the effort a level keeps (the bottom of
            # the window ``fits`` holds it by): harder forms there, then the one that did best;
            # short of the centre alone, the form stays (harder ones expand fewer cells)
            largest_effort[at] = max(largest_effort.get(at, 0.0), effort)
            at = _harder_at_largest(request, ladder, at, largest_effort)
            continue
        if miss > 0 and log_cells <= log_min + 1e-9:
            at = max(0, at - 1)
            continue  # at the smallest size: another seed (or an easier form) there
        # both misses move the size, but a bfs_expanded far below its centre is a FINISH with
        # cells beyond it (the size is not to blame), so then the effort's alone
        step = (miss + bfs_miss) / 2 if abs(bfs_miss) <= math.log(BFS_BAND) else miss
        cells = room.cells((width, height), extra)
        damping = CIRCLE_DAMPING if _circle(request) else DAMPING
        log_cells = math.log(cells) - damping * step / EFFORT_EXPONENT
    if kept is None:
        kept = _first_passing(pending, level, failed, within_band=False)
    if kept is None:
        raise MazebookError(
            f"no level-{level} {request.shape} maze passed the level's checks in "
            f"{MAX_CHECKED} tries{': ' + failed[-1] if failed else ''}",
            advice="use another seed, or a larger page or smaller {min_cell}",
        )
    best, verdict = kept
    return Choice(
        best.maze,
        best.metrics or measure(best.maze, best.hung),
        target,
        len(tried),
        tuple(tried),
        verdict.effort,
        verdict,
        best.size,
    )


def _first_passing(
    pending: list[_Candidate], level: int, failed: list[str], *, within_band: bool
) -> tuple[_Candidate, Assessment] | None:
    """The closest pending candidate (in the effort band first, then by score) that passes
    the level's checks, with its assessment; those walked and failed leave ``pending`` (their
    problems are added to ``failed``). ``within_band``: only candidates in the band."""
    pending.sort(key=lambda c: (not c.in_band, c.score))
    while pending:
        candidate = pending[0]
        if within_band and not candidate.in_band:
            return None
        verdict = candidate.verdict()
        found, candidate.metrics = checked(candidate.maze, verdict, level, candidate.hung)
        if not found:
            pending.clear()
            return candidate, verdict
        failed.append("; ".join(found))
        pending.pop(0)
    return None


def _patience(request: Request) -> int:
    """Candidates made before the closest within the band is kept (PATIENCE, CIRCLE_PATIENCE
    for a circle, whose measures vary most)."""
    return CIRCLE_PATIENCE if _circle(request) else PATIENCE


def _patient_enough(
    count: int,
    tried: Sequence[tuple[str, int, int, float]],
    width: int,
    height: int,
    patience: int,
    largest: bool,
) -> bool:
    """Whether the search may stop short of both quarter steps: after ``patience`` tries, or
    MAX_AT_LARGEST at the page's largest size."""
    if count >= patience:
        return True
    return largest and sum(1 for t in tried if t[1:3] == (width, height)) >= MAX_AT_LARGEST


def _harder_at_largest(
    request: Request, ladder: Sequence[Form], at: int, reached: Mapping[int, float]
) -> int:
    """The form to try next at the largest size: the next harder one not yet tried (named
    generators: the untried ones within HARD_SHARE of the hardest), else the one that reached
    the most effort there."""
    if request.generators:
        order = sorted(range(len(ladder)), key=lambda i: -ladder[i].per_cell)
        top = ladder[order[0]].per_cell
        untried = [i for i in order if i not in reached and ladder[i].per_cell >= HARD_SHARE * top]
    else:
        untried = [i for i in range(at + 1, len(ladder)) if i not in reached]
    return untried[0] if untried else max(reached, key=reached.__getitem__)


#: At the largest size, named generators reaching at least this share of the hardest one's
#: effort per cell are tried (a branchy generator reaches about half as far there).
HARD_SHARE = 0.85


def _first_guess(
    request: Request,
    room: Room,
    form: Form,
    target: float,
    aim: float | None,
    options: Mapping[str, Any],
) -> float:
    """The log of the nominal cells a first candidate gets: the cells the form needs for the
    effort (and, when aimed at, the bfs centre), over the room's fill."""
    effort = target / OPENING_EFFORT.get(str(options["openings"]), 1.0)
    own = forms.level_texture(request.level, _circle(request))
    if request.generators or form.texture is None:
        cells = cells_for(form.algorithm, effort)
    elif (
        form.texture == own
        and aim == forms.bfs_centre(request.level, request.shape, bool(request.weave))
        and effort == target
    ):
        cells = forms.first_cells(request.level, request.shape, request.weave > 0)
    else:
        cells = effort / form.per_cell
        if aim is not None:
            share = forms.bfs_share(form.texture, _circle(request)) * form.per_cell
            cells = math.sqrt(cells * aim / share)
    return math.log(cells / room.fill)


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
        found, metrics = checked(maze, verdict, request.level)
        if not found:
            target = target_for(request.level)
            metrics = metrics or measure(maze)
            return Choice(
                maze, metrics, target, len(tried), tuple(tried), verdict.effort, verdict, size
            )
    raise MazebookError(
        f"no level-{request.level} {algorithm} maze of {width} x {height} passed the level's "
        f"checks in {MAX_CHECKED} tries",
        advice="use another seed or level",
    )


def _fit_ratio(maze: Maze, request: Request) -> float:
    """The cell size a (non-rectangular) maze's drawing gets in the box over min_cell: 1.0
    when it keeps cells of at least min_cell, else less (the START and FINISH words stand
    outside the maze, in room the box already leaves them)."""
    from ..geometry.from_maze import maze_geometry

    geom = maze_geometry(maze)
    scale = maze_scale(geom.width, geom.height, *request.box)
    return 1.0 if scale >= request.min_cell - 1e-9 else scale / request.min_cell
