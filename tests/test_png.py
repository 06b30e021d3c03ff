"""PNG output: `mazebook maze --format png [--dpi N]` and `mazebook preview BOOK.pdf -o DIR`."""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import mazebook
from mazebook import build_book
from mazebook.app.cli import main
from mazebook.render.dpi import MAX_DPI, MIN_DPI
from mazebook.render.writers import write


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def _image(data: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


def test_maze_png_is_the_letter_page_at_the_dpi(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "m.png"
    code, _, err = run(
        capsys, "maze", "-s", "12x9", "--seed", "4", "--dpi", "72", "-o", str(target)
    )
    assert code == 0, err
    image = _image(target.read_bytes())
    assert image.format == "PNG"
    assert image.size == (612, 792)  # 8.5 x 11 in at 72 dpi
    assert round(image.info["dpi"][0]) == 72


def test_png_draws_the_maze_and_the_solution_in_grey() -> None:
    maze = mazebook.generate("backtracker", 10, 10, seed=3)
    plain = np.asarray(_image(write(maze, "png", dpi=50)))
    solved = np.asarray(_image(write(maze, "png", dpi=50, solution=True)))
    assert plain.shape == solved.shape
    assert (plain < 60).sum() > 500  # black walls are drawn
    ink = plain < 250
    rows, cols = np.nonzero(ink)
    # the maze, its arrows and its START/FINISH words stay inside the half-inch margins
    assert cols.min() >= 25 - 2 and cols.max() <= plain.shape[1] - 25 + 2
    assert rows.min() >= 25 - 2 and rows.max() <= plain.shape[0] - 25 + 2
    grey = (solved > 60) & (solved < 200) & ~ink
    assert grey.sum() > 100  # the solution line appears only when asked
    assert ((plain > 60) & (plain < 200) & ~ink).sum() == 0


def test_png_dpi_scales_the_picture() -> None:
    maze = mazebook.generate("prim", 6, 6, seed=1)
    small = _image(write(maze, "png", dpi=30))
    large = _image(write(maze, "png", dpi=90))
    assert large.size[0] == pytest.approx(3 * small.size[0], abs=2)


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["maze", "-f", "png", "--dpi", str(MIN_DPI - 1)], "--dpi must be a whole number"),
        (["maze", "-f", "png", "--dpi", str(MAX_DPI + 1)], "--dpi must be a whole number"),
        (["maze", "-f", "svg", "--dpi", "100"], "--dpi goes with --format png"),
        (["preview", "missing.pdf", "-o", "out"], "does not exist"),
        (["preview", "x.pdf", "--pages", "0-3", "-o", "out"], "--pages must be"),
        (["preview", "x.pdf", "--pages", "5-2", "-o", "out"], "--pages must be"),
    ],
)
def test_bad_png_input_is_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str, tmp_path: Path
) -> None:
    out = tmp_path / "nothing.png"
    code, _, err = run(capsys, *argv, *(["-o", str(out)] if argv[0] == "maze" else []))
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert not out.exists()


@pytest.fixture(scope="module")
def sheet(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A one-page worksheet (4 mazes) and its answer key."""
    folder = tmp_path_factory.mktemp("sheet")
    return build_book("worksheet", output=folder / "sheet.pdf").pdf


@pytest.mark.slow
def test_preview_writes_each_page(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    book = build_book("children", output=tmp_path / "kids.pdf", seed=2)
    out = tmp_path / "pics"
    code, stdout, err = run(
        capsys, "preview", str(book.pdf), "--pages", "2-4", "--dpi", "20", "-o", str(out)
    )
    assert code == 0, err
    names = sorted(p.name for p in out.iterdir())
    assert names == ["kids-002.png", "kids-003.png", "kids-004.png"]
    assert "3 page images" in stdout
    page = _image((out / "kids-003.png").read_bytes())
    assert page.size == (170, 220)  # 8.5 x 11 in at 20 dpi
    # different pages are different pictures
    assert (out / "kids-002.png").read_bytes() != (out / "kids-003.png").read_bytes()


def test_preview_stops_at_the_last_page(
    sheet: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "preview", str(sheet), "-o", str(tmp_path))
    assert code == 0, err
    assert sorted(p.name for p in tmp_path.glob("*.png")) == ["sheet-001.png"]
    code, _, err = run(capsys, "preview", str(sheet), "--pages", "3", "-o", str(tmp_path))
    assert code == 2 and "has 1 page" in err


def test_preview_refuses_a_file_that_is_not_a_pdf(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    fake = tmp_path / "fake.pdf"
    fake.write_bytes(b"%PDF-1.4 this is not really a PDF")
    code, _, err = run(capsys, "preview", str(fake), "-o", str(tmp_path / "o"))
    assert code == 2
    assert "fake.pdf" in err and "is not a readable PDF" in err  # read before PDFium opens it
    assert "Traceback" not in err
    assert not (tmp_path / "o").exists()
