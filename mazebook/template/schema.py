"""The template schema (JSON Schema, checked with jsonschema) and its errors in plain words.

Every key has a ``description`` that says what is allowed; a failed check is reported as one
line naming the file, the key (and the section) and that description, with a did-you-mean for a
near-miss of a key, an enumerated value or a named page size (a pattern's ``examples``). A
value that takes one of several forms (``cover``: true/false or a table) is reported against
the form of its own type, so a typo inside ``[cover]`` is named like one in a section.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING, Any

from ..core.engine import MAX_SEED, OPENINGS
from ..core.numberpath import MAX_STEP, MIN_STEP
from ..core.shapes import SHAPES
from ..core.wordtrail import MAX_WORD
from ..errors import TemplateError, did_you_mean
from ..printing.keys import schema_properties as print_properties
from ..printing.units import LENGTH_PATTERN, PAGE_SIZE_PATTERN, PAGE_SIZES
from .limits import DEFAULT_PUZZLE, LEVEL_MAX, LEVEL_MIN, MAX_COUNT, PER_PAGE
from .names import MAX_NAME_CHARS, MAX_NAMES
from .texts import LANGUAGES, TEXT_KEYS
from .visible import VISIBLE as VISIBLE_PATTERN
from .worksheet import KINDS

if TYPE_CHECKING:
    from jsonschema.exceptions import ValidationError


def _is_integer(_checker: object, instance: object) -> bool:
    """TOML tells 2 from 2.0, so an integer key refuses a float (JSON Schema would take 2.0)."""
    return isinstance(instance, int) and not isinstance(instance, bool)


@cache
def validator_class() -> Any:
    """Draft 2020-12 with that one change: whole-number floats are not integers (made on the
    first check: jsonschema takes a tenth of a second to import)."""
    from jsonschema import Draft202012Validator, validators

    return validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
    )


_LEVEL = {"type": "integer", "minimum": LEVEL_MIN, "maximum": LEVEL_MAX}
_FIT = {
    "enum": ["refuse", "cap"],
    "description": "one of refuse (a level the page cannot hold stops the build), cap (such "
    "puzzles get the highest level that fits)",
}


#: What a text must hold: a character that shows (a title of only spaces, or of zero-width
#: or other invisible characters, would print an empty title page): see template/visible.py.
VISIBLE = VISIBLE_PATTERN
#: How the schema describes such a text.
SHOWN = "a non-empty string, not only spaces or other invisible characters"


def _text(description: str) -> dict[str, Any]:
    return {"type": "string", "minLength": 1, "pattern": VISIBLE, "description": description}


def _length(description: str) -> dict[str, Any]:
    return {"type": "string", "pattern": LENGTH_PATTERN, "description": description}


def template_schema(
    generators: Sequence[str],
    shapes: Sequence[str] | None = None,
    printers: Sequence[str] | None = None,
) -> dict[str, Any]:
    """The schema of a template (a book or a worksheet; worksheet_template checks which keys
    go with which kind); ``generators`` are the names a section may use, ``shapes`` and
    ``printers`` the shapes and printers (every registered one when not given)."""
    shape_names = list(SHAPES) if shapes is None else list(shapes)
    names = ", ".join(generators)
    per_page = ", ".join(map(str, PER_PAGE))
    section = {
        "type": "object",
        "description": "a table of section keys",
        "additionalProperties": False,
        "properties": {
            "name": _text(SHOWN),
            "count": {
                "type": "integer",
                "minimum": 1,
                "maximum": MAX_COUNT,
                "description": f"a whole number of puzzles from 1 to {MAX_COUNT}",
            },
            "difficulty": {
                "description": "a level from 1 to 10, or [from, to] with both levels from 1 to 10",
                "oneOf": [
                    _LEVEL,
                    {"type": "array", "items": _LEVEL, "minItems": 2, "maxItems": 2},
                ],
            },
            "answers_per_page": {
                "enum": PER_PAGE,
                "description": f"one of {per_page}: this section's answers a page",
            },
            "generators": {
                "type": "array",
                "minItems": 1,
                "uniqueItems": True,
                "items": {"enum": list(generators)},
                "description": f"a non-empty list of distinct generator names from: {names}",
            },
            "openings": {
                "enum": ["auto", *OPENINGS],
                "description": f"one of auto, {', '.join(OPENINGS)}",
            },
            "shape": {
                "enum": shape_names,
                "description": f"one of {', '.join(shape_names)}",
            },
            "mask": _text('a built-in silhouette name such as "heart" (with shape = "mask")'),
            "text": _text('text whose letters form the maze (with shape = "mask")'),
            "image": _text('a black-and-white image file (with shape = "mask")'),
            "fit": _FIT,
            "braid": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "description": "a share of dead ends to remove, from 0.0 (a perfect maze) to 1.0",
            },
            "puzzle": {
                "type": "string",
                "minLength": 1,
                "description": f"the kind of puzzle (`mazebook kinds` lists them; {DEFAULT_PUZZLE} "
                "if not given): what the section's puzzles are",
            },
            "step": {
                "type": "integer",
                "minimum": MIN_STEP,
                "maximum": MAX_STEP,
                "description": f"a whole number from {MIN_STEP} to {MAX_STEP}: what a number "
                "path counts by (a number path's own key)",
            },
            "words": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_COUNT,
                "items": {"type": "string", "minLength": 1, "maxLength": MAX_WORD},
                "description": f"a list of words of 1 to {MAX_WORD} letters, one a puzzle, "
                "used in turn (a word trail's own key)",
            },
            "weave": {
                "type": "number",
                "minimum": 0,
                "maximum": 1,
                "description": "how much passages cross over and under each other, from 0.0 "
                "(none) to 1.0 (rectangles)",
            },
            "options": {
                "type": "object",
                "additionalProperties": {"type": ["string", "number", "boolean"]},
                "description": (
                    "a table of generate() options for the section's mazes: shape knobs "
                    "(outline, inner, parts, threshold, font) or algorithm options "
                    "(e.g. variant); values are text, numbers or true/false"
                ),
            },
        },
    }
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "type": "object",
        "additionalProperties": False,
        "required": ["section"],
        # a book needs its title; a worksheet without one prints its language's worksheet_title
        "if": {"not": {"required": ["kind"], "properties": {"kind": {"const": "worksheet"}}}},
        "then": {"required": ["title"]},
        "properties": {
            "kind": {
                "enum": list(KINDS),
                "description": "one of book (the default), worksheet",
            },
            "title": _text(SHOWN),
            "language": {
                "enum": list(LANGUAGES),
                "description": f"one of {', '.join(LANGUAGES)}: the words the book prints",
            },
            "text": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    key: {"type": "string", "description": "text (see the [text] keys)"}
                    for key in TEXT_KEYS
                },
                "description": "a table of the printed words to replace, by key",
            },
            "subtitle": _text(SHOWN),
            "author": _text(SHOWN),
            "page_size": {
                "type": "string",
                "pattern": PAGE_SIZE_PATTERN,
                "examples": list(PAGE_SIZES),  # the names a typo is matched against
                "description": f'one of {", ".join(PAGE_SIZES)}, or "WxH" with mm, cm, in or pt '
                '(e.g. "210x297mm")',
            },
            "seed": {
                "type": "integer",
                "minimum": 0,
                "maximum": MAX_SEED,
                "description": f"a whole number from 0 to {MAX_SEED}",
            },
            "answers_per_page": {
                "type": "integer",
                "enum": PER_PAGE,
                "description": f"one of {per_page}",
            },
            "puzzles_per_page": {
                "type": "integer",
                "enum": PER_PAGE,
                "description": f"one of {per_page}",
            },
            "bleed": {"type": "boolean", "description": "true or false"},
            **print_properties(printers),
            "series": {
                "type": "object",
                "additionalProperties": False,
                "properties": {
                    "title": _text(
                        "the title of each volume of a series (`mazebook build --volumes`), "
                        'with {volume} and optionally {title}, e.g. "{title} — Book {volume}"'
                    ),
                },
                "description": "a [series] table (title): how the volumes of a series are titled",
            },
            "copyright": _text("the text of a copyright page (no year is added)"),
            "large_print": {
                "type": "boolean",
                "description": "true or false: large print for low-vision readers",
            },
            "belongs_to": {
                "type": "boolean",
                "description": 'true or false: a "This book belongs to" page',
            },
            "section_start": {
                "enum": ["any", "right"],
                "description": "any, or right: open each section on a right-hand page",
            },
            "page": {
                "type": "array",
                "items": {
                    "type": "object",
                    "additionalProperties": False,
                    "required": ["title"],
                    "properties": {
                        "title": _text(
                            "a non-empty string, not only spaces or other invisible characters"
                        ),
                        "body": {
                            "type": "string",
                            "description": "text; blank lines part paragraphs",
                        },
                    },
                },
                "description": "[[page]] tables (title, body): your own pages before the puzzles",
            },
            "min_cell": _length('a length such as "3.5mm", "0.15in" or "10pt"'),
            "min_answer_cell": _length(
                'a length such as "1.8mm": the smallest answer-key cell when answers_per_page '
                "is not given"
            ),
            "margin": _length(
                "a length of at least the printer's outside margin (kdp: 0.25in, 0.375in with "
                'bleed), e.g. "0.5in"'
            ),
            "font": _text("the path of a TrueType/OpenType font file (.ttf or .otf)"),
            "fit": _FIT,
            "instruction": _text(f"{SHOWN} (worksheets only)"),
            "fields": {
                "type": "array",
                "maxItems": 4,
                "items": {"type": "string", "minLength": 1, "pattern": VISIBLE},
                "description": 'a list of up to 4 non-empty labels, e.g. ["Name", "Class", '
                '"Date"] (worksheets only)',
            },
            "answer_title": _text(f"{SHOWN} (worksheets only)"),
            "start_label": _text(f"{SHOWN} (worksheets only)"),
            "finish_label": _text(f"{SHOWN} (worksheets only)"),
            "names": {
                "type": "array",
                "minItems": 1,
                "maxItems": MAX_NAMES,
                "items": {"type": "string", "minLength": 1, "maxLength": MAX_NAME_CHARS},
                "description": f"a list of 1 to {MAX_NAMES} pupils' names of at most "
                f"{MAX_NAME_CHARS} characters: a class set, each pupil's own sheets "
                "(worksheets only)",
            },
            "section": {
                "type": "array",
                "minItems": 1,
                "items": section,
                "description": "one or more [[section]] tables",
            },
        },
    }


def validate(data: Mapping[str, Any], schema: Mapping[str, Any], source: str) -> None:
    """Raise TemplateError for the first schema violation, in words, or return quietly."""
    errors = [_own_form(e) for e in validator_class()(schema).iter_errors(data)]
    if not errors:
        return
    first = min(errors, key=lambda e: (_path_key(e), e.validator != "additionalProperties"))
    section, key = place(list(first.absolute_path))
    raise TemplateError(
        describe(first, data, schema),
        file=source,
        section=None if section is None else section + 1,
        section_name=None if section is None else _section_name(data, section),
        key=key,
    )


#: JSON Schema's name for the type of each kind of value TOML gives.
_TYPES: tuple[tuple[type, tuple[str, ...]], ...] = (
    (bool, ("boolean",)),
    (int, ("integer", "number")),
    (float, ("number",)),
    (str, ("string",)),
    (list, ("array",)),
    (dict, ("object",)),
)


def _fits_type(branch: Any, instance: object) -> bool:
    """Whether a oneOf branch declares the instance's own type."""
    declared = branch.get("type") if isinstance(branch, Mapping) else None
    names = [declared] if isinstance(declared, str) else list(declared or ())
    for kind, json_names in _TYPES:
        if isinstance(instance, kind):
            return any(name in json_names for name in names)
    return False


