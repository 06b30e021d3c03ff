"""A worksheet: a worksheet template in, the pupils' sheets, the answer key and a manifest out.

A worksheet is a kind of template (``kind = "worksheet"``), built with the book's parts: the
same template reader, difficulty schedule (schedule.choose), page geometry (layout: frames,
bands, a grid of slots), PDF document and maze cards (document), manifest and transactional
output. What differs: every page is a sheet with a header (pages.sheet_furniture), mazes flow
``puzzles_per_page`` to a page with no front matter, and the answers go to a second PDF with the
same pages, the same numbers in the same places and the solution drawn over each maze.

Both PDFs are drawn at once, page by page, so no maze is kept once its page is done. Files:
NAME.pdf (sheets), NAME-answers.pdf (answer key) and NAME.json (manifest), committed together.
"""

from __future__ import annotations

import io
import random
from dataclasses import field, replace
from pathlib import Path
from typing import BinaryIO

from ..errors import MazebookBug, TemplateError
from ..fileio import OutputSet
from ..kinds import Made, Spot, check_sections, kind_of
from ..kinds.search import MIN_SIDE
from ..pages.document import (
    ANSWER_MIN_SCALE,
    LOOSE_SHEETS,
    Card,
    PdfDocument,
    cards_painter,
    document_word_size,
    dressed,
    side_room_for,
)
from ..pages.layout import (
    Margins,
    PageFormat,
    PageFrame,
    PageLayout,
    Slot,
    largest_cell,
    max_cells,
    maze_box,
    maze_scale,
    slots,
)
from ..pages.plan import BookPlan, PlannedPuzzle, SectionInput, plan_worksheet
from ..pages.sheet_furniture import (
    FIXED_TEXT,
    HeaderText,
    answers_header,
    caption_height,
    footer_height,
    header_bands,
    header_height,
    header_text,
    page_footer,
    sheet_header,
)
from ..pages.type_sizes import TypeSizes, type_sizes
from ..printing.units import POINTS_PER_MM, format_length
from ..records import record
from ..render.typeset import FontPair, load_fonts
from ..template import Template
from ..template import large_print as lp
from ..template.worksheet import WorksheetOptions
from .assets import AssetFolders, AssetPack, index_row, slot_drawing
from .fit import fit_plan
from .manifest import Manifest, Placement, PuzzleRecord, SheetFacts
from .pipeline import make_puzzle, puzzles_by_page
from .runner import (
    Outputs,
    Product,
    Progress,
    Rendered,
    capped_count,
    output_paths,
    template_inputs,
)

#: Marks both PDFs as loose sheets: the preflight then does not ask for an even page count.
KEYWORDS = f"maze worksheet, {LOOSE_SHEETS}"
#: The answer key's file name: NAME.pdf -> NAME-answers.pdf.
ANSWERS_SUFFIX = "-answers"


@record
class LevelRoom:
    """The smallest cell a level's mazes get on this page, and the most cells that fit."""

    min_cell: float
    limit: tuple[int, int]


@record
class WorksheetSetup:
    """A checked worksheet template with its fonts, header texts, page plan and layout."""

    template: Template
    fonts: FontPair
    text: HeaderText
    plan: BookPlan
    layout: PageLayout
    maze_box: tuple[float, float]
    rooms: dict[int, LevelRoom]  # by level
    side_room: float  # points kept left and right of a maze for its words
    requested: tuple[int, ...] = ()  # the template's level of each maze (before fit = "cap")
    word_size: float = 8.0  # the START and FINISH words' one size (points)

    @property
    def sizes(self) -> TypeSizes:
        """The least sizes of its words and lines (large print's, or none)."""
        return type_sizes(self.template.large_print)

    def slots(self, frame: PageFrame) -> list[Slot]:
        return sheet_slots(self.template, frame)


def sheet_layout(template: Template) -> PageLayout:
    """Sheets are not bound: the same margin all round, a tall header band, a small footer."""
    m = template.margin
    sizes = type_sizes(template.large_print)
    return PageLayout(
        PageFormat(template.trim[0], template.trim[1]),
        Margins(m, m, m, m),
        header_height=header_height(sizes),
        footer_height=footer_height(sizes),
    )


