"""The one entry that builds any product: a template (a name, a .toml path or a Template) in,
its files out. A book, a worksheet or a class set: each is planned by its own module (book.py,
worksheet.py, classset.py) and made by the one runner (runner.build)."""

from __future__ import annotations

import os
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

from ..core.engine import check_seed
from ..printing.printers import printer as printer_table
from ..template import Template, load_template
from .assets import ASSET_DPI
from .book import plan_book_product
from .fit import fit_plan
from .runner import BuildResult, Planned, Product, Progress, build


def build_book(
    template: Template | str | os.PathLike[str] | None = None,
    *,
    output: str | Path | None = None,
    seed: int | None = None,
    svg_dir: str | Path | None = None,
    progress: Progress | None = None,
    printer: str | None = None,
    png_dir: str | Path | None = None,
    dpi: int = ASSET_DPI,
) -> BuildResult:
    """Build a book: template (a name, a .toml path or a Template) in, PDF + manifest out.

    ``output`` defaults to output/<template name>.pdf; the manifest goes beside it as .json.
    ``seed`` replaces the template's. ``svg_dir`` also writes puzzle-NNN.svg and
    solution-NNN.svg, ``png_dir`` puzzle-NNN.png and puzzle-NNN-solution.png at ``dpi``, each
    folder with its index.csv (products/assets.py). ``progress(done, total)`` is called after
    each puzzle. ``printer``
    replaces the template's printer; every printer but "home" also gets NAME-cover.pdf (unless
    the template says ``cover = false``). A worksheet template (kind = "worksheet") is a
    worksheet (or, with names, a class set), which also writes the answer key
    NAME-answers.pdf. Every kind is prepared as its Product and made by the one runner.
    """
    started = time.perf_counter()
    tpl = prepared_template(template, seed=seed, printer=printer)
    if tpl.worksheet is None and tpl.printing.table.tactile and (svg_dir or png_dir):
        from .tactile import no_pictures

        raise no_pictures()
    finished = build(
        planner_for(tpl),
        tpl,
        output=output,
        svg_dir=svg_dir,
        progress=progress,
        started=started,
        png_dir=png_dir,
        dpi=dpi,
    )
    return finished.result()


def prepared_template(
    template: Template | str | os.PathLike[str] | None,
    *,
    seed: int | None = None,
    printer: str | None = None,
) -> Template:
    """The template read (a name, a .toml path or a Template), with ``seed`` and ``printer``
    replacing its own."""
    tpl = template if isinstance(template, Template) else load_template(template)
    if seed is not None:
        tpl = replace(tpl, seed=check_seed(seed))
    if printer is not None:
        printer_table(printer)  # an unknown name is refused even for a worksheet
    if tpl.worksheet is None:  # loose sheets: no printer rules beyond a desktop printer's
        tpl = tpl.with_printer(printer)
    return tpl


def planner_for(template: Template) -> Callable[[Template], Planned]:
    """The planning step of the product a template makes: a book's, or a worksheet's (which
    plans a class set too, a worksheet with names), or a tactile book's (printer = "tactile",
    products/tactile.py). The sheets' modules are imported only for a worksheet: a book never
    loads them."""
    if template.worksheet is None and template.printing.table.tactile:
        from .tactile import plan_tactile_product

        return plan_tactile_product
    if template.worksheet is None:
        return plan_book_product
    if template.names:  # a class set: every pupil's own sheets
        from .classset import plan_class_set_product

        return plan_class_set_product
    from .worksheet import plan_worksheet_product

    return plan_worksheet_product


def product_for(template: Template, output: str | Path | None) -> Product:
    """The product a template makes, planned and fitted (a book, a worksheet, or a class set):
    what ``build`` runs."""
    planned = planner_for(template)(template)
    return planned.product(fit_plan(planned), output)