def _own_form(error: ValidationError) -> ValidationError:
    """A oneOf/anyOf failure as the failure inside the form of the value's own type (an
    unknown key in a [cover] table, not the whole table), when exactly that form exists."""
    if error.validator not in ("oneOf", "anyOf") or not error.context:
        return error
    branches: Any = error.validator_value  # the list of forms
    own = [
        e
        for e in error.context
        if e.relative_schema_path
        and _fits_type(branches[e.relative_schema_path[0]], error.instance)
    ]
    if not own:
        return error
    return _own_form(min(own, key=lambda e: (_path_key(e), e.validator != "additionalProperties")))


def _path_key(error: ValidationError) -> tuple[str, ...]:
    return tuple(f"{p:08d}" if isinstance(p, int) else str(p) for p in error.absolute_path)


def place(path: Sequence[Any]) -> tuple[int | None, str | None]:
    """(section index from 0, key) of an instance path; None for what the path lacks. A key
    inside a table is dotted: "cover.color"."""
    parts = list(path)
    section = None
    if len(parts) >= 2 and parts[0] == "section" and isinstance(parts[1], int):
        section = parts[1]
        parts = parts[2:]
    keys = [p for p in parts if isinstance(p, str)]
    return section, (".".join(keys) if keys else None)  # "cover.color", like "text.start"


