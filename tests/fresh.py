"""A script run in a fresh interpreter that sees only this checkout: what a command loads is
read from its ``sys.modules``, not from the test session's (tests/test_startup.py,
tests/test_first_maze.py)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent


def run_fresh(script: str, argv: list[str], cwd: Path, env: dict[str, str]) -> Any:
    """Run ``script`` with ``argv`` in a fresh interpreter in ``cwd`` (only ``env``, the
    checkout on its path); what it prints, read as JSON. The interpreter must exit 0."""
    out = subprocess.run(
        [sys.executable, "-c", script, *argv],
        cwd=cwd,
        env={**env, "PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)
