"""Preflight by printer: a correct file passes, and a file with one defect fails exactly that check.

Every PDF here is drawn with reportlab inside the test (not by mazebook's builder), so the checks
are shown to work on any PDF. The helpers are shared by the other test_preflight_* files.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import Canvas

import mazebook
from mazebook.preflight import preflight
from mazebook.printing.printers import cover_size, spine_width

IN = 72.0
FONT = "PreflightTestSans"
pdfmetrics.registerFont(
    TTFont(FONT, str(Path(mazebook.__file__).parent / "fonts" / "DejaVuSans.ttf"))
)

#: Draws on one page: (canvas, page number, trim box (x0, y0, x1, y1) in points).
Draw = Callable[[Canvas, int, tuple[float, float, float, float]], None]


def clean(canvas: Canvas, number: int, trim: tuple[float, float, float, float]) -> None:
    """Text and a 1 pt line, 1 in inside the trim on every side: passes every printer."""
    x0, y0, x1, y1 = trim
    canvas.setFont(FONT, 12)
    canvas.drawString(x0 + IN, y1 - IN - 12, f"Puzzle {number}")
    canvas.setLineWidth(1)
    canvas.setStrokeGray(0.3)
    canvas.line(x0 + IN, y0 + IN, x1 - IN, y0 + IN)


def book(
    path: Path,
    *,
    trim: tuple[float, float] = (6, 9),
    pages: int = 24,
    bleed: str = "none",
    draw: Draw = clean,
) -> Path:
    """An interior of ``pages`` pages; bleed "none", "three" (KDP: top, bottom, outside edge
    by page parity) or "four" (every side), with TrimBox and BleedBox set when it bleeds."""
    w, h = trim[0] * IN, trim[1] * IN
    b = 0.125 * IN
    canvas = Canvas(str(path), pagesize=(w, h), invariant=1, pageCompression=1)
    for number in range(1, pages + 1):
        if bleed == "none":
            media, box = (w, h), (0.0, 0.0, w, h)
        elif bleed == "four":
            media, box = (w + 2 * b, h + 2 * b), (b, b, b + w, b + h)
        else:
            x = 0.0 if number % 2 else b  # odd pages bleed on the right, even on the left
            media, box = (w + b, h + 2 * b), (x, b, x + w, b + h)
        canvas.setPageSize(media)
        if bleed != "none":
            canvas.setTrimBox(box)
            canvas.setBleedBox((0, 0, *media))
        draw(canvas, number, box)
        canvas.showPage()
    canvas.save()
    return path


def cover(
    path: Path,
    *,
    pages: int,
    trim: tuple[float, float] = (6, 9),
    paper: str = "white",
    printer: str = "kdp",
    narrower: float = 0.0,
    draw: Draw | None = None,
) -> Path:
    """A one-page cover sized for ``pages`` pages (``narrower`` inches less wide), TrimBox set,
    with a title on the front and a blurb on the back, clear of the barcode box."""
    width, height = cover_size(printer, trim, pages, paper)
    media = ((width - narrower) * IN, height * IN)
    b = 0.125 * IN
    canvas = Canvas(str(path), pagesize=media, invariant=1, pageCompression=1)
    canvas.setTrimBox((b, b, media[0] - b, media[1] - b))
    canvas.setBleedBox((0, 0, *media))
    canvas.setFillGray(0.9)
    canvas.rect(0, 0, *media, fill=1, stroke=0)  # a full-bleed background
    canvas.setFillGray(0)
    canvas.setFont(FONT, 24)
    front = b + trim[0] * IN + spine_width(printer, pages, paper) * IN
    canvas.drawString(front + IN, media[1] - 2 * IN, "The Maze Book")
    canvas.setFont(FONT, 11)
    canvas.drawString(b + IN, media[1] - 2 * IN, "Fifty mazes for a rainy day.")
    if draw is not None:
        draw(canvas, 1, (b, b, media[0] - b, media[1] - b))
    canvas.showPage()
    canvas.save()
    return path


def failed(path: Path, **options: object) -> set[str]:
    """Names of the checks that fail."""
    return preflight(path, **options).failed()  # type: ignore[arg-type]


# --- a correct file ------------------------------------------------------------------


def test_a_correct_three_sided_kdp_file_passes(tmp_path: Path) -> None:
    report = preflight(book(tmp_path / "kdp.pdf", bleed="three"))
    assert report.ok, report.lines()
    assert "KDP" in report.rules and report.printer == "kdp"
    assert [c.name for c in report.checks] == [
        "trim size",
        "bleed",
        "page count",
        "inside margin",
        "outside margins",
        "fonts embedded",
        "text size",
        "images",
        "black and grey only",
        "ink coverage",
        "near-white tints",
        "transparency",
        "line weights",
        "marks and annotations",
        "optional content",
        "file size",
        "content readable",
    ]
    assert "outside edge" in report.check("bleed").detail


@pytest.mark.slow
def test_no_bleed_passes_every_printer_that_takes_its_trim(tmp_path: Path) -> None:
    path = book(tmp_path / "plain.pdf", trim=(8.5, 11), pages=32)
    for printer in ("kdp", "ingramspark", "lulu", "home"):
        report = preflight(path, printer=printer)
        assert report.ok, (printer, report.lines())


# --- one defect, one failed check ----------------------------------------------------


def test_four_sided_bleed_fails_under_kdp_but_not_lulu(tmp_path: Path) -> None:
    path = book(tmp_path / "four.pdf", bleed="four", pages=32)
    report = preflight(path)
    assert report.failed() == {"bleed"}, report.lines()
    assert "none at the spine" in report.check("bleed").detail
    assert failed(path, printer="lulu") == set()


def test_three_sided_bleed_fails_under_lulu(tmp_path: Path) -> None:
    assert failed(book(tmp_path / "three.pdf", bleed="three", pages=32), printer="lulu") == {
        "bleed"
    }


def test_bleed_on_the_wrong_side_fails(tmp_path: Path) -> None:
    def swapped(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        b = 0.125 * IN
        x = b if number % 2 else 0.0  # the outside edge on the wrong side
        trim = (x, b, x + 6 * IN, b + 9 * IN)
        canvas.setTrimBox(trim)
        clean(canvas, number, trim)

    assert failed(book(tmp_path / "swap.pdf", bleed="three", draw=swapped)) == {"bleed"}


def test_a_page_of_bleed_size_without_boxes_is_judged_by_its_size(tmp_path: Path) -> None:
    """KDP's own description of a bleed file: 6.125 x 9.25 in pages, no TrimBox or BleedBox."""
    path = tmp_path / "nobox.pdf"
    canvas = Canvas(str(path), pagesize=(6.125 * IN, 9.25 * IN), invariant=1)
    for number in range(1, 25):
        x = 0.0 if number % 2 else 9.0  # the trim: the spine side has no bleed
        clean(canvas, number, (x, 9, x + 6 * IN, 9 * IN + 9))
        canvas.showPage()
    canvas.save()
    report = preflight(path)
    assert report.ok, report.lines()
    assert "told from the page size" in report.check("bleed").detail
    assert "told from the page size" in report.check("trim size").detail
    # the same pages are no four-sided bleed file: Lulu wants 6.25 x 9.25 in
    assert "trim size" in failed(path, printer="lulu")


