"""Small shared pieces of the generators: permutation tables and the numpy generator."""

from __future__ import annotations

import itertools
import random

import numpy as np

_PERMS: dict[int, tuple[tuple[int, ...], ...]] = {}


def permutations(degree: int) -> tuple[tuple[int, ...], ...]:
    """All orderings of the slots 0..degree-1 (cached), to shuffle a cell's sides in one draw."""
    table = _PERMS.get(degree)
    if table is None:
        table = _PERMS[degree] = tuple(itertools.permutations(range(degree)))
    return table


def numpy_rng(rng: random.Random) -> np.random.Generator:
    """A numpy Generator seeded from ``rng``, for generators that draw randomness in bulk."""
    return np.random.default_rng(rng.getrandbits(128))
