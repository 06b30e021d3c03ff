"""mazebook.lazy: a module put in sys.modules unrun, its code run on first use (numpy for
the small mazes that never need it), or at once where threads will share it."""

from __future__ import annotations

from pathlib import Path

import pytest

from mazebook import lazy

from .fresh import run_fresh

PROBE = """
import json, sys
from mazebook.lazy import deferred_module, run_now
module = deferred_module("colorsys")
unrun = "rgb_to_hsv" not in object.__getattribute__(module, "__dict__")
listed = sys.modules["colorsys"] is module
again = deferred_module("colorsys") is module
value = module.rgb_to_hsv(1.0, 0.0, 0.0)
ran = "rgb_to_hsv" in module.__dict__
other = run_now(deferred_module("wave"))
sys.stdout.write(json.dumps([unrun, listed, again, list(value), ran, "open" in other.__dict__]))
"""


def test_a_deferred_module_runs_on_first_use_and_once(tmp_path: Path) -> None:
    """The module is in sys.modules before its code runs; its first attribute runs it; asked
    again, the same module is given."""
    unrun, listed, again, value, ran, run_at_once = run_fresh(PROBE, [], tmp_path, {})
    assert (unrun, listed, again) == (True, True, True)
    assert (value, ran) == ([0.0, 1.0, 1.0], True)
    assert run_at_once is True


def test_a_module_already_imported_is_given_as_it_is() -> None:
    import json

    assert lazy.deferred_module("json") is json


def test_a_missing_module_is_an_import_error() -> None:
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        lazy.deferred_module("no_such_module_here")


SMALL_BOOK_PROBE = """
import json, os, sys
from mazebook.app.cli import main
sys.stdout = open(os.devnull, "w")
assert main(["maze", "-s", "30x30", "--seed", "4", "-f", "svg", "-o", "m.svg"]) == 0
ran = "numpy._core" in sys.modules
from mazebook.lazy import numpy, run_now
run_now(numpy)
sys.__stdout__.write(json.dumps([ran, "numpy._core" in sys.modules, numpy.add(2, 3).item()]))
"""


def test_numpy_runs_only_when_used_and_at_once_when_asked(tmp_path: Path) -> None:
    """A small maze leaves numpy unrun; run_now (the web server, before its threads) runs it,
    and it is the whole module then."""
    assert run_fresh(SMALL_BOOK_PROBE, [], tmp_path, {}) == [False, True, 5]
