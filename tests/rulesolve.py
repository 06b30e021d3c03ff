"""A solver of rule mazes of its own, for the tests: it reads a rectangle's JSON (walls, one_way,
doors, keys, openings) and searches the positions (cell, letters held) breadth first, using no
mazebook code. It answers what the issue asks of a puzzle: the shortest walk's length, how many
walks have it, the shortest length ignoring the rules, and whether every position reachable
from START can still reach FINISH.
"""

from __future__ import annotations

import itertools
from collections import deque
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any

Cell = tuple[int, int]
State = tuple[Cell, frozenset[str]]

#: A wall bit and the step through that side.
SIDES = ((1, (0, -1)), (2, (1, 0)), (4, (0, 1)), (8, (-1, 0)))


@dataclass(frozen=True)
class Puzzle:
    """A rectangle read from its JSON: open passages, one-way passages (allowed from, to),
    doors by their two cells, keys by cell, and the openings."""

    width: int
    height: int
    open: frozenset[tuple[Cell, Cell]]
    one_way: frozenset[tuple[Cell, Cell]]
    doors: Mapping[frozenset[Cell], str]
    keys: Mapping[Cell, str]
    start: Cell
    goal: Cell

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Puzzle:
        w, h = data["width"], data["height"]
        walls = data["walls"]
        passages = set()
        for y in range(h):
            for x in range(w):
                for bit, (dx, dy) in SIDES:
                    nx, ny = x + dx, y + dy
                    if 0 <= nx < w and 0 <= ny < h and not walls[y][x] & bit:
                        passages.add(((x, y), (nx, ny)))
        one_way = {((a, b), (c, d)) for a, b, c, d in data.get("one_way", [])}
        doors = {frozenset(map(tuple, d["between"])): d["key"] for d in data.get("doors", [])}
        keys = {tuple(k["cell"]): k["key"] for k in data.get("keys", [])}
        return cls(
            w,
            h,
            frozenset(passages),
            frozenset(one_way),
            doors,  # type: ignore[arg-type]
            keys,  # type: ignore[arg-type]
            tuple(data["entrance"]),  # type: ignore[arg-type]
            tuple(data["exit"]),  # type: ignore[arg-type]
        )

    def first(self) -> State:
        held = {self.keys[self.start]} if self.start in self.keys else set()
        return self.start, frozenset(held)

    def moves(self, state: State, *, rules: bool = True) -> Iterator[State]:
        """The positions one step from ``state`` (every open passage when ``rules`` is off)."""
        cell, held = state
        x, y = cell
        for _, (dx, dy) in SIDES:
            nxt = (x + dx, y + dy)
            if (cell, nxt) not in self.open:
                continue
            if rules:
                if (nxt, cell) in self.one_way:  # one-way from nxt to cell: not this way
                    continue
                door = self.doors.get(frozenset((cell, nxt)))
                if door is not None and door not in held:
                    continue
            got = held | {self.keys[nxt]} if rules and nxt in self.keys else held
            yield nxt, frozenset(got)


@dataclass(frozen=True)
class Solved:
    """The shortest walk (positions, START first) and how many walks share its length (up to
    2), or no walk."""

    walk: tuple[State, ...]
    count: int

    @property
    def length(self) -> int:
        """Cells of the walk, START and FINISH included."""
        return len(self.walk)


def solve(puzzle: Puzzle, *, rules: bool = True) -> Solved | None:
    """Breadth-first search from START's position to the first at FINISH, counting walks."""
    first = puzzle.first() if rules else (puzzle.start, frozenset())
    dist = {first: 0}
    count = {first: 1}
    parent: dict[State, State] = {}
    queue = deque([first])
    while queue:
        state = queue.popleft()
        for nxt in puzzle.moves(state, rules=rules):
            if nxt not in dist:
                dist[nxt] = dist[state] + 1
                count[nxt] = count[state]
                parent[nxt] = state
                queue.append(nxt)
            elif dist[nxt] == dist[state] + 1:
                count[nxt] = min(2, count[nxt] + count[state])
    ends = [s for s in dist if s[0] == puzzle.goal]
    if not ends:
        return None
    best = min(dist[s] for s in ends)
    last = [s for s in ends if dist[s] == best]
    walk = [last[0]]
    while walk[-1] in parent:
        walk.append(parent[walk[-1]])
    return Solved(tuple(reversed(walk)), min(2, sum(count[s] for s in last)))


def reachable(puzzle: Puzzle) -> set[State]:
    """Every position a walk from START can reach."""
    seen = {puzzle.first()}
    todo = [puzzle.first()]
    while todo:
        for nxt in puzzle.moves(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return seen


def traps(puzzle: Puzzle) -> set[State]:
    """The positions reachable from START from which FINISH can no longer be reached."""
    seen = reachable(puzzle)
    back: dict[State, list[State]] = {s: [] for s in seen}
    for s in seen:
        for nxt in puzzle.moves(s):
            back[nxt].append(s)
    good = {s for s in seen if s[0] == puzzle.goal}
    todo = list(good)
    while todo:
        for prev in back[todo.pop()]:
            if prev not in good:
                good.add(prev)
                todo.append(prev)
    return seen - good


def doors_passed(puzzle: Puzzle, walk: tuple[State, ...]) -> set[str]:
    """The letters of the doors a walk goes through."""
    passed = set()
    for (a, _), (b, _) in itertools.pairwise(walk):
        door = puzzle.doors.get(frozenset((a, b)))
        if door is not None:
            passed.add(door)
    return passed
