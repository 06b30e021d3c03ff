"""Exceptions: every error mazebook raises on bad input is a MazebookError (a ValueError)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable


class MazebookError(ValueError):
    """Base of all mazebook errors; the message is one line meant for a person."""


class UnknownAlgorithmError(MazebookError):
    """An algorithm name that is not in the registry."""


class InvalidSizeError(MazebookError):
    """A maze size outside the supported range, or a size string that does not parse."""


class InvalidOptionError(MazebookError):
    """A generator or generate() option that is unknown or has a bad value."""


class UnsupportedShapeError(MazebookError):
    """An algorithm asked to run on a grid shape it cannot handle."""


class MazeFormatError(MazebookError):
    """A maze dictionary (or file) that is not a valid maze."""


class TemplateError(MazebookError):
    """A book template that cannot be read or validated."""


class FontError(MazebookError):
    """A font that cannot be loaded, or text that the font cannot show."""


class OutputError(MazebookError):
    """An output path that cannot be written."""


def did_you_mean(word: str, choices: Iterable[str], *, always: bool = False) -> str:
    """Return ' (did you mean "x"?)' for the closest choice, or '' when nothing is close.

    ``always``: name the closest choice even when it is not close (for short fixed lists).
    """
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.0 if always else 0.5)
    return f' (did you mean "{close[0]}"?)' if close else ""
