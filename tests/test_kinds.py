"""The kinds room: one contract every kind implements, a registry open to plugins, and products
that ask a kind and never name one."""

from __future__ import annotations

import ast
import dataclasses
import json
import random
from pathlib import Path

import pytest
from pypdf import PdfReader

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.errors import TemplateError
from mazebook.kinds import DEFAULT_KIND, KINDS, Kind, Spot, check_sections, kind_of
from mazebook.pages.plan import PlannedPuzzle
from mazebook.template.limits import DEFAULT_PUZZLE
from mazebook.template.load import parse_template
from mazebook.template.texts import make_texts
from tests.test_plugins import cli, install

PACKAGE = Path(__file__).resolve().parent.parent / "mazebook"
SHIPPED = ("maze", "number-path", "word-trail")


def kind_name_comparisons(source: str, names: set[str]) -> list[str]:
    """Comparisons (==, !=, in, a match case) of a string that is a kind's name."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Compare):
            parts = [node.left, *node.comparators]
            values = [p.value for p in parts if isinstance(p, ast.Constant)]
            for part in parts:
                if isinstance(part, ast.Tuple | ast.List | ast.Set):
                    values += [e.value for e in part.elts if isinstance(e, ast.Constant)]
            if any(v in names for v in values):
                found.append(f"line {node.lineno}: {ast.unparse(node)}")
        elif (
            isinstance(node, ast.MatchValue)
            and isinstance(node.value, ast.Constant)
            and node.value.value in names
        ):
            found.append(f"line {node.lineno}: case {node.value.value!r}")
    return found


def test_no_code_outside_the_kinds_room_compares_a_kind_name() -> None:
    names = set(KINDS)
    found = [
        f"{path.relative_to(PACKAGE)} {hit}"
        for path in sorted(PACKAGE.rglob("*.py"))
        if "kinds" not in path.relative_to(PACKAGE).parts
        for hit in kind_name_comparisons(path.read_text(encoding="utf-8"), names)
    ]
    assert found == []


def test_the_comparison_finder_finds_each_form() -> None:
    planted = (
        'if s.puzzle == "word-trail": pass\n'
        'x = p in ("maze", "other")\n'
        'match k:\n    case "number-path": pass\n'
        'y = s.puzzle == "cover"\n'
    )
    assert [h.split(":")[0] for h in kind_name_comparisons(planted, set(SHIPPED))] == [
        "line 1",
        "line 2",
        "line 4",
    ]


def test_every_shipped_kind_implements_the_contract() -> None:
    assert tuple(KINDS)[:3] == SHIPPED
    assert DEFAULT_KIND == DEFAULT_PUZZLE == "maze"
    for name, kind in KINDS.items():
        assert isinstance(kind, Kind) and kind.name == name
        assert kind.summary and "\n" not in kind.summary
        low, high = kind.levels
        assert 1 <= low <= high <= 10


def test_mazebook_kinds_lists_name_levels_and_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kinds"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == list(KINDS)
    for line, kind in zip(lines, KINDS.values(), strict=True):
        assert f"levels {kind.levels[0]}-{kind.levels[1]}" in line and kind.summary in line


@pytest.mark.parametrize("name", SHIPPED)
def test_a_made_puzzle_records_a_frozen_dataclass(name: str) -> None:
    keys = {"maze": "", "number-path": "step = 2\n", "word-trail": 'words = ["SUN"]\n'}[name]
    tpl = parse_template(f'title = "t"\n[[section]]\npuzzle = "{name}"\n{keys}difficulty = 3\n')
    check_sections(tpl)
    kind = kind_of(tpl, 0)
    planned = PlannedPuzzle(1, 0, 3, 3, 0, 9, 0)
    made = kind.make(tpl, planned, Spot((400.0, 500.0), 10.0, ("GO", "END")), random.Random(1))
    facts = made.facts
    assert dataclasses.is_dataclass(facts) and type(facts).__dataclass_params__.frozen  # type: ignore[attr-defined]
    with pytest.raises(dataclasses.FrozenInstanceError):
        facts.level = 0  # type: ignore[misc]
    assert facts.level >= 1 and facts.candidates == made.candidates >= 1
    assert "<svg" in made.svg(make_texts("en", {}, source=""), ("GO", "END"), solution=True)
    card = made.card("1", words=("GO", "END"), side_room=30.0)
    assert card.caption_left == "1"


@pytest.mark.parametrize(
    ("section", "message"),
    [
        ('puzzle = "numberpath"', "not a kind of puzzle.*did you mean .number-path."),
        ('puzzle = "maze"\nstep = 2', 'it is for number-path sections: add puzzle = "number-path"'),
        ('puzzle = "word-trail"\nwords = ["SUN"]\nstep = 2', 'add puzzle = "number-path"'),
    ],
)
def test_a_section_is_checked_by_its_kind(section: str, message: str) -> None:
    tpl = parse_template(f'title = "t"\n[[section]]\n{section}\n', source="t.toml")
    with pytest.raises(TemplateError, match=message):
        check_sections(tpl)


def test_an_unknown_kind_is_one_line_from_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "t.toml"
    template.write_text('title = "t"\n[[section]]\npuzzle = "sudoku"\n', encoding="utf-8")
    assert main(["build", str(template), "-o", str(tmp_path / "o.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'key "puzzle"' in err and "maze, number-path" in err
    assert not (tmp_path / "o.pdf").exists()


PLUGIN = """
from mazebook.kinds.maze import MazeKind


