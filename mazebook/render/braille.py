"""Words in uncontracted (grade 1) braille, and where a tactile page puts its dots.

``cells(word, language)`` spells a word in the language's braille (mazebook/data/braille.toml:
the letters, each language's accented letters and capital signs), ``number_cells`` a whole
number (its number sign and digits, a tactile page's puzzle number); ``dot_centres`` lays the
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
    own = _language(language)
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


def number_cells(number: int, language: str) -> tuple[Cell, ...]:
    """A whole number (0 or more) in ``language``'s braille: its number sign, then a cell a
    digit. BrailleError for a language without a table, ValueError for a negative number."""
    if number < 0:
        raise ValueError(f"no braille for the negative number {number}")
    own = _language(language)
    digits = own["digits"]
    assert isinstance(digits, list)
    return (_cell(str(own["number"])), *(_cell(str(digits[int(d)])) for d in str(number)))


def _language(language: str) -> dict[str, object]:
    """The language's own table; BrailleError when there is none."""
    tables = _tables()
    own = tables.get(language)
    if not isinstance(own, dict):
        raise BrailleError(f"no braille table for the language {language!r}")
    return own


def unicode_cells(word_cells: tuple[Cell, ...]) -> str:
    """Cells as Unicode braille patterns (U+2800 + one bit a dot)."""
    return "".join(chr(0x2800 + sum(1 << (d - 1) for d in cell)) for cell in word_cells)


def unicode_braille(word: str, language: str) -> str:
    """The word's cells as Unicode braille patterns (U+2800 + one bit a dot)."""
    return unicode_cells(cells(word, language))


def width(word_cells: tuple[Cell, ...]) -> float:
    """Millimetres from the left edge of the first cell's left dots to the right edge of the
    last cell's right dots (every cell counted two dots wide), 0 for no cells."""
    if not word_cells:
        return 0.0
    return (len(word_cells) - 1) * CELL_SPACING + DOT_SPACING + DOT_DIAMETER


#: Millimetres from the top edge of a cell's dots 1 and 4 to the bottom edge of dots 3 and 6.
HEIGHT = 2 * DOT_SPACING + DOT_DIAMETER


def dot_centres(word_cells: tuple[Cell, ...]) -> list[tuple[float, float]]:
    """Each raised dot's centre in millimetres from the first cell's dot 1 (x right, y down)."""
    return [
        (i * CELL_SPACING + DOT_PLACES[d][0] * DOT_SPACING, DOT_PLACES[d][1] * DOT_SPACING)
        for i, cell in enumerate(word_cells)
        for d in sorted(cell)
    ]
