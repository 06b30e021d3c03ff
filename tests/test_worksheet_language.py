"""`language` is one switch: a worksheet from the shipped template, or from `mazebook worksheet
--language`, prints no English word once its language is set (read back from the PDFs)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from pypdf import PdfReader

from mazebook.app.cli import main
from mazebook.app.commands.common import LANGUAGE_CODES
from mazebook.template import load_template
from mazebook.template.texts import LANGUAGES

_WORD = re.compile(r"[^\W\d_]+")


def _words(text: str) -> set[str]:
    return {w.casefold() for w in _WORD.findall(text)}


def english_only_words(language: str) -> set[str]:
    """Every word of the English text table that the other language does not use itself
    (French "Date" and German "Name" are words of their own languages too)."""
    english = _words(" ".join(LANGUAGES["en"].values()))
    return english - _words(" ".join(LANGUAGES[language].values()))


def _printed(pdf: Path) -> str:
    return "\n".join(page.extract_text() or "" for page in PdfReader(str(pdf)).pages)


def _check(sheets: Path, language: str) -> None:
    answers = sheets.with_name(f"{sheets.stem}-answers.pdf")
    words = LANGUAGES[language]
    for pdf in (sheets, answers):
        text = _printed(pdf)
        assert words["worksheet_title"] in text and words["start"] in text, pdf.name
        english = _words(text) & english_only_words(language)
        assert not english, (pdf.name, sorted(english))
    assert words["name"] in _printed(sheets) and words["answer_key"] in _printed(answers)


def test_the_english_words_are_found_when_they_are_there(tmp_path: Path) -> None:
    """The check can fail: an English sheet holds English-only words for each language."""
    pdf = tmp_path / "en.pdf"
    assert main(["worksheet", "-q", "--count", "1", "--per-page", "1", "-o", str(pdf)]) == 0
    for language in ("de", "fr"):
        assert _words(_printed(pdf)) & english_only_words(language)


@pytest.mark.parametrize("language", ["fr", "de"])
def test_a_copied_shipped_template_with_a_language_prints_no_english(
    tmp_path: Path, language: str
) -> None:
    template = tmp_path / "ws.toml"
    assert main(["templates", "copy", "worksheet", str(template)]) == 0
    text = template.read_text(encoding="utf-8")
    template.write_text(f'language = "{language}"\n{text}', encoding="utf-8")
    pdf = tmp_path / "ws.pdf"
    assert main(["build", str(template), "-o", str(pdf), "-q"]) == 0
    _check(pdf, language)


@pytest.mark.parametrize("language", ["fr", "de"])
def test_the_worksheet_command_language_flag_prints_no_english(
    tmp_path: Path, language: str
) -> None:
    pdf = tmp_path / f"{language}.pdf"
    assert main(["worksheet", "-q", "--language", language, "-o", str(pdf)]) == 0
    _check(pdf, language)


def test_own_words_still_win_over_the_language(tmp_path: Path) -> None:
    pdf = tmp_path / "own.pdf"
    args = ["worksheet", "-q", "--language", "fr", "--title", "Vendredi", "-o", str(pdf)]
    assert main(args) == 0
    text = _printed(pdf)
    assert "Vendredi" in text and LANGUAGES["fr"]["worksheet_title"] not in text


def test_the_shipped_templates_print_no_words_of_their_own() -> None:
    """The worksheet template leaves every printed word to its language."""
    template = load_template("worksheet")
    assert template.worksheet is not None
    assert template.title == LANGUAGES["en"]["worksheet_title"]
    assert template.worksheet.instruction == LANGUAGES["en"]["instruction"].format(
        start="START", finish="FINISH"
    )


def test_the_flag_offers_the_shipped_languages() -> None:
    assert tuple(LANGUAGES) == LANGUAGE_CODES


def test_an_unknown_language_flag_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["worksheet", "--language", "it"]) == 2
    err = capsys.readouterr().err
    assert "--language" in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_svg_dir_mazes_speak_the_sheets_language(tmp_path: Path, language: str) -> None:
    """The SVGs of --svg-dir label START and FINISH in the template's language, as the PDF."""
    from mazebook import build_book

    template = tmp_path / "t.toml"
    template.write_text(
        f'title = "T"\nkind = "worksheet"\nlanguage = "{language}"\n'
        "[[section]]\ncount = 1\ndifficulty = 2\n"
    )
    build_book(str(template), output=tmp_path / "t.pdf", svg_dir=tmp_path / "svg")
    text = (tmp_path / "svg" / "puzzle-001.svg").read_text(encoding="utf-8")
    for key in ("start", "finish"):
        assert f">{LANGUAGES[language][key]}</text>" in text


@pytest.mark.parametrize("names", ["", 'names = ["Ann", "Bob"]\n'])
def test_svg_dir_uses_the_sheets_own_start_and_finish_words(tmp_path: Path, names: str) -> None:
    """A worksheet's or class set's start_label and finish_label reach its SVGs, as its PDF."""
    from mazebook import build_book

    template = tmp_path / "t.toml"
    template.write_text(
        f'title = "T"\nkind = "worksheet"\n{names}start_label = "GO"\nfinish_label = "HOME"\n'
        "[[section]]\ncount = 1\ndifficulty = 2\n"
    )
    build_book(str(template), output=tmp_path / "t.pdf", svg_dir=tmp_path / "svg")
    svgs = sorted((tmp_path / "svg").glob("*.svg"))
    assert svgs
    for svg in svgs:
        text = svg.read_text(encoding="utf-8")
        assert ">GO</text>" in text and ">HOME</text>" in text and ">START<" not in text