class BigMaze(MazeKind):
    name = "big-maze"
    summary = "a maze at least two levels up (a plugin example)"
    levels = (3, 10)

    def instruction(self, texts, words, section):
        return f"Walk the big maze from {words[0]} to {words[1]}."
"""


def test_a_plugin_kind_is_listed_and_builds(tmp_path: Path) -> None:
    site = tmp_path / "site"
    install(
        site,
        "mazebook-big",
        {"mazebook_big": PLUGIN},
        "[mazebook.kinds]\nbig-maze = mazebook_big:BigMaze\n",
    )
    listed = cli(site, "kinds")
    assert listed.returncode == 0, listed.stderr
    assert any(
        line.startswith("big-maze") and "levels 3-10" in line for line in listed.stdout.splitlines()
    )
    template = tmp_path / "big.toml"
    template.write_text(
        'title = "Big"\nprinter = "home"\n'
        '[[section]]\npuzzle = "big-maze"\ncount = 2\ndifficulty = 4\n',
        encoding="utf-8",
    )
    built = cli(site, "build", str(template), "-o", str(tmp_path / "big.pdf"), "--quiet")
    assert built.returncode == 0, built.stderr
    data = json.loads((tmp_path / "big.json").read_text(encoding="utf-8"))
    assert len(data["puzzles"]) == 2 and data["puzzles"][0]["level"] >= 3
    template.write_text(template.read_text(encoding="utf-8").replace("= 4", "= 1"), "utf-8")
    low = cli(site, "build", str(template), "-o", str(tmp_path / "low.pdf"))
    assert low.returncode == 2 and low.stderr.count("\n") == 1
    assert "a big-maze puzzle has a level from 3 to 10, not 1" in low.stderr
    sheet = tmp_path / "sheet.toml"
    sheet.write_text(
        'kind = "worksheet"\ntitle = "Big"\n[[section]]\npuzzle = "big-maze"\ndifficulty = 3\n',
        encoding="utf-8",
    )
    made = cli(site, "build", str(sheet), "-o", str(tmp_path / "sheet.pdf"), "--quiet")
    assert made.returncode == 0, made.stderr
    text = " ".join(PdfReader(tmp_path / "sheet.pdf").pages[0].extract_text().split())
    assert "Walk the big maze from START to FINISH." in text  # the kind's own words


def test_a_plugin_that_is_no_kind_is_one_line(tmp_path: Path) -> None:
    site = tmp_path / "site"
    install(
        site,
        "mazebook-bad",
        {"mazebook_bad": "KIND = 3\n"},
        "[mazebook.kinds]\nbad = mazebook_bad:KIND\n",
    )
    out = cli(site, "kinds")
    assert out.returncode == 2 and out.stderr.count("\n") == 1
    assert "plugin 'bad'" in out.stderr and "not a mazebook.kinds.Kind" in out.stderr


def test_every_kind_builds_in_one_book(tmp_path: Path) -> None:
    """A book of every shipped kind: each puzzle's record carries its kind's own fields."""
    template = tmp_path / "all.toml"
    template.write_text(
        'title = "All"\nprinter = "home"\n'
        "[[section]]\ncount = 1\ndifficulty = 2\n"
        '[[section]]\npuzzle = "number-path"\nstep = 3\ncount = 1\ndifficulty = 2\n'
        '[[section]]\npuzzle = "word-trail"\nwords = ["OWL"]\ncount = 1\ndifficulty = 3\n',
        encoding="utf-8",
    )
    result = build_book(str(template), output=tmp_path / "all.pdf")
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert [p.get("kind", "maze") for p in puzzles] == list(SHIPPED)
    assert (
        "algorithm" in puzzles[0] and "grid" in puzzles[1] and puzzles[2]["trail"]["word"] == "OWL"
    )
    for p in puzzles:
        assert list(p)[:4] == ["number", "section", "page", "answer_page"]
        assert list(p)[-3:] == ["box", "answer_box", "description"]
        assert p["description"].startswith(("Maze ", "Number path counting by 3"))
