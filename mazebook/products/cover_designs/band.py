"""The "band" design (the default): a band of the accent colour across the top of the whole
cover, the title and subtitle on its front part; under it on the front, the book's puzzle as
large as the room allows and the author's name at the foot; on the back, the blurb and a row of
three sample mazes above the barcode box; the spine's words under the band."""

from __future__ import annotations

from reportlab.pdfgen.canvas import Canvas

from ...pages.layout import Box
from ...records import record
from ...render.picture import Picture
from ...render.typeset import FontPair
from ...template import Template
from .feature import feature_section, make_featured
from .frame import PT, CoverContext, CoverLayout
from .lettering import FrontText, draw_front_text, set_front_text, shown_width
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

NAME = "band"
#: The band takes at least this share of the front's height; its words about BAND_WORDS where
#: that sets them large, at most BAND_MOST for a long title.
BAND_LEAST, BAND_WORDS, BAND_MOST = 0.22, 0.36, 0.6
BLACK = (0.0, 0.0, 0.0)


@record
class BandPlan:
    """Where everything goes: the band's words and lower edge, the author, the front's art,
    the back's blurb."""

    text: FrontText
    band_bottom: float
    text_top: float
    pad: float
    author: Author
    art: Art | None
    picture: Picture | None
    blurb: BlurbLines


def band_pad(lay: CoverLayout) -> float:
    """Air around the band's words and the front's art (points)."""
    return max(lay.safe, lay.front.width * 0.06)


def band_author(template: Template, fonts: FontPair, lay: CoverLayout) -> Author:
    """The author's line at the foot of the front."""
    shown = shown_width(lay.front.width, lay.bleed)
    return set_author(template, fonts, shown, lay.front.width - 2 * band_pad(lay))


def band_foot(lay: CoverLayout) -> float:
    """The author's line's foot (points)."""
    return lay.front.y + max(lay.safe, band_pad(lay) * 0.6)


def band_text(template: Template, fonts: FontPair, lay: CoverLayout) -> FrontText:
    """The band's words set for the front of ``lay``: about BAND_WORDS of its height, up to
    BAND_MOST for a long title while ART_LEAST is left for the puzzle under the band (refused
    when they cannot fit)."""
    pad = band_pad(lay)
    front = lay.front
    author = band_author(template, fonts, lay)
    below = band_foot(lay) - front.y + author.height + front.height * (ART_LEAST + 0.05)
    most = min(front.height * BAND_MOST, front.height - below) - 2 * pad
    return set_front_text(
        template,
        fonts,
        width=front.width - 2 * pad,
        room=min(front.height * BAND_WORDS - 2 * pad, most),
        most_room=most,
        shown=shown_width(front.width, lay.bleed),
    )


def band_height(text: FrontText, lay: CoverLayout) -> float:
    """The band's height: a fifth or so of the front, more where its words need."""
    return max(lay.front.height * BAND_LEAST, text.height() + 2 * band_pad(lay))


def plan(ctx: CoverContext) -> BandPlan:
    """The band's words set (refused when they cannot fit), the band's height, the art's room
    and the blurb's lines (refused when it runs over the back)."""
    lay = ctx.lay
    front = lay.front
    pad = band_pad(lay)
    width = front.width - 2 * pad
    text = band_text(ctx.template, ctx.fonts, lay)
    band_h = band_height(text, lay)
    top = lay.height - lay.bleed
    bottom = top - band_h
    author = band_author(ctx.template, ctx.fonts, lay)
    foot = band_foot(lay)
    gap = front.height * 0.035
    low = foot + (author.height + gap * 0.5 if author.text else 0.0)
    box = Box(front.x + pad, low, width, bottom - gap - low)
    picture = picture_of(ctx.template)
    art = split_art(box, picture, gap) if min(box.width, box.height) >= PT else None
    if art is not None:
        check_picture(picture, art)
    blurb = blurb_lines(ctx, bottom - lay.back.height * 0.05)
    check_blurb(ctx, blurb)
    return BandPlan(
        text, bottom, top - (band_h - text.height()) / 2, pad, author, art, picture, blurb
    )


def check(ctx: CoverContext) -> None:
    plan(ctx)


def draw(canvas: Canvas, ctx: CoverContext) -> None:
    """The band, the front, the back and the spine."""
    p = plan(ctx)
    lay, inks = ctx.lay, ctx.inks
    inks.fill(canvas, ctx.accent)
    canvas.rect(0, p.band_bottom, lay.width, lay.height - p.band_bottom, stroke=0, fill=1)
    inks.fill(canvas, ctx.on_accent)
    inks.stroke(canvas, ctx.on_accent)
    draw_front_text(canvas, ctx.fonts, p.text, centre=lay.front.centre_x, top=p.text_top)
    inks.fill(canvas, BLACK)
    inks.stroke(canvas, BLACK)
    if p.art is not None:
        room = p.art.puzzle
        featured = make_featured(
            ctx.template,
            feature_section(ctx.template),
            (room.width, room.height),
            ctx.rng("front"),
        )
        if featured is not None:
            featured.card.draw_in(canvas, ctx.fonts, room)
        place_picture(canvas, ctx, p.picture, p.art)
    inks.fill(canvas, BLACK)
    foot = band_foot(lay)
    draw_author(canvas, ctx, p.author, lay.front.centre_x, foot + p.author.size * 0.25)
    draw_blurb(canvas, ctx, p.blurb, BLACK)
    _samples(canvas, ctx, p)
    draw_spine(canvas, ctx, p.band_bottom, BLACK)


def _samples(canvas: Canvas, ctx: CoverContext, p: BandPlan) -> None:
    """Three small mazes of the book's own between the blurb and the barcode box."""
    lay = ctx.lay
    back = lay.back
    left, width = back.x + lay.safe, back.width - 2 * lay.safe
    y = p.blurb.end
    room = min(y - p.blurb.floor, width / 3 - 12, 1.8 * PT)
    if room < 0.6 * PT:
        return
    cards = sample_cards(ctx, 3, room)
    if not cards:
        return
    gap = (width - len(cards) * room) / (len(cards) + 1)
    top = y - (y - p.blurb.floor - room) / 2
    for i, card in enumerate(cards):
        card.draw_in(canvas, ctx.fonts, Box(left + gap + i * (room + gap), top - room, room, room))
