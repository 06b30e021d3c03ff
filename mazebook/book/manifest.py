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
from typing import Any

from .. import __version__
from ..levels import level_of
from ..maze import Maze, Opening
from ..metrics import Metrics
from ..template import Template
from .plan import BookPlan, PlannedPuzzle


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
) -> dict[str, Any]:
    """One puzzle's manifest entry. ``level`` is the level the maze reaches (the band of the
    ladder holding its modelled ``effort``), ``requested_level`` the one the template asked
    for; ``target_effort`` is the centre of the planned level's band."""
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


def dumps(data: dict[str, Any]) -> str:
    """Stable JSON text (insertion order, two-space indent, one trailing newline)."""
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"
