"""The reusable PDF step: pages from painters, mazes in slots, answers kept as forms.

``PdfDocument`` wraps a reportlab canvas made for print (invariant mode so the same input
gives the same bytes, an embedded TrueType font as the initial font so no Helvetica is ever
referenced, TrimBox/BleedBox from the layout). A page is a list of painters, callables
``painter(canvas, frame)``: the book's furniture (page numbers, running heads) and the mazes
are all painters, so other documents (worksheets) compose their own pages the same way.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import BinaryIO, Protocol

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..geometry.drawing import MazeGeometry, drawing_extent
from ..geometry.labels import (
    LABEL_SIZE,
    WALL_PAD,
    Placement,
    pointer_room,
    word_band,
    word_room,
    word_size,
)
from ..geometry.style import (
    DECOY_GRAY,
    LETTER_DISC,
    LETTER_MAX,
    LETTER_MIN,
    LETTER_SHARE,
    Fit,
    Style,
    fit_maze,
    marker_length,
)
from ..records import record
from ..render.fasttext import draw_centred_string, draw_right_string, draw_string
from ..render.numbers import draw_number_path, fit_grid, ink_box
from ..render.pdf import draw_marks, draw_maze, draw_words, new_canvas, place_words
from ..render.pdfobjects import FormParts, PageParts
from ..render.typeset import FontPair, fit_prefix, visual
from .layout import Box, PageFrame, PageLayout, Slot, maze_box, maze_scale
from .type_sizes import STANDARD, TypeSizes

Painter = Callable[[Canvas, PageFrame], None]

#: The thinnest answer-key cell (points) at which the solution line still prints at 0.75 pt.
ANSWER_MIN_SCALE = 2.0
#: In a PDF's Keywords: the document is loose sheets (a worksheet), not a bound book, so the
#: preflight does not ask for an even page count.
LOOSE_SHEETS = "loose sheets"


def puzzle_style(scale: float, sizes: TypeSizes = STANDARD) -> Style:
    """Walls that grow with the cell: 1 pt at small cells, up to 2.5 pt for very large ones
    (large print: at least 2 pt)."""
    wall = round(min(max(1.0, 0.06 * scale), 2.5), 3)
    return Style(wall_width=max(wall, sizes.least_wall))


def answer_style(scale: float, sizes: TypeSizes = STANDARD) -> Style:
    """Thin grey walls (0.75-1 pt) under a black path at least 1.5 times as wide, about a third
    of a cell: the way through reads at a glance, even at six answers a page. Large print:
    walls of at least 2 pt under a path of at least 3 pt (its answer cells are large enough)."""
    wall = max(round(min(max(0.75, 0.2 * scale), 1.0), 3), sizes.least_wall)
    path = max(round(min(max(1.5 * wall, 0.35 * scale), 4.0), 3), sizes.least_path)
    return Style(
        wall_width=wall,
        solution_width=path,
        solution_gray=0.0,
        wall_gray=0.55,
        solution_on_top=True,
        solution_max_cell_share=0.45,
    )


class PdfDocument:
    """A print-ready canvas that numbers its pages by the layout's frames."""

    def __init__(
        self,
        stream: BinaryIO,
        layout: PageLayout,
        fonts: FontPair,
        *,
        title: str = "",
        author: str = "",
        subject: str = "",
        keywords: str = "",
        lang: str = "en",
        background: tuple[float, float, float] | None = None,
    ) -> None:
        self.layout = layout
        self.fonts = fonts
        self.background = background  # every page's colour (RGB 0..1), painted first
        self.canvas = new_canvas(
            stream,
            layout.format.media_size,
            font=fonts.regular,
            boxes=layout.format.page_boxes(),
            lang=lang,
        )
        self.canvas.setTitle(title)
        self.canvas.setAuthor(author)
        self.canvas.setSubject(subject)
        self.canvas.setCreator("mazebook")
        if keywords:
            self.canvas.setKeywords(keywords)
        self.page_count = 0
        self.form_parts = FormParts()
        self.page_parts = PageParts()

    def add_page(self, *painters: Painter) -> PageFrame:
        """Paint the next page with each painter in turn and close it."""
        self.page_count += 1
        frame = self.layout.frame(self.page_count)
        boxes = self.layout.format.page_boxes(self.page_count)
        if boxes:  # per page: a three-sided bleed moves the trim by the page's side
            self.canvas.setTrimBox(boxes["trimBox"])
            self.canvas.setBleedBox(boxes["bleedBox"])
        if self.background is not None:  # over the whole page, into the bleed
            width, height = self.layout.format.media_size
            self.canvas.setFillColorRGB(*self.background)
            self.canvas.rect(0, 0, width, height, stroke=0, fill=1)
            self.canvas.setFillGray(0.0)
        for paint in painters:
            paint(self.canvas, frame)
        self.canvas.showPage()
        # its media box, transition and (showing no form) resources are shared objects, each
        # formatted once (render/pdfobjects)
        self.page_parts.share(self.canvas._doc.Pages.pages[-1])  # type: ignore[attr-defined]
        return frame

    def add_form(
        self, name: str, width: float, height: float, paint: Callable[[Canvas], None]
    ) -> None:
        """Draw something now, as a named form XObject, to place on a later page with place_form.

        Call it between pages. The drawing is done (and the maze can be dropped) when it is
        made, not when the page that shows it comes.
        """
        self.canvas.beginForm(name, 0, 0, width, height)
        paint(self.canvas)
        # a form that shows no other form has the resources, matrix and box every such form
        # has: shared, each formatted once (render/pdfobjects); one that shows forms keeps
        # the resources reportlab makes it (their XObjects)
        nested = getattr(self.canvas, "_formsinuse", None)
        extra: dict[str, object] = {} if nested else dict(self.form_parts.attributes(width, height))
        self.canvas.endForm(**extra)

    def save(self) -> None:
        self.canvas.save()


