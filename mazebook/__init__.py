"""mazebook: printable maze puzzle books, exact and fast.

The public API: ``generate`` a maze, ``solve`` it, ``measure`` it, ``save`` it as SVG, PDF,
JSON or text, and ``build_book`` from a template.
"""

from __future__ import annotations

from .engine import generate
from .errors import MazebookError
from .maze import Maze
from .metrics import Metrics, measure
from .solve import solve

__all__ = ["Maze", "MazebookError", "Metrics", "generate", "measure", "save", "solve"]
__version__ = "0.1.0"


def save(maze: Maze, path: str, *, format: str | None = None, solution: bool = False) -> None:
    """Write a maze to ``path`` as svg, pdf, json or txt (from the suffix unless ``format``)."""
    from .render.writers import save as _save

    _save(maze, path, format=format, solution=solution)
