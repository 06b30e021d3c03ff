"""A build leaves no reference cycles that grow with its puzzles, of any kind (each puzzle's
objects go as soon as it is drawn, not at the cyclic collector's next pass), and the program
runs its commands with the collector on at app/cli.RUN_GC_THRESHOLDS."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mazebook.app.cli import RUN_GC_THRESHOLDS, main

TEMPLATE = """title = "Cycles"
seed = 3
printer = "home"
[[section]]
name = "All"
count = {count}
difficulty = [{levels}]
{extra}
"""

#: A section of each kind and form whose search and drawing have code of their own.
SECTIONS = {
    "maze": ("1, 10", ""),
    "keys": ("8, 10", 'puzzle = "keys"'),
    "one-way": ("6, 10", 'puzzle = "one-way"'),
    "word-trail": ("3, 8", 'puzzle = "word-trail"\nwords = ["CAT", "DOG", "OWL", "HORSE"]'),
    "number-path": ("3, 8", 'puzzle = "number-path"'),
    "weave": ("6, 10", "weave = 0.8"),
    "braid": ("6, 10", "braid = 0.7"),
    "hex": ("3, 8", 'shape = "hex"'),
}


def _cycles_left(tmp_path: Path, section: str, count: int) -> int:
    """Objects the collector finds after a build of ``count`` puzzles (built once before, so
    what a first build loads for good is not counted)."""
    levels, extra = SECTIONS[section]
    template = tmp_path / f"{section}{count}.toml"
    template.write_text(TEMPLATE.format(count=count, levels=levels, extra=extra))
    argv = ["build", str(template), "-o", str(tmp_path / f"{section}{count}.pdf"), "--quiet"]
    assert main(argv) == 0
    gc.collect()
    gc.disable()
    try:
        assert main(argv) == 0
    finally:
        found = gc.collect()
        gc.enable()
    return found


@pytest.mark.parametrize("section", sorted(SECTIONS))
def test_the_cycles_a_build_leaves_do_not_grow_with_its_puzzles(
    tmp_path: Path, section: str
) -> None:
    """Every candidate maze once held itself (Maze.split_view), and the keys' effort search
    itself through its closure (stategraph.layered_effort): some 30 objects more in cycles
    for every puzzle added, each puzzle's kept until the collector's next pass."""
    few, more = _cycles_left(tmp_path, section, 2), _cycles_left(tmp_path, section, 6)
    assert more == few


_PROBE = """
import gc, json, sys
from mazebook.app.commands import {module}
seen = {{}}
def run(args):
    seen["collector"] = [gc.isenabled(), list(gc.get_threshold())]
    return 0
{module}.run = run
sys.argv = ["mazebook", *{argv!r}]
from mazebook.app.cli import main
print(json.dumps([main(), seen["collector"]]))
"""


@pytest.mark.parametrize(
    ("module", "argv"),
    [("build", ["build", "classic"]), ("preflight", ["preflight", "book.pdf"])],
)
def test_the_program_runs_a_command_at_its_thresholds(module: str, argv: list[str]) -> None:
    """Run as a program (no argv given to main), a command runs with the collector on at
    RUN_GC_THRESHOLDS; a caller's own process (main given argv) is left as it is."""
    probe = _PROBE.format(module=module, argv=argv)
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    code, (enabled, thresholds) = json.loads(out.splitlines()[-1])
    assert code == 0
    assert enabled and tuple(thresholds) == RUN_GC_THRESHOLDS
    before = gc.get_threshold()
    main(["templates"])
    assert gc.get_threshold() == before
