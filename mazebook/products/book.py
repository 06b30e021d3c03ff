"""build_book: a template in, a print-ready PDF, its manifest (and SVGs) out.

Order of work: check everything that can be wrong with the input (template, fonts, the page
room for min_cell, the shapes, the output paths) before the first maze; then plan the pages,
and draw each page as soon as its mazes are chosen (answers go into small form XObjects at
once, placed on the answer pages at the end), so no maze is held; then commit all files.
"""

from __future__ import annotations

import functools
import io
import random
from dataclasses import replace
from pathlib import Path
from typing import BinaryIO

from reportlab.pdfgen.canvas import Canvas

from ..core.engine import generate
from ..errors import MazebookBug, TemplateError
from ..fileio import OutputSet
from ..geometry.from_maze import maze_geometry
from ..geometry.labels import word_band, word_size
from ..kinds import Kind, Made, Spot, check_sections, kind_of
from ..kinds.search import MIN_SIDE, generators_for
from ..pages import book_furniture as pages
from ..pages.document import (
    ANSWER_MIN_SCALE,
    Card,
    MazeCard,
    Painter,
    PdfDocument,
    cards_painter,
    document_word_size,
    dressed,
    place_form,
    side_room_for,
)
from ..pages.layout import (
    Box,
    Margins,
    PageFormat,
    PageFrame,
    PageLayout,
    Slot,
    dims_for,
    gutter_for,
    largest_cell,
    max_cells,
    maze_box,
    maze_scale,
    slots,
)
from ..pages.plan import BookPlan, FrontMatter, PlannedPuzzle, SectionInput, plan_book
from ..pages.type_sizes import TypeSizes, page_colour, type_sizes
from ..printing.economics import book_economics
from ..printing.rules import PrintSetup, fit_page_count, print_setup, warn_padding
from ..printing.units import format_length, parse_length
from ..records import record
from ..render import typeset
from ..render.fasttext import draw_right_string, draw_string
from ..render.typeset import FontPair, visual
from ..template import Template, caps
from ..template import large_print as lp
from ..template.load import DEFAULTS
from .assets import AssetFolders, AssetPack, Drawn, index_row, slot_drawing
from .cover import CoverProduct, cover_path
from .fit import fit_plan
from .manifest import BookFacts, Manifest, Placement, PuzzleRecord
from .pipeline import make_puzzle, puzzles_by_page
from .runner import (
    Outputs,
    Progress,
    Rendered,
    capped_count,
    output_paths,
    template_inputs,
)
from .unique import Used, unique_puzzle

#: Caption band above a maze: on a full page, and in a grid of several.
CAPTION_FULL, CAPTION_GRID, CAPTION_ANSWER = 30.0, 16.0, 13.0
#: Large print's answer caption band: room for an 18 pt number.
LARGE_CAPTION_ANSWER = 26.0
#: Large print's header and footer bands: room for a 16 pt running head and page number.
LARGE_HEADER, LARGE_FOOTER = 40.0, 28.0


@record
class BookSetup:
    """A checked template with its fonts, page plan and layout: ready to draw."""

    template: Template
    fonts: FontPair
    plan: BookPlan
    layout: PageLayout
    maze_box: tuple[float, float]  # room for one puzzle's maze (points)
    limit: tuple[int, int]  # most columns and rows at min_cell
    side_room: float  # points kept left and right of a puzzle's maze for its words
    side: float  # the points of side_room the maze box leaves beside it (Spot.side)
    answer_boxes: dict[int, tuple[float, float]]  # an answer's room by answers a page
    printing: PrintSetup  # the printer's table, trim, paper and page format
    requested: tuple[int, ...] = ()  # the template's level of each puzzle (before fit = "cap")
    word_size: float = 8.0  # the START and FINISH words' one size (points)

    @property
    def sizes(self) -> TypeSizes:
        """The least sizes of its words and lines (large print's, or none)."""
        return type_sizes(self.template.large_print)

    def puzzle_slots(self, page: int) -> list[Slot]:
        return puzzle_slots(self.layout, self.template, page)

    def answer_slots(self, page: int) -> list[Slot]:
        return answer_slots(self.layout, self.plan.answers_on(page), page, self.template)

    def answer_box(self, page: int) -> tuple[float, float]:
        """Width and height of one answer's room on answer page ``page``."""
        return self.answer_boxes[self.plan.answers_on(page)]

    @property
    def words(self) -> tuple[str, str]:
        """The START and FINISH words the book prints (its language's)."""
        return book_words(self.template)

    @property
    def spot(self) -> Spot:
        """Where every puzzle goes: the maze box at the template's min_cell."""
        return Spot(self.maze_box, self.template.min_cell, self.words, self.side)


