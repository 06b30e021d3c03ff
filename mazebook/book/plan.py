"""The page plan: which page holds what, fixed before any maze is made.

Knowing every page number first lets a puzzle page name the page of its solution, the
contents list the sections, and the gutter follow the final page count. Pure arithmetic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

#: Pages before the first section: title, how-to, then the contents.
TITLE_PAGE, HOWTO_PAGE, FIRST_CONTENTS_PAGE = 1, 2, 3


@dataclass(frozen=True)
class SectionInput:
    """What the plan needs of a section: its name, puzzle count and level range."""

    name: str
    count: int
    levels: tuple[int, int]


@dataclass(frozen=True)
class PlannedPuzzle:
    """A puzzle's place: number, section, level, and the page and slot of it and its answer."""

    number: int  # 1-based over the whole book
    section: int  # index into BookPlan.sections
    level: int
    page: int
    slot: int
    answer_page: int
    answer_slot: int


@dataclass(frozen=True)
class PlannedSection:
    """A section's header page and the range of its puzzles."""

    index: int
    name: str
    levels: tuple[int, int]
    header_page: int
    first_number: int
    last_number: int


@dataclass(frozen=True)
class BookPlan:
    """Every page of the book by number (1-based physical pages, total even)."""

    page_count: int
    contents_pages: tuple[int, ...]
    sections: tuple[PlannedSection, ...]
    puzzles: tuple[PlannedPuzzle, ...]
    answer_pages: tuple[int, ...]
    blank_pages: tuple[int, ...]
    puzzles_per_page: int
    answers_per_page: int


def section_levels(levels: tuple[int, int], count: int) -> list[int]:
    """The level of each puzzle of a section, rising evenly from the first to the last level."""
    lo, hi = levels
    if count == 1:
        return [lo]
    return [math.floor(lo + (hi - lo) * i / (count - 1) + 0.5) for i in range(count)]


def plan_book(
    sections: Sequence[SectionInput],
    *,
    puzzles_per_page: int = 1,
    answers_per_page: int = 6,
    contents_lines_per_page: int = 30,
) -> BookPlan:
    """Number the pages: title, how-to, contents, then per section a header and its puzzle
    pages, then the answer key, and a last blank page when needed to make the count even."""
    if not sections:
        raise ValueError("a book needs at least one section")
    contents_entries = len(sections) + 1  # the sections and the answer key
    contents_count = max(1, math.ceil(contents_entries / max(1, contents_lines_per_page)))
    contents_pages = tuple(range(FIRST_CONTENTS_PAGE, FIRST_CONTENTS_PAGE + contents_count))
    page = contents_pages[-1] + 1
    number = 1
    planned_sections: list[PlannedSection] = []
    placed: list[tuple[int, int, int, int, int]] = []  # number, section, level, page, slot
    for index, section in enumerate(sections):
        header = page
        page += 1
        for i, level in enumerate(section_levels(section.levels, section.count)):
            slot = i % puzzles_per_page
            if i and slot == 0:
                page += 1
            placed.append((number + i, index, level, page, slot))
        page += 1
        planned_sections.append(
            PlannedSection(
                index, section.name, section.levels, header, number, number + section.count - 1
            )
        )
        number += section.count
    total = len(placed)
    first_answer = page
    answer_count = math.ceil(total / answers_per_page)
    answer_pages = tuple(range(first_answer, first_answer + answer_count))
    page_count = first_answer + answer_count - 1
    blank_pages: tuple[int, ...] = ()
    if page_count % 2:
        page_count += 1
        blank_pages = (page_count,)
    puzzles = tuple(
        PlannedPuzzle(
            number=n,
            section=s,
            level=level,
            page=p,
            slot=slot,
            answer_page=first_answer + (n - 1) // answers_per_page,
            answer_slot=(n - 1) % answers_per_page,
        )
        for n, s, level, p, slot in placed
    )
    return BookPlan(
        page_count=page_count,
        contents_pages=contents_pages,
        sections=tuple(planned_sections),
        puzzles=puzzles,
        answer_pages=answer_pages,
        blank_pages=blank_pages,
        puzzles_per_page=puzzles_per_page,
        answers_per_page=answers_per_page,
    )


def plan_worksheet(sections: Sequence[SectionInput], *, per_page: int) -> BookPlan:
    """Number a worksheet's pages: the mazes of every section in one run, ``per_page`` to a
    page from page 1, no front matter and no padding page (sheets are handed out loose).

    The answer key is a second file with the same pages, so each puzzle's answer_page is its
    own page number (in NAME-answers.pdf) and answer_pages lists every page of that file. A
    section's header_page is the page of its first maze.
    """
    if not sections:
        raise ValueError("a worksheet needs at least one section")
    puzzles: list[PlannedPuzzle] = []
    planned_sections: list[PlannedSection] = []
    number = 1
    for index, section in enumerate(sections):
        first = number
        for level in section_levels(section.levels, section.count):
            page, slot = (number - 1) // per_page + 1, (number - 1) % per_page
            puzzles.append(PlannedPuzzle(number, index, level, page, slot, page, slot))
            number += 1
        planned_sections.append(
            PlannedSection(
                index, section.name, section.levels, puzzles[first - 1].page, first, number - 1
            )
        )
    page_count = puzzles[-1].page
    return BookPlan(
        page_count=page_count,
        contents_pages=(),
        sections=tuple(planned_sections),
        puzzles=tuple(puzzles),
        answer_pages=tuple(range(1, page_count + 1)),
        blank_pages=(),
        puzzles_per_page=per_page,
        answers_per_page=per_page,
    )
