"""The front's words set to be read in a store's thumbnail: the front shown 160 px wide, where
the subtitle's capitals stand at least 8 px tall (the title's at least as tall, in bold).

A capital's height in pixels is its type size times the font's cap height (the ink of "H",
measured in the font itself) times the thumbnail's scale, 160 px over the front's width with
its outer bleed (the widest crop a store may show, so the bound holds for the trim alone too).
The smallest sizes follow from that; a title or subtitle that cannot fit the front's room at
them is refused in one line naming its key, never printed smaller. A large-print book's words
are at least 16 pt and its title and headings at least 18 pt bold besides.
"""

from __future__ import annotations

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ...errors import TemplateError
from ...records import record
from ...render.typeset import FontPair, Title, ink_height, set_title, visual
from ...template import Template

#: How wide a store shows the front (pixels), and how tall the subtitle's capitals must stand
#: there at least.
THUMB_WIDTH = 160.0
SUBTITLE_CAP_PX = 8.0
#: What the sizes aim at: above the bound by enough that, wherever the capitals fall on the
#: pixel grid, 8 pixel rows are at least three-quarters inked (at 8.4 px, only 7 could be).
AIM_PX = 8.8
#: The cap height assumed for a font whose ink cannot be measured (low: sizes come out larger).
CAP_FALLBACK = 0.62
#: No word on a cover is smaller than this (points); a large-print cover's, than LARGE_TEXT.
TEXT_MIN = 9.0
#: A large-print book's least size for every word (regular), and for titles and headings (bold).
LARGE_TEXT, LARGE_HEADING = 16.0, 18.0
#: The title's least size over the subtitle's: the title stays the larger, at its least too.
TITLE_OVER = 1.06
#: A title this much larger than its subtitle (sizes) where the front's room allows: a long
#: subtitle held at its thumbnail size does not bring the title down to its own size.
TITLE_OVER_SUBTITLE = 1.3
#: Where the words need more than the design's room for that, the title is set at most this
#: much larger than the subtitle (the puzzle keeps the rest of the front).
TITLE_OVER_SUBTITLE_MOST = 1.6
#: The largest title: this share of the front's width, at most TITLE_MAX points.
TITLE_SHARE, TITLE_MAX = 0.2, 150.0
#: Line pitch of the title and the subtitle, as a share of their size.
TITLE_LEAD, SUBTITLE_LEAD = 1.06, 1.2
#: A title takes fewer lines when their size is at least this share of more lines' size.
FEWER_LINES = 0.8
#: Lines a title takes where it can (at the least size: up to TITLE_LINES_MOST); a subtitle's.
TITLE_LINES, TITLE_LINES_MOST, SUBTITLE_LINES = 3, 7, 3
#: "Large Print" in each shipped language, where the language's texts have no word of their own.
LARGE_PRINT = {
    "en": "Large Print",
    "de": "Großdruck",
    "fr": "Gros caractères",
    "es": "Letra grande",
}


def cap_height(font: str) -> float:
    """The height of the font's capitals per point of size (the ink of "H")."""
    ink = ink_height(font, "H")
    return ink[0] if ink is not None and ink[0] > 0.3 else CAP_FALLBACK


def shown_width(front_width: float, bleed: float) -> float:
    """The width (points) a store's thumbnail shows: the front and its outer bleed."""
    return front_width + bleed


def thumb_cap_px(size: float, font: str, shown: float) -> float:
    """How tall (pixels) capitals of ``size`` points stand in the 160 px thumbnail."""
    return size * cap_height(font) * THUMB_WIDTH / shown


def least_size(font: str, shown: float, px: float = AIM_PX) -> float:
    """The smallest size (points) whose capitals stand ``px`` pixels in the thumbnail."""
    return px * shown / (THUMB_WIDTH * cap_height(font))


def large_print_words(template: Template) -> str:
    """What the cover of a large-print book says it is, in the book's language."""
    values = template.texts.values
    if "large_print" in values:  # a language text of its own, where the texts have one
        return template.texts("large_print")
    return LARGE_PRINT.get(template.texts.language, LARGE_PRINT["en"])


def text_floor(template: Template) -> float:
    """No word on the cover under this size (points)."""
    return LARGE_TEXT if template.large_print else TEXT_MIN


