"""``mazebook cover``: only the cover of the book a template builds, its page count from the
book's plan (no maze of the book is made)."""

from __future__ import annotations

import io
from dataclasses import replace
from pathlib import Path

from ..engine import check_seed
from ..errors import OutputError
from ..fileio import OutputSet
from ..printers import PrinterRuleError
from ..template import Template, load_template
from .build import check_title_page, load_fonts, plan_layout
from .cover import render_cover
from .printing import warn_padding, with_printer


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
    if tpl.worksheet is not None:
        raise PrinterRuleError(f"{tpl.source}: a worksheet is loose sheets and has no cover")
    printing, plan, layout = plan_layout(tpl)
    if not printing.takes_cover:
        p = printing.printer
        raise PrinterRuleError(f"printer {p.name!r} ({p.title}) takes no cover")
    path = Path(output) if output is not None else Path("output") / f"{tpl.name}-cover.pdf"
    if path.suffix.lower() != ".pdf":
        raise OutputError(f"the output {str(path)!r} must be a .pdf file")
    fonts = load_fonts(tpl)
    check_title_page(tpl, plan, layout, fonts)
    warn_padding(printing, plan)
    with OutputSet() as out:
        out.check(path)
        buffer = io.BytesIO()
        render_cover(tpl, fonts, printing.printer, printing.page_trim, plan.page_count, buffer)
        out.stage(path, buffer.getvalue())
        out.commit()
    return path