def sheet_slots(template: Template, frame: PageFrame) -> list[Slot]:
    """The page's maze slots: a grid of puzzles_per_page over the body, a number above each."""
    caption = caption_height(type_sizes(template.large_print))
    return slots(frame.body, template.puzzles_per_page, caption_height=caption)


def worksheet_rng(seed: int, number: int) -> random.Random:
    """The random source of maze ``number`` on the worksheet with ``seed``."""
    return random.Random(f"mazebook-worksheet:{seed}:{number}")


def options_of(template: Template) -> WorksheetOptions:
    """The worksheet keys of a template; TemplateError if it is not a worksheet template."""
    if template.worksheet is None:
        raise TemplateError('not a worksheet template (kind = "worksheet")', file=template.source)
    return template.worksheet


def label_words(template: Template) -> tuple[str, str]:
    """The words a worksheet prints beside its START and FINISH marks."""
    options = options_of(template)
    return options.start_label, options.finish_label


def _texts(template: Template) -> list[tuple[str, str]]:
    options = options_of(template)
    texts = [
        ("title", template.title),
        ("instruction", options.instruction),
        ("answer_title", options.answer_title),
        ("start_label", options.start_label),
        ("finish_label", options.finish_label),
        ("worksheet's own labels (page numbers)", FIXED_TEXT),
    ]
    texts += [(f"fields label {label!r}", label) for label in options.fields]
    texts += [(f"name {name!r} of names", name) for name in template.names]
    texts += [(f"word {w!r} of words", w) for s in template.sections for w in s.words]
    return texts


@record
class WorksheetPlanned:
    """A worksheet planned (the runner's Planned): fonts, header texts, page plan, layout and
    the room for one maze checked, before its levels are fitted and any maze is made. With
    names it is counted for every pupil (classset.py's ClassSetPlanned makes the set)."""

    template: Template
    fonts: FontPair
    text: HeaderText
    plan: BookPlan
    layout: PageLayout
    maze_room: tuple[float, float]
    side_room: float
    room: str  # where the puzzles go, for messages
    rooms_by_level: dict[int, LevelRoom | None] = field(default_factory=dict, compare=False)
    word_size: float = 8.0  # the START and FINISH words' one size (points)

    def level_room(self, level: int) -> LevelRoom | None:
        """The room of ``level``'s mazes (None: none fits), found once per level."""
        if level not in self.rooms_by_level:
            self.rooms_by_level[level] = _level_room(self.template, level, self.maze_room)
        return self.rooms_by_level[level]

    def spot_for(self, section: int, level: int) -> Spot | None:
        """A kind that shrinks to fit gets the level's room (None when it has none); another
        gets the level's own cell, unshrunk."""
        if not kind_of(self.template, section).shrinks_to_fit:
            return level_spot(self.template, level, self.maze_room)
        room = self.level_room(level)
        if room is None:
            return None
        return Spot(self.maze_room, room.min_cell, label_words(self.template))

    def rooms(self, plan: BookPlan) -> dict[int, LevelRoom]:
        """The room of each level of the fitted ``plan``."""
        rooms: dict[int, LevelRoom] = {}
        for level in sorted({p.level for p in plan.puzzles}):
            room = self.level_room(level)
            if room is None:  # a capped level with no room: _room names min_cell
                room = _room(self.template, level, *self.maze_room)
            rooms[level] = room
        return rooms

    def work(self, plan: BookPlan) -> tuple[int, int]:
        """Pages and cells of every copy: one, or one per pupil of a class set."""
        rooms = self.rooms(plan)
        cells = sum(rooms[p.level].limit[0] * rooms[p.level].limit[1] for p in plan.puzzles)
        copies = max(1, len(self.template.names))
        return plan.page_count * copies, cells * copies

    def setup(self, plan: BookPlan) -> WorksheetSetup:
        """The worksheet ready to draw with its fitted ``plan``."""
        return WorksheetSetup(
            self.template,
            self.fonts,
            self.text,
            plan,
            self.layout,
            maze_box=self.maze_room,
            rooms=self.rooms(plan),
            requested=tuple(p.level for p in self.plan.puzzles),
            side_room=self.side_room,
            word_size=self.word_size,
        )

    def product(self, plan: BookPlan, output: str | Path | None) -> Product:
        """The sheets of the fitted ``plan``, its files named: NAME.pdf, NAME-answers.pdf,
        NAME.json."""
        return worksheet_product(self.setup(plan), output)


