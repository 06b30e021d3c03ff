"""Front matter and section starts: copyright, belongs-to and own pages, sections on the right,
answers a page per section; page parity and the answer cross-references stay right."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pypdf import PdfReader

from mazebook import build_book
from mazebook.errors import TemplateError
from mazebook.pages.plan import FrontMatter, SectionInput, plan_book

from .padding import padded

TEMPLATE = '''
title = "Front"
copyright = "Copyright Ann Example. All rights reserved."
belongs_to = true
section_start = "right"
seed = 2
[[page]]
title = "For grown-ups"
body = """Pencil first.

Then pen."""
[[section]]
name = "One"
count = 3
difficulty = 1
answers_per_page = 2
[[section]]
name = "Two"
count = 4
difficulty = 2
'''


@pytest.mark.slow
def test_front_pages_parity_and_answer_pages(tmp_path: Path) -> None:
    path = tmp_path / "front.toml"
    path.write_text(TEMPLATE, encoding="utf-8")
    with padded():
        result = build_book(str(path), output=tmp_path / "front.pdf")
    reader = PdfReader(str(result.pdf))
    pages = [page.extract_text() or "" for page in reader.pages]
    assert len(pages) % 2 == 0 and len(pages) == result.page_count
    assert "Copyright Ann Example" in pages[1]  # on the back of the title
    assert "This book belongs to" in pages[2]
    assert "For grown-ups" in pages[3] and "Then pen." in pages[3]
    manifest = json.loads(result.manifest.read_text())
    for section in ("One", "Two"):
        header = next(i for i, text in enumerate(pages) if text.strip().startswith(section))
        assert (header + 1) % 2 == 1, f"{section} opens on page {header + 1}"
    for puzzle in manifest["puzzles"]:
        assert f"Puzzle {puzzle['number']}" in pages[puzzle["page"] - 1]
        assert f"Solution on page {puzzle['answer_page']}" in pages[puzzle["page"] - 1]
        assert f"Puzzle {puzzle['number']}" in pages[puzzle["answer_page"] - 1]
    one = [p["answer_page"] for p in manifest["puzzles"] if p["section"] == "One"]
    two = [p["answer_page"] for p in manifest["puzzles"] if p["section"] == "Two"]
    assert [one.count(page) for page in sorted(set(one))] == [2, 1]  # two answers a page
    assert not set(one) & set(two)  # section Two's answers start a page of their own


@pytest.mark.slow
@settings(max_examples=60)
@given(
    counts=st.lists(st.integers(1, 9), min_size=1, max_size=5),
    per_page=st.sampled_from([1, 2, 4]),
    answers=st.lists(st.sampled_from([None, 1, 2, 4, 6, 9]), min_size=5, max_size=5),
    right=st.booleans(),
    front=st.tuples(st.booleans(), st.booleans(), st.integers(0, 3)),
    min_pages=st.sampled_from([0, 24, 31]),
)
def test_every_plan_keeps_parity_and_references(
    counts: list[int],
    per_page: int,
    answers: list[int | None],
    right: bool,
    front: tuple[bool, bool, int],
    min_pages: int,
) -> None:
    sections = [SectionInput(f"S{i}", n, (1, 2), answers[i]) for i, n in enumerate(counts)]
    plan = plan_book(
        sections,
        puzzles_per_page=per_page,
        front=FrontMatter(*front),
        section_start="right" if right else "any",
        min_pages=min_pages,
    )
    assert plan.page_count % 2 == 0 and plan.page_count >= min_pages
    used = (
        [p for _, p in plan.front_pages]
        + list(plan.contents_pages)
        + [s.header_page for s in plan.sections]
        + sorted({p.page for p in plan.puzzles})
        + list(plan.answer_pages)
        + list(plan.blank_pages)
    )
    assert sorted(used) == list(range(1, plan.page_count + 1))  # every page once, none lost
    if right:
        assert all(s.header_page % 2 == 1 for s in plan.sections)
    for puzzle in plan.puzzles:
        per = sections[puzzle.section].answers_per_page or plan.answers_per_page
        assert plan.answers_on(puzzle.answer_page) == per
        assert 0 <= puzzle.answer_slot < per
    slots = [(p.answer_page, p.answer_slot) for p in plan.puzzles]
    assert len(set(slots)) == len(slots)


@pytest.mark.parametrize(
    ("language", "one", "many"),
    [
        ("en", "1 maze ·", "mazes ·"),
        ("de", "1 Labyrinth ·", "Labyrinthe ·"),
        ("fr", "1 labyrinthe ·", "labyrinthes ·"),
        ("es", "1 laberinto ·", "laberintos ·"),
    ],
)
def test_a_book_of_one_maze_says_so_in_the_singular(
    tmp_path: Path, language: str, one: str, many: str
) -> None:
    """The title page counts its mazes: '1 maze', never '1 mazes', in every language."""
    for count, want, never in ((1, one, many), (2, "2 " + many, one)):
        toml = tmp_path / f"{language}{count}.toml"
        toml.write_text(
            f'title = "T"\nlanguage = "{language}"\nprinter = "home"\n'
            f"[[section]]\ncount = {count}\ndifficulty = 2\n"
        )
        pdf = build_book(str(toml), output=tmp_path / f"{language}{count}.pdf").pdf
        words = " ".join(page.extract_text() for page in PdfReader(pdf).pages[:2])
        assert want in words and never not in words


@pytest.mark.parametrize(
    ("language", "alone", "range_"),
    [
        ("en", "Answer · puzzle 5", "Answers · puzzles 1–4"),
        ("de", "Lösung · Rätsel 5", "Lösungen · Rätsel 1–4"),
        ("fr", "Solution · labyrinthe 5", "Solutions · labyrinthes 1 à 4"),
        ("es", "Solución · laberinto 5", "Soluciones · laberintos 1–4"),
    ],
)
def test_an_answer_page_of_one_answer_names_one_puzzle(
    tmp_path: Path, language: str, alone: str, range_: str
) -> None:
    """Five answers at four a page: the last page heads 'puzzle 5', never 'puzzles 5–5'."""
    toml = tmp_path / "five.toml"
    toml.write_text(
        f'title = "T"\nlanguage = "{language}"\nprinter = "home"\nanswers_per_page = 4\n'
        "[[section]]\ncount = 5\ndifficulty = 2\n"
    )
    pdf = build_book(str(toml), output=tmp_path / "f.pdf").pdf
    pages = [page.extract_text() for page in PdfReader(pdf).pages]
    assert any(range_ in text for text in pages)
    assert any(alone in text for text in pages)
    assert not any("5–5" in text or "5 à 5" in text for text in pages)


def test_a_templates_own_summary_serves_a_single_maze_too(tmp_path: Path) -> None:
    toml = tmp_path / "own.toml"
    toml.write_text(
        'title = "T"\nprinter = "home"\n[text]\nsummary = "{count} puzzles inside"\n'
        "[[section]]\ncount = 1\ndifficulty = 2\n"
    )
    pdf = build_book(str(toml), output=tmp_path / "own.pdf").pdf
    words = " ".join(page.extract_text() for page in PdfReader(pdf).pages[:2])
    assert "1 puzzles inside" in words  # the template's words, as written


def _one_maze_book(path: Path, extra: str) -> Path:
    path.write_text(
        'title = "T"\nprinter = "home"\n' + extra + "\n[[section]]\ncount = 1\ndifficulty = 1\n",
        encoding="utf-8",
    )
    return path


@pytest.mark.slow
@settings(max_examples=12, deadline=None)
@given(st.integers(1, 900), st.sampled_from(["page", "how_to_play", "copyright"]))
def test_a_text_page_prints_every_word_or_is_refused(words: int, where: str) -> None:
    """A [[page]] body, a how-to text or a copyright either prints every one of its words, or
    the book is refused in one line naming its key: nothing is dropped off the page."""
    import tempfile

    body = " ".join(f"w{i:03d}" for i in range(words))
    extra = {
        "page": f'[[page]]\ntitle = "Notes"\nbody = "{body}"',
        "how_to_play": f'[text]\nhow_to_play = "{body}"',
        "copyright": f'copyright = "{body}"',
    }[where]
    with tempfile.TemporaryDirectory() as folder:
        template = _one_maze_book(Path(folder) / "t.toml", extra)
        try:
            pdf = build_book(str(template), output=Path(folder) / "t.pdf").pdf
        except TemplateError as exc:
            assert str(exc).count("\n") == 0
            assert exc.key == {"page": "page", "how_to_play": "text.how_to_play"}.get(where, where)
            assert "runs over its page" in str(exc)
            return
        text = " ".join(page.extract_text() for page in PdfReader(pdf).pages)
        assert all(f"w{i:03d}" in text for i in range(words))


@pytest.mark.parametrize("where", ["page", "how_to_play", "copyright"])
def test_a_text_too_long_for_its_page_is_refused(tmp_path: Path, where: str) -> None:
    body = " ".join(["word"] * 900)  # 4,499 characters, within MAX_TEXT
    lines = "\\n".join(["(c)"] * 900)  # the copyright keeps its line breaks
    extra = {
        "page": f'[[page]]\ntitle = "Notes"\nbody = "{body}"',
        "how_to_play": f'[text]\nhow_to_play = "{body}"',
        "copyright": f'copyright = "{lines}"',
    }[where]
    with pytest.raises(TemplateError, match="runs over its page") as caught:
        build_book(str(_one_maze_book(tmp_path / "t.toml", extra)), output=tmp_path / "t.pdf")
    assert "t.toml" in str(caught.value)
    assert not (tmp_path / "t.pdf").exists()


def test_the_running_head_rule_stays_clear_of_the_gutter(tmp_path: Path) -> None:
    """The rule under a running head starts and ends at least 0.5 pt inside the margins (read
    from the PDF's drawing, against the layout's content box of each page)."""
    import re

    from pypdf import PdfReader

    from mazebook.products.book import plan_layout
    from mazebook.template import load_template

    result = build_book("classic", output=tmp_path / "c.pdf")
    _, plan, layout = plan_layout(load_template("classic"))
    reader = PdfReader(result.pdf)
    checked = 0
    for number in (plan.puzzles[0].page, plan.puzzles[1].page, plan.answer_pages[0]):
        ops = reader.pages[number - 1].get_contents().get_data().decode("latin-1")
        rules = re.findall(r"\.6 G\n\.75 w\nn ([0-9.]+) ([0-9.]+) m ([0-9.]+) [0-9.]+ l S", ops)
        assert rules, f"no running-head rule on page {number}"
        x0, _, x1 = (float(v) for v in rules[0])
        content = layout.frame(number).content
        assert x0 >= content.x + 0.5 - 1e-6 and x1 <= content.right - 0.5 + 1e-6
        checked += 1
    assert checked == 3
