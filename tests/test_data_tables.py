"""Tables as data: printer tables and language texts are packaged TOML checked by a schema.

The printers' numbers keep their sources as data ([source] in each table, keys in
printer-sources.toml); a table or language file that breaks its schema is one error naming
the file and the field; the wheel's package data takes every data file.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook.errors import TemplateError
from mazebook.printing import printers
from mazebook.printing.printers import (
    PRINTERS,
    SHIPPED,
    Cover,
    Printer,
    PrinterTableError,
    Trim,
    printer_from_data,
    printer_sources,
)
from mazebook.template import texts
from mazebook.template.texts import LANGUAGES, TEXT_KEYS, load_language

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "mazebook" / "data"


def table(name: str) -> dict[str, Any]:
    return tomllib.loads((DATA / "printers" / f"{name}.toml").read_text(encoding="utf-8"))


def test_every_shipped_printer_is_a_data_file_and_nothing_more() -> None:
    assert sorted(p.stem for p in (DATA / "printers").glob("*.toml")) == sorted(SHIPPED)
    assert list(PRINTERS)[: len(SHIPPED)] == list(SHIPPED)
    for name in SHIPPED:
        assert PRINTERS[name] == printer_from_data(table(name), source=name)
    assert printers.KDP is PRINTERS["kdp"] and printers.HOME is PRINTERS["home"]


def test_every_source_cited_is_listed_and_every_listed_source_is_cited() -> None:
    cited: set[str] = set()
    for p in PRINTERS.values():
        notes = [note for _, note in p.source] + [lim.source or "" for lim in p.page_limits]
        for note in notes:
            cited |= set(re.findall(r"\[([A-Z-]+)\]", note))
    assert cited == set(printer_sources())


def test_every_source_names_a_field_of_the_table() -> None:
    names = {f.name for f in fields(Printer)} - {"source"}
    cover = {f.name for f in fields(Cover)}
    for p in PRINTERS.values():
        for key, _ in p.source:
            head, _, rest = key.partition(".")
            assert head in names, (p.name, key)
            if head == "cover":
                part, _, paper = rest.partition(".")
                assert part in cover and (paper == "" or paper in printers.PAPERS), key


def test_unverified_marks_are_kept_as_data() -> None:
    lulu = dict(PRINTERS["lulu"].source)
    assert lulu["cover.spine_per_page.cream"].startswith("UNVERIFIED")
    assert "UNVERIFIED" not in lulu["cover.spine_per_page.white"]
    assert sum("UNVERIFIED" in note for p in PRINTERS.values() for _, note in p.source) >= 30


@pytest.mark.parametrize(
    ("change", "key", "needle"),
    [
        ({"bleed_sides": "five"}, "bleed_sides", "'five' is not one of"),
        ({"trims": [[6, 9, 1]]}, "trims.0", "is too long"),
        ({"min_line": 0}, "min_line", "less than or equal to the minimum"),
        ({"colour": ["rgb"]}, None, "'colour' was unexpected"),
        ({"source": {"bleed": ""}}, "source.bleed", "should be non-empty"),
        ({"source": {"cover.bogus": "x"}}, "source.cover.bogus", "is not a field"),
        ({"inside_margins": [[300, 0.5], [150, 0.375]]}, "inside_margins", "must rise"),
        ({"min_pages": 900}, "min_pages", "more than max_pages"),
    ],
)
def test_a_broken_table_is_one_line_naming_file_and_field(
    change: dict[str, Any], key: str | None, needle: str
) -> None:
    with pytest.raises(PrinterTableError) as caught:
        printer_from_data(table("kdp") | change, source="mine.toml")
    message = str(caught.value)
    assert message.startswith("mine.toml: ") and needle in message and "\n" not in message
    assert caught.value.key == key


def test_a_table_without_a_cover_takes_none() -> None:
    data = table("kdp")
    del data["cover"]
    assert printer_from_data(data, source="x").cover is None


@given(
    st.lists(
        st.tuples(st.floats(1, 20), st.floats(1, 20)).map(list),
        min_size=1,
        max_size=6,
        unique_by=lambda t: tuple(t),
    ),
    st.integers(24, 900),
)
def test_a_limit_without_a_trim_holds_for_every_trim(trims: list[Any], most: int) -> None:
    data = table("kdp") | {
        "trims": trims,
        "page_limits": [{"paper": "cream", "max_pages": most}],
    }
    p = printer_from_data(data, source="x")
    assert [lim.trim for lim in p.page_limits] == [Trim(*t) for t in trims]
    for trim in p.trims:
        assert printers.page_range(p, trim, "cream") == (24, min(828, most))
        assert printers.page_range(p, trim, "white") == (24, 828)


def test_every_language_is_a_data_file_with_every_key() -> None:
    folder = DATA / "languages"
    assert sorted(p.stem for p in folder.glob("*.toml")) == sorted(texts.SHIPPED)
    for code in texts.SHIPPED:
        data = tomllib.loads((folder / f"{code}.toml").read_text(encoding="utf-8"))
        assert dict(LANGUAGES[code]) == data and tuple(data) == TEXT_KEYS


@pytest.mark.parametrize(
    ("change", "key", "needle"),
    [
        ({"finish": 3}, "finish", "is not of type 'string'"),
        ({"colour": "x"}, None, "'colour' was unexpected"),
        ({"puzzle": "Puzzle {num}"}, "text.puzzle", "{num} is not a placeholder"),
    ],
)
def test_a_broken_language_is_one_line_naming_file_and_key(
    change: dict[str, Any], key: str, needle: str
) -> None:
    with pytest.raises(TemplateError) as caught:
        load_language(dict(LANGUAGES["en"]) | change, source="xx.toml")
    assert str(caught.value).startswith("xx.toml: ") and needle in str(caught.value)
    assert caught.value.key == key


def test_a_language_missing_a_key_is_refused() -> None:
    words = dict(LANGUAGES["de"])
    del words["notes"]
    with pytest.raises(TemplateError, match="'notes' is a required property"):
        load_language(words, source="de.toml")


def test_the_wheel_takes_every_data_file() -> None:
    """pyproject's packages and package data take every file under mazebook/data."""
    setuptools = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"][
        "setuptools"
    ]
    taken = set()
    for package, patterns in setuptools["package-data"].items():
        assert package in setuptools["packages"], package
        folder = ROOT / Path(*package.split("."))
        taken |= {path for pattern in patterns for path in folder.glob(pattern)}  # as setuptools
    files = {path for path in DATA.rglob("*") if path.is_file()}
    assert len(files) >= 10
    assert files - taken == set()


@pytest.mark.parametrize("code", texts.SHIPPED)
def test_every_shipped_language_follows_the_schema(code: str) -> None:
    """The shipped language files are read without the schema at every build (jsonschema
    costs a build 50 ms and 8 MB): here each is checked, and reads the same with the check."""
    data = tomllib.loads((DATA / "languages" / f"{code}.toml").read_text(encoding="utf-8"))
    checked = load_language(data, source=f"{code}.toml")
    assert dict(checked) == dict(load_language(data, source=f"{code}.toml", schema=False))
    assert dict(LANGUAGES[code]) == dict(checked)