def plan_worksheet_product(
    template: Template, kind: type[WorksheetPlanned] = WorksheetPlanned
) -> WorksheetPlanned:
    """Plan a worksheet (as ``kind``: a class set plans as a worksheet does): fonts, header
    texts that fit, the page plan, and room for the cells of every level asked for (each
    refused in one line when it does not fit)."""
    options = template.worksheet
    if options is None:  # pragma: no cover - build_book only sends worksheets here
        raise TemplateError("not a worksheet template", file=template.source)
    check_sections(template)
    template = sheet_words(template)
    options = options_of(template)
    source = template.source
    fonts = load_fonts(template.font, _texts(template), source=source)
    layout = sheet_layout(template)
    frame = layout.frame(1)
    if frame.body.width < 144 or frame.body.height < 144:
        if template.large_print:  # its 0.75 in margins and 16 pt bands took the room
            raise TemplateError(
                f"a {template.page_size} page leaves no room for a maze at the large-print "
                f"minimums (margins of {format_length(template.margin)}, 16 pt headers and "
                "footers)",
                file=source,
                key="large_print",
                advice="use a larger {page_size}",
            )
        raise TemplateError(
            f"{format_length(template.margin)} leaves no room for mazes on a "
            f"{template.page_size} page",
            file=source,
            key="margin",
        )
    sizes = type_sizes(template.large_print)
    try:
        text = header_text(
            fonts,
            frame.header.width,
            title=template.title,
            fields=options.fields,
            instruction=options.instruction,
            answer_title=options.answer_title,
            fields_box=header_bands(frame.header, sizes).fields,
            sizes=sizes,
        )
    except ValueError as exc:
        if template.large_print:  # its 16 pt words took the room: say so
            raise TemplateError(
                f"{exc}, at the large-print minimums (16 pt words, margins of "
                f"{format_length(template.margin)})",
                file=source,
                advice="use a larger {page_size}",
            ) from None
        raise TemplateError(str(exc), file=source) from None
    plan = plan_worksheet(
        [SectionInput(s.name, s.count, s.levels) for s in template.sections],
        per_page=template.puzzles_per_page,
    )
    levels = sorted({p.level for p in plan.puzzles})
    words = (options.start_label, options.finish_label)
    first = sheet_slots(template, frame)[0]
    size = document_word_size(first, sizes)
    side_room = side_room_for(fonts, words, size)
    box = maze_box(first, labels=True, side_room=side_room, word_size=size)
    maze_room = (box.width, box.height)
    # the levels asked for must have room for their cells (else the error names min_cell)
    for level in levels:
        _room(template, level, *maze_room)
    room = f"the {template.page_size} sheet ({template.puzzles_per_page} a page)"
    return kind(template, fonts, text, plan, layout, maze_room, side_room, room, word_size=size)


def sheet_words(template: Template) -> Template:
    """The worksheet with the title and instruction its kinds of puzzle say, where the template
    gives none of its own: its sections' kinds' title when they agree (else the language's),
    and each kind's instruction once, in the sections' order (the first section's alone when
    they do not fit the header together)."""
    options = options_of(template)
    texts, words = template.texts, label_words(template)
    kinds = [(kind_of(template, i), s) for i, s in enumerate(template.sections)]
    title = template.title
    if not options.title_given:
        titles = {kind.sheet_title(texts) for kind, _ in kinds}
        title = titles.pop() if len(titles) == 1 else texts("worksheet_title")
    instruction = options.instruction
    if not options.instruction_given:
        said = list(dict.fromkeys(kind.instruction(texts, words, s) for kind, s in kinds))
        instruction = " ".join(said) if len(said) == 1 or _fits_header(template, said) else said[0]
    return replace(
        template,
        title=title,
        worksheet=replace(
            options, instruction=instruction, title_given=True, instruction_given=True
        ),
    )


