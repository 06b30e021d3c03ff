"""Typed requests: the parsers both front ends use, and errors keyed by the request's fields."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.errors import InvalidOptionError, InvalidSizeError, MazebookError
from mazebook.requests import (
    WORKSHEET_SOURCE,
    MazeRequest,
    WorksheetRequest,
    build_worksheet_request,
    make_maze,
    parse_level,
    parse_levels,
    parse_seed,
    parse_size,
    worksheet_template,
)


@given(st.integers(1, 500), st.integers(1, 500), st.sampled_from(["x", "X", "×", " x "]))
def test_a_size_reads_back_as_typed(width: int, height: int, sep: str) -> None:
    assert parse_size(f"{width}{sep}{height}") == (width, height)


@pytest.mark.parametrize(
    ("parse", "text", "error", "field"),
    [
        (parse_size, "40y60", InvalidSizeError, "size"),
        (parse_size, "0x5", InvalidSizeError, "size"),
        (parse_seed, "abc", InvalidOptionError, "seed"),
        (parse_seed, "-3", InvalidOptionError, "seed"),
        (parse_level, "11", InvalidOptionError, "levels"),
        (parse_levels, "5-2", InvalidOptionError, "levels"),
    ],
)
def test_a_parser_error_carries_its_field_and_names_no_flag(
    parse: object, text: str, error: type[MazebookError], field: str
) -> None:
    assert callable(parse)
    with pytest.raises(error) as info:
        parse(text)
    assert info.value.key == field
    assert "--" not in info.value.problem
    words = info.value.restated(key_labels={field: "--flag"})
    assert str(words).startswith("--flag: ")


def test_a_worksheet_request_changes_only_what_it_sets() -> None:
    plain = worksheet_template(WorksheetRequest())
    asked = worksheet_template(WorksheetRequest(count=6, levels=(2, 5), per_page=2, seed=9))
    assert (plain.seed, plain.puzzles_per_page) == (1, 4)
    assert (asked.seed, asked.puzzles_per_page, asked.puzzle_count) == (9, 2, 6)
    assert asked.page_size == plain.page_size and asked.title == plain.title


def test_a_worksheet_request_sets_what_the_sheet_practises() -> None:
    trail = worksheet_template(WorksheetRequest(puzzle="word-trail", words=("CAT", "OWL")))
    path = worksheet_template(WorksheetRequest(puzzle="number-path", step=3, names=("Ann",)))
    assert (trail.sections[0].puzzle, trail.sections[0].words) == ("word-trail", ("CAT", "OWL"))
    assert (path.sections[0].puzzle, path.sections[0].step, path.names) == (
        "number-path",
        3,
        ("Ann",),
    )


@pytest.mark.parametrize(
    ("request_", "field"),
    [
        (WorksheetRequest(per_page=3), "per_page"),
        (WorksheetRequest(page_size="huge"), "page_size"),
        (WorksheetRequest(levels=12), "levels"),
        (WorksheetRequest(font="no-such-font.ttf"), "font"),
        (WorksheetRequest(puzzle="number-path", step=99), "step"),
    ],
)
def test_template_errors_are_keyed_by_the_request_field(
    request_: WorksheetRequest, field: str, tmp_path: Path
) -> None:
    with pytest.raises(MazebookError) as info:
        build_worksheet_request(request_, output=tmp_path / "w.pdf")
    assert info.value.key == field
    assert not list(tmp_path.iterdir())


def test_a_build_error_and_its_advice_are_keyed_by_request_fields(tmp_path: Path) -> None:
    """A level the sheet cannot hold: the error names the request's fields, the advice too, so
    a front end names each in its own words."""
    with pytest.raises(MazebookError) as info:
        build_worksheet_request(WorksheetRequest(levels=10, per_page=6), output=tmp_path / "w.pdf")
    exc = info.value
    assert exc.key == "levels" and exc.advice is not None
    assert "{per_page}" in exc.advice and "{puzzles_per_page}" not in exc.advice
    labels = {"levels": "LEVELS", "per_page": "PER-PAGE", "min_cell": "CELL", "page_size": "PAGE"}
    said = str(
        exc.restated(key_labels=labels, advice_labels={"fit": "FIT"}, drop_file=WORKSHEET_SOURCE)
    )
    assert said.startswith("LEVELS: ") and all(w in said for w in ("PER-PAGE", "CELL", "FIT"))
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"algorithm": "nope"}, "algorithm"),
        ({"braid": 2.0}, "braid"),
        ({"weave": 0.5, "shape": "circle"}, "weave"),
        ({"openings": "middle"}, "openings"),
        ({"shape": "mask", "text": "A B", "parts": "refuse"}, "parts"),
        ({"shape": "hex", "algorithm": "binary-tree"}, "algorithm"),
    ],
)
def test_generate_marks_the_request_field_its_error_concerns(
    kwargs: dict[str, object], field: str
) -> None:
    """A step of generate() marks its error with the request field, so a front end places it
    without reading the message; the message itself is as it was (no field in it)."""
    args: dict[str, Any] = {"algorithm": "backtracker", "width": 12, "height": 8, **kwargs}
    request = MazeRequest(
        algorithm=args.pop("algorithm"),
        width=args.pop("width"),
        height=args.pop("height"),
        shape=args.pop("shape", "rect"),
        braid=args.pop("braid", 0.0),
        weave=args.pop("weave", 0.0),
        seed=1,
        options=args,
    )
    with pytest.raises(MazebookError) as info:
        make_maze(request)
    assert info.value.field == field
    assert info.value.key is None and 'key "' not in str(info.value)  # the message is as it was
