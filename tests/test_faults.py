"""Faults of the machine and of names, each one line on stderr and exit 2: a full disk (no
file left half written, nothing blocking the retry), memory running out, an output path that
is a dangling symbolic link, file names with a newline or a terminal escape in them, and
titles of only invisible characters."""

from __future__ import annotations

import errno
import os
import resource
import subprocess
import sys
import unicodedata
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.app.cli import main
from mazebook.errors import InvalidOptionError, one_line
from mazebook.requests import parse_text
from mazebook.template.visible import INVISIBLE, visible

from .test_preflight_hostile import one_page

pytestmark = pytest.mark.usefixtures("no_hang")


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def one_line_error(code: int, err: str, *needles: str) -> str:
    assert code == 2, err
    lines = err.strip().splitlines()
    assert len(lines) == 1 and "internal error" not in err and "Traceback" not in err, err
    for needle in needles:
        assert needle in lines[0], (needle, err)
    return lines[0]


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every file flushed to disk after the first ``allowed[0]`` fails with ENOSPC (the disk
    fills up part-way, as it does: writes are buffered, the flush finds no room)."""
    allowed = [0]
    real = os.fsync

    def fsync(fd: int) -> None:
        if allowed[0] <= 0:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        allowed[0] -= 1
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    yield allowed


def leftovers(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*"))


# --- 4: templates copy on a full disk -----------------------------------------------------------


def test_templates_copy_on_a_full_disk_says_so_and_leaves_nothing(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
    full_disk: list[int],
) -> None:
    """It said "internal error (a bug)", exit 1, and left an empty file that blocked the
    retry ("already exists")."""
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(capsys, "templates", "copy", "classic", "mine.toml")
    one_line_error(code, err, "mine.toml", "no space left")
    assert leftovers(tmp_path) == []
    full_disk[0] = 10  # room again: the retry works
    code, _, err = cli(capsys, "templates", "copy", "classic", "mine.toml")
    assert code == 0, err
    assert (tmp_path / "mine.toml").read_bytes().startswith(b"#")
    assert leftovers(tmp_path) == ["mine.toml"]


def test_templates_copy_never_overwrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "mine.toml").write_text("# mine\n", encoding="utf-8")
    code, _, err = cli(capsys, "templates", "copy", "classic", "mine.toml")
    one_line_error(code, err, "already exists")
    assert (tmp_path / "mine.toml").read_text(encoding="utf-8") == "# mine\n"
    assert leftovers(tmp_path) == ["mine.toml"]


# --- 9: preview on a full disk ------------------------------------------------------------------


@pytest.mark.parametrize("room", [0, 2])
def test_preview_on_a_full_disk_leaves_no_page_image(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], full_disk: list[int], room: int
) -> None:
    pdf = tmp_path / "in" / "p.pdf"
    pdf.parent.mkdir()
    one_page(pdf, b"1 w 0 0 m 100 100 l S")
    pages = tmp_path / "in" / "three.pdf"
    from pypdf import PdfReader, PdfWriter

    writer = PdfWriter()
    for _ in range(3):
        writer.add_page(PdfReader(str(pdf)).pages[0])
    with pages.open("wb") as handle:
        writer.write(handle)
    full_disk[0] = room  # the disk fills after ``room`` of the three pages
    out = tmp_path / "png"
    code, _, err = cli(capsys, "preview", str(pages), "-o", str(out), "--dpi", "20")
    one_line_error(code, err, "no space left")
    assert not out.exists()  # the folder it made is gone too, empty
    existing = tmp_path / "kept"
    existing.mkdir()
    (existing / "old.txt").write_text("x", encoding="utf-8")
    full_disk[0] = room
    code, _, err = cli(capsys, "preview", str(pages), "-o", str(existing), "--dpi", "20")
    one_line_error(code, err, "no space left")
    assert leftovers(existing) == ["old.txt"]


def test_a_full_disk_anywhere_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], full_disk: list[int]
) -> None:
    """A build's outputs, a worksheet's, a single maze's."""
    for argv in (
        ["build", "classic", "-o", str(tmp_path / "b" / "book.pdf"), "-q"],
        ["worksheet", "--count", "1", "-o", str(tmp_path / "w" / "w.pdf"), "-q"],
    ):
        code, _, err = cli(capsys, *argv)
        one_line_error(code, err, "no space left")
        assert not any(p.is_file() for p in tmp_path.rglob("*")), leftovers(tmp_path)


