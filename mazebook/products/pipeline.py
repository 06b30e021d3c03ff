"""The puzzle steps that books and worksheets share: probe the sections, find which levels a
page holds, choose each maze (or number path, or word trail) and record it, group puzzles by
page, stage their SVGs.

The products (book.py's book, worksheet.py's sheets, classset.py's class set) draw their pages
with these steps; runner.py runs every product the same way (output names, the atomic set,
the manifest). BuildResult, Progress and capped_count live there and are named here too.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from ..core import numberpath, wordtrail
from ..core.engine import generate
from ..core.maze import Maze
from ..core.numberpath import NumberPath
from ..errors import MazebookError, TemplateError
from ..fileio import OutputSet, relative_name
from ..geometry.drawing import MazeGeometry
from ..pages.layout import max_cells
from ..pages.plan import BookPlan, PlannedPuzzle
from ..template import Template
from ..template.limits import LEVEL_MIN
from ..template.units import POINTS_PER_MM
from . import manifest as manifest_mod
from . import schedule
from .runner import BuildResult as BuildResult
from .runner import Progress as Progress
from .runner import capped_count as capped_count
from .schedule import Choice, Request, choose, generators_for, openings_for


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


def section_request(
    tpl: Template,
    index: int,
    level: int,
    *,
    box: tuple[float, float],
    min_cell: float,
    limit: tuple[int, int],
    words: tuple[str, str] | None = None,
) -> Request:
    """What a puzzle of section ``index`` at ``level`` asks of the schedule (``words``: the
    START and FINISH words printed, the language's by default)."""
    section = tpl.sections[index]
    return Request(
        level=level,
        box=box,
        min_cell=min_cell,
        limit=limit,
        generators=section.generators,
        shape=section.shape,
        shape_options=section.shape_options,
        openings=section.openings,
        braid=section.braid,
        weave=section.weave,
        words=words or (tpl.texts("start"), tpl.texts("finish")),
    )


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


def choose_maze(
    tpl: Template,
    planned: PlannedPuzzle,
    *,
    box: tuple[float, float],
    min_cell: float,
    limit: tuple[int, int],
    rng: random.Random,
    requested_level: int | None = None,
) -> tuple[Choice, dict[str, Any]]:
    """Pick a planned puzzle's maze for its level (schedule.choose) and its manifest record.

    Shared by books and worksheets; an engine error names the template's section.
    ``requested_level`` is the template's level when fit = "cap" lowered it.
    """
    request = section_request(
        tpl, planned.section, planned.level, box=box, min_cell=min_cell, limit=limit
    )
    section = tpl.sections[planned.section]
    word = trail_word(tpl, planned) if section.puzzle == "word-trail" else ""
    longest = 0
    for _ in range(TRAIL_TRIES):
        try:
            choice = choose(request, rng)
        except MazebookError as exc:
            raise section_error(tpl, planned.section, exc) from None
        longest = max(longest, wordtrail.capacity(choice.maze))
        if len(word) <= wordtrail.capacity(choice.maze):
            break
    else:
        raise TemplateError(
            f"the word {word!r} ({len(word)} letters) is longer than a level-{planned.level} "
            f"maze's solution carries here: the longest that fits is {longest} letters",
            file=tpl.source,
            section=planned.section + 1,
            section_name=section.name,
            key="words",
            advice="use shorter words or a higher {difficulty}",
        )
    choice = dataclasses.replace(choice, maze=paths_as_given(choice.maze, tpl))
    record = manifest_mod.puzzle_record(
        planned,
        tpl.sections[planned.section].name,
        choice.maze,
        choice.metrics,
        target=choice.target,
        candidates=choice.candidates,
        effort=choice.effort,
        requested_level=planned.level if requested_level is None else requested_level,
    )
    if word:
        record.update(trail_record(choice.maze, wordtrail.lay_trail(choice.maze, word, rng)))
    return choice, record


#: Mazes tried for a word trail before a word too long for the level is refused.
TRAIL_TRIES = 8


def trail_word(tpl: Template, planned: PlannedPuzzle) -> str:
    """The word of a word-trail puzzle: its section's words in turn, from the section's first
    puzzle."""
    before = sum(s.count for s in tpl.sections[: planned.section])
    words = tpl.sections[planned.section].words
    return words[(planned.number - 1 - before) % len(words)]


def _cell_position(maze: Maze, cell: int) -> list[int]:
    """[x, y] of a rectangle's cell, [cell] on other shapes (the grid's own numbering)."""
    return list(maze.grid.xy(cell)) if maze.grid.kind == "rect" else [cell]


def trail_record(maze: Maze, trail: wordtrail.Trail) -> dict[str, Any]:
    """A word trail's manifest keys: kind, trail {word, cells} and decoys [[x, y, "L"], ...]."""
    return {
        "kind": "word-trail",
        "trail": {
            "word": trail.word,
            "cells": [_cell_position(maze, c) for c in trail.cells],
        },
        "decoys": [[*_cell_position(maze, c), letter] for c, letter in trail.decoys],
    }


def trail_letters(maze: Maze, record: dict[str, Any]) -> tuple[tuple[float, float, str, bool], ...]:
    """The letters a word-trail record puts in the maze, at their cells' centres in drawing
    units, for a MazeCard (() for any other puzzle)."""
    if record.get("kind") != "word-trail":
        return ()
    from ..geometry.from_maze import cell_points

    points = cell_points(maze)

    def cell_of(position: list[Any]) -> int:
        if maze.grid.kind == "rect":
            return int(maze.grid.cell_at(int(position[0]), int(position[1])))
        return int(position[0])

    trail = record["trail"]
    out = [
        (*map(float, points[cell_of(pos)]), letter, True)
        for pos, letter in zip(trail["cells"], trail["word"], strict=True)
    ]
    out += [(*map(float, points[cell_of(d[:-1])]), str(d[-1]), False) for d in record["decoys"]]
    return tuple((x, y, letter, on) for x, y, letter, on in out)


#: The smallest cell of a number path: a three-digit number must be read, and a line drawn.
NUMBER_MIN_CELL = 8 * POINTS_PER_MM


def number_room(box: tuple[float, float], min_cell: float) -> tuple[int, int]:
    """The most columns and rows of number-path cells the box holds with cells of at least
    ``min_cell`` and NUMBER_MIN_CELL."""
    return max_cells(*box, max(min_cell, NUMBER_MIN_CELL))


def choose_number(
    tpl: Template,
    planned: PlannedPuzzle,
    *,
    limit: tuple[int, int],
    rng: random.Random,
    requested_level: int | None = None,
) -> tuple[dict[str, Any], NumberPath]:
    """Make a planned number path (numberpath.choose_number_path) and its manifest record;
    shared by books and worksheets, an error names the template's section."""
    section = tpl.sections[planned.section]
    try:
        puzzle, candidates = numberpath.choose_number_path(planned.level, section.step, limit, rng)
    except MazebookError as exc:
        raise section_error(tpl, planned.section, exc) from None
    record = {
        "number": planned.number,
        "section": section.name,
        "page": planned.page,
        "answer_page": planned.answer_page,
        "kind": "number-path",
        "level": numberpath.level_of(puzzle.effort),
        "requested_level": planned.level if requested_level is None else requested_level,
        "effort": round(puzzle.effort, 1),
        "target_effort": round(numberpath.centre(planned.level), 1),
        "step": puzzle.step,
        "width": puzzle.width,
        "height": puzzle.height,
        "seed": puzzle.seed,
        "grid": [list(row) for row in puzzle.grid],
        "path": [list(cell) for cell in puzzle.path],
        "solution_length": len(puzzle.path),
        "decoys": puzzle.decoys(),
        "candidates": candidates,
    }
    return record, puzzle


#: Maze options that name a file the template points to.
PATH_OPTIONS = ("image", "font")


def paths_as_given(maze: Maze, tpl: Template) -> Maze:
    """The maze with the files its options name (a mask image, a text font) relative to the
    template's folder, as the template gives them: the manifest and the SVG metadata record
    them, and no absolute path of the machine may be written into an output."""
    base = tpl.base_dir
    if base is None or not any(isinstance(maze.options.get(k), str) for k in PATH_OPTIONS):
        return maze
    options = dict(maze.options)
    for key in PATH_OPTIONS:
        if isinstance(options.get(key), str):
            options[key] = relative_name(Path(options[key]), base)
    return dataclasses.replace(maze, options=options)


def puzzles_by_page(plan: BookPlan) -> Iterator[list[PlannedPuzzle]]:
    """The planned puzzles grouped by the page they are printed on, in page order."""
    by_page: dict[int, list[PlannedPuzzle]] = {}
    for p in plan.puzzles:
        by_page.setdefault(p.page, []).append(p)
    for page in sorted(by_page):
        yield by_page[page]


def stage_svgs(out: OutputSet, folder: Path, number: int, width: int, geom: MazeGeometry) -> None:
    from ..render.svg import to_svg  # svgwrite is imported only when SVGs are asked for

    out.stage(folder / f"puzzle-{number:0{width}d}.svg", to_svg(geom, show_solution=False))
    out.stage(folder / f"solution-{number:0{width}d}.svg", to_svg(geom, show_solution=True))
