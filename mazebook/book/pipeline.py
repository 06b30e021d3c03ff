"""The steps that books and worksheets share: probe the sections, choose each maze and record
it, group puzzles by page, stage SVGs, report the result; and first, which levels a page holds.

Both builders (build.py for books, worksheet.py for worksheets) are plans over this one
pipeline; neither imports the other's internals.
"""

from __future__ import annotations

import dataclasses
import os
import random
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ..engine import generate
from ..errors import MazebookError, OutputError, TemplateError
from ..fileio import OutputSet, relative_name
from ..inputs import check_distinct, utf8_path
from ..maze import Maze
from ..render.geometry import MazeGeometry
from ..template import Template
from ..template.limits import LEVEL_MIN
from . import manifest as manifest_mod
from . import schedule
from .plan import BookPlan, PlannedPuzzle
from .schedule import Choice, Request, choose, generators_for, openings_for

Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class BuildResult:
    """Where the files went and what the book holds."""

    pdf: Path
    manifest: Path
    svg_dir: Path | None
    page_count: int
    puzzle_count: int
    seconds: float
    answers: Path | None = None  # a worksheet's answer key (NAME-answers.pdf)
    cover: Path | None = None  # a book's cover (NAME-cover.pdf), for printers that take one
    # puzzles made at a lower level than asked (fit = "cap": the page holds no more)
    capped: int = 0


def capped_count(levels: Iterable[int], requested: Iterable[int]) -> int:
    """How many puzzles got a lower level than the template asked for (fit = "cap"); 0 when
    the requested levels are not known."""
    asked = tuple(requested)
    if not asked:
        return 0
    return sum(1 for got, wanted in zip(levels, asked, strict=True) if got != wanted)


def probe_sections(template: Template) -> None:
    """Make one tiny maze per section and generator, so a bad shape fails before the build."""
    for i, section in enumerate(template.sections):
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


def output_paths(template: Template, output: str | Path | None) -> tuple[Path, Path]:
    if output is not None:
        pdf = utf8_path(output, what="output", error=OutputError)
    else:
        pdf = utf8_path(Path("output") / f"{template.name}.pdf", what="output", error=OutputError)
    if pdf.suffix.lower() != ".pdf":
        raise OutputError(f"the output {str(pdf)!r} must be a .pdf file")
    return pdf, pdf.with_suffix(".json")


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
) -> Request:
    """What a puzzle of section ``index`` at ``level`` asks of the schedule."""
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
    )


def fit_levels(
    tpl: Template, request_for: Callable[[int, int], Request | None], where: str
) -> dict[tuple[int, int], int]:
    """The level each (section, requested level) gets: itself when the page holds it, else the
    highest level that fits (fit = "cap") or a one-line TemplateError naming it (the default).

    ``request_for(section, level)`` is that level's request on this page, or None when the page
    has no room for that level's cells at all. Checked before any puzzle is made.
    """
    levels: dict[tuple[int, int], int] = {}
    for i, section in enumerate(tpl.sections):
        lo, hi = section.levels
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
                first = "no level fits" if top == 0 else f"the highest level that fits is {top}"
                raise TemplateError(
                    f"level {level} does not fit {where}: {first}",
                    file=tpl.source,
                    section=i + 1,
                    section_name=section.name,
                    key="difficulty",
                    advice=MAKE_ROOM + ", or set {fit}",
                )
            levels[(i, level)] = max(top, LEVEL_MIN)
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
    try:
        choice = choose(request, rng)
    except MazebookError as exc:
        raise section_error(tpl, planned.section, exc) from None
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
    return choice, record


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


def check_svg_dir(out: OutputSet, svg_dir: Path | None) -> None:
    """The SVG folder checked writable up front (nothing to do when no SVGs are asked for)."""
    if svg_dir is not None:
        out.check(svg_dir / "puzzle-001.svg")


def svg_names(folder: Path, count: int) -> list[Path]:
    """The SVG files of ``count`` puzzles: puzzle-NNN.svg and solution-NNN.svg."""
    width = max(3, len(str(count)))
    return [
        folder / f"{kind}-{number:0{width}d}.svg"
        for number in range(1, count + 1)
        for kind in ("puzzle", "solution")
    ]


def template_inputs(tpl: Template) -> list[Path]:
    """Every file the build reads: the template, its font, mask images and mask fonts."""
    found = [tpl.path] if tpl.path is not None else []
    if tpl.font is not None:
        found.append(tpl.font)
    for section in tpl.sections:
        found += [Path(v) for k, v in section.shape_options if k in ("image", "font")]
    return found


def check_paths(
    tpl: Template, outputs: list[Path], svg_dir: str | Path | None, count: int
) -> Path | None:
    """Output names that are UTF-8, and no output that is an input of the run or another
    output (OutputError), before any maze is made; returns the SVG folder as a Path."""
    folder = None if svg_dir is None else utf8_path(svg_dir, what="SVG folder", error=OutputError)
    if folder is not None:
        inside = os.path.realpath(folder) + os.sep
        for path in outputs:
            if inside.startswith(os.path.realpath(path) + os.sep):
                raise OutputError(
                    f"the SVG folder {str(folder)!r} would be the output file {str(path)!r}; "
                    "name another folder"
                )
    every = outputs + (svg_names(folder, count) if folder is not None else [])
    check_distinct(every, template_inputs(tpl))
    return folder


def stage_manifest(out: OutputSet, path: Path, data: dict[str, Any]) -> None:
    """Stage the manifest last, with ``files``: the SHA-256 of every other file of the set,
    by its path relative to the manifest (see fileio's guarantee)."""
    data["files"] = out.digests(path.parent)
    out.stage(path, manifest_mod.dumps(data))


def stage_svgs(out: OutputSet, folder: Path, number: int, width: int, geom: MazeGeometry) -> None:
    from ..render.svg import to_svg  # svgwrite is imported only when SVGs are asked for

    out.stage(folder / f"puzzle-{number:0{width}d}.svg", to_svg(geom, show_solution=False))
    out.stage(folder / f"solution-{number:0{width}d}.svg", to_svg(geom, show_solution=True))
