"""Maze JSON checked against its declared schema, mazebook/data/maze.schema.json, fast.

The schema file is plain Draft 2020-12, for any tool; here it is read with jsonschema's own
validator extended in two ways. An integer is an int, never 2.0 (JSON tells them apart, and a
maze file's 5.0 is refused). And ``items`` first runs a tight check of a whole array when its
item schema is simple (whole numbers in a range, numbers, fixed-length lists of those, lists of
such): a 2000x2000 maze holds 4 million wall values, which item by item would take about 40 s.
Only when that check fails (or the schema is not simple) are the items walked by the standard
keyword, so the error is jsonschema's own, found as before. jsonschema is imported on the first
maze read, not when the core is imported, so making and solving mazes never loads it.

The first error becomes one line: where (``walls[3][7]``, ``grid_params.outline``), what the
value must be (the schema's ``description``, else words made from its type and range) and what
it is.
"""

from __future__ import annotations

import json
import reprlib
from collections.abc import Iterator, Mapping, Sequence
from functools import cache
from itertools import chain
from typing import Any

from ..errors import MazeFormatError

#: Schema keywords that only annotate: a simple schema may carry them.
_NOTES = frozenset({"description", "title", "$comment"})


class _Spec:
    """A compiled simple schema: ``ok(value)`` is True only if the value is valid under it
    (False may still be valid: the standard keyword decides then)."""

    def ok(self, value: object) -> bool:
        raise NotImplementedError

    def all_ok(self, values: Sequence[object]) -> bool:
        """Whether every value is ok (subclasses do it without a call per value)."""
        return all(map(self.ok, values))


class _Whole(_Spec):
    """An int (not a bool) from ``lo`` to ``hi`` (either may be None)."""

    def __init__(self, lo: int | None, hi: int | None) -> None:
        self.lo, self.hi = lo, hi

    def ok(self, value: object) -> bool:
        return type(value) is int and self._in_range(value, value)

    def all_ok(self, values: Sequence[object]) -> bool:
        if not values:
            return True
        if set(map(type, values)) != {int}:
            return False
        ints: Sequence[int] = values  # type: ignore[assignment]
        return self._in_range(min(ints), max(ints))

    def _in_range(self, low: int, high: int) -> bool:
        return (self.lo is None or low >= self.lo) and (self.hi is None or high <= self.hi)


class _Number(_Spec):
    """An int or a float, not a bool (NaN and infinity too, as JSON Schema's number)."""

    def ok(self, value: object) -> bool:
        return type(value) is int or type(value) is float

    def all_ok(self, values: Sequence[object]) -> bool:
        return set(map(type, values)) <= {int, float}


class _Text(_Spec):
    """One of a few strings (an ``enum`` of strings only)."""

    def __init__(self, names: Sequence[str]) -> None:
        self.names = frozenset(names)

    def ok(self, value: object) -> bool:
        return type(value) is str and value in self.names

    def all_ok(self, values: Sequence[object]) -> bool:
        return set(map(type, values)) <= {str} and set(values) <= self.names


class _List(_Spec):
    """A list of ``lo`` to ``hi`` items, each ok by ``item``."""

    def __init__(self, item: _Spec, lo: int, hi: int | None) -> None:
        self.item, self.lo, self.hi = item, lo, hi

    def ok(self, value: object) -> bool:
        if type(value) is not list:
            return False
        n = len(value)
        return n >= self.lo and (self.hi is None or n <= self.hi) and self.item.all_ok(value)

    def all_ok(self, values: Sequence[object]) -> bool:
        """Many short lists (each cell's neighbours) at once: their types and lengths, then
        all their items as one list."""
        if not values:
            return True
        if not set(map(type, values)) <= {list}:
            return False
        lengths: list[int] = list(map(len, values))  # type: ignore[arg-type]
        if min(lengths) < self.lo or (self.hi is not None and max(lengths) > self.hi):
            return False
        return self.item.all_ok(list(chain.from_iterable(values)))  # type: ignore[arg-type]


