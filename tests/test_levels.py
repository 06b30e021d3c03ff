"""Levels are absolute bands of modelled solving effort: the ladder, the same level on every page
kind, levels a page cannot hold refused before any maze (or capped), and braids from templates."""

from __future__ import annotations

import functools
import itertools
import json
import random
import re
from collections import deque
from pathlib import Path
from typing import Any

import pytest

from mazebook import Maze, build_book, generate
from mazebook.app.cli import main
from mazebook.difficulty.effort import solving_effort
from mazebook.difficulty.levels import (
    FIRST_LEVEL,
    KEEP,
    LAST_LEVEL,
    band,
    centre,
    level_of,
    level_value,
    lowest_kept,
)
from mazebook.kinds import search as schedule
from mazebook.kinds.maze import section_request
from mazebook.products.book import prepare
from mazebook.template.limits import LEVEL_MAX, LEVEL_MIN
from mazebook.template.load import parse_template

from .bench_levels import PAGE_KINDS, LevelRow, level_rows, request_for
from .padding import padded

#: The least a page kind must hold (docs/levels.md), so no test below passes by holding nothing.
AT_LEAST = {
    "letter": 10,
    "6 x 9 in": 10,
    "four a page": 7,
    "worksheet, six a page": 4,
    "circle": 10,
    "heart": 10,
    "hex": 10,
    "triangle": 10,
    "weave": 10,
    # one maze a 6 x 9 in page reaches level 10 on every shape (issue: levels you can trust)
    "circle, 6 x 9 in": 10,
    "heart, 6 x 9 in": 10,
    "hex, 6 x 9 in": 10,
    "triangle, 6 x 9 in": 10,
    "circle, 6 x 9 in, four a page": 6,
}


#: Page kinds whose median effort rises at least 1.3x at every step (steps that do not blur);
#: every other kind's rises at least 1.25x. bfs_expanded rises at least 1.3x on every kind.
CLEAR_STEPS = (
    "letter",
    "6 x 9 in",
    "four a page",
    "circle",
    "circle, 6 x 9 in",
)
#: Puzzles per level: the median of nine (each from its own seed).
PUZZLES = 9


@functools.cache
def rows_of(kind: str) -> tuple[LevelRow, ...]:
    return tuple(level_rows(kind, puzzles=PUZZLES))


# --- the ladder -----------------------------------------------------------------------------
def test_every_step_is_between_1_25_and_2_and_level_10_is_over_40_times_level_1() -> None:
    assert (FIRST_LEVEL, LAST_LEVEL) == (LEVEL_MIN, LEVEL_MAX)
    for level in range(FIRST_LEVEL, LAST_LEVEL):
        assert 1.25 <= centre(level + 1) / centre(level) <= 2.0
    assert centre(LAST_LEVEL) >= 40 * centre(FIRST_LEVEL)
    for level in range(FIRST_LEVEL, LAST_LEVEL + 1):
        low, high = band(level)
        assert level_of(centre(level)) == level
        assert level_of(low * 1.001) == level == level_of(high * 0.999)
        assert level_value(low) == pytest.approx(level - 0.5)
        if level > FIRST_LEVEL:
            assert band(level - 1)[1] == pytest.approx(low)  # bands meet, no gap
    assert level_of(1.0) == FIRST_LEVEL and level_of(1e9) == LAST_LEVEL


