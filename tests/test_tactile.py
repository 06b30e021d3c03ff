"""Tactile books (printer = "tactile", issue 36): every figure MEASURED from the built PDFs with
PDFium (tests/tactileread.py), not taken from the code's settings: braille dots, their
spacing in a cell, cells and lines apart (Marburg Medium / BANA), wall widths, corridors and
openings, the START and FINISH symbols, nothing but walls inside the maze on a puzzle page,
no solution there (a dashed one on the answers' page), black only; and every refusal one
line, exit 2, before any file is written."""

from __future__ import annotations

import itertools
import json
import math
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.errors import TemplateError
from mazebook.geometry import tactile as fig
from mazebook.pages.tactile import TactileSheet, label
from mazebook.preflight import preflight
from mazebook.printing.printers import PRINTERS
from mazebook.printing.tactile_doc import TOP_LEVELS
from mazebook.products.answer_key import answer_key_pdf
from mazebook.render.braille import DOT_PLACES
from mazebook.render.typeset import default_fonts
from mazebook.template.texts import LANGUAGES

from .fontmaker import tiny_font
from .tactileread import MM, Box, Page, Shape, gap, read_pages, union, wall_rects
from .test_braille import NUMBERS, PUBLISHED

#: The figures the issue asks for (Marburg Medium / BANA), millimetres.
DOT = (1.4, 1.6)
DOT_SPACING = (2.3, 2.5)
CELL_SPACING = (6.0, 6.4)
LINE_SPACING = 10.0
WALL = 1.0
CORRIDOR = 10.0
#: Clear space a tactile page keeps between raised things (BANA's 1/8 in).
CLEAR = 3.0 - 0.01


def _template(tmp: Path, body: str, *, name: str = "feel", head: str = "") -> Path:
    path = tmp / f"{name}.toml"
    path.write_text(f'title = "Feel the Way"\nprinter = "tactile"\n{head}\n{body}', "utf-8")
    return path


SECTION = '[[section]]\nname = "Warm-up"\ncount = 4\ndifficulty = [1, 4]\n'


@dataclass(frozen=True)
class Built:
    pdf: Path
    answers: Path
    manifest: dict[str, object]
    pages: list[Page]
    answer_pages: list[Page]
    language: str


def _build(tmp: Path, body: str = SECTION, head: str = "", name: str = "feel") -> Built:
    result = build_book(str(_template(tmp, body, head=head, name=name)), output=tmp / f"{name}.pdf")
    assert result.answers is not None
    manifest = json.loads(result.manifest.read_text("utf-8"))
    language = head.partition('language = "')[2].partition('"')[0] or "en"
    return Built(
        result.pdf,
        result.answers,
        manifest,
        read_pages(result.pdf),
        read_pages(result.answers),
        language,
    )


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Built:
    return _build(tmp_path_factory.mktemp("tactile"))


# --- what is on a page, found by its kind of ink -------------------------------------------


def dots(page: Page) -> list[Shape]:
    """Braille dots: filled curved shapes (circles), no stroke."""
    return [s for s in page.shapes if s.fill and not s.stroke and s.curved]


def symbols(page: Page) -> list[Shape]:
    """Filled polygons (the START and FINISH symbols)."""
    return [s for s in page.shapes if s.fill and not s.stroke and not s.curved]


def walls(page: Page) -> list[Shape]:
    return [s for s in page.shapes if s.stroke and not s.dashed]


def dashed(page: Page) -> list[Shape]:
    return [s for s in page.shapes if s.stroke and s.dashed]


def maze_area(page: Page) -> Box:
    """The maze's ink: every wall's rectangle together."""
    return union([r for w in walls(page) for r in wall_rects(w)])


def vertices(shape: Shape) -> list[tuple[float, float]]:
    """A polygon's corners (the closing point dropped)."""
    points = list(shape.subpaths[0])
    if len(points) > 1 and math.dist(points[0], points[-1]) < 1e-3:
        points.pop()
    return points


