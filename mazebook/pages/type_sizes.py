"""The least sizes a document's words and lines may have: none of its own, or large print's.

A standard document sets its own sizes; a large-print one (``large_print = true``:
template.large_print holds the numbers) raises every text to at least 16 pt, every heading,
title, puzzle number and START / FINISH word to at least 18 pt (set bold), its walls to at
least 2 pt on puzzle and answer pages and its solution lines to at least 3 pt. The painters ask
a ``TypeSizes`` for each size (``text`` or ``heading`` of what they set otherwise).
"""

from __future__ import annotations

from ..geometry.labels import LABEL_SIZE
from ..printing.printers import COLOUR_PAPERS
from ..records import record
from ..template.large_print import HEADING, PATH, TEXT, WALL

#: The colour of a large-print page where it is printed: a colour interior (on black-ink
#: papers the book is printed on the printer's cream paper instead: template.large_print.PAPER;
#: a black-ink interior is never tinted, the printer would print the tint as a grey).
CREAM = (1.0, 0.973, 0.906)


@record
class TypeSizes:
    """The least sizes of one document (points; 0: the painter's own)."""

    least_text: float = 0.0
    least_heading: float = 0.0
    least_words: float = LABEL_SIZE
    least_wall: float = 0.0
    least_path: float = 0.0

    @property
    def large(self) -> bool:
        """Whether these are large print's minimums."""
        return self.least_text > 0.0

    def text(self, size: float) -> float:
        """The size of running text, captions, page numbers: ``size``, or the least."""
        return max(size, self.least_text)

    def heading(self, size: float) -> float:
        """The size of a heading, title or puzzle number (bold): ``size``, or the least."""
        return max(size, self.least_heading)

    def shrink_floor(self, floor: float, *, heading: bool = False) -> float:
        """The smallest a fitted text may shrink to: ``floor``, or the least it may have."""
        return max(floor, self.least_heading if heading else self.least_text)


STANDARD = TypeSizes()
LARGE_PRINT = TypeSizes(TEXT, HEADING, HEADING, WALL, PATH)


def type_sizes(large_print: bool) -> TypeSizes:
    """The least sizes of a document: large print's, or none of its own."""
    return LARGE_PRINT if large_print else STANDARD


def page_colour(sizes: TypeSizes, paper: str) -> tuple[float, float, float] | None:
    """The colour every page is printed with (RGB 0..1), or None: large print's cream on a
    colour interior. On black-ink papers (white, cream) nothing is printed under the page: a
    printer turns a tint into grey there, and preflight refuses colour; a large-print book is
    printed on cream paper instead (template.large_print.PAPER)."""
    if sizes.large and paper in COLOUR_PAPERS:
        return CREAM
    return None
