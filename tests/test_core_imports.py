"""The core never imports reportlab, svgwrite or TOML code (checked in a fresh interpreter)."""

from __future__ import annotations

import json
import subprocess
import sys

CORE = [
    "mazebook",
    "mazebook.engine",
    "mazebook.grid",
    "mazebook.maze",
    "mazebook.generators",
    "mazebook.solve",
    "mazebook.metrics",
]
FORBIDDEN = ("reportlab", "svgwrite", "tomllib", "tomli", "jsonschema")


def test_core_imports_no_writers_or_toml() -> None:
    code = (
        "import importlib, json, sys\n"
        f"for m in {CORE!r}: importlib.import_module(m)\n"
        "import mazebook\n"
        "mazebook.generate('backtracker', 5, 5, seed=1)\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    bad = [m for m in loaded if m.split(".")[0] in FORBIDDEN]
    assert bad == []
    assert "mazebook.generators.backtracker" in loaded  # the import really happened