def book_howto(template: Template) -> list[str]:
    """What the how-to page adds for the book's kinds of puzzle (number paths, word trails,
    bridges), each paragraph once, in the sections' order."""
    words = book_words(template)
    said = (
        kind_of(template, i).howto(template.texts, words, section)
        for i, section in enumerate(template.sections)
    )
    return list(dict.fromkeys(paragraph for paragraph in said if paragraph))


def book_words(template: Template) -> tuple[str, str]:
    """The START and FINISH words of a book: its language's."""
    return template.texts("start"), template.texts("finish")


def kinds_words(template: Template) -> list[str]:
    """What the template's kinds of puzzle print of their own: each kind's instruction and its
    rules for the "How to play" page (a plain maze's are among the language's own words)."""
    words, texts = book_words(template), template.texts
    said: list[str] = []
    for index, section in enumerate(template.sections):
        kind = kind_of(template, index)
        for text in (
            kind.instruction(texts, words, section),
            kind.howto(texts, words, section),
            kind.sheet_title(texts),
        ):
            if text and text not in said:
                said.append(text)
    return said


def puzzle_slots(layout: PageLayout, template: Template, page: int) -> list[Slot]:
    """The slots of a puzzle page: one big one, or a grid of puzzles_per_page (large print:
    each with a full page's caption band, for its 18 pt number)."""
    full = template.puzzles_per_page == 1 or template.large_print
    caption = CAPTION_FULL if full else CAPTION_GRID
    return slots(layout.frame(page).body, template.puzzles_per_page, caption_height=caption)


def answer_slots(
    layout: PageLayout, per_page: int, page: int, template: Template | None = None
) -> list[Slot]:
    """The slots of an answer page: a grid of ``per_page`` answers."""
    body = layout.frame(page).body
    large = template is not None and template.large_print
    return slots(body, per_page, caption_height=LARGE_CAPTION_ANSWER if large else CAPTION_ANSWER)


def puzzle_rng(seed: int, number: int) -> random.Random:
    """The random source of puzzle ``number`` in the book with ``seed`` (0: the title page)."""
    return random.Random(f"mazebook-book:{seed}:{number}")


def load_fonts(template: Template) -> FontPair:
    """The template's font (or the bundled one), checked against every text the book prints."""
    texts = [
        ("title", template.title),
        ("subtitle", template.subtitle),
        ("author", template.author),
    ]
    texts += [(f"name of [[section]] {i + 1}", s.name) for i, s in enumerate(template.sections)]
    texts += [(f"word {w!r} of words", w) for s in template.sections for w in s.words]
    texts.append(("book's own words", template.texts.every_word() + " " + pages.FIXED_TEXT))
    texts.append(("words of its kinds of puzzle", " ".join(kinds_words(template))))
    texts.append(("copyright", template.copyright))
    texts.append(("[cover] blurb", template.printing.cover.blurb))
    for i, (title, body) in enumerate(template.own_pages):
        texts += [(f"title of [[page]] {i + 1}", title), (f"body of [[page]] {i + 1}", body)]
    return typeset.load_fonts(template.font, texts, source=template.source)


#: Answers a page, most first: the automatic choice takes the first that keeps the cells large
#: (large print: at most four, each a quarter page or more).
ANSWER_COUNTS = (9, 6, 4, 2, 1)
LARGE_ANSWER_COUNTS = (4, 2, 1)


