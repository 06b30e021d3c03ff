"""Bounds on a template's total work, checked before the first maze is made.

A template is input from outside: one line may ask for minutes of work and gigabytes of
memory (200 sections of 2,000 puzzles), a text that takes long to set, or nesting deep enough
to exhaust Python's stack. ``check_data`` looks at the parsed data before the schema does
(nesting depth, text lengths, sections, puzzles); ``check_work`` at the planned book (pages,
maze cells) before the first maze. Each refusal names the cap; the caps are in limits.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import TemplateError
from .limits import MAX_CELLS, MAX_NESTING, MAX_PAGES, MAX_PUZZLES, MAX_SECTIONS, MAX_TEXT


def nesting_error(source: str) -> TemplateError:
    """The error for data nested deeper than MAX_NESTING (also when the TOML reader's own
    recursion gives out first)."""
    return TemplateError(
        f"tables and arrays are nested more than {MAX_NESTING} deep (the limit, MAX_NESTING)",
        file=source,
    )


def _walk(data: Mapping[str, Any], source: str) -> None:
    """Depth and text length of every value, iteratively (no recursion on hostile depth)."""
    stack: list[tuple[Any, int, str | None]] = [(data, 1, None)]
    while stack:
        value, depth, key = stack.pop()
        if isinstance(value, Mapping):
            if depth > MAX_NESTING:
                raise nesting_error(source)
            stack.extend((v, depth + 1, k if depth == 1 else key) for k, v in value.items())
        elif isinstance(value, list):
            if depth > MAX_NESTING:
                raise nesting_error(source)
            stack.extend((v, depth + 1, key) for v in value)
        elif isinstance(value, str) and len(value) > MAX_TEXT:
            raise TemplateError(
                f"a text of {len(value):,} characters is longer than {MAX_TEXT:,} "
                "(the limit, MAX_TEXT)",
                file=source,
                key=key,
            )


def _whole(value: object) -> int | None:
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def check_data(data: Mapping[str, Any], source: str, *, default_count: int = 10) -> None:
    """Nesting, text lengths, the number of sections and of puzzles, before the schema runs.

    ``default_count``: the count of a section that gives none (the schema checks the types;
    counts that are not whole numbers are left to it).
    """
    _walk(data, source)
    sections = data.get("section")
    if not isinstance(sections, list):
        return
    if len(sections) > MAX_SECTIONS:
        raise TemplateError(
            f"{len(sections):,} sections are more than {MAX_SECTIONS} (the limit, MAX_SECTIONS)",
            file=source,
        )
    counts = [
        _whole(s.get("count", default_count)) or 0 for s in sections if isinstance(s, Mapping)
    ]
    total = sum(counts)
    if total > MAX_PUZZLES:
        raise TemplateError(
            f"{total:,} puzzles in all are more than {MAX_PUZZLES:,} (the limit, MAX_PUZZLES); "
            "make several books",
            file=source,
        )


def check_work(source: str, *, pages: int, cells: int) -> None:
    """The planned pages and the most maze cells the puzzles may take, against the caps."""
    if pages > MAX_PAGES:
        raise TemplateError(
            f"the book would have {pages:,} pages, more than {MAX_PAGES:,} (the limit, "
            "MAX_PAGES); make several books",
            file=source,
        )
    if cells > MAX_CELLS:
        raise TemplateError(
            f"the mazes would have up to {cells:,} cells in all, more than {MAX_CELLS:,} (the "
            "limit, MAX_CELLS); use fewer puzzles or a larger min_cell",
            file=source,
        )
