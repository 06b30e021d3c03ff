"""The number path: a grid of numbers with one way from START to FINISH that counts by the
section's ``step`` (mazebook.core.numberpath makes it)."""

from __future__ import annotations

import random
from collections.abc import Hashable, Mapping
from dataclasses import dataclass
from typing import Any

from ..core import numberpath
from ..core.numberpath import NumberPath
from ..difficulty.numbers import number_record
from ..errors import InvalidOptionError, MazebookError
from ..geometry.symmetry import grid_key
from ..lazy import numpy as np
from ..pages.document import NumberCard
from ..pages.layout import max_cells
from ..pages.plan import PlannedPuzzle
from ..printing.units import POINTS_PER_MM
from ..records import record
from ..template import Template
from ..template.load import Section
from ..template.texts import Texts
from .base import Kind, Spot, section_error, section_refusal
from .describe import Described, described, place_key, size_words
from .search import expected_cells

#: The smallest cell of a number path: a three-digit number must be read, and a line drawn.
NUMBER_MIN_CELL = 8 * POINTS_PER_MM
#: Section keys that shape mazes, which a grid of numbers does not take.
MAZE_ONLY_KEYS = ("generators", "openings", "shape", "braid", "options", "mask", "text", "image")


@dataclass(frozen=True)
class NumberFacts:
    """A number path's manifest record: the level its effort reaches and the one asked for,
    the effort and the level's centre, the step, the grid, the path and what made it."""

    kind: str
    level: int
    requested_level: int
    effort: float  # the smaller of counting up from START and down from FINISH
    effort_forward: float
    effort_backward: float
    shortcut_ratio: float
    target_effort: float
    step: int
    width: int
    height: int
    seed: int
    grid: tuple[tuple[int, ...], ...]
    path: tuple[tuple[int, int], ...]
    solution_length: int
    decoys: int
    candidates: int
    metrics: Mapping[str, int]  # bfs_expanded (mazebook.difficulty.numbers)


@record(eq=False)
class MadeNumberPath:
    """A number path made for a level, with its record."""

    puzzle: NumberPath
    facts: NumberFacts
    shown_level: int  # the planned level (its caption's)

    @property
    def effort(self) -> float:
        return self.puzzle.effort

    @property
    def candidates(self) -> int:
        return self.facts.candidates

    @property
    def identity(self) -> Hashable:
        return self.puzzle.grid

    @property
    def answer_word(self) -> str:
        return ""

    @property
    def canonical_key(self) -> str:
        return grid_key(np.array(self.puzzle.grid), rules=f"step {self.puzzle.step}")

    @property
    def form(self) -> Hashable | None:
        return None

    @property
    def bfs_expanded(self) -> int:
        return int(self.facts.metrics["bfs_expanded"])

    def card(
        self,
        label: str,
        *,
        words: tuple[str, str],
        side_room: float,
        caption_right: str = "",
        caption_right_short: str = "",
        font: str = "",
    ) -> NumberCard:
        return NumberCard(
            self.puzzle.grid,
            self.puzzle.path,
            label,
            start_word=words[0],
            finish_word=words[1],
            side_room=side_room,
            caption_right=caption_right,
            caption_right_short=caption_right_short,
        )

    def description(self, texts: Texts, words: tuple[str, str]) -> str:
        return self.described(texts, words).text

    def described(self, texts: Texts, words: tuple[str, str]) -> Described:
        """It in words: its title and its full description."""
        puzzle = self.puzzle
        w, h = puzzle.width, puzzle.height
        places = (
            place_key(puzzle.start[0] + 0.5, puzzle.start[1] + 0.5, w, h),
            place_key(puzzle.finish[0] + 0.5, puzzle.finish[1] + 0.5, w, h),
        )
        return described(
            texts,
            kind=texts("kind_number_path", step=str(puzzle.step)),
            shape="rect",
            level=self.facts.level,
            size=size_words(texts, "rect", w, h, w * h),
            words=words,
            places=places,
        )

    def svg(self, texts: Texts, words: tuple[str, str], *, solution: bool) -> str:
        from ..render.numbers_svg import number_path_svg  # reportlab's widths: only when asked for

        said = self.described(texts, words)
        return number_path_svg(
            self.puzzle.grid,
            self.puzzle.path,
            words=words,
            show_solution=solution,
            title=said.title,
            desc=said.text,
        )


