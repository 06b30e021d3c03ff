"""`mazebook maze`: one maze to stdout or a file, as json, svg, pdf, png or txt."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from ...core.engine import OPENINGS
from ...core.shapes import SHAPES
from ...errors import InvalidOptionError, MazebookError
from ...fileio import is_special
from ...inputs import check_distinct
from ...kinds import DEFAULT_KIND
from ...render.writers import FORMATS, write
from ...requests import MazeRequest, make_maze, parse_level, puzzle_kind
from .common import emit, parse_seed, parse_size


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "maze",
        help="make one maze (json, svg, pdf, png or txt)",
        description="Make one maze. Writes to stdout unless -o names a file.",
    )
    p.add_argument(
        "--algorithm",
        "-a",
        default="backtracker",
        help="generator name (see `mazebook algorithms`)",
    )
    p.add_argument("--size", "-s", default="20x20", help="WIDTHxHEIGHT in cells (default 20x20)")
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
        "--shape", choices=tuple(SHAPES), default="rect", help="grid shape (default rect)"
    )
    p.add_argument("--mask", help="built-in silhouette for --shape mask (e.g. heart, star, circle)")
    p.add_argument("--text", help="text whose letters form the mask, for --shape mask")
    p.add_argument("--image", help="black-and-white image file for --shape mask")
    p.add_argument(
        "--puzzle",
        "-p",
        default=DEFAULT_KIND,
        help="the kind of puzzle: maze (default), or one with rules laid in it for --level: "
        "one-way (one-way streets), keys (keys and doors); rectangles, no braid or weave",
    )
    p.add_argument(
        "--level",
        help="the level a rule puzzle's rules are laid for (its manifest record's level)",
    )
    p.add_argument(
        "--option",
        "-O",
        action="append",
        default=[],
        metavar="KEY=VALUE",
        help="an algorithm option, e.g. -O p_east=0.7 (repeatable)",
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
FLAG_OF = {"level": "--level", "puzzle": "--puzzle"}


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


def run(args: argparse.Namespace) -> int:
    width, height = parse_size(args.size)
    seed = parse_seed(args.seed)
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
    try:
        kind = puzzle_kind(args.puzzle)
    except MazebookError as exc:
        raise exc.restated(key_labels=FLAG_OF) from None
    level = None
    if args.level is not None:
        if not kind.needs_level:
            raise InvalidOptionError("--level goes with a --puzzle that has rules (one-way, keys)")
        try:
            level = parse_level(args.level, "level")
        except MazebookError as exc:
            raise exc.restated(key_labels={"level": "--level"}) from None
    request = MazeRequest(
        algorithm=args.algorithm,
        width=width,
        height=height,
        seed=seed,
        shape=args.shape,
        braid=args.braid,
        weave=args.weave,
        options=options,
        level=level,
        puzzle=args.puzzle,
    )
    try:
        maze = make_maze(request)
    except MazebookError as exc:
        raise exc.restated(key_labels=FLAG_OF) from None
    emit(write(maze, fmt, solution=args.solution, dpi=args.dpi), args.output)
    return 0
