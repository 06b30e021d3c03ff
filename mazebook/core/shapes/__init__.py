"""The shapes a maze can take: a registry from name to grid builder.

Each shape module builds topology only (cells, neighbour slots, the outer sides) and says where
each cell's centre lies; how a shape is drawn lives in ``mazebook.geometry.from_maze``. Nothing here
registers itself on import: ``SHAPES`` is the literal list below plus the plugins of the
entry-point group ``mazebook.shapes``, read when it is first consulted.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from importlib import import_module
from typing import Any

from ...errors import UnsupportedShapeError, did_you_mean
from ...lazy import numpy as np
from ...plugins import Registry
from ..grid import Grid, rect_grid


def rect_centres(grid: Grid) -> np.ndarray:
    """(n, 2) cell centres of the rectangle in cell units (x right, y down)."""
    return row_centres(grid.width, grid.size)


def row_centres(width: int, count: int) -> np.ndarray:
    """(count, 2) centres of ``count`` cells laid in rows of ``width``, in cell units."""
    cells = np.arange(count, dtype=np.int64)
    return np.stack([cells % width + 0.5, cells // width + 0.5], axis=1)


@dataclass(frozen=True)
class Shape:
    """A shape: its grid builder, where its cells are drawn, its options and a summary."""

    name: str
    build: Callable[..., Grid]
    centres: Callable[[Grid], np.ndarray]
    options: tuple[str, ...]
    summary: str
    # how a plugin's shape is drawn: maze -> mazebook.geometry.drawing.MazeGeometry (the shipped
    # shapes' drawings live in mazebook.geometry.from_maze)
    drawing: Callable[[Any], Any] | None = None


def _on_call(module: str, name: str) -> Callable[..., Any]:
    """``name`` of the shape module ``module``, imported at its first call: a rectangle never
    loads the other shapes' modules (masks bring silhouettes and the raster reader)."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(import_module(f".{module}", __name__), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    return call


hex_grid, hex_centres = _on_call("hexagonal", "hex_grid"), _on_call("hexagonal", "hex_centres")
mask_grid, mask_centres = _on_call("masks", "mask_grid"), _on_call("masks", "mask_centres")
polar_grid, polar_centres = _on_call("polar", "polar_grid"), _on_call("polar", "polar_centres")
triangle_grid = _on_call("triangular", "triangle_grid")
triangle_centres = _on_call("triangular", "triangle_centres")

#: The shipped shapes by name, the rectangle first (as the command line lists them).
BUILTINS: dict[str, Shape] = {
    "rect": Shape("rect", rect_grid, rect_centres, (), "square cells in rows and columns"),
    "circle": Shape(
        "circle",
        polar_grid,
        polar_centres,
        ("inner",),
        "rings of cells around a centre goal; height is the number of rings",
    ),
    "hex": Shape("hex", hex_grid, hex_centres, ("outline",), "hexagonal cells"),
    "triangle": Shape("triangle", triangle_grid, triangle_centres, ("outline",), "triangles"),
    "mask": Shape(
        "mask",
        mask_grid,
        mask_centres,
        ("mask", "text", "image", "cells", "parts", "font", "threshold"),
        "square cells inside a silhouette, letters or a black-and-white image",
    ),
}


def _accept(name: str, loaded: object) -> Shape:
    """A plugin's Shape (with its drawing), registered under its name."""
    if not isinstance(loaded, Shape):
        raise TypeError(f"it loads {type(loaded).__name__}, not a Shape")
    if loaded.name != name:
        raise ValueError(f"its Shape is named {loaded.name!r}, not {name!r}")
    if loaded.drawing is None:
        raise ValueError("its Shape has no drawing")
    return loaded


#: Every shape: the shipped ones, then the plugins of the group ``mazebook.shapes``.
SHAPES: Registry[Shape] = Registry("mazebook.shapes", lambda: BUILTINS, _accept)


def shape(name: object) -> Shape:
    """The shape registered under ``name``; UnsupportedShapeError lists the known ones."""
    try:
        return SHAPES[str(name)]
    except KeyError:
        known = ", ".join(sorted(SHAPES))
        hint = did_you_mean(str(name), SHAPES)
        raise UnsupportedShapeError(
            f"unknown shape {name!r}{hint}; choose one of: {known}"
        ) from None


def make_grid(shape_name: str, width: int, height: int, **shape_options: Any) -> Grid:
    """Build the grid of a named shape with its options (a plain rectangle, every book
    maze's, straight from ``rect_grid``: no plugin takes a shipped shape's name)."""
    if shape_name == "rect" and not shape_options:
        return rect_grid(width, height)
    return shape(shape_name).build(width, height, **shape_options)


def cell_centres(grid: Grid) -> np.ndarray:
    """(n, 2) centre of every cell of a grid, in cell units with y down."""
    return shape(grid.kind).centres(grid)
