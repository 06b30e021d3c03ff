"""The generator registry: one small module per algorithm, registered under its CLI name.

A generator is ``carve(grid, rng, **options) -> bytearray``: it returns one passage byte per
cell (bit k = open through slot k of the grid, set on both sides of each passage) forming a
spanning tree of the grid, i.e. a perfect maze. Its only source of randomness is ``rng``.
Options are validated here, against each generator's declared Option list, before it runs.
"""

from __future__ import annotations

from ...errors import UnknownAlgorithmError, did_you_mean
from ...plugins import Registry
from . import (
    aldous_broder,
    backtracker,
    bfs,
    binary_tree,
    eller,
    growing_tree,
    hunt_and_kill,
    kruskal,
    prim,
    recursive_division,
    sidewinder,
    wilson,
)
from .spec import Carve, GeneratorSpec, Option

__all__ = ["BUILTINS", "REGISTRY", "Carve", "GeneratorSpec", "Option", "get"]

#: The shipped generators: name (as the CLI spells it) -> GeneratorSpec, in the order
#: `mazebook algorithms` lists them.
BUILTINS: dict[str, GeneratorSpec] = {
    module.SPEC.name: module.SPEC
    for module in (
        backtracker,
        prim,
        recursive_division,
        bfs,
        kruskal,
        wilson,
        aldous_broder,
        hunt_and_kill,
        eller,
        sidewinder,
        binary_tree,
        growing_tree,
    )
}


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
