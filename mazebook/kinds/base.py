"""The contract every kind of puzzle implements, so that books, worksheets, class sets, the web
app and SVG export ask a kind and never name one.

A ``Kind`` says what a section of it asks for (``check_section``: the keys it takes), whether a
level fits the room a page gives it (``fits``, ``check_level``), and makes a puzzle for a level
(``make``), measured. What it makes is a ``Made``: the puzzle's card for the page and the answer
key (pages.document draws it), its SVG, its words (the answer's caption) and its part of the
manifest record (``facts``, a frozen dataclass written by products/manifest.py).
"""

from __future__ import annotations

import abc
import dataclasses
import random
from collections.abc import Hashable, Mapping
from typing import Any, ClassVar, Protocol

from ..core.maze import Maze
from ..errors import MazebookError, TemplateError
from ..pages.document import Card
from ..pages.plan import PlannedPuzzle
from ..records import record
from ..template import Template
from ..template.limits import LEVEL_MAX, LEVEL_MIN
from ..template.load import Section
from ..template.texts import Texts

#: Field metadata of a record (a Facts): the field is left out of the JSON when None.
OPTIONAL = {"optional": True}


@record
class Spot:
    """Where a puzzle of a section goes: the box its drawing gets on the page (points), the
    smallest cell it may use (points) and the START and FINISH words printed beside it.
    ``side``: the points the box leaves left and right of its slot for words beside side
    arrows, which a maze whose outline is not a rectangle takes (``box_for``)."""

    box: tuple[float, float]
    min_cell: float
    words: tuple[str, str]
    side: float = 0.0

    def box_for(self, shape: str, options: Mapping[str, Any]) -> tuple[float, float]:
        """The box the search sizes a maze of ``shape`` for: a rectangle keeps room beside it
        for words at its side openings; any other outline (a circle, hexagon, triangle or
        silhouette) leaves free corners round it, so it may take the slot's whole width, its
        words beside their arrows where there is room, else above or below it
        (geometry.labels; kinds.maze.whole_width: only a maze that needs it)."""
        if words_beside(shape, options):
            return self.box
        return (self.box[0] + 2 * self.side, self.box[1])


def words_beside(shape: str, options: Mapping[str, Any]) -> bool:
    """Whether a maze of ``shape`` (with its shape ``options``) is a rectangle, which keeps room
    left and right of it for its words (Spot.box_for)."""
    return shape == "rect" or options.get("outline") == "rect"


class Facts(Protocol):
    """A kind's part of a puzzle's manifest record: a frozen dataclass whose fields, in their
    order, are the record's keys (products/manifest.py writes it)."""

    __dataclass_fields__: ClassVar[dict[str, dataclasses.Field[Any]]]

    @property
    def level(self) -> int:
        """The level the puzzle reaches."""
        ...

    @property
    def candidates(self) -> int:
        """How many puzzles were made to find it."""
        ...


class Made(Protocol):
    """A puzzle made for a level and measured: what the products draw, write and record."""

    @property
    def facts(self) -> Facts:
        """Its manifest record's own fields."""
        ...

    @property
    def shown_level(self) -> int:
        """The level its caption prints."""
        ...

    @property
    def effort(self) -> float:
        """Its modelled solving effort (the class set matches pupils' puzzles by it)."""
        ...

    @property
    def candidates(self) -> int:
        """How many puzzles were made to find it."""
        ...

    @property
    def identity(self) -> Hashable:
        """What tells it from every other puzzle (no two pupils of a class set share one)."""
        ...

    @property
    def answer_word(self) -> str:
        """What its answer's caption adds ('' for nothing): a word trail's word."""
        ...

    @property
    def canonical_key(self) -> str:
        """The same text for two puzzles exactly when they are the same puzzle after any
        rotation or reflection of the grid (a maze: the same walls; a rule kind: the same rules
        too; mazebook.geometry.symmetry makes it): no maze repeats in a book or a series."""
        ...

    @property
    def form(self) -> Hashable | None:
        """What a puzzle made ``like`` it shares (a maze: generator and size; None: nothing)."""
        ...

    @property
    def bfs_expanded(self) -> int:
        """Cells a breadth-first search from START expands before FINISH (the published
        measure of mazebook.difficulty.metrics)."""
        ...

    def card(
        self,
        label: str,
        *,
        words: tuple[str, str],
        side_room: float,
        caption_right: str = "",
        caption_right_short: str = "",
        font: str = "",
    ) -> Card:
        """Its card for a page: the puzzle with ``label`` in bold at the left of its caption,
        START and FINISH ``words`` beside its marks (set in ``font``, the bundled bold if
        empty), ``side_room`` points kept beside it for them."""
        ...

    def svg(self, texts: Texts, words: tuple[str, str], *, solution: bool) -> str:
        """Its SVG (with the solution drawn when ``solution``), its ``<title>`` and ``<desc>``
        its description in the language of ``texts``."""
        ...

    def description(self, texts: Texts, words: tuple[str, str]) -> str:
        """It in words, in the language of ``texts``: what it is (kind, shape, level, size) and
        where its START and FINISH (``words``) are (mazebook.kinds.describe)."""
        ...


