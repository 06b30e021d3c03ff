"""The shipped kinds are loaded when a section asks for one (issue 33: a book of plain mazes
imports none of the rule mazes, word trails or number paths), and the registry's table of
their keys is the kinds' own."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mazebook.kinds.registry import KINDS, SHIPPED, own_keys

from .fresh import run_fresh

#: The modules of the kinds other than the plain maze.
OTHER_KINDS = [f"mazebook.kinds{module}" for module, _, _ in SHIPPED.values() if module != ".maze"]

PROBE = """
import json, os, sys
from mazebook.app.cli import main
code = main(sys.argv[1:])
wanted = json.loads(os.environ["WANTED"])
sys.stdout.write(json.dumps([code, [m for m in wanted if m in sys.modules]]))
"""


@pytest.mark.parametrize("name", list(SHIPPED))
def test_the_table_says_each_kinds_own_keys_and_name(name: str) -> None:
    kind = KINDS[name]
    assert kind.name == name
    assert own_keys(name) == kind.own_keys
    assert type(kind).__name__ == SHIPPED[name][1]


def test_the_shipped_kinds_keep_their_order() -> None:
    assert list(KINDS.shipped()) == ["maze", "number-path", "word-trail", "one-way", "keys"]


def _book(tmp_path: Path, extra: str) -> list[str]:
    template = tmp_path / "book.toml"
    template.write_text(
        'title = "T"\npage_size = "6x9in"\nbleed = false\ncover = false\nseed = 3\n'
        "[[section]]\ncount = 2\ndifficulty = 2\n" + extra,
        encoding="utf-8",
    )
    return ["build", str(template), "-o", str(tmp_path / "b.pdf"), "--quiet"]


def test_a_book_of_mazes_loads_no_other_kind(tmp_path: Path) -> None:
    code, loaded = run_fresh(
        PROBE, _book(tmp_path, ""), tmp_path, {"WANTED": json.dumps(OTHER_KINDS)}
    )
    assert code == 0 and (tmp_path / "b.pdf").stat().st_size > 0
    assert loaded == []


def test_a_word_trail_section_loads_its_kind(tmp_path: Path) -> None:
    extra = '[[section]]\npuzzle = "word-trail"\nwords = ["CAT"]\ncount = 1\ndifficulty = 3\n'
    code, loaded = run_fresh(
        PROBE, _book(tmp_path, extra), tmp_path, {"WANTED": json.dumps(OTHER_KINDS)}
    )
    assert code == 0
    assert loaded == ["mazebook.kinds.word_trail"]


def test_another_kinds_key_is_still_refused_by_name(tmp_path: Path) -> None:
    from mazebook.errors import TemplateError
    from mazebook.kinds import check_sections
    from mazebook.template.load import load_template

    path = tmp_path / "t.toml"
    path.write_text(
        'title = "T"\n[[section]]\ncount = 1\ndifficulty = 2\nstep = 3\n', encoding="utf-8"
    )
    with pytest.raises(TemplateError, match='puzzle = "number-path"'):
        check_sections(load_template(path))


def _ask_at_once(shipped: object, threads: int) -> list[object]:
    """What ``threads`` threads, released together, each get for "word-trail"."""
    import threading

    got: list[object] = []
    start = threading.Barrier(threads)

    def ask() -> None:
        start.wait()
        got.append(shipped["word-trail"])  # type: ignore[index]

    workers = [threading.Thread(target=ask) for _ in range(threads)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join()
    return got


def test_threads_asking_for_a_kind_at_once_all_get_one_instance() -> None:
    from mazebook.kinds.registry import _builtins

    for _ in range(5):
        got = _ask_at_once(_builtins(), 8)
        assert len(got) == 8 and all(kind is got[0] for kind in got)
