"""Weave generation: crossings placed first, then any graph generator carves the split graph.

Candidate crossings are proposed first, never side by side, split (see mazebook.weave), and a
graph generator carves a spanning tree of the split graph. Where it left a crossing's node as a
dead end, Kruskal over the crossings' passages and then the carved tree's puts the crossing in
(``_complete``); a crossing that still cannot be had (its passages would close a loop among
themselves) is joined back into one cell. Kruskal itself carves the crossings' passages before
any other (the classic weave method: place crossings, then join), so it needs no completing.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import numpy as np

from ..errors import InvalidOptionError
from ..grid import E, Grid, N, S, passage_counts
from ..weave import OVER, Crossing, join_links, split_grid
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
    crossings go and which passage is on top come from ``rng``."""
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
    node_links = bytes(spec.run(split, rng, options))
    if len(proposed) and not spec.carves_first_edges:
        node_links = _complete(split, node_links, proposed, first, nrng)
    kept, node_out = keep_complete(split, node_links, proposed)
    links = join_links(bytes(node_out), grid.size, proposed)
    crossings = tuple(
        (int(c), OVER[int(o)])
        for c, o in zip(proposed[kept].tolist(), over[kept].tolist(), strict=True)
    )
    if kept.all():  # the split graph as carved is the maze's: hand it on, no need to remake it
        return links, crossings, (split, bytes(node_out))
    return links, crossings, None


#: Passages per batch of the completing Kruskal: its passages are nearly all a forest, so larger
#: batches than Kruskal's own mean fewer passes (0.5 s instead of 0.7 s at 1000x1000).
_REPAIR_CHUNK = 1 << 17


def _complete(
    split: Grid, node_links: bytes, cells: np.ndarray, first: np.ndarray, nrng: np.random.Generator
) -> bytes:
    """The carved tree with every crossing's passages in it, where they make no loop together.

    A generator may leave a node of a crossing as a dead end. Kruskal over the crossings'
    passages first and then the carved tree's keeps a spanning tree (the carved tree alone
    spans) and drops, for each missing crossing passage put in, the tree passage that would
    close its loop. The tree's passages at the cells beside an unfinished crossing go last, so
    the one dropped is one of those: the maze changes only next to the crossing.
    """
    m = split.size
    k = len(cells)
    counts = passage_counts(node_links)
    short = (counts[cells] < 2) | (counts[m - k :] < 2)
    if not short.any():
        return node_links
    adj = np.frombuffer(split.adj, dtype=np.intc)
    bits = np.unpackbits(
        np.frombuffer(node_links, dtype=np.uint8)[:, None], axis=1, count=4, bitorder="little"
    ).reshape(-1)
    half = np.arange(m * 4, dtype=np.int64)
    tree = np.flatnonzero(bits.astype(bool) & (adj > half // 4) & (adj < m))
    early = np.zeros(m * 4, dtype=bool)
    early[first] = True
    tree = tree[~early[tree]]
    near = np.zeros(m + 1, dtype=bool)  # the cells beside an unfinished crossing
    w = split.width
    at = cells[short]
    near[np.concatenate([at - 1, at + 1, at - w, at + w])] = True
    late = near[tree // 4] | near[adj[tree]]
    # Speed: the tree's passages in random order, so Kruskal's batches split into small parts
    # and few of them need its one-by-one loop
    order = np.concatenate([first, nrng.permutation(tree[~late]), tree[late]])
    return bytes(carve_in_order(split, order, chunk=_REPAIR_CHUNK))
