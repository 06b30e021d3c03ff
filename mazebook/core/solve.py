"""The solver: the shortest path from entrance to exit (breadth-first, iterative)."""

from __future__ import annotations

from .maze import Maze


def solve(maze: Maze) -> list[int]:
    """The shortest path from entrance to exit, as cell numbers, for every shape.

    Cells are numbered as in the graph form of ``to_dict()``; on a rectangle cell ``c`` is
    column ``c % width`` of row ``c // width`` (``maze.grid.xy(c)`` gives both). On a maze with
    loops (a braid) it is one of the shortest paths. On a weave maze the path goes straight
    through each crossing, and lists a crossing cell twice where it goes both over and under.
    On a maze with rules (one-way passages, doors and keys) it is the shortest walk that keeps
    them, which may pass a cell more than once (to fetch a key and come back).
    """
    return list(maze.solution_cells)
