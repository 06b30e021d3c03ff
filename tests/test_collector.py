"""A book's build leaves no reference cycles that grow with its puzzles, which is what lets the
program run its making commands with the cyclic collector off (app/cli.UNCOLLECTED_COMMANDS);
servers and readers of outside files keep it on."""

from __future__ import annotations

import gc
import json
import subprocess
import sys
from pathlib import Path

import pytest

from mazebook.app.cli import UNCOLLECTED_COMMANDS, main

TEMPLATE = """title = "Cycles"
seed = 3
printer = "home"
[[section]]
name = "All"
count = {count}
difficulty = [1, 10]
"""


def _cycles_left(tmp_path: Path, count: int) -> int:
    """Objects the collector finds after a build of ``count`` puzzles (built once before, so
    what a first build loads for good is not counted)."""
    template = tmp_path / f"book{count}.toml"
    template.write_text(TEMPLATE.format(count=count))
    argv = ["build", str(template), "-o", str(tmp_path / f"book{count}.pdf"), "--quiet"]
    assert main(argv) == 0
    gc.collect()
    gc.disable()
    try:
        assert main(argv) == 0
    finally:
        found = gc.collect()
        gc.enable()
    return found


def test_the_cycles_a_build_leaves_do_not_grow_with_its_puzzles(tmp_path: Path) -> None:
    """Before the fix, every candidate maze held itself (Maze.split_view) and was left for the
    collector: 4 more puzzles, some 30 more objects in cycles."""
    few, many = _cycles_left(tmp_path, 3), _cycles_left(tmp_path, 15)
    assert many == few


_PROBE = """
import gc, json, sys
from mazebook.app.commands import {module}
seen = {{}}
def run(args):
    seen["enabled"] = gc.isenabled()
    return 0
{module}.run = run
sys.argv = ["mazebook", *{argv!r}]
from mazebook.app.cli import main
code = main()
print(json.dumps([code, seen["enabled"], gc.isenabled()]))
"""


@pytest.mark.parametrize(
    ("module", "argv", "collected"),
    [
        ("build", ["build", "classic"], False),
        ("worksheet", ["worksheet", "--level", "2"], False),
        ("preflight", ["preflight", "book.pdf"], True),
    ],
)
def test_the_program_runs_its_making_commands_without_the_collector(
    module: str, argv: list[str], collected: bool
) -> None:
    """Run as a program (no argv given to main), a command that makes files runs with the
    collector off; one that reads outside files with it on. A caller's own process is left
    as it is (the other tests here call main with argv, the collector on)."""
    assert (argv[0] in UNCOLLECTED_COMMANDS) == (not collected)
    probe = _PROBE.format(module=module, argv=argv)
    out = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True
    ).stdout
    code, during, _ = json.loads(out.splitlines()[-1])
    assert code == 0
    assert during is collected
