"""Every START/FINISH word outside its maze, in line with its own mark, at one size a PDF,
read back from the built PDFs.

The words, marks and mazes are read from the PDF itself (tests/pdfmarks.py: PDFium's text and
path objects), the puzzles from the manifest, and nothing from the layout code: a word's box
must stay clear of the box of its maze's lines (walls, arcs, a number path's grid; every
Bezier control point of an arc counted), sit level with its own opening's arrow (or goal dot,
or number pointer), above or below it, or within 6 mm of it, and every word of a PDF must
have one size, on puzzle pages and answer keys, in books, worksheets and single mazes of every
shape and language. The words must also stay inside the page's safe area and clear of every
line (the page rendered without its text shows no ink inside a word's box), and a circle's
centre goal is named outside the maze, level with its dot.
"""

from __future__ import annotations

import json
import math
import re
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pypdfium2 as pdfium
import pytest

from mazebook import build_book, generate
from mazebook.app.cli import main
from mazebook.geometry.from_maze import maze_geometry
from mazebook.render.svg import to_svg
from tests.pdfmarks import MM, WordAtMark, ink_under_words, words_at_marks

from .padding import padded

#: The words of each language (mazebook/template/texts.py prints them; written out here).
WORDS = {
    "en": ("START", "FINISH"),
    "de": ("START", "ZIEL"),
    "fr": ("DÉPART", "ARRIVÉE"),
    "es": ("SALIDA", "LLEGADA"),
}
#: The safe area: this far inside the trim on every side (points; KDP's 0.25 in).
SAFE = 18.0

SHAPES_BOOK = """
title = "Rounds and Hexes"
page_size = "6x9in"
seed = 11
fit = "cap"
language = "{language}"
puzzles_per_page = {per_page}

[[section]]
name = "Circles"
count = {count}
difficulty = [2, 5]
shape = "circle"

[[section]]
name = "Hexes"
count = {count}
difficulty = [2, 5]
shape = "hex"
"""

EVERY_SHAPE_BOOK = """
title = "Formen"
language = "{language}"
seed = 4
fit = "cap"
puzzles_per_page = {per_page}
[[section]]
name = "Rechtecke"
count = 4
difficulty = [1, 8]
[[section]]
name = "Dreiecke"
count = 3
difficulty = [1, 4]
shape = "triangle"
[[section]]
name = "Herzen"
count = 3
difficulty = [2, 4]
shape = "mask"
mask = "heart"
[[section]]
name = "Kreise"
count = 3
difficulty = [1, 4]
shape = "circle"
"""

WORKSHEET = """
kind = "worksheet"
title = "Blatt"
language = "{language}"
seed = 3
puzzles_per_page = 6
fit = "cap"

[[section]]
name = "Mazes"
count = 6
difficulty = [1, 4]

[[section]]
name = "Circles"
count = 6
difficulty = [1, 4]
shape = "circle"
"""


def _trim(pdf: Path) -> dict[int, tuple[float, float, float, float]]:
    doc = pdfium.PdfDocument(pdf)
    try:
        return {i + 1: tuple(doc[i].get_trimbox()) for i in range(len(doc))}  # type: ignore[misc]
    finally:
        doc.close()


def check_words(
    pdf: Path,
    words: tuple[str, str],
    puzzles: list[dict[str, Any]],
    *,
    page_key: str = "page",
    box_key: str = "box",
) -> list[WordAtMark]:
    """Both words of every puzzle outside their maze and in line with their own marks, at one
    size, inside the safe area, clear of ink; a circle's centre goal named level with its dot.
    Returns what was read."""
    found = words_at_marks(pdf, words)
    assert len(found) == 2 * len(puzzles), (pdf.name, len(found), len(puzzles))
    inside = [(w.page, w.word, w.box, w.maze) for w in found if not w.outside]
    assert not inside, (pdf.name, inside)
    astray = [(w.page, w.word, w.box, w.mark) for w in found if not w.in_line]
    assert not astray, (pdf.name, astray)
    assert len({w.size for w in found}) == 1, (pdf.name, sorted({w.size for w in found}))
    trims = _trim(pdf)
    for w in found:
        x0, y0, x1, y1 = trims[w.page]
        bx0, by0, bx1, by1 = w.box
        safe = bx0 >= x0 + SAFE and by0 >= y0 + SAFE and bx1 <= x1 - SAFE and by1 <= y1 - SAFE
        assert safe, (pdf.name, w.page, w.word, w.box)
    darkest = ink_under_words(pdf, found)
    touching = [(w.page, w.word, d) for w, d in zip(found, darkest, strict=True) if d < 250]
    assert not touching, (pdf.name, touching)
    by_page: dict[int, list[dict[str, Any]]] = {}
    for puzzle in puzzles:
        by_page.setdefault(puzzle[page_key], []).append(puzzle)
    for page, on_page in by_page.items():
        finishes = [w for w in found if w.page == page and w.word == words[1]]
        assert len(finishes) == len(on_page), (pdf.name, page)
        for puzzle, word in zip(on_page, finishes, strict=True):  # slot order is drawing order
            if puzzle.get("shape") == "circle" and puzzle["exit"] == 0:  # the goal is the centre
                _at_centre(word, puzzle[box_key])
    return found


