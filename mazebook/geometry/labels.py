"""Where the START and FINISH words go: pure geometry, shared by the PDF and SVG writers.

A product sets its words at ONE size (``word_size``: from the room its smallest maze slot
gives, 8 to 12 pt; large print at least 18 pt), always level and always OUTSIDE the maze: a
word's box never meets the box that bounds the maze's walls (``wall_bounds``, grown by
WALL_PAD for the strokes and a little clear space). A word goes in line with its own mark:
beyond the arrow's outer end or beside it, else just outside the side of the walls' box
nearest the arrow, level with it (a circle's centre goal: above or below the maze, with the
goal's dot drawn before the word as its key). Each place must stay inside the region (the
slot), clear of both marks, the other word and the solution's ends; the nearest to the mark
wins. When a word finds no place the maze is drawn a little smaller (``place_maze``), so the
room is made around the maze, never inside it; the products keep that room above and below
every maze and beside every rectangle (``word_room``, ``word_band``; another outline takes the
slot's width and sets its words above or below it), so the cells are sized with it. Positions
are in cell units (y down, like the geometry); sizes in points, through the scale.
"""

from __future__ import annotations

import functools
import heapq
import math
from collections.abc import Callable, Iterator, Sequence
from typing import cast

from ..lazy import numpy as np
from ..records import record
from . import plain_drawing as plain
from .drawing import (
    Marker,
    MazeGeometry,
    Rows,
    arc_to_beziers,
    clamped_solution,
    is_plain,
    marker_extent,
    rows_of,
)
from .style import Fit, fit_maze, marker_length

#: The least and the largest size of the START / FINISH words (points) a product picks from
#: its room; large print asks more (pages.type_sizes).
LABEL_SIZE, LABEL_SIZE_MAX = 8.0, 12.0
#: A product's word size is this share of the shorter side of its smallest maze box.
WORD_SHARE = 0.02
#: Share of the label size above the baseline (ascent) and below it (descent).
ASCENT, DESCENT = 0.73, 0.24
#: Clear space kept between a word and any arrow, line or other word (points).
CLEARANCE = 1.5
#: How far (points) a word keeps from the walls' box: half the thickest wall (large print's
#: walls reach 3 pt) and the clear space.
WALL_PAD = 1.5 + CLEARANCE
#: A word is beside its arrow when its box comes within this of the arrow's (points: 4.5 mm);
#: a word slid along the arrow's side reaches that far from its centre.
NEAR = 4.5 * 72.0 / 25.4
#: Making room for words the room around a maze cannot hold: the maze is drawn smaller by this
#: share of its scale at a time: at most NEAR_STEPS times to set both words beside their
#: arrows, else (the words then level with their arrows, outside the walls' box, farther off)
#: at most SHRINK_STEPS times.
SHRINK, NEAR_STEPS, SHRINK_STEPS = 0.03, 4, 12
#: The two words keep at least this share of their size between them (4 pt at 8 pt): closer,
#: "FINISH START" reads as one phrase.
WORDS_APART = 0.5
#: A centre goal's word carries the goal's dot before it, this far (share of the size) apart.
KEY_GAP = 0.3

#: A word's width in points at a size: ``width_of(word, size)``.
WidthOf = Callable[[str, float], float]
Rect = tuple[float, float, float, float]


@record
class Label:
    """A level word: its box (x0, y0, x1, y1) in cell units (y down) and its size in points.

    The word is drawn starting at x0 with its baseline ``DESCENT * size`` above y1. ``key``:
    for the word of a goal inside the maze, the goal's dot drawn before it (cx, cy, r in cell
    units), so the reader matches the word to the dot; None for a word beside its arrow.
    """

    word: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    key: tuple[float, float, float] | None = None

    @property
    def baseline(self) -> float:
        """The baseline's y in cell units (y down)."""
        return self.y1 - (self.y1 - self.y0) * DESCENT / (ASCENT + DESCENT)

    @property
    def extent(self) -> Rect:
        """The box of everything drawn for the word: its text and its key dot."""
        if self.key is None:
            return (self.x0, self.y0, self.x1, self.y1)
        cx, cy, r = self.key
        return (min(self.x0, cx - r), min(self.y0, cy - r), self.x1, max(self.y1, cy + r))


