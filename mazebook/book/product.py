"""One build runner for every product: a book, a worksheet, a class set, a cover.

Each product is prepared first (every check that can refuse the input: template, fonts, page
room, levels, caps), which gives a ``Product``: it names the files it will write (``outputs``)
and draws them (``render``). The runner does the rest the same way for all of them: the output
names checked (UTF-8, none an input or another output, each writable) before any maze is made,
the SVG folder, the atomic output set, the manifest (a typed record, written here and nowhere
else, last, with the digests of the other files), progress and the result.
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from ..fileio import OutputSet
from ..template import Template
from .manifest import Manifest
from .pipeline import BuildResult, Progress, check_paths, check_svg_dir, stage_manifest


@dataclass(frozen=True)
class Outputs:
    """The files a product writes: its main PDF, and where it has them, its answer key, cover
    and manifest; ``svg_count`` puzzles get SVGs when an SVG folder is asked for."""

    pdf: Path
    manifest: Path | None = None
    answers: Path | None = None
    cover: Path | None = None
    svg_count: int = 0

    @property
    def paths(self) -> list[Path]:
        """Every file of the set, checked in this order before the work starts."""
        found = [self.pdf, self.answers, self.cover, self.manifest]
        return [path for path in found if path is not None]


@dataclass(frozen=True)
class Rendered:
    """A product's drawn files (staged in this order, after any SVGs it staged itself), its
    manifest record, and what its summary tells."""

    files: tuple[tuple[Path, bytes], ...]
    manifest: Manifest | None = None
    page_count: int = 0
    puzzle_count: int = 0
    capped: int = 0


class Product(Protocol):
    """A prepared product: its template, the files it writes, and the drawing of them."""

    @property
    def template(self) -> Template: ...

    def outputs(self) -> Outputs:
        """Where the files go."""
        ...

    def render(self, out: OutputSet, svg_dir: Path | None, progress: Progress | None) -> Rendered:
        """Draw every file (SVGs straight into ``out``); nothing is written until the runner
        commits the set."""
        ...


@dataclass(frozen=True)
class Finished:
    """What a run wrote: the product's outputs, its rendering's summary, the SVG folder."""

    outputs: Outputs
    rendered: Rendered
    svg_dir: Path | None
    seconds: float

    def result(self) -> BuildResult:
        """The run as a BuildResult (a product with a manifest: a book or a worksheet)."""
        assert self.outputs.manifest is not None, "a cover alone has no BuildResult"
        return BuildResult(
            pdf=self.outputs.pdf,
            manifest=self.outputs.manifest,
            svg_dir=self.svg_dir,
            page_count=self.rendered.page_count,
            puzzle_count=self.rendered.puzzle_count,
            seconds=self.seconds,
            answers=self.outputs.answers,
            cover=self.outputs.cover,
            capped=self.rendered.capped,
        )


def run(
    product: Product,
    *,
    svg_dir: str | Path | None = None,
    progress: Progress | None = None,
    started: float | None = None,
) -> Finished:
    """Check the product's output names, draw it, and write the whole set at once (or nothing).

    ``started``: when the build began (perf_counter), so its preparation counts in the time.
    """
    begun = time.perf_counter() if started is None else started
    outputs = product.outputs()
    svg_path = check_paths(product.template, outputs.paths, svg_dir, outputs.svg_count)
    with OutputSet() as out:
        for path in outputs.paths:
            out.check(path)
        check_svg_dir(out, svg_path)
        rendered = product.render(out, svg_path, progress)
        for path, data in rendered.files:
            out.stage(path, data)
        if rendered.manifest is not None and outputs.manifest is not None:
            stage_manifest(out, outputs.manifest, rendered.manifest.to_dict())
        out.commit()
    return Finished(outputs, rendered, svg_path, time.perf_counter() - begun)
