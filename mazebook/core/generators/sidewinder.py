"""Sidewinder: row by row, runs of cells joined eastward, each run opened north from a random cell.

The top row is one corridor. In every other row each cell either extends the current run east
(with probability ``p_east``, never at the east edge) or closes it, and a closed run opens
north from a uniformly random one of its cells. Vertical bias, one straight top corridor,
about 27 % dead ends (Pullen). Each row's runs are independent of the other rows, so the
whole maze is a few numpy operations.
"""

from __future__ import annotations

import random

import numpy as np

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
    cells = np.frombuffer(bytes(links), dtype=np.uint8)[: w * h].reshape(h, w)
    # int32 throughout (a maze has at most 2**31 cells): half the memory traffic of int64
    xs = np.broadcast_to(np.arange(w, dtype=np.int32), (h, w))
    starts = (~cells.ravel() & _W) != 0  # a run starts with no west
    run = (np.cumsum(starts, dtype=np.int32) - 1).reshape(h, w)
    exit_x = np.zeros(int(run.max()) + 1, dtype=np.int32)
    north = (cells & _N != 0) & (np.arange(h)[:, None] > 0)
    exit_x[run[north]] = xs[north]
    exit_x[run[0]] = 0  # the top corridor leads west to the corner
    at = exit_x[run]
    up = np.where(xs > at, 3, np.where(xs < at, 1, 0)).astype(np.int8)
    up[0, 0] = -1
    rank = np.arange(h, dtype=np.int32)[:, None] * (w + 1) + np.abs(xs - at)
    return up.ravel(), rank.ravel()


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
