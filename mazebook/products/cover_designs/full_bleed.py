"""The "full-bleed" design: the front is a maze running off its three outer edges into the bleed
(the book's own puzzle when it is a plain rectangle maze, drawn at its level; otherwise a
pattern in a tint of the accent, with the book's puzzle on a white panel over it), the title in
a white panel with an accent border near the top, the author's name in a small panel at the
foot; the back and the spine solid in the accent colour, their words in white (black on a
light accent)."""

from __future__ import annotations

import random

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ...core.engine import generate
from ...geometry.drawing import MazeGeometry
from ...geometry.from_maze import maze_geometry
from ...geometry.paths import pdf_segments_ops
from ...kinds import DEFAULT_KIND
from ...kinds.search import generators_for
from ...pages.document import MazeCard, puzzle_style
from ...pages.layout import Box
from ...records import record
from ...render.picture import Picture
from .feature import feature_section, make_featured
from .frame import PT, RGB, CoverContext, luminance, mix
from .lettering import FrontText, draw_front_text, set_front_text
from .panels import (
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

NAME = "full-bleed"
#: The words take about this share of the front's height where that sets them large, at most
#: WORDS_MOST for a long title.
WORDS, WORDS_MOST = 0.4, 0.64
#: The front's art panel keeps at least this share of its height (less than the other designs'
#: ART_LEAST: the maze behind fills the whole front), and the gaps around it this share each.
ART_ROOM, GAP = 0.18, 0.025
#: The pattern's walls, as a tint of the accent, when the book's puzzle sits on a panel.
PATTERN_TINT = 0.35
#: The pattern's walls when the cover has no accent colour (a mid grey).
PATTERN_GRAY: RGB = (0.72, 0.72, 0.72)
#: The darkest accent still read as a title colour on white (lighter ones: black).
TITLE_DARKEST = 0.45
BLACK: RGB = (0.0, 0.0, 0.0)
WHITE: RGB = (1.0, 1.0, 1.0)


@record
class BleedPlan:
    """The title panel and its words, the author's panel, the maze behind them (the book's own
    puzzle, or a pattern), the art panel (the book's puzzle when it is not the maze behind, or
    a picture), and the back's blurb."""

    text: FrontText
    title_box: Box
    border: float
    author: Author
    author_box: Box | None
    behind: MazeGeometry
    behind_is_puzzle: bool
    art_box: Box | None
    art: Art | None
    picture: Picture | None
    blurb: BlurbLines
    pattern_room: Box


#: The book's own maze runs full bleed when it has at least this many columns across the front
#: (fewer, and a few huge cells read as lines, not a maze: it goes on a panel instead).
BEHIND_LEAST_COLUMNS = 8


def _behind(ctx: CoverContext, room: Box, rng: random.Random) -> tuple[MazeGeometry, bool]:
    """The maze behind the front: the book's own puzzle, made for the whole front, when it is a
    plain rectangle maze of enough columns (True); else a pattern of the section's level."""
    index = feature_section(ctx.template)
    section = ctx.template.sections[index]
    if section.shape == "rect" and section.puzzle == DEFAULT_KIND:
        made = make_featured(ctx.template, index, (room.width, room.height), rng)
        if made is not None and isinstance(made.card, MazeCard):
            geom = made.card.geometry
            if geom.width >= BEHIND_LEAST_COLUMNS and geom.marks is None and not made.card.letters:
                return geom, True
    return _pattern_maze(room, section.levels[0], rng), False


def plan(ctx: CoverContext) -> BleedPlan:
    lay = ctx.lay
    front = lay.front
    border = max(2.5, front.width * 0.008)
    margin = lay.safe + front.width * 0.015
    inner = max(front.width * 0.03, 1.5 * border)
    width = front.width - 2 * margin - 2 * inner
    author = set_author(ctx.template, ctx.fonts, ctx.shown, width)
    author_box = None
    low = front.y + margin
    if author.text:
        aw = stringWidth(author.text, ctx.fonts.bold, author.size) + 2 * inner
        ah = author.size * 1.9
        author_box = Box(front.centre_x - aw / 2, low, aw, ah)
        low += ah
    below = low - front.y + front.height * (ART_ROOM + 2 * GAP) + margin
    most = min(front.height * WORDS_MOST, front.height - below) - 2 * inner
    text = set_front_text(
        ctx.template,
        ctx.fonts,
        width=width,
        room=min(front.height * WORDS - 2 * inner, most),
        most_room=most,
        shown=ctx.shown,
    )
    box_h = text.height() + 2 * inner
    title_box = Box(front.x + margin, front.top - margin - box_h, front.width - 2 * margin, box_h)
    gap = front.height * GAP
    room = Box(
        front.x + margin, low + gap, front.width - 2 * margin, title_box.y - gap - (low + gap)
    )
    pattern = Box(front.x, 0.0, front.width + lay.bleed, lay.height)
    behind, is_puzzle = _behind(ctx, pattern, ctx.rng("front"))
    picture = picture_of(ctx.template)
    art_box = art = None
    if min(room.width, room.height) >= 1.5 * PT and (picture is not None or not is_puzzle):
        pad = inner * 0.8
        inside = Box(room.x + pad, room.y + pad, room.width - 2 * pad, room.height - 2 * pad)
        art_box, art = room, split_art(inside, picture, gap)
        if is_puzzle and art.picture is not None:  # the picture alone on its panel
            x, y, w, h = art.picture
            art_box = Box(x - pad, y - pad, w + 2 * pad, h + 2 * pad)
            art = Art(art_box, art.picture)
        check_picture(picture, art)
    blurb = blurb_lines(ctx, lay.back.top - max(lay.safe, lay.back.width * 0.08))
    check_blurb(ctx, blurb)
    return BleedPlan(
        text,
        title_box,
        border,
        author,
        author_box,
        behind,
        is_puzzle,
        art_box,
        art,
        picture,
        blurb,
        pattern,
    )


def check(ctx: CoverContext) -> None:
    plan(ctx)


def draw(canvas: Canvas, ctx: CoverContext) -> None:
    p = plan(ctx)
    lay, inks, fonts = ctx.lay, ctx.inks, ctx.fonts
    ink = ctx.accent if luminance(ctx.accent) < TITLE_DARKEST else BLACK
    inks.fill(canvas, ctx.accent)  # the back and the spine: solid accent into the bleed
    canvas.rect(0, 0, lay.front.x, lay.height, stroke=0, fill=1)
    tint = mix(ctx.accent, PATTERN_TINT) if ctx.template.printing.cover.color else PATTERN_GRAY
    _pattern(canvas, ctx, p.behind, p.pattern_room, BLACK if p.behind_is_puzzle else tint)
    _panel(canvas, ctx, p.title_box, p.border, ink)
    inks.fill(canvas, ink)
    inks.stroke(canvas, ink)
    draw_front_text(
        canvas,
        fonts,
        p.text,
        centre=lay.front.centre_x,
        top=p.title_box.top - (p.title_box.height - p.text.height()) / 2,
    )
    if p.art_box is not None and p.art is not None:
        _panel(canvas, ctx, p.art_box, p.border, ink)
        inks.fill(canvas, BLACK)
        inks.stroke(canvas, BLACK)
        if not p.behind_is_puzzle:
            room = p.art.puzzle
            shown = make_featured(
                ctx.template,
                feature_section(ctx.template),
                (room.width, room.height),
                ctx.rng("front"),
            )
            if shown is not None:
                shown.card.draw_in(canvas, fonts, room)
        place_picture(canvas, ctx, p.picture, p.art)
    if p.author_box is not None:
        _panel(canvas, ctx, p.author_box, p.border, ink)
        inks.fill(canvas, BLACK)
        box = p.author_box
        base = box.y + box.height / 2 - 0.36 * p.author.size
        draw_author(canvas, ctx, p.author, box.centre_x, base)
    draw_blurb(canvas, ctx, p.blurb, ctx.on_accent)
    _samples(canvas, ctx, p, ink)
    draw_spine(canvas, ctx, lay.height - lay.bleed, ctx.on_accent)


def _samples(canvas: Canvas, ctx: CoverContext, p: BleedPlan, ink: RGB) -> None:
    """Three small mazes of the book's own on white panels between the blurb and the barcode
    box."""
    lay = ctx.lay
    back = lay.back
    left, width = back.x + lay.safe, back.width - 2 * lay.safe
    y = p.blurb.end
    room = min(y - p.blurb.floor, width / 3 - 12, 1.8 * PT)
    if room < 0.8 * PT:
        return
    cards = sample_cards(ctx, 3, room * 0.8)
    if not cards:
        return
    gap = (width - len(cards) * room) / (len(cards) + 1)
    top = y - (y - p.blurb.floor - room) / 2
    for i, card in enumerate(cards):
        box = Box(left + gap + i * (room + gap), top - room, room, room)
        _panel(canvas, ctx, box, p.border * 0.6, ink)
        ctx.inks.fill(canvas, BLACK)
        ctx.inks.stroke(canvas, BLACK)
        inner = Box(box.x + room * 0.1, box.y + room * 0.1, room * 0.8, room * 0.8)
        card.draw_in(canvas, ctx.fonts, inner)


def _panel(canvas: Canvas, ctx: CoverContext, box: Box, border: float, ink: RGB) -> None:
    """A white panel with a border of ``ink`` (inside the box)."""
    ctx.inks.fill(canvas, WHITE)
    ctx.inks.stroke(canvas, ink)
    canvas.setLineWidth(border)
    half = border / 2
    canvas.roundRect(
        box.x + half,
        box.y + half,
        box.width - border,
        box.height - border,
        border * 2,
        stroke=1,
        fill=1,
    )


def _pattern_maze(room: Box, level: int, rng: random.Random) -> MazeGeometry:
    """A plain rectangle maze shaped like the room, as many cells as a page of ``level``."""
    columns = 10 + 2 * level
    rows = max(6, round(columns * room.height / room.width))
    names = generators_for(level)
    maze = generate(
        names[rng.randrange(len(names))], columns, rows, seed=rng.getrandbits(63), openings="sides"
    )
    return maze_geometry(maze)


def _pattern(canvas: Canvas, ctx: CoverContext, geom: MazeGeometry, room: Box, colour: RGB) -> None:
    """The maze's walls (no marks) covering ``room``: its corner at the fold's top, scaled so
    it reaches past the room's outer edges, clipped to the room (the front and its bleed)."""
    scale = max(room.width / geom.width, room.height / geom.height)
    wall = puzzle_style(scale).wall_width
    top = room.top
    canvas.saveState()
    ctx.inks.stroke(canvas, colour)
    clip = canvas.beginPath()
    clip.rect(room.x, room.y, room.width, room.height)
    canvas.clipPath(clip, stroke=0, fill=0)
    canvas.addLiteral(
        f"q {scale:.5f} 0 0 {-scale:.5f} {room.x:.3f} {top:.3f} cm 1 J 1 j "
        f"{wall / scale:.5f} w\n{pdf_segments_ops(geom.segments)}S\nQ\n"
    )
    canvas.restoreState()
