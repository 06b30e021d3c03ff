"""The asset pack (--png-dir, --svg-dir): every puzzle and its solution as files of their own,
the PNGs transparent where there is no ink and drawn with the page's line widths (read back
from the PDF's own drawing operators and measured in the pictures' pixels), index.csv in each
folder, for books, worksheets and class sets of every kind."""

from __future__ import annotations

import csv
import hashlib
import json
import re
from pathlib import Path

import numpy as np
import pytest
from PIL import Image
from pypdf import PdfReader

from mazebook.app.cli import main
from mazebook.products.assets import COLUMNS

ONE_A_PAGE = """\
title = "One a Page"
seed = 8
printer = "home"
[[section]]
name = "Plain"
count = 3
difficulty = 3
"""

SHEETS = """\
kind = "worksheet"
title = "Sheets"
seed = 4
puzzles_per_page = 2
{names}
[[section]]
name = "Mazes"
count = 2
difficulty = 2

[[section]]
name = "Trails"
puzzle = "word-trail"
words = ["CAT", "DOG"]
count = 2
difficulty = 3

[[section]]
name = "Numbers"
puzzle = "number-path"
count = 2
difficulty = 2
"""

DPI = 200


def rows_of(folder: Path) -> list[dict[str, str]]:
    with (folder / "index.csv").open(encoding="utf-8", newline="") as handle:
        reader = csv.DictReader(handle)
        assert tuple(reader.fieldnames or ()) == COLUMNS
        return list(reader)


def picture(path: Path) -> tuple[np.ndarray, np.ndarray]:
    """(grey, alpha) of a PNG, checking it is grey with alpha at the asked resolution."""
    image = Image.open(path)
    assert image.mode == "LA"
    assert round(image.info["dpi"][0]) == DPI
    data = np.asarray(image)
    return data[:, :, 0].astype(float), data[:, :, 1].astype(float)


def assert_transparent_round_the_ink(path: Path, *, discs: bool = False) -> None:
    """Transparent where there is no ink: every corner, most of the picture, and no pixel of
    the page's white paper anywhere, but for the white discs a word trail's answer sets its
    letters on over the path (``discs``): a few."""
    grey, alpha = picture(path)
    assert alpha[0, 0] == alpha[0, -1] == alpha[-1, 0] == alpha[-1, -1] == 0
    assert (alpha == 0).mean() > 0.5
    paper = ((grey >= 250) & (alpha > 0)).sum() / (alpha > 0).sum()
    if discs:
        assert 0 < paper < 0.25
    else:
        assert paper == 0  # ink only: black, greys
    rows, columns = np.flatnonzero(alpha.any(axis=1)), np.flatnonzero(alpha.any(axis=0))
    assert rows[0] > 0 and columns[0] > 0  # cut to the ink, a margin kept round it
    assert rows[-1] < alpha.shape[0] - 1 and columns[-1] < alpha.shape[1] - 1


