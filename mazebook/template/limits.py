"""What a template may ask for, in one place: levels, mazes per page, print margins.

Everything else that needs these numbers (the schema, the page layout, the schedule, the
command line, preflight) imports them from here.
"""

from __future__ import annotations

from .units import POINTS_PER_INCH

#: Difficulty levels, easiest first.
LEVEL_MIN, LEVEL_MAX = 1, 10
LEVELS = range(LEVEL_MIN, LEVEL_MAX + 1)

#: The most puzzles one [[section]] may hold.
MAX_COUNT = 2000

#: Mazes per page -> (columns, rows) on a portrait page (swapped on a landscape body).
GRIDS: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}
PER_PAGE = tuple(sorted(GRIDS))

#: Bleed added on every side of the trim when a template asks for it (points).
BLEED = 0.125 * POINTS_PER_INCH
#: The smallest outside (and top, bottom) margin: without and with bleed (points).
MIN_OUTSIDE = 0.25 * POINTS_PER_INCH
MIN_OUTSIDE_BLEED = 0.375 * POINTS_PER_INCH
#: No ink may come closer than this to the trim edge.
SAFE_DISTANCE = 0.25 * POINTS_PER_INCH

#: Inside (gutter) margin by page count, as print-on-demand services ask: (up to pages, inches).
GUTTERS: tuple[tuple[int, float], ...] = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75))
GUTTER_BEYOND = 0.875
