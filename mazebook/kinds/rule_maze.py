"""What the kinds of maze with rules share (one-way streets, keys and doors): the record, the
made puzzle, and a kind that lays its rules in the perfect mazes of the rule search
(kinds/rule_search.py) and draws them with the maze (mazebook.geometry.rules).

A rule maze is a rectangle made by a generator, as a plain maze is, with the kind's rules laid
in it for its level; its record names the kind (``kind``, ``puzzle``), the maze's making
(algorithm, size, seed, options) and the level, which is all ``mazebook maze --puzzle K`` needs
to make it again, and counts its rules.
"""

from __future__ import annotations

import abc
import dataclasses
import functools
import math
import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from ..core.engine import generate
from ..core.maze import Maze
from ..difficulty.levels import centre, level_of
from ..difficulty.metrics import Metrics
from ..difficulty.stategraph import rule_effort
from ..errors import MazebookError
from ..geometry.symmetry import maze_key
from ..pages.plan import PlannedPuzzle
from ..records import record
from ..template import Template
from ..template.load import Section
from ..template.texts import Texts
from .base import OPTIONAL, Kind, Spot, section_error, section_refusal
from .maze import MadeMaze, opening_position, paths_as_given, section_request
from .rule_search import RuleChoice, choose_rules, rule_fits, rule_rng
from .search import Request, Size, expected_cells, generators_for, openings_for

#: Section keys a rule maze does not take when set to anything but a plain rectangle's value
#: (the key, and the value it may keep).
PLAIN_ONLY: tuple[tuple[str, Any], ...] = (("shape", "rect"), ("braid", 0.0), ("weave", 0.0))
#: Keys that shape a mask, which a rule maze (a rectangle) does not take at all.
MASK_KEYS = ("mask", "text", "image")


@dataclass(frozen=True)
class RuleFacts:
    """A rule maze's manifest record: its kind (``kind`` as every kind's record, ``puzzle`` as
    the section's key), the level its effort reaches (the level its rules were laid for) and
    the one asked for, the effort (the smaller of ``effort_forward`` from START and
    ``effort_backward`` from FINISH where a walk backwards is defined, else START's), the
    cheapest strategy's ratio, the level's centre, what makes the maze
    (``mazebook.generate(algorithm, width, height, seed=seed, **options)``, then the kind's
    rules for ``level``), and the rules counted: ``one_way_count`` passages, or ``doors`` and
    ``keys``."""

    kind: str
    puzzle: str
    level: int
    requested_level: int
    effort: float
    effort_forward: float
    effort_backward: float | None = field(metadata=OPTIONAL)
    shortcut_ratio: float
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
    one_way_count: int | None = field(metadata=OPTIONAL)
    doors: int | None = field(metadata=OPTIONAL)
    keys: int | None = field(metadata=OPTIONAL)


@record(eq=False)
class MadeRuleMaze(MadeMaze):
    """A rule maze made for a level: a made maze whose record counts its rules, named by its
    kind's noun, with the least cell its drawing's marks need (``least``)."""

    facts: RuleFacts

    @functools.cached_property
    def canonical_key(self) -> str:
        """The walls with the rules (geometry.symmetry): one-way passages as arrows, a key as
        its cell's mark, a door as a mark on both its cells."""
        maze = self.maze
        marks = [(cell, f"key:{letter}") for cell, letter in maze.keys]
        marks += [(cell, f"door:{letter}") for a, b, letter in maze.doors for cell in (a, b)]
        return maze_key(maze, marks=sorted(marks), arrows=[(a, b) for a, b in maze.one_way])


