"""Templates: finding them, defaults, and a one-line message for every kind of bad value."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from mazebook.core.generators import REGISTRY
from mazebook.errors import TemplateError
from mazebook.printing.units import parse_length, parse_page_size
from mazebook.template import load as template_mod
from mazebook.template.load import (
    DEFAULTS,
    available_templates,
    load_template,
    locate,
    parse_template,
)

INCH, MM = 72.0, 72.0 / 25.4


def test_the_shipped_templates_load() -> None:
    names = available_templates()
    assert {"classic", "children", "a4"} <= set(names)
    classic = load_template()  # the default
    assert classic.name == "classic"
    assert classic.puzzle_count == 100 and len(classic.sections) == 5
    assert classic.trim == pytest.approx((8.5 * INCH, 11 * INCH))
    assert classic.sections[0].levels[0] == 1 and classic.sections[-1].levels[-1] == 10
    levels = [lv for s in classic.sections for lv in s.levels]
    assert levels == sorted(levels)
    children = load_template("children")
    assert children.trim in ((6 * INCH, 9 * INCH), (8.5 * INCH, 11 * INCH))
    assert max(lv for s in children.sections for lv in s.levels) <= 4
    assert children.min_cell >= 8 * MM  # large cells
    a4 = load_template("a4")
    assert a4.trim == pytest.approx((210 * MM, 297 * MM))


@pytest.mark.parametrize("name", available_templates())
def test_every_shipped_template_follows_the_schema(name: str) -> None:
    """A shipped template is not checked against the schema when it is built (jsonschema costs
    a build 50 ms and 8 MB): here it is, and it loads the same with the check as without."""
    _, entry = locate(name)
    raw = entry.read_bytes()
    base = entry.resolve().parent if isinstance(entry, Path) else None
    source = str(entry) if isinstance(entry, Path) else f"{name}.toml (built in)"
    checked = parse_template(raw, name=name, source=source, base_dir=base)
    assert parse_template(raw, name=name, source=source, base_dir=base, schema=False) == checked
    assert replace(load_template(name), path=None) == checked


def test_a_template_file_is_checked_against_the_schema(tmp_path: Path) -> None:
    """Only the shipped templates skip the schema: a file with the same text and a bad key is
    refused naming the key."""
    _, entry = locate("classic")
    path = tmp_path / "classic.toml"
    path.write_bytes(b"bogus_key = 1\n" + entry.read_bytes())
    with pytest.raises(TemplateError) as info:
        load_template(path)
    assert "unknown key 'bogus_key'" in str(info.value)


def test_minimal_template_takes_every_default() -> None:
    tpl = parse_template('title = "T"\n[[section]]\n', name="t")
    assert tpl.title == "T" and tpl.seed == DEFAULTS["seed"]
    assert tpl.trim == pytest.approx((8.5 * INCH, 11 * INCH))
    assert tpl.answers_per_page is None and tpl.puzzles_per_page == 1  # automatic
    assert abs(tpl.min_answer_cell - 1.8 * 72 / 25.4) < 1e-9
    assert tpl.bleed == 0 and tpl.min_cell == pytest.approx(3.5 * MM)
    assert tpl.margin == pytest.approx(0.5 * INCH) and tpl.font is None
    (section,) = tpl.sections
    assert section.name == "Section 1" and section.count == 10 and section.levels == (5, 5)
    assert section.generators == () and section.shape == "rect" and section.openings == "auto"


def test_every_documented_key_is_read(tmp_path: Path) -> None:
    text = """
