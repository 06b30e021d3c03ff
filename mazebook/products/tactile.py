"""A tactile book (``printer = "tactile"``): rectangular mazes for swell paper, one a page,
for blind readers, with the answers in a file of their own.

Each page holds one maze with walls WALL_MM wide and corridors at least MIN_CORRIDOR_MM, START
and FINISH marked by a raised triangle and square with their words in uncontracted braille and
in print beside them, and the puzzle's number in braille (pages/tactile.py draws it). Only
black is printed: swell paper raises black, and a grey would swell part way. The answers,
NAME-answers.pdf, are the same pages with the way through dashed; NAME.json lists both files.

What a tactile page cannot show is refused in one line before any maze is made: other shapes
(their walls and cells are too small to feel), weave (a bridge cannot be felt), the other
kinds of puzzle (their marks sit in the corridors), openings other than the corners (START's
and FINISH's labels go above and below), a paper other than white (swell paper is white), a
page size other than letter or A4 (the printer's table), a level whose maze needs corridors
narrower than 10 mm on the page.
"""

from __future__ import annotations

import io
import random
from dataclasses import replace
from pathlib import Path

from ..errors import MazebookBug, OutputError, TemplateError
from ..fileio import OutputSet
from ..geometry import tactile as fig
from ..kinds import KINDS, Spot, kind_of
from ..kinds.maze import MadeMaze
from ..kinds.search import MIN_SIDE
from ..pages.document import LOOSE_SHEETS, PdfDocument
from ..pages.layout import Margins, PageFormat, PageLayout, max_cells
from ..pages.plan import BookPlan, PlannedPuzzle, PlannedSection, section_levels
from ..pages.tactile import TactileSheet, ink_box, label
from ..printing.rules import PrintSetup, print_setup
from ..printing.units import parse_length
from ..records import record
from ..render import braille, typeset
from ..render.typeset import FontPair
from ..template import Template, caps
from ..template.load import DEFAULTS, OWN_KEYS
from .assets import AssetFolders
from .book import puzzle_rng
from .manifest import BookFacts, Manifest, Placement, PuzzleRecord, TactileFacts
from .pipeline import make_puzzle
from .runner import Outputs, Progress, Rendered, capped_count, output_paths, template_inputs
from .unique import Used, unique_puzzle

#: The answers' file name: NAME.pdf -> NAME-answers.pdf.
ANSWERS_SUFFIX = "-answers"
#: The PDFs' subject and keywords (loose sheets: the preflight asks for no even page count).
SUBJECT = "Tactile maze puzzles for swell paper"
KEYWORDS = f"tactile mazes, swell paper, braille, {LOOSE_SHEETS}"
#: The placement of every tactile maze's openings: START at the top of the top-left cell,
#: FINISH at the bottom of the bottom-right one, where their symbols and labels go.
OPENINGS = "corners"
#: Where a section's own openings keys would put them: refused (the labels need the corners).
OPENING_KEYS = tuple(k for k in OWN_KEYS if k.startswith(("entrance", "exit")))


def is_tactile(template: Template) -> bool:
    """Whether the template's printer prints on swell paper (its table says ``tactile``)."""
    return template.worksheet is None and template.printing.table.tactile


def _refusal(template: Template, index: int, problem: str, key: str) -> TemplateError:
    section = template.sections[index]
    return TemplateError(
        problem, file=template.source, section=index + 1, section_name=section.name, key=key
    )


def check_tactile(template: Template) -> None:
    """Refuse in one line, naming the section and key, what a tactile page cannot show."""
    name = template.printing.printer
    if template.printing.paper != "white":
        raise TemplateError(
            f"printer {name!r} prints on swell paper, which is white, not "
            f'{template.printing.paper!r}; leave paper out or use paper = "white"',
            file=template.source,
            key="paper",
        )
    for index, section in enumerate(template.sections):
        if not kind_of(template, index).tactile:
            felt = " or ".join(f'"{kind}"' for kind, made in KINDS.items() if made.tactile)
            raise _refusal(
                template,
                index,
                f"printer {name!r} makes puzzles a finger can follow, not {section.puzzle!r} "
                f"puzzles (their marks would sit in the corridors); use puzzle = {felt}",
                "puzzle",
            )
        if section.shape != "rect":
            raise _refusal(
                template,
                index,
                f"printer {name!r} makes rectangular mazes only, not shape {section.shape!r} "
                "(a finger follows straight walls round square cells best); "
                'use shape = "rect"',
                "shape",
            )
        if section.weave:
            raise _refusal(
                template,
                index,
                f"printer {name!r} makes mazes without bridges (a bridge cannot be felt); "
                "use weave = 0",
                "weave",
            )
        if section.openings not in ("auto", OPENINGS):
            raise _refusal(
                template,
                index,
                f"printer {name!r} opens every maze at its top-left and bottom-right corners, "
                f"where START's and FINISH's symbols and braille go, not {section.openings!r}; "
                f'leave openings out or use openings = "{OPENINGS}"',
                "openings",
            )
        given = [k for k in OPENING_KEYS if k in section.given]
        if given:
            raise _refusal(
                template,
                index,
                f"printer {name!r} opens every maze at its top-left and bottom-right corners; "
                f"leave {given[0]} out",
                given[0],
            )


