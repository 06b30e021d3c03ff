"""Deprecated: the old home of ``Grid``, now mazebook.core.grid; this alias warns and goes in
mazebook 0.3.0 (CHANGELOG)."""

from __future__ import annotations

import warnings

from .core.grid import Grid

warnings.warn(
    "mazebook.grid is deprecated and goes in mazebook 0.3.0: import Grid from mazebook.core.grid",
    DeprecationWarning,
    stacklevel=2,
)

__all__ = ["Grid"]
