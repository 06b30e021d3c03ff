"""Every code example of the README runs: Python blocks are executed, command lines are run
through the CLI, TOML blocks are read as templates. The first block holds exactly the two
commands (install and build; install the test extras and test)."""

from __future__ import annotations

import os
import re
import shlex
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

from mazebook.app.cli import main
from mazebook.template import template_from_data
from tests.fontmaker import tiny_font

README = Path(__file__).resolve().parent.parent / "README.md"

#: A fence opening: ``` or ```lang, indented inside a list item or not.
_FENCE = re.compile(r"^(\s*)```(\w*)\s*$")


def code_blocks(text: str) -> list[tuple[str, str, int]]:
    """(language, body, first line number) of every fenced block, in order."""
    blocks = []
    lang, body, start, indent = "", [], 0, ""
    inside = False
    for number, line in enumerate(text.splitlines(), start=1):
        match = _FENCE.match(line)
        if match and not inside:
            inside, indent, lang, body, start = True, match[1], match[2], [], number + 1
        elif inside and line.strip() == "```":
            inside = False
            blocks.append((lang, "\n".join(body), start))
        elif inside:
            body.append(line.removeprefix(indent))
    return blocks


def _is_synopsis(line: str) -> bool:
    """A usage line (`mazebook build [TEMPLATE] ...`), not an example to run."""
    return "[" in line or re.search(r"\b(FILE|TEMPLATE|DIR|NAME)\b", line) is not None


def command_lines(blocks: list[tuple[str, str, int]]) -> Iterator[tuple[str, int]]:
    """Runnable `mazebook ...` lines of the shell blocks (comments stripped), with line numbers."""
    for lang, body, start in blocks[1:]:
        if lang not in ("", "sh", "shell", "console"):
            continue
        for offset, raw in enumerate(body.splitlines()):
            line = raw.split("  #")[0].strip()
            if line.startswith("$ "):
                line = line[2:]
            if line.startswith("mazebook ") and ": error:" not in line and not _is_synopsis(line):
                yield line, start + offset


BLOCKS = code_blocks(README.read_text(encoding="utf-8"))


def _files_named(tmp_path: Path, words: list[str]) -> None:
    """Make the input files that examples name (an image, a font), as a user would have them."""
    for word in words:
        if word.endswith(".png"):
            from PIL import Image, ImageDraw

            image = Image.new("L", (40, 40), 255)
            ImageDraw.Draw(image).ellipse((4, 4, 36, 36), fill=0)
            image.save(tmp_path / word)
        elif word.endswith(".ttf") and not Path(word).is_absolute():
            tiny_font(tmp_path / word, "迷宫练习·–" + string.printable.strip())
        elif word.endswith(".txt"):  # a class's names file
            (tmp_path / word).write_text("Zoë\nŁukasz\nNguyễn Thị Minh Khai\n", encoding="utf-8")


def test_first_block_is_the_two_commands() -> None:
    _, body, _ = BLOCKS[0]
    lines = body.splitlines()
    assert len(lines) == 2
    assert "pip install" in lines[0] and "mazebook build" in lines[0]
    assert "pip install" in lines[1] and "pytest" in lines[1] and ".[test]" in lines[1]


def test_the_lines_need_only_python3_and_run_from_the_checkouts_venv() -> None:
    """Both lines work where only `python3` exists and nothing is activated: each makes or
    reuses .venv and calls its programs by path (never a bare `python`, `pip` or `mazebook`)."""
    for line in BLOCKS[0][1].splitlines():
        parts = [part.strip() for part in line.split("&&")]
        assert parts[0] == "python3 -m venv .venv", line
        assert all(part.startswith(".venv/bin/python -m ") for part in parts[1:]), line


def test_ci_runs_the_readmes_test_line_exactly() -> None:
    """.ci/run runs the README's second line as it is written, not a look-alike."""
    ci = (README.parent / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert BLOCKS[0][1].splitlines()[1] in ci


@pytest.fixture(scope="module")
def readme_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """One folder for all command examples, run in README order: a later step (build the
    copied template) uses what an earlier one (copy it) made, as a reader's would."""
    return tmp_path_factory.mktemp("readme")


@pytest.mark.slow
@pytest.mark.parametrize(("line", "number"), list(command_lines(BLOCKS)), ids=lambda v: str(v)[:60])
def test_command_example_runs(
    readme_folder: Path, monkeypatch: pytest.MonkeyPatch, line: str, number: int
) -> None:
    words = shlex.split(line)[1:]
    if words[0] == "serve":  # a server runs until stopped: check that the command is there
        words = [*words, "--help"]
    monkeypatch.chdir(readme_folder)
    _files_named(readme_folder, words)
    assert main(words) == 0, f"README line {number}: {line}"


PYTHON_BLOCKS = [(body, start) for lang, body, start in BLOCKS if lang == "python"]


@pytest.mark.parametrize(("body", "number"), PYTHON_BLOCKS, ids=lambda v: str(v)[:30])
def test_python_example_runs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, body: str, number: int
) -> None:
    monkeypatch.chdir(tmp_path)
    exec(compile(body, f"README.md:{number}", "exec"), {})
    assert any(os.scandir(tmp_path)) or "save" not in body


TOML_BLOCKS = [(body, start) for lang, body, start in BLOCKS if lang == "toml"]


@pytest.mark.parametrize(("body", "number"), TOML_BLOCKS, ids=lambda v: str(v)[:30])
def test_toml_example_is_a_valid_template(body: str, number: int) -> None:
    import tomllib

    data = tomllib.loads(body)
    if "title" not in data:  # a fragment (one table): checked inside a minimal template
        data = tomllib.loads(f'title = "T"\n{body}\n[[section]]\n')
    template = template_from_data(data, name="readme", source=f"README.md:{number}")
    assert template.sections


def test_the_reader_finds_every_kind_of_example() -> None:
    """The examples above are really collected (a README change cannot make them vanish)."""
    assert PYTHON_BLOCKS and TOML_BLOCKS
    assert len(list(command_lines(BLOCKS))) >= 5
