"""Compact text for wall runs and polylines, shared by the writers (one string per path).

Formatting millions of numbers dominates the cost of writing a large maze, so whole numbers
(every coordinate of a rectangle) go through a lookup table instead of str() each.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..lazy import numpy as np

_INT_TEXT: list[str] = [str(i) for i in range(4097)]
#: The text of each half k / 2 (k = 1 .. 8193) as numbers() writes it: a solution line
#: through cell centres is mostly halves, looked up rather than formatted.
_HALF_TEXT: list[str] = ["0"] + [
    str(k // 2) if k % 2 == 0 else f"{k // 2}.5" for k in range(1, 8194)
]


def _text(value: float) -> str:
    """One rounded value's text: up to 3 decimals, no trailing zeros (a half by lookup)."""
    twice = value * 2.0
    if 0.0 < twice < 8194.0 and twice.is_integer():
        return _HALF_TEXT[int(twice)]
    return f"{value:.3f}".rstrip("0").rstrip(".")


def numbers(values: np.ndarray) -> list[str]:
    """Shortest text for each value: whole numbers without a point, else up to 3 decimals."""
    flat = np.round(np.asarray(values, dtype=np.float64).ravel(), 3)
    if flat.size == 0:
        return []
    whole = flat.astype(np.int64)
    if np.all(whole == flat) and whole.min() >= 0 and whole.max() < len(_INT_TEXT):
        return list(map(_INT_TEXT.__getitem__, whole.tolist()))
    # halves by lookup, all at once; the rest (a line's ends pulled in to its arrows) formatted
    twice = flat * 2.0
    near = (twice > 0.0) & (twice < len(_HALF_TEXT))
    halves = np.where(near, twice, 0.0).astype(np.int64)
    other = ~(near & (halves == twice))
    out = list(map(_HALF_TEXT.__getitem__, halves.tolist()))
    for i, value in zip(np.flatnonzero(other).tolist(), flat[other].tolist(), strict=True):
        out[i] = _text(value)
    return out


def number_texts(values: Sequence[float]) -> list[str]:
    """numbers() of a few plain floats (an arrow's six), the same text without numpy's
    set-up: numpy rounds to 3 decimals as rint(v * 1000) / 1000, which this repeats (a
    zero keeps its sign, as rint's does)."""
    rounded = []
    for value in values:
        scaled = float(value) * 1000.0
        if not math.isfinite(scaled):
            return numbers(np.asarray(values, dtype=np.float64))
        whole = round(scaled)
        rounded.append(whole / 1000.0 if whole else math.copysign(0.0, scaled))
    if all(0.0 <= v < 4097.0 and v.is_integer() for v in rounded):
        return [_INT_TEXT[int(v)] for v in rounded]
    return list(map(_text, rounded))


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
