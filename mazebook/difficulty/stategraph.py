"""The effort model, the simple strategies and bfs_expanded on a maze with rules.

A maze with one-way passages, doors and keys (mazebook.core.rules) is solved in its graph of
states, (cell, keys held): the solver of mazebook.difficulty.effort walks that graph, marking
the states it has been in (a key picked up makes every cell new again: the solver looks at
the maze afresh with the key in hand), and so do the strategies of
mazebook.difficulty.strategies. On a maze without rules every number here is the same as
there (the tests hold them to it).

Worked out exactly, as on a perfect maze, where the solver's search meets each state by one
walk only:

- one-way streets laid as loops in a perfect maze (mazebook.core.oneway): the states reached
  from either end form a tree (the way each was first reached) plus steps back to where a walk
  has already been, so the effort from START, and from FINISH along the arrows reversed, is the
  effort of a tree (``tree_effort``);
- keys and doors in a perfect maze (mazebook.core.keysdoors): with one set of keys held, the
  cells a solver reaches form a tree (a shut door is a wall), and a key picked up starts a new
  search in the next set (``layered_effort``). A walk backwards, from FINISH, is not defined
  (the keys held on arriving are not known), so the effort is START's.

Any other graph is simulated, ``RUNS`` runs of the solver (``simulated_effort``).

The strategies walk the state graph move by move: a wall follower keeps its hand on the wall,
treating a shut door and a one-way passage against it as walls; the nearest-to-goal walker is a
search that takes the unmarked state nearest FINISH first. A maze with rules is a rectangle,
whose slots N, E, S, W turn clockwise, so a wall follower's next opening is read from a table.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Callable

from ..core.grid import Grid, bfs, slots_of
from ..core.maze import Maze
from ..core.rules import StateSpace
from ..lazy import numpy as np
from ..records import record
from .effort import GOAL_PULL, LOOK, RUNS, SEE, Effort, maze_seed
from .strategies import Shortcut, Walk

#: Moves of one strategy walk before it is given up as never arriving, per state.
STRATEGY_STATES = 4


@record
class RuleAssessment:
    """A maze with rules measured: the effort from START and (one-way streets) from FINISH,
    the strategies, and bfs_expanded over its states."""

    forward: Effort
    backward: Effort | None  # None: a walk backwards is not defined (keys)
    shortcut: Shortcut
    bfs_expanded: int

    @property
    def effort(self) -> float:
        """The maze's effort: the easier end's (START's alone where FINISH's is not defined)."""
        if self.backward is None:
            return self.forward.mean
        return min(self.forward.mean, self.backward.mean)

    @property
    def shortcut_ratio(self) -> float:
        return self.shortcut.ratio


class Heading:
    """Where openings head for a solver seeking ``goal`` on a rectangle: the goal's distance
    counted in cells ignoring walls, looked at over the first LOOK cells of the corridor behind
    an opening (the passages as drawn, rules aside: a solver sees where a corridor goes), as in
    mazebook.difficulty.effort."""

    def __init__(self, grid: Grid, links: bytes, goal: int) -> None:
        self.grid = grid
        self.links = links
        self.slots = slots_of(grid.degree)
        w = grid.width
        self.gx, self.gy, self.w = goal % w, goal // w, w
        self.memo: dict[int, float] = {}

    def h(self, cell: int) -> int:
        return abs(cell % self.w - self.gx) + abs(cell // self.w - self.gy)

    def weight(self, here: int, first: int) -> float:
        """GOAL_PULL ** (approach per cell) of the opening from ``here`` into ``first``."""
        key = here * self.grid.size + first
        cached = self.memo.get(key)
        if cached is not None:
            return cached
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
        value = self.memo[key] = float(GOAL_PULL ** max(-1.0, min(1.0, s)))
        return value


def reversed_links(grid: Grid, out: bytes) -> bytes:
    """The passage bits of the graph with every step reversed: cell c may leave through slot k
    when its neighbour there may leave toward c (one-way passages walked backwards)."""
    n, degree = grid.size, grid.degree
    adj = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, degree)
    back = np.frombuffer(grid.back, dtype=np.uint8).reshape(n, degree)
    bits = np.frombuffer(out, dtype=np.uint8)
    into = np.zeros(n + 1, dtype=np.uint8)
    for k in range(degree):
        step = ((bits >> k) & 1).astype(bool) & (adj[:, k] != n)
        np.bitwise_or.at(into, adj[step, k], np.left_shift(1, back[step, k]).astype(np.uint8))
    return into[:n].tobytes()


@record
class Hanging:
    """A search's tree from a start along passage bits: distance and parent of each cell
    (-1 where unreached), the cells in the order reached, the cells below each one and those of
    them a solver enters (pockets of at most SEE cells are seen to be dead)."""

    dist: array[int]
    parent: array[int]
    order: list[int]
    size: list[int]
    entered: list[int]

    def path_to(self, goal: int) -> list[int]:
        """The tree's walk from its start to ``goal`` (reached)."""
        parent = self.parent
        path = [goal]
        while parent[path[-1]] >= 0:
            path.append(parent[path[-1]])
        path.reverse()
        return path


