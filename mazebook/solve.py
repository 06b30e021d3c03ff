"""The solver: the shortest path from entrance to exit (breadth-first, iterative)."""

from __future__ import annotations

from .maze import Maze


def solve(maze: Maze) -> list[list[int]] | list[int]:
    """The shortest path from entrance to exit.

    Rectangles: a list of [x, y] cells (as in ``to_dict()["solution"]``); other shapes: a list
    of cell numbers (as in their graph form).
    """
    cells = maze.solution_cells
    if maze.grid.kind == "rect":
        xy = maze.grid.xy
        return [list(xy(c)) for c in cells]
    return list(cells)
