"""Weave mazes: crossings that keep the maze perfect, a solution straight through them, the
dict form, determinism, weave 0 unchanged, the drawing of bridges and the refusals.

Property-based (hypothesis) over every graph algorithm, size, seed and weave share.
"""

from __future__ import annotations

import itertools
import json
import random
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.core.engine import generate
from mazebook.core.generators import REGISTRY
from mazebook.core.grid import bfs, passage_counts, rect_grid
from mazebook.core.maze import Maze
from mazebook.difficulty.effort import effort_parts
from mazebook.difficulty.metrics import measure
from mazebook.errors import InvalidOptionError, MazebookError, MazeFormatError, TemplateError
from mazebook.geometry.drawing import break_polyline, rect_geometry
from mazebook.preflight import preflight
from mazebook.render.writers import maze_json, write
from mazebook.template import load_template

from .padding import padded

WEAVING = list(REGISTRY)  # every generator weaves on rectangles
NAMED = ["backtracker", "kruskal", "growing-tree", "hunt-and-kill", "prim"]

sizes = st.integers(min_value=1, max_value=18)
seeds = st.integers(min_value=0, max_value=2**63 - 1)
shares = st.floats(min_value=0.0, max_value=1.0, allow_nan=False)


def is_perfect_after_split(maze: Maze) -> bool:
    """The split graph (each crossing two nodes) is a spanning tree."""
    grid, links = maze.graph
    passages = int(passage_counts(links).sum()) // 2
    _, _, order = bfs(grid, links, 0)
    return passages == grid.size - 1 and len(order) == grid.size


def test_the_named_generators_weave() -> None:
    assert set(NAMED) <= set(WEAVING)


@given(st.sampled_from(WEAVING), sizes, sizes, seeds, shares)
def test_weave_mazes_are_perfect_after_splitting_crossings(
    name: str, w: int, h: int, seed: int, weave: float
) -> None:
    maze = generate(name, w, h, seed=seed, weave=weave)
    assert is_perfect_after_split(maze)
    width = maze.width
    cells = {c for c, _ in maze.crossings}
    for cell, over in maze.crossings:
        x, y = maze.grid.xy(cell)
        assert over in ("h", "v")
        assert 0 < x < w - 1 and 0 < y < h - 1
        assert maze.wall_bits()[cell] == 0  # all four walls open
        assert not cells & {cell - 1, cell + 1, cell - width, cell + width}
    assert [c for c, _ in maze.crossings] == sorted(cells)


@given(st.sampled_from(WEAVING), sizes, sizes, seeds, shares)
def test_the_solution_is_valid_and_straight_through_crossings(
    name: str, w: int, h: int, seed: int, weave: float
) -> None:
    maze = generate(name, w, h, seed=seed, weave=weave)
    path = maze.solution_cells
    assert path[0] == maze.entrance.cell and path[-1] == maze.exit.cell
    links = maze.links
    for a, b in itertools.pairwise(path):
        k = maze.grid.slot_to(a, b)
        assert links[a] >> k & 1, "the path runs through a wall"
    at = {c for c, _ in maze.crossings}
    for i in range(1, len(path) - 1):
        if path[i] in at:
            assert path[i] - path[i - 1] == path[i + 1] - path[i], "turned at a crossing"


@given(st.sampled_from(WEAVING), sizes, sizes, seeds, shares, st.booleans())
def test_weave_mazes_round_trip_through_json(
    name: str, w: int, h: int, seed: int, weave: float, braided: bool
) -> None:
    maze = generate(name, w, h, seed=seed, weave=weave, braid=0.5 if braided else 0.0)
    data = json.loads(json.dumps(maze.to_dict()))
    back = Maze.from_dict(data)
    assert back == maze
    assert back.crossings == maze.crossings
    assert back.to_dict() == maze.to_dict()
    assert ("crossings" in data) == bool(maze.crossings)


@given(st.sampled_from(WEAVING), sizes, sizes, seeds, shares)
def test_same_seed_same_bytes(name: str, w: int, h: int, seed: int, weave: float) -> None:
    one = generate(name, w, h, seed=seed, weave=weave)
    two = generate(name, w, h, seed=seed, weave=weave)
    assert maze_json(one) == maze_json(two)
    assert write(one, "svg", solution=True) == write(two, "svg", solution=True)


