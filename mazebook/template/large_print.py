"""Large print's minimums (``large_print = true``), for low-vision readers and seniors.

Any book, worksheet or class set may ask for them; templates/large-print.toml ships with them.
Large print as publishers of it set it: a plain sans face, every printed word at least TEXT,
headings, titles, puzzle numbers and the START / FINISH words at least HEADING (bold), walls at
least WALL on puzzle and answer pages, solution lines at least PATH, margins at least MARGIN on
every side, no pictures. A template's own values are kept where they are larger;
``apply`` raises the rest when the template is read (pages.type_sizes sets the text).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ..errors import TemplateError
from ..printing.units import POINTS_PER_INCH, POINTS_PER_MM, format_length

#: The least sizes (points): running text, headings (bold), walls, solution lines.
TEXT, HEADING, WALL, PATH = 16.0, 18.0, 2.0, 3.0
#: The least margin on every side, the gutter's too (points).
MARGIN = 0.75 * POINTS_PER_INCH
#: The least cell (points): a maze that reads at arm's length, a word trail's letters (0.62 of
#: a cell) of at least TEXT, and a PATH line running clear of WALL walls.
CELL = 7 * POINTS_PER_MM
#: The least answer cell (points): the PATH solution between WALL walls, clear of both.
ANSWER_CELL = 5 * POINTS_PER_MM
#: The least cell (points) of a kind whose cells hold words: a word trail's letters (0.62 of
#: a cell, geometry.style.LETTER_SHARE) and a keys maze's letters (0.5 of a cell,
#: geometry.rules.RULE_LETTER_SHARE) and its answers' order numbers (0.32 of a cell,
#: geometry.rules.order_size) at least TEXT, on puzzle and answer pages alike.
#: A one-way maze's arrows are 0.08 of a cell wide (geometry.rules.arrow_parts): at least WALL.
KIND_CELL = {"word-trail": TEXT / 0.62, "keys": TEXT / 0.32, "one-way": WALL / 0.08}
#: The paper of a large-print book where its printer offers a choice and the template names
#: none: cream, the warmer, less glaring page large print is printed on.
PAPER = "cream"


def apply(values: dict[str, Any], data: dict[str, Any]) -> dict[str, Any]:
    """The print keys of a large-print template (``values``: its keys with defaults filled in,
    ``data``: what it wrote): PAPER where it names no paper; the lengths are raised by
    ``at_least`` once they are read."""
    if "paper" in data:
        return values
    return {**values, "paper": PAPER}


def least_cell(puzzles: Iterable[str]) -> float:
    """The least cell (points) of a large-print document of these kinds of puzzle: CELL, or
    more where a kind's cells hold words (KIND_CELL)."""
    return max([CELL, *(KIND_CELL.get(p, 0.0) for p in puzzles)])


def at_least(
    margin: float, min_cell: float, min_answer_cell: float, puzzles: Iterable[str] = ()
) -> tuple[float, float, float]:
    """A large-print template's margin, min_cell and min_answer_cell (points): its own, or
    the minimums where they are smaller (more for kinds with words in their cells)."""
    kinds = list(puzzles)
    words = max([0.0, *(KIND_CELL.get(p, 0.0) for p in kinds)])
    return (
        max(margin, MARGIN),
        max(min_cell, least_cell(kinds)),
        max(min_answer_cell, ANSWER_CELL, words),
    )


def too_small(
    where: str,
    limit: tuple[int, int],
    cell: float,
    *,
    margin: float,
    words: float,
    least: int,
    file: str | None,
) -> TemplateError:
    """The refusal of a page too small for one maze at the minimums: ``where`` the page ('a
    letter page (1 a page)'), ``limit`` the columns x rows of ``cell`` it holds, ``least``
    the fewest a maze needs on a side, ``file`` the template's."""
    return TemplateError(
        f"{where} holds only {limit[0]} x {limit[1]} cells of {format_length(cell)} at the "
        f"large-print minimums (margins of {format_length(margin)}, {words:g} pt words) and a "
        f"maze needs at least {least} x {least}",
        file=file,
        key="large_print",
        advice="use a larger {page_size} or fewer {puzzles_per_page}",
    )
