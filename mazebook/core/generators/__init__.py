"""The generator registry: one small module per algorithm, registered under its CLI name.

A generator is ``carve(grid, rng, **options) -> bytearray``: it returns one passage byte per
cell (bit k = open through slot k of the grid, set on both sides of each passage) forming a
spanning tree of the grid, i.e. a perfect maze. Its only source of randomness is ``rng``.
Options are validated here, against each generator's declared Option list, before it runs.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module

from ...errors import UnknownAlgorithmError, did_you_mean
from ...plugins import Registry
from .spec import Carve, GeneratorSpec, Option

__all__ = ["BUILTINS", "REGISTRY", "Carve", "GeneratorSpec", "Option", "get"]

#: The shipped generators' modules by name (as the CLI spells it), in the order
#: `mazebook algorithms` lists them.
MODULES = {
    "backtracker": "backtracker",
    "prim": "prim",
    "recursive-division": "recursive_division",
    "bfs": "bfs",
    "kruskal": "kruskal",
    "wilson": "wilson",
    "aldous-broder": "aldous_broder",
    "hunt-and-kill": "hunt_and_kill",
    "eller": "eller",
    "sidewinder": "sidewinder",
    "binary-tree": "binary_tree",
    "growing-tree": "growing_tree",
}


class _Shipped(Mapping[str, GeneratorSpec]):
    """The shipped generators: name -> GeneratorSpec, each module imported when its generator
    is first asked for (making one maze loads one generator; listing them loads all), then
    kept: a book's search asks for its generator some 3,400 times."""

    def __init__(self) -> None:
        self._specs: dict[str, GeneratorSpec] = {}

    def __getitem__(self, name: str) -> GeneratorSpec:
        spec = self._specs.get(name)
        if spec is None:
            spec = import_module(f".{MODULES[name]}", __name__).SPEC
            spec = self._specs.setdefault(name, spec)  # racing threads keep the first
        return spec

    def __iter__(self) -> Iterator[str]:
        return iter(MODULES)

    def __len__(self) -> int:
        return len(MODULES)


#: The shipped generators: name (as the CLI spells it) -> GeneratorSpec, in the order
#: `mazebook algorithms` lists them.
BUILTINS: Mapping[str, GeneratorSpec] = _Shipped()


def _accept(name: str, loaded: object) -> GeneratorSpec:
    """A plugin's GeneratorSpec (or a module with one as ``SPEC``), registered under its name."""
    spec = getattr(loaded, "SPEC", loaded)
    if not isinstance(spec, GeneratorSpec):
        raise TypeError(f"it loads {type(spec).__name__}, not a GeneratorSpec")
    if spec.name != name:
        raise ValueError(f"its GeneratorSpec is named {spec.name!r}, not {name!r}")
    return spec


#: Every generator: the shipped ones, then the plugins of the entry-point group
#: ``mazebook.generators`` (read when the registry is first consulted).
REGISTRY: Registry[GeneratorSpec] = Registry("mazebook.generators", lambda: BUILTINS, _accept)


def get(name: str) -> GeneratorSpec:
    """The generator registered under ``name``; UnknownAlgorithmError with a did-you-mean."""
    try:
        return REGISTRY[name]
    except (KeyError, TypeError):
        raise UnknownAlgorithmError(
            f"unknown algorithm {name!r}{did_you_mean(str(name), REGISTRY, always=True)}; "
            f"choose one of: {', '.join(REGISTRY)}"
        ) from None
