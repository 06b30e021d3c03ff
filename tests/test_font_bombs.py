"""Fonts whose tables claim more than the file holds: refused by one checker (mazebook.fontfile)
before reportlab or FreeType reads them, on every path a font comes in by (a template's
``font``, ``worksheet --font``, a text mask's font, a font uploaded to the web app), in one
line with exit 2 and little memory. The fonts are a good tiny font (tests/fontmaker.py) with
one table replaced or one field changed; the largest is a few kilobytes."""

from __future__ import annotations

import functools
import struct
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pytest
from fontTools.ttLib import TTCollection, TTFont
from hypothesis import given
from hypothesis import strategies as st
from starlette.testclient import TestClient

from mazebook.app.cli import main
from mazebook.app.web.server import create_app
from mazebook.errors import FontError
from mazebook.fontfile import MAX_CODE_POINTS, check_font, unmapped
from mazebook.render import typeset

from .fontmaker import (
    cmap_table,
    groups_subtable,
    patched,
    segments_subtable,
    tiny_font,
    with_raw_table,
)
from .peak import weigh

pytestmark = pytest.mark.usefixtures("no_hang")

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789 .,:-'()"


def good(tmp_path: Path, name: str = "good.ttf", cff: bool = False) -> Path:
    return tiny_font(tmp_path / name, LETTERS, cff=cff)


def cmap_font(tmp_path: Path, *subtables: tuple[int, int, bytes]) -> Path:
    return with_raw_table(
        good(tmp_path, "src.ttf"), tmp_path / "f.ttf", "cmap", cmap_table(*subtables)
    )


def format2(count: int) -> bytes:
    """A format 2 subtable whose high bytes 0x81-0xFE all use a sub-header of ``count``
    entries."""
    keys = [0] * 0x81 + [8] * (0xFF - 0x81) + [0]
    headers = struct.pack(">HHhH", 0, 256, 0, 0) + struct.pack(">HHhH", 0x40, count, 0, 0)
    body = struct.pack(">256H", *keys) + headers + b"\0\0" * 64
    return struct.pack(">HHH", 2, 6 + len(body), 0) + body


def format14(ranges: int) -> bytes:
    """A format 14 subtable with one selector whose default table has ``ranges`` ranges of
    256 code points each."""
    default = struct.pack(">I", ranges) + b"".join(
        struct.pack(">I", (i * 256) << 8 | 255) for i in range(ranges)
    )
    record = (0xFE00).to_bytes(3, "big") + struct.pack(">II", 21, 0)
    head = struct.pack(">HII", 14, 21 + len(default), 1)
    return head + record + default


def collection(tmp_path: Path, count: int, offset: int | None = None) -> Path:
    """A TTC header claiming ``count`` fonts, the first at ``offset`` (default: a real one)."""
    font = good(tmp_path, "src.ttf").read_bytes()
    first = 12 + 4 * min(count, 4) if offset is None else offset
    header = b"ttcf" + struct.pack(">HHI", 1, 0, count)
    header += struct.pack(f">{min(count, 4)}I", *([first] * min(count, 4)))
    path = tmp_path / "f.ttf"
    path.write_bytes(header + _shifted(font, first) if offset is None else header + font)
    return path


def _shifted(font: bytes, by: int) -> bytes:
    """A single font's bytes with its table offsets moved by ``by`` (it follows a header)."""
    data = bytearray(font)
    for index in range(struct.unpack_from(">H", data, 4)[0]):
        at = 12 + 16 * index + 8
        struct.pack_into(">I", data, at, struct.unpack_from(">I", data, at)[0] + by)
    return bytes(data)


