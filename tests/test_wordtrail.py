"""Word trails: the word read back from the PDF along the solution, decoys never on it, every
shape, books and class sets, and bad input."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from mazebook import build_book, generate
from mazebook.app.cli import main
from mazebook.core.wordtrail import capacity, lay_trail
from mazebook.errors import TemplateError
from mazebook.geometry.from_maze import maze_geometry
from mazebook.geometry.style import fit_maze
from mazebook.kinds import check_sections
from mazebook.pages.layout import maze_box
from mazebook.preflight import preflight
from mazebook.printing.rules import PrintWarning
from mazebook.products.worksheet import prepare_worksheet
from mazebook.template.load import parse_template

from .padding import padded
from .svgread import PRODUCT_HEADS, SVG_NS, svg_group

SHAPES = [
    ("rect", {}),
    ("hex", {}),
    ("circle", {}),
    ("triangle", {}),
]


@settings(max_examples=60, deadline=None)
@given(
    shape=st.sampled_from(SHAPES),
    size=st.integers(6, 14),
    seed=st.integers(0, 2**32),
    word=st.text(st.sampled_from("ABCDEÉŁZ"), min_size=1, max_size=12),
)
def test_letters_in_order_along_the_solution_decoys_off_it(
    shape: tuple[str, dict[str, Any]], size: int, seed: int, word: str
) -> None:
    name, options = shape
    height = 3 if name == "circle" else size
    maze = generate("backtracker", size, height, seed=seed, shape=name, **options)
    rng = random.Random(seed)
    if len(word) > capacity(maze):
        with pytest.raises(ValueError, match="longer than"):
            lay_trail(maze, word, rng)
        return
    trail = lay_trail(maze, word, rng)
    path = maze.solution_cells
    indices = [path.index(c) for c in trail.cells]
    assert indices == sorted(indices) and len(set(indices)) == len(word)
    assert trail.word == word
    decoy_cells = [c for c, _ in trail.decoys]
    assert len(decoy_cells) == len(set(decoy_cells)) >= len(word)
    assert not set(decoy_cells) & set(path)
    assert all(letter in word for _, letter in trail.decoys)


# --- read back from the PDF ----------------------------------------------------------------
SHEET = """kind = "worksheet"
title = "Word trails"
[[section]]
puzzle = "word-trail"
words = {words}
count = {count}
difficulty = {difficulty}
"""


def _letters_on(pdf: Path, page: int) -> list[tuple[str, float, float, float]]:
    """(letter, x, y, size) of every one-letter text the page draws."""
    found: list[tuple[str, float, float, float]] = []

    def visit(text: str, cm: Any, tm: Any, _font: Any, size: float) -> None:
        if len(text.strip()) == 1 and text.strip().isalpha():
            found.append((text.strip(), tm[4] + cm[4], tm[5] + cm[5], size))

    PdfReader(str(pdf)).pages[page - 1].extract_text(visitor_text=visit)
    return found


def _read_trail(pdf: Path, template: Path, puzzle: dict[str, Any]) -> tuple[str, int, int]:
    """(letters found on the solution's cells in order, letters on other cells, letters seen)."""
    maze = generate(
        puzzle["algorithm"], puzzle["width"], puzzle["height"], seed=puzzle["seed"],
        **puzzle["options"],
    )  # fmt: skip
    setup = prepare_worksheet(parse_template(template.read_bytes(), name=template.stem))
    slot = setup.slots(setup.layout.frame(puzzle["page"]))[(puzzle["number"] - 1) % 4]
    box = maze_box(slot, labels=True, side_room=setup.side_room, word_size=setup.word_size)
    geom = maze_geometry(maze)
    fit = fit_maze(geom.width, geom.height, box.width, box.height)
    left, top, s = box.x + fit.x, box.y + box.height - fit.y, fit.scale
    letters = _letters_on(pdf, puzzle["page"])

    def letter_at(cell: int) -> str:
        x, y = maze.grid.xy(cell)
        cx, cy = left + (x + 0.5) * s, top - (y + 0.5) * s
        near = [
            ch
            for ch, px, py, size in letters
            if abs(px + 0.3 * size - cx) < 0.45 * s and abs(py + 0.36 * size - cy) < 0.45 * s
        ]
        return "".join(near)

    on_path = "".join(letter_at(c) for c in maze.solution_cells)
    others = sum(len(letter_at(c)) for c in range(maze.size) if c not in maze.solution_cells)
    return on_path, others, len(letters)


@pytest.fixture(scope="module")
def trail_sheet(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("trail")
    template = folder / "trail.toml"
    words = json.dumps(["CAT", "LION", "ZEBRA", "WOLF"])
    template.write_text(SHEET.format(words=words, count=4, difficulty="[1, 4]"), "utf-8")
    pdf = folder / "trail.pdf"
    build_book(str(template), output=pdf)
    return template, pdf, json.loads(pdf.with_suffix(".json").read_text("utf-8"))


def test_the_word_reads_back_along_the_solution(
    trail_sheet: tuple[Path, Path, dict[str, Any]],
) -> None:
    template, pdf, data = trail_sheet
    assert [p["trail"]["word"] for p in data["puzzles"]] == ["CAT", "LION", "ZEBRA", "WOLF"]
    for puzzle in data["puzzles"]:
        assert puzzle["kind"] == "word-trail"
        on_path, others, _ = _read_trail(pdf, template, puzzle)
        word = puzzle["trail"]["word"]
        assert on_path == word  # in order from START, and no decoy on the solution
        assert others >= len(word)  # at least as many decoys, all off the solution
        assert len(puzzle["decoys"]) >= len(word)
        assert all(len(d) == 3 and d[2] in word for d in puzzle["decoys"])


def test_the_answer_key_draws_the_same_letters_and_prints_the_word(
    trail_sheet: tuple[Path, Path, dict[str, Any]],
) -> None:
    template, pdf, data = trail_sheet
    key = pdf.with_name("trail-answers.pdf")
    text = PdfReader(str(key)).pages[0].extract_text() or ""
    for puzzle in data["puzzles"]:
        on_path, _, _ = _read_trail(key, template, puzzle)
        assert on_path == puzzle["trail"]["word"]
        assert puzzle["trail"]["word"] in text
    for path in (pdf, key):
        assert preflight(path, loose=True).ok


def test_word_trails_on_other_shapes(tmp_path: Path) -> None:
    template = tmp_path / "shapes.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Shapes"\n'
        '[[section]]\npuzzle = "word-trail"\nwords = ["SUN"]\nshape = "circle"\ncount = 1\n'
        'difficulty = 4\n[[section]]\npuzzle = "word-trail"\nwords = ["ÉTÉ"]\nshape = "hex"\n'
        'count = 1\ndifficulty = 4\n[[section]]\npuzzle = "word-trail"\nwords = ["LOVE"]\n'
        'shape = "mask"\nmask = "heart"\ncount = 1\ndifficulty = 4\n',
        "utf-8",
    )
    result = build_book(str(template), output=tmp_path / "s.pdf")
    data = json.loads(result.manifest.read_text("utf-8"))
    for puzzle in data["puzzles"]:
        maze = generate(
            puzzle["algorithm"], puzzle["width"], puzzle["height"], seed=puzzle["seed"],
            **puzzle["options"],
        )  # fmt: skip
        cells = [c[0] for c in puzzle["trail"]["cells"]]  # cell numbers off the rectangle
        path = list(maze.solution_cells)
        assert [path.index(c) for c in cells] == sorted(path.index(c) for c in cells)
        assert not {d[0] for d in puzzle["decoys"]} & set(path)
    letters = _letters_on(result.pdf, 1)
    assert sorted(ch for ch, *_ in letters) == sorted(
        ch
        for p in data["puzzles"]
        for ch in p["trail"]["word"] + "".join(d[1] for d in p["decoys"])
    )


def test_a_book_and_a_class_set_of_word_trails(tmp_path: Path) -> None:
    book = tmp_path / "book.toml"
    book.write_text(
        'title = "Trails"\n[[section]]\npuzzle = "word-trail"\nwords = ["OWL", "FOX"]\n'
        "count = 2\ndifficulty = 3\n",
        "utf-8",
    )
    with pytest.warns(PrintWarning):
        result = build_book(str(book), output=tmp_path / "book.pdf")
    data = json.loads(result.manifest.read_text("utf-8"))
    reader = PdfReader(str(result.pdf))
    for puzzle in data["puzzles"]:
        answers = reader.pages[puzzle["answer_page"] - 1].extract_text() or ""
        assert puzzle["trail"]["word"] in answers
    sheet = tmp_path / "class.toml"
    sheet.write_text(
        'kind = "worksheet"\ntitle = "T"\nnames = ["Ada", "Zoë", "Łukasz"]\n[[section]]\n'
        'puzzle = "word-trail"\nwords = ["OWL", "FOX"]\ncount = 2\ndifficulty = 3\n',
        "utf-8",
    )
    result = build_book(str(sheet), output=tmp_path / "class.pdf")
    puzzles = json.loads(result.manifest.read_text("utf-8"))["puzzles"]
    assert [p["trail"]["word"] for p in puzzles] == ["OWL", "FOX"] * 3
    assert len({(p["algorithm"], p["seed"]) for p in puzzles}) == len(puzzles)


# --- bad input ------------------------------------------------------------------------------
def test_a_word_too_long_names_it_and_the_longest_that_fits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "long.toml"
    words = json.dumps(["ABCDEFGHIJKLMNOPQRSTUVWXYZ"])
    template.write_text(SHEET.format(words=words, count=1, difficulty=1), "utf-8")
    assert main(["build", str(template), "-o", str(tmp_path / "o.pdf")]) == 2
    err = capsys.readouterr().err
    assert "'ABCDEFGHIJKLMNOPQRSTUVWXYZ'" in err and "the longest that fits is" in err
    assert err.count("\n") == 1 and not (tmp_path / "o.pdf").exists()


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ('puzzle = "word-trail"', "needs its words"),
        ('words = ["CAT"]', 'add puzzle = "word-trail"'),
        ('puzzle = "word-trail"\nwords = ["CAT1"]', "not a letter"),
        ('puzzle = "word-trail"\nwords = ["TWO WORDS"]', "not a letter"),
        ('puzzle = "word-trail"\nwords = []', "it is empty"),
        ('puzzle = "number-path"\nwords = ["CAT"]', 'add puzzle = "word-trail"'),
    ],
)
def test_bad_word_trail_keys(section: str, message: str) -> None:
    text = f'kind = "worksheet"\ntitle = "T"\n[[section]]\n{section}\n'
    with pytest.raises(TemplateError, match=message):
        check_sections(parse_template(text, source="t.toml"))


