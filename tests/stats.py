"""Chi-square critical values without scipy, for the uniformity tests."""

from __future__ import annotations

import math

ALPHA_Z = 3.090  # upper 0.001 point of the standard normal


def chi_square_critical(df: int, z: float = ALPHA_Z) -> float:
    """Wilson-Hilferty: (chi2/df)^(1/3) is about normal, mean 1 - 2/(9 df), var 2/(9 df)."""
    v = 2.0 / (9.0 * df)
    return df * (1.0 - v + z * math.sqrt(v)) ** 3
