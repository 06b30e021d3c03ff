"""JSON text indented by two spaces, as ``json.dumps(value, indent=2, ensure_ascii=False)``
writes it, made faster: with an indent the standard library encodes in pure Python, one
generator step a value; here each value is written straight into one list of pieces (strings
through the standard library's C escaper), a container's plain items (a str, int, float, bool
or None exactly) each as one piece with its key and separator, their text found through one
table lookup by type. Anything it does not know (another type, a key that is not a string, a
loop) is left to json.dumps itself, errors and all.
"""

from __future__ import annotations

import json
import json.encoder
from collections.abc import Callable
from typing import Any

_ESCAPE = json.encoder.encode_basestring  # the C escaper where the interpreter has it
_INDENT = "  "
#: float's repr of the values JSON has no number for, and json's words for them
_SPECIAL = {"nan": "NaN", "inf": "Infinity", "-inf": "-Infinity"}


class _Unusual(Exception):
    """A value the fast writer leaves to json.dumps."""


def indented_json(value: Any) -> str:
    """``json.dumps(value, indent=2, ensure_ascii=False)``, the same text."""
    out: list[str] = []
    try:
        _write(value, out, "\n")
    except (_Unusual, RecursionError):
        return json.dumps(value, indent=2, ensure_ascii=False)
    return "".join(out)


def _float(value: float) -> str:
    text = float.__repr__(value)
    return _SPECIAL.get(text, text)


#: The text of a plain value by its exact type (a subclass takes _scalar's isinstance checks).
_TEXT: dict[type, Callable[[Any], str]] = {
    str: _ESCAPE,
    float: _float,
    int: int.__repr__,
    bool: lambda value: "true" if value else "false",
    type(None): lambda _: "null",
}


def _scalar(value: Any) -> str | None:
    """A plain value's text (json's checks in json's order), None for a container."""
    to_text = _TEXT.get(type(value))
    if to_text is not None:
        return to_text(value)
    if isinstance(value, str):
        return _ESCAPE(value)
    if isinstance(value, int):  # bool's subclasses cannot be: True and False are its only
        return int.__repr__(value)
    if isinstance(value, float):
        return _float(value)
    return None


def _write(value: Any, out: list[str], newline: str) -> None:
    """Append the text of ``value``, whose line starts with ``newline`` (its indent)."""
    text = _scalar(value)
    if text is not None:
        out.append(text)
        return
    inner = newline + _INDENT
    if isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        sep, comma = "[" + inner, "," + inner  # before the first item, before the others
        for item in value:
            to_text = _TEXT.get(type(item))
            text = to_text(item) if to_text is not None else _scalar(item)
            if text is None:
                out.append(sep)
                _write(item, out, inner)
            else:
                out.append(sep + text)
            sep = comma
        out.append(newline + "]")
        return
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        sep, comma = "{" + inner, "," + inner
        for key, item in value.items():
            if not isinstance(key, str):
                raise _Unusual
            to_text = _TEXT.get(type(item))
            text = to_text(item) if to_text is not None else _scalar(item)
            if text is None:
                out.append(sep + _ESCAPE(key) + ": ")
                _write(item, out, inner)
            else:
                out.append(sep + _ESCAPE(key) + ": " + text)
            sep = comma
        out.append(newline + "}")
        return
    raise _Unusual
