"""Canonical keys (mazebook.geometry.symmetry): two mazes get the same key exactly when one is
the other turned or mirrored. The turns and mirrors are made here from the wall bits and the
cell centres, independently of the module, and the sameness they define is compared with the
keys on mazes small enough that real repeats happen."""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from mazebook import generate
from mazebook.core.grid import Opening, rect_grid
from mazebook.core.maze import Maze
from mazebook.geometry.from_maze import cell_points
from mazebook.geometry.symmetry import grid_key, maze_key

Walls = tuple[tuple[int, ...], ...]
N, E, S, W = 1, 2, 4, 8


def walls_of(maze: Maze) -> Walls:
    """The rectangle's wall bits with every outer wall set (openings left out)."""
    rows = [list(row) for row in maze.walls]
    h, w = len(rows), len(rows[0])
    for x in range(w):
        rows[0][x] |= N
        rows[h - 1][x] |= S
    for y in range(h):
        rows[y][0] |= W
        rows[y][w - 1] |= E
    return tuple(tuple(row) for row in rows)


def turned(walls: Walls) -> Walls:
    """A quarter turn clockwise: cell (x, y) of a w x h maze goes to (h - 1 - y, x), and its
    north wall becomes its east wall, east south, south west, west north."""
    h, w = len(walls), len(walls[0])
    out = [[0] * h for _ in range(w)]
    for y in range(h):
        for x in range(w):
            b = walls[y][x]
            out[x][h - 1 - y] = ((b << 1) & 0xF) | (b >> 3)
    return tuple(tuple(row) for row in out)


def mirrored(walls: Walls) -> Walls:
    """Left and right swapped."""
    swap = {0: 0}
    for b in range(16):
        swap[b] = (b & (N | S)) | (E if b & W else 0) | (W if b & E else 0)
    return tuple(tuple(swap[b] for b in reversed(row)) for row in walls)


def variants(walls: Walls) -> list[Walls]:
    """The eight turns and mirrors of a rectangle's walls."""
    found = []
    for start in (walls, mirrored(walls)):
        current = start
        for _ in range(4):
            found.append(current)
            current = turned(current)
    return found


def maze_of(walls: Walls) -> Maze:
    """A rectangular maze with these walls (its openings anywhere: keys leave them out)."""
    h, w = len(walls), len(walls[0])
    grid = rect_grid(w, h)
    links = bytearray(w * h)
    for y in range(h):
        for x in range(w):
            b = walls[y][x]
            for k, (bit, inside) in enumerate(
                ((N, y > 0), (E, x < w - 1), (S, y < h - 1), (W, x > 0))
            ):
                if inside and not b & bit:
                    links[y * w + x] |= 1 << k
    return Maze(grid, bytes(links), Opening(0, 0), Opening(w * h - 1, 2))


rect_mazes = st.builds(
    lambda algorithm, w, h, seed: generate(algorithm, w, h, seed=seed),
    st.sampled_from(["backtracker", "prim", "kruskal", "wilson", "sidewinder", "eller"]),
    st.integers(2, 9),
    st.integers(2, 9),
    st.integers(0, 10**6),
)


@given(rect_mazes)
def test_every_turn_and_mirror_of_a_rectangle_has_the_same_key(maze: Maze) -> None:
    key = maze_key(maze)
    for variant in variants(walls_of(maze)):
        assert maze_key(maze_of(variant)) == key


@given(rect_mazes, rect_mazes)
def test_two_rectangles_share_a_key_exactly_when_one_turns_into_the_other(a: Maze, b: Maze) -> None:
    same = walls_of(b) in variants(walls_of(a))
    assert (maze_key(a) == maze_key(b)) == same


def test_tiny_mazes_repeat_and_the_keys_see_it_exactly() -> None:
    """3 x 3 mazes repeat often: over many seeds, keys agree with the walls compared in every
    turn and mirror, pair by pair, and there are repeats to find."""
    mazes = [generate("wilson", 3, 3, seed=s) for s in range(60)]
    mazes += [generate("wilson", 3, 2, seed=s) for s in range(30)]
    mazes += [generate("wilson", 2, 3, seed=s) for s in range(30)]
    keys = [maze_key(m) for m in mazes]
    forms = [{v for v in variants(walls_of(m))} for m in mazes]
    repeats = 0
    for i in range(len(mazes)):
        for j in range(i + 1, len(mazes)):
            same = walls_of(mazes[j]) in forms[i]
            repeats += same
            assert (keys[i] == keys[j]) == same, (i, j)
    assert repeats > 10
    assert any(  # a 3 x 2 maze and a 2 x 3 one can be the same maze turned
        keys[i] == keys[j] for i in range(60, 90) for j in range(90, 120)
    )


def test_openings_do_not_tell_two_mazes_apart() -> None:
    maze = generate("backtracker", 6, 5, seed=4)
    moved = Maze(maze.grid, maze.links, Opening(3, 0), Opening(7, 1))
    assert maze_key(moved) == maze_key(maze)


