"""Templates: find one (a name or a .toml path), read it, check it, make it a frozen record.

Templates ship in the repository's ``templates/`` folder, which an installed mazebook carries
as the package ``mazebook.templates``. Only ``title`` and one ``[[section]]`` are required;
DEFAULTS and SECTION_DEFAULTS hold every other key's default (a worksheet's title too is
optional: its language's ``worksheet_title``). A template is a book unless it
says ``kind = "worksheet"``: then ``Template.worksheet`` holds the worksheet's own keys (see
template/worksheet.py) and build_book makes a worksheet and its answer key instead.
"""

from __future__ import annotations

import contextlib
import os
import tomllib
from collections.abc import Iterable, Mapping
from dataclasses import field, replace
from pathlib import Path
from typing import Any

from ..errors import TemplateError, did_you_mean
from ..inputs import check_input, read_input, shown
from ..packaged import HOME
from ..printing.keys import PrintOptions, bleed_points, check_margin, print_options
from ..printing.printers import printer
from ..printing.units import parse_length, parse_page_size
from ..records import record
from . import caps
from . import large_print as lp
from .limits import DEFAULT_PUZZLE, MAX_TEMPLATE_BYTES
from .names import list_problem
from .texts import LANGUAGES, Texts, language_code, make_texts, series_title_problem
from .worksheet import (
    WORKSHEET_DEFAULTS,
    WORKSHEET_SECTION_DEFAULTS,
    WorksheetOptions,
    check_kind_keys,
    worksheet_options,
)

DEFAULT_TEMPLATE = "classic"
TEMPLATE_PACKAGE = "mazebook.templates"

#: Defaults of the top-level keys (title and [[section]] are required).
DEFAULTS: dict[str, Any] = {
    "subtitle": "",
    "author": "",
    "page_size": "letter",
    "seed": 1,
    "answers_per_page": None,  # as many as keep answer cells at least min_answer_cell
    "min_answer_cell": "1.8mm",
    "puzzles_per_page": 1,
    "bleed": False,
    "min_cell": "3.5mm",
    "margin": "0.5in",
    "font": None,  # the bundled DejaVu Sans
    "language": "en",
    "copyright": "",  # no copyright page
    "belongs_to": False,
    "section_start": "any",
    "page": [],
    "fit": "refuse",  # a level the page cannot hold: refuse the template, or "cap" it
    "large_print": False,  # the large-print minimums for low-vision readers
}

#: Defaults of a [[section]]'s keys ("Section N" for a missing name).
SECTION_DEFAULTS: dict[str, Any] = {
    "count": 10,
    "difficulty": 5,
    "generators": None,  # the level's own choice (see schedule.LEVEL_GENERATORS)
    "openings": "auto",
    "shape": "rect",
    "fit": None,  # the template's fit
    "braid": 0.0,  # a perfect maze
    "weave": 0.0,  # no crossings
}

#: Section keys that describe a mask and go to generate() with shape = "mask".
MASK_KEYS = ("mask", "text", "image")

#: generate() options that a section sets with keys of its own, not through its options table.
OWN_KEYS = (*MASK_KEYS, "shape", "openings", "entrance", "exit", "entrance_side", "exit_side")


@record
class Section:
    """A run of puzzles with a name, a count, a level range and optional generator choices."""

    name: str
    count: int
    levels: tuple[int, int]
    generators: tuple[str, ...] = ()  # empty: the level's defaults
    openings: str = "auto"
    shape: str = "rect"
    shape_options: tuple[tuple[str, Any], ...] = ()  # mask/text/image and the options table
    answers_per_page: int | None = None  # None: the book's
    braid: float = 0.0  # share of dead ends removed (0: perfect mazes)
    fit: str = "refuse"  # a level the page cannot hold: "refuse" or "cap" (to the highest)
    puzzle: str = "maze"  # the kind of puzzle (mazebook.kinds: checked there, with its keys)
    given: tuple[str, ...] = ()  # the keys the section's table sets (its kind checks them)
    step: int = 1  # what a number path counts by
    words: tuple[str, ...] = ()  # a word trail's words, one a puzzle, in turn
    weave: float = 0.0  # how much passages cross over and under (0: none; rectangles only)


