"""The two kinds of rule maze wherever a maze goes: `mazebook kinds`, sections and their
refusals, levels on the pages, books with --svg-dir and their manifest, the How-to-play page,
worksheets in every language, class sets, and a book's puzzle made again from its record by
`mazebook maze --puzzle`."""

from __future__ import annotations

import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any
from xml.etree import ElementTree

import pytest
from pypdf import PdfReader

from mazebook import build_book
from mazebook.app.cli import main
from mazebook.difficulty.levels import band, level_of
from mazebook.errors import TemplateError
from mazebook.geometry.rules import (
    ARROW_GAP,
    ARROW_HEAD_MIN,
    KEYS_MIN_CELL,
    ONE_WAY_MIN_CELL,
    RULE_LETTER_MIN,
    arrow_parts,
    door_box,
    key_shape,
    letter_size,
)
from mazebook.geometry.style import MIN_PRINT_LINE
from mazebook.kinds import KINDS, check_sections
from mazebook.pages.document import answer_style, puzzle_style
from mazebook.printing.rules import PrintWarning
from mazebook.products.book import prepare
from mazebook.template.load import parse_template
from mazebook.template.texts import LANGUAGES, SHIPPED

from .rulesolve import Puzzle, solve

RULE_KINDS = ("one-way", "keys")
SVG = "{http://www.w3.org/2000/svg}"


