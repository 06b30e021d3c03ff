"""Solving effort: the expected number of moves of a simulated human-like solver.

The solver walks from the entrance with a pencil. At each cell it looks at the openings it has
not been through, ignores those it can see are dead (a pocket of at most ``SEE`` cells with no
way on, e.g. a short dead end), and picks one of the rest at random, favouring openings that
head toward the goal: an opening weighs ``GOAL_PULL ** s``, where s in [-1, 1] is how much
nearer the goal (counted in cells, ignoring walls) the corridor behind the opening leads over
its first ``LOOK`` cells, per cell. When it runs out of openings it walks back one cell and
chooses again (a depth-first search); cells it has marked are never entered again. The effort
is the expected number of moves until it stands on the exit, the first step in included, so a
corridor of L cells costs L.

On a perfect maze (a tree) the effort is exact, with no sampling: a wrong branch, once entered,
is explored to the end (2 moves per cell entered, there and back), and the choice rule is a
Plackett-Luce order, so the branch is tried before the right way with probability
w_b / (w_b + w_right). Hence effort = L + sum over wrong branches of that probability times
twice the cells the solver enters in the branch. On a maze with loops (braided) the order
matters, so the solver is run ``runs`` times from one seeded random.Random (by default a seed
made from the maze itself) and the moves are averaged.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..core.grid import Grid, bfs, passage_counts, slots_of
from ..core.maze import Maze
from ..errors import InvalidOptionError

#: Pockets of at most this many cells behind an opening are seen to be dead and not entered.
SEE = 4
#: Cells of corridor looked along to judge where an opening heads.
LOOK = 4
#: Weight of an opening heading straight for the goal over a sideways one (and sideways over
#: straight away).
GOAL_PULL = 2.0
#: Simulated runs per maze with loops, by default.
RUNS = 16
METHODS = ("auto", "exact", "simulate")


@dataclass(frozen=True)
class Effort:
    """A maze's modelled solving effort (moves) and its parts."""

    mean: float  # expected moves from entering to standing on the exit
    solution: int  # cells of the shortest path: the moves with no wrong turn
    wrong: float  # expected moves spent off the shortest path (mean - solution)
    stderr: float  # standard error of the mean (0.0 when computed exactly)
    runs: int  # solver runs averaged (0: computed exactly on a perfect maze)


def solving_effort(
    maze: Maze, *, runs: int = RUNS, seed: int | None = None, method: str = "auto"
) -> float:
    """A maze's effort: the smaller of the model solver's expected moves from START and from
    FINISH (a solver picks the easier end; see ``directional_efforts``)."""
    forward, backward = directional_efforts(maze, runs=runs, seed=seed, method=method)
    return min(forward.mean, backward.mean)


def effort_parts(
    maze: Maze,
    *,
    runs: int = RUNS,
    seed: int | None = None,
    method: str = "auto",
    backward: bool = False,
) -> Effort:
    """Effort and its parts from START (from FINISH with ``backward``: the solver starts at the
    exit and seeks the entrance). ``method``: "exact" (perfect mazes only), "simulate", or
    "auto" (exact on a perfect maze, else ``runs`` simulated runs from ``seed``, by default a
    seed derived from the maze's passages and openings, the direction included)."""
    forward_parts, backward_parts = directional_efforts(maze, runs=runs, seed=seed, method=method)
    return backward_parts if backward else forward_parts


def directional_efforts(
    maze: Maze, *, runs: int = RUNS, seed: int | None = None, method: str = "auto"
) -> tuple[Effort, Effort]:
    """The effort from START and from FINISH. On a perfect maze both come from one search
    from the exit (``hang``): a false branch holds the same cells whichever end it is seen
    from, so only the choices along the solution are weighed again, toward the entrance."""
    efforts, _ = efforts_and_tree(maze, runs=runs, seed=seed, method=method)
    return efforts


def efforts_and_tree(
    maze: Maze, *, runs: int = RUNS, seed: int | None = None, method: str = "auto"
) -> tuple[tuple[Effort, Effort], Hung | None]:
    """``directional_efforts`` and, on a perfect maze, the tree it hung from the exit (the
    strategies of mazebook.difficulty.strategies reuse it)."""
    if method not in METHODS:
        raise InvalidOptionError(f"effort method must be one of {', '.join(METHODS)}: {method!r}")
    if isinstance(runs, bool) or not isinstance(runs, int) or runs < 1:
        raise InvalidOptionError(f"effort runs must be a whole number of at least 1: {runs!r}")
    view = maze.split_view  # a weave maze: its split graph, where a crossing is two corridors
    tree = int(passage_counts(view.links).sum()) // 2 == view.size - 1
    if method == "exact" and not tree:
        raise InvalidOptionError("exact effort needs a perfect maze; this one has loops")
    if method == "exact" or (method == "auto" and tree):
        hung = hang(view)
        if hung is not None:
            out = []
            for path, goal in ((hung.path, view.exit.cell), (hung.path[::-1], view.entrance.cell)):
                mean = _exact_along(view, path, hung, _Heading(view.grid, view.links, goal))
                out.append(Effort(mean, len(path), mean - len(path), 0.0, 0))
            return (out[0], out[1]), hung
    return (_simulated(view, runs, seed), _simulated(reversed_maze(view), runs, seed)), None


