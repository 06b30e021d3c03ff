"""The CLI: every format works, and bad input is one line on stderr, exit 2, no file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mazebook import Maze
from mazebook.app.cli import main
from mazebook.core.generators import REGISTRY


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["maze", "--size", "0x5"], "between 1 and"),
        (["maze", "--size", "ten"], "WIDTHxHEIGHT"),
        (["maze", "--size", "100000x100000"], "between 1 and"),
        (["maze", "--algorithm", "nope"], "choose one of"),
        (["maze", "--algorithm", "nope"], "did you mean"),
        (["maze", "--algorithm", "primm"], 'did you mean "prim"'),
        (["maze", "--seed", "abc"], "--seed"),
        (["maze", "--seed", "-3"], "seed"),
        (["maze", "--format", "gif"], "invalid choice"),
        (["maze", "-O", "nonsense"], "KEY=VALUE"),
        (["maze", "-O", "bogus=1"], "has no option"),
    ],
)
def test_bad_input_one_line_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err


def test_unwritable_output_leaves_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("x")
    target = blocker / "maze.svg"  # a path under a regular file cannot be created
    code, _, err = run(capsys, "maze", "-o", str(target))
    assert code == 2 and "cannot" in err and len(err.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file"]


def test_failed_run_does_not_clobber_existing_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "m.json"
    target.write_text("keep me")
    code, _, _ = run(capsys, "maze", "--size", "0x3", "-o", str(target))
    assert code == 2
    assert target.read_text() == "keep me"
    assert [p.name for p in tmp_path.iterdir()] == ["m.json"]


@pytest.mark.parametrize("fmt", ["json", "svg", "pdf", "txt"])
def test_each_format_to_file(tmp_path: Path, capsys: pytest.CaptureFixture[str], fmt: str) -> None:
    target = tmp_path / f"maze.{fmt}"
    code, _, _ = run(capsys, "maze", "-s", "9x7", "--seed", "5", "--solution", "-o", str(target))
    assert code == 0
    data = target.read_bytes()
    if fmt == "json":
        d = json.loads(data)
        assert Maze.from_dict(d).to_dict()["walls"] == d["walls"]
        assert d["metrics"]["solution_length"] == len(d["solution"])
    elif fmt == "svg":
        assert b'id="walls"' in data and b'id="solution"' in data
    elif fmt == "pdf":
        assert data.startswith(b"%PDF")
    else:
        assert data.decode().count("\n") == 2 * 7 + 1


def test_stdout_json_is_the_dict(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "maze", "-s", "5x4", "--seed", "1", "--format", "json")
    assert code == 0
    d = json.loads(out)
    assert (d["width"], d["height"], d["seed"]) == (5, 4, 1)
    assert "metrics" in d and "difficulty" in d["metrics"]


def test_algorithms_lists_every_generator(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "algorithms")
    assert code == 0
    names = [line.split()[0] for line in out.strip().splitlines()]
    assert names == list(REGISTRY)


def test_symlink_output_updates_the_target(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, _, _ = run(capsys, "maze", "-s", "4x4", "--seed", "1", "-o", str(link))
    assert code == 0
    assert link.is_symlink() and json.loads(real.read_text())["width"] == 4


def test_special_files_are_written_in_place_not_replaced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import os
    import stat
    import threading

    fifo = tmp_path / "pipe.txt"
    os.mkfifo(fifo)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(fifo.read_bytes()))
    reader.start()
    code, _, _ = run(capsys, "maze", "-s", "3x3", "--seed", "1", "-o", str(fifo))
    reader.join(timeout=10)
    assert code == 0 and received and received[0].startswith(b"+")  # the text drawing
    assert stat.S_ISFIFO(fifo.stat().st_mode)
    assert run(capsys, "maze", "-s", "3x3", "-o", os.devnull)[0] == 0
    assert stat.S_ISCHR(Path(os.devnull).stat().st_mode)


def test_unknown_suffix_without_format_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(capsys, "maze", "-o", str(tmp_path / "m.gif"))
    assert code == 2 and "--format" in err
    assert not list(tmp_path.iterdir())


def test_python_w_error_turns_a_warning_into_one_error_line(tmp_path: Path) -> None:
    """`python -W error` makes mazebook's warnings errors: the run stops with one line and
    exit 2 (bad input), not an internal error, and writes nothing."""
    import subprocess
    import sys

    template = tmp_path / "s.toml"
    template.write_text('title = "S"\n[[section]]\ncount = 2\n')  # padded to KDP's 24 pages
    out = tmp_path / "s.pdf"
    run = subprocess.run(
        [sys.executable, "-W", "error", "-m", "mazebook", "build", str(template), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 2
    assert run.stderr.count("\n") == 1 and "made an error" in run.stderr
    assert "internal error" not in run.stderr and "Traceback" not in run.stderr
    assert not out.exists()


# --- a maze of a level, silhouettes by name, did-you-mean -----------------------------------


def _maze_json(capsys: pytest.CaptureFixture[str], *args: str) -> dict[str, object]:
    assert main(["maze", *args, "-f", "json"]) == 0
    return json.loads(capsys.readouterr().out)  # type: ignore[no-any-return]


def test_a_level_maze_is_the_books_level_on_its_page(capsys: pytest.CaptureFixture[str]) -> None:
    from mazebook import Maze
    from mazebook.difficulty.effort import solving_effort
    from mazebook.difficulty.levels import band

    for level in (1, 6):
        first = _maze_json(capsys, "--level", str(level), "--seed", "5")
        assert first == _maze_json(capsys, "--level", str(level), "--seed", "5")  # the seed
        low, high = band(level)
        assert low <= solving_effort(Maze.from_dict(first)) <= high
    small = _maze_json(capsys, "--level", "9", "--seed", "5", "--page", "a5")
    # an a5 page inside half-inch margins holds at most 122 x 184 mm of 3 mm cells or more
    assert int(str(small["width"])) * 3.0 <= 123 and int(str(small["height"])) * 3.0 <= 185


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--level", "3", "--size", "9x9"], "--size goes without --level"),
        (["--level", "3", "-a", "prim"], "--algorithm goes without --level"),
        (["--level", "12"], "--level: must be a level from 1 to 10"),
        (["--level", "10", "--page", "3x3in"], "level 10 does not fit a maze of its own"),
        (["--level", "2", "--page", "huge"], "--page:"),
        (["--shape", "heart", "--mask", "star"], "--shape heart is a silhouette already"),
    ],
)
def test_a_level_maze_refuses_in_one_line(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    assert main(["maze", *args]) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1


def test_a_silhouette_name_is_a_shape(capsys: pytest.CaptureFixture[str]) -> None:
    short = _maze_json(capsys, "--shape", "heart", "-s", "16x14", "--seed", "2")
    long = _maze_json(capsys, "--shape", "mask", "--mask", "heart", "-s", "16x14", "--seed", "2")
    assert short == long and short["shape"] == "mask"


@pytest.mark.parametrize(("typed", "code"), [("french", "fr"), ("Deutsch", "de"), ("ES", "es")])
def test_a_language_name_is_answered_with_its_code(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, typed: str, code: str
) -> None:
    assert main(["worksheet", "--language", typed, "-o", str(tmp_path / "w.pdf")]) == 2
    assert f'did you mean "{code}"' in capsys.readouterr().err
    template = tmp_path / "t.toml"
    template.write_text(f'title = "t"\nlanguage = "{typed}"\n[[section]]\n', "utf-8")
    assert main(["build", str(template), "-o", str(tmp_path / "t.pdf")]) == 2
    err = capsys.readouterr().err
    assert f'did you mean "{code}"' in err and err.count("\n") == 1
    assert not (tmp_path / "w.pdf").exists() and not (tmp_path / "t.pdf").exists()


def test_a_mistyped_template_file_names_the_one_beside_it(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    (tmp_path / "rainy-days.toml").write_text('title = "t"\n[[section]]\n', "utf-8")
    assert main(["build", str(tmp_path / "rainy-dys.toml")]) == 2
    err = capsys.readouterr().err
    assert f'did you mean "{tmp_path / "rainy-days.toml"}"' in err and err.count("\n") == 1
    assert main(["build", str(tmp_path / "zzz.toml")]) == 2
    assert "did you mean" not in capsys.readouterr().err
