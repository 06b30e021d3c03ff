"""Where the START and FINISH words go: pure geometry, shared by the PDF and SVG writers.

A word is set beyond the outer end of its arrow, away from the maze: level text above or below,
turned to read upwards on the left and right. Where that point lies inside the maze's bounding
box (a round rim, a slanted edge) the word is set only where it clears every wall; two words on
the same side that would overlap are set away from each other. Positions are in cell units
(y down, like the geometry); sizes in points, through the drawing's scale (points per cell).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from .geometry import MazeGeometry
from .style import marker_length

#: Size of the START / FINISH words (points).
LABEL_SIZE = 7.0
#: Room kept around a maze's box for the START and FINISH words (points).
LABEL_ROOM = 11.0
#: Share of the label size above the baseline (ascent) and below it (descent).
ASCENT, DESCENT = 0.73, 0.24


@dataclass(frozen=True)
class Label:
    """A word at (x, y) in cell units, pointing away from the maze along (ox, oy) (y up).

    ``along`` is 0 for level text (above or below the maze), 1 for text turned to read upwards
    (left or right of it). ``align``: 0 centred on the point, -1 ending there, +1 starting
    there. ``baseline`` is the offset (points) from the point to the text's baseline across
    the reading direction, so the word sits beside its point and never over the arrow.
    """

    word: str
    x: float
    y: float
    ox: float
    oy: float
    along: int
    align: int
    baseline: float


def wall_clearance(geom: MazeGeometry, x: float, y: float) -> float:
    """Distance (cell units) from a point to the nearest wall run or arc of the drawing.

    For arcs the distance to the full circle is used, never more than the true distance, so a
    label is only ever placed where it clears every wall.
    """
    best = float("inf")
    seg = geom.segments
    if len(seg):
        a, b = seg[:, :2], seg[:, 2:]
        ab = b - a
        length2 = np.maximum((ab * ab).sum(axis=1), 1e-12)
        t = np.clip(((np.array([x, y]) - a) * ab).sum(axis=1) / length2, 0.0, 1.0)
        nearest = a + t[:, None] * ab
        best = float(np.min(np.hypot(nearest[:, 0] - x, nearest[:, 1] - y)))
    if len(geom.arcs):
        c, r = geom.arcs[:, :2], geom.arcs[:, 2]
        radial = np.abs(np.hypot(c[:, 0] - x, c[:, 1] - y) - r)
        best = min(best, float(np.min(radial)))
    return best


def label_anchors(
    geom: MazeGeometry,
    scale: float,
    words: tuple[str, str],
    width_of: Callable[[str], float],
    size: float = LABEL_SIZE,
) -> list[Label]:
    """The START and FINISH labels of a drawing at ``scale`` points per cell.

    ``width_of(word)`` is the word's width in points at ``size`` (the writer's font).
    An inner goal (the circle's centre) has no arrow outside the maze and no label here.
    """
    s = scale
    arrow = marker_length(s)
    placed: list[tuple[str, float, float, float, float]] = []
    for marker, word, entering in ((geom.start, words[0], True), (geom.finish, words[1], False)):
        dx, dy = marker.dx, -marker.dy  # y up
        if not (dx or dy):
            continue
        ox, oy = (-dx, -dy) if entering else (dx, dy)  # pointing away from the maze
        reach = arrow * 1.15 + 2.0
        cx, cy = marker.x + ox * reach / s, marker.y - oy * reach / s  # cell units, y down
        inside_box = 0.0 < cx < geom.width and 0.0 < cy < geom.height
        if inside_box:  # a round rim, a slanted edge: only where the word clears every wall
            half = width_of(word) / 2 + size * 0.5
            if wall_clearance(geom, cx, cy) * s < half:
                continue
        placed.append((word, cx, cy, ox, oy))
    aligns = _separate(placed, width_of, s) if len(placed) == 2 else [0] * len(placed)
    labels = []
    for (word, x, y, ox, oy), align in zip(placed, aligns, strict=True):
        along = _along(ox, oy)
        if along == 0:
            baseline = DESCENT * size if oy > 0 else -ASCENT * size
        else:
            baseline = -DESCENT * size if ox < 0 else ASCENT * size
        labels.append(Label(word, x, y, ox, oy, along, align, baseline))
    return labels


def _along(ox: float, oy: float) -> int:
    """Which coordinate runs along the label: 0 (x) above or below, 1 (y) at the sides."""
    return 0 if abs(oy) >= abs(ox) else 1


def _separate(
    placed: list[tuple[str, float, float, float, float]], width_of: Callable[[str], float], s: float
) -> list[int]:
    """The alignments of two labels: on the same side and overlapping when centred, each is set
    away from the other (-1: the word ends at its point; +1: it starts there)."""
    (w1, x1, y1, ox1, oy1), (w2, x2, y2, ox2, oy2) = placed
    if (ox1, oy1) != (ox2, oy2):
        return [0, 0]
    # along the page's x, or up the page (y up: the larger y down is the lower word)
    p1, p2 = (x1, x2) if _along(ox1, oy1) == 0 else (-y1, -y2)
    need = (width_of(w1) + width_of(w2)) / 2 + 3.0
    if abs(p1 - p2) * s >= need:
        return [0, 0]
    return [-1, 1] if p1 <= p2 else [1, -1]


def label_box(label: Label, width: float, size: float, scale: float) -> tuple[float, ...]:
    """The box (x0, y0, x1, y1) in cell units, y down, that a label's word of ``width``
    points at ``size`` covers; writers use it to keep every word inside the drawing."""
    w, s = width / scale, scale
    start = {-1: -w, 0: -w / 2, 1: 0.0}[label.align]  # along the reading direction
    if label.along == 0:
        base = label.y - label.baseline / s  # y down
        return (
            label.x + start,
            base - ASCENT * size / s,
            label.x + start + w,
            base + DESCENT * size / s,
        )
    base = label.x + label.baseline / s  # reading upwards: ascent to the left of the baseline
    return (
        base - ASCENT * size / s,
        label.y - start - w,
        base + DESCENT * size / s,
        label.y - start,
    )