title = "Mazes for Rainy Days"
subtitle = "Sub"
author = "Ann Author"
page_size = "6x9in"
seed = 7
answers_per_page = 9
puzzles_per_page = 2
bleed = true
min_cell = "0.2in"
margin = "0.4in"
font = "fonts/My.ttf"
[[section]]
name = "Warm-up"
count = 3
difficulty = [1, 3]
generators = ["backtracker"]
openings = "corners"
[[section]]
name = "Hearts"
shape = "mask"
mask = "heart"
[[section]]
shape = "mask"
image = "pics/cat.png"
"""
    tpl = parse_template(text, name="x", source="x.toml", base_dir=tmp_path)
    assert tpl.subtitle == "Sub" and tpl.author == "Ann Author"
    assert tpl.trim == pytest.approx((6 * INCH, 9 * INCH)) and tpl.seed == 7
    assert tpl.answers_per_page == 9 and tpl.puzzles_per_page == 2
    assert tpl.bleed == pytest.approx(0.125 * INCH)
    assert tpl.min_cell == pytest.approx(0.2 * INCH) and tpl.margin == pytest.approx(0.4 * INCH)
    assert tpl.font == tmp_path / "fonts" / "My.ttf"
    warm, hearts, image = tpl.sections
    assert warm.levels == (1, 3) and warm.generators == ("backtracker",) and warm.count == 3
    assert warm.openings == "corners"
    assert hearts.shape == "mask" and hearts.shape_options == (("mask", "heart"),)
    assert image.shape_options == (("image", str(tmp_path / "pics" / "cat.png")),)


def _error(text: str) -> str:
    with pytest.raises(TemplateError) as info:
        parse_template(text, source="book.toml")
    message = str(info.value)
    assert "\n" not in message and message.startswith("book.toml: ")
    return message


def test_toml_syntax_error_names_line_and_column() -> None:
    message = _error('title = "x"\npage_size = letter\n')
    assert "TOML syntax error" in message and "line 2" in message and "column" in message


def test_unknown_keys_are_refused_with_a_did_you_mean() -> None:
    message = _error('title = "x"\npage_sise = "a4"\n[[section]]\n')
    assert "'page_sise'" in message and 'did you mean "page_size"' in message
    message = _error('title = "x"\n[[section]]\nname = "A"\ncont = 3\n')
    assert "'cont'" in message and 'did you mean "count"' in message and "[[section]] 1" in message


@pytest.mark.parametrize(
    ("text", "key", "allowed"),
    [
        ('title = "x"\nseed = "abc"\n[[section]]\n', '"seed"', "whole number"),
        ('title = "x"\nseed = -1\n[[section]]\n', '"seed"', "whole number"),
        ("title = 3\n[[section]]\n", '"title"', "non-empty string"),
        ('title = "x"\nbleed = "yes"\n[[section]]\n', '"bleed"', "true or false"),
        ('title = "x"\nanswers_per_page = 5\n[[section]]\n', '"answers_per_page"', "1, 2, 4, 6, 9"),
        ('title = "x"\npage_size = "b5"\n[[section]]\n', '"page_size"', "letter, a4, a5"),
        ('title = "x"\npage_size = "2x30in"\n[[section]]\n', '"page_size"', "3 in to 17 in"),
        ('title = "x"\nmin_cell = "3.5"\n[[section]]\n', '"min_cell"', "3.5mm"),
        ('title = "x"\nmargin = "0.1in"\n[[section]]\n', '"margin"', "at least 0.25 in"),
        ('title = "x"\nbleed = true\nmargin = "0.3in"\n[[section]]\n', '"margin"', "0.375 in"),
        ('title = "x"\n[[section]]\ncount = 0\n', '"count"', "from 1 to"),
        ('title = "x"\n[[section]]\ncount = 2.5\n', '"count"', "whole number"),
        ('title = "x"\n[[section]]\ndifficulty = 11\n', '"difficulty"', "from 1 to 10"),
        ('title = "x"\n[[section]]\ndifficulty = 0\n', '"difficulty"', "from 1 to 10"),
        ('title = "x"\n[[section]]\ndifficulty = [2, 12]\n', '"difficulty"', "[from, to]"),
        ('title = "x"\n[[section]]\ndifficulty = [2]\n', '"difficulty"', "[from, to]"),
        ('title = "x"\n[[section]]\ngenerators = ["backtraker"]\n', '"generators"', "backtracker"),
        ('title = "x"\n[[section]]\ngenerators = []\n', '"generators"', "non-empty list"),
        ('title = "x"\n[[section]]\nshape = "square"\n', '"shape"', "rect, circle, hex"),
        ('title = "x"\n[[section]]\nopenings = "middle"\n', '"openings"', "farthest"),
        ('title = "x"\n[[section]]\nmask = "heart"\n', '"mask"', 'shape = "mask"'),
    ],
)
def test_bad_values_name_the_key_and_what_is_allowed(text: str, key: str, allowed: str) -> None:
    message = _error(text)
    assert key in message and allowed in message


def test_unknown_generator_gets_a_did_you_mean() -> None:
    assert 'did you mean "backtracker"' in _error(
        'title = "x"\n[[section]]\ngenerators = ["backtraker"]\n'
    )


def test_generators_follow_the_registry() -> None:
    for name in REGISTRY:
        tpl = parse_template(f'title = "x"\n[[section]]\ngenerators = ["{name}"]\n')
        assert tpl.sections[0].generators == (name,)


def test_required_keys() -> None:
    assert "missing key 'title'" in _error("[[section]]\n")
    assert "[[section]]" in _error('title = "x"\n')
    assert "[[section]]" in _error('title = "x"\nsection = []\n')


def test_section_errors_name_the_section() -> None:
    message = _error(
        'title = "x"\n[[section]]\nname = "A"\n[[section]]\nname = "Hard"\ncount = -2\n'
    )
    assert "[[section]] 2 ('Hard')" in message


def test_locate_by_name_or_path(tmp_path: Path) -> None:
    name, entry = locate("children")
    assert name == "children" and entry.name == "children.toml"
    path = tmp_path / "mine.toml"
    path.write_text('title = "Mine"\n[[section]]\ncount = 1\n')
    tpl = load_template(str(path))
    assert tpl.name == "mine" and tpl.title == "Mine" and tpl.source == str(path)
    with pytest.raises(TemplateError, match="does not exist"):
        locate(str(tmp_path / "nope.toml"))
    with pytest.raises(TemplateError, match='did you mean "children"'):
        locate("childrn")
    with pytest.raises(TemplateError, match="is a folder"):
        locate(str(tmp_path) + "/")


def test_templates_found_without_the_package(monkeypatch: pytest.MonkeyPatch) -> None:
    # as in a source checkout: no mazebook.templates package, the repo folder is used
    monkeypatch.setattr(template_mod, "TEMPLATE_PACKAGE", "mazebook.no_such_templates")
    assert "classic" in available_templates()
    assert load_template("a4").name == "a4"


def test_an_installed_mazebooks_templates_are_the_folder_beside_its_modules(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Installed (not a checkout), the templates are the package mazebook.templates, a folder
    beside the modules: found there, and shipped (built without the schema check)."""
    home = tmp_path / "site" / "mazebook"
    (home / "templates").mkdir(parents=True)
    text = locate("classic")[1].read_text(encoding="utf-8")
    (home / "templates" / "packed.toml").write_text(text, encoding="utf-8")
    monkeypatch.setattr(template_mod, "HOME", home)
    assert available_templates() == ["packed"]
    name, entry = locate("packed")
    assert (name, entry) == ("packed", home / "templates" / "packed.toml")
    assert template_mod._shipped(entry)
    assert load_template("packed").title == load_template(str(entry)).title


def test_units() -> None:
    assert parse_length("3.5mm") == pytest.approx(3.5 * MM)
    assert parse_length("0.25 in") == pytest.approx(18)
    assert parse_length("10pt") == 10
    assert parse_page_size("A4") == pytest.approx((210 * MM, 297 * MM))
    assert parse_page_size("210x297mm") == pytest.approx((210 * MM, 297 * MM))
    assert parse_page_size("8x10in") == pytest.approx((576, 720))
    for bad in ("3.5", "mm", "-1mm"):
        with pytest.raises(ValueError):
            parse_length(bad)
    with pytest.raises(ValueError):
        parse_page_size("tabloid")