# --- each page kind -------------------------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("kind", list(PAGE_KINDS))
def test_effort_rises_at_every_level_up_to_the_highest_that_fits(kind: str) -> None:
    rows = rows_of(kind)
    top, first = rows[-1].level, rows[0].level
    # every page starts at level 1; a heart needs 9 x 9 cells to keep its lobes (level 2)
    assert first == (2 if kind.startswith("heart") else 1)
    assert [r.level for r in rows] == list(range(first, top + 1))
    assert top >= AT_LEAST[kind]
    assert top == LAST_LEVEL or request_for(kind, top + 1) is None
    for row in rows:  # every puzzle, measured again from its maze, lies in its level's band
        low, high = band(row.level)
        for choice in row.choices:
            effort = solving_effort(choice.maze)
            assert effort == pytest.approx(choice.effort)
            assert low <= effort <= high, (kind, row.level, effort)
    least_step = 1.3 if kind in CLEAR_STEPS else 1.25
    for lower, upper in itertools.pairwise(rows):
        assert least_step <= upper.median_effort / lower.median_effort <= 2.2, (kind, upper.level)
    if kind == "letter":  # the whole ladder, as built: level 10 over 40 times level 1
        assert rows[-1].median_effort >= 40 * rows[0].median_effort


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(PAGE_KINDS))
def test_bfs_expanded_rises_at_every_level_up_to_the_highest_that_fits(kind: str) -> None:
    """The published measure (Valenzuela Munoz et al. 2025): the cells a breadth-first search
    from START expands before FINISH, counted here by a search of the test's own, rise at least
    1.3x at every step on every page kind, the top level included."""
    rows = rows_of(kind)
    assert rows[-1].level >= AT_LEAST[kind]
    for row in rows:
        for choice in row.choices:
            assert _own_bfs_expanded(choice.maze) == choice.metrics.bfs_expanded
    for lower, upper in itertools.pairwise(rows):
        assert upper.median_bfs >= 1.3 * lower.median_bfs, (kind, upper.level)


def _own_bfs_expanded(maze: Maze) -> int:
    """Cells (nodes of a weave's split graph) a textbook breadth-first search from START takes
    from its queue before FINISH, ties at FINISH's distance left out."""
    view = maze.split_view
    g = view.grid
    dist = {view.entrance.cell: 0}
    queue = deque([view.entrance.cell])
    while queue:
        c = queue.popleft()
        for k in range(g.degree):
            j = g.adj[c * g.degree + k]
            if view.links[c] >> k & 1 and j != g.size and j not in dist:
                dist[j] = dist[c] + 1
                queue.append(j)
    goal = dist[view.exit.cell]
    return sum(1 for d in dist.values() if d < goal)


def test_each_level_aims_at_a_bfs_centre_that_climbs() -> None:
    """By construction, every level's bfs centre is at least 1.4x the one below on every shape
    (its texture's share of the effort falls more slowly than the ladder rises)."""
    from mazebook.kinds import forms

    for shape in ("rect", "hex", "triangle", "mask", "circle"):
        for weave in (False, True) if shape == "rect" else (False,):
            centres = [forms.bfs_centre(lv, shape, weave) for lv in range(1, LAST_LEVEL + 1)]
            steps = [b / a for a, b in itertools.pairwise(centres)]
            assert min(steps) >= 1.4, (shape, weave, steps)


@pytest.mark.slow
def test_one_level_means_the_same_effort_on_every_page_kind() -> None:
    by_level: dict[int, list[tuple[str, float]]] = {}
    for kind in PAGE_KINDS:
        for row in rows_of(kind):
            by_level.setdefault(row.level, []).append((kind, row.median_effort))
    assert len(by_level[4]) == len(PAGE_KINDS)
    for level, medians in by_level.items():
        efforts = [e for _, e in medians]
        assert max(efforts) / min(efforts) < 1.6, (level, medians)


@pytest.mark.parametrize("page", ["5x8in", "6x9in", "letter", "a4"])
@pytest.mark.parametrize(
    ("shape", "keys", "first"),
    [
        ("rect", "", 1),
        ("weave", "weave = 0.5\n", 1),
        ("circle", 'shape = "circle"\n', 1),
        ("hex", 'shape = "hex"\n', 1),
        ("triangle", 'shape = "triangle"\n', 1),
        ("heart", 'shape = "mask"\nmask = "heart"\n', 2),
    ],
)
def test_every_shape_builds_at_its_first_level_on_every_page(
    page: str, shape: str, keys: str, first: int
) -> None:
    text = f'title = "t"\npage_size = "{page}"\n[[section]]\ncount = 1\ndifficulty = {first}\n'
    tpl = parse_template(text + keys)
    book = prepare(tpl)  # a level the page does not hold, or a hexagon too narrow, raises
    request = section_request(tpl, 0, first, book.spot)
    choice = schedule.choose(request, random.Random(f"first:{page}:{shape}"))
    assert band(first)[0] <= choice.effort <= band(first)[1]