def tactile_template(template: Template) -> Template:
    """The template as a tactile book makes it: one maze a page, every maze opened at its
    corners, cells at least MIN_CELL_MM (a larger min_cell is kept)."""
    sections = tuple(replace(s, openings=OPENINGS) for s in template.sections)
    least = fig.MIN_CELL_MM * fig.MM
    return replace(
        template,
        sections=sections,
        puzzles_per_page=1,
        answers_per_page=1,
        min_cell=max(template.min_cell, least),
        min_cell_given=True,
    )


def tactile_plan(template: Template) -> BookPlan:
    """One puzzle a page, numbered from 1, and its answer on the same page of the answers'
    file; a section starts on its first puzzle's page (no header pages, no front matter)."""
    puzzles: list[PlannedPuzzle] = []
    sections: list[PlannedSection] = []
    number = 0
    for index, section in enumerate(template.sections):
        first = number + 1
        for level in section_levels(section.levels, section.count):
            number += 1
            puzzles.append(PlannedPuzzle(number, index, level, number, 0, number, 0))
        sections.append(PlannedSection(index, section.name, section.levels, first, first, number))
    pages = tuple(range(1, number + 1))
    return BookPlan(
        page_count=number,
        contents_pages=(),
        sections=tuple(sections),
        puzzles=tuple(puzzles),
        answer_pages=pages,
        blank_pages=(),
        puzzles_per_page=1,
        answers_per_page=1,
        front_pages=(),
    )


def _words(template: Template) -> tuple[str, str]:
    return template.texts("start"), template.texts("finish")


def _fonts(template: Template) -> FontPair:
    """The template's font (or the bundled one), checked against every word the book prints."""
    texts = template.texts
    shown = [
        ("word START", texts("start")),
        ("word FINISH", texts("finish")),
        ("puzzle heading", f"{texts('answer_key')} · {texts('puzzle', number=1234567890)} · "),
        ("level", texts("level", level=10)),
    ]
    return typeset.load_fonts(template.font, shown, source=template.source)


def tactile_sheet(template: Template, printing: PrintSetup, fonts: FontPair) -> TactileSheet:
    """The page without its maze; a START or FINISH word the braille table cannot spell, or
    too long to sit beside its symbol, is refused naming its text key."""
    language = template.texts.language
    labels = []
    for key, word in zip(("start", "finish"), _words(template), strict=True):
        try:
            labels.append(label(word, language, fonts.bold))
        except braille.BrailleError as exc:
            raise TemplateError(
                f"{exc.problem}: a tactile page prints it in braille",
                file=template.source,
                key=f"text.{key}",
            ) from None
    width, height = printing.page_size
    sheet = TactileSheet(
        (width / fig.MM, height / fig.MM),
        template.margin / fig.MM,
        labels[0],
        labels[1],
        fonts,
        language,
        least_cell=template.min_cell / fig.MM,
    )
    problem = sheet.labels_problem()
    if problem is not None and _raised(template):
        plain = replace(sheet, least_cell=fig.MIN_CELL_MM)
        if plain.labels_problem() is None:  # the template's own large cells are the cause
            raise TemplateError(
                f"a min_cell of {template.min_cell / fig.MM:.0f} mm leaves no room for START "
                f"and FINISH beside a maze on a tactile {template.page_size} page; use a "
                "smaller min_cell",
                file=template.source,
                key="min_cell",
            )
    if problem is not None:
        wide = template.margin > parse_length(DEFAULTS["margin"])
        raise TemplateError(
            problem + (" or a smaller margin" if wide else ""),
            file=template.source,
            key="margin" if wide else "text",
        )
    return sheet


