"""`mazebook templates` lists the shipped templates and copies one to edit, never overwriting."""

from __future__ import annotations

from pathlib import Path

import pytest

from mazebook.app.cli import main
from mazebook.template import available_templates, load_template


def test_lists_every_shipped_template_with_a_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["templates"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert [line.split()[0] for line in lines] == available_templates()
    assert all(len(line.split(maxsplit=1)) == 2 for line in lines)  # each has a description


def test_copy_writes_a_template_that_builds_and_refuses_to_overwrite(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["templates", "copy", "children"]) == 0
    copied = tmp_path / "children.toml"
    assert load_template(str(copied)).title == load_template("children").title
    copied.write_text("# mine\n" + copied.read_text(encoding="utf-8"), encoding="utf-8")
    assert main(["templates", "copy", "children"]) == 2
    assert "already exists" in capsys.readouterr().err
    assert copied.read_text(encoding="utf-8").startswith("# mine")
    assert main(["templates", "copy", "a4", "mine/a4-book.toml"]) == 2  # no such folder
    assert main(["templates", "copy", "clasic"]) == 2
    assert 'did you mean "classic"' in capsys.readouterr().err