def braille_lines(page: Page) -> list[list[Shape]]:
    """The page's dots in lines, top line first: a line ends where the next dot is more than
    5 mm lower (dots of one line are at most 2 dot spacings apart, lines 10 mm)."""
    found = sorted(dots(page), key=lambda s: -s.centre[1])
    lines: list[list[Shape]] = []
    for dot in found:
        if lines and lines[-1][-1].centre[1] - dot.centre[1] <= 5 * MM:
            lines[-1].append(dot)
        else:
            lines.append([dot])
    return lines


@dataclass(frozen=True)
class Fit:
    """A braille line measured: the first cell's dot 1 (mm), the cells' pitch and the dots'
    spacing in a cell (mm), and the largest miss of any dot from that model (mm)."""

    x0: float
    y0: float
    cell: float
    dot: float
    miss: float


def in_columns(points: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Points left to right by columns (a column: x within 0.5 mm of the one before), each
    column top to bottom."""
    columns: list[list[tuple[float, float]]] = []
    for point in sorted(points):
        if columns and point[0] - columns[-1][-1][0] < 0.5:
            columns[-1].append(point)
        else:
            columns.append([point])
    return [p for column in columns for p in sorted(column, key=lambda p: -p[1])]


def fit_line(line: list[Shape], expected: str) -> Fit:
    """Fit the line's dot centres to the published braille ``expected`` (Unicode cells): dot
    n of cell i at (x0 + i * cell + column * dot, y0 - row * dot), by least squares. The
    measured dots must be exactly the expected ones, in the same places."""
    model = [
        (i, DOT_PLACES[d][0], DOT_PLACES[d][1])
        for i, ch in enumerate(expected)
        for d in range(1, 7)
        if (ord(ch) - 0x2800) >> (d - 1) & 1
    ]
    assert len(line) == len(model), f"{len(line)} dots for {expected!r}, which has {len(model)}"
    measured = in_columns([(d.centre[0] / MM, d.centre[1] / MM) for d in line])
    rows, values = [], []
    for (i, column, row), (x, y) in zip(sorted(model), measured, strict=True):
        rows.append([1.0, 0.0, i, column])
        values.append(x)
        rows.append([0.0, 1.0, 0.0, -row])
        values.append(y)
    a, b = np.array(rows), np.array(values)
    solution, *_ = np.linalg.lstsq(a, b, rcond=None)
    miss = float(np.abs(a @ solution - b).max())
    x0, y0, cell, dot = (float(v) for v in solution)
    return Fit(x0, y0, cell, dot, miss)


def line_beside(lines: list[list[Shape]], shape: Shape) -> list[Shape]:
    """The braille line level with ``shape`` (its dots' middle row within the shape's height),
    the nearest such line if there are several."""
    level = [
        line
        for line in lines
        if shape.box[1] <= sum(d.centre[1] for d in line) / len(line) <= shape.box[3]
    ]
    assert level, "no braille beside the symbol"
    return min(level, key=lambda line: min(math.dist(d.centre, shape.centre) for d in line))


def triangle_and_square(page: Page) -> tuple[Shape, Shape]:
    marks = symbols(page)
    assert sorted(len(vertices(s)) for s in marks) == [3, 4], "one triangle and one square"
    triangle = next(s for s in marks if len(vertices(s)) == 3)
    square = next(s for s in marks if len(vertices(s)) == 4)
    return triangle, square


def expected_lines(built: Built, number: int) -> dict[str, str]:
    words = LANGUAGES[built.language]
    return {
        "number": NUMBERS[(built.language, number)],
        "start": PUBLISHED[(built.language, words["start"])],
        "finish": PUBLISHED[(built.language, words["finish"])],
    }


def measured_lines(built: Built, page: Page) -> dict[str, Fit]:
    """The page's three braille lines fitted to their published braille: the puzzle's number
    (the top line), START's (beside the triangle) and FINISH's (beside the square)."""
    lines = braille_lines(page)
    assert len(lines) == 3, f"page {page.number}: {len(lines)} braille lines"
    triangle, square = triangle_and_square(page)
    expected = expected_lines(built, page.number)
    which = {
        "number": lines[0],
        "start": line_beside(lines, triangle),
        "finish": line_beside(lines, square),
    }
    assert len({id(line) for line in which.values()}) == 3
    return {key: fit_line(line, expected[key]) for key, line in which.items()}


# --- braille --------------------------------------------------------------------------------


def test_braille_dots_cells_and_lines_are_marburg_medium(book: Built) -> None:
    """Each dot a filled circle 1.4-1.6 mm across, dots 2.3-2.5 mm apart in a cell, cells
    6.0-6.4 mm apart, lines at least 10 mm apart: measured on every page of both files, and
    every line reads as its published braille."""
    seen = []
    for page in book.pages + book.answer_pages:
        for dot in dots(page):
            width, height = (side / MM for side in dot.size)
            assert DOT[0] <= width <= DOT[1] and DOT[0] <= height <= DOT[1], (width, height)
        fits = measured_lines(book, page)
        for line in braille_lines(page):  # the nearest two dots: a cell's spacing
            if len(line) > 1:
                nearest = min(
                    math.dist(a.centre, b.centre) for a, b in itertools.combinations(line, 2)
                )
                assert DOT_SPACING[0] <= nearest / MM <= DOT_SPACING[1]
        for fit in fits.values():
            assert fit.miss < 0.02
            assert DOT_SPACING[0] <= fit.dot <= DOT_SPACING[1]
            assert CELL_SPACING[0] <= fit.cell <= CELL_SPACING[1]
            seen.append((fit.dot, fit.cell))
        tops = sorted(fit.y0 for fit in fits.values())
        assert min(b - a for a, b in itertools.pairwise(tops)) >= LINE_SPACING
    assert len(seen) == 3 * 2 * 4


# --- walls and corridors ---------------------------------------------------------------------


def corridors(page: Page) -> float:
    """The narrowest clear space (mm) between two walls that do not touch: a corridor, a
    doorway between two walls in line, or an opening."""
    rects = [r for w in walls(page) for r in wall_rects(w)]
    widest = 0.0
    narrowest = math.inf
    for a, b in itertools.combinations(rects, 2):
        clear = gap(a, b)
        if clear > 0.01:
            narrowest = min(narrowest, clear)
        widest = max(widest, clear)
    assert widest > 0, "walls that never part"
    return narrowest / MM


def test_walls_are_wide_and_corridors_at_least_10_mm(book: Built) -> None:
    for page in book.pages + book.answer_pages:
        for wall in walls(page):
            assert wall.width / MM >= WALL, f"page {page.number}: a wall {wall.width / MM} mm"
        assert corridors(page) >= CORRIDOR


def _opening(page: Page, top: bool) -> tuple[float, float]:
    """The x-interval of the gap in the maze's top (or bottom) wall."""
    area = maze_area(page)
    edge = area[3] if top else area[1]
    rects = [r for w in walls(page) for r in wall_rects(w)]
    on_edge = sorted((r[0], r[2]) for r in rects if abs((r[3] if top else r[1]) - edge) < 0.01)
    covered = []
    for a0, a1 in on_edge:
        if covered and a0 <= covered[-1][1] + 0.01:
            covered[-1] = (covered[-1][0], max(covered[-1][1], a1))
        else:
            covered.append((a0, a1))
    holes = [(a[1], b[0]) for a, b in itertools.pairwise(covered)]
    assert len(holes) == 1, holes
    return holes[0]


def test_start_and_finish_are_a_triangle_and_a_square_at_the_openings(book: Built) -> None:
    """A filled triangle over the opening in the top wall, a filled square under the one in the
    bottom wall, each large enough to feel and at least 3 mm clear of the walls."""
    for page in book.pages + book.answer_pages:
        triangle, square = triangle_and_square(page)
        area = maze_area(page)
        assert min(triangle.size) / MM >= 8 and min(square.size) / MM >= 7.5
        start, finish = _opening(page, top=True), _opening(page, top=False)
        assert (finish[1] - finish[0]) / MM >= CORRIDOR and (start[1] - start[0]) / MM >= CORRIDOR
        assert start[0] < triangle.centre[0] < start[1]
        assert finish[0] < square.centre[0] < finish[1]
        assert (triangle.box[1] - area[3]) / MM >= CLEAR  # above the top wall
        assert (area[1] - square.box[3]) / MM >= CLEAR  # below the bottom wall
        # the triangle points down, into the maze
        lowest = min(vertices(triangle), key=lambda p: p[1])
        assert abs(lowest[0] - triangle.centre[0]) < 0.01


# --- nothing inside the maze, no solution on a puzzle page -----------------------------------


def test_nothing_but_walls_inside_the_maze_on_puzzle_pages(book: Built) -> None:
    """Every text and every raised mark lies outside the maze's walls (raised ones at least
    3 mm clear of them); inside there are walls and nothing else."""
    for page in book.pages:
        area = maze_area(page)
        assert dashed(page) == []
        for shape in dots(page) + symbols(page):
            assert gap(shape.box, area) / MM >= CLEAR
        for text in page.texts:
            assert gap(text.box, area) > 0, (page.number, text.text)
        walled = [r for w in walls(page) for r in wall_rects(w)]
        assert all(r[0] >= area[0] and r[2] <= area[2] for r in walled)


def test_no_solution_on_a_puzzle_page_and_a_dashed_one_in_the_answers(book: Built) -> None:
    """On a puzzle page every stroke runs along the cells' edges (a way through would run down
    their middles); the answers' page has the same walls and one dashed line from opening to
    opening down the middles of the cells."""
    records = book.manifest["puzzles"]
    assert isinstance(records, list)
    for page, answer, record in zip(book.pages, book.answer_pages, records, strict=True):
        columns, rows = record["width"], record["height"]
        wall = walls(page)[0].width
        left, bottom, right, top = maze_area(page)
        x0, y1 = left + wall / 2, top - wall / 2  # the top-left wall's centre line
        cell = (right - left - wall) / columns
        assert (top - bottom - wall) / rows == pytest.approx(cell, abs=1e-3)
        for shape in page.shapes:
            if shape.stroke:
                for x, y in itertools.chain.from_iterable(shape.subpaths):
                    assert abs((x - x0) / cell - round((x - x0) / cell)) < 1e-3
                    assert abs((y1 - y) / cell - round((y1 - y) / cell)) < 1e-3
        assert sorted(wall_rects(walls(page)[0])) == sorted(wall_rects(walls(answer)[0]))
        (path,) = dashed(answer)
        assert path.width / MM >= WALL and path.stroke_rgba == (0, 0, 0, 255)
        points = list(path.subpaths[0])
        start, finish = _opening(page, True), _opening(page, False)
        assert points[0][1] == pytest.approx(y1, abs=1e-3) and start[0] < points[0][0] < start[1]
        assert points[-1][1] == pytest.approx(y1 - rows * cell, abs=1e-3)
        assert finish[0] < points[-1][0] < finish[1]
        for x, y in points[1:-1]:  # every turn in the middle of a cell
            assert abs((x - x0) / cell % 1 - 0.5) < 1e-3 and abs((y1 - y) / cell % 1 - 0.5) < 1e-3


# --- black only, print words for the sighted helper -----------------------------------------


def test_black_only_and_nothing_else_prints(book: Built) -> None:
    """Swell paper raises black: every fill, stroke and text is pure black at full opacity,
    no image, shading or form, and no background (nothing larger than the maze)."""
    for page in book.pages + book.answer_pages:
        assert page.others == 0
        area = maze_area(page)
        for shape in page.shapes:
            if shape.fill:
                assert shape.fill_rgba == (0, 0, 0, 255)
                assert shape.size[0] < 12 * MM and shape.size[1] < 12 * MM  # dots and symbols
            if shape.stroke:
                assert shape.stroke_rgba == (0, 0, 0, 255)
                for x, y in itertools.chain.from_iterable(shape.subpaths):
                    assert area[0] < x < area[2] and area[1] < y < area[3]
        for text in page.texts:
            assert text.rgba == (0, 0, 0, 255)


def test_print_words_beside_their_braille_and_a_heading_above(book: Built) -> None:
    """START and FINISH in print for the sighted helper, each level with its braille and past
    its end (START's to the right, FINISH's to the left), outside the maze; a print heading
    naming the puzzle at the top."""
    for page in book.pages:
        lines = braille_lines(page)
        triangle, square = triangle_and_square(page)
        for word, mark, after in (("START", triangle, True), ("FINISH", square, False)):
            line = union([d.box for d in line_beside(lines, mark)])
            (text,) = [t for t in page.texts if t.text.strip() == word]
            middle = (text.box[1] + text.box[3]) / 2
            assert line[1] <= middle <= line[3]
            clear = text.box[0] - line[2] if after else line[0] - text.box[2]
            assert 3 * MM <= clear <= 15 * MM
            assert gap(text.box, maze_area(page)) > 0
        heading = [t for t in page.texts if f"Puzzle {page.number}" in t.text]
        assert heading and all(t.box[1] > maze_area(page)[3] for t in heading)
    for page in book.answer_pages:
        assert any("Answer key" in t.text for t in page.texts)


# --- the files ------------------------------------------------------------------------------


def test_answers_are_a_file_of_their_own_listed_in_the_manifest(book: Built) -> None:
    data = book.manifest
    assert data["answers_file"] == "feel-answers.pdf" == book.answers.name
    files = data["files"]
    assert isinstance(files, dict) and set(files) == {"feel.pdf", "feel-answers.pdf"}
    assert data["printer"] == "tactile" and data["cover"] is None
    assert len(book.pages) == len(book.answer_pages) == data["page_count"] == 4
    records = data["puzzles"]
    assert isinstance(records, list)
    for page, record in zip(book.pages, records, strict=True):  # its box is the maze as printed
        assert record["box"] == pytest.approx(list(maze_area(page)), abs=0.01)
        assert record["entrance"] == [0, 0] and record["exit"] == [
            record["width"] - 1,
            record["height"] - 1,
        ]
    # the web app's answer key of a tactile book is that file, not pages cut from the puzzles
    answers = answer_key_pdf(book.pdf, book.pdf.with_suffix(".json"))
    assert answers == book.answers.read_bytes()


def test_both_files_pass_preflight_for_swell_paper(book: Built) -> None:
    for path in (book.pdf, book.answers):
        report = preflight(path, printer="tactile")
        assert report.ok, report.failed()


def test_the_same_template_gives_the_same_bytes(tmp_path: Path) -> None:
    (tmp_path / "a").mkdir()
    (tmp_path / "b").mkdir()
    first, second = _build(tmp_path / "a"), _build(tmp_path / "b")
    for a, b in ((first.pdf, second.pdf), (first.answers, second.answers)):
        assert a.read_bytes() == b.read_bytes()
    assert first.manifest == second.manifest


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_language_embosses_its_published_braille(tmp_path: Path, language: str) -> None:
    """START, FINISH and the puzzle's number in each shipped language's braille, on an A4
    page at the highest level it holds: measured as above."""
    built = _build(
        tmp_path,
        f"[[section]]\ncount = 2\ndifficulty = {TOP_LEVELS['a4']}\n",
        head=f'language = "{language}"\npage_size = "a4"',
    )
    words = LANGUAGES[language]
    for page in built.pages + built.answer_pages:
        fits = measured_lines(built, page)
        assert all(fit.miss < 0.02 for fit in fits.values())
        shown = {t.text.strip() for t in page.texts}
        assert {words["start"], words["finish"]} <= shown
        assert corridors(page) >= CORRIDOR


# --- refusals -------------------------------------------------------------------------------


REFUSALS = [
    ('shape = "circle"', 'key "shape"', "rectangular mazes only"),
    ('shape = "hex"', 'key "shape"', "rectangular mazes only"),
    ('shape = "triangle"', 'key "shape"', "rectangular mazes only"),
    ('shape = "mask"\ntext = "A"', 'key "shape"', "rectangular mazes only"),
    ("weave = 0.3", 'key "weave"', "bridge"),
    ('puzzle = "number-path"', 'key "puzzle"', "not 'number-path' puzzles (their marks"),
    ('puzzle = "word-trail"\nwords = ["CAT", "DOG"]', 'key "puzzle"', 'use puzzle = "maze"'),
    ('puzzle = "one-way"', 'key "puzzle"', "a finger can follow, not 'one-way'"),
    ('openings = "sides"', 'key "openings"', "corners"),
    ("difficulty = 5", 'key "difficulty"', "level 5 does not fit a tactile letter page"),
    ("difficulty = [2, 9]", 'key "difficulty"', "the highest level that fits is 4"),
]


@pytest.mark.parametrize(("line", "key", "words"), REFUSALS)
def test_what_a_tactile_page_cannot_show_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, key: str, words: str
) -> None:
    path = _template(tmp_path, f'[[section]]\nname = "S"\ncount = 2\n{line}\n')
    assert main(["build", str(path), "-o", str(tmp_path / "out.pdf"), "-q"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and key in err and words in err and "[[section]] 1 ('S')" in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["feel.toml"]


def test_a_larger_min_cell_is_kept_and_a_smaller_one_raised(tmp_path: Path) -> None:
    """min_cell = "25mm": every cell measured at least 25 mm; min_cell = "3mm" (a print
    book's): corridors still measured at least 10 mm."""
    (tmp_path / "big").mkdir()
    big = _build(tmp_path / "big", "[[section]]\ncount = 2\ndifficulty = 1\n", 'min_cell = "25mm"')
    for page in big.pages:
        assert corridors(page) >= 25 - 1.5 - 0.01
    small = _build(tmp_path, SECTION, 'min_cell = "3mm"')
    assert all(corridors(page) >= CORRIDOR for page in small.pages)


@pytest.mark.parametrize(
    ("head", "key", "words"),
    [
        ('paper = "cream"', 'key "paper"', "swell paper, which is white"),
        ('min_cell = "60mm"', 'key "min_cell"', "no tactile maze of 4x4 cells of 60 mm fits"),
        ('min_cell = "100in"', 'key "min_cell"', "a min_cell of 2540 mm leaves no room"),
        ('margin = "2in"', 'key "margin"', "use shorter words or a smaller margin"),
        ('margin = "0.25in"', 'key "margin"', "at least 0.5 in (12.7 mm) for printer 'tactile'"),
    ],
)
def test_what_the_page_cannot_hold_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], head: str, key: str, words: str
) -> None:
    path = _template(tmp_path, SECTION, head=head)
    assert main(["build", str(path), "-o", str(tmp_path / "o.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and key in err and words in err, err


@pytest.mark.parametrize("size", ["a5", "8.5x14in", "6x9in"])
def test_other_page_sizes_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], size: str
) -> None:
    path = tmp_path / "p.toml"
    path.write_text(f'title = "P"\npage_size = "{size}"\n{SECTION}', "utf-8")
    assert main(["build", str(path), "--printer", "tactile", "-o", str(tmp_path / "o.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'key "page_size"' in err
    assert "accepted: 8.5 x 11 in, 8.27 x 11.69 in" in err


def test_the_highest_level_named_is_the_highest_built(tmp_path: Path) -> None:
    """The refusal's "highest level that fits" on each page size builds, with its corridors
    measured at least 10 mm; one level more is refused naming it."""
    for size, top in TOP_LEVELS.items():  # as docs/printers.md says
        head = f'page_size = "{size}"'
        built = _build(tmp_path, f"[[section]]\ncount = 1\ndifficulty = {top}\n", head, size)
        assert corridors(built.pages[0]) >= CORRIDOR
        higher = _template(tmp_path, f"[[section]]\ncount = 1\ndifficulty = {top + 1}\n", head=head)
        with pytest.raises(TemplateError, match=rf"level {top + 1} does not fit .* is {top};"):
            build_book(str(higher), output=tmp_path / "x.pdf")


def test_fit_cap_makes_a_level_too_high_at_the_highest(tmp_path: Path) -> None:
    built = _build(tmp_path, '[[section]]\ncount = 1\ndifficulty = 8\nfit = "cap"\n')
    records = built.manifest["puzzles"]
    assert isinstance(records, list) and records[0]["requested_level"] == 8
    assert records[0]["level"] <= 4 and corridors(built.pages[0]) >= CORRIDOR


@pytest.mark.parametrize(
    ("flags", "words"),
    [
        (["--volumes", "2"], 'key "printer": a series (--volumes)'),
        (["--svg-dir", "svg"], "no SVG or PNG pictures"),
        (["--png-dir", "png"], "no SVG or PNG pictures"),
    ],
)
def test_series_and_pictures_are_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], flags: list[str], words: str
) -> None:
    path = _template(tmp_path, SECTION)
    args = ["build", str(path), "-o", str(tmp_path / "o.pdf"), "-q"]
    assert main(args + [str(tmp_path / f) if f in ("svg", "png") else f for f in flags]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and words in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["feel.toml"]


def test_a_start_word_the_braille_table_cannot_spell_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = _template(tmp_path, SECTION, head='[text]\nstart = "GO!"')
    assert main(["build", str(path), "-o", str(tmp_path / "o.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'key "text.start"' in err and "'!' has no cell" in err


def test_a_font_without_a_digit_a_heading_prints_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A font lacking "7" cannot print puzzle 7's heading: refused in one line before any
    file, as a print book refuses it, not built with a missing glyph on page 7."""
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456 89 ·"
    tiny_font(tmp_path / "no7.ttf", letters)
    path = _template(tmp_path, "[[section]]\ncount = 7\ndifficulty = 1\n", head='font = "no7.ttf"')
    assert main(["build", str(path), "-o", str(tmp_path / "o.pdf"), "-q"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "puzzle heading" in err and "'7'" in err, err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["feel.toml", "no7.ttf"]


def test_the_printer_table(tmp_path: Path) -> None:
    table = PRINTERS["tactile"]
    assert table.tactile and not table.bound and table.cover is None
    assert [(t.width, t.height) for t in table.trims] == [(8.5, 11), (8.27, 11.69)]
    assert table.min_line >= WALL * MM
    assert not any(PRINTERS[name].tactile for name in PRINTERS if name != "tactile")


# --- the layout, for every size of maze a page holds ---------------------------------------


@given(
    language=st.sampled_from(sorted(LANGUAGES)),
    a4=st.booleans(),
    margin=st.floats(12.7, 25.0),
    shape=st.tuples(st.floats(0, 1), st.floats(0, 1)),
)
def test_every_maze_a_page_holds_keeps_its_labels_clear(
    language: str, a4: bool, margin: float, shape: tuple[float, float]
) -> None:
    """Wherever a maze of any size goes, its symbols and braille stay on the page and clear
    of the maze and of each other, its cells give corridors of 10 mm or more, and the braille
    lines stay 10 mm apart."""
    fonts = default_fonts()
    words = LANGUAGES[language]
    sheet = TactileSheet(
        (210.0, 297.0) if a4 else (215.9, 279.4),
        margin,
        label(words["start"], language, fonts.bold),
        label(words["finish"], language, fonts.bold),
        fonts,
        language,
    )
    room = sheet.room()
    most = [int(side // fig.MIN_CELL_MM) for side in room]
    columns = 4 + round(shape[0] * (most[0] - 4))
    rows = 4 + round(shape[1] * (most[1] - 4))
    placed = sheet.place(columns, rows)
    assert placed.cell - fig.WALL_MM >= CORRIDOR
    left, top, right, bottom = placed.maze_area
    width, height = sheet.page
    assert left >= margin - 1e-6 and right <= width - margin + 1e-6 and bottom <= height - margin
    tri = placed.triangle
    sq = placed.square
    tri_box = (
        min(p[0] for p in tri),
        min(p[1] for p in tri),
        max(p[0] for p in tri),
        max(p[1] for p in tri),
    )
    sq_box = (sq[0][0], sq[0][1], sq[2][0], sq[2][1])
    assert tri_box[3] + CLEAR <= top and sq_box[1] - CLEAR >= bottom
    assert left < tri_box[0] and tri_box[2] < left + placed.cell  # over the first column
    assert right - placed.cell < sq_box[0] and sq_box[2] < right  # under the last column
    assert sq_box[3] <= height - margin + 1e-6
    start_end = placed.start_print[0] + sheet.start.print_width
    assert start_end <= width - margin + 1e-6 and placed.finish_print[0] >= margin - 1e-6
    assert placed.start_braille[1] - (margin + 0.75) >= LINE_SPACING
