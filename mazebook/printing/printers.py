"""What each printer accepts: one frozen table per printer (kdp, ingramspark, lulu, home,
tactile).

The tables are packaged data, ``mazebook/data/printers/<name>.toml``, checked against
``mazebook/data/printer.schema.json`` (by the tests; a plugin's table when it is read); each
cites its sources field by field (``[source]``, keys in ``mazebook/data/printer-sources.toml``),
and "UNVERIFIED" marks a number no public source we could read confirmed. Other packages add
printers through the entry-point group ``mazebook.printers`` (docs/plugins.md). The builder and
`mazebook preflight` read the same numbers through ``PRINTERS`` and the helpers below. Every
length is in inches, as the printers publish them.
"""

from __future__ import annotations

import dataclasses
import json
import tomllib
from collections.abc import Mapping
from dataclasses import field
from functools import cache
from typing import Any, Literal

from ..errors import MazebookError, did_you_mean
from ..packaged import read_packaged
from ..plugins import OnDemand, Registry
from ..records import record

#: Interior papers: black ink on white or cream, standard colour ink ("color") or premium colour
#: ink ("premium-color"), both on white paper.
Paper = Literal["white", "cream", "color", "premium-color"]
PAPERS: tuple[Paper, ...] = ("white", "cream", "color", "premium-color")
#: The papers of colour books: their interiors may use colour (in the spaces the printer takes).
COLOUR_PAPERS: tuple[Paper, ...] = ("color", "premium-color")
#: Colour-space families a printer accepts: grey, RGB, CMYK (spot colours, Lab and the rest are
#: accepted by none of them here).
Space = Literal["gray", "rgb", "cmyk"]
#: Bleed geometry of interior pages: none, three sides (top, bottom, outside edge) or four sides.
BleedSides = Literal["none", "three", "four"]

#: Two trim sizes are the same when both sides agree within this many inches (A4 is published
#: as 8.27 x 11.69 in but is 8.2677 x 11.6929 in).
TRIM_TOLERANCE = 0.01

#: The printers mazebook ships, in the order they are listed (each a file of data/printers).
SHIPPED = ("kdp", "ingramspark", "lulu", "home", "tactile")


@record
class Trim:
    """A finished page size in inches, portrait or landscape as the printer lists it."""

    width: float
    height: float

    def matches(self, width: float, height: float) -> bool:
        """Whether a page of ``width`` x ``height`` inches is this trim."""
        return (
            abs(self.width - width) <= TRIM_TOLERANCE
            and abs(self.height - height) <= TRIM_TOLERANCE
        )

    def __str__(self) -> str:
        """'6 x 9 in'."""
        return f"{self.width:g} x {self.height:g} in"


@record
class PageLimit:
    """A lower maximum page count for one trim on one paper."""

    trim: Trim
    paper: Paper
    max_pages: int
    source: str | None = field(default=None, compare=False)  # where the number comes from


@record
class Barcode:
    """The box kept free of ink for the barcode, in the lower right of the back cover."""

    width: float
    height: float
    from_spine: float  # clear distance between the box and the spine fold
    from_bottom: float  # clear distance between the box and the bottom trim edge


@record
class Cover:
    """A one-piece paperback cover: back, spine and front with bleed on every side."""

    bleed: float
    spine_per_page: tuple[tuple[Paper, float], ...]  # inches of spine per interior page
    spine_base: float  # inches added to every spine (the cover's own fold)
    spine_text_min_pages: int  # spine text only from this many interior pages
    spine_text_clearance: float  # spine text this far inside each fold
    barcode: Barcode
    safe: float  # every mark but a background running into the bleed this far inside its panel
    spaces: tuple[Space, ...]  # colour spaces the cover may use


