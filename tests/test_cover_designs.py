"""Covers that look published (issue 34, point 5) and the large-print cover (issue 36, point 1):
three designs chosen by ``[cover] design`` that differ in layout; the front's puzzle of the
book's own kind, shape and level; the title and subtitle readable when a store shows the front
160 px wide, measured from the PDF's font sizes and the thumbnail's scale and from the rendered
thumbnail itself; a template's own picture; a large-print cover's words. Measured from the
PDFs, never from mazebook's own settings."""

from __future__ import annotations

import re
import shutil
import subprocess
import tomllib
import zlib
from dataclasses import replace
from pathlib import Path

import pypdfium2
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageDraw
from pypdf import PdfReader

from mazebook.app.cli import main
from mazebook.errors import MazebookError, TemplateError
from mazebook.preflight import preflight
from mazebook.printing.keys import COVER_DESIGNS
from mazebook.products.book import plan_layout
from mazebook.products.cover import cover_layout
from mazebook.products.cover_only import build_cover
from mazebook.render.typeset import default_fonts, ink_height
from mazebook.template import Template, locate, template_from_data
from mazebook.template.load import available_templates, load_template

from .test_cover_design import LONG_TITLE, placed_text

#: The subtitle's capitals at least this tall (pixels) when the front is shown 160 px wide.
THUMB, CAP_PX = 160, 8.0
DESIGNS = list(COVER_DESIGNS)
BOOKS = [n for n in available_templates() if load_template(n).worksheet is None]
#: DejaVu Sans's capital height per point, read from the font's own ink.
CAP = (ink_height(default_fonts().regular, "H") or (0.729, 0))[0]


def _data(name: str, **changes: object) -> dict[str, object]:
    data = tomllib.loads(locate(name)[1].read_text(encoding="utf-8"))
    data.update(changes)
    return data


def _template(data: dict[str, object], design: str | None = None, **cover: object) -> Template:
    table = dict(data.get("cover", {}) or {})  # type: ignore[call-overload]
    table.update(cover)
    if design is not None:
        table["design"] = design
    source = dict(data, cover=table)
    return replace(template_from_data(source, name="t", source="t.toml"), path=None)


def _layout(template: Template):  # type: ignore[no-untyped-def]
    printing, plan, _ = plan_layout(template)
    return cover_layout(printing.printer, printing.page_trim, plan.page_count, printing.paper)


def _front_words(pdf: Path, template: Template):  # type: ignore[no-untyped-def]
    lay = _layout(template)
    return lay, [w for w in placed_text(pdf) if not w.rotated and w.x0 >= lay.front.x]


# --- the key ---------------------------------------------------------------------------------


def test_cover_true_false_and_the_table_still_read() -> None:
    assert template_from_data(_data("classic", cover=False)).printing.cover.enabled is False
    on = template_from_data(_data("classic", cover=True)).printing.cover
    assert on.enabled and on.design == "band" and on.picture is None
    table = template_from_data(_data("classic", cover={"design": "framed"})).printing.cover
    assert table.design == "framed" and table.enabled