class _Tuple(_Spec):
    """A list of exactly ``len(items)`` values, the i-th ok by ``items[i]``: [x, y] and such."""

    def __init__(self, items: Sequence[_Spec]) -> None:
        self.items = tuple(items)

    def ok(self, value: object) -> bool:
        return (
            type(value) is list
            and len(value) == len(self.items)
            and all(spec.ok(v) for spec, v in zip(self.items, value, strict=True))
        )

    def all_ok(self, values: Sequence[object]) -> bool:
        k = len(self.items)
        if not set(map(type, values)) <= {list} or not set(map(len, values)) <= {k}:  # type: ignore[arg-type]
            return False
        flat: list[object] = list(chain.from_iterable(values))  # type: ignore[arg-type]
        return all(spec.all_ok(flat[i::k]) for i, spec in enumerate(self.items))


def _compile(schema: object, root: Mapping[str, Any]) -> _Spec | None:
    """The fast check of a simple schema, or None for any other (the standard code checks)."""
    if not isinstance(schema, Mapping):
        return None
    keys = set(schema) - _NOTES
    if keys == {"$ref"}:
        return _compile(_local_ref(root, schema["$ref"]), root)
    kind = schema.get("type")
    if keys == {"enum"} and all(type(v) is str for v in schema["enum"]):
        return _Text(schema["enum"])
    if kind == "integer" and keys <= {"type", "minimum", "maximum"}:
        lo, hi = schema.get("minimum"), schema.get("maximum")
        if all(b is None or type(b) is int for b in (lo, hi)):
            return _Whole(lo, hi)
    elif kind == "number" and keys == {"type"}:
        return _Number()
    elif kind == "array" and keys <= {"type", "items", "minItems", "maxItems"} and "items" in keys:
        item = _compile(schema["items"], root)
        if item is not None:
            return _List(item, schema.get("minItems", 0), schema.get("maxItems"))
    elif kind == "array" and keys == {"type", "prefixItems", "minItems", "maxItems"}:
        prefix = [_compile(s, root) for s in schema["prefixItems"]]
        n = len(prefix)
        if schema["minItems"] == schema["maxItems"] == n and None not in prefix:
            return _Tuple([p for p in prefix if p is not None])
    return None


def _local_ref(root: Mapping[str, Any], ref: object) -> object:
    """The schema a ``#/$defs/name`` reference points to in ``root`` (None for any other)."""
    if not isinstance(ref, str) or not ref.startswith("#/"):
        return None
    node: object = root
    for part in ref[2:].split("/"):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def fast_validator_class(root: Mapping[str, Any]) -> Any:
    """Draft 2020-12 with ints apart from floats, any mapping an object, a tuple an array, and a
    fast ``items`` for the simple item schemas of ``root`` (``#/...`` references are looked up
    in ``root``, so the class is for validating against ``root``)."""
    from jsonschema import Draft202012Validator, validators

    standard_items = Draft202012Validator.VALIDATORS["items"]
    specs: dict[int, tuple[object, _Spec | None]] = {}  # id -> (the subschema, its check)

    def spec_of(schema: object) -> _Spec | None:
        known = specs.get(id(schema))
        if known is None or known[0] is not schema:  # the same id, another object: compile
            known = specs[id(schema)] = (schema, _compile(schema, root))
        return known[1]

    def items(validator: Any, item: object, instance: object, schema: Mapping[str, Any]) -> Any:
        spec = spec_of(item)
        if spec is None or "prefixItems" in schema or type(instance) is not list:
            yield from standard_items(validator, item, instance, schema)
        elif not spec.all_ok(instance):
            for index, value in enumerate(instance):
                if not spec.ok(value):
                    yield from validator.descend(value, item, path=index)

    return validators.extend(  # type: ignore[no-untyped-call]
        Draft202012Validator,
        validators={"items": items},
        type_checker=Draft202012Validator.TYPE_CHECKER.redefine_many(
            {"integer": _is_whole, "object": _is_object, "array": _is_array}
        ),
    )


