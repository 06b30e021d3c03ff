"""Maze JSON has a declared schema (mazebook/data/maze.schema.json), and it is what the reader
enforces first.

Every maze mazebook writes validates against the schema with a plain Draft202012Validator (as
any other tool would check it) and reads back. ``Maze.from_dict`` checks the schema before
anything else (mazebook.core.mazeschema), so a document that breaks it is refused with one line
naming the place; the fast ``items`` check it uses agrees with jsonschema's own, error for
error. What a schema cannot say (the solution a walk from entrance to exit, and the codec's
other checks) is tested here and in tests/test_hostile*.py and tests/test_weave.py.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator, validators

from mazebook import Maze, generate
from mazebook.core.codec import check_path
from mazebook.core.grid import MAX_SEED, MAX_SIDE, Opening
from mazebook.core.mazeschema import _compile, error_line, fast_validator_class, maze_schema
from mazebook.errors import MazeFormatError

SCHEMA = Path(__file__).resolve().parent.parent / "mazebook" / "data" / "maze.schema.json"


@cache
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_the_schema_knows_the_readers_limits() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema == maze_schema()  # the reader reads this very file
    assert schema["$defs"]["side"]["maximum"] == MAX_SIDE
    assert schema["$defs"]["made"]["properties"]["seed"]["maximum"] == MAX_SEED
    assert schema["$defs"]["cell"]["maximum"] == MAX_SIDE**2 - 1
    assert schema["$defs"]["graph"]["properties"]["cells"]["maximum"] == MAX_SIDE**2


SHAPES = ["rect", "circle", "hex", "triangle", "mask"]


def _made(shape: str, algorithm: str, width: int, height: int, seed: int, braid: float) -> Maze:
    extra: dict[str, Any] = {"mask": {"mask": "heart"}, "hex": {"outline": "rect"}}.get(shape, {})
    if shape == "circle":
        width = 1
    return generate(algorithm, width, height, seed=seed, shape=shape, braid=braid, **extra)


def _saved(maze: Maze) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(maze.to_dict()))
    return data


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(SHAPES),
    st.sampled_from(["backtracker", "kruskal", "wilson", "prim"]),
    st.integers(2, 9),
    st.integers(2, 9),
    st.integers(0, 2**32),
    st.sampled_from([0.0, 0.5]),
)
def test_every_maze_written_follows_the_schema(
    shape: str, algorithm: str, width: int, height: int, seed: int, braid: float
) -> None:
    maze = _made(shape, algorithm, width, height, seed, braid)
    data = _saved(maze)
    assert list(validator().iter_errors(data)) == []
    assert Maze.from_dict(data) == maze


@settings(max_examples=20, deadline=None)
@given(st.integers(4, 12), st.integers(4, 12), st.integers(0, 2**32), st.sampled_from([0.0, 0.5]))
def test_a_weave_maze_follows_the_schema(width: int, height: int, seed: int, braid: float) -> None:
    maze = generate("kruskal", width, height, seed=seed, weave=1.0, braid=braid)
    data = _saved(maze)
    assert list(validator().iter_errors(data)) == []
    again = Maze.from_dict(data)
    assert again == maze and again.crossings == maze.crossings


def _rect() -> dict[str, Any]:
    return generate("backtracker", 4, 3, seed=1).to_dict()


def _hex() -> dict[str, Any]:
    return generate("backtracker", 4, 3, seed=1, shape="hex").to_dict()


#: Documents that break the schema, and the place the reader's message must name first.
BROKEN = [
    (_rect, {"width": "4"}, "width"),
    (_rect, {"width": 0}, "width"),
    (_rect, {"height": MAX_SIDE + 1}, "height"),
    (_rect, {"walls": [[16, 0, 0, 0]] * 3}, "walls[0][0]"),
    (_rect, {"walls": [[0, 0, 0, 0], [0, 0, "1", 0]]}, "walls[1][2]"),
    (_rect, {"walls": "walls"}, "walls"),
    (_rect, {"entrance": [0]}, "entrance"),
    (_rect, {"entrance": [0, "1"]}, "entrance[1]"),
    (_rect, {"exit_side": "X"}, "exit_side"),
    (_rect, {"seed": -1}, "seed"),
    (_rect, {"seed": MAX_SEED + 1}, "seed"),
    (_rect, {"options": [1]}, "options"),
    (_rect, {"solution": [[0, 0], [1, None]]}, "solution[1][1]"),
    (_rect, {"crossings": [[1, 1, "x"]]}, "crossings[0][2]"),
    (_rect, {"crossings": [[1, 1]]}, "crossings[0]"),
    (_hex, {"cells": "24"}, "cells"),
    (_hex, {"entrance": -1}, "entrance"),
    (_hex, {"passages": [[0, 1, 2]]}, "passages[0]"),
    (_hex, {"passages": [[0, 1], [0, -1]]}, "passages[1][1]"),
    (_hex, {"entrance_side": "N"}, "entrance_side"),
    (_hex, {"grid_params": [1]}, "grid_params"),
    (_hex, {"grid_params": {"outline": {"a": 1}}}, "grid_params.outline"),
    (_hex, {"centres": [[0, 0, 0]]}, "centres[0]"),
    (_hex, {"neighbors": [[1, 2], [0, "2"]]}, "neighbors[1][1]"),
    (_hex, {"solution": [0, 1.5]}, "solution[1]"),
    (_hex, {"crossings": [[1, 1, "h"]]}, "crossings"),
    (_hex, {"algorithm": 3}, "algorithm"),
]


@pytest.mark.parametrize(("make", "change", "where"), BROKEN, ids=[w for _, _, w in BROKEN])
def test_the_reader_refuses_what_the_schema_refuses_naming_the_place(
    make: Any, change: dict[str, Any], where: str
) -> None:
    data = make() | change
    first = next(validator().iter_errors(data))  # what any tool's validator finds
    with pytest.raises(MazeFormatError) as caught:
        Maze.from_dict(data)
    message = str(caught.value)
    assert "\n" not in message
    assert message.startswith(f"{where} must be ")
    assert message == error_line(first)  # the schema's own error, in words


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (
            {"walls": [[0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 16, 0]]},
            "walls[2][2] must be a whole number from 0 to 15, got 16",
        ),
        ({"entrance": [0]}, "entrance must be [x, y], two whole numbers, got [0]"),
        ({"width": 5.0}, "width must be a whole number from 1 to 2000, got 5.0"),
        (
            {"seed": True},
            "seed must be a whole number from 0 to 9223372036854775807 or null, got True",
        ),
        (
            {"entrance_side": "Q"},
            'entrance_side must be one of "N", "E", "S", "W" or null, got \'Q\'',
        ),
        ({"options": {"a": [1] * 1000}}, None),  # any option values: the generator's business
    ],
)
def test_schema_errors_read_as_one_line(change: dict[str, Any], message: str | None) -> None:
    data = _rect() | change
    if message is None:
        assert Maze.from_dict(data).options == change["options"]
        return
    with pytest.raises(MazeFormatError) as caught:
        Maze.from_dict(data)
    assert str(caught.value) == message


def test_a_missing_key_and_a_non_object_are_named() -> None:
    data = _hex()
    del data["exit"]
    with pytest.raises(MazeFormatError, match=r"^the maze has no 'exit'$"):
        Maze.from_dict(data)
    with pytest.raises(MazeFormatError, match=r"^a maze must be a JSON object, got \[1, 2\]$"):
        Maze.from_dict([1, 2])  # type: ignore[arg-type]


#: Values of a wrong type wherever they stand in a maze (1.5 is a number: fine for centres).
WRONG: list[object] = ["x", None, True, [], {}, 1.5]


def _places(data: dict[str, Any], key: str, rng: Any) -> list[Any]:
    """A path to one leaf value deep in ``data[key]`` (a list of lists or of values)."""
    node, path = data[key], [key]
    while isinstance(node, list) and node:
        index = rng.randrange(len(node))
        node, path = node[index], [*path, index]
    return path


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from([*SHAPES, "weave"]),
    st.sampled_from(["walls", "passages", "solution", "crossings", "centres", "neighbors"]),
    st.sampled_from(WRONG),
    st.randoms(use_true_random=False),
)
def test_a_wrong_type_deep_in_a_maze_is_refused_with_its_path(
    shape: str, key: str, wrong: object, rng: Any
) -> None:
    if shape == "weave":
        maze = generate("kruskal", 9, 9, seed=2, weave=1.0)
    else:
        maze = _made(shape, "backtracker", 6, 5, 1, 0.0)
    data = _saved(maze)
    if key not in data or (key == "centres" and wrong == 1.5):
        return
    path = _places(data, key, rng)
    parent = data
    for step in path[:-1]:
        parent = parent[step]
    parent[path[-1]] = wrong
    where = path[0] + "".join(f"[{i}]" for i in path[1:])
    with pytest.raises(MazeFormatError) as caught:
        Maze.from_dict(data)
    assert str(caught.value).startswith(f"{where} must be "), str(caught.value)


def _plain_like_ours() -> Any:
    """jsonschema's own keywords with the reader's types (ints apart from floats, tuples as
    arrays): the reference the fast ``items`` must agree with."""
    fast = fast_validator_class(maze_schema())
    return validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator, type_checker=fast.TYPE_CHECKER
    )


#: Values the fast check meets: mostly whole numbers in and just out of range (so rows of
#: whole numbers alone, the fast path's own case, come often), some of every other kind.
LEAVES = st.one_of(
    st.integers(-2, 17),
    st.sampled_from([2**70, 3999999, 4000000, 1.5, 2.0, True, "h", "v", "x", None]),
)
ITEMS = st.one_of(LEAVES, st.lists(LEAVES, max_size=4), st.lists(st.lists(LEAVES, max_size=3)))


@settings(max_examples=300, deadline=None)
@given(
    st.sampled_from(["walls", "solution", "crossings", "passages", "centres", "neighbors"]),
    st.lists(ITEMS, max_size=5),
    st.sampled_from([_rect, _hex]),
)
def test_the_fast_items_check_finds_what_jsonschema_finds(
    key: str, value: list[Any], make: Any
) -> None:
    data = make() | {key: value}
    schema = maze_schema()
    ours = fast_validator_class(schema)(schema)
    plain = _plain_like_ours()(schema)

    def found(v: Any) -> list[tuple[list[Any], str]]:
        return [(list(e.absolute_path), e.message) for e in v.iter_errors(data)]

    assert found(ours) == found(plain)


def test_the_big_arrays_take_the_fast_path() -> None:
    """The item schemas of the long arrays stay simple enough for the fast check (an edit that
    made one not simple would be correct but slow again: tests/bench_codec.py measures)."""
    schema = maze_schema()
    rect, graph = schema["$defs"]["rect"]["properties"], schema["$defs"]["graph"]["properties"]
    for props, keys in (
        (rect, ["walls", "solution", "crossings"]),
        (graph, ["neighbors", "passages", "solution", "centres"]),
    ):
        for key in keys:
            assert _compile(props[key]["items"], schema) is not None, key
    assert _compile({"type": "integer", "multipleOf": 2}, schema) is None


# --- the saved solution: a walk from the entrance to the exit -----------------------------


def test_a_solution_through_a_wall_is_refused() -> None:
    maze = generate("backtracker", 6, 5, seed=3)
    data = _saved(maze)
    path = data["solution"]
    assert len(path) > 2
    data["solution"] = [path[0], path[-1]]  # a jump, not a step
    with pytest.raises(MazeFormatError, match=r"solution\[1\] \(cell \d+\) is not reached"):
        Maze.from_dict(data)


@pytest.mark.parametrize("make", [_rect, _hex])
def test_a_solution_must_run_from_the_entrance_to_the_exit(make: Any) -> None:
    data = json.loads(json.dumps(make()))
    assert Maze.from_dict(data)  # as saved, it reads
    wrongs: list[list[Any]] = [data["solution"][::-1], data["solution"][:-1], []]
    for wrong in wrongs:
        with pytest.raises(MazeFormatError, match="solution must run from the entrance"):
            Maze.from_dict(data | {"solution": wrong})
    del data["solution"]  # optional: an older file without it reads
    assert Maze.from_dict(data) == Maze.from_dict(json.loads(json.dumps(make())))


def test_a_solution_outside_the_maze_is_refused() -> None:
    data = _rect()
    with pytest.raises(MazeFormatError, match=r"solution\[1\] \[9, 0\] lies outside"):
        Maze.from_dict(data | {"solution": [data["solution"][0], [9, 0]]})
    data = _hex()
    with pytest.raises(MazeFormatError, match=r"solution\[0\] must be a cell from 0 to"):
        Maze.from_dict(data | {"solution": [10**6]})


def test_a_solution_turning_at_a_crossing_is_refused() -> None:
    """Through a crossing a path goes straight on; west -> crossing -> north is open wall-wise
    (a crossing cell is open on all four sides) but walks off the bridge."""
    maze = generate("kruskal", 9, 9, seed=2, weave=1.0)
    cell, _ = maze.crossings[0]
    grid, links, w = maze.grid, maze.links, maze.grid.width
    assert links[cell] == 15
    turn, straight = [cell - 1, cell, cell - w], [cell - 1, cell, cell + 1]
    with pytest.raises(MazeFormatError, match=r"solution\[2\]"):
        check_path(grid, links, Opening(turn[0], None), Opening(turn[-1], None), turn, [cell])
    check_path(grid, links, Opening(cell - 1, None), Opening(cell + 1, None), straight, [cell])
    check_path(grid, links, Opening(turn[0], None), Opening(turn[-1], None), turn)  # no crossing


def _rect_as_graph() -> dict[str, Any]:
    from mazebook.core.codec import graph_dict

    maze = generate("prim", 7, 6, seed=1)
    return graph_dict(maze.grid, maze.links, maze.entrance, maze.exit, maze.solution_cells)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"grid_params": {"zzz": 1}}, "does not take the grid_params given"),
        ({"entrance_side": None}, "entrance_side must be an outer side"),
        ({"options": {"braid": float("nan")}}, "options.braid must be finite"),
        ({"options": {"deep": [1, {"x": float("inf")}]}}, "options.deep must be finite"),
        ({"grid_params": {"x\ny": float("nan")}}, 'grid_params["x\\ny"]'),
    ],
)
def test_a_rect_in_graph_form_and_odd_options_are_refused_in_one_line(
    change: dict[str, Any], message: str
) -> None:
    """What a reader once let through, or failed on with another exception: a rectangle's
    graph form with parameters its shape does not take or an opening off the wall, options
    that are not finite (the maze could not be written back as JSON), and keys that would
    break the message over two lines."""
    with pytest.raises(MazeFormatError) as caught:
        Maze.from_dict({**_rect_as_graph(), **change})
    assert message in str(caught.value) and "\n" not in str(caught.value)


@given(st.sampled_from(["prim", "backtracker", "kruskal"]), st.integers(2, 9), st.integers(0, 99))
def test_a_rect_in_graph_form_reads_and_writes_back_as_standard_json(
    name: str, side: int, seed: int
) -> None:
    from mazebook.core.codec import graph_dict

    maze = generate(name, side, side + 1, seed=seed)
    data = graph_dict(maze.grid, maze.links, maze.entrance, maze.exit, maze.solution_cells)
    back = Maze.from_dict(data)
    again = Maze.from_dict(json.loads(json.dumps(back.to_dict(), allow_nan=False)))
    assert again.links == maze.links and again.entrance == maze.entrance


def _hex_dict() -> dict[str, Any]:
    return json.loads(json.dumps(generate("backtracker", 6, 5, seed=2, shape="hex").to_dict()))


def test_graph_form_passages_and_neighbours_are_checked_against_the_grid() -> None:
    """What the schema cannot say of a graph form, checked against the rebuilt grid: the first
    passage naming a cell beyond it or joining two cells that are not neighbours (named by its
    place), and a neighbour list that is not the grid's (its order, lengths or cells)."""
    data = _hex_dict()
    n = data["cells"]
    assert Maze.from_dict(data).to_dict() == Maze.from_dict(data).to_dict()
    far = next(c for c in range(n) if c not in data["neighbors"][0] and c != 0)
    rows = data["neighbors"]
    wide = next(i for i, row in enumerate(rows) if len(row) >= 2)
    turned = [*rows[:wide], list(reversed(rows[wide])), *rows[wide + 1 :]]
    cases = [
        ({"passages": [*data["passages"][:3], [0, n], [0, far]]}, f"passages[3] [0, {n}]"),
        ({"passages": [*data["passages"][:3], [0, far], [0, n]]}, f"passage [0, {far}] does not"),
        ({"neighbors": turned}, "'neighbors' do not match"),
        ({"neighbors": rows[:-1]}, "'neighbors' do not match"),
        ({"neighbors": [rows[0][:-1], *rows[1:]]}, "'neighbors' do not match"),
        ({"neighbors": [[far], *rows[1:]]}, "'neighbors' do not match"),
    ]
    for change, message in cases:
        with pytest.raises(MazeFormatError, match=re.escape(message)):
            Maze.from_dict({**data, **change})
