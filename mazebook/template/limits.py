"""What a template may ask for, in one place: levels, mazes per page, print margins, and the
caps on its total work and on the files it names (checked by caps.py and the file readers).

Everything else that needs these numbers (the schema, the page layout, the schedule, the
command line, preflight) imports them from here.
"""

from __future__ import annotations

from ..core.shapes.raster import MAX_IMAGE_PIXELS as MAX_IMAGE_PIXELS
from ..core.shapes.raster import MAX_MASK_TEXT as MAX_MASK_TEXT

# The largest font or image file read (bytes), mask image (pixels, from its header, before
# decoding) and mask text (characters) live with their readers; they are repeated here so
# every cap can be found in one place.
from ..inputs import MAX_INPUT_BYTES as MAX_INPUT_BYTES

#: The kind of puzzle a section is when it names none (``puzzle``; mazebook.kinds holds the
#: kinds, checks the name and each kind's keys, and says the same default).
DEFAULT_PUZZLE = "maze"

#: Difficulty levels, easiest first.
LEVEL_MIN, LEVEL_MAX = 1, 10
LEVELS = range(LEVEL_MIN, LEVEL_MAX + 1)

#: The most puzzles one [[section]] may hold.
MAX_COUNT = 2000

#: Mazes per page -> (columns, rows) on a portrait page (swapped on a landscape body).
GRIDS: dict[int, tuple[int, int]] = {1: (1, 1), 2: (1, 2), 4: (2, 2), 6: (2, 3), 9: (3, 3)}
PER_PAGE = tuple(sorted(GRIDS))

# Print numbers (bleed, margins, gutters by page count) are a printer's (mazebook/data/printers).

# --- caps on a template's total work (checked by template/caps.py before the first maze) ---

#: The largest template file read (bytes).
MAX_TEMPLATE_BYTES = 1_000_000
#: The deepest nesting of tables and arrays (a template needs 5: a section's difficulty pair).
MAX_NESTING = 8
#: The longest text value (characters): titles, names, instructions, [text] entries.
MAX_TEXT = 5000
#: The most [[section]] tables in one template.
MAX_SECTIONS = 100
#: The most puzzles in one template (all sections together).
MAX_PUZZLES = 5000
#: The most pages one build may plan (a section of MAX_COUNT puzzles one a page fits).
MAX_PAGES = 3000
#: The most maze cells the puzzles may take in all (each puzzle counted at the largest maze
#: its page holds at min_cell): about a few minutes of work on one core.
MAX_CELLS = 25_000_000