def left_wall_px(path: Path) -> float:
    """The thickness (pixels, by ink coverage) of the first ink met from the left across the
    middle rows: a rectangular maze's outer west wall (its words and arrow stand on a few
    rows only; the median passes over them)."""
    _, alpha = picture(path)
    rows = np.flatnonzero(alpha.any(axis=1))
    found = []
    for y in range(rows[0] + len(rows) // 5, rows[-1] - len(rows) // 5):
        line = alpha[y] / 255
        inked = np.flatnonzero(line > 0)
        start = inked[0]
        end = start
        while end < len(line) and line[end] > 0:
            end += 1
        found.append(line[start:end].sum())
    return float(np.median(found))


def drawn_widths(content: bytes) -> tuple[float, float | None]:
    """(wall, solution line) widths in points of a maze drawn by render.pdf.draw_maze: its
    scale times the widths its operators set."""
    text = content.decode("latin-1")
    scale = float(re.search(r"([\d.]+) 0 0 -[\d.]+ [-\d.]+ [-\d.]+ cm", text).group(1))  # type: ignore[union-attr]
    wall = float(re.search(r"[\d.]+ G ([\d.]+) w 2 J", text).group(1))  # type: ignore[union-attr]
    path = re.search(r"[\d.]+ G ([\d.]+) w\n(?!.*2 J)", text)
    return wall * scale, None if path is None else float(path.group(1)) * scale


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("assets")
    (folder / "one.toml").write_text(ONE_A_PAGE, encoding="utf-8")
    code = main(
        [
            "build",
            str(folder / "one.toml"),
            "-q",
            "-o",
            str(folder / "out" / "one.pdf"),
            "--png-dir",
            str(folder / "png"),
            "--svg-dir",
            str(folder / "svg"),
            "--dpi",
            str(DPI),
        ]
    )
    assert code == 0
    return folder


def test_every_puzzle_and_solution_gets_its_files_and_a_row(book: Path) -> None:
    manifest = json.loads((book / "out" / "one.json").read_text())
    png, svg = rows_of(book / "png"), rows_of(book / "svg")
    assert len(png) == len(svg) == 3
    for row, sv, record in zip(png, svg, manifest["puzzles"], strict=True):
        assert row["number"] == sv["number"] == str(record["number"])
        for key in ("level", "shape", "width", "height", "seed"):
            assert row[key] == sv[key] == str(record[key])
        assert row["section"] == "Plain" and row["kind"] == "maze"
        n = f"{record['number']:03d}"
        assert (row["puzzle_file"], row["solution_file"]) == (
            f"puzzle-{n}.png",
            f"puzzle-{n}-solution.png",
        )
        assert (sv["puzzle_file"], sv["solution_file"]) == (f"puzzle-{n}.svg", f"solution-{n}.svg")
        for folder, r in (("png", row), ("svg", sv)):
            assert (book / folder / r["puzzle_file"]).is_file()
            assert (book / folder / r["solution_file"]).is_file()
    # the manifest vouches for the pack: every file's digest
    files = manifest["files"]
    for path in [*(book / "png").iterdir(), *(book / "svg").iterdir()]:
        name = f"../{path.parent.name}/{path.name}"
        assert files[name] == hashlib.sha256(path.read_bytes()).hexdigest()


def test_pictures_are_transparent_where_there_is_no_ink(book: Path) -> None:
    for path in sorted((book / "png").glob("*.png")):
        assert_transparent_round_the_ink(path)


def test_pictures_have_the_pages_line_widths(book: Path) -> None:
    reader = PdfReader(book / "out" / "one.pdf")
    manifest = json.loads((book / "out" / "one.json").read_text())
    for record in manifest["puzzles"]:
        n = record["number"]
        page = reader.pages[record["page"] - 1].get_contents().get_data()
        wall, _ = drawn_widths(page)
        measured = left_wall_px(book / "png" / f"puzzle-{n:03d}.png")
        assert measured == pytest.approx(wall * DPI / 72, abs=0.35), (n, wall)
        answers = reader.pages[record["answer_page"] - 1]["/Resources"]["/XObject"]
        form = answers[f"/FormXob.answer{n}"].get_object().get_data()
        key_wall, path = drawn_widths(form)
        assert path is not None and path > key_wall  # the answer's own style
        measured = left_wall_px(book / "png" / f"puzzle-{n:03d}-solution.png")
        assert measured == pytest.approx(key_wall * DPI / 72, abs=0.35), (n, key_wall)


@pytest.mark.parametrize("names", ["", 'names = ["Ada", "Bo"]'])
def test_worksheets_and_class_sets_of_every_kind_get_pictures(tmp_path: Path, names: str) -> None:
    template = tmp_path / "sheets.toml"
    template.write_text(SHEETS.format(names=names), encoding="utf-8")
    out = tmp_path / "out" / "s.pdf"
    args = ["build", str(template), "-q", "-o", str(out), "--png-dir", str(tmp_path / "png")]
    assert main([*args, "--dpi", str(DPI)]) == 0
    manifest = json.loads(out.with_suffix(".json").read_text())
    rows = rows_of(tmp_path / "png")
    assert len(rows) == len(manifest["puzzles"]) == (12 if names else 6)
    assert {r["kind"] for r in rows} == {"maze", "word-trail", "number-path"}
    for row in rows:
        assert_transparent_round_the_ink(tmp_path / "png" / row["puzzle_file"])
        discs = row["kind"] == "word-trail"
        assert_transparent_round_the_ink(tmp_path / "png" / row["solution_file"], discs=discs)


def test_a_series_gets_a_pack_for_each_volume(tmp_path: Path) -> None:
    template = tmp_path / "one.toml"
    template.write_text(ONE_A_PAGE, encoding="utf-8")
    out = tmp_path / "out" / "one.pdf"
    args = ["build", str(template), "-q", "-o", str(out), "--volumes", "2"]
    assert main([*args, "--png-dir", str(tmp_path / "png"), "--dpi", str(DPI)]) == 0
    for k in (1, 2):
        rows = rows_of(tmp_path / "png" / f"one-{k}")
        manifest = json.loads((tmp_path / "out" / f"one-{k}.json").read_text())
        assert [r["seed"] for r in rows] == [str(p["seed"]) for p in manifest["puzzles"]]