@record
class Printer:
    """Everything one printer asks of an interior PDF (and of its cover, if it prints one)."""

    name: str
    title: str
    trims: tuple[Trim, ...]
    bleed: float  # inches beyond the trim on each bleeding side (0: no bleed)
    bleed_sides: BleedSides
    min_pages: int | None  # None: no page-count rule
    max_pages: int | None
    page_limits: tuple[PageLimit, ...]  # lower maximums for particular trims and papers
    even_pages: bool
    # pages bound at a spine: mirrored margins with the gutter inside (False: loose sheets, where
    # the inside margin is the same as the outside one, so every sheet is centred)
    bound: bool
    inside_margins: tuple[tuple[int, float], ...]  # (up to this many pages, inches), ascending
    outside_margin: float  # top, bottom and outside edge, without bleed
    outside_margin_bleed: float  # the same when the pages bleed
    min_line: float  # points
    cover: Cover | None  # None: this printer takes no cover
    # --- the file: colour, ink, images, transparency, marks, size --------------------------
    min_pages_by_paper: tuple[tuple[Paper, int], ...]  # a higher minimum on some papers
    colour_spaces: tuple[Space, ...]  # spaces a colour interior may use (black ink: grey only)
    ink_limit: float | None  # total CMYK ink in percent at most; None: no published limit
    preferred: str  # the file standard the printer names as preferred ("" if none)
    flatten_transparency: bool  # soft masks, alpha below 1 and transparency groups refused
    min_dpi: float  # images at least this many pixels an inch on the page
    jpx: bool  # JPEG 2000 images accepted
    no_marks: bool  # crop marks, annotations and bookmarks refused
    max_file_mb: float | None  # the largest file accepted; None: no published limit
    # field -> where its number comes from ("[KDP-TRIM]", words, UNVERIFIED); a cover field as
    # "cover.NAME", a paper's spine as "cover.spine_per_page.PAPER"
    source: tuple[tuple[str, str], ...] = field(default=(), compare=False)
    # the smallest text in points, as set on the page (None: no published minimum); required
    # (a FAIL below it) or only advised (a WARN)
    min_text_size: float | None = None
    min_text_required: bool = True
    # swell (microcapsule) paper: the book is made of tactile mazes (products/tactile.py)
    tactile: bool = False


class PrinterTableError(MazebookError):
    """A printer table (a packaged TOML file or a plugin's) that does not follow the schema."""


def _data(name: str) -> bytes:
    """A file of the packaged data folder mazebook/data."""
    return read_packaged(f"data/{name}")


@cache
def printer_schema() -> dict[str, Any]:
    """The JSON Schema every printer table follows (mazebook/data/printer.schema.json)."""
    schema: dict[str, Any] = json.loads(_data("printer.schema.json"))
    return schema


@cache
def printer_sources() -> dict[str, str]:
    """Source key (as cited in brackets, e.g. KDP-TRIM) -> what and where it is."""
    return dict(tomllib.loads(_data("printer-sources.toml").decode("utf-8")))


@cache
def _validator() -> Any:
    """The schema's validator, made once (jsonschema is imported only when a table is read)."""
    from jsonschema import Draft202012Validator

    return Draft202012Validator(printer_schema())


def _check(data: Mapping[str, Any], source: str, *, schema: bool = True) -> None:
    """Raise PrinterTableError for the first way ``data`` breaks the schema (unless ``schema``
    is False) or the rules beyond it, naming the field."""
    errors = sorted(
        _validator().iter_errors(data) if schema else (),
        key=lambda e: [str(p) for p in e.absolute_path],
    )
    if errors:
        first = errors[0]
        field = ".".join(str(p) for p in first.absolute_path) or None
        raise PrinterTableError(first.message, file=source, key=field)
    counts = [pages for pages, _ in data["inside_margins"]]
    if counts != sorted(set(counts)):
        raise PrinterTableError(
            f"page counts must rise from row to row, got {counts}",
            file=source,
            key="inside_margins",
        )
    if data.get("min_pages", 0) > data.get("max_pages", 0):
        raise PrinterTableError("more than max_pages", file=source, key="min_pages")
    fields = {f.name for f in dataclasses.fields(Printer)} - {"source", "tactile"}
    fields |= {f"cover.{f.name}" for f in dataclasses.fields(Cover)}
    fields |= {f"cover.spine_per_page.{paper}" for paper in PAPERS}
    for key in data["source"]:
        if key not in fields:
            raise PrinterTableError(
                f"{key!r} is not a field of the table", file=source, key=f"source.{key}"
            )


def _trim(pair: list[float]) -> Trim:
    return Trim(pair[0], pair[1])


