"""Hostile input: every reader fails cleanly, every request is bounded before work starts.

The bad-input corpus, one case (at least) per kind: templates (TOML syntax, nesting, floats in
integer keys, sizes), maze JSON, fonts, images, text masks, file kinds and names, outputs that
are inputs, the environment. Through the command line each gives one line and exit 2; through
the library a MazebookError. Hostile files are made here (truncated, flipped, forged headers);
none is committed.
"""

from __future__ import annotations

import json
import os
import signal
import struct
import subprocess
import sys
import time
import warnings
import zlib
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from PIL import Image

from mazebook import build_book, generate
from mazebook.app.cli import main
from mazebook.core.maze import Maze
from mazebook.core.shapes import make_grid, raster
from mazebook.errors import FontError, InvalidOptionError, MazebookError, MazeFormatError
from mazebook.fileio import verify_set
from mazebook.render import typeset
from mazebook.template import parse_template
from mazebook.template.limits import MAX_CELLS, MAX_PAGES, MAX_PUZZLES, MAX_SECTIONS, MAX_TEXT

from .fontmaker import tiny_font
from .padding import padded

TINY = 'title = "Tiny"\n[[section]]\ncount = 2\ndifficulty = 1\n'


pytestmark = pytest.mark.usefixtures("no_hang")  # a case that hangs fails after 60 s


# --- hostile files, made on the spot -----------------------------------------------------


def _chunk(kind: bytes, data: bytes) -> bytes:
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))


def forged_png(path: Path, width: int, height: int) -> Path:
    """A tiny PNG whose header declares width x height pixels (a decompression bomb)."""
    header = struct.pack(">IIBBBBB", width, height, 1, 0, 0, 0, 0)
    body = _chunk(b"IHDR", header) + _chunk(b"IDAT", zlib.compress(b"\0")) + _chunk(b"IEND", b"")
    path.write_bytes(b"\x89PNG\r\n\x1a\n" + body)
    return path


def small_png(path: Path) -> Path:
    """A real 40 x 40 black disc on white."""
    from PIL import ImageDraw

    img = Image.new("L", (40, 40), 255)
    ImageDraw.Draw(img).ellipse((2, 2, 37, 37), fill=0)
    img.save(path, format="PNG")
    return path


def broken_chunk_png(path: Path) -> Path:
    """A PNG whose header chunk has a wrong checksum (Pillow: SyntaxError "broken PNG file")."""
    data = bytearray(small_png(path).read_bytes())
    at = data.index(b"IHDR")
    data[at + 4 + 13] ^= 0xFF  # first byte of the header's CRC
    path.write_bytes(bytes(data))
    return path


def truncated(path: Path, source: Path, keep: float = 0.5) -> Path:
    data = source.read_bytes()
    path.write_bytes(data[: int(len(data) * keep)])
    return path


def flipped(path: Path, source: Path, every: int = 7) -> Path:
    """Every ``every``-th byte after the first 12 inverted (header intact, tables broken)."""
    data = bytearray(source.read_bytes())
    for i in range(12, len(data), every):
        data[i] ^= 0xFF
    path.write_bytes(bytes(data))
    return path


def fifo(path: Path) -> Path:
    os.mkfifo(path)
    return path


def folder(path: Path) -> Path:
    path.mkdir()
    return path


def good_font(tmp_path: Path, name: str = "good.ttf") -> Path:
    return tiny_font(
        tmp_path / name, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:·–…_?()"
    )


