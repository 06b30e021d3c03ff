"""Number paths: exactly one counting path (found by the test's own search), tempting decoys,
levels by effort, worksheets with them, and bad input."""

from __future__ import annotations

import itertools
import json
import statistics
from collections.abc import Sequence
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.core.numberpath import LEVEL_TABLE, make_number_path
from mazebook.errors import TemplateError
from mazebook.kinds import check_sections
from mazebook.preflight import preflight
from mazebook.printing.rules import PrintWarning
from mazebook.template.load import parse_template

from .svgread import PRODUCT_HEADS, SVG_NS, svg_group

Grid = Sequence[Sequence[int]]


def every_counting_path(
    grid: Grid, step: int, start: tuple[int, int]
) -> list[list[tuple[int, int]]]:
    """Every orthogonal path from ``start`` (holding step) through step, 2*step, ... to a cell
    where it can go no further, by plain depth-first search (independent of the generator)."""
    width, height = len(grid[0]), len(grid)
    found: list[list[tuple[int, int]]] = []

    def walk(path: list[tuple[int, int]]) -> None:
        x, y = path[-1]
        want = grid[y][x] + step
        nexts = [
            (a, b)
            for a, b in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))
            if 0 <= a < width and 0 <= b < height and grid[b][a] == want
        ]
        found.append(list(path))
        for cell in nexts:
            walk([*path, cell])

    if grid[start[1]][start[0]] == step:
        walk([start])
    return found


def paths_to(grid: Grid, step: int, start: tuple[int, int], finish: tuple[int, int]) -> list[Any]:
    return [p for p in every_counting_path(grid, step, start) if p[-1] == finish]


def _is_sequence(value: int, step: int, top: int) -> bool:
    return value % step == 0 and 0 < value <= top


@settings(max_examples=80, deadline=None)
@given(level=st.integers(1, 10), step=st.integers(1, 12), seed=st.integers(0, 2**40))
def test_exactly_one_counting_path_and_a_quarter_decoys(level: int, step: int, seed: int) -> None:
    shape = LEVEL_TABLE[level]
    puzzle = make_number_path(shape.columns, shape.rows, step, seed=seed, shape=shape, level=level)
    grid, path = puzzle.grid, list(puzzle.path)
    assert paths_to(grid, step, puzzle.start, puzzle.finish) == [path]
    assert [grid[y][x] for x, y in path] == [step * (i + 1) for i in range(len(path))]
    assert len(set(path)) == len(path)
    assert all(abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1 for a, b in itertools.pairwise(path))
    top = len(path) * step
    others = [
        grid[y][x]
        for y in range(puzzle.height)
        for x in range(puzzle.width)
        if (x, y) not in set(path)
    ]
    decoys = sum(_is_sequence(v, step, top) for v in others)
    assert decoys * 4 >= len(others) and decoys == puzzle.decoys()
    assert all(v > 0 for v in others)


@pytest.mark.parametrize("level", [3, 6, 9])
def test_wrong_turns_look_right_for_a_while(level: int) -> None:
    """Off-path neighbours that count on exist, and some go on counting for two cells or more."""
    shape = LEVEL_TABLE[level]
    longest = []
    for seed in range(8):
        puzzle = make_number_path(shape.columns, shape.rows, 2, seed=seed, shape=shape, level=level)
        grid, on_path = puzzle.grid, set(puzzle.path)
        runs = [
            len(p) - p.index(next(c for c in p if c not in on_path))
            for p in every_counting_path(grid, 2, puzzle.start)
            if any(c not in on_path for c in p)
        ]
        longest.append(max(runs, default=0))
    assert min(longest) >= 1 and statistics.median(longest) >= 2


def test_effort_rises_with_the_level() -> None:
    medians = []
    for level, shape in LEVEL_TABLE.items():
        efforts = [
            make_number_path(shape.columns, shape.rows, 5, seed=s, shape=shape, level=level).effort
            for s in range(7)
        ]
        medians.append(statistics.median(efforts))
    assert medians == sorted(medians) and len(set(medians)) == len(medians)


def test_the_same_seed_the_same_grid() -> None:
    shape = LEVEL_TABLE[4]
    a = make_number_path(6, 7, 4, seed=99, shape=shape, level=4)
    b = make_number_path(6, 7, 4, seed=99, shape=shape, level=4)
    c = make_number_path(6, 7, 4, seed=100, shape=shape, level=4)
    assert a == b and a.grid != c.grid