def word_size(width: float, height: float, least: float = LABEL_SIZE) -> float:
    """A product's one word size (points) for maze boxes of ``width`` x ``height`` points (its
    smallest): WORD_SHARE of the shorter side in half points, from ``least`` to
    LABEL_SIZE_MAX (``least`` itself when it is larger: large print)."""
    size = round(WORD_SHARE * min(width, height) * 2) / 2
    return max(least, min(size, LABEL_SIZE_MAX))


def word_gap(size: float) -> float:
    """Points between a word and the arrow or walls' box it stands beside."""
    return max(CLEARANCE, 0.25 * size)


def word_height(size: float) -> float:
    """The height (points) of a word's box at ``size``."""
    return size * (ASCENT + DESCENT)


def word_band(size: float) -> float:
    """Points to keep above and below a maze so a word of ``size`` fits there."""
    return word_height(size) + word_gap(size) + CLEARANCE


def word_room(words: tuple[str, str], width_of: WidthOf, size: float) -> float:
    """Points to keep beside a maze so the wider word fits level beyond a side arrow."""
    return max(width_of(word, size) for word in words) + word_gap(size) + CLEARANCE


def wall_bounds(geom: MazeGeometry) -> Rect:
    """(x0, y0, x1, y1) in cell units of the maze's walls and arcs: the box no word enters.
    An arc counts with the control points of the Bezier pieces a PDF draws it with (they reach
    a little beyond the circle), so the box holds every point the page's path names. A small
    maze's plain rows are measured in plain Python (min and max are exact either way)."""
    if is_plain(geom.segments):
        return _plain_bounds(geom)
    segments = cast("np.ndarray", geom.segments).reshape(-1, 4)
    xs = [segments[:, 0], segments[:, 2]]
    ys = [segments[:, 1], segments[:, 3]]
    for cx, cy, r, a0, a1 in rows_of(geom.arcs):
        points = _arc_points(cx, cy, r, a0, a1)
        xs.append(np.array([p[0] for p in points]))
        ys.append(np.array([p[1] for p in points]))
    x, y = np.concatenate(xs), np.concatenate(ys)
    if not len(x):
        return (0.0, 0.0, float(geom.width), float(geom.height))
    return (float(x.min()), float(y.min()), float(x.max()), float(y.max()))


def _arc_points(cx: float, cy: float, r: float, a0: float, a1: float) -> list[tuple[float, float]]:
    """An arc's start and its Bezier pieces' control and end points, as a PDF names them."""
    t0 = math.radians(a0)
    points = [(cx + r * math.cos(t0), cy + r * math.sin(t0))]
    for piece in arc_to_beziers(cx, cy, r, a0, a1):
        points += [(piece[0], piece[1]), (piece[2], piece[3]), (piece[4], piece[5])]
    return points


def _plain_bounds(geom: MazeGeometry) -> Rect:
    """wall_bounds of plain rows: the segments' ends and the arcs' points, their least and
    largest x and y (the segments' as plain_drawing.extent measures them: a rectangle's wall
    runs carry their box, read here as drawing_extent reads it)."""
    xs: list[float] = []
    ys: list[float] = []
    ends = plain.extent(rows_of(geom.segments))
    if ends is not None:
        if not len(geom.arcs):
            return ends
        xs += (ends[0], ends[2])
        ys += (ends[1], ends[3])
    for cx, cy, r, a0, a1 in rows_of(geom.arcs):
        for x, y in _arc_points(cx, cy, r, a0, a1):
            xs.append(x)
            ys.append(y)
    if not xs:
        return (0.0, 0.0, float(geom.width), float(geom.height))
    return (float(min(xs)), float(min(ys)), float(max(xs)), float(max(ys)))


