"""``record``: a frozen dataclass whose equality, hash and repr are shared code, not compiled
for each class.

For every frozen dataclass Python 3.11 writes six methods as source text and compiles each one
with ``exec`` when the class is created: a command that loads a hundred of them spends more time
compiling than the matched floor spends importing reportlab. A record is the same dataclass
(its ``__init__`` and its frozen ``__setattr__`` and ``__delattr__`` are still made by
``dataclasses``), but its ``__eq__``, ``__hash__`` and ``__repr__`` are made here from
``operator.attrgetter`` over its fields, with the meaning ``dataclasses`` gives them: equal only
to an instance of the very same class with equal compared fields, the same hash value (the hash
of the tuple of its hashed fields), the same text. tests/test_records.py holds them to it.
"""

from __future__ import annotations

import dataclasses
import operator
import reprlib
from collections.abc import Callable
from typing import Any, TypeVar, dataclass_transform

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


def _shared_methods(cls: type[Any]) -> None:
    """Give ``cls`` (just made a dataclass without them) its __eq__, __hash__ and __repr__."""
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

    for method in (__eq__, __hash__, __repr__):
        method.__qualname__ = f"{cls.__qualname__}.{method.__name__}"
        setattr(cls, method.__name__, method)


@dataclass_transform(frozen_default=True, field_specifiers=(dataclasses.field, dataclasses.Field))
def record(cls: type[_T]) -> type[_T]:
    """``@dataclass(frozen=True)`` made without compiling __eq__, __hash__ and __repr__ (see
    the module's docstring); a class that writes one of them itself keeps its own."""
    own = {name for name in ("__eq__", "__hash__", "__repr__") if name in cls.__dict__}
    if own:  # what dataclasses makes around a method of the class's own: leave it all to it
        made: type[_T] = dataclasses.dataclass(frozen=True)(cls)
        return made
    made = dataclasses.dataclass(frozen=True, eq=False, repr=False)(cls)
    _shared_methods(made)
    return made
