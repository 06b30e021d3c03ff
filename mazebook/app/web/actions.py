"""The web app's only door into mazebook: forms in, mazes, sheets, books and pictures out.

Every call into the library (typed requests, generate, render, templates, build_book, the PNG
rasterizer) is made here, so a change in the library's layout is answered in one file. Form
values arrive as plain strings and are read by the same parsers the command line uses
(mazebook/requests.py); a bad one raises FieldError beside its form field, the library's error
restated in the form's words (its labels, FIELD_LABELS), never a command-line flag.
"""

from __future__ import annotations

import dataclasses
import functools
import random
import re
import threading
import unicodedata
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ...core.engine import OPENINGS, generate
from ...core.generators import REGISTRY
from ...core.maze import Maze
from ...core.shapes import SHAPES as SHAPE_REGISTRY
from ...core.shapes.masks import PARTS as MASK_PARTS
from ...core.shapes.masks import MaskWarning
from ...core.shapes.raster import image_size
from ...core.shapes.silhouettes import SILHOUETTES
from ...difficulty.metrics import measure
from ...errors import (
    FontError,
    InvalidSizeError,
    MazebookError,
    TemplateError,
    UnknownAlgorithmError,
    UnsupportedShapeError,
)
from ...geometry.from_maze import maze_geometry
from ...geometry.style import fit_maze
from ...kinds.search import Request, choose
from ...pages.document import answer_style
from ...pages.layout import max_cells
from ...printing.printers import PAPERS, PRINTERS
from ...printing.units import PAGE_SIZES, parse_length, parse_page_size
from ...products.runner import BuildResult, Progress
from ...render.pdf import to_pdf
from ...render.png import page_count, pdf_pages_png, pdf_png
from ...render.svg import to_svg
from ...render.writers import write
from ...requests import (
    PER_PAGE,
    WORKSHEET_SOURCE,
    BookRequest,
    MazeRequest,
    WorksheetRequest,
    build_book_request,
    build_worksheet_request,
    parse_choice,
    parse_level,
    parse_levels,
    parse_page,
    parse_seed,
    parse_size,
    parse_text,
    parse_whole,
)
from ...requests import make_maze as maze_of_request
from ...template import Template, available_templates, load_template, locate, template_from_data
from ...template.limits import LEVELS as LEVEL_RANGE
from ...template.load import toml_data
from ...template.texts import LANGUAGES
from .classroom import ClassroomError, classroom_choices, puzzle_words

#: What the form offers.
ALGORITHMS: tuple[str, ...] = tuple(REGISTRY)
SHAPES: tuple[str, ...] = tuple(SHAPE_REGISTRY)
MASKS: tuple[str, ...] = tuple(SILHOUETTES)
PAGE_NAMES: tuple[str, ...] = tuple(PAGE_SIZES)
LEVELS = tuple(LEVEL_RANGE)
LANGUAGE_CODES: tuple[str, ...] = tuple(LANGUAGES)
PRINTER_NAMES: tuple[str, ...] = tuple(PRINTERS)


def sheet_texts(language: str) -> dict[str, str]:
    """The worksheet form's title and instruction boxes for a language: the text table's words
    (mazebook/template/texts.py), which the page switches with the language until edited."""
    words = LANGUAGES[language]
    title = words["worksheet_title"]
    start, finish = words["start"], words["finish"]
    return {"title": title, "instruction": words["instruction"].format(start=start, finish=finish)}


#: Every language's worksheet boxes, for the page's little script.
SHEET_TEXTS: dict[str, dict[str, str]] = {code: sheet_texts(code) for code in LANGUAGES}

#: Web caps (the command line has none of these): a maze of at most this many cells (200 x 200),
#: a circle of at most this many rings, a worksheet of at most this many mazes, a book of at most
#: this many puzzles, an image of at most this many pixels.
MAX_CELLS = 40_000
MAX_RINGS = 100
MAX_SHEET_MAZES = 200
MAX_BOOK_PUZZLES = 500
MAX_IMAGE_PIXELS = 16_000_000
#: The single maze's page margin and smallest cell at a level (as the books' default).
MAZE_MARGIN = 36.0
LEVEL_MIN_CELL = "3.5mm"
#: Keys that name files on disk: refused in uploaded templates (no request reads server paths).
FILE_KEYS = ("font", "image")


