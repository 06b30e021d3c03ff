"""The paperback cover: one page of back + spine + front with bleed on every side.

Its size comes from the printer's table (printers.cover_size: trim, page count and paper). The
template's ``[cover] design`` lays it out (mazebook/products/cover_designs: band, framed,
full-bleed); every design puts on the front the title (a volume of a series: with its number),
subtitle and author, readable in a store's 160 px thumbnail, and a vector puzzle of the book's
own kind and shape at a level the book holds (and the template's own picture, if it has one);
on the spine the title and author (else the title, else a volume's number) reading top to
bottom when the page count allows it, clear of both folds; on the back the template's
``[cover] blurb`` and the barcode box left empty. Black and grey, with one accent colour if
``[cover] color`` is set. A large-print book's cover says so, its words at least 16 pt.
"""

from __future__ import annotations

import io
from pathlib import Path

from ..fileio import OutputSet
from ..printing.printers import Printer, Trim, cover_size, spine_width
from ..records import record
from ..render.pdf import new_canvas
from ..render.typeset import FontPair, check_text
from ..template import Template
from .assets import AssetFolders
from .cover_designs import design
from .cover_designs.band import band_height, band_text
from .cover_designs.frame import CoverContext, CoverLayout, cmyk_of, cover_layout
from .cover_designs.lettering import TEXT_MIN, large_print_words
from .cover_designs.panels import SPINE_MIN, blurb_lines, blurb_measure, spine_text
from .manifest import CoverEntry
from .runner import Outputs, Progress, Rendered

__all__ = [
    "SPINE_MIN",
    "TEXT_MIN",
    "CoverLayout",
    "CoverProduct",
    "band_height",
    "band_text",
    "blurb_lines",
    "blurb_measure",
    "cmyk_of",
    "cover_layout",
    "cover_manifest",
    "cover_path",
    "render_cover",
    "spine_text",
]


def cover_manifest(file: str, p: Printer, trim: Trim, pages: int, paper: str) -> CoverEntry:
    """The manifest's ``cover`` entry: file, size in inches, spine, paper and page count."""
    width, height = cover_size(p, trim, pages, paper)
    return CoverEntry(
        file=file,
        width_in=round(width, 4),
        height_in=round(height, 4),
        spine_in=round(spine_width(p, pages, paper), 4),
        paper=paper,
        pages=pages,
    )


@record
class CoverProduct:
    """A cover ready to draw (the product.Product of a cover): the book's template and fonts,
    its printer, trim, page count and paper, and the cover's file. A book draws its own cover
    through it; ``mazebook cover`` runs it alone."""

    template: Template
    fonts: FontPair
    printer: Printer
    trim: Trim
    pages: int
    paper: str
    outputs: Outputs

    def __post_init__(self) -> None:
        check_cover_text(self.template, self.fonts, self.printer, self.trim, self.pages)

    def render(
        self, out: OutputSet, assets: AssetFolders | None, progress: Progress | None
    ) -> Rendered:
        """The one-piece cover (no manifest of its own)."""
        buffer = io.BytesIO()
        render_cover(self.template, self.fonts, self.printer, self.trim, self.pages, buffer)
        return Rendered(((self.outputs.pdf, buffer.getvalue()),), page_count=self.pages)

    def manifest_entry(self) -> CoverEntry:
        """The book manifest's ``cover`` entry for this cover."""
        return cover_manifest(
            self.outputs.pdf.name, self.printer, self.trim, self.pages, self.paper
        )


def cover_path(pdf: Path) -> Path:
    """NAME-cover.pdf beside NAME.pdf."""
    return pdf.with_name(f"{pdf.stem}-cover.pdf")


def cover_context(
    template: Template, fonts: FontPair, p: Printer, trim: Trim, pages: int
) -> CoverContext:
    """What the template's design draws from."""
    lay = cover_layout(p, trim, pages, template.printing.paper)
    return CoverContext(template, fonts, p, pages, lay)


def check_cover_text(
    template: Template, fonts: FontPair, p: Printer, trim: Trim, pages: int
) -> None:
    """TemplateError when the cover's words cannot be set (a title or subtitle too long to
    read in a store's thumbnail, an author too long for the front, a blurb that runs over the
    back onto the barcode box: the cover never drops words or shrinks them past reading);
    PictureError for a picture that cannot be read or prints under 300 dpi. Checked before any
    file is written."""
    if template.large_print:
        check_text(fonts.bold, large_print_words(template), what="cover's words")
    ctx = cover_context(template, fonts, p, trim, pages)
    design(template.printing.cover.design).check(ctx)


def render_cover(
    template: Template,
    fonts: FontPair,
    p: Printer,
    trim: Trim,
    pages: int,
    stream: io.BytesIO,
) -> CoverLayout:
    """Draw the cover of a book of ``pages`` pages into ``stream``; returns its layout."""
    ctx = cover_context(template, fonts, p, trim, pages)
    lay = ctx.lay
    canvas = new_canvas(
        stream,
        (lay.width, lay.height),
        font=fonts.regular,
        boxes={"trimBox": lay.trim_box, "bleedBox": (0.0, 0.0, lay.width, lay.height)},
        lang=template.texts.language,
    )
    canvas.setTitle(f"{template.title} (cover)")
    canvas.setAuthor(template.author)
    canvas.setSubject("Maze puzzles: cover")
    canvas.setCreator("mazebook")
    design(template.printing.cover.design).draw(canvas, ctx)
    canvas.showPage()
    canvas.save()
    return lay
