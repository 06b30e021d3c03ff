"""Books built for their printer (issue 10, the builder's side): every shipped template passes
preflight under every printer, covers pass the cover checks, short books are padded with pages
for notes, long ones are refused before any maze is made, and the print keys are checked."""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pypdf import PdfReader

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.errors import MazebookError, TemplateError
from mazebook.pages.layout import Margins, PageFormat, PageLayout
from mazebook.preflight import preflight
from mazebook.printing.printers import (
    KDP,
    PAPERS,
    PRINTERS,
    cover_size,
    inside_margin,
    page_range,
    spine_width,
)
from mazebook.printing.rules import PrintWarning
from mazebook.products.book import plan_layout
from mazebook.products.cover import cmyk_of, cover_layout
from mazebook.products.cover_only import build_cover
from mazebook.template import parse_template
from mazebook.template.load import locate

PT = 72.0
BOOK_TEMPLATES = ("classic", "children", "a4")  # the worksheet is loose sheets: no printer rules
COVER_KEYS = {"file", "width_in", "height_in", "spine_in", "paper", "pages"}


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


def _check_book(pdf: Path, printer: str, paper: str = "white") -> dict[str, Any]:
    """Preflight the interior (and the cover, if the printer takes one) with that printer and
    paper, vector only (mazebook's own rule for its books)."""
    report = preflight(pdf, printer=printer, paper=paper, vector_only=True)
    assert report.ok, report.lines()
    assert report.check("images").detail == "no raster images"
    data: dict[str, Any] = json.loads(pdf.with_suffix(".json").read_text())
    assert data["printer"] == printer
    cover = pdf.with_name(f"{pdf.stem}-cover.pdf")
    if printer == "home":
        assert data["cover"] is None and not cover.exists()
        return data
    entry = data["cover"]
    assert set(entry) == COVER_KEYS and entry["file"] == cover.name
    assert entry["pages"] == data["page_count"] == len(PdfReader(str(pdf)).pages)
    trim = tuple(side / PT for side in data["trim_size_pt"])
    width, height = cover_size(printer, trim, entry["pages"], entry["paper"])
    assert (entry["width_in"], entry["height_in"]) == pytest.approx((width, height), abs=1e-4)
    assert entry["spine_in"] == pytest.approx(
        spine_width(printer, entry["pages"], entry["paper"]), abs=1e-4
    )
    assert entry["paper"] == paper
    cover_report = preflight(cover, printer=printer, cover=True, pages=entry["pages"], paper=paper)
    assert cover_report.ok, cover_report.lines()
    page = PdfReader(str(cover)).pages[0]
    assert "/Image" not in str(page["/Resources"].get("/XObject", {}))  # vector only
    return data


def _on_paper(tmp_path: Path, template: str, paper: str) -> Path:
    """A copy of a shipped template on ``paper``."""
    _, entry = locate(template)
    text = entry.read_bytes().decode("utf-8")
    assert "\npaper =" not in text
    return _write(tmp_path / f"{template}-{paper}.toml", f'paper = "{paper}"\n{text}')


@pytest.mark.slow
@pytest.mark.parametrize("paper", PAPERS)
@pytest.mark.parametrize("template", BOOK_TEMPLATES)
@pytest.mark.parametrize("printer", sorted(p for p in PRINTERS if not PRINTERS[p].tactile))
def test_every_shipped_book_passes_preflight_for_every_printer_and_paper(
    tmp_path: Path, template: str, printer: str, paper: str
) -> None:
    """Interior and cover (the children's book has an accent colour: CMYK for IngramSpark).
    The tactile printer makes its own pages (tests/test_tactile.py)."""
    source = _on_paper(tmp_path, template, paper)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrintWarning)  # a short book padded for colour paper
        result = build_book(str(source), output=tmp_path / f"{template}.pdf", printer=printer)
    data = _check_book(result.pdf, printer, paper)
    assert data["paper"] == paper
    assert (result.cover is None) == (printer == "home")


