"""One maze to a file format: json, svg, pdf, png or txt (the single-maze outputs of the CLI)."""

from __future__ import annotations

import json
from pathlib import Path

from .errors import MazebookError
from .fileio import write_atomic
from .maze import Maze
from .metrics import measure

FORMATS = ("json", "svg", "pdf", "png", "txt")


def maze_json(maze: Maze) -> str:
    """``to_dict()`` plus the metrics, as stable JSON text (sorted keys, one trailing newline)."""
    data = maze.to_dict()
    data["metrics"] = measure(maze).to_dict()
    return json.dumps(data, sort_keys=True, separators=(",", ":")) + "\n"


def maze_text(maze: Maze, *, solution: bool = False) -> str:
    """The maze in plain text: '+--+' and '|  |' walls, '**' on the solution if asked."""
    if maze.grid.kind != "rect":
        raise MazebookError("the txt format is for rectangular mazes; use svg, pdf or json")
    w, h = maze.width, maze.height
    bits = maze.wall_bits()
    on_path = set(maze.solution_cells) if solution else set()
    lines = []
    for y in range(h):
        top = ["+"]
        mid = []
        for x in range(w):
            c = bits[y * w + x]
            top.append("--+" if c & 1 else "  +")
            mid.append("|" if c & 8 else " ")
            mid.append("**" if (y * w + x) in on_path else "  ")
        mid.append("|" if bits[y * w + w - 1] & 2 else " ")
        lines.append("".join(top))
        lines.append("".join(mid))
    bottom = ["+"] + ["--+" if bits[(h - 1) * w + x] & 4 else "  +" for x in range(w)]
    lines.append("".join(bottom))
    return "\n".join(lines) + "\n"


def render(maze: Maze, fmt: str, *, solution: bool = False, dpi: int | None = None) -> bytes:
    """The maze in a format, as bytes; ``dpi`` is the png's resolution (default 150)."""
    if dpi is not None and fmt != "png":
        raise MazebookError("--dpi goes with --format png")
    if fmt == "json":
        return maze_json(maze).encode()
    if fmt == "txt":
        return maze_text(maze, solution=solution).encode()
    from .render.geometry import maze_geometry

    geom = maze_geometry(maze)
    if fmt == "svg":
        from .render.svg import to_svg

        return to_svg(geom, show_solution=solution).encode()
    if fmt == "pdf":
        from .render.pdf import to_pdf

        return to_pdf(geom, show_solution=solution)
    if fmt == "png":
        from .render.pdf import to_pdf
        from .render.png import DEFAULT_DPI, check_dpi, pdf_png

        resolution = DEFAULT_DPI if dpi is None else check_dpi(dpi)
        return pdf_png(to_pdf(geom, show_solution=solution), dpi=resolution)
    raise MazebookError(f"unknown format {fmt!r}; choose one of: {', '.join(FORMATS)}")


def save(
    maze: Maze, path: str | Path, *, format: str | None = None, solution: bool = False
) -> None:
    """Write the maze to ``path`` atomically, in ``format`` or the one its suffix names."""
    fmt = format or Path(path).suffix.lstrip(".").lower()
    if fmt not in FORMATS:
        raise MazebookError(
            f"cannot tell the format of {str(path)!r}; use one of: {', '.join(FORMATS)}"
        )
    write_atomic(path, render(maze, fmt, solution=solution))
