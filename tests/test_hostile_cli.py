"""Bad input found by an outside hunt: each case is refused with one line and exit 2 (or a
MazebookError from the library), before any work, never a hang, a traceback, an "internal
error" or a wrong success. Hostile files are made here; none is committed."""

from __future__ import annotations

import json
import os
import string
import zlib
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import generate
from mazebook.app.cli import main
from mazebook.app.commands.preview import check_work
from mazebook.core.maze import Maze
from mazebook.errors import MazebookError, MazeFormatError, OutputError, TemplateError
from mazebook.fileio import OutputSet
from mazebook.preflight import Budget
from mazebook.template import parse_template
from mazebook.template.limits import MAX_TEXT
from mazebook.template.texts import PLACEHOLDERS, make_texts

from .padding import padded
from .test_preflight_hostile import one_page, raw_pdf, stream

pytestmark = pytest.mark.usefixtures("no_hang")  # a case that hangs fails after 60 s


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


def refused(code: int, err: str, *needles: str) -> None:
    """Exit 2 with one line on stderr that holds every needle, no traceback, no bug report."""
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    for needle in needles:
        assert needle in lines[0], (needle, err)


def template(tmp_path: Path, text: str | bytes, name: str = "book.toml") -> Path:
    path = tmp_path / name
    path.write_bytes(text.encode("utf-8") if isinstance(text, str) else text)
    return path


BOOK = "[[section]]\ncount = 1\ndifficulty = 1\n"


def build(capsys: pytest.CaptureFixture[str], tmp_path: Path, text: str | bytes) -> tuple[int, str]:
    path = template(tmp_path, text)
    return cli(capsys, "build", str(path), "-q", "-o", str(tmp_path / "out" / "b.pdf"))


# --- format fields in [text] -------------------------------------------------------------


@pytest.mark.parametrize(
    ("key", "value", "shown"),
    [
        ("puzzle", "{number:>99999999}", "{number:>99999999}"),  # minutes of work before
        ("summary", "{count!r:>100000}", "{count!r:>100000}"),  # a 100,003-character line
        ("puzzle", "{number!s}", "conversion"),
        ("answer_page", "{page:{page}}", "specification"),
        ("puzzle", "{number:,}", "specification"),
    ],
)
def test_format_fields_in_texts_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, value: str, shown: str
) -> None:
    code, err = build(capsys, tmp_path, f'title = "T"\n[text]\n{key} = "{value}"\n{BOOK}')
    refused(code, err, "book.toml", f'key "text.{key}"', shown, "plain names")
    assert not (tmp_path / "out").exists()


