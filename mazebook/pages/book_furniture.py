"""The book's own pages and furniture as painters: title, how-to, contents, section headers,
running heads and page numbers. Layout comes from layout.py; text only from here.

Every text from the template (title, subtitle, author, section names) is drawn in its visual
form (mazebook.render.typeset), so an Arabic or Hebrew title prints joined and right to left."""

from __future__ import annotations

import functools
from collections.abc import Sequence

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from ..records import record
from ..render.fasttext import draw_centred_string, draw_right_string, draw_string
from ..render.typeset import FontPair, set_title, visual, wrap
from ..template.texts import Texts
from .document import MazeCard, Painter, draw_maze_box
from .layout import Box, PageFrame
from .plan import BookPlan, PlannedSection
from .type_sizes import STANDARD, TypeSizes

#: Digits and marks the book prints besides its texts (checked against a user's font).
FIXED_TEXT = "0123456789 – · … ________"

CONTENTS_LINE = 20.0  # points between contents entries
#: Large print's contents: an entry takes two lines (name and page; levels and puzzles under
#: them), this far apart.
LARGE_CONTENTS_LINE = 26.0


def level_range(texts: Texts, levels: tuple[int, int]) -> str:
    """'Level 3' or 'Levels 1–4' in the book's language."""
    lo, hi = sorted(levels)
    return texts("level", level=lo) if lo == hi else texts("levels", first=lo, last=hi)


def number_range(texts: Texts, first: int, last: int) -> str:
    """'Puzzle 7' or 'Puzzles 1–20' in the book's language."""
    if first == last:
        return texts("puzzle", number=first)
    return texts("puzzles", first=first, last=last)


