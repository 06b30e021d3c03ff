"""Braille for the tactile page: the shipped START and FINISH words against their published
braille (liblouis 3.24's tables: en-ueb-g1, de-g0, fr-bfu-comp6, es-g1), and the dot sizes."""

from __future__ import annotations

import itertools
import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.render.braille import (
    CELL_SPACING,
    DOT_DIAMETER,
    DOT_SPACING,
    BrailleError,
    cells,
    dot_centres,
    number_cells,
    unicode_braille,
    unicode_cells,
)
from mazebook.template.texts import LANGUAGES

#: Published braille of each language's START and FINISH words.
PUBLISHED = {
    ("en", "START"): "⠠⠠⠎⠞⠁⠗⠞",
    ("en", "FINISH"): "⠠⠠⠋⠊⠝⠊⠎⠓",
    ("de", "START"): "⠎⠞⠁⠗⠞",
    ("de", "ZIEL"): "⠵⠊⠑⠇",
    ("fr", "DÉPART"): "⠨⠨⠙⠿⠏⠁⠗⠞",
    ("fr", "ARRIVÉE"): "⠨⠨⠁⠗⠗⠊⠧⠿⠑",
    ("es", "SALIDA"): "⠨⠨⠎⠁⠇⠊⠙⠁",
    ("es", "LLEGADA"): "⠨⠨⠇⠇⠑⠛⠁⠙⠁",
}


#: Published braille of numbers (a tactile page's puzzle number): liblouis 3.24's output for
#: each language's table; English, German and Spanish put the number sign before the letters
#: a-j, French braille dot 6 before its own digits.
_LATIN = {
    1: "⠼⠁",
    2: "⠼⠃",
    3: "⠼⠉",
    4: "⠼⠙",
    7: "⠼⠛",
    10: "⠼⠁⠚",
    25: "⠼⠃⠑",
    99: "⠼⠊⠊",
    100: "⠼⠁⠚⠚",
    480: "⠼⠙⠓⠚",
    1234: "⠼⠁⠃⠉⠙",
    9999: "⠼⠊⠊⠊⠊",
}
_FRENCH = {
    1: "⠠⠡",
    2: "⠠⠣",
    3: "⠠⠩",
    4: "⠠⠹",
    7: "⠠⠻",
    10: "⠠⠡⠼",
    25: "⠠⠣⠱",
    99: "⠠⠪⠪",
    100: "⠠⠡⠼⠼",
    480: "⠠⠹⠳⠼",
    1234: "⠠⠡⠣⠩⠹",
    9999: "⠠⠪⠪⠪⠪",
}
NUMBERS = {
    (language, n): (_FRENCH if language == "fr" else _LATIN)[n]
    for language in ("en", "de", "fr", "es")
    for n in _LATIN
}


@pytest.mark.parametrize(("language", "number"), sorted(NUMBERS))
def test_numbers_match_published_braille(language: str, number: int) -> None:
    assert unicode_cells(number_cells(number, language)) == NUMBERS[(language, number)]


@given(st.integers(0, 10**9), st.sampled_from(["en", "de", "fr", "es"]))
def test_a_number_reads_back_digit_by_digit(number: int, language: str) -> None:
    """After the number sign, one cell a digit, each digit's cell its own (no two alike)."""
    found = number_cells(number, language)
    digits = [number_cells(d, language)[1] for d in range(10)]
    assert len(set(digits)) == 10 and found[0] == number_cells(0, language)[0]
    assert "".join(str(digits.index(cell)) for cell in found[1:]) == str(number)


def test_a_negative_number_has_no_braille() -> None:
    with pytest.raises(ValueError, match="negative"):
        number_cells(-1, "en")
    with pytest.raises(BrailleError, match="no braille table"):
        number_cells(1, "xx")


@pytest.mark.parametrize(("language", "word"), sorted(PUBLISHED))
def test_start_and_finish_match_published_braille(language: str, word: str) -> None:
    assert unicode_braille(word, language) == PUBLISHED[(language, word)]


def test_every_shipped_start_and_finish_word_is_checked() -> None:
    shipped = {(code, words[k]) for code, words in LANGUAGES.items() for k in ("start", "finish")}
    assert shipped == set(PUBLISHED)


def test_capitals_and_lower_case() -> None:
    assert unicode_braille("start", "en") == "⠎⠞⠁⠗⠞"
    assert unicode_braille("Start", "en") == "⠠⠎⠞⠁⠗⠞"  # one capital: one sign
    assert unicode_braille("Départ", "fr") == "⠨⠙⠿⠏⠁⠗⠞"
    assert unicode_braille("Zürich", "de") == "⠵⠳⠗⠊⠉⠓"


def test_a_letter_without_a_cell_is_one_line() -> None:
    with pytest.raises(BrailleError, match="'Ω' has no cell in the en braille table"):
        cells("ΩMEGA", "en")
    with pytest.raises(BrailleError, match="no braille table"):
        cells("START", "xx")


def test_dots_are_at_marburg_medium_sizes() -> None:
    assert 1.4 <= DOT_DIAMETER <= 1.6 and 2.3 <= DOT_SPACING <= 2.5 and 6.0 <= CELL_SPACING <= 6.4
    dots = dot_centres(cells("ab", "en"))  # a: dot 1; b: dots 1, 2
    assert dots == [(0.0, 0.0), (CELL_SPACING, 0.0), (CELL_SPACING, DOT_SPACING)]
    full = dot_centres(cells("é", "fr"))  # all six dots of one cell
    gaps = sorted(math.dist(p, q) for p, q in itertools.combinations(full, 2))
    assert gaps[0] == pytest.approx(DOT_SPACING)