def test_a_text_too_long_once_filled_in_is_refused_when_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each value is under MAX_TEXT, but {start} 100 times over 4,000 letters is 400,000."""
    text = f'title = "T"\n[text]\nstart = "{"S" * 4000}"\nhow_to_play = "{"{start}" * 100}"\n'
    code, err = build(capsys, tmp_path, text + BOOK)
    refused(code, err, 'key "text.how_to_play"', "400,000 characters", f"{MAX_TEXT:,}")


def test_a_worksheet_instruction_filled_with_a_long_label_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    label = "L" * 3000
    text = (
        f'kind = "worksheet"\ntitle = "T"\nstart_label = "{label}"\n'
        f'[text]\ninstruction = "{{start}} {{start}}"\n{BOOK}'
    )
    code, err = build(capsys, tmp_path, text)
    refused(code, err, 'key "start_label"', "filled into the instruction", "6,001 characters")


def test_a_title_with_braces_is_printed_as_written() -> None:
    tpl = parse_template('title = "{count!r:>100000}"\n' + BOOK)
    assert tpl.title == "{count!r:>100000}"


FIELD_TEXT = st.text(alphabet=string.ascii_letters[:6] + "{}!:<>^0123456789rs,. ", max_size=40)


@given(value=FIELD_TEXT, key=st.sampled_from(sorted(PLACEHOLDERS)))
def test_any_text_is_refused_or_bounded_once_filled_in(value: str, key: str) -> None:
    """Whatever a [text] value holds, it is refused, or every text filled in with the
    longest values its placeholders take stays within MAX_TEXT."""
    try:
        texts = make_texts("en", {key: value}, source="t.toml")
    except TemplateError as exc:
        assert str(exc).startswith("t.toml: ")
        return
    longest = texts.longest_fields()
    assert all(len(texts(k, **longest)) <= MAX_TEXT for k in PLACEHOLDERS)
    filled = texts(key, **longest)
    assert len(filled) <= len(value) + 40 * len(max(longest.values(), key=len))


# --- numbers that blew up -----------------------------------------------------------------


@pytest.mark.parametrize(
    ("line", "key", "needle"),
    [
        ('min_cell = "100in"', "min_cell", "largest min_cell that fits"),
        ('margin = "10in"', "margin", "leaves no room"),
        ('margin = "4.5in"', "margin", "use a smaller margin"),
    ],
)
def test_a_page_with_no_room_for_a_maze_names_the_key(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str, key: str, needle: str
) -> None:
    """These were ZeroDivisionError at pages/layout.py:250, reported as a bug with exit 1."""
    code, err = build(capsys, tmp_path, f'title = "T"\n{line}\n{BOOK}')
    refused(code, err, "book.toml", f'key "{key}"', needle)


@pytest.mark.parametrize("option", ["seed=5", "shape=hex", "braid=0.5", "width=3", "algorithm=x"])
def test_options_with_flags_of_their_own_are_refused(
    capsys: pytest.CaptureFixture[str], option: str
) -> None:
    """These were TypeError (multiple values for a keyword), exit 1."""
    code, err = cli(capsys, "maze", "-O", option)
    key = option.split("=")[0]
    refused(code, err, f"--option {key}", "flag of its own", "--")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--repeat", "1000000000"], "--repeat must be from 1 to 100"),
        (["--repeat", "0"], "--repeat must be from 1 to 100"),
        (["--repeat", "-5"], "--repeat"),
        (["--sizes", "50,99999999999"], "--sizes must be between 1 and 2000"),
        (["--sizes", "0"], "--sizes"),
        (["--repeat", "1e9"], "--repeat"),
    ],
)
def test_bench_numbers_are_capped_before_work(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, err = cli(capsys, "bench", "--tasks", "carve", "--algorithms", "prim", *argv)
    refused(code, err, needle)


# --- wrong successes ----------------------------------------------------------------------


def test_a_template_that_is_not_utf8_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It used to build, with a title of replacement characters."""
    code, err = build(capsys, tmp_path, b'title = "Caf\xe9"\n' + BOOK.encode())
    refused(code, err, "book.toml", "line 1", "0xe9", "not UTF-8")
    assert not (tmp_path / "out").exists()


def test_a_byte_order_mark_is_allowed() -> None:
    tpl = parse_template(b'\xef\xbb\xbftitle = "Caf\xc3\xa9"\n' + BOOK.encode())
    assert tpl.title == "Café"


@pytest.mark.parametrize("key", ["title", "author", "subtitle"])
def test_a_title_of_only_spaces_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str
) -> None:
    title = "" if key == "title" else 'title = "T"\n'
    code, err = build(capsys, tmp_path, f'{title}{key} = " \\t  "\n{BOOK}')
    refused(code, err, f'key "{key}"', "not only spaces")


def test_an_empty_svg_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """--svg-dir "" used to write the SVGs into the current folder."""
    path = template(tmp_path, 'title = "T"\n' + BOOK)
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    code, err = cli(capsys, "build", str(path), "-o", str(tmp_path / "b.pdf"), "--svg-dir", "")
    refused(code, err, "SVG folder name is empty")
    assert os.listdir(work) == [] and not (tmp_path / "b.pdf").exists()


