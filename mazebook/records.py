"""``record``: an immutable dataclass that costs one compiled method at import, not six.

For every ``@dataclass(frozen=True)`` Python 3.11 writes six methods as source text and compiles
each one with ``exec`` when the class is created (``__init__``, ``__repr__``, ``__eq__``,
``__hash__``, and the ``__setattr__`` and ``__delattr__`` that refuse changes). A book build
loads about a hundred such classes: those compilations were 8 % of the default book's
instructions, more than the matched floor's whole import of reportlab.

A record is a dataclass whose ``__init__`` alone is compiled by ``dataclasses``:

- ``__eq__``, ``__hash__`` and ``__repr__`` are shared functions made here over
  ``operator.attrgetter`` of its fields, with the meaning ``dataclasses`` gives a frozen class:
  equal only to an instance of the very same class with equal compared fields, the same hash
  value (the hash of the tuple of its hashed fields), the same text.
- It is frozen for the type checker (``dataclass_transform(frozen_default=True)``: mypy refuses
  an assignment to a field), not by a ``__setattr__`` run at every change. The package is
  checked with ``mypy --strict``, so its own code cannot change a record; a value reached
  through the public or plugin API (a Maze, Metrics, a kind's facts, a generator's or shape's
  spec) stays a ``@dataclass(frozen=True)``, refused at run time too.

Even that one ``exec`` is spared where it can be: a record whose fields are plain (each set
by its own parameter, with or without a default; no ``default_factory``, ``init=False``,
``kw_only``, ``InitVar`` or ``__post_init__``, no dataclass base, no ``__init__`` of its own,
a docstring) gets its ``__init__`` as a copy of one compiled template with the fields' names
put in (``CodeType.replace``): the same code dataclasses compiles for it, the same signature
(annotations and defaults), the same errors. Any other record keeps the ``__init__``
dataclasses writes.

tests/test_records.py holds records to frozen dataclasses' equality, hashes, text and
construction.
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import operator
import reprlib
import types
from collections.abc import Callable
from dataclasses import MISSING
from typing import Any, TypeVar, dataclass_transform, overload

_T = TypeVar("_T")


def _values(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A function giving the tuple of the named attributes (one name: a 1-tuple, as the tuple
    dataclasses hashes and compares; ``attrgetter`` alone would return the bare value)."""
    if len(names) == 1:
        one = operator.attrgetter(names[0])
        return lambda instance: (one(instance),)
    if not names:
        return lambda instance: ()
    many: Callable[[Any], tuple[Any, ...]] = operator.attrgetter(*names)
    return many


def _shared_methods(cls: type[Any], *, eq: bool) -> None:
    """Give ``cls`` (just made a dataclass without them) its __repr__, and with ``eq`` its
    __eq__ and __hash__ (without, it keeps object's: each instance equal only to itself)."""
    fields = dataclasses.fields(cls)
    compared = _values([f.name for f in fields if f.compare])
    hashed = _values([f.name for f in fields if (f.compare if f.hash is None else f.hash)])
    shown = [f.name for f in fields if f.repr]

    def __eq__(self: Any, other: object) -> bool:
        if other.__class__ is self.__class__:
            equal: bool = compared(self) == compared(other)
            return equal
        return NotImplemented

    def __hash__(self: Any) -> int:
        return hash(hashed(self))

    @reprlib.recursive_repr()
    def __repr__(self: Any) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in shown)
        return f"{self.__class__.__qualname__}({inner})"

    for method in (__eq__, __hash__, __repr__) if eq else (__repr__,):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)


@overload
def record(cls: type[_T], /) -> type[_T]: ...


