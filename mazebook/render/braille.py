"""Words in uncontracted (grade 1) braille, and where a tactile page puts its dots.

``cells(word, language)`` spells a word in the language's braille (mazebook/data/braille.toml:
the letters, each language's accented letters and capital signs); ``dot_centres`` lays the
cells out at the Marburg Medium sizes a swell-paper page needs (BANA/CBA, Guidelines and
Standards for Tactile Graphics, 2010): dots 1.5 mm across, 2.4 mm apart in a cell, cells 6.2 mm
apart, lines 10 mm apart.
"""

from __future__ import annotations

import tomllib
from functools import cache
from importlib import resources

from ..errors import MazebookError

#: Marburg Medium, millimetres: a dot's diameter, dots apart in a cell, cells and lines apart.
DOT_DIAMETER = 1.5
DOT_SPACING = 2.4
CELL_SPACING = 6.2
LINE_SPACING = 10.0
#: Dot n's column (0, 1) and row (0, 1, 2) in its cell.
DOT_PLACES = {1: (0, 0), 2: (0, 1), 3: (0, 2), 4: (1, 0), 5: (1, 1), 6: (1, 2)}

Cell = frozenset[int]


class BrailleError(MazebookError):
    """A word the braille tables cannot spell (a letter the language's table does not hold)."""


@cache
def _tables() -> dict[str, object]:
    text = resources.files("mazebook.data").joinpath("braille.toml").read_text(encoding="utf-8")
    return tomllib.loads(text)


def _cell(dots: str) -> Cell:
    return frozenset(int(d) for d in dots)


def cells(word: str, language: str) -> tuple[Cell, ...]:
    """The word's braille cells in ``language`` (en, de, fr, es): a capital sign before a
    capital, the capitals sign before a word of two or more capitals (where the language
    marks capitals). BrailleError naming a letter the table does not hold."""
    tables = _tables()
    if language not in tables:
        raise BrailleError(f"no braille table for the language {language!r}")
    own = tables[language]
    assert isinstance(own, dict)
    letters: dict[str, str] = {**tables["letters"], **own.get("letters", {})}  # type: ignore[dict-item]
    out: list[Cell] = []
    upper = [ch for ch in word if ch.isalpha() and ch != ch.lower()]
    whole = len(upper) >= 2 and all(ch == ch.upper() for ch in word if ch.isalpha())
    if whole and own["capitals"]:
        out += [_cell(d) for d in str(own["capitals"]).split()]
    for ch in word:
        low = ch.lower()
        if low not in letters:
            raise BrailleError(f"{ch!r} has no cell in the {language} braille table")
        if ch != low and not whole and own["capital"]:
            out.append(_cell(str(own["capital"])))
        out.append(_cell(letters[low]))
    return tuple(out)


def unicode_braille(word: str, language: str) -> str:
    """The word's cells as Unicode braille patterns (U+2800 + one bit a dot)."""
    return "".join(chr(0x2800 + sum(1 << (d - 1) for d in cell)) for cell in cells(word, language))


def dot_centres(word_cells: tuple[Cell, ...]) -> list[tuple[float, float]]:
    """Each raised dot's centre in millimetres from the first cell's dot 1 (x right, y down)."""
    return [
        (i * CELL_SPACING + DOT_PLACES[d][0] * DOT_SPACING, DOT_PLACES[d][1] * DOT_SPACING)
        for i, cell in enumerate(word_cells)
        for d in sorted(cell)
    ]
