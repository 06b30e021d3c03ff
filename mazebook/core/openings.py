"""Where a maze's entrance and exit go: explicit cells, or a placement policy over the outline.

The default, "farthest", puts START and FINISH apart and at the ends of the longest path among
the pairs allowed: at least APART of the perimeter apart, measured along ``grid.boundary`` (the
outer sides in order round the outline, all of one length), and on a rectangle never on the
same side (alone, that rule allows two cells either side of a corner); a circle runs from the
outside to the centre.
"opposite" puts them on opposite sides (left and right, or top and bottom). On a maze of at
most LIST_UP_TO cells (a book's, a first maze) all is plain Python, numpy never loaded: the path
lengths come from ``plain_metric``, each cell's path to the start as the bits of one integer
(mazebook.core.grown: how the maze grew, or a search along its passages). Larger mazes take
numpy's ``boundary_metric`` on an Euler tour; both find the same openings, ties included (the
engine re-exports ``place_openings``, ``OPENINGS`` and ``PLACEMENT_OPTIONS``).
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import weakref
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from ..errors import InvalidOptionError, MazebookError
from ..lazy import numpy as np
from .grid import LIST_UP_TO, SIDE_NAMES, Grid, bfs
from .grown import Grown, ancestor_paths, keep_grown, walked_bits
from .maze import Opening
from .tour import euler_tour

#: How the entrance and exit are placed when not given explicitly.
OPENINGS = ("farthest", "opposite", "corners", "sides", "random")

#: The least part of the perimeter between START and FINISH (all outlines but the circle's), as
#: a fraction (numerator, denominator) of the number of outer sides.
APART = (2, 5)

#: Directions an outer side faces, for "opposite": N, E, S, W as in the rectangle's slots.
FACING_N, FACING_E, FACING_S, FACING_W = 0, 1, 2, 3

#: Options that generate() itself takes (the rest go to the algorithm).
PLACEMENT_OPTIONS = ("openings", "entrance", "exit", "entrance_side", "exit_side")


def place_openings(
    grid: Grid,
    links: bytes,
    rng: random.Random,
    placement: dict[str, Any],
    grown: Grown | None = None,
) -> tuple[Opening, Opening]:
    """Entrance and exit: explicit cells if given, else by the ``openings`` policy.
    ``grown``: how the maze ``links`` grew, where its generator tells (the same openings,
    measured faster on small mazes: ``boundary_metric``)."""
    if "entrance" in placement or "exit" in placement:
        if not ("entrance" in placement and "exit" in placement):
            raise InvalidOptionError("give both 'entrance' and 'exit', or neither")
        entrance = _explicit_opening(
            grid, "entrance", placement["entrance"], placement.get("entrance_side")
        )
        exit_ = _explicit_opening(grid, "exit", placement["exit"], placement.get("exit_side"))
        if entrance.cell == exit_.cell and grid.size > 1:  # a path of no steps is no puzzle
            raise InvalidOptionError(
                f"'entrance' and 'exit' are the same cell ({placement['entrance']}); give "
                "two different cells"
            )
        return entrance, exit_
    policy = placement.get("openings", "farthest")
    if policy not in OPENINGS:
        raise InvalidOptionError(f"'openings' must be one of {', '.join(OPENINGS)}; got {policy!r}")
    custom = grid.params.get("default_openings")
    if custom is not None and policy == "farthest":
        # shapes with a natural goal (the circle's centre) supply their own default
        openings: tuple[Opening, Opening] = custom(grid, links, rng)
        return openings
    if custom is not None and policy == "opposite":
        raise InvalidOptionError(
            f"openings='opposite' is not for the {grid.kind} shape; use farthest (outside to "
            "centre), corners or random"
        )
    boundary = grid.boundary
    if len(boundary) < 2:
        raise MazebookError("this grid has fewer than two outer sides to open")
    if policy == "corners":
        return Opening(*boundary[0]), Opening(*boundary[len(boundary) // 2])
    if policy == "sides":
        return _middle_of_sides(grid)
    if policy == "random":
        a, b = rng.sample(range(len(boundary)), 2)
        return Opening(*boundary[a]), Opening(*boundary[b])
    if policy == "opposite":
        return opposite_openings(grid, links, grown)
    return apart_openings(grid, links, grown)


def apart_openings(grid: Grid, links: bytes, grown: Grown | None = None) -> tuple[Opening, Opening]:
    """The default placement: the longest path between two outer sides at least APART of the
    perimeter apart, and on a rectangle never on the same side (plain Python for a small
    grid, LIST_UP_TO: ``_apart_plain``; numpy for a larger one: ``_apart_numpy``)."""
    if grid.size <= LIST_UP_TO:
        pair = _apart_plain(grid, links, grown)
    else:
        pair = _apart_numpy(grid, links)
    a, b = min(pair), max(pair)  # START comes first going round from the top left
    return Opening(*grid.boundary[a]), Opening(*grid.boundary[b])


def _apart_numpy(grid: Grid, links: bytes) -> tuple[int, int]:
    """``apart_openings``' pair of entries from numpy's metric (any grid: large ones)."""
    metric = boundary_metric(grid, links)
    lo, hi = _apart_windows(grid)
    if metric.matrix is None and len(lo) <= BAND_UP_TO:
        return best_apart_band(metric, lo, hi, _band(grid))
    return best_apart(metric, lo, hi)


def _apart_plain(grid: Grid, links: bytes, grown: Grown | None = None) -> tuple[int, int]:
    """``_apart_numpy``'s pair (ties broken alike) in plain Python: on a tree, each entry's
    window measured pair by pair (``best_apart_bits``) or, from BLOCKS_FROM to BLOCKS_UP_TO
    outer sides, by runs of them (``best_apart_blocks``), up to BITS_PAIR_UP_TO; else (and on
    mazes that are not trees) ``best_apart``'s doubling (``best_apart_plain``)."""
    metric = plain_metric(grid, links, grown)
    lo, hi = _apart_lists(grid)
    if metric.paths is not None and metric.size <= BITS_PAIR_UP_TO:
        if BLOCKS_FROM <= metric.size <= BLOCKS_UP_TO:
            return best_apart_blocks(metric.paths, lo, hi, _block_plan_of(grid))
        return best_apart_bits(metric.paths, lo, hi)
    return best_apart_plain(metric, lo, hi)