@record
class Template:
    """A checked template; lengths in points, paths resolved against the template's folder."""

    name: str  # names the default output file
    source: str  # how messages name the template file
    title: str
    subtitle: str
    author: str
    page_size: str
    trim: tuple[float, float]
    seed: int
    answers_per_page: int | None  # None: as many as keep cells at least min_answer_cell
    puzzles_per_page: int
    bleed: float  # points of bleed on each side, 0 without
    min_cell: float
    margin: float
    min_answer_cell: float
    font: Path | None
    sections: tuple[Section, ...]
    texts: Texts = field(default_factory=lambda: make_texts("en", {}, source=""))
    copyright: str = ""
    belongs_to: bool = False
    section_start: str = "any"
    own_pages: tuple[tuple[str, str], ...] = ()  # (title, body) of each [[page]]
    worksheet: WorksheetOptions | None = None  # set for kind = "worksheet"
    printing: PrintOptions = field(
        default_factory=PrintOptions
    )  # printer, paper, bleed and cover (print_keys.py)
    path: Path | None = None  # the template file, when it was read from one
    names: tuple[str, ...] = ()  # a worksheet's class set: one pupil a name (template/names.py)
    min_cell_given: bool = True  # whether the template sets min_cell (else the default's)
    series_title: str | None = None  # [series] title: each volume's ({title}, {volume})
    volume: int | None = None  # the volume of a series this template makes (template/series.py)
    large_print: bool = False  # large_print = true: the large-print minimums (issue 36)

    def with_printer(self, name: str | None) -> Template:
        """The template for printer ``name`` (``mazebook build --printer``), bleed recomputed;
        the template itself when ``name`` is None. UnknownPrinterError names the valid ones."""
        if name is None:
            return self
        options = replace(self.printing, printer=printer(name).name)
        return replace(self, printing=options, bleed=bleed_points(options))

    @property
    def base_dir(self) -> Path | None:
        """The folder relative paths of the template (font, images) are read from."""
        return None if self.path is None else self.path.resolve().parent

    @property
    def kind(self) -> str:
        """'book' or 'worksheet'."""
        return "book" if self.worksheet is None else "worksheet"

    @property
    def puzzle_count(self) -> int:
        return sum(s.count for s in self.sections)

    def min_cell_for(self, level: int) -> float:
        """The smallest cell (points) a puzzle of this level may have."""
        if self.worksheet is not None:
            return self.worksheet.min_cell_for(level)
        return self.min_cell


def template_dirs() -> list[Path]:
    """Where named templates live: the installed package (TEMPLATE_PACKAGE, a folder beside
    the modules), else the repository's folder (a mazebook run from a zip file has neither:
    its templates are given by path)."""
    dirs: list[Path] = []
    installed = HOME / TEMPLATE_PACKAGE.rpartition(".")[2]
    if installed.is_dir():
        dirs.append(installed)
    repo = HOME.parent / "templates"
    if repo.is_dir():
        dirs.append(repo)
    return dirs


def available_templates() -> list[str]:
    """Names of the templates that ship with mazebook."""
    names = {
        entry.name[: -len(".toml")]
        for folder in template_dirs()
        for entry in folder.iterdir()
        if entry.name.endswith(".toml")
    }
    return sorted(names)


def locate(spec: str | os.PathLike[str] | None) -> tuple[str, Path]:
    """A template name ('children') or a path to a .toml file -> (name, file); TemplateError."""
    if spec is None:
        spec = DEFAULT_TEMPLATE
    text = os.fsdecode(spec)
    path = Path(text)
    looks_like_path = text.endswith(".toml") or os.sep in text or "/" in text or _exists(path)
    if looks_like_path:
        if not _exists(path):
            raise TemplateError(f"template file {shown(text)} does not exist{_nearby(path)}")
        path = check_input(text, what="template file", error=TemplateError)
        return path.stem, path
    names = available_templates()
    if text in names:  # only shipped names are looked up: no other text reaches the disk
        for folder in template_dirs():
            entry = folder / f"{text}.toml"
            if entry.is_file():
                return text, entry
    raise TemplateError(
        f"no template named {text!r}{did_you_mean(text, names)}; built-in templates: "
        f"{', '.join(names) or 'none'} (or give the path of a .toml file)"
    )


def _nearby(path: Path) -> str:
    """' (did you mean "my-book.toml"?)' for the .toml file beside ``path`` whose name is
    closest to it, or '' (only names in the folder the path names are read)."""
    folder = path.parent
    try:
        names = sorted(p.name for p in folder.glob("*.toml") if p.is_file())[:1000]
    except OSError:
        return ""
    close = did_you_mean(path.name, names)
    if not close or str(folder) in ("", "."):
        return close
    match = close.split('"')[1]
    return f' (did you mean "{folder / match}"?)'


