"""Plane geometry for the interpreter: matrices, transformed boxes, and the true extent of
Bezier curves (their control points can lie far outside the curve, as in a circle maze)."""

from __future__ import annotations

import math
from typing import Any

Matrix = tuple[float, float, float, float, float, float]
Box = tuple[float, float, float, float]
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m then n (PDF order: a point p maps to p * m * n)."""
    a, b, c, d, e, f = m
    a2, b2, c2, d2, e2, f2 = n
    return (
        a * a2 + b * c2,
        a * b2 + b * d2,
        c * a2 + d * c2,
        c * b2 + d * d2,
        e * a2 + f * c2 + e2,
        e * b2 + f * d2 + f2,
    )


def matrix_of(operands: list[bytes]) -> Matrix:
    """The last six operands as a matrix (ValueError when there are fewer)."""
    a, b, c, d, e, f = (float(v) for v in operands[-6:])
    return (a, b, c, d, e, f)


def thinnest_scale(m: Matrix) -> float:
    """The smallest factor by which ``m`` scales a length (its smaller singular value)."""
    a, b, c, d = m[0], m[1], m[2], m[3]
    half = (a * a + b * b + c * c + d * d) / 2
    det = abs(a * d - b * c)
    return math.sqrt(max(0.0, half - math.sqrt(max(0.0, half * half - det * det))))


def transform_box(m: Matrix, x0: float, y0: float, x1: float, y1: float) -> Box:
    """The bounding box of a rectangle's four corners mapped by ``m``."""
    a, b, c, d, e, f = m
    if b == 0 and c == 0:  # no rotation or skew: the usual case, done quickly
        xa, xb, ya, yb = a * x0 + e, a * x1 + e, d * y0 + f, d * y1 + f
        return (
            xa if xa < xb else xb,
            ya if ya < yb else yb,
            xb if xa < xb else xa,
            yb if ya < yb else ya,
        )
    xs = (a * x0 + c * y0, a * x1 + c * y0, a * x0 + c * y1, a * x1 + c * y1)
    ys = (b * x0 + d * y0, b * x1 + d * y0, b * x0 + d * y1, b * x1 + d * y1)
    return (min(xs) + e, min(ys) + f, max(xs) + e, max(ys) + f)


def _cubic_range(p0: float, p1: float, p2: float, p3: float) -> tuple[float, float]:
    """The least and greatest value of one coordinate along a cubic Bezier segment."""
    low, high = min(p0, p3), max(p0, p3)
    if low <= min(p1, p2) and max(p1, p2) <= high:
        return low, high  # control points inside: the ends bound the curve
    a = -p0 + 3 * p1 - 3 * p2 + p3
    b = 2 * (p0 - 2 * p1 + p2)
    c = p1 - p0
    roots: list[float] = []
    if abs(a) < 1e-12:
        if abs(b) > 1e-12:
            roots.append(-c / b)
    else:
        disc = b * b - 4 * a * c
        if disc >= 0:
            sq = math.sqrt(disc)
            roots.extend(((-b + sq) / (2 * a), (-b - sq) / (2 * a)))
    for t in roots:
        if 0 < t < 1:
            u = 1 - t
            value = u * u * u * p0 + 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t * p3
            low, high = min(low, value), max(high, value)
    return low, high


def add_curve(op: bytes, operands: list[bytes], px: list[Any], py: list[Any]) -> None:
    """Add a curve's true extent (not its control points) and its end to the path."""
    if op == b"c":
        x1, y1, x2, y2, x3, y3 = (float(v) for v in operands[-6:])
    else:
        xa, ya, x3, y3 = (float(v) for v in operands[-4:])
    if not px:
        raise ValueError("a curve with no current point")
    x0, y0 = float(px[-1]), float(py[-1])
    if op == b"v":
        x1, y1, x2, y2 = x0, y0, xa, ya
    elif op == b"y":
        x1, y1, x2, y2 = xa, ya, x3, y3
    lo_x, hi_x = _cubic_range(x0, x1, x2, x3)
    lo_y, hi_y = _cubic_range(y0, y1, y2, y3)
    px.extend((lo_x, hi_x, x3))
    py.extend((lo_y, hi_y, y3))
