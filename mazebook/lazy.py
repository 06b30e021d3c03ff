"""Names a package imports on first use (PEP 562): a command that never asks for one never
pays for importing it."""

from __future__ import annotations

import importlib.util
import sys
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


def deferred_module(name: str) -> ModuleType:
    """The installed module ``name``, its code run when one of its attributes is first used
    (importlib.util.LazyLoader), so that work which never uses it never pays for it. It is put
    in ``sys.modules`` (an ``import`` statement elsewhere runs it at once); a module imported
    already is returned as it is."""
    module = sys.modules.get(name)
    if module is not None:
        return module
    spec = importlib.util.find_spec(name)
    if spec is None or spec.loader is None:
        raise ModuleNotFoundError(f"No module named {name!r}", name=name)
    loader = importlib.util.LazyLoader(spec.loader)
    spec.loader = loader
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    loader.exec_module(module)
    return module


def run_now(module: ModuleType) -> ModuleType:
    """``module`` with its deferred code run now, e.g. before threads share it (LazyLoader's
    first use is not thread-safe before Python 3.12: a second thread could see it half run)."""
    _ = module.__name__  # any attribute runs it
    return module


if TYPE_CHECKING:
    import numpy as numpy
else:
    #: numpy, loaded when first used: the small mazes of books and worksheets are made and
    #: drawn without it (0.08 s and 15 MB saved); large mazes, PNG and preflight use it.
    #: Modules take it as ``from mazebook.lazy import numpy as np``: a plain ``import numpy``
    #: statement runs it at once.
    numpy = deferred_module("numpy")
