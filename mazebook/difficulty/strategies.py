"""Simple strategies a person uses to solve a maze, walked from either end.

Besides the effort model (mazebook.difficulty.effort), a maze is tried with three rules that
need no model of the solver, each from START (seeking FINISH) and from FINISH (seeking START):

- **nearest**: at each cell go on through the unvisited opening whose cell is nearest the goal
  in a straight line (between cell centres); with none left, step back (a pencil solver who
  marks the way and heads for the goal);
- **left-hand** and **right-hand**: keep a hand on the wall: at each cell take the first
  opening clockwise (left hand) or anticlockwise (right hand) from the way in; the start's way
  in is its outer opening (a goal at the centre of a circle: straight up).

A walk's cost is its moves, the first cell counted, as for the effort model: a corridor of L
cells costs L. ``shortcut`` gives the cheapest walk's moves over the solution's cells: near 1.0
means some simple rule walks straight through. A wall follower that comes back to where it was,
facing the same way, never arrives (its cost is infinite).

On a perfect maze every walk follows from the tree the effort model already hung from the exit
(mazebook.difficulty.effort.hang): a false branch, once entered, is walked to its end and back
(2 moves a cell), so a walk costs the solution plus twice the cells of the branches it enters
first, and only the choices along the solution are looked at. A maze with loops is walked.
Cell centres and the order of a cell's openings round it come from the shapes
(mazebook.core.shapes.cell_centres), so every shape, a weave's split graph and plugin shapes alike
are walked the same way.
"""

from __future__ import annotations

import functools
import itertools
import math
from collections.abc import Sequence

from ..core.grid import (
    Grid,
    Opening,
    neighbour_list,
    opposite_slots,
    passage_bytes,
    plain_rect,
    slots_of,
)
from ..core.maze import Maze
from ..core.shapes import BUILTINS, cell_centres, row_centres
from ..lazy import numpy as np
from ..records import record
from .effort import Hung, hang

#: The strategies, and the two ends a walk starts from.
STRATEGIES = ("nearest", "left-hand", "right-hand")
DIRECTIONS = ("forward", "backward")
TAU = 2.0 * math.pi
#: The way into a start with no outer opening (a circle's centre): straight up the page.
UP = -math.pi / 2
#: The outward direction of a rectangle's sides N, E, S, W (y down).
RECT_SIDES = (UP, 0.0, math.pi / 2, math.pi)


@record
class Walk:
    """One strategy walked from one end: its moves (math.inf when it never arrives)."""

    strategy: str
    direction: str  # "forward": START to FINISH; "backward": FINISH to START
    moves: float


@record
class Shortcut:
    """Every walk, and the cheapest one's moves over the solution's cells."""

    walks: tuple[Walk, ...]
    solution: int  # cells of the shortest path

    @property
    def cheapest(self) -> Walk:
        return min(self.walks, key=lambda w: w.moves)

    @property
    def ratio(self) -> float:
        return self.cheapest.moves / self.solution


