"""Rules a maze may carry: one-way passages, doors and keys, and the graph a solver walks.

A one-way passage ``(a, b)`` may be walked from cell a to its neighbour b only. A door
``(a, b, letter)`` closes the passage between a and b until a key of its letter has been picked
up; a key ``(cell, letter)`` is picked up by entering its cell (at the start too, where it lies
on the entrance) and kept, opening every door of its letter. So a position in a maze with rules
is a *state*: the cell and the letters held. ``StateSpace`` is that graph: its states, their
successors and a breadth-first search from START that finds the shortest walk to FINISH, how
many walks share that length, and (for a puzzle that cannot be solved) what keeps FINISH out of
reach. A maze without rules has one state a cell, and its walk is its shortest path.

Caps are checked before any search: at most MAX_LETTERS letters and MAX_STATES states.
"""

from __future__ import annotations

import string
from array import array
from collections.abc import Iterator, Sequence

from ..errors import MazeFormatError
from ..records import record
from .grid import Grid, Opening, bfs, slots_of

#: The letters a door or key may carry.
LETTERS = string.ascii_uppercase
#: The most letters a maze's doors and keys may use (a state holds a set of them).
MAX_LETTERS = 8
#: The most states (cells x sets of letters that can be held) a maze with keys may have.
MAX_STATES = 2_000_000

OneWay = tuple[int, int]  # from cell, to cell
Door = tuple[int, int, str]  # cell, cell (the smaller first), letter
Key = tuple[int, str]  # cell, letter


@record
class RuleSet:
    """The rules of a maze: one-way passages, doors and keys (each sorted; empty: none)."""

    one_way: tuple[OneWay, ...] = ()
    doors: tuple[Door, ...] = ()
    keys: tuple[Key, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.one_way or self.doors or self.keys)

    @property
    def letters(self) -> tuple[str, ...]:
        """The letters its doors and keys use, in alphabetical order."""
        return tuple(sorted({d[2] for d in self.doors} | {k[1] for k in self.keys}))


#: No rules at all (a plain maze's).
NO_RULES = RuleSet()


def rule_set(
    one_way: Sequence[OneWay] = (), doors: Sequence[Door] = (), keys: Sequence[Key] = ()
) -> RuleSet:
    """A RuleSet in its canonical order (a door's cells the smaller first)."""
    return RuleSet(
        tuple(sorted((int(a), int(b)) for a, b in one_way)),
        tuple(sorted((min(a, b), max(a, b), letter) for a, b, letter in doors)),
        tuple(sorted((int(c), letter) for c, letter in keys)),
    )


def check_rules(grid: Grid, links: bytes, rules: RuleSet, name: str = "") -> None:
    """Refuse rules that do not fit the maze (MazeFormatError, one line): a one-way passage or
    a door where no passage is open, two rules of one kind on one passage, a passage one-way
    both ways, two keys in a cell, a letter that is not a capital, a door with no key of its
    letter, more letters or states than the caps. ``name`` says how a cell is named (the
    rectangle's [x, y] by default when the grid is one)."""
    where = _namer(grid)
    seen: dict[tuple[int, int], int] = {}
    for i, (a, b) in enumerate(rules.one_way):
        _check_passage(grid, links, a, b, f"one_way[{i}] {where(a)} -> {where(b)}")
        if (a, b) in seen:
            raise MazeFormatError(
                f"one_way[{i}] repeats the one-way passage {where(a)} -> {where(b)}"
            )
        if (b, a) in seen:
            raise MazeFormatError(
                f"one_way[{seen[b, a]}] and one_way[{i}] make the passage between {where(a)} "
                f"and {where(b)} one-way both ways (closed); give it once"
            )
        seen[a, b] = i
    doors: set[tuple[int, int]] = set()
    for i, (a, b, letter) in enumerate(rules.doors):
        _check_letter(letter, f"doors[{i}]")
        _check_passage(grid, links, a, b, f"doors[{i}] between {where(a)} and {where(b)}")
        if (min(a, b), max(a, b)) in doors:
            raise MazeFormatError(f"doors[{i}] is a second door between {where(a)} and {where(b)}")
        doors.add((min(a, b), max(a, b)))
    cells: set[int] = set()
    for i, (c, letter) in enumerate(rules.keys):
        _check_letter(letter, f"keys[{i}]")
        if not 0 <= c < grid.size:
            raise MazeFormatError(f"keys[{i}] cell {c} is not a cell of the maze")
        if c in cells:
            raise MazeFormatError(f"keys[{i}] is a second key in cell {where(c)}")
        cells.add(c)
    held = {letter for _, letter in rules.keys}
    for i, (a, b, letter) in enumerate(rules.doors):
        if letter not in held:
            raise MazeFormatError(
                f"doors[{i}] between {where(a)} and {where(b)} has letter {letter}, and no key "
                f"{letter} is placed: it could never open"
            )
    letters = rules.letters
    if len(letters) > MAX_LETTERS:
        raise MazeFormatError(
            f"the doors and keys use {len(letters)} letters, more than {MAX_LETTERS} (the limit, "
            "MAX_LETTERS)"
        )
    states = grid.size << len(letters)
    if states > MAX_STATES:
        raise MazeFormatError(
            f"{grid.size:,} cells with keys of {len(letters)} letters make {states:,} states to "
            f"search, more than {MAX_STATES:,} (the limit, MAX_STATES); use fewer letters or a "
            "smaller maze"
        )