def printer_from_data(data: Mapping[str, Any], *, source: str, schema: bool = True) -> Printer:
    """A Printer from a table shaped like mazebook/data/printers/*.toml (checked first;
    ``schema=False`` skips the JSON Schema, for the packaged tables, which the tests check)."""
    _check(data, source, schema=schema)
    trims = tuple(_trim(t) for t in data["trims"])
    limits: list[PageLimit] = []
    for limit in data["page_limits"]:  # without a trim: the same limit for every trim
        for trim in [_trim(limit["trim"])] if "trim" in limit else trims:
            limits.append(PageLimit(trim, limit["paper"], limit["max_pages"], limit.get("source")))
    cover = data.get("cover")
    return Printer(
        name=data["name"],
        title=data["title"],
        trims=trims,
        bleed=data["bleed"],
        bleed_sides=data["bleed_sides"],
        min_pages=data.get("min_pages"),
        max_pages=data.get("max_pages"),
        page_limits=tuple(limits),
        even_pages=data["even_pages"],
        bound=data["bound"],
        inside_margins=tuple((int(n), inches) for n, inches in data["inside_margins"]),
        outside_margin=data["outside_margin"],
        outside_margin_bleed=data["outside_margin_bleed"],
        min_line=data["min_line"],
        cover=None if cover is None else _cover(cover),
        min_pages_by_paper=tuple(data["min_pages_by_paper"].items()),
        colour_spaces=tuple(data["colour_spaces"]),
        ink_limit=data.get("ink_limit"),
        preferred=data["preferred"],
        flatten_transparency=data["flatten_transparency"],
        min_dpi=data["min_dpi"],
        jpx=data["jpx"],
        no_marks=data["no_marks"],
        max_file_mb=data.get("max_file_mb"),
        source=tuple(data["source"].items()),
        min_text_size=data.get("min_text_size"),
        min_text_required=data.get("min_text_required", True),
        tactile=data.get("tactile", False),
    )


def _cover(data: Mapping[str, Any]) -> Cover:
    """The cover table of a printer table (already checked)."""
    box = data["barcode"]
    return Cover(
        bleed=data["bleed"],
        spine_per_page=tuple((paper, data["spine_per_page"][paper]) for paper in PAPERS),
        spine_base=data["spine_base"],
        spine_text_min_pages=data["spine_text_min_pages"],
        spine_text_clearance=data["spine_text_clearance"],
        barcode=Barcode(box["width"], box["height"], box["from_spine"], box["from_bottom"]),
        safe=data["safe"],
        spaces=tuple(data["spaces"]),
    )


def _shipped_table(name: str) -> Printer:
    """The shipped printer ``name``, read from its table now (a book reads its own alone)."""
    path = f"printers/{name}.toml"
    return printer_from_data(
        tomllib.loads(_data(path).decode("utf-8")), source=f"mazebook/data/{path}", schema=False
    )


def _shipped() -> Mapping[str, Printer]:
    """The packaged printer tables, in SHIPPED order, each read when first asked for (a book
    for one printer reads one table). Not checked against the schema at every run:
    tests/test_data_tables.py does, and jsonschema takes a tenth of a second to import."""
    return OnDemand(SHIPPED, _shipped_table)


def _accept(name: str, loaded: object) -> Printer:
    """A plugin's printer: a Printer, or a table shaped like the packaged TOML files."""
    if isinstance(loaded, Mapping):
        loaded = printer_from_data(loaded, source=f"printer table {name!r}")
    if not isinstance(loaded, Printer):
        raise TypeError(f"it loads {type(loaded).__name__}, not a Printer or a printer table")
    if loaded.name != name:
        raise ValueError(f"its printer is named {loaded.name!r}, not {name!r}")
    return loaded


#: Every printer by name: the shipped tables, then the plugins of the entry-point group
#: ``mazebook.printers``; read when first consulted.
PRINTERS: Registry[Printer] = Registry("mazebook.printers", _shipped, _accept)
DEFAULT_PRINTER = "kdp"


def __getattr__(name: str) -> Printer:
    """``KDP``, ``INGRAMSPARK``, ``LULU``, ``HOME`` and ``TACTILE``: the shipped tables by
    their old names."""
    if name.lower() in SHIPPED and name.isupper():
        return PRINTERS[name.lower()]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class UnknownPrinterError(MazebookError):
    """A printer name that is not in PRINTERS."""


class PrinterRuleError(MazebookError):
    """A question a printer's table cannot answer (no cover, an unknown paper or trim)."""