def answers_per_section(template: Template, layout: PageLayout) -> list[int]:
    """Each section's answers a page: its own, the book's, or (neither given) the most that keep
    an answer's cells at least ``min_answer_cell`` (a word trail's: big enough for its letters)
    for the largest maze the section's hardest level is expected to need (harder sections get
    fewer answers a page)."""
    slot = puzzle_slots(layout, template, 1)[0]
    least = type_sizes(template.large_print).least_words
    band = word_band(word_size(slot.maze.width, slot.maze.height, least))
    box = (slot.maze.width - 2 * band, slot.maze.height - 2 * band)  # the words' room, near enough
    limit = max_cells(box[0], box[1], template.min_cell)
    if min(limit) < MIN_SIDE:
        raise _no_room(template, box)
    counts = []
    for index, section in enumerate(template.sections):
        kind = kind_of(template, index)
        given = section.answers_per_page or template.answers_per_page
        cells = kind.expected_cells(template, index, max(section.levels))
        if given is not None:
            if kind.answer_cell or template.large_print:  # answers with a least cell of their own
                size = dims_for(cells, box[0], box[1], limit, MIN_SIDE)
                _check_answer_cells(template, layout, index, given, size, kind)
            counts.append(given)
            continue
        columns, rows = dims_for(cells * 1.3, box[0], box[1], limit, MIN_SIDE)  # a margin
        least = max(template.min_answer_cell, kind.answer_cell)
        for count in LARGE_ANSWER_COUNTS if template.large_print else ANSWER_COUNTS:
            answer = answer_slots(layout, count, 1, template)[0].maze
            if maze_scale(columns, rows, answer.width, answer.height) >= least:
                break
        counts.append(count)
    return counts


def _check_answer_cells(
    template: Template,
    layout: PageLayout,
    index: int,
    count: int,
    size: tuple[int, int],
    kind: Kind,
) -> None:
    """TemplateError when ``count`` answers a page leave section ``index``'s answers (a puzzle
    of the size its hardest level is expected to need) cells too small for its kind, or for
    large print's lines."""
    answer = answer_slots(layout, count, 1, template)[0].maze
    cell = maze_scale(size[0], size[1], answer.width, answer.height)
    problem = kind.answer_cell_problem(count, cell)
    if problem is None and template.large_print and cell < template.min_answer_cell:
        problem = (
            f"{count} answers a page leave this section's answers cells of about {cell:.1f} pt, "
            f"smaller than large print's {template.min_answer_cell:.1f} pt (2 pt walls, 3 pt "
            "solution lines); use fewer answers a page, or leave answers_per_page out"
        )
    if problem is not None:
        section = template.sections[index]
        raise TemplateError(
            problem,
            file=template.source,
            section=index + 1,
            section_name=section.name,
            key="answers_per_page",
        )


def _no_room(template: Template, box: tuple[float, float]) -> TemplateError:
    """The error for a page that holds no maze of MIN_SIDE cells a side: the margins leave no
    room, or min_cell is too large for the room they leave."""
    side = f"{MIN_SIDE}x{MIN_SIDE}"
    largest = largest_cell(box[0], box[1], MIN_SIDE, MIN_SIDE) if min(box) > 0 else 0.0
    if template.large_print:  # its margins, bands and cells took the room
        return TemplateError(
            f"a {template.page_size} page ({template.puzzles_per_page} a page) leaves room "
            f"for cells of at most {format_length(max(largest, 0.0))} at the large-print "
            f"minimums (margins of {format_length(template.margin)}, 18 pt words), smaller "
            f"than its least cell of {format_length(template.min_cell)}",
            file=template.source,
            key="large_print",
            advice="use a larger {page_size} or fewer {puzzles_per_page}",
        )
    if largest <= 0:
        return TemplateError(
            f"{format_length(template.margin)} leaves no room on the page for a maze",
            file=template.source,
            key="margin",
        )
    if template.margin > parse_length(DEFAULTS["margin"]):  # the margin took the room
        return TemplateError(
            f"{format_length(template.margin)} leaves room for cells of at most "
            f"{format_length(largest)}, smaller than min_cell ({format_length(template.min_cell)})"
            "; use a smaller margin",
            file=template.source,
            key="margin",
        )
    return TemplateError(
        f"no maze of {side} cells of {format_length(template.min_cell)} fits the page; the "
        f"largest min_cell that fits is {format_length(largest)}",
        file=template.source,
        key="min_cell",
    )


def howto_frame(layout: PageLayout, template: Template, printing: PrintSetup) -> PageFrame:
    """The frame a large-print how-to is wrapped in: the narrowest its pages may have (the
    inside margin of the thickest book the printer binds), so the pages planned before the
    page count is known hold its lines whatever the final gutter."""
    widest = max(layout.margins.inside, template.margin, gutter_for(10**6, printing.printer))
    return replace(layout, margins=replace(layout.margins, inside=widest)).frame(1)


