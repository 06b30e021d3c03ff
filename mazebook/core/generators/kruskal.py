"""Randomised Kruskal: shuffle every possible passage, carve each one that joins two separate trees.

A union-find forest (union by rank, path halving) tells whether the two cells of a passage are
already connected. Many short dead ends, about 30 % of cells (Pullen; 30.4 % measured at
40x40), the texture of "true" Prim.
"""

from __future__ import annotations

import random
from array import array

from ...lazy import numpy as np
from ..grid import Grid
from ._common import adj_array, links_from_edges, numpy_rng, undirected_edges
from .spec import GeneratorSpec

#: Passages looked at per batch of the vectorised pre-filter.
_CHUNK = 1 << 15


def carve(grid: Grid, rng: random.Random) -> bytearray:
    """Kruskal in shuffled order, a batch of passages at a time ("filter-Kruskal").

    Per batch, numpy finds the roots of both cells of every passage (pointer jumping through
    the shared parent table) and drops the passages whose cells are already joined: plain
    Kruskal would refuse them too. The rest form a small graph on those roots; its connected
    components are independent of each other, and in a component without a cycle every
    passage is carved (plain Kruskal would accept each in turn), so those are joined at once.
    Only components with a cycle go through the sequential union-find loop, in shuffle order.
    The maze is exactly the one plain Kruskal makes from the same shuffle.
    """
    order = numpy_rng(rng).permutation(undirected_edges(grid))
    first = grid.params.get("first_edges")
    if first is not None:  # a weave maze's crossings: their passages go first (mazebook.core.weave)
        mark = np.zeros(grid.size * grid.degree, dtype=bool)
        mark[first] = True
        early = mark[order]
        order = np.concatenate([order[early], order[~early]])
    return carve_in_order(grid, order)


def carve_in_order(grid: Grid, order: np.ndarray) -> bytearray:
    """Kruskal over the passages ``order`` (half-edges from the lower cell), in that order:
    each is carved unless its cells are already joined, ``_CHUNK`` passages a batch. It stops
    once the tree is whole (n - 1 passages): nothing after that could be carved."""
    n, degree = grid.size, grid.degree
    cell_a = (order // degree).astype(np.intc)
    cell_b = adj_array(grid)[order]
    parent = array("i")
    parent.frombytes(np.arange(n, dtype=np.intc).tobytes())
    par = np.frombuffer(parent, dtype=np.intc)  # the same memory, for the batch work
    rank = bytearray(n)
    carved = array("i")
    record = carved.append
    bulk: list[np.ndarray] = []
    joined = 0  # passages carved by the batches so far
    for number, start in enumerate(range(0, order.size, _CHUNK)):
        if joined + len(carved) >= n - 1:
            break
        if number % 4 == 3:  # flatten the whole forest now and then: fewer jumps per batch
            while True:
                up = par[par]
                if np.array_equal(up, par):
                    break
                par[:] = up
        ra = par[cell_a[start : start + _CHUNK]]
        rb = par[cell_b[start : start + _CHUNK]]
        while True:
            na, nb = par[ra], par[rb]
            if np.array_equal(na, ra) and np.array_equal(nb, rb):
                break
            ra, rb = na, nb
        keep = np.flatnonzero(ra != rb)
        if not keep.size:
            continue
        ra, rb = ra[keep], rb[keep]
        nodes, ends = np.unique(np.concatenate([ra, rb]), return_inverse=True)
        u, v = ends[: keep.size], ends[keep.size :]
        label = _components(u, v, nodes.size)
        size = nodes.size
        cyclic = np.bincount(label[u], minlength=size) >= np.bincount(label, minlength=size)
        slow = cyclic[label[u]]
        bulk.append(order[start + keep[~slow]])
        joined += bulk[-1].size
        calm = ~cyclic[label]
        par[nodes[calm]] = nodes[label[calm]]  # each cycle-free component under one root
        rest = np.flatnonzero(slow)
        edges = order[start + keep[rest]].tolist()
        for a, b, e in zip(ra[rest].tolist(), rb[rest].tolist(), edges, strict=True):
            while parent[a] != a:
                parent[a] = a = parent[parent[a]]
            while parent[b] != b:
                parent[b] = b = parent[parent[b]]
            if a != b:
                x, y = rank[a], rank[b]
                if x < y:
                    parent[a] = b
                elif x > y:
                    parent[b] = a
                else:
                    parent[a] = b
                    rank[b] = y + 1
                record(e)
    bulk.append(np.frombuffer(carved, dtype=np.intc))
    return links_from_edges(grid, np.concatenate(bulk))


def _components(u: np.ndarray, v: np.ndarray, count: int) -> np.ndarray:
    """Connected components of the graph with edges (u, v) on nodes 0..count-1: per node, the
    smallest node of its component (hooking larger labels under smaller, pointer jumping)."""
    label = np.arange(count)
    while True:
        lu, lv = label[u], label[v]
        apart = lu != lv
        if not apart.any():
            return label
        lu, lv = lu[apart], lv[apart]
        np.minimum.at(label, np.maximum(lu, lv), np.minimum(lu, lv))
        while True:
            up = label[label]
            if np.array_equal(up, label):
                break
            label = up


SPEC = GeneratorSpec(
    name="kruskal",
    carve=carve,
    summary="randomised Kruskal (shuffled walls, union-find): many short dead ends, ~30%",
    carves_first_edges=True,
)
