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
from typing import Any, TypeAlias

from ..lazy import numpy as np
from .plain_drawing import is_plain

_INT_TEXT: list[str] = [str(i) for i in range(4097)]
#: The text of each half k / 2 (k = 1 .. 8193) as numbers() writes it: a solution line
#: through cell centres is mostly halves, looked up rather than formatted.
_HALF_TEXT: list[str] = ["0"] + [
    str(k // 2) if k % 2 == 0 else f"{k // 2}.5" for k in range(1, 8194)
]


#: numbers()' text of each whole number 0 .. 4096 when every value is one (a rectangle's
#: coordinates), keyed by the float: plain rows are written by looking each value up
#: (a -0.0 finds 0.0, and numbers() writes it "0" there too).
_WHOLE_OF: dict[float, str] = {float(i): text for i, text in enumerate(_INT_TEXT)}
#: numbers()' text of each half k / 2 (k = 1 .. 8193) whatever the other values are (a
#: solution line through cell centres): such a value is its own rounding.
_HALF_OF: dict[float, str] = {k / 2: text for k, text in enumerate(_HALF_TEXT) if k}


def _text(value: float) -> str:
    """One rounded value's text: up to 3 decimals, no trailing zeros (a half by lookup)."""
    twice = value * 2.0
    if 0.0 < twice < 8194.0 and twice.is_integer():
        return _HALF_TEXT[int(twice)]
    return f"{value:.3f}".rstrip("0").rstrip(".")


#: What the writers format: an array, or plain rows (a small maze's segments, points) or
#: plain floats.
Values: TypeAlias = "np.ndarray | Sequence[Sequence[float]] | Sequence[float]"


def _flat(values: Sequence[Any]) -> list[float]:
    """The floats of plain rows (or of plain floats) in order, as ``ravel`` reads them."""
    if values and isinstance(values[0], (list, tuple)):
        return list(itertools.chain.from_iterable(values))
    return list(values)


def numbers(values: Values) -> list[str]:
    """Shortest text for each value: whole numbers without a point, else up to 3 decimals.
    Plain rows or floats are written by ``number_texts`` (the same text, no numpy)."""
    if is_plain(values):
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


def number_texts(values: Iterable[float]) -> list[str]:
    """numbers() of plain floats (an arrow's six, a small maze's coordinates), the same text
    without numpy: whole numbers and halves are looked up; any other value is rounded as
    numpy rounds to 3 decimals, rint(v * 1000) / 1000 (round is round-half-even, as rint; a
    zero keeps its sign, as rint's does; a value too large to scale stays as numpy leaves
    it, infinite or not a number) and then written."""
    given = values if isinstance(values, list) else list(values)
    out = list(map(_HALF_OF.get, given))  # whole numbers but 0 and halves, looked up
    if None not in out:
        return out  # type: ignore[return-value]
    for i, text in enumerate(out):  # the values left (a line's ends, an arrow's corners, 0)
        if text is None:
            rounded = round3(given[i])
            if rounded:  # _text's formatting (a half's text, looked up there, is the same)
                out[i] = f"{rounded:.3f}".rstrip("0").rstrip(".")
            elif math.copysign(1.0, rounded) < 0:
                return _rounded_texts(given)  # a -0: its text hangs on all the others
            else:
                out[i] = "0"
    return out  # type: ignore[return-value]


def round3(value: float) -> float:
    """numpy's rounding of one float to 3 decimals, rint(v * 1000) / 1000, in plain Python:
    round of a float is round-half-even, as rint is; a zero keeps its sign, as rint's does; a
    value too large to scale stays as numpy leaves it, infinite or not a number."""
    scaled = float(value) * 1000.0
    if not math.isfinite(scaled):
        return scaled / 1000.0
    whole = round(scaled)
    return whole / 1000.0 if whole else math.copysign(0.0, scaled)


def _rounded_texts(values: list[float]) -> list[str]:
    """number_texts written out value by value: all rounded first, as numbers() does, so a
    -0 is written "0" among whole numbers and "-0" among others."""
    rounded = [round3(value) for value in values]
    if all(0.0 <= v < 4097.0 and v.is_integer() for v in rounded):
        return [_INT_TEXT[int(v)] for v in rounded]
    return list(map(_text, rounded))


def svg_segments_d(segments: Values) -> str:
    """An SVG path ``d`` string: a move and an H or V (or L) command per wall run: the
    horizontal runs first, then the vertical, then the slanted, each in their order."""
    if len(segments) == 0:
        return ""
    if is_plain(segments):
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
    """svg_segments_d of plain rows x1, y1, x2, y2: the same groups in the same order (whole
    coordinates looked up row by row, else each group written as numbers() writes it)."""
    horizontal: list[str] = []
    vertical: list[str] = []
    slanted: list[str] = []
    text = _WHOLE_OF
    try:
        for x1, y1, x2, y2 in segments:
            if y1 == y2:
                horizontal.append(f"M{text[x1]} {text[y1]}H{text[x2]}")
            elif x1 == x2:
                vertical.append(f"M{text[x1]} {text[y1]}V{text[y2]}")
            else:
                slanted.append(f"M{text[x1]} {text[y1]}L{text[x2]} {text[y2]}")
        return "".join(horizontal) + "".join(vertical) + "".join(slanted)
    except (KeyError, TypeError):
        pass
    groups: tuple[list[float], list[float], list[float]] = ([], [], [])
    for x1, y1, x2, y2 in segments:
        if y1 == y2:
            groups[0].extend((x1, y1, x2))
        elif x1 == x2:
            groups[1].extend((x1, y1, y2))
        else:
            groups[2].extend((x1, y1, x2, y2))
    parts = []
    forms = (("M%s %sH%s", 3), ("M%s %sV%s", 3), ("M%s %sL%s %s", 4))
    for values, (form, width) in zip(groups, forms, strict=True):
        if values:
            parts.append((form * (len(values) // width)) % tuple(number_texts(values)))
    return "".join(parts)


def pdf_segments_ops(segments: Values) -> str:
    """PDF path operators: a ``m``/``l`` pair per wall run (stroke them afterwards)."""
    if len(segments) == 0:
        return ""
    if is_plain(segments):
        text = _WHOLE_OF
        try:  # whole coordinates (a rectangle's) looked up row by row
            return "".join(
                [f"{text[a]} {text[b]} m {text[c]} {text[d]} l\n" for a, b, c, d in segments]
            )
        except (KeyError, TypeError):
            flat = _flat(segments)
            return ("%s %s m %s %s l\n" * (len(flat) // 4)) % tuple(number_texts(flat))
    return ("%s %s m %s %s l\n" * len(segments)) % tuple(numbers(segments))


def pdf_polyline_ops(points: Values) -> str:
    """PDF path operators through the points (rows x, y)."""
    nums = numbers(points)
    if not nums:
        return ""
    return f"{nums[0]} {nums[1]} m\n" + ("%s %s l\n" * (len(points) - 1)) % tuple(nums[2:])
