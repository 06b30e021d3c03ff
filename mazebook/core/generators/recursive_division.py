"""Recursive division: split the open field by a wall with one gap, then split each part likewise.

A chamber at least 2 cells wide and high is cut by a straight wall at a random position,
with a gap at a random cell of the wall; chambers one cell thin stay open corridors. Long
straight walls, a visibly boxy structure. The textbook leaves the wall's orientation open; the
default draws a horizontal wall with chance height / (width + height), which gives 23.5 % dead
ends at 40x40, Pullen's 23 % (always across the longer side, Jamis Buck's rule: 27 %; evenly at
random: 16-17 %). Iterative (an explicit stack of chambers). Since every wall keeps exactly
its one gap down to the single cells, the maze is built by carving the gaps (and the thin
corridors) directly, never drawing the walls.
"""

from __future__ import annotations

import random

from ...lazy import numpy as np
from ..grid import Grid
from .spec import GeneratorSpec, Option

SPLITS = ("proportional", "longer", "random")
_N, _E, _S, _W = 1, 2, 4, 8


def carve(grid: Grid, rng: random.Random, split: str = "proportional") -> bytearray:
    """Divide chambers from an explicit stack; ``split`` picks each wall's orientation."""
    w = grid.width
    links = bytearray(grid.size)
    rnd = rng.random
    proportional, longer = split == "proportional", split == "longer"
    thin_rows: list[tuple[int, int, int]] = []  # (first cell, length) of one-row chambers
    thin_cols: list[tuple[int, int, int]] = []  # one-column chambers
    stack = [(0, 0, w, grid.height)]
    push, pop = stack.append, stack.pop
    while stack:
        x, y, cw, ch = pop()
        if cw == 1 or ch == 1:
            (thin_rows if ch == 1 else thin_cols).append((x, y, cw if ch == 1 else ch))
            continue
        if proportional:  # a horizontal wall with chance height / (width + height)
            horizontal = rnd() * (cw + ch) < ch
        elif longer and cw != ch:  # across the longer side
            horizontal = ch > cw
        else:
            horizontal = rnd() < 0.5
        if horizontal:  # a wall under row y+cut-1, gap at column x+gap
            cut = 1 + int(rnd() * (ch - 1))
            cell = (y + cut - 1) * w + x + int(rnd() * cw)
            links[cell] |= _S
            links[cell + w] |= _N
            push((x, y + cut, cw, ch - cut))
            push((x, y, cw, cut))
        else:  # a wall right of column x+cut-1, gap at row y+gap
            cut = 1 + int(rnd() * (cw - 1))
            cell = (y + int(rnd() * ch)) * w + x + cut - 1
            links[cell] |= _E
            links[cell + 1] |= _W
            push((x + cut, y, cw - cut, ch))
            push((x, y, cut, ch))
    return _open_corridors(grid, links, thin_rows, thin_cols)


def _open_corridors(
    grid: Grid,
    links: bytearray,
    rows: list[tuple[int, int, int]],
    cols: list[tuple[int, int, int]],
) -> bytearray:
    """Open every passage inside the one-cell-thin chambers, in bulk."""
    w = grid.width
    out = np.frombuffer(links, dtype=np.uint8).reshape(grid.height, w).copy()
    for pieces, vertical in ((rows, False), (cols, True)):
        if not pieces:
            continue
        x, y, length = (np.array(v, dtype=np.int64) for v in zip(*pieces, strict=True))
        steps = length - 1  # passages inside each piece
        keep = steps > 0
        x, y, steps = x[keep], y[keep], steps[keep]
        if not steps.size:
            continue
        offset = np.arange(steps.sum()) - np.repeat(np.cumsum(steps) - steps, steps)
        if vertical:  # passage between (x, y+i) and (x, y+i+1)
            cx, cy = np.repeat(x, steps), np.repeat(y, steps) + offset
            out[cy, cx] |= _S
            out[cy + 1, cx] |= _N
        else:
            cx, cy = np.repeat(x, steps) + offset, np.repeat(y, steps)
            out[cy, cx] |= _E
            out[cy, cx + 1] |= _W
    return bytearray(out.tobytes())


SPEC = GeneratorSpec(
    name="recursive-division",
    carve=carve,
    summary="walls with one gap, dividing chambers again and again: boxy, ~23% dead ends",
    shapes=frozenset({"rect"}),
    options=(
        Option(
            "split",
            str,
            "proportional",
            "orientation of each wall: proportional (horizontal with chance height/(width+height),"
            " ~23% dead ends), longer (always across the longer side, ~27%), random (either way "
            "evenly, ~17%, longer straight walls)",
            choices=SPLITS,
        ),
    ),
)
