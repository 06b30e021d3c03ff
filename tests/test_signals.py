"""Signals during a build: no temporary file is ever left, the old outputs stay whole.

The race these tests pin: blocking a signal (pthread_sigmask) blocks it for one thread only;
numpy's BLAS starts threads of its own, the kernel hands a SIGTERM to one of them, and Python
then runs the handler in the main thread all the same, between a temporary file being made and
being recorded, which left ``.NAME.*.part`` behind. The handlers of the command line now ask
fileio whether a step is held (``fileio.held``) and the signal comes back when it ends.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time
import weakref
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from mazebook import fileio
from mazebook.app.cli import Interrupted, signals_interrupt
from mazebook.fileio import OutputSet, verify_set, write_atomic


def _signal_from_another_thread(signum: int = signal.SIGTERM) -> None:
    """Send the process a signal from a second thread, as the kernel may deliver it: to a
    thread that does not block it (the main thread may), and wait until it was handled."""
    sender = threading.Thread(target=os.kill, args=(os.getpid(), signum))
    sender.start()
    sender.join()
    time.sleep(0.01)  # the main thread runs the Python handler at its next instruction


def _leftovers(folder: Path) -> list[str]:
    return sorted(n for n in os.listdir(folder) if n.endswith((".part", ".old")))


def _calling_first(
    monkeypatch: pytest.MonkeyPatch, owner: Any, name: str, before: Callable[[], None], *, at: int
) -> None:
    """Replace ``owner.name`` by the same function that calls ``before()`` after its call
    number ``at`` (from 1) returns."""
    real = getattr(owner, name)
    calls = [0]

    def wrapped(*args: Any, **kwargs: Any) -> Any:
        result = real(*args, **kwargs)
        calls[0] += 1
        if calls[0] == at:
            before()
        return result

    monkeypatch.setattr(owner, name, wrapped)


@pytest.mark.parametrize("at", [1, 2, 3])
def test_a_signal_right_after_a_temporary_file_is_made_leaves_none(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: int
) -> None:
    """A SIGTERM delivered (to another thread) the moment mkstemp returns: the file is still
    recorded and removed, and the build is interrupted."""
    _calling_first(monkeypatch, fileio, "temp_beside", _signal_from_another_thread, at=at)
    with signals_interrupt(), pytest.raises(Interrupted), OutputSet() as out:
        for number in range(3):
            out.stage(tmp_path / f"puzzle-{number}.svg", b"<svg/>")
        out.commit()
    assert os.listdir(tmp_path) == []


@pytest.mark.parametrize("at", [1, 2, 3, 4, 5])
def test_a_signal_during_the_renames_gives_the_whole_new_set(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: int
) -> None:
    """A SIGTERM in the middle of the commit's renames is held until they are done: the new
    files are all in place, no backup or temporary file is left, then the run is interrupted."""
    names = [tmp_path / f"f{number}.txt" for number in range(3)]
    for path in names:
        path.write_bytes(b"old")
    with signals_interrupt(), OutputSet() as out:
        for path in names:
            out.stage(path, b"new")
        _calling_first(monkeypatch, fileio.os, "replace", _signal_from_another_thread, at=at)
        with pytest.raises(Interrupted):
            out.commit()
    assert [p.read_bytes() for p in names] == [b"new"] * 3
    assert _leftovers(tmp_path) == []


def test_a_signal_while_writing_one_file_keeps_the_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "maze.svg"
    target.write_bytes(b"old")
    _calling_first(monkeypatch, fileio, "temp_beside", _signal_from_another_thread, at=1)
    with signals_interrupt(), pytest.raises(Interrupted):
        write_atomic(target, b"new")
    assert target.read_bytes() == b"old"
    assert os.listdir(tmp_path) == ["maze.svg"]


def test_a_second_signal_while_discarding_removes_every_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C, then SIGTERM while the temporary files are being removed: all are removed."""
    real_unlink = Path.unlink
    sent = [False]

    def unlink_then_signal(self: Path, missing_ok: bool = False) -> None:
        real_unlink(self, missing_ok=missing_ok)
        if not sent[0]:
            sent[0] = True
            _signal_from_another_thread()

    with signals_interrupt(), pytest.raises(Interrupted), OutputSet() as out:
        for number in range(4):
            out.stage(tmp_path / f"f{number}.svg", b"<svg/>")
        monkeypatch.setattr(Path, "unlink", unlink_then_signal)
        raise Interrupted(signal.SIGINT)
    assert sent[0] and os.listdir(tmp_path) == []


def test_signals_outside_a_held_step_act_at_once() -> None:
    assert not fileio.held(signal.SIGTERM)
    with signals_interrupt(), pytest.raises(Interrupted):
        _signal_from_another_thread()
        time.sleep(2)  # the handler interrupts this