#: Hostile fonts: name -> (maker, words of the refusal).
HOSTILE: dict[str, tuple[Callable[[Path], Path], str]] = {
    "cmap 12: 268 million code points": (
        lambda d: cmap_font(d, (3, 10, groups_subtable([(0, 0x0FFFFFFF, 1)]))),
        "268,435,456 code points",
    ),
    "cmap 13: every code point": (
        lambda d: cmap_font(d, (3, 10, groups_subtable([(0, 0x10FFFF, 1)], fmt=13))),
        "1,114,112 code points",
    ),
    "cmap 12: groups over again": (
        lambda d: cmap_font(d, (3, 10, groups_subtable([(0x4E00, 0x9FFF, 1)] * 20))),
        "code points",
    ),
    "cmap 12: more groups than the table holds": (
        lambda d: cmap_font(d, (3, 10, groups_subtable([(65, 90, 1)])[:12] + b"\xff\xff\xff\xff")),
        "runs past the end of its table",
    ),
    "cmap 4: segments over again": (
        lambda d: cmap_font(d, (3, 1, segments_subtable([(0, 0xFFFE)] * 8 + [(0xFFFF, 0xFFFF)]))),
        "524,281 code points",
    ),
    "cmap 4: segment count past the table": (
        lambda d: cmap_font(d, (3, 1, segments_subtable([(65, 90)])[:6] + b"\xff\xfe")),
        "runs past the end of its table",
    ),
    "cmap 2: sub-headers of 65535 entries": (
        lambda d: cmap_font(d, (3, 1, format2(65535))),
        "code points",
    ),
    "cmap 6: entries past the table": (
        lambda d: cmap_font(d, (3, 1, struct.pack(">HHHHH", 6, 10, 0, 0, 60000))),
        "runs past the end of its table",
    ),
    "cmap 10: 4 billion characters": (
        lambda d: cmap_font(d, (0, 4, struct.pack(">HHIIII", 10, 0, 20, 0, 0, 0xFFFFFFFF))),
        "runs past the end of its table",
    ),
    "cmap 14: variation ranges": (
        lambda d: cmap_font(d, (3, 1, segments_subtable([(65, 90)])), (0, 5, format14(1000))),
        "256,000 code points",
    ),
    "cmap: a subtable past the table": (
        lambda d: with_raw_table(
            good(d, "src.ttf"), d / "f.ttf", "cmap", struct.pack(">HHHHI", 0, 1, 3, 1, 5000)
        ),
        "starts past the end of its table",
    ),
    "a table past the end of the file": (
        lambda d: _directory_length(good(d, "f.ttf"), "glyf", 0x7FFFFFFF),
        "runs past the end of the file",
    ),
    "65535 tables": (
        lambda d: _write(
            d / "f.ttf",
            good(d, "src.ttf").read_bytes()[:4] + b"\xff\xff" + good(d, "src.ttf").read_bytes()[6:],
        ),
        "65,535 tables",
    ),
    "maxp: 65535 glyphs": (
        lambda d: patched(good(d, "src.ttf"), d / "f.ttf", "maxp", 4, b"\xff\xff"),
        "65,535 glyphs",
    ),
    "hhea: more metrics than glyphs": (
        lambda d: patched(good(d, "src.ttf"), d / "f.ttf", "hhea", 34, b"\xff\xf0"),
        "horizontal metrics",
    ),
    "CFF: more glyphs than bytes": (
        lambda d: patched(good(d, "src.otf", cff=True), d / "f.ttf", "maxp", 4, b"\xff\xff"),
        "65,535 glyphs",
    ),
    "collection of a billion fonts": (lambda d: collection(d, 1_000_000_000), "fonts"),
    "collection font past the end": (lambda d: collection(d, 1, offset=1 << 30), "past its end"),
    "web font": (lambda d: _write(d / "f.ttf", b"wOFF" + b"\0" * 60), "WOFF web font"),
    "too short": (lambda d: _write(d / "f.ttf", b"\0\1\0\0"), "too short"),
}


def _write(path: Path, data: bytes) -> Path:
    path.write_bytes(data)
    return path


def _directory_length(path: Path, tag: str, length: int) -> Path:
    """Set the length a font's table directory gives ``tag``."""
    data = bytearray(path.read_bytes())
    for index in range(struct.unpack_from(">H", data, 4)[0]):
        record = 12 + 16 * index
        if data[record : record + 4] == tag.encode():
            struct.pack_into(">I", data, record + 12, length)
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize("case", sorted(HOSTILE))
def test_the_checker_refuses_what_no_font_holds(tmp_path: Path, case: str) -> None:
    make, words = HOSTILE[case]
    font = make(tmp_path)
    with pytest.raises(FontError) as caught:
        check_font(font.read_bytes(), "'f.ttf'")
    assert words in str(caught.value) and "'f.ttf'" in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize(
    "case",
    ["cmap 12: 268 million code points", "cmap 4: segments over again", "maxp: 65535 glyphs"],
)
def test_every_path_a_font_comes_in_by_refuses_it(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], case: str
) -> None:
    """worksheet --font, a template's font, a text mask's font: one line, exit 2."""
    make, words = HOSTILE[case]
    font = make(tmp_path)
    book = tmp_path / "book.toml"
    book.write_text(f'title = "T"\nfont = "{font}"\n[[section]]\ncount = 1\n', encoding="utf-8")
    for argv in (
        ["worksheet", "--font", str(font), "-o", str(tmp_path / "w" / "w.pdf")],
        ["build", str(book), "-o", str(tmp_path / "b" / "b.pdf"), "-q"],
        [
            "maze",
            "--shape",
            "mask",
            "--text",
            "AB",
            "-O",
            f"font={font}",
            "-o",
            str(tmp_path / "m.svg"),
        ],
    ):
        assert main(argv) == 2, argv
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "f.ttf" in err[0] and words in err[0], (argv, err)
        assert "internal error" not in err[0]
    assert not (tmp_path / "w").exists() and not (tmp_path / "b").exists()


