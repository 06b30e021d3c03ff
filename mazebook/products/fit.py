"""The fit checks every product makes before any of its mazes: each section's shape tried on a
tiny maze, each level asked for fitted to the room the page gives it (refused with the highest
that fits, or capped where fit = "cap"), and the work of the fitted plan within the caps.

A product hands them a ``Fitting`` (products/runner.py's ``Planned``): its page plan, the
schedule's request for a section's level on its page, whether a number path fits, and its work.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any, Protocol

from ..core.engine import generate
from ..errors import MazebookError, TemplateError
from ..pages.plan import BookPlan
from ..template import Template, caps
from ..template.limits import LEVEL_MIN
from . import schedule
from .schedule import Request, generators_for, openings_for


class Fitting(Protocol):
    """What fitting a planned product's levels asks of it (before any puzzle is made; only
    tiny probe mazes try each shape)."""

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

    def request_for(self, section: int, level: int) -> Request | None:
        """Section ``section``'s request at ``level`` on its page (None: no room at all)."""
        ...

    def puzzle_fits(self, section: int, level: int) -> bool:
        """Whether a number path of ``level`` fits section ``section``'s page."""
        ...

    def work(self, plan: BookPlan) -> tuple[int, int]:
        """The most pages and maze cells the fitted ``plan`` makes (checked against the caps)."""
        ...


def fit_plan(planned: Fitting) -> BookPlan:
    """The fit checks in order: the sections' shapes probed, every level fitted (fit_levels),
    the plan capped to those levels, and its work within the caps; the fitted plan."""
    template = planned.template
    probe_sections(template)
    levels = fit_levels(template, planned.request_for, planned.room, planned.puzzle_fits)
    plan = cap_plan(planned.plan, levels)
    pages, cells = planned.work(plan)
    caps.check_work(template.source, pages=pages, cells=cells)
    return plan


def probe_sections(template: Template) -> None:
    """Make one tiny maze per section and generator, so a bad shape fails before the build."""
    for i, section in enumerate(template.sections):
        if section.puzzle == "number-path":  # number paths have no shape or generator to try
            continue
        for level in sorted(set(section.levels)):
            for name in generators_for(level, section.generators):
                options: dict[str, Any] = dict(section.shape_options)
                options["openings"] = openings_for(level, section.shape, section.openings)
                try:
                    generate(name, 8, 8, seed=0, shape=section.shape, **options)
                except MazebookError as exc:
                    raise section_error(template, i, exc) from None


def section_error(template: Template, index: int, exc: MazebookError) -> TemplateError:
    section = template.sections[index]
    return TemplateError(
        f"shape {section.shape!r}: {exc.problem}",
        file=template.source,
        section=index + 1,
        section_name=section.name,
    )


#: Says what a page lacks when a level does not fit it.
MAKE_ROOM = "use a smaller {min_cell}, fewer {puzzles_per_page} or a larger {page_size}"


def fit_levels(
    tpl: Template,
    request_for: Callable[[int, int], Request | None],
    where: str,
    puzzle_fits: Callable[[int, int], bool] | None = None,
) -> dict[tuple[int, int], int]:
    """The level each (section, requested level) gets: itself when the page holds it, else the
    highest level that fits (fit = "cap") or a one-line TemplateError naming it (the default).

    ``request_for(section, level)`` is that level's request on this page, or None when the page
    has no room for that level's cells at all. Sections of other puzzles than mazes (number
    paths) are asked ``puzzle_fits(section, level)`` instead. Checked before any puzzle is made.
    """
    levels: dict[tuple[int, int], int] = {}
    for i, section in enumerate(tpl.sections):
        lo, hi = section.levels
        if section.puzzle == "number-path" and puzzle_fits is not None:
            levels.update(_fit_puzzle_levels(tpl, i, puzzle_fits, where))
            continue
        for level in range(min(lo, hi), max(lo, hi) + 1):
            request = request_for(i, level)
            try:
                low = schedule.lowest_level(request) if request is not None else LEVEL_MIN
                ok = request is not None and schedule.fits(request)
            except MazebookError as exc:
                raise section_error(tpl, i, exc) from None
            if request is not None and level < low:
                raise TemplateError(
                    f"level {level} is too low for the mask to look like itself (it needs "
                    f"at least {_least(request)} cells); the lowest level that keeps the "
                    f"shape is {low}",
                    file=tpl.source,
                    section=i + 1,
                    section_name=section.name,
                    key="difficulty",
                )
            if ok:
                levels[(i, level)] = level
                continue
            top = _highest(request_for, i, level)
            if section.fit != "cap":
                raise level_refused(tpl, i, top, f"level {level} does not fit {where}")
            levels[(i, level)] = max(top, LEVEL_MIN)
    return levels


def level_refused(tpl: Template, index: int, top: int, what: str) -> TemplateError:
    """The one-line refusal of a level section ``index`` cannot hold, naming the highest that
    fits (``top``, 0 for none) and what makes room."""
    first = "no level fits" if top == 0 else f"the highest level that fits is {top}"
    return TemplateError(
        f"{what}: {first}",
        file=tpl.source,
        section=index + 1,
        section_name=tpl.sections[index].name,
        key="difficulty",
        advice=MAKE_ROOM + ", or set {fit}",
    )


def _fit_puzzle_levels(
    tpl: Template, index: int, puzzle_fits: Callable[[int, int], bool], where: str
) -> dict[tuple[int, int], int]:
    """fit_levels for a section of number paths: its levels, or the highest that fits."""
    section = tpl.sections[index]
    lo, hi = sorted(section.levels)
    levels: dict[tuple[int, int], int] = {}
    for level in range(lo, hi + 1):
        if puzzle_fits(index, level):
            levels[(index, level)] = level
            continue
        top = next((lv for lv in range(level - 1, 0, -1) if puzzle_fits(index, lv)), 0)
        if section.fit != "cap":
            what = f"a level-{level} {section.puzzle} does not fit {where}"
            raise level_refused(tpl, index, top, what)
        levels[(index, level)] = max(top, LEVEL_MIN)
    return levels


def _least(request: Request) -> str:
    """'7 x 7': the smallest recognisable size of a mask request."""
    w, h = schedule.room_for(request).least
    return f"{w} x {h}"


def _highest(request_for: Callable[[int, int], Request | None], section: int, above: int) -> int:
    """The highest level below ``above`` that section ``section``'s page holds (0: none)."""
    for level in range(above - 1, LEVEL_MIN - 1, -1):
        request = request_for(section, level)
        if request is not None and schedule.fits(request):
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
