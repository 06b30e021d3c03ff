"""mazebook: printable maze puzzle books, exact and fast.

The public API: ``generate`` a maze, ``solve`` it, ``measure`` it, ``save`` it as SVG, PDF,
JSON or text, and ``build_book`` from a template.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .core.engine import generate
from .core.maze import Maze
from .core.solve import solve
from .difficulty.metrics import Metrics, measure
from .errors import MazebookError
from .version import __version__ as __version__

if TYPE_CHECKING:
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


def __getattr__(name: str) -> Any:
    """``mazebook.build_book``, imported when first asked for: the book builder needs
    reportlab, which making and solving mazes never loads."""
    if name == "build_book":
        from .products.build import build_book

        return build_book
    raise AttributeError(f"module 'mazebook' has no attribute {name!r}")


def save(maze: Maze, path: str, *, format: str | None = None, solution: bool = False) -> None:
    """Write a maze to ``path`` as svg, pdf, json or txt (from the suffix unless ``format``)."""
    from .render.writers import save as _save

    _save(maze, path, format=format, solution=solution)
