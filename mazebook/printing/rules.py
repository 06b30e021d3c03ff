"""The book for its printer: trim, bleed (on three or four sides), the page-count rule (too few
pages: padded with pages for notes; too many: refused before any maze is drawn).

Every number comes from the printer's table (mazebook.printing.printers); the template's print
keys are read by printing/keys.py. The rules read a book through ``PrintedBook`` (what a
template says about its print), so this room sits below the template and the page plan.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable
from dataclasses import replace
from typing import Protocol, TypeVar

from ..errors import MazebookWarning, TemplateError
from ..records import record
from .keys import PrintOptions, check_margin
from .printers import BleedSides, Printer, Trim, find_trim, page_range
from .units import POINTS_PER_INCH


class PrintWarning(MazebookWarning):
    """The book was changed to suit its printer (pages for notes added, bleed dropped)."""


class PrintedBook(Protocol):
    """What the rules read of a book's template: its file (for messages), page size, trim and
    margin (points), bleed (points, 0 without) and print keys."""

    @property
    def source(self) -> str: ...
    @property
    def page_size(self) -> str: ...
    @property
    def trim(self) -> tuple[float, float]: ...
    @property
    def margin(self) -> float: ...
    @property
    def bleed(self) -> float: ...
    @property
    def printing(self) -> PrintOptions: ...


class Paged(Protocol):
    """A page plan, as the page-count rule reads it."""

    @property
    def page_count(self) -> int: ...


P = TypeVar("P", bound=Paged)


def trim_of(template: PrintedBook) -> Trim:
    """The printer's trim that the template's page size is; TemplateError listing the
    accepted trims otherwise."""
    p = template.printing.table
    width, height = (side / POINTS_PER_INCH for side in template.trim)
    trim = find_trim(p, width, height)
    if trim is None:
        accepted = ", ".join(str(t) for t in p.trims)
        raise TemplateError(
            f"{template.page_size!r} ({width:.4g} x {height:.4g} in) is not a trim size "
            f"{p.name} ({p.title}) accepts; accepted: {accepted}",
            file=template.source,
            key="page_size",
        )
    return trim


def check_print(template: PrintedBook) -> Trim:
    """Refuse up front what the template's printer cannot take; returns the book's trim."""
    check_margin(template.margin, template.printing, template.source)
    return trim_of(template)


@record
class PrintSetup:
    """The printer's table, the book's trim and paper, and its pages' size (points) with the
    bleed beyond it (points, 0 without) on ``sides`` (pages.layout.PageFormat draws them)."""

    printer: Printer
    trim: Trim
    paper: str
    page_size: tuple[float, float]
    bleed: float = 0.0
    sides: BleedSides = "none"
    padded_from: int | None = None  # the page count before pages for notes were added

    @property
    def page_trim(self) -> Trim:
        """The interior's own trim in inches (A4 is 8.2677 x 11.6929 in, not the 8.27 x 11.69
        the printers list): the cover is sized from it."""
        return Trim(self.page_size[0] / POINTS_PER_INCH, self.page_size[1] / POINTS_PER_INCH)

    @property
    def takes_cover(self) -> bool:
        """Whether this printer prints a cover (every one but a desktop printer)."""
        return self.printer.cover is not None


def print_setup(template: PrintedBook) -> PrintSetup:
    """Check the template against its printer (trim, margins): its pages' size and bleed."""
    trim = check_print(template)
    p = template.printing.table
    if template.printing.bleed and not template.bleed:
        warnings.warn(
            PrintWarning(f"{template.source}: printer {p.name!r} ({p.title}) prints no bleed"),
            stacklevel=3,
        )
    sides = p.bleed_sides if template.bleed else "none"
    return PrintSetup(p, trim, template.printing.paper, template.trim, template.bleed, sides)


def fit_page_count(
    setup: PrintSetup, template: PrintedBook, plan: Callable[[int], P]
) -> tuple[PrintSetup, P]:
    """The book's plan within the printer's page range: ``plan(least)`` pads with pages for
    notes up to ``least`` pages (``padded_from`` says so; ``warn_padding`` tells the user);
    more than the maximum is a TemplateError, before any maze is made."""
    natural = plan(0)
    span = page_range(setup.printer, setup.trim, setup.paper)
    if span is None:
        return setup, natural
    low, high = span
    p, count = setup.printer, natural.page_count
    if count > high:
        raise TemplateError(
            f"the book would have {count} pages; {p.name} ({p.title}) prints at most {high} "
            f"pages of {setup.trim} on {setup.paper} paper: use fewer puzzles, more puzzles or "
            "answers a page, or split the book",
            file=template.source,
        )
    if count >= low:
        return setup, natural
    return replace(setup, padded_from=count), plan(low)


def warn_padding(setup: PrintSetup, plan: Paged) -> None:
    """One warning line when the book was padded to its printer's minimum page count."""
    if setup.padded_from is None:
        return
    added = plan.page_count - setup.padded_from
    warnings.warn(
        PrintWarning(
            f"{setup.padded_from} pages is fewer than {setup.printer.name}'s minimum of "
            f"{plan.page_count}: added {added} page{'' if added == 1 else 's'} for notes at "
            "the end"
        ),
        stacklevel=3,
    )
