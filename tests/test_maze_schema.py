"""Maze JSON has a declared schema (mazebook/data/maze.schema.json) that the reader agrees with.

Every maze mazebook writes validates against the schema, and documents that break its shape
are refused by the schema and by ``Maze.from_dict`` alike (the reader, in the core, checks by
hand, since the core loads no jsonschema; it checks more than the schema can say).
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from jsonschema import Draft202012Validator

from mazebook import Maze, generate
from mazebook.core.grid import MAX_SEED, MAX_SIDE
from mazebook.errors import MazeFormatError

SCHEMA = Path(__file__).resolve().parent.parent / "mazebook" / "data" / "maze.schema.json"


@cache
def validator() -> Draft202012Validator:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def test_the_schema_knows_the_readers_limits() -> None:
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    assert schema["$defs"]["side"]["maximum"] == MAX_SIDE
    assert schema["$defs"]["made"]["properties"]["seed"]["maximum"] == MAX_SEED


@settings(max_examples=40, deadline=None)
@given(
    st.sampled_from(["rect", "circle", "hex", "triangle", "mask"]),
    st.sampled_from(["backtracker", "kruskal", "wilson", "prim"]),
    st.integers(2, 9),
    st.integers(2, 9),
    st.integers(0, 2**32),
    st.sampled_from([0.0, 0.5]),
)
def test_every_maze_written_follows_the_schema(
    shape: str, algorithm: str, width: int, height: int, seed: int, braid: float
) -> None:
    extra: dict[str, Any] = {"mask": {"mask": "heart"}, "hex": {"outline": "rect"}}.get(shape, {})
    if shape == "circle":
        width = 1
    maze = generate(algorithm, width, height, seed=seed, shape=shape, braid=braid, **extra)
    data = json.loads(json.dumps(maze.to_dict()))
    assert list(validator().iter_errors(data)) == []
    assert Maze.from_dict(data) == maze


@settings(max_examples=20, deadline=None)
@given(st.integers(4, 12), st.integers(4, 12), st.integers(0, 2**32))
def test_a_weave_maze_follows_the_schema(width: int, height: int, seed: int) -> None:
    maze = generate("kruskal", width, height, seed=seed, weave=1.0)
    data = json.loads(json.dumps(maze.to_dict()))
    assert list(validator().iter_errors(data)) == []


def _rect() -> dict[str, Any]:
    return generate("backtracker", 4, 3, seed=1).to_dict()


def _hex() -> dict[str, Any]:
    return generate("backtracker", 4, 3, seed=1, shape="hex").to_dict()


BROKEN = [
    (_rect, {"width": "4"}),
    (_rect, {"width": 0}),
    (_rect, {"height": MAX_SIDE + 1}),
    (_rect, {"walls": [[16, 0, 0, 0]] * 3}),
    (_rect, {"walls": "walls"}),
    (_rect, {"entrance": [0]}),
    (_rect, {"entrance": [0, "1"]}),
    (_rect, {"exit_side": "X"}),
    (_rect, {"seed": -1}),
    (_rect, {"seed": MAX_SEED + 1}),
    (_rect, {"options": [1]}),
    (_rect, {"crossings": [[1, 1, "x"]]}),
    (_rect, {"crossings": [[1, 1]]}),
    (_hex, {"cells": "24"}),
    (_hex, {"entrance": -1}),
    (_hex, {"passages": [[0, 1, 2]]}),
    (_hex, {"passages": [[0, -1]]}),
    (_hex, {"entrance_side": "N"}),
    (_hex, {"grid_params": [1]}),
    (_hex, {"grid_params": {"outline": {"a": 1}}}),
    (_hex, {"centres": [[0, 0, 0]]}),
    (_hex, {"crossings": [[1, 1, "h"]]}),
    (_hex, {"algorithm": 3}),
]


@pytest.mark.parametrize(("make", "change"), BROKEN, ids=[str(c)[:40] for _, c in BROKEN])
def test_a_document_the_schema_refuses_the_reader_refuses(
    make: Any, change: dict[str, Any]
) -> None:
    data = make() | change
    assert list(validator().iter_errors(data)) != []
    with pytest.raises(MazeFormatError) as caught:
        Maze.from_dict(data)
    assert "\n" not in str(caught.value)
