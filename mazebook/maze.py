"""The maze model: passages over a Grid, the two openings, and the dict form.

For the rectangle, ``walls`` are bits per cell, N=1 E=2 S=4 W=8, a set bit meaning the wall is
there; the wall between two neighbours is the same bit pair on both sides, and the entrance and
the exit are outer walls cleared. Other shapes use the graph form (cells, neighbours, passages).
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from . import codec
from .errors import MazeFormatError
from .grid import Grid, Opening, bfs, passage_counts

__all__ = ["Maze", "Opening"]


@dataclass(frozen=True, eq=False)
class Maze:
    """A carved maze: one passage byte per cell (bit k = open through slot k) and two openings."""

    grid: Grid
    links: bytes
    entrance: Opening
    exit: Opening
    algorithm: str = ""
    seed: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)

    @property
    def shape(self) -> str:
        return self.grid.kind

    @property
    def width(self) -> int:
        return self.grid.width

    @property
    def height(self) -> int:
        return self.grid.height

    @property
    def size(self) -> int:
        """Number of cells."""
        return self.grid.size

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Maze):
            return NotImplemented
        return (
            self.grid.kind == other.grid.kind
            and self.grid.width == other.grid.width
            and self.grid.height == other.grid.height
            and self.grid.adj == other.grid.adj
            and self.links == other.links
            and self.entrance == other.entrance
            and self.exit == other.exit
        )

    def __hash__(self) -> int:
        return hash((self.grid.kind, self.width, self.height, self.links))

    @cached_property
    def entrance_tree(self) -> tuple[array[int], array[int]]:
        """Breadth-first (distance, parent) arrays from the entrance: the solver's search."""
        dist, parent, _ = bfs(self.grid, self.links, self.entrance.cell)
        return dist, parent

    @cached_property
    def solution_cells(self) -> tuple[int, ...]:
        """Cells of the shortest path from entrance to exit (both included)."""
        _, parent = self.entrance_tree
        target = self.exit.cell
        if target != self.entrance.cell and parent[target] < 0:
            raise MazeFormatError("the exit cannot be reached from the entrance")
        path = [target]
        while path[-1] != self.entrance.cell:
            path.append(parent[path[-1]])
        path.reverse()
        return tuple(path)

    def passage_count(self) -> int:
        """Number of carved passages between cells (size - 1 for a perfect maze)."""
        return int(passage_counts(self.links).sum()) // 2

    # --- the rectangle's wall bits -------------------------------------------------------
    def wall_bits(self) -> bytes:
        """Rectangle only: the wall bits of every cell, row-major, with the openings cleared."""
        self._require_rect("wall_bits")
        return codec.wall_bits(self.links, (self.entrance, self.exit))

    @property
    def walls(self) -> list[list[int]]:
        """Rectangle only: ``height`` rows of ``width`` wall ints, row 0 at the top."""
        self._require_rect("walls")
        return codec.wall_rows(self.wall_bits(), self.width, self.height)

    def _require_rect(self, what: str) -> None:
        if self.grid.kind != "rect":
            raise MazeFormatError(
                f"{what} is defined for rectangular mazes, not {self.grid.kind!r}"
            )

    # --- dict form ---------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        """The JSON-ready form: wall rows for the rectangle, the graph form for other shapes."""
        return codec.to_dict(
            self.grid,
            self.links,
            self.entrance,
            self.exit,
            self.solution_cells,
            {"algorithm": self.algorithm, "seed": self.seed, "options": dict(self.options)},
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Maze:
        """Read a maze back from ``to_dict()`` output, checking that it is consistent."""
        parts = codec.from_dict(data)
        return cls(
            parts.grid,
            parts.links,
            parts.entrance,
            parts.exit,
            algorithm=parts.algorithm,
            seed=parts.seed,
            options=parts.options,
        )

    def _repr_svg_(self) -> str:
        """The maze as SVG, so it shows itself in Jupyter."""
        from .render.writers import write

        return write(self, "svg").decode("utf-8")
