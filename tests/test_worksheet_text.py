"""Any language on worksheets (and books): embedded fonts, shaped right-to-left text, and a
clear error for characters the font lacks.

No CJK font is on CI machines, so the Chinese test builds a tiny TrueType font with fontTools
(one box glyph for each character it needs); Cyrillic and Arabic use the bundled DejaVu Sans.
"""

from __future__ import annotations

import json
import unicodedata
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from reportlab.pdfgen.canvas import Canvas

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.core.engine import generate
from mazebook.errors import FontError
from mazebook.geometry.from_maze import maze_geometry
from mazebook.pages.document import MazeCard, draw_maze_box
from mazebook.pages.layout import Box
from mazebook.preflight import preflight
from mazebook.render import fasttext
from mazebook.render.pdf import new_canvas
from mazebook.render.typeset import (
    FONT_DIR,
    check_text,
    default_fonts,
    direction,
    user_font,
    visual,
    wrap,
)
from tests.fontmaker import tiny_font

from .padding import padded

CHINESE = "迷宫练习"
ARABIC = "متاهات الصف الثالث"
RUSSIAN = "Лабиринты для 3-го класса"
ASCII = "".join(chr(c) for c in range(0x20, 0x7F))


def _pdfs(pdf: Path) -> tuple[Path, Path]:
    return pdf, pdf.with_name(f"{pdf.stem}-answers.pdf")


def _first_page_text(path: Path) -> str:
    return PdfReader(str(path)).pages[0].extract_text() or ""


@pytest.mark.slow
def test_chinese_title_with_an_embedded_font(tmp_path: Path) -> None:
    font = tiny_font(tmp_path / "tiny.ttf", CHINESE + ASCII)  # ASCII: the sheet's own labels
    pdf = tmp_path / "out" / "cjk.pdf"
    assert main(["worksheet", "-q", "--font", str(font), "--title", CHINESE, "-o", str(pdf)]) == 0
    for path in _pdfs(pdf):
        report = preflight(path, loose=True)
        assert report.ok, report.lines()
        assert b"/FontFile2" in path.read_bytes()  # the TrueType program is in the file
        fonts = next(c for c in report.checks if c.name == "fonts embedded")
        assert "DejaVu" not in fonts.detail  # the user's font is the only one
        assert _first_page_text(path).startswith(CHINESE + "\n")


