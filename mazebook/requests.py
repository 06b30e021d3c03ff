"""Typed requests: what a person asks for, filled alike by the command line and the web forms.

A front end reads its own input (flags, form fields), turns each value into a request field
with the parsers here, and hands the frozen request to the library. A parser's error carries
the request field it concerns as its ``key`` (``InvalidOptionError(..., key="levels")``), in
words that name no flag and no form field; each front end restates it in its own words
(``MazebookError.restated``): the command line by its flags, the web app by its form's labels.
Errors the template reader raises about a worksheet are keyed by the request field too
(``WORKSHEET_FIELDS``), and generate()'s steps mark theirs with ``MazebookError.field`` (not
shown in the message), so neither front end ever searches a message for a name.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Mapping
from dataclasses import field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.engine import braid_cost, check_seed, generate, new_seed
from .core.grid import MAX_SEED, check_size
from .core.maze import Maze
from .errors import InvalidOptionError, InvalidSizeError, MazebookError
from .records import record
from .template.limits import DEFAULT_PUZZLE, LEVEL_MAX, LEVEL_MIN, MAX_COUNT

if TYPE_CHECKING:
    from .kinds import Kind
    from .products.runner import BuildResult, Progress
    from .products.series import SeriesProgress, SeriesResult
    from .template.load import Template

#: Patterns left to re's own cache (compiled when first used, not at every start).
_SIZE = r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$"
_LEVELS = r"^\s*(\d+)\s*[-–]\s*(\d+)\s*$"

#: The shipped template a worksheet request starts from.
WORKSHEET_TEMPLATE = "worksheet"
#: How the template reader's messages name a worksheet request (dropped when restated).
WORKSHEET_SOURCE = "worksheet options"
#: Mazes a worksheet page holds.
PER_PAGE = (1, 2, 4, 6)
#: What a worksheet does with a level its page cannot hold.
FITS = ("refuse", "cap")

#: The worksheet template's keys -> the WorksheetRequest fields that set them.
WORKSHEET_FIELDS: dict[str, str] = {
    "count": "count",
    "puzzles_per_page": "per_page",
    "difficulty": "levels",
    "page_size": "page_size",
    "min_cell": "min_cell",
    "language": "language",
    "title": "title",
    "instruction": "instruction",
    "font": "font",
    "fit": "fit",
    "seed": "seed",
    "names": "names",
    "fields": "fields",
    "puzzle": "puzzle",
    "words": "words",
    "step": "step",
    "weave": "weave",
}


# ------------------------------------------------------------------------------- parsers


def parse_size(text: str, field: str = "size") -> tuple[int, int]:
    """'30x20' -> (30, 20); InvalidSizeError keyed by ``field`` for anything else."""
    match = re.match(_SIZE, text)
    if not match:
        raise InvalidSizeError(
            f"must be WIDTHxHEIGHT in cells, e.g. 30x20; got {text!r}", key=field
        )
    try:
        return check_size(int(match.group(1)), int(match.group(2)))
    except MazebookError as exc:
        raise exc.located(key=field) from None


def parse_seed(text: str | None, field: str = "seed") -> int | None:
    """A seed as typed: a whole number from 0 to 2**63-1 (None stays None)."""
    if text is None:
        return None
    try:
        value = int(text.strip(), 10)
    except ValueError:
        raise InvalidOptionError(f"must be a whole number, got {text!r}", key=field) from None
    if not 0 <= value <= MAX_SEED:
        raise InvalidOptionError(
            f"must be a whole number from 0 to {MAX_SEED}, got {text!r}", key=field
        )
    return check_seed(value)


def parse_whole(text: str, field: str, lo: int, hi: int, what: str = "a whole number") -> int:
    """A whole number from ``lo`` to ``hi``, as typed; InvalidOptionError keyed by ``field``."""
    try:
        value: int | None = int(text.strip(), 10)
    except ValueError:
        value = None
    if value is None or not lo <= value <= hi:
        raise InvalidOptionError(f"must be {what} from {lo} to {hi}, got {text!r}", key=field)
    return value


def parse_level(text: str, field: str = "levels") -> int:
    """One level from 1 to 10, as typed."""
    return parse_whole(text, field, LEVEL_MIN, LEVEL_MAX, "a level")


def parse_levels(text: str, field: str = "levels") -> tuple[int, int]:
    """'2-5' -> (2, 5): two levels from 1 to 10, the first not above the second."""
    match = re.match(_LEVELS, text)
    if match:
        lo, hi = int(match.group(1)), int(match.group(2))
        if LEVEL_MIN <= lo <= hi <= LEVEL_MAX:
            return lo, hi
    raise InvalidOptionError(
        f"must be FROM-TO with levels from {LEVEL_MIN} to {LEVEL_MAX}, FROM not above TO "
        f"(e.g. 2-5); got {text!r}",
        key=field,
    )


def levels_value(text: str) -> int | str | list[int]:
    """A levels box as template data: '2-5' -> [2, 5], '3' -> 3; anything else as typed (the
    template's schema then names it)."""
    match = re.match(_LEVELS, text)
    if match:
        return [int(match.group(1)), int(match.group(2))]
    return int(text) if text.strip().isdigit() else text


def parse_share(text: str, field: str) -> float:
    """A share from 0.0 to 1.0 as typed (braid, weave): '0.3' -> 0.3."""
    try:
        value = float(text.strip())
    except ValueError:
        value = math.nan
    if not 0.0 <= value <= 1.0:  # also refuses NaN
        raise InvalidOptionError(f"must be a number from 0.0 to 1.0, got {text!r}", key=field)
    return value


def parse_page(text: str, field: str = "page_size") -> str:
    """A page size as typed, checked (the template reads it again): a name or WxH with a unit."""
    from .printing.units import PAGE_SIZES, parse_page_size  # not for a maze without a level

    try:
        parse_page_size(text)
    except ValueError as exc:
        names = ", ".join(PAGE_SIZES)
        raise InvalidOptionError(
            f"{exc}; use {names}, or WxH with mm, cm, in or pt (e.g. 210x297mm)", key=field
        ) from None
    return text


def parse_min_cell(text: str, field: str = "min_cell") -> str:
    """A smallest cell as typed, checked: a length above 0 ('6mm')."""
    from .printing.units import parse_length

    try:
        if parse_length(text) <= 0:
            raise ValueError(f"{text!r} is not more than 0")
    except ValueError as exc:
        raise InvalidOptionError(str(exc), key=field) from None
    return text


def parse_text(text: str, field: str) -> str:
    """A title or instruction: any text but an empty one (or one of only spaces and other
    invisible characters, which would print nothing)."""
    from .template.visible import visible  # its tables, only for a text typed in

    if not visible(text):
        words = "" if not text.strip() else " (it has only spaces or other invisible characters)"
        raise InvalidOptionError(f"must not be empty{words}", key=field)
    return text


def parse_choice(text: str, field: str, allowed: tuple[str, ...]) -> str:
    """One of ``allowed``, else InvalidOptionError listing them."""
    if text not in allowed:
        raise InvalidOptionError(f"must be one of: {', '.join(allowed)}; got {text!r}", key=field)
    return text


# ---------------------------------------------------------------------------------- maze


@record
class MazeRequest:
    """One maze: the generator, its size and seed, the grid shape, the share of dead ends
    opened (braid) and of crossings woven (weave), and the generator's options (openings, a
    mask's source). With a ``level`` the books' search picks the generator and the size for
    a page of ``page_size`` (points) instead, at the books' smallest cell. A ``puzzle`` of a
    kind with rules (mazebook.kinds: one-way, keys) is that maze with the kind's rules laid in
    it for ``level``, as a book makes it (its manifest record's fields make it again)."""

    algorithm: str = "backtracker"
    width: int = 20
    height: int = 20
    seed: int | None = None
    shape: str = "rect"
    braid: float = 0.0
    weave: float = 0.0
    options: Mapping[str, Any] = field(default_factory=dict)
    level: int | None = None
    page_size: tuple[float, float] = (612.0, 792.0)
    puzzle: str = DEFAULT_PUZZLE  # a kind of puzzle that makes a single maze (mazebook.kinds)


def puzzle_kind(name: str, field: str = "puzzle") -> Kind:
    """The kind of puzzle ``name`` names, one that makes a single maze (mazebook.kinds:
    ``single_maze``); InvalidOptionError keyed by ``field`` listing those that do."""
    from .kinds import KINDS  # the kinds (and the page code they draw with), when asked

    single = [n for n, kind in KINDS.items() if kind.single_maze]
    if name not in KINDS or not KINDS[name].single_maze:
        raise InvalidOptionError(f"must be one of {', '.join(single)}; got {name!r}", key=field)
    return KINDS[name]


#: The most cell visits a preview's braided maze may spend placing its openings (outer cells
#: times cells: about 100 x 100, a second's work), where a maze made to keep may take
#: MAX_BRAID_VISITS (about 200 x 200, ten seconds or more): a preview comes back at once.
PREVIEW_BRAID_VISITS = 4_000_000


def check_preview(request: MazeRequest) -> None:
    """InvalidOptionError keyed "braid", before any work, when the request's maze would take
    too long to make for a preview: a braided maze whose openings are measured from each outer
    cell through every cell, over PREVIEW_BRAID_VISITS steps."""
    visits = braid_cost(
        request.algorithm,
        request.width,
        request.height,
        shape=request.shape,
        braid=request.braid,
        **request.options,
    )
    if visits > PREVIEW_BRAID_VISITS:
        raise InvalidOptionError(
            f"a braided maze this large is too slow to preview: its openings are measured from "
            f"each outer cell through every cell, {visits:,} steps, and a preview takes up to "
            f"{PREVIEW_BRAID_VISITS:,} (about 100 x 100 cells); make it smaller, set braid to 0, "
            "or choose the openings random, corners or sides (a download has no such limit)",
            key="braid",
        )


def make_maze(request: MazeRequest) -> Maze:
    """The maze a request asks for (generate()'s errors as they come); a puzzle with rules is
    the maze with its kind's rules laid in it for the request's level."""
    if request.puzzle == DEFAULT_PUZZLE:  # the plain maze: no kind to ask, no page code loaded
        return level_maze(request) if request.level is not None else _generated(request)
    kind = puzzle_kind(request.puzzle)
    if kind.needs_level:
        if request.level is None:
            raise InvalidOptionError(
                f"a {kind.name} puzzle is laid for a level (its rules grow with it); give one "
                f"from {kind.levels[0]} to {kind.levels[1]}",
                key="level",
            )
        return kind.remake(_generated(request), request.level)
    if request.level is not None:
        return level_maze(request)
    return _generated(request)


def _generated(request: MazeRequest) -> Maze:
    """generate() with the request's algorithm, size, seed, shape, braid, weave and options."""
    return generate(
        request.algorithm,
        request.width,
        request.height,
        seed=request.seed,
        shape=request.shape,
        braid=request.braid,
        weave=request.weave,
        **request.options,
    )


def level_maze(request: MazeRequest) -> Maze:
    """A maze of the request's level fitted to its page as the books choose theirs (the same
    levels, search and checks), from ``random.Random(seed)``."""
    from .kinds.maze import level_maze as maze_for_level  # the search, only for a level
    from .printing.units import parse_length
    from .template.load import DEFAULTS

    assert request.level is not None
    options = {k: v for k, v in request.options.items() if k != "openings"}
    seed = new_seed() if request.seed is None else request.seed
    choice = maze_for_level(
        request.level,
        request.page_size,
        random.Random(seed),
        min_cell=parse_length(DEFAULTS["min_cell"]),
        shape=request.shape,
        shape_options=options,
        openings=str(request.options.get("openings", "auto")),
        weave=request.weave,
    )
    return choice.maze


# ----------------------------------------------------------------------------- worksheet


@record
class WorksheetRequest:
    """A worksheet: each field None keeps the shipped worksheet template's value.

    ``levels`` is one level (every maze) or (FROM, TO) rising across the mazes; ``names`` a
    class set's pupils; ``fields`` the words of the lines for Name, Class and Date; ``puzzle``
    the kind of puzzle the sheet practises (mazebook.kinds; None: mazes), with that kind's own
    ``words`` or ``step``; ``weave`` how much the mazes' passages cross (0.0 to 1.0).
    """

    count: int | None = None
    per_page: int | None = None
    levels: int | tuple[int, int] | None = None
    page_size: str | None = None
    min_cell: str | None = None
    language: str | None = None
    title: str | None = None
    instruction: str | None = None
    font: str | None = None
    fit: str | None = None
    seed: int | None = None
    names: tuple[str, ...] | None = None
    fields: tuple[str, ...] | None = None
    puzzle: str | None = None
    words: tuple[str, ...] | None = None
    step: int | None = None
    weave: float | None = None


def worksheet_texts(language: str) -> dict[str, str]:
    """A worksheet's title and instruction in ``language`` when a request gives none: the
    language's own words (mazebook/data/languages)."""
    from .template.texts import LANGUAGES

    words = LANGUAGES[language]
    instruction = words["instruction"].format(start=words["start"], finish=words["finish"])
    return {"title": words["worksheet_title"], "instruction": instruction}


def worksheet_data(request: WorksheetRequest, base: Mapping[str, Any]) -> dict[str, Any]:
    """The worksheet template's data (``base``) with the request's changes."""
    data = dict(base)
    section = dict(base["section"][0])
    if request.count is not None:
        section["count"] = parse_whole(str(request.count), "count", 1, MAX_COUNT)
    if isinstance(request.levels, int):
        section["difficulty"] = request.levels
    elif request.levels is not None:
        section["difficulty"] = list(request.levels)
    if request.puzzle is not None:
        section["puzzle"] = request.puzzle
    if request.words is not None:
        section["words"] = list(request.words)
    if request.step is not None:
        section["step"] = request.step
    if request.weave is not None:
        section["weave"] = request.weave
    data["section"] = [section]
    for key, value in (
        ("puzzles_per_page", request.per_page),
        ("page_size", request.page_size),
        ("min_cell", request.min_cell),
        ("language", request.language),
        ("title", request.title),
        ("instruction", request.instruction),
        ("font", request.font),
        ("fit", request.fit),
        ("seed", request.seed),
    ):
        if value is not None:
            data[key] = value
    if request.names is not None:
        data["names"] = list(request.names)
    if request.fields is not None:
        data["fields"] = list(request.fields)
    return data


def worksheet_template(request: WorksheetRequest) -> Template:
    """The shipped worksheet template with the request's changes, checked as any template is;
    an error is keyed by the request field it concerns (WORKSHEET_FIELDS)."""
    from .template.load import locate, template_from_data, toml_data  # the template reader: here

    name, entry = locate(WORKSHEET_TEMPLATE)
    base = toml_data(entry.read_text(encoding="utf-8"), f"{name}.toml (built in)")
    try:
        return template_from_data(worksheet_data(request, base), name=name, source=WORKSHEET_SOURCE)
    except MazebookError as exc:
        raise exc.keyed(WORKSHEET_FIELDS) from None


def build_worksheet_request(
    request: WorksheetRequest,
    *,
    output: str | Path | None = None,
    progress: Progress | None = None,
) -> tuple[Template, BuildResult]:
    """Build the worksheet a request asks for (sheets, answer key, manifest) as
    ``build_book`` builds any template; every error keyed by the request field it concerns."""
    from .products.build import build_book

    template = worksheet_template(request)
    try:
        return template, build_book(template, output=output, progress=progress)
    except MazebookError as exc:
        raise exc.keyed(WORKSHEET_FIELDS) from None


# ---------------------------------------------------------------------------------- book


@record
class BookRequest:
    """A book (or any template): which template (a shipped name, a .toml path, or a template
    already read and changed by a form), and what replaces its own values."""

    template: Template | str | None = None
    seed: int | None = None
    printer: str | None = None
    svg_dir: str | None = None
    png_dir: str | None = None  # every puzzle as a transparent PNG (products/assets.py)
    dpi: int = 300  # the PNGs' resolution


def build_book_request(
    request: BookRequest,
    *,
    output: str | Path | None = None,
    progress: Progress | None = None,
) -> BuildResult:
    """Build the book a request asks for: its PDF, manifest and (for most printers) cover."""
    from .products.build import build_book

    return build_book(
        request.template,
        output=output,
        seed=request.seed,
        svg_dir=request.svg_dir,
        progress=progress,
        printer=request.printer,
        png_dir=request.png_dir,
        dpi=request.dpi,
    )


def build_series_request(
    request: BookRequest,
    volumes: int,
    *,
    jobs: int = 1,
    output: str | Path | None = None,
    progress: SeriesProgress | None = None,
) -> SeriesResult:
    """Build a series of ``volumes`` books from the request's template, ``jobs`` at a time
    (products/series.py): the same files whatever ``jobs`` says."""
    from .products.series import build_series

    return build_series(
        request.template,
        volumes,
        output=output,
        seed=request.seed,
        printer=request.printer,
        svg_dir=request.svg_dir,
        png_dir=request.png_dir,
        dpi=request.dpi,
        jobs=jobs,
        progress=progress,
    )


def build_cover_request(request: BookRequest, *, output: str | Path | None = None) -> Path:
    """Only the cover of the book a request asks for (its page count planned, no maze made)."""
    from .products.cover_only import build_cover

    return build_cover(request.template, output=output, printer=request.printer, seed=request.seed)