def test_22_pages_fail_the_page_count(tmp_path: Path) -> None:
    path = book(tmp_path / "short.pdf", pages=22, trim=(8.5, 11))
    report = preflight(path)
    assert report.failed() == {"page count"}
    assert "minimum of 24" in report.check("page count").detail
    assert failed(path, loose=True) == set()  # loose sheets: no page-count rule
    assert failed(path, printer="home") == set()  # a desktop printer: no page-count rule


def test_an_odd_page_count_is_a_warning(tmp_path: Path) -> None:
    report = preflight(book(tmp_path / "odd.pdf", pages=25))
    assert report.ok and report.warned() == {"page count"}, report.lines()
    assert report.check("page count").line().startswith("WARN  page count")
    assert "adds a blank page" in report.check("page count").detail


@pytest.mark.slow
def test_page_maximum_depends_on_trim(tmp_path: Path) -> None:
    def blank(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        canvas.setFont(FONT, 12)
        canvas.drawString(box[0] + IN, box[1] + IN, str(number))

    path = book(tmp_path / "long.pdf", trim=(8.5, 11), pages=592, draw=blank)
    report = preflight(path)
    assert report.failed() == {"page count"} and "590" in report.check("page count").detail


def _ink_near_spine(distance: float) -> Draw:
    """Draw a short vertical line ``distance`` inches from the spine on every page."""

    def draw(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.setLineWidth(1)
        x = box[0] + distance * IN + 0.5 if number % 2 else box[2] - distance * IN - 0.5
        canvas.line(x, box[1] + 2 * IN, x, box[1] + 3 * IN)

    return draw


@pytest.mark.slow
def test_ink_in_the_inside_margin_of_a_200_page_book_fails(tmp_path: Path) -> None:
    path = book(tmp_path / "gutter.pdf", pages=200, draw=_ink_near_spine(0.4))
    report = preflight(path)
    assert report.failed() == {"inside margin"}, report.lines()
    assert "0.5 in" in report.check("inside margin").detail
    # the same ink is fine in a 100-page book (0.375 in)
    assert failed(book(tmp_path / "thin.pdf", pages=100, draw=_ink_near_spine(0.4))) == set()


def test_ink_near_the_outside_edge_fails(tmp_path: Path) -> None:
    def edge(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.drawString(box[0] + 2 * IN, box[3] - 0.2 * IN, "too high")

    assert failed(book(tmp_path / "edge.pdf", draw=edge)) == {"outside margins"}


def test_outside_margin_is_wider_with_bleed(tmp_path: Path) -> None:
    def near(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.setLineWidth(1)
        y = box[1] + 0.3 * IN + 0.5  # 0.3 in above the bottom trim: fine without bleed only
        canvas.line(box[0] + IN, y, box[0] + 2 * IN, y)

    assert failed(book(tmp_path / "plain.pdf", draw=near)) == set()
    assert failed(book(tmp_path / "bleed.pdf", bleed="three", draw=near)) == {"outside margins"}


def test_a_full_page_background_is_not_ink_in_the_margins(tmp_path: Path) -> None:
    def background(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        canvas.setFillGray(0.9)
        canvas.rect(0, 0, 7 * IN, 10 * IN, fill=1, stroke=0)
        canvas.setFillGray(0)
        clean(canvas, number, box)

    assert failed(book(tmp_path / "bg.pdf", bleed="three", draw=background)) == set()


def test_a_12_by_12_trim_fails_under_kdp(tmp_path: Path) -> None:
    path = book(tmp_path / "square.pdf", trim=(12, 12))
    report = preflight(path)
    assert report.failed() == {"trim size"}
    assert "12 x 12 in is not a kdp trim" in report.check("trim size").detail


def test_pages_of_different_sizes_fail_the_trim(tmp_path: Path) -> None:
    path = tmp_path / "mixed.pdf"
    canvas = Canvas(str(path), invariant=1)
    for number in range(1, 25):
        size = (6 * IN, 9 * IN) if number != 3 else (5.5 * IN, 8.5 * IN)
        canvas.setPageSize(size)
        clean(canvas, number, (0, 0, *size))
        canvas.showPage()
    canvas.save()
    assert failed(path) == {"trim size"}


def test_a_font_not_embedded_fails(tmp_path: Path) -> None:
    def helvetica(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.setFont("Helvetica", 12)
        canvas.drawString(box[0] + IN, box[1] + 2 * IN, "Hello")

    report = preflight(book(tmp_path / "helv.pdf", draw=helvetica))
    assert report.failed() == {"fonts embedded"}
    assert "Helvetica" in report.check("fonts embedded").detail


def test_a_raster_image_fails(tmp_path: Path) -> None:
    image = ImageReader(Image.new("L", (8, 8), 128))

    def picture(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.drawImage(image, box[0] + 2 * IN, box[1] + 2 * IN, 50, 50)

    report = preflight(book(tmp_path / "img.pdf", draw=picture))
    assert report.failed() == {"images"}, report.lines()
    assert "8 x 8 px at 12 dpi" in report.check("images").detail


@pytest.mark.slow
def test_a_colour_fill_fails_but_grey_rgb_does_not(tmp_path: Path) -> None:
    def fill(r: float, g: float, b: float) -> Draw:
        def draw(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
            clean(canvas, number, box)
            canvas.setFillColorRGB(r, g, b)
            canvas.rect(box[0] + 2 * IN, box[1] + 2 * IN, 50, 50, fill=1, stroke=0)

        return draw

    assert failed(book(tmp_path / "red.pdf", draw=fill(1, 0, 0))) == {"black and grey only"}
    assert failed(book(tmp_path / "grey.pdf", draw=fill(0.5, 0.5, 0.5))) == set()

    def cmyk(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.setStrokeColorCMYK(0, 0.5, 0, 0)
        canvas.line(box[0] + 2 * IN, box[1] + 2 * IN, box[0] + 3 * IN, box[1] + 2 * IN)

    assert failed(book(tmp_path / "cmyk.pdf", draw=cmyk)) == {"black and grey only"}


@pytest.mark.slow
def test_a_half_point_line_fails_even_when_drawn_scaled(tmp_path: Path) -> None:
    def thin(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.setLineWidth(0.5)
        canvas.line(box[0] + 2 * IN, box[1] + 2 * IN, box[0] + 3 * IN, box[1] + 2 * IN)

    report = preflight(book(tmp_path / "thin.pdf", draw=thin))
    assert report.failed() == {"line weights"} and "0.5 pt" in report.check("line weights").detail

    def scaled(width: float) -> Draw:
        def draw(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
            clean(canvas, number, box)
            canvas.saveState()
            canvas.translate(box[0] + 2 * IN, box[1] + 2 * IN)
            canvas.scale(0.1, 0.1)
            canvas.setLineWidth(width)
            canvas.line(0, 0, 1000, 0)
            canvas.restoreState()

        return draw

    assert failed(book(tmp_path / "s5.pdf", draw=scaled(5))) == {"line weights"}
    assert failed(book(tmp_path / "s8.pdf", draw=scaled(8))) == set()


def test_text_is_measured_by_its_width_not_its_start(tmp_path: Path) -> None:
    def long_line(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        clean(canvas, number, box)
        canvas.setFont(FONT, 12)
        text = "A line of text that runs right up to the edge of the page"
        width = pdfmetrics.stringWidth(text, FONT, 12)
        canvas.drawString(box[2] - width - 0.1 * IN, box[1] + 3 * IN, text)

    report = preflight(book(tmp_path / "long.pdf", draw=long_line))
    # odd pages: the right edge is outside; even pages: it is the spine
    assert report.failed() == {"outside margins", "inside margin"}


# --- covers --------------------------------------------------------------------------


def test_a_correct_cover_passes(tmp_path: Path) -> None:
    path = cover(tmp_path / "cover.pdf", pages=200)
    report = preflight(path, cover=True, pages=200)
    assert report.ok, report.lines()
    assert [c.name for c in report.checks] == [
        "page count",
        "cover size",
        "cover bleed",
        "safe area",
        "barcode box",
        "spine text",
        "fonts embedded",
        "text size",
        "images",
        "colour spaces",
        "ink coverage",
        "near-white tints",
        "transparency",
        "marks and annotations",
        "optional content",
        "file size",
        "content readable",
    ]
    assert "cover" in report.rules


def test_a_cover_for_another_paper_or_page_count_fails_its_size(tmp_path: Path) -> None:
    path = cover(tmp_path / "cover.pdf", pages=200)
    assert failed(path, cover=True, pages=200, paper="cream") == {"cover size"}
    assert failed(path, cover=True, pages=300) == {"cover size"}
    cream = cover(tmp_path / "cream.pdf", pages=200, paper="cream")
    assert failed(cream, cover=True, pages=200, paper="cream") == set()


def test_a_cover_0_1_in_too_narrow_fails(tmp_path: Path) -> None:
    path = cover(tmp_path / "narrow.pdf", pages=200, narrower=0.1)
    report = preflight(path, cover=True, pages=200)
    assert report.failed() == {"cover size"}, report.lines()
    assert "12.7004" in report.check("cover size").detail  # 2 x 6 + 200 x 0.002252 + 0.25


def test_ink_in_the_barcode_box_fails(tmp_path: Path) -> None:
    def in_box(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        canvas.setFont(FONT, 10)
        # the box: 2 x 1.2 in, 0.25 in left of the spine and 0.25 in above the bottom trim
        canvas.drawString(box[0] + 6 * IN - 1.5 * IN, box[1] + 0.6 * IN, "ISBN here")

    path = cover(tmp_path / "barcode.pdf", pages=200, draw=in_box)
    report = preflight(path, cover=True, pages=200)
    assert report.failed() == {"barcode box"}, report.lines()
    assert "text" in report.check("barcode box").detail

    def white(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        canvas.setFillGray(1)
        canvas.rect(box[0] + 4 * IN, box[1] + 0.3 * IN, 1.5 * IN, IN, fill=1, stroke=0)

    assert failed(cover(tmp_path / "w.pdf", pages=200, draw=white), cover=True, pages=200) == set()


def _spine_text(pages: int) -> Draw:
    def draw(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        spine = spine_width("kdp", pages, "white") * IN
        canvas.saveState()
        # rotated to read top to bottom: the glyphs' height (DejaVu: 0.928 em up, 0.236 em
        # down) runs across the spine, centred on it; 7 pt, KDP's smallest text
        canvas.translate(box[0] + 6 * IN + spine / 2 - 7 * (0.928 - 0.236) / 2, box[3] - IN)
        canvas.rotate(-90)
        canvas.setFont(FONT, 7)
        canvas.drawString(0, 0, "The Maze Book")
        canvas.restoreState()

    return draw


def test_spine_text_on_a_60_page_book_fails(tmp_path: Path) -> None:
    path = cover(tmp_path / "spine60.pdf", pages=60, draw=_spine_text(60))
    report = preflight(path, cover=True, pages=60)
    # a 0.135 in spine cannot keep text 0.0625 in from both folds either
    assert report.failed() == {"spine text", "safe area"}, report.lines()
    assert "79 pages" in report.check("spine text").detail
    plain = cover(tmp_path / "plain60.pdf", pages=60)
    assert failed(plain, cover=True, pages=60) == set()
    allowed = cover(tmp_path / "spine120.pdf", pages=120, draw=_spine_text(120))
    assert failed(allowed, cover=True, pages=120) == set()


def test_spine_text_is_found_among_many_spine_drawings(tmp_path: Path) -> None:
    text = _spine_text(60)

    def busy(canvas: Canvas, number: int, box: tuple[float, float, float, float]) -> None:
        canvas.setLineWidth(1)
        x = box[0] + 6 * IN + 0.05 * IN
        for i in range(40):  # stripes across the spine (inside its folds), before the title
            y = box[1] + IN + i * 10
            canvas.line(x + 0.02 * IN, y, x + 0.025 * IN, y)
        text(canvas, number, box)

    path = cover(tmp_path / "busy.pdf", pages=60, draw=busy)
    assert failed(path, cover=True, pages=60) == {"spine text", "safe area"}


def test_a_cover_of_two_pages_fails_its_size(tmp_path: Path) -> None:
    path = tmp_path / "two.pdf"
    width, height = cover_size("kdp", (6, 9), 100, "white")
    canvas = Canvas(str(path), pagesize=(width * IN, height * IN), invariant=1)
    canvas.showPage()
    canvas.showPage()
    canvas.save()
    assert "one page" in preflight(path, cover=True, pages=100).check("cover size").detail


def test_lulu_cover_uses_lulus_spine(tmp_path: Path) -> None:
    path = cover(tmp_path / "lulu.pdf", pages=444, printer="lulu")
    report = preflight(path, printer="lulu", cover=True, pages=444)
    assert report.ok, report.lines()
    assert "spine 1.0600 in" in report.check("cover size").detail  # 444 / 444 + 0.06
    assert "cover size" in failed(path, cover=True, pages=444)  # KDP's spine is narrower