def hang_from(grid: Grid, passages: bytes, start: int) -> Hanging:
    """The tree a breadth-first search from ``start`` hangs along ``passages`` (each cell
    under the cell it was first reached from), sizes and entered cells counted up from the
    leaves."""
    dist, parent, order = bfs(grid, passages, start)
    n = grid.size
    size = [1] * n
    entered = [1] * n
    for c in reversed(order):
        p = parent[c]
        if p >= 0:
            size[p] += size[c]
            if size[c] > SEE:
                entered[p] += entered[c]
    return Hanging(dist, parent, order, size, entered)


def is_tree_search(grid: Grid, passages: bytes, hung: Hanging) -> bool:
    """Whether every step along ``passages`` out of a cell the search reached leads to a cell
    below it in the tree (its child) or to one above it (where the walk has come from): then a
    solver's search meets every cell by the tree's walk only, whatever its choices. A step to
    the cell's own parent is the common case; any other is checked up the tree."""
    degree, adj = grid.degree, grid.adj
    slots = slots_of(degree)
    parent, dist = hung.parent, hung.dist
    for c in hung.order:
        base = c * degree
        up = parent[c]
        for k in slots[passages[c]]:
            j = adj[base + k]
            if j == up or parent[j] == c:
                continue
            a = c
            while dist[a] > dist[j]:
                a = parent[a]
            if a != j:
                return False
    return True


def tree_effort(
    grid: Grid, passages: bytes, hung: Hanging, start: int, goal: int, heading: Heading
) -> Effort:
    """The exact effort of a search from ``start`` to ``goal`` along ``passages`` whose
    reachable cells form the tree ``hung`` (see is_tree_search): the walk's cells plus, at
    each cell of it, each branch below it times its chance of being tried before the right one
    (GOAL_PULL weights, a Plackett-Luce order) times the moves it costs (there and back)."""
    parent, size, entered = hung.parent, hung.size, hung.entered
    path = [goal]
    while path[-1] != start:
        path.append(parent[path[-1]])
    path.reverse()
    degree, adj = grid.degree, grid.adj
    slots = slots_of(degree)
    total = float(len(path))
    for i in range(len(path) - 1):
        p, right = path[i], path[i + 1]
        base = p * degree
        w_right = -1.0
        for k in slots[passages[p]]:
            b = adj[base + k]
            if b == right or parent[b] != p or size[b] <= SEE:
                continue
            if w_right < 0:
                w_right = heading.weight(p, right)
            w_b = heading.weight(p, b)
            total += 2.0 * entered[b] * w_b / (w_b + w_right)
    return Effort(total, len(path), total - len(path), 0.0, 0)