def _check_letter(letter: object, what: str) -> None:
    if not isinstance(letter, str) or len(letter) != 1 or letter not in LETTERS:
        raise MazeFormatError(f"{what} key must be one capital letter A to Z, got {letter!r}")


def _check_passage(grid: Grid, links: bytes, a: int, b: int, what: str) -> None:
    n = grid.size
    if not (0 <= a < n and 0 <= b < n):
        raise MazeFormatError(f"{what} names a cell beyond the maze's {n} cells")
    base = a * grid.degree
    for k in range(grid.degree):
        if grid.adj[base + k] == b:
            if not links[a] >> k & 1:
                raise MazeFormatError(f"{what} is not an open passage (a wall stands there)")
            return
    raise MazeFormatError(f"{what} does not join two neighbouring cells")


def _namer(grid: Grid) -> _Namer:
    return _Namer(grid.width if grid.kind == "rect" else 0)


@record
class _Namer:
    """How messages name a cell: [x, y] on a rectangle, else its number."""

    width: int

    def __call__(self, cell: int) -> str:
        if self.width:
            return f"[{cell % self.width}, {cell // self.width}]"
        return f"cell {cell}"


@record
class Walk:
    """The shortest walk from START to FINISH through the states: its cells in order, the
    letters held at each (a bit set over ``StateSpace.letters``), and how many walks of that
    length there are (counted up to 2: more than one is 2)."""

    cells: tuple[int, ...]
    held: tuple[int, ...]
    count: int

    @property
    def unique(self) -> bool:
        return self.count == 1


