"""Compact text for wall runs and polylines, shared by the writers (one string per path).

Formatting millions of numbers dominates the cost of writing a large maze, so whole numbers
(every coordinate of a rectangle) go through a lookup table instead of str() each. A small
maze's drawing hands its rows as plain sequences of floats (mazebook.core.grid.LIST_UP_TO):
those are written in plain Python, the same text, without numpy; arrays keep numpy's path.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Sequence
from typing import Any, TypeAlias, TypeGuard

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


#: What the writers format: an array, or plain rows (a small maze's segments, points) or
#: plain floats.
Values: TypeAlias = "np.ndarray | Sequence[Sequence[float]] | Sequence[float]"


def _plain(values: object) -> TypeGuard[Sequence[Any]]:
    """Whether ``values`` is a plain sequence (a list or tuple), not an array: asked before
    any array method, so a small maze's rows never touch numpy."""
    return isinstance(values, (list, tuple))


def _flat(values: Sequence[Any]) -> list[float]:
    """The floats of plain rows (or of plain floats) in order, as ``ravel`` reads them."""
    if values and isinstance(values[0], (list, tuple)):
        return list(itertools.chain.from_iterable(values))
    return list(values)


def numbers(values: Values) -> list[str]:
    """Shortest text for each value: whole numbers without a point, else up to 3 decimals.
    Plain rows or floats are written by ``number_texts`` (the same text, no numpy)."""
    if _plain(values):
        return number_texts(_flat(values))
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


def _whole(values: list[float]) -> bool:
    """Whether every value is a whole number from 0 to 4096 (a rectangle's coordinates):
    numbers() writes those by lookup, unrounded (rounding leaves them as they are)."""
    try:
        return all(map(float.is_integer, values)) and min(values) >= 0.0 and max(values) < 4097.0
    except TypeError:  # not all Python floats (numpy's floats or ints): the general path
        return False


def number_texts(values: Iterable[float]) -> list[str]:
    """numbers() of plain floats (an arrow's six, a small maze's coordinates), the same text
    without numpy: numpy rounds to 3 decimals as rint(v * 1000) / 1000, which this repeats
    (round is round-half-even, as rint; a zero keeps its sign, as rint's does; a value too
    large to scale stays as numpy leaves it, infinite or not a number)."""
    given = values if isinstance(values, list) else list(values)
    if given and _whole(given):
        return list(map(_INT_TEXT.__getitem__, map(int, given)))
    rounded = []
    for value in given:
        scaled = float(value) * 1000.0
        if not math.isfinite(scaled):
            rounded.append(scaled / 1000.0)
            continue
        whole = round(scaled)
        rounded.append(whole / 1000.0 if whole else math.copysign(0.0, scaled))
    if all(0.0 <= v < 4097.0 and v.is_integer() for v in rounded):
        return [_INT_TEXT[int(v)] for v in rounded]
    return list(map(_text, rounded))


def svg_segments_d(segments: Values) -> str:
    """An SVG path ``d`` string: a move and an H or V (or L) command per wall run: the
    horizontal runs first, then the vertical, then the slanted, each in their order."""
    if len(segments) == 0:
        return ""
    if _plain(segments):
        return _plain_segments_d(segments)
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


def _plain_segments_d(segments: Sequence[Sequence[float]]) -> str:
    """svg_segments_d of plain rows x1, y1, x2, y2: the same groups in the same order."""
    horizontal: list[float] = []
    vertical: list[float] = []
    slanted: list[float] = []
    for x1, y1, x2, y2 in segments:
        if y1 == y2:
            horizontal += (x1, y1, x2)
        elif x1 == x2:
            vertical += (x1, y1, y2)
        else:
            slanted += (x1, y1, x2, y2)
    parts = []
    if horizontal:
        parts.append(("M%s %sH%s" * (len(horizontal) // 3)) % tuple(number_texts(horizontal)))
    if vertical:
        parts.append(("M%s %sV%s" * (len(vertical) // 3)) % tuple(number_texts(vertical)))
    if slanted:
        parts.append(("M%s %sL%s %s" * (len(slanted) // 4)) % tuple(number_texts(slanted)))
    return "".join(parts)


def pdf_segments_ops(segments: Values) -> str:
    """PDF path operators: a ``m``/``l`` pair per wall run (stroke them afterwards)."""
    if len(segments) == 0:
        return ""
    if _plain(segments):
        flat = _flat(segments)
        if _whole(flat):  # whole coordinates: %d writes each as the lookup would
            return ("%d %d m %d %d l\n" * (len(flat) // 4)) % tuple(flat)
        return ("%s %s m %s %s l\n" * (len(flat) // 4)) % tuple(number_texts(flat))
    return ("%s %s m %s %s l\n" * len(segments)) % tuple(numbers(segments))


def pdf_polyline_ops(points: Values) -> str:
    """PDF path operators through the points (rows x, y)."""
    nums = numbers(points)
    if not nums:
        return ""
    return f"{nums[0]} {nums[1]} m\n" + ("%s %s l\n" * (len(points) - 1)) % tuple(nums[2:])
