"""One build runner for every product: a book, a worksheet, a class set, a cover.

``build`` is the one pipeline, the same for every product: plan it (the product's own step:
printer rules, page plan, layout, fonts, the room for mazes, giving a ``Planned``), fit its
levels (fit.fit_plan: shapes probed, levels fitted or capped, the caps), name its files (a
``Product``: ``outputs``), check those names (UTF-8, none an input or another output, each
writable) before any puzzle is made, draw it (``render``) with progress, and write the atomic
output set with the manifest (a typed record, written here and nowhere else, last, with the
digests of the other files). A cover alone has no levels to fit and goes straight to ``run``.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterable, Sequence
from pathlib import Path
from typing import Any, Protocol

from ..errors import MazebookBug, OutputError
from ..fileio import OutputSet
from ..inputs import check_distinct, utf8_path
from ..pages.plan import BookPlan
from ..printing.economics import Economics
from ..records import record
from ..template import Template
from . import manifest as manifest_mod
from .assets import ASSET_DPI, AssetFolders, asset_paths
from .fit import Fitting, fit_plan
from .manifest import Manifest

Progress = Callable[[int, int], None]


@record
class BuildResult:
    """Where the files went and what the book holds."""

    pdf: Path
    manifest: Path
    svg_dir: Path | None
    page_count: int
    puzzle_count: int
    seconds: float
    answers: Path | None = None  # a worksheet's answer key (NAME-answers.pdf)
    cover: Path | None = None  # a book's cover (NAME-cover.pdf), for printers that take one
    # puzzles made at a lower level than asked (fit = "cap": the page holds no more)
    capped: int = 0
    png_dir: Path | None = None
    # a book's printing cost and lowest earning list price (a printer with a table of them)
    economics: Economics | None = None


def capped_count(levels: Iterable[int], requested: Iterable[int]) -> int:
    """How many puzzles got a lower level than the template asked for (fit = "cap"); 0 when
    the requested levels are not known."""
    asked = tuple(requested)
    if not asked:
        return 0
    return sum(1 for got, wanted in zip(levels, asked, strict=True) if got != wanted)


def output_paths(template: Template, output: str | Path | None) -> tuple[Path, Path]:
    """NAME.pdf (output/NAME.pdf unless ``output`` names another .pdf) and NAME.json beside it."""
    if output is not None:
        pdf = utf8_path(output, what="output", error=OutputError)
    else:
        pdf = utf8_path(Path("output") / f"{template.name}.pdf", what="output", error=OutputError)
    if pdf.suffix.lower() != ".pdf":
        raise OutputError(f"the output {str(pdf)!r} must be a .pdf file")
    return pdf, pdf.with_suffix(".json")


def check_asset_dirs(out: OutputSet, folders: AssetFolders | None) -> None:
    """The asset folders checked writable up front (nothing to do when none is asked for)."""
    if folders is not None:
        for folder in (folders.svg, folders.png):
            if folder is not None:
                out.check(folder / "index.csv")


def template_inputs(tpl: Template) -> list[Path]:
    """Every file the build reads: the template, its font, mask images and mask fonts."""
    found = [tpl.path] if tpl.path is not None else []
    if tpl.font is not None:
        found.append(tpl.font)
    for section in tpl.sections:
        found += [Path(v) for k, v in section.shape_options if k in ("image", "font")]
    return found


def check_paths(
    inputs: Sequence[Path],
    outputs: list[Path],
    svg_dir: str | Path | None,
    count: int,
    *,
    png_dir: str | Path | None = None,
    dpi: int = ASSET_DPI,
) -> AssetFolders:
    """Output names that are UTF-8, and no output that is an input of the run or another
    output (OutputError), before any puzzle is made; returns the asset folders as Paths. The
    PNG folder may be neither the SVG folder nor the output files' folder (each would mix two
    sets of files under one index.csv)."""
    svg = None if svg_dir is None else utf8_path(svg_dir, what="SVG folder", error=OutputError)
    png = None if png_dir is None else utf8_path(png_dir, what="PNG folder", error=OutputError)
    for what, folder in (("SVG", svg), ("PNG", png)):
        if folder is None:
            continue
        inside = os.path.realpath(folder) + os.sep
        for path in outputs:
            if inside.startswith(os.path.realpath(path) + os.sep):
                raise OutputError(
                    f"the {what} folder {str(folder)!r} would be the output file {str(path)!r}; "
                    "name another folder"
                )
    if png is not None:
        real = os.path.realpath(png)
        if svg is not None and real == os.path.realpath(svg):
            raise OutputError(
                f"the PNG folder {str(png)!r} is the SVG folder; name another folder for the PNGs"
            )
        for path in outputs:
            if real == os.path.realpath(path.parent):
                raise OutputError(
                    f"the PNG folder {str(png)!r} is the folder of the output {str(path)!r}; "
                    "name a folder of its own for the PNGs"
                )
    folders = AssetFolders(svg, png, dpi)
    check_distinct(outputs + asset_paths(folders, count), list(inputs))
    return folders


def stage_manifest(out: OutputSet, path: Path, data: dict[str, Any]) -> None:
    """Stage the manifest last, with ``files``: the SHA-256 of every other file of the set,
    by its path relative to the manifest (see fileio's guarantee)."""
    data["files"] = out.digests(path.parent)
    out.stage(path, manifest_mod.dumps(data))


@record
class Outputs:
    """The files a product writes: its main PDF, and where it has them, its answer key, cover
    and manifest; ``svg_count`` puzzles get SVGs and PNGs when asset folders are asked for.
    ``inputs``: the files the build reads (template_inputs), which no output may replace."""

    pdf: Path
    manifest: Path | None = None
    answers: Path | None = None
    cover: Path | None = None
    svg_count: int = 0
    inputs: tuple[Path, ...] = ()

    @property
    def paths(self) -> list[Path]:
        """Every file of the set, checked in this order before the work starts."""
        found = [self.pdf, self.answers, self.cover, self.manifest]
        return [path for path in found if path is not None]


@record
class Rendered:
    """A product's drawn files (staged in this order, after any SVGs it staged itself), its
    manifest record, and what its summary tells."""

    files: tuple[tuple[Path, bytes], ...]
    manifest: Manifest | None = None
    page_count: int = 0
    puzzle_count: int = 0
    capped: int = 0
    keys: tuple[str, ...] = ()  # a book's puzzles' canonical keys, in order (no two alike)
    again: int = 0  # puzzles a book made again because they repeated an earlier one


class Product(Protocol):
    """A prepared product (every check that can refuse its input done): the files it writes
    and the drawing of them."""

    @property
    def outputs(self) -> Outputs:
        """Where the files go."""
        ...

    def render(
        self, out: OutputSet, assets: AssetFolders | None, progress: Progress | None
    ) -> Rendered:
        """Draw every file (the asset pack's straight into ``out``); nothing is written until
        the runner commits the set."""
        ...


@record
class Finished:
    """What a run wrote: the product's outputs, its rendering's summary, the SVG folder."""

    outputs: Outputs
    rendered: Rendered
    assets: AssetFolders
    seconds: float

    def result(self) -> BuildResult:
        """The run as a BuildResult (a product with a manifest: a book or a worksheet)."""
        if self.outputs.manifest is None:  # pragma: no cover - a caller's bug
            raise MazebookBug("a cover alone has no BuildResult; use its outputs")
        book = None if self.rendered.manifest is None else self.rendered.manifest.book
        return BuildResult(
            pdf=self.outputs.pdf,
            manifest=self.outputs.manifest,
            svg_dir=self.assets.svg,
            page_count=self.rendered.page_count,
            puzzle_count=self.rendered.puzzle_count,
            seconds=self.seconds,
            answers=self.outputs.answers,
            cover=self.outputs.cover,
            capped=self.rendered.capped,
            png_dir=self.assets.png,
            economics=None if book is None else book.economics,
        )


def stage_product(
    out: OutputSet, product: Product, assets: AssetFolders | None, progress: Progress | None
) -> Rendered:
    """Draw the product into ``out``: its asset pack, its files, then its manifest (whose
    ``files`` are every file staged in ``out`` so far)."""
    outputs = product.outputs
    rendered = product.render(out, assets, progress)
    for path, data in rendered.files:
        out.stage(path, data)
    if rendered.manifest is not None and outputs.manifest is not None:
        stage_manifest(out, outputs.manifest, rendered.manifest.to_dict())
    return rendered


def run(
    product: Product,
    *,
    svg_dir: str | Path | None = None,
    progress: Progress | None = None,
    started: float | None = None,
    png_dir: str | Path | None = None,
    dpi: int = ASSET_DPI,
) -> Finished:
    """Check the product's output names, draw it, and write the whole set at once (or nothing).

    ``started``: when the build began (perf_counter), so its preparation counts in the time.
    """
    begun = time.perf_counter() if started is None else started
    outputs = product.outputs
    folders = check_paths(
        outputs.inputs, outputs.paths, svg_dir, outputs.svg_count, png_dir=png_dir, dpi=dpi
    )
    with OutputSet() as out:
        for path in outputs.paths:
            out.check(path)
        check_asset_dirs(out, folders)
        rendered = stage_product(out, product, folders, progress)
        out.commit()
    return Finished(outputs, rendered, folders, time.perf_counter() - begun)


class Planned(Fitting, Protocol):
    """A product planned (its checks that need no level done), before its levels are fitted:
    what fitting asks (fit.Fitting), and the product it becomes with the fitted plan."""

    def product(self, plan: BookPlan, output: str | Path | None) -> Product:
        """The product of the fitted ``plan``, its files named after ``output``."""
        ...


def build(
    plan: Callable[[Template], Planned],
    template: Template,
    *,
    output: str | Path | None = None,
    svg_dir: str | Path | None = None,
    progress: Progress | None = None,
    started: float | None = None,
    png_dir: str | Path | None = None,
    dpi: int = ASSET_DPI,
) -> Finished:
    """The one pipeline: ``plan`` the template (the product's step), fit its levels, name its
    files, then ``run``: check the names, draw, write the whole set at once (or nothing)."""
    begun = time.perf_counter() if started is None else started
    planned = plan(template)
    product = planned.product(fit_plan(planned), output)
    return run(product, svg_dir=svg_dir, progress=progress, started=begun, png_dir=png_dir, dpi=dpi)