class FieldError(MazebookError):
    """A form value the library refused: ``field`` is the form field, the message its words."""

    field: str  # always a form field here

    def __init__(self, field: str, message: str) -> None:
        super().__init__(message)
        self.field = field


#: Request fields (mazebook/requests.py) as the forms name them beside their boxes.
FIELD_LABELS = {
    "size": "Size in cells",
    "seed": "Seed",
    "braid": "Braid",
    "weave": "Weave",
    "level": "Level",
    "shape": "Grid",
    "mask": "Silhouette",
    "parts": "If the shape falls apart",
    "openings": "Openings",
    "count": "How many mazes",
    "per_page": "Mazes on each page",
    "levels": "Levels",
    "page_size": "Page size",
    "title": "Title",
    "instruction": "Instruction",
    "font": "Font",
    "language": "Language",
    "fields": "Lines for Name, Class and Date",
    "min_cell": "Smallest cell",
    "names": "Pupils' names",
    "puzzle": "Puzzles",
    "words": "Words to find",
    "step": "Count by",
    "printer": "Printer",
    "paper": "Paper",
}
#: How advice names what a person could change (the web has no box for some of them).
ADVICE_LABELS = {
    "min_cell": "cell size",
    "per_page": "mazes on each page",
    "page_size": "page size",
    "fit": "lower levels",
    "levels": "level",
}


def in_form_words(exc: MazebookError, field: str, *, drop_file: str | None = None) -> FieldError:
    """A library error keyed by a request field, beside the form's ``field`` and in the form's
    words (its labels, never a command-line flag)."""
    words = exc.restated(key_labels=FIELD_LABELS, advice_labels=ADVICE_LABELS, drop_file=drop_file)
    return FieldError(field, str(words))


# ------------------------------------------------------------------------- plain choices


@dataclass(frozen=True)
class Preset:
    """A difficulty in plain words: the level a single maze is made at, the levels of a
    worksheet's mazes, and who it suits."""

    name: str
    label: str
    level: int
    sheet_levels: str
    ages: str


#: Easy / Medium / Hard, as the first view offers them (levels from docs/levels.md's ladder:
#: the children's book spans levels 1-4; a worksheet's four a page hold up to level 6).
PRESETS: dict[str, Preset] = {
    p.name: p
    for p in (
        Preset("easy", "Easy", 2, "1-2", "ages 4–6"),
        Preset("medium", "Medium", 4, "3-4", "ages 7–9"),
        Preset("hard", "Hard", 7, "5-6", "ages 10+"),
    )
}


@dataclass(frozen=True)
class Look:
    """A shape of the first view's gallery: its name in plain words and the maze form's
    technical fields it stands for."""

    name: str
    label: str
    fields: Mapping[str, str]


#: The gallery; "more" (or no pick) leaves the shape to the Advanced fields.
LOOKS: dict[str, Look] = {
    look.name: look
    for look in (
        Look("rect", "Rectangle", {"shape": "rect"}),
        Look("circle", "Circle", {"shape": "circle"}),
        Look("hex", "Hexagon", {"shape": "hex"}),
        Look("heart", "Heart", {"shape": "mask", "mask_source": "mask", "mask": "heart"}),
        Look("star", "Star", {"shape": "mask", "mask_source": "mask", "mask": "star"}),
        Look("text", "A name", {"shape": "mask", "mask_source": "text"}),
    )
}
#: Shapes in plain words (the summary and the preview's text alternative).
SHAPE_WORDS = {"rect": "rectangle", "hex": "hexagon", "circle": "circle", "triangle": "triangle"}


#: The gallery's small pictures: (width, height, options) of a little maze of each shape.
_GALLERY_MAZES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "rect": (7, 7, {}),
    "circle": (4, 4, {}),
    "hex": (6, 6, {}),
    "heart": (14, 13, {"mask": "heart"}),
    "star": (15, 15, {"mask": "star"}),
    "text": (14, 8, {"text": "Ab"}),
}


@functools.cache
def gallery() -> dict[str, str]:
    """A small real maze of each gallery shape, as SVG without words (made once, ~0.3 s)."""
    pictures = {}
    for name, (width, height, options) in _GALLERY_MAZES.items():
        shape = LOOKS[name].fields["shape"]
        maze = generate("backtracker", width, height, seed=3, shape=shape, **options)
        pictures[name] = to_svg(maze_geometry(maze), words=None, title=f"{LOOKS[name].label} maze")
    return pictures


