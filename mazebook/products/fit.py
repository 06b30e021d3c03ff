"""The fit checks every product makes before any of its puzzles: each section's kind and keys
(kinds.check_sections), its options tried on a tiny puzzle, each level asked for fitted to the
room the page gives it (refused with the highest that fits, or capped where fit = "cap"), and
the work of the fitted plan within the caps.

A product hands them a ``Fitting`` (products/runner.py's ``Planned``): its page plan, the room
(``Spot``) a section's level gets on its page, and its work. Every question about a puzzle goes
to the section's kind.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from ..errors import TemplateError
from ..kinds import Spot, check_sections, kind_of
from ..pages.plan import BookPlan
from ..template import Template, caps
from ..template.limits import LEVEL_MIN


class Fitting(Protocol):
    """What fitting a planned product's levels asks of it (before any puzzle is made; only
    tiny probe puzzles try each section's options)."""

    @property
    def template(self) -> Template:
        """The template planned."""
        ...

    @property
    def plan(self) -> BookPlan:
        """The page plan, each puzzle at the level the template asks for."""
        ...

    @property
    def room(self) -> str:
        """Where the puzzles go, for messages: 'the letter page (4 a page, cells of ...)'."""
        ...

    def spot_for(self, section: int, level: int) -> Spot | None:
        """Where section ``section``'s puzzles of ``level`` go on its page (None: no room for
        that level's cells at all)."""
        ...

    def work(self, plan: BookPlan) -> tuple[int, int]:
        """The most pages and maze cells the fitted ``plan`` makes (checked against the caps)."""
        ...


def fit_plan(planned: Fitting) -> BookPlan:
    """The fit checks in order: the sections' kinds and keys, their options probed, every level
    fitted (fit_levels), the plan capped to those levels, and its work within the caps; the
    fitted plan."""
    template = planned.template
    check_sections(template)
    probe_sections(template)
    levels = fit_levels(planned)
    plan = cap_plan(planned.plan, levels)
    pages, cells = planned.work(plan)
    caps.check_work(template.source, pages=pages, cells=cells)
    return plan


def probe_sections(template: Template) -> None:
    """Each section's kind tries its options on a tiny puzzle, so a bad one fails first."""
    for index in range(len(template.sections)):
        kind_of(template, index).probe(template, index)


#: Says what a page lacks when a level does not fit it.
MAKE_ROOM = "use a smaller {min_cell}, fewer {puzzles_per_page} or a larger {page_size}"


def fit_levels(planned: Fitting) -> dict[tuple[int, int], int]:
    """The level each (section, requested level) gets: itself when the page holds it, else the
    highest level that fits (fit = "cap") or a one-line TemplateError naming it (the default,
    and fit = "cap" where no level fits: a silhouette too small to look like itself).
    The section's kind judges each level in the spot the product gives it (none: no room for
    its cells at all). Checked before any puzzle is made."""
    tpl = planned.template
    levels: dict[tuple[int, int], int] = {}
    for i, section in enumerate(tpl.sections):
        kind = kind_of(tpl, i)
        lo, hi = sorted(section.levels)
        for level in range(lo, hi + 1):
            spot = planned.spot_for(i, level)
            if spot is not None:
                kind.check_level(tpl, i, level, spot)
            if spot is not None and kind.fits(tpl, i, level, spot):
                levels[(i, level)] = level
                continue
            top = _highest(planned, i, level)
            if section.fit != "cap" or top == 0:  # capped to no level: refused all the same
                what = f"{kind.level_words(level)} does not fit {planned.room}"
                raise level_refused(tpl, i, top, what, capped=section.fit == "cap")
            levels[(i, level)] = top
    return levels


def level_refused(
    tpl: Template, index: int, top: int, what: str, *, capped: bool = False
) -> TemplateError:
    """The one-line refusal of a level section ``index`` cannot hold, naming the highest that
    fits (``top``, 0 for none) and what makes room (``capped``: fit = "cap" is set already)."""
    first = "no level fits" if top == 0 else f"the highest level that fits is {top}"
    return TemplateError(
        f"{what}: {first}",
        file=tpl.source,
        section=index + 1,
        section_name=tpl.sections[index].name,
        key="difficulty",
        advice=MAKE_ROOM if capped else MAKE_ROOM + ", or set {fit}",
    )


def _highest(planned: Fitting, section: int, above: int) -> int:
    """The highest level below ``above`` that section ``section``'s page holds (0: none)."""
    tpl = planned.template
    kind = kind_of(tpl, section)
    for level in range(above - 1, LEVEL_MIN - 1, -1):
        spot = planned.spot_for(section, level)
        if spot is not None and kind.fits(tpl, section, level, spot):
            return level
    return 0


def cap_plan(plan: BookPlan, levels: dict[tuple[int, int], int]) -> BookPlan:
    """The plan with each puzzle's (and section's) level replaced by the level it gets
    (fit_levels); the requested levels stay in the original plan, puzzle for puzzle."""
    puzzles = tuple(replace(p, level=levels[(p.section, p.level)]) for p in plan.puzzles)
    sections = tuple(
        replace(s, levels=(levels[(s.index, s.levels[0])], levels[(s.index, s.levels[1])]))
        for s in plan.sections
    )
    return replace(plan, puzzles=puzzles, sections=sections)
