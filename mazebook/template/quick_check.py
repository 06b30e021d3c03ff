"""A quick yes to a valid template: jsonschema-rs (compiled; about 15 ms to load and check,
against jsonschema's 50 ms) says whether the data is valid, and only data it cannot vouch for
goes on to jsonschema, which finds the error schema.py words (so every error is found and
worded as before).

The answer is the same as jsonschema's (with schema.py's integer rule) for the data it is
asked about: plain TOML values (tables with text keys, arrays, text, booleans, whole numbers
within 2**53 and finite fractional numbers). Outside that the two may differ (jsonschema-rs
takes 2.0 as an integer, a tuple as an array, and cannot read a date), so such data is not
asked about. A ``pattern`` is matched with Python's ``re.search``, as jsonschema matches it,
not with the Rust engine, whose dialect differs. tests/test_template_quick_check.py draws
templates to hold the two to the same answers.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Any

#: Whole numbers up to this size are the same number in Rust's f64 and Python's int.
EXACT_INT = 2**53


class _PythonPattern:
    """The ``pattern`` keyword for jsonschema-rs, as jsonschema has it: ``re.search`` on text."""

    def __init__(self, _parent: Mapping[str, Any], value: str, _path: list[str | int]) -> None:
        self._pattern = re.compile(value)

    def validate(self, instance: object) -> None:
        if isinstance(instance, str) and self._pattern.search(instance) is None:
            raise ValueError(f"{instance!r} does not match {self._pattern.pattern!r}")


def plain(value: object) -> bool:
    """Whether ``value`` holds only the TOML values both checkers read alike."""
    if type(value) is dict:
        return all(type(k) is str and plain(v) for k, v in value.items())
    if type(value) is list:
        return all(plain(v) for v in value)
    if type(value) is int:
        return -EXACT_INT <= value <= EXACT_INT
    if type(value) is float:
        return math.isfinite(value) and not value.is_integer()
    return type(value) is str or type(value) is bool


def surely_valid(data: Mapping[str, Any], schema: Mapping[str, Any]) -> bool:
    """True when ``data`` is plain and jsonschema-rs finds it valid against ``schema``: then
    jsonschema would find no error either. False says nothing: ask jsonschema."""
    if not plain(data):
        return False
    import jsonschema_rs  # here alone: a shipped template is never checked

    validator = jsonschema_rs.validator_for(dict(schema), keywords={"pattern": _PythonPattern})
    return validator.is_valid(data)
