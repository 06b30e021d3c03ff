"""The book builder end to end: the default book once, then small books for each promise."""

from __future__ import annotations

import io
import itertools
import json
import os
import re
import statistics
import sys
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader

from mazebook import build_book, generate
from mazebook import fileio as output_mod
from mazebook.app.cli import main
from mazebook.difficulty.effort import solving_effort
from mazebook.difficulty.levels import band, level_of
from mazebook.errors import MazebookError, TemplateError
from mazebook.pages.layout import gutter_for, maze_scale
from mazebook.preflight import preflight
from mazebook.products.book import prepare
from mazebook.render.typeset import FONT_DIR
from mazebook.template import load_template

from .contract import PUZZLE_KEYS
from .padding import padded


def _write(path: Path, text: str) -> Path:
    path.write_text(text, encoding="utf-8")
    return path


SMALL = """
title = "Small Book"
seed = 3
answers_per_page = 4
[[section]]
name = "Easy"
count = 3
difficulty = [1, 3]
[[section]]
name = "Hard"
count = 2
difficulty = 8
"""


def _reproduce(puzzle: dict[str, Any]) -> None:
    maze = generate(
        puzzle["algorithm"],
        puzzle["width"],
        puzzle["height"],
        seed=puzzle["seed"],
        **puzzle["options"],
    )
    data = maze.to_dict()
    entrance = data["entrance"] if maze.shape == "rect" else maze.entrance.cell
    exit_ = data["exit"] if maze.shape == "rect" else maze.exit.cell
    assert entrance == puzzle["entrance"] and exit_ == puzzle["exit"]
    assert len(maze.solution_cells) == puzzle["solution_length"]
    from mazebook.difficulty.metrics import measure

    assert measure(maze).to_dict() == puzzle["metrics"]


# --- the default book, built once ---------------------------------------------------------
@pytest.fixture(scope="module")
def default_book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any], str]:
    folder = tmp_path_factory.mktemp("default")
    cwd = os.getcwd()
    os.chdir(folder)
    try:
        import contextlib
        import io

        out = io.StringIO()
        with contextlib.redirect_stdout(out):
            code = main(["build"])  # README's first command: the default template into output/
    finally:
        os.chdir(cwd)
    assert code == 0
    pdf = folder / "output" / "classic.pdf"
    manifest = json.loads((folder / "output" / "classic.json").read_text())
    return pdf, manifest, out.getvalue()


@pytest.mark.slow
def test_default_book_is_built_and_passes_preflight(
    default_book: tuple[Path, dict[str, Any], str],
) -> None:
    pdf, manifest, summary = default_book
    # the summary, then a kdp book's money line, then the preflight commands (their own test)
    built, money = summary.splitlines()[:2]
    assert money.startswith("money (KDP, Amazon.com, black ink): printing costs ")
    summary = built
    assert "126 pages" in summary or f"{manifest['page_count']} pages" in summary
    assert "100 puzzles" in summary and "classic.pdf" in summary and re.search(r"\d s", summary)
    report = preflight(pdf)
    assert report.ok, report.lines()
    reader = PdfReader(str(pdf))
    assert len(reader.pages) == manifest["page_count"] and manifest["page_count"] % 2 == 0


@pytest.mark.slow
def test_default_manifest_reproduces_every_maze(
    default_book: tuple[Path, dict[str, Any], str],
) -> None:
    _, manifest, _ = default_book
    assert manifest["title"] == "Mazes for Rainy Days" and manifest["seed"] == 7
    assert manifest["page_size"] == "letter"
    puzzles = manifest["puzzles"]
    assert len(puzzles) == 100 and [p["number"] for p in puzzles] == list(range(1, 101))
    for puzzle in puzzles:
        assert set(puzzle) >= PUZZLE_KEYS
        assert 1 <= puzzle["page"] < puzzle["answer_page"] <= manifest["page_count"]
        _reproduce(puzzle)


