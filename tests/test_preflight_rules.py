"""The printers' rules beyond geometry (issue 22): transparency, the cover's safe area, colour
spaces and ink, images judged by their resolution, colour papers, crop marks, annotations,
bookmarks, the file size, and no PASS for what was not read.

Every PDF is drawn here with reportlab (or byte by byte), following or breaking one published
rule; each broken file fails exactly the check of its rule, and the good ones pass.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from mazebook.preflight import Budget, preflight
from mazebook.preflight.content import file_size_check
from mazebook.printing.printers import KDP, LULU, Trim, cover_size, inside_margin, page_range

from .test_preflight import FONT, IN, Draw, book, clean, cover, failed
from .test_preflight_hostile import one_page, stream

Box = tuple[float, float, float, float]


def _photo(mode: str, pixels: int, colour: object = 128, high: int = 0) -> ImageReader:
    """A photo of ``pixels`` wide (and as high, or ``high``) with some texture."""
    image = Image.new(mode, (pixels, high or pixels), colour)  # type: ignore[arg-type]
    for i in range(0, min(pixels, high or pixels), 7):
        image.putpixel((i, i), 0 if mode == "L" else (0,) * len(mode))
    return ImageReader(image)


def _picture(reader: ImageReader, inches: float) -> Draw:
    """Draw the clean page and the picture ``inches`` wide, 1.5 in inside the trim."""

    def draw(canvas: Canvas, number: int, box: Box) -> None:
        clean(canvas, number, box)
        canvas.drawImage(reader, box[0] + 1.5 * IN, box[1] + 1.5 * IN, inches * IN, inches * IN)

    return draw


# --- transparency ------------------------------------------------------------------------------


def test_a_half_transparent_fill_fails_transparency_where_it_must_be_flattened(
    tmp_path: Path,
) -> None:
    def alpha(canvas: Canvas, number: int, box: Box) -> None:
        clean(canvas, number, box)
        canvas.setFillAlpha(0.5)
        canvas.rect(box[0] + 2 * IN, box[1] + 2 * IN, IN, IN, fill=1, stroke=0)

    path = book(tmp_path / "alpha.pdf", pages=32, draw=alpha)
    report = preflight(path)
    assert report.failed() == {"transparency"}, report.lines()
    assert "fill alpha 0.5" in report.check("transparency").detail
    assert failed(path, printer="ingramspark") == {"transparency"}
    assert failed(path, printer="lulu") == {"transparency"}
    home = preflight(path, printer="home", loose=True)
    assert home.check("transparency").ok  # a desktop printer's driver flattens it


def test_an_image_with_a_soft_mask_fails_transparency(tmp_path: Path) -> None:
    rgba = Image.new("RGBA", (300, 300), (200, 30, 30, 128))

    def masked(canvas: Canvas, number: int, box: Box) -> None:
        canvas.drawImage(ImageReader(rgba), box[0] + 7 * IN, box[1] + 3 * IN, IN, IN, mask="auto")

    path = cover(tmp_path / "smask.pdf", pages=200, draw=masked)
    report = preflight(path, cover=True, pages=200)
    assert report.failed() == {"transparency"}, report.lines()
    assert "soft mask" in report.check("transparency").detail


def test_a_transparency_group_fails_transparency(tmp_path: Path) -> None:
    form = stream(
        b"0 g 10 10 50 50 re f",
        b"/Type /XObject /Subtype /Form /BBox [0 0 100 100] "
        b"/Group << /S /Transparency /CS /DeviceGray >>",
    )
    path = one_page(
        tmp_path / "group.pdf",
        b"q 1 0 0 1 100 100 cm /X Do Q",
        b"<< /XObject << /X 5 0 R >> >>",
        [form],
    )
    report = preflight(path, loose=True)
    assert report.failed() == {"transparency"}, report.lines()
    assert "transparency group" in report.check("transparency").detail


# --- the cover's safe area ---------------------------------------------------------------------


def test_cover_text_touching_the_top_trim_fails_the_safe_area(tmp_path: Path) -> None:
    def high(canvas: Canvas, number: int, box: Box) -> None:
        canvas.setFont(FONT, 14)
        canvas.drawString(box[2] - 4 * IN, box[3] - 11, "Too high")  # cap height reaches the trim

    path = cover(tmp_path / "high.pdf", pages=200, draw=high)
    report = preflight(path, cover=True, pages=200)
    assert report.failed() == {"safe area"}, report.lines()
    assert "text" in report.check("safe area").detail


def test_a_border_stopping_at_the_trim_fails_but_a_band_into_the_bleed_passes(
    tmp_path: Path,
) -> None:
    def band(canvas: Canvas, number: int, box: Box) -> None:
        canvas.setFillColorRGB(0.1, 0.3, 0.6)  # across the whole cover, into the bleed at the top
        canvas.rect(0, box[3] - 1.2 * IN, box[2] + 9, 1.2 * IN + 9, fill=1, stroke=0)

    assert (
        failed(cover(tmp_path / "band.pdf", pages=200, draw=band), cover=True, pages=200) == set()
    )

    def border(canvas: Canvas, number: int, box: Box) -> None:
        canvas.setFillGray(0.3)  # a strip on the front that stops at the trim, not past it
        canvas.rect(box[2] - 0.1 * IN, box[1] + IN, 0.1 * IN, 2 * IN, fill=1, stroke=0)

    path = cover(tmp_path / "border.pdf", pages=200, draw=border)
    assert failed(path, cover=True, pages=200) == {"safe area"}


# --- colour spaces and ink ---------------------------------------------------------------------


def _background(c: float, m: float, y: float, k: float) -> Draw:
    def draw(canvas: Canvas, number: int, box: Box) -> None:
        canvas.setFillColorCMYK(c, m, y, k)
        canvas.rect(0, 0, box[2] + 9, box[3] + 9, fill=1, stroke=0)
        canvas.setFillGray(1)
        canvas.setFont(FONT, 24)
        canvas.drawString(box[2] - 5 * IN, box[3] - 3 * IN, "White on dark")

    return draw


def test_a_400_percent_background_fails_ingramsparks_ink_limit(tmp_path: Path) -> None:
    rich = cover(
        tmp_path / "rich.pdf", pages=200, printer="ingramspark", draw=_background(1, 1, 1, 1)
    )
    report = preflight(rich, printer="ingramspark", cover=True, pages=200)
    assert report.failed() == {"ink coverage"}, report.lines()
    assert "400 %" in report.check("ink coverage").detail
    assert "240 %" in report.check("ink coverage").detail
    # IngramSpark's own rich black, 60/40/40/100 = 240 %, passes
    black = cover(
        tmp_path / "black.pdf", pages=200, printer="ingramspark", draw=_background(0.6, 0.4, 0.4, 1)
    )
    assert failed(black, printer="ingramspark", cover=True, pages=200) == set()
    assert failed(rich, cover=True, pages=200) == set()  # KDP publishes no ink limit


def test_a_cmyk_image_over_the_limit_fails_the_ink(tmp_path: Path) -> None:
    def photo(canvas: Canvas, number: int, box: Box) -> None:
        image = Image.new("CMYK", (600, 600), (255, 255, 255, 255))
        canvas.drawImage(ImageReader(image), box[2] - 5 * IN, box[1] + 3 * IN, 2 * IN, 2 * IN)

    path = cover(tmp_path / "cmyk.pdf", pages=200, printer="ingramspark", draw=photo)
    report = preflight(path, printer="ingramspark", cover=True, pages=200)
    assert report.failed() == {"ink coverage"}, report.lines()
    assert "image" in report.check("ink coverage").detail


def test_an_rgb_cover_fails_ingramspark_but_passes_kdp(tmp_path: Path) -> None:
    def red(canvas: Canvas, number: int, box: Box) -> None:
        canvas.setFillColorRGB(0.8, 0.1, 0.1)
        canvas.rect(box[2] - 5 * IN, box[3] - 5 * IN, 2 * IN, IN, fill=1, stroke=0)

    path = cover(tmp_path / "rgb.pdf", pages=200, printer="ingramspark", draw=red)
    report = preflight(path, printer="ingramspark", cover=True, pages=200)
    assert report.failed() == {"colour spaces"}, report.lines()
    assert "PDF/X-1a" in report.check("colour spaces").detail
    kdp = cover(tmp_path / "kdp.pdf", pages=200, draw=red)
    assert failed(kdp, cover=True, pages=200) == set()


# --- images ------------------------------------------------------------------------------------


def test_a_300_dpi_grey_photo_passes_and_a_150_dpi_one_fails(tmp_path: Path) -> None:
    good = book(tmp_path / "300.pdf", draw=_picture(_photo("L", 600), 2))
    report = preflight(good)
    assert report.ok, report.lines()
    assert "300 dpi" in report.check("images").detail
    poor = preflight(book(tmp_path / "150.pdf", draw=_picture(_photo("L", 300), 2)))
    assert poor.failed() == {"images"}, poor.lines()
    assert "page 1" in poor.check("images").detail
    assert "300 x 300 px at 150 dpi" in poor.check("images").detail
    # mazebook's own rule for its books: no raster image at all
    vector = preflight(good, vector_only=True)
    assert vector.failed() == {"images"} and "vector-only" in vector.check("images").detail


def test_a_colour_photo_fails_a_black_ink_book_but_not_a_colour_one(tmp_path: Path) -> None:
    path = book(tmp_path / "rgb.pdf", pages=72, draw=_picture(_photo("RGB", 600, (200, 40, 40)), 2))
    report = preflight(path)
    assert report.failed() == {"images"}, report.lines()
    assert "not grey" in report.check("images").detail
    colour = preflight(path, paper="color")
    assert colour.ok, colour.lines()
    assert colour.check("colour spaces").ok
    assert "colour spaces" in failed(path, paper="color", printer="ingramspark")


def test_jpeg_2000_fails_where_refused(tmp_path: Path) -> None:
    image = stream(
        b"\x00" * 16,
        b"/Type /XObject /Subtype /Image /Width 300 /Height 300 /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Filter /JPXDecode",
    )
    content = b"q 72 0 0 72 100 100 cm /Im Do Q"
    path = one_page(tmp_path / "jpx.pdf", content, b"<< /XObject << /Im 5 0 R >> >>", [image])
    report = preflight(path, printer="ingramspark", loose=True)
    assert report.failed() == {"images"}, report.lines()
    assert "JPEG 2000" in report.check("images").detail
    assert failed(path, loose=True) == set()  # KDP takes it


# --- colour papers, page counts, gutters -------------------------------------------------------


def test_colour_papers_have_their_own_spine_and_page_counts(tmp_path: Path) -> None:
    premium = cover(tmp_path / "premium.pdf", pages=400, paper="premium-color")
    assert failed(premium, cover=True, pages=400, paper="premium-color") == set()
    assert failed(premium, cover=True, pages=400) == {"cover size"}  # 0.038 in narrower
    width = cover_size("kdp", (6, 9), 200, "premium-color")[0]
    assert width == pytest.approx(12 + 200 * 0.002347 + 0.25)
    assert page_range("kdp", Trim(6, 9), "color") == (72, 600)
    assert page_range("kdp", Trim(8.5, 11), "premium-color") == (24, 590)
    short = book(tmp_path / "short.pdf", pages=48)
    assert failed(short, paper="color") == {"page count"}
    assert failed(short, paper="premium-color") == set()


def test_lulus_gutter_grows_with_the_page_count(tmp_path: Path) -> None:
    assert [inside_margin(LULU, n) for n in (32, 60, 61, 150, 151, 400, 401, 800)] == [
        0.5,
        0.5,
        0.625,
        0.625,
        1.0,
        1.0,
        1.125,
        1.25,
    ]

    def near(canvas: Canvas, number: int, box: Box) -> None:
        clean(canvas, number, box)
        x = box[0] + 0.55 * IN + 0.5 if number % 2 else box[2] - 0.55 * IN - 0.5
        canvas.line(x, box[1] + 2 * IN, x, box[1] + 3 * IN)

    thin = book(tmp_path / "thin.pdf", pages=40, draw=near)
    assert failed(thin, printer="lulu") == set()
    thick = book(tmp_path / "thick.pdf", pages=64, draw=near)
    assert failed(thick, printer="lulu") == {"inside margin"}


# --- marks, annotations, bookmarks, file size --------------------------------------------------


def test_crop_marks_fail_where_refused(tmp_path: Path) -> None:
    def marks(canvas: Canvas, number: int, box: Box) -> None:
        clean(canvas, number, box)
        canvas.setLineWidth(1)
        canvas.line(box[0] + IN, box[3] + 2, box[0] + IN, box[3] + 8)  # in the bleed, above
        canvas.line(box[2] - IN, box[1] - 8, box[2] - IN, box[1] - 2)

    path = book(tmp_path / "marks.pdf", bleed="three", draw=marks)
    report = preflight(path)
    assert report.failed() == {"marks and annotations"}, report.lines()
    assert "outside the trim" in report.check("marks and annotations").detail


def test_annotations_and_bookmarks_fail_where_refused(tmp_path: Path) -> None:
    def link(canvas: Canvas, number: int, box: Box) -> None:
        clean(canvas, number, box)
        if number == 3:
            canvas.linkURL("https://example.com", (box[0] + IN, box[1] + IN, 200, 120))

    linked = preflight(book(tmp_path / "link.pdf", draw=link))
    assert linked.failed() == {"marks and annotations"}, linked.lines()
    assert "page 3: 1 annotation" in linked.check("marks and annotations").detail

    def outline(canvas: Canvas, number: int, box: Box) -> None:
        clean(canvas, number, box)
        canvas.bookmarkPage(f"p{number}")
        canvas.addOutlineEntry(f"Page {number}", f"p{number}")

    marked = book(tmp_path / "outline.pdf", trim=(8.5, 11), draw=outline)
    assert failed(marked) == {"marks and annotations"}
    assert "bookmarks" in preflight(marked).check("marks and annotations").detail
    assert failed(marked, printer="home") == set()  # a desktop printer ignores them


def test_a_file_over_the_printers_size_limit_fails(tmp_path: Path) -> None:
    assert not file_size_check(651_000_000, KDP).ok
    assert file_size_check(649_000_000, KDP).ok
    tiny = dataclasses.replace(KDP, max_file_mb=0.001)  # a 1 kB limit: any book is over it
    path = book(tmp_path / "big.pdf")
    report = preflight(path, printer=tiny)
    assert report.failed() == {"file size"}, report.lines()
    assert "over 0.001 MB" in report.check("file size").detail


# --- nothing unread passes ---------------------------------------------------------------------


def test_a_file_too_complex_to_read_passes_no_content_check(tmp_path: Path) -> None:
    path = book(tmp_path / "book.pdf")
    report = preflight(path, budget=Budget(max_operators=50))
    assert "too complex to check" in report.check("content readable").detail
    for name in ("line weights", "fonts embedded", "images", "ink coverage", "transparency"):
        check = report.check(name)
        assert not check.ok and check.detail.startswith("not checked in full"), check
    assert report.check("trim size").ok and report.check("bleed").ok  # the boxes were read


# --- good files from outside pass --------------------------------------------------------------


def test_files_made_by_the_published_rules_pass(tmp_path: Path) -> None:
    """A KDP bleed book with a full-bleed 300 dpi grey photo, an IngramSpark CMYK cover with
    its rich black, and a Lulu colour interior with an RGB photo."""

    def full_bleed(canvas: Canvas, number: int, box: Box) -> None:
        canvas.drawImage(_photo("L", 1840, 200, 2780), 0, 0, 6.125 * IN, 9.25 * IN)
        clean(canvas, number, box)

    kdp = preflight(book(tmp_path / "kdp.pdf", bleed="three", draw=full_bleed))
    assert kdp.ok, kdp.lines()

    def rich(canvas: Canvas, number: int, box: Box) -> None:
        _background(0.6, 0.4, 0.4, 1)(canvas, number, box)
        canvas.setFillColorCMYK(0, 0.8, 0.9, 0)
        canvas.rect(box[2] - 5 * IN, box[1] + 2 * IN, 3 * IN, IN, fill=1, stroke=0)

    ingram = cover(tmp_path / "is.pdf", pages=300, printer="ingramspark", draw=rich)
    report = preflight(ingram, printer="ingramspark", cover=True, pages=300)
    assert report.ok, report.lines()
    lulu_book = book(
        tmp_path / "lulu.pdf",
        pages=40,
        bleed="four",
        draw=_picture(_photo("RGB", 600, (30, 120, 200)), 2),
    )
    lulu = preflight(lulu_book, printer="lulu", paper="premium-color")
    assert lulu.ok, lulu.lines()
