"""What a template may ask for, in one place: levels, counts, mazes per page.

Everything else that needs these numbers (the schema, the page layout, the schedule, the
command line, preflight) imports them from here.
"""

from __future__ import annotations

#: Difficulty levels, easiest first.
LEVEL_MIN, LEVEL_MAX = 1, 10
LEVELS = range(LEVEL_MIN, LEVEL_MAX + 1)

#: The most puzzles one [[section]] may hold.
MAX_COUNT = 2000

#: Mazes per page -> (columns, rows) on a portrait page (swapped on a landscape body).
GRIDS: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}
PER_PAGE = tuple(sorted(GRIDS))

# Print numbers (bleed, margins, gutters by page count) are a printer's: mazebook/printers.py.
