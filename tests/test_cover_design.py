"""Covers and title pages set as a designer would, measured from the PDFs themselves: every
word at least 0.125 in inside the trim and on its own panel, spine text 0.0625 in clear of each
fold and readable or left off, back text at least 9 pt, title lines balanced (no line under 45 %
of the longest), subtitle and author on the front and on the title page."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, replace
from pathlib import Path

import pytest
from pypdf import PdfReader
from reportlab.pdfbase.pdfmetrics import stringWidth

from mazebook import build_book
from mazebook.errors import TemplateError
from mazebook.products.book import plan_layout
from mazebook.products.cover import SPINE_MIN, TEXT_MIN, cover_layout
from mazebook.products.cover_only import build_cover
from mazebook.render.typeset import BALANCE, default_fonts
from mazebook.template import Template, load_template, locate, template_from_data
from mazebook.template.load import available_templates

from .padding import padded

SAFE = 0.125 * 72  # every word this far inside the trim
FOLD = 0.0625 * 72  # spine text this far inside each fold
LONG_TITLE = "The Big Book of Wonderfully Winding Mazes for Curious Minds of Every Age and Patience"


@dataclass(frozen=True)
class Word:
    """A drawn string and its box on the page (points), as the PDF places it."""

    text: str
    size: float
    x0: float
    y0: float
    x1: float
    y1: float
    rotated: bool


def placed_text(pdf: Path, page: int = 0) -> list[Word]:
    """Every string drawn on a page with its box: the text matrix, the current transform and
    the font's ascent and descent from the PDF, the width from the embedded font's own metrics
    (DejaVu, bold or regular)."""
    fonts = default_fonts()
    words: list[Word] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        text = text.strip("\n")
        if not text.strip() or not isinstance(font, dict):
            return
        name = fonts.bold if "Bold" in str(font.get("/BaseFont")) else fonts.regular
        scale = tm[0] if tm[0] else 1.0
        size *= scale
        width = stringWidth(text, name, size)
        descriptor = font["/FontDescriptor"].get_object()
        ascent, descent = (float(descriptor[k]) / 1000 * size for k in ("/Ascent", "/Descent"))
        corners = [(tm[4] + dx, tm[5] + dy) for dx in (0.0, width) for dy in (descent, ascent)]
        a, b, c, d, e, f = cm
        mapped = [(a * x + c * y + e, b * x + d * y + f) for x, y in corners]
        xs, ys = [p[0] for p in mapped], [p[1] for p in mapped]
        rotated = abs(b) > 0.5
        words.append(Word(text, size, min(xs), min(ys), max(xs), max(ys), rotated))

    PdfReader(str(pdf)).pages[page].extract_text(visitor_text=visit)
    return words


def _book(name: str, **changes: object) -> dict[str, object]:
    """A shipped template's data with some keys changed."""
    _, entry = locate(name)
    data = tomllib.loads(entry.read_text(encoding="utf-8"))
    data.update(changes)
    return data


BOOKS = [name for name in available_templates() if load_template(name).worksheet is None]
CASES = [(name, {}) for name in BOOKS] + [
    ("classic", {"title": LONG_TITLE, "author": "Ann Example", "page_size": "6x9in"}),
    (
        "classic",
        {"title": LONG_TITLE, "author": "A. Very Long Author Name Indeed", "page_size": "5x8in"},
    ),
    ("children", {"author": "Ann Example", "printer": "ingramspark"}),
]


def _template(name: str, changes: dict[str, object]) -> Template:
    template = template_from_data(_book(name, **changes), name=name, source=f"{name}.toml")
    return replace(template, path=None)


@pytest.mark.parametrize(("name", "changes"), CASES, ids=lambda v: str(v)[:40])
def test_every_word_of_the_cover_is_inside_its_panel(
    tmp_path: Path, name: str, changes: dict[str, object]
) -> None:
    template = _template(name, changes)
    pdf = build_cover(template, output=tmp_path / "cover.pdf")
    printing, plan, _ = plan_layout(template)
    lay = cover_layout(printing.printer, printing.page_trim, plan.page_count, printing.paper)
    left, bottom, right, top = lay.trim_box
    back_fold, front_fold = lay.spine.x, lay.spine.right
    words = placed_text(pdf)
    texts = " ".join(w.text for w in words)
    assert template.subtitle in texts or not template.subtitle
    if template.author:
        front = [w for w in words if not w.rotated and w.x0 >= front_fold]
        assert any(w.text == template.author for w in front)
    for w in words:
        assert left + SAFE <= w.x0 and w.x1 <= right - SAFE, w
        assert bottom + SAFE <= w.y0 and w.y1 <= top - SAFE, w
        if w.rotated:  # the spine: clear of both folds, readable
            assert back_fold + FOLD <= w.x0 and w.x1 <= front_fold - FOLD, w
            assert w.size >= SPINE_MIN, w
        else:  # the back or the front panel, SAFE clear of the folds
            assert w.x1 <= back_fold - SAFE or w.x0 >= front_fold + SAFE, w
            assert w.size >= TEXT_MIN, w
    title = [w for w in words if not w.rotated and w.size == max(x.size for x in words)]
    widths = [w.x1 - w.x0 for w in title]
    assert " ".join(w.text for w in title) == " ".join(template.title.split())
    assert min(widths) >= BALANCE * max(widths), [w.text for w in title]


