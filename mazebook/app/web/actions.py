"""The web app's door into mazebook, and what its three forms share: form values in, the
library's answers out.

Every call into the library (typed requests, generate, render, templates, build_book, the PNG
rasterizer) is made from here and its three form modules (maze_form.py, sheet_form.py,
book_form.py), so a change in the library's layout is answered in four small files. Form
values arrive as plain strings and are read by the same parsers the command line uses
(mazebook/requests.py); a bad one raises FieldError beside its form field, the library's error
restated in the form's words (its labels, FIELD_LABELS), never a command-line flag.
"""

from __future__ import annotations

import functools
import re
import unicodedata
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any, TypeVar

from ...core.engine import generate
from ...core.generators import REGISTRY
from ...core.shapes import SHAPES as SHAPE_REGISTRY
from ...core.shapes.silhouettes import SILHOUETTES
from ...errors import MazebookError
from ...geometry.from_maze import maze_geometry
from ...printing.printers import PRINTERS
from ...printing.units import PAGE_SIZES, parse_page_size
from ...products.runner import BuildResult
from ...records import record
from ...render.png import page_count, pdf_pages_png
from ...render.svg import to_svg
from ...requests import parse_choice, parse_page, parse_seed, worksheet_texts
from ...template.limits import LEVELS as LEVEL_RANGE
from ...template.texts import LANGUAGES, language_names
from .classroom import puzzle_words

#: What the form offers.
ALGORITHMS: tuple[str, ...] = tuple(REGISTRY)
SHAPES: tuple[str, ...] = tuple(SHAPE_REGISTRY)
MASKS: tuple[str, ...] = tuple(SILHOUETTES)
PAGE_NAMES: tuple[str, ...] = tuple(PAGE_SIZES)
LEVELS = tuple(LEVEL_RANGE)
LANGUAGE_CODES: tuple[str, ...] = tuple(LANGUAGES)
PRINTER_NAMES: tuple[str, ...] = tuple(PRINTERS)


#: Every language's worksheet title and instruction boxes (the language's own words), which the
#: page's little script switches with the language until they are edited.
SHEET_TEXTS: dict[str, dict[str, str]] = {code: worksheet_texts(code) for code in LANGUAGES}

#: Web caps (the command line has none of these): a maze of at most this many cells (200 x 200),
#: a circle of at most this many rings, a worksheet of at most this many mazes, a book of at most
#: this many puzzles, an image of at most this many pixels.
MAX_CELLS = 40_000
MAX_RINGS = 100
MAX_SHEET_MAZES = 200
MAX_BOOK_PUZZLES = 500
MAX_IMAGE_PIXELS = 16_000_000
#: Keys that name files on disk: refused in uploaded templates (no request reads server paths).
FILE_KEYS = ("font", "image", "picture")


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


@record
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


@record
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


def page_values() -> dict[str, Any]:
    """What the first view shows beside the technical lists: the presets, the shape gallery
    (with its pictures), the worksheet's languages and their words."""
    return {
        "presets": list(PRESETS.values()),
        "looks": list(LOOKS.values()),
        "gallery": gallery(),
        "languages": [(code, language_names().get(code, code)) for code in LANGUAGE_CODES],
        "sheet_texts": SHEET_TEXTS,
        "puzzle_words": puzzle_words(),
    }


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
@record
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


def output_in(folder: Path) -> Path:
    """The interior's path in a build's folder: the server's own name, never a request's."""
    return folder / f"{FILE_STEM}.pdf"


def built(result: BuildResult) -> Built:
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