def reversed_maze(maze: Maze) -> Maze:
    """The maze with its openings swapped: solved from FINISH to START."""
    return Maze(
        maze.grid, maze.links, maze.exit, maze.entrance, maze.algorithm, maze.seed, maze.options
    )


def _simulated(view: Maze, runs: int, seed: int | None) -> Effort:
    """``runs`` runs of the solver on ``view`` (a maze with loops, or any maze when asked)."""
    solution = len(view.solution_cells)
    rng = random.Random(maze_seed(view) if seed is None else seed)
    heading = _Heading(view.grid, view.links, view.exit.cell)
    samples = [_simulate(view, heading, rng) for _ in range(runs)]
    mean = sum(samples) / runs
    var = sum((s - mean) ** 2 for s in samples) / (runs - 1) if runs > 1 else 0.0
    return Effort(mean, solution, mean - solution, math.sqrt(var / runs), runs)


def maze_seed(maze: Maze) -> int:
    """A seed made from the maze's passages and openings (the same maze, the same seed)."""
    import hashlib  # here: it loads OpenSSL (2-3 ms), and only mazes with loops need it

    h = hashlib.blake2b(digest_size=8)
    h.update(maze.links)
    h.update(f"{maze.grid.kind}:{maze.entrance.cell}:{maze.exit.cell}".encode())
    return int.from_bytes(h.digest(), "big")


