"""The manifest: what is on every page, and how to make each maze again.

For each puzzle, ``mazebook.generate(algorithm, width, height, seed=seed, **options)``
reproduces the maze exactly (walls, entrance and exit); ``options`` carries ``shape`` too when
it is not a rectangle. No timestamps or absolute paths of the machine: same input, same bytes
(files the template names are recorded relative to its folder). The last key, ``files``, holds
the SHA-256 of every other file of the build by its path relative to the manifest (see the
guarantee in mazebook/fileio.py): a reader can tell whether the files beside it are its set.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..core.maze import Maze, Opening
from ..difficulty.checks import Assessment
from ..difficulty.levels import level_of
from ..difficulty.metrics import Metrics
from ..pages.plan import BookPlan, PlannedPuzzle
from ..template import Template


def opening_position(maze: Maze, opening: Opening) -> list[int] | int:
    """[x, y] of an opening's cell on a rectangle, else its cell number."""
    if maze.grid.kind == "rect":
        return list(maze.grid.xy(opening.cell))
    return opening.cell


def puzzle_record(
    planned: PlannedPuzzle,
    section_name: str,
    maze: Maze,
    metrics: Metrics,
    *,
    target: float,
    candidates: int,
    effort: float,
    requested_level: int,
    assessment: Assessment | None = None,
) -> dict[str, Any]:
    """One puzzle's manifest entry. ``level`` is the level the maze reaches (the band of the
    ladder holding its modelled ``effort``, the smaller of ``effort_forward`` from START and
    ``effort_backward`` from FINISH), ``requested_level`` the one the template asked for;
    ``target_effort`` is the centre of the planned level's band; ``shortcut_ratio`` the
    cheapest simple strategy's moves over the solution's cells (mazebook.difficulty.checks)."""
    options = dict(maze.options)
    if maze.grid.kind != "rect":
        options["shape"] = maze.grid.kind
    return {
        "number": planned.number,
        "section": section_name,
        "page": planned.page,
        "answer_page": planned.answer_page,
        "level": level_of(effort),
        "requested_level": requested_level,
        "effort": round(effort, 1),
        **directions(assessment, effort),
        "target_effort": round(target, 1),
        "algorithm": maze.algorithm,
        "shape": maze.grid.kind,
        "width": maze.width,
        "height": maze.height,
        "seed": maze.seed,
        "options": options,
        "entrance": opening_position(maze, maze.entrance),
        "exit": opening_position(maze, maze.exit),
        "solution_length": metrics.solution_length,
        "candidates": candidates,
        "metrics": metrics.to_dict(),
    }


def directions(assessment: Assessment | None, effort: float) -> dict[str, Any]:
    """``effort_forward``, ``effort_backward`` and ``shortcut_ratio`` of a puzzle's record."""
    if assessment is None:
        return {"effort_forward": round(effort, 1), "effort_backward": round(effort, 1)}
    return {
        "effort_forward": round(assessment.forward.mean, 1),
        "effort_backward": round(assessment.backward.mean, 1),
        "shortcut_ratio": round(assessment.shortcut_ratio, 3),
    }


def manifest(
    template: Template,
    plan: BookPlan,
    puzzles: Sequence[dict[str, Any]],
    *,
    extra: Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """The whole manifest as a JSON-ready dict; ``extra`` keys are added (or replace) at the
    end (a worksheet adds its answer file's name and its cell sizes by level)."""
    data: dict[str, Any] = {
        "title": template.title,
        "kind": template.kind,
        "template": template.name,
        "seed": template.seed,
        "page_count": plan.page_count,
        "page_size": template.page_size,
        "trim_size_pt": [round(template.trim[0], 3), round(template.trim[1], 3)],
        "bleed_pt": round(template.bleed, 3),
        "min_cell_pt": round(template.min_cell, 3),
        "puzzles_per_page": plan.puzzles_per_page,
        "answers_per_page": plan.answers_per_page,
        "generator": f"mazebook {__version__}",
        "sections": [
            {
                "name": s.name,
                "levels": list(s.levels),
                "page": s.header_page,
                "first_puzzle": s.first_number,
                "last_puzzle": s.last_number,
            }
            for s in plan.sections
        ],
        "answer_pages": [plan.answer_pages[0], plan.answer_pages[-1]],
        "puzzles": list(puzzles),
    }
    data.update(extra or {})
    return data


@dataclass(frozen=True)
class BookFacts:
    """What a book's manifest adds: the printer it follows, its paper and its cover (the
    cover's own record, or None)."""

    printer: str
    paper: str
    cover: Mapping[str, Any] | None


@dataclass(frozen=True)
class SheetFacts:
    """What a worksheet's manifest adds: its answer key's file and the smallest cell of each
    level; a class set also its answers' smallest cell and its pupils (name, code, pages)."""

    answers_file: str
    min_cell_pt_by_level: Mapping[int, float]
    min_answer_cell_pt: float | None = None
    students: Sequence[Mapping[str, Any]] | None = None


@dataclass(frozen=True)
class Manifest:
    """The manifest of one build, as a typed record: the template, the page plan, the puzzles'
    records and what the kind of product adds. ``to_dict`` is the one place its JSON is made
    (the build runner writes it, with ``files``, last of all)."""

    template: Template
    plan: BookPlan
    puzzles: Sequence[dict[str, Any]]
    book: BookFacts | None = None
    sheet: SheetFacts | None = None

    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready dict, keys in their documented order."""
        extra: dict[str, Any] = {}
        if self.book is not None:
            extra.update(printer=self.book.printer, paper=self.book.paper, cover=self.book.cover)
        if self.sheet is not None:
            by_level = self.sheet.min_cell_pt_by_level
            extra.update(
                answers_file=self.sheet.answers_file,
                min_cell_pt=round(min(by_level.values()), 3),
                min_cell_pt_by_level={str(lv): round(pt, 3) for lv, pt in by_level.items()},
            )
            if self.sheet.min_answer_cell_pt is not None:
                extra["min_answer_cell_pt"] = round(self.sheet.min_answer_cell_pt, 3)
            if self.sheet.students is not None:
                extra["students"] = [dict(s) for s in self.sheet.students]
        return manifest(self.template, self.plan, self.puzzles, extra=extra)


def dumps(data: dict[str, Any]) -> str:
    """Stable JSON text (insertion order, two-space indent, one trailing newline)."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