def test_the_issues_cover_title_reads_as_one_title(tmp_path: Path) -> None:
    """6 x 9 in: "Mazes for Rainy / Days" (291 pt and 89 pt lines) no more."""
    template = _template("classic", {"page_size": "6x9in"})
    title = [w for w in placed_text(build_cover(template, output=tmp_path / "c.pdf"))]
    biggest = max(w.size for w in title)
    assert [w.text for w in title if w.size == biggest] == ["Mazes for", "Rainy Days"]


def test_a_thin_book_has_no_spine_text_and_a_thick_one_has(tmp_path: Path) -> None:
    thin = _template("classic", {"section": [{"count": 4, "difficulty": 1}]})
    with padded():
        thin_cover = build_cover(thin, output=tmp_path / "t.pdf")
    assert not [w for w in placed_text(thin_cover) if w.rotated]
    thick = _template("classic", {})
    spine = [w for w in placed_text(build_cover(thick, output=tmp_path / "k.pdf")) if w.rotated]
    assert spine and spine[0].text.startswith("Mazes for Rainy Days")


@pytest.mark.parametrize(
    ("name", "changes"),
    [
        ("classic", {}),
        ("classic", {"title": LONG_TITLE, "author": "Ann Example", "page_size": "6x9in"}),
    ]
    + [(name, {"author": "Ann Example"}) for name in BOOKS],
    ids=lambda v: str(v)[:40],
)
def test_the_title_page_has_a_balanced_title_subtitle_and_author(
    tmp_path: Path, name: str, changes: dict[str, object]
) -> None:
    data = _book(name, **changes, section=[{"count": 2, "difficulty": 1}], cover=False)
    template = replace(template_from_data(data, name=name, source=f"{name}.toml"), path=None)
    with padded():
        result = build_book(template, output=tmp_path / "b.pdf")
    words = placed_text(result.pdf, 0)
    biggest = max(w.size for w in words)
    title = [w for w in words if w.size == biggest]
    assert " ".join(w.text for w in title) == " ".join(template.title.split())
    widths = [w.x1 - w.x0 for w in title]
    assert min(widths) >= BALANCE * max(widths)
    texts = [w.text for w in words]
    assert not template.author or template.author in texts
    assert not template.subtitle or template.subtitle in " ".join(texts)


@pytest.mark.parametrize("words", [40, 120, 700])
def test_a_blurb_prints_every_word_or_is_refused(tmp_path: Path, words: int) -> None:
    """The back text either prints all of its words (read back from the cover) or the cover is
    refused in one line naming cover.blurb, before any file is written: never cut short."""
    blurb = " ".join(f"b{i:03d}" for i in range(words))
    data = dict(tomllib.loads(locate("children")[1].read_text(encoding="utf-8")))
    data["cover"] = {**data.get("cover", {}), "blurb": blurb}
    template = template_from_data(data, name="blurb")
    out = tmp_path / "c.pdf"
    try:
        path = build_cover(template, output=out, printer="kdp")
    except TemplateError as exc:
        assert exc.key == "cover.blurb" and "runs over the back cover" in str(exc)
        assert "\n" not in str(exc) and not out.exists()
        assert words > 120  # a short blurb always fits
        return
    text = PdfReader(path).pages[0].extract_text()
    assert all(f"b{i:03d}" in text for i in range(words))


@pytest.mark.parametrize("own_font", [False, True])
@pytest.mark.parametrize(
    "title", ["Mazes for Rainy Days", "ÉCOLE D'ÉTÉ Ångström Çà", "Jumpy Quays"]
)
def test_spine_letters_keep_their_ink_clear_of_both_folds(
    tmp_path: Path, title: str, own_font: bool
) -> None:
    """The spine's letters, read as ink from the cover rendered at 600 dpi, stay the printer's
    clearance inside both folds: accented capitals (above the font's declared ascent) too, in
    the bundled font and in a font of the user's own (read from its bytes)."""
    import shutil

    import pypdfium2

    from mazebook.products.cover import band_height, band_text
    from mazebook.render.typeset import FONT_DIR, user_font

    changes: dict[str, object] = {"title": title}
    if own_font:
        shutil.copy(FONT_DIR / "DejaVuSans-Bold.ttf", tmp_path / "mine.ttf")
        changes["font"] = str(tmp_path / "mine.ttf")
    template = _template("classic", changes)
    path = build_cover(template, output=tmp_path / "c.pdf", printer="kdp")
    printing, plan, _ = plan_layout(template)
    lay = cover_layout(printing.printer, printing.page_trim, plan.page_count, printing.paper)
    fonts = user_font(tmp_path / "mine.ttf") if own_font else default_fonts()
    band_bottom = lay.height - lay.bleed - band_height(band_text(template, fonts, lay), lay)
    scale = 600 / 72
    page = pypdfium2.PdfDocument(str(path))[0]
    image = page.render(scale=scale, grayscale=True).to_pil()
    spine = lay.spine
    rows = (
        int((lay.height - band_bottom + lay.safe) * scale),
        int((lay.height - spine.y - lay.safe) * scale),
    )
    columns = [int(spine.x * scale) + 2, int((spine.x + spine.width) * scale) - 2]
    strip = image.crop((columns[0], rows[0], columns[1], rows[1])).point(lambda v: 255 * (v < 128))
    ink = strip.getbbox()
    assert ink is not None  # the spine has its text
    clear = lay.clearance * scale - 2  # the crop starts 2 px inside each fold
    assert ink[0] >= clear - 1 and strip.width - ink[2] >= clear - 1, (ink, strip.width, clear)