# --- 10: a dangling symbolic link as the output -------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["build", "classic", "-o", "{out}", "-q"],
        ["worksheet", "--count", "1", "-o", "{out}", "-q"],
        ["maze", "-s", "5x5", "--seed", "1", "-o", "{out}"],
        ["cover", "classic", "-o", "{out}"],
    ],
    ids=["build", "worksheet", "maze", "cover"],
)
def test_an_output_that_is_a_dangling_link_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    """No folder is made where the link points (they were made, then written)."""
    link = tmp_path / "out.pdf"
    target = tmp_path / "elsewhere" / "deep" / "out.pdf"
    link.symlink_to(target)
    args = [a.format(out=link) for a in argv]
    code, _, err = cli(capsys, *args)
    one_line_error(code, err, "symbolic link", "does not exist")
    assert not (tmp_path / "elsewhere").exists()


def test_a_link_to_an_existing_file_is_still_followed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "real.svg"
    target.write_text("old", encoding="utf-8")
    (tmp_path / "link.svg").symlink_to(target)
    code, _, err = cli(capsys, "maze", "-s", "5x5", "--seed", "1", "-o", str(tmp_path / "link.svg"))
    assert code == 0, err
    assert (tmp_path / "link.svg").is_symlink() and target.read_text().startswith("<svg")


# --- 8: out of memory ---------------------------------------------------------------------------


def test_running_out_of_memory_is_one_line_exit_2(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    def hungry(*_: object, **__: object) -> None:
        raise MemoryError

    monkeypatch.setattr("mazebook.requests.generate", hungry)
    code, _, err = cli(capsys, "maze", "-s", "5x5", "--seed", "1")
    one_line_error(code, err, "out of memory")


@pytest.mark.slow
def test_a_real_lack_of_memory_is_one_line_exit_2(tmp_path: Path) -> None:
    """A 2000 x 2000 maze in a process allowed 350 MB of address space: "out of memory",
    exit 2 (it was "internal error (a bug)", exit 1)."""

    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (350 << 20, 350 << 20))

    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "mazebook",
            "maze",
            "-s",
            "2000x2000",
            "-o",
            str(tmp_path / "m.json"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        preexec_fn=limit,
    )
    assert run.returncode == 2, run.stderr
    assert run.stderr.strip().splitlines() == [
        "mazebook maze: error: out of memory: the input asks for more than this computer has "
        "free; make it smaller"
    ]


# --- 11: file names shown escaped ---------------------------------------------------------------

HOSTILE_NAMES = [
    "a\nb.toml",
    "a\x1b[2J\x1b[31mred.toml",
    "a\rb.toml",
    "a\u202eb.toml",
    "a\x07.toml",
]


@pytest.mark.parametrize("name", HOSTILE_NAMES)
def test_a_name_with_control_characters_is_shown_escaped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], name: str
) -> None:
    monkeypatch.chdir(tmp_path)
    code, _, err = cli(capsys, "build", name)  # no such file: an error naming it
    line = one_line_error(code, err)
    assert not any(unicodedata.category(c) in ("Cc", "Cf") for c in line), repr(line)
    code, out, err = cli(capsys, "templates", "copy", "classic", name)  # a line on stdout
    assert code == 0, err
    lines = out.strip().splitlines()
    assert len(lines) == 1 and not any(unicodedata.category(c) in ("Cc", "Cf") for c in lines[0])
    assert one_line(name) in lines[0]
    assert (tmp_path / name).exists()  # the file itself has its real name


