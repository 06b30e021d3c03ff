"""The maze: a perfect (or braided, or woven) maze of any shape, sized to a level's effort by
the search (kinds/search.py), drawn with START and FINISH beside its openings."""

from __future__ import annotations

import dataclasses
import functools
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeGuard

from ..core.engine import generate
from ..core.maze import Maze, Opening
from ..difficulty.levels import level_of
from ..difficulty.metrics import Metrics
from ..errors import InvalidOptionError, MazebookError, TemplateError
from ..fileio import relative_name
from ..geometry.drawing import MazeGeometry
from ..geometry.from_maze import maze_geometry
from ..geometry.symmetry import maze_key
from ..pages.document import MazeCard
from ..pages.layout import max_cells, maze_scale
from ..pages.plan import PlannedPuzzle
from ..records import record
from ..template import Template
from ..template.load import Section
from ..template.texts import Texts
from . import search
from .base import OPTIONAL, Facts, Kind, Spot, section_error, words_beside
from .describe import Described, maze_described
from .search import Choice, Request, Size, generators_for, openings_for

#: Letters a word trail puts in a maze's cells: (x, y) in drawing units, the letter, whether it
#: is on the trail.
Letters = tuple[tuple[float, float, str, bool], ...]


@dataclass(frozen=True)
class MazeFacts:
    """A maze's manifest record: the level its effort reaches (``level``), the one asked for
    (``requested_level``), the effort (the smaller of ``effort_forward`` from START and
    ``effort_backward`` from FINISH), the cheapest simple strategy's moves over the solution's
    cells (``shortcut_ratio``, mazebook.difficulty.checks), the level's centre
    (``target_effort``), and what makes it again:
    ``mazebook.generate(algorithm, width, height, seed=seed, **options)``."""

    level: int
    requested_level: int
    effort: float
    effort_forward: float
    effort_backward: float
    shortcut_ratio: float | None = field(metadata=OPTIONAL)
    target_effort: float
    algorithm: str
    shape: str
    width: int
    height: int
    seed: int | None
    options: Mapping[str, Any]
    entrance: list[int] | int
    exit: list[int] | int
    solution_length: int
    candidates: int
    metrics: Metrics


def opening_position(maze: Maze, opening: Opening) -> list[int] | int:
    """[x, y] of an opening's cell on a rectangle, else its cell number."""
    if maze.grid.kind == "rect":
        return list(maze.grid.xy(opening.cell))
    return opening.cell


def maze_facts(choice: Choice, requested_level: int) -> MazeFacts:
    """The record of the search's chosen maze."""
    maze = choice.maze
    options = dict(maze.options)
    if maze.grid.kind != "rect":
        options["shape"] = maze.grid.kind
    measured = choice.assessment
    return MazeFacts(
        level=level_of(choice.effort),
        requested_level=requested_level,
        effort=round(choice.effort, 1),
        effort_forward=round(measured.forward.mean if measured else choice.effort, 1),
        effort_backward=round(measured.backward.mean if measured else choice.effort, 1),
        shortcut_ratio=round(measured.shortcut_ratio, 3) if measured else None,
        target_effort=round(choice.target, 1),
        algorithm=maze.algorithm,
        shape=maze.grid.kind,
        width=maze.width,
        height=maze.height,
        seed=maze.seed,
        options=options,
        entrance=opening_position(maze, maze.entrance),
        exit=opening_position(maze, maze.exit),
        solution_length=choice.metrics.solution_length,
        candidates=choice.candidates,
        metrics=choice.metrics,
    )


