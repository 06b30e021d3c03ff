"""The checks on what is drawn: fonts embedded, vector only, black and grey, line weights,
and every page's content read in full (a page that cannot be read is a FAIL, never a pass)."""

from __future__ import annotations

import math
from collections.abc import Sequence

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


def images_check(f: Findings) -> Check:
    """No raster images: the book is vector only."""
    if f.images:
        return Check("vector only", False, listed(f.images))
    return Check("vector only", True, "no raster images")


def colour_check(f: Findings) -> Check:
    """Black and grey only (an interior printed in black ink)."""
    if f.colours:
        return Check("black and grey only", False, listed(f.colours))
    return Check("black and grey only", True, "no colour")


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
