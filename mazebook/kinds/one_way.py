"""One-way streets: a maze with loops whose passages may be walked one way round only, each
drawn as an arrow (mazebook.core.oneway lays them)."""

from __future__ import annotations

import random

from ..core.maze import Maze
from ..core.oneway import lay_one_way
from ..geometry.rules import ONE_WAY_MIN_CELL
from .rule_maze import RuleKind

#: About how much more effort one-way loops give a maze of one size (measured 1.01-1.03 over
#: 60 mazes of 40-300 cells: the long way round a loop is walked, and the blocked way round
#: was a false branch the solver might have tried, so the two nearly weigh alike).
ONE_WAY_GAIN = 1.0


class OneWayKind(RuleKind):
    """One-way streets: follow the arrows; some passages go one way only."""

    name = "one-way"
    summary = "a maze with one-way loops: walk each arrowed passage only the way it points"
    title = "One-way streets: follow the arrows"
    levels = (2, 10)
    min_cell = answer_cell = ONE_WAY_MIN_CELL  # its marks need them on a page and on an answer
    instruction_key = "instruction_one_way"
    how_to_play_key = "how_to_play_one_way"
    plain_reason = "its one-way loops are laid in a perfect rectangular maze"

    def lay_rules(self, maze: Maze, level: int, rng: random.Random) -> Maze | None:
        return lay_one_way(maze, level, rng)

    def gain(self, level: int) -> float:
        return ONE_WAY_GAIN

    def counts(self, maze: Maze) -> dict[str, int]:
        return {"one_way_count": len(maze.one_way)}
