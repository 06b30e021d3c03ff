"""The old home of ``Grid``, kept so shape and generator plugins written against it still
import: ``mazebook.grid.Grid`` is mazebook.core.grid's own class."""

from __future__ import annotations

from .core.grid import Grid

__all__ = ["Grid"]