class Geometry:
    """Where the nodes of a maze's graph lie: their centres, and the angle (radians, y down,
    so growing clockwise on the page) of each slot's neighbour."""

    def __init__(self, grid: Grid) -> None:
        opposite = opposite_slots(grid)
        #: the slot across the cell from each slot (None where the grid says not): not the
        #: grid itself, so a Geometry holds no grid (geometry_of's cache holds its one grid,
        #: as its key, until the next grid takes its place)
        self.opposite: Sequence[int] | None = opposite
        #: a rectangle's outer sides point N, E, S, W: the way in through a side whose cell
        #: has no neighbour across it (a maze one cell wide or tall) is that side's direction
        self.sides: Sequence[float] | None = RECT_SIDES if grid.kind == "rect" else None
        #: the nodes, and the neighbour table (its array, not the grid) ``_adj`` reads
        self.size, self._degree, self._table = grid.size, grid.degree, grid.adj
        #: a plain rectangle's width (0 on other grids): its centres and angles follow from it,
        #: and are made when asked (the walks on its trees read RECT_ANGLE_LIST by slot; the
        #: walks on its other mazes ``flat`` and the distances by columns and rows, no numpy)
        self.width = grid.width if plain_rect(grid) else 0
        if not self.width:
            self.centres = node_centres(grid)
            padded = np.vstack([self.centres, np.zeros((1, 2))])
            d = padded[self._adj] - self.centres[:, None, :]
            self.angles = np.where(self.real, np.arctan2(d[..., 1], d[..., 0]), np.nan)

    @functools.cached_property
    def _adj(self) -> np.ndarray:
        """(n, degree): the neighbour table, a numpy view."""
        return np.frombuffer(self._table, dtype=np.intc).reshape(self.size, self._degree)

    @functools.cached_property
    def real(self) -> np.ndarray:
        """(n, degree): whether each slot has a neighbour."""
        real: np.ndarray = self._adj != self.size
        return real

    @functools.cached_property
    def angles(self) -> np.ndarray:
        """(n, degree) angles of each slot's neighbour (NaN where there is none)."""
        shape = self._adj.shape
        return np.where(self.real, np.broadcast_to(np.array(RECT_ANGLE_LIST), shape), np.nan)

    @functools.cached_property
    def flat(self) -> list[float]:
        """``angles`` as one list, cell by cell (what the walks read); a plain rectangle's
        made from its table in plain Python (the same floats, NaN where no neighbour)."""
        if self.width:
            n, nan = self.size, math.nan
            return [
                nan if j == n else angle
                for j, angle in zip(self._table, itertools.cycle(RECT_ANGLE_LIST))
            ]
        flat: list[float] = self.angles.ravel().tolist()
        return flat

    @functools.cached_property
    def centres(self) -> np.ndarray:
        """(n, 2) centres of the nodes (``node_centres``); a plain rectangle's made when a walk
        asks (the walks on its trees compare distances by columns and rows)."""
        return row_centres(self.width, self.size)

    def way_in(self, opening: Opening) -> float:
        """The angle a walker entering through ``opening`` has behind it: the outer side's
        outward direction (opposite the slot across the cell where the grid says which that
        is, else away from the cell's neighbours); straight up for a goal inside."""
        if opening.side is None:
            return UP
        cell, side = opening.cell, opening.side
        opposite = self.opposite
        if self.width and opposite is not None:  # a plain rectangle: its neighbours by place
            across = opposite[side]
            if _rect_has(cell, across, self.width, self.size):
                return RECT_ANGLE_LIST[across] + math.pi
            return RECT_SIDES[side]
        if opposite is not None and opposite[side] >= 0 and self.real[cell, opposite[side]]:
            return float(self.angles[cell, opposite[side]]) + math.pi
        if self.sides is not None:
            return self.sides[side]
        angles = self.angles[cell][self.real[cell]]
        x, y = -np.cos(angles).sum(), -np.sin(angles).sum()
        return math.atan2(y, x) if math.hypot(x, y) > 1e-9 else UP


#: The angles of a plain rectangle's slots N, E, S, W toward a neighbour (y down), as
#: ``Geometry`` works them out for any grid from the centres of a cell and its neighbours.
#: (math.atan2 of these is exact, as numpy's is.)
RECT_ANGLE_LIST: list[float] = [
    math.atan2(dy, dx) for dy, dx in ((-1.0, 0.0), (0.0, 1.0), (1.0, 0.0), (0.0, -1.0))
]


def _rect_has(cell: int, slot: int, width: int, n: int) -> bool:
    """Whether a cell of a plain rectangle of ``n`` cells has a neighbour through ``slot``."""
    x = cell % width
    return (cell >= width, x < width - 1, cell + width < n, x > 0)[slot]


#: The grids whose Geometry is kept: the last one (the next candidate walked is often of the
#: same size); more would hold memory (about 200 kB for a 30 x 41 maze) to the book's peak.
GEOMETRIES_KEPT = 1


@functools.lru_cache(maxsize=GEOMETRIES_KEPT)
def geometry_of(grid: Grid) -> Geometry:
    """``Geometry(grid)``, kept for the last GEOMETRIES_KEPT grids (a grid is never changed)."""
    return Geometry(grid)