def _at_centre(word: WordAtMark, box: list[float]) -> None:
    """The word's mark is a dot at the middle of the circle's drawing (its ink box holds one
    arrow, at most 16 pt long, beyond the circle: the middle is within 9 pt of the box's), and
    the word, outside the circle, is level with it or above or below it."""
    assert word.mark is not None
    mx0, my0, mx1, my1 = word.mark
    assert abs((mx1 - mx0) - (my1 - my0)) < 0.5  # a dot, not an arrow
    cx, cy = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    assert math.hypot((mx0 + mx1) / 2 - cx, (my0 + my1) / 2 - cy) < 9.0, (word, box)
    assert word.outside and word.in_line


def _manifest(pdf: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(pdf.with_suffix(".json").read_text(encoding="utf-8"))
    return data


@pytest.mark.slow
@pytest.mark.parametrize("template", ["classic", "children", "a4"])
def test_shipped_books_name_each_arrow_beside_it(tmp_path: Path, template: str) -> None:
    pdf = tmp_path / f"{template}.pdf"
    assert main(["build", template, "-o", str(pdf), "--quiet"]) == 0
    check_words(pdf, WORDS["en"], _manifest(pdf)["puzzles"])


@pytest.mark.slow
def test_shipped_worksheet_and_its_key(tmp_path: Path) -> None:
    pdf = tmp_path / "sheet.pdf"
    assert main(["build", "worksheet", "-o", str(pdf), "--quiet"]) == 0
    puzzles = _manifest(pdf)["puzzles"]
    check_words(pdf, WORDS["en"], puzzles)
    key = tmp_path / "sheet-answers.pdf"
    check_words(key, WORDS["en"], puzzles, page_key="answer_page", box_key="answer_box")


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [1, 2])  # four a page: hexes do not fit a 6 x 9 page yet
def test_six_by_nine_circles_and_hexes(tmp_path: Path, per_page: int) -> None:
    path = tmp_path / "rounds.toml"
    count = 12 * per_page
    path.write_text(
        SHAPES_BOOK.format(language="en", per_page=per_page, count=count), encoding="utf-8"
    )
    result = build_book(str(path), output=tmp_path / "rounds.pdf")
    found = check_words(result.pdf, WORDS["en"], _manifest(result.pdf)["puzzles"])
    assert len(found) == 4 * count


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [1, 4])
def test_german_book_of_every_shape(tmp_path: Path, per_page: int) -> None:
    path = tmp_path / "formen.toml"
    path.write_text(EVERY_SHAPE_BOOK.format(language="de", per_page=per_page), encoding="utf-8")
    with padded():
        result = build_book(str(path), output=tmp_path / "formen.pdf")
    check_words(result.pdf, WORDS["de"], _manifest(result.pdf)["puzzles"])


@pytest.mark.slow
@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_worksheets_in_every_language_and_their_keys(tmp_path: Path, language: str) -> None:
    path = tmp_path / "blatt.toml"
    path.write_text(WORKSHEET.format(language=language), encoding="utf-8")
    result = build_book(str(path), output=tmp_path / "blatt.pdf")
    puzzles = _manifest(result.pdf)["puzzles"]
    check_words(result.pdf, WORDS[language], puzzles)
    key = tmp_path / "blatt-answers.pdf"
    check_words(key, WORDS[language], puzzles, page_key="answer_page", box_key="answer_box")