def _exists(path: Path) -> bool:
    """Whether the path names something (False for a name the system refuses, e.g. too long)."""
    try:
        return path.exists()
    except OSError:
        return False


def load_template(spec: str | os.PathLike[str] | None = None) -> Template:
    """Find, read and check a template (see ``locate``); TemplateError says what is wrong."""
    name, entry = locate(spec)
    source = str(entry)
    raw = read_input(entry, what="template", error=TemplateError, limit=MAX_TEMPLATE_BYTES)
    # a shipped template is not checked against the schema at every run (jsonschema takes
    # about 50 ms and 8 MB to import): tests/test_template.py checks each one, as
    # tests/test_data_tables.py does the shipped printer tables
    schema = not _shipped(entry)
    base = entry.resolve().parent
    template = parse_template(raw, name=name, source=source, base_dir=base, schema=schema)
    return replace(template, path=entry)


def _shipped(entry: Path) -> bool:
    """Whether ``entry`` is one of the shipped templates (in the package, or the repository's
    folder of a checkout), however it was named."""
    folder = entry.resolve().parent
    return any(d.resolve() == folder for d in template_dirs())


def parse_template(
    raw: bytes | str,
    *,
    name: str = "book",
    source: str = "<template>",
    base_dir: Path | None = None,
    schema: bool = True,
) -> Template:
    """TOML text -> Template: syntax, schema (unless ``schema`` is False: a shipped template),
    then the values that need parsing."""
    text = _utf8(raw, source) if isinstance(raw, bytes) else raw
    data = toml_data(text, source)
    return template_from_data(data, name=name, source=source, base_dir=base_dir, schema=schema)


