"""Number paths: a grid of numbered cells, no walls; count by ``step`` from START to FINISH.

Exactly one orthogonal path from START, stepping through step, 2*step, 3*step, ..., reaches
FINISH (which holds length*step). Off the path, decoys (numbers of the sequence) tempt: most
grow as branches off the path that go on counting for a while and then stop, so a wrong turn
looks right for a few steps. The other cells hold numbers that are not on any counting path
to FINISH (for step 2 and up, numbers that are not multiples of step).

Uniqueness is kept exactly while the grid is filled: ``f`` (counting paths from START to a cell)
and ``g`` (from a cell to FINISH) are known for every cell, and a number is placed only where it
joins no cell with ``f > 0`` before it to a cell with ``g > 0`` after it.

Difficulty follows the mazes' effort idea: ``number_effort`` is the expected moves of a solver
who counts on from START and, at a fork, tries the options in random order, exploring a wrong
one to its end (every cell it can count on to) before coming back. Levels 1-10 set the grid,
the path's share of it and how many and how long the decoys are (LEVEL_TABLE); of CANDIDATES
grids the one closest to the level's effort centre (``centre``) is kept. Core code: no drawing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Sequence

from ..errors import InvalidOptionError, MazebookBug
from ..records import record

#: The step a number path may count by.
MIN_STEP, MAX_STEP = 1, 12
#: Grids made for each puzzle; the one closest to the level's effort centre is kept.
CANDIDATES = 6


@record
class LevelShape:
    """What a level asks of a number path: grid (columns x rows, portrait), the path's share
    of the cells, the share of other cells that hold decoys, and the longest decoy branch."""

    columns: int
    rows: int
    path_share: float
    decoy_share: float
    branch: int


LEVEL_TABLE: dict[int, LevelShape] = {
    1: LevelShape(4, 5, 0.55, 0.30, 1),
    2: LevelShape(5, 5, 0.50, 0.35, 2),
    3: LevelShape(5, 6, 0.50, 0.40, 2),
    4: LevelShape(6, 7, 0.45, 0.45, 3),
    5: LevelShape(7, 8, 0.45, 0.50, 3),
    6: LevelShape(8, 9, 0.42, 0.55, 4),
    7: LevelShape(9, 10, 0.40, 0.60, 4),
    8: LevelShape(10, 12, 0.40, 0.65, 5),
    9: LevelShape(11, 13, 0.38, 0.70, 6),
    10: LevelShape(12, 15, 0.36, 0.75, 7),
}

#: The effort ladder of number paths (moves of the model solver): level 1 is centred on BASE,
#: each level STEP times the one below (fitted to the medians of 12 grids of each level of
#: LEVEL_TABLE, counting by 3: 13, 15, 19, 26.5, 37.5, 49.5, 58.5, 89.5, 104, 145.5 moves).
BASE, STEP = 13.0, 1.3


def centre(level: int) -> float:
    """The effort (moves) a number path of ``level`` is centred on."""
    return BASE * STEP ** (level - 1)


def level_of(effort: float) -> int:
    """The level whose centre is nearest ``effort`` on the ladder (1 to 10)."""
    value = 1 + math.log(max(effort, 1e-9) / BASE) / math.log(STEP)
    return min(max(LEVEL_TABLE), max(min(LEVEL_TABLE), round(value)))


def check_step(step: object) -> int:
    """The step as an int from MIN_STEP to MAX_STEP; InvalidOptionError otherwise."""
    if isinstance(step, bool) or not isinstance(step, int) or not MIN_STEP <= step <= MAX_STEP:
        raise InvalidOptionError(
            f"step must be a whole number from {MIN_STEP} to {MAX_STEP}, got {step!r}"
        )
    return step


Cell = tuple[int, int]


@record
class NumberPath:
    """A finished number path: ``grid[y][x]`` (rows top to bottom), the path from START to
    FINISH as (x, y) cells, and how it was made and measured."""

    grid: tuple[tuple[int, ...], ...]
    path: tuple[Cell, ...]
    step: int
    seed: int
    level: int
    effort: float  # the smaller of counting up from START and down from FINISH

    @property
    def width(self) -> int:
        return len(self.grid[0])

    @property
    def height(self) -> int:
        return len(self.grid)

    @property
    def start(self) -> Cell:
        return self.path[0]

    @property
    def finish(self) -> Cell:
        return self.path[-1]

    def decoys(self) -> int:
        """Cells off the path that hold numbers of the sequence up to FINISH's."""
        on_path = set(self.path)
        top = len(self.path) * self.step
        return sum(
            1
            for y, row in enumerate(self.grid)
            for x, value in enumerate(row)
            if (x, y) not in on_path and value % self.step == 0 and 0 < value <= top
        )


