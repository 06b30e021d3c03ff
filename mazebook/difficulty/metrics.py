"""What makes a maze hard, measured: a frozen Metrics record and one difficulty score.

The score combines the measures that the maze literature ties to solving effort: the length and
twistiness of the solution (McClendon, "The Complexity and Difficulty of a Maze", Bridges 2001,
pp. 213-222), the chances to go wrong along it and the size of the false branches behind them
(Pullen, Think Labyrinth, "Maze Algorithms", on dead ends; the "Maze Ranking" analysis of
A Maze a Day, 2009: a long solution without branches is easy, the hardest mazes give many
chances to get lost). Each term is taken on a log scale, weighted, and mapped onto 0-10; see
``difficulty_score``. It is a model, not a measurement of people: McGlinn ("Analysing the
difficulty of mazes using a web application", Leiden 2015, 355 solvers) found simple maze
statistics predicted human solving time poorly.
"""

from __future__ import annotations

import functools
import math
import operator
from array import array
from collections.abc import Sequence
from dataclasses import dataclass, fields, replace
from typing import Any

from ..core.grid import (
    LIST_UP_TO,
    Grid,
    neighbour_list,
    opposite_slots,
    passage_bytes,
    passage_counts,
    plain_rect,
    slots_of,
)
from ..core.maze import Maze
from ..lazy import numpy as np
from .effort import Hung


@dataclass(frozen=True)
class Metrics:
    """Measured features of a maze (cells counted, lengths in cells, shares 0..1)."""

    cells: int
    solution_length: int  # cells on the shortest entrance-exit path, both ends included
    solution_share: float  # solution_length / cells
    turns: int  # changes of direction along the solution
    decision_points: int  # solution cells where a false branch leaves
    dead_ends: int  # cells with exactly one passage
    dead_end_share: float
    junctions: int  # cells with three or more passages
    crossroads: int  # cells with four or more passages
    corridor_mean: float  # mean passages between junctions/dead ends (branch-free runs)
    loops: int  # independent loops: passages - cells + 1 (0 for a perfect maze)
    branches: int  # false branches leaving the solution (parts of the maze off the solution)
    branch_cells: int  # cells in all false branches
    branch_max: int  # cells in the largest false branch
    branch_mean: float  # mean cells per false branch
    branch_depth_max: int  # farthest a false branch leads away from the solution
    branch_depth_mean: float  # mean over branches of how far each leads
    bfs_expanded: int  # cells a breadth-first search from START expands before FINISH
    difficulty: float  # 0 (trivial) to 10 (very hard), see difficulty_score
    crossings: int = 0  # weave: cells where two passages cross (see mazebook.core.weave)

    def to_dict(self) -> dict[str, Any]:
        """The fields by name; ``crossings`` only on a weave maze, so the records of every
        other maze stay as they were."""
        data = dict(zip(_METRIC_NAMES, _metric_values(self), strict=True))
        if not self.crossings:
            del data["crossings"]
        return data


#: Metrics' field names in order and a function reading their values: every field is a plain
#: number, so ``to_dict`` needs none of ``dataclasses.asdict``'s deep copies (a book's manifest
#: has 14,000 of them).
_METRIC_NAMES = tuple(f.name for f in fields(Metrics))
_metric_values = operator.attrgetter(*_METRIC_NAMES)


#: Weights of the difficulty terms (log2 scale) and the raw range mapped onto 0..10.
WEIGHTS = {"length": 1.0, "decisions": 1.0, "branch": 0.75, "turns": 0.25}
RAW_EASY = 4.0  # raw score that maps to difficulty 0 (e.g. a 4x4 maze)
RAW_HARD = 32.0  # raw score that maps to difficulty 10 (e.g. a dense 80x100 backtracker)


def difficulty_score(
    solution_length: int, decision_points: int, branch_depth_mean: float, turns: int
) -> float:
    """0..10 from log2 of: path length, decision points, mean false-branch depth, turns.

    Path length is the work if no mistake is made; each decision point is a chance to go
    wrong, and the depth of the false branches is what a wrong choice costs before the dead
    end shows it; turns add visual load. The raw sum is mapped linearly from RAW_EASY..RAW_HARD
    onto 0..10 and clipped.
    """
    raw = (
        WEIGHTS["length"] * math.log2(1 + solution_length)
        + WEIGHTS["decisions"] * math.log2(1 + decision_points)
        + WEIGHTS["branch"] * math.log2(1 + branch_depth_mean) * math.log2(2 + decision_points) / 2
        + WEIGHTS["turns"] * math.log2(1 + turns)
    )
    score = 10.0 * (raw - RAW_EASY) / (RAW_HARD - RAW_EASY)
    return round(min(10.0, max(0.0, score)), 3)


