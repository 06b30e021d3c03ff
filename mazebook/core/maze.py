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

from ..errors import MazeFormatError
from . import codec
from .grid import Grid, Opening, bfs, passage_bytes
from .rules import Door, Key, OneWay, RuleSet, StateSpace, Walk, why_unsolvable
from .weave import Crossing, node_cells, split_grid, split_links

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
    crossings: tuple[Crossing, ...] = ()  # weave: (cell, "h" | "v") by cell (core/weave.py)
    #: rules (core/rules.py): passages walkable one way only (from, to), doors (cell, cell,
    #: letter) and keys (cell, letter), each in the canonical order of rules.rule_set
    one_way: tuple[OneWay, ...] = ()
    doors: tuple[Door, ...] = ()
    keys: tuple[Key, ...] = ()

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
            and self.crossings == other.crossings
            and self.rules == other.rules
        )

    def __hash__(self) -> int:
        return hash((self.grid.kind, self.width, self.height, self.links))

    @property
    def rules(self) -> RuleSet:
        """Its one-way passages, doors and keys (falsy when it has none)."""
        return RuleSet(self.one_way, self.doors, self.keys)

    @cached_property
    def state_space(self) -> StateSpace:
        """The graph of (cell, keys held) a solver of its rules walks (core/rules.py)."""
        return StateSpace(self.grid, self.links, self.rules, self.entrance.cell, self.exit.cell)

    @cached_property
    def rule_walk(self) -> Walk:
        """The shortest walk from START to FINISH that keeps its rules, and how many walks
        share that length; MazeFormatError saying why when there is none."""
        walk = self.state_space.walk()
        if walk is None:
            raise MazeFormatError(why_unsolvable(self.state_space))
        return walk

    @cached_property
    def graph(self) -> tuple[Grid, bytes]:
        """The grid and passages a solver walks: the maze itself, or on a weave maze the split
        graph (each crossing's north-south passage a node of its own, see mazebook.core.weave)."""
        if not self.crossings:
            return self.grid, self.links
        cells = [c for c, _ in self.crossings]
        return split_grid(self.grid, cells), split_links(self.links, cells)

    @property
    def split_view(self) -> Maze:
        """The maze as its split graph (itself when it has no crossings): what solving, the
        metrics and the effort model measure, a crossing being two corridors, not a junction.
        Only a weave maze's view is kept (``_split_view``): a maze holding itself would be a
        reference cycle, left for the cyclic collector where the maze could go at once (a
        book's search makes and drops some 1,250 candidates)."""
        if not self.crossings:
            return self
        return self._split_view

    @cached_property
    def _split_view(self) -> Maze:
        """``split_view`` of a weave maze: a maze of its split graph."""
        grid, links = self.graph
        view = Maze(grid, links, self.entrance, self.exit, self.algorithm, self.seed, self.options)
        for name in ("entrance_tree", "solution_nodes"):  # the same search: share what is done
            if name in self.__dict__:
                view.__dict__[name] = self.__dict__[name]
        return view

    def share_solution(self, nodes: tuple[int, ...]) -> None:
        """Keep ``nodes`` as ``solution_nodes``, found another way (the effort model's path
        from the entrance up the tree it hung from the exit: on a perfect maze the one path);
        a maze with rules keeps its own (``rule_walk``), and one made already stays."""
        if not self.rules and "solution_nodes" not in self.__dict__:
            self.__dict__["solution_nodes"] = nodes

    @cached_property
    def entrance_tree(self) -> tuple[array[int], array[int]]:
        """Breadth-first (distance, parent) arrays from the entrance: the solver's search (per
        node of the split graph on a weave maze)."""
        grid, links = self.graph
        dist, parent, _ = bfs(grid, links, self.entrance.cell)
        return dist, parent

    @cached_property
    def solution_nodes(self) -> tuple[int, ...]:
        """Nodes of the shortest path from entrance to exit (both included): cells, except on a
        weave maze, where a path under or over a crossing goes through one of its two nodes.
        A maze with rules gives the shortest walk that keeps them (``rule_walk``): with keys it
        may pass a cell more than once."""
        if self.rules:
            return self.rule_walk.cells
        _, parent = self.entrance_tree
        target = self.exit.cell
        if target != self.entrance.cell and parent[target] < 0:
            raise MazeFormatError("the exit cannot be reached from the entrance")
        path = [target]
        while path[-1] != self.entrance.cell:
            path.append(parent[path[-1]])
        path.reverse()
        return tuple(path)

    @cached_property
    def solution_cells(self) -> tuple[int, ...]:
        """Cells of the shortest path from entrance to exit (both included); on a weave maze a
        crossing cell appears twice where the path goes both over and under it."""
        if not self.crossings:
            return self.solution_nodes
        cells = node_cells(self.size, [c for c, _ in self.crossings])
        return tuple(cells[list(self.solution_nodes)].tolist())

    def passage_count(self) -> int:
        """Number of carved passages between cells (size - 1 for a perfect maze)."""
        return sum(passage_bytes(self.links)) // 2

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
            self.crossings,
            self.rules,
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
            crossings=parts.crossings,
            one_way=parts.rules.one_way,
            doors=parts.rules.doors,
            keys=parts.rules.keys,
        )

    def _repr_svg_(self) -> str:
        """The maze as SVG, so it shows itself in Jupyter."""
        from ..render.writers import write

        return write(self, "svg").decode("utf-8")
