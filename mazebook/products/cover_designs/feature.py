"""The front cover's puzzle: one of the book's own kind and shape (a heart book shows a heart,
a word-trail book a word trail, a weave book its bridges) at a level the book holds, made by
the section's kind as the book makes its puzzles, for the room the design gives it.

Which section: the one whose puzzles look least like a plain rectangle maze (another kind, a
shape, crossings), the largest of them; in a book of plain mazes, the section of the book's
middle puzzle. Which level: the middle of that section's levels, or the highest below it that
the room holds with cells at least the book's ``min_cell`` (so a children's book of big
friendly mazes shows one, with walls as thick as its pages'); where the room holds none, the
puzzle is made for a larger room and drawn a little smaller.
"""

from __future__ import annotations

import random
from dataclasses import replace

from ...errors import MazebookError
from ...kinds import DEFAULT_KIND, Made, Spot, kind_of
from ...pages.document import Card, MazeCard
from ...pages.plan import PlannedPuzzle
from ...records import record
from ...template import Template

#: The rooms tried, each this much larger than the last, when the design's room holds no level
#: of the section at the book's min_cell.
GROW = (1.0, 1.3, 1.7, 2.2, 3.0)


@record
class Featured:
    """The puzzle a cover shows: its card (no caption, no START and FINISH words beside it),
    the section it comes from and its level."""

    card: Card
    section: int
    level: int
    made: Made

    @property
    def is_maze(self) -> bool:
        """Whether it is drawn as a maze (walls), not as a grid of numbers."""
        return isinstance(self.card, MazeCard)


def feature_section(template: Template) -> int:
    """The section the front's puzzle comes from (see the module's docstring)."""
    sections = template.sections
    special = [
        i
        for i, s in enumerate(sections)
        if s.puzzle != DEFAULT_KIND or s.shape != "rect" or s.weave
    ]
    if special:
        return max(special, key=lambda i: (sections[i].count, -i))
    middle, seen = (template.puzzle_count + 1) // 2, 0
    for index, section in enumerate(sections):
        seen += section.count
        if seen >= middle:
            return index
    return len(sections) - 1


def first_number(template: Template, index: int) -> int:
    """The number of section ``index``'s first puzzle in the book (a word trail's word)."""
    return 1 + sum(s.count for s in template.sections[:index])


def bare(card: Card) -> Card:
    """A card drawn without its caption and without START and FINISH words beside it (a
    number path keeps the words inside its end cells)."""
    if isinstance(card, MazeCard):
        return replace(card, caption_left="", caption_right="", labels=False)
    return card


def make_featured(
    template: Template,
    index: int,
    room: tuple[float, float],
    rng: random.Random,
    *,
    levels: tuple[int, ...] | None = None,
) -> Featured | None:
    """Section ``index``'s puzzle for a room of ``room`` points: at the middle of its levels
    (or the first of ``levels`` that fits), made by its kind; None when no room tried holds
    any (the kind refuses every level: the design draws no puzzle)."""
    kind = kind_of(template, index)
    section = template.sections[index]
    low, high = section.levels
    wanted = levels if levels is not None else tuple(range((low + high) // 2, low - 1, -1))
    words = (template.texts("start"), template.texts("finish"))
    number = first_number(template, index)
    for grow in GROW:
        spot = Spot((room[0] * grow, room[1] * grow), template.min_cell, words)
        for level in wanted:
            try:
                if not kind.fits(template, index, level, spot):
                    continue
                planned = PlannedPuzzle(number, index, level, 0, 0, 0, 0)
                made = kind.make(template, planned, spot, rng)
            except MazebookError:
                continue  # a level this room cannot make: the next one
            card = made.card("", words=words, side_room=0.0)
            return Featured(bare(card), index, level, made)
    return None
