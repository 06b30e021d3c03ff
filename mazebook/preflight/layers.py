"""Optional content (layers): a layer switched off by default, or set not to print, may print
or not depending on the printer's software; each one is named in a warning.

A layer (an optional content group, OCG) is off by default when the catalog's /OCProperties
/D lists it under /OFF, or when /D's /BaseState is /OFF and /ON does not list it; a layer
whose /Usage /Print /PrintState is /OFF is meant not to print. Arrays are read to a bounded
length, so a hostile catalog costs no more than a large one.
"""

from __future__ import annotations

from typing import Any

from pypdf.generic import ArrayObject, IndirectObject, TextStringObject

from ..errors import one_line
from .read import PdfPartError, get, guard, resolve
from .report import Check, listed

#: Layers read from one array at most.
MAX_LAYERS = 10_000


def _key(value: Any) -> Any:
    """A layer's identity: its object number, or the object itself when it is direct."""
    if isinstance(value, IndirectObject):
        return (value.idnum, value.generation)
    return id(resolve(value))


def _items(value: Any) -> list[Any]:
    """An array's items (a bounded number of them), or none."""
    value = resolve(value)
    return list(value[:MAX_LAYERS]) if isinstance(value, ArrayObject) else []


def _name(layer: Any) -> str:
    """A layer's /Name, quoted and on one line."""
    name = get(layer, "/Name")
    text = str(name) if isinstance(name, TextStringObject | str) else "a layer without a name"
    return repr(one_line(text[:80])) if isinstance(name, TextStringObject | str) else text


def hidden_layers(catalog: Any) -> tuple[int, list[str]]:
    """(how many layers the file has, each layer off by default or not printed, named with
    why); PdfPartError when /OCProperties cannot be read."""
    with guard("optional content (/OCProperties)"):
        properties = get(catalog, "/OCProperties")
        if properties is None:
            return 0, []
        layers = _items(get(properties, "/OCGs"))
        default = get(properties, "/D")
        base_off = get(default, "/BaseState") == "/OFF"
        on = {_key(v) for v in _items(get(default, "/ON"))}
        off = {_key(v) for v in _items(get(default, "/OFF"))}
        found = []
        for layer in layers:
            key = _key(layer)
            why = []
            if key in off or (base_off and key not in on):
                why.append("off by default")
            if get(get(get(layer, "/Usage"), "/Print"), "/PrintState") == "/OFF":
                why.append("set not to print")
            if why:
                found.append(f"{_name(layer)} ({', '.join(why)})")
        return len(layers), found


def layers_check(catalog: Any) -> Check:
    """A warning naming every layer switched off by default or set not to print."""
    try:
        count, hidden = hidden_layers(catalog)
    except PdfPartError as exc:
        return Check("optional content", True, f"cannot be read ({exc}): check its layers", True)
    if not count:
        return Check("optional content", True, "no layers")
    layers = f"{count} layer{'' if count == 1 else 's'}"
    if not hidden:
        return Check("optional content", True, f"{layers}, all shown and printed")
    return Check(
        "optional content",
        True,
        f"{len(hidden)} of {layers} hidden, which a printer may print or leave out (turn them on "
        f"and flatten, or delete them): {listed(hidden)}",
        warn=True,
    )