class StateSpace:
    """The graph a solver of a maze with rules walks: states ``held * n + cell`` (``held`` a
    bit set of the letters picked up, bit i for ``letters[i]``), a step to a neighbour through
    an open passage that is not one-way against it and, for a door, whose letter is held."""

    def __init__(self, grid: Grid, links: bytes, rules: RuleSet, entrance: int, exit_: int):
        self.grid = grid
        self.links = links
        self.rules = rules
        self.entrance = entrance
        self.exit = exit_
        self.letters = rules.letters
        bit = {letter: 1 << i for i, letter in enumerate(self.letters)}
        n, degree = grid.size, grid.degree
        out = bytearray(links)
        for a, b in rules.one_way:  # the way back from b to a is closed
            out[b] &= ~(1 << grid.slot_to(b, a)) & 0xFF
        #: passage bits a cell may leave by, one-way passages counted (doors not)
        self.out_links = bytes(out)
        #: door letters by (cell * degree + slot): the bit a step through it needs
        self.door_bits: dict[int, int] = {}
        for a, b, letter in rules.doors:
            self.door_bits[a * degree + grid.slot_to(a, b)] = bit[letter]
            self.door_bits[b * degree + grid.slot_to(b, a)] = bit[letter]
        #: the letter bit of the key in each cell (0: none)
        self.key_bits = array("i", [0]) * n
        for cell, letter in rules.keys:
            self.key_bits[cell] = bit[letter]
        self._layers: dict[int, bytes] = {}
        self._search: tuple[array[int], array[int], array[int], list[int]] | None = None

    @property
    def n(self) -> int:
        return self.grid.size

    @property
    def start(self) -> int:
        """The first state: the entrance, with the key lying there (if any)."""
        return self.key_bits[self.entrance] * self.n + self.entrance

    def layer(self, held: int) -> bytes:
        """Passage bits a cell may leave by holding ``held``: one-way passages and the doors
        of letters not held closed (worked out once per set)."""
        mask = self._layers.get(held)
        if mask is None:
            out = bytearray(self.out_links)
            degree = self.grid.degree
            for index, need in self.door_bits.items():
                if not held & need:
                    cell, slot = divmod(index, degree)
                    out[cell] &= ~(1 << slot) & 0xFF
            mask = self._layers[held] = bytes(out)
        return mask

    def successors(self, state: int) -> Iterator[int]:
        """The states one step from ``state``."""
        n, degree, adj = self.n, self.grid.degree, self.grid.adj
        held, cell = divmod(state, n)
        base = cell * degree
        for k in slots_of(degree)[self.layer(held)[cell]]:
            j = adj[base + k]
            yield (held | self.key_bits[j]) * n + j

    def search(self) -> tuple[array[int], array[int], array[int], list[int]]:
        """Breadth-first search over the states from ``start``: (distance, parent, walks of
        shortest length counted up to 2) per state (-1, -1, 0 where unreached) and the states
        in the order reached (done once). Without keys it is the search of the cells alone."""
        if self._search is None:
            self._search = self._searched()
        return self._search

    def _searched(self) -> tuple[array[int], array[int], array[int], list[int]]:
        n, degree, adj = self.n, self.grid.degree, self.grid.adj
        layers = 1 << len(self.letters)
        size = n * layers
        dist = array("i", [-1]) * size
        parent = array("i", [-1]) * size
        count = array("i", [0]) * size
        start = self.start
        dist[start], count[start] = 0, 1
        order = [start]
        slots = slots_of(degree)
        keys = self.key_bits
        masks: list[bytes | None] = [None] * layers
        for s in order:
            held, cell = divmod(s, n)
            mask = masks[held]
            if mask is None:
                mask = masks[held] = self.layer(held)
            d = dist[s] + 1
            base = cell * degree
            c = count[s]
            for k in slots[mask[cell]]:
                j = adj[base + k]
                t = (held | keys[j]) * n + j
                if dist[t] < 0:
                    dist[t] = d
                    parent[t] = s
                    count[t] = c
                    order.append(t)
                elif dist[t] == d and count[t] < 2:
                    count[t] = min(2, count[t] + c)
        return dist, parent, count, order

    def walk(self) -> Walk | None:
        """The shortest walk from START to FINISH (None when FINISH cannot be reached)."""
        n = self.n
        if not self.rules.doors and not self.rules.keys:
            return self._cell_walk()
        dist, parent, count, _ = self.search()
        goals = [h * n + self.exit for h in range(1 << len(self.letters))]
        reached = [g for g in goals if dist[g] >= 0]
        if not reached:
            return None
        best = min(dist[g] for g in reached)
        ends = [g for g in reached if dist[g] == best]
        total = min(2, sum(count[g] for g in ends))
        state = ends[0]
        states = [state]
        while parent[state] >= 0:
            state = parent[state]
            states.append(state)
        states.reverse()
        return Walk(tuple(s % n for s in states), tuple(s // n for s in states), total)

    def _cell_walk(self) -> Walk | None:
        """The walk of a maze without keys: a search of the cells along ``out_links``."""
        dist, parent, _ = bfs(self.grid, self.out_links, self.entrance)
        if dist[self.exit] < 0:
            return None
        path = [self.exit]
        while path[-1] != self.entrance:
            path.append(parent[path[-1]])
        path.reverse()
        return Walk(tuple(path), (0,) * len(path), shortest_count(self, dist))

    def held_letters(self, held: int) -> str:
        """The letters of a bit set, in order ('AC')."""
        return "".join(letter for i, letter in enumerate(self.letters) if held >> i & 1)


def shortest_count(space: StateSpace, dist: Sequence[int]) -> int:
    """How many shortest walks (up to 2) reach FINISH in a maze without keys, from the
    distances of a search of its cells: walks counted forward along the distance layers."""
    n, degree, adj = space.n, space.grid.degree, space.grid.adj
    slots = slots_of(degree)
    out = space.out_links
    goal = dist[space.exit]
    order = sorted((c for c in range(n) if 0 <= dist[c] <= goal), key=dist.__getitem__)
    count = [0] * n
    count[space.entrance] = 1
    for c in order:
        if not count[c]:
            continue
        d = dist[c] + 1
        base = c * degree
        for k in slots[out[c]]:
            j = adj[base + k]
            if j < n and dist[j] == d:
                count[j] = min(2, count[j] + count[c])
    return count[space.exit]


def state_space(
    grid: Grid, links: bytes, rules: RuleSet, entrance: Opening, exit_: Opening
) -> StateSpace:
    """The state graph of a maze with rules (rules checked by check_rules first)."""
    return StateSpace(grid, links, rules, entrance.cell, exit_.cell)


def why_unsolvable(space: StateSpace) -> str:
    """Why FINISH cannot be reached from START, in words: the keys never reached and the doors
    they leave shut, or the one-way passages (the passages alone reach it)."""
    _, _, _, order = space.search()
    where = _namer(space.grid)
    picked = 0
    for s in order:
        picked |= s // space.n
    missing = [letter for i, letter in enumerate(space.letters) if not picked >> i & 1]
    shut = sorted({letter for *_, letter in space.rules.doors if letter in missing})
    if shut:
        keys = {letter: cell for cell, letter in space.rules.keys}
        named = ", ".join(f"key {letter} at {where(keys[letter])}" for letter in shut)
        return (
            f"the exit cannot be reached from the entrance: no walk reaches {named}, so the "
            f"door{'s' if len(shut) > 1 else ''} {', '.join(shut)} never open"
        )
    if space.rules.one_way:
        return (
            "the exit cannot be reached from the entrance: the one-way passages lead every "
            "walk away from it"
        )
    return "the exit cannot be reached from the entrance"


def check_walk(space: StateSpace, cells: Sequence[int], what: str = "solution") -> None:
    """Refuse a walk (cells, START to FINISH) that is not one: a step through a wall, against
    a one-way passage or through a door whose key is not yet held (MazeFormatError naming the
    step)."""
    grid = space.grid
    where = _namer(grid)
    if not cells or cells[0] != space.entrance or cells[-1] != space.exit:
        raise MazeFormatError(
            f"{what} must run from the entrance {where(space.entrance)} to the exit "
            f"{where(space.exit)}"
        )
    n, degree, adj = space.n, grid.degree, grid.adj
    held = space.key_bits[cells[0]]
    for i in range(1, len(cells)):
        a, b = cells[i - 1], cells[i]
        slot = next((k for k in range(degree) if adj[a * degree + k] == b and b < n), None)
        step = f"{what}[{i}] {where(b)} is not reached from {what}[{i - 1}] {where(a)}"
        if slot is None or not space.links[a] >> slot & 1:
            raise MazeFormatError(f"{step} through an open passage")
        if not space.out_links[a] >> slot & 1:
            raise MazeFormatError(f"{step}: the passage is one-way the other way")
        need = space.door_bits.get(a * degree + slot, 0)
        if need and not held & need:
            letter = space.letters[need.bit_length() - 1]
            raise MazeFormatError(f"{step}: door {letter} is shut (key {letter} not yet held)")
        held |= space.key_bits[b]
