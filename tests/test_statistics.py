"""Statistical checks: Wilson and Aldous-Broder are uniform; each algorithm has its dead-end share.

Uniformity: the 3x3 grid has 192 spanning trees (and the 2x4 one 56). Sampling 40 mazes per
tree must draw every tree and pass a chi-square goodness-of-fit test at alpha = 0.001; the
critical value comes from the Wilson-Hilferty approximation, so no scipy is needed. Both the
pure-Python walks and the vectorised rectangle walks (forced onto these tiny grids, where
they hit the walls all the time) are tested; the backtracker and randomised Kruskal, which
are not uniform, must fail the same test, which shows the test has teeth. Seeds are fixed:
the outcome is deterministic.

Dead ends (cells with one passage) at 40x40, over 5 mazes per setting, must lie within
2 percentage points of the share Walter Pullen's Think Labyrinth gives (or, where it gives
none, of the value explained in the generator's docstring); settings whose expected shares
are 5 points or more apart must fall outside each other's bands.
"""

from __future__ import annotations

import itertools
import random
from collections import Counter
from functools import cache
from typing import Any

import pytest

from mazebook.core.generators import REGISTRY, _walk, wilson
from mazebook.core.grid import Grid, rect_grid

from .stats import chi_square_critical

#: Statistical tests: thousands of mazes each; CI runs them, the quick loop skips them.
pytestmark = pytest.mark.slow

PER_TREE = 40


def tree_of(grid: Grid, links: bytes | bytearray) -> frozenset[tuple[int, int]]:
    """Canonical form of a maze: the set of its passages as (lower cell, higher cell)."""
    degree, adj = grid.degree, grid.adj
    return frozenset(
        (c, adj[c * degree + k])
        for c in range(grid.size)
        for k in range(degree)
        if links[c] >> k & 1 and c < adj[c * degree + k]
    )


def spanning_trees(grid: Grid) -> set[frozenset[tuple[int, int]]]:
    """Every spanning tree, by brute force over edge subsets (tiny grids only)."""
    n = grid.size
    edges = sorted({(min(c, j), max(c, j)) for c in range(n) for j in grid.neighbors(c)})
    trees = set()
    for subset in itertools.combinations(edges, n - 1):
        root = list(range(n))  # union-find: a cycle shows as two ends with one root
        for a, b in subset:
            while root[a] != a:
                a = root[a]
            while root[b] != b:
                b = root[b]
            if a == b:
                break
            root[a] = b
        else:
            trees.add(frozenset(subset))
    return trees


def chi_square(algorithm: str, grid: Grid, seed: int) -> tuple[float, float, int]:
    """(statistic, critical value, trees never drawn) for PER_TREE samples per tree."""
    trees = spanning_trees(grid)
    samples = PER_TREE * len(trees)
    spec = REGISTRY[algorithm]
    options = spec.resolve_options({})
    rng = random.Random(seed)
    counts = Counter(tree_of(grid, spec.carve(grid, rng, **options)) for _ in range(samples))
    assert set(counts) <= trees, "a sample is not a spanning tree"
    statistic = sum((counts[t] - PER_TREE) ** 2 / PER_TREE for t in trees)
    return statistic, chi_square_critical(len(trees) - 1), len(trees) - len(counts)


def test_tree_counts() -> None:
    assert len(spanning_trees(rect_grid(3, 3))) == 192
    assert len(spanning_trees(rect_grid(2, 4))) == 56
    assert round(chi_square_critical(191)) == 257  # chi2 table, 191 dof, alpha 0.001: 257.2


@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
@pytest.mark.parametrize("size", [(3, 3), (2, 4)])
def test_uniform_spanning_trees(algorithm: str, size: tuple[int, int]) -> None:
    statistic, critical, missing = chi_square(algorithm, rect_grid(*size), seed=2024)
    assert missing == 0
    assert statistic < critical