class Kind(abc.ABC):
    """One kind of puzzle. Subclasses set the class attributes and implement ``make`` and
    ``fits``; a plugin gives one through the entry-point group ``mazebook.kinds``."""

    #: The name a template's ``puzzle`` key gives.
    name: str = ""
    #: One line for ``mazebook kinds``.
    summary: str = ""
    #: What a form calls its puzzles: a plural name and what they practise.
    title: str = ""
    #: The lowest and the highest level it makes.
    levels: tuple[int, int] = (LEVEL_MIN, LEVEL_MAX)
    #: Section keys that belong to this kind alone: another kind's section refuses them.
    own_keys: tuple[str, ...] = ()
    #: Whether a worksheet may make its cells smaller (to 3.5 mm) so a level fits the slot.
    shrinks_to_fit: bool = True
    #: The least cell (points) its answers need on an answer page (0.0: the template's own).
    answer_cell: float = 0.0
    #: Whether `mazebook maze --puzzle NAME` makes one of its puzzles (``remake``).
    single_maze: bool = False
    #: Whether such a puzzle is laid for a level (`mazebook maze --level`): its rules grow
    #: with the level, so the level is part of what makes it again.
    needs_level: bool = False
    #: Whether its puzzles can be felt on a tactile page (printer = "tactile"): walls alone,
    #: nothing printed in the corridors (products/tactile.py draws them).
    tactile: bool = False

    def check_section(self, template: Template, index: int) -> None:
        """Refuse a section whose keys this kind does not take, or that lacks one it needs
        (TemplateError naming the key). The registry has already refused the keys that belong
        to another kind (``own_keys``)."""
        return

    def own_values(self, texts: Mapping[str, str]) -> dict[str, Any]:
        """Its own section keys (``own_keys``) read from text, such as a form's fields by key
        (a key missing from ``texts`` takes its default); MazebookError naming the key of a
        value it cannot take. None by default."""
        return {}

    def probe(self, template: Template, index: int) -> None:
        """Try the section's options on a tiny puzzle, so a bad one fails before the build
        (nothing to try by default)."""
        return

    def check_level(self, template: Template, index: int, level: int, spot: Spot) -> None:
        """Refuse a level the kind cannot make for the section at all (TemplateError naming
        ``difficulty``), before ``fits`` is asked: by default one outside ``levels``."""
        low, high = self.levels
        if not low <= level <= high:
            raise section_refusal(
                template,
                index,
                f"a {self.name} puzzle has a level from {low} to {high}, not {level}",
                key="difficulty",
            )

    @abc.abstractmethod
    def fits(self, template: Template, index: int, level: int, spot: Spot) -> bool:
        """Whether section ``index`` holds a puzzle of ``level`` in ``spot``."""

    @abc.abstractmethod
    def expected_cells(self, template: Template, index: int, level: int) -> float:
        """About how many cells a puzzle of ``level`` takes (a book chooses how many answers
        go on a page by it)."""

    def sheet_title(self, texts: Texts) -> str:
        """A worksheet of its puzzles' title when the template gives none (the language's
        title for a maze worksheet by default)."""
        return texts("worksheet_title")

    def instruction(self, texts: Texts, words: tuple[str, str], section: Section) -> str:
        """What a sheet of section ``section``'s puzzles tells the solver to do, in the
        template's language (``texts``), with the START and FINISH ``words`` it prints: by
        default the language's instruction for a maze."""
        return texts("instruction", start=words[0], finish=words[1])

    def howto(self, texts: Texts, words: tuple[str, str], section: Section) -> str | None:
        """What a book's how-to page adds for section ``section`` (a paragraph), or None: the
        page's own words say how to solve a plain maze."""
        return None

    def remake(self, maze: Maze, level: int) -> Maze:
        """One of its puzzles laid in a made maze for ``level`` (``needs_level``), as its books
        make them, for `mazebook maze --puzzle` (``single_maze``): the maze itself by default.
        MazebookError when it cannot be."""
        if not self.single_maze:
            raise MazebookError(f"`mazebook maze` does not make {self.name} puzzles")
        return maze

    def level_words(self, level: int) -> str:
        """How a message names one of its puzzles of ``level``: 'a level-3 number-path'."""
        return f"a level-{level} {self.name}"

    def answer_cell_problem(self, count: int, cell: float) -> str | None:
        """Why answers of ``cell`` points (``count`` a page) are too small for this kind, or
        None (never, by default)."""
        return None

    @abc.abstractmethod
    def make(
        self,
        template: Template,
        planned: PlannedPuzzle,
        spot: Spot,
        rng: random.Random,
        *,
        requested_level: int | None = None,
        like: Hashable | None = None,
    ) -> Made:
        """Make and measure a puzzle of ``planned.level`` for ``spot``, every random choice
        from ``rng``. ``requested_level``: the template's level, when fit = "cap" lowered it;
        ``like``: a made puzzle's ``form`` to share (a class set's slot). An error names the
        template's section."""


def section_refusal(template: Template, index: int, problem: str, *, key: str) -> TemplateError:
    """The one-line refusal of section ``index``'s ``key``."""
    section = template.sections[index]
    return TemplateError(
        problem, file=template.source, section=index + 1, section_name=section.name, key=key
    )


def section_error(template: Template, index: int, exc: MazebookError) -> TemplateError:
    """An error of making section ``index``'s puzzles, naming the section and its shape."""
    section = template.sections[index]
    return TemplateError(
        f"shape {section.shape!r}: {exc.problem}",
        file=template.source,
        section=index + 1,
        section_name=section.name,
    )
