"""Keys and doors: doors across passages, each opened by the key of its letter, picked up on
the way (mazebook.core.keysdoors lays them as a chain)."""

from __future__ import annotations

import random

from ..core.keysdoors import lay_keys, letters_for
from ..core.maze import Maze
from ..geometry.rules import KEYS_MIN_CELL
from .rule_maze import RuleKind

#: About how much more effort a chain of 1, 2, 3 and 4 letters gives a maze of one size (the
#: median over 60 backtracker, hunt-and-kill and growing-tree mazes of 40-300 cells).
KEYS_GAIN = (1.8, 2.5, 3.0, 3.6)


#: Chains laid in one maze, the one nearest the level's centre kept: where the keys fall moves
#: a maze's effort by a tenth or more, and a class set's pupils' puzzles must lie within 10 %.
LAYOUTS = 3


class KeysKind(RuleKind):
    """Keys and doors: pick up each key before its door."""

    name = "keys"
    summary = "a maze with doors and keys: pick up a door's key before you pass it"
    title = "Keys and doors: find each key first"
    levels = (3, 10)
    min_cell = answer_cell = KEYS_MIN_CELL  # its marks need them on a page and on an answer
    layouts = LAYOUTS
    instruction_key = "instruction_keys"
    how_to_play_key = "how_to_play_keys"
    plain_reason = "its doors and keys are laid in a perfect rectangular maze"

    def letters(self, level: int) -> int:
        """How many letters a puzzle of ``level`` uses."""
        return letters_for(level, self.levels[0])

    def lay_rules(self, maze: Maze, level: int, rng: random.Random) -> Maze | None:
        return lay_keys(maze, self.letters(level), rng)

    def gain(self, level: int) -> float:
        return KEYS_GAIN[self.letters(level) - 1]

    def counts(self, maze: Maze) -> dict[str, int]:
        return {"doors": len(maze.doors), "keys": len(maze.keys)}