SINGLE = [
    ("rect", "8x6", []),
    ("rect", "40x60", []),
    ("circle", "1x3", []),
    ("circle", "1x12", []),
    ("hex", "9x8", []),
    ("triangle", "12x6", []),
    ("mask", "30x30", ["--mask", "heart"]),
    ("mask", "24x24", ["--mask", "star"]),
]


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "size", "extra"), SINGLE)
@pytest.mark.parametrize("solution", [False, True])
def test_single_mazes_of_every_shape(
    tmp_path: Path, shape: str, size: str, extra: list[str], solution: bool
) -> None:
    pdf = tmp_path / "maze.pdf"
    args = ["maze", "--shape", shape, "--size", size, "--seed", "3", *extra, "-o", str(pdf)]
    assert main(args + (["--solution"] if solution else [])) == 0
    found = words_at_marks(pdf, WORDS["en"])
    assert [w.word for w in found] == list(WORDS["en"])
    assert all(w.outside and w.in_line for w in found), found
    assert len({w.size for w in found}) == 1
    assert min(ink_under_words(pdf, found)) >= 250
    x0, y0, x1, y1 = _trim(pdf)[1]
    for w in found:
        assert w.box[0] >= x0 + SAFE and w.box[2] <= x1 - SAFE
        assert w.box[1] >= y0 + SAFE and w.box[3] <= y1 - SAFE


def _svg_points(element: ElementTree.Element) -> list[tuple[float, float]]:
    if element.tag.endswith("circle"):
        return [(float(element.get("cx", 0)), float(element.get("cy", 0)))]
    pairs = re.findall(r"(-?[\d.]+),(-?[\d.]+)", element.get("points", ""))
    return [(float(x), float(y)) for x, y in pairs]


def _svg_wall_points(root: ElementTree.Element) -> list[tuple[float, float]]:
    """Points along every wall of an SVG (its wall-runs' ends, its wall-arcs sampled: each
    arc piece's centre found from its ends and radius, clockwise, as SVG's sweep flag 1)."""
    out: list[tuple[float, float]] = []
    for element in root.iter():
        d = element.get("d", "")
        if element.get("id") == "wall-runs":  # M x y, then H x, V y or L x y
            x = y = 0.0
            for command, args in re.findall(r"([MHVL])([^MHVL]+)", d):
                values = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)]
                if command in "ML":
                    x, y = values[0], values[1]
                elif command == "H":
                    x = values[0]
                else:
                    y = values[0]
                out.append((x, y))
        elif element.get("id") == "wall-arcs":
            here = (0.0, 0.0)
            for command, args in re.findall(r"([MA])([^MA]+)", d):
                values = [float(v) for v in re.findall(r"-?\d+(?:\.\d+)?", args)]
                if command == "M":
                    here = (values[0], values[1])
                    continue
                r, end = values[0], (values[5], values[6])
                out += _arc_points(here, end, r)
                here = end
    return out


def _arc_points(
    a: tuple[float, float], b: tuple[float, float], r: float
) -> list[tuple[float, float]]:
    """Points on the clockwise (y down) arc of radius ``r`` from ``a`` to ``b`` (at most 180
    degrees)."""
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    half = math.hypot(b[0] - a[0], b[1] - a[1]) / 2
    if half == 0:
        return [a]
    off = math.sqrt(max(r * r - half * half, 0.0))
    ux, uy = (b[0] - a[0]) / (2 * half), (b[1] - a[1]) / (2 * half)
    cx, cy = mx - uy * off, my + ux * off  # clockwise on the page (y down): centre on the right
    t0, t1 = math.atan2(a[1] - cy, a[0] - cx), math.atan2(b[1] - cy, b[0] - cx)
    while t1 < t0:
        t1 += 2 * math.pi
    steps = 24
    return [
        (
            cx + r * math.cos(t0 + (t1 - t0) * k / steps),
            cy + r * math.sin(t0 + (t1 - t0) * k / steps),
        )
        for k in range(steps + 1)
    ]


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "size", "extra"), SINGLE)
def test_single_maze_svg_words_outside_the_maze_beside_their_marks(
    shape: str, size: str, extra: list[str]
) -> None:
    width, height = (int(v) for v in size.split("x"))
    options = {"mask": extra[1]} if extra else {}
    maze = generate("backtracker", width, height, seed=3, shape=shape, **options)
    cell = 12.0  # to_svg's default: SVG units are cells of 12 pt
    root = ElementTree.fromstring(to_svg(maze_geometry(maze), cell=cell))
    by_id = {el.get("id"): el for el in root.iter() if el.get("id")}
    walls = _svg_wall_points(root)
    wx0, wy0 = min(x for x, _ in walls), min(y for _, y in walls)
    wx1, wy1 = max(x for x, _ in walls), max(y for _, y in walls)
    sizes = set()
    for mark_id, label_id in (("start", "start-label"), ("finish", "finish-label")):
        points = _svg_points(by_id[mark_id])
        mx0, my0 = min(x for x, _ in points), min(y for _, y in points)
        mx1, my1 = max(x for x, _ in points), max(y for _, y in points)
        if by_id[mark_id].tag.endswith("circle"):  # a centre goal's dot
            r = float(by_id[mark_id].get("r", 0))
            mx0, my0, mx1, my1 = mx0 - r, my0 - r, mx1 + r, my1 + r
        text = by_id[label_id]
        size_cells = float(text.get("font-size", 0))
        sizes.add(size_cells)
        x0, baseline = float(text.get("x", 0)), float(text.get("y", 0))
        x1 = x0 + float(text.get("textLength", 0))
        y0, y1 = baseline - 0.73 * size_cells, baseline + 0.24 * size_cells
        assert x1 <= wx0 or x0 >= wx1 or y1 <= wy0 or y0 >= wy1, (shape, label_id)  # outside
        level = y0 < my1 and my0 < y1
        above = x0 < mx1 and mx0 < x1
        dx = max(x0 - mx1, mx0 - x1, 0.0)
        dy = max(y0 - my1, my0 - y1, 0.0)
        near = math.hypot(dx, dy) * cell <= 6.0 * MM
        keyed = by_id[mark_id].tag.endswith("circle")  # its word carries the dot: with it
        assert level or above or near or keyed, (shape, mark_id)
    assert len(sizes) == 1  # one size in every SVG: the least words' 8 pt at 12 pt a cell
    assert abs(sizes.pop() - 8.0 / cell) < 1e-3


