"""Silhouettes that look like themselves: a mask section never makes a maze too small for its
shape (a silhouette's cells cover it with intersection-over-union of at least MIN_FIDELITY and
the gaps of its bounding box with at least MIN_GAP_FIDELITY, in a grid shaped like the
silhouette; a text's letters get TEXT_ROWS rows), and a level too low for that is refused up
front."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mazebook import build_book
from mazebook.core.shapes.masks import (
    MIN_FIDELITY,
    TEXT_ROWS,
    least_recognisable,
    mask_fidelity,
    mask_likeness,
    recognisable,
)
from mazebook.core.shapes.silhouettes import silhouette_mask
from mazebook.errors import TemplateError
from mazebook.kinds.search import silhouette_aspect


def test_the_likeness_score_can_fail_and_pass() -> None:
    assert mask_fidelity({"mask": "heart"}, 4, 4) < MIN_FIDELITY  # an octagon, not a heart
    assert mask_fidelity({"mask": "heart"}, 30, 30) > 0.9
    assert mask_fidelity({"mask": "star"}, 6, 6) < MIN_FIDELITY  # a plus sign
    w, h = least_recognisable({"mask": "star"}, 1.0)
    assert mask_fidelity({"mask": "star"}, w, h) >= MIN_FIDELITY


def test_a_heart_that_lost_its_lobes_is_not_recognisable() -> None:
    """The shield a page-shaped 8 x 11 grid made of a heart (its notch fell between rows)
    scores well on the shape alone but fails on the gaps; the smallest recognisable heart has
    its two lobes and its notch."""
    heart = {"mask": "heart"}
    assert mask_fidelity(heart, 8, 11) >= MIN_FIDELITY
    assert not recognisable(heart, 8, 11) and not recognisable(heart, 5, 5)
    w, h = least_recognisable(heart, silhouette_aspect("heart"))
    assert (
        recognisable(heart, w, h) and mask_likeness(heart, w, h)[1] > mask_likeness(heart, 8, 11)[1]
    )
    top = silhouette_mask("heart", w, h)
    top = top[top.any(axis=1)][0].tolist()  # the first row with cells: lobe, notch, lobe
    first, last = top.index(True), len(top) - 1 - top[::-1].index(True)
    assert not all(top[first : last + 1])


def _lowest_book(tmp_path: Path, mask: str) -> tuple[int, Path]:
    """The lowest level a section of this silhouette builds at, and that book's manifest: the
    levels below it are refused with the level named."""
    for level in range(1, 11):
        try:
            result = build_book(
                str(_book(tmp_path, f'mask = "{mask}"', str(level))), output=tmp_path / "b.pdf"
            )
        except TemplateError as exc:
            assert "the lowest level that keeps the shape is" in str(exc)
            continue
        return level, result.manifest
    raise AssertionError(f"no level builds a {mask}")


@pytest.mark.slow
@pytest.mark.parametrize("mask", ["heart", "star", "diamond"])
def test_the_lowest_offered_level_keeps_the_silhouette(tmp_path: Path, mask: str) -> None:
    """At its lowest offered level each puzzle's grid is shaped like the silhouette (no empty
    rows or columns beside it) and its cells are recognisable; a heart keeps its notch, a star
    the gap between its legs."""
    level, manifest = _lowest_book(tmp_path, mask)
    assert level <= 3
    for puzzle in json.loads(manifest.read_text())["puzzles"]:
        w, h = puzzle["width"], puzzle["height"]
        assert puzzle["level"] == level and recognisable({"mask": mask}, w, h), puzzle
        assert abs(w - h * silhouette_aspect(mask)) <= 1.0, (w, h)
        cells = silhouette_mask(mask, w, h)
        rows = cells[cells.any(axis=1)]
        assert len(rows) >= h - 2 and cells.any(axis=0).sum() >= w - 2  # the grid is the shape
        if mask in ("heart", "star"):  # top row of a heart, bottom row of a star: two parts
            row = (rows[0] if mask == "heart" else rows[-1]).tolist()
            first, last = row.index(True), len(row) - 1 - row[::-1].index(True)
            assert not all(row[first : last + 1]), row


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