def _letter_sizes(pdf: Path) -> list[float]:
    """The printed size (points, on the page) of every one-letter text on every page."""
    sizes: list[float] = []
    for page in PdfReader(pdf).pages:

        def visit(text: str, cm: list[float], tm: list[float], _font: Any, size: float) -> None:
            if len(text.strip()) == 1 and text.strip().isalpha():
                scale = (tm[0] ** 2 + tm[1] ** 2) ** 0.5 * (cm[0] ** 2 + cm[1] ** 2) ** 0.5
                sizes.append(size * scale)

        page.extract_text(visitor_text=visit)
    return sizes


TRAIL_SECTION = """
[[section]]
count = {count}
difficulty = [1, {top}]
puzzle = "word-trail"
words = ["CAT", "HOUSE", "GARDEN", "ELEPHANT"]
shape = "{shape}"
fit = "cap"
"""


@pytest.mark.slow
@pytest.mark.parametrize("shape", ["rect", "hex", "circle", "triangle"])
def test_trail_letters_are_never_below_seven_points(tmp_path: Path, shape: str) -> None:
    """On puzzles and answer keys alike (a book's small answers, a class set's shared key),
    a trail's letters read from the PDF are at least 7 pt (KDP's least text size): the letters
    are the puzzle, and the book passes its printer's preflight."""
    book = tmp_path / "book.toml"
    book.write_text(
        'title = "T"\npage_size = "6x9in"\nprinter = "kdp"\ncover = false\n'
        "puzzles_per_page = 2\n" + TRAIL_SECTION.format(count=4, top=10, shape=shape)
    )
    sheets = tmp_path / "class.toml"
    sheets.write_text(
        'title = "T"\nkind = "worksheet"\npuzzles_per_page = 6\n'
        'names = ["Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal"]\n'
        + TRAIL_SECTION.format(count=6, top=6, shape=shape)
    )
    with padded():
        made = build_book(str(book), output=tmp_path / "book.pdf")
    key = build_book(str(sheets), output=tmp_path / "class.pdf")
    for pdf in (made.pdf, key.pdf, key.answers):
        assert pdf is not None
        sizes = _letter_sizes(pdf)
        assert sizes and min(sizes) >= 7.0 - 1e-6, (pdf.name, min(sizes))
    report = preflight(made.pdf, printer="kdp")
    assert report.ok, report.failed()