def plain_choices(form: Mapping[str, str]) -> dict[str, str]:
    """The form with its plain choices (a preset, a gallery shape) turned into the technical
    fields they stand for; without them (or "more") the Advanced fields speak."""
    fields = dict(form)
    look = fields.get("look", "")
    if look in LOOKS:
        fields.update(LOOKS[look].fields)
    elif look not in ("", "more"):
        raise FieldError("shape", f"shape must be one of: {', '.join(LOOKS)}; got {look!r}")
    preset = fields.get("preset", "")
    if preset in PRESETS:
        fields.update(mode="level", level=str(PRESETS[preset].level))
    elif preset not in ("", "custom"):
        raise FieldError(
            "level", f"difficulty must be one of: {', '.join(PRESETS)}; got {preset!r}"
        )
    return fields


def preset_of_level(level: int | None) -> Preset | None:
    """The preset a level stands for, if one does."""
    return next((p for p in PRESETS.values() if p.level == level), None)


#: The worksheet form's languages by their own names.
LANGUAGE_NAMES = {"en": "English", "de": "Deutsch", "fr": "Français", "es": "Español"}


def page_values() -> dict[str, Any]:
    """What the first view shows beside the technical lists: the presets, the shape gallery
    (with its pictures), the worksheet's languages and their words."""
    return {
        "presets": list(PRESETS.values()),
        "looks": list(LOOKS.values()),
        "gallery": gallery(),
        "languages": [(code, LANGUAGE_NAMES.get(code, code)) for code in LANGUAGE_CODES],
        "sheet_texts": SHEET_TEXTS,
        "puzzle_words": puzzle_words(),
    }


# ---------------------------------------------------------------------------------- maze


@dataclass(frozen=True)
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


T = TypeVar("T")


def _field(field: str, parse: Callable[[], T]) -> T:
    """A request parser's value, or its error beside the form's ``field`` in the form's words."""
    try:
        return parse()
    except MazebookError as exc:
        raise in_form_words(exc, field) from None


def _choice(field: str, value: str, allowed: tuple[str, ...]) -> str:
    """The value if it is one of ``allowed``, else FieldError listing them."""
    return _field(field, lambda: parse_choice(value, field, allowed))


def _seed(value: str) -> int:
    """The form's seed (empty: 1)."""
    return _field("seed", lambda: parse_seed(value.strip() or "1")) or 0


def _page(field: str, value: str, landscape: bool) -> tuple[float, float]:
    """A page size through the request's parser, turned for landscape."""
    width, height = parse_page_size(_field(field, lambda: parse_page(value, field)))
    return (max(width, height), min(width, height)) if landscape else (width, height)


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


def _share(field: str, text: str) -> float:
    """A share the form gives (braid, weave): empty (0) or a number from 0.0 to 1.0."""
    try:
        value = float(text.strip() or "0")
    except ValueError:
        value = -1.0
    if not 0.0 <= value <= 1.0:
        label = FIELD_LABELS[field]
        raise FieldError(field, f"{label}: must be a number from 0.0 to 1.0, got {text!r}")
    return value


def _language(field: str, value: str) -> str:
    """A shipped language code, or a FieldError listing them."""
    return _choice(field, value or "en", LANGUAGE_CODES)


