"""The code stays ruff-clean and mypy-clean (both come with the test extras)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_clean() -> None:
    result = _run("ruff", "check", "mazebook", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_clean() -> None:
    result = _run("mypy", "mazebook")
    assert result.returncode == 0, result.stdout + result.stderr