def test_a_weave_crossing_turns_with_its_maze() -> None:
    maze = next(
        m for s in range(50) if (m := generate("backtracker", 9, 9, seed=s, weave=1.0)).crossings
    )
    key = maze_key(maze)
    # turned a quarter: the cells move, and a crossing's upper passage turns with them
    w, h = maze.width, maze.height
    quarter = turned(walls_of(maze))
    plain = maze_of(quarter)
    crossings = tuple(  # cell (x, y) goes to (h - 1 - y, x) on a grid h cells wide
        sorted(
            ((c % w) * h + h - 1 - c // w, "v" if over == "h" else "h")
            for c, over in maze.crossings
        )
    )
    quartered = Maze(plain.grid, plain.links, plain.entrance, plain.exit, crossings=crossings)
    assert maze_key(quartered) == key
    # the same walls with a crossing's other passage on top is another maze
    cell, over = maze.crossings[0]
    flipped = ((cell, "v" if over == "h" else "h"), *maze.crossings[1:])
    other = Maze(maze.grid, maze.links, maze.entrance, maze.exit, crossings=flipped)
    assert maze_key(other) != key


def permuted(maze: Maze, turn: float, mirror: bool) -> Maze:
    """The maze turned by ``turn`` radians (after a mirror across the x axis) about its cells'
    centroid, as a maze on the same grid (the turn must map the grid onto itself)."""
    points = cell_points(maze)
    centre = points.mean(axis=0)
    rel = points - centre
    if mirror:
        rel = rel * np.array([1.0, -1.0])
    c, s = math.cos(turn), math.sin(turn)
    moved = np.stack([rel[:, 0] * c - rel[:, 1] * s, rel[:, 0] * s + rel[:, 1] * c], axis=1)
    distance = np.linalg.norm(moved[:, None, :] - rel[None, :, :], axis=2)
    image = distance.argmin(axis=1)
    assert distance.min(axis=1).max() < 1e-6 and len(set(image.tolist())) == len(image)
    grid = maze.grid
    n, degree = grid.size, grid.degree
    adj = np.frombuffer(grid.adj, dtype=np.intc).reshape(n, degree)
    links = bytearray(n)
    for cell in range(n):
        for k in range(degree):
            other = int(adj[cell, k])
            if other < n and maze.links[cell] >> k & 1:
                a, b = int(image[cell]), int(image[other])
                links[a] |= 1 << list(adj[a]).index(b)
    return Maze(grid, bytes(links), Opening(int(image[maze.entrance.cell]), None), maze.exit)


@pytest.mark.parametrize(("shape", "size", "turns"), [("hex", (7, 7), 6), ("circle", (1, 4), 6)])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_other_shapes_keep_their_key_turned_and_mirrored(
    shape: str, size: tuple[int, int], turns: int, seed: int
) -> None:
    maze = generate("backtracker", *size, seed=seed, shape=shape)
    key = maze_key(maze)
    symmetric = 0
    for k in range(turns):
        for mirror in (False, True):
            try:
                image = permuted(maze, 2 * math.pi * k / turns, mirror)
            except AssertionError:  # this turn does not map the grid onto itself
                continue
            symmetric += 1
            assert maze_key(image) == key
    assert symmetric >= 2  # at least a half turn and its mirror
    other = generate("backtracker", *size, seed=seed + 100, shape=shape)
    assert (maze_key(other) == key) == (other.links == maze.links)


def test_rules_tell_apart_mazes_with_the_same_walls() -> None:
    maze = generate("prim", 6, 6, seed=9)
    keyed = maze_key(maze, marks=[(3, "key"), (20, "door")])
    assert keyed != maze_key(maze)
    assert keyed != maze_key(maze, marks=[(4, "key"), (20, "door")])
    assert maze_key(maze, arrows=[(0, 1)]) != maze_key(maze, arrows=[(1, 0)])
    # the rules turn with their cells: a half turn of a square grid moves cell c to n - 1 - c
    half = maze_of(turned(turned(walls_of(maze))))
    assert maze_key(half, marks=[(35 - 3, "key"), (35 - 20, "door")]) == keyed


@given(
    st.lists(st.lists(st.integers(1, 99), min_size=3, max_size=3), min_size=2, max_size=5),
    st.integers(1, 5),
)
def test_a_number_grid_keeps_its_key_turned_and_mirrored(
    rows: Sequence[list[int]], step: int
) -> None:
    grid = np.array(rows)
    key = grid_key(grid, rules=f"step {step}")
    for variant in (np.rot90(grid), np.rot90(grid, 2), np.fliplr(grid), np.flipud(grid).T):
        assert grid_key(variant, rules=f"step {step}") == key
    assert grid_key(grid, rules=f"step {step + 1}") != key
    changed = grid.copy()
    changed[0, 0] += 100
    assert grid_key(changed, rules=f"step {step}") != key
