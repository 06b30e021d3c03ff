"""One maze to a file format (json, svg, pdf, png, txt): the writers by format, and ``save``.

``WRITERS`` maps each format to a function ``(maze, *, solution, wording) -> bytes``; the SVG
and PDF writers draw only the maze's geometry (with ``wording``'s words, title and
description), the text writer only its wall bits. An unknown format or suffix gets an error
that lists the known ones.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import replace
from pathlib import Path

from ..core.maze import Maze
from ..errors import MazebookError
from ..fileio import write_atomic
from ..geometry.drawing import MazeGeometry
from ..geometry.from_maze import maze_geometry
from ..records import record

Writer = Callable[..., bytes]


@record
class Wording:
    """The words a maze's file carries: the START and FINISH words drawn beside its marks, the
    language they are in, and ``said``: the maze's title and description from its drawing (an
    SVG's ``<title>`` and ``<desc>``, a PDF's title and subject, for screen readers)."""

    words: tuple[str, str] = ("START", "FINISH")
    lang: str = "en"
    said: Callable[[MazeGeometry], tuple[str, str]] | None = None

    def title_and_desc(self, geom: MazeGeometry) -> tuple[str | None, str | None]:
        """What ``said`` says of the drawing; (None, None) without it."""
        return (None, None) if self.said is None else self.said(geom)


PLAIN = Wording()


def maze_json(maze: Maze) -> str:
    """``to_dict()`` plus the metrics, as stable JSON text (sorted keys, one trailing newline).
    A maze with rules counts bfs_expanded over its states (mazebook.difficulty.stategraph)."""
    # the metrics: only for this format
    from ..difficulty.metrics import measure
    from ..difficulty.stategraph import state_bfs_expanded

    data = maze.to_dict()
    metrics = measure(maze)
    if maze.rules:
        metrics = replace(metrics, bfs_expanded=state_bfs_expanded(maze))
    data["metrics"] = metrics.to_dict()
    return json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"


#: How a weave maze's crossing shows in text: the bridge's two rails ("h": the west-east
#: passage on top, rails above and below it; "v": the north-south one).
BRIDGE_TEXT = {"h": "==", "v": "||"}


def wall_text(
    bits: bytes,
    width: int,
    height: int,
    path: Sequence[int] = (),
    crossings: Sequence[tuple[int, str]] = (),
) -> str:
    """A rectangle's wall bits in plain text: '+--+' and '|  |' walls, '**' on ``path`` cells,
    and each crossing off the path as its bridge's rails ('==' or '||', BRIDGE_TEXT)."""
    on_path = set(path)
    bridges = {cell: BRIDGE_TEXT[over] for cell, over in crossings}
    lines = []
    for y in range(height):
        top = ["+"]
        mid = []
        for x in range(width):
            c = bits[y * width + x]
            top.append("--+" if c & 1 else "  +")
            mid.append("|" if c & 8 else " ")
            cell = y * width + x
            mid.append("**" if cell in on_path else bridges.get(cell, "  "))
        mid.append("|" if bits[y * width + width - 1] & 2 else " ")
        lines.append("".join(top))
        lines.append("".join(mid))
    bottom = ["+"] + ["--+" if bits[(height - 1) * width + x] & 4 else "  +" for x in range(width)]
    lines.append("".join(bottom))
    return "\n".join(lines) + "\n"


def write_json(maze: Maze, *, solution: bool = False, wording: Wording = PLAIN) -> bytes:
    """The dict form and metrics (the solution is always part of it)."""
    del solution, wording
    return maze_json(maze).encode()


def write_txt(maze: Maze, *, solution: bool = False, wording: Wording = PLAIN) -> bytes:
    """Plain text, rectangles only; a weave maze's bridges as '==' or '||'."""
    del wording
    if maze.grid.kind != "rect":
        raise MazebookError("the txt format is for rectangular mazes; use svg, pdf or json")
    if maze.rules:
        raise MazebookError(
            "the txt format has no room for one-way arrows, doors and keys; use svg, pdf, png "
            "or json"
        )
    path = maze.solution_cells if solution else ()
    return wall_text(maze.wall_bits(), maze.width, maze.height, path, maze.crossings).encode()


def write_svg(maze: Maze, *, solution: bool = False, wording: Wording = PLAIN) -> bytes:
    """An SVG document of the maze's geometry."""
    from .svg import to_svg

    geom = maze_geometry(maze)
    title, desc = wording.title_and_desc(geom)
    return to_svg(
        geom, show_solution=solution, words=wording.words, title=title, desc=desc
    ).encode()


def write_pdf(maze: Maze, *, solution: bool = False, wording: Wording = PLAIN) -> bytes:
    """A one-page letter PDF with the maze as large as it fits."""
    from .pdf import to_pdf

    geom = maze_geometry(maze)
    title, desc = wording.title_and_desc(geom)
    return to_pdf(
        geom,
        show_solution=solution,
        words=wording.words,
        title=title,
        subject=desc,
        lang=wording.lang,
    )


def write_png(
    maze: Maze, *, solution: bool = False, dpi: int | None = None, wording: Wording = PLAIN
) -> bytes:
    """The single-maze PDF page as a greyscale picture, ``dpi`` dots per inch (default 150)."""
    from .dpi import DEFAULT_DPI, check_dpi
    from .pdf import to_pdf
    from .png import pdf_png

    resolution = DEFAULT_DPI if dpi is None else check_dpi(dpi)
    page = to_pdf(maze_geometry(maze), show_solution=solution, words=wording.words)
    return pdf_png(page, dpi=resolution)


#: Writers by format name, in the order the command line lists them.
WRITERS: dict[str, Writer] = {
    "json": write_json,
    "svg": write_svg,
    "pdf": write_pdf,
    "png": write_png,
    "txt": write_txt,
}

FORMATS = tuple(WRITERS)


def write(
    maze: Maze,
    fmt: str,
    *,
    solution: bool = False,
    dpi: int | None = None,
    wording: Wording = PLAIN,
) -> bytes:
    """The maze in a format, as bytes; ``dpi`` is the png's resolution, ``wording`` the words
    it carries."""
    try:
        writer = WRITERS[fmt]
    except KeyError:
        raise MazebookError(
            f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}"
        ) from None
    if dpi is not None:
        if fmt != "png":
            raise MazebookError("--dpi goes with --format png")
        return writer(maze, solution=solution, dpi=dpi, wording=wording)
    return writer(maze, solution=solution, wording=wording)


def save(
    maze: Maze, path: str | Path, *, format: str | None = None, solution: bool = False
) -> None:
    """Write the maze to ``path`` atomically, in ``format`` or the one its suffix names."""
    fmt = format or Path(path).suffix.lstrip(".").lower()
    if fmt not in WRITERS:
        raise MazebookError(
            f"unknown file extension of {str(path)!r}; use one of: {', '.join(FORMATS)}"
        )
    write_atomic(path, write(maze, fmt, solution=solution))
