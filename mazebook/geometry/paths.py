"""Compact text for wall runs and polylines, shared by the writers (one string per path).

Formatting millions of numbers dominates the cost of writing a large maze, so whole numbers
(every coordinate of a rectangle) go through a lookup table instead of str() each.
"""

from __future__ import annotations

import numpy as np

_INT_TEXT: list[str] = [str(i) for i in range(4097)]


def numbers(values: np.ndarray) -> list[str]:
    """Shortest text for each value: whole numbers without a point, else up to 3 decimals."""
    flat = np.round(np.asarray(values, dtype=np.float64).ravel(), 3)
    if flat.size == 0:
        return []
    whole = flat.astype(np.int64)
    if np.all(whole == flat) and whole.min() >= 0 and whole.max() < len(_INT_TEXT):
        return list(map(_INT_TEXT.__getitem__, whole.tolist()))
    return [f"{v:.3f}".rstrip("0").rstrip(".") for v in flat.tolist()]


def svg_segments_d(segments: np.ndarray) -> str:
    """An SVG path ``d`` string: a move and an H or V (or L) command per wall run."""
    if len(segments) == 0:
        return ""
    seg = np.asarray(segments, dtype=np.float64)
    horizontal = seg[:, 1] == seg[:, 3]
    vertical = (seg[:, 0] == seg[:, 2]) & ~horizontal
    slanted = ~(horizontal | vertical)
    parts = []
    if horizontal.any():
        h = seg[horizontal][:, [0, 1, 2]]
        parts.append(("M%s %sH%s" * len(h)) % tuple(numbers(h)))
    if vertical.any():
        v = seg[vertical][:, [0, 1, 3]]
        parts.append(("M%s %sV%s" * len(v)) % tuple(numbers(v)))
    if slanted.any():
        s = seg[slanted]
        parts.append(("M%s %sL%s %s" * len(s)) % tuple(numbers(s)))
    return "".join(parts)


def pdf_segments_ops(segments: np.ndarray) -> str:
    """PDF path operators: a ``m``/``l`` pair per wall run (stroke them afterwards)."""
    if len(segments) == 0:
        return ""
    return ("%s %s m %s %s l\n" * len(segments)) % tuple(numbers(segments))


def pdf_polyline_ops(points: np.ndarray) -> str:
    """PDF path operators through the points."""
    nums = numbers(points)
    if not nums:
        return ""
    return f"{nums[0]} {nums[1]} m\n" + ("%s %s l\n" * (len(points) - 1)) % tuple(nums[2:])
