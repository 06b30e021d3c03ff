"""The web app's maze form: a checked order (MazeOrder), the maze it makes (a generator and
size, or a level on a page, as the books choose theirs), its summary in plain words, and its
SVG, PDF and PNG."""

from __future__ import annotations

import dataclasses
import threading
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from ...core.engine import OPENINGS
from ...core.maze import Maze
from ...core.shapes.masks import PARTS as MASK_PARTS
from ...core.shapes.masks import MaskWarning
from ...core.shapes.raster import image_size
from ...difficulty.measured import measured_level
from ...difficulty.metrics import measure
from ...errors import (
    FontError,
    InvalidSizeError,
    MazebookError,
    UnknownAlgorithmError,
    UnsupportedShapeError,
)
from ...geometry.drawing import MazeGeometry
from ...geometry.from_maze import maze_geometry
from ...geometry.style import DEFAULT_STYLE, Style, scaled
from ...kinds.describe import Described, maze_described
from ...pages.document import answer_style
from ...records import record
from ...render.pdf import to_pdf
from ...render.png import pdf_png
from ...render.svg import to_svg
from ...requests import MazeRequest, parse_level, parse_size
from ...requests import make_maze as maze_of_request
from ...template.texts import make_texts
from .actions import (
    MASKS,
    MAX_CELLS,
    MAX_IMAGE_PIXELS,
    MAX_RINGS,
    SHAPE_WORDS,
    SHAPES,
    FieldError,
    _choice,
    _field,
    _page,
    _seed,
    _share,
    plain_choices,
    preset_of_level,
)


@record
class MazeOrder:
    """A checked maze form: what to generate and how to print it."""

    algorithm: str | None  # None: chosen by the level
    level: int | None
    width: int
    height: int
    seed: int
    shape: str
    options: Mapping[str, Any]
    pagesize: tuple[float, float]
    solution: bool


def maze_order(form: Mapping[str, str], image: Path | None) -> MazeOrder:
    """Check the maze form (and an uploaded mask image already saved at ``image``)."""
    form = plain_choices(form)
    shape = _choice("shape", form.get("shape", "rect"), SHAPES)
    options: dict[str, Any] = {}
    if shape == "mask":
        source = form.get("mask_source", "mask")
        if source == "text":  # a typed \n is a line break, as in a template
            options["text"] = form.get("text", "").replace("\\n", "\n")
        elif source == "image":
            if image is None:
                raise FieldError("image", "choose a black-and-white image file for the mask")
            options["image"] = str(image)
        else:
            options["mask"] = _choice("mask", form.get("mask", "heart"), MASKS)
        if form.get("parts"):  # empty: the library's default for the source
            options["parts"] = _choice("parts", form["parts"], MASK_PARTS)
    if form.get("openings"):
        options["openings"] = _choice("openings", form["openings"], OPENINGS)
    braid = _braid(form.get("braid", ""))
    weave = _share("weave", form.get("weave", ""))
    if weave:  # both modes: a level maze weaves as much and keeps its level's effort
        options["weave"] = weave
    mode = form.get("mode", "algorithm")
    algorithm: str | None = None
    level: int | None = None
    width = height = 0
    if mode == "level":
        text = form.get("level", "5")
        level = _field("level", lambda: parse_level(text, "level"))
    else:
        algorithm = form.get("algorithm", "backtracker")
        width, height = _field("size", lambda: parse_size(form.get("size", "20x20")))
        if braid:
            options["braid"] = braid
        if width * height > MAX_CELLS or (shape == "circle" and height > MAX_RINGS):
            raise FieldError(
                "size",
                f"the web app makes mazes of up to {MAX_CELLS} cells (e.g. 200x200) and "
                f"{MAX_RINGS} rings; use `mazebook maze` for larger ones",
            )
    pagesize = _page(
        "page_size", form.get("page_size", "letter"), form.get("orientation") == "landscape"
    )
    return MazeOrder(
        algorithm=algorithm,
        level=level,
        width=width,
        height=height,
        seed=_seed(form.get("seed", "1")),
        shape=shape,
        options=options,
        pagesize=pagesize,
        solution=form.get("solution") in ("on", "true", "1"),
    )


def _braid(text: str) -> float:
    """The form's braid: empty or a number from 0.0 to 1.0 (the share of dead ends opened)."""
    return _share("braid", text)