def test_a_warning_naming_a_file_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import warnings

    from mazebook.app.cli import _one_line_warning

    _one_line_warning("mazebook x")(
        UserWarning("mask 'a\nb\x1b[1m.png' dropped"), UserWarning, "", 0
    )
    err = capsys.readouterr().err
    assert err == "mazebook x: warning: mask 'a\\nb\\x1b[1m.png' dropped\n"
    del warnings


def test_bytes_on_standard_output_pass_as_they_are(capsys: pytest.CaptureFixture[str]) -> None:
    """A maze written to standard output keeps its line breaks."""
    code, out, err = cli(capsys, "maze", "-s", "4x3", "--seed", "1")
    assert code == 0, err
    assert out.count("\n") >= 7 and "\\n" not in out


# --- 12: titles of only invisible characters ----------------------------------------------------

INVISIBLES = [
    "\u200b",  # zero-width space
    "\u200c",  # zero-width non-joiner
    "\u200d",  # zero-width joiner
    "\ufeff",  # byte-order mark
    "\u00a0",  # no-break space
    "\u2003\u3000",  # em space, ideographic space
    "\u2060\u180e",  # word joiner, Mongolian vowel separator
    "\u3164\u115f",  # Hangul fillers
    "\u00ad\u202e",  # soft hyphen, right-to-left override
]


@pytest.mark.parametrize("title", INVISIBLES)
def test_an_invisible_title_is_refused_like_an_empty_one(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], title: str
) -> None:
    book = tmp_path / "book.toml"
    escaped = "".join(f"\\u{ord(c):04x}" for c in title)
    book.write_text(f'title = "{escaped}"\n[[section]]\ncount = 1\n', encoding="utf-8")
    code, _, err = cli(capsys, "build", str(book), "-o", str(tmp_path / "b.pdf"))
    one_line_error(code, err, 'key "title"', "not only spaces")
    code, _, err = cli(capsys, "worksheet", "--title", title, "-o", str(tmp_path / "w.pdf"))
    one_line_error(code, err, "--title", "must not be empty")
    with pytest.raises(InvalidOptionError, match="must not be empty"):
        parse_text(title + " " + title, "title")
    assert not (tmp_path / "b.pdf").exists() and not (tmp_path / "w.pdf").exists()


def test_the_web_form_refuses_an_invisible_title(tmp_path: Path) -> None:
    from starlette.testclient import TestClient

    from mazebook.app.web.server import create_app

    (tmp_path / "root").mkdir()
    origin = {"base_url": "http://127.0.0.1:8000", "headers": {"Origin": "http://127.0.0.1:8000"}}
    with TestClient(create_app(tmp_path / "root"), **origin) as client:
        form = {"count": "1", "per_page": "1", "levels": "1", "title": "\u200b\u200d"}
        page = client.post("/worksheet/preview", data=form).text
        assert 'id="sheet-err-title"' in page and "must not be empty" in page


def test_a_visible_character_among_invisible_ones_is_a_title(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert parse_text("\u200bA\u200d", "title") == "\u200bA\u200d"
    assert visible("\u0301\u200b")  # a combining mark shows (on a dotted circle)


@given(st.text(max_size=20))
def test_visible_means_a_character_outside_the_invisible_categories(text: str) -> None:
    blank = {0x115F, 0x1160, 0x3164, 0xFFA0, 0x2800, *range(0x13430, 0x13440)}
    shows = any(
        unicodedata.category(c) not in ("Cc", "Cf", "Zs", "Zl", "Zp") and ord(c) not in blank
        for c in text
    )
    assert visible(text) == shows


def test_the_invisible_class_covers_every_space_control_and_format_character() -> None:
    """Python's Unicode database, whatever its version, has no such character the class
    misses."""
    import re

    pattern = re.compile(f"[{INVISIBLE}]")
    missed = [
        f"U+{c:04X}"
        for c in range(0x110000)
        if unicodedata.category(chr(c)) in ("Cc", "Cf", "Zs", "Zl", "Zp")
        and not pattern.match(chr(c))
    ]
    assert missed == []