@given(
    st.sampled_from([n for n, spec in REGISTRY.items() if spec.tree_order]),
    sizes,
    sizes,
    seeds,
    st.data(),
)
def test_a_generators_own_tree_order_roots_its_maze(
    name: str, w: int, h: int, seed: int, data: st.DataObject
) -> None:
    """Where a generator reads its maze as a tree itself (no Euler tour), every cell but one
    root has an open passage to a parent ranked below it, and following parents reaches the
    root: what weaving relies on."""
    spec = REGISTRY[name]
    drawn = {
        o.name: data.draw(
            st.sampled_from(o.choices)
            if o.choices
            else st.one_of(st.sampled_from([o.minimum, o.maximum]), st.floats(0.0, 1.0))
        )
        for o in spec.options
    }  # bias, and the chances p_vertical, p_east at their extremes too
    options = spec.resolve_options(drawn)
    grid = rect_grid(w, h)
    links = bytes(spec.run(grid, random.Random(seed), options))
    assert spec.tree_order is not None
    up, rank = spec.tree_order(grid, links, **options)
    assert int((up < 0).sum()) == 1
    child = np.flatnonzero(up >= 0)
    slot = up[child].astype(np.int64)
    assert ((np.frombuffer(links, np.uint8)[child] >> slot) & 1).all()
    parent = np.frombuffer(grid.adj, dtype=np.intc)[child * 4 + slot]
    assert (rank[parent] < rank[child]).all()


@given(st.sampled_from(list(REGISTRY)), sizes, sizes, seeds)
def test_weave_zero_is_todays_maze(name: str, w: int, h: int, seed: int) -> None:
    plain = generate(name, w, h, seed=seed)
    zero = generate(name, w, h, seed=seed, weave=0.0)
    assert zero == plain and not zero.crossings
    assert maze_json(zero) == maze_json(plain)
    assert "weave" not in zero.options and "crossings" not in zero.to_dict()


@pytest.mark.parametrize("name", NAMED)
def test_weave_point_three_makes_crossings_of_four_percent_of_cells(name: str) -> None:
    for seed in range(3):
        maze = generate(name, 30, 30, seed=seed, weave=0.3)
        assert len(maze.crossings) >= 0.04 * 900


@pytest.mark.parametrize("name", NAMED)
def test_more_weave_more_crossings(name: str) -> None:
    counts = [len(generate(name, 40, 40, seed=5, weave=s).crossings) for s in (0.1, 0.5, 1.0)]
    assert counts[0] < counts[1] < counts[2]


def test_weave_is_recorded_in_the_options() -> None:
    maze = generate("kruskal", 12, 12, seed=1, weave=0.4)
    assert maze.options["weave"] == 0.4
    again = generate("kruskal", 12, 12, seed=maze.seed, **maze.options)
    assert again == maze


@given(seeds, shares)
def test_braided_weave_mazes_keep_their_crossings_open(seed: int, weave: float) -> None:
    maze = generate("backtracker", 14, 11, seed=seed, weave=weave, braid=1.0)
    _grid, links = maze.graph
    counts = passage_counts(links)
    n = maze.size
    for i, (cell, _) in enumerate(maze.crossings):
        assert counts[cell] == 2 and counts[n + i] == 2
    assert len(maze.solution_cells) >= 2


@pytest.mark.parametrize("openings", ["opposite", "corners", "sides", "random"])
def test_openings_combine_with_weave(openings: str) -> None:
    maze = generate("prim", 16, 12, seed=3, weave=0.8, openings=openings)
    assert maze.crossings and is_perfect_after_split(maze)
    assert Maze.from_dict(maze.to_dict()) == maze


@pytest.mark.parametrize("name", [n for n in REGISTRY if n != "kruskal"])
def test_weaving_keeps_the_generators_maze_away_from_the_crossings(name: str) -> None:
    plain = generate(name, 40, 40, seed=9)
    woven = generate(name, 40, 40, seed=9, weave=0.3)
    assert len(woven.crossings) >= 0.04 * 1600
    at = {c for c, _ in woven.crossings}
    beside = at | {c + d for c in at for d in (-1, 1, -40, 40)}
    far = [c for c in range(1600) if c not in beside]
    same = sum(1 for c in far if plain.links[c] == woven.links[c])
    assert same >= 0.8 * len(far)


