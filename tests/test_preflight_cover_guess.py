"""Preflight knows a cover (issue 34, point 3): `mazebook preflight COVER.pdf` without --cover
checks a one-page file shaped like the printer's cover as the cover its size tells, says which
page count and paper it assumed and how to pin them, or names the flags when no cover fits;
and `mazebook build` prints the preflight commands for what it wrote."""

from __future__ import annotations

import json
import shlex
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from reportlab.pdfgen.canvas import Canvas

from mazebook.app.cli import main
from mazebook.preflight import preflight
from mazebook.preflight.guess import readings
from mazebook.preflight.read import PageGeometry
from mazebook.printing.printers import PRINTERS, Trim, cover_size, page_range

from .test_preflight import FONT, IN, book, cover


def test_a_cover_given_without_cover_is_checked_as_the_cover_its_size_tells(
    tmp_path: Path,
) -> None:
    path = cover(tmp_path / "cover.pdf", pages=200)
    report = preflight(path)
    assert report.ok, report.lines()
    assert report.checks[0].name == "cover recognised" and report.warned() == {"cover recognised"}
    told = report.check("cover recognised").detail
    assert "a 6 x 9 in book of 200 pages on white paper" in told
    assert "0.4504 in spine" in told and "180 on cream" in told  # the other papers' counts
    assert f"mazebook preflight {path} --printer kdp --cover --pages 200 --paper white" in told
    assert "rules for the cover of a 200-page book on white paper" in report.rules
    # the same checks as with the flags, less the warning that says what was assumed
    pinned = preflight(path, cover=True, pages=200)
    assert [c.name for c in report.checks[1:]] == [c.name for c in pinned.checks]


def test_the_paper_given_is_the_paper_assumed(tmp_path: Path) -> None:
    path = cover(tmp_path / "cream.pdf", pages=300, paper="cream")
    report = preflight(path, paper="cream")
    assert report.ok, report.lines()
    assert "book of 300 pages on cream paper" in report.check("cover recognised").detail
    white = preflight(path)  # the same spine on white paper: 333 pages
    assert "book of 333 pages on white paper" in white.check("cover recognised").detail


def test_a_cover_that_fits_two_trims_says_both_and_checks_the_likelier(tmp_path: Path) -> None:
    """5.25 x 8 in with 100 pages is as wide as 5 x 8 in with 322: both readings named, the
    file checked as the one its marks fit (its front title starts just inside the 5.25 x 8 in
    front's safe area, which would straddle the 5 x 8 in spine's fold)."""
    pages = 100

    def front_title(canvas: Canvas, number: int, box: tuple[float, ...]) -> None:
        canvas.setFont(FONT, 14)
        front = box[0] + 5.25 * IN + pages * 0.002252 * IN
        canvas.drawString(front + 0.15 * IN, box[3] - 3 * IN, "Mazes")

    path = cover(tmp_path / "small.pdf", pages=pages, trim=(5.25, 8), draw=front_title)
    assert preflight(path, cover=True, pages=322).failed() == {"safe area"}  # read as 5 x 8 in
    report = preflight(path)
    assert report.ok, report.lines()
    told = report.check("cover recognised").detail
    assert "a 5.25 x 8 in book of 100 pages" in told
    assert "also the size of a 5 x 8 in book of 322 pages (--cover --pages 322" in told


@given(st.sampled_from(["kdp", "ingramspark", "lulu"]), st.data())
def test_every_cover_size_reads_back_as_its_trim_paper_and_page_count(
    name: str, data: st.DataObject
) -> None:
    """For any trim, paper and page count of a printer, a page of the cover's size (to a
    thousandth of an inch, as PDFs write it) is read back as that book."""
    p = PRINTERS[name]
    trim = data.draw(st.sampled_from(p.trims))
    paper = data.draw(st.sampled_from(["white", "cream", "color", "premium-color"]))
    span = page_range(p, trim, paper)
    assert span is not None
    pages = data.draw(st.integers(*span))
    width, height = cover_size(p, trim, pages, paper)
    media = (0.0, 0.0, round(width * IN, 3), round(height * IN, 3))
    found = readings(p, PageGeometry(media, None, None, 0))
    assert any(r.trim == trim and r.paper == paper and r.pages == pages for r in found), found


def test_an_a4_cover_made_to_the_millimetre_reads_its_page_count(tmp_path: Path) -> None:
    """A4 is published as 8.27 x 11.69 in but is 210 x 297 mm: a cover made to the millimetre
    is 0.0046 in narrower, two pages of spine; its height says how it was made."""
    a4 = Trim(210 / 25.4, 297 / 25.4)
    width, height = cover_size("kdp", a4, 82, "white")
    found = readings(PRINTERS["kdp"], PageGeometry((0, 0, width * IN, height * IN), None, None, 0))
    white = [r for r in found if r.paper == "white"]
    assert [r.pages for r in white] == [82], found


