"""The page plan: which page holds what, fixed before any maze is made.

Knowing every page number first lets a puzzle page name the page of its solution, the
contents list the sections, and the gutter follow the final page count. Pure arithmetic.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..records import record


@record
class SectionInput:
    """What the plan needs of a section: its name, puzzle count, level range, and how many of
    its answers share a page (None: the book's answers_per_page)."""

    name: str
    count: int
    levels: tuple[int, int]
    answers_per_page: int | None = None


@record
class FrontMatter:
    """Optional pages before the how-to page: a copyright page (on the back of the title), a
    "This book belongs to" page, and ``own_pages`` pages of the template's own."""

    copyright: bool = False
    belongs_to: bool = False
    own_pages: int = 0
    howto_pages: int = 1  # large print's how-to may run on: howto, howto:1, ...

    def kinds(self) -> list[str]:
        """The front pages in order: title, copyright, belongs_to, page:N..., howto,
        howto:N..."""
        out = ["title"]
        if self.copyright:
            out.append("copyright")
        if self.belongs_to:
            out.append("belongs_to")
        out += [f"page:{i}" for i in range(self.own_pages)]
        out.append("howto")
        out += [f"howto:{i}" for i in range(1, self.howto_pages)]
        return out


@record
class PlannedPuzzle:
    """A puzzle's place: number, section, level, and the page and slot of it and its answer."""

    number: int  # 1-based over the whole book
    section: int  # index into BookPlan.sections
    level: int
    page: int
    slot: int
    answer_page: int
    answer_slot: int


@record
class PlannedSection:
    """A section's header page and the range of its puzzles."""

    index: int
    name: str
    levels: tuple[int, int]
    header_page: int
    first_number: int
    last_number: int


@record
class BookPlan:
    """Every page of the book by number (1-based physical pages, total even)."""

    page_count: int
    contents_pages: tuple[int, ...]
    sections: tuple[PlannedSection, ...]
    puzzles: tuple[PlannedPuzzle, ...]
    answer_pages: tuple[int, ...]
    blank_pages: tuple[int, ...]  # pages for notes: to open a section on the right, or to pad
    puzzles_per_page: int
    answers_per_page: int
    front_pages: tuple[tuple[str, int], ...] = (("title", 1), ("howto", 2))
    answer_page_counts: tuple[int, ...] = ()  # answers per page, for each answer page

    def answers_on(self, page: int) -> int:
        """How many answers answer page ``page`` is laid out for."""
        if not self.answer_page_counts:
            return self.answers_per_page
        return self.answer_page_counts[self.answer_pages.index(page)]


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
    front: FrontMatter = FrontMatter(),
    section_start: str = "any",
    min_pages: int = 0,
) -> BookPlan:
    """Number the pages: the front pages (title, optional copyright, belongs-to and own pages,
    how-to), the contents, then per section a header and its puzzle pages, then the answer key.

    ``section_start = "right"`` opens each section on a right-hand (odd) page, with a page for
    notes before it where needed. Pages for notes are added at the end to make the count even
    and at least ``min_pages``. A section's answers start a new answer page when it has its own
    number of answers a page.
    """
    if not sections:
        raise ValueError("a book needs at least one section")
    front_pages = tuple((kind, i + 1) for i, kind in enumerate(front.kinds()))
    contents_entries = len(sections) + 1  # the sections and the answer key
    contents_count = max(1, math.ceil(contents_entries / max(1, contents_lines_per_page)))
    first_contents = len(front_pages) + 1
    contents_pages = tuple(range(first_contents, first_contents + contents_count))
    page = contents_pages[-1] + 1
    number = 1
    blanks: list[int] = []
    planned_sections: list[PlannedSection] = []
    placed: list[tuple[int, int, int, int, int]] = []  # number, section, level, page, slot
    for index, section in enumerate(sections):
        if section_start == "right" and page % 2 == 0:
            blanks.append(page)
            page += 1
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
    first_answer = page
    answer_of: dict[int, tuple[int, int]] = {}  # number -> answer page, slot
    counts: list[int] = []
    slot = 0
    for n, s_index, _, _, _ in placed:
        per_page = sections[s_index].answers_per_page or answers_per_page
        if not counts or slot == counts[-1] or per_page != counts[-1]:
            counts.append(per_page)
            slot = 0
        answer_of[n] = (first_answer + len(counts) - 1, slot)
        slot += 1
    answer_pages = tuple(range(first_answer, first_answer + len(counts)))
    page_count = first_answer + len(counts) - 1
    while page_count % 2 or page_count < min_pages:
        page_count += 1
        blanks.append(page_count)
    puzzles = tuple(
        PlannedPuzzle(
            number=n,
            section=s,
            level=level,
            page=p,
            slot=slot,
            answer_page=answer_of[n][0],
            answer_slot=answer_of[n][1],
        )
        for n, s, level, p, slot in placed
    )
    return BookPlan(
        page_count=page_count,
        contents_pages=contents_pages,
        sections=tuple(planned_sections),
        puzzles=puzzles,
        answer_pages=answer_pages,
        blank_pages=tuple(blanks),
        puzzles_per_page=puzzles_per_page,
        answers_per_page=answers_per_page,
        front_pages=front_pages,
        answer_page_counts=tuple(counts),
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