@pytest.mark.parametrize(
    ("shape", "keys"),
    [
        ("rect", ""),
        ("circle", ""),
        ("hex", ""),
        ("triangle", ""),
        ("mask", 'mask = "diamond"\n'),
    ],
)
def test_every_shape_starts_at_level_1(shape: str, keys: str, tmp_path: Path) -> None:
    template = tmp_path / "first.toml"
    template.write_text(
        f'title = "First"\n[[section]]\ncount = 3\ndifficulty = 1\nshape = "{shape}"\n{keys}',
        encoding="utf-8",
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "first.pdf")
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    low, high = band(1)
    for p in puzzles:
        maze = _reproduce(p)
        assert low <= solving_effort(maze) <= high
        assert p["level"] == 1 and maze.size <= (50 if shape == "circle" else 64)
        if shape == "circle":
            assert maze.height <= 4  # rings


def test_the_smallest_circle_has_one_ring() -> None:
    request = schedule.Request(1, (540.0, 600.0), 10.0, (48, 54), shape="circle")
    room = schedule.room_for(request)
    assert room.least == (1, 1) and room.cells(room.least) == 7  # a centre and one ring


# --- level 10 on every standard page ----------------------------------------------------------
@pytest.mark.parametrize("page", ["letter", "a4", "6x9in", "8.5x11in", "8x10in"])
def test_level_10_builds_one_a_page_on_every_standard_page(page: str, tmp_path: Path) -> None:
    """At the default cell, one maze a page reaches level 10 on each standard trim: nothing is
    capped and the manifest's last puzzle is a level-10 maze (measured again from the maze)."""
    template = tmp_path / "full.toml"
    template.write_text(
        f'title = "Full"\npage_size = "{page}"\n[[section]]\ncount = 3\ndifficulty = [1, 10]\n',
        encoding="utf-8",
    )
    with padded():
        result = build_book(str(template), output=tmp_path / "full.pdf")
    assert result.capped == 0
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert [p["requested_level"] for p in puzzles] == [1, 6, 10]
    assert [p["level"] for p in puzzles] == [1, 6, 10]
    low, high = band(10)
    assert low <= solving_effort(_reproduce(puzzles[-1])) <= high