@pytest.mark.parametrize("command", [["worksheet"], ["build", "classic"]])
def test_an_empty_output_name_is_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    command: list[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    code, err = cli(capsys, *command, "-o", "")
    refused(code, err, "output name is empty")
    assert os.listdir(tmp_path) == []


def test_an_empty_preview_folder_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    pdf = one_page(tmp_path / "p.pdf", b"0 0 m 10 10 l S")
    monkeypatch.chdir(tmp_path)
    code, err = cli(capsys, "preview", str(pdf), "-o", "")
    refused(code, err, "image folder name is empty")
    assert os.listdir(tmp_path) == ["p.pdf"]


@pytest.mark.parametrize("text", ["A\x01B", "A\tB", "\x7fHI", "OK\x00"])
def test_control_characters_in_mask_text_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str
) -> None:
    """They drew a maze of missing-glyph boxes."""
    out = tmp_path / "m.svg"
    code, err = cli(capsys, "maze", "--shape", "mask", "--text", text, "-o", str(out))
    refused(code, err, "control characters", "U+")
    assert not out.exists()


def test_mask_letters_the_font_lacks_are_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = cli(
        capsys, "maze", "--shape", "mask", "--text", "Hi 漢字", "-o", str(tmp_path / "m.svg")
    )
    refused(code, err, "has no letter for '漢字'")


def test_mask_text_of_letters_spaces_and_newlines_still_works() -> None:
    maze = generate("backtracker", 40, 20, seed=1, shape="mask", text="Hé\nWö ✓")
    assert maze.grid.size > 50


