"""Word trails: a word's letters along a maze's solution, decoy letters in its dead ends.

The word's letters stand in solution cells, in order from START, spread evenly along the way
(at most every other cell: a word may take half the solution's cells, ``capacity``). As many
decoy letters, drawn from the word's own letters so they tempt, stand in cells off the solution
(dead-end tips first, then other cells of the dead-end branches), never on it. Works on every
shape: cells are cell numbers of the maze's grid. Core code: no drawing.
"""

from __future__ import annotations

import random

from ..records import record
from .grid import passage_counts
from .maze import Maze

#: The longest word a puzzle takes.
MAX_WORD = 40


@record
class Trail:
    """The word, the solution cells holding its letters (in order from START), and the decoys
    (cell, letter) off the solution."""

    word: str
    cells: tuple[int, ...]
    decoys: tuple[tuple[int, str], ...]


def word_problem(word: str) -> str | None:
    """Why ``word`` cannot be a trail's word (letters only, 1 to MAX_WORD), or None."""
    if not word:
        return "is empty"
    if len(word) > MAX_WORD:
        return f"has {len(word)} letters; a word may have at most {MAX_WORD}"
    bad = [ch for ch in word if not ch.isalpha()]
    if bad:
        return f"holds {bad[0]!r}, which is not a letter; a trail's word is letters only"
    return None


def capacity(maze: Maze) -> int:
    """The longest word the maze carries: half its solution's cells, and no more than the cells
    off the solution (each letter has a decoy)."""
    solution = len(maze.solution_cells)
    return min(solution // 2, maze.grid.size - solution)


def lay_trail(maze: Maze, word: str, rng: random.Random) -> Trail:
    """The word along the maze's solution and as many decoys off it; ValueError when the word
    is longer than ``capacity``."""
    if len(word) > capacity(maze):
        raise ValueError(f"{word!r} is longer than the {capacity(maze)} letters the maze carries")
    path = maze.solution_cells
    n, k = len(path), len(word)
    cells = tuple(path[min(n - 1, (2 * i + 1) * n // (2 * k))] for i in range(k))
    on_path = set(path)
    degrees = passage_counts(maze.links)
    off = [c for c in range(maze.grid.size) if c not in on_path]
    tips = [c for c in off if degrees[c] == 1]
    rest = [c for c in off if degrees[c] != 1]
    rng.shuffle(tips)
    rng.shuffle(rest)
    chosen = (tips + rest)[:k]
    letters = list(word)
    decoys = tuple(sorted((cell, letters[rng.randrange(k)]) for cell in chosen))
    return Trail(word, cells, decoys)
