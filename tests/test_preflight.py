"""Preflight: each print rule passes on a clean PDF and fails on one made to break it."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from PIL import Image
from reportlab.lib.utils import ImageReader
from reportlab.pdfgen.canvas import Canvas

from mazebook.book.preflight import preflight
from mazebook.cli import main
from mazebook.render.pdf import new_canvas
from mazebook.render.typeset import default_fonts

LETTER = (612.0, 792.0)


def _pdf(path: Path, draw: Callable[[Canvas], None], *, pages: int = 2, **boxes: object) -> Path:
    """A PDF made with mazebook's print canvas, ``draw`` called on each page."""
    size = boxes.pop("pagesize", LETTER)
    canvas = new_canvas(str(path), size, boxes=boxes)
    for _ in range(pages):
        draw(canvas)
        canvas.showPage()
    canvas.save()
    return path


def _clean(canvas: Canvas) -> None:
    canvas.setFont(default_fonts().regular, 12)
    canvas.drawString(72, 700, "Puzzle 1")
    canvas.setLineWidth(1)
    canvas.setStrokeGray(0.3)
    canvas.line(72, 72, 500, 72)


def _failed(path: Path) -> set[str]:
    return {c.name for c in preflight(path).checks if not c.ok}


def test_clean_pdf_passes(tmp_path: Path) -> None:
    report = preflight(_pdf(tmp_path / "ok.pdf", _clean))
    assert report.ok, report.lines()
    names = [c.name for c in report.checks]
    for expected in (
        "page count",
        "page boxes",
        "fonts embedded",
        "vector only",
        "black and grey only",
        "line weights",
        "safe margin",
    ):
        assert expected in names


def test_unembedded_helvetica_fails(tmp_path: Path) -> None:
    path = tmp_path / "helv.pdf"
    canvas = Canvas(str(path), pagesize=LETTER)  # reportlab's default font: Helvetica
    for _ in range(2):
        canvas.drawString(72, 700, "Hello")
        canvas.showPage()
    canvas.save()
    report = preflight(path)
    fonts = next(c for c in report.checks if c.name == "fonts embedded")
    assert not fonts.ok and "Helvetica" in fonts.detail


def test_colour_fails(tmp_path: Path) -> None:
    def red(canvas: Canvas) -> None:
        _clean(canvas)
        canvas.setFillColorRGB(1, 0, 0)
        canvas.rect(100, 100, 50, 50, fill=1, stroke=0)

    assert _failed(_pdf(tmp_path / "red.pdf", red)) == {"black and grey only"}

    def cmyk(canvas: Canvas) -> None:
        canvas.setStrokeColorCMYK(0, 0.5, 0, 0)
        canvas.line(100, 100, 200, 100)

    assert _failed(_pdf(tmp_path / "cmyk.pdf", cmyk)) == {"black and grey only"}

    def grey_rgb(canvas: Canvas) -> None:
        canvas.setFillColorRGB(0.5, 0.5, 0.5)
        canvas.rect(100, 100, 50, 50, fill=1, stroke=0)

    assert _failed(_pdf(tmp_path / "grey.pdf", grey_rgb)) == set()


def test_raster_image_fails(tmp_path: Path) -> None:
    image = ImageReader(Image.new("L", (8, 8), 128))

    def picture(canvas: Canvas) -> None:
        canvas.drawImage(image, 100, 100, 50, 50)

    assert _failed(_pdf(tmp_path / "img.pdf", picture)) == {"vector only"}


def test_thin_line_fails_even_when_scaled(tmp_path: Path) -> None:
    def thin(canvas: Canvas) -> None:
        canvas.setLineWidth(0.5)
        canvas.line(100, 100, 200, 100)

    assert _failed(_pdf(tmp_path / "thin.pdf", thin)) == {"line weights"}

    def scaled(canvas: Canvas) -> None:
        # 5 units wide under a 0.1 scale: 0.5 pt on paper
        canvas.saveState()
        canvas.scale(0.1, 0.1)
        canvas.setLineWidth(5)
        canvas.line(1000, 1000, 2000, 1000)
        canvas.restoreState()

    assert _failed(_pdf(tmp_path / "scaled.pdf", scaled)) == {"line weights"}

    def thick_scaled(canvas: Canvas) -> None:
        canvas.saveState()
        canvas.scale(0.1, 0.1)
        canvas.setLineWidth(8)
        canvas.line(1000, 1000, 2000, 1000)
        canvas.restoreState()

    assert _failed(_pdf(tmp_path / "ok.pdf", thick_scaled)) == set()


def test_ink_near_the_edge_fails_but_a_background_does_not(tmp_path: Path) -> None:
    def edge(canvas: Canvas) -> None:
        canvas.line(5, 300, 200, 300)

    assert _failed(_pdf(tmp_path / "edge.pdf", edge)) == {"safe margin"}

    def text_edge(canvas: Canvas) -> None:
        canvas.drawString(300, 785, "top")

    assert _failed(_pdf(tmp_path / "text.pdf", text_edge)) == {"safe margin"}

    def background(canvas: Canvas) -> None:
        canvas.setFillGray(0.9)
        canvas.rect(0, 0, *LETTER, fill=1, stroke=0)
        _clean(canvas)

    assert _failed(_pdf(tmp_path / "bg.pdf", background)) == set()


def test_odd_page_count_fails(tmp_path: Path) -> None:
    assert _failed(_pdf(tmp_path / "odd.pdf", _clean, pages=3)) == {"page count"}


def test_page_boxes(tmp_path: Path) -> None:
    media = (LETTER[0] + 18, LETTER[1] + 18)
    good = _pdf(
        tmp_path / "bleed.pdf",
        _clean,
        pagesize=media,
        trimBox=(9, 9, 9 + LETTER[0], 9 + LETTER[1]),
        bleedBox=(0, 0, *media),
    )
    boxes = next(c for c in preflight(good).checks if c.name == "page boxes")
    assert boxes.ok and "bleed 0.125 in" in boxes.detail
    trim_only = _pdf(
        tmp_path / "trim.pdf", _clean, pagesize=media, trimBox=(9, 9, 9 + LETTER[0], 9 + LETTER[1])
    )
    assert "page boxes" in _failed(trim_only)
    wrong = _pdf(
        tmp_path / "wrong.pdf",
        _clean,
        pagesize=media,
        trimBox=(4, 4, media[0] - 4, media[1] - 4),
        bleedBox=(0, 0, *media),
    )
    assert "page boxes" in _failed(wrong)


def test_cli_exit_codes(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    ok = _pdf(tmp_path / "ok.pdf", _clean)
    assert main(["preflight", str(ok)]) == 0
    out = capfd.readouterr().out
    assert out.count("PASS") == 7 and "FAIL" not in out
    bad = _pdf(tmp_path / "odd.pdf", _clean, pages=1)
    assert main(["preflight", str(bad)]) == 1
    assert "FAIL  page count" in capfd.readouterr().out
    assert main(["preflight", str(tmp_path / "missing.pdf")]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "does not exist" in err
    junk = tmp_path / "junk.pdf"
    junk.write_text("not a pdf at all")
    assert main(["preflight", str(junk)]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
