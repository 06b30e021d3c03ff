"""A worksheet's page furniture as painters: the header (title; lines for Name, Class and Date;
the instruction), the answer key's header, and the page footer.

The header is one band at the top of every page (PageLayout's header band, SHEET_HEADER tall):
a title line, a line of fields, and up to two lines of instruction. The answer key draws its
title and ``answer_title`` in the same band, so its mazes land exactly where the pupils' do.
Fitting is separate from drawing (``HeaderText``), so a text that cannot fit is refused before
anything is written. Every text is drawn in its visual form (mazebook.render.typeset): right-to-left
fields run from the right edge, and a right-to-left instruction is set flush right.
"""

from __future__ import annotations

from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..records import record
from ..render.fasttext import draw_centred_string, draw_right_string, draw_string
from ..render.typeset import FontPair, direction, visual, wrap
from .document import Painter
from .layout import Box, PageFrame
from .type_sizes import STANDARD, TypeSizes

#: Heights (points) of the header band's three parts, and of the footer band.
TITLE_BAND, FIELDS_BAND, INSTRUCTION_BAND = 34.0, 32.0, 34.0
SHEET_HEADER = TITLE_BAND + FIELDS_BAND + INSTRUCTION_BAND
SHEET_FOOTER = 16.0
#: The caption band above each maze (its number) on sheets and answer keys alike.
SHEET_CAPTION = 22.0
#: Large print's bands: 16 pt fields, up to three lines of 16 pt instruction, a 16 pt footer
#: and an 18 pt number above each maze.
LARGE_FIELDS_BAND, LARGE_INSTRUCTION_BAND, LARGE_INSTRUCTION_LINES = 36.0, 62.0, 3
LARGE_SHEET_FOOTER, LARGE_SHEET_CAPTION = 24.0, 30.0


def header_height(sizes: TypeSizes = STANDARD) -> float:
    """The header band's height: SHEET_HEADER, or large print's."""
    if sizes.large:
        return TITLE_BAND + LARGE_FIELDS_BAND + LARGE_INSTRUCTION_BAND
    return SHEET_HEADER


def footer_height(sizes: TypeSizes = STANDARD) -> float:
    """The footer band's height: SHEET_FOOTER, or large print's."""
    return LARGE_SHEET_FOOTER if sizes.large else SHEET_FOOTER


def caption_height(sizes: TypeSizes = STANDARD) -> float:
    """The caption band above each maze: SHEET_CAPTION, or large print's."""
    return LARGE_SHEET_CAPTION if sizes.large else SHEET_CAPTION


TITLE_SIZE, TITLE_MIN_SIZE = 20.0, 10.0
FIELD_SIZE, FIELD_MIN_SIZE = 12.0, 9.0
ANSWER_TITLE_SIZE = 14.0
INSTRUCTION_SIZE, INSTRUCTION_MIN_SIZE, INSTRUCTION_LINES = 11.0, 8.0, 2
FOOTER_SIZE = 9.0
#: The shortest line to write on beside a field label, and the gap between two fields.
MIN_RULE, FIELD_GAP, LABEL_GAP = 40.0, 18.0, 5.0
RULE_WIDTH = 0.75

#: What the furniture prints of its own (page numbers): checked against the font.
FIXED_TEXT = "0123456789 /"


@record
class HeaderBands:
    """The header band cut into its title, fields and instruction parts (top to bottom)."""

    title: Box
    fields: Box
    instruction: Box


def header_bands(header: Box, sizes: TypeSizes = STANDARD) -> HeaderBands:
    title, rest = header.take_top(TITLE_BAND)
    fields, instruction = rest.take_top(LARGE_FIELDS_BAND if sizes.large else FIELDS_BAND)
    return HeaderBands(title, fields, instruction)


@record
class Field:
    """One field: its label (visual form) at label_x, and the line to write on, x0 to x1."""

    label: str
    label_x: float
    rule_x0: float
    rule_x1: float


