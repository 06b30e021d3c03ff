"""mazebook: printable maze puzzle books, exact and fast.

The public API: ``generate`` a maze, ``solve`` it, ``measure`` it, ``save`` it as SVG, PDF,
JSON or text, and ``build_book`` from a template. Each name is imported when first asked for,
so ``import mazebook`` (and every command line start) loads no numpy or reportlab until a maze
is made.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .errors import MazebookError
from .lazy import lazy_names

if TYPE_CHECKING:
    from .core.engine import generate
    from .core.maze import Maze
    from .core.solve import solve
    from .difficulty.metrics import Metrics, measure
    from .products.build import build_book

__all__ = [
    "Maze",
    "MazebookError",
    "Metrics",
    "build_book",
    "generate",
    "measure",
    "save",
    "solve",
]

#: The public names imported on first use, with the module each comes from.
_LAZY = {
    "generate": ".core.engine",
    "Maze": ".core.maze",
    "solve": ".core.solve",
    "Metrics": ".difficulty.metrics",
    "measure": ".difficulty.metrics",
    "build_book": ".products.build",
    "__version__": ".version",
}


__getattr__ = lazy_names(__name__, _LAZY)


def save(maze: Maze, path: str, *, format: str | None = None, solution: bool = False) -> None:
    """Write a maze to ``path`` as svg, pdf, json or txt (from the suffix unless ``format``)."""
    from .render.writers import save as _save

    _save(maze, path, format=format, solution=solution)
