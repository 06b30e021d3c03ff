"""The checks on what is drawn: fonts embedded, images (resolution, colour, JPEG 2000, or none
at all in a vector-only book), colour spaces, ink coverage, transparency, line weights, printer's
marks, the file's size, and every page's content read in full (a page that cannot be read is a
FAIL, never a pass)."""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..printing.printers import COLOUR_PAPERS, Printer
from .images import GRAY
from .report import Check, listed
from .scan import Findings, PageInk

WIDTH_TOLERANCE = 1e-3  # points


def fonts_check(f: Findings) -> Check:
    """Every font the content uses is embedded in the file."""
    missing = sorted(name for name, ok in f.fonts.items() if not ok)
    if missing:
        return Check("fonts embedded", False, f"not embedded: {', '.join(missing)}")
    names = ", ".join(sorted(f.fonts)) or "no text"
    return Check("fonts embedded", True, f"all embedded ({names})")


def images_check(f: Findings, p: Printer, *, grey_only: bool, vector_only: bool = False) -> Check:
    """Images the printer accepts: at least its resolution on the page, grey in a black-ink
    book, no JPEG 2000 where refused; with ``vector_only`` (mazebook's own rule) none at all."""
    if not f.image_count:
        return Check("images", True, "no raster images")
    if vector_only:
        return Check("images", False, f"raster images in a vector-only book: {listed(f.images)}")
    problems = []
    if f.lowest_dpi < p.min_dpi - 0.5:
        problems.append(f"below {p.min_dpi:g} dpi: {f.lowest_dpi_where}")
    colour = sorted(name for name in f.image_spaces if name != GRAY)
    if grey_only and colour:
        problems.append(
            "not grey in a black-ink book: "
            + "; ".join(f"{name} {f.image_spaces[name]}" for name in colour)
        )
    if f.jpx and not p.jpx:
        problems.append(f"JPEG 2000, which {p.name} refuses: {listed(f.jpx, 2)}")
    count = f"{f.image_count} image{'' if f.image_count == 1 else 's'}"
    if problems:
        return Check("images", False, f"{count}; " + "; ".join(problems))
    lowest = f"the lowest {f.lowest_dpi:.0f} dpi" if math.isfinite(f.lowest_dpi) else "none seen"
    return Check("images", True, f"{count}, {lowest} (at least {p.min_dpi:g} dpi)")


def colour_check(f: Findings) -> Check:
    """Black and grey only (an interior printed in black ink)."""
    if f.colours:
        return Check("black and grey only", False, listed(f.colours))
    return Check("black and grey only", True, "no colour")


def spaces_check(f: Findings, p: Printer, *, cover: bool) -> Check:
    """Colour only in the spaces the printer accepts for a colour interior or a cover."""
    accepted = p.cover.spaces if cover and p.cover else p.colour_spaces
    wrong = [f"{name} ({f.spaces[name]})" for name in sorted(f.spaces) if name not in accepted]
    wants = " or ".join(accepted)
    preferred = f"; {p.preferred} preferred" if p.preferred else ""
    if wrong:
        return Check("colour spaces", False, f"{p.name} takes {wants}{preferred}: {listed(wrong)}")
    used = ", ".join(sorted(f.spaces)) or "none set (black)"
    return Check("colour spaces", True, f"{used}; {p.name} takes {wants}{preferred}")


def colour_checks(f: Findings, p: Printer, paper: str) -> Check:
    """The interior's colour: black and grey on black-ink papers, else the accepted spaces."""
    if paper in COLOUR_PAPERS:
        return spaces_check(f, p, cover=False)
    return colour_check(f)


