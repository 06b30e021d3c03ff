"""`mazebook maze`: one maze to stdout or a file, as json, svg, pdf, png or txt."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

from ...core.engine import OPENINGS
from ...core.maze import Maze
from ...core.shapes import SHAPES
from ...errors import InvalidOptionError, MazebookError
from ...fileio import is_special
from ...geometry.drawing import MazeGeometry
from ...inputs import check_distinct
from ...render.writers import FORMATS, PLAIN, Wording, write
from ...requests import MazeRequest, make_maze, parse_level, parse_page, puzzle_kind
from ...template.limits import DEFAULT_PUZZLE
from .common import PAGE_NAMES, emit, language_flag, parse_seed, parse_size

#: Defaults of the flags a --level maze chooses itself (the search picks them).
DEFAULT_ALGORITHM, DEFAULT_SIZE = "backtracker", "20x20"


class ShapeChoices:
    """--shape's choices: the shapes (a registry that answers a shipped name without reading
    the plugins) and every built-in silhouette's name, listed only when asked (the
    silhouettes' table loaded only for a name that is not a shape's)."""

    def __contains__(self, name: object) -> bool:
        return name in SHAPES or name in _silhouettes()

    def __iter__(self) -> Iterator[str]:
        return iter((*SHAPES, *_silhouettes()))


def _silhouettes() -> Mapping[str, Any]:
    """The built-in silhouettes by name (mazebook.core.shapes.silhouettes)."""
    from ...core.shapes.silhouettes import SILHOUETTES

    return SILHOUETTES


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "maze",
        help="make one maze (json, svg, pdf, png or txt)",
        description="Make one maze. Writes to stdout unless -o names a file.",
    )
    p.add_argument(
        "--algorithm",
        "-a",
        help=f"generator name (see `mazebook algorithms`; default {DEFAULT_ALGORITHM})",
    )
    p.add_argument("--size", "-s", help=f"WIDTHxHEIGHT in cells (default {DEFAULT_SIZE})")
    p.add_argument(
        "--level",
        help="difficulty level 1-10, as the books' levels: a maze's generator and size are "
        "chosen for a maze of its own on the --page (instead of --algorithm and --size); a "
        "--puzzle with rules has them laid in the maze for this level (its manifest record's)",
    )
    p.add_argument(
        "--page",
        default="letter",
        help=f"page size a --level maze is fitted to: {', '.join(PAGE_NAMES)}, or WxH with a "
        "unit (default letter)",
    )
    p.add_argument(
        "--seed", help="whole number; the same seed gives the same maze (default: random)"
    )
    p.add_argument(
        "--format",
        "-f",
        choices=FORMATS,
        help="output format (default: -o's suffix; on stdout txt, or svg for round shapes)",
    )
    p.add_argument("-o", "--output", help="output file (default: stdout)")
    p.add_argument(
        "--dpi", type=int, help="resolution of --format png, 10 to 600 dots per inch (default 150)"
    )
    p.add_argument("--solution", action="store_true", help="draw the solution path")
    p.add_argument(
        "--openings", choices=OPENINGS, help="where the entrance and exit go (default farthest)"
    )
    p.add_argument(
        "--braid",
        type=float,
        default=0.0,
        help="share of dead ends removed, 0.0 (a perfect maze, default) to 1.0",
    )
    p.add_argument(
        "--weave",
        type=float,
        default=0.0,
        help="how much passages cross over and under each other, 0.0 (none, default) to 1.0 "
        "(rectangles)",
    )
    p.add_argument(
        "--shape",
        choices=ShapeChoices(),  # a shipped name is checked without reading plugins
        metavar="SHAPE",
        default="rect",
        help="grid shape: %(choices)s (default rect); a silhouette's name is --shape mask "
        "--mask NAME",
    )
    p.add_argument("--mask", help="built-in silhouette for --shape mask (e.g. heart, star, circle)")
    p.add_argument("--text", help="text whose letters form the mask, for --shape mask")
    p.add_argument("--image", help="black-and-white image file for --shape mask")
    p.add_argument(
        "--puzzle",
        "-p",
        default=DEFAULT_PUZZLE,
        help="the kind of puzzle: maze (default), or one with rules laid in it for --level: "
        "one-way (one-way streets), keys (keys and doors); rectangles, no braid or weave",
    )
    p.add_argument(
        "--option",
        "-O",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an algorithm option, e.g. -O p_east=0.7 (repeatable)",
    )
    p.add_argument(
        "--language",
        type=language_flag,
        default="en",
        help="the words an svg or pdf carries: en (default), de, fr or es (START/FINISH, and "
        "the title and description a screen reader reads)",
    )
    p.set_defaults(run=run)


#: generate() arguments that have flags of their own (an --option of the same name is refused).
OWN_FLAGS = {
    "algorithm": "--algorithm",
    "width": "--size",
    "height": "--size",
    "seed": "--seed",
    "shape": "--shape",
    "braid": "--braid",
    "openings": "--openings",
    "mask": "--mask",
    "text": "--text",
    "image": "--image",
}


#: Request fields by the flags that set them, for an error about one.
FLAG_OF = {"level": "--level", "puzzle": "--puzzle", "page": "--page"}


def parse_option(text: str) -> tuple[str, Any]:
    """'p_east=0.7' -> ('p_east', 0.7); values read as JSON where they parse, else as text."""
    key, sep, raw = text.partition("=")
    if not sep or not key.strip():
        raise InvalidOptionError(f"--option must be KEY=VALUE, got {text[:80]!r}")
    if key.strip() in OWN_FLAGS:
        raise InvalidOptionError(
            f"--option {key.strip()}: it has a flag of its own, use {OWN_FLAGS[key.strip()]}"
        )
    try:
        value = json.loads(raw)
    except ValueError:
        value = raw
    return key.strip(), value


def _format_from_output(output: str | None, shape: str) -> str:
    """The format an -o suffix names; stdout gets text for rectangles and SVG for other shapes."""
    if output is None or output == "-":
        return "txt" if shape == "rect" else "svg"
    path = Path(output)
    suffix = path.suffix.lstrip(".").lower()
    if suffix in FORMATS:
        return suffix
    if is_special(path):
        return "txt" if shape == "rect" else "svg"
    allowed = "|".join(FORMATS)
    raise InvalidOptionError(
        f"cannot tell the format of {output!r} from its suffix; name one with --format {allowed}"
    )


def _level(args: argparse.Namespace, rules: bool) -> tuple[int | None, tuple[float, float]]:
    """--level (None without it) and the --page a maze of a level is fitted to, in points. A
    maze's --level with --algorithm or --size is refused (the level chooses them); a puzzle
    with ``rules`` takes them (the maze its rules are laid in)."""
    if args.level is None:
        return None, (612.0, 792.0)
    for flag, value in (("--algorithm", args.algorithm), ("--size", args.size)):
        if value is not None and not rules:
            raise InvalidOptionError(f"{flag} goes without --level (the level chooses it)")
    from ...printing.units import parse_page_size  # only for a --level maze

    try:
        level = parse_level(args.level, "level")
        page = parse_page_size(parse_page(args.page, "page"))
    except MazebookError as exc:
        raise exc.restated(key_labels=FLAG_OF) from None
    return level, page


def run(args: argparse.Namespace) -> int:
    rules = False
    if args.puzzle != DEFAULT_PUZZLE:  # a plain maze asks no kind (and loads no page code)
        try:
            rules = puzzle_kind(args.puzzle).needs_level
        except MazebookError as exc:
            raise exc.restated(key_labels=FLAG_OF) from None
    level, page = _level(args, rules)
    width, height = parse_size(args.size or DEFAULT_SIZE)
    seed = parse_seed(args.seed)
    if args.shape not in SHAPES and args.shape in _silhouettes():  # --shape heart
        if args.mask is not None:
            raise InvalidOptionError(f"--shape {args.shape} is a silhouette already; drop --mask")
        args.shape, args.mask = "mask", args.shape
    fmt = args.format
    if fmt is None:
        fmt = _format_from_output(args.output, args.shape)
    options: dict[str, Any] = dict(parse_option(o) for o in args.option)
    if args.openings:
        options["openings"] = args.openings
    for key in ("mask", "text", "image"):
        value = getattr(args, key)
        if value is not None:
            if args.shape != "mask":
                raise InvalidOptionError(f"--{key} goes with --shape mask")
            options[key] = value
    if args.output not in (None, "-"):
        sources = [options[k] for k in ("image", "font") if isinstance(options.get(k), str)]
        check_distinct([Path(args.output)], [Path(s) for s in sources])
    request = MazeRequest(
        algorithm=args.algorithm or DEFAULT_ALGORITHM,
        width=width,
        height=height,
        seed=seed,
        shape=args.shape,
        braid=args.braid,
        weave=args.weave,
        options=options,
        level=level,
        page_size=page,
        puzzle=args.puzzle,
    )
    try:
        maze = make_maze(request)
    except MazebookError as exc:
        raise exc.restated(key_labels=FLAG_OF) from None
    wording = _wording(maze, request, args.language) if fmt in WORDED else PLAIN
    emit(write(maze, fmt, solution=args.solution, dpi=args.dpi, wording=wording), args.output)
    return 0


#: The formats that carry words (START and FINISH; a title and a description).
WORDED = ("svg", "pdf", "png")


def _wording(maze: Maze, request: MazeRequest, language: str) -> Wording:
    """The words of a maze file in ``language``: START and FINISH, and its title and description
    (kind, shape, level, size, where START and FINISH are). A maze without --level is described
    at the level its solving effort measures."""
    from ...difficulty.measured import measured_level
    from ...kinds.describe import maze_described
    from ...template.texts import make_texts

    texts = make_texts(language, {}, source="--language")
    words = (texts("start"), texts("finish"))
    puzzle = request.puzzle
    noun = "kind_maze" if puzzle == DEFAULT_PUZZLE else "kind_" + puzzle.replace("-", "_")
    level = request.level if request.level is not None else measured_level(maze)

    def said(geom: MazeGeometry) -> tuple[str, str]:
        told = maze_described(texts, maze, geom, kind=texts(noun), level=level, words=words)
        return told.title, told.text

    return Wording(words, language, said)