@record
class FrontText:
    """The front's badge ("Large Print", or none), title and subtitle, set in lines, and the
    height they take stacked (points, from the title's capitals to the subtitle's descenders)."""

    badge: str
    badge_size: float
    title: Title
    subtitle: Title | None

    @property
    def size(self) -> float:
        return self.title.size

    @property
    def gap(self) -> float:
        """Space between the title and the subtitle, and under the badge."""
        return 0.5 * (self.subtitle.size if self.subtitle else self.title.size * 0.45)

    def badge_height(self) -> float:
        return 1.7 * self.badge_size if self.badge else 0.0

    def height(self) -> float:
        s = self.title.size
        total = s * (0.76 + 0.24) + (len(self.title.lines) - 1) * s * TITLE_LEAD
        if self.badge:
            total += self.badge_height() + self.gap
        if self.subtitle is not None:
            sub = self.subtitle.size
            total += self.gap + sub + (len(self.subtitle.lines) - 1) * sub * SUBTITLE_LEAD
        return total


def _whole_words(lines: tuple[str, ...], text: str) -> bool:
    """Whether the lines break ``text`` at spaces only (no word of an alphabet cut in two)."""
    words = text.split()
    if len(words) < 2 and any(ord(ch) >= 0x2E80 for ch in text):
        return True  # Chinese or Japanese: broken between characters, as it is set
    return sorted(" ".join(lines).split()) == sorted(visual(w) for w in words) or any(
        ord(ch) >= 0x2E80 for ch in text
    )


def set_front_text(
    template: Template,
    fonts: FontPair,
    *,
    width: float,
    room: float,
    shown: float,
    most_room: float | None = None,
) -> FrontText:
    """The title as large as ``room`` points of height allows (balanced lines, at most three,
    the fewest whose size is near the largest, at least TITLE_OVER_SUBTITLE times the
    subtitle's size), else as ``most_room`` allows, else without that ratio, else in up to
    TITLE_LINES_MOST lines; the subtitle under it at about 0.45 of its size; both at least the
    thumbnail's least sizes. TemplateError naming ``title`` or ``subtitle`` when they cannot
    fit."""
    sub_least = max(least_size(fonts.regular, shown), text_floor(template))
    title_least = max(
        TITLE_OVER * least_size(fonts.bold, shown), LARGE_HEADING if template.large_print else 0
    )
    badge = large_print_words(template) if template.large_print else ""
    badge_size = max(least_size(fonts.bold, shown), LARGE_HEADING) if badge else 0.0
    if badge and stringWidth(visual(badge), fonts.bold, badge_size) + badge_size > width:
        badge_size = max(LARGE_HEADING, width / (stringWidth(visual(badge), fonts.bold, 1.0) + 1))
    start = max(title_least, min(TITLE_MAX, TITLE_SHARE * shown))
    subtitle = _subtitle(template, fonts, width, sub_least)

    def largest(
        most: int, height: float, over: float = 0.0, top: float = start
    ) -> FrontText | None:
        """The largest setting, its title at most ``top`` points, in at most ``most`` lines
        within ``height``, its title at least ``over`` times its subtitle's size, if any."""
        size = top
        while True:
            title = set_title(
                template.title, fonts.bold, size=size, width=width, max_lines=most, min_size=size
            )
            text = FrontText(badge, badge_size, title, subtitle(size))
            fits = len(title.lines) <= most and _whole_words(title.lines, template.title)
            fits &= text.subtitle is None or size >= over * text.subtitle.size
            if fits and text.height() <= height:
                return text
            if size <= title_least:
                return None
            size = max(title_least, size * 0.95)

    more = max(room, most_room or room)
    floor = subtitle(title_least)
    # where the room is too small for the title over its subtitle, more room for a title at
    # most TITLE_OVER_SUBTITLE_MOST times it (the art keeps the rest); then without the ratio
    just = max(title_least, TITLE_OVER_SUBTITLE_MOST * floor.size) if floor else start
    tries = [(TITLE_OVER_SUBTITLE, room, start), (TITLE_OVER_SUBTITLE, more, min(start, just))]
    tries += [(0.0, room, start), (0.0, more, start)]
    for over, height, top in dict.fromkeys(tries):
        found = [t for most in range(1, TITLE_LINES + 1) if (t := largest(most, height, over, top))]
        if found:  # the fewest lines whose size is near the largest
            biggest = max(text.size for text in found)
            return next(text for text in found if text.size >= FEWER_LINES * biggest)
    most = largest(TITLE_LINES_MOST, max(room, most_room or room))
    if most is not None:
        return most
    raise _refusal(
        template, fonts, width, max(room, most_room or room), title_least, subtitle(title_least)
    )


