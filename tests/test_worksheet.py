"""Worksheets: the command and the template kind, the two PDFs and the manifest, bad input.

Every worksheet here is built for real (a few mazes each, about 0.1 s) and both of its PDFs are
checked with the book's preflight.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from mazebook import build_book, generate
from mazebook.app.cli import main
from mazebook.difficulty.metrics import measure
from mazebook.errors import TemplateError
from mazebook.pages.layout import maze_scale
from mazebook.preflight import preflight
from mazebook.printing.units import POINTS_PER_MM
from mazebook.products.worksheet import prepare_worksheet
from mazebook.template import load_template
from mazebook.template.load import parse_template
from mazebook.template.worksheet import MIN_CELL_MM

from .contract import PUZZLE_KEYS

ROOT = Path(__file__).resolve().parent.parent
SHIPPED = ROOT / "templates" / "worksheet.toml"


def _run(*args: str) -> int:
    return main(["worksheet", "--quiet", *args])


def _files(pdf: Path) -> tuple[Path, Path, Path]:
    return pdf, pdf.with_name(f"{pdf.stem}-answers.pdf"), pdf.with_suffix(".json")


def _texts(path: Path) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(str(path)).pages]


def _preflight_ok(*paths: Path) -> None:
    for path in paths:
        report = preflight(path, loose=True)
        assert report.ok, (path.name, report.lines())


def _reproduce(puzzle: dict[str, Any]) -> None:
    maze = generate(
        puzzle["algorithm"],
        puzzle["width"],
        puzzle["height"],
        seed=puzzle["seed"],
        **puzzle["options"],
    )
    data = maze.to_dict()
    assert data["entrance"] == puzzle["entrance"] and data["exit"] == puzzle["exit"]
    assert len(maze.solution_cells) == puzzle["solution_length"]
    assert measure(maze).to_dict() == puzzle["metrics"]


# --- the default command ------------------------------------------------------------------
@pytest.fixture(scope="module")
def default_sheet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pdf = tmp_path_factory.mktemp("ws") / "sheet.pdf"
    assert _run("-o", str(pdf)) == 0
    return pdf


@pytest.mark.slow
def test_default_command_writes_sheets_answers_and_manifest(default_sheet: Path) -> None:
    sheets, answers, manifest = _files(default_sheet)
    assert sorted(p.name for p in default_sheet.parent.iterdir()) == [
        "sheet-answers.pdf",
        "sheet.json",
        "sheet.pdf",
    ]
    _preflight_ok(sheets, answers)
    data = json.loads(manifest.read_text(encoding="utf-8"))
    assert data["kind"] == "worksheet" and data["title"] == "Maze Worksheet"
    assert data["page_count"] == 1 and data["page_size"] == "letter" and data["seed"] == 1
    assert data["answers_file"] == "sheet-answers.pdf" and data["answer_pages"] == [1, 1]
    assert data["puzzles_per_page"] == 4
    puzzles = data["puzzles"]
    assert [p["number"] for p in puzzles] == [1, 2, 3, 4]
    for p in puzzles:
        assert set(p) >= PUZZLE_KEYS
        assert p["level"] == 3 and p["page"] == 1 and p["answer_page"] == 1
        _reproduce(p)
    assert len(PdfReader(str(sheets)).pages) == len(PdfReader(str(answers)).pages) == 1


def test_each_sheet_has_title_fields_instruction_and_numbered_mazes(default_sheet: Path) -> None:
    sheets, answers, _ = _files(default_sheet)
    (sheet,) = _texts(sheets)
    (key,) = _texts(answers)
    assert sheet.startswith("Maze Worksheet\n")
    for word in ("Name", "Class", "Date", "Draw a line from the START arrow", "START", "FINISH"):
        assert word in sheet
    assert "Answer key" in key and "Name" not in key and "Draw a line" not in key
    for n in range(1, 5):  # the same numbers on both files
        assert f"\n{n}\n" in sheet and f"\n{n}\n" in key
    # the solutions are drawn (black paths over grey walls) on the key only
    key_ops = PdfReader(str(answers)).pages[0].get_contents().get_data()
    sheet_ops = PdfReader(str(sheets)).pages[0].get_contents().get_data()
    assert b"0.550 G" in key_ops and b"0.550 G" not in sheet_ops


@pytest.mark.slow
def test_the_three_routes_give_identical_files(default_sheet: Path, tmp_path: Path) -> None:
    # mazebook worksheet (defaults) == mazebook build worksheet == mazebook build <the .toml>
    built = tmp_path / "built" / "sheet.pdf"
    assert main(["build", "worksheet", "-o", str(built), "-q"]) == 0
    path = tmp_path / "path" / "sheet.pdf"
    assert main(["build", str(SHIPPED), "-o", str(path), "-q"]) == 0
    for a, b, c in zip(_files(default_sheet), _files(built), _files(path), strict=True):
        assert a.read_bytes() == b.read_bytes() == c.read_bytes(), a.name


@pytest.mark.slow
def test_flags_and_template_give_identical_files(tmp_path: Path) -> None:
    flags = tmp_path / "cli" / "class.pdf"
    args = ["--count", "7", "--per-page", "2", "--levels", "2-5", "--page-size", "a4"]
    args += ["--title", "Class 3B mazes", "--instruction", "Find the way out!", "--seed", "42"]
    assert _run(*args, "--min-cell", "6mm", "-o", str(flags)) == 0
    folder = tmp_path / "toml"
    folder.mkdir()
    template = folder / "worksheet.toml"  # the command's template is named "worksheet" too
    template.write_text(
        'kind = "worksheet"\ntitle = "Class 3B mazes"\npage_size = "a4"\nseed = 42\n'
        'puzzles_per_page = 2\nmin_cell = "6mm"\ninstruction = "Find the way out!"\n'
        "[[section]]\ncount = 7\ndifficulty = [2, 5]\n",
        encoding="utf-8",
    )
    built = folder / "out" / "class.pdf"
    assert main(["build", str(template), "-o", str(built), "-q"]) == 0
    for a, b in zip(_files(flags), _files(built), strict=True):
        assert a.read_bytes() == b.read_bytes(), a.name


@pytest.mark.slow
def test_same_seed_same_bytes_other_seed_other_mazes(tmp_path: Path) -> None:
    first, second, other = (tmp_path / d / "w.pdf" for d in ("a", "b", "c"))
    assert _run("--seed", "5", "-o", str(first)) == 0
    assert _run("--seed", "5", "-o", str(second)) == 0
    assert _run("--seed", "6", "-o", str(other)) == 0
    for a, b, c in zip(_files(first), _files(second), _files(other), strict=True):
        assert a.read_bytes() == b.read_bytes() and a.read_bytes() != c.read_bytes()


# --- layout, levels and cells ---------------------------------------------------------------
@pytest.mark.slow
def test_pages_levels_and_matching_answer_pages(tmp_path: Path) -> None:
    pdf = tmp_path / "w.pdf"
    assert _run("--count", "7", "--per-page", "2", "--levels", "2-5", "-o", str(pdf)) == 0
    sheets, answers, manifest = _files(pdf)
    _preflight_ok(sheets, answers)
    data = json.loads(manifest.read_text(encoding="utf-8"))
    assert data["page_count"] == math.ceil(7 / 2) == 4 and data["answer_pages"] == [1, 4]
    puzzles = data["puzzles"]
    levels = [p["level"] for p in puzzles]
    assert levels == sorted(levels) and levels[0] == 2 and levels[-1] == 5
    sheet_text, key_text = _texts(sheets), _texts(answers)
    assert len(sheet_text) == len(key_text) == 4
    for p in puzzles:
        assert p["page"] == p["answer_page"] == (p["number"] - 1) // 2 + 1
        for text in (sheet_text[p["page"] - 1], key_text[p["answer_page"] - 1]):
            assert f"\n{p['number']}\n" in text
        _reproduce(p)
    assert "1 / 4" in sheet_text[0] and "4 / 4" in key_text[3]  # page numbers on long sets


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [1, 2, 4, 6])
def test_cells_never_below_the_level_min_cell(per_page: int, tmp_path: Path) -> None:
    pdf = tmp_path / "w.pdf"
    count = max(per_page, 4)
    # six letter sheets' mazes a page hold level 4 at most (docs/levels.md)
    top = 4 if per_page == 6 else 6
    args = ["--per-page", str(per_page), "--levels", f"1-{top}", "--count", str(count)]
    assert _run(*args, "-o", str(pdf)) == 0
    _preflight_ok(*_files(pdf)[:2])
    data = json.loads(_files(pdf)[2].read_text(encoding="utf-8"))
    template = parse_template(
        f'kind = "worksheet"\ntitle = "t"\npuzzles_per_page = {per_page}\n'
        f"[[section]]\ncount = {count}\ndifficulty = [1, {top}]\n"
    )
    setup = prepare_worksheet(template)
    for p in data["puzzles"]:  # the cell is the planned level's (a maze may reach a neighbour)
        room = setup.rooms[p["requested_level"]]
        assert p["min_cell_pt"] == pytest.approx(room.min_cell, abs=1e-3)
        assert maze_scale(p["width"], p["height"], *setup.maze_box) >= room.min_cell - 1e-9
        assert min(p["width"], p["height"]) >= 4
        # the documented default, shrunk only where a 4 x 4 maze would not fit the slot
        assert room.min_cell <= MIN_CELL_MM[p["level"]] * POINTS_PER_MM + 1e-9


def test_default_cells_by_level_and_an_explicit_min_cell() -> None:
    def rooms(extra: str, levels: str = "[1, 9]") -> dict[int, float]:
        text = f'kind = "worksheet"\ntitle = "t"\npuzzles_per_page = 1\n{extra}\n'
        text += f"[[section]]\ncount = 10\ndifficulty = {levels}\n"
        setup = prepare_worksheet(parse_template(text))
        return {level: room.min_cell for level, room in setup.rooms.items()}

    defaults = rooms("")  # a letter sheet holds level 9 at most with one maze a page
    for level in range(1, 10):
        assert defaults[level] == pytest.approx(MIN_CELL_MM[level] * POINTS_PER_MM)
    assert [defaults[lv] for lv in range(1, 10)] == sorted(defaults.values(), reverse=True)
    assert MIN_CELL_MM[1] >= 12 and MIN_CELL_MM[10] >= 4  # crayon-sized at level 1
    explicit = rooms('min_cell = "7mm"', "[1, 6]")
    assert all(cell == pytest.approx(7 * POINTS_PER_MM) for cell in explicit.values())
    with pytest.raises(TemplateError, match=r'"min_cell".*cannot fit'):
        rooms('min_cell = "60mm"', "1")  # a min_cell the template sets is never shrunk


# --- the template kind --------------------------------------------------------------------
def test_worksheet_template_defaults_and_kind_checks() -> None:
    tpl = parse_template('kind = "worksheet"\ntitle = "T"\n[[section]]\n')
    assert tpl.kind == "worksheet" and tpl.worksheet is not None
    assert tpl.puzzles_per_page == tpl.answers_per_page == 4
    assert tpl.sections[0].count == 4 and tpl.sections[0].levels == (3, 3)
    assert tpl.worksheet.fields == ("Name", "Class", "Date")
    assert tpl.worksheet.start_label == "START" and not tpl.worksheet.min_cell_given
    assert load_template("worksheet").kind == "worksheet"
    assert parse_template('title = "T"\n[[section]]\n').kind == "book"
    bad = {
        'kind = "worksheet"\nsubtitle = "s"\n': '"subtitle": it is for books',
        'kind = "worksheet"\nanswers_per_page = 2\n': '"answers_per_page": it is for books',
        'kind = "worksheet"\npuzzles_per_page = 9\n': "allowed: 1, 2, 4, 6",
        'instruction = "go"\n': 'kind = "worksheet"',
        'kind = "leaflet"\n': "book (the default), worksheet",
        'kind = "worksheet"\nfields = ["a", "b", "c", "d", "e"]\n': "up to 4",
        'kind = "worksheet"\nfields = [""]\n': "non-empty labels",
    }
    for text, expected in bad.items():
        with pytest.raises(TemplateError, match=expected.replace("(", r"\(").replace(")", r"\)")):
            parse_template(f'title = "T"\n{text}[[section]]\n', source="w.toml")


def test_template_texts_are_printed(tmp_path: Path) -> None:
    template = tmp_path / "sheet.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Friday"\nfields = ["Pupil", "Group"]\n'
        'instruction = "Go from the top arrow out."\nanswer_title = "Solutions"\n'
        'start_label = "IN"\nfinish_label = "OUT"\n[[section]]\ncount = 2\ndifficulty = 2\n',
        encoding="utf-8",
    )
    result = build_book(str(template), output=tmp_path / "out" / "friday.pdf")
    assert result.answers == tmp_path / "out" / "friday-answers.pdf" and result.page_count == 1
    assert result.answers is not None
    _preflight_ok(result.pdf, result.answers)
    (sheet,) = _texts(result.pdf)
    (key,) = _texts(result.answers)
    for word in ("Friday", "Pupil", "Group", "Go from the top arrow out.", "IN", "OUT"):
        assert word in sheet
    assert "Name" not in sheet and "START" not in sheet
    assert "Solutions" in key and "OUT" in key


# --- bad input: one line, exit 2, nothing written -------------------------------------------
BAD_ARGS = {
    "level-high": ["--level", "11"],
    "level-zero": ["--level", "0"],
    "level-word": ["--level", "three"],
    "levels-high": ["--levels", "3-12"],
    "levels-down": ["--levels", "5-2"],
    "levels-form": ["--levels", "2to5"],
    "both-levels": ["--level", "2", "--levels", "2-4"],
    "per-page": ["--per-page", "9"],
    "count-zero": ["--count", "0"],
    "count-word": ["--count", "many"],
    "page-size": ["--page-size", "b4"],
    "seed": ["--seed", "x"],
    "min-cell": ["--min-cell", "60mm"],
    "min-cell-form": ["--min-cell", "6"],
    "title-empty": ["--title", " "],
    "title-long": ["--title", "A very long title " * 12],
    "font-missing": ["--font", "no-such-font.ttf"],
    "font-cover": ["--title", "迷宫练习"],
}


@pytest.mark.parametrize("case", sorted(BAD_ARGS))
def test_bad_flags_one_line_exit_2_nothing_written(
    case: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    old = out / "w.pdf"
    old.write_bytes(b"last week's sheet")
    assert _run(*BAD_ARGS[case], "-o", str(old)) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err and "error" in err, err
    assert sorted(p.name for p in out.iterdir()) == ["w.pdf"]
    assert old.read_bytes() == b"last week's sheet"


def test_messages_name_the_flag(capfd: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    out = str(tmp_path / "w.pdf")
    expected = {
        ("--level", "11"): "--level: must be a level from 1 to 10",
        ("--levels", "5-2"): "--levels: must be FROM-TO",
        ("--min-cell", "60mm"): "--min-cell",
        ("--title", "迷宫练习"): "'迷' (U+8FF7)",
        ("--font", "no-such-font.ttf"): "--font: font file 'no-such-font.ttf' does not exist",
    }
    for args, words in expected.items():
        assert _run(*args, "-o", out) == 2
        assert words in capfd.readouterr().err
    assert _run("-o", str(tmp_path / "w.txt")) == 2
    assert ".pdf" in capfd.readouterr().err
    assert not list(tmp_path.iterdir())


def test_a_level_too_hard_for_the_sheet_names_the_flags_and_fit_cap_makes_it(
    capfd: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    """Refused in the command's words (flags, not template keys); --fit cap makes the sheet at
    the highest level that fits and the summary line says how many mazes were capped."""
    out = tmp_path / "w.pdf"
    assert _run("--level", "10", "--per-page", "6", "-o", str(out)) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "level 10 does not fit" in err, err
    for flag in ("--min-cell", "--per-page", "--page-size", "--fit cap"):
        assert flag in err, err
    assert "min_cell" not in err and 'fit = "cap"' not in err
    assert not out.exists()
    assert (
        main(["worksheet", "--level", "10", "--per-page", "6", "--fit", "cap", "-o", str(out)]) == 0
    )
    said = capfd.readouterr()
    assert not said.err and "4 mazes (4 capped at the highest level the page holds)" in said.out
    data = json.loads(out.with_suffix(".json").read_text(encoding="utf-8"))
    assert {p["requested_level"] for p in data["puzzles"]} == {10}
    assert all(p["level"] < 10 for p in data["puzzles"])


def test_interrupted_worksheet_leaves_no_files(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "w.pdf").write_bytes(b"previous")

    def stop(done: int, total: int) -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        build_book("worksheet", output=out / "w.pdf", progress=stop)
    assert sorted(p.name for p in out.iterdir()) == ["w.pdf"]
    assert (out / "w.pdf").read_bytes() == b"previous"


def test_output_files_get_the_usual_mode(default_sheet: Path) -> None:
    if os.name != "posix":  # pragma: no cover
        pytest.skip("file modes are POSIX")
    mask = os.umask(0o022)
    os.umask(mask)
    for path in _files(default_sheet):
        assert path.stat().st_mode & 0o777 == 0o666 & ~mask


@pytest.mark.slow
def test_shapes_and_generators_pass_through(tmp_path: Path) -> None:
    template = tmp_path / "w.toml"
    template.write_text(
        'kind = "worksheet"\ntitle = "Mixed"\npuzzles_per_page = 2\n'
        '[[section]]\ncount = 1\ndifficulty = 2\ngenerators = ["prim"]\n'
        '[[section]]\ncount = 1\ndifficulty = 5\nshape = "circle"\n',
        encoding="utf-8",
    )
    result = build_book(str(template), output=tmp_path / "out" / "w.pdf")
    assert result.answers is not None
    _preflight_ok(result.pdf, result.answers)
    data = json.loads(result.manifest.read_text(encoding="utf-8"))
    first, second = data["puzzles"]
    assert first["algorithm"] == "prim" and second["options"]["shape"] == "circle"
    assert first["page"] == second["page"] == 1


def test_only_loose_sheets_may_have_an_odd_page_count(tmp_path: Path) -> None:
    from mazebook.pages.document import LOOSE_SHEETS, PdfDocument
    from mazebook.pages.layout import Margins, PageFormat, PageLayout
    from mazebook.products.worksheet import KEYWORDS
    from mazebook.render.typeset import default_fonts

    assert LOOSE_SHEETS in KEYWORDS
    layout = PageLayout(PageFormat(612, 792), Margins(36, 36, 36, 36))
    verdicts = {}
    for keywords in ("", KEYWORDS):
        path = tmp_path / f"one-page-{bool(keywords)}.pdf"
        with path.open("wb") as handle:
            doc = PdfDocument(handle, layout, default_fonts(), keywords=keywords)
            doc.add_page()
            doc.save()
        report = preflight(path, loose=bool(keywords))
        count = next(c for c in report.checks if c.name == "page count")
        verdicts[bool(keywords)] = count.ok
    assert verdicts == {False: False, True: True}  # a book still needs an even count