def _turns(maze: Maze, path: np.ndarray, adj: np.ndarray) -> int:
    """Direction changes along the path; a grid may define straight-through slots."""
    grid = maze.grid
    opposite = opposite_slots(grid)
    if len(path) < 3:
        return 0
    # slot taken out of each cell along the path, and the slot it arrives by in the next
    k_out = np.argmax(adj[path[:-1]] == path[1:, None], axis=1)
    back = np.frombuffer(grid.back, dtype=np.uint8).reshape(-1, grid.degree)
    k_in = back[path[:-1], k_out]  # slot of the next cell that points back
    if opposite is None:
        return len(path) - 2
    straight = np.asarray(opposite)[k_in[:-1]] == k_out[1:]
    return int(np.count_nonzero(~straight))


def measure(maze: Maze, hung: Hung | None = None) -> Metrics:
    """Measure a maze: solution, dead ends, junctions, corridors, false branches, difficulty.

    A false branch is a connected part of the maze left when the solution's cells are taken
    away; its depth is how far its farthest cell is from the solution. On a perfect maze (a
    tree) every cell off the solution hangs in the branch whose root is its first ancestor off
    the path in the solver's breadth-first tree, found for all cells at once by pointer jumping
    (log of the depth numpy passes). A maze with loops (braided) takes a breadth-first search
    out from the solution instead, merging the branches that loops join.

    A weave maze is measured on its split graph (mazebook.core.weave), where each crossing is two
    corridors: the solution runs straight through, and branches that pass over or under it
    stay apart. Each pass of the solution through a crossing counts as a decision point too:
    the solver must keep track of which passage it is on and go straight, not turn.

    ``hung``: the perfect maze (its split graph) hung from its exit by the effort model
    (mazebook.difficulty.effort.hang), when the caller has it: the branches are then read off
    its tree in one pass (``_measure_tree``), the same numbers.
    """
    if maze.crossings:
        return _woven(maze, measure(maze.split_view, hung))
    if hung is not None and len(hung.order) == maze.size and hung.path:
        return _measure_tree(maze, hung)
    if maze.size <= LIST_UP_TO:
        return _measure_small(maze)
    grid = maze.grid
    n = grid.size
    counts = passage_counts(maze.links)
    per_degree = np.bincount(counts, minlength=5).tolist()

    path = np.asarray(maze.solution_cells, dtype=np.int64)
    dist_arr, parent_arr = maze.entrance_tree
    dist = np.frombuffer(dist_arr, dtype=np.int32)[:n].astype(np.int64)
    on_path = np.zeros(n, dtype=bool)
    on_path[path] = True
    reached = dist >= 0
    reached_cells = int(np.count_nonzero(reached))
    loops = int(counts[reached].sum()) // 2 - reached_cells + 1
    if loops == 0:
        sizes, deepest, decision_points = _tree_branches(maze, dist, parent_arr, on_path, reached)
    else:
        sizes, deepest, decision_points = _graph_branches(maze, on_path)
    adj = np.frombuffer(grid.adj, dtype=np.int32).reshape(-1, grid.degree)
    return _metrics(
        maze,
        length=len(path),
        turns=_turns(maze, path, adj),
        decision_points=decision_points,
        per_degree=per_degree,
        loops=loops,
        sizes=sizes.tolist(),
        deepest=deepest.tolist(),
    )


def _measure_small(maze: Maze) -> Metrics:
    """``measure`` in plain Python for a maze of at most LIST_UP_TO cells (numpy's calls
    cost more than the loops there): the same counts, and the false branches found by
    ``_branch_search``'s search out from the solution, which on a perfect maze finds the
    subtrees ``_tree_branches`` finds (each rooted at the cell next to the solution)."""
    grid = maze.grid
    n = grid.size
    counts = passage_bytes(maze.links)
    path = maze.solution_cells
    dist, _ = maze.entrance_tree
    reached = [c for c in range(n) if dist[c] >= 0] if -1 in dist[:n] else range(n)
    loops = sum(counts[c] for c in reached) // 2 - len(reached) + 1
    path_mark = bytearray(n + 1)
    for c in path:
        path_mark[c] = 1
    path_mark[n] = 1  # the sentinel, never entered
    # on a tree a cell the walk passes twice (a maze with keys) is one decision point, as
    # _tree_branches counts them; with loops each pass is, as _graph_branches counts them
    sizes, deepest, decision_points = _plain_branches(maze, path_mark, distinct=loops == 0)
    return _metrics(
        maze,
        length=len(path),
        turns=_path_turns(grid, neighbour_list(grid), path),
        decision_points=decision_points,
        per_degree=_per_degree(counts),
        loops=loops,
        sizes=sizes,
        deepest=deepest,
    )


