"""The "Tactile books" section of docs/printers.md (printing/doc.py puts it there), its
figures read from the code that draws the pages (geometry/tactile.py, render/braille.py), so
the page cannot drift from them."""

from __future__ import annotations

from ..geometry import tactile as fig
from ..render import braille

#: The highest level a tactile page of each size holds (tests/test_tactile.py builds each and
#: checks one more is refused).
TOP_LEVELS = {"letter": 4, "a4": 5}


def _mm(value: float) -> str:
    return f"{value:g} mm"


def tactile_section() -> list[str]:
    """The section's lines."""
    levels = ", ".join(f"{size} 1-{top}" for size, top in TOP_LEVELS.items())
    return [
        '## Tactile books: `printer = "tactile"`',
        "",
        "Mazes a blind reader follows with a finger, for swell (microcapsule) paper: print the",
        "PDF in black on swell paper (letter or A4) as its maker says, pass each sheet through a",
        'fuser, and what is black rises. `printer = "tactile"` in a book template, or',
        "`mazebook build TEMPLATE --printer tactile`, writes `NAME.pdf` (one maze a page, no",
        "solution on it), `NAME-answers.pdf` (the same pages with the way through as a dashed",
        "line, on swell paper too if you like) and `NAME.json`, which names the answers under",
        "`answers_file` and the figures below under `tactile`.",
        "",
        "| on every page | figure | source |",
        "| --- | --- | --- |",
        f"| walls | solid black lines {_mm(fig.WALL_MM)} wide (at least "
        f"{_mm(fig.MIN_WALL_MM)}) | mazebook |",
        f"| corridors | at least {_mm(fig.MIN_CORRIDOR_MM)} between the walls' edges (cells "
        f"{_mm(fig.MIN_CELL_MM)} to {_mm(fig.MAX_CELL_MM)}); the openings as wide | mazebook |",
        "| START | a filled triangle "
        f"{_mm(fig.TRIANGLE_SIDE_MM)} wide over the opening in the top wall of the top-left "
        "cell, pointing in | mazebook |",
        f"| FINISH | a filled square {_mm(fig.SQUARE_MM)} a side under the opening in the "
        "bottom wall of the bottom-right cell | mazebook |",
        "| braille | START and FINISH beside their symbols and the puzzle's number at the top "
        "left, in uncontracted (grade 1) braille of the book's language (English UEB, German, "
        "French, Spanish) | [BANA-TG] |",
        f"| braille dots | filled circles {_mm(braille.DOT_DIAMETER)} across, "
        f"{_mm(braille.DOT_SPACING)} apart in a cell, cells {_mm(braille.CELL_SPACING)} apart, "
        f"lines at least {_mm(braille.LINE_SPACING)} apart (Marburg Medium) | [NLS-800] |",
        f"| clear space | {_mm(fig.CLEAR_MM)} between a symbol and the walls, more between "
        "everything else that rises | UNVERIFIED: BANA-TG's 1/8 in as others quote it |",
        "| print | START and FINISH in print past the end of their braille, a heading (puzzle "
        "and level) at the top right, for the sighted helper; nothing inside the maze | "
        "mazebook |",
        "| ink | black only: no grey (it swells part way), colour, background, picture, page "
        "number or running head | - |",
        "",
        f"Levels: as many as keep corridors of {_mm(fig.MIN_CORRIDOR_MM)} on the page ("
        f"{levels}); a higher one is refused in one line naming the highest that fits (or, "
        'with `fit = "cap"`, made at it). Refused in one line, naming the section and key: a '
        "shape other than `rect`, `weave`, a kind of puzzle other than `maze`, `openings` "
        "other than `corners` (every tactile maze opens at those corners), `entrance` and "
        "`exit`, a paper other than `white`, a page size other than letter or A4, a START or "
        "FINISH word the braille table cannot spell, `--volumes`, `--svg-dir` and `--png-dir`. "
        "A tactile book has no cover, title page, contents or section pages; its "
        "`puzzles_per_page` and `answers_per_page` are 1, and a `min_cell` below "
        f"{_mm(fig.MIN_CELL_MM)} is raised to it.",
        "",
        "- [BANA-TG] BANA/CBA, Guidelines and Standards for Tactile Graphics, 2010 "
        "(https://www.brailleauthority.org/tg/)",
        "- [NLS-800] NLS Specification 800, 3.2, as BANA quotes it "
        "(https://brailleauthority.org/node/63): dots 1.44 mm across, 2.34 mm apart in a "
        "cell, cells 6.2 mm apart, lines 10 mm apart",
        "",
    ]