def place_form(canvas: Canvas, name: str, box: Box) -> None:
    """Show a form made by add_form with its lower-left corner at the box's."""
    canvas.saveState()
    canvas.translate(box.x, box.y)
    canvas.doForm(name)
    canvas.restoreState()


class Card(Protocol):
    """A puzzle to draw in a slot with its caption, whatever it draws (a maze, a number path):
    the products place cards and ask them where their ink lands."""

    @property
    def caption_left(self) -> str:
        """The caption's bold text at the left (the puzzle's number)."""
        ...

    def draw(self, canvas: Canvas, fonts: FontPair, slot: Slot) -> None:
        """Caption and drawing in the slot, the drawing as large as the slot allows."""
        ...

    def draw_drawing(self, canvas: Canvas, fonts: FontPair, slot: Slot) -> None:
        """The drawing alone where ``draw`` puts it (a caption of the caller's own above)."""
        ...

    def draw_in(self, canvas: Canvas, fonts: FontPair, box: Box) -> None:
        """The drawing alone, as large as ``box`` allows (an answer's form)."""
        ...

    def ink_box(self, slot: Slot) -> list[float]:
        """[x0, y0, x1, y1]: where ``draw`` puts the drawing's ink in the slot."""
        ...

    def answer(self) -> Card:
        """The card of its answer on a book's answer page (solution drawn, no caption)."""
        ...

    def placed_ink_box(self, form: Box, placed: Box) -> list[float]:
        """Where the ink of ``draw_in(form)`` lands once the form is placed at ``placed``."""
        ...

    def solved(self, caption_right: str = "") -> Card:
        """The same card with the solution drawn (an answer key's), ``caption_right`` at the
        right of its caption."""
        ...

    def cell_in(self, box: Box) -> float:
        """The cell size (points) the drawing gets in ``box``."""
        ...

    def least_cell(self, floor: float) -> float:
        """The least cell (points) its answer may have on a key whose own floor is ``floor``."""
        ...


