"""A number path measured as the mazes are: effort from both ends, the nearest-to-goal walk,
bfs_expanded, on its own grid.

A number path has no walls: a move goes to a side neighbour that holds the next number (from
START, counting up by the step; from FINISH, counting down). So the wall followers of
mazebook.difficulty.strategies do not apply (there is no wall to keep a hand on); the
nearest-to-goal walker does: at each cell it counts on to the neighbour nearest the goal in a
straight line, and steps back when it can count on no further. ``bfs_expanded`` is the cells
a breadth-first search counting up from START reaches before FINISH's distance.
"""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Sequence

from ..core.numberpath import Cell, NumberPath, neighbours, number_effort
from ..records import record


@record
class NumberMeasures:
    """A number path's effort from each end, its nearest-to-goal walk over its path's cells
    (``shortcut_ratio``) and ``bfs_expanded``."""

    effort_forward: float
    effort_backward: float
    shortcut_ratio: float
    bfs_expanded: int


def number_record(puzzle: NumberPath) -> NumberMeasures:
    """The measures of a number path's record (rounded as the manifest writes them)."""
    grid, step, path = puzzle.grid, puzzle.step, puzzle.path
    walks = (
        _nearest(grid, step, path[0], path[-1]),
        _nearest(grid, -step, path[-1], path[0]),
    )
    return NumberMeasures(
        effort_forward=round(number_effort(grid, step, path), 1),
        effort_backward=round(number_effort(grid, step, path, backward=True), 1),
        shortcut_ratio=round(min(walks) / len(path), 3),
        bfs_expanded=bfs_expanded(grid, step, path[0], path[-1]),
    )


def _nearest(grid: Sequence[Sequence[int]], by: int, start: Cell, goal: Cell) -> float:
    """Moves of the nearest-to-goal walker counting by ``by`` from ``start`` to ``goal``."""
    width, height = len(grid[0]), len(grid)
    marked = {start}
    stack = [start]
    moves = 1
    while stack[-1] != goal:
        x, y = stack[-1]
        value = grid[y][x]
        options = [
            n
            for n in neighbours((x, y), width, height)
            if n not in marked and grid[n[1]][n[0]] == value + by
        ]
        if options:
            best = min(options, key=lambda n: (n[0] - goal[0]) ** 2 + (n[1] - goal[1]) ** 2)
            marked.add(best)
            stack.append(best)
        else:
            stack.pop()
            if not stack:
                return math.inf
        moves += 1
    return float(moves)


def bfs_expanded(grid: Sequence[Sequence[int]], step: int, start: Cell, goal: Cell) -> int:
    """Cells a breadth-first search counting up from START reaches at a distance less than
    FINISH's (the ties at FINISH's distance left out, as for the mazes)."""
    width, height = len(grid[0]), len(grid)
    dist = {start: 0}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        value = grid[y][x]
        for n in neighbours((x, y), width, height):
            if n not in dist and grid[n[1]][n[0]] == value + step:
                dist[n] = dist[(x, y)] + 1
                queue.append(n)
    far = dist.get(goal, 0)
    return sum(1 for d in dist.values() if d < far)