@record(eq=False)
class MadeMaze:
    """A maze made for a level: the maze, its record and (a word trail's) letters."""

    maze: Maze
    facts: Facts  # MazeFacts, TrailFacts or a rule maze's RuleFacts
    effort: float
    form: Size | None
    bfs_expanded: int
    letters: Letters = ()
    answer_word: str = ""
    noun: str = "kind_maze"  # the text key naming its kind in a description
    least: float = 0.0  # the least cell (points) its drawing's marks need (a rule maze's)
    #: The box (points) that keeps room beside it for its words, and the least cell it must
    #: keep there; None where it never takes the slot's whole width (see ``wide``).
    beside: tuple[float, float, float] | None = None

    @functools.cached_property
    def geometry(self) -> MazeGeometry:
        """Its drawing geometry (worked out once, for the page, the key and the SVGs)."""
        return maze_geometry(self.maze)

    @functools.cached_property
    def wide(self) -> bool:
        """Whether it takes its slot's whole width (whole_width, from its own drawing)."""
        return whole_width(self.maze, self.geometry, self.beside)

    @property
    def shown_level(self) -> int:
        return self.facts.level

    @property
    def candidates(self) -> int:
        return self.facts.candidates

    @property
    def identity(self) -> Hashable:
        return self.maze

    @functools.cached_property
    def canonical_key(self) -> str:
        return maze_key(self.maze)

    def card(
        self,
        label: str,
        *,
        words: tuple[str, str],
        side_room: float,
        caption_right: str = "",
        caption_right_short: str = "",
        font: str = "",
    ) -> MazeCard:
        return MazeCard(
            self.geometry,
            label,
            caption_right,
            caption_right_short=caption_right_short,
            start_word=words[0],
            finish_word=words[1],
            side_room=0.0 if self.wide else side_room,
            letters=self.letters,
            font=font,
            least=self.least,
        )

    def described(self, texts: Texts, words: tuple[str, str]) -> Described:
        """It in words: its title and its full description."""
        return maze_described(
            texts,
            self.maze,
            self.geometry,
            kind=texts(self.noun),
            level=self.facts.level,
            words=words,
        )

    def description(self, texts: Texts, words: tuple[str, str]) -> str:
        return self.described(texts, words).text

    def svg(self, texts: Texts, words: tuple[str, str], *, solution: bool) -> str:
        from ..render.svg import to_svg  # only when SVGs are asked for

        geom = self.geometry
        if self.letters:
            geom = dataclasses.replace(geom, letters=self.letters)
        said = self.described(texts, words)
        return to_svg(geom, show_solution=solution, words=words, title=said.title, desc=said.text)


def section_request(
    template: Template, index: int, level: int, spot: Spot, like: Size | None = None
) -> Request:
    """What a maze of section ``index`` at ``level`` asks of the search in ``spot`` (``like``:
    of this generator and size alone). A book that leaves min_cell at its default lets a
    shape with a floor of its own (search.SHAPE_MIN_CELL) go down to it."""
    section = template.sections[index]
    min_cell = least_cell(template, index, spot)
    box = spot.box_for(section.shape, dict(section.shape_options))
    return Request(
        level=level,
        box=box,
        min_cell=min_cell,
        limit=max_cells(*box, min_cell),
        generators=section.generators,
        shape=section.shape,
        shape_options=section.shape_options,
        openings=section.openings,
        braid=section.braid,
        weave=section.weave,
        words=spot.words,
        like=like,
    )


def least_cell(template: Template, index: int, spot: Spot) -> float:
    """The least cell (points) a maze of section ``index`` keeps in ``spot``: the spot's, or
    in a book that leaves min_cell at its default, a shape's own floor (search.SHAPE_MIN_CELL)."""
    shape = template.sections[index].shape
    if template.worksheet is None and not template.min_cell_given:
        return min(spot.min_cell, search.SHAPE_MIN_CELL.get(shape, spot.min_cell))
    return spot.min_cell


#: Maze options that name a file the template points to.
PATH_OPTIONS = ("image", "font")


def paths_as_given(maze: Maze, template: Template) -> Maze:
    """The maze with the files its options name (a mask image, a text font) relative to the
    template's folder, as the template gives them: the manifest and the SVG metadata record
    them, and no absolute path of the machine may be written into an output."""
    if not any(isinstance(maze.options.get(k), str) for k in PATH_OPTIONS):
        return maze  # the common case, asked first: base_dir resolves a path on the disk
    base = template.base_dir
    if base is None:
        return maze
    options = dict(maze.options)
    for key in PATH_OPTIONS:
        if isinstance(options.get(key), str):
            options[key] = relative_name(Path(options[key]), base)
    return dataclasses.replace(maze, options=options)


#: A page's margin round a maze made for a level on a page of its own (half an inch).
PAGE_MARGIN = 36.0


def level_maze(
    level: int,
    page: tuple[float, float],
    rng: random.Random,
    *,
    min_cell: float,
    shape: str = "rect",
    shape_options: Mapping[str, Any] | None = None,
    openings: str = "auto",
    weave: float = 0.0,
    words: tuple[str, str] = ("START", "FINISH"),
) -> Choice:
    """A maze of ``level`` on a page of its own (``page``, points, PAGE_MARGIN all round) with
    cells of at least ``min_cell``, found by the books' search (the same levels and checks);
    every random choice from ``rng``."""
    box = (page[0] - 2 * PAGE_MARGIN, page[1] - 2 * PAGE_MARGIN)
    request = Request(
        level=level,
        box=box,
        min_cell=min_cell,
        limit=max_cells(*box, min_cell),
        shape=shape,
        shape_options=tuple(sorted((shape_options or {}).items())),
        openings=openings,
        weave=weave,
        words=words,
    )
    if not search.fits(request):
        top = search.highest_level(request)
        fits = f"the highest level that fits is {top}" if top else "no level fits"
        raise InvalidOptionError(
            f"level {level} does not fit a maze of its own on this page: {fits}", key="level"
        )
    return search.choose(request, rng)