def plan_layout(template: Template) -> tuple[PrintSetup, BookPlan, PageLayout]:
    """The printer's rules, the page plan (padded to the printer's minimum, refused beyond its
    maximum) and the layout, with the inside margin for the final page count: no maze made.
    Every section's kind and keys are checked first."""
    check_sections(template)
    printing = print_setup(template)
    margin = template.margin
    sizes = type_sizes(template.large_print)
    bands = {"header_height": LARGE_HEADER, "footer_height": LARGE_FOOTER} if sizes.large else {}
    base = PageLayout(
        PageFormat.of(printing),
        Margins(gutter_for(0, printing.printer), margin, margin, margin),
        **bands,
    )
    per_page = pages.contents_lines_per_page(base.body_size[1], sizes)
    answers = answers_per_section(template, base)
    howto_count = 1
    if sizes.large:  # its 16 pt how-to may run on to further pages
        frame = howto_frame(base, template, printing)
        howto = pages.howto_pages(
            load_fonts(template), frame, template.texts, book_howto(template), sizes
        )
        howto_count = len(howto)

    def plan(least: int) -> BookPlan:
        return plan_book(
            [
                SectionInput(s.name, s.count, s.levels, count)
                for s, count in zip(template.sections, answers, strict=True)
            ],
            puzzles_per_page=template.puzzles_per_page,
            answers_per_page=max(answers),
            contents_lines_per_page=per_page,
            front=FrontMatter(
                copyright=bool(template.copyright),
                belongs_to=template.belongs_to,
                own_pages=len(template.own_pages),
                howto_pages=howto_count,
            ),
            section_start=template.section_start,
            min_pages=least,
        )

    printing, book_plan = fit_page_count(printing, template, plan)
    inside = gutter_for(book_plan.page_count, printing.printer)
    if not printing.printer.bound or sizes.large:  # loose sheets, large print: at least the
        inside = max(inside, margin)  # margin of the other edges on the inside too
    return printing, book_plan, replace(base, margins=replace(base.margins, inside=inside))


@record
class BookPlanned:
    """A book planned (the runner's Planned): printer rules, page plan, layout, fonts and the
    room for one maze checked, before its levels are fitted and any maze is made."""

    template: Template
    printing: PrintSetup
    plan: BookPlan
    layout: PageLayout
    fonts: FontPair
    maze_room: tuple[float, float]  # room for one puzzle's maze (points)
    limit: tuple[int, int]  # most columns and rows at min_cell
    side_room: float
    side: float  # the points of side_room the maze box leaves beside it (Spot.side)
    answer_boxes: dict[int, tuple[float, float]]
    room: str  # where the puzzles go, for messages
    word_size: float = 8.0  # the START and FINISH words' one size (points)

    def spot_for(self, section: int, level: int) -> Spot:
        return Spot(self.maze_room, self.template.min_cell, book_words(self.template), self.side)

    def work(self, plan: BookPlan) -> tuple[int, int]:
        return plan.page_count, len(plan.puzzles) * self.limit[0] * self.limit[1]

    def setup(self, plan: BookPlan) -> BookSetup:
        """The book ready to draw with its fitted ``plan``."""
        return BookSetup(
            self.template,
            self.fonts,
            plan,
            self.layout,
            maze_box=self.maze_room,
            limit=self.limit,
            side_room=self.side_room,
            side=self.side,
            answer_boxes=self.answer_boxes,
            printing=self.printing,
            requested=tuple(p.level for p in self.plan.puzzles),
            word_size=self.word_size,
        )

    def product(self, plan: BookPlan, output: str | Path | None) -> BookProduct:
        """The book of the fitted ``plan``, its files named: NAME.pdf, NAME.json and, for a
        printer that takes one, NAME-cover.pdf."""
        return book_product(self.setup(plan), output)


