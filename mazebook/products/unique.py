"""No maze twice: the canonical keys a book has used (and those of the volumes of its series
before it), and a puzzle made again, from a fresh random source of its own, while it repeats one.

A puzzle's first random source is the one it always had, so a book with no repeat is made
exactly as before; the n-th source after it is derived from the book's seed, the puzzle's
number and n alone, so the same template and seed give the same book whoever builds it.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from ..errors import TemplateError
from ..kinds import Made
from ..pages.plan import PlannedPuzzle
from ..template import Template

#: Puzzles made for one place before the book is refused for want of a new one.
MAX_TRIES = 40


def again_rng(seed: int, number: int, attempt: int) -> random.Random:
    """The random source of puzzle ``number``'s ``attempt``-th remake (from 1)."""
    return random.Random(f"mazebook-again:{seed}:{number}:{attempt}")


@dataclass
class Used:
    """The canonical keys already taken: ``taken`` by the volumes before this one, ``keys``
    by this book's puzzles in order; ``again``: how many puzzles were made again. ``made``
    keeps every puzzle made, by (number, attempt), when ``keep`` says so, and a book made
    again with the same ``made`` takes each from there instead of making it again (the same
    puzzle: its random source is the same): a series remakes a volume that way."""

    taken: frozenset[str] = frozenset()
    keys: list[str] = field(default_factory=list)
    again: int = 0
    made: dict[tuple[int, int], Made] = field(default_factory=dict)
    keep: bool = False
    clashes: int = 0  # puzzles made again because an earlier volume has them
    _own: set[str] = field(default_factory=set)

    def fresh(self, key: str) -> bool:
        """Whether no earlier puzzle (of this book or an earlier volume) has this key."""
        return key not in self.taken and key not in self._own

    def add(self, key: str) -> None:
        self.keys.append(key)
        self._own.add(key)

    def reject(self, key: str) -> None:
        """Count a puzzle refused because an earlier volume (and not this book) has it."""
        if key in self.taken and key not in self._own:
            self.clashes += 1


def unique_puzzle(
    template: Template,
    planned: PlannedPuzzle,
    first: random.Random,
    make: Callable[[random.Random], Made],
    used: Used,
) -> Made:
    """The planned puzzle made from ``first``, made again from ``again_rng`` while it repeats a
    puzzle of ``used``; TemplateError naming the section when MAX_TRIES all repeat one."""
    rng = first
    for attempt in range(1, MAX_TRIES + 1):
        made = used.made.get((planned.number, attempt))
        if made is None:
            made = make(rng)
        if used.keep:
            used.made[(planned.number, attempt)] = made
        key = made.canonical_key
        if used.fresh(key):
            used.add(key)
            used.again += attempt - 1
            return made
        used.reject(key)
        rng = again_rng(template.seed, planned.number, attempt)
    section = template.sections[planned.section]
    raise TemplateError(
        f"puzzle {planned.number} (level {planned.level}): {MAX_TRIES} puzzles made for it "
        "each repeat one already in this book (or an earlier volume): this level has too few "
        "different puzzles for so many",
        file=template.source,
        section=planned.section + 1,
        section_name=section.name,
        key="difficulty",
        advice="use fewer puzzles at this level, fewer volumes, or a higher {difficulty}",
    )