def number_limit(spot: Spot) -> tuple[int, int]:
    """The most columns and rows of number cells the spot holds with cells of at least its
    min_cell and NUMBER_MIN_CELL."""
    return max_cells(*spot.box, max(spot.min_cell, NUMBER_MIN_CELL))


class NumberPathKind(Kind):
    """Number paths: count along the one path through a grid of numbers."""

    name = "number-path"
    summary = "a grid of numbers with one way through that counts by the section's step"
    title = "Number paths: count along the way"
    own_keys = ("step",)
    shrinks_to_fit = False

    def check_section(self, template: Template, index: int) -> None:
        """No key that shapes mazes."""
        given = template.sections[index].given
        for key in MAZE_ONLY_KEYS:
            if key in given:
                raise section_refusal(
                    template,
                    index,
                    f"it shapes mazes; a {self.name} section does not use it",
                    key=key,
                )

    def sheet_title(self, texts: Texts) -> str:
        return texts("worksheet_title_number_path")

    def instruction(self, texts: Texts, words: tuple[str, str], section: Section) -> str:
        """Count by the section's step, from START to FINISH."""
        return texts(
            "instruction_number_path", start=words[0], finish=words[1], step=str(section.step)
        )

    def howto(self, texts: Texts, words: tuple[str, str], section: Section) -> str | None:
        """How a number path is solved, counting by the section's step."""
        return texts(
            "how_to_play_number_path", start=words[0], finish=words[1], step=str(section.step)
        )

    def own_values(self, texts: Mapping[str, str]) -> dict[str, Any]:
        """``step`` from its digits (2 when not given)."""
        text = texts.get("step", "2").strip()
        if not text.isdigit() or not numberpath.MIN_STEP <= int(text) <= numberpath.MAX_STEP:
            raise InvalidOptionError(
                f"count by a whole number from {numberpath.MIN_STEP} to {numberpath.MAX_STEP}, "
                f"got {text!r}",
                key="step",
            )
        return {"step": int(text)}

    def fits(self, template: Template, index: int, level: int, spot: Spot) -> bool:
        return numberpath.fits(level, number_limit(spot))

    def expected_cells(self, template: Template, index: int, level: int) -> float:
        return expected_cells(level, template.sections[index].generators)

    def make(
        self,
        template: Template,
        planned: PlannedPuzzle,
        spot: Spot,
        rng: random.Random,
        *,
        requested_level: int | None = None,
        like: Hashable | None = None,
    ) -> MadeNumberPath:
        section = template.sections[planned.section]
        try:
            puzzle, candidates = numberpath.choose_number_path(
                planned.level, section.step, number_limit(spot), rng
            )
        except MazebookError as exc:
            raise section_error(template, planned.section, exc) from None
        measured = number_record(puzzle)
        facts = NumberFacts(
            kind=self.name,
            level=numberpath.level_of(puzzle.effort),
            requested_level=planned.level if requested_level is None else requested_level,
            effort=round(puzzle.effort, 1),
            effort_forward=measured.effort_forward,
            effort_backward=measured.effort_backward,
            shortcut_ratio=measured.shortcut_ratio,
            target_effort=round(numberpath.centre(planned.level), 1),
            step=puzzle.step,
            width=puzzle.width,
            height=puzzle.height,
            seed=puzzle.seed,
            grid=puzzle.grid,
            path=puzzle.path,
            solution_length=len(puzzle.path),
            decoys=puzzle.decoys(),
            candidates=candidates,
            metrics={"bfs_expanded": measured.bfs_expanded},
        )
        return MadeNumberPath(puzzle, facts, planned.level)