#: The maze form's fields, each named as the request field it fills.
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
    """generate() with the order's algorithm, or the level's choice."""
    if order.level is not None:
        return _level_maze(order)
    assert order.algorithm is not None
    options = {k: v for k, v in order.options.items() if k not in ("braid", "weave")}
    request = MazeRequest(
        algorithm=order.algorithm,
        width=order.width,
        height=order.height,
        seed=order.seed,
        shape=order.shape,
        braid=float(order.options.get("braid", 0.0)),
        weave=float(order.options.get("weave", 0.0)),
        options=options,
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


def _level_maze(order: MazeOrder) -> Maze:
    """A maze for a difficulty level, fitted to the page as the books choose theirs."""
    assert order.level is not None
    box = (order.pagesize[0] - 2 * MAZE_MARGIN, order.pagesize[1] - 2 * MAZE_MARGIN)
    min_cell = parse_length(LEVEL_MIN_CELL)
    plain = ("openings", "weave")  # given to the request in their own right
    shape_options = tuple(sorted((k, v) for k, v in order.options.items() if k not in plain))
    request = Request(
        level=order.level,
        box=box,
        min_cell=min_cell,
        limit=max_cells(box[0], box[1], min_cell),
        shape=order.shape,
        shape_options=shape_options,
        openings=str(order.options.get("openings", "auto")),
        weave=float(order.options.get("weave", 0.0)),
    )
    return choose(request, random.Random(order.seed)).maze


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
    return f"{how}: {summary['words']}, {size}, seed {summary['seed']}."


def maze_file_name(maze: Maze, order: MazeOrder, fmt: str) -> str:
    """A download's name: the generator and its seed, or for a level maze the level and the
    form's seed (the seed that makes it again)."""
    size = f"{maze.width}x{maze.height}"
    if order.level is not None:
        return f"maze-level{order.level}-{maze.grid.kind}-{size}-seed{order.seed}.{fmt}"
    return f"maze-{maze.algorithm}-{size}-seed{maze.seed}.{fmt}"


#: The preview's cell size in SVG units (the library's default for SVG files).
SVG_CELL = 12.0


def maze_svg(maze: Maze, *, solution: bool) -> bytes:
    """The maze as SVG (the preview and the SVG download); with the solution drawn as the
    book's answer key draws it: a dark, thick path over grey walls."""
    if not solution:
        return write(maze, "svg")
    geom = maze_geometry(maze)
    return to_svg(geom, style=answer_style(SVG_CELL), show_solution=True, cell=SVG_CELL).encode()


def maze_pdf(maze: Maze, *, solution: bool, pagesize: tuple[float, float]) -> bytes:
    """One page of the chosen size with the maze as large as it fits inside half-inch margins
    (with the solution: in the answer key's style, fitted to the maze's cell on the page)."""
    geom = maze_geometry(maze)
    if not solution:
        return to_pdf(geom, pagesize=pagesize)
    room = 2 * MAZE_MARGIN
    scale = fit_maze(geom.width, geom.height, pagesize[0] - room, pagesize[1] - room).scale
    return to_pdf(geom, pagesize=pagesize, show_solution=True, style=answer_style(scale))


def maze_png(maze: Maze, *, solution: bool, pagesize: tuple[float, float], dpi: int = 150) -> bytes:
    """The PDF page as a PNG picture."""
    return pdf_png(maze_pdf(maze, solution=solution, pagesize=pagesize), dpi=dpi)


# ----------------------------------------------------------------------------- worksheet

SHEET_FIELD_LABELS = ("Name", "Class", "Date")
#: The worksheet form's fields, each named as the WorksheetRequest field it fills.
SHEET_FORM_FIELDS = (
    "count",
    "per_page",
    "levels",
    "page_size",
    "title",
    "instruction",
    "seed",
    "font",
    "fields",
    "language",
    "names",
    "puzzle",
    "words",
    "step",
)


def sheet_error(exc: MazebookError, font: Path | None, font_name: str | None) -> FieldError:
    """A worksheet's error beside the form field of the request field it is keyed by, in the
    form's words; an uploaded font is named as uploaded, never by its path on the server."""
    field = exc.key if exc.key in SHEET_FORM_FIELDS else "sheet"
    error = in_form_words(exc, field or "sheet", drop_file=WORKSHEET_SOURCE)
    if font is not None:
        return FieldError(error.field, str(error).replace(str(font), font_name or "the font"))
    return error


def worksheet_request(form: Mapping[str, str], font: Path | None = None) -> WorksheetRequest:
    """The worksheet form as a WorksheetRequest, each box checked by the request's parsers;
    ``font`` is an uploaded font already saved in the request's own folder."""
    preset = form.get("preset", "")
    if preset in PRESETS:
        levels_text = PRESETS[preset].sheet_levels
    elif preset in ("", "custom"):
        levels_text = form.get("levels", "3").strip()
    else:
        raise FieldError("levels", f"Levels: must be one of: {', '.join(PRESETS)}; got {preset!r}")
    language = _language("language", form.get("language", "en"))
    texts = sheet_texts(language)
    per_page_text = form.get("per_page", "4")
    _choice("per_page", per_page_text, tuple(str(n) for n in PER_PAGE))
    count_text = form.get("count", "4")
    # the web's own cap, below the library's (MAX_COUNT), named in the message
    count = _field("count", lambda: parse_whole(count_text, "count", 1, MAX_SHEET_MAZES))
    levels: int | tuple[int, int] = _field(
        "levels",
        lambda: (
            parse_levels(levels_text)
            if "-" in levels_text or "–" in levels_text
            else parse_level(levels_text)
        ),
    )
    title = _own_words(form.get("title", texts["title"]), "title", texts)
    instruction = _own_words(form.get("instruction", ""), "instruction", texts)
    words = LANGUAGES[language]
    try:
        class_set = classroom_choices(form)
    except ClassroomError as exc:
        raise FieldError(exc.field, str(exc)) from None
    return WorksheetRequest(
        count=count,
        per_page=int(per_page_text),
        levels=levels,
        page_size=_field("page_size", lambda: parse_page(form.get("page_size", "letter"))),
        language=language,
        title=_field("title", lambda: parse_text(title, "title")),
        instruction=None
        if not instruction
        else _field("instruction", lambda: parse_text(instruction, "instruction")),
        font=None if font is None else str(font),
        seed=_seed(form.get("seed", "1")),
        fields=tuple(
            words[label.lower()] for label in SHEET_FIELD_LABELS if form.get(f"field_{label}")
        ),
        names=class_set.names,
        puzzle=class_set.puzzle,
        words=class_set.words,
        step=class_set.step,
    )


def _own_words(text: str, key: str, texts: Mapping[str, str]) -> str:
    """A title or instruction box's text; where it is some language's default, the chosen
    language's own words (a box left as it was follows the language)."""
    if any(text.strip() == t[key] for t in SHEET_TEXTS.values()):
        return texts[key]
    return text


@dataclass(frozen=True)
class Built:
    """A finished book or worksheet in a folder: its files by download name."""

    files: dict[str, Path]
    page_count: int
    puzzle_count: int
    seconds: float


#: The stem of every file a build of the web app writes: the server's own, never a request's.
FILE_STEM = "mazebook"
#: What each kind of file is called after the title when it is downloaded.
DOWNLOAD_SUFFIXES = {
    "interior": ".pdf",
    "answers": "-answers.pdf",
    "cover": "-cover.pdf",
    "manifest": ".json",
}


def download_name(title: str, kind: str) -> str:
    """A download's file name made from the title ('Web Book' -> 'web-book-answers.pdf'):
    ASCII letters, digits and hyphens only, so no title can name a path or a device."""
    ascii_title = unicodedata.normalize("NFKD", title).encode("ascii", "ignore").decode()
    slug = re.sub(r"[^a-z0-9]+", "-", ascii_title.lower()).strip("-")[:60].strip("-")
    return f"{slug or FILE_STEM}{DOWNLOAD_SUFFIXES[kind]}"


def build(template: Template, folder: Path, *, progress: Progress | None = None) -> Built:
    """Build a book template into ``folder`` (its own temporary folder), under file names the
    server makes (FILE_STEM), whatever the template is called."""
    request = BookRequest(template)
    return _built(build_book_request(request, output=_output(folder), progress=progress))


def build_sheet(form: Mapping[str, str], folder: Path, font: tuple[Path, str] | None) -> Built:
    """Build the worksheet form into ``folder``; ``font``: an uploaded font saved in the
    folder, and its name as uploaded. Every error beside its form field."""
    saved = None if font is None else font[0]
    request = worksheet_request(form, saved)
    try:
        _, result = build_worksheet_request(request, output=_output(folder))
    except MazebookError as exc:
        raise sheet_error(exc, saved, None if font is None else font[1]) from None
    return _built(result)


def _output(folder: Path) -> Path:
    """The interior's path in a build's folder: the server's own name, never a request's."""
    return folder / f"{FILE_STEM}.pdf"


def _built(result: BuildResult) -> Built:
    """A build's files by download name."""
    files = {"interior": result.pdf, "manifest": result.manifest}
    if result.answers is not None:
        files["answers"] = result.answers
    if result.cover is not None:
        files["cover"] = result.cover
    return Built(files, result.page_count, result.puzzle_count, result.seconds)


def page_pngs(pdf: Path, pages: int, *, dpi: int) -> list[bytes]:
    """The first ``pages`` pages (or all, if fewer) of a PDF as PNG pictures."""
    count = page_count(pdf)
    return [png for _, png in pdf_pages_png(pdf, range(1, min(pages, count) + 1), dpi=dpi)]


# ---------------------------------------------------------------------------------- book

BOOK_TEMPLATES: tuple[str, ...] = tuple(
    sorted(
        (name for name in available_templates() if load_template(name).worksheet is None),
        key=lambda name: (name != "classic", name),  # the default book first
    )
)


@dataclass(frozen=True)
class BookSource:
    """A template's TOML text and where it came from (a shipped name or an upload)."""

    text: str
    name: str
    uploaded: bool

    @property
    def source(self) -> str:
        """How messages name the template: 'NAME.toml (uploaded)' or '(built in)'."""
        return f"{self.name}.toml" + (" (uploaded)" if self.uploaded else " (built in)")


def shipped_book(name: str) -> BookSource:
    """A shipped book template's TOML text."""
    if name not in BOOK_TEMPLATES:
        raise FieldError(
            "base", f"no template named {name!r}; built-in templates: {', '.join(BOOK_TEMPLATES)}"
        )
    _, entry = locate(name)
    return BookSource(entry.read_text(encoding="utf-8"), name, uploaded=False)


def uploaded_book(raw: bytes, filename: str) -> BookSource:
    """An uploaded template: its TOML must parse and name no file on the server."""
    stem = upload_stem(filename)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise FieldError(
            "upload", f"{stem}.toml: not UTF-8 text (byte {exc.start + 1} cannot be read)"
        ) from None
    source = BookSource(text, stem, uploaded=True)
    book_data(source)
    return source


def upload_stem(filename: str) -> str:
    """An uploaded template's name for messages only ('../x/My Book.toml' -> 'My-Book'): never
    a path, since no file is ever made from it."""
    base = re.split(r"[/\\]", filename or "")[-1]
    base = base[: -len(".toml")] if base.lower().endswith(".toml") else base
    return re.sub(r"[^A-Za-z0-9_-]+", "-", base).strip("-")[:40].strip("-") or "book"


def book_data(src: BookSource) -> dict[str, Any]:
    """The template's TOML as data; an upload's problems beside the upload field."""
    try:  # the template reader's own checks and words (syntax, nesting)
        data = toml_data(src.text, src.source)
    except TemplateError as exc:
        raise FieldError("upload", str(exc)) from None
    if src.uploaded:
        _refuse_files(data, src.source)
    if data.get("kind", "book") != "book":
        raise FieldError(
            "upload",
            f"{src.source}: this is a {data.get('kind')!r} template; "
            "use the Worksheet part for worksheets",
        )
    sections = data.get("section")
    if not isinstance(sections, list) or not sections:
        raise FieldError(
            "upload",
            f'{src.source}: key "section" is missing; a book needs at least one [[section]]',
        )
    return data


def _refuse_files(data: Mapping[str, Any], source: str) -> None:
    """FieldError when an uploaded template names a file (font, image) anywhere."""
    where: list[tuple[str, Mapping[str, Any]]] = [("", data)]
    for i, section in enumerate(data.get("section") or []):
        if isinstance(section, Mapping):
            where.append((f"[[section]] {i + 1}, ", section))
            options = section.get("options")
            if isinstance(options, Mapping):
                where.append((f"[[section]] {i + 1} options, ", options))
    for prefix, table in where:
        for key in FILE_KEYS:
            if key in table:
                raise FieldError(
                    "upload",
                    f'{source}: {prefix}key "{key}" names a file; the web app reads no files on '
                    "the server (use `mazebook build` for templates with fonts or images)",
                )


def book_form_values(src: BookSource) -> dict[str, Any]:
    """The editable keys of a template, as the form shows them."""
    data = book_data(src)
    sections = []
    for i, section in enumerate(data["section"]):
        difficulty = section.get("difficulty", 5)
        levels = (
            f"{difficulty[0]}-{difficulty[1]}" if isinstance(difficulty, list) else str(difficulty)
        )
        sections.append(
            {
                "name": section.get("name", f"Section {i + 1}"),
                "count": section.get("count", 10),
                "levels": levels,
            }
        )
    return {
        "title": data.get("title", ""),
        "author": data.get("author", ""),
        "page_size": data.get("page_size", "letter"),
        "sections": sections,
        "printer": data.get("printer", "kdp"),
        "paper": data.get("paper", "white"),
        "language": data.get("language", "en"),
        "printers": PRINTER_NAMES,
        "papers": PAPERS,
        "languages": LANGUAGE_CODES,
    }


def _number(text: str) -> int | str:
    """A whole number where the text is one, else the text (the schema then names it)."""
    return int(text) if text.strip().isdigit() else text


def _levels(text: str) -> int | str | list[int]:
    """'2-5' -> [2, 5], '3' -> 3; anything else as typed (the schema names it)."""
    match = re.match(r"^\s*(\d+)\s*[-–]\s*(\d+)\s*$", text)
    if match:
        return [int(match.group(1)), int(match.group(2))]
    return _number(text)


def _book_field(exc: MazebookError) -> str:
    """The book form field a template error concerns: its section row and key, from the
    error's own fields."""
    if exc.section is not None:
        part = {"count": "count", "difficulty": "levels", "name": "name"}.get(exc.key or "")
        return f"section-{exc.section - 1}-{part or 'levels'}"
    if exc.key in ("title", "author", "page_size", "printer", "paper", "language"):
        return exc.key
    return "upload"


def book_template(src: BookSource, form: Mapping[str, str]) -> tuple[Template, dict[str, Any]]:
    """The template with the form's edits, checked as `mazebook build` checks a file.

    Returns (Template, its data) so the build can make it again in another process.
    """
    data = dict(book_data(src))
    data["title"] = form.get("title", "")
    author = form.get("author", "").strip()
    if author:
        data["author"] = author
    else:
        data.pop("author", None)
    data["page_size"] = form.get("page_size", "letter")
    for key, allowed, default in (
        ("printer", PRINTER_NAMES, "kdp"),
        ("paper", PAPERS, "white"),
        ("language", LANGUAGE_CODES, "en"),
    ):
        if form.get(key):
            data[key] = _choice(key, form[key], allowed)
        elif key not in data:
            data[key] = default
    sections = [dict(s) for s in data["section"]]
    new = len(sections)
    if form.get(f"section-{new}-count", "").strip():  # the form's empty row, filled in
        sections.append({})
    kept, rows = [], []
    for i, section in enumerate(sections):
        if form.get(f"section-{i}-remove"):
            continue
        kept.append(section)
        rows.append(i)
        if f"section-{i}-count" in form:
            name = form.get(f"section-{i}-name", "").strip()
            if name:
                section["name"] = name
            section["count"] = _number(form[f"section-{i}-count"])
            section["difficulty"] = _levels(form.get(f"section-{i}-levels", ""))
    data["section"] = kept
    if not kept:
        raise FieldError("section-0-count", "a book needs at least one section")
    try:
        template = checked_book(data, src.name, src.source)
    except FieldError as exc:  # "[[section]] 2" counts the kept sections: name the form's row
        match = re.fullmatch(r"section-(\d+)-(\w+)", exc.field)
        if match:
            row = rows[int(match.group(1))]
            raise FieldError(f"section-{row}-{match.group(2)}", str(exc)) from None
        raise
    if template.puzzle_count > MAX_BOOK_PUZZLES:
        raise FieldError(
            "section-0-count",
            f"the web app builds books of up to {MAX_BOOK_PUZZLES} puzzles; this one has "
            f"{template.puzzle_count} (use `mazebook build` for larger ones)",
        )
    return template, data


def checked_book(data: Mapping[str, Any], name: str, source: str) -> Template:
    """Template data through the library's schema and checks; FieldError on the field."""
    try:
        return template_from_data(data, name=name, source=source)
    except (TemplateError, MazebookError) as exc:
        raise FieldError(_book_field(exc), str(exc)) from None


def answers_pdf(interior: Path, manifest: Path) -> bytes | None:
    """A book's answer key pages (the manifest's answer_pages) as a PDF of their own."""
    import io
    import json

    from pypdf import PdfReader, PdfWriter

    pages = json.loads(manifest.read_text(encoding="utf-8")).get("answer_pages")
    if not pages:
        return None
    first, last = pages[0], pages[-1]
    reader = PdfReader(interior)
    writer = PdfWriter()
    for number in range(first, last + 1):
        writer.add_page(reader.pages[number - 1])
    buf = io.BytesIO()
    writer.write(buf)
    return buf.getvalue()
