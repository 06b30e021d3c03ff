"""The puzzle steps that books, worksheets and class sets share: a planned puzzle made by its
section's kind, puzzles grouped by page (assets.py stages their SVGs and PNGs).

The products (book.py's book, worksheet.py's sheets, classset.py's class set) draw their pages
with these steps; fit.py fits their levels and runner.py runs every product the same way
(planning, fitting, output names, the atomic set, the manifest).
"""

from __future__ import annotations

import random
from collections.abc import Hashable, Iterator

from ..kinds import Made, Spot, kind_of
from ..pages.plan import BookPlan, PlannedPuzzle
from ..template import Template


def make_puzzle(
    template: Template,
    planned: PlannedPuzzle,
    spot: Spot,
    rng: random.Random,
    requested: tuple[int, ...] = (),
    *,
    like: Hashable | None = None,
) -> Made:
    """The planned puzzle, made and measured by its section's kind. ``requested``: the
    template's level of every puzzle, when fit = "cap" may have lowered some; ``like``: a made
    puzzle's form to share."""
    requested_level = requested[planned.number - 1] if requested else None
    kind = kind_of(template, planned.section)
    return kind.make(template, planned, spot, rng, requested_level=requested_level, like=like)


def puzzles_by_page(plan: BookPlan) -> Iterator[list[PlannedPuzzle]]:
    """The planned puzzles grouped by the page they are printed on, in page order."""
    by_page: dict[int, list[PlannedPuzzle]] = {}
    for p in plan.puzzles:
        by_page.setdefault(p.page, []).append(p)
    for page in sorted(by_page):
        yield by_page[page]