@pytest.mark.slow
def test_a_bleed_book_and_its_cover_pass_under_kdp(tmp_path: Path) -> None:
    """The quick case of the matrix above: three-sided bleed, 6 x 9 in, cream paper."""
    text = (
        'title = "Bleed"\nauthor = "A. Uthor"\nbleed = true\npage_size = "6x9in"\n'
        'paper = "cream"\n[cover]\nblurb = "Mazes."\ncolor = "#c03020"\n'
        "[[section]]\ncount = 30\ndifficulty = [1, 3]\n"
    )
    template = _write(tmp_path / "bleed.toml", text)
    result = build_book(str(template), output=tmp_path / "bleed.pdf")
    report = preflight(result.pdf, printer="kdp", paper="cream")
    assert report.ok, report.lines()
    data = json.loads(result.manifest.read_text())
    cover = data["cover"]
    assert cover["paper"] == "cream" and cover["pages"] == data["page_count"]
    assert cover["spine_in"] == pytest.approx(data["page_count"] * 0.0025, abs=1e-4)
    checks = preflight(
        result.cover or Path(), printer="kdp", cover=True, pages=cover["pages"], paper="cream"
    )
    assert checks.ok, checks.lines()
    reader = PdfReader(str(result.pdf))
    for number in (1, 2):
        page = reader.pages[number - 1]
        media = [float(v) for v in page["/MediaBox"]]
        assert media == pytest.approx([0, 0, 6.125 * PT, 9.25 * PT])
        trim = [float(v) for v in page["/TrimBox"]]
        assert trim[0] == pytest.approx(0 if number % 2 else 9)


@pytest.mark.slow
def test_a_22_page_book_is_padded_to_24_with_pages_for_notes(tmp_path: Path) -> None:
    # 3 front pages + a section header + 15 puzzles + 3 answer pages = 22 pages
    text = 'title = "Short"\n[[section]]\ncount = 15\ndifficulty = 1\n'
    home_template = _write(tmp_path / "home.toml", 'printer = "home"\n' + text)
    home = build_book(str(home_template), output=tmp_path / "home.pdf")
    assert home.page_count == 22  # no page-count rule at home
    template = _write(tmp_path / "short.toml", text)
    with pytest.warns(PrintWarning) as caught:
        result = build_book(str(template), output=tmp_path / "short.pdf")
    messages = [str(w.message) for w in caught if issubclass(w.category, PrintWarning)]
    assert messages == [
        "22 pages is fewer than kdp's minimum of 24: added 2 pages for notes at the end"
    ]
    assert result.page_count == 24
    reader = PdfReader(str(result.pdf))
    assert len(reader.pages) == 24
    for page in reader.pages[22:]:
        assert "Notes" in (page.extract_text() or "")
    assert preflight(result.pdf, printer="kdp").ok


