"""Large print (issue 36): templates/large-print.toml and ``large_print = true`` on any book,
worksheet or class set, measured from the PDFs the builds write.

Every size is read back from the PDF (tests/pdfprint.py: PDFium's text and path objects with
every matrix applied, tests/pdfmarks.py: which word names which mark), never from the layout
code: each printed word at least 16 pt in a sans face, the START / FINISH words, headings, the
title and the puzzle numbers at least 18 pt bold, every line of a puzzle (walls, a number
path's grid, a rule maze's marks) at least 2 pt on puzzle and answer pages, each answer's
solution line at least 3 pt, nothing within 0.75 in of the trim, no pictures, and a title page
that says "Large Print". A page too small for one maze at these minimums is one line, exit 2.
"""

from __future__ import annotations

import itertools
import json
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pypdfium2 as pdfium
import pytest

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.template import available_templates

from .padding import padded
from .pdfmarks import words_at_marks
from .pdfprint import Printed, printed, trim_boxes

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE = ROOT / "templates" / "large-print.toml"
#: The minimums (points): every word, headings and the START / FINISH words, lines, answers'
#: solution lines, margins. Measured values carry PDF rounding: TOL.
TEXT, HEADING, WALL, PATH, MARGIN = 16.0, 18.0, 2.0, 3.0, 54.0
TOL = 1e-3
WORDS = ("START", "FINISH")
#: A book's puzzle number, over each puzzle and each answer.
PUZZLE = re.compile(r"Puzzle \d+")


def puzzle_numbers(built: Built) -> int:
    """How many puzzle numbers the book prints."""
    return sum(1 for o in built.texts() if PUZZLE.fullmatch(o.text.strip()))


@dataclass(frozen=True)
class Built:
    """A build's PDFs read back: the pages' objects, the trim boxes and the manifest."""

    pdf: Path
    pages: list[list[Printed]]
    trims: list[tuple[float, float, float, float]]
    manifest: dict[str, Any]

    def texts(self) -> list[Printed]:
        return [o for page in self.pages for o in page if o.kind == "text" and o.text.strip()]


def read(pdf: Path, manifest: Path | None = None) -> Built:
    data = json.loads((manifest or pdf.with_suffix(".json")).read_text(encoding="utf-8"))
    return Built(pdf, printed(pdf), trim_boxes(pdf), data)


@pytest.fixture(scope="module")
def shipped(tmp_path_factory: pytest.TempPathFactory) -> Built:
    out = tmp_path_factory.mktemp("large") / "large.pdf"
    result = build_book(str(TEMPLATE), output=out)
    return read(result.pdf)


def _overlaps(a: tuple[float, ...], b: tuple[float, ...]) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def check_words(built: Built) -> None:
    """Every printed word at least TEXT in DejaVu Sans (the bundled sans); START / FINISH and
    the puzzle numbers at least HEADING in its bold."""
    texts = built.texts()
    assert texts
    small = [(o.page, o.text, o.size) for o in texts if o.size < TEXT - TOL]
    assert not small, (built.pdf.name, small[:10])
    assert {o.font.split("-")[0] for o in texts} == {"DejaVuSans"}, {o.font for o in texts}
    strong = [o for o in texts if o.text.strip() in WORDS or PUZZLE.fullmatch(o.text.strip())]
    assert strong
    weak = [(o.page, o.text, o.size, o.bold) for o in strong if o.size < HEADING - TOL]
    assert not weak and all(o.bold for o in strong), (built.pdf.name, weak)


def check_lines(built: Built, page_key: str = "page", box_key: str = "box") -> None:
    """Every line over a puzzle's box at least WALL; on answers, each one's widest line (its
    solution, or a number path's band) at least PATH."""
    for puzzle in built.manifest["puzzles"]:
        for key, box in ((page_key, box_key), ("answer_page", "answer_box")):
            objects = built.pages[puzzle[key] - 1]
            lines = [o for o in objects if o.kind == "stroke" and _overlaps(o.box, puzzle[box])]
            assert lines, (built.pdf.name, puzzle["number"], key)
            thin = [o.width for o in lines if o.width < WALL - TOL]
            assert not thin, (built.pdf.name, puzzle["number"], key, thin)
            if key == "answer_page":
                assert max(o.width for o in lines) >= PATH - TOL, (puzzle["number"], lines)


