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

tests/test_records.py holds records to frozen dataclasses' equality, hashes and text.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable
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
        made = dataclasses.dataclass(eq=False, repr=False)(cls)
        _shared_methods(made, eq=eq)
        return made

    return make if cls is None else make(cls)
