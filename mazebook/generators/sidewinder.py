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

from ..core.grid import Grid
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


SPEC = GeneratorSpec(
    name="sidewinder",
    carve=carve,
    summary="rows of eastward runs, each opened north once: fast, one top corridor, ~27% dead ends",
    shapes=frozenset({"rect"}),
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