# --- on a worksheet ------------------------------------------------------------------------
SHEET = """kind = "worksheet"
title = "Count on"
instruction = "Count from START to FINISH."
[[section]]
puzzle = "number-path"
step = {step}
count = {count}
difficulty = {difficulty}
"""


def _sheet(tmp_path: Path, step: int = 3, count: int = 4, difficulty: str = "[1, 5]") -> Path:
    template = tmp_path / "np.toml"
    template.write_text(SHEET.format(step=step, count=count, difficulty=difficulty), "utf-8")
    return template


def test_a_worksheet_of_number_paths(tmp_path: Path) -> None:
    result = build_book(str(_sheet(tmp_path)), output=tmp_path / "out" / "np.pdf")
    data = json.loads(result.manifest.read_text("utf-8"))
    assert result.answers is not None
    texts = [page.extract_text() or "" for page in PdfReader(str(result.pdf)).pages]
    for puzzle in data["puzzles"]:
        assert puzzle["kind"] == "number-path" and puzzle["step"] == 3
        grid, path = puzzle["grid"], [tuple(c) for c in puzzle["path"]]
        assert len(grid) == puzzle["height"] and all(len(r) == puzzle["width"] for r in grid)
        assert paths_to(grid, 3, path[0], path[-1]) == [list(path)]
        page = texts[puzzle["page"] - 1]
        assert all(str(v) in page for row in grid for v in row)
    assert [p["requested_level"] for p in data["puzzles"]] == [1, 2, 4, 5]
    efforts = [p["effort"] for p in data["puzzles"]]
    assert efforts == sorted(efforts)
    for path in (result.pdf, result.answers):
        report = preflight(path, loose=True)
        assert report.ok, report.lines()


def test_number_paths_and_mazes_share_a_sheet(tmp_path: Path) -> None:
    template = tmp_path / "mixed.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Both"\n[[section]]\ncount = 2\n'
        '[[section]]\npuzzle = "number-path"\nstep = 2\ncount = 2\n',
        "utf-8",
    )
    result = build_book(str(template), output=tmp_path / "mixed.pdf")
    data = json.loads(result.manifest.read_text("utf-8"))
    assert [p.get("kind", "maze") for p in data["puzzles"]] == ["maze"] * 2 + ["number-path"] * 2
    assert "algorithm" in data["puzzles"][0] and "grid" in data["puzzles"][3]


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ('puzzle = "number-path"\nstep = 0', "0 is not allowed"),
        ('puzzle = "number-path"\nstep = 13', "13 is not allowed"),
        ("step = 2", 'add puzzle = "number-path"'),
        ('puzzle = "number-path"\nshape = "circle"', "shapes mazes"),
        ('puzzle = "number-path"\ngenerators = ["prim"]', "shapes mazes"),
        ('puzzle = "number-line"', "not a kind of puzzle.*did you mean .number-path."),
    ],
)
def test_bad_number_path_keys(section: str, message: str) -> None:
    text = f'kind = "worksheet"\ntitle = "T"\n[[section]]\n{section}\n'
    with pytest.raises(TemplateError, match=message):
        check_sections(parse_template(text, source="t.toml"))


def test_bad_step_from_the_command_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    template = _sheet(tmp_path, step=0)
    assert main(["build", str(template), "-o", str(tmp_path / "o.pdf")]) == 2
    err = capsys.readouterr().err
    assert 'key "step"' in err and err.count("\n") == 1
    assert not (tmp_path / "o.pdf").exists()


def test_a_level_the_sheet_cannot_hold_names_the_highest_that_fits(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match="the highest level that fits is"):
        build_book(str(_sheet(tmp_path, difficulty="10")), output=tmp_path / "o.pdf")


