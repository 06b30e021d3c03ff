"""A small rectangle's drawing made faster (issue 33, mid-size mazes) gives exactly what the
plain path gave before: each new function against that function as it was written (kept here
as the reference), on random bits, paths and mazes: wall runs and the box they carry, the
path's turns, the walls' bounds that labels and pages share, and the rectangle's key."""

from __future__ import annotations

import re
from collections.abc import Sequence

from hypothesis import given
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core.maze import Maze
from mazebook.geometry import drawing, labels, plain_drawing, symmetry
from mazebook.geometry.drawing import drawing_extent, plain_bridge_walls, rect_geometry
from mazebook.geometry.plain_drawing import Segment

GENERATORS = st.sampled_from(["backtracker", "kruskal", "prim", "sidewinder", "binary-tree"])

# --- the plain path as it was (main at ee30c52), the reference --------------------------------

_ONES = re.compile(rb"\x01+")


def _bit(bit: int) -> bytes:
    return bytes(1 if value & bit else 0 for value in range(256))


_N, _E, _S, _W = _bit(1), _bit(2), _bit(4), _bit(8)


def _or(a: bytes, b: bytes) -> bytes:
    return (int.from_bytes(a) | int.from_bytes(b)).to_bytes(len(a))


def _old_wall_runs(bits: bytes, w: int, h: int) -> list[Segment]:
    n = w * h
    cells, gap = bits[:n], b"\0"
    north, south = cells.translate(_N), cells.translate(_S)
    rows_n = [north[i : i + w] for i in range(0, n, w)] + [bytes(w)]
    rows_s = [bytes(w)] + [south[i : i + w] for i in range(0, n, w)]
    across = _or(gap.join(rows_n), gap.join(rows_s))
    out: list[Segment] = []
    for match in _ONES.finditer(across):
        a, b = match.span()
        y, x = divmod(a, w + 1)
        out.append((float(x), float(y), float(x + b - a), float(y)))
    west, east = cells.translate(_W), cells.translate(_E)
    columns_w = [west[x::w] for x in range(w)] + [bytes(h)]
    columns_e = [bytes(h)] + [east[x::w] for x in range(w)]
    down = _or(gap.join(columns_w), gap.join(columns_e))
    for match in _ONES.finditer(down):
        a, b = match.span()
        x, y = divmod(a, h + 1)
        out.append((float(x), float(y), float(x), float(y + b - a)))
    return out


def _old_extent(segments: Sequence[Sequence[float]]) -> tuple[float, ...] | None:
    if not segments:
        return None
    x1, y1, x2, y2 = zip(*segments, strict=True)
    return (
        float(min(min(x1), min(x2))),
        float(min(min(y1), min(y2))),
        float(max(max(x1), max(x2))),
        float(max(max(y1), max(y2))),
    )


