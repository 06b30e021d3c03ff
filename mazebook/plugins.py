"""Registries open to plugins: the built-in entries plus the entry points of one group.

Other packages add generators, shapes and printers by declaring entry points in the groups
``mazebook.generators``, ``mazebook.shapes``, ``mazebook.printers`` and ``mazebook.kinds``
(docs/plugins.md).
Nothing registers itself when imported: a ``Registry`` reads its group once, the first time it
is listed or asked for a name it does not ship, and a plugin that cannot be loaded becomes one
PluginError naming it. A shipped name is answered without reading the plugins (a plugin cannot
take a shipped name), so a command that uses only shipped entries never reads the installed
packages' metadata.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterable, Iterator, Mapping
from functools import cache
from typing import TYPE_CHECKING, TypeVar

from .errors import MazebookError, PluginError

if TYPE_CHECKING:
    from importlib.metadata import EntryPoint

T = TypeVar("T")

#: The entry-point groups mazebook reads.
GROUPS = ("mazebook.generators", "mazebook.shapes", "mazebook.printers", "mazebook.kinds")


class OnDemand(Mapping[str, T]):
    """Shipped entries by name, in the order of ``names``, each made by ``make(name)`` when
    first asked for: a command that uses one entry never pays for making the others."""

    def __init__(self, names: Iterable[str], make: Callable[[str], T]) -> None:
        self._names = tuple(names)
        self._make = make
        self._made: dict[str, T] = {}

    def __getitem__(self, name: str) -> T:
        entry = self._made.get(name)
        if entry is None:
            if name not in self._names:
                raise KeyError(name)
            entry = self._made.setdefault(name, self._make(name))  # racing threads get the first
        return entry

    def __iter__(self) -> Iterator[str]:
        return iter(self._names)

    def __len__(self) -> int:
        return len(self._names)

    def __contains__(self, name: object) -> bool:
        return name in self._names  # without making the entry


class Registry(Mapping[str, T]):
    """name -> entry: ``builtins()`` first, in their order, then the group's plugins by name.

    ``accept(name, loaded)`` turns what a plugin's entry point loads into an entry, raising
    ValueError or TypeError (or a MazebookError) with the reason when it is not one.
    """

    def __init__(
        self,
        group: str,
        builtins: Callable[[], Mapping[str, T]],
        accept: Callable[[str, object], T],
    ) -> None:
        self.group = group
        self._builtins = builtins
        self._accept = accept
        self._entries: dict[str, T] | None = None
        self._shipped: Mapping[str, T] | None = None
        self._lock = threading.Lock()

    def _builtin(self, name: object) -> T | None:
        """The shipped entry ``name`` (the plugins unread), or None when none is shipped."""
        shipped = self._shipped
        if shipped is None:
            with self._lock:
                if self._shipped is None:
                    self._shipped = self._builtins()
                shipped = self._shipped
        return shipped.get(name) if isinstance(name, str) else None

    def shipped(self) -> Mapping[str, T]:
        """The shipped entries alone, the plugins unread (or every entry once they are read)."""
        if self._entries is not None:
            return self._entries
        with self._lock:
            if self._shipped is None:
                self._shipped = self._builtins()
            return self._shipped

    def _load(self) -> dict[str, T]:
        """The entries, read once (the built-ins and every plugin of the group)."""
        entries = self._entries
        if entries is not None:
            return entries
        with self._lock:
            if self._entries is None:
                if self._shipped is None:
                    self._shipped = self._builtins()
                loaded = dict(self._shipped)
                for point in plugins(self.group):
                    loaded[point.name] = self._plugin(point, taken=loaded)
                self._entries = loaded
            return self._entries

    def _plugin(self, point: EntryPoint, *, taken: Mapping[str, T]) -> T:
        """One plugin's entry; PluginError naming the plugin when it is not usable."""
        where = f"plugin {point.name!r} ({point.value}) in group {self.group}"
        if point.name in taken:
            raise PluginError(f"{where}: the name {point.name!r} is already taken")
        try:
            return self._accept(point.name, point.load())
        except MazebookError as exc:
            raise PluginError(f"{where}: {exc}") from exc
        except Exception as exc:  # anything a third party's import or object can raise
            raise PluginError(f"{where} cannot be used: {type(exc).__name__}: {exc}") from exc

    def __getitem__(self, name: str) -> T:
        if self._entries is None and (entry := self._builtin(name)) is not None:
            return entry
        return self._load()[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self._load())

    def __len__(self) -> int:
        return len(self._load())

    def __contains__(self, name: object) -> bool:
        if self._entries is None and self._builtin(name) is not None:
            return True
        return name in self._load()

    def __repr__(self) -> str:
        return f"Registry({self.group!r}, {list(self)!r})"


@cache
def installed() -> tuple[EntryPoint, ...]:
    """Every installed entry point, read from the path once for all three groups (a read
    walks every installed package's metadata, about 10 ms here)."""
    from importlib.metadata import distributions  # about 20 ms to import: only here

    return tuple(point for dist in distributions() for point in dist.entry_points)


def plugins(group: str) -> list[EntryPoint]:
    """The group's entry points, each name once (a package found twice on the path counts
    once), sorted by name so every run sees them in the same order."""
    unique = {(p.name, p.value): p for p in installed() if p.group == group}
    return [unique[key] for key in sorted(unique)]