def test_characters_the_font_lacks_are_named(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    pdf = tmp_path / "out" / "w.pdf"
    assert main(["worksheet", "--title", f"Maze {CHINESE}", "-o", str(pdf)]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "title" in err
    for ch in CHINESE:
        assert f"'{ch}' (U+{ord(ch):04X})" in err
    # a font without the sheet's own labels: the instruction is named
    font = tiny_font(tmp_path / "only-cjk.ttf", CHINESE + "0123456789 /")
    assert main(["worksheet", "--font", str(font), "--title", CHINESE, "-o", str(pdf)]) == 2
    assert "instruction" in capfd.readouterr().err
    assert not (tmp_path / "out").exists()


def test_arabic_is_named_by_its_letters_when_the_font_lacks_them(tmp_path: Path) -> None:
    font = user_font(tiny_font(tmp_path / "latin.ttf", ASCII)).regular
    with pytest.raises(FontError) as info:
        check_text(font, "مرحبا", what="title")
    message = str(info.value)
    # the letter typed, and the joined form that would be drawn
    assert "'م' (U+0645, drawn as U+FEE3)" in message


@pytest.mark.slow
def test_cff_fonts_are_refused_with_a_reason(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    font = tiny_font(tmp_path / "cff.otf", ASCII, cff=True)
    assert main(["worksheet", "--font", str(font), "-o", str(tmp_path / "w.pdf")]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "PostScript (CFF) outlines" in err and "--font" in err
    assert not list(tmp_path.glob("w*"))


@pytest.mark.slow
def test_cyrillic_title_prints_as_written(tmp_path: Path) -> None:
    pdf = tmp_path / "ru.pdf"
    font = FONT_DIR / "DejaVuSans.ttf"
    assert main(["worksheet", "-q", "--font", str(font), "--title", RUSSIAN, "-o", str(pdf)]) == 0
    for path in _pdfs(pdf):
        assert preflight(path, loose=True).ok
        assert _first_page_text(path).startswith(RUSSIAN + "\n")


def _is_presentation_form(ch: str) -> bool:
    return 0xFB50 <= ord(ch) <= 0xFDFF or 0xFE70 <= ord(ch) <= 0xFEFF


@pytest.mark.slow
def test_arabic_is_joined_and_drawn_right_to_left(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    drawn: list[str] = []
    real = Canvas.drawCentredString

    def spy(self: Canvas, x: float, y: float, text: str, *args: Any, **kwargs: Any) -> Any:
        drawn.append(text)
        return real(self, x, y, text, *args, **kwargs)

    monkeypatch.setattr(Canvas, "drawCentredString", spy)
    # every line through reportlab's calls, the spy's (render/fasttext writes the same text)
    monkeypatch.setattr(fasttext, "_font", lambda canvas, text: None)
    template = tmp_path / "ar.toml"
    template.write_text(
        f'kind = "worksheet"\ntitle = "{ARABIC}"\nfields = ["الاسم", "الصف", "التاريخ"]\n'
        'instruction = "ارسم خطا من البداية إلى النهاية."\nanswer_title = "الحلول"\n'
        'start_label = "البداية"\nfinish_label = "النهاية"\n[[section]]\ncount = 2\n',
        encoding="utf-8",
    )
    result = build_book(str(template), output=tmp_path / "out" / "ar.pdf")
    assert result.answers is not None
    # the title as drawn: joined letters in visual order, never the logical codepoints
    shown = visual(ARABIC)
    assert shown in drawn and ARABIC not in drawn
    assert all(_is_presentation_form(ch) or ch == " " for ch in shown)
    last = ARABIC[-1]  # ث, drawn first (leftmost) in its final form
    assert unicodedata.normalize("NFKC", shown[0]) == last
    assert "FINAL" in unicodedata.name(shown[0])
    for path in (result.pdf, result.answers):
        report = preflight(path, loose=True)
        assert report.ok, report.lines()
        text = _first_page_text(path)
        assert any(_is_presentation_form(ch) for ch in text)
        assert not any(0x0600 <= ord(ch) <= 0x06FF for ch in text)  # nothing left unshaped


@pytest.mark.slow
def test_a_book_with_an_arabic_title_and_section(tmp_path: Path) -> None:
    template = tmp_path / "book.toml"
    template.write_text(
        f'title = "{ARABIC}"\nauthor = "مدرسة النور"\n[[section]]\nname = "سهل"\ncount = 2\n'
        "difficulty = 2\n",
        encoding="utf-8",
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "out" / "book.pdf")
    report = preflight(result.pdf, loose=True)
    assert report.ok, report.lines()
    pages = [p.extract_text() or "" for p in PdfReader(str(result.pdf)).pages]
    for text in (pages[0], pages[2]):  # the title page and the contents
        assert any(_is_presentation_form(ch) for ch in text)
        assert not any(0x0600 <= ord(ch) <= 0x06FF for ch in text)
    data = json.loads(result.manifest.read_text(encoding="utf-8"))
    assert data["title"] == ARABIC  # the manifest and metadata keep the logical text


def test_visual_and_wrap(tmp_path: Path) -> None:
    assert visual("Maze Worksheet") == "Maze Worksheet"  # left-to-right text is untouched
    assert visual(RUSSIAN) == RUSSIAN and visual(CHINESE) == CHINESE
    assert visual("שלום") == "םולש"  # Hebrew: reordered, no joining
    assert visual("a\u200fb") == "ab"  # bidi marks steer, they are not drawn
    assert direction(ARABIC) == "R" and direction("Maze 1") == "L" and direction("123") == "L"
    fonts = default_fonts()
    lines = wrap("ارسم خطا من البداية إلى النهاية دون عبور أي جدار", fonts.regular, 12, 90)
    assert len(lines) > 1 and all(_is_presentation_form(c) or c == " " for c in "".join(lines))
    font = user_font(tiny_font(tmp_path / "wrap.ttf", CHINESE)).regular
    chinese = wrap(CHINESE * 10, font, 12, 100)  # no spaces: broken between characters
    assert len(chinese) > 1 and "".join(chinese) == CHINESE * 10


def test_start_and_finish_words_never_overlap(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # two openings side by side on the top wall: the words are set apart, not on top of each other
    maze = generate(
        "backtracker",
        6,
        6,
        seed=1,
        entrance=[2, 0],
        exit=[3, 0],
        entrance_side="N",
        exit_side="N",
    )
    geom = maze_geometry(maze)
    fonts = default_fonts()
    canvas = new_canvas(str(tmp_path / "labels.pdf"), (300, 300))
    box = Box(40, 40, 110, 110)  # small cells: centred words would overlap
    calls: list[tuple[str, float, str]] = []
    # every line through reportlab's calls, recorded here (render/fasttext writes the same)
    monkeypatch.setattr(fasttext, "_font", lambda canvas, text: None)
    for name in ("drawString", "drawRightString", "drawCentredString"):
        real = getattr(canvas, name)

        def record(x: float, y: float, text: str, *a: Any, _n: str = name, _r: Any = real) -> Any:
            calls.append((_n, x, text))
            return _r(x, y, text, *a)

        setattr(canvas, name, record)
    card = MazeCard(geom, "")
    draw_maze_box(canvas, fonts, card, box)
    from reportlab.pdfbase.pdfmetrics import stringWidth

    spans = []
    for how, x, text in calls:
        width = stringWidth(text, fonts.bold, 7)
        left = {"drawString": x, "drawRightString": x - width}.get(how, x - width / 2)
        spans.append((left, left + width, text))
    (_, first_end, _), (second_start, _, _) = sorted(spans)
    assert first_end <= second_start, spans
    assert {how for how, _, _ in calls} == {"drawString"}  # level words, set left to right
    assert card.start_word == "START"
