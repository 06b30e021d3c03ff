"""Exceptions: every error mazebook raises on bad input is a MazebookError (a ValueError).

An error carries what went wrong (``problem``) and, as separate fields, where: the ``file`` it
was read from, the template ``section`` (number from 1, and its name) and the ``key``. The
one-line message is composed from those fields, so a caller that knows better words (the
worksheet command names its flags, not template keys) restates the error with ``restated``
instead of editing the message text. A ``MazebookBug`` is not bad input but a broken promise
of our own (for example "drew N pages, planned M"): the command line reports it as a bug.
"""

from __future__ import annotations

import errno
import re
import string
from collections.abc import Iterable, Mapping
from typing import Any, Self

#: How a template names the keys an error's advice points to (``{key}`` in ``advice``), where
#: that is not the key itself; a command restates them as its flags.
ADVICE_WORDS = {
    "puzzles_per_page": "puzzles per page",
    "page_size": "page",
    "fit": 'fit = "cap"',
}


class MazebookError(ValueError):
    """Base of all mazebook errors; ``str()`` is one line meant for a person."""

    def __init__(
        self,
        problem: str,
        *,
        file: str | None = None,
        section: int | None = None,
        section_name: str | None = None,
        key: str | None = None,
        advice: str | None = None,
        field: str | None = None,
    ) -> None:
        self.problem = problem
        self.file = file
        self.section = section
        self.section_name = section_name
        self.key = key
        self.advice = advice  # what would help, with {key} for each template key it names
        # the request field (mazebook/requests.py) it concerns, where the code that raised it
        # knows: a front end places the error by it; it is not part of the message
        self.field = field
        self._key_label: str | None = None
        self._advice_labels: Mapping[str, str] = {}
        super().__init__(self.message())

    def where(self) -> str:
        """'[[section]] 2 ('Warm-up'), key "count"', or '' when no place is known."""
        parts = []
        if self.section is not None:
            name = f" ({self.section_name!r})" if self.section_name else ""
            parts.append(f"[[section]] {self.section}{name}")
        if self._key_label is not None:
            parts.append(self._key_label)
        elif self.key is not None:
            parts.append(f'key "{self.key}"')
        return ", ".join(parts)

    def message(self) -> str:
        """The one-line message: file, place, problem (and advice)."""
        problem = self.problem
        if self.advice:
            problem += "; " + self.advice_text()
        return ": ".join(part for part in (self.file, self.where(), problem) if part)

    def advice_text(self) -> str:
        """The advice with each key named as the reader knows it (a template key, or a flag)."""
        keys = [name for _, name, _, _ in string.Formatter().parse(self.advice or "") if name]
        labels = {k: self._advice_labels.get(k, ADVICE_WORDS.get(k, k)) for k in keys}
        return (self.advice or "").format(**labels)

    def located(
        self,
        *,
        file: str | None = None,
        section: int | None = None,
        section_name: str | None = None,
        key: str | None = None,
    ) -> Self:
        """The same error with the place filled in where it was not known yet."""
        return self._copy(
            file=self.file or file,
            section=self.section if self.section is not None else section,
            section_name=self.section_name or section_name,
            key=self.key or key,
        )

    def restated(
        self,
        *,
        key_labels: Mapping[str, str],
        advice_labels: Mapping[str, str] | None = None,
        drop_file: str | None = None,
    ) -> Self:
        """The error in a command's words: keys shown by their flags (``key_labels``; the
        advice's keys by ``advice_labels``, else the same), the section left out, and the file
        left out when it is ``drop_file``."""
        copy = self._copy(
            file=None if self.file == drop_file else self.file,
            section=None,
            section_name=None,
            key=self.key,
        )
        if self.key is not None and self.key in key_labels:
            copy._key_label = key_labels[self.key]
        copy._advice_labels = {**key_labels, **(advice_labels or {})}
        copy.args = (copy.message(),)
        return copy

    def keyed(self, fields: Mapping[str, str]) -> Self:
        """The same error keyed by a request's fields (``fields``: key -> field), its advice's
        keys too, so a front end names them in its own words (mazebook/requests.py)."""
        copy = self._copy(
            file=self.file,
            section=self.section,
            section_name=self.section_name,
            key=fields.get(self.key, self.key) if self.key is not None else None,
        )
        if self.advice:
            keys = [name for _, name, _, _ in string.Formatter().parse(self.advice) if name]
            copy.advice = self.advice.format(**{k: f"{{{fields.get(k, k)}}}" for k in keys})
            copy.args = (copy.message(),)
        return copy

    def _copy(self, **fields: Any) -> Self:
        copy = type(self).__new__(type(self))
        MazebookError.__init__(copy, self.problem, **fields)
        copy.__dict__.update(
            {k: v for k, v in self.__dict__.items() if k not in fields and k != "_key_label"}
        )
        copy.args = (copy.message(),)
        return copy


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


class PluginError(MazebookError):
    """A plugin (an entry point in a ``mazebook.*`` group) that cannot be loaded or used."""


class MazebookWarning(UserWarning):
    """Base of mazebook's warnings: the input was changed to make it work (the command line
    prints each as one line)."""


class MazebookBug(RuntimeError):
    """An internal consistency check failed: a bug in mazebook, not bad input."""


def did_you_mean(word: str, choices: Iterable[str], *, always: bool = False) -> str:
    """Return ' (did you mean "x"?)' for the closest choice, or '' when nothing is close.

    ``always``: name the closest choice even when it is not close (for short fixed lists).
    """
    import difflib  # only when a name was not found

    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.0 if always else 0.5)
    return f' (did you mean "{close[0]}"?)' if close else ""


#: Characters a message never prints as they are: controls (a newline, a carriage return, the
#: escape that starts a terminal sequence, C1 controls), line and paragraph separators, and the
#: bidirectional controls that reorder what a terminal shows. (Patterns here and elsewhere are
#: left to re's own cache, compiled when first used, not when imported at every start.)
_UNSAFE = "[\x00-\x1f\x7f-\x9f\u2028\u2029\u200e\u200f\u202a-\u202e\u2066-\u2069]"


def one_line(text: str) -> str:
    """``text`` with every control character shown as an escape (\\n, \\x1b, \\u202e): a
    file name in a message can neither split its one line nor reach the terminal."""
    return re.sub(_UNSAFE, lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


#: What a message says for the errors of the system that are the machine's, not the input's.
_SYSTEM_WORDS = {
    errno.ENOSPC: "no space left on the disk",
    errno.EDQUOT: "no space left: the disk quota is used up",
}


def os_problem(exc: OSError) -> str:
    """An operating-system error in a message's words ("no space left on the disk" for a full
    disk), else the system's own words."""
    return _SYSTEM_WORDS.get(exc.errno or 0) or exc.strerror or str(exc)


#: The command line's and the web app's words when the memory ran out.
OUT_OF_MEMORY = (
    "out of memory: the input asks for more than this computer has free; make it smaller"
)
