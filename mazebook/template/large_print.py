"""Large print's minimums (``large_print = true``), for low-vision readers and seniors.

Any book, worksheet or class set may ask for them; templates/large-print.toml ships with them.
Large print as publishers of it set it: a plain sans face, every printed word at least TEXT,
headings, titles, puzzle numbers and the START / FINISH words at least HEADING (bold), walls at
least WALL on puzzle and answer pages, solution lines at least PATH, margins at least MARGIN on
every side, no pictures. A template's own values are kept where they are larger;
``apply`` raises the rest when the template is read (pages.type_sizes sets the text).
"""

from __future__ import annotations

from typing import Any

from ..printing.units import POINTS_PER_INCH, POINTS_PER_MM

#: The least sizes (points): running text, headings (bold), walls, solution lines.
TEXT, HEADING, WALL, PATH = 16.0, 18.0, 2.0, 3.0
#: The least margin on every side, the gutter's too (points).
MARGIN = 0.75 * POINTS_PER_INCH
#: The least cell (points): a maze that reads at arm's length, a word trail's letters (0.62 of
#: a cell) of at least TEXT, and a PATH line running clear of WALL walls.
CELL = 7 * POINTS_PER_MM
#: The least answer cell (points): the PATH solution between WALL walls, clear of both.
ANSWER_CELL = 5 * POINTS_PER_MM
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


def at_least(margin: float, min_cell: float, min_answer_cell: float) -> tuple[float, float, float]:
    """A large-print template's margin, min_cell and min_answer_cell (points): its own, or
    the minimums where they are smaller."""
    return max(margin, MARGIN), max(min_cell, CELL), max(min_answer_cell, ANSWER_CELL)