MAZE_FORM_FIELDS = (
    "algorithm",
    "size",
    "seed",
    "shape",
    "level",
    "braid",
    "weave",
    "openings",
    "mask",
    "parts",
)


def _maze_field(exc: MazebookError, order: MazeOrder) -> str:
    """Which maze field an error concerns: the request field it is keyed by or that the step
    of generate() raising it marked, else (a shape's own error) the mask's source the order
    set, or the size."""
    if exc.key in MAZE_FORM_FIELDS:
        return str(exc.key)
    if isinstance(exc, UnknownAlgorithmError | UnsupportedShapeError) or exc.field == "algorithm":
        return "level" if order.level is not None else "algorithm"
    if isinstance(exc, InvalidSizeError):
        return "size"
    if exc.field in ("parts", "openings", "braid", "weave", "seed"):
        return str(exc.field)
    if isinstance(exc, FontError) or "text" in order.options:
        return "text"
    if "image" in order.options:
        return "image"
    if "mask" in order.options:
        return "mask"
    return "level" if order.level is not None else "size"


#: Warnings are caught process-wide, so mask mazes (the ones that warn) are made one at a time.
_WARNINGS_LOCK = threading.Lock()


def make_maze(order: MazeOrder, *, image_name: str | None = None) -> tuple[Maze, list[str]]:
    """Generate the ordered maze and the mask's warnings (e.g. parts dropped); FieldError
    otherwise. An upload is named as uploaded, never by its path on the server."""
    image = order.options.get("image")

    def named(text: str) -> str:
        return text.replace(image, image_name or "the image") if image is not None else text

    try:
        if image is not None:
            _check_image(image)
        if order.shape != "mask":
            return _generate(order), []
        with _WARNINGS_LOCK, warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always", MaskWarning)
            maze = _generate(order)
        if image is not None:  # the maze records its options: the upload's name, not our path
            maze = dataclasses.replace(maze, options={**maze.options, "image": named(image)})
        return maze, [named(str(w.message)) for w in caught if issubclass(w.category, MaskWarning)]
    except MazebookError as exc:
        field = exc.field if isinstance(exc, FieldError) else _maze_field(exc, order)
        raise FieldError(field, named(str(exc))) from None


def _generate(order: MazeOrder) -> Maze:
    """The library's maze for the order: its algorithm and size, or its level on its page."""
    options = {k: v for k, v in order.options.items() if k not in ("braid", "weave")}
    request = MazeRequest(
        algorithm=order.algorithm or "backtracker",
        width=order.width,
        height=order.height,
        seed=order.seed,
        shape=order.shape,
        braid=float(order.options.get("braid", 0.0)),
        weave=float(order.options.get("weave", 0.0)),
        options=options,
        level=order.level,
        page_size=order.pagesize,
    )
    return maze_of_request(request)


def _check_image(path: str) -> None:
    """Refuse a picture of more than MAX_IMAGE_PIXELS (the web's cap, below the command
    line's) from its header, before the mask reader decodes it."""
    width, height = image_size(path)
    if width * height > MAX_IMAGE_PIXELS:
        raise FieldError(
            "image",
            f"the mask image {path!r} has more than {MAX_IMAGE_PIXELS // 1_000_000} megapixels, "
            "the most the web app takes",
        )


def shape_words(order: MazeOrder) -> str:
    """The maze's shape in plain words: "rectangle", "heart", "the name ANNA"."""
    options = order.options
    if order.shape != "mask":
        return SHAPE_WORDS.get(order.shape, order.shape)
    if "text" in options:
        return f"the name {' '.join(str(options['text']).split())}"
    if "image" in options:
        return "your picture"
    return str(options.get("mask", "picture"))


