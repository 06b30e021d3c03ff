"""Texts that do not fit their room are set smaller or shortened, never printed over each other
or past the safe margin; levels a page cannot hold are reported, not passed off silently."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from pypdf import PdfReader

from mazebook import build_book
from mazebook.preflight import preflight

from .padding import padded


def _write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "book.toml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.slow
def test_nine_small_mazes_a_page_get_short_captions(tmp_path: Path) -> None:
    template = _write(
        tmp_path,
        'title = "Small"\npage_size = "a5"\nprinter = "home"\npuzzles_per_page = 9\n'
        'fit = "cap"\n[[section]]\nname = "All"\ncount = 9\ndifficulty = 1\n',
    )
    result = build_book(str(template), output=tmp_path / "out" / "small.pdf")
    assert preflight(result.pdf, printer="home").ok  # the printer the template names
    text = PdfReader(io.BytesIO(result.pdf.read_bytes())).pages[4].extract_text()
    assert "ans. p." in text and "Solution on page" not in text


@pytest.mark.slow
def test_long_texts_stay_inside_the_safe_margin(tmp_path: Path) -> None:
    long_name = "A Section With a Very Long Name That Runs On and On Past the Contents Column"
    template = _write(
        tmp_path,
        'title = "The Enormous and Extremely Long-Winded Compendium of Mazes for Every Day"\n'
        'author = "Compiled by the Year 4 Teachers of St Mary\'s Primary School, Oxford, UK"\n'
        'page_size = "6x9in"\n'
        f'[[section]]\nname = "{long_name}"\ncount = 2\ndifficulty = [1, 2]\n',
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "out" / "long.pdf")
    report = preflight(result.pdf)
    assert report.ok, report


@pytest.mark.slow
def test_section_options_reach_generate_and_the_manifest(tmp_path: Path) -> None:
    import json

    from mazebook import generate

    template = _write(
        tmp_path,
        'title = "Options"\n'
        '[[section]]\nname = "Hex rows"\ncount = 1\ndifficulty = 3\nshape = "hex"\n'
        'options = { outline = "rect" }\n'
        '[[section]]\nname = "True Prim"\ncount = 1\ndifficulty = 3\n'
        'generators = ["prim"]\noptions = { variant = "true" }\n',
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "out" / "opts.pdf")
    puzzles = json.loads(result.manifest.read_text())["puzzles"]
    assert puzzles[0]["options"]["outline"] == "rect"
    assert puzzles[1]["options"]["variant"] == "true"
    for p in puzzles:
        maze = generate(p["algorithm"], p["width"], p["height"], seed=p["seed"], **p["options"])
        assert len(maze.solution_cells) == p["solution_length"]


def test_section_options_cannot_override_section_keys(tmp_path: Path) -> None:
    from mazebook.errors import TemplateError

    template = _write(
        tmp_path,
        'title = "x"\n[[section]]\ncount = 1\noptions = { openings = "corners" }\n',
    )
    with pytest.raises(TemplateError, match="section key of its own"):
        build_book(str(template), output=tmp_path / "out" / "x.pdf")
    assert not (tmp_path / "out" / "x.pdf").exists()


@pytest.mark.slow
def test_slanted_outlines_get_start_and_finish_words(tmp_path: Path) -> None:
    template = _write(
        tmp_path,
        'title = "Triangles"\n[[section]]\nname = "S"\ncount = 4\ndifficulty = [2, 5]\n'
        'shape = "triangle"\n',
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "out" / "tri.pdf")
    assert preflight(result.pdf).ok
    reader = PdfReader(io.BytesIO(result.pdf.read_bytes()))
    for page in reader.pages[4:8]:  # the four puzzle pages
        text = page.extract_text()
        assert "START" in text and "FINISH" in text


@pytest.mark.slow
@pytest.mark.parametrize("per_page", [1, 2, 4])
def test_a_circle_keeps_min_cell_once_its_hub_holds_the_word(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, per_page: int
) -> None:
    """The centre goal's word widens the circle's hub, which narrows its rings: the schedule
    must measure the room with that hub, so every ring drawn is still at least min_cell."""
    import json

    import mazebook.render.pdf as pdf
    from mazebook.geometry.labels import Placement

    drawn: list[float] = []
    place = pdf.place_maze

    def spy(geom, *args, **kwargs) -> Placement:  # type: ignore[no-untyped-def]
        placed = place(geom, *args, **kwargs)
        if geom.hub > 0:
            drawn.append(placed.fit.scale)
        return placed

    monkeypatch.setattr(pdf, "place_maze", spy)
    template = tmp_path / "circles.toml"
    template.write_text(
        'title = "Circles"\npage_size = "6x9in"\nprinter = "kdp"\n'
        f"puzzles_per_page = {per_page}\n"
        '[[section]]\nname = "Rings"\ncount = 6\ndifficulty = [1, 10]\nshape = "circle"\n'
        'fit = "cap"\n',
        "utf-8",
    )
    with pytest.warns(UserWarning):  # a short book is padded to KDP's minimum
        build_book(str(template), output=tmp_path / "c.pdf")
    # the book leaves min_cell at its default, so a circle may go down to its own floor
    from mazebook.kinds.search import SHAPE_MIN_CELL

    book_cell = json.loads((tmp_path / "c.json").read_text("utf-8"))["min_cell_pt"]
    min_cell = min(book_cell, SHAPE_MIN_CELL["circle"])
    assert drawn and min(drawn) >= min_cell - 1e-6


def test_a_book_over_the_caps_is_refused_before_any_maze_even_a_probe(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A book's work does not depend on its levels, so the caps are checked when it is planned:
    the caps' error wins over a shape or level problem, and no maze is made (not even the
    tiny probe mazes of the fit step)."""
    import mazebook.products.fit as fit
    from mazebook.errors import TemplateError

    def no_maze(*_: object, **__: object) -> None:
        raise AssertionError("a maze was made for a book over the caps")

    monkeypatch.setattr(fit, "probe_sections", no_maze)
    monkeypatch.setattr(fit, "fit_levels", no_maze)
    template = tmp_path / "big.toml"
    template.write_text(
        'title = "x"\nprinter = "home"\nmin_cell = "3pt"\nanswers_per_page = 1\n'
        '[[section]]\ncount = 1000\ndifficulty = 1\nshape = "hex"\n'
        'options = { outline = "zzz" }\n'
    )
    with pytest.raises(TemplateError, match="MAX_CELLS"):
        build_book(str(template), output=tmp_path / "big.pdf")