def _per_degree(counts: bytes) -> list[int]:
    """How many cells have 0, 1, ... 8 passages, from each cell's count (a byte's bits)."""
    return [counts.count(k) for k in range(9)]


def _metrics(
    maze: Maze,
    *,
    length: int,
    turns: int,
    decision_points: int,
    per_degree: Sequence[int],
    loops: int,
    sizes: Sequence[int],
    deepest: Sequence[int],
    hung: Hung | None = None,
) -> Metrics:
    """The Metrics of a maze from its counts (``per_degree[k]``: the cells with k passages,
    k = 0 to at least 4) and its false branches' ``sizes`` and ``deepest`` depths (one each,
    in the same order), however they were found (``hung``: the tree they were read off, if
    any: ``bfs_expanded`` reads it too)."""
    n = maze.size
    dead_ends = per_degree[1]
    junctions, crossroads = sum(per_degree[3:]), sum(per_degree[4:])
    passages = sum(k * cells for k, cells in enumerate(per_degree)) // 2
    # runs between junctions/dead ends: each cell of two passages joins two passages into one
    segments = passages - per_degree[2]
    corridor_mean = passages / segments if segments > 0 else float(passages)
    branches = len(sizes)
    branch_cells = sum(sizes)
    depth_mean = sum(deepest) / branches if branches else 0.0
    return Metrics(
        cells=n,
        solution_length=length,
        solution_share=round(length / n, 6),
        turns=turns,
        decision_points=decision_points,
        dead_ends=dead_ends,
        dead_end_share=round(dead_ends / n, 6),
        junctions=junctions,
        crossroads=crossroads,
        corridor_mean=round(corridor_mean, 4),
        loops=loops,
        branches=branches,
        branch_cells=branch_cells,
        branch_max=max(sizes) if branches else 0,
        branch_mean=round(branch_cells / branches, 4) if branches else 0.0,
        branch_depth_max=max(deepest) if branches else 0,
        branch_depth_mean=round(depth_mean, 4),
        bfs_expanded=bfs_expanded(maze, hung),
        difficulty=difficulty_score(length, decision_points, depth_mean, turns),
    )


def _measure_tree(maze: Maze, hung: Hung) -> Metrics:
    """``measure`` on a perfect maze whose search from the exit reached every cell (``hung``):
    a false branch is a subtree hanging off the solution, its cells ``hung.size`` of its root
    and its depth the root's height plus one, found for every cell in one pass up the tree.
    Lists, not arrays: at a few hundred cells numpy's calls cost more than the loop."""
    grid, links = maze.grid, maze.links
    n, degree, adj = grid.size, grid.degree, neighbour_list(grid)
    counts = passage_bytes(links)
    passages = sum(counts) // 2
    if passages != n - 1:  # hung from a maze with loops (braided): searched instead
        return measure(maze)
    slots = slots_of(degree)
    parent, order, size, path = hung.parent, hung.order, hung.size, hung.path
    height = [0] * n  # cells from each cell down to the farthest below it
    for c in order[:0:-1]:  # every cell but the exit, children before parents
        p = parent[c]
        below = height[c] + 1
        if below > height[p]:
            height[p] = below
    sizes: list[int] = []
    deepest: list[int] = []
    decision_points = 0
    last = len(path) - 1
    for i, p in enumerate(path):
        if counts[p] <= (i > 0) + (i < last):  # its ways in and on alone
            continue
        base = p * degree
        on_path = (path[i - 1] if i else -1, path[i + 1] if i < last else -1)
        for k in slots[links[p]]:
            b = adj[base + k]
            if b not in on_path:  # the root of a false branch
                sizes.append(size[b])
                deepest.append(height[b] + 1)
        decision_points += 1
    return _metrics(
        maze,
        length=len(path),
        turns=_path_turns(grid, adj, path),
        decision_points=decision_points,
        per_degree=_per_degree(counts),
        loops=0,
        sizes=sizes,
        deepest=deepest,
        hung=hung,
    )