def _subtitle(template: Template, fonts: FontPair, width: float, least: float):  # type: ignore[no-untyped-def]
    """The subtitle set for a title of each size: about 0.45 of it, at least ``least``, in at
    most SUBTITLE_LINES balanced lines; TemplateError naming ``subtitle`` when even ``least``
    needs more."""
    if not template.subtitle:
        return lambda size: None
    floor = set_title(
        template.subtitle,
        fonts.regular,
        size=least,
        width=width,
        max_lines=SUBTITLE_LINES,
        min_size=least,
    )
    if len(floor.lines) > SUBTITLE_LINES or not _whole_words(floor.lines, template.subtitle):
        raise TemplateError(
            f"is too long for the front cover: at {least:.0f} pt, the least size whose capitals "
            f"stand {SUBTITLE_CAP_PX:g} px tall when a store shows the front "
            f"{THUMB_WIDTH:g} px wide, it takes {_lines(len(floor.lines))} and "
            f"{SUBTITLE_LINES} fit; shorten it",
            file=template.source,
            key="subtitle",
        )

    def at(size: float) -> Title:
        start = max(least, 0.45 * size)
        if start <= least:
            return floor
        return set_title(
            template.subtitle,
            fonts.regular,
            size=start,
            width=width,
            max_lines=SUBTITLE_LINES,
            min_size=least,
        )

    return at


def _refusal(
    template: Template, fonts: FontPair, width: float, room: float, least: float, sub: Title | None
) -> TemplateError:
    """The one-line refusal of a title that cannot fit the front at its least size."""
    title = set_title(
        template.title,
        fonts.bold,
        size=least,
        width=width,
        max_lines=TITLE_LINES_MOST,
        min_size=least,
    )
    long_word = not _whole_words(title.lines, template.title)
    if long_word:
        word = max(template.title.split(), key=lambda w: stringWidth(visual(w), fonts.bold, 1.0))
        problem = f"its word {word!r} is wider than the front cover"
    else:
        problem = f"it takes {_lines(len(title.lines))}"
        if sub is not None:
            problem += f" and the subtitle {_lines(len(sub.lines))}"
        problem += f", more than the {room:.0f} pt of the front's height they may take"
    return TemplateError(
        f"is too long for the front cover: at {least:.0f} pt, the least a title is set at so "
        f"it reads when a store shows the front {THUMB_WIDTH:g} px wide, {problem}; shorten it",
        file=template.source,
        key="title",
    )


def _lines(count: int) -> str:
    return f"{count} line" if count == 1 else f"{count} lines"


def draw_front_text(
    canvas: Canvas,
    fonts: FontPair,
    text: FrontText,
    *,
    centre: float,
    top: float,
    ink: tuple[float, ...] | None = None,
) -> float:
    """The badge, title and subtitle centred on ``centre``, the title's capitals starting at
    ``top``, in the current fill colour; returns the block's lower edge."""
    y = top
    if text.badge:
        y = _badge(canvas, fonts, text, centre, y)
        y -= text.gap
    s = text.title.size
    canvas.setFont(fonts.bold, s)
    baseline = y - 0.76 * s
    for i, line in enumerate(text.title.lines):
        canvas.drawCentredString(centre, baseline - i * s * TITLE_LEAD, line)
    bottom = baseline - (len(text.title.lines) - 1) * s * TITLE_LEAD - 0.24 * s
    if text.subtitle is not None:
        sub = text.subtitle.size
        canvas.setFont(fonts.regular, sub)
        baseline = bottom - text.gap - 0.76 * sub
        for i, line in enumerate(text.subtitle.lines):
            canvas.drawCentredString(centre, baseline - i * sub * SUBTITLE_LEAD, line)
        bottom = baseline - (len(text.subtitle.lines) - 1) * sub * SUBTITLE_LEAD - 0.24 * sub
    del ink
    return bottom


def _badge(canvas: Canvas, fonts: FontPair, text: FrontText, centre: float, top: float) -> float:
    """The large-print badge: its words in bold inside a rounded outline; returns its foot."""
    size = text.badge_size
    shown = visual(text.badge)
    width = stringWidth(shown, fonts.bold, size) + 1.2 * size
    height = text.badge_height()
    canvas.saveState()
    canvas.setLineWidth(max(1.5, size * 0.08))
    canvas.roundRect(
        centre - width / 2, top - height, width, height, height * 0.3, stroke=1, fill=0
    )
    canvas.setFont(fonts.bold, size)
    canvas.drawCentredString(centre, top - height / 2 - 0.36 * size, shown)
    canvas.restoreState()
    return top - height
