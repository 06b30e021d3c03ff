"""How the package hangs together: layers that import only downwards, no cycles, a light core.

The import graph is read from the source with ``ast`` (imports inside functions included), so a
lazy import cannot hide a cycle. Purity is checked in a fresh interpreter: making, solving and
measuring a maze of every shape loads no writer, template, progress or PDF-reading library.
"""

from __future__ import annotations

import ast
import functools
import json
import subprocess
import sys
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "mazebook"

#: Layers from the bottom up. A module may import its own layer's modules and any lower layer.
#: Keys are module names relative to the package; a key covers its submodules, and the longest
#: key that matches wins (the core's own floors). Every folder is one floor: printing/ (every
#: printer rule) below template/ and pages/, shapes/ and generators/ inside core/.
LAYERS: tuple[tuple[str, ...], ...] = (
    ("errors", "lazy", "records", "packaged", "plugins", "version", "core"),
    ("core.grid", "inputs", "fontfile", "core.weave", "core.tour", "core.grown"),
    ("core.shapes", "core.rules"),
    ("core.codec", "fileio"),
    ("core.maze",),
    ("core.generators", "core.braid"),
    ("core.openings", "core.engine", "core.solve"),
    ("difficulty", "core.numberpath", "core.wordtrail", "core.oneway", "core.keysdoors"),
    ("geometry",),
    ("render",),
    ("printing",),
    ("template",),
    ("preflight",),
    ("pages",),
    ("kinds",),
    ("products",),
    ("requests",),
    # the public face and the front ends; the deprecated aliases of old paths (CHANGELOG)
    ("__init__", "bench", "app", "__main__", "book", "cli", "grid", "printers"),
)

#: The one deferred upward import, and why: Jupyter asks a Maze for its picture
#: (``Maze._repr_svg_``), so the model calls the SVG writer at that moment, as python-chess's
#: Board does; nothing is loaded until a maze is displayed. No other upward edge is allowed.
DISPLAY_HOOK = ("core.maze", "render.writers")

FORBIDDEN_IN_CORE = ("reportlab", "svgwrite", "tomllib", "tomli", "tqdm", "pypdf")

#: Loaded only when a maze is read: Maze.from_dict checks maze JSON against its declared schema
#: (mazebook/data/maze.schema.json) with jsonschema, the one validator the project uses for
#: input, instead of a second hand-written one. The project rule bans writers, TOML and PDF
#: reading in the core, not jsonschema; it stays out of making, solving and measuring, and only
#: mazebook/core/mazeschema.py imports it, inside a function (both checked below).
ON_READING_ONLY = ("jsonschema",)
JSONSCHEMA_IN_CORE = "core.mazeschema"


def _module_name(path: Path, package: Path = PACKAGE) -> str:
    rel = path.relative_to(package).with_suffix("")
    parts = list(rel.parts)
    if parts[-1] == "__init__" and len(parts) > 1:
        parts = parts[:-1]
    return ".".join(parts)


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> list[str]:
    """Package-relative names that an ImportFrom brings in (a name may be a submodule; one that
    is not stands for its package, which ``import_graph`` finds by cutting the name back)."""
    if node.level == 0:
        if not (node.module or "").startswith("mazebook"):
            return []
        base = (node.module or "").removeprefix("mazebook").lstrip(".")
    else:
        parts = current.split(".") if current != "__init__" else []
        keep = len(parts) - node.level + (1 if is_package else 0)
        base = ".".join(parts[: max(keep, 0)] + ([node.module] if node.module else []))
    return [f"{base}.{alias.name}" if base else alias.name for alias in node.names]


def _import_module_targets(current: str, call: ast.Call) -> list[str]:
    """Package-relative names an ``importlib.import_module(...)`` call loads: a literal name,
    or the package a name built at run time starts with (an f-string's literal head)."""
    func = call.func
    name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
    if name not in ("import_module", "__import__") or not call.args:
        return []
    arg = call.args[0]
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        text = arg.value
    elif isinstance(arg, ast.JoinedStr) and arg.values and isinstance(arg.values[0], ast.Constant):
        text = str(arg.values[0].value).rstrip(".")
    else:
        return []
    if text.startswith("."):  # relative to the calling module's package (__package__)
        package = current.rpartition(".")[0]
        return [f"{package}{text}" if package else text.lstrip(".")]
    if text.startswith("mazebook"):
        return [text.removeprefix("mazebook").lstrip(".") or "__init__"]
    return []