def _hits(segments: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each of ``boxes`` (k, 4), whether any segment enters it (Liang-Barsky clipping, all
    segments against all boxes at once)."""
    if not len(segments) or not len(boxes):
        return np.zeros(len(boxes), dtype=bool)
    px, py = segments[:, :1], segments[:, 1:2]
    dx, dy = segments[:, 2:3] - px, segments[:, 3:4] - py
    x0, y0, x1, y1 = (boxes[None, :, i] for i in range(4))
    lo = np.zeros((len(segments), len(boxes)))
    hi = np.ones_like(lo)
    with np.errstate(divide="ignore", invalid="ignore"):
        for p, q in ((-dx, px - x0), (dx, x1 - px), (-dy, py - y0), (dy, y1 - py)):
            parallel = np.abs(p) < 1e-12
            t = q / np.where(parallel, 1.0, p)
            lo = np.where(p < -1e-12, np.maximum(lo, t), lo)
            hi = np.where(p > 1e-12, np.minimum(hi, t), hi)
            hi = np.where(parallel & (q < 0), -1.0, hi)
    result: np.ndarray = np.any(lo <= hi, axis=0)
    return result


def _overlap(a: Rect, b: Rect) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _apart(a: Rect, b: Rect) -> float:
    """The distance between two boxes (0 when they touch or overlap)."""
    return math.hypot(_gap(b[0] - a[2], a[0] - b[2]), _gap(b[1] - a[3], a[1] - b[3]))


def _gap(before: float, after: float) -> float:
    """``max(before, after, 0.0)`` (the same comparisons in the same order, so the same float,
    a -0.0 or a NaN too), written out: the builtin parses its keywords at every call (3.11),
    which costs more than the two comparisons, and a page measures thousands of gaps."""
    if after > before:
        before = after
    return 0.0 if before < 0.0 else before


@record
class _Run:
    """Candidate boxes for a word that share one side's distance from its mark: ``floor`` is
    no more than any of their rounded distances (``best_of`` leaves a run unmade while a box
    nearer than it is free), ``count`` how many ``boxes()`` makes."""

    floor: float
    count: int
    boxes: Callable[[], list[Rect]]


def _floor(lo: float, hi: float, mark_lo: float, mark_hi: float) -> float:
    """The rounded distance along one axis between a box spanning lo..hi and the mark, worked
    out as _apart does: no box with that span is nearer (hypot is never below one side). A
    zero (most often: a span beside the mark's) is its own rounding."""
    distance = _gap(mark_lo - hi, lo - mark_hi)
    return round(distance, 6) if distance else distance


@record
class _Scene:
    """What a word must keep clear of, in cell units: the walls' box (grown by WALL_PAD), the
    marks' boxes, the solution's pieces outside the walls, and the region it must stay in."""

    walls: Rect
    marks: tuple[Rect, ...]
    line: Sequence[Sequence[float]] | np.ndarray  # pieces x0, y0, x1, y1 (_line_outside)
    region: Rect
    pad: float  # CLEARANCE in cell units

    @functools.cached_property
    def _pieces(self) -> list[list[float]]:
        """The line's pieces as lists of floats, for _enters (plain rows kept as they are)."""
        line = self.line
        if isinstance(line, list) and all(type(row) is list for row in line):
            return line
        return [list(map(float, row)) for row in rows_of(line)]

    def best(
        self, candidates: Iterator[Rect], mark: Rect, others: list[Rect], within: float
    ) -> Rect | None:
        """The candidate box nearest ``mark`` that is inside the region, outside the walls'
        box and clear of the marks, the other words and the solution line; None if none is,
        or if the nearest is farther than ``within`` (cell units) from the mark (the first of
        equally near ones). tests/test_fast_paths.py holds the plain form, which tests them
        all."""
        boxes = list(candidates)
        return self.best_of((_Run(0.0, len(boxes), lambda: boxes),), mark, others, within)

    def best_of(
        self, runs: Sequence[_Run], mark: Rect, others: list[Rect], within: float
    ) -> Rect | None:
        """``best`` of the runs' boxes in their order, nearest first: a run's boxes are made
        and measured only once no free box made so far is nearer than its floor (a page's
        words are placed hundreds of times, and the first box tried is mostly the one). A box
        off the region or on the walls, a mark or another word is dropped as it is made; the
        solution line, the one costly test, is tried on the nearest box left; a run's first box
        at its floor, nearest of all, is tried at once."""
        starts, total = [], 0
        for run in runs:
            starts.append(total)
            total += run.count
        order = sorted(range(len(runs)), key=lambda k: (runs[k].floor, starts[k]))
        pool: list[tuple[float, int, Rect]] = []
        blocks = (*self.marks, *others)
        # _clear and _apart written out in the loop: it runs for every box made
        r0, r1, r2, r3 = self.region
        w0, w1, w2, w3 = self.walls
        m0, m1, m2, m3 = mark
        pad = self.pad
        for k in [*order, -1]:
            limit = (runs[k].floor, starts[k]) if k >= 0 else (math.inf, total)
            while pool and (pool[0][0], pool[0][1]) < limit:
                box = heapq.heappop(pool)[2]
                if not self._on_line(box):
                    return box if _apart(box, mark) <= within else None
            if k < 0:
                break
            floor, first = limit
            for i, box in enumerate(runs[k].boxes(), first):
                x0, y0, x1, y1 = box
                if x0 < r0 or y0 < r1 or x1 > r2 or y1 > r3:
                    continue
                if x0 < w2 and w0 < x1 and y0 < w3 and w1 < y1:
                    continue
                g0, g1, g2, g3 = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
                for b in blocks:
                    if g0 < b[2] and b[0] < g2 and g1 < b[3] and b[1] < g3:
                        break
                else:
                    dx, dy = _gap(m0 - x1, x0 - m2), _gap(m1 - y1, y0 - m3)
                    distance = round(math.hypot(dx, dy), 6)
                    if i == first and distance == floor:
                        # the run's first box at its floor: nothing left in the pool or yet
                        # to be made comes before it (mostly the word's place: one box
                        # measured, not the run's thirteen); off the line it is the answer,
                        # on it, it would be dropped when popped
                        if self._on_line(box):
                            continue
                        return box if _apart(box, mark) <= within else None
                    heapq.heappush(pool, (distance, i, box))
        return None

    def _clear(self, box: Rect, blocks: tuple[Rect, ...]) -> bool:
        """Whether a word's box is inside the region, outside the walls' box and (grown by
        the clear space) off the ``blocks``: the marks and the other words."""
        r, pad = self.region, self.pad
        x0, y0, x1, y1 = box
        if x0 < r[0] or y0 < r[1] or x1 > r[2] or y1 > r[3] or _overlap(box, self.walls):
            return False
        g0, g1, g2, g3 = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        for b in blocks:  # noqa: SIM110 - _overlap(grown, b) written out, no generator
            if g0 < b[2] and b[0] < g2 and g1 < b[3] and b[1] < g3:
                return False
        return True

    def _on_line(self, box: Rect) -> bool:
        """Whether the solution line enters the word's box grown by the clear space."""
        if not len(self.line):
            return False
        x0, y0, x1, y1 = box
        pad = self.pad
        return _enters(self._pieces, (x0 - pad, y0 - pad, x1 + pad, y1 + pad))


def _enters(segments: list[list[float]], box: Rect) -> bool:
    """Whether any segment enters the box: _hits for one box, the same arithmetic in plain
    floats (numpy's set-up costs more than the few pieces of a line)."""
    x0, y0, x1, y1 = box
    for px, py, ex, ey in segments:
        dx, dy = ex - px, ey - py
        lo, hi = 0.0, 1.0
        for p, q in ((-dx, px - x0), (dx, x1 - px), (-dy, py - y0), (dy, y1 - py)):
            parallel = abs(p) < 1e-12
            t = q / (1.0 if parallel else p)
            if p < -1e-12 and t > lo:  # lo = max(lo, t), hi = min(hi, t): no builtin's call
                lo = t
            if p > 1e-12 and t < hi:
                hi = t
            if parallel and q < 0:
                hi = -1.0
        if lo <= hi:
            return True
    return False


def _mark_box(marker: Marker, arrow: float, entering: bool) -> Rect:
    return marker_extent(marker, arrow, entering=entering)


def _beside_arrow(
    box: Rect, out: tuple[float, float], w: float, h: float, gap: float, near: float
) -> list[_Run]:
    """Runs of boxes of w x h (cell units) beside an arrow (``box``, the mark the words are
    measured from), most telling first: beyond its outer end, then its other sides by how far
    they face outward, each centred on the arrow first, then slid along that side while the
    word still reaches within ``near`` of the arrow's centre."""
    ax0, ay0, ax1, ay1 = box
    cx, cy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    ox, oy = out  # y down
    sides = sorted(
        (((1.0, 0.0), ox), ((-1.0, 0.0), -ox), ((0.0, 1.0), oy), ((0.0, -1.0), -oy)),
        key=lambda side: -side[1],
    )
    runs = []
    for (nx, ny), _ in sides:
        if nx:  # left or right of the arrow: the word's box slides up and down
            x0 = ax1 + gap if nx > 0 else ax0 - gap - w
            reach = (x0 - cx) if nx > 0 else (cx - x0 - w)
            floor = _floor(x0, x0 + w, ax0, ax1)
            make = functools.partial(_slid_across, x0, w, h, cy, reach, near)
        else:  # above or below it: the box slides left and right
            y0 = ay1 + gap if ny > 0 else ay0 - gap - h
            reach = (y0 - cy) if ny > 0 else (cy - y0 - h)
            floor = _floor(y0, y0 + h, ay0, ay1)
            make = functools.partial(_slid_along, y0, w, h, cx, reach, near)
        runs.append(_Run(floor, 1 if reach >= near else 13, make))
    return runs


def _slid_across(x0: float, w: float, h: float, cy: float, reach: float, near: float) -> list[Rect]:
    return [(x0, y0, x0 + w, y0 + h) for y0 in _slides(cy, h, reach, near)]


def _slid_along(y0: float, w: float, h: float, cx: float, reach: float, near: float) -> list[Rect]:
    return [(x0, y0, x0 + w, y0 + h) for x0 in _slides(cx, w, reach, near)]


def _slides(centre: float, length: float, reach: float, near: float) -> Iterator[float]:
    """Starts of a box of ``length`` along a side ``reach`` away from the arrow's ``centre``:
    centred first, then (1 + 12 in all) moved either way in steps as far as its nearest corner
    stays within ``near`` of the centre."""
    yield centre - length / 2
    if reach >= near:
        return
    most = length / 2 + math.sqrt(near * near - reach * reach)
    for k in range(1, 7):
        yield centre - length / 2 + most * k / 6
        yield centre - length / 2 - most * k / 6


def _outside_walls(
    mark: Rect, walls: Rect, w: float, h: float, gap: float, lead: float | None = None
) -> list[_Run]:
    """Runs of boxes of w x h just outside each side of the walls' box, in line with the
    mark: level with it beside the box's left or right side, above or below it beyond the top
    or bottom (centred on it, then slid either way as far as they still span its middle),
    nearest side first. With a ``lead``, the boxes of keyed words (``_keyed``)."""
    cx, cy = (mark[0] + mark[2]) / 2, (mark[1] + mark[3]) / 2
    wx0, wy0, wx1, wy1 = walls
    sides = sorted(
        ((cx - wx0, "left"), (wx1 - cx, "right"), (cy - wy0, "top"), (wy1 - cy, "bottom")),
    )
    runs = []
    for _, side in sides:
        if side in ("left", "right"):
            x0 = wx0 - gap - w if side == "left" else wx1 + gap
            lo, hi = x0, x0 + w
            if lead is not None:  # a keyed word's box: the same way for the whole run
                lo, hi = (lo, hi + lead) if x0 >= wx1 else (lo - lead, hi)
            floor = _floor(lo, hi, mark[0], mark[2])
            make = functools.partial(_level_beside, x0, w, h, cy, lead, walls)
        else:
            y0 = wy0 - gap - h if side == "top" else wy1 + gap
            floor = _floor(y0, y0 + h, mark[1], mark[3])
            make = functools.partial(_level_over, y0, w, h, cx, lead, walls)
        runs.append(_Run(floor, 13, make))
    return runs


def _shifts(length: float) -> list[float]:
    """The 13 shifts of a box of ``length`` along a side of the walls' box: none, then either
    way in steps while it still spans the mark's middle."""
    most = 0.999 * length / 2  # the farthest a slid box still spans the mark's middle
    return [(k + 1) // 2 * (1 if k % 2 else -1) * most / 6 for k in range(13)]


def _level_beside(
    x0: float, w: float, h: float, cy: float, lead: float | None, walls: Rect
) -> list[Rect]:
    boxes = [(x0, cy - h / 2 + shift, x0 + w, cy - h / 2 + shift + h) for shift in _shifts(h)]
    return boxes if lead is None else _keyed(boxes, lead, walls)


def _level_over(
    y0: float, w: float, h: float, cx: float, lead: float | None, walls: Rect
) -> list[Rect]:
    boxes = [(cx - w / 2 + shift, y0, cx - w / 2 + shift + w, y0 + h) for shift in _shifts(w)]
    return boxes if lead is None else _keyed(boxes, lead, walls)


def label_anchors(
    geom: MazeGeometry,
    scale: float,
    words: tuple[str, str],
    width_of: WidthOf,
    region: Rect,
    size: float,
    *,
    beside: bool = False,
) -> list[Label]:
    """The START and FINISH labels of a drawing at ``scale`` points per cell, both at ``size``.

    ``region`` (x0, y0, x1, y1, cell units) is where words may go; ``width_of(word, size)`` is a
    word's width in points in the writer's font; ``beside``: only within NEAR of an arrow (a
    centre goal's word, keyed by its dot, goes where it fits). A word that finds no place
    outside the walls is left out (never drawn over the maze): ``place_maze`` then makes room
    and tries again.
    """
    s = scale
    arrow = marker_length(s) / s
    markers = ((geom.start, True), (geom.finish, False))
    marks = tuple(_mark_box(m, arrow, entering) for m, entering in markers)
    wx0, wy0, wx1, wy1 = wall_bounds(geom)
    pad = WALL_PAD / s
    walls = (wx0 - pad, wy0 - pad, wx1 + pad, wy1 + pad)
    line = _solution_outside(clamped_solution(geom, arrow), walls)  # as the writers end it
    scene = _Scene(walls, marks, line, region, CLEARANCE / s)
    placed: list[Label] = []
    within = NEAR / s if beside else math.inf
    for (marker, entering), word, mark in zip(markers, words, marks, strict=True):
        label = _place(scene, marker, entering, word, mark, s, size, width_of, placed, within)
        if label is not None:
            placed.append(label)
    return placed


def _line_outside(geom: MazeGeometry, walls: Rect) -> list[list[float]] | np.ndarray:
    """The solution's pieces (an answer key draws it, and the words stay where the puzzle's
    are) that leave the walls' box: its ends beyond the openings, the only part a word outside
    the walls can touch. Pieces x0, y0, x1, y1: plain lists for a small maze's plain
    solution, else an array."""
    return _solution_outside(geom.solution, walls)


def _solution_outside(solution: Rows, walls: Rect) -> list[list[float]] | np.ndarray:
    """_line_outside of the solution line ``solution`` (a drawing's, or its ends pulled in:
    drawing.clamped_solution)."""
    if is_plain(solution):
        return _plain_line_outside(solution, walls)
    line = np.asarray(solution, dtype=np.float64).reshape(-1, 2)
    if len(line) < 2:
        return np.zeros((0, 4))
    pieces = np.concatenate([line[:-1], line[1:]], axis=1)
    x0, y0, x1, y1 = walls
    inside = (
        (np.minimum(pieces[:, 0], pieces[:, 2]) > x0)
        & (np.maximum(pieces[:, 0], pieces[:, 2]) < x1)
        & (np.minimum(pieces[:, 1], pieces[:, 3]) > y0)
        & (np.maximum(pieces[:, 1], pieces[:, 3]) < y1)
    )
    outside: np.ndarray = pieces[~inside]
    return outside


def _plain_line_outside(points: Sequence[Sequence[float]], walls: Rect) -> list[list[float]]:
    """_line_outside of a plain polyline (rows x, y): the same pieces, in order. A piece is
    inside when both its ends are; mostly only the two ends beyond the openings are outside,
    so the points between are tested all at once first (min and max) and the pieces one by
    one only when one of them is out."""
    if len(points) < 2:
        return []
    x0, y0, x1, y1 = walls
    xs, ys = zip(*points, strict=True)
    last = len(points) - 1
    middle = slice(1, last)
    if last < 2 or (
        min(xs[middle]) > x0
        and max(xs[middle]) < x1
        and min(ys[middle]) > y0
        and max(ys[middle]) < y1
    ):
        ends: tuple[int, ...] = (
            (0, last - 1) if last > 1 else (0,)
        )  # the only pieces with an end outside
    else:
        ends = tuple(range(last))
    out = []
    for i in ends:
        ax, ay, bx, by = xs[i], ys[i], xs[i + 1], ys[i + 1]
        inside = min(ax, bx) > x0 and max(ax, bx) < x1 and min(ay, by) > y0 and max(ay, by) < y1
        if not inside:
            out.append([float(ax), float(ay), float(bx), float(by)])
    return out


def _place(
    scene: _Scene,
    marker: Marker,
    entering: bool,
    word: str,
    mark: Rect,
    s: float,
    size: float,
    width_of: WidthOf,
    placed: list[Label],
    within: float,
) -> Label | None:
    """The place nearest its mark, outside the walls, where the word fits (within ``within``
    of an arrow); None if none."""
    h = word_height(size) / s
    gap = word_gap(size) / s
    w = width_of(word, size) / s
    # the other word, kept WORDS_APART of the size away (less would read as one phrase)
    more = max(0.0, WORDS_APART * size - CLEARANCE) / s
    others = [
        (x0 - more, y0 - more, x1 + more, y1 + more)
        for x0, y0, x1, y1 in (label.extent for label in placed)
    ]
    if marker.inside:  # the centre goal: the word and the goal's dot as its key, outside
        r = mark[2] - (mark[0] + mark[2]) / 2
        r = min(r, 0.3 * h)  # a dot no taller than the word's capitals
        lead = 2 * r + KEY_GAP * size / s
        # the word's own box in line with the goal, its key dot before it (both outside)
        runs = _outside_walls(mark, scene.walls, w, h, gap, lead)
        found = scene.best_of(runs, mark, others, math.inf)
        if found is None:
            return None
        x0, y0, x1, y1 = found
        baseline = y1 - DESCENT * size / s
        key = (x0 + r, baseline - ASCENT * size / s / 2, r)  # level with the capitals' middle
        return Label(word, x0 + lead, y0, x1, y1, size, key)
    out = (marker.dx, marker.dy) if not entering else (-marker.dx, -marker.dy)
    runs = _beside_arrow(mark, out, w, h, gap, NEAR / s)
    runs += _outside_walls(mark, scene.walls, w, h, gap)
    found = scene.best_of(runs, mark, others, within)
    return None if found is None else Label(word, *found, size)


def _keyed(texts: list[Rect], lead: float, walls: Rect) -> list[Rect]:
    """The boxes of keyed words: each text box of ``texts`` with the key's ``lead`` before it
    (beyond the walls' right side the text moves out by the lead, the key between them)."""
    return [
        (x0, y0, x1 + lead, y1) if x0 >= walls[2] else (x0 - lead, y0, x1, y1)
        for x0, y0, x1, y1 in texts
    ]


@record(eq=False)
class Placement:
    """A maze placed in a box with its words: the drawing, where it lands (``fit``) and the
    labels, in the drawing's cell units."""

    geom: MazeGeometry
    fit: Fit
    labels: tuple[Label, ...]


def place_maze(
    geom: MazeGeometry,
    width: float,
    height: float,
    words: tuple[str, str],
    width_of: WidthOf,
    room: tuple[float, float],
    size: float,
) -> Placement:
    """The maze fitted in a ``width`` x ``height`` box (points) with its two words, at ``size``
    points, outside its walls; the words may also use ``room`` points (left and right, top and
    bottom) around the box.

    Both words go beside their arrows where they can, the maze drawn a little smaller for
    that if need be (NEAR_STEPS, only where ``room`` keeps space beside the box); else level
    with their arrows outside the walls' box. Where a
    word finds no place at all, room is made rather than the word put over the maze: the maze
    is drawn smaller (the fit stays centred) until both words fit. The one placement of the
    package: page layouts, manifests and writers all use it, so they agree on where the maze
    lands.
    """
    fit = fit_maze(geom.width, geom.height, width, height)
    first: tuple[Label, ...] = ()
    # a maze with no room kept beside it (an outline other than a rectangle takes the slot's
    # width at its page's smallest cell) is not drawn smaller to set its words beside arrows
    near = NEAR_STEPS if room[0] > 0 else 0
    tries = [(step, True) for step in range(near + 1)]
    tries += [(step, False) for step in range(SHRINK_STEPS + 1)]
    for step, beside in tries:
        scale = fit.scale * (1.0 - SHRINK * step)
        tried = Fit(scale, (width - geom.width * scale) / 2, (height - geom.height * scale) / 2)
        region = (
            (-room[0] - tried.x) / scale,
            (-room[1] - tried.y) / scale,
            (width + room[0] - tried.x) / scale,
            (height + room[1] - tried.y) / scale,
        )
        labels = tuple(label_anchors(geom, scale, words, width_of, region, size, beside=beside))
        if len(labels) == 2:
            return Placement(geom, tried, labels)
        if step == 0 and not beside:
            first = labels
    return Placement(geom, fit, first)


#: A number path's pointer: a small filled triangle between a word and the grid, pointing at
#: the row or column of the word's cell; its length and half width as shares of the size.
POINTER_LENGTH, POINTER_HALF = 0.55, 0.35


@record
class GridWord:
    """A number path's START or FINISH word outside its grid: the word (``label``) and the
    pointer (three points x, y in cell units, y down) aimed at its cell's row or column."""

    label: Label
    pointer: tuple[tuple[float, float], tuple[float, float], tuple[float, float]]


def pointer_room(size: float) -> float:
    """Points a number path's pointer adds beside a word of ``size``: its length and a gap."""
    return POINTER_LENGTH * size + word_gap(size)


def grid_words(
    columns: int,
    rows: int,
    ends: tuple[tuple[int, int], tuple[int, int]],
    words: tuple[str, str],
    width_of: WidthOf,
    scale: float,
    region: Rect,
    size: float,
) -> list[GridWord]:
    """The START and FINISH words of a grid of ``columns`` x ``rows`` cells of ``scale`` points
    (cell units, y down, the grid from (0, 0)), each outside the grid beyond the edge nearest
    its cell (``ends``: column, row), with a pointer at its cell's row (left and right edges)
    or column (top and bottom); each clear of the grid, the other word and inside ``region``.
    A word that fits beyond no edge is left out."""
    s = scale
    h, gap = word_height(size) / s, word_gap(size) / s
    pad = WALL_PAD / s
    grid = (-pad, -pad, columns + pad, rows + pad)
    placed: list[GridWord] = []
    for (cx, cy), word in zip(ends, words, strict=True):
        w = width_of(word, size) / s
        edges = sorted(
            ((cx, "left"), (columns - 1 - cx, "right"), (cy, "top"), (rows - 1 - cy, "bottom"))
        )
        for _, edge in edges:
            found = _grid_word(edge, cx + 0.5, cy + 0.5, (columns, rows), w, h, gap, pad)
            for box, pointer in found:
                taken = [g.label.extent for g in placed] + [_points_box(g.pointer) for g in placed]
                if _fits(box, region, grid, taken, CLEARANCE / s) and _fits(
                    _points_box(pointer), region, grid, taken, CLEARANCE / s
                ):
                    placed.append(GridWord(Label(word, *box, size), pointer))
                    break
            else:
                continue
            break
    return placed


def _grid_word(
    edge: str,
    mx: float,
    my: float,
    grid: tuple[int, int],
    w: float,
    h: float,
    gap: float,
    pad: float,
) -> Iterator[tuple[Rect, tuple[tuple[float, float], tuple[float, float], tuple[float, float]]]]:
    """Places of a word and its pointer beyond one edge of the grid, for the cell whose centre
    is (mx, my): level with its row beside a left or right edge; beside the pointer above or
    below its column (the word on the side toward the grid's middle first)."""
    columns, rows = grid
    length, half = POINTER_LENGTH * h / (ASCENT + DESCENT), POINTER_HALF * h / (ASCENT + DESCENT)
    if edge in ("left", "right"):
        sign = -1.0 if edge == "left" else 1.0
        tip_x = (-pad - gap) if edge == "left" else (columns + pad + gap)
        base_x = tip_x + sign * length
        pointer = ((tip_x, my), (base_x, my - half), (base_x, my + half))
        x0 = base_x - gap - w if edge == "left" else base_x + gap
        for shift in (0.0, 0.5, -0.5, 1.0, -1.0):
            yield (x0, my - h / 2 + shift * h, x0 + w, my + h / 2 + shift * h), pointer
        return
    sign = -1.0 if edge == "top" else 1.0
    tip_y = (-pad - gap) if edge == "top" else (rows + pad + gap)
    base_y = tip_y + sign * length
    pointer = ((mx, tip_y), (mx - half, base_y), (mx + half, base_y))
    y0 = tip_y - h if edge == "top" else tip_y
    ways = (1.0, -1.0) if mx < columns / 2 else (-1.0, 1.0)
    for way in ways:
        x0 = mx + half + gap if way > 0 else mx - half - gap - w
        yield (x0, y0, x0 + w, y0 + h), pointer


def _points_box(points: tuple[tuple[float, float], ...]) -> Rect:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def _fits(box: Rect, region: Rect, grid: Rect, taken: list[Rect], pad: float) -> bool:
    """Whether a box lies inside the region, off the grid and clear of what is taken."""
    x0, y0, x1, y1 = box
    if x0 < region[0] or y0 < region[1] or x1 > region[2] or y1 > region[3]:
        return False
    if _overlap(box, grid):
        return False
    grown = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
    return not any(_overlap(grown, other) for other in taken)