@pytest.mark.parametrize("kind", ["worksheet", "book", "class set"])
def test_svgs_carry_the_trail_letters(tmp_path: Path, kind: str) -> None:
    """--svg-dir's SVGs show a word trail's letters as the PDF does: every letter of the word
    and every decoy in the puzzle; on the solution the word's letters on white discs and the
    decoys grey. Read back from the SVG files and compared with the manifest."""
    template = tmp_path / "t.toml"
    template.write_text(
        f'title = "T"\n{PRODUCT_HEADS[kind]}[[section]]\ncount = 2\ndifficulty = 3\n'
        'puzzle = "word-trail"\nwords = ["GARDEN", "HOUSE"]\n'
    )
    result = build_book(str(template), output=tmp_path / "t.pdf", svg_dir=tmp_path / "svg")
    for entry in json.loads(result.manifest.read_text())["puzzles"]:
        word = entry["trail"]["word"]
        expected = sorted(word + "".join(d[2] for d in entry["decoys"]))
        name = f"{entry['number']:03d}.svg"
        for show in ("puzzle", "solution"):
            group = svg_group(tmp_path / "svg" / f"{show}-{name}", "letters")
            texts = group.findall("s:text", SVG_NS)
            assert sorted(t.text or "" for t in texts) == expected
            discs = group.findall("s:circle", SVG_NS)
            grey = [t for t in texts if t.get("fill")]
            if show == "puzzle":
                assert not discs and not grey  # on the sheet all letters look alike
            else:
                assert len(discs) == len(word) and len(grey) == len(entry["decoys"])


def test_a_given_answers_per_page_too_many_for_trail_letters_is_refused(tmp_path: Path) -> None:
    """answers_per_page given by the template is kept, unless it leaves a word trail's answer
    cells too small for their letters: then one line names the key and the section."""
    body = (
        '[[section]]\ncount = 9\ndifficulty = 10\npuzzle = "word-trail"\n'
        'words = ["GARDEN", "HOUSE", "ELEPHANT"]\nfit = "cap"\n'
    )
    head = 'title = "T"\npage_size = "5.83x8.27in"\nprinter = "home"\nmin_cell = "2.5mm"\n'
    crowded = tmp_path / "crowded.toml"
    crowded.write_text(head + "answers_per_page = 9\n" + body)
    with pytest.raises(TemplateError, match="too small for their letters") as caught:
        build_book(str(crowded), output=tmp_path / "c.pdf")
    assert caught.value.key == "answers_per_page" and caught.value.section == 1
    roomy = tmp_path / "roomy.toml"
    roomy.write_text(head + "answers_per_page = 1\n" + body)
    pdf = build_book(str(roomy), output=tmp_path / "r.pdf").pdf
    assert min(_letter_sizes(pdf)) >= 7.0 - 1e-6
