"""Where the START and FINISH words go: pure geometry, shared by the PDF and SVG writers.

Words are set level (never turned), sized from the cell: 7 pt at small cells, up to 14 pt for
large ones. A word goes beside its own mark and nowhere else: its box's nearest edge within
NEAR of the mark's centre, tried beyond the arrow's outer end first, then on its other sides,
each centred and then slid along. A place is taken only if the word's box clears every wall and
arc, both marks, the other word, and stays inside the region it may use (the slot or page, never
the safe margin). When no place fits at one size the next smaller is tried, down to 7 pt; when
none fits even then, ``place_maze`` makes room: it widens a circle's hub for the word of its
centre goal, and draws the maze a little smaller. Positions are in cell units (y down, like the
geometry); sizes in points, through the scale.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from .drawing import Marker, MazeGeometry, goal_dot_radius, marker_triangle, widen_hub
from .style import Fit, fit_maze, marker_length

#: Smallest and largest size of the START / FINISH words (points).
LABEL_SIZE, LABEL_SIZE_MAX = 7.0, 14.0
#: Room kept around a maze's box for the START and FINISH words (points).
LABEL_ROOM = 11.0
#: Share of the label size above the baseline (ascent) and below it (descent).
ASCENT, DESCENT = 0.73, 0.24
#: Farthest the nearest edge of a word's box may be from its mark's centre (points: 4.5 mm, so a
#: reader finds the word beside the mark it names).
NEAR = 4.5 * 72.0 / 25.4
#: Clear space kept between a word and any wall, arrow or other word (points).
CLEARANCE = 1.5
#: Making room for words a maze's own room cannot hold: the maze is drawn smaller by this share
#: of its scale at a time, at most SHRINK_STEPS times.
SHRINK, SHRINK_STEPS = 0.03, 8

#: A word's width in points at a size: ``width_of(word, size)``.
WidthOf = Callable[[str, float], float]


@dataclass(frozen=True)
class Label:
    """A level word: its box (x0, y0, x1, y1) in cell units (y down) and its size in points.

    The word is drawn starting at x0 with its baseline ``DESCENT * size`` above y1.
    """

    word: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float

    @property
    def baseline(self) -> float:
        """The baseline's y in cell units (y down)."""
        return self.y1 - (self.y1 - self.y0) * DESCENT / (ASCENT + DESCENT)


def label_size(scale: float) -> float:
    """The words' size for cells of ``scale`` points: half a cell, from 7 to 14 pt."""
    return round(min(max(0.5 * scale, LABEL_SIZE), LABEL_SIZE_MAX), 1)


def _sample_arcs(arcs: np.ndarray) -> np.ndarray:
    """Arcs as short straight pieces (x1, y1, x2, y2), for testing what a box touches."""
    pieces = []
    for cx, cy, r, a0, a1 in arcs.tolist():
        t = np.radians(np.linspace(a0, a1, max(2, math.ceil((a1 - a0) / 4.0) + 1)))
        x, y = cx + r * np.cos(t), cy + r * np.sin(t)
        pieces.append(np.stack([x[:-1], y[:-1], x[1:], y[1:]], axis=1))
    return np.concatenate(pieces) if pieces else np.zeros((0, 4))