EVERY_KIND = """
title = "Every Kind"
seed = 8
fit = "cap"
puzzles_per_page = {per_page}
[[section]]
name = "Rectangles"
count = 4
difficulty = [1, 8]
[[section]]
name = "Weave"
count = 4
difficulty = [3, 6]
weave = 0.5
[[section]]
name = "Stars"
count = 4
difficulty = [2, 4]
shape = "mask"
mask = "star"
[[section]]
name = "Numbers"
count = 4
difficulty = [1, 5]
puzzle = "number-path"
step = 3
[[section]]
name = "Trails"
count = 4
difficulty = [1, 4]
puzzle = "word-trail"
words = ["APPLE", "HOUSE", "GARDEN", "PLANET"]
[[section]]
name = "Keys"
count = 4
difficulty = [3, 5]
puzzle = "keys"
[[section]]
name = "One way"
count = 4
difficulty = [3, 5]
puzzle = "one-way"
"""


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [1, 4])
def test_every_kind_of_puzzle_names_its_ends_outside_it(tmp_path: Path, per_page: int) -> None:
    """Mazes of every shape, weaves, number paths (words beyond the grid's edge, a pointer at
    their cell's row or column), word trails and rule mazes: every word outside its puzzle,
    in line with its mark, one size in the book."""
    path = tmp_path / "kinds.toml"
    path.write_text(EVERY_KIND.format(per_page=per_page), encoding="utf-8")
    with padded(when=per_page == 4):
        result = build_book(str(path), output=tmp_path / "kinds.pdf")
    found = check_words(result.pdf, WORDS["en"], _manifest(result.pdf)["puzzles"])
    assert len(found) == 2 * 28


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [2, 4])
def test_worksheets_and_class_sets_of_every_kind(tmp_path: Path, per_page: int) -> None:
    """A worksheet's sheets and key, and a class set's (its key packs up to nine answers a
    page, the words at the sheets' size): every word outside, in line, one size a PDF and the
    same size in the sheets and their key."""
    sections = EVERY_KIND.split("[[section]]", 1)[1]
    head = f'kind = "worksheet"\nseed = 4\nfit = "cap"\npuzzles_per_page = {per_page}\n'
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(head + "[[section]]" + sections, encoding="utf-8")
    result = build_book(str(sheet), output=tmp_path / "sheet.pdf")
    puzzles = _manifest(result.pdf)["puzzles"]
    sizes = {w.size for w in check_words(result.pdf, WORDS["en"], puzzles)}
    key = tmp_path / "sheet-answers.pdf"
    found = check_words(key, WORDS["en"], puzzles, page_key="answer_page", box_key="answer_box")
    assert {w.size for w in found} == sizes
    names = 'names = ["Ada", "Ben"]\n'
    one = "[[section]]" + sections.split("[[section]]")[3]  # the number paths alone, and mazes
    classy = tmp_path / "class.toml"
    classy.write_text(head + names + "[[section]]\ncount = 2\ndifficulty = 2\n" + one)
    result = build_book(str(classy), output=tmp_path / "class.pdf")
    puzzles = _manifest(result.pdf)["puzzles"]
    sizes = {w.size for w in check_words(result.pdf, WORDS["en"], puzzles)}
    key = tmp_path / "class-answers.pdf"
    found = check_words(key, WORDS["en"], puzzles, page_key="answer_page", box_key="answer_box")
    assert {w.size for w in found} == sizes
