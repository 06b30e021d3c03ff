"""Weave generation: crossings proposed, then carved first (Kruskal) or woven into a maze.

Candidate crossings are proposed first, never side by side, and split (see mazebook.core.weave).
Kruskal carves the split graph with the crossings' passages before any other (the classic
weave method: place crossings, then join). Every other generator carves the plain rectangle,
its own maze exactly as without weave, and the crossings are woven into it (``_weave_in``):
their passages go in, and the few of the maze's that would close a loop with them, next to the
crossings, come out. A crossing that still cannot be had (its passages would close a loop among
themselves, a rare ring of crossings) is joined back into one cell.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from ..core.grid import E, Grid, N, S, passage_counts
from ..core.weave import OVER, Crossing, join_links, split_grid, split_links
from ..errors import InvalidOptionError
from ._common import undirected_edges
from .kruskal import carve_in_order
from .spec import GeneratorSpec

#: Share of the inner cells that are crossings at weave=1.0 (in expectation): each cell
#: proposed and the highest random priority among proposed neighbours, 1 in 5.
MAX_DENSITY = 0.2


def check_weave(value: object) -> float:
    """A weave share is a number from 0.0 to 1.0; raise InvalidOptionError otherwise."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidOptionError(f"weave must be a number from 0.0 to 1.0, got {value!r}")
    share = float(value)
    if not 0.0 <= share <= 1.0:  # also refuses NaN
        raise InvalidOptionError(f"weave must be a number from 0.0 to 1.0, got {value!r}")
    return share


def propose(grid: Grid, weave: float, nrng: np.random.Generator) -> np.ndarray:
    """Inner cells proposed as crossings (sorted), never two side by side.

    Each inner cell is proposed with chance p and gets a random priority; a proposal is kept
    where its priority beats every proposed neighbour's, which keeps (1 - (1 - p) ** 5) / 5 of
    the cells. p is chosen so that share is MAX_DENSITY * (1 - (1 - weave) ** 2): rising with
    weave, steeply at first, up to one cell in five at weave=1.0.
    """
    w, h = grid.width, grid.height
    if w < 3 or h < 3 or weave <= 0.0:
        return np.zeros(0, dtype=np.int64)
    chance = 1.0 - (1.0 - weave) ** 0.4
    picked = nrng.random((h, w)) < chance
    picked[0, :] = picked[-1, :] = False
    picked[:, 0] = picked[:, -1] = False
    score = np.full((h + 2, w + 2), -1.0)
    score[1:-1, 1:-1] = np.where(picked, nrng.random((h, w)), -1.0)
    inner = score[1:-1, 1:-1]
    best = (
        (inner > score[:-2, 1:-1])
        & (inner > score[2:, 1:-1])
        & (inner > score[1:-1, :-2])
        & (inner > score[1:-1, 2:])
    )
    return np.flatnonzero(picked & best).astype(np.int64)


def keep_complete(
    split: Grid, node_links: bytes, cells: np.ndarray
) -> tuple[np.ndarray, bytearray]:
    """The crossings whose two passages were both carved, and the node links with every other
    proposed crossing's dead-end node cut off (its one passage dropped on both sides)."""
    n = split.size - len(cells)
    counts = passage_counts(node_links)
    ew, ns = counts[cells], counts[n:]
    kept = (ew == 2) & (ns == 2)
    out = bytearray(node_links)
    adj, back = split.adj, split.back
    for i in np.flatnonzero(~kept).tolist():
        node = int(cells[i]) if ew[i] < 2 else n + i  # the dead-end node (west-east first)
        for slot in range(4):
            if out[node] >> slot & 1:
                other = adj[node * 4 + slot]
                out[other] &= ~(1 << back[node * 4 + slot]) & 0xFF
                out[node] &= ~(1 << slot) & 0xFF
    return kept, out