def plan_book_product(template: Template) -> BookPlanned:
    """Plan a book: printer rules, page plan, fonts, the title page, the room for mazes at
    min_cell and for the answers (each refused in one line when it does not fit)."""
    printing, plan, layout = plan_layout(template)
    fonts = load_fonts(template)
    body_w, body_h = layout.body_size
    if body_w < 72 or body_h < 72:
        if template.large_print:  # its 0.75 in margins and 16 pt bands took the room
            raise TemplateError(
                f"a {template.page_size} page leaves no room for a maze at the large-print "
                f"minimums (margins of {format_length(template.margin)}, 16 pt headers and "
                "footers)",
                file=template.source,
                key="large_print",
                advice="use a larger {page_size}",
            )
        raise TemplateError(
            f"{format_length(template.margin)} leaves no room for mazes on a "
            f"{template.page_size} page",
            file=template.source,
            key="margin",
        )
    check_title_page(template, plan, layout, fonts)
    first_slot = puzzle_slots(layout, template, plan.puzzles[0].page)[0]
    size = document_word_size(first_slot, type_sizes(template.large_print))
    side_room = side_room_for(fonts, book_words(template), size)
    box = maze_box(first_slot, labels=True, side_room=side_room, word_size=size)
    side = (first_slot.maze.width - box.width) / 2
    limit = max_cells(box.width, box.height, template.min_cell)
    if min(limit) < MIN_SIDE and template.large_print:
        raise lp.too_small(
            f"a {template.page_size} page ({template.puzzles_per_page} a page)",
            limit,
            template.min_cell,
            margin=template.margin,
            words=size,
            least=MIN_SIDE,
            file=template.source,
        )
    if min(limit) < MIN_SIDE:
        raise TemplateError(
            f"{format_length(template.min_cell)} cannot fit the page: the maze area of a "
            f"{template.page_size} page holds only "
            f"{limit[0]} x {limit[1]} such cells and a maze needs at least {MIN_SIDE} x "
            f"{MIN_SIDE}",
            file=template.source,
            key="min_cell",
            advice="use a smaller {min_cell}",
        )
    answer_boxes: dict[int, tuple[float, float]] = {}
    for count in sorted(set(plan.answer_page_counts)):
        answer = answer_slots(layout, count, plan.answer_pages[0], template)[0].maze
        if maze_scale(limit[0], limit[1], answer.width, answer.height) < ANSWER_MIN_SCALE:
            raise TemplateError(
                f"{count} leaves the largest mazes too small to print in the "
                "answer key; use fewer answers per page or a larger min_cell",
                file=template.source,
                key="answers_per_page",
            )
        answer_boxes[count] = (answer.width, answer.height)
    planned = BookPlanned(
        template,
        printing,
        plan,
        layout,
        fonts,
        maze_room=(box.width, box.height),
        limit=limit,
        side_room=side_room,
        side=side,
        answer_boxes=answer_boxes,
        room=(
            f"the {template.page_size} page ({template.puzzles_per_page} a page, cells of at "
            f"least {format_length(template.min_cell)})"
        ),
        word_size=size,
    )
    # a book's work does not depend on its levels: the caps hold before any maze (even a probe)
    pages, cells = planned.work(plan)
    caps.check_work(template.source, pages=pages, cells=cells)
    return planned


def prepare(template: Template) -> BookSetup:
    """Check that the book can be made, as the runner does (plan, then fit): printer rules,
    fonts, page plan, room at min_cell, shapes, and that the page holds every level asked
    for (else refuse, or cap where fit = "cap")."""
    planned = plan_book_product(template)
    return planned.setup(fit_plan(planned))


@record
class BookProduct:
    """A prepared book (the product.Product of a book): its setup and its files."""

    setup: BookSetup
    outputs: Outputs
    cover: CoverProduct | None  # for a printer that takes one
    # the mazes it may not repeat (an earlier volume's) and those it made; None: a fresh Used
    used: Used | None = None

    def render(
        self, out: OutputSet, assets: AssetFolders | None, progress: Progress | None
    ) -> Rendered:
        """The interior (and the cover, where the printer takes one) with the manifest record."""
        setup, tpl = self.setup, self.setup.template
        printing = setup.printing
        warn_padding(printing, setup.plan)  # once everything else is known to be fine
        buffer = io.BytesIO()
        used = Used() if self.used is None else self.used
        records = render_book(setup, buffer, assets=assets, out=out, progress=progress, used=used)
        files: list[tuple[Path, bytes]] = []
        cover_entry = None
        if self.cover is not None:
            files += self.cover.render(out, None, None).files
            cover_entry = self.cover.manifest_entry()
        files.append((self.outputs.pdf, buffer.getvalue()))
        money = book_economics(
            printing.printer.name, printing.page_trim, printing.paper, setup.plan.page_count
        )
        facts = BookFacts(printing.printer.name, printing.paper, cover_entry, money)
        return Rendered(
            tuple(files),
            Manifest(tpl, setup.plan, records, book=facts),
            page_count=setup.plan.page_count,
            puzzle_count=len(setup.plan.puzzles),
            capped=capped_count((p.level for p in setup.plan.puzzles), setup.requested),
            keys=tuple(used.keys),
            again=used.again,
        )


