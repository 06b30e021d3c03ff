"""Answer keys you can trace: without answers_per_page, each answer page holds as many
solutions as keep the cells at least min_answer_cell, so hard puzzles get fewer a page."""

from __future__ import annotations

import collections
import json
from pathlib import Path

import pytest

from mazebook import build_book
from mazebook.pages.layout import maze_scale
from mazebook.printing.units import parse_length
from mazebook.products.book import prepare
from mazebook.template import load_template


@pytest.mark.slow
@pytest.mark.parametrize("floor", ["1.8mm", "2.5mm"])
def test_every_answer_cell_is_at_least_the_floor(tmp_path: Path, floor: str) -> None:
    text = Path(load_template("classic").path or "").read_text(encoding="utf-8")
    assert "answers_per_page" not in text  # the default book uses the automatic choice
    template = tmp_path / "book.toml"
    template.write_text(f'min_answer_cell = "{floor}"\n' + text, encoding="utf-8")
    result = build_book(str(template), output=tmp_path / "book.pdf")
    setup = prepare(load_template(str(template)))
    manifest = json.loads(result.manifest.read_text())
    least = parse_length(floor)
    per_page = collections.Counter(p["answer_page"] for p in manifest["puzzles"])
    by_level: dict[int, set[int]] = collections.defaultdict(set)
    for puzzle in manifest["puzzles"]:
        width, height = setup.answer_box(puzzle["answer_page"])
        cell = maze_scale(puzzle["width"], puzzle["height"], width, height)
        assert cell >= least - 1e-6, (puzzle["number"], cell, least)
        by_level[puzzle["level"]].add(per_page[puzzle["answer_page"]])
    easiest, hardest = min(by_level), max(by_level)
    assert max(by_level[easiest]) > min(by_level[hardest])  # harder puzzles, fewer a page


def test_a_given_count_wins(tmp_path: Path) -> None:
    template = tmp_path / "book.toml"
    template.write_text(
        'title = "T"\nanswers_per_page = 2\n[[section]]\ncount = 3\ndifficulty = 1\n'
        "[[section]]\ncount = 3\ndifficulty = 2\nanswers_per_page = 9\n",
        encoding="utf-8",
    )
    setup = prepare(load_template(str(template)))
    counts = {setup.plan.answers_on(p.answer_page) for p in setup.plan.puzzles if p.section == 0}
    assert counts == {2}
    counts = {setup.plan.answers_on(p.answer_page) for p in setup.plan.puzzles if p.section == 1}
    assert counts == {9}
