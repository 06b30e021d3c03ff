"""What a generator is: its options (with their checks) and its registry entry."""

from __future__ import annotations

import functools
import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...errors import InvalidOptionError, UnsupportedShapeError, did_you_mean
from ..grid import Grid

if TYPE_CHECKING:
    import numpy as np

    from ..grown import Grown

Carve = Callable[..., bytearray]
#: A carve that also tells how its maze grew: (grid, rng, **options) -> (passage bytes, Grown).
Grow = Callable[..., "tuple[bytearray, Grown]"]
#: A generator's own reading of its maze as a rooted tree (see GeneratorSpec.tree_order).
TreeOrder = Callable[..., "tuple[np.ndarray, np.ndarray]"]


@dataclass(frozen=True)
class Option:
    """One knob of a generator: its type, default, allowed range or choices, and meaning."""

    name: str
    kind: type  # float, int, str or bool
    default: Any
    doc: str
    minimum: float | None = None
    maximum: float | None = None
    choices: tuple[str, ...] | None = None

    def check(self, algorithm: str, value: Any) -> Any:
        """Return the value converted to this option's type, or raise InvalidOptionError."""
        if self.choices is not None:
            if value not in self.choices:
                allowed = ", ".join(self.choices)
                hint = did_you_mean(value, self.choices) if isinstance(value, str) else ""
                raise self._refused(algorithm, f"must be one of {allowed}; got {value!r}{hint}")
            return value
        if self.kind is bool:
            if not isinstance(value, bool):
                raise self._refused(algorithm, f"must be true or false; got {value!r}")
            return value
        if isinstance(value, bool) or not isinstance(value, (int, float)):
            raise self._refused(algorithm, f"must be a number; got {value!r}")
        if self.kind is int and value != int(value):
            raise self._refused(algorithm, f"must be a whole number; got {value!r}")
        value = self.kind(value)
        lo = -float("inf") if self.minimum is None else self.minimum
        hi = float("inf") if self.maximum is None else self.maximum
        if not lo <= value <= hi:
            raise self._refused(
                algorithm, f"must be between {self.minimum} and {self.maximum}; got {value}"
            )
        return value

    def _refused(self, algorithm: str, why: str) -> InvalidOptionError:
        """The error refusing a value: ``why`` after the algorithm and option it is for (the
        name written only when a value is refused; the check runs for every maze)."""
        return InvalidOptionError(f"{algorithm} option {self.name!r} {why}")


@dataclass(frozen=True)
class GeneratorSpec:
    """A registered algorithm: name, carving function, one-line summary, shapes, options."""

    name: str
    carve: Carve
    summary: str
    shapes: frozenset[str] | None = None  # None: any grid (a graph algorithm)
    options: tuple[Option, ...] = ()
    #: Carves the passages a grid names in ``params["first_edges"]`` before any other (a weave
    #: maze's crossings, mazebook.core.generators.weave), so they need no completing afterwards.
    carves_first_edges: bool = False
    #: Reads the generator's own maze as a tree without a walk round it: (grid, passage
    #: bytes, **options) -> per cell the slot of its passage to its parent (-1 at the root)
    #: and a rank below its children's. Weaving needs those; None: an Euler tour finds them
    #: (mazebook.core.tour.tree_order), which costs as much as the fastest generators.
    tree_order: TreeOrder | None = None
    #: ``carve`` that also returns how the maze grew (mazebook.core.grown.Grown: the start and
    #: the passages in the order carved, each joining a new cell), for generators that add
    #: one cell at a time; the openings read it instead of walking round the maze. None: the
    #: generator does not tell.
    grow: Grow | None = None

    def supports(self, shape: str) -> bool:
        return self.shapes is None or shape in self.shapes

    @functools.cached_property
    def option_names(self) -> frozenset[str]:
        """The names of its options (worked out at the first maze, kept: each maze reads it)."""
        return frozenset(o.name for o in self.options)

    def resolve_options(self, given: Mapping[str, Any]) -> dict[str, Any]:
        """Defaults filled in and every given option checked; unknown names are refused."""
        known = self.option_names
        for name in given:
            if name not in known:
                names = [o.name for o in self.options]
                listed = ", ".join(names) or "none"
                raise InvalidOptionError(
                    f"{self.name} has no option {name!r}{did_you_mean(name, names)}; "
                    f"its options: {listed}"
                )
        return {o.name: o.check(self.name, given.get(o.name, o.default)) for o in self.options}

    def run(self, grid: Grid, rng: random.Random, options: Mapping[str, Any]) -> bytearray:
        """Carve ``grid`` with validated options (see resolve_options)."""
        if not self.supports(grid.kind):
            allowed = ", ".join(sorted(self.shapes or ()))
            raise UnsupportedShapeError(
                f"{self.name} works only on {allowed} grids, not {grid.kind!r}; "
                "graph algorithms (backtracker, prim, kruskal, wilson, aldous-broder, "
                "hunt-and-kill, growing-tree, bfs) work on every shape"
            )
        return self.carve(grid, rng, **options)

    def run_grown(
        self, grid: Grid, rng: random.Random, options: Mapping[str, Any]
    ) -> tuple[bytearray, Grown | None]:
        """``run``'s maze and how it grew where the generator tells (``grow``), else None:
        the same maze and the same draws from ``rng`` either way."""
        if self.grow is None or not self.supports(grid.kind):
            return self.run(grid, rng, options), None
        carved, grown = self.grow(grid, rng, **options)
        return carved, grown