@record(eq=False)
class MazeCard:
    """A maze to draw in a slot, with its caption (left in bold, right in regular)."""

    geometry: MazeGeometry
    caption_left: str
    caption_right: str = ""
    show_solution: bool = False
    caption_right_short: str = ""  # used where caption_right does not fit (small slots)
    labels: bool = True  # START and FINISH words beside the arrows
    start_word: str = "START"  # the words themselves (a worksheet may translate them)
    finish_word: str = "FINISH"
    side_room: float = 0.0  # kept left and right of the maze for level words
    #: a word trail's letters: (x, y) in drawing units, the letter, whether it is on the trail
    letters: tuple[tuple[float, float, str, bool], ...] = ()
    font: str = ""  # the words' font (the bundled bold if empty)
    least: float = 0.0  # the least cell (points) its marks need (a rule maze's), 0: none
    word_size: float = LABEL_SIZE  # the START and FINISH words' size: one a document
    sizes: TypeSizes = STANDARD  # the least sizes of its lines (large print's)

    def draw(self, canvas: Canvas, fonts: FontPair, slot: Slot) -> None:
        draw_card(canvas, fonts, self, slot)

    def draw_drawing(self, canvas: Canvas, fonts: FontPair, slot: Slot) -> None:
        box = card_box(self, slot)
        draw_maze_box(canvas, fonts, self, box, side_room=box.x - slot.maze.x)

    def draw_in(self, canvas: Canvas, fonts: FontPair, box: Box) -> None:
        draw_maze_box(canvas, fonts, self, box)

    def ink_box(self, slot: Slot) -> list[float]:
        return card_ink_box(self, slot)

    def answer(self) -> MazeCard:
        return MazeCard(
            self.geometry,
            "",
            show_solution=True,
            labels=False,
            letters=self.letters,
            least=self.least,
            sizes=self.sizes,
        )

    def placed_ink_box(self, form: Box, placed: Box) -> list[float]:
        x0, y0, x1, y1 = maze_ink_box(self, form)
        return [
            round(x0 + placed.x, 3),
            round(y0 + placed.y, 3),
            round(x1 + placed.x, 3),
            round(y1 + placed.y, 3),
        ]

    def solved(self, caption_right: str = "") -> MazeCard:
        return replace(self, show_solution=True, caption_right=caption_right)

    def cell_in(self, box: Box) -> float:
        return maze_scale(self.geometry.width, self.geometry.height, box.width, box.height)

    def least_cell(self, floor: float) -> float:
        return max(floor, self.least)


def caption_size(slot: Slot, sizes: TypeSizes = STANDARD) -> float:
    """Caption type size for a slot: large on a full page, smaller in a grid (large print:
    at least its heading size, the puzzle's number being a heading)."""
    return sizes.heading(max(7.0, min(18.0, slot.caption.height * 0.62)))


#: Smallest caption type (points) before the right-hand text is cut short instead.
CAPTION_MIN_SIZE = 5.0


def draw_caption(
    canvas: Canvas,
    fonts: FontPair,
    slot: Slot,
    left: str,
    right: str,
    right_short: str = "",
    sizes: TypeSizes = STANDARD,
) -> None:
    """The slot's caption: bold text at the left, grey text at the right, on one baseline.

    When both do not fit the slot's width (nine small mazes a page), the short form of the
    right-hand text is used if given, then both shrink together down to CAPTION_MIN_SIZE
    (never below large print's sizes); past that the right-hand text is cut with an ellipsis.
    """
    size = caption_size(slot, sizes)
    small = sizes.text(max(7.0, size * 0.6))
    box = slot.caption
    shown_left, shown_right = visual(left), visual(right) if right else ""
    gap = 0.6 * size

    def need(big: float, little: float) -> float:
        width = stringWidth(shown_left, fonts.bold, big)
        if shown_right:
            width += 0.6 * big + stringWidth(shown_right, fonts.regular, little)
        return width

    if right_short and need(size, small) > box.width:
        shown_right = visual(right_short)
    if need(size, small) > box.width:
        least = max(
            CAPTION_MIN_SIZE / min(size, small),
            sizes.least_heading / size,
            sizes.least_text / small,
        )
        factor = min(1.0, max(box.width / need(size, small), least))
        size, small, gap = size * factor, small * factor, gap * factor
    if shown_right:
        room = box.width - stringWidth(shown_left, fonts.bold, size) - gap
        shown_right = clip_visual(shown_right, fonts.regular, small, room)
    baseline = box.y + (box.height - size) / 2 + 0.2 * size
    canvas.setFillGray(0.0)
    canvas.setFont(fonts.bold, size)
    draw_string(canvas, box.x, baseline, shown_left)
    if shown_right:
        canvas.setFont(fonts.regular, small)
        canvas.setFillGray(0.25)
        draw_right_string(canvas, box.right, baseline, shown_right)
        canvas.setFillGray(0.0)


