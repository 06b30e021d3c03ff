"""Sidewinder: row by row, runs of cells joined eastward, each run opened north from a random cell.

The top row is one corridor. In every other row each cell either extends the current run east
(with probability ``p_east``, never at the east edge) or closes it, and a closed run opens
north from a uniformly random one of its cells. Vertical bias, one straight top corridor,
about 27 % dead ends (Pullen). Each row's runs are independent of the other rows, so the
whole maze is a few numpy operations.
"""

from __future__ import annotations

import random

from ...lazy import numpy as np
from ..grid import Grid
from ._common import numpy_rng
from .spec import GeneratorSpec, Option

_N, _E, _S, _W = 1, 2, 4, 8


def carve(grid: Grid, rng: random.Random, p_east: float = 0.5) -> bytearray:
    """Runs from coin flips; run ends are found with flatnonzero, one north exit per run."""
    w, h = grid.width, grid.height
    nrng = numpy_rng(rng)
    east = nrng.random((h, w)) < p_east
    east[0] = True  # the top row is one corridor
    east[:, -1] = False  # the east edge always closes the run
    links = np.zeros((h, w), dtype=np.uint8)
    links |= east * np.uint8(_E)
    links[:, 1:] |= east[:, :-1] * np.uint8(_W)
    if h > 1:
        below = ~east[1:].ravel()  # run ends in rows 1.. (every row's last cell is one)
        ends = np.flatnonzero(below)
        starts = np.empty_like(ends)
        starts[0] = 0
        starts[1:] = ends[:-1] + 1
        up = starts + nrng.integers(0, ends - starts + 1)  # uniform cell of each run
        flat = links.reshape(-1)
        flat[up + w] |= _N
        flat[up] |= _S
    return bytearray(links.tobytes())


def tree_order(grid: Grid, links: bytes, p_east: float = 0.5) -> tuple[np.ndarray, np.ndarray]:
    """The maze as a tree rooted in the north-west corner: along the top corridor a cell's
    parent is west; below, a run's north exit's parent is north and the run's other cells lead
    along the run to it. Rank: rows above count more than any step along a run."""
    w, h = grid.width, grid.height
    flat = np.frombuffer(links, dtype=np.uint8, count=w * h)
    # int32 throughout (a maze has at most 2**31 cells): half the memory traffic of int64
    run = np.cumsum((flat & _W) == 0, dtype=np.int32)  # a run starts with no west
    run -= 1
    exit_x = np.zeros(int(run[-1]) + 1, dtype=np.int32)  # the top corridor's is the corner
    # Speed: nonzero of a bool view (several times faster than of the bytes themselves)
    exits = np.flatnonzero((flat[w:] & _N).view(bool)) + w  # north exits below the top row
    runs = np.take(run, exits)
    if len(runs) == len(exit_x) - 1 and run[w - 1] == 0 and np.array_equal(runs, _count(len(runs))):
        # as carved: the top row one run, then one exit per run in order, so the exits fill
        # the runs' table in order (no scatter)
        exit_x[1:] = exits % w
    else:  # any other passages (a run with no exit or two): as read cell by cell
        exit_x[runs] = exits % w
        exit_x[run[:w]] = 0
    # each cell's offset from its run's exit: the sign gives its parent's side, the size its
    # steps along the run
    off = np.take(exit_x, run).reshape(h, w)
    np.subtract(np.arange(w, dtype=np.int32), off, out=off)
    up = np.take(np.array(_UP_BY_SIGN, dtype=np.int8), np.sign(off).ravel() + 1)
    up[0] = -1
    rank = np.abs(off, out=off)
    rank += (np.arange(h, dtype=np.int32) * np.int32(w + 1))[:, None]
    return up, rank.ravel()


def _count(k: int) -> np.ndarray:
    """1, 2, ..., k as int32: the runs below the top row, in order."""
    return np.arange(1, k + 1, dtype=np.int32)


#: The parent's slot by the sign of a cell's offset from its run's exit (-1, 0, 1 at 0, 1,
#: 2): east of a cell west of the exit, north at the exit, west of a cell east of it.
_UP_BY_SIGN = (1, 0, 3)  # an array when used: numpy is not loaded to list generators


SPEC = GeneratorSpec(
    name="sidewinder",
    carve=carve,
    summary="rows of eastward runs, each opened north once: fast, one top corridor, ~27% dead ends",
    shapes=frozenset({"rect"}),
    tree_order=tree_order,
    options=(
        Option(
            "p_east",
            float,
            0.5,
            "chance a cell continues its run east rather than closing it (longer runs when high)",
            minimum=0.0,
            maximum=1.0,
        ),
    ),
)