@pytest.mark.slow
def test_modelled_effort_rises_with_the_level(
    default_book: tuple[Path, dict[str, Any], str],
) -> None:
    _, manifest, _ = default_book
    by_level: dict[int, list[float]] = defaultdict(list)
    for p in manifest["puzzles"]:
        maze = generate(p["algorithm"], p["width"], p["height"], seed=p["seed"], **p["options"])
        effort = solving_effort(maze)  # measured again from the maze, not read back
        assert effort == pytest.approx(p["effort"], abs=0.06)
        assert p["level"] == level_of(effort)
        # the letter page holds level 10: every puzzle is made at the level asked for
        assert p["level"] == p["requested_level"]
        by_level[p["level"]].append(effort)
    assert sorted(by_level) == list(range(1, 11))
    medians = [statistics.median(by_level[level]) for level in range(1, 11)]
    for lower, upper in itertools.pairwise(medians):
        assert 1.25 <= upper / lower <= 2.0, medians
    assert medians[-1] >= 40 * medians[0]
    for level, efforts in by_level.items():  # one level: within about half a step
        low, high = band(level)
        assert all(low <= e <= high for e in efforts), (level, efforts)


@pytest.mark.slow
def test_pages_say_what_the_issue_asks(default_book: tuple[Path, dict[str, Any], str]) -> None:
    pdf, manifest, _ = default_book
    reader = PdfReader(str(pdf))
    text = [page.extract_text() or "" for page in reader.pages]
    assert "Mazes for Rainy Days" in text[0]
    assert "How to play" in text[1]
    contents = text[2]
    assert "Contents" in contents
    for section in manifest["sections"]:
        assert section["name"] in contents and str(section["page"]) in contents
        lo, hi = section["levels"]
        assert (f"Levels {lo}–{hi}" if lo != hi else f"Level {lo} ·") in contents
        assert section["name"] in text[section["page"] - 1]  # the section's header page
    for number, page_text in enumerate(text[1:], start=2):  # page numbers after the title page
        assert re.search(rf"(^|\n)\s*{number}\n?$", page_text), (number, page_text[-40:])
    for p in manifest["puzzles"]:
        page = text[p["page"] - 1]
        assert f"Puzzle {p['number']}\n" in page
        assert f"Level {p['level']}" in page and f"Solution on page {p['answer_page']}" in page
        assert "START" in page and "FINISH" in page
        answer = text[p["answer_page"] - 1]
        assert f"Puzzle {p['number']}\n" in answer and f"page {p['page']}" in answer


def test_cells_are_never_below_min_cell(default_book: tuple[Path, dict[str, Any], str]) -> None:
    _, manifest, _ = default_book
    setup = prepare(load_template("classic"))
    assert setup.layout.margins.inside == gutter_for(manifest["page_count"])
    for p in manifest["puzzles"]:
        assert maze_scale(p["width"], p["height"], *setup.maze_box) >= setup.template.min_cell


@pytest.mark.slow
@pytest.mark.parametrize("name", ["children", "a4"])
def test_other_shipped_templates_build_and_pass(name: str, tmp_path: Path) -> None:
    result = build_book(name, output=tmp_path / f"{name}.pdf")
    report = preflight(result.pdf, printer="kdp")
    assert report.ok, report.lines()
    template = load_template(name)
    setup = prepare(template)
    data = json.loads(result.manifest.read_text())
    assert len(data["puzzles"]) == template.puzzle_count == result.puzzle_count
    levels = {lv for s in template.sections for lv in range(min(s.levels), max(s.levels) + 1)}
    for p in data["puzzles"]:
        assert p["level"] in levels
        assert maze_scale(p["width"], p["height"], *setup.maze_box) >= template.min_cell
    by_level: dict[int, list[float]] = defaultdict(list)
    for p in data["puzzles"]:
        by_level[p["level"]].append(p["effort"])
    means = [statistics.mean(by_level[lv]) for lv in sorted(by_level)]
    assert means == sorted(means)


