"""Wilson and Aldous-Broder draw every spanning tree equally often on hex and polar grids.

The number of spanning trees comes from the matrix-tree theorem (a numpy determinant of the
reduced Laplacian). On grids with a few hundred trees, sampling many mazes must hit every tree
and give a chi-square statistic below the critical value at alpha = 0.001 (Wilson-Hilferty
approximation, no scipy). On a larger polar grid, where the trees are too many to tally, each
passage must appear as often as its effective resistance says (Kirchhoff: that is the chance a
uniform spanning tree contains the edge). The backtracker fails the same chi-square test, which
shows the test can tell.
"""

from __future__ import annotations

import math
import random
from collections import Counter

import numpy as np
import pytest

from mazebook.core.generators import REGISTRY
from mazebook.core.grid import Grid
from mazebook.core.shapes import make_grid

from .stats import chi_square_critical

#: Statistical tests: thousands of mazes each; CI runs them, the quick loop skips them.
pytestmark = pytest.mark.slow


def laplacian(grid: Grid) -> np.ndarray:
    n = grid.size
    lap = np.zeros((n, n))
    for c in range(n):
        for j in grid.neighbors(c):
            lap[c, j] -= 1
            lap[c, c] += 1
    return lap


def spanning_trees(grid: Grid) -> int:
    """Kirchhoff's matrix-tree theorem: any cofactor of the Laplacian."""
    return round(float(np.linalg.det(laplacian(grid)[1:, 1:])))


def sample_trees(algorithm: str, grid: Grid, samples: int, seed: int) -> Counter[bytes]:
    spec = REGISTRY[algorithm]
    options = spec.resolve_options({})
    rng = random.Random(seed)
    return Counter(bytes(spec.carve(grid, rng, **options)) for _ in range(samples))


def chi_square(counts: Counter[bytes], trees: int, samples: int) -> float:
    expected = samples / trees
    seen = sum((o - expected) ** 2 / expected for o in counts.values())
    return seen + (trees - len(counts)) * expected  # trees never drawn count too


def _need(algorithm: str) -> None:
    assert algorithm in REGISTRY, f"{algorithm} must be registered"


SMALL_GRIDS = {
    "hex": ("hex", 4, 2, {"outline": "rect"}, 377),
    "circle": ("circle", 1, 1, {"inner": 7}, 841),
}

#: Mazes drawn per spanning tree in the tallies.
PER_TREE = 20


def _is_tree(n: int, edges: list[tuple[int, int]]) -> bool:
    """n - 1 edges without a cycle (union-find)."""
    parent = list(range(n))
    for a, b in edges:
        while parent[a] != a:
            a = parent[a]
        while parent[b] != b:
            b = parent[b]
        if a == b:
            return False
        parent[a] = b
    return True


def test_matrix_tree_counts_match_a_brute_force_count() -> None:
    """The counting itself: all edge subsets of a 7-cell hexagon, checked by hand."""
    grid = make_grid("hex", 3, 3)
    edges = sorted({(min(c, j), max(c, j)) for c in range(grid.size) for j in grid.neighbors(c)})
    count = 0
    for mask in range(1 << len(edges)):
        chosen = [e for i, e in enumerate(edges) if mask >> i & 1]
        if len(chosen) == grid.size - 1:
            count += _is_tree(grid.size, chosen)
    assert count == spanning_trees(grid) == 320


@pytest.mark.parametrize("grid_name", sorted(SMALL_GRIDS))
@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
def test_uniform_over_all_spanning_trees(algorithm: str, grid_name: str) -> None:
    _need(algorithm)
    shape, width, height, options, trees = SMALL_GRIDS[grid_name]
    grid = make_grid(shape, width, height, **options)
    assert spanning_trees(grid) == trees
    samples = PER_TREE * trees
    counts = sample_trees(algorithm, grid, samples, seed=2024)
    assert len(counts) == trees, f"only {len(counts)} of {trees} spanning trees were drawn"
    stat, critical = chi_square(counts, trees, samples), chi_square_critical(trees - 1)
    print(
        f"{algorithm} on {grid_name}: {trees} trees, {samples} samples, "
        f"chi2 {stat:.1f} < {critical:.1f}"
    )
    assert stat < critical


def test_the_chi_square_test_rejects_a_biased_generator() -> None:
    shape, width, height, options, trees = SMALL_GRIDS["hex"]
    grid = make_grid(shape, width, height, **options)
    samples = PER_TREE * trees
    counts = sample_trees("backtracker", grid, samples, seed=2024)
    assert chi_square(counts, trees, samples) > chi_square_critical(trees - 1)


#: Bonferroni over the 18 passages of the doubling polar grid at overall alpha 0.001
#: (two-sided 0.001 / 18 per passage is z = 4.03).
EDGE_Z = 4.0


def worst_passage_z(algorithm: str, samples: int = 3000) -> float:
    """On two rings around the centre, the second doubled (8405 trees, too many to tally):
    the largest |z| of a passage's frequency against its effective resistance."""
    grid = make_grid("circle", 1, 2, inner=3)
    assert grid.params["ring_counts"] == (1, 3, 6)
    assert spanning_trees(grid) == 8405
    pinv = np.linalg.pinv(laplacian(grid))
    edges = sorted({(min(c, j), max(c, j)) for c in range(grid.size) for j in grid.neighbors(c)})
    spec = REGISTRY[algorithm]
    options = spec.resolve_options({})
    rng = random.Random(77)
    slots = [(a, grid.slot_to(a, b)) for a, b in edges]
    hits = [0] * len(edges)
    for _ in range(samples):
        links = spec.carve(grid, rng, **options)
        for i, (a, k) in enumerate(slots):
            hits[i] += links[a] >> k & 1
    worst = 0.0
    for (a, b), h in zip(edges, hits, strict=True):
        p = pinv[a, a] + pinv[b, b] - 2 * pinv[a, b]  # effective resistance = P(edge in tree)
        worst = max(worst, abs(h / samples - p) / math.sqrt(p * (1 - p) / samples))
    return worst


@pytest.mark.parametrize("algorithm", ["wilson", "aldous-broder"])
def test_passage_frequencies_match_effective_resistance_on_a_doubling_polar_grid(
    algorithm: str,
) -> None:
    _need(algorithm)
    z = worst_passage_z(algorithm)
    print(f"{algorithm} on 2 polar rings: worst passage z {z:.2f} < {EDGE_Z}")
    assert z < EDGE_Z


def test_the_passage_test_rejects_a_biased_generator() -> None:
    assert worst_passage_z("backtracker") > EDGE_Z