def _fits_header(template: Template, lines: list[str]) -> bool:
    """Whether the instructions, joined, fit a sheet's header (at the bundled font)."""
    from ..pages.sheet_furniture import fit_instruction
    from ..render.typeset import default_fonts

    width = sheet_layout(template).frame(1).header.width
    try:
        sizes = type_sizes(template.large_print)
        fit_instruction(" ".join(lines), default_fonts().regular, width, sizes)
    except ValueError:
        return False
    return True


def prepare_worksheet(template: Template) -> WorksheetSetup:
    """Check that the worksheet can be made, as the runner does (plan, then fit): fonts,
    texts that fit, cells that fit, shapes, levels."""
    planned = plan_worksheet_product(template)
    return planned.setup(fit_plan(planned))


#: The smallest cell a level's default cell shrinks to so that the level fits the slot (the
#: book's own default: a sharp pencil).
SMALLEST_DEFAULT_CELL = 3.5 * POINTS_PER_MM
#: Steps of that shrinking.
CELL_STEP = 0.25 * POINTS_PER_MM


def _level_room(template: Template, level: int, box: tuple[float, float]) -> LevelRoom | None:
    """The level's room on the sheet: its default cell, shrunk (when the template sets no
    min_cell) to the largest cell, down to SMALLEST_DEFAULT_CELL, at which the level fits for
    every section that asks for it; None when the slot has no room for the cell at all."""
    try:
        room = _room(template, level, *box)
    except TemplateError:
        return None
    if options_of(template).min_cell_given:
        return room
    users = [i for i, s in enumerate(template.sections) if min(s.levels) <= level <= max(s.levels)]
    mazes = [i for i in range(len(template.sections)) if kind_of(template, i).shrinks_to_fit]
    cell = room.min_cell
    for i in [i for i in users if i in mazes] or ([] if users else mazes):
        cell = min(cell, _fitting_cell(template, i, level, box, cell))
    return LevelRoom(cell, max_cells(*box, cell))


def _fitting_cell(
    template: Template, section: int, level: int, box: tuple[float, float], cell: float
) -> float:
    """The largest cell from ``cell`` down to SMALLEST_DEFAULT_CELL (in CELL_STEP steps) at
    which section ``section``'s page holds ``level``; ``cell`` itself when none does."""

    kind = kind_of(template, section)

    def holds(c: float) -> bool:
        if min(max_cells(*box, c)) < MIN_SIDE:
            return False
        return kind.fits(template, section, level, Spot(box, c, label_words(template)))

    if holds(cell):
        return cell
    smallest = smallest_cell(template)
    steps = [cell - k * CELL_STEP for k in range(1, 1 + int((cell - smallest) / CELL_STEP))]
    steps.append(smallest)
    lo, hi = 0, len(steps) - 1  # bisect for the first (largest) cell that holds the level
    if not holds(steps[hi]):
        return cell
    while lo < hi:
        mid = (lo + hi) // 2
        if holds(steps[mid]):
            hi = mid
        else:
            lo = mid + 1
    return steps[lo]


def smallest_cell(template: Template) -> float:
    """The least a level's default cell shrinks to: SMALLEST_DEFAULT_CELL, or large print's
    least cell for the sheet's kinds (template.large_print.least_cell)."""
    if template.large_print:
        return lp.least_cell(s.puzzle for s in template.sections)
    return SMALLEST_DEFAULT_CELL