def contents_lines_per_page(body_height: float, sizes: TypeSizes = STANDARD) -> int:
    """How many contents entries fit under the heading on one page."""
    if sizes.large:
        return max(1, int((body_height - 60.0) // (2 * LARGE_CONTENTS_LINE + 8.0)))
    return max(1, int((body_height - 60.0) // CONTENTS_LINE))


def _centred_lines(
    canvas: Canvas,
    lines: Sequence[str],
    font: str,
    size: float,
    x: float,
    top: float,
    width: float,
    *,
    leading: float = 1.2,
) -> float:
    """Drawn lines centred on x, ``leading`` sizes apart; a line wider than ``width`` (one long
    word) is set smaller."""
    y = top
    for line in lines:
        y -= size * leading
        wide = stringWidth(line, font, size)
        canvas.setFont(font, size if wide <= width else max(4.0, size * width / wide))
        draw_centred_string(canvas, x, y, line)
    return y


def _fit_lines(
    text: str, font: str, size: float, width: float, max_lines: int, floor: float = 0.0
) -> tuple[list[str], float]:
    """Wrap text to the width, shrinking the size until it takes at most max_lines lines (or
    is 10 pt, or ``floor``: never below it); the lines come ready to draw (visual order)."""
    while True:
        lines = wrap(text, font, size, width)
        if len(lines) <= max_lines or size <= max(10.0, floor):
            return lines, size
        size = max(size * 0.9, floor)


#: The smallest size (points) a title-page text is shrunk to, and the lines the title and the
#: subtitle may take; a text that does not fit even so is refused (title_page_problem).
TITLE_PAGE_MIN_SIZE = 10.0
TITLE_LINES, SUBTITLE_LINES = 3, 2
#: The lines a large-print title page's summary may take (at its text size it may wrap).
SUMMARY_LINES = 2


def large_print_line(info: TitleInfo, sizes: TypeSizes) -> bool:
    """Whether the title page adds a line saying "Large Print" (the language's words): in
    large print, unless the title or subtitle says it already."""
    said = info.texts("large_print").casefold()
    return sizes.large and said not in f"{info.title} {info.subtitle}".casefold()


def title_page_problem(
    fonts: FontPair,
    info: TitleInfo,
    width: float,
    own_titles: Sequence[str] = (),
    sizes: TypeSizes = STANDARD,
) -> tuple[str, str] | None:
    """(key, problem) of the first title-page text (or title of a [[page]], ``own_titles``)
    that does not fit its lines at TITLE_PAGE_MIN_SIZE (large print: its own least sizes)
    within ``width`` (it would run over the page), or None when all fit."""
    for key, text, font, size, most, floor in (
        ("title", info.title, fonts.bold, 30.0, TITLE_LINES, sizes.least_heading),
        ("subtitle", info.subtitle, fonts.regular, 15.0, SUBTITLE_LINES, sizes.least_text),
    ):
        if text and len(_fit_lines(text, font, size, width, most, floor)[0]) > most:
            return key, (
                f"is too long for {most} lines of the title page (even at "
                f"{max(TITLE_PAGE_MIN_SIZE, floor):g} pt)"
            )
    levels = level_range(info.texts, info.levels)
    summary = info.texts.counted("summary", info.puzzles, levels=levels)
    lines = [("author", info.author, sizes.text(TITLE_PAGE_MIN_SIZE))]
    if not sizes.large:
        lines.append(("text.summary", summary, TITLE_PAGE_MIN_SIZE))
    elif len(wrap(summary, fonts.regular, sizes.least_text, width)) > SUMMARY_LINES:
        return "text.summary", (
            f"is too long for {SUMMARY_LINES} lines of the title page (even at "
            f"{sizes.least_text:g} pt)"
        )
    if large_print_line(info, sizes):
        lines.append(("text.large_print", info.texts("large_print"), sizes.least_heading))
    # a heading of one line
    lines += [("page", title, sizes.heading(TITLE_PAGE_MIN_SIZE)) for title in own_titles]
    for key, text, least in lines:
        if stringWidth(visual(text), fonts.regular, least) > width:
            return key, (
                f"is too long for one line of the {'page' if key == 'page' else 'title page'} "
                f"(even at {least:g} pt)"
            )
    return None


def page_number(fonts: FontPair, sizes: TypeSizes = STANDARD) -> Painter:
    """A painter: the page number at the outside corner of the footer."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        _page_number(canvas, frame, fonts, sizes)

    return paint


def _page_number(canvas: Canvas, frame: PageFrame, fonts: FontPair, sizes: TypeSizes) -> None:
    canvas.setFont(fonts.regular, sizes.text(9))
    canvas.setFillGray(0.0)
    y = frame.footer.y + 2
    if frame.recto:
        draw_right_string(canvas, frame.outside_x, y, str(frame.number))
    else:
        draw_string(canvas, frame.outside_x, y, str(frame.number))


#: How far the running head's rule stays inside the margins on each side (points): a line that
#: ends exactly on the gutter margin reads as crossing it to a printer's check.
RULE_INSET = 0.5


def running_head(fonts: FontPair, text: str, sizes: TypeSizes = STANDARD) -> Painter:
    """A painter: small grey text at the outside edge of the header band, and a thin rule."""
    size = sizes.text(9)

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        canvas.setFont(fonts.regular, size)
        canvas.setFillGray(0.3)
        y = frame.header.top - 10 * size / 9
        shown = _clip(text, fonts.regular, size, frame.content.width)
        if frame.recto:
            draw_right_string(canvas, frame.outside_x, y, shown)
        else:
            draw_string(canvas, frame.outside_x, y, shown)
        canvas.setStrokeGray(0.6)
        canvas.setLineWidth(0.75)
        rule = frame.header.top - 15 * size / 9
        inset = RULE_INSET  # clear of the margins (the gutter's above all), butt ends
        canvas.line(frame.content.x + inset, rule, frame.content.right - inset, rule)
        canvas.setFillGray(0.0)
        canvas.setStrokeGray(0.0)

    return paint


@record
class TitleInfo:
    """What the title page shows."""

    title: str
    subtitle: str
    author: str
    puzzles: int
    levels: tuple[int, int]
    texts: Texts


#: The title page's title: at most this size (points), else 8.5 % of the text width.
TITLE_PAGE_SIZE = 40.0


def title_page(
    fonts: FontPair, info: TitleInfo, decoration: MazeCard | None, sizes: TypeSizes = STANDARD
) -> Painter:
    """Title in balanced lines, a short rule, subtitle and author, a small maze, and the book's
    size and level range at the foot: set as a book designer sets a title page. Large print:
    no maze, every text at its least sizes, and the language's "Large Print" under the author."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        content = frame.content
        x = content.centre_x
        top = content.top - content.height * 0.1
        size = min(TITLE_PAGE_SIZE, content.width * 0.085)
        title = set_title(
            info.title,
            fonts.bold,
            size=size,
            width=content.width,
            min_size=sizes.heading(14.0),
        )
        canvas.setFillGray(0.0)
        y = _centred_lines(
            canvas, title.lines, fonts.bold, title.size, x, top, content.width, leading=1.15
        )
        y -= title.size * 0.45
        canvas.setStrokeGray(0.4)
        canvas.setLineWidth(0.75)
        canvas.line(x - content.width * 0.12, y, x + content.width * 0.12, y)
        canvas.setStrokeGray(0.0)
        y -= 6
        if info.subtitle:
            sub = set_title(
                info.subtitle,
                fonts.regular,
                size=16.0,
                width=content.width,
                max_lines=2,
                min_size=sizes.text(10.0),
            )
            y = _centred_lines(canvas, sub.lines, fonts.regular, sub.size, x, y, content.width)
        if info.author:
            y = _centred_lines(
                canvas,
                [visual(info.author)],
                fonts.bold,
                sizes.text(15.0),
                x,
                y - 14,
                content.width,
            )
        if large_print_line(info, sizes):  # the reader's promise, large and bold
            words = visual(info.texts("large_print"))
            y = _centred_lines(
                canvas, [words], fonts.bold, 2 * sizes.least_text, x, y - 30, content.width
            )
        bottom = content.y + 50
        if decoration is not None and not sizes.large:  # large print: no pictures
            room = min(content.width * 0.5, (y - 30) - (bottom + 20))
            if room > 60:
                box = Box(
                    x - room / 2, bottom + 20 + ((y - 30) - (bottom + 20) - room) / 2, room, room
                )
                draw_maze_box(canvas, fonts, decoration, box)
        levels = level_range(info.texts, info.levels)
        summary = info.texts.counted("summary", info.puzzles, levels=levels)
        if sizes.large:  # wrapped, its last line where a standard page sets its one
            at = sizes.least_text
            shown = wrap(summary, fonts.regular, at, content.width)
            top = content.y + 30 + 1.2 * at * len(shown)
            _centred_lines(canvas, shown, fonts.regular, at, x, top, content.width)
            return
        _centred_lines(
            canvas, [visual(summary)], fonts.regular, 11, x, content.y + 30 + 13.2, content.width
        )

    return paint


def heading(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    text: str,
    size: float = 22.0,
    sizes: TypeSizes = STANDARD,
) -> float:
    """A page heading at the top of the body (set smaller where it is wider than the content,
    never over the margin, and never below large print's heading size: cut short there);
    returns the y below it."""
    size = sizes.heading(size)
    wide = stringWidth(text, fonts.bold, size)
    shown = size if wide <= frame.content.width else size * frame.content.width / wide
    if shown < sizes.least_heading:
        shown = sizes.least_heading
        text = _clip(text, fonts.bold, shown, frame.content.width)
    canvas.setFont(fonts.bold, shown)
    canvas.setFillGray(0.0)
    draw_string(canvas, frame.content.x, frame.body.top - size, text)
    return heading_bottom(frame, size)


def heading_bottom(frame: PageFrame, size: float = 22.0) -> float:
    """Where the text under a page heading of ``size`` starts."""
    return frame.body.top - size - size * 0.9


#: The size of a text page's paragraphs (the how-to page, a template's own pages).
TEXT_SIZE = 12.0
#: The least size the how-to page's paragraphs shrink to where a book's kinds add their rules
#: (a small page in a long language); without them the page keeps TEXT_SIZE.
HOWTO_MIN_SIZE = 9.0


def text_fit(
    fonts: FontPair,
    frame: PageFrame,
    paragraphs: list[str],
    size: float = TEXT_SIZE,
    sizes: TypeSizes = STANDARD,
) -> tuple[int, int]:
    """(the lines that fit under a page heading, the lines in all) of ``paragraphs`` set at
    ``size`` on a page of ``frame``, as howto_page and own_page set them."""
    y = heading_bottom(frame, sizes.heading(22.0))
    fit = total = 0
    for paragraph in paragraphs:
        for _ in wrap(paragraph, fonts.regular, size, frame.content.width):
            total += 1
            if fit == total - 1 and y >= frame.body.y + size:
                fit += 1
            y -= size * 1.45
        y -= size * 0.8
    return fit, total


def howto_size(
    fonts: FontPair,
    frame: PageFrame,
    texts: Texts,
    rules: Sequence[str],
    sizes: TypeSizes = STANDARD,
) -> float:
    """The how-to page's type size: TEXT_SIZE, or with the book's kinds' ``rules`` added, the
    largest size down to HOWTO_MIN_SIZE (by half points) at which every line fits (large
    print: its text size, never smaller)."""
    if sizes.large:
        return sizes.text(TEXT_SIZE)
    if not rules:
        return TEXT_SIZE
    paragraphs = howto_paragraphs(texts, rules)
    size = TEXT_SIZE
    while size > HOWTO_MIN_SIZE:
        fit, total = text_fit(fonts, frame, paragraphs, size)
        if fit == total:
            break
        size -= 0.5
    return size


def howto_paragraphs(texts: Texts, rules: Sequence[str] = ()) -> list[str]:
    """The how-to page's paragraphs (split at blank lines), START and FINISH filled in, with
    ``rules`` (the book's kinds' own rules, one paragraph each) after the first."""
    words = {"start": texts("start"), "finish": texts("finish")}
    paragraphs = [p.strip() for p in texts("how_to_play", **words).split("\n\n") if p.strip()]
    return [*paragraphs[:1], *rules, *paragraphs[1:]]


def own_paragraphs(body: str) -> list[str]:
    """A template's own page's paragraphs (split at blank lines, spaces and line breaks in a
    paragraph run together)."""
    return [" ".join(p.split()) for p in body.split("\n\n") if p.strip()]


def copyright_lines(
    fonts: FontPair, text: str, width: float, sizes: TypeSizes = STANDARD
) -> list[str]:
    """The copyright page's lines (9 pt, large print's text size; each line of the text
    wrapped; an empty one kept)."""
    size = sizes.text(9.0)
    return [
        line
        for raw in text.split("\n")
        for line in (wrap(raw, fonts.regular, size, width) if raw.strip() else [""])
    ]


def text_pages_problem(
    fonts: FontPair,
    frame: PageFrame,
    texts: Texts,
    own_pages: list[tuple[str, str]],
    copyright: str,
    rules: Sequence[str] = (),
    sizes: TypeSizes = STANDARD,
) -> tuple[str, str] | None:
    """(key, problem) for the first text that runs over its page (the how-to page with the
    book's kinds' ``rules``, a template's own [[page]], the copyright), or None when all fit:
    a page never drops words."""
    size = howto_size(fonts, frame, texts, rules, sizes)
    checks = [("text.how_to_play", "the how-to page", howto_paragraphs(texts, rules), size)]
    if sizes.large:  # large print's how-to runs on over as many pages as it needs, up to a few
        checks = []
        count = len(howto_pages(fonts, frame, texts, rules, sizes))
        if count > HOWTO_MOST_PAGES:
            return "text.how_to_play", (
                f"the how-to text runs to {count} pages in large print, more than "
                f"{HOWTO_MOST_PAGES}; shorten it"
            )
    checks += [
        ("page", f"[[page]] {i + 1}'s body", own_paragraphs(body), sizes.text(TEXT_SIZE))
        for i, (_, body) in enumerate(own_pages)
    ]
    for key, what, paragraphs, at in checks:
        fit, total = text_fit(fonts, frame, paragraphs, at, sizes)
        if fit < total:
            return key, (
                f"{what} runs over its page: {fit} of its {total} lines fit; shorten it"
                + (" or split it into two [[page]]s" if key == "page" else "")
            )
    if copyright:
        lines = copyright_lines(fonts, copyright, frame.content.width, sizes)
        most = int(frame.body.height // (sizes.text(9.0) * 1.4))
        if len(lines) > most:
            return "copyright", (
                f"runs over its page: {len(lines)} lines, and {most} fit; shorten it"
            )
    return None


#: The most pages a large-print how-to runs on to (its 16 pt text with every kind's rules on a
#: small page); more is refused.
HOWTO_MOST_PAGES = 4


def howto_pages(
    fonts: FontPair,
    frame: PageFrame,
    texts: Texts,
    rules: Sequence[str] = (),
    sizes: TypeSizes = STANDARD,
) -> list[list[tuple[str, float]]]:
    """The how-to's lines page by page, each with its drop (points) below the heading's foot,
    wrapped to ``frame``'s content width: all on one page at howto_size; large print's run on
    to further pages (each under the heading again) where one does not hold them."""
    size = howto_size(fonts, frame, texts, rules, sizes)
    top = heading_bottom(frame, sizes.heading(22.0))
    pages: list[list[tuple[str, float]]] = [[]]
    y = top
    for paragraph in howto_paragraphs(texts, rules):
        for line in wrap(paragraph, fonts.regular, size, frame.content.width):
            if sizes.large and y < frame.body.y + size and pages[-1]:
                pages.append([])
                y = top
            pages[-1].append((line, top - y))
            y -= size * 1.45
        y -= size * 0.8
    return pages


def howto_page(
    fonts: FontPair,
    texts: Texts,
    rules: Sequence[str] = (),
    sizes: TypeSizes = STANDARD,
    part: int = 0,
    wrap_frame: PageFrame | None = None,
) -> Painter:
    """A short page on how to play and how levels and answers work (and ``rules``: the book's
    kinds' own, after the first paragraph; set smaller where they need it: howto_size); large
    print's ``part``-th page of it, its lines wrapped as in ``wrap_frame`` (the page's own
    frame if None) so the pages planned and the pages drawn agree."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        y = heading(canvas, frame, fonts, visual(texts("how_to_play_title")), sizes=sizes)
        size = howto_size(fonts, wrap_frame or frame, texts, rules, sizes)
        lines = howto_pages(fonts, wrap_frame or frame, texts, rules, sizes)
        for line, drop in lines[part] if part < len(lines) else []:
            canvas.setFont(fonts.regular, size)
            draw_string(canvas, frame.content.x, y - drop, line)

    return paint


def contents_page(
    fonts: FontPair,
    texts: Texts,
    plan: BookPlan,
    page_index: int,
    per_page: int,
    sizes: TypeSizes = STANDARD,
) -> Painter:
    """One page of the contents: each section with its levels and page, then the answers."""
    entries: list[tuple[str, str, int]] = [
        (
            s.name,
            visual(
                f"{level_range(texts, s.levels)} · "
                f"{number_range(texts, s.first_number, s.last_number)}"
            ),
            s.header_page,
        )
        for s in plan.sections
    ]
    answers = (texts("answers"), visual(texts.counted("all_solutions", len(plan.puzzles))))
    entries.append((*answers, plan.answer_pages[0]))
    chunk = entries[page_index * per_page : (page_index + 1) * per_page]

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        title = texts("contents") if page_index == 0 else texts("contents_continued")
        y = heading(canvas, frame, fonts, visual(title), sizes=sizes)
        if sizes.large:
            _large_contents(canvas, frame, fonts, chunk, y, sizes)
            return
        left, right = frame.content.x, frame.content.right
        for name, detail, page in chunk:
            y -= CONTENTS_LINE
            canvas.setFillGray(0.0)
            canvas.setFont(fonts.bold, 12)
            shown = _clip(name, fonts.bold, 12, frame.content.width * 0.45)
            draw_string(canvas, left, y, shown)
            canvas.setFont(fonts.regular, 12)
            draw_right_string(canvas, right, y, str(page))
            canvas.setFont(fonts.regular, 9.5)
            canvas.setFillGray(0.3)
            detail_x = left + frame.content.width * 0.48
            draw_string(canvas, detail_x, y, detail)
        canvas.setFillGray(0.0)

    return paint


def _large_contents(
    canvas: Canvas,
    frame: PageFrame,
    fonts: FontPair,
    entries: Sequence[tuple[str, str, int]],
    y: float,
    sizes: TypeSizes,
) -> None:
    """Large print's contents: each entry's name (bold) and page on one line, its levels and
    puzzles under them, every word at the least text size or more."""
    left, right = frame.content.x, frame.content.right
    size = sizes.text(12)
    for name, detail, page in entries:
        y -= LARGE_CONTENTS_LINE
        canvas.setFillGray(0.0)
        number = str(page)
        room = frame.content.width - stringWidth(number, fonts.regular, size) - size
        canvas.setFont(fonts.bold, size)
        draw_string(canvas, left, y, _clip(name, fonts.bold, size, room))
        canvas.setFont(fonts.regular, size)
        draw_right_string(canvas, right, y, number)
        y -= LARGE_CONTENTS_LINE
        canvas.setFillGray(0.3)
        draw_string(canvas, left, y, _clip_shown(detail, fonts.regular, size, frame.content.width))
        y -= 8.0
    canvas.setFillGray(0.0)


def _clip_shown(shown: str, font: str, size: float, width: float) -> str:
    """Drawn text (visual form already) cut with an ellipsis to fit the width."""
    if stringWidth(shown, font, size) <= width:
        return shown
    while shown and stringWidth(shown + "…", font, size) > width:
        shown = shown[:-1]
    return shown + "…"


@functools.lru_cache(maxsize=64)
def _clip(text: str, font: str, size: float, width: float) -> str:
    """The text (visual form) cut with an ellipsis to fit the width: remembered for the last
    few texts (a section's running head is the same on each of its pages; a registered font's
    name keeps its metrics)."""
    if stringWidth(visual(text), font, size) <= width:
        return visual(text)
    # the longest start of the text that fits with the ellipsis: a binary search, so a very
    # long name takes O(n log n), not O(n^2) (widths grow with the number of characters kept)
    lo, hi = 0, len(text) - 1
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if stringWidth(visual(text[:mid] + "…"), font, size) <= width:
            lo = mid
        else:
            hi = mid - 1
    return visual(text[:lo] + "…")


def section_page(
    fonts: FontPair, texts: Texts, section: PlannedSection, sizes: TypeSizes = STANDARD
) -> Painter:
    """A section's opening page: its name, level range and puzzle numbers."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        content = frame.content
        x = content.centre_x
        lines, size = _fit_lines(
            section.name, fonts.bold, 32.0, content.width, 3, sizes.least_heading
        )
        canvas.setFillGray(0.0)
        top = content.y + content.height * 0.62
        y = _centred_lines(canvas, lines, fonts.bold, size, x, top, content.width)
        canvas.setFont(fonts.regular, 16)
        draw_centred_string(canvas, x, y - 30, visual(level_range(texts, section.levels)))
        canvas.setFont(fonts.regular, sizes.text(12))
        canvas.setFillGray(0.3)
        numbers = number_range(texts, section.first_number, section.last_number)
        draw_centred_string(canvas, x, y - 52 - (sizes.text(12) - 12), visual(numbers))
        canvas.setFillGray(0.0)

    return paint


def blank_page(fonts: FontPair, texts: Texts, sizes: TypeSizes = STANDARD) -> Painter:
    """The last page when the count must be made even: a heading for notes."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        heading(canvas, frame, fonts, visual(texts("notes")), 16.0, sizes)

    return paint


def _paragraphs(
    canvas: Canvas, fonts: FontPair, frame: PageFrame, text: str, y: float, size: float
) -> float:
    """Paragraphs (split at blank lines) wrapped to the content width from ``y`` down."""
    canvas.setFont(fonts.regular, size)
    canvas.setFillGray(0.0)
    for paragraph in own_paragraphs(text):
        for line in wrap(paragraph, fonts.regular, size, frame.content.width):
            if y < frame.body.y + size:
                return y  # the page is full: the rest would run off it
            draw_string(canvas, frame.content.x, y, line)
            y -= size * 1.45
        y -= size * 0.8
    return y


def copyright_page(fonts: FontPair, text: str, sizes: TypeSizes = STANDARD) -> Painter:
    """The template's copyright text, small, at the foot of the page (the title's back)."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        size = sizes.text(9.0)
        wrapped = copyright_lines(fonts, text, frame.content.width, sizes)
        y = frame.body.y + size * 1.4 * len(wrapped)
        canvas.setFont(fonts.regular, size)
        canvas.setFillGray(0.0)
        for line in wrapped:
            draw_string(canvas, frame.content.x, y, line)
            y -= size * 1.4

    return paint


def belongs_to_page(fonts: FontPair, texts: Texts, sizes: TypeSizes = STANDARD) -> Painter:
    """ "This book belongs to" and a line to write a name on."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        content = frame.content
        lines, size = _fit_lines(
            texts("belongs_to"), fonts.bold, 28.0, content.width, 2, sizes.least_heading
        )
        canvas.setFillGray(0.0)
        top = content.y + content.height * 0.62
        y = _centred_lines(canvas, lines, fonts.bold, size, content.centre_x, top, content.width)
        canvas.setLineWidth(1.0)
        canvas.setStrokeGray(0.0)
        rule = y - 60
        canvas.line(
            content.x + content.width * 0.1, rule, content.right - content.width * 0.1, rule
        )

    return paint


def own_page(fonts: FontPair, title: str, body: str, sizes: TypeSizes = STANDARD) -> Painter:
    """A [[page]] of the template's own: its title as a heading, its body as paragraphs."""

    def paint(canvas: Canvas, frame: PageFrame) -> None:
        y = heading(canvas, frame, fonts, visual(title), sizes=sizes)
        _paragraphs(canvas, fonts, frame, body, y, sizes.text(TEXT_SIZE))

    return paint