def _raised(template: Template) -> bool:
    """Whether the template's own min_cell is larger than a tactile maze's least cell."""
    return template.min_cell > fig.MIN_CELL_MM * fig.MM + 1e-6


def page_words(template: Template) -> str:
    """'a tactile letter page (corridors of at least 10 mm)', or with a larger min_cell of the
    template's '(cells of at least 30 mm, as min_cell says)'."""
    if _raised(template):
        what = f"cells of at least {template.min_cell / fig.MM:.3g} mm, as min_cell says"
    else:
        what = f"corridors of at least {fig.MIN_CORRIDOR_MM:g} mm"
    return f"a tactile {template.page_size} page ({what})"


@record
class TactilePlanned:
    """A tactile book planned (the runner's Planned): printer rules, page plan, the page
    without its maze and the room it leaves, before the levels are fitted."""

    template: Template
    printing: PrintSetup
    plan: BookPlan
    sheet: TactileSheet
    fonts: FontPair
    room: str

    @property
    def box(self) -> tuple[float, float]:
        """The room for a maze, in points."""
        width, height = self.sheet.room()
        return (width * fig.MM, height * fig.MM)

    def spot_for(self, section: int, level: int) -> Spot:
        return Spot(self.box, self.template.min_cell, _words(self.template))

    def work(self, plan: BookPlan) -> tuple[int, int]:
        columns, rows = max_cells(*self.box, self.template.min_cell)
        return 2 * plan.page_count, len(plan.puzzles) * columns * rows

    def product(self, plan: BookPlan, output: str | Path | None) -> TactileProduct:
        """The book of the fitted ``plan``, its files named: NAME.pdf, NAME-answers.pdf and
        NAME.json."""
        pdf, manifest = output_paths(self.template, output)
        answers = pdf.with_name(f"{pdf.stem}{ANSWERS_SUFFIX}.pdf")
        outputs = Outputs(
            pdf, manifest=manifest, answers=answers, inputs=tuple(template_inputs(self.template))
        )
        return TactileProduct(self, plan, outputs)


def check_levels(planned: TactilePlanned) -> None:
    """A level whose maze needs corridors narrower than MIN_CORRIDOR_MM on the page is refused
    in one line naming it and the highest level that fits (a section with fit = "cap" is
    capped by fit_plan instead)."""
    tpl = planned.template
    for index, section in enumerate(tpl.sections):
        if section.fit == "cap":
            continue
        kind = kind_of(tpl, index)
        lo, hi = sorted(section.levels)
        for level in range(lo, hi + 1):
            spot = planned.spot_for(index, level)
            if kind.fits(tpl, index, level, spot):
                continue
            top = next((lv for lv in range(level - 1, 0, -1) if kind.fits(tpl, index, lv, spot)), 0)
            fits = f"the highest level that fits is {top}" if top else "no level fits"
            raise TemplateError(
                f"level {level} does not fit {planned.room}: {fits}",
                file=tpl.source,
                section=index + 1,
                section_name=section.name,
                key="difficulty",
                advice="use a lower level, or set {fit} to make it at the highest that fits",
            )


def plan_tactile_product(template: Template) -> TactilePlanned:
    """Plan a tactile book: what a tactile page cannot show refused, the printer's rules (letter
    or A4), fonts, the braille of START and FINISH, the room for a maze and every level
    checked against it, each refusal one line, before any maze is made."""
    check_tactile(template)
    tpl = tactile_template(template)
    printing = print_setup(tpl)
    fonts = _fonts(tpl)
    sheet = tactile_sheet(tpl, printing, fonts)
    width, height = sheet.room()
    columns, rows = max_cells(width * fig.MM, height * fig.MM, tpl.min_cell)
    if min(columns, rows) < MIN_SIDE:
        raise TemplateError(
            f"no tactile maze of {MIN_SIDE}x{MIN_SIDE} cells of {tpl.min_cell / fig.MM:.3g} mm "
            f"fits a {tpl.page_size} page with margins of {template.margin / fig.MM:.3g} mm",
            file=tpl.source,
            key="min_cell" if _raised(tpl) else "margin",
        )
    planned = TactilePlanned(
        tpl,
        printing,
        tactile_plan(tpl),
        sheet,
        fonts,
        room=page_words(tpl),
    )
    check_levels(planned)
    pages, cells = planned.work(planned.plan)
    caps.check_work(tpl.source, pages=pages, cells=cells)
    return planned