def neighbours(cell: Cell, width: int, height: int) -> list[Cell]:
    x, y = cell
    out = [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
    return [(a, b) for a, b in out if 0 <= a < width and 0 <= b < height]


def counting_paths(grid: Sequence[Sequence[int]], step: int, start: Cell, finish: Cell) -> int:
    """How many orthogonal paths go from START (which must hold ``step``) through step, 2*step,
    ... to FINISH. Values rise along a path, so it is a count over a DAG, in value order."""
    width, height = len(grid[0]), len(grid)
    if grid[start[1]][start[0]] != step:
        return 0
    ways = {start: 1}
    order = sorted(
        ((x, y) for y in range(height) for x in range(width)), key=lambda c: grid[c[1]][c[0]]
    )
    for cell in order:
        value = grid[cell[1]][cell[0]]
        if cell == start or value <= step:
            continue
        total = sum(
            ways.get(n, 0)
            for n in neighbours(cell, width, height)
            if grid[n[1]][n[0]] == value - step
        )
        if total:
            ways[cell] = total
    return ways.get(finish, 0)


def number_effort(
    grid: Sequence[Sequence[int]], step: int, path: Sequence[Cell], *, backward: bool = False
) -> float:
    """The model solver's expected moves: the path's cells, plus for each wrong option at each
    path cell (a neighbour that counts on but is off the path) the cells it can count on to
    from there (explored, on average, half the time, there and back). ``backward``: counting
    down from FINISH to START instead (the solver who starts at the end)."""
    width, height = len(grid[0]), len(grid)
    on_path = set(path)
    total = float(len(path))
    by = -step if backward else step
    for cell in (path[::-1] if backward else path)[:-1]:
        value = grid[cell[1]][cell[0]]
        for n in neighbours(cell, width, height):
            if n not in on_path and grid[n[1]][n[0]] == value + by:
                total += _reach(grid, by, n)
    return total


def _reach(grid: Sequence[Sequence[int]], step: int, first: Cell) -> int:
    """Cells a solver can count on (by ``step``, down when negative) to from ``first``
    (itself included)."""
    width, height = len(grid[0]), len(grid)
    seen = {first}
    stack = [first]
    while stack:
        cell = stack.pop()
        value = grid[cell[1]][cell[0]]
        for n in neighbours(cell, width, height):
            if n not in seen and grid[n[1]][n[0]] == value + step:
                seen.add(n)
                stack.append(n)
    return len(seen)


def _tree_path(width: int, height: int, length: int, rng: random.Random) -> list[Cell]:
    """A self-avoiding path of about ``length`` cells: a random depth-first spanning tree of
    the grid from a random cell, and the tree path to the cell whose depth is nearest length-1
    (depth-first trees have long branches, so long paths are there to take)."""
    start = (rng.randrange(width), rng.randrange(height))
    parent: dict[Cell, Cell | None] = {start: None}
    depth = {start: 0}
    stack = [start]
    while stack:
        cell = stack[-1]
        free = [n for n in neighbours(cell, width, height) if n not in parent]
        if not free:
            stack.pop()
            continue
        nxt = free[rng.randrange(len(free))]
        parent[nxt] = cell
        depth[nxt] = depth[cell] + 1
        stack.append(nxt)
    best = min(depth, key=lambda c: (abs(depth[c] - (length - 1)), c[1], c[0]))
    path: list[Cell] = []
    at: Cell | None = best
    while at is not None:
        path.append(at)
        at = parent[at]
    path.reverse()
    return path


class _Grid:
    """A grid being filled, with f (paths from START) and g (paths to FINISH) kept exact."""

    def __init__(self, width: int, height: int, step: int, path: Sequence[Cell]) -> None:
        self.width, self.height, self.step = width, height, step
        self.values = [[0] * width for _ in range(height)]
        for i, (x, y) in enumerate(path):
            self.values[y][x] = (i + 1) * step
        self.start, self.finish = path[0], path[-1]
        self.top = len(path) * step
        self.refresh()

    def value(self, cell: Cell) -> int:
        return self.values[cell[1]][cell[0]]

    def refresh(self) -> None:
        """f and g for every cell, by value order (up for f, down for g)."""
        cells = [(x, y) for y in range(self.height) for x in range(self.width)]
        cells.sort(key=self.value)
        step = self.step
        self.f: dict[Cell, int] = {self.start: 1}
        for cell in cells:
            value = self.value(cell)
            if cell == self.start or value <= step:
                continue
            total = sum(self.f.get(n, 0) for n in self.near(cell) if self.value(n) == value - step)
            if total:
                self.f[cell] = total
        self.g: dict[Cell, int] = {self.finish: 1}
        for cell in reversed(cells):
            value = self.value(cell)
            if cell == self.finish or value <= 0:
                continue
            total = sum(self.g.get(n, 0) for n in self.near(cell) if self.value(n) == value + step)
            if total:
                self.g[cell] = total

    def near(self, cell: Cell) -> list[Cell]:
        return neighbours(cell, self.width, self.height)

    def place(self, cell: Cell, value: int) -> bool:
        """Put ``value`` in an empty cell unless it would make a second counting path (it would
        join a cell reached from START to one that reaches FINISH); True when placed."""
        step = self.step
        near = self.near(cell)
        reached = any(self.f.get(n, 0) and self.value(n) == value - step for n in near)
        reaching = any(self.g.get(n, 0) and self.value(n) == value + step for n in near)
        if reached and reaching:
            return False
        self.values[cell[1]][cell[0]] = value
        if reached or reaching:
            self.refresh()
        return True


def _branches(
    grid: _Grid, path: Sequence[Cell], count: int, longest: int, rng: random.Random
) -> None:
    """Grow up to ``count`` decoy cells as branches off the path: from path cell k (value
    k*step) into empty cells holding (k+1)*step, (k+2)*step, ... for up to ``longest`` cells,
    each placed only where it keeps the path the only one."""
    placed, tries = 0, 0
    while placed < count and tries < 8 * count + 20:
        tries += 1
        at = path[rng.randrange(len(path) - 1)]
        value = grid.value(at)
        for _ in range(1 + rng.randrange(longest)):
            empty = [n for n in grid.near(at) if grid.value(n) == 0]
            if not empty or value + grid.step > grid.top:
                break
            cell = empty[rng.randrange(len(empty))]
            if not grid.place(cell, value + grid.step):
                break
            placed += 1
            at, value = cell, value + grid.step
            if placed >= count:
                return


def _filler(grid: _Grid, rng: random.Random) -> int:
    """A number no counting path to FINISH can use: off the sequence (step 2 and up), or above
    FINISH's number (step 1, where every smaller number is in the sequence)."""
    step, top = grid.step, grid.top
    if step == 1:
        return top + 1 + rng.randrange(max(4, top // 3))
    while True:
        value = 1 + rng.randrange(top + step)
        if value % step:
            return value


def make_number_path(
    width: int,
    height: int,
    step: int,
    *,
    seed: int,
    shape: LevelShape,
    level: int,
) -> NumberPath:
    """One number path on a width x height grid counting by ``step``, shaped by ``shape``."""
    check_step(step)
    rng = random.Random(f"mazebook-number-path:{seed}")
    cells = width * height
    length = max(3, round(shape.path_share * cells))
    path = _tree_path(width, height, length, rng)
    grid = _Grid(width, height, step, path)
    others = cells - len(path)
    wanted = math.ceil(max(0.25, shape.decoy_share) * others)
    _branches(grid, path, math.ceil(0.6 * wanted), shape.branch, rng)
    empty = [(x, y) for y in range(height) for x in range(width) if grid.value((x, y)) == 0]
    rng.shuffle(empty)
    decoys = others - len(empty)
    for cell in empty:
        placed = False
        if decoys < wanted:
            for _ in range(4):  # a loose decoy: a number of the sequence that joins nothing
                value = step * (1 + rng.randrange(len(path)))
                if grid.place(cell, value):
                    placed, decoys = True, decoys + 1
                    break
        if not placed:
            grid.values[cell[1]][cell[0]] = _filler(grid, rng)
    values = tuple(tuple(row) for row in grid.values)
    if counting_paths(values, step, path[0], path[-1]) != 1:  # pragma: no cover - kept exact
        raise MazebookBug("a number path with more than one counting path")
    effort = min(
        number_effort(values, step, path), number_effort(values, step, path, backward=True)
    )
    return NumberPath(values, tuple(path), step, seed, level, effort)


def choose_number_path(
    level: int, step: int, limit: tuple[int, int], rng: random.Random
) -> tuple[NumberPath, int]:
    """The level's number path on a grid of at most ``limit`` (columns, rows): CANDIDATES made,
    the one closest to the level's effort centre kept; (it, candidates made)."""
    shape = grid_for(level, limit)
    best: tuple[float, NumberPath] | None = None
    for _ in range(CANDIDATES):
        made = make_number_path(
            shape.columns, shape.rows, step, seed=rng.getrandbits(63), shape=shape, level=level
        )
        miss = abs(math.log(made.effort / centre(level)))
        if best is None or miss < best[0]:
            best = (miss, made)
    assert best is not None
    return best[1], CANDIDATES


def grid_for(level: int, limit: tuple[int, int]) -> LevelShape:
    """The level's shape turned to the room (landscape room, landscape grid); InvalidOptionError
    when the room cannot hold it (see highest_fitting)."""
    shape = LEVEL_TABLE[level]
    columns, rows = shape.columns, shape.rows
    if limit[0] > limit[1]:
        columns, rows = rows, columns
    if columns > limit[0] or rows > limit[1]:
        raise InvalidOptionError(
            f"a level-{level} number path needs {columns} x {rows} cells; the room holds "
            f"{limit[0]} x {limit[1]}"
        )
    return LevelShape(columns, rows, shape.path_share, shape.decoy_share, shape.branch)


def fits(level: int, limit: tuple[int, int]) -> bool:
    """Whether the room (most columns, rows) holds the level's grid."""
    try:
        grid_for(level, limit)
    except InvalidOptionError:
        return False
    return True