def write_template(tmp_path: Path, text: str, name: str = "book.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    _, err = capsys.readouterr()
    return code, err


def assert_one_line(code: int, err: str, *needles: str) -> None:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert "Traceback" not in err and "internal error" not in err, err
    for needle in needles:
        assert needle in lines[0], (needle, err)


# --- templates ---------------------------------------------------------------------------

TEMPLATE_CASES: dict[str, tuple[str, str]] = {
    "toml syntax": ('title = "x\n[[section]]\n', "TOML syntax error"),
    "nested 1000 deep": (
        'title = "x"\n[[section]]\ndifficulty = ' + "[" * 1000 + "]" * 1000 + "\n",
        "MAX_NESTING",
    ),
    "nested 20 deep": (
        'title = "x"\n[[section]]\ndifficulty = ' + "[" * 20 + "]" * 20 + "\n",
        "MAX_NESTING",
    ),
    "count = 2.0": ('title = "x"\n[[section]]\ncount = 2.0\n', 'key "count": 2.0'),
    "seed = 5.0": ('title = "x"\nseed = 5.0\n[[section]]\n', "write 5, without a decimal"),
    "puzzles_per_page = 4.0": (
        'title = "x"\npuzzles_per_page = 4.0\n[[section]]\n',
        'key "puzzles_per_page"',
    ),
    "difficulty = 3.0": ('title = "x"\n[[section]]\ndifficulty = 3.0\n', 'key "difficulty"'),
    "200 sections of 2000": (
        'title = "x"\n' + "[[section]]\ncount = 2000\n" * 200,
        "MAX_SECTIONS",
    ),
    "too many puzzles": (
        'title = "x"\n' + "[[section]]\ncount = 2000\n" * 3,
        "MAX_PUZZLES",
    ),
    "100,000-character title": (
        'title = "' + "x" * 100_000 + '"\n[[section]]\n',
        "MAX_TEXT",
    ),
    "too many pages": (
        # printer "home" has no page-count rule, so the cap is what refuses it
        'title = "x"\nprinter = "home"\n' + "[[section]]\ncount = 2000\ndifficulty = 1\n" * 2,
        "MAX_PAGES",
    ),
    "too many cells": (
        'title = "x"\nprinter = "home"\nmin_cell = "3pt"\nanswers_per_page = 1\n'
        "[[section]]\ncount = 1000\n",
        "MAX_CELLS",
    ),
}


@pytest.mark.parametrize("case", sorted(TEMPLATE_CASES))
def test_hostile_template_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    text, needle = TEMPLATE_CASES[case]
    path = write_template(tmp_path, text)
    code, err = cli(capsys, "build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert_one_line(code, err, str(path), needle)
    assert not (tmp_path / "out.pdf").exists()


def test_caps_are_the_documented_numbers() -> None:
    """The messages name caps whose values are in template/limits.py (and nowhere else)."""
    big = 'title = "x"\n' + f"[[section]]\ncount = {MAX_PUZZLES // 2 + 1}\n" * 2
    with pytest.raises(MazebookError, match=f"{MAX_PUZZLES:,}"):
        parse_template(big)
    many = 'title = "x"\n' + "[[section]]\ncount = 1\n" * (MAX_SECTIONS + 1)
    with pytest.raises(MazebookError, match=f"more than {MAX_SECTIONS}"):
        parse_template(many)
    parse_template('title = "x"\n' + "[[section]]\ncount = 1\n" * MAX_SECTIONS)
    parse_template(f'title = "{"x" * MAX_TEXT}"\n[[section]]\n')
    assert MAX_PAGES >= 2000 + 2000 // 6 and MAX_CELLS > 0  # one full section fits a book


def test_whole_number_floats_are_refused_not_rounded() -> None:
    """TOML tells 5 from 5.0: an integer key refuses a float, so seed = 5.0 can never build
    a different book from seed = 5; a whole number still works."""
    assert parse_template('title = "x"\nseed = 5\n[[section]]\ncount = 2\n').seed == 5
    for key, value in (("seed", "5.0"), ("count", "2.0"), ("answers_per_page", "6.0")):
        where = "[[section]]\n" + (f"{key} = {value}\n" if key == "count" else "")
        top = "" if key == "count" else f"{key} = {value}\n"
        with pytest.raises(MazebookError, match="without a decimal point"):
            parse_template(f'title = "x"\n{top}{where}')


def test_template_file_too_large(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = write_template(tmp_path, TINY + "# " + "x" * 1_100_000 + "\n")
    code, err = cli(capsys, "build", str(path), "-q", "-o", str(tmp_path / "o.pdf"))
    assert_one_line(code, err, "too large")


# --- files: kinds and names --------------------------------------------------------------


@pytest.mark.parametrize("kind", ["fifo", "folder", "missing"])
def test_template_must_be_a_regular_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    path = tmp_path / "book.toml"
    if kind == "fifo":
        fifo(path)
    elif kind == "folder":
        folder(path)
    code, err = cli(capsys, "build", str(path), "-q")
    words = {"fifo": "pipe (FIFO)", "folder": "folder", "missing": "does not exist"}
    assert_one_line(code, err, "book.toml", words[kind])


def test_non_utf8_template_name_is_refused_before_building(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    raw = os.path.join(os.fsencode(tmp_path), b"caf\xe9.toml")
    try:
        with open(raw, "wb") as handle:
            handle.write(TINY.encode())
    except OSError:  # pragma: no cover - a file system that takes UTF-8 names only
        pytest.skip("the file system refuses names that are not UTF-8")
    name = os.fsdecode(raw)  # as the command line hands it over (surrogate escapes)
    code, err = cli(capsys, "build", name, "-o", str(tmp_path / "out.pdf"), "-q")
    assert_one_line(code, err, "not valid UTF-8", "caf\\xe9.toml")
    assert not (tmp_path / "out.pdf").exists()
    with pytest.raises(MazebookError, match="not valid UTF-8"):
        build_book(raw, output=tmp_path / "out.pdf")  # a bytes path, through the library


def test_non_utf8_output_name_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_template(tmp_path, TINY)
    out = os.fsdecode(os.path.join(os.fsencode(tmp_path), b"b\xff.pdf"))
    code, err = cli(capsys, "build", str(path), "-o", out, "-q")
    assert_one_line(code, err, "not valid UTF-8")
    assert os.listdir(tmp_path) == ["book.toml"]


# --- fonts -------------------------------------------------------------------------------

FontMaker = Callable[[Path], Path]

FONT_CASES: dict[str, tuple[FontMaker, str]] = {
    "truncated": (lambda d: truncated(d / "f.ttf", good_font(d, "src.ttf")), "cannot use font"),
    "flipped bytes": (lambda d: flipped(d / "f.ttf", good_font(d, "src.ttf")), "cannot use font"),
    "forged CFF header": (
        lambda d: (
            (d / "f.ttf").write_bytes(b"OTTO" + good_font(d, "src.ttf").read_bytes()[4:])
            and d / "f.ttf"
        ),
        "PostScript (CFF)",
    ),
    "web font": (
        lambda d: (d / "f.ttf").write_bytes(b"wOF2" + b"\0" * 60) and d / "f.ttf",
        "WOFF2",
    ),
    "empty file": (lambda d: (d / "f.ttf").write_bytes(b"") or d / "f.ttf", "cannot use font"),
    "random bytes": (
        lambda d: (d / "f.ttf").write_bytes(bytes(range(256)) * 4) and d / "f.ttf",
        "cannot use font",
    ),
    "fifo": (lambda d: fifo(d / "f.ttf"), "pipe (FIFO)"),
    "folder": (lambda d: folder(d / "f.ttf"), "folder"),
    "missing": (lambda d: d / "f.ttf", "does not exist"),
}


@pytest.mark.parametrize("case", sorted(FONT_CASES))
def test_hostile_font_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    make, needle = FONT_CASES[case]
    make(tmp_path)
    path = write_template(tmp_path, 'font = "f.ttf"\n' + TINY)
    code, err = cli(capsys, "build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert_one_line(code, err, "book.toml", 'key "font"', "f.ttf", needle)


def test_font_read_failures_are_font_errors_in_the_library(tmp_path: Path) -> None:
    bad = flipped(tmp_path / "bad.ttf", good_font(tmp_path, "src.ttf"), every=3)
    with pytest.raises(FontError, match=r"bad\.ttf"):
        typeset.user_font(bad, probe="ABC")


# --- images and text masks ---------------------------------------------------------------

IMAGE_CASES: dict[str, tuple[FontMaker, str]] = {
    "declares 50000 x 50000": (lambda d: forged_png(d / "i.png", 50_000, 50_000), "the limit"),
    "declares 13000 x 13000": (lambda d: forged_png(d / "i.png", 13_000, 13_000), "the limit"),
    "broken chunk": (lambda d: broken_chunk_png(d / "i.png"), "i.png"),
    "truncated": (lambda d: truncated(d / "i.png", small_png(d / "s.png"), 0.6), "i.png"),
    "not an image": (lambda d: (d / "i.png").write_text("hello") and d / "i.png", "not an image"),
    "fifo": (lambda d: fifo(d / "i.png"), "pipe (FIFO)"),
    "folder": (lambda d: folder(d / "i.png"), "folder"),
}


@pytest.mark.parametrize("case", sorted(IMAGE_CASES))
def test_hostile_image_one_line_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    make, needle = IMAGE_CASES[case]
    make(tmp_path)
    text = TINY + 'shape = "mask"\nimage = "i.png"\n'
    path = write_template(tmp_path, text)
    code, err = cli(capsys, "build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert_one_line(code, err, "book.toml", "[[section]] 1", needle)
    code, err = cli(capsys, "maze", "--shape", "mask", "--image", str(tmp_path / "i.png"))
    assert_one_line(code, err, "i.png", needle)


def test_bomb_is_refused_from_its_header_without_decoding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = forged_png(tmp_path / "bomb.png", 13_000, 13_000)
    assert path.stat().st_size < 100

    def no_decoding(*_: object) -> None:
        raise AssertionError("the image was decoded")

    monkeypatch.setattr(Image.Image, "load", no_decoding)
    with pytest.raises(InvalidOptionError, match=r"13000 x 13000 = 169,000,000 pixels"):
        make_grid("mask", 20, 20, image=str(path))


@pytest.mark.parametrize("case", ["not an image", "fifo", "folder", "declares 50000 x 50000"])
def test_image_size_refuses_what_the_reader_refuses(tmp_path: Path, case: str) -> None:
    """The header reader (the web app's own, smaller cap) fails as the mask reader does."""
    make, needle = IMAGE_CASES[case]
    make(tmp_path)
    with pytest.raises(InvalidOptionError, match=r"i\.png") as caught:
        raster.image_size(str(tmp_path / "i.png"))
    assert needle in str(caught.value)


def test_image_size_reads_the_header_only(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = forged_png(tmp_path / "big.png", 13_000, 7_000)

    def no_decoding(*_: object) -> None:
        raise AssertionError("the image was decoded")

    monkeypatch.setattr(Image.Image, "load", no_decoding)
    assert raster.image_size(str(path)) == (13_000, 7_000)


def test_each_image_is_decoded_once(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = small_png(tmp_path / "once.png")
    opened: list[object] = []
    real_open = Image.open

    def counting_open(*args: object, **kwargs: object) -> Image.Image:
        opened.append(args[0])
        return real_open(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(Image, "open", counting_open)
    for size in (10, 12, 14, 10):
        make_grid("mask", size, size, image=str(path))
    assert len(opened) == 1
    # a new version of the file (another size) is read again
    img = Image.new("L", (30, 50), 255)
    img.paste(0, (5, 5, 25, 45))
    img.save(path)
    make_grid("mask", 10, 10, image=str(path))
    assert len(opened) == 2


@pytest.mark.parametrize("kind", ["flipped", "truncated", "fifo"])
def test_text_mask_with_a_hostile_font(tmp_path: Path, kind: str) -> None:
    source = good_font(tmp_path, "src.ttf")
    path = tmp_path / "mask.ttf"
    if kind == "flipped":
        flipped(path, source, every=5)
    elif kind == "truncated":
        truncated(path, source, 0.7)
    else:
        fifo(path)
    if kind == "truncated":  # what is left may still draw, or draw nothing: an error either way
        with pytest.raises(MazebookError):
            make_grid("mask", 30, 12, text="AB", font=str(path))
        return
    with pytest.raises(FontError, match=r"mask\.ttf"):
        make_grid("mask", 30, 12, text="AB", font=str(path))


def test_overlong_mask_text_is_refused() -> None:
    with pytest.raises(InvalidOptionError, match="the limit is 1,000"):
        make_grid("mask", 30, 12, text="A" * 1001)


# --- outputs that are inputs -------------------------------------------------------------


def test_manifest_may_not_replace_the_template(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_template(tmp_path, TINY, name="book.json")  # a template by any name
    before = path.read_bytes()
    code, err = cli(capsys, "build", str(path), "-o", str(tmp_path / "book.pdf"), "-q")
    assert_one_line(code, err, "would replace the input", "book.json")
    assert path.read_bytes() == before


def test_pdf_may_not_replace_the_font(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    font = good_font(tmp_path, "out.pdf")
    path = write_template(tmp_path, 'font = "out.pdf"\n' + TINY)
    code, err = cli(capsys, "build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert_one_line(code, err, "would replace the input")
    assert font.read_bytes()[:4] == b"\0\1\0\0"


def test_svg_may_not_replace_the_mask_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    svg = folder(tmp_path / "svg")
    image = small_png(svg / "solution-001.svg")  # an odd name, but an input all the same
    before = image.read_bytes()
    text = TINY + 'shape = "mask"\nimage = "svg/solution-001.svg"\n'
    path = write_template(tmp_path, text)
    out = str(tmp_path / "out.pdf")
    code, err = cli(capsys, "build", str(path), "-o", out, "--svg-dir", str(svg), "-q")
    assert_one_line(code, err, "would replace the input", "solution-001.svg")
    assert image.read_bytes() == before


def test_symlinked_output_to_the_template_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = write_template(tmp_path, TINY)
    (tmp_path / "out.json").symlink_to(path)
    code, err = cli(capsys, "build", str(path), "-o", str(tmp_path / "out.pdf"), "-q")
    assert_one_line(code, err, "would replace the input")
    assert path.read_text() == TINY


# --- maze JSON ---------------------------------------------------------------------------


def _rect() -> dict[str, object]:
    return json.loads(json.dumps(generate("backtracker", 5, 4, seed=1).to_dict()))


def _graph(shape: str = "hex", **options: object) -> dict[str, object]:
    maze = generate("backtracker", 6, 5, seed=1, shape=shape, **options)
    return json.loads(json.dumps(maze.to_dict()))


def _with(data: dict[str, object], **changes: object) -> dict[str, object]:
    return {**data, **changes}


def _huge_centre(data: dict[str, object]) -> dict[str, object]:
    """A cell centre that is a whole number beyond any float (Python's JSON reader takes it)."""
    centres = data["centres"]
    assert isinstance(centres, list)
    return _with(data, centres=[[10**400, 0.0], *centres[1:]])


JSON_CASES: dict[str, Callable[[], object]] = {
    "not an object": lambda: [1, 2],
    "width 5.0": lambda: _with(_rect(), width=5.0),
    "width true": lambda: _with(_rect(), width=True),
    "width infinite": lambda: _with(_graph(), width=float("inf")),
    "width text": lambda: _with(_graph(), width="6"),
    "width huge": lambda: _with(_rect(), width=10**30),
    "seed 5.0": lambda: _with(_rect(), seed=5.0),
    "seed negative": lambda: _with(_graph(), seed=-1),
    "algorithm object": lambda: _with(_rect(), algorithm={"a": 1}),
    "options list": lambda: _with(_graph(), options=[["a", 1]]),
    "wall value 16": lambda: _with(_rect(), walls=[[16] * 5] * 4),
    "passage of floats": lambda: _with(_graph(), passages=[[0.0, 1.0]]),
    "passage of one cell": lambda: _with(_graph(), passages=[[0]]),
    "passage out of range": lambda: _with(_graph(), passages=[[0, 10**9]]),
    "entrance true": lambda: _with(_graph(), entrance=True),
    "entrance side list": lambda: _with(_graph(), entrance_side=[0]),
    "cells 30.0": lambda: _with(_graph(), cells=30.0),
    "centres of text": lambda: _with(_graph(), centres=["x"] * 30),
    "centre beyond any float": lambda: _huge_centre(_graph()),
    "grid_params list": lambda: _with(_graph(), grid_params=[1]),
    "grid_params object value": lambda: _with(_graph(), grid_params={"outline": {"a": 1}}),
    "mask names an image": lambda: _with(
        _graph("mask", mask="heart"), grid_params={"image": "/etc/passwd"}
    ),
    "mask names a text and font": lambda: _with(
        _graph("mask", mask="heart"), grid_params={"text": "A", "font": "/etc/passwd"}
    ),
    "mask without cells": lambda: _with(_graph("mask", mask="heart"), grid_params={}),
    "mask cells mangled": lambda: _with(
        _graph("mask", mask="heart"), grid_params={"cells": "1,x,3"}
    ),
}


@pytest.mark.parametrize("case", sorted(JSON_CASES))
def test_hostile_maze_json_is_a_maze_format_error(case: str) -> None:
    with pytest.raises(MazeFormatError):
        Maze.from_dict(JSON_CASES[case]())  # type: ignore[arg-type]


def test_maze_json_never_opens_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    image = small_png(tmp_path / "real.png")
    data = _with(_graph("mask", mask="heart"), grid_params={"image": str(image)})
    maze = generate("backtracker", 20, 10, seed=1, shape="mask", text="AB")
    saved = json.loads(json.dumps(maze.to_dict()))

    def no_reading(*_: object, **__: object) -> None:
        raise AssertionError("a file was read")

    monkeypatch.setattr(raster, "read_input", no_reading)
    with pytest.raises(MazeFormatError, match="read back from its 'cells'"):
        Maze.from_dict(data)
    again = Maze.from_dict(saved)  # from the cells alone
    assert again == maze


# --- environment -------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["not a number", "99999999999999999999999", "-5", ""])
def test_source_date_epoch_of_any_value(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, value: str
) -> None:
    maze = generate("backtracker", 5, 5, seed=3)
    from mazebook.render.writers import write

    plain = write(maze, "pdf")
    monkeypatch.setenv("SOURCE_DATE_EPOCH", value)
    assert write(maze, "pdf") == plain


@pytest.mark.slow
def test_no_absolute_path_in_any_output(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Paths in outputs are relative to the template; the same build from another working
    directory (template named another way) gives the same bytes."""
    project = folder(tmp_path / "project")
    small_png(folder(project / "pictures") / "disc.png")
    good_font(folder(project / "fonts"), "mask.ttf")
    text = (
        'title = "Paths"\n'
        '[[section]]\ncount = 1\ndifficulty = 2\nshape = "mask"\nimage = "pictures/disc.png"\n'
        'options = { parts = "largest" }\n'
        '[[section]]\ncount = 1\ndifficulty = 2\nshape = "mask"\ntext = "AB"\n'
        'options = { font = "fonts/mask.ttf" }\n'
    )
    write_template(project, text)
    outputs = []
    for cwd, spec in ((tmp_path, "project/book.toml"), (project, str(project / "book.toml"))):
        monkeypatch.chdir(cwd)
        out = Path("build")
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # levels a small page cannot reach
            build_book(spec, output=out / "book.pdf", svg_dir=out / "svg")
        files = sorted(p for p in out.rglob("*") if p.is_file())
        outputs.append({p.relative_to(out).as_posix(): p.read_bytes() for p in files})
    assert outputs[0] == outputs[1]
    manifest = json.loads(outputs[0]["book.json"])
    options = [p["options"] for p in manifest["puzzles"]]
    assert options[0]["image"] == "pictures/disc.png"
    assert options[1]["font"] == "fonts/mask.ttf"
    for name, data in outputs[0].items():
        assert str(tmp_path).encode() not in data, name
    assert "svg/puzzle-001.svg" in manifest["files"]


# --- the set of files of a build ---------------------------------------------------------


def test_manifest_records_every_file_of_its_set(tmp_path: Path) -> None:
    path = write_template(tmp_path, TINY)
    with padded():
        result = build_book(path, output=tmp_path / "out" / "b.pdf", svg_dir=tmp_path / "svg")
    manifest = json.loads(result.manifest.read_text())
    names = set(manifest["files"])
    assert names == {
        "b.pdf",
        "b-cover.pdf",
        *(f"../svg/{k}-00{n}.svg" for k in ("puzzle", "solution") for n in (1, 2)),
        "../svg/index.csv",
    }
    assert verify_set(manifest, result.manifest.parent) == []
    result.pdf.write_bytes(b"%PDF- an older book")  # a set left mixed by a crash
    assert verify_set(manifest, result.manifest.parent) == ["b.pdf"]


def test_interrupted_build_leaves_no_temporary_svgs(tmp_path: Path) -> None:
    path = write_template(tmp_path, TINY.replace("count = 2", "count = 6"))
    svg = folder(tmp_path / "svg")
    (svg / "puzzle-001.svg").write_text("old")

    def stop(done: int, _total: int) -> None:
        if done == 4:
            raise KeyboardInterrupt

    with (
        padded(),
        pytest.raises(KeyboardInterrupt),
    ):
        build_book(path, output=tmp_path / "b.pdf", svg_dir=svg, progress=stop)
    assert sorted(os.listdir(svg)) == ["puzzle-001.svg"]
    assert (svg / "puzzle-001.svg").read_text() == "old"
    assert sorted(os.listdir(tmp_path)) == ["book.toml", "svg"]


# --- text in linear time -----------------------------------------------------------------


def _count_widths(monkeypatch: pytest.MonkeyPatch, module: object) -> list[int]:
    calls = [0]
    real = module.stringWidth  # type: ignore[attr-defined]

    def counting(text: str, font: str, size: float) -> float:
        calls[0] += len(text) + 1  # the work of one call grows with its text
        return float(real(text, font, size))

    monkeypatch.setattr(module, "stringWidth", counting)
    return calls


@pytest.mark.slow
@pytest.mark.parametrize("text", ["x" * 20_000, "word " * 4_000, "迷" * 20_000])
def test_wrap_work_grows_linearly(monkeypatch: pytest.MonkeyPatch, text: str) -> None:
    fonts = typeset.default_fonts()
    calls = _count_widths(monkeypatch, typeset)
    typeset.wrap(text, fonts.bold, 30, 300)
    small = calls[0]
    calls[0] = 0
    typeset.wrap(text * 5, fonts.bold, 30, 300)
    assert calls[0] <= 5 * small + 100
    assert calls[0] <= 4 * len(text * 5)


@pytest.mark.slow
def test_title_fit_and_clip_work_grow_linearly(monkeypatch: pytest.MonkeyPatch) -> None:
    from mazebook.pages import book_furniture as pages
    from mazebook.pages import document

    fonts = typeset.default_fonts()
    counted = [_count_widths(monkeypatch, m) for m in (typeset, pages, document)]
    n = 20_000
    pages._fit_lines("x" * n, fonts.bold, 30.0, 400.0, 3)
    pages._clip("y" * n, fonts.bold, 12, 200)
    document.clip_visual("z" * n, fonts.bold, 12, 200)
    assert sum(c[0] for c in counted) < 60 * n  # quadratic would be about n * n / 2


@pytest.mark.slow
@given(st.text(alphabet="ab ✓迷\n", max_size=80), st.floats(min_value=5, max_value=200))
def test_wrap_keeps_every_character_within_the_width(text: str, width: float) -> None:
    fonts = typeset.default_fonts()
    lines = typeset.wrap(text, fonts.regular, 10, width)
    assert "".join(lines).replace(" ", "") == "".join(text.split())
    for line in lines:
        assert len(line) == 1 or typeset.stringWidth(line, fonts.regular, 10) <= width


# --- signals -----------------------------------------------------------------------------


@pytest.mark.slow
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP])
def test_signal_mid_build_keeps_the_old_files(tmp_path: Path, signum: int) -> None:
    """A real build in another process, stopped by SIGTERM (or SIGHUP) while its SVGs are
    being staged: exit 128 + signal, the old PDF, manifest and SVG untouched, no temporary
    file left anywhere."""
    path = write_template(tmp_path, TINY.replace("count = 2", "count = 150"))
    out, svg = folder(tmp_path / "out"), folder(tmp_path / "svg")
    old = {out / "b.pdf": b"%PDF- old", out / "b.json": b"{}", svg / "puzzle-001.svg": b"<svg/>"}
    for file, data in old.items():
        file.write_bytes(data)
    command = [sys.executable, "-m", "mazebook", "build", str(path), "-q"]
    command += ["-o", str(out / "b.pdf"), "--svg-dir", str(svg)]
    process = subprocess.Popen(command, stderr=subprocess.PIPE, text=True)
    try:
        deadline = time.monotonic() + 50
        while not any(name.endswith(".part") for name in os.listdir(svg)):
            assert process.poll() is None, "the build ended before it was interrupted"
            assert time.monotonic() < deadline, "no temporary SVG appeared"
            time.sleep(0.005)
        process.send_signal(signum)
        _, err = process.communicate(timeout=50)
    finally:
        if process.poll() is None:  # pragma: no cover - only when the test fails
            process.kill()
    assert process.returncode == 128 + signum, err
    assert err.strip().splitlines() == [
        f"mazebook: interrupted ({signal.Signals(signum).name}); no partial output was left"
    ]
    for file, data in old.items():
        assert file.read_bytes() == data
    assert sorted(os.listdir(out)) == ["b.json", "b.pdf"]
    assert os.listdir(svg) == ["puzzle-001.svg"]


def test_signal_handlers_are_restored_after_a_run(capsys: pytest.CaptureFixture[str]) -> None:
    before = signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)
    assert main(["algorithms"]) == 0
    assert (signal.getsignal(signal.SIGTERM), signal.getsignal(signal.SIGHUP)) == before


def test_signal_during_a_command_exits_128_plus_signal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """In-process: a SIGTERM that arrives while a command runs ends it like Ctrl-C."""
    from mazebook.app.commands import algorithms

    def run(_args: object) -> int:
        os.kill(os.getpid(), signal.SIGTERM)
        time.sleep(5)  # the handler interrupts this
        return 0

    monkeypatch.setattr(algorithms, "run", run)
    code, err = cli(capsys, "algorithms")
    assert code == 128 + signal.SIGTERM
    assert "interrupted (SIGTERM)" in err


def test_single_maze_may_not_replace_its_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    image = small_png(tmp_path / "shape.svg")  # an image saved under an SVG name
    before = image.read_bytes()
    code, err = cli(capsys, "maze", "--shape", "mask", "--image", str(image), "-o", str(image))
    assert_one_line(code, err, "would replace the input", "shape.svg")
    assert image.read_bytes() == before


def test_verify_set_never_opens_a_pipe(tmp_path: Path) -> None:
    fifo(tmp_path / "b.pdf")
    assert verify_set({"files": {"b.pdf": "0" * 64}}, tmp_path) == ["b.pdf"]


@pytest.mark.parametrize("where", ["template", "output", "svg"])
def test_names_too_long_for_the_file_system(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], where: str
) -> None:
    path = write_template(tmp_path, TINY)
    long = "n" * 5000
    argv = {
        "template": ["build", long],
        "output": ["build", str(path), "-o", str(tmp_path / f"{long}.pdf")],
        "svg": ["build", str(path), "-o", str(tmp_path / "b.pdf"), "--svg-dir", long],
    }[where]
    code, err = cli(capsys, *argv, "-q")
    assert_one_line(code, err)


def test_a_number_where_a_file_name_belongs(capsys: pytest.CaptureFixture[str]) -> None:
    code, err = cli(capsys, "maze", "--shape", "mask", "--text", "AB", "-O", "font=1")
    assert_one_line(code, err, "must be a file name, got 1")
