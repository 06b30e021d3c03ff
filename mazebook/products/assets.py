"""An asset pack: every puzzle of a book, worksheet or class set as files of its own, for makers
who lay out their books in other tools.

``--svg-dir``: puzzle-NNN.svg and solution-NNN.svg. ``--png-dir``: puzzle-NNN.png and
puzzle-NNN-solution.png at ``--dpi`` (300 by default), transparent where there is no ink, each
drawn exactly as its page draws it (the same card, geometry, style and line widths: the
puzzle as on its puzzle page, the solution as on its answer page), cut to its ink. Each folder
gets ``index.csv``: one row a puzzle (number, section, level, kind, shape, width, height, seed
and its two files). Every file is staged in the build's output set, so the pack lands with the
book or not at all, and the manifest records its digests.
"""

from __future__ import annotations

import csv
import functools
import io
from collections.abc import Callable
from dataclasses import asdict
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from ..fileio import OutputSet
from ..kinds import Made, kind_of
from ..pages.document import Card
from ..pages.layout import Box, Slot
from ..pages.plan import PlannedPuzzle
from ..records import record
from ..render.dpi import check_dpi
from ..render.pdf import new_canvas
from ..render.typeset import FontPair
from ..template import Template
from ..template.texts import Texts

#: The PNGs' resolution unless --dpi says otherwise.
ASSET_DPI = 300
#: The index of an asset folder.
INDEX = "index.csv"
#: Points of clear space kept round a picture's ink.
PNG_MARGIN = 2.0


@record
class AssetFolders:
    """Where a build's asset pack goes: an SVG folder, a PNG folder (each None: not asked
    for) and the PNGs' resolution."""

    svg: Path | None = None
    png: Path | None = None
    dpi: int = ASSET_DPI

    def __post_init__(self) -> None:
        check_dpi(self.dpi)

    @property
    def wanted(self) -> bool:
        return self.svg is not None or self.png is not None


def number_width(count: int) -> int:
    """Digits of a file's number: at least 3 (puzzle-001), more for a larger set."""
    return max(3, len(str(count)))


def svg_files(number: int, width: int) -> tuple[str, str]:
    """A puzzle's SVG and its solution's, by name."""
    return f"puzzle-{number:0{width}d}.svg", f"solution-{number:0{width}d}.svg"


def png_files(number: int, width: int) -> tuple[str, str]:
    """A puzzle's PNG and its solution's, by name."""
    stem = f"puzzle-{number:0{width}d}"
    return f"{stem}.png", f"{stem}-solution.png"


def asset_paths(folders: AssetFolders, count: int) -> list[Path]:
    """Every file a pack of ``count`` puzzles writes (checked before the work starts)."""
    width = number_width(count)
    found: list[Path] = []
    for folder, names in ((folders.svg, svg_files), (folders.png, png_files)):
        if folder is not None:
            found += [folder / name for n in range(1, count + 1) for name in names(n, width)]
            found.append(folder / INDEX)
    return found


@record
class Drawn:
    """A drawing as its page has it: ``paint`` draws it on a canvas in page coordinates
    (points), inside ``region``; its PNG is that region drawn alone, cut to its ink."""

    paint: Callable[[Canvas], None]
    region: Box


def slot_drawing(card: Card, fonts: FontPair, slot: Slot) -> Drawn:
    """A card's drawing as ``draw_drawing`` puts it in a slot of its page (no caption)."""
    return Drawn(functools.partial(card.draw_drawing, fonts=fonts, slot=slot), slot.maze)


#: Points of room the drawing's own page gives round its region: a line's cap, an arrow or a
#: word may stand a little outside it, and nothing may be cut off.
REGION_ROOM = 24.0


def drawing_pdf(drawn: Drawn, fonts: FontPair) -> bytes:
    """A one-page PDF of the drawing alone: its region and REGION_ROOM round it as the page,
    the drawing where its page puts it (so every line keeps its width)."""
    buffer = io.BytesIO()
    region, room = drawn.region, REGION_ROOM
    size = (region.width + 2 * room, region.height + 2 * room)
    canvas = new_canvas(buffer, size, font=fonts.regular)
    canvas.translate(room - region.x, room - region.y)
    drawn.paint(canvas)
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@record
class IndexRow:
    """One puzzle's row of index.csv."""

    number: int
    section: str
    level: int
    kind: str
    shape: str
    width: int
    height: int
    seed: int | str
    puzzle_file: str
    solution_file: str


COLUMNS = tuple(IndexRow.__dataclass_fields__)


def index_row(template: Template, planned: PlannedPuzzle, made: Made) -> IndexRow:
    """A puzzle's row (without its files): the facts its kind records."""
    facts = made.facts
    seed = getattr(facts, "seed", None)
    return IndexRow(
        number=planned.number,
        section=template.sections[planned.section].name,
        level=facts.level,
        kind=kind_of(template, planned.section).name,
        shape=str(getattr(facts, "shape", "rect")),
        width=int(getattr(facts, "width", 0)),
        height=int(getattr(facts, "height", 0)),
        seed="" if seed is None else int(seed),
        puzzle_file="",
        solution_file="",
    )


class AssetPack:
    """The asset files of one build, staged puzzle by puzzle, and each folder's index last."""

    def __init__(
        self, folders: AssetFolders | None, count: int, fonts: FontPair, texts: Texts
    ) -> None:
        self.folders = folders or AssetFolders()
        self.texts = texts  # the language of the SVGs' titles and descriptions
        self.width = number_width(count)
        self.fonts = fonts
        self.rows: list[IndexRow] = []

    def add(
        self,
        out: OutputSet,
        row: IndexRow,
        made: Made,
        words: tuple[str, str],
        puzzle: Drawn,
        solution: Drawn,
    ) -> None:
        """Stage a puzzle's files (its SVGs, its PNGs, as asked) and remember its row."""
        folders = self.folders
        if not folders.wanted:
            return
        if folders.svg is not None:
            for name, show in zip(svg_files(row.number, self.width), (False, True), strict=True):
                out.stage(folders.svg / name, made.svg(self.texts, words, solution=show))
        if folders.png is not None:
            for name, drawn in zip(
                png_files(row.number, self.width), (puzzle, solution), strict=True
            ):
                pdf = drawing_pdf(drawn, self.fonts)
                out.stage(folders.png / name, _ink_png(pdf, dpi=folders.dpi, margin=PNG_MARGIN))
        self.rows.append(row)

    def finish(self, out: OutputSet) -> None:
        """Stage index.csv in each folder: one row a puzzle, in number order."""
        for folder, names in ((self.folders.svg, svg_files), (self.folders.png, png_files)):
            if folder is None:
                continue
            text = io.StringIO()
            writer = csv.writer(text, lineterminator="\n")
            writer.writerow(COLUMNS)
            for row in sorted(self.rows, key=lambda r: r.number):
                files = names(row.number, self.width)
                cells = asdict(row) | {"puzzle_file": files[0], "solution_file": files[1]}
                writer.writerow([cells[column] for column in COLUMNS])
            out.stage(folder / INDEX, text.getvalue())


def _ink_png(pdf: bytes, *, dpi: int, margin: float) -> bytes:
    """The drawing's PNG cut to its ink; PDFium is loaded only when a PNG pack is asked for."""
    from ..render.png import ink_png

    return ink_png(pdf, dpi=dpi, margin=margin)