def test_a_signal_in_a_weakref_callback_still_stops_the_run(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A signal that lands while Python runs a weakref callback (importlib's module locks have
    one) raises Interrupted where Python only prints it and goes on: it is signalled again and
    stops the run in its own code, with nothing printed."""

    class Thing:
        pass

    def callback(_ref: object) -> None:
        raise Interrupted(signal.SIGTERM)  # what the handler raises, mid-callback

    thing = Thing()
    reference = weakref.ref(thing, callback)
    with signals_interrupt(), pytest.raises(Interrupted) as stopped:
        del thing  # the callback runs here, and its exception cannot leave it
        time.sleep(2)  # the signal sent again interrupts this
    assert stopped.value.signum == signal.SIGTERM
    assert reference() is None
    assert "Exception ignored" not in capsys.readouterr().err


# --- the real thing: SIGTERM at random moments of real builds ----------------------------

TEMPLATE = 'title = "Signals"\n[[section]]\ncount = 30\ndifficulty = 1\n'
#: Signalled builds in one run of the test (at most), and the seconds after which no more start.
RUNS, TIME_LIMIT = 21, 90.0


def _snapshot(*folders: Path) -> dict[Path, bytes]:
    return {p: p.read_bytes() for f in folders for p in sorted(f.iterdir())}


def _build(template: Path, out: Path, svg: Path, seed: int) -> list[str]:
    command = [sys.executable, "-m", "mazebook", "build", str(template), "-q"]
    return [*command, "-o", str(out / "b.pdf"), "--svg-dir", str(svg), "--seed", str(seed)]


@pytest.mark.slow
def test_sigterm_at_random_moments_never_leaves_a_part_file(tmp_path: Path) -> None:
    """Real builds (30 puzzles, 60 SVGs) stopped by SIGTERM at random moments, two in three
    near the end where the files are renamed into place: no temporary or backup file is ever
    left, and the files on disk are the old set or (when the commit had begun) the whole new
    one, as the manifest's hashes show."""
    template = tmp_path / "book.toml"
    template.write_text(TEMPLATE, encoding="utf-8")
    out, svg = tmp_path / "out", tmp_path / "svg"
    started = time.monotonic()
    subprocess.run(_build(template, out, svg, 1), check=True, timeout=60)
    duration = time.monotonic() - started
    rng = random.Random(18)
    outcomes: dict[str, int] = {}
    for run in range(RUNS):
        if time.monotonic() - started > TIME_LIMIT:  # a slow machine: fewer runs, not a hang
            break
        before = _snapshot(out, svg)
        near_end = run % 3 != 0
        delay = duration * (rng.uniform(0.8, 1.05) if near_end else rng.uniform(0.2, 1.0))
        process = subprocess.Popen(
            _build(template, out, svg, 2 + run), stderr=subprocess.PIPE, text=True
        )
        time.sleep(delay)
        process.send_signal(signal.SIGTERM)
        _, err = process.communicate(timeout=60)
        assert process.returncode in (0, 128 + signal.SIGTERM, -signal.SIGTERM), err
        assert "Traceback" not in err and "internal error" not in err, err
        assert _leftovers(out) == [] and _leftovers(svg) == [], (run, delay)
        after = _snapshot(out, svg)
        if after == before:
            outcomes["old set"] = outcomes.get("old set", 0) + 1
        else:
            manifest = json.loads((out / "b.json").read_text(encoding="utf-8"))
            assert manifest["seed"] == 2 + run
            assert verify_set(manifest, out) == [], (run, delay)
            assert set(after) == set(before)  # the same names, all replaced together
            outcomes["new set"] = outcomes.get("new set", 0) + 1
    assert sum(outcomes.values()) >= 3


def test_an_error_after_a_swallowed_interruption_is_the_interruption(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A clear error that follows a swallowed interruption (reportlab's font reader eats it and
    says it cannot open the font) ends the run as interrupted; with no signal it is the error
    it is (exit 2)."""
    from mazebook.app import cli
    from mazebook.app.commands import kinds
    from mazebook.errors import FontError

    monkeypatch.setattr(kinds, "run", _swallowing_run(FontError))
    assert cli.main(["kinds"]) == 128 + signal.SIGTERM
    err = capsys.readouterr().err
    assert "interrupted (SIGTERM)" in err and "error:" not in err

    def failing(_args: Any) -> int:
        raise FontError("cannot use font DejaVuSans-Bold.ttf: Can't open file")

    monkeypatch.setattr(kinds, "run", failing)
    assert cli.main(["kinds"]) == 2
    assert "error: cannot use font" in capsys.readouterr().err


def _swallowing_run(fail: type[Exception]) -> Callable[[Any], int]:
    """A command that is interrupted inside a library's bare ``except:`` (reportlab has them),
    which eats the interruption, and then fails on what it left half done."""

    def run(_args: Any) -> int:
        with contextlib.suppress(BaseException):  # the library's bare except
            _signal_from_another_thread(signal.SIGTERM)
        raise fail("forward reference to 'FormXob.answer7' not resolved")

    return run


@pytest.mark.parametrize("fail", [KeyError, RuntimeError])
def test_an_interruption_a_library_swallowed_ends_the_run_as_interrupted(
    fail: type[Exception], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The failure that follows a swallowed interruption is the interruption (exit 128 + 15,
    'interrupted'), not an internal error; the same failure with no signal is a bug (exit 1)."""
    from mazebook.app import cli
    from mazebook.app.commands import kinds

    monkeypatch.setattr(kinds, "run", _swallowing_run(fail))
    assert cli.main(["kinds"]) == 128 + signal.SIGTERM
    err = capsys.readouterr().err
    assert "interrupted (SIGTERM)" in err and "internal error" not in err

    def failing(_args: Any) -> int:
        raise fail("a bug")

    monkeypatch.setattr(kinds, "run", failing)
    assert cli.main(["kinds"]) == 1
    assert "internal error" in capsys.readouterr().err