def draw_card_caption(
    canvas: Canvas, fonts: FontPair, card: MazeCard | NumberCard, slot: Slot
) -> None:
    """A maze's or number path's caption in its slot (draw_caption with the card's texts and
    least sizes)."""
    draw_caption(
        canvas,
        fonts,
        slot,
        card.caption_left,
        card.caption_right,
        card.caption_right_short,
        card.sizes,
    )


def clip_visual(shown: str, font: str, size: float, width: float) -> str:
    """Drawn text cut short with an ellipsis to fit the width ('' if not even that fits)."""
    if stringWidth(shown, font, size) <= width:
        return shown
    shown = shown[: fit_prefix(shown, font, size, width - stringWidth("…", font, size))]
    return shown + "…" if shown else ""


def card_box(card: MazeCard, slot: Slot) -> Box:
    """The box a card's maze is fitted in within a slot: the slot's maze band less the room
    its words take outside the maze (layout.maze_box)."""
    return maze_box(slot, labels=card.labels, side_room=card.side_room, word_size=card.word_size)


def placement(card: MazeCard, box: Box, *, side_room: float = 0.0) -> Placement:
    """Where the card's maze and words land in ``box`` (the words may use ``side_room`` points
    left and right of it, their band above and below): the one answer the drawing and the
    manifest's boxes share. A card without words keeps the plain fit. Worked out once for the
    same drawing, words and box size: a puzzle's manifest box and its page, and a worksheet's
    key (the pupil's card, solved) and its boxes, share one placement."""
    return _card_placement(card, card.font, box, side_room)


def _card_placement(card: MazeCard, font: str, box: Box, side_room: float) -> Placement:
    """placement of the card with its words in ``font`` (its own, or the one it is drawn in)."""
    return _placement(
        card.geometry,
        card.labels,
        (card.start_word, card.finish_word),
        font,
        box.width,
        box.height,
        side_room,
        card.word_size,
    )


@functools.lru_cache(maxsize=32)
def _placement(
    geom: MazeGeometry,
    labels: bool,
    words: tuple[str, str],
    font: str,
    width: float,
    height: float,
    side_room: float,
    size: float,
) -> Placement:
    """placement's answer, remembered for the last few drawings (a drawing is the same object
    from a puzzle's manifest box to its page and its answer)."""
    if not labels:
        return Placement(geom, fit_maze(geom.width, geom.height, width, height), ())
    return place_words(
        geom,
        width=width,
        height=height,
        words=words,
        font=font or None,
        room=(side_room, word_band(size)),
        size=size,
    )


def card_style(card: MazeCard, scale: float) -> Style:
    """The lines a card's maze is drawn with at cells of ``scale`` points."""
    if card.show_solution:
        return answer_style(scale, card.sizes)
    return puzzle_style(scale, card.sizes)


def maze_ink_box(card: MazeCard, box: Box, *, side_room: float = 0.0) -> list[float]:
    """[x0, y0, x1, y1] in PDF points (origin at the lower left of the media box): where
    draw_maze_box puts the maze's walls and arrows in ``box``, strokes included."""
    placed = placement(card, box, side_room=side_room)
    geom, fit = placed.geom, placed.fit
    s = fit.scale
    style = card_style(card, s)
    x0, y0, x1, y1 = drawing_extent(geom, marker_length(s) / s)
    left, top, pad = box.x + fit.x, box.y + box.height - fit.y, style.wall_width / 2
    return [
        round(left + x0 * s - pad, 3),
        round(top - y1 * s - pad, 3),
        round(left + x1 * s + pad, 3),
        round(top - y0 * s + pad, 3),
    ]


