"""The worksheet form's classroom choices: a class set from pasted names, and what the sheet
practises (mazes, word trails or number paths), as WorksheetRequest fields."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from ...core.numberpath import MAX_STEP, MIN_STEP
from ...errors import MazebookError
from ...template.names import list_problem
from ...template.worksheet import PUZZLES

#: What each kind of puzzle is called on the form.
PUZZLE_WORDS = {
    "maze": "Mazes",
    "word-trail": "Word trails: a word along the way",
    "number-path": "Number paths: count along the way",
}


class ClassroomError(MazebookError):
    """A classroom field the worksheet cannot take; ``field`` is the form field it concerns."""

    field: str  # always a form field here

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


@dataclass(frozen=True)
class Classroom:
    """The form's classroom choices as WorksheetRequest fields (None: the template's own)."""

    puzzle: str | None = None
    words: tuple[str, ...] | None = None
    step: int | None = None
    names: tuple[str, ...] | None = None


def classroom_choices(form: Mapping[str, str]) -> Classroom:
    """The form's class set and kind of puzzle: ``names`` (one a line), ``puzzle`` with its
    ``words`` (a word trail) or ``step`` (a number path); ClassroomError beside the field."""
    puzzle = form.get("puzzle", "maze") or "maze"
    if puzzle not in PUZZLES:
        raise ClassroomError("puzzle", f"the kind of puzzle must be one of {', '.join(PUZZLES)}")
    words: tuple[str, ...] | None = None
    step: int | None = None
    if puzzle == "word-trail":
        words = tuple(form.get("words", "").replace(",", " ").split())
        if not words:
            raise ClassroomError("words", "give the words to hide along the way, e.g. CAT DOG LION")
    if puzzle == "number-path":
        text = form.get("step", "2").strip()
        if not text.isdigit() or not MIN_STEP <= int(text) <= MAX_STEP:
            raise ClassroomError(
                "step", f"count by a whole number from {MIN_STEP} to {MAX_STEP}, got {text!r}"
            )
        step = int(text)
    names = pupils(form.get("names", ""))
    return Classroom(
        puzzle=None if puzzle == "maze" else puzzle,
        words=words,
        step=step,
        names=tuple(names) if names else None,
    )
