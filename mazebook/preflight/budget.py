"""The work budget of one preflight: past any limit the file is "too complex to check".

A hostile PDF can be small and still ask for endless work (a form that draws itself, a stream
that unpacks to gigabytes, millions of operators). Every limit here is checked as the work is
done, so preflight of any file ends within seconds with a FAIL, never a hang or a pass.
"""

from __future__ import annotations

from ..errors import MazebookError
from ..records import record


class TooComplexError(MazebookError):
    """The file asks for more work than the budget allows; the check that hit it FAILs."""


@record
class Budget:
    """Limits for one file. The defaults keep any 20 MB PDF within about 30 s and 1 GB."""

    #: Content operators interpreted, over all pages and every form they draw (a string shown
    #: counts as seven more; four operands, or one string or comment, as one: see scan, lex).
    #: Our default book of 100 puzzles uses about 250,000.
    max_operators: int = 6_000_000
    #: Bytes of decoded content (pages and forms), over the whole file (the default book: 1.9 MB).
    max_decompressed: int = 120_000_000
    #: Forms inside forms (a page drawing a form is depth 1).
    max_form_depth: int = 12
    #: Times a form is drawn, over the whole file.
    max_form_draws: int = 20_000
    #: Pages in the file.
    max_pages: int = 5_000
    #: Graphics states saved (q) without being restored (Q).
    max_saved_states: int = 1_000
    #: Operands before one operator (a TJ array of glyph runs is the longest legitimate case).
    max_operands: int = 100_000


class Spending:
    """What one preflight has spent so far; each ``*`` method raises TooComplexError past a
    limit, with a message naming it."""

    def __init__(self, budget: Budget) -> None:
        """Nothing spent yet."""
        self.budget = budget
        self.operators = 0
        self.bytes = 0
        self.form_draws = 0

    def decompressed_room(self) -> int:
        """Bytes of decoded content the budget still allows."""
        return max(0, self.budget.max_decompressed - self.bytes)

    def decompressed(self, count: int) -> None:
        """Count ``count`` more decoded bytes."""
        self.bytes += count
        if self.bytes > self.budget.max_decompressed:
            raise TooComplexError(
                f"over {self.budget.max_decompressed:,} bytes of decompressed content"
            )

    def ops(self, count: int) -> None:
        """Count ``count`` more interpreted operators."""
        self.operators += count
        if self.operators > self.budget.max_operators:
            raise TooComplexError(f"over {self.budget.max_operators:,} content operators")

    def form(self, depth: int) -> None:
        """Count one more form drawn, at nesting ``depth``."""
        self.form_draws += 1
        if depth > self.budget.max_form_depth:
            raise TooComplexError(f"forms nested over {self.budget.max_form_depth} deep")
        if self.form_draws > self.budget.max_form_draws:
            raise TooComplexError(f"forms drawn over {self.budget.max_form_draws:,} times")