def check_margins(built: Built) -> None:
    """Nothing printed within MARGIN of the trim, on any page: every word's box inside, and the
    page rendered at 144 dpi white (no pixel darker than 250) in the band between the trim and
    the margin (a line's ink, not its bounds as PDFium gives them: an arc's control points)."""
    for page, (x0, y0, x1, y1) in zip(built.pages, built.trims, strict=True):
        for o in page:
            if o.kind == "text":
                bx0, by0, bx1, by1 = o.box
                inside = bx0 >= x0 + MARGIN - TOL and by0 >= y0 + MARGIN - TOL
                assert inside and bx1 <= x1 - MARGIN + TOL and by1 <= y1 - MARGIN + TOL, o
    doc = pdfium.PdfDocument(built.pdf)
    try:
        scale = 2.0
        for index, (x0, y0, x1, y1) in enumerate(built.trims):
            page = doc[index]
            pixels = page.render(scale=scale, grayscale=True).to_numpy()
            height = page.get_height()
            page.close()
            band = int((MARGIN - 0.5) * scale)  # half a point's anti-aliasing
            left, right = int(x0 * scale) + band, int(x1 * scale) - band
            top, bottom = int((height - y1) * scale) + band, int((height - y0) * scale) - band
            inner = pixels.copy()
            inner[top:bottom, left:right] = 255
            trim = inner[int((height - y1) * scale) : int((height - y0) * scale),
                         int(x0 * scale) : int(x1 * scale)]  # fmt: skip
            assert trim.min() >= 250, (built.pdf.name, index + 1, int(trim.min()))
    finally:
        doc.close()


def check_outside(built: Built, answers: Path | None = None) -> None:
    """The START / FINISH words outside their mazes, one size."""
    for pdf in [built.pdf] + ([answers] if answers else []):
        found = words_at_marks(pdf, WORDS)
        assert found
        assert all(w.outside for w in found), [w for w in found if not w.outside]
        assert len({w.size for w in found}) == 1


def test_listed_by_mazebook_templates(capsys: pytest.CaptureFixture[str]) -> None:
    assert "large-print" in available_templates()
    assert main(["templates"]) == 0
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("large-print"))
    assert "large print" in line.lower()


def test_the_template_asks_for_what_the_issue_names() -> None:
    data = tomllib.loads(TEMPLATE.read_text(encoding="utf-8"))
    assert data["large_print"] is True and data["page_size"] == "8.5x11in"
    assert data["puzzles_per_page"] == 1 and data["paper"] == "cream"


def test_shipped_book_prints_the_minimums(shipped: Built) -> None:
    check_words(shipped)
    assert puzzle_numbers(shipped) == 2 * len(shipped.manifest["puzzles"])  # puzzles, answers
    check_lines(shipped)
    check_margins(shipped)
    check_outside(shipped)
    assert all(o.kind != "image" for page in shipped.pages for o in page)  # no pictures


def test_shipped_book_pages_and_levels(shipped: Built) -> None:
    """8.5 x 11 in on cream paper, one maze a page, levels 1 to 6 rising a level at a time at
    most, and a title page naming large print in large bold type."""
    m = shipped.manifest
    assert m["trim_size_pt"] == [612.0, 792.0] and m["paper"] == "cream"
    pages = [p["page"] for p in m["puzzles"]]
    assert len(pages) == len(set(pages))
    levels = [p["level"] for p in m["puzzles"]]
    assert levels[0] == 1 and levels[-1] == 6
    assert all(0 <= b - a <= 1 for a, b in itertools.pairwise(levels))
    title = [o for o in shipped.pages[0] if o.kind == "text"]
    assert any("Large Print" in o.text and o.bold and o.size >= HEADING for o in title)
    drawn = [o.box for o in shipped.pages[0] if o.kind in ("stroke", "fill")]
    assert not [b for b in drawn if b[2] - b[0] > 100 and b[3] - b[1] > 100]  # no maze on it
    headings = [o for p in shipped.pages[1:4] for o in p if o.kind == "text" and o.bold]
    assert max(o.size for o in headings) >= HEADING


def test_a_standard_book_does_not_meet_them(tmp_path: Path) -> None:
    """The same template without large_print prints smaller words and thinner lines: the
    checks above can fail."""
    text = TEMPLATE.read_text(encoding="utf-8").replace("large_print = true", "")
    text = text.replace('margin = "0.75in"', 'margin = "0.5in"')
    path = tmp_path / "standard.toml"
    path.write_text(text, encoding="utf-8")
    built = read(build_book(str(path), output=tmp_path / "standard.pdf").pdf)
    with pytest.raises(AssertionError):
        check_words(built)
    with pytest.raises(AssertionError):
        check_lines(built)
    with pytest.raises(AssertionError):
        check_margins(built)


#: One small large-print book per kind and shape (a book of them all needs a how-to page
#: longer than one page holds at 16 pt).
KINDS = {
    "rectangle": "difficulty = [1, 6]",
    "weave": "difficulty = [3, 5]\nweave = 0.5",
    "star": 'difficulty = [2, 4]\nshape = "mask"\nmask = "star"',
    "circle": 'difficulty = [2, 4]\nshape = "circle"',
    "hex": 'difficulty = [2, 4]\nshape = "hex"',
    "number-path": 'difficulty = [1, 5]\npuzzle = "number-path"\nstep = 3',
    "word-trail": 'difficulty = [1, 4]\npuzzle = "word-trail"\nwords = ["APPLE", "HOUSE"]',
    "keys": 'difficulty = [3, 5]\npuzzle = "keys"',
    "one-way": 'difficulty = [3, 5]\npuzzle = "one-way"',
}


