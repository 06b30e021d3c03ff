"""The "framed" design: the whole cover on a pale tint of the accent colour, the front inside a
ruled border; on the front, the title large above a framed white panel that holds the book's
puzzle centred, the author's name under it; on the back, the blurb and one framed sample maze
above the barcode box; the spine's words in the accent colour."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...pages.layout import Box
from ...records import record
from ...render.picture import Picture
from .feature import feature_section, make_featured
from .frame import PT, RGB, CoverContext, luminance, mix
from .lettering import FrontText, draw_front_text, set_front_text
from .panels import (
    ART_LEAST,
    Art,
    Author,
    BlurbLines,
    blurb_lines,
    check_blurb,
    check_picture,
    draw_author,
    draw_blurb,
    draw_spine,
    picture_of,
    place_picture,
    sample_cards,
    set_author,
    split_art,
)

NAME = "framed"
#: The tint of the accent the cover is laid on, and the darkest accent that still reads as a
#: title colour (lighter ones set the title in black).
GROUND, TITLE_DARKEST = 0.12, 0.45
#: The words take about this share of the front's height where that sets them large, at most
#: WORDS_MOST for a long title.
WORDS, WORDS_MOST = 0.4, 0.64
BLACK: RGB = (0.0, 0.0, 0.0)
WHITE: RGB = (1.0, 1.0, 1.0)


@record
class FramedPlan:
    """The front's words and where they start, the border's inset and line, the frame around
    the puzzle, the author, the picture, the back's blurb."""

    text: FrontText
    text_top: float
    inset: float
    rule: float
    frame: Box | None
    art: Art | None
    author: Author
    author_base: float
    picture: Picture | None
    blurb: BlurbLines


def _ink(ctx: CoverContext) -> RGB:
    """The title's and the border's colour: the accent, or black for a light one."""
    return ctx.accent if luminance(ctx.accent) < TITLE_DARKEST else BLACK


def plan(ctx: CoverContext) -> FramedPlan:
    lay = ctx.lay
    front = lay.front
    rule = max(2.0, front.width * 0.005)
    inset = lay.safe + rule  # the border's centre line, inside the safe area
    pad = max(inset, lay.safe) + front.width * 0.035
    width = front.width - 2 * pad
    author = set_author(ctx.template, ctx.fonts, ctx.shown, width)
    foot = front.y + pad * 0.8
    author_base = foot + author.size * 0.25
    below = foot - front.y + author.height + front.height * (ART_LEAST + 0.07)
    most = min(front.height * WORDS_MOST, front.height - below) - pad
    text = set_front_text(
        ctx.template,
        ctx.fonts,
        width=width,
        room=min(front.height * WORDS - pad, most),
        most_room=most,
        shown=ctx.shown,
    )
    top = front.top - pad * 0.9
    gap = front.height * 0.035
    low = foot + (author.height + gap * 0.5 if author.text else 0.0)
    high = top - text.height() - gap
    frame: Box | None = Box(front.x + pad, low, width, high - low)
    picture = picture_of(ctx.template)
    art = None
    if frame is not None and min(frame.width, frame.height) >= 1.5 * PT:
        line = _frame_line(frame)
        inner = Box(
            frame.x + 3 * line,
            frame.y + 3 * line,
            frame.width - 6 * line,
            frame.height - 6 * line,
        )
        art = split_art(inner, picture, gap)
        check_picture(picture, art)
    else:
        frame = None
    blurb = blurb_lines(ctx, lay.back.top - pad, lay.back.width - 2 * pad)
    check_blurb(ctx, blurb)
    return FramedPlan(text, top, inset, rule, frame, art, author, author_base, picture, blurb)


def _frame_line(frame: Box) -> float:
    """The frame's line width: about 1 % of its shorter side, 2 to 6 pt."""
    return min(6.0, max(2.0, min(frame.width, frame.height) * 0.012))


def check(ctx: CoverContext) -> None:
    plan(ctx)


def draw(canvas: Canvas, ctx: CoverContext) -> None:
    p = plan(ctx)
    lay, inks, fonts = ctx.lay, ctx.inks, ctx.fonts
    ink = _ink(ctx)
    inks.fill(canvas, mix(ctx.accent, GROUND))
    canvas.rect(0, 0, lay.width, lay.height, stroke=0, fill=1)
    inks.stroke(canvas, ink)
    canvas.setLineWidth(p.rule)
    front = lay.front  # the back has none: one path round it would cross the barcode box
    canvas.roundRect(
        front.x + p.inset,
        front.y + p.inset,
        front.width - 2 * p.inset,
        front.height - 2 * p.inset,
        p.rule * 3,
        stroke=1,
        fill=0,
    )
    inks.fill(canvas, ink)
    draw_front_text(canvas, fonts, p.text, centre=lay.front.centre_x, top=p.text_top)
    if p.frame is not None and p.art is not None:
        line = _frame_line(p.frame)
        canvas.setLineWidth(line)
        inks.fill(canvas, WHITE)
        half = line / 2
        canvas.roundRect(
            p.frame.x + half,
            p.frame.y + half,
            p.frame.width - line,
            p.frame.height - line,
            line * 2.5,
            stroke=1,
            fill=1,
        )
        inks.fill(canvas, BLACK)
        inks.stroke(canvas, BLACK)
        room = p.art.puzzle
        featured = make_featured(
            ctx.template,
            feature_section(ctx.template),
            (room.width, room.height),
            ctx.rng("front"),
        )
        if featured is not None:
            featured.card.draw_in(canvas, fonts, room)
        place_picture(canvas, ctx, p.picture, p.art)
    inks.fill(canvas, BLACK)
    draw_author(canvas, ctx, p.author, lay.front.centre_x, p.author_base)
    draw_blurb(canvas, ctx, p.blurb, BLACK)
    _sample(canvas, ctx, p)
    draw_spine(canvas, ctx, lay.height - lay.bleed, ink)


def _sample(canvas: Canvas, ctx: CoverContext, p: FramedPlan) -> None:
    """One sample maze in a small white frame, centred between the blurb and the barcode box."""
    lay = ctx.lay
    room = min(p.blurb.end - p.blurb.floor, lay.back.width * 0.4, 2.4 * PT)
    if room < 0.8 * PT:
        return
    cards = sample_cards(ctx, 1, room * 0.8)
    if not cards:
        return
    top = p.blurb.end - (p.blurb.end - p.blurb.floor - room) / 2
    frame = Box(lay.back.centre_x - room / 2, top - room, room, room)
    line = _frame_line(frame)
    ctx.inks.stroke(canvas, _ink(ctx))
    ctx.inks.fill(canvas, WHITE)
    canvas.setLineWidth(line)
    canvas.roundRect(frame.x, frame.y, frame.width, frame.height, line * 2.5, stroke=1, fill=1)
    ctx.inks.fill(canvas, BLACK)
    ctx.inks.stroke(canvas, BLACK)
    inner = Box(frame.x + room * 0.1, frame.y + room * 0.1, room * 0.8, room * 0.8)
    cards[0].draw_in(canvas, ctx.fonts, inner)