@record
class HeaderText:
    """Every header text fitted to the band's width, ready to draw."""

    title: str
    title_size: float
    answer_title: str
    fields: tuple[Field, ...]
    field_size: float
    instruction: tuple[str, ...]
    instruction_size: float
    instruction_rtl: bool
    sizes: TypeSizes = STANDARD  # the least sizes it was fitted to (its bands follow them)
    answer_title_size: float = ANSWER_TITLE_SIZE


def fit_title(
    text: str,
    font: str,
    width: float,
    size: float = TITLE_SIZE,
    sizes: TypeSizes = STANDARD,
) -> tuple[str, float]:
    """The title on one line, shrunk from ``size`` to fit (ValueError below TITLE_MIN_SIZE, or
    large print's heading size)."""
    shown = visual(text)
    size = sizes.heading(size)
    least = sizes.shrink_floor(TITLE_MIN_SIZE, heading=True)
    while stringWidth(shown, font, size) > width:
        size -= 1.0
        if size < least:
            raise ValueError(f"is too long for one line of the page (even at {least:g} pt)")
    return shown, size


def fit_instruction(
    text: str, font: str, width: float, sizes: TypeSizes = STANDARD
) -> tuple[list[str], float]:
    """The instruction in at most INSTRUCTION_LINES lines (large print: its own), shrunk to fit
    (never below large print's text size); ValueError if not."""
    size = sizes.text(INSTRUCTION_SIZE)
    least = sizes.shrink_floor(INSTRUCTION_MIN_SIZE)
    most = LARGE_INSTRUCTION_LINES if sizes.large else INSTRUCTION_LINES
    while size >= least:
        lines = wrap(text, font, size, width)
        if len(lines) <= most:
            return lines, size
        size -= 0.5
    raise ValueError(f"is too long for {most} lines of the page (even at {least:g} pt)")


def _weights(count: int) -> list[float]:
    """How the writing room is shared: the first line (the name) twice as long as each other."""
    return [2.0] + [1.0] * (count - 1)


def fit_fields(
    labels: Sequence[str], font: str, box: Box, sizes: TypeSizes = STANDARD
) -> tuple[tuple[Field, ...], float]:
    """The fields and their type size: FIELD_SIZE, or smaller (to FIELD_MIN_SIZE, never below
    large print's text size) on a narrow page; ValueError when even then a line to write on
    would be shorter than MIN_RULE."""
    size = sizes.text(FIELD_SIZE)
    least = sizes.shrink_floor(FIELD_MIN_SIZE)
    while True:
        try:
            return _place_fields(labels, font, box, size), size
        except ValueError:
            if size - 1.0 < least:
                raise
            size -= 1.0


def _place_fields(labels: Sequence[str], font: str, box: Box, size: float) -> tuple[Field, ...]:
    """Lay the fields along the band, each label followed by a line to write on (from the
    right edge for right-to-left labels). The room left after the labels is shared 2:1:1...
    between the lines; ValueError when a line would be shorter than MIN_RULE."""
    if not labels:
        return ()
    rtl = direction(" ".join(labels)) == "R"
    shown = [visual(label) for label in labels]
    widths = [stringWidth(text, font, size) for text in shown]
    weights = _weights(len(labels))
    room = box.width - FIELD_GAP * (len(labels) - 1) - sum(w + LABEL_GAP for w in widths)
    out = []
    x = box.right if rtl else box.x
    for label, text, width, weight in zip(labels, shown, widths, weights, strict=True):
        rule = room * weight / sum(weights)
        if rule < MIN_RULE:
            raise ValueError(
                f"label {label!r} leaves too short a line to write on (the page is too "
                "narrow for these fields)"
            )
        if rtl:
            out.append(Field(text, x - width, x - width - LABEL_GAP - rule, x - width - LABEL_GAP))
        else:
            out.append(Field(text, x, x + width + LABEL_GAP, x + width + LABEL_GAP + rule))
        step = width + LABEL_GAP + rule + FIELD_GAP
        x = x - step if rtl else x + step
    return tuple(out)