@overload
def record(*, eq: bool = True) -> Callable[[type[_T]], type[_T]]: ...


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[Any] | None = None, /, *, eq: bool = True) -> Any:
    """An immutable dataclass with a compiled ``__init__`` only (see the module's docstring);
    ``eq=False``: each instance equal only to itself (its identity's hash), as
    ``@dataclass(frozen=True, eq=False)``. A class that writes its own __eq__, __hash__ or
    __repr__ is a frozen dataclass as it is."""

    def make(cls: type[Any]) -> type[Any]:
        if any(name in cls.__dict__ for name in ("__eq__", "__hash__", "__repr__")):
            return dataclasses.dataclass(frozen=True, eq=eq)(cls)
        plain = _plain_fields(cls)
        made = dataclasses.dataclass(init=plain is None, eq=False, repr=False)(cls)
        if plain is not None:
            made.__init__ = _plain_init(made, plain)
        _shared_methods(made, eq=eq)
        return made

    return make if cls is None else make(cls)


def _plain_fields(cls: type[Any]) -> list[str] | None:
    """The names of ``cls``'s fields, in order, where each is set by a parameter of its own
    name (required ones first); None where dataclasses must write the ``__init__``."""
    if (
        "__init__" in cls.__dict__  # its own, which dataclasses keeps
        or cls.__dict__.get("__doc__") is None  # dataclasses writes its signature there
        or getattr(cls, "__post_init__", None) is not None
        or any(dataclasses.is_dataclass(base) for base in cls.__mro__[1:])
    ):
        return None
    names: list[str] = []
    defaulted = False
    for name, annotation in inspect.get_annotations(cls).items():
        text = annotation if isinstance(annotation, str) else repr(annotation)
        if name == "self" or any(word in text for word in ("ClassVar", "InitVar", "KW_ONLY")):
            return None
        value = getattr(cls, name, MISSING)  # as dataclasses reads a default
        if isinstance(value, dataclasses.Field):
            if not value.init or value.kw_only is True or value.default_factory is not MISSING:
                return None
            value = value.default
        if value is MISSING and defaulted:
            return None  # dataclasses' own error: a required field after a defaulted one
        defaulted = value is not MISSING
        names.append(name)
    return names


@functools.cache
def _init_template(count: int) -> types.CodeType:
    """``def __init__(self, f0, .., f<count-1>)`` setting each ``self.f<i>`` to its parameter,
    as dataclasses writes it, compiled once for every record of that many fields."""
    params = "".join(f", f{i}" for i in range(count))
    body = "".join(f"\n    self.f{i} = f{i}" for i in range(count)) or "\n    pass"
    found: dict[str, Any] = {}
    exec(f"def __init__(self{params}) -> None:{body}", found)  # our own text, made once
    code: types.CodeType = found["__init__"].__code__
    fields = tuple(f"f{i}" for i in range(count))
    if code.co_names != fields or code.co_varnames != ("self", *fields):
        raise RuntimeError("this Python compiles the __init__ template otherwise")  # never yet
    return code


def _plain_init(cls: type[Any], names: list[str]) -> Callable[..., None]:
    """``cls``'s ``__init__`` for its plain fields ``names``: the template with the names put
    in, the fields' defaults as the parameters' (the very objects, as dataclasses keeps)."""
    fields = {f.name: f for f in dataclasses.fields(cls)}
    if list(fields) != names:  # a ClassVar or InitVar under another name: said at import
        raise TypeError(
            f"@record {cls.__qualname__}: dataclasses finds the fields {list(fields)}, not the "
            f"annotations {names}: write ClassVar and InitVar by those names, or make it a "
            "@dataclass(frozen=True)"
        )
    code = _init_template(len(names)).replace(
        co_varnames=("self", *names),
        co_names=tuple(names),
        co_qualname=f"{cls.__qualname__}.__init__",
    )
    defaults = tuple(fields[name].default for name in names if fields[name].default is not MISSING)
    init = types.FunctionType(code, {}, "__init__", defaults or None)
    init.__qualname__ = code.co_qualname
    init.__module__ = cls.__module__
    init.__annotations__ = {**{name: fields[name].type for name in names}, "return": None}
    return init