class RuleKind(Kind):
    """A kind of rectangle maze with rules: subclasses set the names, levels and text keys and
    lay their rules (``lay_rules``, ``gain``, ``counts``)."""

    single_maze = True
    needs_level = True
    #: The least cell (points) its marks need on a page (0.0: the template's own is enough).
    min_cell: float = 0.0
    #: The language keys of its instruction and of its paragraph on the "How to play" page.
    instruction_key: str = ""
    how_to_play_key: str = ""

    @abc.abstractmethod
    def lay_rules(self, maze: Maze, level: int, rng: random.Random) -> Maze | None:
        """Its rules for ``level`` laid in the perfect maze, every choice from ``rng`` (None
        when the maze has no room for them)."""

    @abc.abstractmethod
    def gain(self, level: int) -> float:
        """About how much more effort its rules give a maze of one size (the search's first
        guess of a size)."""

    @abc.abstractmethod
    def counts(self, maze: Maze) -> dict[str, int]:
        """Its rules counted, by their record's fields."""

    #: Layouts of its rules tried in one maze; the one whose effort is nearest the level's
    #: centre is kept (where layouts vary a lot, several keep a level's puzzles alike).
    layouts: int = 1

    def lay(self, maze: Maze, level: int) -> Maze | None:
        """Its rules for ``level`` laid in a perfect maze (None: no room for them), their random
        choices from the kind, the maze's seed and the level alone, so a record makes them
        again: of ``layouts`` layouts, the one whose effort is nearest the level's centre."""
        rng = rule_rng(self.name, maze, level)
        made = [self.lay_rules(maze, level, rng) for _ in range(self.layouts)]
        laid = [m for m in made if m is not None]
        if len(laid) <= 1:
            return laid[0] if laid else None
        target = centre(level)
        return min(laid, key=lambda m: abs(math.log(rule_effort(m).effort / target)))

    def remake(self, maze: Maze, level: int) -> Maze:
        """The puzzle a record names: its rules for ``level`` laid in the maze; MazebookError
        when there is no room for them."""
        low, high = self.levels
        if not low <= level <= high:
            raise MazebookError(
                f"a {self.name} maze has a level from {low} to {high}, not {level}", field="level"
            )
        if maze.grid.kind != "rect":
            raise MazebookError(
                f"a {self.name} maze is a rectangle, not a {maze.grid.kind} maze", field="shape"
            )
        if maze.crossings or maze.options.get("weave"):
            raise MazebookError(f"a {self.name} maze does not weave", field="weave")
        if maze.passage_count() != maze.size - 1:
            raise MazebookError(
                f"a {self.name} maze is laid in a perfect maze: leave braid out", field="braid"
            )
        made = self.lay(maze, level)
        if made is None:
            raise MazebookError(
                f"no {self.name} puzzle of level {level} fits this {maze.width} x {maze.height} "
                f"maze (seed {maze.seed})",
                advice="use another seed or a larger size",
            )
        return made

    def check_section(self, template: Template, index: int) -> None:
        """A plain rectangle: no other shape, no mask, braid or weave (one line naming the
        key)."""
        section = template.sections[index]
        for key in MASK_KEYS:
            if key in section.given:
                raise section_refusal(
                    template, index, f"a {self.name} maze is a rectangle, not a mask", key=key
                )
        for key, plain in PLAIN_ONLY:
            value = getattr(section, key)
            if key in section.given and value != plain:
                raise section_refusal(
                    template,
                    index,
                    f"a {self.name} maze takes {key} = {plain!r} only (got {value!r}): "
                    f"{self.plain_reason}",
                    key=key,
                )

    #: Why a rule maze is a plain rectangle (said when a section asks for another).
    plain_reason = "its rules are laid in a perfect rectangular maze"

    def probe(self, template: Template, index: int) -> None:
        """One tiny maze per level and generator of the section, so a bad option fails first
        (one line naming ``options`` when the section's table gave it)."""
        section = template.sections[index]
        for level in sorted(set(section.levels)):
            for name in generators_for(level, section.generators):
                options: dict[str, Any] = dict(section.shape_options)
                options["openings"] = openings_for(level, "rect", section.openings)
                try:
                    generate(name, 8, 8, seed=0, **options)
                except MazebookError as exc:
                    if "options" in section.given:  # a generator option it does not take
                        raise section_refusal(template, index, exc.problem, key="options") from None
                    raise section_error(template, index, exc) from None

    def instruction(self, texts: Texts, words: tuple[str, str], section: Section) -> str:
        return texts(self.instruction_key, start=words[0], finish=words[1])

    def howto(self, texts: Texts, words: tuple[str, str], section: Section) -> str | None:
        return texts(self.how_to_play_key, start=words[0], finish=words[1])

    def level_words(self, level: int) -> str:
        return f"a level-{level} {self.name} maze"

    def request(
        self, template: Template, index: int, level: int, spot: Spot, like: Size | None = None
    ) -> Request:
        """The search's request: the section's, at the least cell the marks need."""
        spot = dataclasses.replace(spot, min_cell=max(spot.min_cell, self.min_cell))
        return section_request(template, index, level, spot, like)

    def fits(self, template: Template, index: int, level: int, spot: Spot) -> bool:
        try:
            return rule_fits(self.request(template, index, level, spot), self)
        except MazebookError as exc:
            raise section_error(template, index, exc) from None

    def expected_cells(self, template: Template, index: int, level: int) -> float:
        cells = expected_cells(level, template.sections[index].generators)
        return cells / self.gain(level)

    def make(
        self,
        template: Template,
        planned: PlannedPuzzle,
        spot: Spot,
        rng: random.Random,
        *,
        requested_level: int | None = None,
        like: Hashable | None = None,
    ) -> MadeRuleMaze:
        size = like if _is_size(like) else None
        request = self.request(template, planned.section, planned.level, spot, size)
        try:
            choice = choose_rules(request, rng, self)
        except MazebookError as exc:
            raise section_error(template, planned.section, exc) from None
        maze = paths_as_given(choice.maze, template)
        asked = planned.level if requested_level is None else requested_level
        return self.made(dataclasses.replace(choice, maze=maze), asked)

    def made(self, choice: RuleChoice, requested_level: int) -> MadeRuleMaze:
        """The search's choice with its record."""
        maze, verdict = choice.maze, choice.assessment
        counts = self.counts(maze)
        facts = RuleFacts(
            kind=self.name,
            puzzle=self.name,
            level=level_of(choice.effort),
            requested_level=requested_level,
            effort=round(verdict.effort, 1),
            effort_forward=round(verdict.forward.mean, 1),
            effort_backward=None if verdict.backward is None else round(verdict.backward.mean, 1),
            shortcut_ratio=round(verdict.shortcut_ratio, 3),
            target_effort=round(choice.target, 1),
            algorithm=maze.algorithm,
            shape=maze.grid.kind,
            width=maze.width,
            height=maze.height,
            seed=maze.seed,
            options=dict(maze.options),
            entrance=opening_position(maze, maze.entrance),
            exit=opening_position(maze, maze.exit),
            solution_length=choice.metrics.solution_length,
            candidates=choice.candidates,
            metrics=choice.metrics,
            one_way_count=counts.get("one_way_count"),
            doors=counts.get("doors"),
            keys=counts.get("keys"),
        )
        return MadeRuleMaze(
            maze,
            facts,
            verdict.effort,
            choice.size,
            verdict.bfs_expanded,
            noun="kind_" + facts.puzzle.replace("-", "_"),
            least=self.min_cell,
        )


def _is_size(like: Hashable | None) -> TypeGuard[Size]:
    """Whether ``like`` is a maze's form (generator, width, height, options)."""
    return isinstance(like, tuple) and len(like) == 4 and isinstance(like[0], str)