def _old_turn_centres(cells: Sequence[int], w: int) -> list[tuple[float, float]]:
    if len(cells) < 3:
        kept = list(cells)
    else:
        kept = [cells[0]]
        kept += [b for a, b, c in zip(cells, cells[1:], cells[2:], strict=False) if b - a != c - b]
        kept.append(cells[-1])
    return [(c % w + 0.5, c // w + 0.5) for c in kept]


_CELL, _OVER_WE, _OVER_NS = 1, 2, 3
_EAST_OF = bytes((value >> 1) & 1 for value in range(256))
_SOUTH_OF = bytes((value >> 2) & 1 for value in range(256))
_SWAP = bytes(3 if v == 2 else 2 if v == 3 else v for v in range(256))


def _old_rect_forms(maze: Maze) -> list[bytes]:
    w, h = maze.width, maze.height
    rows_n, cols_n = 2 * h - 1, 2 * w - 1
    links = maze.links[: w * h]
    east, south = links.translate(_EAST_OF), links.translate(_SOUTH_OF)
    layout = bytearray(rows_n * cols_n)
    for y in range(h):
        top = 2 * y * cols_n
        layout[top : top + cols_n : 2] = bytes((_CELL,)) * w
        layout[top + 1 : top + cols_n : 2] = east[y * w : y * w + w - 1]
        if y < h - 1:
            below = top + cols_n
            layout[below : below + cols_n : 2] = south[y * w : y * w + w]
    for cell, over in maze.crossings:
        y, x = divmod(cell, w)
        layout[2 * y * cols_n + 2 * x] = _OVER_WE if over == "h" else _OVER_NS
    flat = bytes(layout)
    rows = [flat[i * cols_n : (i + 1) * cols_n] for i in range(rows_n)]
    columns = [flat[j::cols_n] for j in range(cols_n)]
    across, down = flat, b"".join(columns)
    variants = [
        (rows_n, cols_n, across),
        (cols_n, rows_n, b"".join(reversed(columns))),
        (rows_n, cols_n, across[::-1]),
        (cols_n, rows_n, b"".join(column[::-1] for column in columns)),
        (cols_n, rows_n, down),
        (rows_n, cols_n, b"".join(reversed(rows))),
        (cols_n, rows_n, down[::-1]),
        (rows_n, cols_n, b"".join(row[::-1] for row in rows)),
    ]
    forms = []
    for index, (r, c, data) in enumerate(variants):
        if index in (1, 3, 4, 6) and maze.crossings:
            data = data.translate(_SWAP)
        forms.append(r.to_bytes(4, "big") + c.to_bytes(4, "big") + data)
    return forms


# --- the tests ------------------------------------------------------------------------------

_BITS = st.integers(1, 20).flatmap(
    lambda w: st.integers(1, 20).flatmap(
        lambda h: st.tuples(st.just(w), st.just(h), st.binary(min_size=w * h, max_size=w * h))
    )
)
_EXTRA = st.lists(st.tuples(*[st.integers(-3, 30).map(float)] * 4), max_size=3)


@given(_BITS, _EXTRA, st.sampled_from([0, 15, 5, 10]))
def test_wall_runs_and_their_box_are_the_old_runs_and_extent(
    case: tuple[int, int, bytes], extra: list[Segment], mask: int
) -> None:
    w, h, raw = case
    # all bits, or only one family's: lines with no run at all, a border missing
    bits = bytes(b & 15 & (mask or 15) for b in raw)
    runs = plain_drawing.wall_runs(bits, w, h, extra)
    assert list(runs) == _old_wall_runs(bits, w, h) + extra
    assert runs.box == _old_extent(list(runs))
    assert plain_drawing.extent(runs) == _old_extent(list(runs))
    assert all(type(v) is float for row in runs for v in row)


@given(st.integers(1, 3), st.integers(1, 3))
def test_no_walls_have_no_box(w: int, h: int) -> None:
    runs = plain_drawing.wall_runs(bytes(w * h), w, h)
    assert list(runs) == [] and runs.box is None and plain_drawing.extent(runs) is None


@given(GENERATORS, st.integers(1, 30), st.integers(1, 30), st.integers(0, 10**6), st.booleans())
def test_a_mazes_runs_box_bounds_and_extent_are_the_old_ones(
    name: str, w: int, h: int, seed: int, weave: bool
) -> None:
    maze = generate(name, w, h, seed=seed, weave=0.5 if weave and w > 2 and h > 2 else 0.0)
    geom = rect_geometry(maze)
    rows = list(geom.segments)
    bridges = plain_bridge_walls(maze.crossings, w) if maze.crossings else []
    assert rows == _old_wall_runs(maze.wall_bits(), w, h) + bridges
    old = _old_extent(rows)
    assert old is not None
    assert labels.wall_bounds(geom) == old
    drawing._walls_extent.cache_clear()
    assert drawing._walls_extent(geom) == old
    for arrow in (0.25, 0.5):
        boxes = [
            old,
            drawing.marker_extent(geom.start, arrow, entering=True),
            drawing.marker_extent(geom.finish, arrow, entering=False),
        ]
        assert drawing_extent(geom, arrow) == tuple(
            float(f(b[i] for b in boxes)) for i, f in enumerate((min, min, max, max))
        )


@given(st.lists(st.integers(0, 400), max_size=40), st.integers(1, 30))
def test_turn_centres_are_the_old_ones(cells: list[int], w: int) -> None:
    assert plain_drawing.turn_centres(cells, w) == _old_turn_centres(cells, w)
    assert plain_drawing.turn_centres(tuple(cells), w) == _old_turn_centres(cells, w)


_MOVES = st.lists(st.sampled_from([(1, 0), (-1, 0), (0, 1), (0, -1)]), max_size=60)


def _walk(w: int, h: int, x: int, y: int, moves: list[tuple[int, int]]) -> list[int]:
    """A walk of neighbouring cells in a w x h rectangle (moves off it are skipped): runs of
    one step, turns and steps back, as a maze's path (with rules) has."""
    cells = [y * w + x]
    for dx, dy in moves:
        if 0 <= x + dx < w and 0 <= y + dy < h:
            x, y = x + dx, y + dy
            cells.append(y * w + x)
    return cells


_SIZE = st.tuples(st.integers(1, 12), st.integers(1, 12))
_QUARTER = st.integers(-8, 30).map(lambda k: k / 4)
_OFF = st.sampled_from([(0.5, 0.0), (-0.5, 0.0), (0.0, 0.5), (0.0, -0.5), (-1.0, 0.0), (0.0, 1.0)])
#: A point beyond an end of the line: anywhere, or a step off its end cell's centre (an
#: opening's, in line with the path's first or last stretch or not)
_END = st.tuples(_QUARTER, _QUARTER).map(lambda p: (False, p)) | _OFF.map(lambda d: (True, d))


def _beyond(end: tuple[bool, tuple[float, float]], at: Sequence[float]) -> Sequence[float]:
    near, (x, y) = end
    return (at[0] + x, at[1] + y) if near else (x, y)


@given(_SIZE, st.integers(0, 143), _MOVES, st.none() | _END, st.none() | _END)
def test_turns_of_walks_are_the_old_ones_and_their_lines_simplify_alike(
    size: tuple[int, int],
    first: int,
    moves: list[tuple[int, int]],
    before: tuple[bool, tuple[float, float]] | None,
    after: tuple[bool, tuple[float, float]] | None,
) -> None:
    w, h = size
    cells = _walk(w, h, first % w, first // w % h, moves)
    centres = plain_drawing.turn_centres(cells, w)
    assert centres == _old_turn_centres(cells, w)
    line: list[Sequence[float]] = list(centres)
    if before is not None:
        line.insert(0, _beyond(before, centres[0]))
    if after is not None:
        line.append(_beyond(after, centres[-1]))
    assert plain_drawing.simplify_turns(line) == plain_drawing.simplify(line)
    # and simplify keeps every inner turn (what simplify_turns counts on)
    assert plain_drawing.simplify(centres) == centres


@given(GENERATORS, st.integers(1, 30), st.integers(1, 30), st.integers(0, 10**6), st.booleans())
def test_a_mazes_solution_line_is_the_old_one(
    name: str, w: int, h: int, seed: int, weave: bool
) -> None:
    maze = generate(name, w, h, seed=seed, weave=0.5 if weave and w > 2 and h > 2 else 0.0)
    geom = rect_geometry(maze)
    centres = _old_turn_centres(maze.solution_cells, w)
    old = drawing.solution_polyline(centres, geom.start, geom.finish)
    assert geom.solution == old


@given(
    GENERATORS,
    st.integers(1, 16),
    st.integers(1, 16),
    st.integers(0, 10**6),
    st.booleans(),
    st.booleans(),
)
def test_the_rect_key_forms_are_the_old_ones(
    name: str, w: int, h: int, seed: int, weave: bool, square: bool
) -> None:
    h = w if square else h
    maze = generate(name, w, h, seed=seed, weave=0.5 if weave and w > 2 and h > 2 else 0.0)
    old = _old_rect_forms(maze)
    assert symmetry._plain_rect_forms(maze) == old
    assert symmetry._plain_least_rect(maze) == min(old)