def printer(name: str | Printer) -> Printer:
    """The table of printer ``name``; UnknownPrinterError naming the valid ones otherwise."""
    if isinstance(name, Printer):
        return name
    if name in PRINTERS:
        return PRINTERS[name]
    valid = ", ".join(PRINTERS)
    raise UnknownPrinterError(
        f"unknown printer {name!r}{did_you_mean(str(name), PRINTERS)}; valid printers: {valid}"
    )


def _paper(paper: str) -> Paper:
    """The paper name checked; PrinterRuleError for an unknown one."""
    for known in PAPERS:
        if paper == known:
            return known
    raise PrinterRuleError(f"unknown paper {paper!r}; valid papers: {', '.join(PAPERS)}")


def find_trim(which: str | Printer, width: float, height: float) -> Trim | None:
    """The printer's trim that a page of ``width`` x ``height`` inches is, if any."""
    return next((t for t in printer(which).trims if t.matches(width, height)), None)


def page_range(which: str | Printer, trim: Trim | None, paper: str) -> tuple[int, int] | None:
    """(fewest, most) interior pages for this trim and paper; None when there is no rule."""
    p = printer(which)
    if p.min_pages is None or p.max_pages is None:
        return None
    paper_ = _paper(paper)
    least = dict(p.min_pages_by_paper).get(paper_, p.min_pages)
    most = p.max_pages
    for limit in p.page_limits:
        if limit.paper == paper_ and trim is not None and limit.trim == trim:
            most = min(most, limit.max_pages)
    return least, most


def inside_margin(which: str | Printer, pages: int) -> float:
    """The smallest inside (gutter) margin in inches for a book of ``pages`` pages."""
    p = printer(which)
    for up_to, inches in p.inside_margins:
        if pages <= up_to:
            return inches
    return p.inside_margins[-1][1]


def outside_margin(which: str | Printer, *, bleed: bool) -> float:
    """The smallest top, bottom and outside margin in inches, with or without bleed."""
    p = printer(which)
    return p.outside_margin_bleed if bleed else p.outside_margin


def cover_rules(which: str | Printer) -> Cover:
    """The printer's cover table; PrinterRuleError for a printer that takes no cover."""
    p = printer(which)
    if p.cover is None:
        raise PrinterRuleError(f"printer {p.name!r} ({p.title}) takes no cover")
    return p.cover


def spine_width(which: str | Printer, pages: int, paper: str) -> float:
    """The spine width in inches of a book of ``pages`` interior pages on ``paper``."""
    cover = cover_rules(which)
    per_page = dict(cover.spine_per_page)[_paper(paper)]
    return pages * per_page + cover.spine_base


def cover_size(
    which: str | Printer, trim: Trim | tuple[float, float], pages: int, paper: str
) -> tuple[float, float]:
    """(width, height) in inches of the one-piece cover, bleed included."""
    cover = cover_rules(which)
    t = trim if isinstance(trim, Trim) else Trim(*trim)
    spine = spine_width(which, pages, paper)
    return (2 * t.width + spine + 2 * cover.bleed, t.height + 2 * cover.bleed)


def spine_text_allowed(which: str | Printer, pages: int) -> bool:
    """Whether the spine of a book of ``pages`` pages may carry text."""
    return pages >= cover_rules(which).spine_text_min_pages


def barcode_box(
    which: str | Printer, trim: Trim | tuple[float, float]
) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in inches of the barcode box on the cover, origin at its lower left
    bleed corner: lower right of the back cover (left of the spine), clear of spine and trim."""
    cover = cover_rules(which)
    t = trim if isinstance(trim, Trim) else Trim(*trim)
    box = cover.barcode
    x1 = cover.bleed + t.width - box.from_spine
    y0 = cover.bleed + box.from_bottom
    return (x1 - box.width, y0, x1, y0 + box.height)


def spine_box(
    which: str | Printer, trim: Trim | tuple[float, float], pages: int, paper: str
) -> tuple[float, float, float, float]:
    """(x0, y0, x1, y1) in inches of the spine on the cover (bleed included at top and bottom)."""
    cover = cover_rules(which)
    t = trim if isinstance(trim, Trim) else Trim(*trim)
    x0 = cover.bleed + t.width
    height = t.height + 2 * cover.bleed
    return (x0, 0.0, x0 + spine_width(which, pages, paper), height)
