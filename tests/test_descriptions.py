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


SVG = "{http://www.w3.org/2000/svg}"


def said(svg: str | bytes) -> tuple[str, str]:
    """An SVG's title and desc: the first two children of its root, in that order."""
    from xml.etree import ElementTree

    root = ElementTree.fromstring(svg)
    title, desc = list(root)[:2]
    assert (title.tag, desc.tag) == (f"{SVG}title", f"{SVG}desc")
    return title.text or "", desc.text or ""


@pytest.mark.parametrize("code", tuple(LANGUAGES))
def test_every_svg_of_an_asset_pack_carries_its_description(tmp_path: Path, code: str) -> None:
    """--svg-dir: each puzzle's two SVGs are titled with what it is and described with the
    manifest's sentence, for every kind, in the book's language."""
    template = tmp_path / "b.toml"
    template.write_text(
        f'title = "B"\nlanguage = "{code}"\nprinter = "home"\n'
        '[[section]]\ncount = 1\ndifficulty = 3\nshape = "hex"\n'
        '[[section]]\npuzzle = "number-path"\nstep = 3\ncount = 1\ndifficulty = 2\n'
        '[[section]]\npuzzle = "word-trail"\nwords = ["LION"]\ncount = 1\ndifficulty = 3\n'
        '[[section]]\npuzzle = "keys"\ncount = 1\ndifficulty = 4\n',
        encoding="utf-8",
    )
    folder = tmp_path / "svg"
    result = build_book(str(template), output=tmp_path / "b.pdf", svg_dir=folder)
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    words = LANGUAGES[code]
    nouns = ("kind_maze", "kind_number_path", "kind_word_trail", "kind_keys")
    assert len(puzzles) == len(nouns)
    for number, (puzzle, noun) in enumerate(zip(puzzles, nouns, strict=True), 1):
        for name in (f"puzzle-{number:03}.svg", f"solution-{number:03}.svg"):
            title, desc = said((folder / name).read_bytes())
            assert desc == puzzle["description"], name
            assert desc.startswith(title), name
            kind = words[noun].format(step=3)
            assert title.startswith(kind), (name, title)
            assert words["level"].format(level=puzzle["level"]) in title
            assert words["start"] in desc and words["finish"] in desc


@pytest.mark.parametrize("code", tuple(LANGUAGES))
def test_mazebook_maze_says_it_in_its_language(tmp_path: Path, code: str) -> None:
    """`mazebook maze --language`: the SVG's title and desc, its drawn START and FINISH, and
    the PDF's title, subject and /Lang, all in that language."""
    from xml.etree import ElementTree

    from pypdf import PdfReader

    from mazebook.app.cli import main

    words = LANGUAGES[code]
    svg, pdf = tmp_path / "m.svg", tmp_path / "m.pdf"
    for out in (svg, pdf):
        argv = ["maze", "--level", "4", "--shape", "circle", "--language", code, "-o", str(out)]
        assert main([*argv, "--seed", "5"]) == 0
    title, desc = said(svg.read_bytes())
    assert title.startswith(f"{words['kind_maze']} ({words['shape_circle']})")
    assert words["level"].format(level=4) in title
    assert f"{words['finish']} {words['place_centre']}" in desc
    drawn = [t.text for t in ElementTree.fromstring(svg.read_bytes()).iter(f"{SVG}text")]
    assert drawn == [words["start"], words["finish"]]
    reader = PdfReader(pdf)
    assert reader.trailer["/Root"]["/Lang"] == code
    assert reader.metadata is not None
    assert reader.metadata.title == title and reader.metadata.subject == desc


def test_a_maze_without_a_level_is_described_at_the_level_it_measures(tmp_path: Path) -> None:
    from mazebook.app.cli import main
    from mazebook.core.engine import generate
    from mazebook.difficulty.effort import solving_effort
    from mazebook.difficulty.levels import level_of

    out = tmp_path / "m.svg"
    assert main(["maze", "-s", "9x7", "--seed", "3", "-a", "prim", "-o", str(out)]) == 0
    level = level_of(solving_effort(generate("prim", 9, 7, seed=3)))
    title, _ = said(out.read_bytes())
    assert title == f"Maze (rectangle), Level {level}, 9 by 7 cells"


@given(
    st.sampled_from(["backtracker", "prim", "kruskal", "binary-tree"]),
    st.integers(2, 70),
    st.integers(2, 70),
    st.integers(0, 2**32),
    st.sampled_from([{}, {"weave": 0.5}, {"shape": "hex"}, {"shape": "circle"}]),
)
def test_the_measured_level_is_the_level_of_the_effort(
    algorithm: str, width: int, height: int, seed: int, extra: dict[str, object]
) -> None:
    """The long-path shortcut never changes the answer the solver model gives."""
    from hypothesis import assume

    from mazebook.core.engine import generate
    from mazebook.difficulty.effort import solving_effort
    from mazebook.difficulty.levels import level_of
    from mazebook.difficulty.measured import measured_level
    from mazebook.errors import MazebookError

    try:
        maze = generate(algorithm, width, height, seed=seed, **extra)  # type: ignore[arg-type]
    except MazebookError:
        assume(False)
        return
    assert measured_level(maze) == level_of(solving_effort(maze))
