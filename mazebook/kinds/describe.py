"""A puzzle in words: what it is (its kind, shape, level and size) and where START and FINISH
are, in the product's language, for an SVG's title and desc, the manifest and screen readers.

The place of an opening is read from the drawing: its direction from the drawing's middle, in
eight sectors (a goal inside the maze, such as a circle's centre, is at the centre)."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

from ..records import record
from ..template.texts import Texts

if TYPE_CHECKING:
    from ..core.maze import Maze
    from ..geometry.drawing import MazeGeometry

#: The eight sectors by direction (counter-clockwise from the right, y up), as text keys.
SECTORS = (
    "place_right",
    "place_top_right",
    "place_top",
    "place_top_left",
    "place_left",
    "place_bottom_left",
    "place_bottom",
    "place_bottom_right",
)
#: Nearer the middle than this share of the half-size: at the centre.
CENTRE = 0.25


def place_key(x: float, y: float, width: float, height: float, *, inside: bool = False) -> str:
    """The text key of where (x, y) is in a drawing of ``width`` x ``height`` (y down)."""
    if inside or width <= 0 or height <= 0:
        return "place_centre"
    dx = (x - width / 2) / (width / 2)
    dy = (height / 2 - y) / (height / 2)
    if math.hypot(dx, dy) < CENTRE:
        return "place_centre"
    sector = round(math.degrees(math.atan2(dy, dx)) / 45.0) % 8
    return SECTORS[sector]


def shape_words(texts: Texts, shape: str) -> str:
    """A shape's name in the language (a plugin's shape by its own name)."""
    key = f"shape_{shape}"
    return texts(key) if key in texts.values else shape


def size_words(texts: Texts, shape: str, columns: int, rows: int, cells: int) -> str:
    """'20 by 30 cells', or a circle's '12 rings, 380 cells'."""
    if shape == "circle":
        return texts("size_rings", rings=str(rows), cells=str(cells))
    return texts("size_grid", columns=str(columns), rows=str(rows))


@record
class Described:
    """A puzzle in words: ``title`` says what it is (an SVG's ``<title>``); ``text`` says that
    and where START and FINISH are (its ``<desc>``, the manifest's ``description``)."""

    title: str
    text: str


def described(
    texts: Texts,
    *,
    kind: str,
    shape: str,
    level: int,
    size: str,
    words: tuple[str, str],
    places: tuple[str, str],
) -> Described:
    """The title (kind, shape, level, size) and the full sentence (that, and START's and
    FINISH's places) of a puzzle."""
    what = {
        "kind": kind,
        "shape": shape_words(texts, shape),
        "level": texts("level", level=level),
        "size": size,
    }
    text = texts(
        "description",
        **what,
        start=words[0],
        start_place=texts(places[0]),
        finish=words[1],
        finish_place=texts(places[1]),
    )
    return Described(texts("puzzle_title", **what), text)


def maze_described(
    texts: Texts,
    maze: Maze,
    geom: MazeGeometry,
    *,
    kind: str,
    level: int,
    words: tuple[str, str],
) -> Described:
    """A maze (``kind`` already in words) in words: its shape and size from ``maze``, START's
    and FINISH's places from its drawing ``geom``."""
    places = tuple(
        place_key(end.x, end.y, geom.width, geom.height, inside=end.inside)
        for end in (geom.start, geom.finish)
    )
    shape = maze.grid.kind
    return described(
        texts,
        kind=kind,
        shape=shape,
        level=level,
        size=size_words(texts, shape, maze.width, maze.height, maze.grid.size),
        words=words,
        places=(places[0], places[1]),
    )
