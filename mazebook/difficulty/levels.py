"""The level ladder: each level is an absolute band of solving effort (mazebook.difficulty.effort).

Level L is centred on ``BASE * STEP ** (L - 1)`` moves of the model solver and reaches half a
step (x or / sqrt(STEP), about 1.24) either side. Every step, 1->2 and 9->10 included, is 1.53x
the effort of the one below; level 10 is about 46x level 1. The ladder is set so that one maze
a page at the default cell (3.5 mm) holds level 10 on letter, A4 and 6 x 9 in pages (the
smallest of them, 6 x 9, reaches about 850 moves; level 10 needs 660). The same level means
the same effort on every page, shape and generator (docs/effort.md has the evidence,
docs/levels.md the sizes each page gives). A builder keeps a maze within ``KEEP`` (a quarter
step) of its level's centre when it can, so puzzles of one level differ by at most about half
a step.
"""

from __future__ import annotations

import math

#: The easiest and the hardest level (template.limits holds the same numbers for templates).
FIRST_LEVEL, LAST_LEVEL = 1, 10
#: Level 1's centre (moves) and the factor from one level to the next.
BASE, STEP = 16.0, 1.53
#: Half a step: a level's band reaches this factor either side of its centre.
HALF_STEP = math.sqrt(STEP)
#: A quarter step: a maze this close to its level's centre is kept at once.
KEEP: float = STEP**0.25


def centre(level: int) -> float:
    """The effort (moves) level ``level`` is centred on."""
    return BASE * math.pow(STEP, level - 1)


def band(level: int) -> tuple[float, float]:
    """The efforts (low, high) of level ``level``'s band: half a step either side."""
    c = centre(level)
    return c / HALF_STEP, c * HALF_STEP


def level_value(effort: float) -> float:
    """Where an effort sits on the ladder as a real number (1.0: level 1's centre)."""
    return 1.0 + math.log(max(effort, 1e-9) / BASE) / math.log(STEP)


def level_of(effort: float) -> int:
    """The level whose band holds ``effort``, clamped to FIRST_LEVEL..LAST_LEVEL."""
    return min(LAST_LEVEL, max(FIRST_LEVEL, round(level_value(effort))))


def lowest_kept(level: int) -> float:
    """The least effort a maze of ``level`` may have to be kept at once (centre / KEEP): a page
    holds a level when its hardest maze reaches this."""
    return centre(level) / KEEP