@pytest.mark.parametrize("shape", ["hex", "circle", "triangle"])
def test_other_shapes_refuse_to_weave(shape: str) -> None:
    with pytest.raises(InvalidOptionError, match="weave is for rectangular mazes"):
        generate("backtracker", 8, 8, seed=1, shape=shape, weave=0.5)


@pytest.mark.parametrize("bad", [-0.1, 1.5, "lots", True, float("nan")])
def test_bad_weave_shares_are_refused(bad: object) -> None:
    with pytest.raises(InvalidOptionError, match="weave must be a number"):
        generate("backtracker", 8, 8, seed=1, weave=bad)  # type: ignore[arg-type]


def _dict_with_crossing() -> dict[str, object]:
    maze = generate("kruskal", 9, 9, seed=2, weave=1.0)
    assert maze.crossings
    return maze.to_dict()


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda d: d.update(crossings="all"), "crossings must be a list"),
        (lambda d: d["crossings"].append([1, 2]), "must be \\[x, y"),
        (lambda d: d["crossings"].append([1, 1, "x"]), r'crossings\[\d+\]\[2\] must be one of "h"'),
        (lambda d: d["crossings"].append([0, 3, "h"]), "not an inner cell"),
        (lambda d: d["crossings"].append([40, 3, "h"]), "lies outside"),
        (lambda d: d["crossings"].append(list(d["crossings"][0])), r"given twice|side by side"),
    ],
)
def test_from_dict_checks_crossings(change: object, message: str) -> None:
    data = _dict_with_crossing()
    change(data)  # type: ignore[operator]
    with pytest.raises(MazeFormatError, match=message):
        Maze.from_dict(data)


def test_from_dict_refuses_a_crossing_with_a_wall() -> None:
    maze = generate("backtracker", 9, 9, seed=4)
    data = maze.to_dict()
    closed = next(
        [x, y]
        for y in range(1, 8)
        for x in range(1, 8)
        if data["walls"][y][x] != 0  # type: ignore[index]
    )
    data["crossings"] = [[*closed, "h"]]
    with pytest.raises(MazeFormatError, match="not open on all four sides"):
        Maze.from_dict(data)


def test_from_dict_refuses_side_by_side_crossings() -> None:
    data = _dict_with_crossing()
    x, y, _ = data["crossings"][0]  # type: ignore[index]
    data["crossings"].append([x + 1, y, "v"])  # type: ignore[attr-defined]
    with pytest.raises(MazeFormatError, match=r"side by side|not open|not an inner"):
        Maze.from_dict(data)


def test_metrics_and_effort_see_the_split_graph() -> None:
    maze = generate("backtracker", 30, 30, seed=8, weave=1.0)
    metrics = measure(maze)
    assert metrics.crossings == len(maze.crossings) > 0
    assert metrics.cells == 900
    assert metrics.solution_length == len(maze.solution_cells)
    assert metrics.loops == 0  # a crossing is no loop
    at = {c for c, _ in maze.crossings}
    fours = [c for c in range(900) if maze.links[c] == 15 and c not in at]
    assert metrics.crossroads == len(fours)  # a crossing is no crossroads
    assert metrics.to_dict()["crossings"] == len(maze.crossings)
    effort = effort_parts(maze)
    assert effort.runs == 0  # exact: the split graph is a tree
    assert effort.solution == len(maze.solution_cells)
    plain = measure(generate("backtracker", 30, 30, seed=8))
    assert "crossings" not in plain.to_dict()


def test_solution_passes_count_as_decision_points() -> None:
    maze = next(
        m
        for s in range(50)
        if (m := generate("kruskal", 20, 20, seed=s, weave=1.0))
        and any(c in dict(m.crossings) for c in m.solution_cells[1:-1])
    )
    split = measure(maze.split_view)
    passes = sum(1 for c in maze.solution_cells if c in dict(maze.crossings))
    assert measure(maze).decision_points == split.decision_points + passes


def _maze_under_a_bridge() -> Maze:
    for seed in range(200):
        maze = generate("kruskal", 12, 12, seed=seed, weave=1.0)
        if len(rect_geometry(maze).under):
            return maze
    raise AssertionError("no solution ran under a bridge")