def _hits(segments: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """For each of ``boxes`` (k, 4), whether any segment enters it (Liang-Barsky clipping, all
    segments against all boxes at once)."""
    if not len(segments) or not len(boxes):
        return np.zeros(len(boxes), dtype=bool)
    # only segments whose bounding box meets some box can enter one: most are far away
    xs, ys = segments[:, 0::2], segments[:, 1::2]
    near = (
        (xs.max(axis=1)[:, None] >= boxes[None, :, 0])
        & (xs.min(axis=1)[:, None] <= boxes[None, :, 2])
        & (ys.max(axis=1)[:, None] >= boxes[None, :, 1])
        & (ys.min(axis=1)[:, None] <= boxes[None, :, 3])
    )
    rows = np.flatnonzero(near.any(axis=1))
    if not len(rows):
        return np.zeros(len(boxes), dtype=bool)
    segments, near = segments[rows], near[rows]
    px, py = segments[:, :1], segments[:, 1:2]
    dx, dy = segments[:, 2:3] - px, segments[:, 3:4] - py
    x0, y0, x1, y1 = (boxes[None, :, i] for i in range(4))
    lo = np.zeros((len(segments), len(boxes)))
    hi = np.ones_like(lo)
    with np.errstate(divide="ignore", invalid="ignore"):  # entered once: it costs as much as a step
        for p, q in ((-dx, px - x0), (dx, x1 - px), (-dy, py - y0), (dy, y1 - py)):
            parallel = np.abs(p) < 1e-12
            t = q / np.where(parallel, 1.0, p)
            lo = np.where(p < -1e-12, np.maximum(lo, t), lo)
            hi = np.where(p > 1e-12, np.minimum(hi, t), hi)
            hi = np.where(parallel & (q < 0), -1.0, hi)
    result: np.ndarray = np.any(near & (lo <= hi), axis=0)
    return result


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class _Scene:
    """What a word must keep clear of, in cell units: walls, arrow boxes, the region."""

    walls: np.ndarray
    arrows: tuple[tuple[float, float, float, float], ...]
    region: tuple[float, float, float, float]
    pad: float  # CLEARANCE in cell units

    def first_fit(
        self, candidates: Iterator[tuple[float, float, float, float]], others: list[Label]
    ) -> tuple[float, float, float, float] | None:
        """The first candidate box inside the region, clear of the arrows, the other words and
        every wall (by CLEARANCE); None if none is. Walls are tested against the first few
        boxes (the most telling places usually fit), then against all the others at once."""
        r, pad = self.region, self.pad
        kept: list[tuple[float, float, float, float]] = []
        tested = False
        for x0, y0, x1, y1 in candidates:
            if x0 < r[0] or y0 < r[1] or x1 > r[2] or y1 > r[3]:
                continue
            grown = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
            if any(_overlap(grown, arrow) for arrow in self.arrows):
                continue
            if any(_overlap(grown, (o.x0, o.y0, o.x1, o.y1)) for o in others):
                continue
            kept.append((x0, y0, x1, y1))
            if len(kept) == _BATCH and not tested:
                found = self._clear(kept)
                if found is not None:
                    return found
                kept, tested = [], True
        return self._clear(kept)

    def _clear(
        self, boxes: list[tuple[float, float, float, float]]
    ) -> tuple[float, float, float, float] | None:
        """The first of the boxes no wall enters (grown by the clearance), or None."""
        if not boxes:
            return None
        pad = self.pad
        grown = np.array(boxes) + np.array([-pad, -pad, pad, pad])
        clear = np.flatnonzero(~_hits(self.walls, grown))
        return boxes[int(clear[0])] if len(clear) else None


#: Candidate boxes tested against the walls first, before all the others.
_BATCH = 8


def _arrow_box(marker: Marker, arrow: float, entering: bool) -> tuple[float, float, float, float]:
    if marker.inside:
        r = goal_dot_radius(arrow)
        return (marker.x - r, marker.y - r, marker.x + r, marker.y + r)
    pts = marker_triangle(marker, arrow, entering=entering)
    return (
        float(pts[:, 0].min()),
        float(pts[:, 1].min()),
        float(pts[:, 0].max()),
        float(pts[:, 1].max()),
    )


def _candidates(
    arrow_box: tuple[float, float, float, float],
    out: tuple[float, float],
    w: float,
    h: float,
    gap: float,
    near: float,
) -> Iterator[tuple[float, float, float, float]]:
    """Boxes of w x h (cell units) beside an arrow, most telling first: beyond its outer end,
    then its other sides by how far they face outward, each centred on the arrow first, then
    slid along that side while the word still reaches within ``near`` of the arrow's centre."""
    ax0, ay0, ax1, ay1 = arrow_box
    cx, cy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    ox, oy = out  # y down
    sides = sorted(
        (((1.0, 0.0), ox), ((-1.0, 0.0), -ox), ((0.0, 1.0), oy), ((0.0, -1.0), -oy)),
        key=lambda side: -side[1],
    )
    for (nx, ny), _ in sides:
        if nx:  # left or right of the arrow: the word's box slides up and down
            x0 = ax1 + gap if nx > 0 else ax0 - gap - w
            reach = (x0 - cx) if nx > 0 else (cx - x0 - w)
            for y0 in _slides(cy, h, reach, near, oy):
                yield (x0, y0, x0 + w, y0 + h)
        else:  # above or below it: the box slides left and right
            y0 = ay1 + gap if ny > 0 else ay0 - gap - h
            reach = (y0 - cy) if ny > 0 else (cy - y0 - h)
            for x0 in _slides(cx, w, reach, near, ox):
                yield (x0, y0, x0 + w, y0 + h)


def _slides(
    centre: float, length: float, reach: float, near: float, outward: float
) -> Iterator[float]:
    """Starts of a box of ``length`` along a side ``reach`` away from the arrow's ``centre``:
    centred first, then moved in steps, as far as its nearest corner stays within ``near`` of
    the centre: first the way the arrow points along that side (``outward``'s sign: away from
    the maze, where there are no walls), then back."""
    yield centre - length / 2
    if reach >= near:
        return
    spare = math.sqrt(near * near - reach * reach)  # how far past the centre the box may end
    most = length / 2 + spare
    steps = 6
    shifts = [most * k / steps for k in range(1, steps + 1)]
    if abs(outward) < 1e-9:  # along the arrow's end: either way alike
        for shift in shifts:
            yield centre - length / 2 + shift
            yield centre - length / 2 - shift
        return
    sign = 1.0 if outward > 0 else -1.0
    for way in (sign, -sign):
        for shift in shifts:
            yield centre - length / 2 + way * shift


def word_room(words: tuple[str, str], width_of: WidthOf, min_cell: float) -> float:
    """Points to keep beside a maze so a word fits level beyond a side arrow: the wider word at
    the size cells of ``min_cell`` points get, and a little clear space."""
    size = label_size(min_cell)
    return max(width_of(word, size) for word in words) + 2 * CLEARANCE


def label_anchors(
    geom: MazeGeometry,
    scale: float,
    words: tuple[str, str],
    width_of: WidthOf,
    region: tuple[float, float, float, float],
) -> list[Label]:
    """The START and FINISH labels of a drawing at ``scale`` points per cell, one size for both.

    ``region`` (x0, y0, x1, y1, cell units) is where words may go; ``width_of(word, size)`` is a
    word's width in points in the writer's font. The largest size at which both words find a
    place beside their own marks is used; at 7 pt a word that fits nowhere there is left out
    (never drawn elsewhere or over a wall): ``place_maze`` then makes room and tries again.
    """
    s = scale
    arrow = marker_length(s) / s
    markers = ((geom.start, True), (geom.finish, False))
    boxes = tuple(_arrow_box(m, arrow, entering) for m, entering in markers)
    largest = label_size(s)
    sizes = [largest - step for step in range(int(largest - LABEL_SIZE) + 1)]
    if sizes[-1] > LABEL_SIZE:
        sizes.append(LABEL_SIZE)
    near = NEAR / s
    widest = max(width_of(word, largest) for word in words) / s
    reach = near + widest + largest / s + CLEARANCE / s
    walls = _walls_near(geom, boxes, reach)
    scene = _Scene(walls, boxes, region, CLEARANCE / s)
    placed: list[Label] = []
    for size in sizes:
        placed = []
        for (marker, entering), word, box in zip(markers, words, boxes, strict=True):
            label = _place(scene, marker, entering, word, box, s, size, width_of, placed)
            if label is not None:
                placed.append(label)
        if len(placed) == 2:
            break
    return placed


def _walls_near(
    geom: MazeGeometry, boxes: tuple[tuple[float, float, float, float], ...], reach: float
) -> np.ndarray:
    """The wall pieces, and the solution's (an answer key draws it: the words stay where they
    are on the puzzle, clear of it too), that come within ``reach`` of either mark: the only
    ones a word beside a mark can touch (testing only these keeps placement cheap)."""
    line = np.asarray(geom.solution, dtype=np.float64).reshape(-1, 2)
    pieces = [geom.segments.reshape(-1, 4), np.concatenate([line[:-1], line[1:]], axis=1)]
    if len(geom.arcs):
        pieces.append(_sample_arcs(geom.arcs))
    segments = np.concatenate(pieces)
    lo_x = np.minimum(segments[:, 0], segments[:, 2])
    hi_x = np.maximum(segments[:, 0], segments[:, 2])
    lo_y = np.minimum(segments[:, 1], segments[:, 3])
    hi_y = np.maximum(segments[:, 1], segments[:, 3])
    keep = np.zeros(len(segments), dtype=bool)
    for x0, y0, x1, y1 in boxes:
        across = (hi_x >= x0 - reach) & (lo_x <= x1 + reach)
        keep |= across & (hi_y >= y0 - reach) & (lo_y <= y1 + reach)
    return segments[keep]


def _place(
    scene: _Scene,
    marker: Marker,
    entering: bool,
    word: str,
    box: tuple[float, float, float, float],
    s: float,
    size: float,
    width_of: WidthOf,
    placed: list[Label],
) -> Label | None:
    """The first place beside its mark where the word fits at this size; None if none does."""
    h = size * (ASCENT + DESCENT) / s
    gap = max(CLEARANCE, 0.25 * size) / s
    w = width_of(word, size) / s
    if marker.inside:  # a goal within the maze: the word under its dot first, inside the hub
        out = (0.0, 1.0)
    else:
        out = (marker.dx, marker.dy) if not entering else (-marker.dx, -marker.dy)
    found = scene.first_fit(_candidates(box, out, w, h, gap, NEAR / s), placed)
    return None if found is None else Label(word, *found, size)


@dataclass(frozen=True, eq=False)
class Placement:
    """A maze placed in a box with its words: the drawing (a circle's hub perhaps widened for
    its centre word), where it lands (``fit``) and the labels, in the drawing's cell units."""

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
) -> Placement:
    """The maze fitted in a ``width`` x ``height`` box (points) with its two words beside their
    marks; the words may also use ``room`` points (left and right, top and bottom) around it.

    Where a word finds no place, room is made rather than the word put elsewhere: the circle's
    hub is widened to hold its centre word, and the maze is drawn a little smaller (the fit
    stays centred) until both words fit. The one placement of the package: page layouts,
    manifests and writers all use it, so they agree on where the maze lands.
    """
    geom = hub_for_words(
        geom, fit_maze(geom.width, geom.height, width, height).scale, words, width_of
    )
    fit = fit_maze(geom.width, geom.height, width, height)
    first: tuple[Label, ...] = ()
    for step in range(SHRINK_STEPS + 1):
        scale = fit.scale * (1.0 - SHRINK * step)
        tried = Fit(scale, (width - geom.width * scale) / 2, (height - geom.height * scale) / 2)
        region = (
            (-room[0] - tried.x) / scale,
            (-room[1] - tried.y) / scale,
            (width + room[0] - tried.x) / scale,
            (height + room[1] - tried.y) / scale,
        )
        labels = tuple(label_anchors(geom, scale, words, width_of, region))
        if len(labels) == 2:
            return Placement(geom, tried, labels)
        if step == 0:
            first = labels
    return Placement(geom, fit, first)


def hub_for_words(
    geom: MazeGeometry, scale: float, words: tuple[str, str], width_of: WidthOf
) -> MazeGeometry:
    """The drawing with its hub wide enough to hold the word of a goal at its centre under the
    goal's dot, at the size cells of ``scale`` points get (unchanged when it already does, or
    when no goal is at the centre). The hub grows, the drawing with it and the cells shrink:
    a few rounds settle the radius."""
    inside = [word for word, m in zip(words, (geom.start, geom.finish), strict=True) if m.inside]
    if geom.hub <= 0 or not inside:
        return geom
    drawn = geom
    for _ in range(3):
        size = label_size(scale)
        w = max(width_of(word, size) for word in inside) + 2 * CLEARANCE
        h = size * (ASCENT + DESCENT) + max(CLEARANCE, 0.25 * size) + 2 * CLEARANCE
        dot = goal_dot_radius(marker_length(scale) / scale) * scale
        need = math.hypot(w / 2, dot + h) / scale * 1.04
        if need <= drawn.hub:
            break
        scale *= (drawn.width) / (geom.width + 2 * (need - geom.hub))
        drawn = widen_hub(geom, need)
    return drawn
