"""One way to build a book: the old paths of the package are aliases that warn, nothing inside the
package imports them, the docs do not name them, and CHANGELOG says when they go."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from tests.test_core_imports import import_graph

ROOT = Path(__file__).resolve().parent.parent
#: The deprecated aliases and a name each still hands on.
ALIASES = {"book": "build_book", "grid": "Grid", "printers": "PRINTERS", "cli": "main"}
#: The version that removes them (CHANGELOG says it).
REMOVED_IN = "0.3.0"


@pytest.mark.parametrize(("alias", "name"), sorted(ALIASES.items()))
def test_an_old_path_warns_and_hands_on_the_same_object(alias: str, name: str) -> None:
    code = (
        "import importlib, warnings\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        f"    old = importlib.import_module('mazebook.{alias}')\n"
        "print(sum(issubclass(w.category, DeprecationWarning) for w in caught))\n"
        "print(caught[0].message)\n"
        f"print(getattr(getattr(old, {name!r}), '__module__', ''))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    count, message, module = out.stdout.splitlines()
    assert count == "1"
    assert f"mazebook.{alias} is deprecated" in message and REMOVED_IN in message
    assert not module.startswith(f"mazebook.{alias}")  # the new home's own object


def test_the_old_command_line_path_still_runs_and_warns() -> None:
    out = subprocess.run(
        [sys.executable, "-m", "mazebook.cli", "--version"], capture_output=True, text=True
    )
    assert out.returncode == 0
    assert out.stdout.startswith("mazebook ")
    assert "DeprecationWarning" in out.stderr or "deprecated" in out.stderr


def test_nothing_in_the_package_imports_an_old_path() -> None:
    graph = import_graph()
    users = sorted(f"{a} -> {b}" for a, targets in graph.items() for b in targets if b in ALIASES)
    assert users == []
    planted = {"products.x": {"grid"}}
    assert [f"{a} -> {b}" for a, t in planted.items() for b in t if b in ALIASES] != []


def test_the_docs_name_one_way_to_build_a_book() -> None:
    texts = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    for path in texts:
        text = path.read_text(encoding="utf-8")
        for alias in ("book", "grid", "cli"):  # ("mazebook.printers" is also a plugin group)
            found = re.search(rf"mazebook\.{alias}\b", text)
            assert found is None, f"{path.name} names mazebook.{alias}"
        assert "products.book.build_book" not in text and "mazebook.book.build_book" not in text


def test_changelog_lists_each_alias_with_the_version_that_removes_it() -> None:
    text = (ROOT / "CHANGELOG.md").read_text(encoding="utf-8")
    section = text.partition("### Deprecated")[2].partition("\n### ")[0]
    for alias in ALIASES:
        entry = next((e for e in section.split("\n- ") if f"`mazebook.{alias}`" in e), "")
        assert REMOVED_IN in entry, f"CHANGELOG does not say when mazebook.{alias} goes"
