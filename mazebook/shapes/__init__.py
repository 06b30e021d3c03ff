"""Shapes beyond the rectangle: circle (theta), hex (sigma), triangle (delta) and masks.

Importing this package registers each shape's grid builder with ``mazebook.grid`` and its
drawing with ``mazebook.render.geometry``; ``make_grid`` imports it the first time a shape
other than "rect" is asked for. Drawings are imported lazily, so a grid costs no geometry code.
"""

from __future__ import annotations

from ..grid import GRID_BUILDERS
from ..maze import Maze
from ..render.geometry import GEOMETRY_BUILDERS, GeometryBuilder, MazeGeometry
from .hexagonal import hex_grid
from .masks import mask_grid
from .polar import polar_grid
from .triangular import triangle_grid

#: Every shape name, the rectangle first (as the CLI lists them).
SHAPES = ("rect", "circle", "hex", "triangle", "mask")


def _drawing(name: str) -> GeometryBuilder:
    def build(maze: Maze) -> MazeGeometry:
        from . import geometry

        builder: GeometryBuilder = getattr(geometry, name)
        return builder(maze)

    build.__name__ = name
    return build


GRID_BUILDERS.update(
    {"circle": polar_grid, "hex": hex_grid, "triangle": triangle_grid, "mask": mask_grid}
)
GEOMETRY_BUILDERS.update(
    {
        "circle": _drawing("polar_geometry"),
        "hex": _drawing("hex_geometry"),
        "triangle": _drawing("triangle_geometry"),
        "mask": _drawing("mask_geometry"),
    }
)