def node_centres(grid: Grid) -> np.ndarray:
    """(n, 2) centres of the nodes of a maze's graph: the shape's cell centres, and on a
    weave's split graph each crossing's second node at its cell's centre."""
    crossing = grid.params.get("crossing_cells")
    if crossing:
        cells = np.concatenate([np.arange(grid.size - len(crossing)), np.asarray(crossing)])
        return np.stack([cells % grid.width + 0.5, cells // grid.width + 0.5], axis=1)
    if grid.kind in BUILTINS:
        return BUILTINS[grid.kind].centres(grid)
    return cell_centres(grid)


def shortcut(maze: Maze, hung: Hung | None = None) -> Shortcut:
    """Every strategy from both ends on ``maze`` (its split graph on a weave); ``hung``: the
    tree effort.hang made, when the caller has it (a perfect maze)."""
    view = maze.split_view
    geometry = geometry_of(view.grid)
    if hung is None and sum(passage_bytes(view.links)) // 2 == view.size - 1:
        hung = hang(view)
    if hung is not None:
        walks = _tree_walks(view, geometry, hung)
        solution = len(hung.path)
    else:
        walks = _graph_walks(view, geometry)
        solution = len(view.solution_nodes)
    return Shortcut(walks, solution)


def _ends(view: Maze) -> tuple[tuple[str, Opening, Opening], ...]:
    return (("forward", view.entrance, view.exit), ("backward", view.exit, view.entrance))


def _tree_walks(view: Maze, geometry: Geometry, hung: Hung) -> tuple[Walk, ...]:
    """The walks on a perfect maze, from the solution's choices and the branches' sizes: a
    cell with no more than its ways in and on is passed over (the way in to the next choice
    is the step into it); on a plain rectangle the distances to the goal are compared by
    columns and rows (the squares of whole numbers, as the centres give them), cell by cell."""
    grid, links = view.grid, view.links
    degree, adj = grid.degree, neighbour_list(grid)
    slots = slots_of(degree)
    size = hung.size
    width = geometry.width
    # the angle of slot k of cell c: angles[at(c) + k], on a plain rectangle the slot's own
    angles = RECT_ANGLE_LIST if width else geometry.flat
    cell_step = 0 if width else degree
    counts = passage_bytes(links)
    steps = _rect_steps(grid)
    pi = math.pi
    walks = []
    for direction, start, goal in _ends(view):
        path = hung.path if direction == "forward" else hung.path[::-1]
        near: Sequence[float] = () if width else _goal_distances(geometry, goal.cell)
        gx, gy = goal.cell % width if width else 0, goal.cell // width if width else 0
        nearest = left = right_hand = len(path)
        prev = -1
        for i in range(len(path) - 1):
            p = path[i]
            if counts[p] <= (2 if i else 1):  # the ways in and on alone: no branch to weigh
                prev = p
                continue
            right = path[i + 1]
            base = p * degree
            at = p * cell_step
            slot = steps[right - p] if steps is not None else _slot(adj, degree, p, right)
            ahead = angles[at + slot]
            if i:  # the way back: the step into this cell, turned round
                into = steps[p - prev] if steps is not None else _slot(adj, degree, prev, p)
                back = angles[prev * cell_step + into] + pi
            else:
                back = geometry.way_in(start)
            if width:
                dx, dy = right % width - gx, right // width - gy
                near_right: float = dx * dx + dy * dy
            else:
                near_right = near[right]
            turn_right = (ahead - back) % TAU
            for k in slots[links[p]]:
                b = adj[base + k]
                if b in (right, prev):
                    continue
                cost = 2 * size[b]
                if width:
                    dx, dy = b % width - gx, b // width - gy
                    near_b: float = dx * dx + dy * dy
                else:
                    near_b = near[b]
                if near_b < near_right or (near_b == near_right and k < slot):
                    nearest += cost  # nearer the goal first, then the lower slot
                turn = (angles[at + k] - back) % TAU
                if turn < 1e-9:
                    continue  # straight back out of the start: last for either hand
                if turn < turn_right:
                    left += cost
                else:
                    right_hand += cost
            prev = p
        costs = {"nearest": nearest, "left-hand": left, "right-hand": right_hand}
        walks += [Walk(name, direction, float(costs[name])) for name in STRATEGIES]
    return tuple(walks)


def _slot(adj: Sequence[int], degree: int, cell: int, other: int) -> int:
    """``grid.slot_to(cell, other)`` on the grid's neighbour list."""
    base = cell * degree
    for slot in range(degree):
        if adj[base + slot] == other:
            return slot
    raise ValueError(f"cells {cell} and {other} are not neighbours")  # pragma: no cover


def _rect_steps(grid: Grid) -> dict[int, int] | None:
    """On a plain rectangle, the slot of the step from a cell to each neighbour by the
    difference of their numbers (N, S after E, W: one cell wide, a step of 1 is N or S);
    None on other grids, whose slots are looked up."""
    if grid.kind != "rect" or grid.degree != 4 or grid.size != grid.width * grid.height:
        return None
    w = grid.width
    return {1: 1, -1: 3, -w: 0, w: 2}


def _goal_distances(geometry: Geometry, goal: int) -> list[float]:
    """Squared straight-line distance of every node's centre to the goal's (a plain
    rectangle's by columns and rows: the same floats as the centres give, no numpy)."""
    width = geometry.width
    if width:
        gx, gy = goal % width + 0.5, goal // width + 0.5
        across = [(x + 0.5 - gx) ** 2 for x in range(width)]
        down = [(y + 0.5 - gy) ** 2 for y in range(geometry.size // width)]
        return [dx + dy for dy in down for dx in across]
    d = geometry.centres - geometry.centres[goal]
    result: list[float] = (d[:, 0] ** 2 + d[:, 1] ** 2).tolist()
    return result


def _graph_walks(view: Maze, geometry: Geometry) -> tuple[Walk, ...]:
    """The walks on any maze, walked move by move."""
    walks = []
    limit = 2 * (sum(passage_bytes(view.links)) // 2) + 2  # states of a wall follower
    for direction, start, goal in _ends(view):
        near = _goal_distances(geometry, goal.cell)
        walks.append(
            Walk(
                "nearest",
                direction,
                nearest_walk(view.grid, view.links, near, start.cell, goal.cell),
            )
        )
        for hand in ("left-hand", "right-hand"):
            moves = follow_wall(view.grid, view.links, geometry, start, goal.cell, hand, limit)
            walks.append(Walk(hand, direction, moves))
    return tuple(walks)


def nearest_walk(grid: Grid, links: bytes, near: Sequence[float], start: int, goal: int) -> float:
    """Moves of the nearest-to-goal walker (a depth-first search taking the unvisited
    opening nearest the goal first, the lowest slot on a tie) from ``start`` to ``goal``."""
    n, degree, adj = grid.size, grid.degree, grid.adj
    slots = slots_of(degree)
    marked = bytearray(n + 1)
    marked[n] = 1
    marked[start] = 1
    stack = [start]
    cell, moves = start, 1
    while cell != goal:
        base = cell * degree
        best, best_d = -1, math.inf
        for k in slots[links[cell]]:
            j = adj[base + k]
            if not marked[j] and near[j] < best_d:
                best, best_d = j, near[j]
        if best >= 0:
            marked[best] = 1
            stack.append(best)
            cell = best
        else:
            stack.pop()
            if not stack:
                return math.inf
            cell = stack[-1]
        moves += 1
    return float(moves)


def follow_wall(
    grid: Grid,
    links: bytes,
    geometry: Geometry,
    start: Opening,
    goal: int,
    hand: str,
    limit: int,
) -> float:
    """Moves of a wall follower from ``start`` to ``goal``: ``hand`` "left-hand" takes the
    first opening clockwise from the way in, "right-hand" anticlockwise; math.inf when it
    walks more than ``limit`` moves (it has come round to a state it was in: it never
    arrives)."""
    degree, adj, back_slot = grid.degree, grid.adj, grid.back
    slots = slots_of(degree)
    angles = geometry.flat
    sign = 1.0 if hand == "left-hand" else -1.0
    cell, moves = start.cell, 1
    back = geometry.way_in(start)
    while cell != goal:
        base = cell * degree
        best_k, best_turn = -1, TAU + 1.0
        for k in slots[links[cell]]:
            turn = (sign * (angles[base + k] - back)) % TAU
            if turn < 1e-9:
                turn = TAU  # the way back: last
            if turn < best_turn:
                best_k, best_turn = k, turn
        if best_k < 0:
            return math.inf
        nxt = adj[base + best_k]
        back = angles[nxt * degree + back_slot[base + best_k]]
        cell = nxt
        moves += 1
        if moves > limit:
            return math.inf
    return float(moves)
