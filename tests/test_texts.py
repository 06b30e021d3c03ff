"""Every printed word comes from the template: a shipped language, or the [text] table."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from mazebook import build_book
from mazebook.errors import TemplateError
from mazebook.preflight import preflight
from mazebook.template import parse_template
from mazebook.template.texts import LANGUAGES, PLACEHOLDERS, TEXT_KEYS

from .padding import padded

BOOK = """
title = "T"
language = "{language}"
seed = 3
[[section]]
name = "Erste"
count = 3
difficulty = [1, 2]
"""


def _text_of(pdf: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)


def test_every_language_is_a_complete_set() -> None:
    for language, values in LANGUAGES.items():
        assert set(values) == set(TEXT_KEYS), language
        for key, value in values.items():  # each uses only its own placeholders
            parse_template(f'title = "T"\n[text]\n{key} = """{value}"""\n[[section]]\n')
            assert value.strip(), (language, key)


@pytest.mark.slow
@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_each_language_builds_and_prints_its_own_words(tmp_path: Path, language: str) -> None:
    template = tmp_path / f"{language}.toml"
    template.write_text(BOOK.format(language=language), encoding="utf-8")
    with padded():
        result = build_book(str(template), output=tmp_path / f"{language}.pdf")
    report = preflight(result.pdf, printer="kdp")
    assert report.ok, report.lines()
    words = LANGUAGES[language]
    text = _text_of(result.pdf)
    for key in ("start", "finish", "contents", "answers", "how_to_play_title"):
        assert words[key] in text, (language, key)
    assert words["puzzle"].format(number=2) in text
    assert words["level"].format(level=1) in text
    others = {lang: LANGUAGES[lang]["how_to_play_title"] for lang in LANGUAGES if lang != language}
    assert not any(title in text for title in others.values())


@pytest.mark.slow
def test_the_text_table_replaces_single_keys(tmp_path: Path) -> None:
    template = tmp_path / "own.toml"
    template.write_text(
        BOOK.format(language="en")
        + '[text]\nstart = "GO"\nfinish = "HOME"\npuzzle = "Maze no. {number}"\n',
        encoding="utf-8",
    )
    with padded():
        text = _text_of(build_book(str(template), output=tmp_path / "own.pdf").pdf)
    assert "GO" in text and "HOME" in text and "Maze no. 1" in text
    assert "Puzzle 1" not in text and "START" not in text
    assert "Contents" in text  # the keys it does not set stay English


def test_a_worksheet_speaks_the_template_language(tmp_path: Path) -> None:
    template = tmp_path / "blatt.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Labyrinthe"\nlanguage = "de"\n[[section]]\ncount = 2\n',
        encoding="utf-8",
    )
    result = build_book(str(template), output=tmp_path / "blatt.pdf")
    text = _text_of(result.pdf)
    assert "ZIEL" in text and "Klasse" in text and "ohne eine Wand zu kreuzen" in text
    assert result.answers is not None and "Lösungen" in _text_of(result.answers)


@pytest.mark.parametrize(
    ("table", "message"),
    [
        ('puzzle = "Puzzle {numbr}"', r"\{numbr\} is not a placeholder of this text"),
        ('level = "Level {level"', 'key "text.level"'),
        ('strat = "GO"', 'did you mean "start"'),
    ],
)
def test_bad_text_is_refused_when_read(table: str, message: str) -> None:
    with pytest.raises(TemplateError, match=message):
        parse_template(f'title = "T"\n[text]\n{table}\n[[section]]\n', source="t.toml")


def test_unknown_language_lists_the_shipped_ones() -> None:
    with pytest.raises(TemplateError, match="one of en, de, fr, es"):
        parse_template('title = "T"\nlanguage = "xx"\n[[section]]\n', source="t.toml")


def test_placeholders_are_declared_for_every_key() -> None:
    assert set(PLACEHOLDERS) == set(TEXT_KEYS)
