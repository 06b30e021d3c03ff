"""The quick check (template/quick_check.py) says yes exactly when jsonschema finds no error:
templates drawn by changing keys of the shipped ones (every key the schema knows, and some it
does not) to values near and across its limits, patterns' dialect edges and TOML's other types
are judged by both. Data the quick check does not read alike is never vouched for."""

from __future__ import annotations

import math
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook.core.generators import REGISTRY
from mazebook.errors import TemplateError
from mazebook.template import parse_template
from mazebook.template.quick_check import EXACT_INT, plain, surely_valid
from mazebook.template.schema import template_schema, validator_class

SCHEMA = template_schema(list(REGISTRY))
TEMPLATES = sorted((Path(__file__).resolve().parent.parent / "templates").glob("*.toml"))
TEXTS = [path.read_text(encoding="utf-8") for path in TEMPLATES]


def jsonschema_says_valid(data: dict[str, Any]) -> bool:
    return not any(validator_class()(SCHEMA).iter_errors(data))


def _keys(node: dict[str, Any]) -> list[str]:
    return [*node.get("properties", {}), "colour", "Title", "sectoin"]


TOP_KEYS = _keys(SCHEMA)
SECTION_KEYS = _keys(SCHEMA["properties"]["section"]["items"])
COVER_KEYS = _keys(SCHEMA["properties"]["cover"]["oneOf"][1])

#: Text near the patterns' edges: units, sizes, colours and file names with a trailing newline
#: (Python's ``$`` matches before it), digits and spaces that only Unicode calls so, invisible
#: characters, case folding (the Kelvin sign, the long s) and names the enums hold.
EDGE_TEXT = [
    "",
    " ",
    "\u200b",
    "\u3000",
    "T",
    "x\n",
    "5mm",
    "5mm\n",
    " 0.5 in ",
    "3\u00a0cm",
    "\u0663mm",
    "5\x1cmm",
    "12pt",
    "1e3mm",
    "A4",
    "a4\n",
    "letter",
    "LETTER",
    "8.5x11in",
    "210\u00d7297mm",
    "8.5X11 in",
    "#1f6feb",
    "#1F6FEB\n",
    "#1f6fe",
    "owl.svg",
    "owl.SVG\n",
    "owl.png ",
    "owl.\u017fvg",
    "\u212aDP",
    "kdp",
    "band",
    "framed",
    "worksheet",
    "book",
    "auto",
    "maze",
    "cap",
    "true",
    "recursive-backtracker",
    "wilson",
    "rect",
    "circle",
    "en",
    "fr",
]

NUMBERS = st.one_of(
    st.integers(min_value=-(2**63), max_value=2**63 - 1),
    st.sampled_from([0, 1, 2, 3, 4, 6, 9, 10, 11, 40, 200, 2**53, 2**53 + 1, 2**63 - 1, -1]),
    st.floats(allow_nan=True, allow_infinity=True),
    st.sampled_from([0.0, 0.5, 1.0, 2.0, 1.5, -0.25, 1e300, math.inf, math.nan]),
)
SCALARS = st.one_of(st.booleans(), NUMBERS, st.sampled_from(EDGE_TEXT), st.text(max_size=8))
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.sampled_from([*SECTION_KEYS, *COVER_KEYS]), inner, max_size=3),
    ),
    max_leaves=6,
)


def near(node: Any) -> list[Any]:
    """Values at and across the limits of a schema node: its enum's, its bounds and one past
    them, edge texts for text, lists of the items' values at the lengths allowed."""
    if not isinstance(node, dict):
        return [True]
    found: list[Any] = list(node.get("enum", []))
    for form in node.get("oneOf", []):
        found += near(form)
    kinds = node.get("type", [])
    kinds = [kinds] if isinstance(kinds, str) else kinds
    low, high = node.get("minimum"), node.get("maximum")
    bounds = [b for b in (low, high) if b is not None]
    if "integer" in kinds or "number" in kinds:
        found += bounds + [b + d for b in bounds for d in (-1, 1)]
    if "integer" in kinds:
        found += [float(b) for b in bounds]  # jsonschema-rs would take 2.0 for 2
    if "number" in kinds:
        found += [0.25, 0.5, 0.75, 1.5, -0.5]
    if "string" in kinds:
        found += EDGE_TEXT
    if "boolean" in kinds:
        found += [True, False]
    if "array" in kinds:
        items = near(node.get("items", {})) or ["x"]
        for length in {node.get("minItems", 0), node.get("minItems", 0) + 1, 2}:
            found.append([items[i % len(items)] for i in range(length)])
    if "object" in kinds or "properties" in node:
        found.append({})
    return found or EDGE_TEXT