@functools.cache
def import_graph(package: Path = PACKAGE) -> dict[str, set[str]]:
    """Module -> the package modules it imports (relative names), at any depth of the code, by
    every form: ``import``, ``from ... import`` (``from .. import name`` of the package root
    too) and ``importlib.import_module`` with a name written in the code."""
    modules = {_module_name(p, package): p for p in package.rglob("*.py")}
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        is_package = path.name == "__init__.py" and name != "__init__"
        targets: set[str] = set()
        for node in ast.walk(tree):
            found: list[str] = []
            if isinstance(node, ast.ImportFrom):
                found = _resolve(name, is_package, node)
            elif isinstance(node, ast.Import):
                found = [
                    a.name.removeprefix("mazebook").lstrip(".") or "__init__"
                    for a in node.names
                    if a.name == "mazebook" or a.name.startswith("mazebook.")
                ]
            elif isinstance(node, ast.Call):
                found = _import_module_targets(name, node)
            for target in found:
                while target and target not in modules:  # `from . import x` where x is a name
                    target = target.rpartition(".")[0]
                target = target or "__init__"  # a name of the package root (``from .. import``)
                if target != name:
                    targets.add(target)
        graph[name] = targets
    return graph


def layer_of(module: str) -> int:
    """The layer of the longest LAYERS key that is the module or one of its packages."""
    parts = module.split(".")
    for depth in range(len(parts), 0, -1):
        key = ".".join(parts[:depth])
        for index, layer in enumerate(LAYERS):
            if key in layer:
                return index
    raise AssertionError(f"module {module!r} is in no layer: add it to LAYERS")


def jsonschema_imports() -> dict[str, bool]:
    """Core module -> whether it imports jsonschema at its top level (False: only inside a
    function), for every core module that imports it at all."""
    found: dict[str, bool] = {}
    for path in sorted((PACKAGE / "core").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        top = set(tree.body)
        for node in ast.walk(tree):
            names = (
                [a.name for a in node.names]
                if isinstance(node, ast.Import)
                else [node.module or ""]
                if isinstance(node, ast.ImportFrom) and node.level == 0
                else []
            )
            if any(n.split(".")[0] in ON_READING_ONLY for n in names):
                name = _module_name(path)
                found[name] = found.get(name, False) or node in top
    return found


def test_jsonschema_only_where_a_maze_is_read_and_lazily() -> None:
    assert jsonschema_imports() == {JSONSCHEMA_IN_CORE: False}


@pytest.mark.slow
def test_every_module_has_a_layer() -> None:
    for module in import_graph():
        layer_of(module)


def test_imports_only_point_down() -> None:
    upward = [
        f"{a} -> {b}"
        for a, targets in import_graph().items()
        for b in sorted(targets)
        if layer_of(b) > layer_of(a) and (a, b) != DISPLAY_HOOK
    ]
    assert upward == []


def test_no_import_cycles() -> None:
    graph = {k: set(v) for k, v in import_graph().items()}
    graph[DISPLAY_HOOK[0]].discard(DISPLAY_HOOK[1])
    # a package's __init__ may gather its own submodules; a submodule importing its package's
    # __init__ would then be a cycle, and is reported like any other
    state: dict[str, int] = {}
    cycles: list[list[str]] = []

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                cycles.append([*stack[stack.index(nxt) :], nxt])
            elif nxt not in state:
                visit(nxt, stack)
        stack.pop()
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [])
    assert cycles == []


def test_the_graph_reader_sees_a_cycle_and_an_upward_import(tmp_path: Path) -> None:
    """The checks above can fail: a planted lazy import is found by the same reader."""
    tree = ast.parse("def f():\n    from ..products import build\n")
    node = next(n for n in ast.walk(tree) if isinstance(n, ast.ImportFrom))
    assert _resolve("render.svg", False, node) == ["products.build"]
    assert layer_of("products.build") > layer_of("render.svg")
    # the package root, by every form: ``from .. import x``, ``import mazebook``, import_module
    planted = tmp_path / "mazebook"
    (planted / "products").mkdir(parents=True)
    (planted / "__init__.py").write_text("from .products import manifest\n")
    (planted / "products" / "__init__.py").write_text("")
    (planted / "products" / "manifest.py").write_text("from .. import __version__\n")
    graph = import_graph.__wrapped__(planted)
    assert graph["products.manifest"] == {"__init__"}
    assert graph["__init__"] == {"products.manifest"}
    call = ast.parse("importlib.import_module('mazebook')").body[0].value  # type: ignore[attr-defined]
    assert _import_module_targets("products.x", call) == ["__init__"]
    lazy = ast.parse("import_module(f'.commands.{n}', __package__)").body[0].value  # type: ignore[attr-defined]
    assert _import_module_targets("app.cli", lazy) == ["app.commands"]
    assert layer_of("__init__") > layer_of("products.manifest")
    assert layer_of("pages.plan") > layer_of("template") > layer_of("printing.rules")