def toml_data(text: str, source: str) -> dict[str, Any]:
    """TOML text -> its data; TemplateError (naming ``source``) for bad syntax or nesting too
    deep to read."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise TemplateError(f"TOML syntax error: {exc}", file=source) from None
    except RecursionError:  # the TOML reader recurses once per level of nesting
        raise caps.nesting_error(source) from None


def _utf8(raw: bytes, source: str) -> str:
    """The template's text; TemplateError (naming the line) unless it is UTF-8, as TOML must
    be (a title of replacement characters is never printed)."""
    try:
        return raw.decode("utf-8-sig")  # a leading byte-order mark is dropped
    except UnicodeDecodeError as exc:
        line = raw.count(b"\n", 0, exc.start) + 1
        raise TemplateError(
            f"line {line}: byte 0x{raw[exc.start]:02x} is not UTF-8 text (TOML files are UTF-8; "
            "save the file as UTF-8)",
            file=source,
        ) from None


def template_from_data(
    data: Mapping[str, Any],
    *,
    name: str = "book",
    source: str = "<template>",
    base_dir: Path | None = None,
    schema: bool = True,
) -> Template:
    """Template data as TOML gives it (a dict) -> Template, through the same schema and checks
    as a file (the schema's only where ``schema`` is True); ``mazebook worksheet`` makes its
    template this way from its flags."""
    caps.check_data(data, source)
    _check_language_name(data, source)
    if schema:
        from .schema import template_schema, validate

        validate(data, template_schema(*_registered_names(data)), source)
    return _build(data, name=name, source=source, base_dir=base_dir)


def _registered_names(data: Mapping[str, Any]) -> tuple[list[str], list[str], list[str]]:
    """The generator, shape and printer names the schema lists: every registered one (the
    installed plugins read, every generator module loaded) where the template has a
    ``generators`` key, or a shape or printer that is not shipped, else the shipped names
    alone (the schema then never needs the others: reading the plugins costs about 30 ms)."""
    from ..core.generators import MODULES, REGISTRY  # numpy: only here
    from ..core.shapes import BUILTINS, SHAPES
    from ..printing.printers import PRINTERS, SHIPPED

    generators = list(REGISTRY) if _values(data, "generators") else list(MODULES)
    shapes = list(SHAPES) if _unshipped(data, "shape", BUILTINS) else list(BUILTINS)
    printers = list(PRINTERS) if _unshipped(data, "printer", SHIPPED) else list(SHIPPED)
    return generators, shapes, printers


def _unshipped(data: Mapping[str, Any], key: str, shipped: Iterable[str]) -> bool:
    """Whether some value of ``key`` in ``data`` is not one of the ``shipped`` names."""
    names = set(shipped)
    return any(not isinstance(v, str) or v not in names for v in _values(data, key))


def _values(value: object, key: str) -> list[object]:
    """The values of ``key`` in every table of ``value`` (TOML data: tables and arrays)."""
    if isinstance(value, Mapping):
        found = [value[key]] if key in value else []
        return found + [v for item in value.values() for v in _values(item, key)]
    if isinstance(value, list):
        return [v for item in value for v in _values(item, key)]
    return []


def _check_language_name(data: Mapping[str, Any], source: str) -> None:
    """A language given by its name ("French", "Deutsch") is refused naming its code."""
    value = data.get("language")
    if isinstance(value, str) and value not in LANGUAGES:
        code = language_code(value)
        if code is not None:
            raise TemplateError(
                f'{value!r} is not a language code (did you mean "{code}"?); use one of '
                f"{', '.join(LANGUAGES)}",
                file=source,
                key="language",
            )


def _build(data: Mapping[str, Any], *, name: str, source: str, base_dir: Path | None) -> Template:
    kind = data.get("kind", "book")
    check_kind_keys(data, kind, source)
    worksheet = kind == "worksheet"
    values = {**DEFAULTS, **(WORKSHEET_DEFAULTS if worksheet else {}), **data}
    if values["large_print"]:  # cream paper where the printer offers it (a book's)
        values = lp.apply(values, dict(data))
    try:
        trim = parse_page_size(values["page_size"])
    except ValueError as exc:
        raise TemplateError(str(exc), file=source, key="page_size") from None
    # worksheets are loose sheets for a desktop printer: no bleed, cover or page-count rule
    printing = print_options({"printer": "home", "cover": False} if worksheet else values)
    picture = printing.cover.picture
    if picture is not None and values["large_print"]:  # issue 36: large print has no pictures
        raise TemplateError(
            "a large-print book has no pictures: leave [cover] picture out "
            "(the cover shows one of the book's own mazes)",
            file=source,
            key="large_print",
        )
    if picture is not None:  # [cover] picture, read from the template's folder
        cover = replace(printing.cover, picture=str(_resolve(picture, base_dir)))
        printing = replace(printing, cover=cover)
    bleed = bleed_points(printing)
    min_cell = parse_length(values["min_cell"])
    margin = parse_length(values["margin"])
    min_answer_cell = parse_length(values["min_answer_cell"])
    check_margin(margin, printing, source)
    if min_cell <= 0:
        raise TemplateError("it must be more than 0", file=source, key="min_cell")
    if min_answer_cell <= 0:
        raise TemplateError("it must be more than 0", file=source, key="min_answer_cell")
    font = _resolve(values["font"], base_dir) if values["font"] else None
    texts = make_texts(values["language"], data.get("text", {}), source=source)
    section_defaults = {**SECTION_DEFAULTS, **(WORKSHEET_SECTION_DEFAULTS if worksheet else {})}
    section_defaults["fit"] = values["fit"]
    sections = tuple(
        _section(s, i, source=source, base_dir=base_dir, defaults=section_defaults)
        for i, s in enumerate(data["section"])
    )
    if values["large_print"]:  # its minimums, where the template's own are smaller
        puzzles = [s.puzzle for s in sections]
        margin, min_cell, min_answer_cell = lp.at_least(margin, min_cell, min_answer_cell, puzzles)
    options = None
    if worksheet:
        options = worksheet_options(data, texts, min_cell=min_cell if "min_cell" in data else None)
        if values["large_print"]:  # every level's cell at least large print's
            least = lp.least_cell(s.puzzle for s in sections)
            cells = tuple(max(cell, least) for cell in options.min_cells)
            options = replace(options, min_cells=cells)
        levels = [lv for s in sections for lv in range(min(s.levels), max(s.levels) + 1)]
        min_cell = min(options.min_cell_for(lv) for lv in levels)
    template = Template(
        name=name,
        source=source,
        title=values.get("title") or texts("worksheet_title"),
        subtitle=values["subtitle"],
        author=values["author"],
        page_size=values["page_size"],
        trim=trim,
        seed=values["seed"],
        # a worksheet's answer key repeats its sheets' layout
        answers_per_page=values["puzzles_per_page" if worksheet else "answers_per_page"],
        puzzles_per_page=values["puzzles_per_page"],
        bleed=bleed,
        min_cell=min_cell,
        # large print's least cell is given too: no shape's own floor goes below it
        min_cell_given="min_cell" in data or values["large_print"],
        margin=margin,
        min_answer_cell=min_answer_cell,
        font=font,
        sections=sections,
        texts=texts,
        copyright=values["copyright"],
        belongs_to=values["belongs_to"],
        section_start=values["section_start"],
        own_pages=tuple((p["title"], p.get("body", "")) for p in values["page"]),
        worksheet=options,
        printing=printing,
        names=_names(data, source),
        series_title=data.get("series", {}).get("title"),
        large_print=values["large_print"],
    )
    check_series(template)
    return template


def check_series(template: Template) -> None:
    """TemplateError (one line naming ``series.title``, or ``text.volume_title`` for a language
    text of the template's own) when the volumes' title cannot tell them apart."""
    if template.series_title is not None:
        text, key = template.series_title, "series.title"
    else:
        text, key = template.texts.values["volume_title"], "text.volume_title"
    problem = series_title_problem(text)
    if problem is not None:
        raise TemplateError(problem, file=template.source, key=key)


def _names(data: Mapping[str, Any], source: str) -> tuple[str, ...]:
    """A class set's names (stripped), or () without the key; TemplateError for a bad one."""
    names = data.get("names", ())
    problem = list_problem(names) if "names" in data else None
    if problem is not None:
        raise TemplateError(problem, file=source, key="names")
    return tuple(name.strip() for name in names)


def _resolve(path: str, base_dir: Path | None) -> Path:
    p = Path(path)
    with contextlib.suppress(RuntimeError):  # "~" with no home folder known: left as written
        p = p.expanduser()
    if not p.is_absolute() and base_dir is not None:
        p = base_dir / p
    return p


def _section(
    data: Mapping[str, Any],
    index: int,
    *,
    source: str,
    base_dir: Path | None,
    defaults: Mapping[str, Any] = SECTION_DEFAULTS,
) -> Section:
    values = {**defaults, **data}
    name = values.get("name") or f"Section {index + 1}"
    difficulty = values["difficulty"]
    levels = (
        (difficulty, difficulty) if isinstance(difficulty, int) else (difficulty[0], difficulty[1])
    )
    shape = values["shape"]
    given = [k for k in MASK_KEYS if k in data]
    if given and shape != "mask":
        raise TemplateError(
            f'it needs shape = "mask" (the section\'s shape is {shape!r})',
            file=source,
            section=index + 1,
            section_name=name,
            key=given[0],
        )
    shape_options: list[tuple[str, Any]] = []
    for key in given:
        value = data[key]
        if key == "image":
            value = str(_resolve(value, base_dir))
        shape_options.append((key, value))
    extra = data.get("options") or {}
    for key in sorted(extra):
        if key in OWN_KEYS:
            raise TemplateError(
                f"{key!r} is a section key of its own: write {key} = ... in the section instead",
                file=source,
                section=index + 1,
                section_name=name,
                key="options",
            )
        value = extra[key]
        if key == "font" and isinstance(value, str):
            value = str(_resolve(value, base_dir))
        shape_options.append((key, value))
    return Section(
        puzzle=data.get("puzzle", DEFAULT_PUZZLE),
        given=tuple(sorted(data)),
        step=data.get("step", 1),
        words=tuple(data.get("words", ())),
        name=name,
        count=values["count"],
        levels=levels,
        generators=tuple(values["generators"] or ()),
        openings=values["openings"],
        shape=shape,
        shape_options=tuple(shape_options),
        answers_per_page=data.get("answers_per_page"),
        braid=float(values["braid"]),
        fit=values["fit"] or "refuse",
        weave=_weave(values, shape, index, source=source, name=name),
    )


def _weave(values: Mapping[str, Any], shape: str, index: int, *, source: str, name: str) -> float:
    """A section's ``weave``: rectangles only (every generator weaves on them)."""
    weave = float(values["weave"])
    if weave and shape != "rect":
        raise TemplateError(
            f'weave is for rectangular mazes, not shape {shape!r}; use shape = "rect" or weave = 0',
            file=source,
            section=index + 1,
            section_name=name,
            key="weave",
        )
    return weave
