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

from ..core.grid import (
    LIST_UP_TO,
    Grid,
    bfs,
    neighbour_list,
    passage_bytes,
    plain_rect,
    slots_of,
    walk,
)
from ..core.grown import grown_of, hung_from
from ..core.maze import Maze
from ..errors import InvalidOptionError
from ..records import record

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


@record
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
    tree = sum(passage_bytes(view.links)) // 2 == view.size - 1
    if method == "exact" and not tree:
        raise InvalidOptionError("exact effort needs a perfect maze; this one has loops")
    if method == "exact" or (method == "auto" and tree):
        hung = hang(view)
        if hung is not None:
            if plain_rect(view.grid):
                ahead, behind = _exact_rect(view, hung)
            else:
                ahead_h = goal_distance(view.grid, view.exit.cell)
                back_h = goal_distance(view.grid, view.entrance.cell)
                ahead, behind = _exact_both(view, hung, ahead_h, back_h)
            cells = len(hung.path)
            view.share_solution(hung.path)
            return (
                Effort(ahead, cells, ahead - cells, 0.0, 0),
                Effort(behind, cells, behind - cells, 0.0, 0),
            ), hung
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
        self.adj = neighbour_list(grid)
        self.memo: dict[int, float] = {}
        self.dead: dict[int, bool] = {}  # openings (cell * degree + slot) seen dead, unmarked
        self.h: Callable[[int], int] = goal_distance(grid, goal)

    def cached(self, here: int, first: int) -> float:
        """``weight``, remembered per opening (the simulation asks again on every return)."""
        key = here * self.grid.size + first
        w = self.memo.get(key)
        if w is None:
            w = self.memo[key] = self.weight(here, first)
        return w

    def weight(self, here: int, first: int) -> float:
        """Weight of the opening from ``here`` into ``first``: GOAL_PULL ** (approach per cell)."""
        h = self.h
        return _weight(self.adj, self.slots, self.links, self.grid.degree, h, h(here), here, first)


def _corridor(
    adj: Sequence[int],
    slots: Sequence[Sequence[int]],
    links: bytes,
    degree: int,
    here: int,
    first: int,
) -> tuple[int, int]:
    """Where the corridor behind the opening from ``here`` into ``first`` is looked along to
    (at most LOOK cells, stopping where it branches or ends) and its cells: the same whichever
    goal the solver seeks."""
    before, end, steps = here, first, 1
    while steps < LOOK:
        onward = slots[links[end]]
        if len(onward) != 2:
            break
        at = end * degree
        second = adj[at + onward[1]]
        before, end = end, adj[at + onward[0]] if second == before else second
        steps += 1
    return end, steps


def _pull(approach: int, steps: int) -> float:
    """GOAL_PULL ** (``approach`` cells nearer the goal over ``steps`` cells, clipped to 1)."""
    s = approach / steps
    return float(GOAL_PULL ** max(-1.0, min(1.0, s)))


#: ``_pull`` by ``approach * PULL_KEY + steps`` for every approach a corridor of at most LOOK
#: cells makes where a step moves at most one cell nearer or farther (every shipped grid):
#: the same floats, read instead of raised to a power on every branch the effort weighs.
PULL_KEY = LOOK + 1
PULLS: dict[int, float] = {
    a * PULL_KEY + steps: _pull(a, steps)
    for steps in range(1, LOOK + 1)
    for a in range(-steps, steps + 1)
}


def _pull_of(approach: int, steps: int) -> float:
    """``_pull``, read from PULLS where it holds the pair."""
    found = PULLS.get(approach * PULL_KEY + steps)
    return _pull(approach, steps) if found is None else found


