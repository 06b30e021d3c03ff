"""The level ladder on each kind of page: sizes, textures, modelled effort and bfs_expanded
(not a pytest file).

Run ``python tests/bench_levels.py --tables`` to print the tables of docs/levels.md: for each
page kind (letter, 6 x 9 in, four a page, a worksheet at six a page; circles, hearts, hexagons,
triangles and weaves on letter pages; circles, hearts, hexagons and triangles on 6 x 9 in
pages) and each level that fits, the typical size, the textures,
the median modelled effort and bfs_expanded of the puzzles the builder chooses, with the steps
from the level below, and the highest level that fits. Without ``--tables`` it times the
choice of one puzzle per level on a letter page. tests/test_levels.py checks the same numbers.
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter
from dataclasses import dataclass

from mazebook.difficulty.levels import LAST_LEVEL, centre
from mazebook.errors import TemplateError
from mazebook.kinds import Spot
from mazebook.kinds.maze import section_request
from mazebook.kinds.search import Choice, Request, choose
from mazebook.products.book import prepare
from mazebook.products.worksheet import prepare_worksheet
from mazebook.template import Template
from mazebook.template.load import parse_template

#: Page kinds: name -> the template's text before its one section (fit = "cap" so that every
#: level prepares, capped where it does not fit).
PAGE_KINDS: dict[str, str] = {
    "letter": 'title = "t"\npage_size = "letter"\n',
    "6 x 9 in": 'title = "t"\npage_size = "6x9in"\n',
    "four a page": 'title = "t"\npage_size = "letter"\npuzzles_per_page = 4\n',
    "worksheet, six a page": (
        'kind = "worksheet"\ntitle = "t"\npage_size = "letter"\npuzzles_per_page = 6\n'
    ),
    "circle": 'title = "t"\npage_size = "letter"\n',
    "heart": 'title = "t"\npage_size = "letter"\n',
    "hex": 'title = "t"\npage_size = "letter"\n',
    "triangle": 'title = "t"\npage_size = "letter"\n',
    "weave": 'title = "t"\npage_size = "letter"\n',
    **{
        f"{shape}, 6 x 9 in": 'title = "t"\npage_size = "6x9in"\n'
        for shape in ("circle", "heart", "hex", "triangle")
    },
    # a circle whose page stops short: its top level's bfs_expanded must still clear the one below
    "circle, 6 x 9 in, four a page": 'title = "t"\npage_size = "6x9in"\npuzzles_per_page = 4\n',
}
#: Section keys of each page kind.
SECTION_KEYS: dict[str, str] = {
    "circle": 'shape = "circle"\n',
    "heart": 'shape = "mask"\nmask = "heart"\n',
    "hex": 'shape = "hex"\n',
    "triangle": 'shape = "triangle"\n',
    "weave": "weave = 0.5\n",
}


def template_for(kind: str, level: int) -> Template:
    """A one-section template of the page kind asking for ``level`` (capped if need be)."""
    text = PAGE_KINDS[kind] + 'fit = "cap"\n'
    keys = SECTION_KEYS.get(kind.split(",")[0], "")  # "circle, 6 x 9 in": a circle's keys
    text += f"[[section]]\ncount = 1\ndifficulty = {level}\n{keys}"
    return parse_template(text)


def request_for(kind: str, level: int) -> Request | None:
    """The builder's request for a puzzle of ``level`` on this page kind; None when the page
    does not hold the level (prepare caps it)."""
    tpl = template_for(kind, level)
    if tpl.worksheet is not None:
        sheet = prepare_worksheet(tpl)
        if sheet.plan.puzzles[0].level != level:
            return None
        room = sheet.rooms[level]
        return section_request(tpl, 0, level, Spot(sheet.maze_box, room.min_cell, words(tpl)))
    book = prepare(tpl)
    if book.plan.puzzles[0].level != level:
        return None
    return section_request(tpl, 0, level, book.spot)


def words(tpl: Template) -> tuple[str, str]:
    """The START and FINISH words of the template's language."""
    return tpl.texts("start"), tpl.texts("finish")