def test_a_class_set_of_number_paths(tmp_path: Path) -> None:
    """Each pupil's own grids, none shared, one counting path each, efforts matched by slot."""
    names = [f"Pupil {i}" for i in range(12)]
    template = tmp_path / "t.toml"
    template.write_text(
        f'kind = "worksheet"\ntitle = "T"\nnames = {json.dumps(names)}\n[[section]]\n'
        'puzzle = "number-path"\nstep = 4\ncount = 2\ndifficulty = [2, 4]\n',
        "utf-8",
    )
    result = build_book(str(template), output=tmp_path / "o.pdf")
    data = json.loads(result.manifest.read_text("utf-8"))
    puzzles = data["puzzles"]
    assert [p["student"] for p in puzzles] == [n for n in names for _ in range(2)]
    grids = [json.dumps(p["grid"]) for p in puzzles]
    assert len(set(grids)) == len(grids)
    for slot in (1, 2):
        efforts = [p["effort"] for p in puzzles if p["slot"] == slot]
        median = statistics.median(efforts)
        assert all(abs(e - median) <= 0.1 * median for e in efforts)
    for puzzle in puzzles:
        path = [tuple(c) for c in puzzle["path"]]
        assert paths_to(puzzle["grid"], 4, path[0], path[-1]) == [list(path)]
    assert result.answers is not None
    for path in (result.pdf, result.answers):
        assert preflight(path, loose=True).ok


def test_a_book_with_number_paths(tmp_path: Path) -> None:
    template = tmp_path / "book.toml"
    template.write_text(
        'title = "Count on"\n[[section]]\ncount = 1\ndifficulty = 2\n[[section]]\n'
        'name = "Count by 2"\npuzzle = "number-path"\nstep = 2\ncount = 3\n'
        "difficulty = [3, 8]\n",
        "utf-8",
    )
    with pytest.warns(PrintWarning, match="pages for notes"):  # 12 pages padded to kdp's 24
        result = build_book(str(template), output=tmp_path / "book.pdf")
    report = preflight(result.pdf)
    assert report.ok, report.lines()
    data = json.loads(result.manifest.read_text("utf-8"))
    reader = PdfReader(str(result.pdf))
    numbers = [p for p in data["puzzles"] if p.get("kind") == "number-path"]
    assert [p["requested_level"] for p in numbers] == [3, 6, 8]
    for puzzle in numbers:
        path = [tuple(c) for c in puzzle["path"]]
        assert paths_to(puzzle["grid"], 2, path[0], path[-1]) == [list(path)]
        page = reader.pages[puzzle["page"] - 1].extract_text() or ""
        assert f"Puzzle {puzzle['number']}" in page
        assert all(str(v) in page for row in puzzle["grid"] for v in row)
        answers = reader.pages[puzzle["answer_page"] - 1].extract_text() or ""
        assert f"Puzzle {puzzle['number']}" in answers


@pytest.mark.parametrize(
    ("kind", "language"), [("worksheet", "de"), ("book", "fr"), ("class set", "en")]
)
def test_svg_dir_draws_number_paths_in_the_books_words(
    tmp_path: Path, kind: str, language: str
) -> None:
    """--svg-dir has a puzzle and a solution SVG for every number path too: its numbers, read
    back from the SVG, are the manifest's grid row by row, its START and FINISH the book's own
    words; the solution has the grey band along the path and the path's numbers in bold."""
    from mazebook.template.texts import LANGUAGES

    template = tmp_path / "t.toml"
    template.write_text(
        f'title = "T"\nlanguage = "{language}"\n{PRODUCT_HEADS[kind]}'
        '[[section]]\ncount = 2\ndifficulty = 2\npuzzle = "number-path"\nstep = 3\n'
    )
    result = build_book(str(template), output=tmp_path / "t.pdf", svg_dir=tmp_path / "svg")
    words = [LANGUAGES[language]["start"], LANGUAGES[language]["finish"]]
    puzzles = json.loads(result.manifest.read_text())["puzzles"]
    assert puzzles and all(p["kind"] == "number-path" for p in puzzles)
    for entry in puzzles:
        grid = json.loads(entry["grid"]) if isinstance(entry["grid"], str) else entry["grid"]
        path = {tuple(c) for c in entry["path"]}
        for show in ("puzzle", "solution"):
            svg = tmp_path / "svg" / f"{show}-{entry['number']:03d}.svg"
            group = svg_group(svg, "numbers")
            texts = [t.text or "" for t in group.findall("s:text", SVG_NS)]
            assert [t for t in texts if t not in words] == [str(v) for row in grid for v in row]
            assert sorted(t for t in texts if t in words) == sorted(words)
            band = ElementTree.parse(svg).getroot().find(".//s:polyline[@id='solution']", SVG_NS)
            bold = [t for t in group.findall("s:text", SVG_NS) if t.get("font-weight") == "bold"]
            if show == "puzzle":
                assert band is None and len(bold) == 4  # START, FINISH: word and number
            else:
                assert band is not None and len(bold) == len(path) + 2