def _nodes(node: dict[str, Any]) -> dict[str, list[Any]]:
    return {key: near(child) for key, child in node.get("properties", {}).items()}


NEAR = {
    "top": _nodes(SCHEMA),
    "section": _nodes(SCHEMA["properties"]["section"]["items"]),
    "cover": _nodes(SCHEMA["properties"]["cover"]["oneOf"][1]),
}


@st.composite
def templates(draw: st.DrawFn) -> dict[str, Any]:
    """A shipped template with one to three keys (at the top, in a section or in [cover]) set
    to a drawn value or removed."""
    data = tomllib.loads(draw(st.sampled_from(TEXTS)))
    for _ in range(draw(st.integers(1, 3))):
        where = draw(st.sampled_from(list(NEAR)))
        if where == "top":
            table, keys = data, TOP_KEYS
        elif where == "section" and isinstance(data.get("section"), list) and data["section"]:
            table, keys = data["section"][0], SECTION_KEYS
            if not isinstance(table, dict):
                continue
        else:
            where = "cover"
            cover = data.get("cover")
            if not isinstance(cover, dict):
                cover = data["cover"] = {}
            table, keys = cover, COVER_KEYS
        key = draw(st.sampled_from(keys))
        choice = draw(st.sampled_from(["remove", "any", "near", "near"]))
        if choice == "remove" and key in table:
            del table[key]
        elif choice == "near" and key in NEAR[where]:
            table[key] = draw(st.sampled_from(NEAR[where][key]))
        else:
            table[key] = draw(VALUES)
    return data


@settings(max_examples=400, deadline=None)
@given(templates())
def test_the_quick_check_vouches_exactly_for_what_jsonschema_finds_valid(
    data: dict[str, Any],
) -> None:
    valid = jsonschema_says_valid(data)
    if plain(data):
        assert surely_valid(data, SCHEMA) is valid
    else:
        assert surely_valid(data, SCHEMA) is False


def test_values_read_otherwise_by_jsonschema_rs_are_left_to_jsonschema() -> None:
    """A whole number written 2.0, a tuple, a date, a number past 2**53: never vouched for
    (jsonschema-rs would take 2.0 as an integer, a tuple as an array)."""
    base = tomllib.loads(TEXTS[0])
    assert plain(base) and surely_valid(base, SCHEMA)
    for key, value in [
        ("seed", 2.0),
        ("seed", EXACT_INT + 1),
        ("seed", math.inf),
        ("title", ("T",)),
        ("title", tomllib.loads("d = 2024-01-01")["d"]),
    ]:
        changed = base | {key: value}
        assert not plain(changed) and not surely_valid(changed, SCHEMA)
    assert plain(base | {"seed": EXACT_INT}) and surely_valid(base | {"seed": EXACT_INT}, SCHEMA)


def test_a_pattern_matches_as_pythons_re_does() -> None:
    """Python's ``$`` matches before a final newline, so jsonschema takes "#1f6feb\\n" as a
    colour; the quick check matches with Python's re and agrees (Rust's engine would not)."""
    base = tomllib.loads(TEXTS[0])
    data = base | {"cover": {"color": "#1f6feb\n", "picture": "owl.SVG\n"}}
    assert jsonschema_says_valid(data) and surely_valid(data, SCHEMA)
    wrong = base | {"cover": {"color": "#1f6fe"}}
    assert not jsonschema_says_valid(wrong) and not surely_valid(wrong, SCHEMA)


def test_a_whole_number_written_as_a_float_is_still_refused_in_words() -> None:
    text = (TEMPLATES[0].parent / "classic.toml").read_text(encoding="utf-8")
    text = text.replace("count = 20", "count = 20.0", 1)
    assert "count = 20.0" in text
    with pytest.raises(TemplateError, match=r"\(write 20, without a decimal point\)"):
        parse_template(text, source="t.toml")
