"""The worksheet form's classroom choices: a class set from pasted names, and what the sheet
practises (a kind of puzzle, with its own keys read by the kind), as WorksheetRequest fields."""

from __future__ import annotations

from collections.abc import Mapping

from ...errors import MazebookError
from ...kinds import DEFAULT_KIND, KINDS
from ...records import record
from ...template.names import list_problem


def puzzle_words() -> dict[str, str]:
    """What each kind of puzzle is called on the form (its title), by name."""
    return {name: kind.title or name for name, kind in KINDS.items()}


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


@record
class Classroom:
    """The form's classroom choices as WorksheetRequest fields (None: the template's own)."""

    puzzle: str | None = None
    words: tuple[str, ...] | None = None
    step: int | None = None
    names: tuple[str, ...] | None = None


def classroom_choices(form: Mapping[str, str]) -> Classroom:
    """The form's class set and kind of puzzle: ``names`` (one a line), ``puzzle`` with its
    ``words`` (a word trail) or ``step`` (a number path); ClassroomError beside the field."""
    puzzle = form.get("puzzle", DEFAULT_KIND) or DEFAULT_KIND
    if puzzle not in KINDS:
        raise ClassroomError("puzzle", f"the kind of puzzle must be one of {', '.join(KINDS)}")
    kind = KINDS[puzzle]
    try:
        values = kind.own_values({key: form[key] for key in kind.own_keys if key in form})
    except MazebookError as exc:
        raise ClassroomError(exc.key or "puzzle", exc.problem) from None
    names = pupils(form.get("names", ""))
    return Classroom(
        puzzle=None if puzzle == DEFAULT_KIND else puzzle,
        words=values.get("words"),
        step=values.get("step"),
        names=tuple(names) if names else None,
    )
