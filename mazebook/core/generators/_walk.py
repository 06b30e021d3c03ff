"""Random walks for Aldous-Broder and Wilson: whole chunks of steps at once on rectangles.

The walk picks one of the four sides uniformly at every step and stays put when that side is
the outer wall. Leaving those idle steps out, this is exactly the simple random walk (each
real neighbour equally likely), so both algorithms stay exactly uniform.

On a rectangle the x and y coordinates move independently: x only changes on E/W steps and is
clamped to 0..width-1, y likewise. A clamped running sum has a closed form while it touches
one wall only (Lindley's recursion, ``x_t = S_t + max(x_0, max_{u<=t} -S_u)`` against the
wall at 0), so numpy computes thousands of steps per call, switching formula in the rare step
where the walk reaches the opposite wall.
"""

from __future__ import annotations

from ...lazy import numpy as np

#: Direction of each slot N, E, S, W as (dx, dy); row 0 is at the top.
_DX = (0, 1, 0, -1)  # made arrays when walked: numpy is not loaded to list generators
_DY = (-1, 0, 1, 0)

#: Rectangles whose shorter side is below this walk in pure Python: a narrow strip makes the
#: walk bounce between its walls so often that numpy's per-call cost dominates.
MIN_SIDE = 24

#: Largest number of steps drawn per chunk.
MAX_CHUNK = 1 << 16


def use_rect_walk(kind: str, width: int, height: int, size: int, degree: int) -> bool:
    """Whether the vectorised rectangle walk applies (else the generic pure-Python walk)."""
    plain = kind == "rect" and degree == 4 and size == width * height
    return plain and min(width, height) >= MIN_SIDE


def chunk_for(width: int, height: int) -> int:
    """A chunk size the walk needs about O(1) wall-to-wall switches for."""
    side = min(width, height)
    return int(min(MAX_CHUNK, max(256, 4 * side * side)))


def clamped_walk(x0: int, steps: np.ndarray, hi: int) -> np.ndarray:
    """Positions after each step of ``x_t = min(max(x_{t-1} + s_t, 0), hi)``, steps in {-1, 0, 1}.

    Piecewise closed forms: the plain running sum until the walk first pushes against a wall,
    then Lindley's formula against that wall until it first pushes against the other one, and
    so on; a step pushing against a wall is refused (the walk stays there).
    """
    total = steps.size
    if hi == 0:
        return np.zeros(total, dtype=np.int32)
    out: np.ndarray | None = None
    pos, x = 0, x0
    phase = 0  # 0: no wall touched yet, 1: clamped at 0, 2: clamped at hi
    while True:
        s = np.cumsum(steps[pos:], dtype=np.int32)
        if phase == 0:
            path = s
            path += x
            below, above = path.min() < 0, path.max() > hi
            if below or above:
                low_cut = int(np.argmax(path < 0)) if below else total
                high_cut = int(np.argmax(path > hi)) if above else total
                cut, x, phase = (low_cut, 0, 1) if low_cut < high_cut else (high_cut, hi, 2)
            else:
                cut = -1
        elif phase == 1:  # x_t = S_t + max(x0, max_u -S_u): valid while it stays <= hi
            path = np.negative(s)
            np.maximum.accumulate(path, out=path)
            np.maximum(path, x, out=path)
            path += s
            cut = int(np.argmax(path > hi)) if path.max() > hi else -1
            x, phase = hi, 2
        else:  # x_t = S_t + min(x0, min_u hi - S_u): valid while it stays >= 0
            path = np.subtract(hi, s)
            np.minimum.accumulate(path, out=path)
            np.minimum(path, x, out=path)
            path += s
            cut = int(np.argmax(path < 0)) if path.min() < 0 else -1
            x, phase = 0, 1
        if cut < 0:
            if out is None:
                return path
            out[pos:] = path
            return out
        if out is None:
            out = np.empty(total, dtype=np.int32)
        out[pos : pos + cut] = path[:cut]
        out[pos + cut] = x  # the refused step: the walk stays against the wall
        pos += cut + 1
        if pos == total:
            return out


def rect_steps(
    nrng: np.random.Generator, x: int, y: int, width: int, height: int, count: int
) -> tuple[np.ndarray, np.ndarray]:
    """``count`` lazy walk steps from cell (x, y): the cell after each step and the side drawn."""
    sides = nrng.integers(0, 4, count, dtype=np.uint8)
    xs = clamped_walk(x, np.array(_DX, dtype=np.int32)[sides], width - 1)
    ys = clamped_walk(y, np.array(_DY, dtype=np.int32)[sides], height - 1)
    ys *= width
    ys += xs
    return ys, sides
