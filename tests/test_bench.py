"""`mazebook bench` runs its cases in fresh processes and reports every row it measured."""

from __future__ import annotations

import pytest

from mazebook.app.cli import main
from mazebook.bench import run_case


@pytest.mark.slow
def test_run_case_measures_a_real_run() -> None:
    row = run_case("generate", "kruskal", 12, 2)
    assert row.seconds > 0 and row.best <= row.seconds
    assert row.cells_per_second == pytest.approx(144 / row.seconds)
    assert row.peak_mb > 1


@pytest.mark.slow
def test_bench_prints_one_row_per_case(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["bench", "--algorithms", "backtracker,sidewinder", "--sizes", "6,9"]
    assert main([*argv, "--tasks", "carve", "--repeat", "1"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()[1:]
    assert [r.split()[:3] for r in rows] == [
        ["carve", "backtracker", "6x6"],
        ["carve", "backtracker", "9x9"],
        ["carve", "sidewinder", "6x6"],
        ["carve", "sidewinder", "9x9"],
    ]


@pytest.mark.parametrize(
    "argv",
    [["--sizes", "ten"], ["--sizes", "0"], ["--tasks", "nap"], ["--algorithms", "nope"]],
)
def test_bench_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    assert main(["bench", *argv]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


@pytest.mark.slow
def test_bench_times_a_level_puzzle_of_each_kind(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "--tasks", "maze,one-way,keys", "--repeat", "2"]) == 0
    rows = capsys.readouterr().out.strip().splitlines()[1:]
    assert [r.split()[0] for r in rows] == ["maze", "one-way", "keys"]
    assert all("level 8, letter" in r and " cells " in r for r in rows)
    assert "1.00x maze" in rows[0] and all("x maze" in r for r in rows[1:])
