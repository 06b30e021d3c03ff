"""The solver: the shortest path from entrance to exit (breadth-first, iterative)."""

from __future__ import annotations

from .grid import bfs
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


def distances(maze: Maze, source: int | None = None) -> list[int]:
    """Passages from ``source`` (default: the entrance) to every cell; -1 where unreachable."""
    dist, _, _ = bfs(maze.grid, maze.links, maze.entrance.cell if source is None else source)
    return list(dist[: maze.size])