def book_product(setup: BookSetup, output: str | Path | None) -> BookProduct:
    """A fitted book with its files named: NAME.pdf, NAME.json and, for a printer that takes
    one, NAME-cover.pdf."""
    template = setup.template
    pdf_path, manifest_path = output_paths(template, output)
    printing = setup.printing
    inputs = tuple(template_inputs(template))
    cover = None
    if printing.takes_cover and template.printing.cover.enabled:
        cover = CoverProduct(
            template,
            setup.fonts,
            printing.printer,
            printing.page_trim,
            setup.plan.page_count,
            printing.paper,
            Outputs(cover_path(pdf_path), inputs=inputs),
        )
    files = Outputs(
        pdf_path,
        manifest=manifest_path,
        cover=None if cover is None else cover.outputs.pdf,
        svg_count=len(setup.plan.puzzles),
        inputs=inputs,
    )
    return BookProduct(setup, files, cover)


@record(eq=False)
class _Made:
    """A made puzzle on its way to the page: its card, manifest record and what its answer's
    caption adds."""

    planned: PlannedPuzzle
    card: Card
    record: PuzzleRecord
    answer_word: str


def render_book(
    setup: BookSetup,
    stream: BinaryIO,
    *,
    assets: AssetFolders | None = None,
    out: OutputSet | None = None,
    progress: Progress | None = None,
    used: Used | None = None,
) -> list[PuzzleRecord]:
    """Draw the whole book into ``stream`` (no maze twice: ``used`` gathers their keys); returns
    the manifest records of the puzzles."""
    tpl, plan, fonts, sizes = setup.template, setup.plan, setup.fonts, setup.sizes
    doc = PdfDocument(
        stream,
        setup.layout,
        fonts,
        title=tpl.title,
        author=tpl.author,
        subject="Maze puzzles",
        lang=tpl.texts.language,
        background=page_colour(sizes, setup.printing.paper),
    )
    number_painter = pages.page_number(fonts, sizes)
    _front_matter(doc, setup, number_painter)
    records: list[PuzzleRecord] = []
    answer_words: dict[int, str] = {}
    current_section = -1
    pack = AssetPack(assets if out is not None else None, len(plan.puzzles), fonts, tpl.texts)
    used = Used() if used is None else used
    for planned_list in puzzles_by_page(plan):
        section = plan.sections[planned_list[0].section]
        if section.index != current_section:
            current_section = section.index
            while doc.page_count + 1 in plan.blank_pages:  # to open the section on the right
                doc.add_page(pages.blank_page(fonts, tpl.texts, sizes), number_painter)
            doc.add_page(pages.section_page(fonts, tpl.texts, section, sizes), number_painter)
        made = [_puzzle_with_answer(doc, setup, p, used, pack, out) for p in planned_list]
        records += [item.record for item in made]
        answer_words.update((item.planned.number, item.answer_word) for item in made)
        head = f"{section.name} · {pages.level_range(tpl.texts, section.levels)}"
        cards = [item.card for item in made]  # in slot order
        painter = cards_painter(fonts, cards, lambda frame: setup.puzzle_slots(frame.number))
        doc.add_page(pages.running_head(fonts, head, sizes), painter, number_painter)
        if progress is not None:
            progress(len(records), len(plan.puzzles))
    _answer_pages(doc, setup, number_painter, answer_words)
    while doc.page_count < plan.page_count and doc.page_count + 1 in plan.blank_pages:
        doc.add_page(pages.blank_page(fonts, tpl.texts, sizes), number_painter)
    if doc.page_count != plan.page_count:  # pragma: no cover - a planning bug
        raise MazebookBug(f"drew {doc.page_count} pages, planned {plan.page_count}")
    doc.save()
    if out is not None:
        pack.finish(out)
    return records