@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
@pytest.mark.parametrize("size", [(3, 3), (2, 4)])
def test_uniform_with_vectorised_walks(
    algorithm: str, size: tuple[int, int], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(_walk, "MIN_SIDE", 1)  # the numpy walk even on a 3x3 grid
    monkeypatch.setattr(wilson, "PY_STEPS", 1)  # and Wilson's walks leave Python at once
    statistic, critical, missing = chi_square(algorithm, rect_grid(*size), seed=7)
    assert missing == 0
    assert statistic < critical


@pytest.mark.parametrize(("algorithm", "factor"), [("backtracker", 10.0), ("kruskal", 1.2)])
def test_the_chi_square_test_can_fail(algorithm: str, factor: float) -> None:
    """Not uniform: the backtracker by far, randomised Kruskal too (366 against 257)."""
    statistic, critical, _ = chi_square(algorithm, rect_grid(3, 3), seed=2024)
    assert statistic > factor * critical


#: (algorithm, options) -> expected dead-end share in %, after Pullen where he gives one.
DEAD_ENDS: dict[tuple[str, tuple[tuple[str, Any], ...]], float] = {
    ("backtracker", ()): 10.0,
    ("hunt-and-kill", ()): 10.0,  # Pullen 10-11 %; 9.5 % measured
    ("growing-tree", ()): 10.0,  # mode "newest": the backtracker's order
    ("growing-tree", (("mode", "oldest"),)): 6.0,  # measured 6.2 %
    ("growing-tree", (("mode", "mix"),)): 21.5,  # measured
    ("growing-tree", (("mode", "random"),)): 27.6,  # measured
    ("recursive-division", ()): 23.0,
    ("recursive-division", (("split", "longer"),)): 27.0,  # measured
    ("binary-tree", ()): 25.0,
    ("binary-tree", (("bias", "SW"),)): 25.0,
    ("sidewinder", ()): 27.0,
    ("eller", ()): 28.0,
    ("wilson", ()): 29.0,
    ("aldous-broder", ()): 29.0,
    ("kruskal", ()): 30.0,
    ("prim", (("variant", "true"),)): 30.0,
    ("prim", (("variant", "simplified"),)): 32.0,
    ("prim", ()): 36.0,  # variant "modified"
    ("bfs", ()): 100 / 3,  # a cell is a dead end when last of three in its layer's shuffle
}
TOLERANCE = 2.0


@cache
def dead_end_share(algorithm: str, options: tuple[tuple[str, Any], ...]) -> float:
    """Share of cells with exactly one passage, in %, over 5 mazes of 40x40 (fixed seeds)."""
    grid = rect_grid(40, 40)
    spec = REGISTRY[algorithm]
    resolved = spec.resolve_options(dict(options))
    ends = 0
    for seed in range(5):
        links = spec.carve(grid, random.Random(1000 + seed), **resolved)
        ends += sum(1 for b in links if b in (1, 2, 4, 8))
    return 100.0 * ends / (5 * grid.size)


@pytest.mark.parametrize(("algorithm", "options"), list(DEAD_ENDS))
def test_dead_end_share(algorithm: str, options: tuple[tuple[str, Any], ...]) -> None:
    share = dead_end_share(algorithm, options)
    expected = DEAD_ENDS[algorithm, options]
    assert abs(share - expected) <= TOLERANCE, f"{share:.1f} % dead ends, expected {expected} %"


def test_every_generator_has_a_band() -> None:
    assert {name for name, _ in DEAD_ENDS} == set(REGISTRY)


def test_the_bands_tell_algorithms_apart() -> None:
    """A wrong algorithm (or variant) would miss the band: shares 5+ points apart never mix."""
    for (a, a_opts), (b, b_opts) in itertools.permutations(DEAD_ENDS, 2):
        if abs(DEAD_ENDS[a, a_opts] - DEAD_ENDS[b, b_opts]) >= 5:
            assert abs(dead_end_share(b, b_opts) - DEAD_ENDS[a, a_opts]) > TOLERANCE
