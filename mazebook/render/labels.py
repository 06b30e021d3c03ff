"""Where the START and FINISH words go: pure geometry, shared by the PDF and SVG writers.

Words are set level (never turned), sized from the cell: 7 pt at small cells, up to 14 pt for
large ones. Each word is tried in a few places around its arrow, in order of how clearly it
belongs to it: beyond the arrow's outer end, beside the arrow, then slid along the band outside
the maze's edge. A place is taken only if the word's box clears every wall and arc, both arrows,
the other word, and stays inside the region it may use (the slot or page, never the safe
margin). When no place fits at one size the next smaller is tried, down to 7 pt. A goal inside
the maze (the circle's centre) is named by a legend, a dot and the word, in a free corner.
Positions are in cell units (y down, like the geometry); sizes in points, through the scale.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import numpy as np

from .geometry import GOAL_DOT_RADIUS, Marker, MazeGeometry, marker_triangle
from .style import marker_length

#: Smallest and largest size of the START / FINISH words (points).
LABEL_SIZE, LABEL_SIZE_MAX = 7.0, 14.0
#: Room kept around a maze's box for the START and FINISH words (points).
LABEL_ROOM = 11.0
#: Share of the label size above the baseline (ascent) and below it (descent).
ASCENT, DESCENT = 0.73, 0.24
#: Radius of a legend's goal dot, as a share of the label size.
LEGEND_DOT = 0.3
#: Clear space kept between a word and any wall, arrow or other word (points).
CLEARANCE = 1.5

#: A word's width in points at a size: ``width_of(word, size)``.
WidthOf = Callable[[str, float], float]


@dataclass(frozen=True)
class Label:
    """A level word: its box (x0, y0, x1, y1) in cell units (y down) and its size in points.

    The word is drawn starting at x0 with its baseline ``DESCENT * size`` above y1. ``legend``:
    a goal dot is drawn before the word (the circle's centre), taking the box's first
    ``legend_width`` cells.
    """

    word: str
    x0: float
    y0: float
    x1: float
    y1: float
    size: float
    legend: bool = False
    legend_width: float = 0.0

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


def _hits(segments: np.ndarray, box: tuple[float, float, float, float]) -> bool:
    """Whether any segment enters the box (Liang-Barsky clipping, all segments at once)."""
    if not len(segments):
        return False
    x0, y0, x1, y1 = box
    px, py = segments[:, 0], segments[:, 1]
    dx, dy = segments[:, 2] - px, segments[:, 3] - py
    lo = np.zeros(len(segments))
    hi = np.ones(len(segments))
    for p, q in ((-dx, px - x0), (dx, x1 - px), (-dy, py - y0), (dy, y1 - py)):
        parallel = np.abs(p) < 1e-12
        outside = parallel & (q < 0)
        lo[outside], hi[outside] = 1.0, 0.0
        with np.errstate(divide="ignore", invalid="ignore"):
            t = np.where(parallel, 0.0, q / np.where(parallel, 1.0, p))
        entering = ~parallel & (p < 0)
        leaving = ~parallel & (p > 0)
        lo = np.where(entering, np.maximum(lo, t), lo)
        hi = np.where(leaving, np.minimum(hi, t), hi)
    return bool(np.any(lo <= hi))


def _overlap(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


@dataclass(frozen=True)
class _Scene:
    """What a word must keep clear of, in cell units: walls, arrow boxes, the region."""

    walls: np.ndarray
    arrows: tuple[tuple[float, float, float, float], ...]
    region: tuple[float, float, float, float]
    pad: float  # CLEARANCE in cell units

    def fits(self, box: tuple[float, float, float, float], others: list[Label]) -> bool:
        x0, y0, x1, y1 = box
        r = self.region
        if x0 < r[0] or y0 < r[1] or x1 > r[2] or y1 > r[3]:
            return False
        grown = (x0 - self.pad, y0 - self.pad, x1 + self.pad, y1 + self.pad)
        if any(_overlap(grown, arrow) for arrow in self.arrows):
            return False
        if any(_overlap(grown, (o.x0, o.y0, o.x1, o.y1)) for o in others):
            return False
        return not _hits(self.walls, grown)


def _arrow_box(marker: Marker, arrow: float, entering: bool) -> tuple[float, float, float, float]:
    if marker.inside:
        r = GOAL_DOT_RADIUS
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
    geom: MazeGeometry,
) -> Iterator[tuple[float, float, float, float]]:
    """Boxes of w x h (cell units) for a word near its arrow, most telling first."""
    ax0, ay0, ax1, ay1 = arrow_box
    cx, cy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    ox, oy = out  # y down
    if abs(oy) >= abs(ox):  # the arrow points up or down: words above or below it
        y0 = ay0 - gap - h if oy < 0 else ay1 + gap
        yield (cx - w / 2, y0, cx + w / 2, y0 + h)  # beyond the arrow, centred
        yield (ax1 + gap, cy - h / 2, ax1 + gap + w, cy + h / 2)  # beside it, right
        yield (ax0 - gap - w, cy - h / 2, ax0 - gap, cy + h / 2)  # beside it, left
        yield (ax1 + gap, y0, ax1 + gap + w, y0 + h)  # beyond, starting at the arrow
        yield (ax0 - gap - w, y0, ax0 - gap, y0 + h)  # beyond, ending at the arrow
    else:  # the arrow points left or right: words beyond it, or above or below it
        x0 = ax0 - gap - w if ox < 0 else ax1 + gap
        yield (x0, cy - h / 2, x0 + w, cy + h / 2)  # beyond the arrow
        away = ax1 - w if ox < 0 else ax0  # over or under the arrow, flush with its far end
        yield (away, ay0 - gap - h, away + w, ay0 - gap)
        yield (away, ay1 + gap, away + w, ay1 + gap + h)
    # slid along the bands above and below the maze, nearest to the arrow first
    for band_y0 in (-gap - h - gap, geom.height + gap + gap):
        for dx in (0.0, -w / 2, w / 2, -w, w, -1.5 * w, 1.5 * w, -2 * w, 2 * w):
            yield (cx - w / 2 + dx, band_y0, cx + w / 2 + dx, band_y0 + h)


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
    place is used; at 7 pt a word that fits nowhere is left out (never drawn over a wall), and
    tests check that the shipped layouts leave none out.
    """
    s = scale
    arrow = marker_length(s) / s
    walls = np.concatenate([geom.segments.reshape(-1, 4), _sample_arcs(geom.arcs)])
    markers = ((geom.start, True), (geom.finish, False))
    boxes = tuple(_arrow_box(m, arrow, entering) for m, entering in markers)
    scene = _Scene(walls, boxes, region, CLEARANCE / s)
    largest = label_size(s)
    sizes = [largest - step for step in range(int(largest - LABEL_SIZE) + 1)]
    if sizes[-1] > LABEL_SIZE:
        sizes.append(LABEL_SIZE)
    placed: list[Label] = []
    for size in sizes:
        placed = []
        for (marker, entering), word, box in zip(markers, words, boxes, strict=True):
            label = _place(scene, geom, marker, entering, word, box, s, size, width_of, placed)
            if label is not None:
                placed.append(label)
        if len(placed) == 2:
            break
    return placed


def _place(
    scene: _Scene,
    geom: MazeGeometry,
    marker: Marker,
    entering: bool,
    word: str,
    box: tuple[float, float, float, float],
    s: float,
    size: float,
    width_of: WidthOf,
    placed: list[Label],
) -> Label | None:
    """The first place at this size where the word fits; None if it fits nowhere."""
    h = size * (ASCENT + DESCENT) / s
    gap = max(CLEARANCE, 0.25 * size) / s
    if marker.inside:
        dot = 2 * LEGEND_DOT * size / s + gap
        w = width_of(word, size) / s + dot
        for x0, y0 in _corners(scene.region, w, h, scene.pad):
            candidate = (x0, y0, x0 + w, y0 + h)
            if scene.fits(candidate, placed):
                return Label(word, *candidate, size, legend=True, legend_width=dot)
        return None
    w = width_of(word, size) / s
    out = (marker.dx, marker.dy) if not entering else (-marker.dx, -marker.dy)
    for candidate in _candidates(box, out, w, h, gap, geom):
        if scene.fits(candidate, placed):
            return Label(word, *candidate, size)
    return None


def _corners(
    region: tuple[float, float, float, float], w: float, h: float, pad: float
) -> Iterator[tuple[float, float]]:
    """Top-left corners of a w x h box in the region's four corners: top right first."""
    x0, y0, x1, y1 = region
    yield (x1 - w - pad, y0 + pad)
    yield (x0 + pad, y0 + pad)
    yield (x1 - w - pad, y1 - h - pad)
    yield (x0 + pad, y1 - h - pad)