def header_text(
    fonts: FontPair,
    width: float,
    *,
    title: str,
    fields: Sequence[str],
    instruction: str,
    answer_title: str,
    fields_box: Box,
    sizes: TypeSizes = STANDARD,
) -> HeaderText:
    """Fit every header text (ValueError naming the key that does not fit, e.g.
    'key "title" is too long for one line of the page (even at 10 pt)')."""
    try:
        shown, size = fit_title(title, fonts.bold, width, sizes=sizes)
    except ValueError as exc:
        raise ValueError(f'key "title" {exc}') from None
    try:
        answer, answer_size = fit_title(
            answer_title, fonts.bold, width, ANSWER_TITLE_SIZE, sizes=sizes
        )
    except ValueError as exc:
        raise ValueError(f'key "answer_title" {exc}') from None
    try:
        lines, line_size = fit_instruction(instruction, fonts.regular, width, sizes)
    except ValueError as exc:
        raise ValueError(f'key "instruction" {exc}') from None
    try:
        placed, field_size = fit_fields(fields, fonts.bold, fields_box, sizes)
    except ValueError as exc:
        raise ValueError(f'key "fields": {exc}') from None
    return HeaderText(
        title=shown,
        title_size=size,
        answer_title=answer,
        fields=placed,
        field_size=field_size,
        instruction=tuple(lines),
        instruction_size=line_size,
        instruction_rtl=direction(instruction) == "R",
        sizes=sizes,
        answer_title_size=answer_size,
    )


def _title(canvas: Canvas, fonts: FontPair, text: HeaderText, band: Box) -> None:
    canvas.setFillGray(0.0)
    canvas.setFont(fonts.bold, text.title_size)
    draw_centred_string(canvas, band.centre_x, band.y + 10, text.title)


def sheet_header(fonts: FontPair, text: HeaderText) -> Painter:
    """A painter: the pupil's header (title, fields with lines, instruction)."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        bands = header_bands(frame.header, text.sizes)
        _title(canvas, fonts, text, bands.title)
        baseline = bands.fields.y + 10
        canvas.setFont(fonts.bold, text.field_size)
        canvas.setStrokeGray(0.0)
        canvas.setLineWidth(RULE_WIDTH)
        for field in text.fields:
            draw_string(canvas, field.label_x, baseline, field.label)
            canvas.line(field.rule_x0, baseline - 2, field.rule_x1, baseline - 2)
        canvas.setFont(fonts.regular, text.instruction_size)
        canvas.setFillGray(0.15)
        box = bands.instruction
        y = box.top - text.instruction_size - 2
        for line in text.instruction:
            if text.instruction_rtl:
                draw_right_string(canvas, box.right, y, line)
            else:
                draw_string(canvas, box.x, y, line)
            y -= text.instruction_size * 1.2
        canvas.setFillGray(0.0)

    return paint


def answers_header(fonts: FontPair, text: HeaderText) -> Painter:
    """A painter: the answer key's header (title, and the answer title under it)."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        bands = header_bands(frame.header, text.sizes)
        _title(canvas, fonts, text, bands.title)
        canvas.setFont(fonts.bold, text.answer_title_size)
        canvas.setFillGray(0.3)
        draw_centred_string(canvas, bands.fields.centre_x, bands.fields.y + 12, text.answer_title)
        canvas.setFillGray(0.0)

    return paint


def footer_baseline(frame: PageFrame, sizes: TypeSizes = STANDARD) -> float:
    """The baseline of a sheet's footer text: 2 pt over the footer band's foot, or (large print)
    high enough that its 16 pt descenders stay inside the margin."""
    return frame.footer.y + (0.3 * sizes.text(FOOTER_SIZE) if sizes.large else 2.0)


def page_footer(fonts: FontPair, page_count: int, sizes: TypeSizes = STANDARD) -> Painter:
    """A painter: '2 / 3' centred in the footer band (nothing on a one-page document)."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        if page_count < 2:
            return
        canvas.setFont(fonts.regular, sizes.text(FOOTER_SIZE))
        canvas.setFillGray(0.3)
        draw_centred_string(
            canvas,
            frame.footer.centre_x,
            footer_baseline(frame, sizes),
            f"{frame.number} / {page_count}",
        )
        canvas.setFillGray(0.0)

    return paint