def test_mazebook_kinds_lists_both_with_their_levels(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kinds"]) == 0
    lines = {line.split()[0]: line for line in capsys.readouterr().out.splitlines()}
    for name in RULE_KINDS:
        low, high = KINDS[name].levels
        assert f"levels {low}-{high}" in lines[name] and high == 10


@pytest.mark.parametrize("name", RULE_KINDS)
@pytest.mark.parametrize(
    ("keys", "key"),
    [
        ('shape = "hex"', "shape"),
        ("weave = 0.3", "weave"),
        ("braid = 0.2", "braid"),
        ('shape = "mask"\nmask = "heart"', "mask"),
    ],
)
def test_a_section_asking_what_a_rule_maze_cannot_be_is_refused(
    name: str, keys: str, key: str
) -> None:
    text = f'title = "t"\n[[section]]\nname = "Odd"\npuzzle = "{name}"\n{keys}\n'
    template = parse_template(text, source="odd.toml")
    with pytest.raises(TemplateError) as caught:
        check_sections(template)
    message = str(caught.value)
    assert "\n" not in message and f'key "{key}"' in message and "'Odd'" in message
    assert "odd.toml" in message


@pytest.mark.parametrize("name", RULE_KINDS)
@pytest.mark.parametrize("page", ["letter", "6x9in"])
def test_level_8_fits_one_a_page_on_letter_and_6x9(name: str, page: str) -> None:
    text = f'title = "t"\npage_size = "{page}"\n[[section]]\npuzzle = "{name}"\ndifficulty = 8\n'
    template = parse_template(text)
    check_sections(template)
    setup = prepare(template)  # a level the page cannot hold is refused here
    assert setup.plan.puzzles[0].level == 8


# --- a book ---------------------------------------------------------------------------------

BOOK = """title = "Rule mazes"
page_size = "letter"
printer = "home"
seed = 11
[[section]]
name = "Arrows"
puzzle = "one-way"
count = 3
difficulty = [3, 8]
[[section]]
name = "Doors"
puzzle = "keys"
count = 3
difficulty = [4, 9]
"""


@pytest.fixture(scope="module")
def book(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    folder = tmp_path_factory.mktemp("rules-book")
    template = folder / "rules.toml"
    template.write_text(BOOK, "utf-8")
    pdf = folder / "rules.pdf"
    argv = ["build", "-q", str(template), "-o", str(pdf), "--svg-dir", str(folder / "svg")]
    assert main(argv) == 0
    return pdf, json.loads((folder / "rules.json").read_text("utf-8"))


def test_the_manifest_records_each_rule_puzzle(book: tuple[Path, dict[str, Any]]) -> None:
    _, manifest = book
    puzzles = manifest["puzzles"]
    assert [p["puzzle"] for p in puzzles] == ["one-way"] * 3 + ["keys"] * 3
    for p in puzzles:
        assert p["kind"] == p["puzzle"]
        low, high = band(p["level"])
        assert low <= p["effort"] <= high and level_of(p["effort"]) == p["level"]
        if p["puzzle"] == "one-way":
            assert p["one_way_count"] > 0 and "doors" not in p
            assert p["effort"] == min(p["effort_forward"], p["effort_backward"])
        else:
            assert p["doors"] >= p["keys"] >= 1 and "one_way_count" not in p
            assert "effort_backward" not in p and p["effort"] == p["effort_forward"]
    letters = [p["keys"] for p in puzzles if p["puzzle"] == "keys"]
    assert letters == sorted(letters) and letters[0] < letters[-1]


def _flags(record: dict[str, Any]) -> list[str]:
    """`mazebook maze` flags that make a book's rule puzzle again from its record."""
    flags = [
        "--puzzle",
        record["puzzle"],
        "--level",
        str(record["level"]),
        "--algorithm",
        record["algorithm"],
        "--size",
        f"{record['width']}x{record['height']}",
        "--seed",
        str(record["seed"]),
    ]
    for key, value in record["options"].items():
        if key == "openings":
            flags += ["--openings", value]
        else:
            flags += ["-O", f"{key}={json.dumps(value)}"]
    return flags


def test_each_puzzle_is_made_again_from_its_record(
    book: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    pdf, manifest = book
    for record in manifest["puzzles"]:
        number = record["number"]
        svg = tmp_path / f"{number}.svg"
        assert main(["maze", *_flags(record), "-f", "svg", "-o", str(svg)]) == 0
        staged = pdf.parent / "svg" / f"puzzle-{number:03d}.svg"
        assert svg.read_bytes() == staged.read_bytes()  # the same walls, arrows, doors, keys
        out = tmp_path / f"{number}.json"
        assert main(["maze", *_flags(record), "-f", "json", "-o", str(out)]) == 0
        data = json.loads(out.read_text())
        assert len(data["solution"]) == record["solution_length"]
        assert len(data.get("one_way", [])) == record.get("one_way_count", 0)
        assert len(data.get("doors", [])) == record.get("doors", 0)
        solved = solve(Puzzle.from_json(data))
        assert solved is not None and solved.count == 1
        assert data["metrics"]["bfs_expanded"] == record["metrics"]["bfs_expanded"]


def _page_text(pdf: Path, index: int) -> str:
    return " ".join(PdfReader(pdf).pages[index].extract_text().split())


def test_how_to_play_explains_a_rule_only_in_a_book_that_has_it(
    book: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    pdf, _ = book
    howto = _page_text(pdf, 1)
    assert "One-way streets:" in howto and "Keys and doors:" in howto
    plain = tmp_path / "plain.toml"
    plain_book = BOOK.replace('puzzle = "one-way"', 'puzzle = "maze"')
    plain.write_text(plain_book.split('[[section]]\nname = "Doors"')[0], "utf-8")
    assert main(["build", "-q", str(plain), "-o", str(tmp_path / "plain.pdf")]) == 0
    text = _page_text(tmp_path / "plain.pdf", 1)
    assert "How to play" in text and "One-way" not in text and "Keys and doors" not in text


def test_the_answer_numbers_the_keys_in_the_order_picked_up(
    book: tuple[Path, dict[str, Any]], tmp_path: Path
) -> None:
    pdf, manifest = book
    for record in manifest["puzzles"]:
        if record["puzzle"] != "keys":
            continue
        out = tmp_path / "k.json"
        assert main(["maze", *_flags(record), "-f", "json", "-o", str(out)]) == 0
        puzzle = Puzzle.from_json(json.loads(out.read_text()))
        solved = solve(puzzle)
        assert solved is not None
        order: dict[str, int] = {}
        for cell, _ in solved.walk:
            if cell in puzzle.keys and puzzle.keys[cell] not in order:
                order[puzzle.keys[cell]] = len(order) + 1
        svg = (pdf.parent / "svg" / f"solution-{record['number']:03d}.svg").read_text()
        drawn = {}
        for group in ElementTree.fromstring(svg).iter(f"{SVG}g"):
            if group.get("class") == "key":
                texts = {t.get("fill"): t.text for t in group.iter(f"{SVG}text")}
                drawn[texts["black"]] = int(texts["white"] or 0)
        assert drawn == order and sorted(order.values()) == list(range(1, record["keys"] + 1))


def test_a_book_is_the_same_bytes_twice(tmp_path: Path) -> None:
    template = tmp_path / "rules.toml"
    template.write_text(BOOK.replace("count = 3", "count = 1"), "utf-8")
    outputs = []
    for run in ("a", "b"):
        pdf = tmp_path / run / "rules.pdf"
        pdf.parent.mkdir()
        assert main(["build", "-q", str(template), "-o", str(pdf)]) == 0
        outputs.append((pdf.read_bytes(), (pdf.parent / "rules.json").read_bytes()))
    assert outputs[0] == outputs[1]


# --- worksheets and class sets --------------------------------------------------------------


@pytest.mark.parametrize("language", SHIPPED)
@pytest.mark.parametrize("name", RULE_KINDS)
def test_a_sheet_says_its_rule_in_its_own_language(
    tmp_path: Path, name: str, language: str
) -> None:
    template = tmp_path / "sheet.toml"
    template.write_text(
        f'kind = "worksheet"\nlanguage = "{language}"\n[[section]]\npuzzle = "{name}"\n'
        "count = 2\ndifficulty = 4\n",
        "utf-8",
    )
    pdf = tmp_path / "sheet.pdf"
    assert main(["build", "-q", str(template), "-o", str(pdf)]) == 0
    text = _page_text(pdf, 0)
    words = LANGUAGES[language]
    key = "instruction_one_way" if name == "one-way" else "instruction_keys"
    said = words[key].format(start=words["start"], finish=words["finish"])
    assert " ".join(said.split()) in text
    if language != "en":
        english = LANGUAGES["en"]
        for other in ("instruction", key):
            line = english[other].format(start=english["start"], finish=english["finish"])
            assert line.split(".")[0] not in text


@pytest.mark.parametrize("name", RULE_KINDS)
def test_a_class_set_gives_every_pupil_a_fair_puzzle(tmp_path: Path, name: str) -> None:
    template = tmp_path / "class.toml"
    template.write_text(
        'kind = "worksheet"\nnames = ["Ana", "Ben", "Chloé", "Dan", "Eva"]\n'
        f'puzzles_per_page = 2\n[[section]]\npuzzle = "{name}"\ncount = 2\ndifficulty = [4, 6]\n',
        "utf-8",
    )
    assert main(["build", "-q", str(template), "-o", str(tmp_path / "class.pdf")]) == 0
    manifest = json.loads((tmp_path / "class.json").read_text("utf-8"))
    slots: dict[int, list[dict[str, Any]]] = defaultdict(list)
    for puzzle in manifest["puzzles"]:
        slots[puzzle["slot"]].append(puzzle)
    for puzzles in slots.values():
        assert len({(p["width"], p["height"], p["algorithm"]) for p in puzzles}) == 1
        median = statistics.median(p["effort"] for p in puzzles)
        assert all(abs(p["effort"] - median) <= 0.1 * median for p in puzzles)
        bfs = [p["metrics"]["bfs_expanded"] for p in puzzles]
        assert max(bfs) <= 1.25 * min(bfs)
        assert len({p["seed"] for p in puzzles}) == len(puzzles)


# --- the marks ------------------------------------------------------------------------------


@pytest.mark.parametrize("scale", [ONE_WAY_MIN_CELL, 9.92, 12.0, 20.0, 36.0, 72.0])
@pytest.mark.parametrize("answer", [False, True])
def test_an_arrow_keeps_its_least_sizes_inside_its_passage(scale: float, answer: bool) -> None:
    wall = (answer_style(scale) if answer else puzzle_style(scale)).wall_width
    for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1)):
        shaft, head, width = arrow_parts(0.0, 0.0, dx, dy, scale)  # on the line between cells
        tip, p, q = head
        assert (abs(tip[0] - (p[0] + q[0]) / 2) + abs(tip[1] - (p[1] + q[1]) / 2)) * scale >= (
            ARROW_HEAD_MIN - 1e-9
        )
        assert width * scale >= MIN_PRINT_LINE
        # off the centre line: the head's corners, or the shaft's half width
        across = max(max(abs(x * dy - y * dx) for x, y in head), width / 2) * scale
        along = max(abs(x * dx + y * dy) for x, y in [*shaft, *head]) * scale
        # clear of the passage's side walls (half a cell off the line) and of its ends
        assert across + wall / 2 + ARROW_GAP <= scale / 2 + 1e-9
        assert along + width * scale / 2 + wall / 2 + ARROW_GAP <= scale + 1e-9


@pytest.mark.parametrize("scale", [KEYS_MIN_CELL, 16.0, 30.0, 72.0])
def test_doors_and_keys_letters_are_at_least_7_pt_and_stay_in_their_cells(scale: float) -> None:
    assert letter_size(scale) >= RULE_LETTER_MIN
    wall = puzzle_style(scale).wall_width / 2 / scale
    shape = key_shape(0.5, 0.5, scale)
    bx, _, r = shape.bow
    assert bx - r > wall and shape.lines[:, [0, 2]].max() < 1 - wall
    box = door_box(1.0, 0.5, 1.0, 0.0, scale)  # the door between two cells side by side
    assert box[:, 1].min() > wall and box[:, 1].max() < 1 - wall


@pytest.mark.parametrize("language", SHIPPED)
def test_the_rules_fit_the_how_to_page_of_the_smallest_book(tmp_path: Path, language: str) -> None:
    template = tmp_path / "small.toml"
    template.write_text(
        f'title = "t"\npage_size = "5x8in"\nlanguage = "{language}"\nprinter = "kdp"\n'
        '[[section]]\npuzzle = "one-way"\ncount = 1\ndifficulty = 4\n'
        '[[section]]\npuzzle = "keys"\ncount = 1\ndifficulty = 4\n',
        "utf-8",
    )
    pdf = tmp_path / "small.pdf"
    with pytest.warns(PrintWarning):  # a short book: notes pages are added
        build_book(template, output=pdf)
    text = _page_text(pdf, 1)
    words = LANGUAGES[language]
    for key in ("how_to_play_one_way", "how_to_play_keys"):
        paragraph = words[key].format(start=words["start"], finish=words["finish"])
        assert paragraph.split()[-1] in text and paragraph.split()[0] in text


@pytest.mark.parametrize("name", RULE_KINDS)
def test_an_option_no_generator_takes_is_refused_naming_options(
    tmp_path: Path, name: str, capsys: pytest.CaptureFixture[str]
) -> None:
    template = tmp_path / "odd.toml"
    template.write_text(
        f'title = "t"\n[[section]]\nname = "Odd"\npuzzle = "{name}"\noptions = {{ inner = 3 }}\n',
        "utf-8",
    )
    assert main(["build", "-q", str(template), "-o", str(tmp_path / "odd.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and 'key "options"' in err and "'Odd'" in err
    assert not (tmp_path / "odd.pdf").exists()
