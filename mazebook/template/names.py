"""A class set's pupils: the names a worksheet prints, one set of sheets each.

Names come from the template key ``names = [...]`` or from a names file (``mazebook worksheet
--names FILE``: UTF-8 text, one name a line, blank lines skipped). Either way the same rules
hold, checked before any maze is made: 1 to MAX_NAMES names, each at most MAX_NAME_CHARS
characters, printable text (no control characters). A bad file is one line naming it.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from pathlib import Path

from ..errors import MazebookError
from ..inputs import read_input, shown
from .visible import visible

#: The most pupils a class set takes, and the longest name (characters).
MAX_NAMES = 200
MAX_NAME_CHARS = 80
#: The largest names file read (bytes): 200 names of 80 characters in 4-byte UTF-8, with room.
MAX_NAMES_BYTES = 256 * 1024


def _bad_character(name: str) -> str | None:
    """The first control or unassigned character of a name (a sign of a binary file), or None."""
    for char in name:
        if unicodedata.category(char) in ("Cc", "Cs", "Cn"):
            return char
    return None


def name_problem(name: str) -> str | None:
    """Why ``name`` cannot be a pupil's name, or None when it can."""
    if not visible(name):
        return "is empty" if not name.strip() else "holds only invisible characters"
    if len(name) > MAX_NAME_CHARS:
        return f"is {len(name):,} characters long; a name may have at most {MAX_NAME_CHARS}"
    char = _bad_character(name)
    if char is not None:
        return f"holds the control character U+{ord(char):04X}; a name is printable text"
    return None


def count_problem(count: int) -> str | None:
    """Why ``count`` names cannot make a class set, or None."""
    if count == 0:
        return "holds no names"
    if count > MAX_NAMES:
        return f"holds {count:,} names; a class set takes at most {MAX_NAMES}"
    return None


def list_problem(names: Sequence[str]) -> str | None:
    """Why a list of names (the template key) cannot make a class set, or None."""
    problem = count_problem(len(names))
    if problem is not None:
        return problem
    for i, name in enumerate(names):
        problem = name_problem(name)
        if problem is not None:
            return f"name {i + 1} {problem}"
    return None


def read_names(path: str | Path, *, error: type[MazebookError]) -> tuple[str, ...]:
    """The names of a names file: UTF-8 text, one name a line, blank lines skipped; ``error``
    (one line naming the file) for a file that is empty, binary, too long or has a bad line."""
    raw = read_input(path, what="names file", error=error, limit=MAX_NAMES_BYTES)
    where = f"names file {shown(path)}"
    if b"\x00" in raw:
        raise error(f"{where} is not text (it holds NUL bytes); give one name a line")
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise error(f"{where} is not UTF-8 text (byte {exc.start + 1:,})") from None
    lines = [(n + 1, line.strip()) for n, line in enumerate(text.splitlines())]
    names = [(n, line) for n, line in lines if line]
    problem = count_problem(len(names))
    if problem is not None:
        raise error(f"{where} {problem}")
    for number, name in names:
        problem = name_problem(name)
        if problem is not None:
            raise error(f"{where}: line {number} {problem}")
    return tuple(name for _, name in names)