def check_title_page(
    template: Template, plan: BookPlan, layout: PageLayout, fonts: FontPair
) -> None:
    """TemplateError naming the key of a title, subtitle, author or summary too long for the
    title page even at its smallest size (it would run over the page, and over the cover), of
    a [[page]] title too long for its heading's line, or of a text that runs over its page
    (the how-to page, a [[page]]'s body, the copyright)."""
    info = _title_info(template, plan)
    own = [title for title, _ in template.own_pages]
    frame = layout.frame(1)
    sizes = type_sizes(template.large_print)
    problem = pages.title_page_problem(fonts, info, frame.content.width, own, sizes)
    if problem is None:
        problem = pages.text_pages_problem(
            fonts,
            frame,
            template.texts,
            list(template.own_pages),
            template.copyright,
            rules=book_howto(template),
            sizes=sizes,
        )
    if problem is not None:
        raise TemplateError(problem[1], file=template.source, key=problem[0])


def _title_info(tpl: Template, plan: BookPlan) -> pages.TitleInfo:
    """What the title page shows."""
    levels = [lv for s in tpl.sections for lv in s.levels]
    return pages.TitleInfo(
        tpl.title,
        tpl.subtitle,
        tpl.author,
        len(plan.puzzles),
        (min(levels), max(levels)),
        tpl.texts,
    )


def _front_matter(doc: PdfDocument, setup: BookSetup, number_painter: Painter) -> None:
    """The pages before the first section: the front pages in the plan's order, then contents."""
    tpl, plan, fonts, sizes = setup.template, setup.plan, setup.fonts, setup.sizes
    info = _title_info(tpl, plan)
    for kind, _ in plan.front_pages:
        if kind == "title":  # large print: no pictures, the maze left off
            decoration = None if sizes.large else _decoration(tpl)
            doc.add_page(pages.title_page(fonts, info, decoration, sizes))
        elif kind == "copyright":
            doc.add_page(pages.copyright_page(fonts, tpl.copyright, sizes))
        elif kind == "belongs_to":
            doc.add_page(pages.belongs_to_page(fonts, tpl.texts, sizes))
        elif kind == "howto" or kind.startswith("howto:"):  # large print's may run on
            part = int(kind.partition(":")[2] or 0)
            wrap_frame = howto_frame(setup.layout, tpl, setup.printing) if sizes.large else None
            howto = pages.howto_page(fonts, tpl.texts, book_howto(tpl), sizes, part, wrap_frame)
            doc.add_page(howto, number_painter)
        else:  # page:N, one of the template's own
            title, body = tpl.own_pages[int(kind.partition(":")[2])]
            doc.add_page(pages.own_page(fonts, title, body, sizes), number_painter)
    per_page = pages.contents_lines_per_page(setup.layout.body_size[1], sizes)
    for i, _ in enumerate(plan.contents_pages):
        contents = pages.contents_page(fonts, tpl.texts, plan, i, per_page, sizes)
        doc.add_page(contents, number_painter)


def _puzzle_with_answer(
    doc: PdfDocument,
    setup: BookSetup,
    planned: PlannedPuzzle,
    used: Used,
    pack: AssetPack,
    out: OutputSet | None,
) -> _Made:
    """Make a puzzle (its section's kind; again while it repeats one in ``used``), draw its
    answer now as a form, stage its asset files, and record where both drawings land
    (``box``, ``answer_box``)."""
    tpl, texts = setup.template, setup.template.texts
    made = _unique(setup, planned, used)
    level = made.shown_level
    answer = texts("solution_on_page", page=planned.answer_page)
    card = made.card(
        texts("puzzle", number=planned.number),
        words=setup.words,
        side_room=setup.side_room,
        caption_right=f"{texts('level', level=level)} · {answer}",
        caption_right_short=texts("solution_short", level=level, page=planned.answer_page),
        font=setup.fonts.bold,
    )
    card = dressed(card, setup.word_size, setup.sizes)
    answer_card = card.answer()
    answer_w, answer_h = setup.answer_box(planned.answer_page)
    form = Box(0.0, 0.0, answer_w, answer_h)
    doc.add_form(
        _form_name(planned.number),
        answer_w,
        answer_h,
        functools.partial(_draw_answer, fonts=setup.fonts, card=answer_card, box=form),
    )
    puzzle_slot = setup.puzzle_slots(planned.page)[planned.slot]
    placed = setup.answer_slots(planned.answer_page)[planned.answer_slot].maze
    if out is not None:
        pack.add(
            out,
            index_row(tpl, planned, made),
            made,
            setup.words,
            slot_drawing(card, setup.fonts, puzzle_slot),
            Drawn(
                functools.partial(_draw_answer, fonts=setup.fonts, card=answer_card, box=form), form
            ),
        )
    record = PuzzleRecord(
        at=Placement.of(planned, tpl),
        facts=made.facts,
        box=card.ink_box(puzzle_slot),
        answer_box=answer_card.placed_ink_box(form, placed),
        description=made.description(texts, setup.words),
    )
    return _Made(planned, card, record, made.answer_word)


