"""The level a maze made without one measures at: where its solving effort sits on the ladder.

A maze's effort is at least the moves of its shortest way through, so a way through long enough
for the top level's band settles it at the top level without running the solver model (which
takes seconds on a million cells)."""

from __future__ import annotations

from ..core.maze import Maze
from .effort import solving_effort
from .levels import LAST_LEVEL, band, level_of

#: Cells of a way through, a crossing counted as two, sure to be the top level's effort.
TOP_PATH = 2 * band(LAST_LEVEL)[0]


def measured_level(maze: Maze) -> int:
    """The level (1-10) whose band holds the maze's solving effort."""
    if len(maze.solution_cells) >= TOP_PATH:
        return LAST_LEVEL
    return level_of(solving_effort(maze))
