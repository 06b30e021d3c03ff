"""Binary tree: every cell opens one of two fixed sides (say north or east) at random.

Cells on the edge that lacks one of the two sides must take the other; the corner where both
are missing is the root. The result is a binary tree rooted in that corner, with two unbroken
corridors along its edges and a strong diagonal bias; about 25 % dead ends (Pullen). Each cell
decides on its own, so the whole maze is a few numpy operations.
"""

from __future__ import annotations

import functools
import random

from ...lazy import numpy as np
from ..grid import Grid
from ._common import numpy_rng
from .spec import GeneratorSpec, Option

BIASES = ("NE", "NW", "SE", "SW")
_N, _E, _S, _W = 1, 2, 4, 8


def carve(grid: Grid, rng: random.Random, bias: str = "NE", p_vertical: float = 0.5) -> bytearray:
    """Vertical side (N or S) with probability ``p_vertical``, else the horizontal one."""
    w, h = grid.width, grid.height
    north, east = bias[0] == "N", bias[1] == "E"
    links = np.zeros((h, w), dtype=np.uint8)
    ys, xs = np.ogrid[:h, :w]
    can_v = (ys > 0) if north else (ys < h - 1)  # has the vertical side
    can_h = (xs < w - 1) if east else (xs > 0)  # has the horizontal side
    vertical = numpy_rng(rng).random((h, w)) < p_vertical
    vertical = can_v & (vertical | ~can_h)
    horizontal = can_h & ~vertical
    v_bit, h_bit = (_N, _S) if north else (_S, _N), (_E, _W) if east else (_W, _E)
    links |= vertical * np.uint8(v_bit[0])
    links |= horizontal * np.uint8(h_bit[0])
    if north:  # the cell above gets the matching south bit
        links[:-1] |= vertical[1:] * np.uint8(v_bit[1])
    else:
        links[1:] |= vertical[:-1] * np.uint8(v_bit[1])
    if east:  # the cell to the right gets the matching west bit
        links[:, 1:] |= horizontal[:, :-1] * np.uint8(h_bit[1])
    else:
        links[:, :-1] |= horizontal[:, 1:] * np.uint8(h_bit[1])
    return bytearray(links.tobytes())


def tree_order(
    grid: Grid, links: bytes, bias: str = "NE", p_vertical: float = 0.5
) -> tuple[np.ndarray, np.ndarray]:
    """The maze as a tree rooted in the corner: each cell's parent is the side it opened (its
    one passage to the bias sides), its rank its steps to the corner."""
    w, h = grid.width, grid.height
    north, east = bias[0] == "N", bias[1] == "E"
    cells = np.frombuffer(links, dtype=np.uint8, count=w * h)
    # Speed: the parent slot looked up per passage byte (one pass, not two nested wheres)
    up = np.take(_parent_slots(0 if north else 2, 1 if east else 3), cells)
    ys, xs = np.ogrid[:h, :w]
    ys, xs = ys.astype(np.int32), xs.astype(np.int32)  # half the memory traffic of int64
    rank = (ys if north else h - 1 - ys) + (w - 1 - xs if east else xs)
    return up, rank.ravel()


@functools.cache
def _parent_slots(v_slot: int, h_slot: int) -> np.ndarray:
    """Per passage byte, the slot of the parent passage: the vertical side if open, else the
    horizontal one, else -1 (the root)."""
    table = np.array(
        [v_slot if b >> v_slot & 1 else h_slot if b >> h_slot & 1 else -1 for b in range(256)],
        dtype=np.int8,
    )
    table.setflags(write=False)
    return table


SPEC = GeneratorSpec(
    name="binary-tree",
    carve=carve,
    summary="each cell opens north or east (by bias) at random: diagonal bias, ~25% dead ends",
    shapes=frozenset({"rect"}),
    tree_order=tree_order,
    options=(
        Option(
            "bias",
            str,
            "NE",
            "the two sides every cell chooses between (its corridors run along those edges)",
            choices=BIASES,
        ),
        Option(
            "p_vertical",
            float,
            0.5,
            "chance a cell opens its north/south side rather than east/west (0.5: unbiased)",
            minimum=0.0,
            maximum=1.0,
        ),
    ),
)