#: The command line's modules: the web app speaks requests (mazebook/requests.py), never flags.
CLI_MODULES = ("app.commands", "app.cli", "__main__")


def _within(module: str, room: str) -> bool:
    return module == room or module.startswith(room + ".")


def cli_imports(graph: dict[str, set[str]]) -> list[str]:
    """Edges from the web app into the command line's modules."""
    return [
        f"{a} -> {b}"
        for a, targets in graph.items()
        if _within(a, "app.web")
        for b in sorted(targets)
        if any(_within(b, room) for room in CLI_MODULES)
    ]


def test_web_imports_nothing_from_the_command_line() -> None:
    assert cli_imports(import_graph()) == []
    planted = {"app.web.actions": {"app.commands.common"}, "app.commands.build": {"book"}}
    assert cli_imports(planted) == ["app.web.actions -> app.commands.common"]


def any_returns(source: str) -> list[str]:
    """Functions whose return annotation is plain ``Any``."""
    return [
        node.name
        for node in ast.walk(ast.parse(source))
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.returns is not None
        and ast.unparse(node.returns) in ("Any", "typing.Any")
    ]


def test_no_web_function_returns_any() -> None:
    found = [
        f"{path.name}: {name}"
        for path in sorted((PACKAGE / "app" / "web").rglob("*.py"))
        for name in any_returns(path.read_text(encoding="utf-8"))
    ]
    assert found == []
    assert any_returns("def f() -> Any:\n    pass\nasync def g() -> int: ...") == ["f"]


SHAPE_CASES = [
    ("rect", 9, 7, {}),
    ("circle", 1, 4, {}),
    ("hex", 7, 6, {}),
    ("triangle", 9, 5, {}),
    ("mask", 16, 14, {"mask": "heart"}),
]


@pytest.mark.slow
@pytest.mark.parametrize(("shape", "width", "height", "options"), SHAPE_CASES)
def test_core_loads_no_writer_template_or_pdf_code(
    shape: str, width: int, height: int, options: dict[str, str]
) -> None:
    code = (
        "import json, sys\n"
        "import mazebook\n"
        f"m = mazebook.generate('backtracker', {width}, {height}, seed=1, shape={shape!r}, "
        f"**{options!r})\n"
        "mazebook.solve(m); mazebook.measure(m)\n"
        "made = sorted(sys.modules)\n"
        "mazebook.Maze.from_dict(m.to_dict())\n"
        "print(json.dumps([made, sorted(sys.modules)]))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    made, loaded = json.loads(out.stdout)
    bad = [m for m in loaded if m.split(".")[0] in (*FORBIDDEN_IN_CORE, "PIL")]
    assert bad == []
    assert [m for m in made if m.split(".")[0] in ON_READING_ONLY] == []
    assert "jsonschema" in loaded  # reading did check the schema
    assert "mazebook.core.generators.backtracker" in loaded  # the import really happened
    above = ("render", "geometry", "printing", "pages", "products", "book", "app")
    assert not any(m.startswith(tuple(f"mazebook.{room}" for room in above)) for m in loaded)


#: Library calls the web app leaves to the library: cutting PDFs, the search for a level.
WEB_LEAVES = ("pypdf", "mazebook.kinds.search")


def web_leaks(source: str, name: str) -> list[str]:
    """What a web module does that is the library's: imports of WEB_LEAVES, a table of its own
    keyed by language codes."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom) and node.module:
            module = node.module
            leaves = [leaf.removeprefix("mazebook.") for leaf in WEB_LEAVES]
            if any(module == leaf or module.endswith(leaf) for leaf in (*WEB_LEAVES, *leaves)):
                found.append(f"{name}: {module}")
        elif isinstance(node, ast.Import):
            found += [f"{name}: {a.name}" for a in node.names if a.name in WEB_LEAVES]
        elif isinstance(node, ast.Dict):
            keys = {k.value for k in node.keys if isinstance(k, ast.Constant)}
            if {"en", "de", "fr"} <= keys:
                found.append(f"{name}: a table keyed by language codes")
    return found


def test_the_web_app_is_a_front_end() -> None:
    """Its door module stays small, and the library does the library's work: the level maze
    (requests.make_maze), the answer key (products/answer_key.py), the language names."""
    web = PACKAGE / "app" / "web"
    assert len((web / "actions.py").read_text(encoding="utf-8").splitlines()) < 500
    found = [
        leak
        for path in sorted(web.rglob("*.py"))
        for leak in web_leaks(path.read_text(encoding="utf-8"), path.name)
    ]
    assert found == []
    planted = (
        "from pypdf import PdfReader\nfrom ...kinds.search import choose\n"
        'NAMES = {"en": "English", "de": "Deutsch", "fr": "Francais"}\n'
    )
    assert len(web_leaks(planted, "x.py")) == 3