def _template(kind: str, head: str) -> str:
    section = KINDS[kind]
    count = "" if "count" in section else "count = 2\n"
    return f'{head}large_print = true\nseed = 5\nfit = "cap"\n[[section]]\n{count}{section}\n'


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_in_a_large_print_book(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "book.toml"
    path.write_text(_template(kind, 'title = "Kinds"\npage_size = "8.5x11in"\n'))
    with padded():  # a short book: kdp's least page count
        built = read(build_book(str(path), output=tmp_path / "book.pdf").pdf)
    check_words(built)
    assert puzzle_numbers(built) == 2 * len(built.manifest["puzzles"])
    check_lines(built)
    check_margins(built)
    check_outside(built)
    title = [o.text for o in built.pages[0] if o.kind == "text"]
    assert "Large Print" in title


@pytest.mark.parametrize("kind", list(KINDS))
def test_every_kind_on_a_large_print_worksheet(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "sheet.toml"
    # a keys maze's 50 pt cells, a star's 13 x 12 cells to keep its shape: one a letter page
    per_page = 1 if kind in ("keys", "star") else 2
    head = f'kind = "worksheet"\npage_size = "letter"\npuzzles_per_page = {per_page}\n'
    path.write_text(_template(kind, head))
    result = build_book(str(path), output=tmp_path / "sheet.pdf")
    built = read(result.pdf)
    check_words(built)
    check_margins(built)
    check_outside(built, tmp_path / "sheet-answers.pdf")
    key = read(tmp_path / "sheet-answers.pdf", tmp_path / "sheet.json")
    check_words(key)
    check_margins(key)
    for puzzle in built.manifest["puzzles"]:
        sheet = [o for o in built.pages[puzzle["page"] - 1] if o.kind == "stroke"]
        lines = [o.width for o in sheet if _overlaps(o.box, puzzle["box"])]
        assert lines and min(lines) >= WALL - TOL, (kind, lines)
        answer = [o for o in key.pages[puzzle["answer_page"] - 1] if o.kind == "stroke"]
        lines = [o.width for o in answer if _overlaps(o.box, puzzle["answer_box"])]
        assert lines and min(lines) >= WALL - TOL and max(lines) >= PATH - TOL, (kind, lines)


def test_a_large_print_class_set(tmp_path: Path) -> None:
    path = tmp_path / "class.toml"
    head = 'kind = "worksheet"\npage_size = "letter"\nnames = ["Ada Lovelace", "Ben"]\n'
    path.write_text(_template("rectangle", head))
    result = build_book(str(path), output=tmp_path / "class.pdf")
    built = read(result.pdf)
    check_words(built)
    check_margins(built)
    key = read(tmp_path / "class-answers.pdf", tmp_path / "class.json")
    check_words(key)
    check_margins(key)
    check_outside(built, tmp_path / "class-answers.pdf")


@pytest.mark.parametrize(
    "head",
    [
        'title = "Tiny"\npage_size = "5x8in"\npuzzles_per_page = 6\n',
        'title = "Tiny"\nprinter = "home"\npage_size = "a5"\npuzzles_per_page = 9\n',
        'kind = "worksheet"\npage_size = "3x4in"\n',
        'kind = "worksheet"\npage_size = "5x6in"\npuzzles_per_page = 6\n',
    ],
)
def test_a_page_too_small_for_the_minimums_is_one_line_exit_2(
    tmp_path: Path, head: str, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "tiny.toml"
    path.write_text(_template("rectangle", head))
    assert main(["build", str(path), "-o", str(tmp_path / "tiny.pdf"), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "large" in err, err
    assert not (tmp_path / "tiny.pdf").exists()


def test_a_large_print_book_with_a_cover_picture_is_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Large print has no pictures: a [cover] picture beside large_print = true is refused
    before any work, naming the key; without large_print the same picture builds."""
    picture = tmp_path / "sun.svg"
    picture.write_text(
        '<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100">'
        '<circle cx="50" cy="50" r="40" fill="#e0a000"/></svg>'
    )
    body = (
        'title = "Sunny"\nprinter = "home"\n[cover]\npicture = "sun.svg"\n'
        "[[section]]\ncount = 2\ndifficulty = 2\n"
    )
    large = tmp_path / "large.toml"
    large.write_text("large_print = true\n" + body)
    assert main(["build", str(large), "-o", str(tmp_path / "l.pdf"), "--quiet"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "large_print" in err and "picture" in err, err
    assert not (tmp_path / "l.pdf").exists()
    plain = tmp_path / "plain.toml"
    plain.write_text(body)
    assert main(["build", str(plain), "-o", str(tmp_path / "p.pdf"), "--quiet"]) == 0