def test_control_characters_in_a_section_mask_text_name_the_section(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = 'title = "T"\n[[section]]\ncount = 1\nshape = "mask"\ntext = "A\\u0007B"\n'
    code, err = build(capsys, tmp_path, text)
    refused(code, err, "control characters", "U+0007")


# --- maze JSON ----------------------------------------------------------------------------


def _rect() -> dict[str, object]:
    data: dict[str, object] = json.loads(
        json.dumps(generate("backtracker", 5, 4, seed=1).to_dict())
    )
    return data


def _hex() -> dict[str, object]:
    maze = generate("backtracker", 6, 5, seed=1, shape="hex")
    data: dict[str, object] = json.loads(json.dumps(maze.to_dict()))
    return data


@pytest.mark.parametrize(
    ("change", "needle"),
    [
        ({"entrance_side": "Q"}, "entrance_side must be one of"),
        ({"entrance_side": 1.5}, "entrance_side must be one of"),
        ({"exit_side": "W"}, "exit_side 'W' is not an opening"),  # the exit is on E
        ({"entrance_side": "S"}, "entrance_side 'S' is not an opening"),
        ({"exit_side": 3}, "exit_side must be one of"),
    ],
)
def test_rect_sides_are_checked_not_replaced(change: dict[str, object], needle: str) -> None:
    data = {**_rect(), **change}
    with pytest.raises(MazeFormatError, match=needle):
        Maze.from_dict(data)


def test_a_saved_rect_maze_still_reads_back() -> None:
    data = _rect()
    assert Maze.from_dict(data).to_dict() == generate("backtracker", 5, 4, seed=1).to_dict()
    del data["entrance_side"], data["exit_side"]  # optional: the opening tells the side
    assert Maze.from_dict(data).entrance == generate("backtracker", 5, 4, seed=1).entrance


@pytest.mark.parametrize(
    "change",
    [
        {"entrance_side": 1.5},
        {"entrance_side": "N"},
        {"exit_side": 99},
    ],
)
def test_graph_sides_are_checked(change: dict[str, object]) -> None:
    with pytest.raises(MazeFormatError, match=r"_side (must be|.* is not) an outer side"):
        Maze.from_dict({**_hex(), **change})


@pytest.mark.parametrize("bad", [float("inf"), float("-inf"), float("nan")])
def test_non_finite_numbers_are_refused(bad: float) -> None:
    data = _hex()
    centres = data["centres"]
    assert isinstance(centres, list)
    centres[3] = [bad, 1.0]
    with pytest.raises(MazeFormatError, match="finite"):
        Maze.from_dict(data)
    text = json.dumps(_hex()).replace('"grid_params": {', '"grid_params": {"x": Infinity,', 1)
    with pytest.raises(MazeFormatError, match="grid_params"):
        Maze.from_dict(json.loads(text))  # Python's JSON reader takes Infinity


# --- preview ------------------------------------------------------------------------------


def _zip_bomb(path: Path, megabytes: int) -> Path:
    """A one-page PDF whose content stream unpacks to ``megabytes`` MB of path operators."""
    bomb = zlib.compress(b"0 0 m\n" * (megabytes * 1_000_000 // 6), 9)
    one_page(path, b"")
    path.write_bytes(path.read_bytes().replace(stream(b""), stream(bomb, b"/Filter /FlateDecode")))
    return path


def test_preview_refuses_content_over_the_budget(tmp_path: Path) -> None:
    pdf = _zip_bomb(tmp_path / "zip.pdf", 3)
    with pytest.raises(MazebookError, match="too complex to preview: over 1,000,000 bytes"):
        check_work(pdf, pdf.read_bytes(), 1, 1, Budget(max_decompressed=1_000_000))
    check_work(pdf, pdf.read_bytes(), 1, 1, Budget(max_decompressed=4_000_000))  # fits


@pytest.mark.slow
def test_preview_of_a_bomb_is_refused_at_preflights_budget(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A 0.2 MB file that unpacks to 150 MB (it reached 4.2 GB of memory and exit 0 at 3 GB)."""
    pdf = _zip_bomb(tmp_path / "zip.pdf", 150)
    code, err = cli(capsys, "preview", str(pdf), "-o", str(tmp_path / "png"))
    refused(code, err, "zip.pdf", "too complex to preview", "120,000,000 bytes")
    assert not (tmp_path / "png").exists()


@pytest.mark.parametrize("kids", [b"[2 0 R 3 0 R]", b"[2 0 R]"])
def test_preview_of_a_page_tree_that_lists_itself_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kids: bytes
) -> None:
    """It was PdfiumError, exit 1."""
    pdf = raw_pdf(
        tmp_path / "loop.pdf",
        [
            b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids " + kids + b" /Count 2 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 432 648] /Contents 4 0 R >>",
            stream(b"0 0 m 10 10 l S"),
        ],
    )
    code, err = cli(capsys, "preview", str(pdf), "-o", str(tmp_path / "png"))
    refused(code, err, "loop.pdf")


def test_preview_refuses_a_giant_image(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = stream(
        zlib.compress(b"\0" * 1000),
        b"/Type /XObject /Subtype /Image /Width 200000 /Height 200000 /ColorSpace /DeviceGray "
        b"/BitsPerComponent 8 /Filter /FlateDecode",
    )
    pdf = one_page(
        tmp_path / "big.pdf",
        b"q 100 0 0 100 0 0 cm /I Do Q",
        b"<< /XObject << /I 5 0 R >> >>",
        [image],
    )
    code, err = cli(capsys, "preview", str(pdf), "-o", str(tmp_path / "png"))
    refused(code, err, "big.pdf", "too complex to preview", "40,000,000,000 pixels")


def test_preview_of_a_plain_page_still_works(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = one_page(tmp_path / "p.pdf", b"1 w 0 0 m 100 100 l S")
    code, err = cli(capsys, "preview", str(pdf), "-o", str(tmp_path / "png"), "--dpi", "20")
    assert code == 0, err
    assert os.listdir(tmp_path / "png") == ["p-001.png"]


# --- siblings found by a hunt over every flag and key ---------------------------------------


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["--mask", "heart", "-O", "threshold=NaN"], "'threshold' goes with a mask from image"),
        (["--mask", "heart", "-O", "font=x.ttf"], "'font' goes with a mask from text"),
        (["--text", "Hi", "-O", "threshold=100"], "this one is from text"),
    ],
)
def test_mask_options_that_would_go_unused_are_refused(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    """They were accepted, ignored and recorded in the maze's metadata as if used."""
    code, err = cli(capsys, "maze", "--shape", "mask", "--size", "10x10", *argv)
    refused(code, err, needle)


def test_an_svg_folder_that_is_the_output_file_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It built, moved the SVG folder aside as a hidden backup and left it there."""
    path = template(tmp_path, 'title = "T"\n' + BOOK)
    pdf = tmp_path / "o" / "b.pdf"
    for svg in (pdf, pdf / "svg"):
        code, err = cli(capsys, "build", str(path), "-q", "-o", str(pdf), "--svg-dir", str(svg))
        refused(code, err, "SVG folder", "would be the output file")
    assert not pdf.parent.exists()


def test_a_commit_never_moves_a_folder_aside(tmp_path: Path) -> None:
    target = tmp_path / "b.pdf"
    with OutputSet() as out:
        out.stage(target, b"%PDF")
        target.mkdir()  # made after the check, e.g. by another output's folder
        (target / "keep.svg").write_bytes(b"<svg/>")
        with pytest.raises(OutputError, match="it is a folder"):
            out.commit()
    assert os.listdir(tmp_path) == ["b.pdf"] and os.listdir(target) == ["keep.svg"]


@pytest.mark.parametrize("flag", ["--sizes", "--algorithms", "--tasks"])
def test_bench_lists_that_name_nothing_are_refused(
    capsys: pytest.CaptureFixture[str], flag: str
) -> None:
    """--sizes ",,," ran the whole default benchmark (minutes) instead of nothing."""
    code, err = cli(capsys, "bench", flag, ",,,")
    refused(code, err, f"{flag} names nothing")


def test_preflight_cover_page_counts_are_capped(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pdf = one_page(tmp_path / "c.pdf", b"")
    code, err = cli(capsys, "preflight", str(pdf), "--cover", "--pages", "999999999999999")
    refused(code, err, "--pages must be a whole number from 1 to 5,000")


def test_a_min_answer_cell_of_zero_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, err = build(capsys, tmp_path, f'title = "T"\nmin_answer_cell = "0mm"\n{BOOK}')
    refused(code, err, 'key "min_answer_cell"', "more than 0")


@pytest.mark.parametrize(
    ("lines", "key", "needle"),
    [
        (f'title = "{"W" * 5000}"\n', "title", "3 lines of the title page"),
        (f'title = "{"ab " * 1000}"\n', "title", "3 lines of the title page"),
        (f'title = "T"\nsubtitle = "{"W" * 400}"\n', "subtitle", "2 lines of the title page"),
        (f'title = "T"\nauthor = "{"W" * 300}"\n', "author", "one line of the title page"),
        (f'title = "T"\n[text]\nsummary = "{"W" * 300}{{count}}"\n', "text.summary", "one line"),
        (f'title = "T"\n[[page]]\ntitle = "{"W" * 300}"\n', "page", "one line of the page"),
    ],
)
@pytest.mark.parametrize("command", ["build", "cover"])
def test_texts_that_would_run_over_the_title_page_are_refused(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    lines: str,
    key: str,
    needle: str,
    command: str,
) -> None:
    """A 5,000-character title covered the title page and the cover with its lines."""
    path = template(tmp_path, lines + BOOK)
    out = tmp_path / "out" / "b.pdf"
    code, err = cli(capsys, command, str(path), "-q", "-o", str(out))
    refused(code, err, f'key "{key}"', needle, "(even at 10 pt)")
    assert not out.parent.exists()


def test_a_long_author_is_set_smaller_on_the_cover(tmp_path: Path) -> None:
    """An author that fits the title page at 10 pt is shrunk to the cover's width, not run
    past its edge."""
    from pypdf import PdfReader

    from mazebook.products.cover_only import build_cover

    author = "Alexandra Konstantinopoulou-Papadopoulou and the Class of 2026"
    path = template(tmp_path, f'title = "T"\nauthor = "{author}"\npage_size = "6x9in"\n' + BOOK)
    with padded():
        cover = build_cover(path, output=tmp_path / "c.pdf")
    page = PdfReader(cover).pages[0]
    found: list[float] = []

    def visit(text: str, _cm: object, tm: list[float], *_: object) -> None:
        if "Alexandra" in text:
            found.append(tm[4])

    page.extract_text(visitor_text=visit)
    assert found, "the author is on the cover"
    # the front is the right part of the cover, past the back and the spine: it starts there
    assert min(found) > float(page.mediabox.width) / 2


def test_centres_that_do_not_match_the_grid_are_refused() -> None:
    """Like 'neighbors': a saved centre is checked against the grid, not silently replaced."""
    data = _hex()
    centres = data["centres"]
    assert isinstance(centres, list)
    centres[5] = [centres[5][0] + 0.5, centres[5][1]]
    with pytest.raises(MazeFormatError, match="'centres' of cell 5"):
        Maze.from_dict(data)
    assert Maze.from_dict(_hex()).grid.size == len(_hex()["centres"])  # type: ignore[arg-type]


def test_preview_into_a_name_too_long_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """It was OSError (File name too long), reported as a bug."""
    pdf = one_page(tmp_path / "p.pdf", b"0 0 m 10 10 l S")
    code, err = cli(capsys, "preview", str(pdf), "-o", str(tmp_path / ("x" * 5000)))
    refused(code, err, "cannot write into")


def test_a_braided_maze_too_large_for_its_openings_is_refused_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """--braid 1 at 2000 x 2000 ran for hours (a breadth-first search per outer cell); it is
    refused before carving, and the policies that measure nothing still make it."""
    code, err = cli(capsys, "maze", "--braid", "1", "-s", "2000x2000", "-f", "json")
    refused(code, err, "MAX_BRAID_VISITS", "openings random")
    maze = generate("backtracker", 300, 300, seed=1, braid=0.5, openings="corners")
    assert maze.grid.size == 90_000


def test_preview_of_an_encrypted_pdf_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Its content cannot be measured within the budget first, so it is refused plainly."""
    from reportlab.lib import pdfencrypt
    from reportlab.pdfgen.canvas import Canvas

    path = tmp_path / "rc4.pdf"
    canvas = Canvas(str(path), encrypt=pdfencrypt.StandardEncryption("", canPrint=1))
    canvas.drawString(72, 72, "secret")
    canvas.save()
    code, err = cli(capsys, "preview", str(path), "-o", str(tmp_path / "png"))
    refused(code, err, "rc4.pdf", "is encrypted; preview reads only PDFs without encryption")


def test_an_entrance_and_exit_in_one_cell_are_refused(capsys: pytest.CaptureFixture[str]) -> None:
    """It made a "maze" whose START and FINISH open into the same corner cell."""
    code, err = cli(capsys, "maze", "-s", "4x3", "-O", "entrance=[0,0]", "-O", "exit=[0,0]")
    refused(code, err, "'entrance' and 'exit' are the same cell")
    code, _ = cli(capsys, "maze", "-s", "4x3", "-O", "entrance=[0,0]", "-O", "exit=[3,2]")
    assert code == 0


@pytest.mark.parametrize(
    ("key", "line"),
    [("picture", '[cover]\npicture = "a\\u0000.svg"\n'), ("font", 'font = "a\\u0000.ttf"\n')],
)
def test_a_file_name_with_a_nul_character_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], key: str, line: str
) -> None:
    """TOML's \\u0000 in a file's name: os.stat raised 'embedded null byte', an internal error
    (exit 1); now the name is refused like one that is not UTF-8."""
    top, table = (line, "") if key == "font" else ("", line)
    source = tmp_path / "t.toml"
    source.write_text(f'title = "x"\n{top}{table}[[section]]\ncount = 2\n', encoding="utf-8")
    assert main(["build", str(source), "-o", str(tmp_path / "b.pdf"), "-q"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "NUL character" in err[0] and "internal error" not in err[0], err