def card_ink_box(card: MazeCard, slot: Slot) -> list[float]:
    """maze_ink_box of a card drawn in a slot by draw_card."""
    box = card_box(card, slot)
    return maze_ink_box(card, box, side_room=box.x - slot.maze.x)


def draw_card(canvas: Canvas, fonts: FontPair, card: MazeCard, slot: Slot) -> Fit:
    """Caption and maze in a slot; the maze as large as the slot allows."""
    draw_card_caption(canvas, fonts, card, slot)
    box = card_box(card, slot)
    return draw_maze_box(canvas, fonts, card, box, side_room=box.x - slot.maze.x)


def draw_maze_box(
    canvas: Canvas, fonts: FontPair, card: MazeCard, box: Box, *, side_room: float = 0.0
) -> Fit:
    """The maze in the box as ``placement`` puts it, with the style its cell size calls for, and
    its words (set in the card's font, else the fonts' bold)."""
    font = (card.font or fonts.bold) if card.labels else card.font
    placed = _card_placement(card, font, box, side_room)
    scale = placed.fit.scale
    style = card_style(card, scale)
    fit = draw_maze(
        canvas,
        placed.geom,
        x=box.x,
        y=box.y,
        width=box.width,
        height=box.height,
        style=style,
        show_solution=card.show_solution,
        fit=placed.fit,
    )
    if card.letters:
        draw_letters(canvas, fonts, card, fit, box)
    if placed.geom.marks is not None:  # a rule maze's arrows, doors and keys
        draw_marks(
            canvas,
            placed.geom,
            fit,
            x=box.x,
            y=box.y,
            height=box.height,
            font=fonts.bold,
            show_solution=card.show_solution,
            style=style,
        )
    draw_words(canvas, placed, x=box.x, y=box.y, height=box.height, font=font)
    return fit


def draw_letters(canvas: Canvas, fonts: FontPair, card: MazeCard, fit: Fit, box: Box) -> None:
    """A word trail's letters centred in their cells. On an answer the trail's letters sit on
    white discs over the path and the decoys are grey; on a puzzle all look alike."""
    s = fit.scale
    left, top = box.x + fit.x, box.y + box.height - fit.y
    size = max(LETTER_MIN, min(LETTER_MAX, LETTER_SHARE * s))
    canvas.saveState()
    for x, y, letter, on_trail in card.letters:
        cx, cy = left + x * s, top - y * s
        if card.show_solution and on_trail:
            canvas.setFillGray(1.0)
            canvas.circle(cx, cy, LETTER_DISC * s, stroke=0, fill=1)
        gray = DECOY_GRAY if card.show_solution and not on_trail else 0.0
        canvas.setFillGray(gray)
        canvas.setFont(fonts.bold, size)
        draw_centred_string(canvas, cx, cy - 0.36 * size, visual(letter))
    canvas.restoreState()


def side_room_for(fonts: FontPair, words: tuple[str, str], size: float) -> float:
    """Points kept left and right of a maze so its words, at ``size`` points, fit level beyond
    side arrows."""
    shown = (visual(words[0]), visual(words[1]))

    def width_of(word: str, at: float) -> float:
        return float(stringWidth(word, fonts.bold, at))

    return word_room(shown, width_of, size)


def document_word_size(slot: Slot, sizes: TypeSizes = STANDARD) -> float:
    """The one size of a document's START and FINISH words, from its (smallest) maze slot:
    geometry.labels.word_size, at least large print's size where it asks for it."""
    return word_size(slot.maze.width, slot.maze.height, sizes.least_words)


def dressed(card: Card, word_size: float, sizes: TypeSizes) -> Card:
    """The card with the document's word size and least sizes (a card of a kind of its own,
    which draws its own words, comes back as it is)."""
    if isinstance(card, MazeCard | NumberCard):
        return replace(card, word_size=word_size, sizes=sizes)
    return card