def goal_distance(grid: Grid, goal: int) -> Callable[[int], int]:
    """Cells from a cell to ``goal`` through the grid with no walls (on a rectangle, and a
    weave's split graph of one, by their columns and rows)."""
    if plain_rect(grid):
        w = grid.width
        gx, gy = goal % w, goal // w
        return lambda c: abs(c % w - gx) + abs(c // w - gy)
    if grid.kind == "rect" and "crossing_cells" in grid.params:  # a weave's split graph
        w = grid.width
        gx, gy = goal % w, goal // w
        cells = list(range(w * grid.height)) + list(grid.params["crossing_cells"])
        return lambda c: abs(cells[c] % w - gx) + abs(cells[c] // w - gy)
    return _open_grid_distance(grid, goal).__getitem__


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


@record
class Hung:
    """A perfect maze hung from its exit: the solution (entrance first) and, per cell, the
    cells below it (away from the exit) and those of them the solver enters (pockets of at
    most SEE cells are seen to be dead). Below an off-solution cell lie the same cells from
    either end, so both directions (and the strategies) read the one tree. ``parent`` (toward
    the exit, -1 there and where unreached) and ``order`` (the cells reached, the exit first
    and each after its parent: as a breadth-first search from the exit reaches them, or as
    the maze grew, mazebook.core.grown.hung_from) are the search itself: the entrance's
    search's count follows from them: ``nearer``, the maze's bfs_expanded
    (mazebook.difficulty.metrics), -1 unless the search from the exit reached every cell. Only
    a perfect maze is hung (``hang``'s callers check it: efforts_and_tree): on a maze with
    loops the tree is not the maze, and neither its paths nor ``nearer`` are the maze's."""

    path: tuple[int, ...]
    size: list[int]
    entered: list[int]
    parent: Sequence[int] = ()
    order: Sequence[int] = ()
    nearer: int = -1


def hang(maze: Maze) -> Hung | None:
    """The tree of a perfect maze (its split graph) hung from the exit: one breadth-first
    search, or none where the openings kept how the maze grew (mazebook.core.grown.grown_of);
    None when the entrance is not in it."""
    grid = maze.grid
    n = grid.size
    kept = grown_of(grid, maze.links)
    parent: Sequence[int]
    if kept is not None:  # how it grew, kept by the openings: the same tree, no search
        parent, order = hung_from(grid, kept[0], kept[1], maze.exit.cell)
    else:
        parent, order = walk(grid, maze.links, maze.exit.cell)
    size = [1] * n
    entered = [1] * n
    for c in order[:0:-1]:  # every cell reached but the exit, children before parents
        p, below = parent[c], size[c]
        size[p] += below
        if below > SEE:
            entered[p] += entered[c]
    path = _path_up(parent, maze.entrance.cell, maze.exit.cell)
    if not path:
        return None
    return Hung(tuple(path), size, entered, parent, order, _nearer(parent, order, path, n))


def _nearer(parent: Sequence[int], order: Sequence[int], path: list[int], n: int) -> int:
    """The cells nearer the entrance (``path[0]``) than the exit (``path[-1]``) along the
    passages of a tree of ``n`` cells hung from the exit (each cell's ``parent`` toward it;
    ``order``: each cell after its parent), -1 unless ``order`` holds every cell: a cell off
    the solution is one step farther from the entrance than its parent, the solution's cells
    count up from it. Read here, not off the entrance's breadth-first search
    (mazebook.core.maze.Maze.entrance_tree): no candidate needs the search itself."""
    if len(order) != n:
        return -1
    goal = len(path) - 1
    dist = [-1] * n if n <= LIST_UP_TO else array("i", [-1]) * n
    for i, c in enumerate(path):
        dist[c] = i
    near = goal  # the solution's cells but the exit
    for c in order:
        if dist[c] < 0:
            d = dist[c] = dist[parent[c]] + 1
            if d < goal:
                near += 1
    return near


def _exact_along(maze: Maze, path: Sequence[int], hung: Hung, heading: _Heading) -> float:
    """Expected moves walking ``path`` (the solution, from either end) on a perfect maze: its
    cells plus each false branch's chance of being tried first times the moves it costs."""
    grid = maze.grid
    degree, adj, links = grid.degree, grid.adj, maze.links
    slots = slots_of(degree)
    size, entered = hung.size, hung.entered
    total = float(len(path))
    counts = passage_bytes(links)
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


def _exact_both(
    maze: Maze, hung: Hung, ahead_h: Callable[[int], int], back_h: Callable[[int], int]
) -> tuple[float, float]:
    """``_exact_along`` from START (toward the exit, ``ahead_h`` its distance: ``goal_distance``)
    and from FINISH (toward the entrance, ``back_h``) in one pass: a false branch off a cell
    inside the solution is weighed by the same corridor from either end, so each corridor is
    walked once (``_corridor``, its weight read from PULLS instead of raised to a power);
    each end's sum is added up in its own order, as ``_exact_along`` adds it."""
    grid, links, path = maze.grid, maze.links, hung.path
    degree, adj = grid.degree, neighbour_list(grid)
    slots = slots_of(degree)
    size, entered = hung.size, hung.entered
    counts = passage_bytes(links)
    last = len(path) - 1
    ahead = float(len(path))
    back_terms: list[list[float]] = []  # the backward sum's terms by cell, entrance first
    prev = -1
    for i in range(last + 1):
        p = path[i]
        if counts[p] <= (1 if i == 0 or i == last else 2):  # no branch to weigh
            prev = p
            continue
        nxt = path[i + 1] if i < last else -1
        base = p * degree
        w_ahead = w_back = -1.0  # the right way's weights (and below, p's distances), once
        here: list[float] = []
        for k in slots[links[p]]:
            b = adj[base + k]
            if b in (nxt, prev) or size[b] <= SEE:
                continue
            end, steps = _corridor(adj, slots, links, degree, p, b)
            twice = 2.0 * entered[b]
            if i < last:  # the exit is not a choice from START's end
                if w_ahead < 0:
                    h_ahead = ahead_h(p)
                    w_ahead = _weight(adj, slots, links, degree, ahead_h, h_ahead, p, nxt)
                approach = h_ahead - ahead_h(end)
                w_b = _pull_of(approach, steps)
                ahead += twice * w_b / (w_b + w_ahead)
            if i > 0:  # nor the entrance from FINISH's
                if w_back < 0:
                    h_back = back_h(p)
                    w_back = _weight(adj, slots, links, degree, back_h, h_back, p, prev)
                approach = h_back - back_h(end)
                w_b = _pull_of(approach, steps)
                here.append(twice * w_b / (w_b + w_back))
        if here:
            back_terms.append(here)
        prev = p
    behind = float(len(path))
    for here in reversed(back_terms):  # from the exit's end, each cell's in slot order
        for term in here:
            behind += term
    return ahead, behind


def _exact_rect(maze: Maze, hung: Hung) -> tuple[float, float]:
    """``_exact_both`` on a plain rectangle (the book's mazes), the same sums to the bit:
    the distances to the goals by columns and rows written out, and each false branch's
    corridor walked here, not in a call (``_corridor``), its corridor's end placed once for
    both goals."""
    grid, links, path = maze.grid, maze.links, hung.path
    w, adj = grid.width, neighbour_list(grid)
    slots = slots_of(4)
    size, entered = hung.size, hung.entered
    counts = passage_bytes(links)
    pulls = PULLS
    ax, ay = maze.exit.cell % w, maze.exit.cell // w  # START's goal
    bx, by = maze.entrance.cell % w, maze.entrance.cell // w  # FINISH's
    last = len(path) - 1
    ahead = float(len(path))
    back_terms: list[list[float]] = []  # the backward sum's terms by cell, entrance first
    prev = -1
    for i in range(last + 1):
        p = path[i]
        if counts[p] <= (1 if i == 0 or i == last else 2):  # no branch to weigh
            prev = p
            continue
        nxt = path[i + 1] if i < last else -1
        base = p * 4
        px, py = p % w, p // w
        w_ahead = w_back = -1.0  # the right way's weights, once
        here: list[float] = []
        for k in slots[links[p]]:
            b = adj[base + k]
            if b in (nxt, prev) or size[b] <= SEE:
                continue
            before, end, steps = p, b, 1  # _corridor's walk
            while steps < LOOK:
                onward = slots[links[end]]
                if len(onward) != 2:
                    break
                at = end * 4
                second = adj[at + onward[1]]
                before, end = end, adj[at + onward[0]] if second == before else second
                steps += 1
            ex, ey = end % w, end // w
            twice = 2.0 * entered[b]
            if i < last:  # the exit is not a choice from START's end
                if w_ahead < 0:
                    h_ahead = abs(px - ax) + abs(py - ay)
                    w_ahead = _rect_weight(adj, slots, links, w, ax, ay, h_ahead, p, nxt)
                approach = h_ahead - abs(ex - ax) - abs(ey - ay)
                w_b = pulls.get(approach * PULL_KEY + steps) or _pull(approach, steps)
                ahead += twice * w_b / (w_b + w_ahead)
            if i > 0:  # nor the entrance from FINISH's
                if w_back < 0:
                    h_back = abs(px - bx) + abs(py - by)
                    w_back = _rect_weight(adj, slots, links, w, bx, by, h_back, p, prev)
                approach = h_back - abs(ex - bx) - abs(ey - by)
                w_b = pulls.get(approach * PULL_KEY + steps) or _pull(approach, steps)
                here.append(twice * w_b / (w_b + w_back))
        if here:
            back_terms.append(here)
        prev = p
    behind = float(len(path))
    for here in reversed(back_terms):  # from the exit's end, each cell's in slot order
        for term in here:
            behind += term
    return ahead, behind


def _rect_weight(
    adj: Sequence[int],
    slots: Sequence[Sequence[int]],
    links: bytes,
    width: int,
    gx: int,
    gy: int,
    h_here: int,
    here: int,
    first: int,
) -> float:
    """``_weight`` on a plain rectangle ``width`` cells wide, toward the goal at column
    ``gx``, row ``gy``."""
    end, steps = _corridor(adj, slots, links, 4, here, first)
    return _pull_of(h_here - abs(end % width - gx) - abs(end // width - gy), steps)


def _weight(
    adj: Sequence[int],
    slots: Sequence[Sequence[int]],
    links: bytes,
    degree: int,
    h: Callable[[int], int],
    h_here: int,
    here: int,
    first: int,
) -> float:
    """The weight of the opening from ``here`` (``h_here`` from its goal) into ``first``
    toward the goal ``h`` measures the distance to: GOAL_PULL ** (the approach per cell of its
    corridor, ``_corridor``)."""
    end, steps = _corridor(adj, slots, links, degree, here, first)
    return _pull_of(h_here - h(end), steps)


def _path_up(parent: Sequence[int], start: int, goal: int) -> list[int]:
    """The cells from ``start`` up the tree hung from ``goal`` (the solution of a perfect maze,
    without a second search); empty when ``start`` is not in the tree."""
    cell = start
    path = [cell]
    append = path.append
    while cell != goal:
        cell = parent[cell]
        if cell < 0:
            return []
        append(cell)
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
