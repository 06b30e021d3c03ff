"""A first maze loads only what it needs (issue 33, point 3: `mazebook maze -s 20x20 -f svg`
within 6x a plain script): the language it speaks and no other, read without
importlib.resources; no page sizes, silhouettes or typed-text tables unless asked for. How fast
it starts is measured by tests/bench_startup.py, not here.
"""

from __future__ import annotations

import json
import tomllib
from importlib import resources
from pathlib import Path

import pytest

from mazebook.app.commands.common import PAGE_NAMES
from mazebook.printing.units import PAGE_SIZES
from mazebook.template.texts import LANGUAGES, SHIPPED, load_language

from .fresh import run_fresh

ROOT = Path(__file__).resolve().parent.parent

#: Modules a plain first maze has no use for.
UNNEEDED = (
    "importlib.resources",
    "mazebook.printing.units",
    "mazebook.core.shapes.silhouettes",
    "mazebook.template.visible",
)

PROBE = """
import json, os, sys
from mazebook.app.cli import main
from mazebook.template import texts
code = main(sys.argv[1:])
wanted = json.loads(os.environ["UNNEEDED"])
sys.stdout.write(json.dumps([code, [m for m in wanted if m in sys.modules],
                             sorted(texts.LANGUAGES._sets)]))
"""


def probe(argv: list[str], cwd: Path) -> tuple[int, list[str], list[str]]:
    """Exit code, the UNNEEDED modules loaded and the languages read by ``mazebook ARGV`` in a
    fresh interpreter."""
    code, modules, languages = run_fresh(PROBE, argv, cwd, {"UNNEEDED": json.dumps(UNNEEDED)})
    return code, modules, languages


@pytest.mark.parametrize("language", ["en", "fr"])
def test_a_first_maze_reads_its_language_only(tmp_path: Path, language: str) -> None:
    argv = ["maze", "-s", "20x20", "-f", "svg", "-o", "x.svg", "--language", language]
    code, modules, languages = probe(argv, tmp_path)
    assert code == 0 and (tmp_path / "x.svg").stat().st_size > 0
    assert modules == []
    assert languages == [language]


def test_a_level_maze_and_a_silhouette_load_what_they_use(tmp_path: Path) -> None:
    code, modules, _ = probe(["maze", "--level", "2", "--page", "a5", "-o", "x.svg"], tmp_path)
    assert code == 0 and "mazebook.printing.units" in modules
    code, modules, _ = probe(["maze", "--shape", "heart", "-s", "12x12", "-o", "y.svg"], tmp_path)
    assert code == 0 and "mazebook.core.shapes.silhouettes" in modules
    assert "<svg" in (tmp_path / "y.svg").read_text(encoding="utf-8")


@pytest.mark.parametrize("code", SHIPPED)
def test_each_language_read_alone_is_the_packaged_file(code: str) -> None:
    """The loader's reading of one file is importlib.resources' reading of it."""
    folder = resources.files("mazebook") / "data" / "languages"
    text = (folder / f"{code}.toml").read_text(encoding="utf-8")
    want = load_language(tomllib.loads(text), source=code, schema=False)
    assert dict(LANGUAGES[code]) == dict(want)
    assert LANGUAGES[code] is LANGUAGES[code]  # read once


def test_an_unknown_language_is_no_key() -> None:
    with pytest.raises(KeyError):
        LANGUAGES["xx"]
    assert list(LANGUAGES) == list(SHIPPED) and len(LANGUAGES) == len(SHIPPED)


def test_the_page_names_are_the_page_sizes() -> None:
    assert tuple(PAGE_SIZES) == PAGE_NAMES
