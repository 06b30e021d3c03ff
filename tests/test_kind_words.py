"""Each sheet says what to do for its kind of puzzle, in every shipped language: a number path
names what to count by, a word trail says there is a word to find, and a book explains its
kinds (and its bridges) on the how-to page, only where it has them."""

from __future__ import annotations

from pathlib import Path

import pytest
from pypdf import PdfReader

from mazebook import build_book
from mazebook.template.texts import LANGUAGES

LANGUAGE_CODES = tuple(LANGUAGES)
KEYS = {"number-path": "step = 3\n", "word-trail": 'words = ["SONNE", "MOND"]\n', "maze": ""}


def page_text(pdf: Path, number: int = 1) -> str:
    """A page's words, runs of white space as one space (a wrapped line joins its next)."""
    return " ".join(PdfReader(pdf).pages[number - 1].extract_text().split())


def said(code: str, key: str, **fields: str) -> str:
    words = LANGUAGES[code]
    text = words[key].format(start=words["start"], finish=words["finish"], **fields)
    return " ".join(text.split())


@pytest.mark.parametrize("code", LANGUAGE_CODES)
@pytest.mark.parametrize("kind", ["number-path", "word-trail"])
def test_a_worksheet_says_what_its_kind_asks(tmp_path: Path, code: str, kind: str) -> None:
    template = tmp_path / "sheet.toml"
    template.write_text(
        f'kind = "worksheet"\nlanguage = "{code}"\n[[section]]\npuzzle = "{kind}"\n'
        f"count = 2\ndifficulty = 2\n{KEYS[kind]}",
        encoding="utf-8",
    )
    result = build_book(str(template), output=tmp_path / "sheet.pdf")
    text = page_text(result.pdf)
    suffix = kind.replace("-", "_")
    assert said(code, f"worksheet_title_{suffix}") in text
    fields = {"step": "3"} if kind == "number-path" else {}
    instruction = said(code, f"instruction_{suffix}", **fields)
    assert instruction in text and instruction != said(code, "instruction")
    if kind == "number-path":
        assert said(code, "instruction") not in text  # not the maze's words
        assert "3" in instruction.split(":")[0]  # it names what to count by, first
    if code != "en":  # nothing English on a sheet of another language
        assert said("en", f"instruction_{suffix}", **fields) not in text
        assert said("en", f"worksheet_title_{suffix}") not in text


def test_a_template_s_own_title_and_instruction_win(tmp_path: Path) -> None:
    template = tmp_path / "sheet.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Count with us"\ninstruction = "Go!"\n'
        '[[section]]\npuzzle = "number-path"\nstep = 2\ndifficulty = 2\n',
        encoding="utf-8",
    )
    text = page_text(build_book(str(template), output=tmp_path / "s.pdf").pdf)
    assert "Count with us" in text and "Go!" in text and "Count by" not in text


def test_a_class_set_sheet_says_it_too(tmp_path: Path) -> None:
    template = tmp_path / "class.toml"
    template.write_text(
        'kind = "worksheet"\nlanguage = "fr"\nnames = ["Ana", "Léo"]\n'
        '[[section]]\npuzzle = "number-path"\nstep = 5\ncount = 1\ndifficulty = 2\n',
        encoding="utf-8",
    )
    text = page_text(build_book(str(template), output=tmp_path / "c.pdf").pdf)
    assert said("fr", "instruction_number_path", step="5") in text


def book_howto(tmp_path: Path, code: str, sections: str) -> str:
    template = tmp_path / "book.toml"
    template.write_text(
        f'title = "B"\nlanguage = "{code}"\nprinter = "home"\n{sections}', encoding="utf-8"
    )
    pdf = build_book(str(template), output=tmp_path / "book.pdf").pdf
    reader = PdfReader(pdf)
    heading = LANGUAGES[code]["how_to_play_title"]
    page = next(p for p in reader.pages if heading in p.extract_text())
    return " ".join(page.extract_text().split())


@pytest.mark.parametrize("code", LANGUAGE_CODES)
def test_a_book_explains_its_kinds_and_its_bridges(tmp_path: Path, code: str) -> None:
    sections = (
        "[[section]]\ncount = 1\ndifficulty = 2\nweave = 0.5\n"
        '[[section]]\npuzzle = "number-path"\nstep = 4\ncount = 1\ndifficulty = 2\n'
        '[[section]]\npuzzle = "word-trail"\nwords = ["OWL"]\ncount = 1\ndifficulty = 3\n'
    )
    text = book_howto(tmp_path, code, sections)
    assert said(code, "how_to_play_weave") in text
    assert said(code, "how_to_play_number_path", step="4") in text
    assert said(code, "how_to_play_word_trail") in text


def test_a_plain_book_has_no_word_of_bridges_or_numbers(tmp_path: Path) -> None:
    text = book_howto(tmp_path, "en", "[[section]]\ncount = 1\ndifficulty = 2\n")
    for key in ("how_to_play_weave", "how_to_play_word_trail"):
        assert said("en", key) not in text
    assert "Number paths" not in text
