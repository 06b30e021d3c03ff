"""Keys and doors laid in a perfect maze as a chain: each key behind the door of the one before.

The maze is a tree, so between two cells there is one way. The last letter's door stands on
the way from START to FINISH; its key lies at the end of a dead end on START's side; the door
of the letter before stands on the way to that key, and its key on START's side of both doors;
and so on down to the first key, which no door keeps. So the only shortest walk goes to the
first key, through its door to the second, ..., to the last, and through the last door to
FINISH: it passes a door of every letter, and it is longer than the way that ignores the doors.
Keys lie at the ends of dead ends (a walk never passes one by), away from START and FINISH,
at least MIN_REACH cells off the way they are fetched from where the maze has such a dead end.
No door stands in a key's own passage or beside another door (their drawings would touch).

A solver's search in one set of keys held walks a tree (the doors it cannot open are walls), so
its effort is worked out exactly (mazebook.difficulty.stategraph). Every choice comes from the
``random.Random`` handed in, so a maze and a number of letters give one puzzle.
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

from .grid import bfs, slots_of
from .maze import Maze
from .rules import LETTERS, rule_set

#: A key lies at least this many cells from the way it is fetched from (no key beside it).
MIN_REACH = 3


def letters_for(level: int, low: int) -> int:
    """How many letters a puzzle of ``level`` uses, for a kind whose lowest level is ``low``:
    one at the lowest levels, two from low + 2, three from level 7, four at level 10."""
    if level >= 10:
        return 4
    if level >= 7:
        return 3
    return 2 if level >= low + 2 else 1


def lay_keys(maze: Maze, letters: int, rng: random.Random) -> Maze | None:
    """The maze (a perfect one) with a chain of ``letters`` doors and keys laid in it, or None
    when it has no room for them (another maze is needed)."""
    grid = maze.grid
    root, goal = maze.entrance.cell, maze.exit.cell
    _, parent, order = bfs(grid, maze.links, root)
    way = _path_to(goal, root, parent)
    if len(way) < 4:
        return None
    slots = slots_of(grid.degree)
    leaves = [c for c in order if c not in (root, goal) and len(slots[maze.links[c]]) == 1]
    blocked: set[int] = set()  # cells behind a door placed so far
    beside: set[int] = set()  # cells a door placed so far stands beside (no other door there)
    doors: list[tuple[int, int, str]] = []
    keys: list[tuple[int, str]] = []
    # the last door on the way, in its second half (START's side keeps room for the keys)
    cut = way[rng.randrange(len(way) // 2, len(way) - 1)]
    names = LETTERS[:letters]
    target = cut
    for index in range(letters - 1, -1, -1):
        letter = names[index]
        doors.append((parent[target], target, letter))
        beside |= {parent[target], target}
        blocked |= _below(target, parent, order)
        # the key: a dead end on START's side of every door so far, off the way to the door
        near = set(_path_to(target, root, parent))
        reach = _reach(near, parent, order)
        free = [c for c in leaves if c not in blocked and c in reach]
        if index:  # a key that a door keeps needs a cell of room between the door and it
            free = [c for c in free if reach[c] >= 2]
        far = [c for c in free if reach[c] >= MIN_REACH]
        options = far or free  # a dead end far off the way, else any on START's side
        rng.shuffle(options)
        # the door before: on the way toward the key (off the ways already kept), not in the
        # key's own cell (its bar would cover the key) nor beside another door
        choice = None
        for key in options:
            branch = [c for c in _path_to(key, root, parent) if c not in near][:-1]
            spots = [c for c in branch if parent[c] not in beside and c not in beside]
            if index == 0 or spots:
                choice = key, spots
                break
        if choice is None:
            return None
        key, spots = choice
        keys.append((key, letter))
        if index == 0:
            break
        target = spots[rng.randrange(len(spots))]
    return dataclasses.replace(
        maze, doors=rule_set(doors=doors).doors, keys=rule_set(keys=keys).keys
    )


def _path_to(cell: int, root: int, parent: Sequence[int]) -> list[int]:
    """The cells from ``root`` down the tree to ``cell``."""
    path = [cell]
    while path[-1] != root:
        path.append(parent[path[-1]])
    path.reverse()
    return path


def _below(cell: int, parent: Sequence[int], order: Sequence[int]) -> set[int]:
    """``cell`` and every cell below it in the tree hung from START."""
    inside = {cell}
    for c in order:
        if parent[c] in inside:
            inside.add(c)
    return inside


def _reach(kept: set[int], parent: Sequence[int], order: Sequence[int]) -> dict[int, int]:
    """How far each cell off ``kept`` lies from it (down the tree hung from START; cells of
    ``kept`` and cells not below one are left out)."""
    far: dict[int, int] = {}
    for c in order:
        p = parent[c]
        if c in kept or p < 0:
            continue
        if p in kept:
            far[c] = 1
        elif p in far:
            far[c] = far[p] + 1
    return far