@dataclass(frozen=True)
class LevelRow:
    """What the builder makes for one level of one page kind."""

    level: int
    choices: tuple[Choice, ...]

    @property
    def median_effort(self) -> float:
        return statistics.median(c.effort for c in self.choices)

    @property
    def median_bfs(self) -> float:
        """The median bfs_expanded (cells a breadth-first search from START expands)."""
        return statistics.median(c.metrics.bfs_expanded for c in self.choices)

    @property
    def spread(self) -> float:
        """The largest effort over the smallest: how far apart the level's puzzles are."""
        efforts = [c.effort for c in self.choices]
        return max(efforts) / min(efforts)

    def typical_size(self) -> str:
        """The size of the puzzle with the median number of cells."""
        by_cells = sorted(self.choices, key=lambda c: c.maze.size)
        return _size(by_cells[(len(by_cells) - 1) // 2])

    def generators(self) -> str:
        """The generators and textures used, most used first ("growing-tree 0.8" is the
        growing tree at p_newest 0.8)."""
        names = Counter(_form(c) for c in self.choices)
        return ", ".join(f"{name} ×{n}" for name, n in sorted(names.items(), key=lambda x: -x[1]))


def _form(choice: Choice) -> str:
    options = choice.maze.options
    if choice.maze.algorithm == "growing-tree":
        p = options.get("p_newest", 1.0) if options.get("mode") == "mix" else 1.0
        return f"growing-tree {p:g}"
    return choice.maze.algorithm


def _size(choice: Choice) -> str:
    maze = choice.maze
    if maze.grid.kind == "circle":
        return f"{maze.height} rings ({maze.size} cells)"
    if maze.grid.kind == "rect":
        return f"{maze.width} x {maze.height}"
    return f"{maze.width} x {maze.height} ({maze.size} cells)"


def level_rows(kind: str, puzzles: int = 9) -> list[LevelRow]:
    """The levels the page kind holds, from the lowest it offers (1, but a silhouette refuses
    levels too low to keep its shape) up, each with ``puzzles`` chosen puzzles."""
    rows = []
    for level in range(1, LAST_LEVEL + 1):
        try:
            request = request_for(kind, level)
        except TemplateError as exc:
            if rows or "too low for the mask" not in str(exc):
                raise
            continue
        if request is None:
            break
        choices = tuple(
            choose(request, random.Random(f"levels:{kind}:{level}:{i}")) for i in range(puzzles)
        )
        rows.append(LevelRow(level, choices))
    return rows


def tables(puzzles: int) -> str:
    """The markdown tables of docs/levels.md."""
    out = []
    for kind in PAGE_KINDS:
        rows = level_rows(kind, puzzles)
        out.append(f"#### {kind}: up to level {rows[-1].level if rows else 0}\n")
        out.append(
            "| level | centre | typical size | textures | effort (median) | step "
            "| bfs_expanded (median) | step | spread |"
        )
        out.append("|---|---|---|---|---|---|---|---|---|")
        previous: LevelRow | None = None
        for row in rows:
            effort_step = bfs_step = ""
            if previous is not None:
                effort_step = f"{row.median_effort / previous.median_effort:.2f}x"
                bfs_step = f"{row.median_bfs / previous.median_bfs:.2f}x"
            out.append(
                f"| {row.level} | {centre(row.level):.0f} | {row.typical_size()} | "
                f"{row.generators()} | {row.median_effort:.0f} | {effort_step} | "
                f"{row.median_bfs:.0f} | {bfs_step} | {row.spread:.2f}x |"
            )
            previous = row
        top = rows[-1].level if rows else 0
        if rows and rows[0].level > 1:
            out.append(f"\nLowest level offered: **{rows[0].level}** (the shape needs the cells).")
        out.append(
            f"\nHighest level that fits: **{top}**"
            + (" (every level)." if top == LAST_LEVEL else f"; level {top + 1} is refused.")
            + "\n"
        )
    return "\n".join(out)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", action="store_true", help="print docs/levels.md's tables")
    parser.add_argument("--puzzles", type=int, default=9, help="puzzles per level (tables)")
    args = parser.parse_args()
    if args.tables:
        print(tables(args.puzzles))
        return
    for level in range(1, LAST_LEVEL + 1):
        request = request_for("letter", level)
        assert request is not None
        started = time.perf_counter()
        choice = choose(request, random.Random(level))
        ms = (time.perf_counter() - started) * 1000
        print(f"level {level}: {choice.effort:.0f} moves, {choice.candidates} tries, {ms:.0f} ms")


if __name__ == "__main__":
    main()