@record(eq=False)
class NumberCard:
    """A number path to draw in a slot (mazebook.core.numberpath), with its caption."""

    grid: tuple[tuple[int, ...], ...]
    path: tuple[tuple[int, int], ...]
    caption_left: str
    show_solution: bool = False
    start_word: str = "START"
    finish_word: str = "FINISH"
    side_room: float = 0.0  # kept left and right, as for a maze in the same slot
    caption_right: str = ""
    caption_right_short: str = ""
    labels: bool = True  # START and FINISH words outside the grid
    word_size: float = LABEL_SIZE  # their size: one a document
    sizes: TypeSizes = STANDARD  # the least sizes of its lines and numbers (large print's)

    def draw(self, canvas: Canvas, fonts: FontPair, slot: Slot) -> None:
        draw_number_card(canvas, fonts, self, slot)

    def draw_drawing(self, canvas: Canvas, fonts: FontPair, slot: Slot) -> None:
        draw_number_box(canvas, fonts, self, number_box(self, slot), slot.maze)

    def draw_in(self, canvas: Canvas, fonts: FontPair, box: Box) -> None:
        draw_number_box(canvas, fonts, self, box, box)

    def ink_box(self, slot: Slot) -> list[float]:
        return number_ink_box(self, slot)

    def answer(self) -> NumberCard:
        return replace(self, show_solution=True, labels=False)

    def placed_ink_box(self, form: Box, placed: Box) -> list[float]:
        columns, rows = len(self.grid[0]), len(self.grid)
        return ink_box(fit_grid(columns, rows, placed.x, placed.y, placed.width, placed.height))

    def solved(self, caption_right: str = "") -> NumberCard:
        return replace(self, show_solution=True, caption_right=caption_right)

    def cell_in(self, box: Box) -> float:
        columns, rows = len(self.grid[0]), len(self.grid)
        return fit_grid(columns, rows, box.x, box.y, box.width, box.height).cell

    def least_cell(self, floor: float) -> float:
        return NUMBER_KEY_CELL


#: The smallest number-path cell on an answer key (points): 4 mm, numbers of about 5 pt.
NUMBER_KEY_CELL = 4 * 72 / 25.4


def number_box(card: NumberCard, slot: Slot) -> Box:
    """The box a number card's grid is fitted in: the slot's maze box with room for a word and
    its pointer beside the grid, the grid's outline kept off the words' room."""
    if not card.labels:
        return slot.maze
    side = card.side_room + pointer_room(card.word_size)
    box = maze_box(slot, labels=True, side_room=side, word_size=card.word_size)
    return box.inset(WALL_PAD, WALL_PAD, WALL_PAD, WALL_PAD)


def number_ink_box(card: NumberCard, slot: Slot) -> list[float]:
    """[x0, y0, x1, y1]: where draw_number_card puts the grid in the slot."""
    box = number_box(card, slot)
    return ink_box(fit_grid(len(card.grid[0]), len(card.grid), box.x, box.y, box.width, box.height))


def draw_number_card(canvas: Canvas, fonts: FontPair, card: NumberCard, slot: Slot) -> None:
    """Caption and number grid in a slot, the grid as large as the slot allows."""
    draw_card_caption(canvas, fonts, card, slot)
    draw_number_box(canvas, fonts, card, number_box(card, slot), slot.maze)


def draw_number_box(
    canvas: Canvas, fonts: FontPair, card: NumberCard, box: Box, region: Box
) -> None:
    """A number card's grid (no caption) as large as the box allows, its words outside the
    grid within ``region``."""
    draw_number_path(
        canvas,
        card.grid,
        card.path,
        box=(box.x, box.y, box.width, box.height),
        fonts=(fonts.regular, fonts.bold),
        words=(card.start_word, card.finish_word) if card.labels else None,
        show_solution=card.show_solution,
        word_size=card.word_size,
        region=region.as_tuple(),
        lines=card.sizes.least_wall,
        least_text=card.sizes.least_text,
    )


def cards_painter(
    fonts: FontPair, cards: Sequence[Card], slot_list: Callable[[PageFrame], Sequence[Slot]]
) -> Painter:
    """A painter that draws ``cards`` (mazes, number paths, ...) in the page's slots, in order."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        for card, slot in zip(cards, slot_list(frame), strict=False):
            card.draw(canvas, fonts, slot)

    return paint
