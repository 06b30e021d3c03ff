"""The arrows' fast path gives exactly what the plain one gives (issue 33: a cheaper book
without a changed byte): marker_triangle in plain floats against the same arithmetic done on
arrays of two, as it was written before."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st

from mazebook.geometry.drawing import Marker, marker_triangle

_COORD = st.floats(-1e4, 1e4, allow_nan=False) | st.integers(-50, 50)
_UNIT = st.sampled_from([(0, 1), (1, 0), (0, -1), (-1, 0), (0.0, 1.0), (-1.0, 0.0)]) | st.tuples(
    st.floats(-1, 1, allow_nan=False), st.floats(-1, 1, allow_nan=False)
)


def _plain_triangle(marker: Marker, length: float, *, entering: bool, gap: float) -> np.ndarray:
    dx, dy = marker.dx, marker.dy
    if entering:
        tip = np.array([marker.x - dx * gap * length, marker.y - dy * gap * length])
        base = tip - np.array([dx, dy]) * length
    else:
        base = np.array([marker.x + dx * gap * length, marker.y + dy * gap * length])
        tip = base + np.array([dx, dy]) * length
    normal = np.array([-dy, dx]) * (0.45 * length)
    return np.stack([tip, base + normal, base - normal])


@given(
    _COORD,
    _COORD,
    _UNIT,
    st.floats(0.01, 50, allow_nan=False) | st.integers(1, 5),
    st.booleans(),
    st.floats(0, 1, allow_nan=False),
)
def test_the_arrow_is_the_plain_one(
    x: float,
    y: float,
    unit: tuple[float, float],
    length: float,
    entering: bool,
    gap: float,
) -> None:
    marker = Marker(x, y, unit[0], unit[1])
    fast = marker_triangle(marker, length, entering=entering, gap=gap)
    plain = _plain_triangle(marker, length, entering=entering, gap=gap)
    assert fast.dtype == plain.dtype and fast.shape == plain.shape
    assert fast.tobytes() == plain.tobytes()  # bit for bit, signed zeros included