#: Outlines of BLOCKS_FROM to BLOCKS_UP_TO outer sides (a book's mazes of about 250 cells
#: and more; a 64 x 64 square has 256) search a tree maze's default pair by runs of BLOCK_RUN
#: entries (``best_apart_blocks``); shorter ones entry by entry (``best_apart_bits``), cheaper
#: there, and so longer ones (long thin rectangles, whose many runs across the long sides
#: bound each other alike). Only the speed depends on them.
BLOCKS_FROM = 64
BLOCKS_UP_TO = 384
BLOCK_RUN = 8


def _block_plan_of(grid: Grid) -> _BlockPlan:
    """``_block_plan`` of ``grid``'s outline (once per grid)."""
    cache = _per_grid(grid)
    plan: _BlockPlan | None = cache.get("block_plan")
    if plan is None:
        lo, hi = _apart_lists(grid)
        plan = cache["block_plan"] = _block_plan(len(lo), lo, hi, BLOCK_RUN)
    return plan


#: What is worked out once per grid (a book's candidates share their grids): the outer cells
#: and each entry's window of partners. Weak keys: a grid's entries go with it.
_PER_GRID: weakref.WeakKeyDictionary[Grid, dict[str, Any]] = weakref.WeakKeyDictionary()


def _per_grid(grid: Grid) -> dict[str, Any]:
    found = _PER_GRID.get(grid)
    if found is None:
        found = _PER_GRID[grid] = {}
    return found


def _apart_windows(grid: Grid) -> tuple[np.ndarray, np.ndarray]:
    """Per entry i of the outline, the first and last steps round (mod the count of entries)
    to an entry it may pair with: i + lo[i] .. i + hi[i], at least APART away and on a
    rectangle never on its own side."""
    cache = _per_grid(grid)
    found: tuple[np.ndarray, np.ndarray] | None = cache.get("apart")
    if found is not None:
        return found
    count = len(grid.boundary)
    steps = apart_steps(count)
    entries = np.arange(count)
    after, before = np.ones(count, dtype=np.int64), np.zeros(count, dtype=np.int64)
    if grid.kind == "rect":  # the sides run N, E, S, W round the outline, from the top left
        lengths = np.array([grid.width, grid.height, grid.width, grid.height])
        firsts = np.concatenate([[0], np.cumsum(lengths)[:-1]])
        side = np.fromiter((k for _, k in grid.boundary), dtype=np.int64)
        after = firsts[side] + lengths[side] - entries  # this side's entries from here on
        before = entries - firsts[side]  # and before here
    # entry i may pair with i + lo .. i + hi going round (mod count)
    lo = np.maximum(after, steps)
    hi = np.minimum(count - 1 - before, count - steps)
    lo.setflags(write=False)
    hi.setflags(write=False)
    cache["apart"] = (lo, hi)
    return lo, hi


def _apart_lists(grid: Grid) -> tuple[list[int], list[int]]:
    """``_apart_windows`` as lists, in plain Python (once per grid)."""
    cache = _per_grid(grid)
    found: tuple[list[int], list[int]] | None = cache.get("apart_lists")
    if found is not None:
        return found
    boundary = grid.boundary
    count = len(boundary)
    steps = apart_steps(count)
    lo, hi = [max(1, steps)] * count, [min(count - 1, count - steps)] * count
    if grid.kind == "rect":  # the sides run N, E, S, W round the outline, from the top left
        lengths = (grid.width, grid.height, grid.width, grid.height)
        firsts = (0, lengths[0], lengths[0] + lengths[1], lengths[0] + lengths[1] + lengths[2])
        for i, (_, side) in enumerate(boundary):
            after = firsts[side] + lengths[side] - i  # this side's entries from here on
            before = i - firsts[side]  # and before here
            lo[i], hi[i] = max(after, steps), min(count - 1 - before, count - steps)
    cache["apart_lists"] = (lo, hi)
    return lo, hi


#: Outlines of at most this many outer sides (a book's mazes have tens) measure every entry's
#: whole window at once (``best_apart_band``); longer ones by ``best_apart``'s doubling, whose
#: work grows as the count times its logarithm. Only the speed depends on it.
BAND_UP_TO = 1024


class _Band(NamedTuple):
    """Every entry's window as one band of a table: row i holds the entries i + first + t
    (t = 0 .. width - 1, going round), ``inside`` where they lie in its own window."""

    first: int
    rows: np.ndarray  # [i, t]: i
    partners: np.ndarray  # [i, t]: (i + first + t) mod count
    inside: np.ndarray  # [i, t]: first + t lies in lo[i] .. hi[i]


#: The grids whose band is kept: the last BANDS_KEPT of outlines of at most SMALL_OUTLINE
#: outer sides (a book's candidates come in runs of a few sizes: one kept would be made again
#: for every other candidate; eight such bands take at most about half a megabyte), and the
#: last one of any longer outline until a short one is asked for (a long outline's band takes
#: megabytes: a server keeps none once its next maze is small). Only the speed depends on them.
BANDS_KEPT = 8
SMALL_OUTLINE = 128


def _band(grid: Grid) -> _Band:
    """``_apart_windows`` as a band (kept: BANDS_KEPT)."""
    if len(grid.boundary) <= SMALL_OUTLINE:
        if _large_band.cache_info().currsize:
            _large_band.cache_clear()
        return _small_band(grid)
    return _large_band(grid)


@functools.lru_cache(maxsize=BANDS_KEPT)
def _small_band(grid: Grid) -> _Band:
    """The band of a short outline (kept for the last BANDS_KEPT grids)."""
    return _make_band(grid)


@functools.lru_cache(maxsize=1)
def _large_band(grid: Grid) -> _Band:
    """The band of a long outline (kept for the last grid, until a short one comes)."""
    return _make_band(grid)