@pytest.mark.parametrize(
    ("shape", "keys", "first"),
    [
        ("rect", "", 1),
        ("weave", "weave = 0.5\n", 1),
        ("circle", 'shape = "circle"\n', 1),
        ("hex", 'shape = "hex"\n', 1),
        ("triangle", 'shape = "triangle"\n', 1),
        ("heart", 'shape = "mask"\nmask = "heart"\n', 2),
    ],
)
def test_each_shape_builds_at_levels_1_and_10_on_6x9(
    shape: str, keys: str, first: int, tmp_path: Path
) -> None:
    """One maze a page on 6 x 9 in at the default min_cell: the shape's first level and level
    10, each measured again from its maze (a level the page cannot hold raises TemplateError)."""
    text = (
        f'title = "Six"\npage_size = "6x9in"\n[[section]]\ncount = 2\ndifficulty = [{first}, 10]\n'
    )
    prepare(parse_template(text + keys))  # a level the page does not hold is refused here
    template = tmp_path / "six-by-nine.toml"
    template.write_text(text + keys, encoding="utf-8")
    with padded():
        result = build_book(str(template), output=tmp_path / "six.pdf")
    puzzles = json.loads(result.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert [p["level"] for p in puzzles] == [first, 10]
    for p in puzzles:
        low, high = band(p["level"])
        assert low <= solving_effort(_reproduce(p)) <= high


@pytest.mark.parametrize(
    "keys", ['shape = "circle"\n', 'shape = "triangle"\n', 'shape = "mask"\nmask = "heart"\n']
)
def test_a_shape_goes_down_to_its_own_floor_only_at_the_default_min_cell(keys: str) -> None:
    """A circle, triangle or heart in a book that leaves min_cell at 3.5 mm may use cells of 3
    mm (its floor, schedule.SHAPE_MIN_CELL), which holds more cells on 6 x 9 in (and level
    10); a book that sets min_cell keeps it, and a rectangle has no floor of its own."""

    def request(top: str, section: str) -> schedule.Request:
        tpl = parse_template(
            f'title = "t"\npage_size = "6x9in"\n{top}[[section]]\ncount = 1\n'
            f"difficulty = 2\n{section}"
        )
        return section_request(tpl, 0, 2, prepare(tpl).spot)

    default, given = request("", keys), request('min_cell = "3.5mm"\n', keys)
    assert default.min_cell == pytest.approx(3.0 * 72 / 25.4)
    assert default.min_cell < given.min_cell
    assert schedule.room_for(default).extremes()[1] > schedule.room_for(given).extremes()[1]
    assert schedule.highest_level(default) == 10 >= schedule.highest_level(given)
    assert request("", "").min_cell == given.min_cell


SHIPPED = sorted((Path(__file__).parent.parent / "templates").glob("*.toml"))


@pytest.mark.parametrize("path", SHIPPED, ids=[p.stem for p in SHIPPED])
def test_shipped_templates_cap_nothing(path: Path) -> None:
    """Every shipped template's levels fit its pages as asked: none says fit = "cap", and the
    plan (levels checked before any maze) keeps every requested level."""
    from mazebook.products.book import prepare
    from mazebook.products.runner import capped_count
    from mazebook.products.worksheet import prepare_worksheet
    from mazebook.template.load import load_template

    assert not re.search(r"^\s*fit\s*=", path.read_text(encoding="utf-8"), re.MULTILINE)
    tpl = load_template(path)
    setup = prepare_worksheet(tpl) if tpl.worksheet is not None else prepare(tpl)
    assert setup.requested and len(setup.requested) == len(setup.plan.puzzles)
    assert capped_count((p.level for p in setup.plan.puzzles), setup.requested) == 0


@pytest.mark.parametrize("kind", ["letter", "6 x 9 in"])
def test_the_page_holds_level_10_with_room_to_spare(kind: str) -> None:
    """Level 10 fits with a margin (a form the page may use at its largest size reaches at
    least 1.1 times what level 10 needs in effort and in bfs_expanded), so a slightly smaller
    maze box does not lose it."""
    request = request_for(kind, LAST_LEVEL)
    assert request is not None
    aim = schedule.bfs_aim(request)
    assert aim is not None
    ladder = schedule.ladder_for(request)
    start = schedule._start(request, ladder, None)
    reached = [schedule.capacity(request, form) for form in ladder[start:]]
    assert max(r.effort for r in reached) >= 1.1 * lowest_kept(LAST_LEVEL)
    assert max(r.bfs for r in reached) >= 1.1 * aim / KEEP


# --- levels a page cannot hold ----------------------------------------------------------------
CRAMPED = (
    'title = "Cramped"\nprinter = "home"\npage_size = "a5"\npuzzles_per_page = 4\n{top}'
    "[[section]]\n"
)
HARD = 'name = "Hard"\ncount = 2\ndifficulty = [9, 10]\n'


def test_a_level_that_does_not_fit_is_refused_before_any_maze(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    highest = _highest_on_cramped()
    template = tmp_path / "cramped.toml"
    template.write_text(CRAMPED.format(top="") + HARD, encoding="utf-8")
    made: list[Any] = []
    monkeypatch.setattr("mazebook.kinds.search.choose", lambda *a: made.append(a))
    out = tmp_path / "out" / "cramped.pdf"
    assert main(["build", str(template), "-o", str(out)]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "Traceback" not in err
    assert "level 9 does not fit" in err
    assert f"the highest level that fits is {highest}" in err
    for hint in ("smaller min_cell", "fewer puzzles per page", "larger page", 'fit = "cap"'):
        assert hint in err
    assert made == [] and not out.exists() and not out.with_suffix(".json").exists()


@pytest.mark.parametrize("where", ["template", "section"])
def test_fit_cap_builds_at_the_highest_level_that_fits(where: str, tmp_path: Path) -> None:
    highest = _highest_on_cramped()
    cap = 'fit = "cap"\n'
    text = CRAMPED.format(top=cap if where == "template" else "") + HARD
    text += "" if where == "template" else cap
    text += '[[section]]\nname = "Easy"\ncount = 2\ndifficulty = 2\nfit = "refuse"\n'
    template = tmp_path / "capped.toml"
    template.write_text(text, encoding="utf-8")
    result = build_book(str(template), output=tmp_path / "capped.pdf")
    assert result.capped == 2  # the two hard puzzles; the easy section is as asked
    data = json.loads(result.manifest.read_text(encoding="utf-8"))
    hard, easy = data["puzzles"][:2], data["puzzles"][2:]
    assert [p["requested_level"] for p in hard] == [9, 10]
    assert [p["level"] for p in easy] == [p["requested_level"] for p in easy] == [2, 2]
    for p in data["puzzles"]:  # the level is the one the maze reaches
        assert p["level"] == level_of(solving_effort(_reproduce(p)))
    assert all(p["level"] == highest for p in hard)
    assert data["sections"][0]["levels"] == [highest, highest]


def _highest_on_cramped() -> int:
    from mazebook.kinds.maze import section_request
    from mazebook.products.book import prepare
    from mazebook.template.load import parse_template

    tpl = parse_template(CRAMPED.format(top='fit = "cap"\n') + "difficulty = 1\n")
    setup = prepare(tpl)
    request = section_request(tpl, 0, 1, setup.spot)
    highest = schedule.highest_level(request)
    assert 3 <= highest < 9  # a quarter of an a5 page: well short of level 9
    return highest


# --- braids from templates ------------------------------------------------------------------
def _reproduce(p: dict[str, Any]) -> Maze:
    return generate(p["algorithm"], p["width"], p["height"], seed=p["seed"], **p["options"])


def _degree(maze: Maze, cell: int) -> int:
    return bin(maze.links[cell]).count("1")


def _bfs_length(maze: Maze) -> int:
    """Cells on a shortest entrance-exit path by a textbook breadth-first search."""
    g = maze.grid
    dist = {maze.entrance.cell: 1}
    queue = deque([maze.entrance.cell])
    while queue:
        c = queue.popleft()
        for k in range(g.degree):
            j = g.adj[c * g.degree + k]
            if maze.links[c] >> k & 1 and j != g.size and j not in dist:
                dist[j] = dist[c] + 1
                queue.append(j)
    return dist[maze.exit.cell]


BRAIDS = (
    'title = "Braids"\nseed = 5\n'
    '[[section]]\nname = "Full"\ncount = 3\ndifficulty = 5\nbraid = 1.0\n'
    '[[section]]\nname = "Half"\ncount = 3\ndifficulty = 6\nbraid = 0.5\n'
    'generators = ["kruskal"]\n'
    '[[section]]\nname = "Hex"\ncount = 2\ndifficulty = 4\nbraid = 1.0\nshape = "hex"\n'
)


@pytest.mark.slow
def test_template_braids_reach_the_mazes(tmp_path: Path) -> None:
    template = tmp_path / "braids.toml"
    template.write_text(BRAIDS, encoding="utf-8")
    with padded():
        first = build_book(str(template), output=tmp_path / "a" / "braids.pdf")
        again = build_book(str(template), output=tmp_path / "b" / "braids.pdf")
    data = json.loads(first.manifest.read_text(encoding="utf-8"))
    assert data["puzzles"] == json.loads(again.manifest.read_text(encoding="utf-8"))["puzzles"]
    assert first.pdf.read_bytes() == again.pdf.read_bytes()  # same seed, same book
    for p in data["puzzles"]:
        maze = _reproduce(p)
        perfect = generate(
            p["algorithm"],
            p["width"],
            p["height"],
            seed=p["seed"],
            **{k: v for k, v in p["options"].items() if k != "braid"},
        )
        g = maze.grid
        dead = [c for c in range(g.size) if _degree(maze, c) == 1]
        removable = [
            c for c in range(g.size) if _degree(perfect, c) == 1 and len(g.neighbors(c)) > 1
        ]
        before = sum(_degree(perfect, c) == 1 for c in range(g.size))
        if p["options"]["braid"] == 1.0:
            # the only dead ends left are cells with one neighbour in the grid: no wall to open
            assert all(len(g.neighbors(c)) == 1 for c in dead), p["number"]
        else:
            assert p["options"]["braid"] == 0.5
            removed = before - len(dead)
            assert abs(removed - len(removable) / 2) <= 1
        # the answer key's route is a shortest path
        assert len(maze.solution_cells) == _bfs_length(maze) == p["solution_length"]
        assert p["level"] == level_of(p["effort"])
