"""A cover told from its size, for `mazebook preflight COVER.pdf` without --cover.

A one-page PDF wider than tall, not one of the printer's interior trims (with or without
bleed), is read as the printer's cover when its height is a trim's plus the cover bleed and its
width two trims, the bleed and a spine: the spine's width gives the interior's page count on
each paper (the nearest whole count whose cover is this wide, within the printer's range of
page counts for that trim and paper). Each way to read it is a Reading; run.py checks the file
as the likeliest one and says which it assumed and how to pin it with --cover --pages N.
"""

from __future__ import annotations

import shlex

from ..printing.printers import PAPERS, Printer, Trim, cover_size, find_trim, page_range
from ..records import record
from .cover import SIZE_TOLERANCE
from .read import PageGeometry

PT = 72.0
#: A page at least this much wider than tall may be a cover (a 24-page 5 x 8 in book's is 1.25).
COVER_SHAPE = 1.2


@record
class Reading:
    """One way to read a page as a cover: a book of ``pages`` pages of ``trim`` on ``paper``,
    whose spine is ``spine`` inches wide."""

    trim: Trim
    paper: str
    pages: int
    spine: float

    def flags(self) -> str:
        """The preflight flags that pin this reading."""
        return f"--cover --pages {self.pages} --paper {self.paper}"

    def book(self) -> str:
        """'an 8.5 x 11 in book of 122 pages'."""
        size = str(self.trim)
        article = "an" if size.startswith(("8 ", "8.", "11 ", "11.", "18")) else "a"
        return f"{article} {size} book of {self.pages} pages"


def shell_path(path: object) -> str:
    """A path as one shell word that no command reads as an option."""
    text = str(path)
    return shlex.quote(f"./{text}" if text.startswith("-") else text)


def _inches(g: PageGeometry) -> tuple[float, float]:
    m = g.media
    return (m[2] - m[0]) / PT, (m[3] - m[1]) / PT


def cover_shaped(p: Printer, geoms: list[PageGeometry | str]) -> PageGeometry | None:
    """The page of a file that may be a cover of printer ``p``: its only page, wider than tall
    and not an interior trim (nor a trim plus the printer's bleed); else None."""
    if p.cover is None or len(geoms) != 1 or not isinstance(geoms[0], PageGeometry):
        return None
    g = geoms[0]
    width, height = _inches(g)
    if width <= height:
        return None
    for extra in (0.0, p.bleed, 2 * p.bleed):  # no bleed, three sides, four sides
        if find_trim(p, width - extra, height - (2 * p.bleed if extra else 0.0)) is not None:
            return None
    return g


def cover_proportions(g: PageGeometry) -> bool:
    """Whether a page is as much wider than tall as a cover is."""
    width, height = _inches(g)
    return width >= height * COVER_SHAPE


def _made_width(trim: Trim, height: float) -> float:
    """The trim's width as the file was most likely made: printers publish sizes rounded to
    0.01 in, and a trim that is whole millimetres (A4, 8.27 x 11.69 in, is 210 x 297 mm) is
    made to the millimetre when the page's height (``height``, less bleed) says so; the spine,
    and so the page count, is what the two fronts leave."""
    mm = 25.4
    width, tall = round(trim.width * mm) / mm, round(trim.height * mm) / mm
    metric = abs(width - trim.width) <= 0.01 and abs(tall - trim.height) <= 0.01
    if metric and abs(tall - height) < abs(trim.height - height):
        return width
    return trim.width


def readings(p: Printer, g: PageGeometry) -> list[Reading]:
    """Every trim and paper this page is a cover for, with its page count."""
    rules = p.cover
    if rules is None:
        return []
    width, height = _inches(g)
    bleed = rules.bleed
    found = []
    for trim in p.trims:
        if abs(trim.height + 2 * bleed - height) > SIZE_TOLERANCE:
            continue
        spine = width - 2 * _made_width(trim, height - 2 * bleed) - 2 * bleed
        for paper, per_page in rules.spine_per_page:
            pages = round((spine - rules.spine_base) / per_page)
            if pages < 1 or abs(cover_size(p, trim, pages, paper)[0] - width) > SIZE_TOLERANCE:
                continue
            span = page_range(p, trim, paper)
            if span is None or span[0] <= pages <= span[1]:
                found.append(Reading(trim, paper, pages, spine))
    return found


def likely(found: list[Reading], paper: str) -> tuple[str, list[Reading]]:
    """(the paper assumed, the readings on it): ``paper`` if any reading is on it, else the
    first paper that has one."""
    for choice in (paper, *PAPERS):
        on = [r for r in found if r.paper == choice]
        if on:
            return choice, on
    return paper, []


def recognised(
    p: Printer, reading: Reading, found: list[Reading], others: list[Reading], path: str
) -> str:
    """The words of the "cover recognised" warning: what was assumed, what else the page could
    be, and the command that pins it."""
    papers = [f"{r.pages} on {r.paper}" for r in found if r.trim == reading.trim and r != reading]
    other = f"; other papers give {', '.join(papers)}" if papers else ""
    text = (
        f"one page wider than tall, checked as the cover of {reading.book()} on "
        f"{reading.paper} paper (its {reading.spine:.4f} in spine{other})"
    )
    if others:
        text += "; it is also the size of " + "; ".join(f"{r.book()} ({r.flags()})" for r in others)
    return (
        f"{text}; to pin the page count and paper (or give others): mazebook preflight "
        f"{shell_path(path)} --printer {p.name} {reading.flags()}"
    )


def unrecognised(p: Printer, g: PageGeometry, path: str) -> str:
    """A note for a page shaped like a cover that is no cover of printer ``p``: why, and the
    flags to check it as one."""
    width, height = _inches(g)
    rules = p.cover
    bleed = rules.bleed if rules else 0.0
    heights = [t for t in p.trims if abs(t.height + 2 * bleed - height) <= SIZE_TOLERANCE]
    if heights:
        spines = ", ".join(f"{t}: {width - 2 * t.width - 2 * bleed:.4f} in" for t in heights)
        why = f"its height fits, but its width leaves a spine no page count makes ({spines})"
    else:
        why = f"its height {height:.4g} in is no {p.name} trim's plus {bleed:g} in of bleed"
    return (
        f"one page {width:.4g} x {height:.4g} in, wider than tall like a cover, but no {p.name} "
        f"cover: {why}; if it is a cover, check it with its interior's page count: "
        f"mazebook preflight {shell_path(path)} --printer {p.name} --cover --pages N"
    )
