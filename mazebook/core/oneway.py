"""One-way streets: loops laid in a perfect maze, each walkable one way round only.

A perfect maze is a tree. Opening one wall between two cells closes a loop (the tree's path
between them and the new passage); every passage of such a loop is made one-way, all the same
way round (a roundabout), and no two loops share a passage. What is left is a cactus: any two
loops meet in a cell at most, and every passage off the loops can be walked both ways. So:

- every cell can be reached from every other (go on round a loop to come back): no walk can
  end in a trap;
- from any cell to any other there is exactly one walk that never repeats a cell (at each loop
  the way round is fixed), so the solution is the only shortest walk;
- a loop that takes in a stretch of the maze's own way from START to FINISH is turned against
  it, so the walk must go the long way round (``route`` loops): the shortest walk that ignores
  the arrows is shorter than the solution;
- a solver's search (mazebook.difficulty.stategraph) meets each cell by one walk only, as in a
  tree, so its effort is worked out exactly, from either end.

How many loops, and how long, follow the level (``plan``); every choice comes from the
``random.Random`` handed in, so a maze and a level give one puzzle.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Sequence

from ..lazy import numpy as np
from ..records import record
from .grid import bfs
from .maze import Maze
from .rules import rule_set

#: The shortest loop (passages): a loop round one block of four cells is too small to read.
MIN_LOOP = 6


@record
class Plan:
    """What a one-way puzzle of a level asks for: loops turned against the way (``route``),
    loops off it (``side``) and the longest loop (passages)."""

    route: int
    side: int
    longest: int


def plan(level: int, cells: int) -> Plan:
    """The loops of a level: one turned against the way at the lowest levels, up to four at
    level 10; a loop off the way for about every ROOM_PER_SIDE cells (hiding where the way
    goes); loops up to 1.3 times the side of a square of the maze's cells, at least 10
    passages."""
    route = 1 + (level - 1) // 3
    side = max(1, round(cells / ROOM_PER_SIDE))
    longest = max(10, round(1.3 * cells**0.5))
    return Plan(route, side, longest)


#: Cells of maze for each loop off the way.
ROOM_PER_SIDE = 100


def lay_one_way(maze: Maze, level: int, rng: random.Random) -> Maze | None:
    """The maze (a perfect one) with one-way loops for ``level`` laid in it, or None when it
    has no room for a loop turned against its way (another maze is needed). Each loop opens
    one wall and makes every passage round it one-way: first the loops on the way, then
    those off it, each from the walls in a random order."""
    grid = maze.grid
    n = grid.size
    root = maze.entrance.cell
    found, parents, _ = bfs(grid, maze.links, root)
    depth, parent = list(found), list(parents)
    path = [maze.exit.cell]
    while path[-1] != root:
        path.append(parent[path[-1]])
    path.reverse()
    on_path = {c: i for i, c in enumerate(path)}
    wants = plan(level, n)
    walls = _interior_walls(maze)
    attach, off = _hanging(path, parent, _order(depth))
    # a wall between cells hanging from the way at two places closes a loop round the stretch
    # between them: its cells off the way and the new passage are the long way round
    u = np.array([a for a, _ in walls], dtype=np.int64)
    v = np.array([b for _, b in walls], dtype=np.int64)
    stretch = np.abs(attach[u] - attach[v])
    around = off[u] + off[v] + 1
    on_way = (stretch > 0) & (around > stretch) & (stretch + around <= wants.longest)
    on_way &= stretch + around >= MIN_LOOP
    route_walls = [walls[i] for i in np.flatnonzero(on_way).tolist()]
    side_walls = [walls[i] for i in np.flatnonzero(stretch == 0).tolist()]
    links = bytearray(maze.links)
    used: set[int] = set()  # tree passages already on a loop, by their lower cell
    route: list[list[int]] = []
    side: list[list[int]] = []
    for pool, want, turn in ((route_walls, wants.route, True), (side_walls, wants.side, False)):
        laid = route if turn else side
        for index in rng.sample(range(len(pool)), len(pool)):
            if len(laid) >= want:
                break
            a, b = pool[index]
            loop = _loop(a, b, depth, parent, wants.longest)
            if loop is None:
                continue
            edges = _tree_edges(loop, parent)
            if any(c in used for c in edges):
                continue
            if turn:
                turned = _against_way(loop, on_path)
                if turned is None:  # pragma: no cover - the pool holds loops round a stretch
                    continue
                laid.append(turned)
            else:
                laid.append(loop if rng.random() < 0.5 else loop[::-1])
            used.update(edges)
            _open(links, grid.adj, a, b, grid.degree)
    if not route:
        return None
    one_way = [
        (a, b) for loop in route + side for a, b in zip(loop, loop[1:] + loop[:1], strict=True)
    ]
    return dataclasses.replace(maze, links=bytes(links), one_way=rule_set(one_way=one_way).one_way)


def _order(depth: list[int]) -> list[int]:
    """The reached cells by their depth (the tree's order from START)."""
    return sorted((c for c, d in enumerate(depth[:-1]) if d >= 0), key=depth.__getitem__)


def _hanging(path: list[int], parent: list[int], order: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """For each cell, where the way from START to FINISH is nearest (its index along the way)
    and how far off the way it hangs."""
    n = len(parent)
    attach = np.zeros(n + 1, dtype=np.int64)
    off = np.zeros(n + 1, dtype=np.int64)
    index = {c: i for i, c in enumerate(path)}
    at = [0] * n
    far = [0] * n
    for c in order:
        if c in index:
            at[c], far[c] = index[c], 0
        else:
            p = parent[c]
            at[c], far[c] = at[p], far[p] + 1
    attach[:n] = at
    off[:n] = far
    return attach, off


def _interior_walls(maze: Maze) -> list[tuple[int, int]]:
    """The walls between two cells of a rectangle (east and south of each cell), in cell order."""
    grid = maze.grid
    w, h = grid.width, grid.height
    bits = np.frombuffer(maze.links, dtype=np.uint8).reshape(h, w)
    cells = np.arange(w * h).reshape(h, w)
    east = cells[:, :-1][(bits[:, :-1] & 2) == 0]
    south = cells[:-1, :][(bits[:-1, :] & 4) == 0]
    pairs = [(int(c), int(c) + 1) for c in east] + [(int(c), int(c) + w) for c in south]
    pairs.sort()
    return pairs


def _loop(u: int, v: int, depth: list[int], parent: list[int], longest: int) -> list[int] | None:
    """The loop that opening the wall between u and v closes, as cells in order round it (u,
    up the tree to where the two ways meet, down to v; the new passage joins v back to u), or
    None when it is shorter than MIN_LOOP or longer than ``longest`` passages."""
    d, p = depth, parent
    up, down = [u], [v]
    a, b = u, v
    while d[a] > d[b]:
        a = p[a]
        up.append(a)
        if len(up) + len(down) > longest:
            return None
    while d[b] > d[a]:
        b = p[b]
        down.append(b)
        if len(up) + len(down) > longest:
            return None
    while a != b:
        a, b = p[a], p[b]
        up.append(a)
        down.append(b)
        if len(up) + len(down) - 1 > longest:
            return None
    loop = up + down[-2::-1]  # the meeting cell once
    return loop if len(loop) >= MIN_LOOP else None


def _tree_edges(loop: list[int], parent: list[int]) -> list[int]:
    """The tree passages of a loop, each by its lower cell (the one whose parent is the
    other); the loop's last step (back to its first cell) is the opened wall."""
    p = parent
    out = []
    for a, b in itertools.pairwise(loop):
        out.append(a if p[a] == b else b)
    return out


def _against_way(loop: list[int], on_path: dict[int, int]) -> list[int] | None:
    """The loop turned so that it runs against the way from START to FINISH where it shares
    two or more of the way's cells, when going round the other way is longer (the solution
    must take it); None when it shares less than a passage with the way, or the long way round
    is no longer."""
    shared = [i for i, c in enumerate(loop) if c in on_path]
    if len(shared) < 2:
        return None
    m = len(loop)
    # the shared cells are one stretch of the way: its length in passages
    steps = max(on_path[loop[i]] for i in shared) - min(on_path[loop[i]] for i in shared)
    if steps != len(shared) - 1 or m - steps <= steps:
        return None
    # going forward round the loop, the way's stretch must be walked from FINISH's end
    # toward START's: each step from a cell to one nearer START
    i = shared[0]
    j = (i + 1) % m
    if loop[j] in on_path and on_path[loop[j]] != on_path[loop[i]] + 1:
        return loop
    if loop[j] in on_path:
        return loop[::-1]
    # the stretch wraps round the list's end: look at its other end
    k = (i - 1) % m
    return loop if on_path[loop[k]] == on_path[loop[i]] + 1 else loop[::-1]


def _open(links: bytearray, adj: Sequence[int], u: int, v: int, degree: int) -> None:
    """Open the wall between neighbours u and v."""
    table = adj
    for k in range(degree):
        if table[u * degree + k] == v:
            links[u] |= 1 << k
        if table[v * degree + k] == u:
            links[v] |= 1 << k
