"""mazebook.lazy: a module's stand-in that imports it when one of its names is first used (numpy
for the small mazes that never need it), safely from several threads at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from mazebook.lazy import Deferred

from .fresh import run_fresh

PROBE = """
import json, sys
from mazebook.lazy import Deferred
module = Deferred("colorsys")
before = "colorsys" in sys.modules
value = module.rgb_to_hsv(1.0, 0.0, 0.0)
same = module.rgb_to_hsv is sys.modules["colorsys"].rgb_to_hsv
kept = "hls_to_rgb" in vars(module)  # every name the module has, kept on the stand-in
sys.stdout.write(json.dumps([before, list(value), same, kept]))
"""


def test_a_deferred_module_is_imported_on_first_use(tmp_path: Path) -> None:
    before, value, same, kept = run_fresh(PROBE, [], tmp_path, {})
    assert before is False
    assert value == [0.0, 1.0, 1.0]
    assert same is True
    assert kept is True


#: A module whose import takes a while and defines its last name at the very end: a thread
#: that saw it half imported would not find that name.
SLOW_MODULE = """
import time
time.sleep(0.3)
FIRST = 1
time.sleep(0.2)
LAST = 2
"""

THREADS_PROBE = """
import json, sys, threading
sys.path.insert(0, sys.argv[1])
from mazebook.lazy import Deferred
module = Deferred("slow_to_import")
seen, failed = [], []
start = threading.Barrier(8)
def use():
    start.wait()
    try:
        seen.append(module.LAST)
    except AttributeError as exc:
        failed.append(str(exc))
threads = [threading.Thread(target=use) for _ in range(8)]
for t in threads: t.start()
for t in threads: t.join()
sys.stdout.write(json.dumps([seen, failed]))
"""


def test_threads_that_use_it_at_once_wait_for_the_whole_module(tmp_path: Path) -> None:
    """Eight threads ask for a name while the module is being imported: each waits for the
    whole module (importlib.util.LazyLoader showed a half-run one before Python 3.12.3)."""
    (tmp_path / "slow_to_import.py").write_text(SLOW_MODULE, encoding="utf-8")
    seen, failed = run_fresh(THREADS_PROBE, [str(tmp_path)], tmp_path, {})
    assert failed == []
    assert seen == [2] * 8


def test_a_missing_module_fails_when_first_used() -> None:
    module = Deferred("no_such_module_here")
    with pytest.raises(ModuleNotFoundError, match="no_such_module_here"):
        _ = module.anything


SMALL_MAZE_PROBE = """
import json, os, sys
from mazebook.app.cli import main
sys.stdout = open(os.devnull, "w")
assert main(["maze", "-s", "30x30", "--seed", "4", "-f", "svg", "-o", "m.svg"]) == 0
imported = "numpy" in sys.modules
from mazebook.lazy import numpy, run_now
run_now(numpy)
sys.__stdout__.write(json.dumps([imported, "numpy" in sys.modules, int(numpy.add(2, 3))]))
"""


def test_numpy_is_imported_only_when_used_and_at_once_when_asked(tmp_path: Path) -> None:
    """A small maze leaves numpy unimported; run_now (the web server, at start) imports it,
    and the stand-in then gives numpy's own names."""
    assert run_fresh(SMALL_MAZE_PROBE, [], tmp_path, {}) == [False, True, 5]
