"""Plugins: generators, shapes and printers added through entry points (docs/plugins.md).

A plugin is "installed" the way an installer leaves it: a module and a ``*.dist-info`` folder
with an ``entry_points.txt`` in a folder on the path, which importlib.metadata reads. The
worked example is taken from docs/plugins.md itself, so the page cannot drift from the code.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import tomllib
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from mazebook import Maze
from mazebook.errors import MazebookError, PluginError
from mazebook.plugins import GROUPS, OnDemand, Registry, installed, plugins
from mazebook.printing.printers import PrinterTableError, page_range

DOCS = Path(__file__).resolve().parent.parent / "docs" / "plugins.md"


def install(folder: Path, dist: str, modules: Mapping[str, str], entry_points: str) -> None:
    """Leave a distribution in ``folder`` as an installer would: its modules and dist-info."""
    folder.mkdir(parents=True, exist_ok=True)
    for name, code in modules.items():
        (folder / f"{name}.py").write_text(code, encoding="utf-8")
    info = folder / f"{dist.replace('-', '_')}-0.1.0.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {dist}\nVersion: 0.1.0\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(entry_points, encoding="utf-8")


def docs_blocks(kind: str) -> list[str]:
    """The ```kind code blocks of docs/plugins.md, in order."""
    text = DOCS.read_text(encoding="utf-8")
    return re.findall(rf"^```{kind}\n(.*?)^```", text, flags=re.S | re.M)


def worked_example(folder: Path) -> None:
    """Install the generator of docs/plugins.md from its code and its pyproject.toml."""
    project = tomllib.loads(docs_blocks("toml")[0])["project"]
    lines = []
    for group, points in project["entry-points"].items():
        lines.append(f"[{group}]")
        lines += [f"{name} = {value}" for name, value in points.items()]
    module = next(iter(project["entry-points"]["mazebook.generators"].values())).split(":")[0]
    install(folder, project["name"], {module: docs_blocks("python")[0]}, "\n".join(lines) + "\n")


def cli(folder: Path, *argv: str) -> subprocess.CompletedProcess[str]:
    """`python -m mazebook ARGV` in a fresh interpreter with ``folder`` on the path."""
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(folder), *sys.path])}
    return subprocess.run(
        [sys.executable, "-m", "mazebook", *argv], capture_output=True, text=True, env=env
    )


def test_the_worked_example_is_listed_and_builds_a_maze(tmp_path: Path) -> None:
    worked_example(tmp_path / "site")
    listed = cli(tmp_path / "site", "algorithms", "--options")
    assert listed.returncode == 0, listed.stderr
    assert re.search(r"^random-edges\s+opens a random wall", listed.stdout, re.M)
    assert "start=0" in listed.stdout
    made = [
        cli(tmp_path / "site", "maze", "-a", "random-edges", "-s", "12x8", "--seed", "3", "-f", f)
        for f in ("json", "json", "svg")
    ]
    assert all(m.returncode == 0 for m in made), made[0].stderr
    assert made[0].stdout == made[1].stdout  # the seed decides the maze
    maze = Maze.from_dict(json.loads(made[0].stdout))
    assert maze.algorithm == "random-edges" and (maze.width, maze.height) == (12, 8)
    passages = sum(bin(b).count("1") for b in maze.links) // 2
    assert passages == 12 * 8 - 1  # a spanning tree: a perfect maze
    assert made[2].stdout.startswith("<?xml") or "<svg" in made[2].stdout


def test_a_plugin_generator_runs_on_every_shape(tmp_path: Path) -> None:
    worked_example(tmp_path / "site")
    made = cli(tmp_path / "site", "maze", "-a", "random-edges", "--shape", "hex", "-f", "json")
    assert made.returncode == 0, made.stderr
    assert Maze.from_dict(json.loads(made.stdout)).shape == "hex"


def test_a_broken_plugin_is_one_line_naming_it(tmp_path: Path) -> None:
    install(
        tmp_path / "site",
        "mazebook-spiral",
        {},
        "[mazebook.generators]\nspiral = mazebook_spiral:SPEC\n",
    )
    out = cli(tmp_path / "site", "algorithms")
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "Traceback" not in out.stderr
    assert "plugin 'spiral' (mazebook_spiral:SPEC) in group mazebook.generators" in out.stderr
    assert "No module named 'mazebook_spiral'" in out.stderr


SHAPE_PLUGIN = """
from dataclasses import replace

from mazebook.core.grid import rect_grid
from mazebook.geometry.drawing import rect_geometry
from mazebook.core.shapes import Shape, rect_centres


def build(width, height):
    return replace(rect_grid(width, height), kind="plank")


def draw(maze):
    return rect_geometry(replace(maze, grid=replace(maze.grid, kind="rect")))


PLANK = Shape("plank", build, rect_centres, (), "a rectangle by another name", drawing=draw)
"""


def test_a_plugin_shape_is_made_and_drawn(tmp_path: Path) -> None:
    install(
        tmp_path / "site",
        "mazebook-plank",
        {"mazebook_plank": SHAPE_PLUGIN},
        "[mazebook.shapes]\nplank = mazebook_plank:PLANK\n",
    )
    svg = cli(
        tmp_path / "site", "maze", "--shape", "plank", "-s", "6x4", "--seed", "1", "-f", "svg"
    )
    assert svg.returncode == 0, svg.stderr
    assert "<path" in svg.stdout or "<line" in svg.stdout
    made = cli(tmp_path / "site", "maze", "--shape", "plank", "-s", "6x4", "-f", "json")
    assert json.loads(made.stdout)["shape"] == "plank"  # (this interpreter has no plank)


# --- the registry itself, in this interpreter ---------------------------------------------


@pytest.fixture(autouse=True)
def read_the_path_again() -> Iterator[None]:
    """The installed entry points are read once a process; a test that installs one reads
    them again."""
    installed.cache_clear()
    yield
    installed.cache_clear()


def fresh(
    group: str, accept: Any = None, builtins: Mapping[str, object] | None = None
) -> Registry[Any]:
    """A registry of ``group`` not yet consulted (the package's own ones are already read)."""
    return Registry(group, lambda: dict(builtins or {"shipped": 0}), accept or (lambda n, o: o))


def test_a_registry_reads_its_group_once_and_only_when_consulted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls: list[int] = []

    def builtins() -> dict[str, int]:
        calls.append(1)
        return {"shipped": 0}

    registry: Registry[object] = Registry("mazebook.test", builtins, lambda n, o: o)
    assert calls == []  # nothing is read when the registry is made
    install(
        tmp_path,
        "mazebook-x",
        {"mazebook_x": "VALUE = 42\n"},
        "[mazebook.test]\nx = mazebook_x:VALUE\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    assert dict(registry) == {"shipped": 0, "x": 42}
    assert "x" in registry and len(registry) == 2 and registry["x"] == 42
    assert calls == [1]


def test_plugin_errors_name_the_plugin(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mazebook.core.generators import _accept as accept_generator

    install(
        tmp_path,
        "mazebook-bad",
        {"mazebook_bad": "from mazebook.core.generators import REGISTRY\nSPEC = 3\n"},
        "[mazebook.test]\nbad = mazebook_bad:SPEC\n"
        "[mazebook.test2]\nshipped = mazebook_bad:SPEC\n"
        "[mazebook.test3]\nprim = mazebook.core.generators.backtracker:SPEC\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(PluginError, match=r"plugin 'bad' \(mazebook_bad:SPEC\) .* int, not a Gen"):
        dict(fresh("mazebook.test", accept_generator))
    with pytest.raises(PluginError, match="the name 'shipped' is already taken"):
        dict(fresh("mazebook.test2"))
    with pytest.raises(PluginError, match="named 'backtracker', not 'prim'"):
        dict(fresh("mazebook.test3", accept_generator))
    assert issubclass(PluginError, MazebookError)


def test_a_printer_plugin_is_a_table_checked_by_the_schema(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from mazebook.printing import printers

    home = (Path(printers.__file__).parent.parent / "data" / "printers" / "home.toml").read_text()
    table = tomllib.loads(home) | {"name": "office", "title": "the office printer"}
    broken = table | {"bleed_sides": "five"}
    code = f"TABLE = {table!r}\nBROKEN = {broken!r}\n"
    install(
        tmp_path,
        "mazebook-office",
        {"mazebook_office": code},
        "[mazebook.test]\noffice = mazebook_office:TABLE\n"
        "[mazebook.test2]\noffice = mazebook_office:BROKEN\n",
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    shipped = printers._shipped
    registry = Registry("mazebook.test", shipped, printers._accept)
    assert list(registry) == ["kdp", "ingramspark", "lulu", "home", "tactile", "office"]
    office = registry["office"]
    assert office.title == "the office printer" and page_range(office, None, "white") is None
    with pytest.raises(PluginError) as caught:
        dict(Registry("mazebook.test2", shipped, printers._accept))
    message = str(caught.value)
    assert "plugin 'office'" in message and 'key "bleed_sides"' in message
    assert "'five' is not one of" in message and "\n" not in message
    assert isinstance(caught.value.__cause__, PrinterTableError)


def test_the_package_declares_no_plugins_of_its_own() -> None:
    """The shipped entries are the built-ins; the groups hold other packages' plugins only."""
    for group in GROUPS:
        assert [p for p in plugins(group) if p.value.startswith("mazebook.")] == []


def test_a_printer_plugin_from_its_own_toml_file_checks_a_pdf(tmp_path: Path) -> None:
    """The docs' pattern: the plugin's module reads its TOML table (a copy of home's, renamed),
    and `mazebook preflight --printer office` judges a PDF by it."""
    from mazebook.printing import printers

    site = tmp_path / "site"
    package = site / "mazebook_office"
    package.mkdir(parents=True)
    home = (Path(printers.__file__).parent.parent / "data" / "printers" / "home.toml").read_text()
    office = home.replace('name = "home"', 'name = "office"')
    office = office.replace('title = "a desktop printer"', 'title = "the office printer"')
    (package / "office.toml").write_text(office, encoding="utf-8")
    (package / "__init__.py").write_text(docs_blocks("python")[1].replace("myprinter", "office"))
    install(site, "mazebook-office", {}, "[mazebook.printers]\noffice = mazebook_office:TABLE\n")
    pdf = tmp_path / "m.pdf"
    assert cli(site, "maze", "-s", "10x10", "--seed", "1", "-o", str(pdf)).returncode == 0
    checked = cli(site, "preflight", str(pdf), "--printer", "office", "--loose")
    assert checked.returncode == 0, checked.stdout + checked.stderr
    assert checked.stdout.startswith("rules: the office printer (office)")
    assert "PASS  trim size: every page 8.5 x 11 in (a office trim)" in checked.stdout
    broken = office.replace('bleed_sides = "none"', 'bleed_sides = "five"')
    (package / "office.toml").write_text(broken, encoding="utf-8")
    refused = cli(site, "preflight", str(pdf), "--printer", "office", "--loose")
    assert refused.returncode == 2 and refused.stderr.count("\n") == 1
    assert "plugin 'office' (mazebook_office:TABLE)" in refused.stderr
    assert 'key "bleed_sides"' in refused.stderr


@pytest.mark.slow
def test_a_plugin_shape_builds_a_book(tmp_path: Path) -> None:
    install(
        tmp_path / "site",
        "mazebook-plank",
        {"mazebook_plank": SHAPE_PLUGIN},
        "[mazebook.shapes]\nplank = mazebook_plank:PLANK\n",
    )
    template = tmp_path / "plank.toml"
    template.write_text(
        'title = "Planks"\nprinter = "home"\n[[section]]\ncount = 2\nshape = "plank"\n',
        encoding="utf-8",
    )
    built = cli(tmp_path / "site", "build", str(template), "-o", str(tmp_path / "p.pdf"), "-q")
    assert built.returncode == 0, built.stderr
    manifest = json.loads((tmp_path / "p.json").read_text(encoding="utf-8"))
    assert [p["shape"] for p in manifest["puzzles"]] == ["plank", "plank"]


def test_shipped_entries_on_demand_are_made_once_each_when_asked_for() -> None:
    """OnDemand makes an entry the first time it is asked for and never again, lists every
    name in its order without making any, and knows no other name."""
    made: list[str] = []
    entries = OnDemand(("b", "a", "c"), lambda name: made.append(name) or name.upper())
    assert list(entries) == ["b", "a", "c"] and len(entries) == 3 and made == []
    assert entries["a"] == "A" and entries["a"] == "A" and made == ["a"]
    assert "c" in entries and entries.get("z") is None and made == ["a"]
    with pytest.raises(KeyError):
        entries["z"]
    assert dict(entries) == {"b": "B", "a": "A", "c": "C"} and made == ["a", "b", "c"]