def _make_band(grid: Grid) -> _Band:
    """``_apart_windows`` as a band."""
    lo, hi = _apart_windows(grid)
    count = len(lo)
    valid = lo <= hi
    first = int(lo[valid].min()) if valid.any() else 0
    width = int(hi[valid].max()) - first + 1 if valid.any() else 1
    steps = first + np.arange(width)[None, :]
    entries = np.arange(count)[:, None]
    rows = np.broadcast_to(entries, (count, width)).copy()
    partners = (entries + steps) % count
    inside = (steps >= lo[:, None]) & (steps <= hi[:, None])
    for table in (rows, partners, inside):
        table.setflags(write=False)
    return _Band(first, rows, partners, inside)


def _outer_cells(grid: Grid) -> np.ndarray:
    """The cell of each entry of ``grid.boundary`` (read-only, once per grid)."""
    cache = _per_grid(grid)
    cells: np.ndarray | None = cache.get("cells")
    if cells is None:
        cells = np.fromiter((c for c, _ in grid.boundary), dtype=np.int64, count=len(grid.boundary))
        cells.setflags(write=False)
        cache["cells"] = cells
    return cells


def apart_steps(count: int) -> int:
    """Least number of outer sides between START and FINISH on an outline of ``count`` sides:
    APART of it, rounded up, or the most the outline allows (half of it) if that is less."""
    num, den = APART
    return max(1, min(-(-count * num // den), count // 2))


def opposite_openings(
    grid: Grid, links: bytes, grown: Grown | None = None
) -> tuple[Opening, Opening]:
    """START on the left and FINISH on the right, or START at the top and FINISH at the
    bottom, whichever pair of opposite sides has the longer path between them (plain Python
    for a small grid, LIST_UP_TO; numpy for a larger one)."""
    pairs = [(FACING_W, FACING_E), (FACING_N, FACING_S)]
    if grid.size <= LIST_UP_TO:
        facing = facing_list(grid)
        if not any(x in facing and y in facing for x, y in pairs):
            raise MazebookError(f"this {grid.kind} outline has no two opposite sides to open")
        a, b = between_classes_plain(plain_metric(grid, links, grown), facing, pairs)
    else:
        metric = boundary_metric(grid, links)
        classes = facing_of(grid)
        if not any((classes == x).any() and (classes == y).any() for x, y in pairs):
            raise MazebookError(f"this {grid.kind} outline has no two opposite sides to open")
        a, b = best_between_classes(metric, classes, pairs)
    return Opening(*grid.boundary[a]), Opening(*grid.boundary[b])


#: The way a hexagon's outer slots (E, SE, SW, W, NW, NE) face, for "opposite".
_HEX_FACING = (FACING_E, FACING_S, FACING_S, FACING_W, FACING_N, FACING_N)


def facing_list(grid: Grid) -> list[int]:
    """``facing_of`` as a list, in plain Python."""
    slots = [k for _, k in grid.boundary]
    if grid.kind in ("rect", "mask"):
        return slots
    if grid.kind == "hex":
        return [_HEX_FACING[k] for k in slots]
    if grid.kind == "triangle":  # slots: horizontal (an up cell's base), right, left
        from .shapes.triangular import triangle_rows

        outline = str(grid.params["outline"])
        rows, parity = triangle_rows(grid.width, grid.height, outline)
        facing = []
        for c, k in grid.boundary:
            if outline == "rect":  # rows of ``width`` cells
                row, col = divmod(c, grid.width)
            else:  # row r holds 2r + 1 cells from column rows - 1 - r: r * r cells above it
                row = math.isqrt(c)
                col = rows - 1 - row + c - row * row
            up = (row + col) % 2 == parity
            horizontal = FACING_S if up else FACING_N
            facing.append(horizontal if k == 0 else FACING_E if k == 1 else FACING_W)
        return facing
    return [-1] * len(slots)


def between_classes_plain(
    metric: PlainMetric, classes: Sequence[int], pairs: Sequence[tuple[int, int]]
) -> tuple[int, int]:
    """``best_between_classes`` (the same pair, ties broken alike) in plain Python."""
    ends: dict[int, list[tuple[int, list[int]]]] = {}
    for c in sorted({c for pair in pairs for c in pair}):
        members = [i for i, k in enumerate(classes) if k == c]
        if not members:
            continue
        row = metric.from_entry(members[0])
        first = members[_first_of_most([row[m] for m in members])]
        from_first = metric.from_entry(first)
        second = members[_first_of_most([from_first[m] for m in members])]
        ends[c] = [(first, from_first), (second, metric.from_entry(second))]
    best = (-1, 0, 0)
    for x, y in pairs:
        for a, from_a in ends.get(x, []):
            for b, _ in ends.get(y, []):
                if from_a[b] > best[0]:
                    best = (from_a[b], a, b)
    if best[0] < 0:
        raise MazebookError("no two outer sides of this grid may be opened together")
    return best[1], best[2]


def _first_of_most(values: Sequence[int]) -> int:
    """Index of the largest value, the first one on ties (as np.argmax)."""
    return values.index(max(values))


def facing_of(grid: Grid) -> np.ndarray:
    """Per outer side (entry of ``grid.boundary``), the way it faces: FACING_N .. FACING_W, or
    -1 where it faces none of them squarely."""
    slots = np.fromiter((k for _, k in grid.boundary), dtype=np.int64)
    if grid.kind in ("rect", "mask"):
        return slots
    if grid.kind == "hex":  # slots E, SE, SW, W, NW, NE
        return np.array([FACING_E, FACING_S, FACING_S, FACING_W, FACING_N, FACING_N])[slots]
    if grid.kind == "triangle":  # slots: horizontal (an up cell's base), right, left
        from .shapes.triangular import triangle_positions, triangle_rows

        outline = str(grid.params["outline"])
        rows, cols = triangle_positions(grid.width, grid.height, outline)
        _, parity = triangle_rows(grid.width, grid.height, outline)
        cells = np.fromiter((c for c, _ in grid.boundary), dtype=np.int64)
        up = (rows[cells] + cols[cells]) % 2 == parity
        horizontal = np.where(up, FACING_S, FACING_N)
        return np.where(slots == 0, horizontal, np.where(slots == 1, FACING_E, FACING_W))
    return np.full(len(slots), -1)


def best_between_classes(
    metric: BoundaryMetric, classes: np.ndarray, pairs: Sequence[tuple[int, int]]
) -> tuple[int, int]:
    """The entries (a in class x, b in class y) farthest apart over the given class pairs.

    Exact on trees without trying every pair: the point of a set farthest from any cell is an
    end of the set's diameter, so each class needs only its diameter (a double sweep) and each
    pair of classes the four pairs of those ends.
    """
    ends: dict[int, list[tuple[int, np.ndarray]]] = {}
    for c in sorted({c for pair in pairs for c in pair}):
        members = np.flatnonzero(classes == c)
        if not len(members):
            continue
        first = members[_first_max(metric.from_entry(int(members[0]))[members])]
        from_first = metric.from_entry(int(first))
        second = members[_first_max(from_first[members])]
        ends[c] = [(int(first), from_first), (int(second), metric.from_entry(int(second)))]
    best = (-1, 0, 0)
    for x, y in pairs:
        for a, from_a in ends.get(x, []):
            for b, _ in ends.get(y, []):
                if from_a[b] > best[0]:
                    best = (int(from_a[b]), a, b)
    if best[0] < 0:
        raise MazebookError("no two outer sides of this grid may be opened together")
    return best[1], best[2]


#: The pairs of a run's two halves' diameter ends (a0, b0, a1, b1) that may end the run's
#: diameter, in the order ties are broken.
_PICK_LEFT = (0, 2, 0, 0, 1, 1)
_PICK_RIGHT = (1, 3, 2, 3, 2, 3)


def best_apart(metric: BoundaryMetric, lo: np.ndarray, hi: np.ndarray) -> tuple[int, int]:
    """Entries (a, b) farthest apart through the maze where b is a + lo[a] .. a + hi[a] going
    round the outline (mod the count of entries); lo <= hi somewhere.

    Each window is covered by two runs of 2**level entries, and the farthest entry of a run
    from any cell is an end of the run's diameter (exact on trees); the runs' diameters are
    built by doubling, a sparse table of diameter ends.
    """
    count = metric.size
    entries = np.arange(count)
    width = np.maximum(hi - lo + 1, 1)
    level = _floor_log2(width)
    run_a, run_b = [entries], [entries]  # per level: diameter ends of entries s .. s + 2**l - 1
    left, right = np.array(_PICK_LEFT), np.array(_PICK_RIGHT)
    for lv in range(1, int(level.max()) + 1):
        half = (entries + (1 << (lv - 1))) % count  # the entry 2**(lv-1) on, going round
        ends = np.array([run_a[-1], run_b[-1], run_a[-1][half], run_b[-1][half]])
        lengths = metric.pairs(ends[left].ravel(), ends[right].ravel()).reshape(len(left), -1)
        best = np.argmax(lengths, axis=0)
        run_a.append(ends[left[best], entries])
        run_b.append(ends[right[best], entries])
    table_a, table_b = np.array(run_a), np.array(run_b)
    starts = [(entries + lo) % count, (entries + hi - (1 << level) + 1) % count]
    candidates = np.array([table[level, s] for s in starts for table in (table_a, table_b)])
    lengths = metric.pairs(np.tile(entries, len(candidates)), candidates.ravel())
    lengths = lengths.reshape(len(candidates), count)
    which = np.argmax(lengths, axis=0)
    far = np.where(lo <= hi, lengths[which, entries], -1)
    a = _first_max(far)
    if far[a] < 0:
        raise MazebookError("no two outer sides of this grid lie far enough apart to open")
    return a, int(candidates[which[a], a])


def best_apart_band(
    metric: BoundaryMetric, lo: np.ndarray, hi: np.ndarray, band: _Band
) -> tuple[int, int]:
    """``best_apart`` on a tree maze's metric, the same pair found with fewer numpy calls:
    each entry's farthest partner is the largest length in its window (all measured at once,
    ``band``), which is what ``best_apart``'s diameter ends reach on a tree; where several
    partners reach it, the one ``best_apart``'s runs give is worked out for that entry alone
    (``_run_ends``)."""
    lengths = metric.pairs(band.rows, band.partners)
    far = np.where(band.inside, lengths, -1).max(axis=1)
    a = _first_max(far)
    most = int(far[a])
    if most < 0:
        raise MazebookError("no two outer sides of this grid lie far enough apart to open")
    reaching = np.flatnonzero(band.inside[a] & (lengths[a] == most))
    if len(reaching) == 1:
        return a, int(band.partners[a, reaching[0]])
    # a tie: the runs of best_apart's sparse table over a's window, among its entries alone
    count, low, high = metric.size, int(lo[a]), int(hi[a])
    window = (a + np.arange(low, high + 1)) % count
    table: list[list[int]] = metric.pairs(window[:, None], window[None, :]).tolist()
    level = (high - low + 1).bit_length() - 1
    starts = (0, high - low + 1 - (1 << level))
    candidates = [end for s in starts for end in _run_ends(lambda i, j: table[i][j], level, s)]
    near = lengths[a, low - band.first : high - band.first + 1].tolist()
    b = candidates[0]
    for c in candidates[1:]:  # the first of the farthest, as np.argmax takes it
        if near[c] > near[b]:
            b = c
    return a, int(window[b])


#: Outlines of at most this many outer sides find the default pair of a small tree maze
#: (LIST_UP_TO cells) from its paths as bits, entry by entry or by runs (``best_apart_bits``,
#: ``best_apart_blocks``: about the count squared pairs at worst, far fewer as a rule); longer
#: ones by ``best_apart``'s doubling (``best_apart_plain``: the count times its logarithm).
#: Only the speed depends on it.
BITS_PAIR_UP_TO = 1024


def best_apart_bits(paths: list[int], lo: list[int], hi: list[int]) -> tuple[int, int]:
    """``best_apart_band``'s pair (ties broken alike) from each entry's path to the start as
    bits (mazebook.core.grown: a path length is the count of bits two paths do not share).

    An entry's farthest partner in its window is no farther than its farthest entry of all,
    which on a tree is one of the two ends of the entries' diameter (a double sweep): entries
    are measured in the order of that bound, and those whose bound cannot reach the best
    found so far are never measured.
    """
    count = len(paths)
    bit_count = int.bit_count

    def lengths_from(i: int) -> list[int]:
        return list(map(bit_count, map(paths[i].__xor__, paths)))

    depth = list(map(bit_count, paths))  # from the start, plus one: its farthest entry
    from_one = lengths_from(depth.index(max(depth)))  # is one end of the diameter
    from_other = lengths_from(from_one.index(max(from_one)))  # and the other
    bound = list(map(max, from_one, from_other))
    doubled = paths + paths
    most, a = -1, -1
    for i in sorted(range(count), key=bound.__getitem__, reverse=True):  # stable: i rising
        if bound[i] < most:
            break
        if lo[i] > hi[i] or (bound[i] == most and i > a):
            continue
        far = max(map(bit_count, map(paths[i].__xor__, doubled[i + lo[i] : i + hi[i] + 1])))
        if far > most or (far == most and i < a):
            most, a = far, i
    if most < 0:
        raise MazebookError("no two outer sides of this grid lie far enough apart to open")
    return a, _partner(paths, a, lo[a], hi[a], most)


def _partner(paths: list[int], a: int, low: int, high: int, most: int) -> int:
    """The entry of ``a``'s window (a + low .. a + high going round) that ``best_apart_band``
    pairs with ``a``, whose farthest partner there is ``most`` away."""
    count = len(paths)
    window = [paths[j % count] for j in range(a + low, a + high + 1)]
    near = list(map(int.bit_count, map(paths[a].__xor__, window)))
    if near.count(most) == 1:
        return (a + low + near.index(most)) % count
    # a tie: the first of the diameter ends of best_apart's two runs over a's window (the
    # first run's, then the last's) that reaches the most; one of a run's ends reaches it if
    # any of its entries does (on a tree), so where one entry alone does, that is the end
    size = 1 << (len(window).bit_length() - 1)
    for start in (0, len(window) - size):
        run = near[start : start + size]
        reaching = run.count(most)
        if reaching == 1:
            return (a + low + start + run.index(most)) % count
        if reaching:
            one, other = _bits_run_ends(window[start : start + size])
            b = start + (one if near[start + one] == most else other)
            return (a + low + b) % count
    raise AssertionError("no run reaches its window's farthest")  # not on a tree


def _bits_run_ends(run: list[int]) -> tuple[int, int]:
    """``_run_ends`` of a whole run of 2**level paths as bits, merged bottom up (the same
    merges, ties broken alike)."""
    ends = [(i, i) for i in range(len(run))]
    while len(ends) > 1:
        merged = []
        for k in range(0, len(ends), 2):
            four = (*ends[k], *ends[k + 1])
            best, pick = -1, (0, 1)
            for i, j in _PICKS:
                found = (run[four[i]] ^ run[four[j]]).bit_count()
                if found > best:
                    best, pick = found, (i, j)
            merged.append((four[pick[0]], four[pick[1]]))
        ends = merged
    return ends[0]


class _BlockPlan(NamedTuple):
    """How ``best_apart_blocks`` splits an outline of windows ``lo``/``hi`` (worked out once
    per grid): runs of neighbouring entries (``blocks``, as (first, past) of each); the pairs
    of runs x <= y that may hold an allowed pair, either way round (x in ``lower``, y in
    ``upper``); per such pair of runs, the ordered pairs (x, y, full) that may hold one, i in
    x with a partner j in y in i's window (``pairs``; ``full`` where every j of y is in every
    i's window of x); and, made when first needed, each i's partners in y as (i, j0, j1):
    ``doubled[j0:j1]`` (``partners``, by (x, y))."""

    lo: list[int]
    hi: list[int]
    blocks: list[tuple[int, int]]
    lower: list[int]
    upper: list[int]
    pairs: list[list[tuple[int, int, bool]]]
    partners: dict[tuple[int, int], list[tuple[int, int, int]]]


def _block_plan(count: int, lo: list[int], hi: list[int], size: int) -> _BlockPlan:
    """``_BlockPlan`` of an outline of ``count`` entries with windows ``lo``/``hi``, in runs
    of about ``size`` entries: per run, the span its windows cover (in doubled coordinates,
    0 .. 2 count) and the span they all share, a pair of runs full where the second lies in
    that shared span."""
    runs = max(1, round(count / size))
    starts = [count * r // runs for r in range(runs + 1)]
    blocks = list(itertools.pairwise(starts))
    block_of = [0] * count
    for r, (s, e) in enumerate(blocks):
        block_of[s:e] = [r] * (e - s)
    found: dict[tuple[int, int], bool] = {}
    for x, (xs, xe) in enumerate(blocks):
        members = [i for i in range(xs, xe) if lo[i] <= hi[i]]
        if not members:
            continue
        firsts, lasts = [i + lo[i] for i in members], [i + hi[i] for i in members]
        shared_first, shared_last = max(firsts), min(lasts)
        every = len(members) == xe - xs
        j, last = min(firsts), max(lasts)
        while j <= last:  # the runs the windows' span meets, going round
            y = block_of[j % count]
            ys, ye = blocks[y][0] + j - j % count, blocks[y][1] + j - j % count
            full = every and shared_first <= ys and ye - 1 <= shared_last
            found[x, y] = found.get((x, y), False) or full
            j = ye
    lower: list[int] = []
    upper: list[int] = []
    pairs: list[list[tuple[int, int, bool]]] = []
    for x, y in sorted({(min(key), max(key)) for key in found}):
        lower.append(x)
        upper.append(y)
        pairs.append([(a, b, found[a, b]) for a, b in sorted({(x, y), (y, x)}) if (a, b) in found])
    return _BlockPlan(lo, hi, blocks, lower, upper, pairs, {})


def _partners(plan: _BlockPlan, x: int, y: int) -> list[tuple[int, int, int]]:
    """Each i of run x with its partners in run y, as (i, j0, j1): ``doubled[j0:j1]``
    (kept in ``plan``)."""
    found = plan.partners.get((x, y))
    if found is None:
        count = len(plan.lo)
        (xs, xe), (ys, ye) = plan.blocks[x], plan.blocks[y]
        found = []
        for i in range(xs, xe):
            w0, w1 = i + plan.lo[i], i + plan.hi[i] + 1
            for base in (0, count):
                j0, j1 = max(w0, ys + base), min(w1, ye + base)
                if j0 < j1:
                    found.append((i, j0, j1))
        plan.partners[x, y] = found
    return found


def best_apart_blocks(
    paths: list[int], lo: list[int], hi: list[int], plan: _BlockPlan
) -> tuple[int, int]:
    """``best_apart_bits``' pair (ties broken alike), searched by runs of entries (``plan``,
    of these windows ``lo``/``hi``).

    On a tree, the farthest pair between two sets is one of the four pairs of their
    diameters' ends (each set's farthest point from anything is one of its diameter's ends).
    So each run's diameter ends bound every pair of runs with four lengths, exactly where all
    their pairs are allowed; pairs of runs are taken in the order of that bound, the allowed
    pairs of the rest measured one by one, until no bound reaches the best found."""
    bit_count = int.bit_count
    ends: list[tuple[int, int]] = []  # run x's diameter ends
    for s, e in plan.blocks:
        run = paths[s:e]
        near = list(map(bit_count, map(run[0].__xor__, run)))
        u = run[near.index(max(near))]
        near = list(map(bit_count, map(u.__xor__, run)))
        ends.append((u, run[near.index(max(near))]))
    bounds = [
        max(bit_count(p ^ r), bit_count(p ^ s), bit_count(q ^ r), bit_count(q ^ s))
        for (p, q), (r, s) in zip(
            map(ends.__getitem__, plan.lower), map(ends.__getitem__, plan.upper), strict=True
        )
    ]
    doubled = paths + paths
    most, reach = -1, []
    for c in sorted(range(len(bounds)), key=bounds.__getitem__, reverse=True):
        bound = bounds[c]
        if bound < most:
            break
        for x, y, full in plan.pairs[c]:
            if full:
                far = bound
            else:
                far = max(
                    (
                        max(map(bit_count, map(paths[i].__xor__, doubled[j0:j1])))
                        for i, j0, j1 in _partners(plan, x, y)
                    ),
                    default=-1,
                )
            if far > most:
                most, reach = far, [(x, y, full)]
            elif far == most:
                reach.append((x, y, full))
    if most < 0:
        raise MazebookError("no two outer sides of this grid lie far enough apart to open")
    a = len(paths)
    for x, y, full in reach:  # the first entry that reaches the most, as best_apart_bits
        if full:
            r, s = ends[y]
            xs, xe = plan.blocks[x]
            for i in range(xs, min(xe, a)):
                if bit_count(paths[i] ^ r) == most or bit_count(paths[i] ^ s) == most:
                    a = i
                    break
        else:
            for i, j0, j1 in _partners(plan, x, y):
                if i >= a:
                    break
                if max(map(bit_count, map(paths[i].__xor__, doubled[j0:j1]))) == most:
                    a = i
                    break
    return a, _partner(paths, a, lo[a], hi[a], most)


#: ``best_apart``'s pairs of a run's halves' ends, as (left, right) in tie-break order.
_PICKS = tuple(zip(_PICK_LEFT, _PICK_RIGHT, strict=True))


def _run_ends(length: Callable[[int, int], int], level: int, start: int) -> tuple[int, int]:
    """The diameter ends ``best_apart``'s sparse table holds for the run of 2**level entries
    from ``start``, from the path ``length`` between two of the entries (read only where needed: a
    few a merge), ties broken as
    ``best_apart`` breaks them."""
    if level == 0:
        return start, start
    a0, b0 = _run_ends(length, level - 1, start)
    a1, b1 = _run_ends(length, level - 1, start + (1 << (level - 1)))
    ends = (a0, b0, a1, b1)
    best, pick = -1, (0, 1)
    for i, j in _PICKS:
        found = length(ends[i], ends[j])
        if found > best:
            best, pick = found, (i, j)
    return ends[pick[0]], ends[pick[1]]


def best_apart_plain(metric: PlainMetric, lo: list[int], hi: list[int]) -> tuple[int, int]:
    """``best_apart`` (the same pair, ties broken alike, on any maze: the sparse table of
    diameter ends, built by doubling) in plain Python."""
    count, pair = metric.size, metric.pair
    levels = [max(h - low + 1, 1).bit_length() - 1 for low, h in zip(lo, hi, strict=True)]
    run_a, run_b = [list(range(count))], [list(range(count))]  # as in best_apart
    for lv in range(1, max(levels) + 1):
        a0, b0 = run_a[-1], run_b[-1]
        half = 1 << (lv - 1)
        next_a, next_b = [0] * count, [0] * count
        for e in range(count):
            h = (e + half) % count
            ends = (a0[e], b0[e], a0[h], b0[h])
            lengths = [pair(ends[i], ends[j]) for i, j in _PICKS]
            i, j = _PICKS[_first_of_most(lengths)]
            next_a[e], next_b[e] = ends[i], ends[j]
        run_a.append(next_a)
        run_b.append(next_b)
    most, a, b = -1, -1, 0
    for e in range(count):
        lv = levels[e]
        table_a, table_b = run_a[lv], run_b[lv]
        starts = ((e + lo[e]) % count, (e + hi[e] - (1 << lv) + 1) % count)
        candidates = [table[s] for s in starts for table in (table_a, table_b)]
        lengths = [pair(e, c) for c in candidates]
        which = _first_of_most(lengths)
        far = lengths[which] if lo[e] <= hi[e] else -1
        if a < 0 or far > most:
            most, a, b = far, e, candidates[which]
    if most < 0:
        raise MazebookError("no two outer sides of this grid lie far enough apart to open")
    return a, b


def farthest_openings(grid: Grid, links: bytes) -> tuple[Opening, Opening]:
    """The two ends of the longest path between any two outer sides, wherever they are (a
    double sweep: exact on trees). The placement before openings were kept apart; kept for
    benchmarks and comparison.

    The first sweep starts at the first outer side and finds the farthest one, ``a``; the second
    finds the side farthest from ``a`` (the first on ties), which ends a longest path.
    """
    boundary = grid.boundary
    if grid.size <= LIST_UP_TO:  # plain Python
        plain = plain_metric(grid, links)
        row = plain.from_entry(0)
        a = _first_of_most(row)
        row = plain.from_entry(a)
        row[a] = -1
        b = _first_of_most(row)
        return Opening(*boundary[a]), Opening(*boundary[b])
    metric = boundary_metric(grid, links)
    a = _first_max(metric.from_entry(0))
    far = metric.from_entry(a)
    far[a] = -1
    b = _first_max(far)
    return Opening(*boundary[a]), Opening(*boundary[b])


def _first_max(values: np.ndarray) -> int:
    """Index of the largest value, the first one on ties."""
    return int(np.argmax(values))


class BoundaryMetric:
    """Path lengths through a maze between its outer sides (entries of ``grid.boundary``).

    On a perfect maze (a tree) it holds, per entry, the rank of its cell along an Euler tour of
    the tree and the cell's depth, plus a sparse table of the least depth between neighbouring
    ranks: the lowest common ancestor of two cells is the shallowest cell the tour passes
    between them, so a distance costs two table reads. Other mazes fall back to one
    breadth-first search per outer cell.
    """

    def __init__(
        self,
        rank: np.ndarray,
        depth: np.ndarray,
        gaps: np.ndarray | None = None,
        matrix: np.ndarray | None = None,
    ) -> None:
        """``rank``/``depth`` per entry and ``gaps`` (least depth between ranks r and r + 1);
        or, for mazes that are not trees, ``matrix`` of distances between entries' cells."""
        self.rank = rank
        self.depth = depth
        self.matrix = matrix
        self.size = len(rank)
        rows = [gaps] if gaps is not None and len(gaps) else []
        while rows and 2 ** len(rows) <= len(rows[0]):
            width = 2 ** (len(rows) - 1)
            rows.append(np.minimum(rows[-1][:-width], rows[-1][width:]))
        # one spare column: a pair of equal ranks reads (and ignores) the column at its rank
        self.table = np.zeros((max(len(rows), 1), (len(rows[0]) if rows else 0) + 1), np.int64)
        for level, row in enumerate(rows):
            self.table[level, : len(row)] = row
        # the table flat, and per span of ranks its level's row start and width (1 << level):
        # a pair's least gap is two reads of ``flat`` (flat reads cost less than 2-D ones)
        self.flat = self.table.ravel()
        self.row_at, self.reach = _spans(self.table.shape[1])

    def pairs(self, a: np.ndarray, b: np.ndarray) -> np.ndarray:
        """Path lengths between the cells of entries ``a`` and ``b`` (arrays of entry indices)."""
        a, b = np.asarray(a, dtype=np.int64), np.asarray(b, dtype=np.int64)
        if a.shape != b.shape:
            a, b = np.broadcast_arrays(a, b)
        if self.matrix is not None:
            return np.asarray(self.matrix[a, b], dtype=np.int64)
        ra, rb = self.rank[a], self.rank[b]
        lo, hi = np.minimum(ra, rb), np.maximum(ra, rb)
        span = hi - lo  # the gaps lo .. hi - 1 lie between the two cells (none: 0 apart)
        row = self.row_at[span]
        least = np.minimum(self.flat[row + lo], self.flat[row + hi - self.reach[span]])
        return np.where(span > 0, self.depth[a] + self.depth[b] - 2 * least, 0)

    def from_entry(self, i: int) -> np.ndarray:
        """Path lengths from entry ``i``'s cell to every entry's cell."""
        return self.pairs(np.full(self.size, i), np.arange(self.size))


@functools.lru_cache(maxsize=16)
def _spans(columns: int) -> tuple[np.ndarray, np.ndarray]:
    """Per span of ranks (0 .. columns) of a sparse table ``columns`` wide, its level's row
    start in the flat table and the level's run (1 << level): the same for every maze of an
    outline, so worked out once."""
    level_of = _floor_log2(np.maximum(np.arange(columns + 1), 1))
    row_at, reach = level_of * columns, (1 << level_of).astype(np.int64)
    row_at.setflags(write=False)
    reach.setflags(write=False)
    return row_at, reach


def _floor_log2(values: np.ndarray) -> np.ndarray:
    """floor(log2(v)) of positive integers below 2**53 (0 for 0), exactly: the binary exponent
    of the float (frexp gives v = f * 2**e with 0.5 <= f < 1)."""
    exponent = np.frexp(np.asarray(values, dtype=np.float64))[1].astype(np.int64) - 1
    return np.maximum(exponent, 0)


#: Mazes of at most this many cells whose generator tells how they grew (``Grown``) are
#: measured from each cell's path to the start as the bits of an integer (``ancestor_bits``),
#: not a search along the passages (``walked_bits``) or an Euler tour: the plain path's
#: (LIST_UP_TO) cheapest way to the same lengths. Only the speed depends on it.
GROWN_UP_TO = LIST_UP_TO


def reads_grown(grid: Grid) -> bool:
    """Whether the openings of a maze on ``grid`` read how it grew (GROWN_UP_TO)."""
    return grid.size <= GROWN_UP_TO


def boundary_metric(grid: Grid, links: bytes) -> BoundaryMetric:
    """The path lengths between ``grid``'s outer sides through the maze ``links``, by numpy
    (an Euler tour; searches where the maze is not a tree): a large grid's (a small one's
    are ``plain_metric``'s, read off how the maze grew where it can be)."""
    cells = _outer_cells(grid)
    if len(cells) < 2:
        raise MazebookError("this grid has fewer than two outer sides to open")
    tour = euler_tour(grid, links, cells)
    if tour is None:
        return _bfs_metric(grid, links, cells)
    depth_along, at = tour
    distinct, rank = np.unique(at, return_inverse=True)
    depth = depth_along[at].astype(np.int64)
    if len(distinct) < 2:
        return BoundaryMetric(rank.astype(np.int64), depth, np.zeros(0, dtype=np.int64))
    least = np.minimum.reduceat(depth_along, distinct)[:-1].astype(np.int64)
    gaps = np.minimum(least, depth_along[distinct[1:]])
    return BoundaryMetric(rank.astype(np.int64), depth, gaps)


class PlainMetric:
    """``BoundaryMetric`` in plain Python, for small mazes (LIST_UP_TO cells): on a tree
    maze, each entry's path to a root as the bits of an integer (``paths``: a path length is
    the count of bits two paths do not share); on any other, each outer cell's distances by
    breadth-first search (``rows``, by cell)."""

    def __init__(
        self,
        cells: list[int],
        paths: list[int] | None = None,
        rows: dict[int, Sequence[int]] | None = None,
    ) -> None:
        """``cells``: the cell of each entry; ``paths`` (a tree) or ``rows`` (not a tree)."""
        self.cells = cells
        self.paths = paths
        self.rows = rows if rows is not None else {}
        self.size = len(cells)

    def pair(self, a: int, b: int) -> int:
        """The path length between the cells of entries ``a`` and ``b``."""
        if self.paths is not None:
            return (self.paths[a] ^ self.paths[b]).bit_count()
        return self.rows[self.cells[a]][self.cells[b]]

    def from_entry(self, i: int) -> list[int]:
        """Path lengths from entry ``i``'s cell to every entry's cell."""
        if self.paths is not None:
            return list(map(int.bit_count, map(self.paths[i].__xor__, self.paths)))
        row = self.rows[self.cells[i]]
        return [row[c] for c in self.cells]


def plain_metric(grid: Grid, links: bytes, grown: Grown | None = None) -> PlainMetric:
    """``boundary_metric``'s path lengths in plain Python (``PlainMetric``): read off how the
    maze grew where its generator tells (the record then kept: ``keep_grown``), else off a
    search along its passages; one breadth-first search per outer cell where the maze is not
    a tree."""
    cells = _outer_cell_list(grid)
    if len(cells) < 2:
        raise MazebookError("this grid has fewer than two outer sides to open")
    bits = None
    if grown is not None and reads_grown(grid):
        found = ancestor_paths(grid, grown)
        if found is not None:  # kept for the effort model, next to read it
            bits, parent = found
            keep_grown(grid, links, grown, parent)
    if bits is None:
        bits = walked_bits(grid, links)
    if bits is not None:
        return PlainMetric(cells, [bits[c] for c in cells])
    return PlainMetric(cells, rows={c: bfs(grid, links, c)[0] for c in sorted(set(cells))})


def _outer_cell_list(grid: Grid) -> list[int]:
    """The cell of each entry of ``grid.boundary``, as a list (once per grid)."""
    cache = _per_grid(grid)
    cells: list[int] | None = cache.get("cell_list")
    if cells is None:
        cells = cache["cell_list"] = [c for c, _ in grid.boundary]
    return cells


def _bfs_metric(grid: Grid, links: bytes, cells: np.ndarray) -> BoundaryMetric:
    """The fallback for mazes that are not trees: one breadth-first search per outer cell."""
    distinct, rank = np.unique(cells, return_inverse=True)
    rows = []
    for c in distinct.tolist():
        dist = np.frombuffer(bfs(grid, links, c)[0], dtype=np.int32)[: grid.size]
        rows.append(dist[distinct])
    matrix = np.asarray(rows, dtype=np.int64)[np.ix_(rank, rank)]
    return BoundaryMetric(np.zeros(len(cells), dtype=np.int64), np.zeros(len(cells)), None, matrix)


def _middle_of_sides(grid: Grid) -> tuple[Opening, Opening]:
    if grid.kind != "rect":
        raise InvalidOptionError(
            "openings='sides' is for rectangles; use farthest, opposite, corners or random"
        )
    w, h = grid.width, grid.height
    return Opening(grid.cell_at(0, h // 2), 3), Opening(grid.cell_at(w - 1, (h - 1) // 2), 1)


def _explicit_opening(grid: Grid, key: str, where: Any, side: Any) -> Opening:
    if grid.kind == "rect":
        if (
            not isinstance(where, Sequence)
            or len(where) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in where)
        ):
            raise InvalidOptionError(f"{key!r} must be [x, y], got {where!r}")
        x, y = where
        if not (0 <= x < grid.width and 0 <= y < grid.height):
            raise InvalidOptionError(
                f"{key!r} {[x, y]} lies outside the {grid.width}x{grid.height} grid"
            )
        cell = grid.cell_at(x, y)
    else:
        if isinstance(where, bool) or not isinstance(where, int) or not 0 <= where < grid.size:
            raise InvalidOptionError(f"{key!r} must be a cell number from 0 to {grid.size - 1}")
        cell = where
    sides = [k for c, k in grid.boundary if c == cell]
    if side is None:
        if not sides:
            if grid.kind == "rect":
                raise InvalidOptionError(f"{key!r} must be a cell on the outer edge")
            return Opening(cell, None)  # an inner goal, e.g. the circle's centre
        return Opening(cell, sides[0])
    k = SIDE_NAMES.index(side) if grid.kind == "rect" and side in SIDE_NAMES else side
    if k not in sides:
        raise InvalidOptionError(f"{key}_side {side!r} is not an outer side of that cell")
    return Opening(cell, k)
