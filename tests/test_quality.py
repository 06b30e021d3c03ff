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


@pytest.mark.slow
def test_ruff_clean() -> None:
    result = _run("ruff", "check", "mazebook", "tests", "docs")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_ruff_formatted() -> None:
    result = _run("ruff", "format", "--check", "mazebook", "tests", "docs")
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.slow
def test_mypy_strict_clean() -> None:
    # the [tool.mypy] table of pyproject.toml sets strict = true
    result = _run("mypy", "mazebook")
    assert result.returncode == 0, result.stdout + result.stderr


def test_every_package_is_installed() -> None:
    """pyproject's package list names every folder of mazebook with an __init__.py, so a plain
    `pip install .` (not editable) carries all of the code."""
    import tomllib

    listed = set(
        tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"]
    )
    found = {
        ".".join(path.parent.relative_to(ROOT).parts)
        for path in (ROOT / "mazebook").rglob("__init__.py")
    }
    assert found <= listed, sorted(found - listed)
