"""What each printer accepts: one frozen table per printer (kdp, ingramspark, lulu, home).

Pure data and a few helpers over it, so the builder and `mazebook preflight` read the same
numbers. Every length is in inches, as the printers publish them. A source is cited beside every
number; "UNVERIFIED" marks a number no public source we could read confirmed (the README lists
them). Only the standard library and mazebook.errors are imported.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .errors import MazebookError, did_you_mean

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

# Sources, cited by key beside the numbers below.
# [KDP-TRIM]   https://kdp.amazon.com/en_US/help/topic/GVBQ3CMEQW3W2VL6 (Set Trim Size, Bleed, and
#              Margins; margin table, bleed 0.125 in on top, bottom and outside edge)
# [KDP-SUB]    https://kdp.amazon.com/en_US/help/topic/G201857950 (Paperback Submission
#              Guidelines: line weight 0.75 pt, white paper x 0.002252 in, barcode, spine text)
# [KDP-PAGES]  http://bookbolt.kb.help/kdp-publishing-what-is-the-minimum-maximum-number-of-pages-you-can-use-in-a-book-and-the-royalty-amount/
#              (page-count limits by trim and paper, quoting KDP's Print Options page)
# [KDP-COVER]  https://kidillus.com/kdp-cover-size-guide and
#              https://kdpprintcover.com/blog/how-to-design-kdp-back-cover (cover = 2 x trim +
#              spine + 0.25 in; barcode 2 x 1.2 in; cream x 0.0025 in)
# [KDP-SPINE]  https://print.ymirtool.com/guides/kdp-spine-text-requirements/ ("at least 79
#              pages to include spine text"; 0.0625 in clear on each side of spine text)
# [CS-BARCODE] createspace.com cover sizing notes (quoted in RedHatTraining/pyramid
#              docs/coversizing.py): barcode 2 x 1.2 in, 0.25 in from the bottom trim and 0.25 in
#              left of the spine
# [LULU-SPINE] https://help.api.lulu.com/en/support/solutions/articles/64000254616 (perfect
#              bound spine = pages / 444 + 0.06 in)
# [LULU-BLEED] https://help.lulu.com/en/support/solutions/articles/64000255584 (bleed 0.125 in on
#              every side; safety margin 0.5 in inside the trim)
# [LULU-MIN]   Lulu spine width calculator PDF, https://www.scribd.com/document/513281500
#              ("Paperback covers ... require a minimum of 32 pages")
# [LULU-TEXT]  https://connect.lulu.com/en/discussion/343028 (spine text from 80 pages)
# [LULU-ISBN]  http://www.lulu.com/help/space_for_isbn (2008: a 3.625 x 1.25 in area, at least
#              0.375 in from the spine and the bottom edge)
# [IS-FILES]   https://www.ingramspark.com/blog/file-requirements-for-print-books (margins at
#              least 0.5 in from the trim on all sides, fonts embedded)
# [KDP-FILES]  https://kdp.amazon.com/help/topic/GYEKAVKMSE23PFTM (Save Your Manuscript File:
#              650 MB at most; no crop marks, trim marks, bookmarks, comments or annotations;
#              images at least 300 DPI; flatten transparent objects), and the same list in
#              [KDP-SUB]
# [KDP-INK]    http://bookbolt.kb.help/kdp-publishing-what-is-the-minimum-maximum-number-of-pages-you-can-use-in-a-book-and-the-royalty-amount/
#              and https://kdpprintcover.com/blog/premium-vs-standard-color-kdp/ (standard colour
#              72-600 pages, 0.002252 in a page; premium colour 24-828 pages, 0.002347 in a page,
#              590 on the largest trims)
# [KDP-CSAFE]  https://thefastfingers.com/specification-requirements-for-a-createspace-book-cover/
#              and https://kdpprintcover.com/blog/kdp-cover-margins-text-placement/ (cover text and
#              images 0.125 in inside the trim lines; 0.0625 in at each spine fold); cover images
#              "may be CMYK or RGB" (https://authorityagency.com/?p=15416)
# [IS-COVER]   IngramSpark's cover specifications, quoted in
#              https://community.adobe.com/t5/illustrator-discussions/how-to-bulk-change-total-ink-coverage-to-the-240-required-by-printer/m-p/10836669
#              (300 ppi; PDF/X-1a:2001 or PDF/X-3:2002; CMYK mode; total CMYK at most 240 %)
# [IS-TIPS]    https://help.ingramspark.com/hc/en-us/articles/5338636202637 (cover art at least
#              0.25 in from the trim for perfect bound books)
# [LULU-FAQ]   https://help.lulu.com/en/support/solutions/articles/64000255590 (black and white
#              books in greyscale; full colour in sRGB, other spaces converted; 300 ppi)
# [LULU-GUTTER] https://help.lulu.com/en/support/solutions/articles/64000255583 ("most books
#              will require a gutter of 0.2 - 0.3 in" beyond the 0.5 in margin) and the "Gutter
#              Additions" table of Lulu's Book Creation Guide (scribd.com/document/503228944)
# [PROJECT]    mazebook's own print rule (README, Print rules): lines at least 0.75 pt.


@dataclass(frozen=True)
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


@dataclass(frozen=True)
class PageLimit:
    """A lower maximum page count for one trim on one paper."""

    trim: Trim
    paper: Paper
    max_pages: int


@dataclass(frozen=True)
class Barcode:
    """The box kept free of ink for the barcode, in the lower right of the back cover."""

    width: float
    height: float
    from_spine: float  # clear distance between the box and the spine fold
    from_bottom: float  # clear distance between the box and the bottom trim edge


@dataclass(frozen=True)
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


@dataclass(frozen=True)
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


# Industry-standard KDP paperback trims [KDP-TRIM] (custom trims are not accepted here: a cover's
# trim is told from its size, which needs a finite list).
_KDP_TRIMS = (
    Trim(5, 8),
    Trim(5.06, 7.81),
    Trim(5.25, 8),
    Trim(5.5, 8.5),
    Trim(6, 9),
    Trim(6.14, 9.21),
    Trim(6.69, 9.61),
    Trim(7, 10),
    Trim(7.44, 9.69),
    Trim(7.5, 9.25),
    Trim(8, 10),
    Trim(8.25, 6),
    Trim(8.25, 8.25),
    Trim(8.5, 8.5),
    Trim(8.5, 11),
    Trim(8.27, 11.69),
)

KDP = Printer(
    name="kdp",
    title="Amazon KDP paperback",
    trims=_KDP_TRIMS,  # [KDP-TRIM]
    bleed=0.125,  # [KDP-TRIM]
    bleed_sides="three",  # top, bottom and outside edge, none at the spine [KDP-TRIM]
    min_pages=24,  # [KDP-PAGES]
    max_pages=828,  # black ink on white paper [KDP-PAGES]
    page_limits=(
        PageLimit(Trim(8.25, 6), "white", 800),  # [KDP-PAGES]
        PageLimit(Trim(8.25, 8.25), "white", 800),  # [KDP-PAGES]
        PageLimit(Trim(8.5, 8.5), "white", 590),  # [KDP-PAGES]
        PageLimit(Trim(8.5, 11), "white", 590),  # [KDP-PAGES]
        PageLimit(Trim(8.27, 11.69), "white", 780),  # [KDP-PAGES]
        *(PageLimit(t, "cream", 776) for t in _KDP_TRIMS),  # cream maximum 776 [KDP-PAGES]
        PageLimit(Trim(8.25, 6), "cream", 750),  # [KDP-PAGES]
        PageLimit(Trim(8.25, 8.25), "cream", 750),  # [KDP-PAGES]
        PageLimit(Trim(8.5, 8.5), "cream", 550),  # [KDP-PAGES]
        PageLimit(Trim(8.5, 11), "cream", 550),  # [KDP-PAGES]
        PageLimit(Trim(8.27, 11.69), "cream", 730),  # [KDP-PAGES]
        *(PageLimit(t, "color", 600) for t in _KDP_TRIMS),  # standard colour [KDP-INK]
        PageLimit(Trim(8.25, 6), "premium-color", 800),  # [KDP-INK]
        PageLimit(Trim(8.25, 8.25), "premium-color", 800),  # [KDP-INK]
        PageLimit(Trim(8.5, 8.5), "premium-color", 590),  # [KDP-INK]
        PageLimit(Trim(8.5, 11), "premium-color", 590),  # [KDP-INK]
        PageLimit(Trim(8.27, 11.69), "premium-color", 590),  # [KDP-INK]
    ),
    even_pages=True,  # KDP pads an odd count with a blank page; we ask for even ourselves
    bound=True,
    inside_margins=(
        (150, 0.375),
        (300, 0.5),
        (500, 0.625),
        (700, 0.75),
        (828, 0.875),
    ),  # [KDP-TRIM]
    outside_margin=0.25,  # [KDP-TRIM]
    outside_margin_bleed=0.375,  # [KDP-TRIM]
    min_line=0.75,  # [KDP-SUB]
    cover=Cover(
        bleed=0.125,  # every side [KDP-COVER]
        spine_per_page=(
            ("white", 0.002252),  # [KDP-SUB]
            ("cream", 0.0025),  # [KDP-COVER]
            ("color", 0.002252),  # [KDP-INK]
            ("premium-color", 0.002347),  # [KDP-INK]
        ),
        spine_base=0.0,  # [KDP-COVER]: width = 2 x trim + spine + 0.25 in, nothing more
        spine_text_min_pages=79,  # [KDP-SPINE]
        spine_text_clearance=0.0625,  # [KDP-SPINE]
        barcode=Barcode(2.0, 1.2, from_spine=0.25, from_bottom=0.25),  # [KDP-COVER], [CS-BARCODE]
        safe=0.125,  # [KDP-CSAFE]
        spaces=("gray", "rgb", "cmyk"),  # [KDP-CSAFE]
    ),
    min_pages_by_paper=(("color", 72),),  # [KDP-INK]
    colour_spaces=("gray", "rgb", "cmyk"),  # [KDP-CSAFE]
    ink_limit=None,  # KDP publishes no ink limit for paperbacks
    preferred="",
    flatten_transparency=True,  # [KDP-FILES]
    min_dpi=300,  # [KDP-FILES]
    jpx=True,  # KDP names no rule against JPEG 2000
    no_marks=True,  # [KDP-FILES]
    max_file_mb=650,  # [KDP-FILES]
)

# Lulu's standard paperback sizes. UNVERIFIED as a list (6 x 9 and 4.25 x 6.87 are named in
# [LULU-BLEED] and greyscalepress.com/2010/news/lulu-com-publishing-tips/; the rest are Lulu's
# published product sizes as we know them).
_LULU_TRIMS = (
    Trim(4.25, 6.87),
    Trim(5.5, 8.5),
    Trim(5.83, 8.27),
    Trim(6, 9),
    Trim(6.14, 9.21),
    Trim(6.63, 10.25),
    Trim(7, 10),
    Trim(7.44, 9.68),
    Trim(7.5, 7.5),
    Trim(8.5, 8.5),
    Trim(8.5, 11),
    Trim(8.27, 11.69),
)

LULU = Printer(
    name="lulu",
    title="Lulu paperback (perfect bound)",
    trims=_LULU_TRIMS,  # UNVERIFIED as a list (see _LULU_TRIMS)
    bleed=0.125,  # [LULU-BLEED]
    bleed_sides="four",  # "0.125 in past the trim edge on every side" [LULU-BLEED]
    min_pages=32,  # [LULU-MIN]
    max_pages=800,  # UNVERIFIED (the largest count in Lulu's spine table [LULU-SPINE])
    page_limits=(),
    even_pages=True,  # UNVERIFIED as a rule; a bound book has an even count of pages
    bound=True,
    # the 0.5 in safety margin [LULU-BLEED] plus the gutter for the page count [LULU-GUTTER];
    # UNVERIFIED as a table: the guide's "Gutter Additions" could not be read, these are its
    # numbers as commonly quoted (none to 60 pages, 0.125 to 150, 0.5 to 400, 0.625 to 600,
    # 0.75 beyond)
    inside_margins=((60, 0.5), (150, 0.625), (400, 1.0), (600, 1.125), (800, 1.25)),
    outside_margin=0.5,  # [LULU-BLEED]
    outside_margin_bleed=0.5,  # [LULU-BLEED]
    min_line=0.75,  # UNVERIFIED for Lulu; [PROJECT]
    cover=Cover(
        bleed=0.125,  # [LULU-BLEED]
        spine_per_page=(
            ("white", 1 / 444),  # [LULU-SPINE]
            ("cream", 1 / 444),  # UNVERIFIED [LULU-SPINE]
            ("color", 1 / 444),  # UNVERIFIED [LULU-SPINE]
            ("premium-color", 1 / 444),  # UNVERIFIED [LULU-SPINE]
        ),
        spine_base=0.06,  # [LULU-SPINE]
        spine_text_min_pages=80,  # [LULU-TEXT]
        spine_text_clearance=0.0625,  # UNVERIFIED for Lulu; KDP's number [KDP-SPINE]
        barcode=Barcode(3.625, 1.25, from_spine=0.375, from_bottom=0.375),  # [LULU-ISBN], dated
        safe=0.125,  # UNVERIFIED for Lulu covers; KDP's number [KDP-CSAFE]
        spaces=("gray", "rgb", "cmyk"),  # UNVERIFIED for covers; converted to sRGB [LULU-FAQ]
    ),
    min_pages_by_paper=(),
    colour_spaces=("gray", "rgb", "cmyk"),  # other spaces converted to sRGB [LULU-FAQ]
    ink_limit=None,  # no published limit found
    preferred="",
    flatten_transparency=True,  # UNVERIFIED for Lulu (the common print rule)
    min_dpi=300,  # [LULU-FAQ]
    jpx=True,  # UNVERIFIED: Lulu names no rule against JPEG 2000
    no_marks=True,  # UNVERIFIED for Lulu (KDP's rule [KDP-FILES])
    max_file_mb=None,  # no published limit found
)

INGRAMSPARK = Printer(
    name="ingramspark",
    title="IngramSpark paperback",
    trims=(*_KDP_TRIMS[:12], Trim(8.5, 8.5), Trim(8.5, 11), Trim(8.27, 11.69)),  # UNVERIFIED
    bleed=0.125,  # UNVERIFIED (the common 0.125 in; IngramSpark's guide is behind a login)
    bleed_sides="four",  # UNVERIFIED
    min_pages=18,  # UNVERIFIED
    max_pages=1200,  # UNVERIFIED
    page_limits=(),
    even_pages=True,  # "The final page should be blank ... we'll add one" [IS-FILES]
    bound=True,
    inside_margins=((1200, 0.5),),  # [IS-FILES]
    outside_margin=0.5,  # [IS-FILES]
    outside_margin_bleed=0.5,  # [IS-FILES]
    min_line=0.75,  # UNVERIFIED for IngramSpark; [PROJECT]
    cover=Cover(
        bleed=0.125,  # UNVERIFIED
        spine_per_page=(
            ("white", 1 / 444),  # UNVERIFIED (paper PPI)
            ("cream", 1 / 426),  # UNVERIFIED (paper PPI)
            ("color", 1 / 444),  # UNVERIFIED (standard colour on the white paper)
            ("premium-color", 1 / 426),  # UNVERIFIED (paper PPI)
        ),
        spine_base=0.0,  # UNVERIFIED
        spine_text_min_pages=48,  # UNVERIFIED
        spine_text_clearance=0.0625,  # UNVERIFIED; KDP's number [KDP-SPINE]
        barcode=Barcode(2.0, 1.2, from_spine=0.25, from_bottom=0.25),  # UNVERIFIED; KDP's box
        safe=0.25,  # [IS-TIPS]
        spaces=("gray", "cmyk"),  # CMYK mode [IS-COVER]
    ),
    min_pages_by_paper=(),
    colour_spaces=("gray", "cmyk"),  # [IS-COVER]
    ink_limit=240,  # [IS-COVER]
    preferred="PDF/X-1a:2001",  # [IS-COVER]
    flatten_transparency=True,  # PDF/X-1a has no transparency [IS-COVER]
    min_dpi=300,  # [IS-COVER]
    jpx=False,  # PDF/X-1a (PDF 1.3) has no JPEG 2000 [IS-COVER]
    no_marks=True,  # UNVERIFIED for IngramSpark (KDP's rule [KDP-FILES])
    max_file_mb=None,  # no published limit found
)

HOME = Printer(
    name="home",
    title="a desktop printer",
    trims=(Trim(8.5, 11), Trim(8.27, 11.69), Trim(8.5, 14), Trim(5.83, 8.27)),  # letter, A4,
    # legal, A5 paper: the sheets desktop printers take
    bleed=0.0,  # desktop printers cannot print to the edge
    bleed_sides="none",
    min_pages=None,  # no binding, no page-count rule
    max_pages=None,
    page_limits=(),
    even_pages=False,
    bound=False,
    inside_margins=((10**9, 0.25),),  # no binding: the inside edge is an edge like the others
    outside_margin=0.25,  # UNVERIFIED: the unprintable edge of most desktop printers
    outside_margin_bleed=0.25,
    min_line=0.75,  # [PROJECT]
    cover=None,
    min_pages_by_paper=(),
    colour_spaces=("gray", "rgb", "cmyk"),  # a desktop printer takes any of them
    ink_limit=None,
    preferred="",
    flatten_transparency=False,  # a desktop printer's driver flattens it
    min_dpi=300,  # [PROJECT]
    jpx=True,
    no_marks=False,
    max_file_mb=None,
)

PRINTERS: dict[str, Printer] = {p.name: p for p in (KDP, INGRAMSPARK, LULU, HOME)}
DEFAULT_PRINTER = "kdp"


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