def _is_whole(_checker: object, value: object) -> bool:
    """An int, not a bool and not a float such as 2.0 (a maze file's 5.0 is refused)."""
    return isinstance(value, int) and not isinstance(value, bool)


def _is_object(_checker: object, value: object) -> bool:
    """Any mapping: a maze built in Python may hand one in."""
    return isinstance(value, Mapping)


def _is_array(_checker: object, value: object) -> bool:
    """A list, or a tuple from Python (``entrance=(0, 0)`` was always taken)."""
    return isinstance(value, (list, tuple))


@cache
def maze_schema() -> dict[str, Any]:
    """The declared schema of maze JSON (mazebook/data/maze.schema.json)."""
    from importlib import resources  # only when a maze is read

    text = (resources.files("mazebook") / "data" / "maze.schema.json").read_text("utf-8")
    schema: dict[str, Any] = json.loads(text)
    return schema


@cache
def _validator() -> Any:
    """The schema's validator, made once on the first maze read."""
    return fast_validator_class(maze_schema())(maze_schema())


def check_maze_json(data: object) -> None:
    """Raise MazeFormatError for the first way ``data`` breaks the maze schema."""
    errors: Iterator[Any] = _validator().iter_errors(data)
    error = next(errors, None)
    if error is not None:
        raise MazeFormatError(error_line(error))


def error_line(error: Any) -> str:
    """One line for a jsonschema error: where, what the value must be, what it is."""
    where = json_path(error.absolute_path)
    if not where:
        if error.validator == "required":
            return f"the maze has no {error.message.split(' is a required')[0]}"
        return f"a maze must be a JSON object, got {_short(error.instance)}"
    if "propertyNames" in error.absolute_schema_path:
        return f"{where} has the key {_short(error.instance)}, which is not a string"
    return f"{where} must be {wanted(error.schema)}, got {_short(error.instance)}"


def json_path(parts: Sequence[object]) -> str:
    """``walls[3][7]``, ``grid_params.outline``: keys joined by dots, indexes in brackets; a key
    that is not a plain name is quoted (``grid_params["x\\ny"]``), so a message stays one line."""
    text = ""
    for part in parts:
        if isinstance(part, int):
            text += f"[{part}]"
        elif str(part).isidentifier():
            text += f".{part}" if text else str(part)
        else:
            text += f"[{json.dumps(str(part))}]"
    return text


#: How a JSON Schema type reads in a message.
_TYPE_WORDS = {
    "integer": "a whole number",
    "number": "a number",
    "string": "a string",
    "boolean": "true or false",
    "array": "a list",
    "object": "a JSON object",
    "null": "null",
}


def wanted(schema: object) -> str:
    """What a value must be, in words: the schema's description, else from its keywords."""
    if not isinstance(schema, Mapping):
        return "absent"
    if isinstance(schema.get("description"), str):
        return str(schema["description"])
    if "const" in schema:
        return json.dumps(schema["const"])
    if "enum" in schema:
        return "one of " + _or([json.dumps(v) for v in schema["enum"]])
    kinds = schema.get("type", [])
    words = [_TYPE_WORDS.get(k, k) for k in ([kinds] if isinstance(kinds, str) else kinds)]
    if "integer" in kinds:
        words[words.index("a whole number")] += _range(schema)
    return _or(words) if words else "valid"


def _range(schema: Mapping[str, Any]) -> str:
    lo, hi = schema.get("minimum"), schema.get("maximum")
    if lo is not None and hi is not None:
        return f" from {lo} to {hi}"
    if lo is not None:
        return f" of at least {lo}"
    return f" of at most {hi}" if hi is not None else ""


def _or(words: Sequence[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


#: repr() of a few items and characters, so a huge value is never written out whole.
_REPR = reprlib.Repr()
_REPR.maxlist = _REPR.maxtuple = 4
_REPR.maxdict, _REPR.maxlevel, _REPR.maxstring, _REPR.maxother = 3, 3, 32, 32


def _short(value: object) -> str:
    """The value's repr cut to 40 characters, for a message that stays one short line."""
    text = _REPR.repr(value)
    return text if len(text) <= 40 else text[:37] + "..."