class _Layers:
    """The searches of a maze with keys, one for each set of keys held (``layered_effort``),
    each worked out once. A class rather than a function calling itself from its closure:
    that would be a reference cycle, the whole state space kept until the cyclic collector
    runs (tests/test_collector.py)."""

    def __init__(self, space: StateSpace, heading: Heading) -> None:
        self.space = space
        self.heading = heading
        self.memo: dict[tuple[int, int], float] = {}
        #: each search's one target and how far it is, while every search has one (then the
        #: only walk from START to FINISH is theirs, one after the other)
        self.legs: list[int] = []
        self.single = True

    def expected(self, root: int, held: int) -> float | None:
        """The expected cost from ``root`` holding the keys ``held`` (None: not a tree)."""
        space, heading = self.space, self.heading
        grid = space.grid
        degree, adj = grid.degree, grid.adj
        slots = slots_of(degree)
        keys = space.key_bits
        goal = space.exit
        known = self.memo.get((root, held))
        if known is not None:
            return known
        passages = space.layer(held)
        hung = hang_from(grid, passages, root)
        if not is_tree_search(grid, passages, hung):
            return None
        parent, size, entered = hung.parent, hung.size, hung.entered
        n = grid.size
        target = [False] * n
        for c in hung.order:
            if c == goal or (keys[c] and not held & keys[c]):
                target[c] = True
        target[root] = root == goal
        live = list(target)
        for c in reversed(hung.order):
            p = parent[c]
            if p >= 0 and live[c] and not target[p]:
                live[p] = True
        chance = [0.0] * n
        chance[root] = 1.0
        cost = 0.0
        found: list[int] = []
        for u in hung.order:
            pu = chance[u]
            if pu == 0.0:
                continue
            if target[u]:
                found.append(u)
                continue
            base = u * degree
            live_kids: list[tuple[int, float]] = []
            dead: list[tuple[int, float]] = []
            for k in slots[passages[u]]:
                b = adj[base + k]
                if parent[b] != u:
                    continue
                if live[b]:
                    live_kids.append((b, heading.weight(u, b)))
                elif size[b] > SEE:
                    dead.append((b, heading.weight(u, b)))
            total = sum(w for _, w in live_kids)
            if total == 0.0:
                return None  # cannot happen: a live cell that is no target has a live child
            for b, w in live_kids:
                chance[b] += pu * w / total
                cost += pu * w / total  # the move into it
            for b, w in dead:
                cost += pu * 2.0 * entered[b] * w / (w + total)
        if len(found) == 1:
            self.legs.append(hung.dist[found[0]])
        else:
            self.single = False
        for t in found:
            if t != goal:
                more = self.expected(t, held | keys[t])
                if more is None:
                    return None
                cost += chance[t] * more
        self.memo[root, held] = cost
        return cost


