"""``mazebook cover``: only the cover of the book a template builds, its page count from the
book's plan (no maze of the book is made)."""

from __future__ import annotations

import io
from dataclasses import dataclass, replace
from pathlib import Path

from ..engine import check_seed
from ..errors import OutputError
from ..fileio import OutputSet
from ..printers import PrinterRuleError
from ..render.typeset import FontPair
from ..template import Template, load_template
from .build import load_fonts, plan_layout
from .cover import render_cover
from .pipeline import Progress
from .plan import BookPlan
from .printing import PrintSetup, warn_padding, with_printer
from .product import Outputs, Rendered, run


def build_cover(
    template: Template | str | Path | None = None,
    *,
    output: str | Path | None = None,
    printer: str | None = None,
    seed: int | None = None,
) -> Path:
    """Write only the cover of the book ``template`` builds (``mazebook cover``): the book is
    planned for its page count, no maze of its own is made. Returns the file written."""
    tpl = template if isinstance(template, Template) else load_template(template)
    tpl = with_printer(tpl, printer)
    if seed is not None:
        tpl = replace(tpl, seed=check_seed(seed))
    return run(cover_product(tpl, output)).outputs.pdf


@dataclass(frozen=True)
class CoverProduct:
    """A prepared cover alone (the product.Product of ``mazebook cover``): the book's template,
    printer rules and page plan, its fonts, and the one file."""

    template: Template
    printing: PrintSetup
    plan: BookPlan
    fonts: FontPair
    files: Outputs

    def outputs(self) -> Outputs:
        return self.files

    def render(self, out: OutputSet, svg_dir: Path | None, progress: Progress | None) -> Rendered:
        """The one-piece cover for the planned page count (no manifest)."""
        printing = self.printing
        warn_padding(printing, self.plan)
        buffer = io.BytesIO()
        render_cover(
            self.template,
            self.fonts,
            printing.printer,
            printing.page_trim,
            self.plan.page_count,
            buffer,
        )
        return Rendered(((self.files.pdf, buffer.getvalue()),), page_count=self.plan.page_count)


def cover_product(template: Template, output: str | Path | None) -> CoverProduct:
    """Plan the book for its page count (refusing a worksheet, or a printer without covers)
    and name the cover's file (default output/NAME-cover.pdf)."""
    if template.worksheet is not None:
        raise PrinterRuleError(f"{template.source}: a worksheet is loose sheets and has no cover")
    printing, plan, _ = plan_layout(template)
    if not printing.takes_cover:
        p = printing.printer
        raise PrinterRuleError(f"printer {p.name!r} ({p.title}) takes no cover")
    path = Path(output) if output is not None else Path("output") / f"{template.name}-cover.pdf"
    if path.suffix.lower() != ".pdf":
        raise OutputError(f"the output {str(path)!r} must be a .pdf file")
    return CoverProduct(template, printing, plan, load_fonts(template), Outputs(path))