def test_interior_pages_and_loose_sheets_are_never_read_as_covers(tmp_path: Path) -> None:
    landscape = book(tmp_path / "wide.pdf", trim=(8.25, 6), pages=1)  # a KDP interior trim
    assert "cover recognised" not in {c.name for c in preflight(landscape).checks}
    wide = cover(tmp_path / "cover.pdf", pages=200)
    loose = preflight(wide, loose=True)
    assert "cover recognised" not in {c.name for c in loose.checks} and not loose.ok
    home = preflight(wide, printer="home")  # a desktop printer takes no cover
    assert "cover recognised" not in {c.name for c in home.checks} and not home.notes


def test_a_page_shaped_like_a_cover_that_fits_none_names_the_flags(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = cover(tmp_path / "narrow.pdf", pages=200, narrower=0.4)  # 0.05 in of spine left
    report = preflight(path)
    assert not report.ok and "cover recognised" not in {c.name for c in report.checks}
    (note,) = report.notes
    assert "like a cover, but no kdp cover" in note and "6 x 9 in: 0.0504 in" in note
    assert "--printer kdp --cover --pages N" in note
    tall = cover(tmp_path / "tall.pdf", pages=200, trim=(6, 9.5))  # no trim is 9.5 in tall
    assert "its height 9.75 in is no kdp trim's" in preflight(tall).notes[0]
    assert main(["preflight", str(path)]) == 1
    out = capsys.readouterr().out.splitlines()
    assert out[1].startswith("note: one page 12.3 x 9.25 in, wider than tall like a cover")


@pytest.mark.slow
@pytest.mark.parametrize("printer", ["kdp", "ingramspark", "lulu"])
def test_mazebooks_own_covers_are_recognised_with_their_page_count(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], printer: str
) -> None:
    pdf = tmp_path / "book.pdf"
    assert main(["build", "children", "--printer", printer, "-o", str(pdf), "-q"]) == 0
    pages = json.loads((tmp_path / "book.json").read_text())["cover"]["pages"]
    capsys.readouterr()
    assert main(["preflight", str(tmp_path / "book-cover.pdf"), "--printer", printer]) == 0
    out = capsys.readouterr().out
    assert "FAIL" not in out and out.rstrip().endswith("ready to print")
    assert f"book of {pages} pages on white paper" in out


# --- mazebook build prints the preflight commands ---------------------------------------------


def _commands(out: str) -> list[list[str]]:
    """The preflight commands a build printed, as argument lists."""
    return [
        shlex.split(line.strip())
        for line in out.splitlines()
        if line.startswith("  mazebook preflight ")
    ]


@pytest.mark.slow
@pytest.mark.parametrize("printer", ["kdp", "lulu"])
def test_build_prints_preflight_commands_that_pass(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], printer: str
) -> None:
    template = tmp_path / "b.toml"
    template.write_text(
        'title = "Check me"\nseed = 4\npage_size = "6x9in"\n[[section]]\ncount = 40\n',
        encoding="utf-8",
    )
    pdf = tmp_path / "my books" / "it's -done.pdf"  # a space and a quote for the shell
    assert main(["build", str(template), "--printer", printer, "-o", str(pdf)]) == 0
    commands = _commands(capsys.readouterr().out)
    manifest = json.loads(pdf.with_suffix(".json").read_text())
    cover_pdf = str(pdf.with_name("it's -done-cover.pdf"))
    assert [c[:3] for c in commands] == [
        ["mazebook", "preflight", str(pdf)],
        ["mazebook", "preflight", cover_pdf],
    ]
    assert commands[0][3:] == ["--printer", printer]
    pages = str(manifest["cover"]["pages"])
    assert commands[1][3:] == ["--printer", printer, "--cover", "--pages", pages]
    for command in commands:
        assert main(command[1:]) == 0, command
        assert "ready to print" in capsys.readouterr().out


@pytest.mark.slow
def test_build_prints_loose_sheet_commands_for_a_worksheet_and_nothing_when_quiet(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["build", "worksheet", "--output=-sheet.pdf"]) == 0  # a name like an option
    commands = _commands(capsys.readouterr().out)
    assert [c[2:] for c in commands] == [
        ["./-sheet.pdf", "--printer", "home", "--loose"],
        ["./-sheet-answers.pdf", "--printer", "home", "--loose"],
    ]
    for command in commands:
        assert main(command[1:]) == 0, command
    capsys.readouterr()
    assert main(["build", "worksheet", "-o", "q.pdf", "-q"]) == 0
    assert capsys.readouterr().out == ""