class _Heading:
    """Where openings head: the goal distance (ignoring walls) and the weight of an opening."""

    def __init__(self, grid: Grid, links: bytes, goal: int) -> None:
        self.grid = grid
        self.links = links
        self.slots = slots_of(grid.degree)
        self.memo: dict[int, float] = {}
        self.dead: dict[int, bool] = {}  # openings (cell * degree + slot) seen dead, unmarked
        self.h: Callable[[int], int]
        if grid.kind == "rect" and grid.size == grid.width * grid.height:
            w = grid.width
            gx, gy = goal % w, goal // w
            self.h = lambda c: abs(c % w - gx) + abs(c // w - gy)
        elif grid.kind == "rect" and "crossing_cells" in grid.params:  # a weave's split graph
            w = grid.width
            gx, gy = goal % w, goal // w
            cells = list(range(w * grid.height)) + list(grid.params["crossing_cells"])
            self.h = lambda c: abs(cells[c] % w - gx) + abs(cells[c] // w - gy)
        else:
            dist = _open_grid_distance(grid, goal)
            self.h = dist.__getitem__

    def cached(self, here: int, first: int) -> float:
        """``weight``, remembered per opening (the simulation asks again on every return)."""
        key = here * self.grid.size + first
        w = self.memo.get(key)
        if w is None:
            w = self.memo[key] = self.weight(here, first)
        return w

    def weight(self, here: int, first: int) -> float:
        """Weight of the opening from ``here`` into ``first``: GOAL_PULL ** (approach per cell)."""
        adj, degree, links, slots = self.grid.adj, self.grid.degree, self.links, self.slots
        prev, cell, steps = here, first, 1
        while steps < LOOK:
            base = cell * degree
            onward = [adj[base + k] for k in slots[links[cell]]]
            if len(onward) != 2:
                break
            nxt = onward[0] if onward[1] == prev else onward[1]
            prev, cell, steps = cell, nxt, steps + 1
        s = (self.h(here) - self.h(cell)) / steps
        return float(GOAL_PULL ** max(-1.0, min(1.0, s)))


def _open_grid_distance(grid: Grid, goal: int) -> array[int]:
    """Cells from every cell to ``goal`` through the grid with no walls at all."""
    degree, n = grid.degree, grid.size
    full = bytearray(n)
    adj = grid.adj
    for c in range(n):
        base = c * degree
        full[c] = sum(1 << k for k in range(degree) if adj[base + k] != n)
    dist, _, _ = bfs(grid, full, goal)
    return dist


@dataclass(frozen=True)
class Hung:
    """A perfect maze hung from its exit: the solution (entrance first) and, per cell, the
    cells below it (away from the exit) and those of them the solver enters (pockets of at
    most SEE cells are seen to be dead). Below an off-solution cell lie the same cells from
    either end, so both directions (and the strategies) read the one tree."""

    path: tuple[int, ...]
    size: list[int]
    entered: list[int]


def hang(maze: Maze) -> Hung | None:
    """The tree of a perfect maze (its split graph) hung from the exit: one breadth-first
    search; None when the entrance is not in it."""
    grid = maze.grid
    n = grid.size
    _, parent, order = bfs(grid, maze.links, maze.exit.cell)
    size = [1] * n
    entered = [1] * n
    for c in reversed(order):
        p = parent[c]
        if p >= 0:
            size[p] += size[c]
            if size[c] > SEE:
                entered[p] += entered[c]
    path = _path_up(parent, maze.entrance.cell, maze.exit.cell)
    if not path:
        return None
    return Hung(tuple(path), size, entered)


def _exact_along(maze: Maze, path: Sequence[int], hung: Hung, heading: _Heading) -> float:
    """Expected moves walking ``path`` (the solution, from either end) on a perfect maze: its
    cells plus each false branch's chance of being tried first times the moves it costs."""
    grid = maze.grid
    degree, adj, links = grid.degree, grid.adj, maze.links
    slots = slots_of(degree)
    size, entered = hung.size, hung.entered
    total = float(len(path))
    counts = bytes(links).translate(_PASSAGES)
    prev = -1
    for i in range(len(path) - 1):
        p, right = path[i], path[i + 1]
        if counts[p] <= (2 if i else 1):  # the ways in and on alone: no branch to weigh
            prev = p
            continue
        base = p * degree
        w_right = -1.0
        for k in slots[links[p]]:
            b = adj[base + k]
            if b in (right, prev) or size[b] <= SEE:
                continue
            if w_right < 0:
                w_right = heading.weight(p, right)
            w_b = heading.weight(p, b)
            total += 2.0 * entered[b] * w_b / (w_b + w_right)
        prev = p
    return total


#: Passage byte -> its passages (set bits): a cell of the solution with no more than the ways
#: in and on has no false branch.
_PASSAGES = bytes(bin(b).count("1") for b in range(256))


def _path_up(parent: Sequence[int], start: int, goal: int) -> list[int]:
    """The cells from ``start`` up the tree hung from ``goal`` (the solution of a perfect maze,
    without a second search); empty when ``start`` is not in the tree."""
    path = [start]
    while path[-1] != goal:
        up = parent[path[-1]]
        if up < 0:
            return []
        path.append(up)
    return path


def _simulate(maze: Maze, heading: _Heading, rng: random.Random) -> int:
    """One run of the solver (any maze): the moves until it stands on the exit."""
    grid = maze.grid
    n, degree, adj, links = grid.size, grid.degree, grid.adj, maze.links
    slots = slots_of(degree)
    goal = maze.exit.cell
    marked = bytearray(n + 1)
    marked[n] = 1
    cell = maze.entrance.cell
    marked[cell] = 1
    stack = [cell]
    moves = 1
    dead_memo = heading.dead  # openings dead with nothing marked stay dead
    while cell != goal:
        base = cell * degree
        options = []
        for k in slots[links[cell]]:
            j = adj[base + k]
            if marked[j] or dead_memo.get(base + k, False):
                continue
            if not _seen_dead(maze, marked, cell, j, dead_memo, base + k):
                options.append(j)
        if options:
            if len(options) > 1:
                weights = [heading.cached(cell, j) for j in options]
                cell = rng.choices(options, weights)[0]
            else:
                cell = options[0]
            marked[cell] = 1
            stack.append(cell)
        else:
            stack.pop()
            cell = stack[-1]
        moves += 1
    return moves


def _seen_dead(
    maze: Maze, marked: bytearray, here: int, first: int, memo: dict[int, bool], key: int
) -> bool:
    """True when the unmarked cells reached through ``first`` (not back through ``here``) are
    at most SEE and do not hold the exit: a pocket the solver sees is dead. A pocket that is
    dead with no marks on it is remembered under ``key`` (marks only make pockets smaller)."""
    grid = maze.grid
    degree, adj, links, goal = grid.degree, grid.adj, maze.links, maze.exit.cell
    slots = slots_of(degree)
    pocket = [here, first]
    todo = [first]
    touched_mark = False
    while todo:
        c = todo.pop()
        if c == goal:
            return False
        base = c * degree
        for k in slots[links[c]]:
            j = adj[base + k]
            if j in pocket:
                continue
            if marked[j]:
                touched_mark = True
                continue
            if len(pocket) > SEE:
                return False
            pocket.append(j)
            todo.append(j)
    if not touched_mark:
        memo[key] = True
    return True