def test_geometry_has_bridge_walls_and_breaks_the_answer_under_them() -> None:
    maze = _maze_under_a_bridge()
    geom = rect_geometry(maze)
    plain_walls = rect_geometry(Maze(maze.grid, maze.links, maze.entrance, maze.exit)).segments
    assert len(geom.segments) == len(plain_walls) + 6 * len(maze.crossings)
    pieces = break_polyline(geom.solution, geom.under)
    assert len(pieces) == len(geom.under) + 1
    drawn = sum(float(np.abs(np.diff(p, axis=0)).sum()) for p in pieces)
    total = float(np.abs(np.diff(geom.solution, axis=0)).sum())
    under = np.asarray(geom.under)
    hidden = float(np.abs(under[:, 2:] - under[:, :2]).sum())
    assert drawn == pytest.approx(total - hidden)


def test_svg_and_pdf_draw_the_broken_answer() -> None:
    maze = _maze_under_a_bridge()
    svg = write(maze, "svg", solution=True).decode()
    line = svg.split('id="solution-line"')[0].rsplit("<", 1)[1]
    assert line.startswith("path")
    breaks = len(rect_geometry(maze).under)
    assert svg.split('id="solution-line"')[0].count("M") >= breaks + 1
    pdf = write(maze, "pdf", solution=True)
    assert pdf.startswith(b"%PDF")


def test_break_polyline_leaves_out_a_stretch() -> None:
    line = np.array([[0.0, 0.0], [4.0, 0.0], [4.0, 3.0]])
    under = np.array([[1.0, 0.0, 2.0, 0.0], [4.0, 1.0, 4.0, 2.0]])
    pieces = break_polyline(line, under)
    assert [p.tolist() for p in pieces] == [
        [[0.0, 0.0], [1.0, 0.0]],
        [[2.0, 0.0], [4.0, 0.0], [4.0, 1.0]],
        [[4.0, 2.0], [4.0, 3.0]],
    ]
    assert break_polyline(line, np.zeros((0, 4)))[0] is line


def test_cli_weave_flag(tmp_path: object) -> None:
    run = [sys.executable, "-m", "mazebook", "maze", "-a", "kruskal", "-s", "12x12"]
    out = subprocess.run(
        [*run, "--seed", "3", "--weave", "0.5", "-f", "json"], capture_output=True, check=True
    )
    data = json.loads(out.stdout)
    assert data["crossings"] and data["options"]["weave"] == 0.5
    bad = subprocess.run([*run, "--shape", "hex", "--weave", "0.5"], capture_output=True)
    assert bad.returncode == 2
    assert bad.stderr.decode().count("\n") == 1 and "rectangular" in bad.stderr.decode()


@given(st.sampled_from(NAMED), st.integers(3, 14), st.integers(3, 14), seeds, shares)
def test_txt_shows_each_bridge_off_the_answer(
    name: str, w: int, h: int, seed: int, weave: float
) -> None:
    """In text a crossing is its bridge's rails ('==' west-east on top, '||' north-south),
    unless the answer's '**' runs through it; a plain cell is never drawn as a bridge."""
    maze = generate(name, w, h, seed=seed, weave=weave)
    for solution in (False, True):
        rows = write(maze, "txt", solution=solution).decode().splitlines()[1::2]
        drawn = {
            y * w + x: row[1 + 3 * x : 3 + 3 * x] for y, row in enumerate(rows) for x in range(w)
        }
        on_path = set(maze.solution_cells) if solution else set()
        for cell, over in maze.crossings:
            want = "**" if cell in on_path else {"h": "==", "v": "||"}[over]
            assert drawn[cell] == want
        bridged = {c for c, text in drawn.items() if text in ("==", "||")}
        assert bridged <= {c for c, _ in maze.crossings}