def _section_name(data: Mapping[str, Any], index: int) -> str | None:
    sections = data.get("section")
    if isinstance(sections, list) and index < len(sections) and isinstance(sections[index], dict):
        name = sections[index].get("name")
        return name if isinstance(name, str) else None
    return None


def _description(schema: Mapping[str, Any], path: Sequence[Any]) -> str:
    """The description of the deepest schema node along the instance path that has one."""
    node: Mapping[str, Any] | None = schema
    found = ""
    for part in path:
        if node is None:
            break
        if isinstance(part, int):
            node = node.get("items") if isinstance(node.get("items"), Mapping) else None
        else:
            node = _property(node, part)
        if node is not None and "description" in node:
            found = node["description"]
    return found


def _property(node: Mapping[str, Any], name: str) -> Mapping[str, Any] | None:
    """The schema of key ``name`` in a table's schema, or in one of its forms (oneOf)."""
    for form in (node, *node.get("oneOf", ())):
        found = form.get("properties", {}).get(name)
        if found is not None:
            return found  # type: ignore[no-any-return]
    return None


def describe(error: ValidationError, data: Mapping[str, Any], schema: Mapping[str, Any]) -> str:
    """One line for a schema violation: where it is, what was found, what is allowed."""
    path = list(error.absolute_path)
    node: Any = error.schema
    expected: Any = error.validator_value
    instance: Any = error.instance
    if error.validator == "additionalProperties":
        known = list(node.get("properties", {}))
        unknown = sorted(k for k in instance if k not in known)
        word = unknown[0]
        return f"unknown key {word!r}{did_you_mean(word, known)}; known keys: {', '.join(known)}"
    if error.validator == "required":
        missing = [k for k in expected if k not in instance]
        key = missing[0] if missing else "?"
        if key == "section":
            return "missing [[section]]: a book needs at least one [[section]] table"
        allowed = _description(schema, [*path, key])
        return f"missing key {key!r} ({allowed})"
    allowed = _description(schema, path)
    found = error.instance
    hint = _hint(error, found, expected)
    if isinstance(found, float) and found.is_integer() and abs(found) < 2**63:
        hint = f" (write {int(found)}, without a decimal point)"
    if error.validator == "minItems" and isinstance(found, list) and not found:
        return f"it is empty; allowed: {allowed}"
    return f"{_show(found)} is not allowed{hint}; allowed: {allowed}"


def _hint(error: ValidationError, found: Any, expected: Any) -> str:
    """' (did you mean "x"?)' for a near-miss of an allowed value, or ''."""
    if error.validator == "enum" and isinstance(found, str):
        return did_you_mean(found, [str(v) for v in expected])
    if error.validator == "enum" and _is_number(found) and all(map(_is_number, expected)):
        nearest = min(expected, key=lambda v: (abs(v - found), v))
        return f" (did you mean {nearest}?)"
    node = error.schema if isinstance(error.schema, Mapping) else {}
    if error.validator == "pattern" and isinstance(found, str):
        return did_you_mean(found, [str(v) for v in node.get("examples", ())])
    if isinstance(found, str) and found.strip().lower() in ("true", "false"):
        forms = [node, *node.get("oneOf", ())]
        if any(_fits_type(form, True) for form in forms):
            return f" (did you mean {found.strip().lower()}, without quotes?)"
    return ""


def _is_number(value: object) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return repr(value)
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
