"""Built-in silhouettes for masked grids, as exact inside tests on the plane (y up).

Each silhouette is a function from point arrays to a boolean array plus its bounding box; the
mask builder samples it several times per cell, so the outline is the same at any grid size.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from ...lazy import numpy as np

Inside = Callable[["np.ndarray", "np.ndarray"], "np.ndarray"]


def _heart(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    # the classic heart curve (x^2 + y^2 - 1)^3 = x^2 y^3
    result: np.ndarray = (x * x + y * y - 1) ** 3 - x * x * y**3 <= 0
    return result


def _circle(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    result: np.ndarray = x * x + y * y <= 1
    return result


def _diamond(x: np.ndarray, y: np.ndarray) -> np.ndarray:
    result: np.ndarray = np.abs(x) + np.abs(y) <= 1
    return result


def _polygon(points: list[tuple[float, float]]) -> Inside:
    """Even-odd inside test of a closed polygon (vectorised ray casting)."""
    px = [p[0] for p in points]  # plain floats: numpy is loaded only when a mask is drawn
    py = [p[1] for p in points]
    qx, qy = px[1:] + px[:1], py[1:] + py[:1]

    def inside(x: np.ndarray, y: np.ndarray) -> np.ndarray:
        result = np.zeros(np.broadcast(x, y).shape, dtype=bool)
        for x1, y1, x2, y2 in zip(px, py, qx, qy, strict=True):
            if y1 == y2:
                continue
            crosses = (y1 > y) != (y2 > y)
            at = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            result ^= crosses & (x < at)
        return result

    return inside


def _star_points(points: int = 5, inner: float = 0.5) -> list[tuple[float, float]]:
    out = []
    for i in range(2 * points):
        r = 1.0 if i % 2 == 0 else inner
        a = math.pi / 2 + math.pi * i / points
        out.append((r * math.cos(a), r * math.sin(a)))
    return out


_STAR = _star_points()

#: name -> (inside test, bounding box (x0, y0, x1, y1) in the test's coordinates, y up)
SILHOUETTES: dict[str, tuple[Inside, tuple[float, float, float, float]]] = {
    "heart": (_heart, (-1.14, -1.0, 1.14, 1.25)),
    "star": (
        _polygon(_STAR),
        (
            min(p[0] for p in _STAR),
            min(p[1] for p in _STAR),
            max(p[0] for p in _STAR),
            max(p[1] for p in _STAR),
        ),
    ),
    "circle": (_circle, (-1.0, -1.0, 1.0, 1.0)),
    "diamond": (_diamond, (-1.0, -1.0, 1.0, 1.0)),
}

#: Sub-samples per cell side: a cell is inside when at least half of its samples are.
SAMPLES = 5


def silhouette_mask(name: str, width: int, height: int) -> np.ndarray:
    """The named silhouette fitted (aspect kept, centred) into width x height cells."""
    inside, (x0, y0, x1, y1) = SILHOUETTES[name]
    scale = min(width / (x1 - x0), height / (y1 - y0))  # cells per unit
    ox = (width - (x1 - x0) * scale) / 2
    oy = (height - (y1 - y0) * scale) / 2
    sub = (np.arange(SAMPLES) + 0.5) / SAMPLES
    gx = (np.arange(width)[:, None] + sub[None, :]).ravel()
    gy = (np.arange(height)[:, None] + sub[None, :]).ravel()
    x = x0 + (gx[None, :] - ox) / scale
    y = y1 - (gy[:, None] - oy) / scale
    hits = inside(x, y).reshape(height, SAMPLES, width, SAMPLES)
    result: np.ndarray = hits.sum(axis=(1, 3)) * 2 >= SAMPLES * SAMPLES
    return result
