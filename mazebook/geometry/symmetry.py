"""Canonical keys: one text per puzzle, the same for two puzzles exactly when one is the other
turned or mirrored (any rotation or reflection of its grid), so a book or a series of books can
promise that no maze repeats.

A rectangular maze is keyed by its passages laid out as one array (cells, passages between
them, and which way a weave crossing runs on top) under the eight turns and mirrors of the
rectangle. Any other shape is keyed by its passages drawn between cell centres (each shape's
own ``centres``, a plugin's too), centred on their centroid, under the turns and mirrors of its
grid (the hexagon's six, a circle's own; twelve for a shape it does not know), coordinates kept
to a thousandth of a cell. Either way the
least of the variants, in one fixed order, is hashed. Openings are left out: two mazes whose
walls are the same are the same puzzle, wherever START stands. A rule kind adds its rules as
``marks`` (a label on a cell, such as a key or a door) and ``arrows`` (a passage one may take
one way only), which turn and mirror with their cells.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence

from ..core.grid import LIST_UP_TO
from ..core.maze import Maze
from ..core.shapes import cell_centres
from ..lazy import numpy as np
from .plain_drawing import bit_table

#: Coordinates of the drawn form are kept to this fraction of a cell.
QUANTUM = 1000
#: Turns of each shape's grid (its symmetries are the dihedral group of that many turns); a
#: circle's come from its rings.
TURNS = {"hex": 6, "triangle": 6, "mask": 4, "rect": 4}


def maze_key(
    maze: Maze,
    *,
    marks: Sequence[tuple[int, str]] = (),
    arrows: Sequence[tuple[int, int]] = (),
) -> str:
    """The maze's canonical key (hex SHA-256): equal for two mazes exactly when their walls are
    the same after a rotation or reflection of the grid (and, given ``marks``, cell -> label,
    and ``arrows``, one-way passages from cell to cell, the same rules)."""
    if maze.grid.kind == "rect" and not marks and not arrows:
        return _digest(b"rect", _least_rect(maze))
    return _digest(f"drawn:{maze.grid.kind}".encode(), _least_drawn(maze, marks, arrows))


def grid_key(values: np.ndarray, rules: str = "") -> str:
    """The canonical key of a grid of values (a number path's numbers): equal for two grids
    exactly when one is the other turned or mirrored, with the same ``rules`` (its step)."""
    variants = [_array_form(v) for v in _eight(np.ascontiguousarray(values, dtype=np.int64))]
    return _digest(f"grid:{rules}".encode(), min(variants))


def _digest(prefix: bytes, form: bytes) -> str:
    return hashlib.sha256(prefix + b"\0" + form).hexdigest()


def _array_form(array: np.ndarray) -> bytes:
    """An array's shape and values as bytes (one fixed order for every variant)."""
    rows, columns = (int(side) for side in array.shape)
    data: bytes = array.tobytes()
    return rows.to_bytes(4, "big") + columns.to_bytes(4, "big") + data


def _eight(array: np.ndarray) -> list[np.ndarray]:
    """The array under the eight turns and mirrors of a rectangle: ``np.rot90(a, k)`` for k in
    0..3 of the array and of its transpose, as views (their bytes are read in row order; a
    copy of each cost more than the key's hash)."""
    out = []
    for a in (array, array.T):
        turned = a.T
        out += [a, turned[::-1], a[::-1, ::-1], turned[:, ::-1]]
    return out


#: A rectangle's layout: a cell, and a weave crossing with its west-east or its north-south
#: passage on top (swapped when a variant turns the grid a quarter).
CELL, OVER_WE, OVER_NS = 1, 2, 3


def rect_layout(maze: Maze) -> np.ndarray:
    """A rectangular maze as one (2h - 1) x (2w - 1) array: cells at even places, 1 between
    two cells joined by a passage, 0 for a wall or a corner; a crossing cell says which of its
    passages is on top."""
    w, h = maze.width, maze.height
    links = np.frombuffer(maze.links, dtype=np.uint8).reshape(h, w)
    layout = np.zeros((2 * h - 1, 2 * w - 1), dtype=np.uint8)
    layout[::2, ::2] = CELL
    layout[::2, 1::2] = (links[:, :-1] >> 1) & 1  # east passages (slot 1)
    layout[1::2, ::2] = (links[:-1, :] >> 2) & 1  # south passages (slot 2)
    for cell, over in maze.crossings:
        y, x = divmod(cell, w)
        layout[2 * y, 2 * x] = OVER_WE if over == "h" else OVER_NS
    return layout


def _least_rect(maze: Maze) -> bytes:
    if maze.size <= LIST_UP_TO:  # a book's maze: the same bytes without numpy
        return _plain_least_rect(maze)
    layout = rect_layout(maze)
    forms = []
    for index, variant in enumerate(_eight(layout)):
        quarter = (index % 4 + index // 4) % 2 == 1  # axes swapped an odd number of times
        if quarter and maze.crossings:
            variant = variant.copy()
            we, ns = variant == OVER_WE, variant == OVER_NS
            variant[we], variant[ns] = OVER_NS, OVER_WE
        forms.append(_array_form(variant))
    return min(forms)


#: bytes.translate tables: a cell's links -> its east (slot 1) or south (slot 2) passage bit.
_EAST, _SOUTH = bit_table(2), bit_table(4)
#: A quarter turn swaps which passage of a crossing is on top.
_SWAP_OVER = bytes(
    OVER_NS if value == OVER_WE else OVER_WE if value == OVER_NS else value for value in range(256)
)
#: The variants of _eight that turn the grid a quarter (axes swapped an odd number of times):
#: those read along the layout's columns.
_QUARTERS = frozenset(i for i in range(8) if (i % 4 + i // 4) % 2 == 1)


def _plain_rect_forms(maze: Maze) -> list[bytes]:
    """_array_form of each of _eight(rect_layout(maze)), in that order, from bytes: the
    layout's rows and columns joined and reversed (a small maze's key without numpy)."""
    rows, columns = _plain_layout(maze, columns=True)
    across, down = _plain_datas(rows, False), _plain_datas(columns, bool(maze.crossings))
    shape, turned = _shape(len(rows), len(columns)), _shape(len(columns), len(rows))
    return [
        shape + across[0],
        turned + down[1],
        shape + across[2],
        turned + down[3],
        turned + down[0],
        shape + across[1],
        turned + down[2],
        shape + across[3],
    ]


def _plain_least_rect(maze: Maze) -> bytes:
    """min(_plain_rect_forms(maze)), making only the forms that can be least: those whose
    first side (the form's first four bytes) is the layout's shorter (both for a square)."""
    w, h = maze.width, maze.height
    rows, columns = _plain_layout(maze, columns=w <= h)
    least = []
    if h <= w:
        least.append(_shape(2 * h - 1, 2 * w - 1) + min(_plain_datas(rows, False)))
    if w <= h:
        turned = min(_plain_datas(columns, bool(maze.crossings)))
        least.append(_shape(2 * w - 1, 2 * h - 1) + turned)
    return min(least)


def _shape(rows: int, columns: int) -> bytes:
    """The first eight bytes of an array's form: its rows and columns."""
    return rows.to_bytes(4, "big") + columns.to_bytes(4, "big")


def _plain_datas(lines: list[bytes], swap: bool) -> tuple[bytes, bytes, bytes, bytes]:
    """The values of the four variants a rectangle's layout read along ``lines`` gives:
    the lines in order, in reverse order, and each of those read backwards (the whole
    reversed); ``swap`` exchanges which passage of a crossing is on top (a quarter turn)."""
    ahead, back = b"".join(lines), b"".join(reversed(lines))
    if swap:
        ahead, back = ahead.translate(_SWAP_OVER), back.translate(_SWAP_OVER)
    return ahead, back, ahead[::-1], back[::-1]


def _plain_layout(maze: Maze, *, columns: bool) -> tuple[list[bytes], list[bytes]]:
    """rect_layout's rows (and its columns if asked, else no columns) as bytes: a row of
    cells and east passages, then one of south passages, each cut from a string holding all
    rows of its kind (a cell and the passage after it, two bytes a cell)."""
    w, h = maze.width, maze.height
    n, wide, cols_n = w * h, 2 * w, 2 * w - 1
    links = maze.links[:n]
    cells = bytearray(2 * n)
    cells[0::2] = bytes((CELL,)) * n
    cells[1::2] = links.translate(_EAST)
    for cell, over in maze.crossings:
        cells[2 * cell] = OVER_WE if over == "h" else OVER_NS
    south = bytearray(2 * n)
    south[0::2] = links.translate(_SOUTH)
    across, under = bytes(cells), bytes(south)
    rows: list[bytes] = [b""] * (2 * h - 1)
    rows[0::2] = [across[i : i + cols_n] for i in range(0, 2 * n, wide)]
    rows[1::2] = [under[i : i + cols_n] for i in range(0, 2 * n - wide, wide)]
    if not columns:
        return rows, []
    flat = b"".join(rows)
    return rows, [flat[j::cols_n] for j in range(cols_n)]


def turns_of(maze: Maze) -> int:
    """How many turns the maze's grid has: a circle's rings all split its cells alike."""
    if maze.grid.kind == "circle":
        return math.gcd(*(int(c) for c in maze.grid.params["ring_counts"][1:]))
    return TURNS.get(maze.grid.kind, 12)


def passages(maze: Maze) -> np.ndarray:
    """(k, 2) cells joined by a passage, the lower number first."""
    grid = maze.grid
    n, degree = grid.size, grid.degree
    adj = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, degree).astype(np.int64)
    links = np.frombuffer(maze.links, dtype=np.uint8)[:n]
    open_ = (links[:, None] >> np.arange(degree, dtype=np.uint8)) & 1
    cells = np.repeat(np.arange(n, dtype=np.int64)[:, None], degree, axis=1)
    keep = (open_ == 1) & (adj < n) & (cells < adj)
    return np.stack([cells[keep], adj[keep]], axis=1)


def _least_drawn(
    maze: Maze, marks: Sequence[tuple[int, str]], arrows: Sequence[tuple[int, int]]
) -> bytes:
    points = cell_centres(maze.grid)
    points = points - points.mean(axis=0)
    pairs = passages(maze)
    crossings = np.array([cell for cell, _ in maze.crossings], dtype=np.int64)
    on_top = [over for _, over in maze.crossings]
    turns = turns_of(maze)
    forms = []
    for k in range(turns):
        angle = 2 * math.pi * k / turns
        c, s = math.cos(angle), math.sin(angle)
        for a, b, d, e in ((c, -s, s, c), (c, s, s, -c)):  # the turn, and it mirrored
            x = points[:, 0] * a + points[:, 1] * b
            y = points[:, 0] * d + points[:, 1] * e
            at = np.rint(np.stack([x, y], axis=1) * QUANTUM).astype(np.int64)
            forms.append(_drawn_form(at, pairs, crossings, on_top, (a, b, d, e), marks, arrows))
    return min(forms)


def _drawn_form(
    at: np.ndarray,
    pairs: np.ndarray,
    crossings: np.ndarray,
    on_top: list[str],
    matrix: tuple[float, float, float, float],
    marks: Sequence[tuple[int, str]],
    arrows: Sequence[tuple[int, int]],
) -> bytes:
    """One variant: its passages as sorted point pairs, then its crossings, marks and arrows."""
    ends = np.concatenate([at[pairs[:, 0]], at[pairs[:, 1]]], axis=1)
    swap = (ends[:, 0] > ends[:, 2]) | ((ends[:, 0] == ends[:, 2]) & (ends[:, 1] > ends[:, 3]))
    ends[swap] = ends[swap][:, [2, 3, 0, 1]]
    ends = ends[np.lexsort(ends.T[::-1])]
    parts = [ends.tobytes()]
    if len(crossings):
        # which passage of a crossing is on top, as the direction it runs in this variant
        a, _, d, _ = matrix
        across = abs(a) >= abs(d)  # the west-east direction still runs across the page
        tops = [(over == "h") == across for over in on_top]
        rows = sorted(zip(at[crossings].tolist(), tops, strict=True))
        parts.append(repr(rows).encode())
    if marks:
        parts.append(repr(sorted((at[c].tolist(), label) for c, label in marks)).encode())
    if arrows:
        parts.append(repr(sorted((at[a].tolist(), at[b].tolist()) for a, b in arrows)).encode())
    return b"|".join(parts)