def test_worksheet_weave_flag(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheet.pdf"
    assert main(["worksheet", "--weave", "0.5", "--level", "4", "-q", "-o", str(out)]) == 0
    puzzles = json.loads(out.with_suffix(".json").read_text())["puzzles"]
    assert puzzles and all(p["options"]["weave"] == 0.5 for p in puzzles)
    assert all(p["metrics"]["crossings"] > 0 for p in puzzles)
    assert [p["level"] for p in puzzles] == [4] * len(puzzles)  # a level keeps its effort
    for bad in ("2", "x", "nan", "-0.1"):
        assert main(["worksheet", "--weave", bad, "-o", str(tmp_path / "bad.pdf")]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--weave" in err and "0.0 to 1.0" in err
    assert not (tmp_path / "bad.pdf").exists()


def test_worksheet_request_weave_reaches_the_section() -> None:
    from mazebook.requests import WorksheetRequest, worksheet_template

    assert worksheet_template(WorksheetRequest(weave=0.3)).sections[0].weave == 0.3
    assert worksheet_template(WorksheetRequest()).sections[0].weave == 0.0
    with pytest.raises(MazebookError) as caught:
        worksheet_template(WorksheetRequest(weave=1.5))
    assert caught.value.key == "weave"


# --- books -------------------------------------------------------------------------------------
WEAVE_BOOK = """
title = "Over and Under"
page_size = "letter"
seed = 11
bleed = false
cover = false

[[section]]
name = "Bridges"
count = 6
difficulty = [1, 6]
weave = 0.4
"""


def test_a_section_weave_key_is_read_and_checked(tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    path.write_text(WEAVE_BOOK)
    assert load_template(str(path)).sections[0].weave == 0.4
    for extra, message in (
        ('shape = "hex"', "weave is for rectangular mazes"),
        ('shape = "circle"', "weave is for rectangular mazes"),
    ):
        path.write_text(WEAVE_BOOK + extra + "\n")
        with pytest.raises(TemplateError, match=message) as caught:
            load_template(str(path))
        assert caught.value.key == "weave"
    path.write_text(WEAVE_BOOK.replace("weave = 0.4", "weave = 2"))
    with pytest.raises(TemplateError, match="weave"):
        load_template(str(path))


@pytest.mark.slow
def test_a_weave_section_builds_with_rising_levels_and_passes_preflight(tmp_path: Path) -> None:
    path = tmp_path / "w.toml"
    path.write_text(WEAVE_BOOK)
    with padded():
        result = build_book(str(path), output=tmp_path / "w.pdf")
    assert preflight(result.pdf, printer="kdp").ok
    puzzles = json.loads(result.manifest.read_text())["puzzles"]
    assert [p["level"] for p in puzzles] == [p["requested_level"] for p in puzzles]
    assert [p["requested_level"] for p in puzzles] == sorted(p["requested_level"] for p in puzzles)
    for p in puzzles:
        assert p["options"]["weave"] == 0.4
        assert p["metrics"]["crossings"] > 0
        maze = generate(p["algorithm"], p["width"], p["height"], seed=p["seed"], **p["options"])
        assert len(maze.crossings) == p["metrics"]["crossings"]


@pytest.mark.slow
def test_bench_times_generate_with_weave(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ["bench", "--algorithms", "kruskal,eller", "--sizes", "12", "--repeat", "1"]
    assert main([*argv, "--tasks", "generate,generate+weave"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()[1:]
    assert [r.split()[:2] for r in rows] == [
        ["generate", "kruskal"],
        ["generate", "eller"],
        ["generate+weave", "kruskal"],
        ["generate+weave", "eller"],
    ]


@given(st.sampled_from(NAMED), sizes, sizes, seeds, shares, st.booleans())
def test_metrics_of_weave_mazes_recount(
    name: str, w: int, h: int, seed: int, weave: float, braided: bool
) -> None:
    maze = generate(name, w, h, seed=seed, weave=weave, braid=0.6 if braided else 0.0)
    metrics = measure(maze)
    counts = passage_counts(maze.links)
    at = {c for c, _ in maze.crossings}
    assert metrics.cells == w * h and metrics.crossings == len(at)
    assert metrics.solution_length == len(maze.solution_cells)
    assert metrics.dead_ends == sum(1 for c in range(w * h) if counts[c] == 1)
    assert metrics.junctions == sum(1 for c in range(w * h) if counts[c] >= 3 and c not in at)
    grid, links = maze.graph
    assert metrics.loops == int(passage_counts(links).sum()) // 2 - grid.size + 1
    if not braided:
        assert metrics.loops == 0
    effort = effort_parts(maze, runs=2)
    assert effort.mean >= effort.solution == metrics.solution_length
