"""Every template error is one line in the house style: the walk below visits every table and
every enumerated value of the schema (template/schema.py), feeds a near-miss typo to each, and
expects one line naming the file and the key with a did-you-mean that names the intended word."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import pytest

from mazebook.app.cli import main
from mazebook.core.generators import REGISTRY
from mazebook.errors import TemplateError
from mazebook.template import parse_template
from mazebook.template.schema import template_schema

Step = str | int
SCHEMA = template_schema(list(REGISTRY))
SOURCE = "t.toml"


def walk(node: Mapping[str, Any], path: tuple[Step, ...] = ()) -> Iterator[tuple[str, Any]]:
    """("table", path, node) for each closed table, ("enum"/"names", path, node) for each
    enumerated value or pattern with named examples, through properties, items and forms."""
    if node.get("additionalProperties") is False and node.get("properties"):
        yield "table", (path, node)
    if "enum" in node:
        yield "enum", (path, node)
    if "examples" in node and "pattern" in node:
        yield "names", (path, node)
    for name, child in node.get("properties", {}).items():
        yield from walk(child, (*path, name))
    if isinstance(node.get("items"), Mapping):
        yield from walk(node["items"], (*path, 0))
    for form in node.get("oneOf", ()):
        yield from walk(form, path)


FOUND = list(walk(SCHEMA))
TABLES = [found for kind, found in FOUND if kind == "table"]
VALUES = [(kind, found) for kind, found in FOUND if kind != "table"]


def _sample(node: Mapping[str, Any]) -> Any:
    """A valid value of a (required) key, for building the surroundings of a typo."""
    return node["enum"][0] if "enum" in node else "x"


def _base() -> dict[str, Any]:
    return {"title": "T", "section": [{}]}


def _container(data: dict[str, Any], path: tuple[Step, ...], *, list_at_end: bool = False) -> Any:
    """The table or list at ``path`` in ``data``, made on the way (lists get one item)."""
    here: Any = data
    for n, step in enumerate(path):
        after = path[n + 1] if n + 1 < len(path) else None
        empty: Any = [] if isinstance(after, int) or (after is None and list_at_end) else {}
        if isinstance(step, int):
            if not here:
                here.append(empty)
            here = here[step]
        else:
            here = here.setdefault(step, empty)
    return here


def _set(data: dict[str, Any], path: tuple[Step, ...], value: Any) -> None:
    last = path[-1]
    parent = _container(data, path[:-1], list_at_end=isinstance(last, int))
    if isinstance(last, int):
        parent.append(value)
    else:
        parent[last] = value


def _typo(word: str) -> str:
    return word + word[-1]  # one letter too many: "colorr", "kdpp"


def _key_of(path: tuple[Step, ...]) -> str:
    """How a message names the key at ``path`` (a section's key without the section)."""
    keys = [s for s in path if isinstance(s, str)]
    return ".".join(keys[1:] if keys[:1] == ["section"] else keys)


def _error(data: dict[str, Any]) -> str:
    with pytest.raises(TemplateError) as info:
        from mazebook.template import template_from_data

        template_from_data(data, source=SOURCE)
    message = str(info.value)
    assert "\n" not in message and message.startswith(f"{SOURCE}: "), message
    assert "{'" not in message and "Traceback" not in message, message  # no dumped dict
    return message


def test_the_walk_reaches_every_table_and_enum() -> None:
    """The walk is not empty: the top level, [text], [cover], [[page]] and [[section]], and
    every enumerated key (a changed schema changes these numbers, on purpose)."""
    tables = {_key_of(path) or "<top>" for path, _ in TABLES}
    assert {"<top>", "text", "cover", "page"} <= tables and ("section", 0) in [p for p, _ in TABLES]
    names = {path[-1] if isinstance(path[-1], str) else path[-2] for _, (path, _) in VALUES}
    for key in ("kind", "language", "printer", "paper", "section_start", "fit", "openings"):
        assert key in names
    assert {"shape", "generators", "answers_per_page", "puzzles_per_page", "page_size"} <= names


@pytest.mark.parametrize(
    ("path", "key"),
    [(path, key) for path, node in TABLES for key in node["properties"]],
    ids=lambda v: "/".join(map(str, v)) if isinstance(v, tuple) else str(v),
)
def test_a_misspelt_key_in_every_table_gets_a_did_you_mean(
    path: tuple[Step, ...], key: str
) -> None:
    node = dict(TABLES)[path]
    data = _base()
    table = data if not path else _container(data, path)
    for required in node.get("required", ()):
        table.setdefault(required, _sample(node["properties"][required]))
    table[_typo(key)] = "x"
    message = _error(data)
    assert f"unknown key '{_typo(key)}' (did you mean \"{key}\"?)" in message, message
    where = _key_of(path)
    if path[:1] == ("section",):
        assert "[[section]] 1" in message, message
    elif where:
        assert f'key "{where}"' in message, message


def _value_cases() -> Iterator[tuple[tuple[Step, ...], Any, str]]:
    """(path, near-miss value, the allowed value it should suggest) for every enum."""
    for kind, (path, node) in VALUES:
        choices = node["enum"] if kind == "enum" else node["examples"]
        for choice in choices:
            if isinstance(choice, str):
                yield path, _typo(choice), f'"{choice}"'
        numbers = [c for c in choices if isinstance(c, int) and not isinstance(c, bool)]
        if numbers:
            yield path, max(numbers) + 1, str(max(numbers))


@pytest.mark.parametrize(
    ("path", "value", "meant"),
    list(_value_cases()),
    ids=lambda v: "/".join(map(str, v)) if isinstance(v, tuple) else str(v),
)
def test_a_near_miss_of_every_enumerated_value_gets_a_did_you_mean(
    path: tuple[Step, ...], value: Any, meant: str
) -> None:
    data = _base()
    if path[:1] == ("page",):
        data["page"] = [{"title": "x"}]
    _set(data, path, value)
    message = _error(data)
    assert f'key "{_key_of(path)}"' in message, message
    assert f"(did you mean {meant}?)" in message, message


@pytest.mark.parametrize(("key", "meant"), [("cover", "false"), ("bleed", "true")])
def test_a_quoted_true_or_false_is_named(key: str, meant: str) -> None:
    data = _base()
    data[key] = meant
    assert f"(did you mean {meant}, without quotes?)" in _error(data)


def test_a_typo_in_the_cover_table_is_one_line_at_the_command_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's case: `colour` in [cover] once printed the whole table as a Python dict."""
    template = tmp_path / "book.toml"
    template.write_text('title = "T"\n[[section]]\n[cover]\ncolour = "#1f6feb"\n', "utf-8")
    assert main(["build", str(template), "-o", str(tmp_path / "b.pdf")]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and str(template) in err and 'key "cover"' in err
    assert "unknown key 'colour' (did you mean \"color\"?)" in err and "{" not in err


def test_a_value_inside_a_table_is_named_by_its_dotted_key() -> None:
    with pytest.raises(
        TemplateError,
        match=r'key "cover\.color": \'red\' is not allowed; '
        r"allowed: an accent colour",
    ):
        parse_template('title = "T"\n[[section]]\n[cover]\ncolor = "red"\n', source=SOURCE)
