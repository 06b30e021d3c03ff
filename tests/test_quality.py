"""The code stays ruff-clean, ruff-formatted and mypy --strict clean (tools from the test
extras, stub packages pinned there, so the result does not depend on what else is installed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff_clean() -> None:
    result = _run("ruff", "check", "mazebook", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


def test_ruff_formatted() -> None:
    result = _run("ruff", "format", "--check", "mazebook", "tests")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_clean() -> None:
    # the [tool.mypy] table of pyproject.toml sets strict = true
    result = _run("mypy", "mazebook")
    assert result.returncode == 0, result.stdout + result.stderr