def carve(
    spec: GeneratorSpec,
    grid: Grid,
    rng: random.Random,
    options: Mapping[str, Any],
    weave: float,
) -> tuple[bytes, tuple[Crossing, ...], tuple[Grid, bytes] | None]:
    """Carve a weave maze: (cell passage bytes, crossings, the split graph (grid, node passage
    bytes) when the proposed crossings were all kept). ``spec`` is the generator; where the
    crossings go and which passage is on top come from ``rng``, after the generator's own
    draws: its maze is the one it makes without weave."""
    plain = None if spec.carves_first_edges else bytes(spec.run(grid, rng, options))
    nrng = np.random.default_rng(rng.getrandbits(128))
    proposed = propose(grid, weave, nrng)
    over = nrng.integers(0, 2, len(proposed), dtype=np.uint8)
    split = split_grid(grid, proposed)
    first = np.zeros(0, dtype=np.int64)
    if len(proposed):
        # the crossings' own passages, each as its half-edge from the lower node (the form
        # Kruskal's list of passages uses); the neighbours of a crossing are plain cells
        w = grid.width
        first = np.concatenate(
            [
                proposed * 4 + E,
                (proposed - 1) * 4 + E,
                (proposed - w) * 4 + S,
                (proposed + w) * 4 + N,
            ]
        )
        split = replace(split, params={**split.params, "first_edges": first})
    if plain is None:  # Kruskal: crossings first, then the rest (classic weave)
        node_links = bytes(spec.run(split, rng, options))
    elif len(proposed):  # the generator's own maze, with the crossings woven into it
        node_links = _weave_in(split, split_links(plain, proposed), proposed, first, nrng)
    else:
        node_links = plain
    kept, node_out = keep_complete(split, node_links, proposed)
    links = join_links(bytes(node_out), grid.size, proposed)
    crossings = tuple(
        (int(c), OVER[int(o)])
        for c, o in zip(proposed[kept].tolist(), over[kept].tolist(), strict=True)
    )
    if kept.all():  # the split graph as carved is the maze's: hand it on, no need to remake it
        return links, crossings, (split, bytes(node_out))
    return links, crossings, None


#: Passages per batch of the weaving-in Kruskal: its passages are nearly all a forest, so larger
#: batches than Kruskal's own mean fewer passes (0.5 s instead of 0.7 s at 1000x1000).
_WEAVE_CHUNK = 1 << 17


def _weave_in(
    split: Grid, node_links: bytes, cells: np.ndarray, first: np.ndarray, nrng: np.random.Generator
) -> bytes:
    """A spanning tree of the split graph with the crossings' passages and as much of the
    carved maze (``node_links``, its passages split at the crossings) as they leave room for.

    Kruskal over the crossings' passages first, then the maze's, then every other passage in
    random order: a maze passage that would close a loop with the crossings is dropped, and
    where that (or a crossroads split in two) leaves the maze in parts, the first other
    passage between them joins them. The maze's passages beside a crossing go after the rest
    of the maze's, so the one dropped is next to the crossing: away from the crossings the
    generator's maze is unchanged.
    """
    m = split.size
    adj = np.frombuffer(split.adj, dtype=np.intc)
    bits = np.unpackbits(
        np.frombuffer(node_links, dtype=np.uint8)[:, None], axis=1, count=4, bitorder="little"
    ).reshape(-1)
    half = np.arange(m * 4, dtype=np.int64)
    tree = np.flatnonzero(bits.astype(bool) & (adj > half // 4) & (adj < m))
    taken = np.zeros(m * 4, dtype=bool)
    taken[first] = True
    tree = tree[~taken[tree]]
    taken[tree] = True
    near = np.zeros(m + 1, dtype=bool)  # the cells beside a crossing
    w = split.width
    near[np.concatenate([cells - 1, cells + 1, cells - w, cells + w])] = True
    late = near[tree // 4] | near[adj[tree]]
    every = undirected_edges(split)
    rest = nrng.permutation(every[~taken[every]])
    # the passages that can join what a dropped passage parted lie beside the crossings: those
    # first, so the tree is whole (and the Kruskal stops) long before the far ones are read
    beside = near[rest // 4] | near[adj[rest]]
    order = np.concatenate([first, tree[~late], tree[late], rest[beside], rest[~beside]])
    return bytes(carve_in_order(split, order, chunk=_WEAVE_CHUNK))