def _path_turns(grid: Grid, adj: Sequence[int], path: Sequence[int]) -> int:
    """``_turns`` walked along the path: a turn where the slot out of a cell is not the one
    across from the slot the path came in by."""
    opposite = opposite_slots(grid)
    if len(path) < 3:
        return 0
    if opposite is None:
        return len(path) - 2
    if plain_rect(grid):
        # a plain rectangle's step is its direction (N, E, S, W: -width, 1, width, -1)
        moves = list(map(operator.sub, path[1:], path))
        return sum(map(operator.ne, moves[1:], moves))
    degree, back = grid.degree, grid.back
    turns = 0
    came = -1  # the slot of the current cell the path came in by
    for i in range(len(path) - 1):
        p, q = path[i], path[i + 1]
        base = p * degree
        k = 0
        while adj[base + k] != q:
            k += 1
        if came >= 0 and opposite[came] != k:
            turns += 1
        came = back[base + k]
    return turns


def bfs_expanded(maze: Maze, hung: Hung | None = None) -> int:
    """The cells a breadth-first search from START expands before it takes FINISH from its
    queue: those nearer START (along the passages) than FINISH is, on a weave the nodes of
    its split graph. The ties at FINISH's own distance are left out, so the count does not
    hang on the order a search visits neighbours (Valenzuela Munoz et al., Entertainment
    Computing 2025, 100925: it tracks the steps players take on generated mazes).

    ``hung``: the tree the effort model hung from this perfect maze's exit (effort.hang,
    which efforts_and_tree runs on perfect mazes alone), when the caller has it: the count
    read off it (``Hung.nearer``), without the search."""
    if hung is not None and hung.nearer >= 0:
        return hung.nearer
    dist_arr, _ = maze.entrance_tree
    n = len(dist_arr) - 1
    if n <= LIST_UP_TO:
        return _count_nearer(dist_arr, n, dist_arr[maze.exit.cell])
    dist = np.frombuffer(dist_arr, dtype=np.int32)[:-1]
    goal = int(dist[maze.exit.cell])
    return int(np.count_nonzero((dist >= 0) & (dist < goal)))


def _count_nearer(dist: array[int], n: int, goal: int) -> int:
    """How many of the first ``n`` (at most 32,767) distances are from 0 to ``goal`` - 1, all
    at once in one whole number: each 32-bit distance cut to its low 16 bits (-1 becomes
    0xFFFF, a distance stays itself) and 0x8000 - goal added, so bit 15 of a lane is set
    just where its distance is ``goal`` or more (0xFFFF carries past bit 15 into bit 16);
    before, bit 15 is set just in the lanes of -1."""
    if goal < 0:
        return 0
    low, lift, top = _lanes(n)
    lanes = int.from_bytes(memoryview(dist)[:n].tobytes(), "little") & low
    unreached = (lanes & top).bit_count()
    farther = ((lanes + lift * (0x8000 - goal)) & top).bit_count()
    return n - unreached - farther


@functools.lru_cache(maxsize=8)
def _lanes(n: int) -> tuple[int, int, int]:
    """For ``n`` 32-bit lanes: each lane's low 16 bits, a one in each lane, bit 15 of each."""
    return tuple(
        int.from_bytes(bytes.fromhex(word) * n, "little")
        for word in ("ffff0000", "01000000", "00800000")
    )  # type: ignore[return-value]


def _woven(maze: Maze, split: Metrics) -> Metrics:
    """A weave maze's metrics from its split graph's: shares per cell of the maze, the
    crossings counted, and each pass of the solution through a crossing a decision point."""
    n = maze.size
    at = {c for c, _ in maze.crossings}
    passes = sum(1 for c in maze.solution_cells if c in at)
    decisions = split.decision_points + passes
    return replace(
        split,
        cells=n,
        solution_share=round(split.solution_length / n, 6),
        decision_points=decisions,
        dead_end_share=round(split.dead_ends / n, 6),
        difficulty=difficulty_score(
            split.solution_length, decisions, split.branch_depth_mean, split.turns
        ),
        crossings=len(maze.crossings),
    )


def _tree_branches(
    maze: Maze, dist: np.ndarray, parent_arr: object, on_path: np.ndarray, reached: np.ndarray
) -> tuple[np.ndarray, np.ndarray, int]:
    """Sizes and depths of the false branches, and the decision points, of a perfect maze."""
    n = maze.grid.size
    parent = np.frombuffer(parent_arr, dtype=np.int32).astype(np.int64)  # type: ignore[call-overload]
    parent[maze.entrance.cell] = maze.entrance.cell
    # root[c]: c itself on the path or where the parent is on the path, else the parent
    root = np.where(on_path | on_path[parent], np.arange(n), parent)
    while True:
        nxt = root[root]
        if np.array_equal(nxt, root):
            break
        root = nxt
    off = ~on_path & reached
    roots = root[off]
    # per branch (by its root cell, in cell order): its cells and its farthest cell's depth
    per_root = np.bincount(roots, minlength=n)
    branch_ids = np.flatnonzero(per_root)
    branches = len(branch_ids)
    sizes = per_root[branch_ids]
    depth = dist[off] - dist[roots] + 1
    deepest_at = np.zeros(n, dtype=np.int64)
    np.maximum.at(deepest_at, roots, depth)
    deepest = deepest_at[branch_ids]
    # distinct parents counted by a set: np.unique imports numpy.ma (8 ms and memory a build)
    decision_points = len(set(parent[branch_ids].tolist())) if branches else 0
    return sizes, deepest, decision_points