@pytest.mark.parametrize(("typo", "meant"), [("fram", "framed"), ("full_bleed", "full-bleed")])
def test_an_unknown_design_is_refused_naming_the_valid_ones(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], typo: str, meant: str
) -> None:
    with pytest.raises(TemplateError) as caught:
        template_from_data(_data("classic", cover={"design": typo}), source="b.toml")
    message = str(caught.value)
    assert caught.value.key == "cover.design" and "\n" not in message
    assert f'did you mean "{meant}"' in message
    assert all(name in message for name in DESIGNS)
    path = tmp_path / "b.toml"
    text = locate("classic")[1].read_text(encoding="utf-8")
    path.write_text(text.replace("[cover]\n", f'[cover]\ndesign = "{typo}"\n'), encoding="utf-8")
    assert main(["cover", str(path), "-o", str(tmp_path / "c.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "did you mean" in err and "Traceback" not in err


# --- readable in a store's thumbnail ---------------------------------------------------------

CASES = [(name, {}) for name in BOOKS] + [
    ("classic", {"title": LONG_TITLE, "author": "Ann Example", "page_size": "6x9in"}),
    ("classic", {"title": LONG_TITLE, "page_size": "5x8in"}),
    ("children", {"subtitle": "Forty big friendly mazes to trace with a finger or a crayon"}),
]


@pytest.mark.parametrize("design", DESIGNS)
@pytest.mark.parametrize(("name", "changes"), CASES, ids=lambda v: str(v)[:30])
def test_title_and_subtitle_read_at_160_px(
    tmp_path: Path, design: str, name: str, changes: dict[str, object]
) -> None:
    """The subtitle's capitals stand at least 8 px tall when the front (with its outer bleed,
    the widest a store may crop) is shown 160 px wide; the title's taller (on a shipped book's
    front, at least 1.3 times the subtitle's size, so a long subtitle held at its thumbnail
    size does not bring the title down to its own: the children's full-bleed front did);
    every title word on the front, whole."""
    template = _template(_data(name, **changes), design)
    pdf = build_cover(template, output=tmp_path / "c.pdf")
    lay, words = _front_words(pdf, template)
    shown = lay.front.width + lay.bleed
    scale = THUMB / shown
    title_size = max(w.size for w in words)
    title = [w for w in words if w.size == title_size]
    assert " ".join(w.text for w in title).split() == template.title.split()
    subtitle = [w for w in words if " ".join(w.text.split()) in template.subtitle]
    assert " ".join(" ".join(w.text for w in subtitle).split()) == template.subtitle
    for w in subtitle:
        assert w.size * CAP * scale >= CAP_PX, (w, w.size * CAP * scale)
    assert title_size > max(w.size for w in subtitle)
    if not changes:
        assert title_size >= 1.3 * max(w.size for w in subtitle), (title_size, subtitle)


def _ink_rows(image: Image.Image, box: tuple[int, int, int, int]) -> int:
    """How many pixel rows in ``box`` hold a pixel at least half inked: at least half as far
    from the box's background (its corner, clear of the letters) as the letters' full ink."""
    crop = image.convert("L").crop(box)
    ground = int(crop.getpixel((0, 0)))  # type: ignore[arg-type]
    far = [
        [abs(int(crop.getpixel((x, y))) - ground) for x in range(crop.width)]
        for y in range(crop.height)
    ]  # type: ignore[arg-type]
    full = max(max(row) for row in far)
    assert full >= 96  # the letters stand out from their ground
    return sum(1 for row in far if max(row) >= full / 2)


def _thumbnails(pdf: Path, width_px: float, tmp_path: Path) -> list[Image.Image]:
    """The whole cover rendered ``width_px`` wide by PDFium and, where it is installed, by
    poppler's pdftoppm (as a store or a reviewer would make the thumbnail)."""
    page = pypdfium2.PdfDocument(str(pdf))[0]
    images = [page.render(scale=width_px / page.get_width(), grayscale=True).to_pil()]
    if shutil.which("pdftoppm"):
        out = tmp_path / "thumb"
        command = ["pdftoppm", "-gray", "-png", "-singlefile", "-scale-to-x"]
        command += [str(round(width_px)), "-scale-to-y", "-1", str(pdf), str(out)]
        subprocess.run(command, check=True)
        images.append(Image.open(out.with_suffix(".png")))
    return images


@pytest.mark.parametrize("design", DESIGNS)
@pytest.mark.parametrize("name", BOOKS)
def test_the_subtitle_capitals_are_8_px_of_ink_in_the_thumbnail(
    tmp_path: Path, name: str, design: str
) -> None:
    """A subtitle of capitals only ("HIKE"), the cover rendered so its front (with its outer
    bleed) is 160 px wide: the subtitle's ink covers at least 8 pixel rows at half ink or more,
    in both renderers."""
    template = _template(_data(name, subtitle="HIKE"), design)
    pdf = build_cover(template, output=tmp_path / "c.pdf")
    lay, words = _front_words(pdf, template)
    scale = THUMB / (lay.front.width + lay.bleed)
    word = next(w for w in words if w.text == "HIKE")
    for image in _thumbnails(pdf, lay.width * scale, tmp_path):
        sx, sy = image.width / lay.width, image.height / lay.height
        box = (
            int(word.x0 * sx) - 1,
            int(image.height - word.y1 * sy) - 1,
            int(word.x1 * sx) + 2,
            int(image.height - word.y0 * sy) + 2,
        )
        assert _ink_rows(image, box) >= CAP_PX


def test_a_title_that_cannot_fit_is_refused_in_one_line_naming_it(tmp_path: Path) -> None:
    title = " ".join(["Labyrinth"] * 12)
    template = _template(_data("classic", title=title, page_size="5x8in"), "band")
    out = tmp_path / "c.pdf"
    with pytest.raises(TemplateError) as caught:
        build_cover(template, output=out)
    assert caught.value.key == "title" and "\n" not in str(caught.value)
    assert "160 px" in str(caught.value) and not out.exists()
    word = _template(_data("classic", title="Supercalifragilisticexpialidocious Mazes"), "framed")
    with pytest.raises(TemplateError, match="wider than the front") as wide:
        build_cover(word, output=out)
    assert wide.value.key == "title"
    subtitle = " ".join(["winding"] * 9)
    with pytest.raises(TemplateError) as sub:
        build_cover(_template(_data("classic", subtitle=subtitle), "full-bleed"), output=out)
    assert sub.value.key == "subtitle" and "8 px" in str(sub.value)


# --- layouts that differ ---------------------------------------------------------------------


def _render(pdf: Path, dpi: float = 20) -> Image.Image:
    page = pypdfium2.PdfDocument(str(pdf))[0]
    return page.render(scale=dpi / 72, grayscale=True).to_pil().point(lambda v: 255 * (v > 200))


def test_the_three_designs_differ_in_layout(tmp_path: Path) -> None:
    """The same book (no accent colour: grey only, so only layout can differ) under each
    design: the fronts' ink differs in most places between any two designs; the band runs
    across the back too; the full-bleed front has ink at its outer edge all the way down;
    the framed front has its border."""
    data = _data("classic")
    images = {}
    lays = {}
    for design in DESIGNS:
        template = _template(data, design)
        pdf = build_cover(template, output=tmp_path / f"{design}.pdf")
        images[design], lays[design] = _render(pdf), _layout(template)
    lay = lays["band"]
    s = 20 / 72
    front = (int(lay.front.x * s) + 2, 0, images["band"].width, images["band"].height)
    fronts = {d: list(im.crop(front).get_flattened_data()) for d, im in images.items()}
    for a in DESIGNS:
        for b in DESIGNS:
            if a < b:
                same = sum(x == y for x, y in zip(fronts[a], fronts[b], strict=True))
                assert same / len(fronts[a]) < 0.8, (a, b, same / len(fronts[a]))
    back_top = (int(lay.back.x * s) + 4, 2, int(lay.back.right * s) - 4, 6)
    assert max(images["band"].crop(back_top).get_flattened_data()) == 0  # the band over the back
    assert min(images["framed"].crop(back_top).get_flattened_data()) == 255
    edge = images["full-bleed"].crop(
        (images["full-bleed"].width - 3, 0, images["full-bleed"].width, images["full-bleed"].height)
    )
    dark_rows = sum(
        1 for y in range(edge.height) if min(edge.crop((0, y, 3, y + 1)).get_flattened_data()) == 0
    )
    assert dark_rows > 10  # the maze's walls run off the outer edge


# --- the front's puzzle: the book's own ------------------------------------------------------


def _content(pdf: Path) -> str:
    page = PdfReader(str(pdf)).pages[0]
    return page.get_contents().get_data().decode("latin-1")  # type: ignore[union-attr]


_MAZE = re.compile(
    r"([\d.]+) 0 0 -([\d.]+) ([\d.-]+) ([\d.-]+) cm\n1 J 1 j\n(?:[^\n]*\n)*?"
    r"[\d.]+ G ([\d.]+) w 2 J\n"
)


def _mazes(pdf: Path) -> list[tuple[float, float, float]]:
    """(x, y, wall width in points) of each maze the page draws (its walls' transform)."""
    return [
        (float(m.group(3)), float(m.group(4)), float(m.group(1)) * float(m.group(5)))
        for m in _MAZE.finditer(_content(pdf))
    ]


@pytest.mark.parametrize("design", ["band", "framed"])
def test_the_childrens_cover_shows_big_friendly_walls(tmp_path: Path, design: str) -> None:
    """The children's book (levels 1-4, 12 mm cells, walls of 2 pt or more on its pages): its
    front maze's walls are at least 2 pt, as on its pages (the old cover drew a level-5 maze of
    18 columns whose walls were 1.8 pt)."""
    template = _template(_data("children"), design)
    pdf = build_cover(template, output=tmp_path / "c.pdf")
    lay = _layout(template)
    front = [w for x, _, w in _mazes(pdf) if x >= lay.front.x]
    assert front and max(front) >= 2.0, front


def _shaped(tmp_path: Path, section: dict[str, object], design: str) -> Path:
    data = _data("classic", section=[{"count": 4, "difficulty": 2}, section])
    template = _template(data, design)
    return build_cover(template, output=tmp_path / f"{design}.pdf")


def _featured(template: Template):  # type: ignore[no-untyped-def]
    """The puzzle the cover's front shows, made as the cover makes it."""
    from mazebook.products.book import load_fonts
    from mazebook.products.cover import cover_context
    from mazebook.products.cover_designs.feature import feature_section, make_featured

    printing, plan, _ = plan_layout(template)
    ctx = cover_context(
        template, load_fonts(template), printing.printer, printing.page_trim, plan.page_count
    )
    return make_featured(template, feature_section(template), (400.0, 400.0), ctx.rng("front"))


@pytest.mark.parametrize("design", DESIGNS)
def test_a_heart_book_shows_a_heart(tmp_path: Path, design: str) -> None:
    """A book whose larger section is heart mazes: the front's puzzle is a heart of that
    section's level; its walls, read back from the PDF, make a heart (the point at its foot
    far narrower than its shoulders, two lobes at the top)."""
    section = {"count": 12, "difficulty": 4, "shape": "mask", "mask": "heart"}
    template = _template(_data("classic", section=[{"count": 4, "difficulty": 2}, section]), design)
    pdf = build_cover(template, output=tmp_path / "h.pdf")
    made = _featured(template)
    assert made is not None and made.level == 4
    assert made.made.facts.shape == "mask" and made.made.facts.options["mask"] == "heart"
    lay = _layout(template)
    walls = [w for x, w in _maze_walls(pdf) if x >= lay.front.x]
    heart = max(walls, key=len)  # the front's largest maze (a pattern behind is drawn apart)
    ys = sorted({round(v, 3) for y0, y1 in ((s[1], s[3]) for s in heart) for v in (y0, y1)})
    width_at = {}
    for y in ys:
        xs = [v for s in heart for v, w in ((s[0], s[1]), (s[2], s[3])) if abs(w - y) < 1e-6]
        width_at[y] = max(xs) - min(xs)
    widest = max(width_at.values())
    assert width_at[ys[-1]] < 0.4 * widest  # the point at the foot (y grows downwards)
    assert width_at[ys[0]] < widest  # and the two lobes at the top


def _maze_walls(pdf: Path) -> list[tuple[float, list[tuple[float, float, float, float]]]]:
    """(x on the page, its wall runs in cell units) of each maze the page draws."""
    out = []
    text = _content(pdf)
    for m in _MAZE.finditer(text):
        block = text[m.end() : text.index("S\n", m.end())]
        runs = re.findall(r"([\d.-]+) ([\d.-]+) m ([\d.-]+) ([\d.-]+) l", block)
        out.append((float(m.group(3)), [tuple(map(float, r)) for r in runs]))
    return out  # type: ignore[return-value]


@pytest.mark.parametrize("design", DESIGNS)
def test_a_word_trail_book_shows_a_word_trail(tmp_path: Path, design: str) -> None:
    """Its front's puzzle has the trail's letters in it (drawn on the front panel)."""
    section = {"count": 30, "difficulty": 4, "puzzle": "word-trail", "words": ["OWL", "FOX"]}
    template = _template(_data("classic", section=[section]), design)
    pdf = build_cover(template, output=tmp_path / "w.pdf")
    _, words = _front_words(pdf, template)
    letters = [w.text for w in words if len(w.text) == 1 and w.text.isalpha()]
    assert len(letters) >= 3, letters
    assert {"O", "W", "L"} <= set(letters)


@pytest.mark.parametrize("design", DESIGNS)
def test_a_weave_book_shows_its_bridges(tmp_path: Path, design: str) -> None:
    """A weave book's front puzzle is one of its woven mazes: its way runs under bridges."""
    section = {"count": 30, "difficulty": 5, "weave": 0.8}
    template = _template(_data("classic", section=[section]), design)
    build_cover(template, output=tmp_path / "v.pdf")
    made = _featured(template)
    assert made is not None and made.made.facts.options.get("weave") == 0.8
    assert len(made.card.geometry.under) > 0


# --- the template's own picture ---------------------------------------------------------------

OWL = """<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 120">
<ellipse cx="50" cy="70" rx="40" ry="45" fill="#8a5a2b" fill-opacity="0.8"/>
<circle cx="35" cy="50" r="14" fill="#ffffff"/><circle cx="35" cy="50" r="6" fill="#000"/>
<rect x="10" y="100" width="20" height="10" fill="#2b8a5a"/>
</svg>"""


def _png(path: Path, size: int) -> Path:
    image = Image.new("RGBA", (size, size), (0, 0, 0, 0))
    ImageDraw.Draw(image).ellipse((0, 0, size - 1, size - 1), fill=(200, 40, 60, 255))
    image.save(path)
    return path


def _book_file(tmp_path: Path, design: str, printer: str, picture: str) -> Path:
    """The children's template with a design, a printer and a picture, written beside it."""
    text = locate("children")[1].read_text(encoding="utf-8")
    text = text.replace("[cover]\n", f'[cover]\ndesign = "{design}"\npicture = "{picture}"\n')
    path = tmp_path / "b.toml"
    path.write_text(f'printer = "{printer}"\n' + text, encoding="utf-8")
    return path


@pytest.mark.parametrize("printer", ["kdp", "ingramspark", "lulu"])
@pytest.mark.parametrize("design", DESIGNS)
def test_a_picture_sits_on_the_front_and_the_cover_passes_preflight(
    tmp_path: Path, design: str, printer: str
) -> None:
    """An SVG picture is drawn as vector (no image in the file); a PNG of 300 dpi or more is
    placed as an image; both covers pass the printer's cover preflight (CMYK under the ink
    limit and no transparency for IngramSpark)."""
    (tmp_path / "owl.svg").write_text(OWL, encoding="utf-8")
    _png(tmp_path / "sun.png", 1400)
    for picture, image in (("owl.svg", False), ("sun.png", True)):
        source = _book_file(tmp_path, design, printer, picture)
        template = load_template(source)
        pdf = build_cover(template, output=tmp_path / f"{picture}.pdf")
        assert (b"/Subtype /Image" in pdf.read_bytes()) == image
        if not image:
            owl = r"0?\.16\d* 0?\.54\d* 0?\.35\d* rg|(?:[\d.]+ ){4}k"  # its green
            assert re.search(owl, _content(pdf))
        _, plan, _ = plan_layout(template)
        report = preflight(pdf, printer=printer, cover=True, pages=plan.page_count)
        assert report.ok, report.lines()


def test_a_png_under_300_dpi_is_refused_naming_it_and_its_dpi(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _png(tmp_path / "small.png", 200)
    source = _book_file(tmp_path, "band", "kdp", "small.png")
    out = tmp_path / "c.pdf"
    assert main(["cover", str(source), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "small.png" in err and not out.exists()
    dpi = re.search(r"is (\d+) dpi", err)
    assert dpi is not None and int(dpi.group(1)) < 300 and "300 dpi" in err


@pytest.mark.parametrize(
    ("name", "data", "words"),
    [
        ("bomb.svg", '<?xml version="1.0"?><!DOCTYPE s [<!ENTITY a "aaaa">]><svg/>', "DOCTYPE"),
        (
            "script.svg",
            '<svg xmlns="http://www.w3.org/2000/svg"><script>x</script></svg>',
            "script",
        ),
        (
            "outside.svg",
            '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" '
            'viewBox="0 0 9 9"><use xlink:href="/etc/passwd#x"/></svg>',
            "another file",
        ),
        ("broken.svg", "<svg", "not readable SVG"),
        (
            "words.svg",
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 9 9"><text>Hi</text></svg>',
            "outlines",
        ),
        ("picture.gif", "GIF89a", "an SVG file, or a PNG"),
        ("fake.png", "not a png at all", "not a PNG"),
    ],
)
def test_a_hostile_or_broken_picture_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, data: str, words: str
) -> None:
    (tmp_path / name).write_text(data, encoding="utf-8")
    source = _book_file(tmp_path, "framed", "kdp", name)
    assert main(["cover", str(source), "-o", str(tmp_path / "c.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and name in err and words in err, err


def test_a_missing_picture_is_refused_in_one_line_naming_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    source = _book_file(tmp_path, "full-bleed", "kdp", "gone.png")
    assert main(["cover", str(source), "-o", str(tmp_path / "c.pdf")]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "gone.png" in err and "Traceback" not in err, err


def test_a_png_whose_header_claims_a_huge_size_is_refused_before_decoding(tmp_path: Path) -> None:
    """A PNG header of 100000 x 100000 pixels (a few hundred bytes): refused from its header."""
    import struct

    header = b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR"
    body = struct.pack(">IIBBBBB", 100_000, 100_000, 8, 6, 0, 0, 0)
    data = header + body + struct.pack(">I", zlib.crc32(b"IHDR" + body))
    (tmp_path / "huge.png").write_bytes(data + b"\0" * 100)
    source = _book_file(tmp_path, "band", "kdp", "huge.png")
    with pytest.raises(MazebookError, match=r"huge\.png'? is too large"):
        build_cover(load_template(source), output=tmp_path / "c.pdf")


# --- large print -----------------------------------------------------------------------------


def _fonted(pdf: Path) -> list[tuple[str, float, bool]]:
    """(text, size in points, whether bold) of every string drawn on the cover, from the PDF."""
    out: list[tuple[str, float, bool]] = []

    def visit(text: str, cm: list[float], tm: list[float], font: object, size: float) -> None:
        if text.strip() and isinstance(font, dict):
            bold = "Bold" in str(font.get("/BaseFont"))
            out.append((text.strip(), size * (tm[0] or 1.0), bold))

    PdfReader(str(pdf)).pages[0].extract_text(visitor_text=visit)
    return out


@pytest.mark.parametrize("design", DESIGNS)
def test_a_large_print_cover_says_so_and_its_words_are_large(tmp_path: Path, design: str) -> None:
    """large_print = true: the front says "Large Print"; every word (blurb, author, subtitle)
    is at least 16 pt; the title, the badge and the spine text at least 18 pt in bold."""
    data = _data("classic", large_print=True, author="Ann Example", min_cell="8mm")
    data["section"] = [{"count": 180, "difficulty": [1, 6]}]  # thick enough for spine text
    template = _template(data, design)
    assert template.printing.cover.blurb
    pdf = build_cover(template, output=tmp_path / "c.pdf")
    _, front = _front_words(pdf, template)
    assert any(w.text == "Large Print" for w in front)
    words = _fonted(pdf)
    assert any(template.printing.cover.blurb.split()[0] in t for t, _, _ in words)  # the blurb
    for text, size, _ in words:
        assert size >= 16.0, (text, size)
    spine = [w.text for w in placed_text(pdf) if w.rotated]
    assert spine  # a book this thick has spine text
    headings = [*spine, "Large Print", template.title]  # a title line is a part of the title
    drawn = [(text, size, bold) for text, size, bold in words if any(text in h for h in headings)]
    assert len(drawn) >= 3
    for text, size, bold in drawn:
        assert size >= 18.0 and bold, (text, size, bold)


@pytest.mark.parametrize("language", ["de", "fr", "es"])
def test_the_large_print_badge_is_in_the_books_language(tmp_path: Path, language: str) -> None:
    data = _data("classic", large_print=True, language=language)
    template = _template(data, "band")
    pdf = build_cover(template, output=tmp_path / "c.pdf")
    expected = {"de": "Großdruck", "fr": "Gros caractères", "es": "Letra grande"}[language]
    assert expected in PdfReader(str(pdf)).pages[0].extract_text()


# --- print ------------------------------------------------------------------------------------


@pytest.mark.parametrize("printer", ["kdp", "ingramspark", "lulu"])
@pytest.mark.parametrize("design", DESIGNS)
@pytest.mark.parametrize("name", BOOKS)
def test_every_design_passes_cover_preflight(
    tmp_path: Path, name: str, design: str, printer: str
) -> None:
    """Spine, bleed, safe area and barcode box as before, fonts embedded, vector only, for
    every printer; and the same template makes the same bytes twice."""
    template = _template(_data(name, printer=printer), design)
    pdf = build_cover(template, output=tmp_path / "a.pdf")
    again = build_cover(template, output=tmp_path / "b.pdf")
    assert pdf.read_bytes() == again.read_bytes()
    _, plan, _ = plan_layout(template)
    paper = template.printing.paper  # the large-print book is on cream: a wider spine
    report = preflight(
        pdf, printer=printer, cover=True, pages=plan.page_count, paper=paper, vector_only=True
    )
    assert report.ok, report.lines()


@settings(max_examples=40, deadline=None)
@given(
    st.integers(1, 9),
    st.integers(1, 9),
    st.integers(1, 30),
    st.lists(st.integers(0, 255), min_size=3, max_size=3 * 81),
)
def test_a_pictures_cmyk_is_each_pixels_own_in_any_band(
    height: int, width: int, band: int, values: list[int]
) -> None:
    """The PNG's pixels converted to CMYK a band of rows at a time are each pixel's colour by
    the cover's own rule (under IngramSpark's ink limit), whatever the band's size."""
    import numpy as np

    from mazebook.products.cover_designs.frame import cmyk_of
    from mazebook.render import picture

    pixels = np.resize(np.array(values, dtype=np.uint8), (height, width, 3))
    rule = lambda rgb: cmyk_of(rgb, 239.0)  # noqa: E731
    original = picture.CMYK_BAND
    picture.CMYK_BAND = band
    try:
        out = picture._cmyk_pixels(pixels, rule)
    finally:
        picture.CMYK_BAND = original
    for y in range(height):
        for x in range(width):
            rgb = tuple(int(v) / 255 for v in pixels[y, x])
            expected = [round(v * 255) for v in rule(rgb)]  # type: ignore[arg-type]
            assert list(out[y, x]) == expected
            assert sum(int(v) for v in out[y, x]) <= 239 * 255 / 100 + 4  # the limit, rounded