def _room(template: Template, level: int, width: float, height: float) -> LevelRoom:
    """The level's smallest cell and the most cells that fit the maze box with it.

    A level's default cell (no min_cell in the template) shrinks to the largest that still fits
    a MIN_SIDE x MIN_SIDE maze when the slot is too small for it (e.g. level 1, six a page);
    a min_cell the template sets is never shrunk: it is an error instead.
    """
    options = options_of(template)
    cell = options.min_cell_for(level)
    limit = max_cells(width, height, cell)
    if min(limit) < MIN_SIDE and not options.min_cell_given:
        cell = largest_cell(width, height, MIN_SIDE, MIN_SIDE)
        if template.large_print:  # never below large print's least cell
            cell = max(cell, smallest_cell(template))
        limit = max_cells(width, height, cell)
    if min(limit) < MIN_SIDE and template.large_print:
        raise lp.too_small(
            f"a {template.page_size} sheet ({template.puzzles_per_page} mazes a page)",
            limit,
            cell,
            margin=template.margin,
            words=lp.HEADING,
            least=MIN_SIDE,
            file=template.source,
        )
    if min(limit) < MIN_SIDE or maze_scale(limit[0], limit[1], width, height) < ANSWER_MIN_SCALE:
        raise TemplateError(
            f"{format_length(cell)} cannot fit the page: "
            f"the maze area of {template.puzzles_per_page} mazes a page on a "
            f"{template.page_size} page holds only {limit[0]} x {limit[1]} such cells and a maze "
            f"needs at least {MIN_SIDE} x {MIN_SIDE}",
            file=template.source,
            key="min_cell",
            advice="use fewer {puzzles_per_page} or a smaller {min_cell}",
        )
    return LevelRoom(cell, limit)


def worksheet_paths(template: Template, output: str | Path | None) -> tuple[Path, Path, Path]:
    """(sheets, answer key, manifest): NAME.pdf, NAME-answers.pdf and NAME.json."""
    pdf, manifest = output_paths(template, output)
    return pdf, pdf.with_name(f"{pdf.stem}{ANSWERS_SUFFIX}.pdf"), manifest


def sheet_facts(setup: WorksheetSetup, answers: Path) -> SheetFacts:
    """What a worksheet's manifest adds: its answer key's name and each level's smallest cell."""
    by_level = {level: room.min_cell for level, room in setup.rooms.items()}
    return SheetFacts(answers.name, by_level)


@record
class WorksheetProduct:
    """A prepared worksheet (the product.Product of loose sheets and their answer key)."""

    setup: WorksheetSetup
    outputs: Outputs

    def render(
        self, out: OutputSet, assets: AssetFolders | None, progress: Progress | None
    ) -> Rendered:
        """The sheets and the answer key, with the manifest record."""
        setup, answers_path = self.setup, self.outputs.answers
        assert answers_path is not None  # worksheet_product names it
        sheets, answers = io.BytesIO(), io.BytesIO()
        records = render_worksheet(
            setup, sheets, answers, assets=assets, out=out, progress=progress
        )
        record = Manifest(
            setup.template, setup.plan, records, sheet=sheet_facts(setup, answers_path)
        )
        return Rendered(
            ((answers_path, answers.getvalue()), (self.outputs.pdf, sheets.getvalue())),
            record,
            page_count=setup.plan.page_count,
            puzzle_count=len(setup.plan.puzzles),
            capped=capped_count((p.level for p in setup.plan.puzzles), setup.requested),
        )


def worksheet_product(setup: WorksheetSetup, output: str | Path | None) -> WorksheetProduct:
    """A fitted worksheet with its files named: NAME.pdf, NAME-answers.pdf, NAME.json."""
    template = setup.template
    pdf_path, answers_path, manifest_path = worksheet_paths(template, output)
    files = Outputs(
        pdf_path,
        manifest=manifest_path,
        answers=answers_path,
        svg_count=len(setup.plan.puzzles),
        inputs=tuple(template_inputs(template)),
    )
    return WorksheetProduct(setup, files)


def sheet_documents(
    setup: WorksheetSetup, sheets: BinaryIO, answers: BinaryIO
) -> tuple[PdfDocument, PdfDocument]:
    """The sheets' PDF and the answer key's, with their titles and metadata (a class set's
    too)."""
    tpl, fonts = setup.template, setup.fonts
    author, lang = tpl.author, tpl.texts.language
    sheet_doc = PdfDocument(
        sheets,
        setup.layout,
        fonts,
        title=tpl.title,
        subject="Maze worksheet",
        author=author,
        keywords=KEYWORDS,
        lang=lang,
    )
    key_doc = PdfDocument(
        answers,
        setup.layout,
        fonts,
        title=f"{tpl.title} · {options_of(tpl).answer_title}",
        subject="Maze worksheet answer key",
        author=author,
        keywords=KEYWORDS,
        lang=lang,
    )
    return sheet_doc, key_doc


