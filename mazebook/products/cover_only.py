"""``mazebook cover``: only the cover of the book a template builds, its page count from the
book's plan (no maze of the book is made)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from ..core.engine import check_seed
from ..errors import OutputError
from ..printing.printers import PrinterRuleError
from ..printing.rules import warn_padding
from ..template import Template, load_template
from .book import check_title_page, load_fonts, plan_layout
from .cover import CoverProduct
from .runner import Outputs, run, template_inputs


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
    tpl = tpl.with_printer(printer)
    if seed is not None:
        tpl = replace(tpl, seed=check_seed(seed))
    return run(cover_product(tpl, output)).outputs.pdf


def cover_product(template: Template, output: str | Path | None) -> CoverProduct:
    """Plan the book for its page count (refusing a worksheet, or a printer without covers)
    and name the cover's file (default output/NAME-cover.pdf)."""
    if template.worksheet is not None:
        raise PrinterRuleError(f"{template.source}: a worksheet is loose sheets and has no cover")
    printing, plan, layout = plan_layout(template)
    if not printing.takes_cover:
        p = printing.printer
        raise PrinterRuleError(f"printer {p.name!r} ({p.title}) takes no cover")
    path = Path(output) if output is not None else Path("output") / f"{template.name}-cover.pdf"
    if path.suffix.lower() != ".pdf":
        raise OutputError(f"the output {str(path)!r} must be a .pdf file")
    fonts = load_fonts(template)
    check_title_page(template, plan, layout, fonts)
    warn_padding(printing, plan)
    return CoverProduct(
        template,
        fonts,
        printing.printer,
        printing.page_trim,
        plan.page_count,
        printing.paper,
        Outputs(path, inputs=tuple(template_inputs(template))),
    )
