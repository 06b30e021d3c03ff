"""The puzzle steps that books and worksheets share: a section's request at a level, choose
each maze (or number path, or word trail) and record it, group puzzles by page, stage their
SVGs.

The products (book.py's book, worksheet.py's sheets, classset.py's class set) draw their pages
with these steps; fit.py fits their levels and runner.py runs every product the same way
(planning, fitting, output names, the atomic set, the manifest). BuildResult, Progress and
capped_count live there and are named here too.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from ..core import numberpath, wordtrail
from ..core.maze import Maze
from ..core.numberpath import NumberPath
from ..difficulty.numbers import number_record
from ..errors import MazebookError, TemplateError
from ..fileio import OutputSet, relative_name
from ..geometry.drawing import MazeGeometry
from ..pages.layout import max_cells
from ..pages.plan import BookPlan, PlannedPuzzle
from ..template import Template
from ..template.units import POINTS_PER_MM
from . import manifest as manifest_mod
from .fit import section_error
from .runner import BuildResult as BuildResult
from .runner import Progress as Progress
from .runner import capped_count as capped_count
from .schedule import Choice, Request, Size, choose


def section_request(
    tpl: Template,
    index: int,
    level: int,
    *,
    box: tuple[float, float],
    min_cell: float,
    limit: tuple[int, int],
    words: tuple[str, str] | None = None,
    like: Size | None = None,
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
        like=like,
    )


def choose_maze(
    tpl: Template,
    planned: PlannedPuzzle,
    *,
    box: tuple[float, float],
    min_cell: float,
    limit: tuple[int, int],
    rng: random.Random,
    requested_level: int | None = None,
    like: Size | None = None,
) -> tuple[Choice, dict[str, Any]]:
    """Pick a planned puzzle's maze for its level (schedule.choose) and its manifest record.

    Shared by books and worksheets; an engine error names the template's section.
    ``requested_level`` is the template's level when fit = "cap" lowered it; ``like`` keeps
    the maze to one generator and size (a class set's slot).
    """
    request = section_request(
        tpl, planned.section, planned.level, box=box, min_cell=min_cell, limit=limit, like=like
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
        assessment=choice.assessment,
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
    measured = number_record(puzzle)
    record = {
        "number": planned.number,
        "section": section.name,
        "page": planned.page,
        "answer_page": planned.answer_page,
        "kind": "number-path",
        "level": numberpath.level_of(puzzle.effort),
        "requested_level": planned.level if requested_level is None else requested_level,
        "effort": round(puzzle.effort, 1),
        **{k: v for k, v in measured.items() if k != "metrics"},
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
        "metrics": measured["metrics"],
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


def stage_svgs(
    out: OutputSet,
    folder: Path,
    number: int,
    width: int,
    drawing: MazeGeometry | NumberPath,
    words: tuple[str, str] = ("START", "FINISH"),
    letters: tuple[tuple[float, float, str, bool], ...] = (),
) -> None:
    """A puzzle's SVG and its solution's (puzzle-NNN.svg, solution-NNN.svg): a maze, with a
    word trail's ``letters``, or a number path; START and FINISH in the book's ``words``."""
    for kind, show in (("puzzle", False), ("solution", True)):
        out.stage(folder / f"{kind}-{number:0{width}d}.svg", _svg(drawing, words, letters, show))


def _svg(
    drawing: MazeGeometry | NumberPath,
    words: tuple[str, str],
    letters: tuple[tuple[float, float, str, bool], ...],
    show: bool,
) -> str:
    # svgwrite is imported only when SVGs are asked for
    if isinstance(drawing, NumberPath):
        from ..render.numbers_svg import number_path_svg

        return number_path_svg(drawing.grid, drawing.path, words=words, show_solution=show)
    from ..render.svg import to_svg

    geom = dataclasses.replace(drawing, letters=letters) if letters else drawing
    return to_svg(geom, show_solution=show, words=words)
