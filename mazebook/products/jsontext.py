"""JSON text indented by two spaces, as ``json.dumps(value, indent=2, ensure_ascii=False)``
writes it, made faster: with an indent the standard library encodes in pure Python, one
generator step a value; here each value is written straight into one list of pieces (strings
through the standard library's C escaper). Anything it does not know (another type, a key
that is not a string, a loop) is left to json.dumps itself, errors and all.
"""

from __future__ import annotations

import json
import json.encoder
from typing import Any

_ESCAPE = json.encoder.encode_basestring  # the C escaper where the interpreter has it
_INDENT = "  "


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
    if value != value:
        return "NaN"
    if value == float("inf"):
        return "Infinity"
    if value == float("-inf"):
        return "-Infinity"
    return float.__repr__(value)


def _scalar(value: Any) -> str | None:
    """A plain value's text (json's checks in json's order), None for a container."""
    if isinstance(value, str):
        return _ESCAPE(value)
    if value is None:
        return "null"
    if value is True:
        return "true"
    if value is False:
        return "false"
    if isinstance(value, int):
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
        out.append("[")
        for item in value:
            out.append(inner)
            _write(item, out, inner)
            out.append(",")
        out[-1] = newline + "]"
        return
    if isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        out.append("{")
        for key, item in value.items():
            if not isinstance(key, str):
                raise _Unusual
            out.append(inner)
            out.append(_ESCAPE(key))
            out.append(": ")
            _write(item, out, inner)
            out.append(",")
        out[-1] = newline + "}"
        return
    raise _Unusual
