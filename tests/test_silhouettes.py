"""Silhouettes that look like themselves: a mask section never makes a maze too small for its
shape (a silhouette's cells cover it with intersection-over-union of at least MIN_FIDELITY; a
text's letters get TEXT_ROWS rows), and a level too low for that is refused up front."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mazebook.book import build_book
from mazebook.errors import TemplateError
from mazebook.shapes.masks import MIN_FIDELITY, TEXT_ROWS, least_recognisable, mask_fidelity


def test_the_likeness_score_can_fail_and_pass() -> None:
    assert mask_fidelity({"mask": "heart"}, 4, 4) < MIN_FIDELITY  # an octagon, not a heart
    assert mask_fidelity({"mask": "heart"}, 30, 30) > 0.9
    assert mask_fidelity({"mask": "star"}, 6, 6) < MIN_FIDELITY  # a plus sign
    w, h = least_recognisable({"mask": "star"}, 1.0)
    assert mask_fidelity({"mask": "star"}, w, h) >= MIN_FIDELITY


def _book(tmp_path: Path, source: str, levels: str) -> Path:
    template = tmp_path / "shapes.toml"
    template.write_text(
        'title = "Shapes"\nprinter = "home"\nseed = 4\n[[section]]\nname = "S"\ncount = 6\n'
        f'difficulty = {levels}\nshape = "mask"\n{source}\nfit = "cap"\n',
        encoding="utf-8",
    )
    return template


@pytest.mark.slow
@pytest.mark.parametrize("mask", ["heart", "star", "diamond"])
def test_every_silhouette_puzzle_keeps_its_shape(tmp_path: Path, mask: str) -> None:
    result = build_book(
        str(_book(tmp_path, f'mask = "{mask}"', "[2, 7]")), output=tmp_path / "b.pdf"
    )
    for puzzle in json.loads(result.manifest.read_text())["puzzles"]:
        score = mask_fidelity({"mask": mask}, puzzle["width"], puzzle["height"])
        assert score >= MIN_FIDELITY, (puzzle["level"], puzzle["width"], puzzle["height"], score)


@pytest.mark.slow
def test_every_letter_gets_enough_rows(tmp_path: Path) -> None:
    result = build_book(str(_book(tmp_path, 'text = "EMMA"', "[3, 6]")), output=tmp_path / "b.pdf")
    for puzzle in json.loads(result.manifest.read_text())["puzzles"]:
        assert puzzle["height"] >= TEXT_ROWS, puzzle


def test_a_level_too_low_for_the_shape_is_refused(tmp_path: Path) -> None:
    with pytest.raises(TemplateError, match=r"the lowest level that keeps the shape is \d+"):
        build_book(str(_book(tmp_path, 'text = "MAZE"', "1")), output=tmp_path / "b.pdf")
    assert not (tmp_path / "b.pdf").exists()