@pytest.mark.filterwarnings("default::mazebook.errors.MazebookWarning")  # asserted on stderr
def test_the_padding_warning_is_one_line_on_the_command_line(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    template = _write(tmp_path / "short.toml", 'title = "S"\n[[section]]\ncount = 2\n')
    assert main(["build", str(template), "-o", str(tmp_path / "s.pdf"), "--quiet"]) == 0
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "warning:" in err and "minimum of 24" in err


def test_a_book_too_long_for_its_printer_is_refused_before_any_maze(
    tmp_path: Path, capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import mazebook.kinds.search as search_module
    import mazebook.products.fit as fit_module

    def no_maze(*_: Any, **__: Any) -> Any:
        raise AssertionError("a maze was made for a book that cannot be printed")

    monkeypatch.setattr(search_module, "choose", no_maze)
    monkeypatch.setattr(fit_module, "probe_sections", no_maze)
    _, high = page_range("kdp", KDP.trims[14], "white") or (0, 0)  # 8.5 x 11 in: 590
    assert high == 590
    template = _write(
        tmp_path / "long.toml", 'title = "Long"\n[[section]]\ncount = 600\ndifficulty = 1\n'
    )
    out = tmp_path / "out" / "long.pdf"
    assert main(["build", str(template), "-o", str(out)]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert "long.toml" in err and "at most 590 pages" in err
    assert not out.parent.exists()


@pytest.mark.filterwarnings("default::mazebook.errors.MazebookWarning")  # the CLI prints them
def test_home_writes_no_cover_and_needs_no_page_count(tmp_path: Path) -> None:
    template = _write(tmp_path / "h.toml", 'title = "H"\nbleed = true\n[[section]]\ncount = 2\n')
    with pytest.warns(PrintWarning, match="prints no bleed"):
        result = build_book(str(template), output=tmp_path / "h.pdf", printer="home")
    assert result.cover is None and not (tmp_path / "h-cover.pdf").exists()
    data = _check_book(result.pdf, "home")
    assert data["bleed_pt"] == 0 and data["page_count"] < 24
    assert main(["cover", str(template), "--printer", "home", "-o", str(tmp_path / "c.pdf")]) == 2


@pytest.mark.parametrize("margin", ["0.5in", "0.8in"])
@pytest.mark.parametrize("printer", sorted(PRINTERS))
def test_loose_sheets_are_centred_and_bound_pages_keep_their_gutter(
    printer: str, margin: str
) -> None:
    """Home-printed sheets have no spine: the inside margin is the outside one (each sheet
    centred). A bound book's inside margin is the printer's gutter for its page count."""
    text = f'title = "M"\nprinter = "{printer}"\nmargin = "{margin}"\n[[section]]\ncount = 30\n'
    _, plan, layout = plan_layout(parse_template(text))
    margins = layout.margins
    gutter = inside_margin(printer, plan.page_count) * PT
    if PRINTERS[printer].bound:
        assert margins.inside == pytest.approx(gutter)
    else:
        assert margins.inside == pytest.approx(max(gutter, margins.outside))
        assert margins.inside >= margins.outside


def test_cover_false_turns_the_cover_off(tmp_path: Path) -> None:
    template = _write(tmp_path / "n.toml", 'title = "N"\ncover = false\n[[section]]\ncount = 2\n')
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", PrintWarning)
        result = build_book(str(template), output=tmp_path / "n.pdf")
    assert result.cover is None and not (tmp_path / "n-cover.pdf").exists()
    assert json.loads(result.manifest.read_text())["cover"] is None


@pytest.mark.slow
def test_the_cover_command_makes_the_builds_cover(tmp_path: Path) -> None:
    """`mazebook cover` plans the book without making its mazes and gives the same bytes."""
    text = 'title = "Same"\nauthor = "Me"\n[[section]]\ncount = 40\ndifficulty = [1, 4]\n'
    template = _write(tmp_path / "same.toml", text)
    result = build_book(str(template), output=tmp_path / "book" / "same.pdf")
    alone = tmp_path / "alone.pdf"
    assert main(["cover", str(template), "-o", str(alone), "--quiet"]) == 0
    assert result.cover is not None
    assert alone.read_bytes() == result.cover.read_bytes()
    assert build_cover(str(template), output=tmp_path / "again.pdf").read_bytes() == (
        alone.read_bytes()
    )
    lulu = build_cover(str(template), output=tmp_path / "lulu.pdf", printer="lulu")
    lulu_book = build_book(str(template), output=tmp_path / "l" / "l.pdf", printer="lulu")
    assert lulu_book.cover is not None and lulu.read_bytes() == lulu_book.cover.read_bytes()
    assert preflight(lulu, printer="lulu", cover=True, pages=lulu_book.page_count).ok


@pytest.mark.parametrize(
    ("pages", "spine_text"), [(60, False), (126, True)], ids=["60-pages", "126-pages"]
)
def test_spine_text_only_when_the_page_count_allows(
    tmp_path: Path, pages: int, spine_text: bool
) -> None:
    # one section of N puzzles: 4 + N + ceil(N / 6) pages
    count = {60: 48, 126: 104}[pages]
    text = f'title = "Spine"\nauthor = "Me"\n[[section]]\ncount = {count}\ndifficulty = 1\n'
    template = _write(tmp_path / "spine.toml", text)
    cover = build_cover(str(template), output=tmp_path / "spine-cover.pdf")
    report = preflight(cover, printer="kdp", cover=True, pages=pages, paper="white")
    assert report.ok, report.lines()
    detail = next(c.detail for c in report.checks if c.name == "spine text")
    assert ("no text on the spine" not in detail) == spine_text, detail


def test_an_accent_colour_is_the_only_colour(tmp_path: Path) -> None:
    text = 'title = "C"\n[cover]\ncolor = "#336699"\n[[section]]\ncount = 30\n'
    cover = build_cover(str(_write(tmp_path / "c.toml", text)), output=tmp_path / "c.pdf")
    content = PdfReader(str(cover)).pages[0].get_contents()
    data = content.get_data().decode("latin-1") if content is not None else ""
    colours = {
        tuple(round(float(v), 3) for v in line.split()[:3])
        for line in data.splitlines()
        if line.strip().endswith(" rg")
    }
    assert colours == {(0.2, 0.4, 0.6)}, colours  # the accent, and no other colour
    plain = build_cover(
        str(_write(tmp_path / "p.toml", text.replace('color = "#336699"\n', ""))),
        output=tmp_path / "p.pdf",
    )
    plain_content = PdfReader(str(plain)).pages[0].get_contents()
    assert plain_content is not None and b" rg" not in plain_content.get_data()


def test_an_ingramspark_cover_has_its_accent_in_cmyk_within_the_ink_limit(tmp_path: Path) -> None:
    """IngramSpark takes CMYK or grey covers (240 % ink at most): the accent is CMYK there."""
    text = (
        'title = "C"\nprinter = "ingramspark"\n[cover]\ncolor = "#0a1f3c"\n'
        "[[section]]\ncount = 30\n"
    )
    cover = build_cover(str(_write(tmp_path / "c.toml", text)), output=tmp_path / "c.pdf")
    content = PdfReader(str(cover)).pages[0].get_contents()
    data = content.get_data().decode("latin-1") if content is not None else ""
    fills = [line.split() for line in data.splitlines() if line.strip().endswith(" k")]
    assert fills and " rg" not in data and " RG" not in data
    for fill in fills:
        assert sum(float(v) for v in fill[:4]) <= 2.4
    pages = build_book(str(tmp_path / "c.toml"), output=tmp_path / "b" / "c.pdf").page_count
    report = preflight(cover, printer="ingramspark", cover=True, pages=pages)
    assert report.ok, report.lines()
    assert "cmyk" in report.check("colour spaces").detail


@given(
    st.tuples(*[st.floats(0, 1)] * 3),
    st.floats(100, 400),
)
def test_a_cmyk_accent_stays_within_the_ink_limit(
    rgb: tuple[float, float, float], limit: float
) -> None:
    cmyk = cmyk_of(rgb, limit)
    assert all(0.0 <= v <= 1.0 + 1e-9 for v in cmyk)
    assert sum(cmyk) * 100 <= limit + 1e-6
    assert cmyk[3] == pytest.approx(1.0 - max(rgb))  # the black stays: the colour's darkness


# --- the print keys ---------------------------------------------------------------------------
def test_print_keys_are_read() -> None:
    tpl = parse_template(
        'title = "x"\nprinter = "lulu"\npaper = "cream"\n'
        '[cover]\nblurb = "Back text."\ncolor = "#ff8000"\n[[section]]\n'
    )
    assert tpl.printing.printer == "lulu" and tpl.printing.paper == "cream"
    assert tpl.printing.cover.enabled and tpl.printing.cover.blurb == "Back text."
    assert tpl.printing.cover.color == pytest.approx((1.0, 128 / 255, 0.0))
    default = parse_template('title = "x"\n[[section]]\n')
    assert default.printing.printer == "kdp" and default.printing.paper == "white"
    assert default.printing.cover.enabled and default.printing.cover.color is None
    assert not parse_template('title = "x"\ncover = false\n[[section]]\n').printing.cover.enabled


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ('printer = "kpd"', ['"printer"', 'did you mean "kdp"']),
        ('paper = "glossy"', ['"paper"', "white, cream"]),
        ('cover = "yes"', ['"cover"', "false"]),
        ('[cover]\ncolor = "red"', ['"cover.color"', "#rrggbb"]),
        ('[cover]\ntitle = "x"', ["'title'", "blurb"]),
        ('printer = "lulu"\nmargin = "0.4in"', ['"margin"', "0.5 in", "'lulu'"]),
    ],
)
def test_bad_print_keys_are_refused_in_one_line(text: str, words: list[str]) -> None:
    body = 'title = "x"\n' + text + "\n[[section]]\n"
    with pytest.raises(TemplateError) as info:
        parse_template(body, source="book.toml")
    message = str(info.value)
    assert "\n" not in message and message.startswith("book.toml: ")
    for word in words:
        assert word in message, message


def test_a_trim_the_printer_does_not_take_is_refused_with_the_accepted_ones(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    template = _write(tmp_path / "sq.toml", 'title = "Sq"\npage_size = "12x12in"\n[[section]]\n')
    assert main(["build", str(template), "-o", str(tmp_path / "sq.pdf")]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "sq.toml" in err and '"page_size"' in err
    assert "12 x 12 in" in err and "kdp" in err and "accepted: 5 x 8 in" in err
    # home takes letter, A4, legal and A5 paper, and nothing else
    a5 = _write(tmp_path / "a5.toml", 'title = "A5"\npage_size = "a5"\n[[section]]\ncount = 1\n')
    assert build_book(str(a5), output=tmp_path / "a5.pdf", printer="home").cover is None
    with pytest.raises(TemplateError, match="not a trim size home"):
        build_book(str(template), output=tmp_path / "sq.pdf", printer="home")


def test_the_printer_flag_replaces_the_templates(tmp_path: Path) -> None:
    template = _write(tmp_path / "m.toml", 'title = "M"\nmargin = "0.3in"\n[[section]]\n')
    with pytest.raises(TemplateError, match=r"margin.*0\.5 in.*'ingramspark'"):
        build_book(str(template), output=tmp_path / "m.pdf", printer="ingramspark")
    with pytest.raises(MazebookError, match="unknown printer 'nope'"):
        build_book(str(template), output=tmp_path / "m.pdf", printer="nope")
    assert not (tmp_path / "m.pdf").exists()


def test_a_worksheet_takes_no_print_keys() -> None:
    with pytest.raises(TemplateError, match="for books"):
        parse_template('kind = "worksheet"\ntitle = "w"\nprinter = "kdp"\n[[section]]\n')


# --- geometry, for every trim, page and page count --------------------------------------------
@given(
    st.sampled_from([*KDP.trims]),
    st.integers(min_value=1, max_value=900),
    st.sampled_from(["none", "three", "four"]),
)
def test_every_page_keeps_its_content_inside_its_trim(trim: Any, number: int, sides: str) -> None:
    bleed = 0.0 if sides == "none" else KDP.bleed * PT
    fmt = PageFormat(trim.width * PT, trim.height * PT, bleed, sides)  # type: ignore[arg-type]
    layout = PageLayout(fmt, Margins(0.375 * PT, 0.375 * PT, 0.375 * PT, 0.375 * PT))
    frame = layout.frame(number)
    width, height = fmt.media_size
    x0, y0, x1, y1 = frame.trim.as_tuple()
    assert min(x0, y0) >= 0 and x1 <= width + 1e-9 and y1 <= height + 1e-9
    assert frame.trim.contains(frame.content)
    bleeds = (x0, y0, width - x1, height - y1)  # left, bottom, right, top
    if sides == "three":
        outside = (0.0, bleed, bleed, bleed) if number % 2 else (bleed, bleed, 0.0, bleed)
        assert bleeds == pytest.approx(outside)
    else:
        assert bleeds == pytest.approx((bleed,) * 4)


@pytest.mark.slow
@given(
    st.sampled_from(["kdp", "lulu", "ingramspark"]),
    st.integers(min_value=24, max_value=800),
    st.sampled_from(["white", "cream"]),
    st.data(),
)
def test_cover_panels_tile_the_cover(printer: str, pages: int, paper: str, data: Any) -> None:
    trim = data.draw(st.sampled_from(PRINTERS[printer].trims))
    lay = cover_layout(PRINTERS[printer], trim, pages, paper)
    assert lay.back.x == pytest.approx(lay.bleed)
    assert lay.spine.x == pytest.approx(lay.back.right)
    assert lay.front.x == pytest.approx(lay.spine.right)
    assert lay.front.right == pytest.approx(lay.width - lay.bleed)
    assert lay.back.contains(lay.barcode)  # the barcode box is on the back, clear of the spine
    assert lay.barcode.right < lay.spine.x


def test_docs_printers_md_is_generated_from_the_tables(tmp_path: Path) -> None:
    """docs/printers.md is `python -m mazebook.printing.doc`: it cannot drift from the tables."""
    from mazebook.printing.doc import printers_markdown

    text = printers_markdown()
    docs = Path(__file__).resolve().parent.parent / "docs" / "printers.md"
    assert docs.read_text(encoding="utf-8") == text
    assert "24-828" in text and "0.125 in on three sides" in text and "UNVERIFIED" in text
    for name in PRINTERS:
        assert f"## `{name}`" in text
    # every check preflight makes is listed, and nothing else
    from mazebook.printing.doc import CHECKS

    from .test_preflight import book, cover

    tmp = tmp_path
    made = {c.name for c in preflight(book(tmp / "b.pdf")).checks}
    made |= {
        c.name for c in preflight(cover(tmp / "c.pdf", pages=100), cover=True, pages=100).checks
    }
    assert {name for name, _, _ in CHECKS} == made
    assert "| ink coverage | at most 240 % | [IS-COVER] |" in text