def maze_summary(maze: Maze, order: MazeOrder | None = None) -> dict[str, Any]:
    """What the page says about a maze: in plain words first (level, shape, size, the seed the
    form used), then how it was made (the generator and its own seed) and how hard it is."""
    metrics = measure(maze)
    summary: dict[str, Any] = {
        "shape": maze.grid.kind,
        "algorithm": maze.algorithm,
        "width": maze.width,
        "height": maze.height,
        "cells": metrics.cells,
        "seed": maze.seed,
        "maze_seed": maze.seed,
        "difficulty": round(metrics.difficulty, 2),
        "solution_length": metrics.solution_length,
        "level": None,
        "preset": None,
        "words": SHAPE_WORDS.get(maze.grid.kind, maze.grid.kind),
    }
    if order is not None:
        preset = preset_of_level(order.level)
        summary.update(
            seed=order.seed,  # the seed in the form's box: the same seed, the same maze
            level=order.level,
            preset=None if preset is None else preset.label,
            words=shape_words(order),
        )
    summary["description"] = maze_description(summary)
    told = maze_told(maze, maze_geometry(maze), order)
    summary["spoken"] = told.text  # the preview's accessible name: the SVG's description
    summary["solution_words"] = solution_words(maze)
    return summary


def maze_description(summary: Mapping[str, Any]) -> str:
    """The maze in one plain sentence, e.g. "Easy maze (level 2): heart, 14 by 12 cells, seed
    1." (the summary line and the preview's text alternative)."""
    level, preset = summary["level"], summary["preset"]
    if preset:
        how = f"{preset} maze (level {level})"
    else:
        how = "Maze" if level is None else f"Level {level} maze"
    size = f"{summary['width']} by {summary['height']} cells"
    return f"{how}: {summary['words']}, {size}."


def maze_file_name(maze: Maze, order: MazeOrder, fmt: str) -> str:
    """A download's name: the generator and its seed, or for a level maze the level and the
    form's seed (the seed that makes it again)."""
    size = f"{maze.width}x{maze.height}"
    if order.level is not None:
        return f"maze-level{order.level}-{maze.grid.kind}-{size}-seed{order.seed}.{fmt}"
    return f"maze-{maze.algorithm}-{size}-seed{maze.seed}.{fmt}"


#: The preview's cell size in SVG units (the library's default for SVG files).
SVG_CELL = 12.0


#: The web app's words (its pages are in English).
TEXTS = make_texts("en", {}, source="the web app")


def maze_told(maze: Maze, geom: MazeGeometry, order: MazeOrder | None) -> Described:
    """The maze in words as the books and SVG files say it (kinds.describe): a level maze at
    its level, any other at the level its solving effort measures."""
    level = order.level if order is not None and order.level is not None else None
    return maze_described(
        TEXTS,
        maze,
        geom,
        kind=TEXTS("kind_maze"),
        level=measured_level(maze) if level is None else level,
        words=(TEXTS("start"), TEXTS("finish")),
    )


def solution_words(maze: Maze) -> str:
    """How long the way through is, in a sentence ("The solution is 57 cells long.")."""
    return TEXTS("solution_length", cells=str(len(maze.solution_cells)))


def maze_svg(maze: Maze, *, solution: bool, order: MazeOrder | None = None) -> bytes:
    """The maze as SVG (the preview and the SVG download), titled and described in words; with
    the solution drawn as the book's answer key draws it: a dark, thick path over grey walls."""
    geom = maze_geometry(maze)
    told = maze_told(maze, geom, order)
    desc = f"{told.text} {solution_words(maze)}" if solution else told.text
    style = answer_style(SVG_CELL) if solution else DEFAULT_STYLE
    return to_svg(
        geom, style=style, show_solution=solution, cell=SVG_CELL, title=told.title, desc=desc
    ).encode()


def maze_pdf(
    maze: Maze,
    *,
    solution: bool,
    pagesize: tuple[float, float],
    order: MazeOrder | None = None,
) -> bytes:
    """One page of the chosen size with the maze as large as it fits inside half-inch margins,
    its walls (and solution) as thick for their cells as the preview's: what the screen shows
    is what prints."""
    look = answer_style(SVG_CELL) if solution else DEFAULT_STYLE

    def as_previewed(cell: float) -> Style:
        return scaled(look, cell / SVG_CELL)

    geom = maze_geometry(maze)
    told = maze_told(maze, geom, order)
    return to_pdf(
        geom,
        pagesize=pagesize,
        show_solution=solution,
        style_for=as_previewed,
        title=told.title,
        subject=told.text,
    )


def maze_png(maze: Maze, *, solution: bool, pagesize: tuple[float, float], dpi: int = 150) -> bytes:
    """The PDF page as a PNG picture."""
    return pdf_png(maze_pdf(maze, solution=solution, pagesize=pagesize), dpi=dpi)