def layered_effort(space: StateSpace, heading: Heading) -> Effort | None:
    """The exact effort of a maze with keys whose every set of keys held leaves a tree (None
    when one does not): the search of each set, from START or from the key just picked up,
    to the first key it has not got or to FINISH, each outcome by its chance."""
    layers = _Layers(space, heading)
    start = space.start
    value = layers.expected(start % space.n, start // space.n)
    if value is None:
        return None
    mean = 1.0 + value
    if layers.single:
        solution = 1 + sum(layers.legs)
    else:
        walk = space.walk()
        if walk is None:
            return None
        solution = len(walk.cells)
    return Effort(mean, solution, mean - solution, 0.0, 0)


def simulated_effort(
    space: StateSpace, heading: Heading, *, runs: int, seed: int, backward: bool = False
) -> Effort:
    """``runs`` runs of the solver through the states (any maze with rules): at each state it
    picks, among the steps to states it has not marked and does not see to be dead (at most SEE
    states behind, FINISH not among them), one by the GOAL_PULL weights; with none it steps
    back. ``backward``: from FINISH to START along the steps reversed (no keys)."""
    rng = random.Random(seed)
    n = space.n
    if backward:
        into = reversed_links(space.grid, space.out_links)

        def step(state: int) -> list[int]:
            return _steps(space.grid, into, state)

        begin, goal = space.exit, space.entrance
    else:

        def step(state: int) -> list[int]:
            return list(space.successors(state))

        begin, goal = space.start, space.exit
    walk = space.walk()
    solution = len(walk.cells) if walk is not None else 0
    samples = [_simulate(step, begin, goal, n, heading, rng) for _ in range(runs)]
    mean = sum(samples) / runs
    var = sum((s - mean) ** 2 for s in samples) / (runs - 1) if runs > 1 else 0.0
    return Effort(mean, solution, mean - solution, math.sqrt(var / runs), runs)


def _steps(grid: Grid, passages: bytes, cell: int) -> list[int]:
    base = cell * grid.degree
    return [grid.adj[base + k] for k in slots_of(grid.degree)[passages[cell]]]


def _simulate(
    step: Callable[[int], list[int]],
    begin: int,
    goal: int,
    n: int,
    heading: Heading,
    rng: random.Random,
) -> int:
    """One run of the solver: the moves (the first state counted) until it stands on goal."""
    marked = {begin}
    stack = [begin]
    state, moves = begin, 1
    while state % n != goal:
        options = [
            t for t in step(state) if t not in marked and not _dead(step, state, t, marked, goal, n)
        ]
        if options:
            if len(options) > 1:
                here = state % n
                weights = [heading.weight(here, t % n) for t in options]
                state = rng.choices(options, weights)[0]
            else:
                state = options[0]
            marked.add(state)
            stack.append(state)
        else:
            stack.pop()
            if not stack:
                return 10**9  # FINISH cannot be reached
            state = stack[-1]
        moves += 1
    return moves


def _dead(
    step: Callable[[int], list[int]], here: int, first: int, marked: set[int], goal: int, n: int
) -> bool:
    """Whether the unmarked states reached through ``first`` (not back through ``here``) are at
    most SEE and none stands on the goal: a pocket the solver sees is dead."""
    pocket = {first}
    todo = [first]
    while todo:
        s = todo.pop()
        if s % n == goal:
            return False
        for t in step(s):
            if t == here or t in pocket or t in marked:
                continue
            if len(pocket) >= SEE:
                return False
            pocket.add(t)
            todo.append(t)
    return True


# ------------------------------------------------------------------------------ strategies

#: A rectangle's slots N, E, S, W lie clockwise: the turns a wall follower tries, in order.
_TURNS = {"left-hand": (1, 2, 3, 0), "right-hand": (3, 2, 1, 0)}


def _hand_table(hand: str) -> list[list[int]]:
    """For each passage byte (16) and way in (the slot behind, 4): the slot a wall follower
    takes, the first open one turning from the way in (its own slot last); -1 for none."""
    turns = _TURNS[hand]
    table = []
    for mask in range(16):
        row = []
        for back in range(4):
            row.append(next(((back + t) % 4 for t in turns if mask >> ((back + t) % 4) & 1), -1))
        table.append(row)
    return table


_HAND_TABLES = {hand: _hand_table(hand) for hand in _TURNS}


def hand_steps(mask: bytes, width: int, hand: str) -> list[int]:
    """A wall follower's moves on a rectangle whose cells may be left by the passage bits of
    ``mask``: from each state ``cell * 4 + back`` (``back`` the slot it came in by) the state
    it steps to, -1 where no passage is open (worked out for all states at once)."""
    n = len(mask)
    bits = np.frombuffer(mask, dtype=np.uint8) & 15
    slot = np.asarray(_HAND_TABLES[hand], dtype=np.int64)[bits]  # (n, 4): by way in
    offsets = np.array([-width, 1, width, -1, 0], dtype=np.int64)
    cells = np.arange(n, dtype=np.int64)[:, None] + offsets[slot]
    steps = np.where(slot < 0, -1, cells * 4 + (slot + 2) % 4)
    result: list[int] = steps.ravel().tolist()
    return result


def follow_wall_states(
    space: StateSpace,
    passages: Callable[[int], bytes],
    start: int,
    side: int,
    goal: int,
    held: int,
    hand: str,
) -> float:
    """Moves of a wall follower from ``start`` (entered through outer side ``side``, holding
    ``held``) to ``goal`` on a rectangle: ``passages(held)`` says where it may step; math.inf
    when it walks more moves than STRATEGY_STATES times its states (it never arrives)."""
    grid = space.grid
    n = grid.size
    keys = space.key_bits
    limit = STRATEGY_STATES * n * (1 << len(space.letters)) + 2
    tables: dict[int, list[int]] = {}

    def steps_for(held: int) -> list[int]:
        found = tables.get(held)
        if found is None:
            found = tables[held] = hand_steps(passages(held), grid.width, hand)
        return found

    steps = steps_for(held)
    state, moves = start * 4 + side, 1
    ends = {goal * 4 + b for b in range(4)}
    has_keys = bool(space.letters)
    while state not in ends:
        state = steps[state]
        if state < 0:
            return math.inf
        moves += 1
        if has_keys:
            got = keys[state >> 2]
            if got and not held & got:
                held |= got
                steps = steps_for(held)
        if moves > limit:
            return math.inf
    return float(moves)


def nearest_states(
    space: StateSpace,
    passages: Callable[[int], bytes],
    start: int,
    goal: int,
    held: int,
) -> float:
    """Moves of the nearest-to-goal walker over the states: a search that takes the unmarked
    state whose cell's centre is nearest the goal's first (the lowest slot on a tie), and steps
    back when there is none."""
    grid = space.grid
    n, degree, adj, w = grid.size, grid.degree, grid.adj, grid.width
    slots = slots_of(degree)
    gx, gy = goal % w, goal // w
    keys = space.key_bits
    state = held * n + start
    marked = {state}
    stack = [state]
    cell, moves = start, 1
    while cell != goal:
        mask = passages(held)
        base = cell * degree
        best, best_d = -1, math.inf
        for k in slots[mask[cell]]:
            j = adj[base + k]
            t = (held | keys[j]) * n + j
            if t in marked:
                continue
            d = (j % w - gx) ** 2 + (j // w - gy) ** 2
            if d < best_d:
                best, best_d = t, d
        if best >= 0:
            marked.add(best)
            stack.append(best)
            state = best
        else:
            stack.pop()
            if not stack:
                return math.inf
            state = stack[-1]
        held, cell = divmod(state, n)
        moves += 1
    return float(moves)


def tree_nearest(grid: Grid, passages: bytes, hung: Hanging, path: list[int], goal: int) -> float:
    """Moves of the nearest-to-goal walker where its search is the tree ``hung`` (see
    is_tree_search): the walk, plus each branch it tries before the right one (nearer the
    goal, or as near and by a lower slot) there and back."""
    degree, adj, w = grid.degree, grid.adj, grid.width
    slots = slots_of(degree)
    gx, gy = goal % w, goal // w
    parent, size = hung.parent, hung.size
    moves = len(path)
    for i in range(len(path) - 1):
        p, right = path[i], path[i + 1]
        base = p * degree
        tried = [
            ((adj[base + k] % w - gx) ** 2 + (adj[base + k] // w - gy) ** 2, k, adj[base + k])
            for k in slots[passages[p]]
            if parent[adj[base + k]] == p
        ]
        mark = next(key for key in tried if key[2] == right)
        moves += sum(2 * size[b] for d, k, b in tried if (d, k) < mark[:2])
    return float(moves)


@record
class RuleEffort:
    """The effort of a maze with rules from START and (where defined) from FINISH, and the
    searches' trees where they are trees (the strategies read them)."""

    forward: Effort
    backward: Effort | None
    trees: tuple[tuple[bytes, Hanging] | None, tuple[bytes, Hanging] | None] = (None, None)

    @property
    def effort(self) -> float:
        if self.backward is None:
            return self.forward.mean
        return min(self.forward.mean, self.backward.mean)


def rule_effort(maze: Maze, *, runs: int = RUNS) -> RuleEffort:
    """The effort of a rectangle with rules: exact where its searches are trees, else ``runs``
    simulated runs. With keys, from START only (a walk backwards is not defined)."""
    space = maze.state_space
    grid = maze.grid
    forward_heading = Heading(grid, maze.links, maze.exit.cell)
    seed = maze_seed(maze)
    if space.letters:
        forward = layered_effort(space, forward_heading)
        if forward is None:
            forward = simulated_effort(space, forward_heading, runs=runs, seed=seed)
        return RuleEffort(forward, None)
    back_heading = Heading(grid, maze.links, maze.entrance.cell)
    ahead, tree_ahead = _directed_effort(space, forward_heading, runs, seed, backward=False)
    back, tree_back = _directed_effort(space, back_heading, runs, seed, backward=True)
    return RuleEffort(ahead, back, (tree_ahead, tree_back))


def rule_shortcut(maze: Maze, measured: RuleEffort | None = None) -> Shortcut:
    """Every strategy on a rectangle with rules: from START, and (without keys) from FINISH
    along the steps reversed; the cheapest walk's moves over the solution's cells. The
    nearest-to-goal walker is read off a search's tree where ``measured`` has one."""
    space = maze.state_space
    entrance, exit_ = maze.entrance, maze.exit
    trees = measured.trees if measured is not None else (None, None)
    start_held = space.key_bits[entrance.cell]
    ends: list[tuple[str, int, int, int, Callable[[int], bytes], int]] = [
        ("forward", entrance.cell, entrance.side or 0, exit_.cell, space.layer, start_held)
    ]
    if not space.letters:
        into = reversed_links(maze.grid, space.out_links)
        ends.append(("backward", exit_.cell, exit_.side or 0, entrance.cell, lambda _: into, 0))
    walks = []
    solution = 0
    for (direction, begin, side, goal, passages, held), tree in zip(ends, trees, strict=False):
        if tree is not None:
            links, hung = tree
            path = hung.path_to(goal)
            nearest = tree_nearest(maze.grid, links, hung, path, goal)
            solution = solution or len(path)
        else:
            nearest = nearest_states(space, passages, begin, goal, held)
        walks.append(Walk("nearest", direction, nearest))
        for hand in ("left-hand", "right-hand"):
            moves = follow_wall_states(space, passages, begin, side, goal, held, hand)
            walks.append(Walk(hand, direction, moves))
    return Shortcut(tuple(walks), solution or len(maze.rule_walk.cells))


def state_bfs_expanded(maze: Maze, measured: RuleEffort | None = None) -> int:
    """The states a breadth-first search from START expands before it takes FINISH from its
    queue: those nearer START than the nearest state at FINISH (the ties left out, as in
    mazebook.difficulty.metrics.bfs_expanded)."""
    space = maze.state_space
    if not space.letters:
        tree = measured.trees[0] if measured is not None else None
        if tree is not None:
            dist = tree[1].dist
        else:
            dist, _, _ = bfs(maze.grid, space.out_links, maze.entrance.cell)
        goal = dist[maze.exit.cell]
        return sum(1 for d in dist[:-1] if 0 <= d < goal)
    dist, _, _, order = space.search()
    n = space.n
    at_goal = [dist[h * n + space.exit] for h in range(1 << len(space.letters))]
    goal = min(d for d in at_goal if d >= 0)
    return sum(1 for s in order if dist[s] < goal)


def assess_rules(
    maze: Maze, *, runs: int = RUNS, measured: RuleEffort | None = None
) -> RuleAssessment:
    """Measure a rectangle with rules: the effort (``rule_effort``, or ``measured`` when the
    caller has it), the strategies, bfs_expanded."""
    measured = measured or rule_effort(maze, runs=runs)
    return RuleAssessment(
        measured.forward,
        measured.backward,
        rule_shortcut(maze, measured),
        state_bfs_expanded(maze, measured),
    )


def _directed_effort(
    space: StateSpace, heading: Heading, runs: int, seed: int, *, backward: bool
) -> tuple[Effort, tuple[bytes, Hanging] | None]:
    """The effort along the passages and one-way steps (reversed from FINISH ``backward``):
    exact when the search's reach is a tree (see is_tree_search; the tree is returned with its
    passages), else simulated."""
    grid = space.grid
    passages = reversed_links(grid, space.out_links) if backward else space.out_links
    start, goal = (space.exit, space.entrance) if backward else (space.entrance, space.exit)
    hung = hang_from(grid, passages, start)
    if hung.parent[goal] >= 0 and is_tree_search(grid, passages, hung):
        return tree_effort(grid, passages, hung, start, goal, heading), (passages, hung)
    return simulated_effort(space, heading, runs=runs, seed=seed, backward=backward), None