def no_pictures() -> OutputError:
    """The refusal of SVG and PNG pictures for a tactile book (refused before any folder is
    made)."""
    return OutputError(
        "a tactile book has no SVG or PNG pictures (--svg-dir, --png-dir): its pages are drawn "
        "for swell paper; build it without them"
    )


def tactile_facts(answers: Path) -> TactileFacts:
    """What a tactile book's manifest adds: its answers' file and the figures it is drawn to."""
    return TactileFacts(
        answers_file=answers.name,
        wall_mm=fig.WALL_MM,
        min_corridor_mm=fig.MIN_CORRIDOR_MM,
        braille_dot_mm=braille.DOT_DIAMETER,
        braille_dot_spacing_mm=braille.DOT_SPACING,
        braille_cell_spacing_mm=braille.CELL_SPACING,
        braille_min_line_spacing_mm=braille.LINE_SPACING,
    )


@record
class TactileProduct:
    """A fitted tactile book (the runner's Product): its plan and its files."""

    planned: TactilePlanned
    plan: BookPlan
    outputs: Outputs

    def render(
        self, out: OutputSet, assets: AssetFolders | None, progress: Progress | None
    ) -> Rendered:
        """The puzzles' pages and the answers' pages, each maze made once, with the manifest."""
        if assets is not None and assets.wanted:
            raise no_pictures()
        answers_path = self.outputs.answers
        if answers_path is None:  # pragma: no cover - product() names it
            raise MazebookBug("a tactile book without its answers' file")
        planned, tpl = self.planned, self.planned.template
        sheet, texts = planned.sheet, tpl.texts
        layout = PageLayout(PageFormat.of(planned.printing), Margins(*(4 * (tpl.margin,))))
        pages, key = io.BytesIO(), io.BytesIO()
        answers_title = f"{tpl.title} · {texts('answer_key')}"
        doc, key_doc = (
            PdfDocument(
                stream,
                layout,
                planned.fonts,
                title=title,
                author=tpl.author,
                subject=SUBJECT,
                keywords=KEYWORDS,
                lang=texts.language,
            )
            for stream, title in ((pages, tpl.title), (key, answers_title))
        )
        used, words = Used(), _words(tpl)
        spot = planned.spot_for(0, 0)
        requested = tuple(p.level for p in planned.plan.puzzles)
        page_height = sheet.page[1]
        records: list[PuzzleRecord] = []
        for puzzle in self.plan.puzzles:

            def make(rng: random.Random, puzzle: PlannedPuzzle = puzzle) -> MadeMaze:
                made = make_puzzle(tpl, puzzle, spot, rng, requested)
                if not isinstance(made, MadeMaze):  # pragma: no cover - check_tactile
                    raise MazebookBug("a tactile page draws mazes only")
                return made

            made = unique_puzzle(tpl, puzzle, puzzle_rng(tpl.seed, puzzle.number), make, used)
            assert isinstance(made, MadeMaze)
            maze = made.maze
            placed = sheet.place(maze.width, maze.height)
            level = texts("level", level=made.shown_level)
            number = texts("puzzle", number=puzzle.number)
            geometry = made.geometry
            doc.add_page(sheet.page_painter(geometry, placed, puzzle.number, f"{number} · {level}"))
            heading = f"{texts('answer_key')} · {number} · {level}"
            key_doc.add_page(
                sheet.page_painter(geometry, placed, puzzle.number, heading, answer=True)
            )
            box = ink_box(placed, page_height)
            records.append(
                PuzzleRecord(
                    at=Placement.of(puzzle, tpl),
                    facts=made.facts,
                    box=box,
                    answer_box=box,
                    description=made.description(texts, words),
                )
            )
            if progress is not None:
                progress(len(records), len(self.plan.puzzles))
        doc.save()
        key_doc.save()
        facts = BookFacts(planned.printing.printer.name, planned.printing.paper, None)
        return Rendered(
            ((self.outputs.pdf, pages.getvalue()), (answers_path, key.getvalue())),
            Manifest(tpl, self.plan, records, book=facts, tactile=tactile_facts(answers_path)),
            page_count=self.plan.page_count,
            puzzle_count=len(self.plan.puzzles),
            capped=capped_count((p.level for p in self.plan.puzzles), requested),
            keys=tuple(used.keys),
            again=used.again,
        )
