"""Rule mazes (one-way streets, keys and doors): every puzzle checked by a solver of the tests'
own (tests/rulesolve.py) from its JSON and from its PDF (tests/rulepdf.py); the rules matter,
no traps, one shortest walk; the JSON round trip and its refusals; determinism."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core.keysdoors import letters_for
from mazebook.core.maze import Maze
from mazebook.errors import MazeFormatError
from mazebook.kinds import KINDS
from mazebook.kinds.rule_maze import RuleKind
from mazebook.render.writers import write

from .rulepdf import read_rule_maze
from .rulesolve import Puzzle, doors_passed, solve, traps

RULE_KINDS = ("one-way", "keys")
GENERATORS = ("backtracker", "hunt-and-kill", "growing-tree", "kruskal", "wilson", "prim")


def rule_kind(name: str) -> RuleKind:
    kind = KINDS[name]
    assert isinstance(kind, RuleKind)
    return kind


def laid(name: str, algorithm: str, width: int, height: int, seed: int, level: int) -> Maze:
    """A rule maze of kind ``name`` laid for ``level`` in a generated maze (hypothesis skips a
    maze with no room for its rules)."""
    maze = generate(algorithm, width, height, seed=seed)
    made = rule_kind(name).lay(maze, level)
    assume(made is not None)
    assert made is not None
    return made


puzzles = st.tuples(
    st.sampled_from(RULE_KINDS),
    st.sampled_from(GENERATORS),
    st.integers(5, 16),
    st.integers(5, 16),
    st.integers(0, 2**40),
    st.integers(2, 10),
)


@settings(max_examples=80)
@given(puzzles)
def test_every_puzzle_is_solvable_by_one_shortest_walk_that_the_rules_lengthen(
    case: tuple[str, str, int, int, int, int],
) -> None:
    name, algorithm, width, height, seed, level = case
    level = max(level, rule_kind(name).levels[0])
    maze = laid(name, algorithm, width, height, seed, level)
    data = maze.to_dict()
    puzzle = Puzzle.from_json(data)
    solved = solve(puzzle)
    assert solved is not None, "FINISH cannot be reached"
    assert solved.count == 1, "more than one shortest walk"
    assert solved.length == len(data["solution"])
    assert [list(cell) for cell, _ in solved.walk] == data["solution"]
    ignoring = solve(puzzle, rules=False)
    assert ignoring is not None and ignoring.length < solved.length  # the rules matter
    assert not traps(puzzle)  # from every reachable position FINISH can still be reached
    if name == "keys":
        letters = {d["key"] for d in data["doors"]}
        assert len(letters) == letters_for(level, rule_kind(name).levels[0])
        assert doors_passed(puzzle, solved.walk) == letters  # every key matters
        assert {k["key"] for k in data["keys"]} == letters
    else:
        assert data["one_way"] and "doors" not in data and "keys" not in data


@settings(max_examples=40)
@given(puzzles)
def test_json_round_trip_and_determinism(case: tuple[str, str, int, int, int, int]) -> None:
    name, algorithm, width, height, seed, level = case
    level = max(level, rule_kind(name).levels[0])
    maze = laid(name, algorithm, width, height, seed, level)
    data = maze.to_dict()
    back = Maze.from_dict(json.loads(json.dumps(data)))
    assert back == maze and back.to_dict() == data
    assert back.solution_cells == maze.solution_cells
    again = laid(name, algorithm, width, height, seed, level)
    assert again == maze and write(again, "svg") == write(maze, "svg")
    assert write(again, "pdf", solution=True) == write(maze, "pdf", solution=True)


@pytest.mark.parametrize("name", RULE_KINDS)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_the_pdf_alone_gives_the_puzzle_and_its_solution(name: str, seed: int) -> None:
    maze = generate("hunt-and-kill", 12, 15, seed=seed)
    made = rule_kind(name).remake(maze, 8)
    data = made.to_dict()
    read = read_rule_maze(write(made, "pdf"))
    assert read["walls"] == data["walls"]
    assert (read["entrance"], read["exit"]) == (data["entrance"], data["exit"])
    assert sorted(read["one_way"]) == sorted(data.get("one_way", []))
    assert _doors(read) == _doors(data)
    assert sorted((k["cell"], k["key"]) for k in read["keys"]) == sorted(
        (k["cell"], k["key"]) for k in data.get("keys", [])
    )
    solved = solve(Puzzle.from_json(read))
    assert solved is not None and solved.count == 1 and solved.length == len(data["solution"])


def _doors(data: dict[str, Any]) -> list[tuple[list[list[int]], str]]:
    return sorted((sorted(d["between"]), d["key"]) for d in data.get("doors", []))


def test_letters_grow_with_the_level() -> None:
    low = rule_kind("keys").levels[0]
    counts = [letters_for(level, low) for level in range(low, 11)]
    assert counts[0] == 1 and counts == sorted(counts) and counts[-1] >= 3


# --- bad JSON ------------------------------------------------------------------------------


def _keys_maze() -> dict[str, Any]:
    maze = generate("backtracker", 10, 12, seed=3)
    made = rule_kind("keys").remake(maze, 8)
    return made.to_dict()


def _one_way_maze() -> dict[str, Any]:
    maze = generate("backtracker", 10, 12, seed=3)
    return rule_kind("one-way").remake(maze, 8).to_dict()


def _open_passage(data: dict[str, Any]) -> list[list[int]]:
    """Two side-by-side cells with no wall between them and no door yet."""
    walls = data["walls"]
    taken = [sorted(d["between"]) for d in data.get("doors", [])]
    for y, row in enumerate(walls):
        for x in range(len(row) - 1):
            if not row[x] & 2 and [[x, y], [x + 1, y]] not in taken:
                return [[x, y], [x + 1, y]]
    raise AssertionError("no open passage")


def test_a_key_moved_behind_its_own_door_is_refused_naming_it() -> None:
    data = _keys_maze()
    solved = solve(Puzzle.from_json(data))
    assert solved is not None
    door = next(d for d in data["doors"] if d["key"] == "A")
    # put key A on the far side of door A from START: no walk reaches it
    a, b = (tuple(c) for c in door["between"])
    reach = {cell for cell, _ in solved.walk[: [c for c, _ in solved.walk].index(b)]}
    far = list(b) if a in reach else list(a)
    for key in data["keys"]:
        if key["key"] == "A":
            key["cell"] = far
    data.pop("solution")
    with pytest.raises(MazeFormatError, match=r"no walk reaches key A.*door.* A.*never open"):
        Maze.from_dict(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["doors"].append({"between": _open_passage(d), "key": "Z"}), "no key Z"),
        (lambda d: d["doors"][0].update(key="a"), r"doors\[0\]\.key"),
        (lambda d: d["keys"].append(dict(d["keys"][0])), "second key in cell"),
        (lambda d: d["doors"].append(dict(d["doors"][0])), "second door"),
        (
            lambda d: d["doors"].append(
                {**d["doors"][0], "between": d["doors"][0]["between"][::-1]}
            ),
            "second door",
        ),
        (lambda d: d["keys"][0].update(cell=[99, 0]), r"keys\[0\] \[99, 0\] lies outside"),
        (lambda d: d.update(crossings=[[1, 1, "h"]]), "crossing|without crossings"),
    ],
)
def test_bad_doors_and_keys_are_refused_in_one_line(change: Any, message: str) -> None:
    data = _keys_maze()
    change(data)
    with pytest.raises(MazeFormatError, match=message) as caught:
        Maze.from_dict(data)
    assert "\n" not in str(caught.value)


def test_a_one_way_passage_against_every_way_is_refused() -> None:
    data = _one_way_maze()
    solved = solve(Puzzle.from_json(data))
    assert solved is not None
    # the last step into FINISH made one-way back out: no walk arrives
    (a, _), (b, _) = solved.walk[-2], solved.walk[-1]
    data["one_way"] = [w for w in data["one_way"] if {tuple(w[:2]), tuple(w[2:])} != {a, b}]
    data["one_way"].append([*b, *a])
    data.pop("solution")
    with pytest.raises(MazeFormatError, match="one-way passages lead every walk away"):
        Maze.from_dict(data)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d["one_way"].append([0, 0, 0, 0]), "does not join two neighbouring"),
        (lambda d: d["one_way"].append(d["one_way"][0][2:] + d["one_way"][0][:2]), "both ways"),
        (lambda d: d["one_way"].append([0, 0, 1, 0, 5]), r"one_way\[\d+\]"),
    ],
)
def test_bad_one_way_passages_are_refused(change: Any, message: str) -> None:
    data = _one_way_maze()
    change(data)
    with pytest.raises(MazeFormatError, match=message):
        Maze.from_dict(data)


def test_a_one_way_passage_over_a_wall_is_refused() -> None:
    data = _one_way_maze()
    walls = data["walls"]
    y, x = next((y, x) for y in range(len(walls)) for x in range(9) if walls[y][x] & 2)
    data["one_way"].append([x, y, x + 1, y])
    with pytest.raises(MazeFormatError, match="not an open passage"):
        Maze.from_dict(data)


def test_a_saved_solution_through_a_shut_door_is_refused() -> None:
    data = _keys_maze()
    plain = solve(Puzzle.from_json(data), rules=False)
    assert plain is not None
    data["solution"] = [list(cell) for cell, _ in plain.walk]
    with pytest.raises(MazeFormatError, match=r"door . is shut"):
        Maze.from_dict(data)


def test_rules_on_another_shape_are_refused() -> None:
    maze = generate("backtracker", 6, 6, seed=1, shape="hex")
    data = maze.to_dict()
    data["one_way"] = [[0, 1]]
    with pytest.raises(MazeFormatError, match="one_way"):
        Maze.from_dict(data)
    with pytest.raises(MazeFormatError, match="rectangular"):
        Maze(maze.grid, maze.links, maze.entrance, maze.exit, one_way=((0, 1),)).to_dict()


def test_caps_are_checked_before_the_search() -> None:
    maze = generate("backtracker", 10, 10, seed=1)
    data = maze.to_dict()
    letters = "ABCDEFGHI"
    data["keys"] = [{"cell": [i, 0], "key": k} for i, k in enumerate(letters)]
    with pytest.raises(MazeFormatError, match="9 letters, more than 8"):
        Maze.from_dict(data)


def test_a_copy_of_a_good_file_reads() -> None:
    for data in (_keys_maze(), _one_way_maze()):
        assert Maze.from_dict(copy.deepcopy(data)).to_dict() == data


def test_rule_json_is_written_by_the_command_line(tmp_path: Path) -> None:
    from mazebook.app.cli import main

    out = tmp_path / "k.json"
    argv = ["maze", "--puzzle", "keys", "--level", "6", "--size", "9x11", "--seed", "5"]
    assert main([*argv, "-o", str(out)]) == 0
    data = json.loads(out.read_text())
    assert {"doors", "keys", "solution", "metrics"} <= set(data)
    solved = solve(Puzzle.from_json(data))
    assert solved is not None and solved.length == data["metrics"]["solution_length"]


def test_random_mazes_keep_the_puzzles_apart() -> None:
    rng = random.Random(5)
    seen = set()
    for _ in range(5):
        maze = generate("backtracker", 9, 9, seed=rng.getrandbits(32))
        made = rule_kind("one-way").lay(maze, 5)
        if made is not None:
            seen.add(json.dumps(made.to_dict()["one_way"]))
    assert len(seen) >= 3


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--puzzle", "keys"], "--level: a keys puzzle is laid for a level"),
        (["--level", "4", "-s", "9x9"], "--size goes without --level"),  # a maze of a level
        (
            ["--puzzle", "word-trail", "--level", "4"],
            "--puzzle: must be one of maze, one-way, keys",
        ),
        (["--puzzle", "one-way", "--level", "4", "--braid", "0.5"], "laid in a perfect maze"),
        (["--puzzle", "one-way", "--level", "4", "--shape", "hex"], "is a rectangle"),
        (["--puzzle", "keys", "--level", "4", "-f", "txt", "-s", "9x9"], "txt format has no room"),
        (["--puzzle", "keys", "--level", "10", "--size", "4x4"], "no keys puzzle of level 10"),
    ],
)
def test_bad_rule_flags_are_one_line_exit_2(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    from mazebook.app.cli import main

    out = tmp_path / "m.json"
    assert main(["maze", "--seed", "1", *argv, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and message in err and "Traceback" not in err
    assert not out.exists()