class MazeKind(Kind):
    """Mazes: every shape, generator, braid and weave a section sets."""

    name = "maze"
    summary = "a maze from START to FINISH: any shape, sized to the level's solving effort"
    title = "Mazes"
    single_maze = True
    tactile = True

    def level_words(self, level: int) -> str:
        return f"level {level}"

    def howto(self, texts: Texts, words: tuple[str, str], section: Section) -> str | None:
        """Bridges explained, for a section whose mazes weave."""
        return texts("how_to_play_weave") if section.weave else None

    def probe(self, template: Template, index: int) -> None:
        """One tiny maze per level and generator of the section, so a bad shape fails first."""
        section = template.sections[index]
        for level in sorted(set(section.levels)):
            for name in generators_for(level, section.generators):
                options: dict[str, Any] = dict(section.shape_options)
                options["openings"] = openings_for(level, section.shape, section.openings)
                try:
                    generate(name, 8, 8, seed=0, shape=section.shape, **options)
                except MazebookError as exc:
                    raise section_error(template, index, exc) from None

    def check_level(self, template: Template, index: int, level: int, spot: Spot) -> None:
        """A mask too small at ``level`` to look like itself is refused, naming the lowest
        level that keeps the shape."""
        super().check_level(template, index, level, spot)
        request = section_request(template, index, level, spot)
        try:
            low = search.lowest_level(request)
        except MazebookError as exc:
            raise section_error(template, index, exc) from None
        if level < low:
            w, h = search.room_for(request).least
            section = template.sections[index]
            raise TemplateError(
                f"level {level} is too low for the mask to look like itself (it needs "
                f"at least {w} x {h} cells); the lowest level that keeps the "
                f"shape is {low}",
                file=template.source,
                section=index + 1,
                section_name=section.name,
                key="difficulty",
            )

    def fits(self, template: Template, index: int, level: int, spot: Spot) -> bool:
        try:
            return search.fits(section_request(template, index, level, spot))
        except MazebookError as exc:
            raise section_error(template, index, exc) from None

    def expected_cells(self, template: Template, index: int, level: int) -> float:
        return search.expected_cells(level, template.sections[index].generators)

    def choose(
        self,
        template: Template,
        planned: PlannedPuzzle,
        spot: Spot,
        rng: random.Random,
        like: Hashable | None = None,
    ) -> Choice:
        """The search's maze for the planned puzzle (``like``: of a made maze's generator and
        size), its files named as the template gives them; an engine error names the section."""
        size = like if _is_size(like) else None
        request = section_request(template, planned.section, planned.level, spot, size)
        try:
            choice = search.choose(request, rng)
        except MazebookError as exc:
            raise section_error(template, planned.section, exc) from None
        return dataclasses.replace(choice, maze=paths_as_given(choice.maze, template))

    def make(
        self,
        template: Template,
        planned: PlannedPuzzle,
        spot: Spot,
        rng: random.Random,
        *,
        requested_level: int | None = None,
        like: Hashable | None = None,
    ) -> MadeMaze:
        choice = self.choose(template, planned, spot, rng, like)
        asked = planned.level if requested_level is None else requested_level
        beside = None
        if spot.side:  # a slot with room beside the box: the maze may take it (``wide``)
            beside = (*spot.box, least_cell(template, planned.section, spot))
        return dataclasses.replace(made_maze(choice, maze_facts(choice, asked)), beside=beside)


def whole_width(maze: Maze, geom: MazeGeometry, beside: tuple[float, float, float] | None) -> bool:
    """Whether the maze (drawn as ``geom``) takes its slot's whole width: an outline other than
    a rectangle (Spot.box_for) whose cells would be smaller than the least cell in ``beside``
    (width, height of the box that keeps room beside it for its words, least cell; None: no
    such room). One that fits that box keeps the room, its words beside their arrows."""
    if beside is None or words_beside(maze.shape, maze.options):
        return False
    width, height, least = beside
    return maze_scale(geom.width, geom.height, width, height) < least - 1e-9


def made_maze(
    choice: Choice,
    facts: MazeFacts,
    letters: Letters = (),
    answer_word: str = "",
    noun: str = "kind_maze",
) -> MadeMaze:
    """The search's choice as a made maze with its record (and a word trail's letters; the
    text key that names its kind)."""
    return MadeMaze(
        choice.maze,
        facts,
        choice.effort,
        choice.size,
        choice.metrics.bfs_expanded,
        letters,
        answer_word,
        noun,
    )


def _is_size(like: Hashable | None) -> TypeGuard[Size]:
    """Whether ``like`` is a maze's form (generator, width, height, options)."""
    return isinstance(like, tuple) and len(like) == 4 and isinstance(like[0], str)