def render_worksheet(
    setup: WorksheetSetup,
    sheets: BinaryIO,
    answers: BinaryIO,
    *,
    assets: AssetFolders | None = None,
    out: OutputSet | None = None,
    progress: Progress | None = None,
) -> list[PuzzleRecord]:
    """Draw the sheets and the answer key side by side; returns the puzzles' manifest records."""
    tpl, plan, fonts = setup.template, setup.plan, setup.fonts
    sheet_doc, key_doc = sheet_documents(setup, sheets, answers)
    footer = page_footer(fonts, plan.page_count, setup.sizes)
    pupils_header, key_header = sheet_header(fonts, setup.text), answers_header(fonts, setup.text)
    words = label_words(tpl)
    records: list[PuzzleRecord] = []
    pack = AssetPack(assets if out is not None else None, len(plan.puzzles), fonts, tpl.texts)
    for planned_list in puzzles_by_page(plan):
        pupil_cards: list[Card] = []
        key_cards: list[Card] = []
        for planned in planned_list:
            made = _make(setup, planned)
            pupil = made.card(
                str(planned.number), words=words, side_room=setup.side_room, font=fonts.bold
            )
            pupil = dressed(pupil, setup.word_size, setup.sizes)
            key = pupil.solved(made.answer_word)
            slot = setup.slots(setup.layout.frame(planned.page))[planned.slot]
            key_slot = setup.slots(setup.layout.frame(planned.answer_page))[planned.answer_slot]
            records.append(
                PuzzleRecord(
                    at=Placement.of(planned, tpl),
                    facts=made.facts,
                    min_cell_pt=_min_cell_pt(setup, planned),
                    box=pupil.ink_box(slot),
                    answer_box=key.ink_box(key_slot),
                    description=made.description(tpl.texts, words),
                )
            )
            pupil_cards.append(pupil)
            key_cards.append(key)
            if out is not None:
                pack.add(
                    out,
                    index_row(tpl, planned, made),
                    made,
                    words,
                    slot_drawing(pupil, fonts, slot),
                    slot_drawing(key, fonts, key_slot),
                )
        sheet_doc.add_page(pupils_header, cards_painter(fonts, pupil_cards, setup.slots), footer)
        key_doc.add_page(key_header, cards_painter(fonts, key_cards, setup.slots), footer)
        if progress is not None:
            progress(len(records), len(plan.puzzles))
    if sheet_doc.page_count != plan.page_count:  # pragma: no cover - a planning bug
        raise MazebookBug(f"drew {sheet_doc.page_count} pages, planned {plan.page_count}")
    sheet_doc.save()
    key_doc.save()
    if out is not None:
        pack.finish(out)
    return records


def level_spot(template: Template, level: int, box: tuple[float, float]) -> Spot:
    """The spot of a kind that does not shrink to fit: the level's own smallest cell."""
    cell = options_of(template).min_cell_for(level)
    return Spot(box, cell, label_words(template))


def puzzle_spot(setup: WorksheetSetup, planned: PlannedPuzzle) -> Spot:
    """Where a planned puzzle goes: its level's room (or own cell, for a kind that does not
    shrink to fit)."""
    tpl = setup.template
    if not kind_of(tpl, planned.section).shrinks_to_fit:
        return level_spot(tpl, planned.level, setup.maze_box)
    room = setup.rooms[planned.level]
    return Spot(setup.maze_box, room.min_cell, label_words(tpl))


def _min_cell_pt(setup: WorksheetSetup, planned: PlannedPuzzle) -> float | None:
    """The record's ``min_cell_pt``: the level's smallest cell, for a kind that shrinks to fit
    (None for another)."""
    if not kind_of(setup.template, planned.section).shrinks_to_fit:
        return None
    return round(setup.rooms[planned.level].min_cell, 3)


def _make(setup: WorksheetSetup, planned: PlannedPuzzle) -> Made:
    """The puzzle of a planned slot, made by its section's kind."""
    tpl = setup.template
    rng = worksheet_rng(tpl.seed, planned.number)
    return make_puzzle(tpl, planned, puzzle_spot(setup, planned), rng, setup.requested)