def _graph_branches(maze: Maze, on_path: np.ndarray) -> tuple[np.ndarray, np.ndarray, int]:
    """Sizes and depths of the false branches (in the order of their least cells), and the
    decision points, of any maze (``_branch_search``'s branches, counted by numpy)."""
    path_mark = bytearray(on_path.tobytes())
    path_mark.append(1)  # the sentinel, never entered
    order, depth, roots, decision_points = _branch_search(maze, path_mark)
    if not order:
        return np.zeros(0, dtype=np.int64), np.zeros(0, dtype=np.int64), decision_points
    cells = np.asarray(order, dtype=np.int64)
    _, branch_index = np.unique(np.asarray(roots, dtype=np.int64), return_inverse=True)
    sizes = np.bincount(branch_index)
    deepest = np.zeros(len(sizes), dtype=np.int64)
    np.maximum.at(deepest, branch_index, np.asarray(depth, dtype=np.int64)[cells])
    return sizes, deepest, decision_points


def _plain_branches(
    maze: Maze, path_mark: bytearray, *, distinct: bool = False
) -> tuple[list[int], list[int], int]:
    """``_graph_branches`` counted in a dict by branch (a small maze: no numpy)."""
    order, depth, roots, decision_points = _branch_search(maze, path_mark, distinct=distinct)
    tally: dict[int, list[int]] = {}
    for c, root in zip(order, roots, strict=True):
        found = tally.get(root)
        if found is None:
            tally[root] = [1, depth[c]]
        else:
            found[0] += 1
            if depth[c] > found[1]:
                found[1] = depth[c]
    branches = [tally[root] for root in sorted(tally)]
    return [b[0] for b in branches], [b[1] for b in branches], decision_points


def _branch_search(
    maze: Maze, path_mark: bytearray, *, distinct: bool = False
) -> tuple[list[int], list[int], list[int], int]:
    """The cells off the solution reached from it, in order, each one's distance from it
    (``depth``, per cell), each one's branch (its least first cell, per reached cell in order)
    and the decision points (each solution cell's passes, or with ``distinct`` the cell
    once); ``path_mark``: 1 for each solution cell and the sentinel.

    A breadth-first search out from every solution cell at once gives each cell its distance
    from the solution and a provisional branch (the first off-path cell it was reached from);
    passages between cells of two provisional branches (the loops) merge them (union-find).
    """
    grid = maze.grid
    n, degree, links = grid.size, grid.degree, maze.links
    adj = neighbour_list(grid)
    slots = slots_of(degree)
    seen = bytearray(path_mark)
    depth = [0] * n
    label = [0] * n  # provisional branch: the first off-path cell on the way out
    joins: list[tuple[int, int]] = []
    decision_points = 0
    order: list[int] = []
    path = maze.solution_cells
    for c in dict.fromkeys(path) if distinct else path:
        base = c * degree
        leaves = False
        for k in slots[links[c]]:
            j = adj[base + k]
            if not path_mark[j]:
                leaves = True
                if not seen[j]:
                    seen[j] = 1
                    depth[j] = 1
                    label[j] = j
                    order.append(j)
        decision_points += leaves
    for i in order:
        base = i * degree
        d = depth[i] + 1
        li = label[i]
        for k in slots[links[i]]:
            j = adj[base + k]
            if not seen[j]:
                seen[j] = 1
                depth[j] = d
                label[j] = li
                order.append(j)
            elif not path_mark[j] and label[j] != li:
                joins.append((li, label[j]))
    owner: dict[int, int] = {}

    def find(a: int) -> int:
        while owner.get(a, a) != a:
            a = owner[a]
        return a

    for a, b in joins:
        ra, rb = find(a), find(b)
        if ra != rb:
            owner[max(ra, rb)] = min(ra, rb)
    resolve = {a: find(a) for a in owner}
    roots = [label[c] for c in order]
    if resolve:
        roots = [resolve.get(r, r) for r in roots]
    return order, depth, roots, decision_points
