"""Shared machinery of the lattice shapes (hex, triangle, mask): neighbour tables and outlines.

A lattice shape places its cells at integer (row, column) positions of a small index array;
each slot k of a cell is a (row, column) step. Sides are also given as pairs of integer vertex
keys, oriented clockwise on the page, so the outer outline can be traced exactly (no float
comparisons) and the boundary listed in order around it.
"""

from __future__ import annotations

from array import array
from collections.abc import Iterable, Mapping, Sequence

from ...errors import InvalidOptionError, InvalidSizeError, did_you_mean
from ...lazy import numpy as np

Key = tuple[int, int]
Side = tuple[int, int, Key, Key]  # cell, slot, start vertex, end vertex (clockwise)


def neighbour_table(
    index: np.ndarray, rows: np.ndarray, cols: np.ndarray, drow: np.ndarray, dcol: np.ndarray
) -> np.ndarray:
    """(n, degree) neighbour cells: ``index[rows + drow, cols + dcol]``, n where outside.

    ``index`` holds the cell number at each lattice position, -1 where there is no cell;
    ``drow``/``dcol`` are (n, degree) steps per cell and slot.
    """
    n = len(rows)
    h, w = index.shape
    r = rows[:, None] + drow
    c = cols[:, None] + dcol
    inside = (r >= 0) & (r < h) & (c >= 0) & (c < w)
    found = np.where(inside, index[np.clip(r, 0, h - 1), np.clip(c, 0, w - 1)], -1)
    return np.where(found < 0, n, found).astype(np.int32)


def pack_tables(table: np.ndarray, back_slots: np.ndarray) -> tuple[array[int], bytes]:
    """The Grid's ``adj`` array and ``back`` bytes from an (n, degree) table and back slots."""
    n = table.shape[0]
    adj = array("i")
    adj.frombytes(np.ascontiguousarray(table, dtype=np.int32).tobytes())
    back = np.where(table == n, 255, np.broadcast_to(back_slots, table.shape))
    return adj, back.astype(np.uint8).tobytes()


def trace_outline(sides: Sequence[Side]) -> tuple[tuple[int, int], ...]:
    """Order outer sides around the outline: each side is followed by the one starting where it
    ends. Starts at the top-left-most side; separate loops (if any) follow one another."""
    if not sides:
        return ()
    starting: dict[Key, list[int]] = {}
    for i, (_, _, p, _) in enumerate(sides):
        starting.setdefault(p, []).append(i)
    used = bytearray(len(sides))
    order: list[int] = []
    remaining = sorted(range(len(sides)), key=lambda i: (sides[i][2][1], sides[i][2][0], i))
    pos = 0
    while len(order) < len(sides):
        while used[remaining[pos]]:
            pos += 1
        current = remaining[pos]
        while current >= 0:
            used[current] = 1
            order.append(current)
            nxt = -1
            for j in starting.get(sides[current][3], ()):
                if not used[j]:
                    nxt = j
                    break
            current = nxt
    return tuple((sides[i][0], sides[i][1]) for i in order)


def components(inside: np.ndarray) -> tuple[np.ndarray, list[int]]:
    """Label the 4-connected parts of a boolean (h, w) array: (labels, sizes), -1 outside.

    Works on row runs (a union-find over the runs that overlap between consecutive rows), so
    the Python loop is over runs, not squares. Parts are numbered in row-major order of their
    first square.
    """
    h, w = inside.shape
    padded = np.zeros((h, w + 2), dtype=np.int8)
    padded[:, 1:-1] = inside
    edges = np.diff(padded, axis=1)
    run_row, run_start = np.nonzero(edges == 1)
    _, run_end = np.nonzero(edges == -1)
    row_first = np.searchsorted(run_row, np.arange(h + 1)).tolist()
    starts, ends = run_start.tolist(), run_end.tolist()
    parent = list(range(len(starts)))

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for y in range(h - 1):
        i, i_end = row_first[y], row_first[y + 1]
        j, j_end = row_first[y + 1], row_first[y + 2]
        while i < i_end and j < j_end:
            if max(starts[i], starts[j]) < min(ends[i], ends[j]):
                a, b = root(i), root(j)
                if a != b:
                    parent[max(a, b)] = min(a, b)
            if ends[i] < ends[j]:
                i += 1
            else:
                j += 1
    number: dict[int, int] = {}
    run_label = []
    sizes: list[int] = []
    for i in range(len(starts)):
        r = root(i)
        label = number.setdefault(r, len(number))
        if label == len(sizes):
            sizes.append(0)
        sizes[label] += ends[i] - starts[i]
        run_label.append(label)
    labels = np.full(h * w, -1, dtype=np.int64)
    if starts:
        lengths = run_end - run_start
        offsets = np.repeat(run_row * w + run_start - np.cumsum(lengths) + lengths, lengths)
        labels[np.arange(int(lengths.sum())) + offsets] = np.repeat(run_label, lengths)
    return labels.reshape(h, w), sizes


def outside_region(inside: np.ndarray) -> np.ndarray:
    """Squares of an (h, w) mask reachable from beyond its border without crossing a cell,
    returned padded by one square on every side (shape (h + 2, w + 2))."""
    padded = np.zeros((inside.shape[0] + 2, inside.shape[1] + 2), dtype=bool)
    padded[1:-1, 1:-1] = inside
    labels, _ = components(~padded)
    result: np.ndarray = labels == labels[0, 0]
    return result


def check_choice(what: str, value: object, choices: Iterable[str]) -> str:
    """``value`` if it is one of ``choices``, else InvalidOptionError naming them."""
    allowed = tuple(choices)
    if value not in allowed:
        hint = did_you_mean(value, allowed) if isinstance(value, str) else ""
        raise InvalidOptionError(f"{what} must be one of {', '.join(allowed)}; got {value!r}{hint}")
    return str(value)


def check_int(what: str, value: object, lo: int, hi: int) -> int:
    """``value`` as an int in lo..hi, else InvalidOptionError giving the range."""
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise InvalidOptionError(f"{what} must be a whole number from {lo} to {hi}; got {value!r}")
    return value


def check_side(shape: str, name: str, value: object, hi: int) -> int:
    """A width or height of a shape: a whole number from 1 to ``hi`` (InvalidSizeError)."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidSizeError(f"{shape} {name} must be a whole number of cells, got {value!r}")
    if not 1 <= value <= hi:
        raise InvalidSizeError(f"{shape} {name} must be between 1 and {hi} cells, got {value}")
    return value


def reject_unknown(shape: str, given: Mapping[str, object], known: Sequence[str]) -> None:
    """InvalidOptionError for the first option a shape does not take, listing the ones it does."""
    for name in given:
        listed = ", ".join(known) or "none"
        raise InvalidOptionError(
            f"the {shape} shape has no option {name!r}{did_you_mean(name, known)}; "
            f"its options: {listed}"
        )