# --- small books ----------------------------------------------------------------------------
def _build(tmp_path: Path, text: str = SMALL, name: str = "small", **kwargs: Any) -> Any:
    template = _write(tmp_path / f"{name}.toml", text)
    return build_book(str(template), output=tmp_path / "out" / f"{name}.pdf", **kwargs)


@pytest.mark.slow
def test_same_template_and_seed_give_identical_bytes(tmp_path: Path) -> None:
    template = _write(tmp_path / "small.toml", SMALL)
    with padded():
        first = build_book(str(template), output=tmp_path / "a" / "small.pdf")
        second = build_book(str(template), output=tmp_path / "b" / "small.pdf")
    assert preflight(first.pdf).ok
    assert first.pdf.read_bytes() == second.pdf.read_bytes()
    assert first.manifest.read_bytes() == second.manifest.read_bytes()
    with padded():
        other = build_book(str(template), output=tmp_path / "c" / "small.pdf", seed=4)
    assert other.pdf.read_bytes() != first.pdf.read_bytes()
    data = json.loads(other.manifest.read_text())
    assert data["seed"] == 4 and data["title"] == "Small Book"
    for puzzle in data["puzzles"]:
        _reproduce(puzzle)
    assert b"CreationDate" not in first.pdf.read_bytes() or b"D:2000" in first.pdf.read_bytes()


@pytest.mark.slow
def test_svgs_and_progress(tmp_path: Path) -> None:
    calls: list[tuple[int, int]] = []
    with padded():
        result = _build(
            tmp_path, svg_dir=tmp_path / "svg", progress=lambda d, t: calls.append((d, t))
        )
    assert calls[-1] == (5, 5) and [d for d, _ in calls] == sorted(d for d, _ in calls)
    files = sorted(p.name for p in (tmp_path / "svg").iterdir())
    svgs = [f"{kind}-{n:03d}.svg" for kind in ("puzzle", "solution") for n in range(1, 6)]
    assert files == sorted([*svgs, "index.csv"])  # each asset folder has its index
    solution = (tmp_path / "svg" / "solution-001.svg").read_text()
    puzzle = (tmp_path / "svg" / "puzzle-001.svg").read_text()
    assert 'id="solution"' in solution and 'id="solution"' not in puzzle
    assert result.puzzle_count == 5 and result.svg_dir == tmp_path / "svg"
    assert preflight(result.pdf).ok
    assert not [p for p in (tmp_path / "out").iterdir() if p.name.startswith(".")]


@pytest.mark.slow
def test_bleed_book_sets_boxes_and_passes(tmp_path: Path) -> None:
    text = SMALL.replace(
        'title = "Small Book"', 'title = "Bleed"\nbleed = true\npage_size = "6x9in"'
    )
    with padded():
        result = _build(tmp_path, text)
    report = preflight(result.pdf, printer="kdp")
    assert report.ok, report.lines()  # three-sided: KDP's geometry
    reader = PdfReader(str(result.pdf))
    for number in (5, 6):  # odd pages: outside edge (and bleed) on the right; even: on the left
        page = reader.pages[number - 1]
        x = 0 if number % 2 else 9
        assert [float(v) for v in page["/MediaBox"]] == pytest.approx([0, 0, 441, 666])
        assert [float(v) for v in page["/TrimBox"]] == pytest.approx([x, 9, x + 432, 9 + 648])
        assert [float(v) for v in page["/BleedBox"]] == pytest.approx([0, 0, 441, 666])
    setup = prepare(load_template(str(tmp_path / "small.toml")))
    assert setup.layout.margins.outside >= 0.375 * 72
    with padded():
        lulu = _build(
            tmp_path, text.replace('title = "Bleed"', 'title = "Bleed"\nprinter = "lulu"')
        )
    assert preflight(lulu.pdf, printer="lulu").ok  # four sides under Lulu
    page = PdfReader(str(lulu.pdf)).pages[4]
    assert [float(v) for v in page["/TrimBox"]] == pytest.approx([9, 9, 9 + 432, 9 + 648])


