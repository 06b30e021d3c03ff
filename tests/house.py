"""How the house hangs together, in numbers (not collected by pytest).

    python tests/house.py [TEMPLATE] [-v]

Prints the package's modules and import edges (the graph tests/test_core_imports.py reads),
and the template's walk to its PDF in ``mazebook build TEMPLATE`` (default classic): every
mazebook function that is handed the template (its name, the Template, or an object holding
it) as an argument, each function counted once (the route, not the per-puzzle loop), in call
order. Consecutive functions of one module are one visit; the walk's hops are the moves between
visits, and it reports how often the walk comes back to products/book.py. ``-v`` lists the
functions. Measure before and after a change by running it in both checkouts.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path
from types import CodeType, FrameType
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mazebook.app.cli import main
from mazebook.template import Template
from tests.test_core_imports import import_graph

#: The command line's parser set-up (every subcommand registers itself): not the walk.
SETUP = ("register", "build_parser")


def carries(value: object, spec: str) -> bool:
    """Whether an argument is the template: its name, the Template, or an object holding it."""
    if isinstance(value, Template) or (isinstance(value, str) and value == spec):
        return True
    return not isinstance(value, type) and isinstance(getattr(value, "template", None), Template)


def walk(spec: str) -> list[tuple[str, str]]:
    """(module, function) of each mazebook function handed the template, first calls only."""
    seen: set[CodeType] = set()
    route: list[tuple[str, str]] = []

    def hook(frame: FrameType, event: str, _arg: Any) -> None:
        code = frame.f_code
        if event != "call" or code in seen:
            return
        module = str(frame.f_globals.get("__name__", ""))
        generated = "__create_fn__" in code.co_qualname  # a dataclass's __init__: a record made
        if not module.startswith("mazebook") or generated or code.co_name in SETUP:
            return
        names = code.co_varnames[: code.co_argcount + code.co_kwonlyargcount]
        if any(carries(frame.f_locals.get(name), spec) for name in names):
            seen.add(code)
            route.append((module.removeprefix("mazebook."), code.co_qualname))

    # importing is not the walk
    for name in ("mazebook.products.build", "mazebook.app.commands.build"):
        importlib.import_module(name)

    with tempfile.TemporaryDirectory() as folder:
        tracer: Callable[[FrameType, str, Any], None] = hook
        sys.setprofile(tracer)
        try:
            code = main(["build", spec, "-o", f"{folder}/book.pdf", "--quiet"])
        finally:
            sys.setprofile(None)
    if code != 0:
        raise SystemExit(f"mazebook build {spec} failed with exit code {code}")
    return route


def visits(route: list[tuple[str, str]]) -> list[str]:
    """The modules of a route, consecutive functions of one module as one visit."""
    found: list[str] = []
    for module, _ in route:
        if not found or found[-1] != module:
            found.append(module)
    return found


def main_cli() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("template", nargs="?", default="classic")
    parser.add_argument("-v", "--verbose", action="store_true", help="list the functions")
    args = parser.parse_args()
    graph = import_graph()
    print(f"modules {len(graph)}, import edges {sum(len(v) for v in graph.values())}")
    route = walk(args.template)
    stops = visits(route)
    print(
        f"the template's walk: {len(route)} functions in {len(set(stops))} modules, "
        f"{len(stops) - 1} hops, {stops.count('products.book') - 1} returns to products/book.py"
    )
    print(" > ".join(stops))
    if args.verbose:
        print("\n".join(f"{module}.{function}" for module, function in route))


if __name__ == "__main__":
    main_cli()