def ink_check(f: Findings, p: Printer) -> Check:
    """The highest total ink (CMYK summed, grey as black) within the printer's limit."""
    highest = f"highest {f.max_ink:.0f} %" + (f" ({f.max_ink_where})" if f.max_ink_where else "")
    if p.ink_limit is None:
        return Check(
            "ink coverage",
            True,
            f"{p.name} publishes no ink limit; {highest} in vector paint (images not measured)",
        )
    if f.max_ink > p.ink_limit + 0.5:
        return Check("ink coverage", False, f"{highest}; {p.name}'s limit is {p.ink_limit:g} %")
    if f.ink_unmeasured:
        return Check(
            "ink coverage", False, f"not checked: cannot measure {listed(f.ink_unmeasured, 2)}"
        )
    within = f"{highest}, within {p.name}'s {p.ink_limit:g} %"
    if f.ink_skipped:
        return Check(
            "ink coverage",
            True,
            f"{within}; not measured (CCITT fax and JBIG2 data are not decoded here: no "
            f"well-kept decoder; they hold one bit a pixel): {listed(f.ink_skipped, 2)}",
            warn=True,
        )
    return Check("ink coverage", True, within)


def transparency_check(f: Findings, p: Printer) -> Check:
    """No soft masks, alpha below 1, blend modes or transparency groups, where the printer
    wants transparency flattened."""
    if not f.transparency:
        return Check("transparency", True, "none")
    if not p.flatten_transparency:
        return Check(
            "transparency", True, f"{p.name} takes it unflattened: {listed(f.transparency, 2)}"
        )
    return Check("transparency", False, f"{p.name} wants it flattened: {listed(f.transparency)}")


def marks_check(f: Findings, p: Printer, annotations: list[str], bookmarks: bool) -> Check:
    """No crop marks (lines wholly outside the trim), annotations or bookmarks, where refused."""
    found = list(f.marks) + annotations + (["bookmarks (an outline)"] if bookmarks else [])
    if not found:
        return Check("marks and annotations", True, "no crop marks, annotations or bookmarks")
    if not p.no_marks:
        return Check("marks and annotations", True, f"{p.name} ignores them: {listed(found, 2)}")
    return Check(
        "marks and annotations",
        False,
        f"{p.name} refuses crop marks, annotations and bookmarks: {listed(found)}",
    )


def file_size_check(size: int, p: Printer) -> Check:
    """The file no larger than the printer accepts."""
    mb = size / 1_000_000
    if p.max_file_mb is None:
        return Check("file size", True, f"{mb:.1f} MB ({p.name} publishes no limit)")
    ok = mb <= p.max_file_mb
    return Check(
        "file size", ok, f"{mb:.1f} MB ({'within' if ok else 'over'} {p.max_file_mb:g} MB)"
    )


#: Checks that read the content; they cannot pass when some of it was not read.
CONTENT_CHECKS = frozenset(
    {
        "inside margin",
        "outside margins",
        "fonts embedded",
        "text size",
        "images",
        "black and grey only",
        "colour spaces",
        "ink coverage",
        "near-white tints",
        "transparency",
        "line weights",
        "marks and annotations",
        "safe area",
        "barcode box",
        "spine text",
    }
)


def unread(checks: Sequence[Check], why: str | None) -> tuple[Check, ...]:
    """The checks, with every content check that would pass said to be not checked when
    ``why`` (some content was not read); a failure found in what was read stays a failure."""
    if why is None:
        return tuple(checks)
    return tuple(
        Check(c.name, False, f"not checked in full ({why}): {c.detail}")
        if c.ok and c.name in CONTENT_CHECKS
        else c
        for c in checks
    )


def lines_check(f: Findings, min_line: float) -> Check:
    """Every stroked line at least ``min_line`` points wide on paper."""
    if f.thinnest == math.inf:
        return Check("line weights", True, "no stroked lines")
    ok = f.thinnest >= min_line - WIDTH_TOLERANCE
    where = "" if ok else f" on page {f.thinnest_page}"
    return Check(
        "line weights",
        ok,
        f"thinnest stroke {f.thinnest:.3g} pt{where} ({'at least' if ok else 'below'} "
        f"{min_line:g} pt)",
    )


def readable_check(inks: Sequence[PageInk], count: int, too_complex: str | None) -> Check:
    """Every page's content decoded and interpreted in full, within the budget."""
    problems = [problem for ink in inks for problem in ink.problems]
    if too_complex is not None:
        read = f"; {len(inks)} of {count} pages read" if count else ""
        return Check("content readable", False, f"too complex to check: {too_complex}{read}")
    if problems:
        return Check("content readable", False, listed(problems))
    return Check("content readable", True, f"all {len(inks)} pages read in full")
