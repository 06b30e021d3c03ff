"""The worksheet form's classroom choices: a class set from pasted names, and what the sheet
practises (mazes, word trails or number paths), as worksheet template data."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ..errors import MazebookError
from ..numberpath import MAX_STEP, MIN_STEP
from ..template.names import list_problem
from ..template.worksheet import PUZZLES

#: What each kind of puzzle is called on the form.
PUZZLE_WORDS = {
    "maze": "Mazes",
    "word-trail": "Word trails: a word along the way",
    "number-path": "Number paths: count along the way",
}


class ClassroomError(MazebookError):
    """A classroom field the worksheet cannot take; ``field`` is the form field it concerns."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


def pupils(text: str) -> list[str]:
    """Pasted names: one a line, blank lines skipped; FieldError beside the box when they
    cannot make a class set (too many, too long, control characters)."""
    names = [line.strip() for line in text.splitlines() if line.strip()]
    if names:
        problem = list_problem(names)
        if problem is not None:
            raise ClassroomError("names", f"pupils' names: the list {problem}")
    return names


def classroom_data(data: Mapping[str, Any], form: Mapping[str, str]) -> dict[str, Any]:
    """Worksheet template data with the form's class set and kind of puzzle: ``names`` (one a
    line), ``puzzle`` with its ``words`` (a word trail) or ``step`` (a number path)."""
    out = dict(data)
    section = dict(out["section"][0])
    puzzle = form.get("puzzle", "maze") or "maze"
    if puzzle not in PUZZLES:
        raise ClassroomError("puzzle", f"the kind of puzzle must be one of {', '.join(PUZZLES)}")
    if puzzle != "maze":
        section["puzzle"] = puzzle
    if puzzle == "word-trail":
        words = form.get("words", "").replace(",", " ").split()
        if not words:
            raise ClassroomError("words", "give the words to hide along the way, e.g. CAT DOG LION")
        section["words"] = words
    if puzzle == "number-path":
        step = form.get("step", "2").strip()
        if not step.isdigit() or not MIN_STEP <= int(step) <= MAX_STEP:
            raise ClassroomError(
                "step", f"count by a whole number from {MIN_STEP} to {MAX_STEP}, got {step!r}"
            )
        section["step"] = int(step)
    out["section"] = [section]
    names = pupils(form.get("names", ""))
    if names:
        out["names"] = names
    return out
