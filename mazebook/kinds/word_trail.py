"""The word trail: a maze whose solution spells a word, letter by letter, among decoy letters
in the other cells (mazebook.core.wordtrail lays the trail)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import wordtrail
from ..core.maze import Maze
from ..errors import InvalidOptionError, TemplateError
from ..geometry.from_maze import cell_points
from ..geometry.style import LETTER_SHARE
from ..pages.plan import PlannedPuzzle
from ..records import record
from ..template import Template
from ..template.load import Section
from ..template.texts import Texts
from .base import Spot, section_refusal
from .maze import Letters, MadeMaze, MazeFacts, MazeKind, made_maze, maze_facts

#: Mazes tried for a word trail before a word too long for the level is refused.
TRAIL_TRIES = 8
#: The smallest answer cell of a word trail (points): one whose letter at LETTER_SHARE would be
#: 6 pt, so the LETTER_MIN (7 pt) letter drawn in it still stands clear of its walls.
TRAIL_ANSWER_CELL = 6.0 / LETTER_SHARE


@record
class TrailCells:
    """The word and the cells it is laid in, in order ([x, y] on a rectangle, else [cell])."""

    word: str
    cells: tuple[list[int], ...]


@dataclass(frozen=True)
class TrailFacts(MazeFacts):
    """A word trail's record: the maze's, then ``kind``, the ``trail`` and the ``decoys``
    ([x, y, "L"] each)."""

    kind: str
    trail: TrailCells
    decoys: tuple[list[int | str], ...]


def trail_word(template: Template, planned: PlannedPuzzle) -> str:
    """The word of a word-trail puzzle: its section's words in turn, from the section's first
    puzzle."""
    before = sum(s.count for s in template.sections[: planned.section])
    words = template.sections[planned.section].words
    return words[(planned.number - 1 - before) % len(words)]


def _cell_position(maze: Maze, cell: int) -> list[int]:
    """[x, y] of a rectangle's cell, [cell] on other shapes (the grid's own numbering)."""
    return list(maze.grid.xy(cell)) if maze.grid.kind == "rect" else [cell]


def _letters(maze: Maze, trail: wordtrail.Trail) -> Letters:
    """The letters at their cells' centres in drawing units: the word's, then the decoys."""
    points = cell_points(maze)
    on = [
        (float(points[c][0]), float(points[c][1]), letter, True)
        for c, letter in zip(trail.cells, trail.word, strict=True)
    ]
    off = [(float(points[c][0]), float(points[c][1]), letter, False) for c, letter in trail.decoys]
    return (*on, *off)


class WordTrailKind(MazeKind):
    """Mazes with a word along the way: find the hidden word on the way through."""

    name = "word-trail"
    summary = "a maze whose way through spells a hidden word among decoy letters"
    title = "Word trails: a word along the way"
    own_keys = ("words",)
    answer_cell = TRAIL_ANSWER_CELL
    single_maze = False
    tactile = False  # its letters sit in the corridors

    def check_section(self, template: Template, index: int) -> None:
        """Its words given, each a word of letters (one line naming ``words`` otherwise)."""
        section = template.sections[index]
        if "words" not in section.given:
            raise section_refusal(
                template,
                index,
                'a word trail needs its words, e.g. words = ["CAT", "DOG"]',
                key="words",
            )
        for word in section.words:
            problem = wordtrail.word_problem(word)
            if problem is not None:
                raise section_refusal(template, index, f"{word!r} {problem}", key="words")

    def sheet_title(self, texts: Texts) -> str:
        return texts("worksheet_title_word_trail")

    def instruction(self, texts: Texts, words: tuple[str, str], section: Section) -> str:
        """Find the way, and the word the letters on it spell."""
        return texts("instruction_word_trail", start=words[0], finish=words[1])

    def howto(self, texts: Texts, words: tuple[str, str], section: Section) -> str | None:
        """How a word hides along the way (and bridges, where its mazes weave)."""
        trail = texts("how_to_play_word_trail", start=words[0], finish=words[1])
        bridges = super().howto(texts, words, section)
        return trail if bridges is None else f"{trail} {bridges}"

    def own_values(self, texts: Mapping[str, str]) -> dict[str, Any]:
        """``words`` from a text of words apart by spaces or commas."""
        words = tuple(texts.get("words", "").replace(",", " ").split())
        if not words:
            raise InvalidOptionError(
                "give the words to hide along the way, e.g. CAT DOG LION", key="words"
            )
        return {"words": words}

    def answer_cell_problem(self, count: int, cell: float) -> str | None:
        if cell >= TRAIL_ANSWER_CELL:
            return None
        return (
            f"{count} answers a page leave this word trail's answer cells about {cell:.1f} pt, "
            f"too small for their letters (at least {TRAIL_ANSWER_CELL:.1f} pt); use fewer "
            "answers a page, or leave answers_per_page out to have them chosen"
        )

    def make(
        self,
        template: Template,
        planned: PlannedPuzzle,
        spot: Spot,
        rng: random.Random,
        *,
        requested_level: int | None = None,
        like: Hashable | None = None,
    ) -> MadeMaze:
        """A maze whose solution carries the section's next word (TRAIL_TRIES searches, then
        a one-line refusal naming the longest word that fits), and the trail laid in it."""
        word = trail_word(template, planned)
        longest = 0
        for _ in range(TRAIL_TRIES):
            choice = self.choose(template, planned, spot, rng, like)
            longest = max(longest, wordtrail.capacity(choice.maze))
            if len(word) <= wordtrail.capacity(choice.maze):
                break
        else:
            section = template.sections[planned.section]
            raise TemplateError(
                f"the word {word!r} ({len(word)} letters) is longer than a level-{planned.level} "
                f"maze's solution carries here: the longest that fits is {longest} letters",
                file=template.source,
                section=planned.section + 1,
                section_name=section.name,
                key="words",
                advice="use shorter words or a higher {difficulty}",
            )
        maze = choice.maze
        trail = wordtrail.lay_trail(maze, word, rng)
        asked = planned.level if requested_level is None else requested_level
        facts = TrailFacts(
            **vars(maze_facts(choice, asked)),
            kind=self.name,
            trail=TrailCells(trail.word, tuple(_cell_position(maze, c) for c in trail.cells)),
            decoys=tuple([*_cell_position(maze, c), letter] for c, letter in trail.decoys),
        )
        return made_maze(choice, facts, _letters(maze, trail), trail.word, "kind_word_trail")