def _unique(setup: BookSetup, planned: PlannedPuzzle, used: Used) -> Made:
    """The planned puzzle, made by its section's kind, made again while it repeats one of
    ``used``."""
    tpl = setup.template

    def make(rng: random.Random) -> Made:
        return make_puzzle(tpl, planned, setup.spot, rng, setup.requested)

    return unique_puzzle(tpl, planned, puzzle_rng(tpl.seed, planned.number), make, used)


def make_puzzles(setup: BookSetup, used: Used) -> None:
    """Make every puzzle of the book into ``used``, in the order render_book makes them, and
    draw nothing: a series finds which of a volume's puzzles repeat an earlier volume's before
    any page is drawn (``used`` keeps them, so drawing the volume makes none again)."""
    for planned_list in puzzles_by_page(setup.plan):
        for planned in planned_list:
            _unique(setup, planned, used)


def _answer_pages(
    doc: PdfDocument, setup: BookSetup, number_painter: Painter, words: dict[int, str]
) -> None:
    """The answer key: each answer page places the forms of its puzzles' answers (captioned
    with what their answer adds, ``words`` by number: a word trail's word)."""
    by_page: dict[int, list[PlannedPuzzle]] = {}
    for planned in setup.plan.puzzles:
        by_page.setdefault(planned.answer_page, []).append(planned)
    texts = setup.template.texts
    for page in setup.plan.answer_pages:
        on_page = by_page[page]
        first, last = on_page[0].number, on_page[-1].number
        head = (
            texts("answer_for", number=first)
            if first == last
            else texts("answers_for", first=first, last=last)
        )
        doc.add_page(
            pages.running_head(setup.fonts, head, setup.sizes),
            _answers_painter(setup, on_page, words),
            number_painter,
        )


def _form_name(number: int) -> str:
    return f"answer{number}"


def _draw_answer(canvas: Canvas, *, fonts: FontPair, card: Card, box: Box) -> None:
    card.draw_in(canvas, fonts, box)


def _answers_painter(
    setup: BookSetup, on_page: list[PlannedPuzzle], words: dict[int, str]
) -> Painter:
    def paint(canvas: Canvas, frame: PageFrame) -> None:
        slot_list = setup.answer_slots(frame.number)
        fonts, texts, sizes = setup.fonts, setup.template.texts, setup.sizes
        for planned in on_page:
            slot = slot_list[planned.answer_slot]
            canvas.setFont(fonts.bold, sizes.heading(9))
            canvas.setFillGray(0.0)
            number = visual(texts("puzzle", number=planned.number))
            draw_string(canvas, slot.caption.x, slot.caption.y + 3, number)
            canvas.setFont(fonts.regular, sizes.text(8))
            canvas.setFillGray(0.3)
            page = visual(texts("answer_page", page=planned.page))
            if words.get(planned.number):
                page = f"{visual(words[planned.number])} · {page}"
            draw_right_string(canvas, slot.caption.right, slot.caption.y + 3, page)
            canvas.setFillGray(0.0)
            place_form(canvas, _form_name(planned.number), slot.maze)

    return paint


def _decoration(template: Template) -> MazeCard | None:
    """A small maze for the title page, from the book's seed (puzzle number 0)."""
    rng = puzzle_rng(template.seed, 0)
    names = generators_for(3)
    maze = generate(
        names[rng.randrange(len(names))], 9, 9, seed=rng.getrandbits(63), openings="sides"
    )
    return MazeCard(maze_geometry(maze), "", labels=False)
