"""Text as it is drawn: Arabic letters joined and right-to-left runs put in visual order.

Pure text, no fonts: the SVG writer sets its labels with it without loading reportlab, and
mazebook.render.typeset (fonts, wrapping) builds on it; why mazebook shapes text itself is said
there. arabic_reshaper and python-bidi are imported only when right-to-left text comes.
"""

from __future__ import annotations

import functools
import unicodedata
from typing import Any, Literal

Direction = Literal["L", "R"]

#: Presentation-form blocks: what Arabic letters become once joined.
PRESENTATION = ((0xFB50, 0xFDFF), (0xFE70, 0xFEFF))
#: Bidirectional classes of right-to-left letters (Hebrew and others; Arabic letters).
_RTL_CLASSES = frozenset({"R", "AL"})
_STRONG = frozenset({"L", "R", "AL"})


@functools.cache
def _reshaper() -> Any:
    """Letter joining with only the lam-alef ligatures (which every Arabic font has).

    arabic_reshaper (and python-bidi) are imported only when right-to-left text comes, so
    left-to-right documents do not pay for loading them.
    """
    from arabic_reshaper import ArabicReshaper

    return ArabicReshaper(
        configuration={
            "delete_harakat": True,
            "support_ligatures": True,
            "ARABIC LIGATURE ALLAH": False,
        }
    )


@functools.cache
def _plain_below() -> tuple[str, frozenset[str]]:
    """The first right-to-left letter (U+05BE) and the format marks before it (the soft
    hyphen): text of characters before it and none of those marks needs no reordering and
    loses nothing, whatever else it holds (accents, a middle dot, Greek, Cyrillic)."""
    marks: list[str] = []
    for code in range(0x110000):
        ch = chr(code)
        if unicodedata.bidirectional(ch) in _RTL_CLASSES:
            return ch, frozenset(marks)
        if unicodedata.category(ch) == "Cf":
            marks.append(ch)
    return chr(0x10FFFF), frozenset(marks)


def _drawn_as_is(text: str) -> bool:
    """Whether the text is drawn as it is: no right-to-left letter, no format mark (checked
    for the whole text at once, not a look-up a character)."""
    if text.isascii():
        return True
    first_rtl, marks = _plain_below()
    return max(text) < first_rtl and marks.isdisjoint(text)


def has_rtl(text: str) -> bool:
    """Whether the text holds any right-to-left letter (Arabic, Hebrew, Syriac, ...)."""
    if _drawn_as_is(text):  # most text: no letter to look up
        return False
    return any(unicodedata.bidirectional(ch) in _RTL_CLASSES for ch in text)


def direction(text: str) -> Direction:
    """The paragraph direction: that of the first strong letter ('L' when there is none)."""
    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in _STRONG:
            return "L" if kind == "L" else "R"
    return "L"


def _needs_joining(text: str) -> bool:
    return any(unicodedata.bidirectional(ch) == "AL" for ch in text)


def shape(text: str) -> str:
    """Arabic letters joined into presentation forms, still in logical order."""
    if not _needs_joining(text):
        return text
    return str(_reshaper().reshape(text))


def drawable(text: str) -> str:
    """Without format characters (bidi marks, joiners): they steer layout, they are not ink."""
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf")


def reorder(line: str, base: Direction | None = None) -> str:
    if _drawn_as_is(line):  # no right-to-left letter, no format mark
        return line
    if not has_rtl(line):
        return drawable(line) if any(unicodedata.category(c) == "Cf" for c in line) else line
    from bidi.algorithm import get_display

    shown = get_display(line, base_dir=base) if base else get_display(line)
    return drawable(str(shown))


def visual(text: str) -> str:
    """One line as it must be drawn left to right: joined, in visual order, no format marks."""
    if _drawn_as_is(text):  # no right-to-left letter, no format mark
        return text
    return _reordered(text)


@functools.lru_cache(maxsize=512)
def _reordered(text: str) -> str:
    """visual's answer for text that is not drawn as it is, remembered: a book's running
    heads (a middle dot and a dash) are measured and drawn on every page."""
    if not has_rtl(text):
        return reorder(text)
    return reorder(shape(text), direction(text))
