"""What makes a maze hard, measured: a frozen Metrics record and one difficulty score.

The score follows the measures that the maze literature ties to solving effort: the length of
the solution (McClendon 2001, "The Complexity and Difficulty of a Maze"), the decision points
along it and the size of the false branches that hang off it (Pullen, Think Labyrinth: "Maze
Algorithms", on dead ends and "river"; Kim & Crawfis 2015, "The Quest for the Perfect
Perfect-Maze", who found decision points and dead-end branch length the best predictors of the
time people take). Each term is taken on a log scale (doubling a path does not double the felt
effort), weighted, and mapped onto 0-10; see ``difficulty_score``.
"""

from __future__ import annotations

import math
from dataclasses import asdict, dataclass
from typing import Any

from .grid import slots_of
from .maze import Maze

_POPCOUNT = bytes(bin(b).count("1") for b in range(256))


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
    branches: int  # false branches leaving the solution
    branch_cells: int  # cells in all false branches
    branch_max: int  # cells in the largest false branch
    branch_mean: float  # mean cells per false branch
    branch_depth_max: int  # farthest a false branch leads away from the solution
    branch_depth_mean: float  # mean over branches of how far each leads
    difficulty: float  # 0 (trivial) to 10 (very hard), see difficulty_score

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


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


def _turns(maze: Maze, path: tuple[int, ...]) -> int:
    """Direction changes along the path; a grid may define straight-through slots."""
    grid = maze.grid
    opposite = grid.params.get("opposite")
    if opposite is None and grid.kind == "rect":
        opposite = (2, 3, 0, 1)
    if len(path) < 3:
        return 0
    degree, back = grid.degree, grid.back
    turns = 0
    for a, b, c in zip(path, path[1:], path[2:], strict=False):
        k_in = back[a * degree + grid.slot_to(a, b)]  # slot of b that leads back to a
        k_out = grid.slot_to(b, c)
        if opposite is None or opposite[k_in] != k_out:
            turns += 1
    return turns


def measure(maze: Maze) -> Metrics:
    """Measure a maze: solution, dead ends, junctions, corridors, false branches, difficulty."""
    grid = maze.grid
    n, degree, adj = grid.size, grid.degree, grid.adj
    links = maze.links
    path = maze.solution_cells
    counts = links.translate(_POPCOUNT)
    dead_ends = counts.count(1)
    junctions = n - counts.count(0) - counts.count(1) - counts.count(2)
    crossroads = junctions - counts.count(3)
    nodes = n - counts.count(2)
    passages = sum(counts) // 2 if n < 4096 else int(sum(memoryview(counts))) // 2
    corridor_mean = passages / (nodes - 1) if nodes > 1 else float(passages)

    # multi-source search from the solution: each first step off it starts a false branch
    slots = slots_of(degree)
    owner = [-1] * (n + 1)  # branch id per cell; -2 marks solution cells
    depth = [0] * n
    for c in path:
        owner[c] = -2
    owner[n] = -2
    sizes: list[int] = []
    deepest: list[int] = []
    decision_points = 0
    frontier: list[int] = []
    for c in path:
        base = c * degree
        leaves = False
        for k in slots[links[c]]:
            j = adj[base + k]
            if owner[j] == -1:
                owner[j] = len(sizes)
                depth[j] = 1
                sizes.append(0)
                deepest.append(1)
                frontier.append(j)
                leaves = True
        decision_points += leaves
    for c in frontier:  # grows while iterating: a breadth-first sweep of all branches
        b = owner[c]
        sizes[b] += 1
        d = depth[c]
        if d > deepest[b]:
            deepest[b] = d
        base = c * degree
        for k in slots[links[c]]:
            j = adj[base + k]
            if owner[j] == -1:
                owner[j] = b
                depth[j] = d + 1
                frontier.append(j)
    branches = len(sizes)
    branch_cells = sum(sizes)
    depth_mean = sum(deepest) / branches if branches else 0.0
    turns = _turns(maze, path)
    length = len(path)
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
        branches=branches,
        branch_cells=branch_cells,
        branch_max=max(sizes, default=0),
        branch_mean=round(branch_cells / branches, 4) if branches else 0.0,
        branch_depth_max=max(deepest, default=0),
        branch_depth_mean=round(depth_mean, 4),
        difficulty=difficulty_score(length, decision_points, depth_mean, turns),
    )