def test_a_refused_font_costs_little_memory(tmp_path: Path) -> None:
    """The 268-million-code-point cmap took reportlab past 2.4 GB; refused, the whole process
    stays under 300 MB."""
    font = HOSTILE["cmap 12: 268 million code points"][0](tmp_path)
    run = weigh(
        [
            sys.executable,
            "-m",
            "mazebook",
            "worksheet",
            "--font",
            str(font),
            "-o",
            str(tmp_path / "w.pdf"),
        ]
    )
    assert run.returncode == 2 and len(run.stderr.strip().splitlines()) == 1, run.stderr
    assert run.peak_kb < 300 * 1024, run.peak_kb  # ru_maxrss is in kilobytes on Linux


def test_the_web_app_answers_beside_the_font_field_and_stays_up(tmp_path: Path) -> None:
    font = HOSTILE["cmap 12: 268 million code points"][0](tmp_path)
    origin = {"base_url": "http://127.0.0.1:8000", "headers": {"Origin": "http://127.0.0.1:8000"}}
    (tmp_path / "root").mkdir()
    with TestClient(create_app(tmp_path / "root"), **origin) as client:
        form = {"count": "1", "per_page": "1", "levels": "1", "title": "T"}
        files = {"font": ("bomb.ttf", font.read_bytes(), "font/ttf")}
        page = client.post("/worksheet/preview", data=form, files=files).text
        assert 'id="sheet-err-font"' in page and "268,435,456 code points" in page
        assert "bomb.ttf" in page and str(tmp_path) not in page
        assert client.get("/").status_code == 200  # still serving


def test_good_fonts_pass(tmp_path: Path) -> None:
    """The bundled fonts, a TrueType and a CFF tiny font, and a collection of two fonts."""
    for path in (typeset.FONT_DIR / "DejaVuSans.ttf", typeset.FONT_DIR / "DejaVuSans-Bold.ttf"):
        check_font(path.read_bytes(), path.name)
    check_font(good(tmp_path).read_bytes(), "good")
    check_font(good(tmp_path, "c.otf", cff=True).read_bytes(), "cff")
    pair = TTCollection()
    pair.fonts = [TTFont(str(good(tmp_path, "a.ttf"))), TTFont(str(good(tmp_path, "b.ttf")))]
    pair.save(str(tmp_path / "pair.ttc"))
    check_font((tmp_path / "pair.ttc").read_bytes(), "pair")
    cjk = cmap_font(tmp_path, (3, 10, groups_subtable([(0x4E00, 0x4E00 + MAX_CODE_POINTS - 1, 1)])))
    check_font(cjk.read_bytes(), "at the limit")


@functools.cache
def good_bytes() -> bytes:
    """A good tiny font's bytes (made once)."""
    with tempfile.TemporaryDirectory() as folder:
        return tiny_font(Path(folder) / "good.ttf", LETTERS).read_bytes()


@given(st.integers(0, 1 << 16), st.binary(min_size=1, max_size=8))
def test_any_damage_is_a_font_error_or_passes(at: int, junk: bytes) -> None:
    """Whatever bytes are changed, the checker raises FontError or nothing (never struct.error,
    IndexError, a hang), and what it passes claims at most MAX_CODE_POINTS code points."""
    data = bytearray(good_bytes())
    at %= len(data)
    data[at : at + len(junk)] = junk
    try:
        check_font(bytes(data), "x")
    except FontError:
        return
    assert len(unmapped(bytes(data), LETTERS)) <= len(LETTERS)


# --- point 13: a text mask's letters the font's character map lacks -----------------------------


def test_a_mask_font_with_an_empty_cmap_is_refused_like_one_without_the_letters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An empty character map maps nothing; its missing glyph may be blank, which the old
    check took for letters it has."""
    for name, table in (
        ("none.ttf", cmap_table()),
        ("endonly.ttf", cmap_table((3, 1, segments_subtable([(0xFFFF, 0xFFFF)])))),
    ):
        font = with_raw_table(
            tiny_font(tmp_path / f"src-{name}", "AB", blank_notdef=True),
            tmp_path / name,
            "cmap",
            table,
        )
        assert unmapped(font.read_bytes(), "AB C") == ["A", "B", "C"]
        argv = [
            "maze",
            "--shape",
            "mask",
            "--text",
            "AB",
            "-O",
            f"font={font}",
            "-o",
            str(tmp_path / "m.svg"),
        ]
        assert main(argv) == 2
        err = capsys.readouterr().err.strip().splitlines()
        assert len(err) == 1 and "has no letter for 'AB'" in err[0], err
    font = tiny_font(tmp_path / "has.ttf", "AB", blank_notdef=True)
    assert unmapped(font.read_bytes(), "AB") == []
    assert (
        main(
            [
                "maze",
                "--shape",
                "mask",
                "--text",
                "AB",
                "-O",
                f"font={font}",
                "-o",
                str(tmp_path / "m.svg"),
            ]
        )
        == 0
    )
