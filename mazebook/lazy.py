"""Names a package imports on first use (PEP 562), and modules stood in for until first used
(``Deferred``: numpy): a command that never asks for one never pays for importing it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any


def lazy_names(package: str, homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module ``__getattr__`` for ``package``: each name in ``homes`` imported from its
    module (relative to the package) when first asked for, then kept in the package."""
    namespace = import_module(package).__dict__

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home, package), name)
        namespace[name] = value
        return value

    return __getattr__


class Deferred:
    """A module's stand-in that imports it when one of its names is first used, so that work
    which never uses it never pays for it (numpy: 0.08 s and 15 MB). Each name is then kept
    on the stand-in, so a later use costs what a module's does. The import is Python's own:
    its lock makes a thread that asks while another imports wait for the whole module
    (importlib.util.LazyLoader shows a half-run module to a second thread before Python
    3.12.3)."""

    def __init__(self, name: str) -> None:
        self.__module = name

    def __getattr__(self, attr: str) -> Any:
        module = import_module(self.__module)  # not sys.modules: it may be half run there
        value = getattr(module, attr)
        if len(self.__dict__) == 1:  # the first use: every name the module has so far
            self.__dict__.update(module.__dict__)
        self.__dict__[attr] = value  # (a name the module makes on demand, e.g. a submodule)
        return value


def run_now(module: ModuleType | Deferred) -> None:
    """Import a deferred module now (e.g. where a server starts: its first request need not
    pay for it)."""
    _ = module.__name__  # a name it has


if TYPE_CHECKING:
    import numpy as numpy
else:
    #: numpy, imported when first used: the small mazes of books and worksheets are made and
    #: drawn without it; large mazes, PNG and preflight use it. Modules take it as
    #: ``from mazebook.lazy import numpy as np``.
    numpy = Deferred("numpy")
