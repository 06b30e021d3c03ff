"""Every puzzle in words: what it is and where START and FINISH are, in the product's
language (the manifest's ``description``; an SVG's title and desc)."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import build_book
from mazebook.kinds.describe import SECTORS, place_key
from mazebook.template.texts import LANGUAGES


@given(st.floats(1, 100), st.floats(1, 100), st.floats(0, 1), st.floats(0, 1), st.booleans())
def test_a_place_is_the_direction_from_the_middle(
    width: float, height: float, u: float, v: float, inside: bool
) -> None:
    key = place_key(u * width, v * height, width, height, inside=inside)
    dx, dy = 2 * u - 1, 1 - 2 * v  # y up
    if inside or math.hypot(dx, dy) < 0.25:
        assert key == "place_centre"
        return
    angle = math.degrees(math.atan2(dy, dx)) % 360
    nearest = min(range(8), key=lambda k: min(abs(angle - 45 * k), 360 - abs(angle - 45 * k)))
    assert key == SECTORS[nearest]


def test_the_sides_of_a_drawing() -> None:
    assert place_key(0, 5, 10, 10) == "place_left"
    assert place_key(10, 5, 10, 10) == "place_right"
    assert place_key(5, 0, 10, 10) == "place_top"
    assert place_key(5, 10, 10, 10) == "place_bottom"
    assert place_key(0, 0, 10, 10) == "place_top_left"
    assert place_key(5, 5, 10, 10) == "place_centre"


@pytest.mark.parametrize("code", tuple(LANGUAGES))
def test_every_puzzle_of_a_book_is_described_in_its_language(tmp_path: Path, code: str) -> None:
    template = tmp_path / "b.toml"
    template.write_text(
        f'title = "B"\nlanguage = "{code}"\nprinter = "home"\n'
        '[[section]]\ncount = 1\ndifficulty = 3\nshape = "circle"\n'
        '[[section]]\npuzzle = "number-path"\nstep = 2\ncount = 1\ndifficulty = 2\n',
        encoding="utf-8",
    )
    result = build_book(str(template), output=tmp_path / "b.pdf")
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    words = LANGUAGES[code]
    circle, numbers = (p["description"] for p in puzzles)
    assert circle.startswith(f"{words['kind_maze']} ({words['shape_circle']})")
    assert f"{words['finish']} {words['place_centre']}" in circle  # the goal at the centre
    assert words["level"].format(level=puzzles[0]["level"]) in circle
    assert numbers.startswith(words["kind_number_path"].format(step=2))
    if code != "en":
        assert "Maze" not in circle and " cells" not in circle


@pytest.mark.parametrize("code", ["fr", "de"])
def test_every_pdf_says_its_language_and_title(tmp_path: Path, code: str) -> None:
    """A reader announces a document by its title and reads it in its language."""
    from pypdf import PdfReader

    from mazebook.app.cli import main
    from tests.padding import padded

    book = tmp_path / "b.toml"
    book.write_text(
        f'title = "Rätsel"\nlanguage = "{code}"\n[[section]]\ncount = 2\ndifficulty = 2\n',
        "utf-8",
    )
    with padded():  # a short kdp book gets pages for notes, and says so
        result = build_book(str(book), output=tmp_path / "b.pdf")
    sheet = tmp_path / "s.toml"
    sheet.write_text(f'kind = "worksheet"\nlanguage = "{code}"\n[[section]]\n', "utf-8")
    sheets = build_book(str(sheet), output=tmp_path / "s.pdf")
    assert main(["maze", "-s", "8x8", "--seed", "1", "-o", str(tmp_path / "m.pdf")]) == 0
    files = [result.pdf, result.cover, sheets.pdf, sheets.answers, tmp_path / "m.pdf"]
    for pdf, lang in zip(files, [code, code, code, code, "en"], strict=True):
        assert pdf is not None
        reader = PdfReader(pdf)
        root = reader.trailer["/Root"]
        assert root["/Lang"] == lang, pdf.name
        assert bool(root["/ViewerPreferences"]["/DisplayDocTitle"])
        assert reader.metadata is not None and (reader.metadata.title or "").strip()
