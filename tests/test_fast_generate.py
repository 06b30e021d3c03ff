"""generate()'s fixed cost a maze, cut without a changed maze or message (issue 33): the steps'
error fields kept in a local, the options' names kept on the spec, the rectangle's grid taken
straight from rect_grid, and SeedSequence's seeding written out for a 128-bit seed."""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.core import generators
from mazebook.core.engine import generate
from mazebook.core.generators import _common, _pcg, growing_tree
from mazebook.core.generators._common import SMALL_DRAW
from mazebook.core.grid import LIST_UP_TO, MAX_SIDE, _rect, check_size, rect_grid
from mazebook.core.shapes import make_grid, shape
from mazebook.errors import InvalidOptionError, InvalidSizeError, MazebookError


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"seed": -1}, "seed"),
        ({"seed": 2**63}, "seed"),
        ({"mode": "sideways"}, "options"),
        ({"p_newest": 2.0}, "options"),
        ({"colour": "red"}, "options"),  # no shape option on a rectangle: the algorithm's
        ({"shape": "blob"}, "shape"),
        ({"width": 0}, "shape"),
        ({"shape": "hex", "outline": "moon"}, "shape"),
        ({"braid": 0.5, "width": 400, "height": 400}, "braid"),
        ({"openings": "middle"}, "openings"),
        ({"entrance": [99, 0]}, "openings"),
    ],
)
def test_each_step_names_its_field(kwargs: dict[str, Any], field: str) -> None:
    """Every step of generate() marks its error with the request field it concerns (the
    steps test_requests does not reach: the seed, the options, the shape, braid's work)."""
    args: dict[str, Any] = {"width": 12, "height": 8, "seed": 1, "mode": "mix", **kwargs}
    with pytest.raises(MazebookError) as info:
        generate("growing-tree", args.pop("width"), args.pop("height"), **args)
    assert info.value.field == field


def test_an_error_of_the_carving_itself_names_no_field(monkeypatch: pytest.MonkeyPatch) -> None:
    """The carving is no step of the request: an error it raises is left unmarked."""

    def refuse(*args: Any, **kwargs: Any) -> bytearray:
        raise MazebookError("the carving failed")

    failing = dataclasses.replace(generators.get("backtracker"), carve=refuse)
    monkeypatch.setattr(generators, "get", lambda name: failing)
    with pytest.raises(MazebookError) as info:
        generate("backtracker", 6, 6, seed=1)
    assert str(info.value) == "the carving failed" and info.value.field is None


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (
            {"mode": "sideways"},
            "growing-tree option 'mode' must be one of newest, mix, random, oldest; got 'sideways'",
        ),
        ({"p_newest": True}, "growing-tree option 'p_newest' must be a number; got True"),
        (
            {"p_newest": 1.5},
            "growing-tree option 'p_newest' must be between 0.0 and 1.0; got 1.5",
        ),
        (
            {"p_newst": 0.5},
            "growing-tree has no option 'p_newst' (did you mean \"p_newest\"?); "
            "its options: mode, p_newest",
        ),
        (
            {"mode": "mix", "colour": "red", "p_newst": 0.5},
            "growing-tree has no option 'colour'; its options: mode, p_newest",
        ),
    ],
)
def test_an_option_is_refused_as_it_was(options: dict[str, Any], message: str) -> None:
    """The messages are written only when a value is refused, word for word as before; on a
    rectangle the first unknown name in the order given is the one named."""
    with pytest.raises(InvalidOptionError) as info:
        generate("growing-tree", 6, 6, seed=1, **options)
    assert str(info.value).startswith(message)


def test_the_options_names_are_the_spec_s() -> None:
    for name in generators.BUILTINS:
        spec = generators.get(name)
        assert spec.option_names == {o.name for o in spec.options}


@given(st.integers(1, 60), st.integers(1, 60))
def test_make_grid_of_a_rectangle_is_the_registry_s(width: int, height: int) -> None:
    """The rectangle taken straight from rect_grid is the shape registry's own build."""
    grid, built = make_grid("rect", width, height), shape("rect").build(width, height)
    assert (grid.adj, grid.back, grid.boundary) == (built.adj, built.back, built.boundary)


_SIZES = st.one_of(
    st.integers(-3, MAX_SIDE + 3),
    st.sampled_from([True, False, 4.0, "4", None]),
)


@given(_SIZES, _SIZES)
def test_rect_grid_refuses_what_check_size_refuses(width: Any, height: Any) -> None:
    """The shared rectangle's quick test lets through only sizes check_size passes."""
    try:
        check_size(width, height)
    except InvalidSizeError as refused:
        with pytest.raises(InvalidSizeError) as info:
            rect_grid(width, height)
        assert str(info.value) == str(refused)
    else:
        if width * height <= 40_000:
            grid = rect_grid(width, height)
            assert grid.adj == _rect(width, height).adj


@given(st.integers(0, 2**128 - 1))
def test_the_written_out_seeding_is_the_loop_s(entropy: int) -> None:
    assert _pcg._seed_128(entropy) == _pcg._seed_wide(entropy)


@pytest.mark.parametrize(
    "entropy", [0, 1, 2**32, 2**128 - 1, 2**128, 2**128 + 5, 2**160 - 1, 3**200]
)
def test_seeding_is_numpy_s_at_every_width(entropy: int) -> None:
    """Seeds of up to four words and wider ones (a fifth word and more: mixed into the pool
    after it is made), as numpy's SeedSequence seeds PCG64."""
    state = np.random.PCG64(entropy).state["state"]
    assert _pcg.seed_state(entropy) == (state["state"], state["inc"])


def test_the_book_s_loop_draws_its_orders_as_side_orders_does() -> None:
    """_mix_rect draws its side orders in plain Python straight away: every grid it carves
    (at most LIST_UP_TO cells) is one side_orders draws so (at most SMALL_DRAW)."""
    assert LIST_UP_TO <= SMALL_DRAW


@given(st.integers(1, 64), st.integers(1, 64), st.integers(0, 2**32))
def test_rect_links_are_links_from_edges(width: int, height: int, seed: int) -> None:
    """The plain rectangle's packing (rect_links) gives links_from_edges' bytes for any
    spanning tree's carved half-edges."""
    grid = rect_grid(width, height)
    carved = growing_tree.grow(grid, random.Random(seed), "random")[1].edges
    edges = list(carved)
    assert _common.rect_links(grid, edges) == _common.links_from_edges(grid, edges)