@pytest.mark.slow
def test_several_puzzles_a_page_and_an_a5_book(tmp_path: Path) -> None:
    text = SMALL.replace("answers_per_page = 4", "answers_per_page = 9").replace(
        'title = "Small Book"',
        'title = "Grid"\nprinter = "home"\npuzzles_per_page = 4\npage_size = "a5"\n'
        'min_cell = "3mm"\nfit = "cap"',
    )
    result = _build(tmp_path, text)
    assert preflight(result.pdf, printer="home").ok  # the printer the template names
    data = json.loads(result.manifest.read_text())
    pages = [p["page"] for p in data["puzzles"]]
    assert pages[:3] == [pages[0]] * 3  # the first section's three puzzles share a page
    reader = PdfReader(str(result.pdf))
    assert (reader.pages[pages[0] - 1].extract_text() or "").count("Puzzle ") == 3


@pytest.mark.slow
def test_section_generators_and_openings_are_obeyed(tmp_path: Path) -> None:
    text = (
        'title = "G"\n[[section]]\ncount = 3\ndifficulty = 6\n'
        'generators = ["backtracker"]\nopenings = "corners"\n'
    )
    with padded():
        result = _build(tmp_path, text)
    assert preflight(result.pdf).ok
    data = json.loads(result.manifest.read_text())
    for p in data["puzzles"]:
        assert p["algorithm"] == "backtracker" and p["options"]["openings"] == "corners"
        _reproduce(p)


@pytest.mark.slow
def test_user_font_is_embedded_and_the_only_font(tmp_path: Path) -> None:
    font = FONT_DIR / "DejaVuSans-Bold.ttf"
    text = f'title = "Fonts"\nfont = "{font}"\n[[section]]\ncount = 1\n'
    with padded():
        result = _build(tmp_path, text)
    fonts = next(c for c in preflight(result.pdf).checks if c.name == "fonts embedded")
    assert (
        fonts.ok and "DejaVuSans-Bold" in fonts.detail and "DejaVuSans," not in fonts.detail + ","
    )


def test_font_missing_characters_is_refused(tmp_path: Path) -> None:
    with pytest.raises(MazebookError, match=r"title.*U\+E000"):
        _build(tmp_path, 'title = "Maze \ue000"\n[[section]]\ncount = 1\n')
    assert not (tmp_path / "out").exists()


@pytest.mark.slow
def test_shapes_are_passed_through(tmp_path: Path) -> None:
    text = 'title = "Shapes"\n[[section]]\nshape = "circle"\ncount = 2\ndifficulty = [3, 6]\n'
    try:
        generate("backtracker", 6, 6, seed=0, shape="circle")
    except MazebookError:
        with pytest.raises(TemplateError, match="circle"):
            _build(tmp_path, text)
        return
    with padded():
        result = _build(tmp_path, text)
    assert preflight(result.pdf).ok
    data = json.loads(result.manifest.read_text())
    for p in data["puzzles"]:
        assert p["shape"] == "circle" and p["options"]["shape"] == "circle"
        _reproduce(p)


def test_a_shape_error_is_a_template_error(tmp_path: Path) -> None:
    text = 'title = "Masks"\n[[section]]\nname = "Odd"\nshape = "mask"\nmask = "no-such-mask"\n'
    with pytest.raises(TemplateError, match=r"Odd.*mask"):
        _build(tmp_path, text)
    assert not (tmp_path / "out").exists()


# --- bad input and interrupted builds -------------------------------------------------------
BAD = {
    "syntax": 'title = "x"\npage_size = letter\n',
    "unknown": 'title = "x"\ncolour = "red"\n[[section]]\n',
    "type": 'title = "x"\nseed = "seven"\n[[section]]\n',
    "level": 'title = "x"\n[[section]]\ndifficulty = [1, 11]\n',
    "count": 'title = "x"\n[[section]]\ncount = 0\n',
    "page": 'title = "x"\npage_size = "b4"\n[[section]]\n',
    "generator": 'title = "x"\n[[section]]\ngenerators = ["no-such-generator"]\n',
    "min_cell": 'title = "x"\nmin_cell = "60mm"\n[[section]]\n',
    "font": 'title = "x"\nfont = "missing.ttf"\n[[section]]\n',
}


@pytest.mark.parametrize("case", sorted(BAD))
def test_bad_template_one_line_exit_2_nothing_written(
    case: str, tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    template = _write(tmp_path / f"{case}.toml", BAD[case])
    out = tmp_path / "out"
    out.mkdir()
    old = out / f"{case}.pdf"
    old.write_bytes(b"old book")
    assert main(["build", str(template), "-o", str(old)]) == 2
    captured = capfd.readouterr()
    assert captured.err.count("\n") == 1 and "Traceback" not in captured.err
    assert f"{case}.toml" in captured.err
    assert sorted(p.name for p in out.iterdir()) == [old.name] and old.read_bytes() == b"old book"


@pytest.mark.slow
def test_missing_template_and_unwritable_output(
    tmp_path: Path, capfd: pytest.CaptureFixture[str]
) -> None:
    assert main(["build", str(tmp_path / "nope.toml")]) == 2
    assert "does not exist" in capfd.readouterr().err
    blocker = tmp_path / "file"
    blocker.write_text("x")
    assert main(["build", "-o", str(blocker / "book.pdf")]) == 2
    err = capfd.readouterr().err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert main(["build", "-o", str(tmp_path / "book.txt")]) == 2
    assert ".pdf" in capfd.readouterr().err
    assert main(["build", "--seed", "x", "-o", str(tmp_path / "b.pdf")]) == 2
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


@pytest.mark.slow
def test_interrupted_build_leaves_no_partial_output(tmp_path: Path) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "small.pdf").write_bytes(b"previous")

    def stop(done: int, total: int) -> None:
        if done == 2:
            raise KeyboardInterrupt

    with padded(), pytest.raises(KeyboardInterrupt):
        _build(tmp_path, svg_dir=tmp_path / "svg", progress=stop)
    assert sorted(p.name for p in out.iterdir()) == ["small.pdf"]
    assert (out / "small.pdf").read_bytes() == b"previous"
    assert not list((tmp_path / "svg").iterdir())


@pytest.mark.slow
def test_failed_commit_puts_the_old_files_back(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "out"
    out.mkdir()
    (out / "small.pdf").write_bytes(b"old pdf")
    (out / "small.json").write_bytes(b"old json")
    real = os.replace

    def flaky(src: Any, dst: Any) -> None:
        if str(dst).endswith("small.pdf") and ".part" in str(src):
            raise OSError(28, "No space left on device")
        real(src, dst)

    monkeypatch.setattr(output_mod.os, "replace", flaky)
    with padded(), pytest.raises(MazebookError, match="no space left on the disk"):
        _build(tmp_path)
    assert (out / "small.pdf").read_bytes() == b"old pdf"
    assert (out / "small.json").read_bytes() == b"old json"
    assert sorted(p.name for p in out.iterdir()) == ["small.json", "small.pdf"]


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.slow
def test_progress_bar_only_on_a_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # a desktop printer: no pages for notes to add, so no warning line on stderr either
    template = _write(
        tmp_path / "small.toml", SMALL.replace("seed = 3", 'seed = 3\nprinter = "home"')
    )
    terminal = _Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["build", str(template), "-o", str(tmp_path / "a.pdf")]) == 0
    assert "5/5" in terminal.getvalue() and "puzzle" in terminal.getvalue()
    assert "built" in capsys.readouterr().out
    quiet = _Terminal()
    monkeypatch.setattr(sys, "stderr", quiet)
    assert main(["build", str(template), "-o", str(tmp_path / "b.pdf"), "--quiet"]) == 0
    assert quiet.getvalue() == "" and capsys.readouterr().out == ""
    monkeypatch.setattr(sys, "stderr", io.StringIO())  # piped: no bar
    assert main(["build", str(template), "-o", str(tmp_path / "c.pdf")]) == 0
    assert sys.stderr.getvalue() == ""  # type: ignore[attr-defined]
