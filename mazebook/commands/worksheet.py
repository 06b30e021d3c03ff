"""`mazebook worksheet`: classroom maze sheets and a separate answer key, from a few flags.

A thin command over the book builder: it reads the shipped worksheet template
(templates/worksheet.toml), changes the keys its flags name, and builds that template with
build_book, exactly as `mazebook build worksheet` would. So the same settings give the same
files by either route, byte for byte. Flags are checked here first, so a bad one is named as
the flag ('--levels ...'), not as a template key.
"""

from __future__ import annotations

import argparse
import re
import tomllib
from typing import Any

from ..errors import InvalidOptionError, MazebookError
from .common import capped_note, parse_seed

#: The built-in template the command starts from.
BASE_TEMPLATE = "worksheet"
#: How messages about the command's template name it (restated in flags before printing).
SOURCE = "worksheet options"
PER_PAGE = (1, 2, 4, 6)
#: The languages --language offers (template/texts.py's sets, named here so the parser needs no
#: template import; a test checks they are the same).
LANGUAGE_CODES = ("en", "de", "fr", "es")


#: Template keys -> the flags that set them, for messages.
FLAGS = {
    "title": "--title",
    "instruction": "--instruction",
    "font": "--font",
    "min_cell": "--min-cell",
    "page_size": "--page-size",
    "puzzles_per_page": "--per-page",
    "seed": "--seed",
    "count": "--count",
    "difficulty": "--level/--levels",
    "fit": "--fit",
    "language": "--language",
    "names": "--names",
}
#: How the advice in messages names what the flags can change.
ADVICE_FLAGS = {"fit": "--fit cap"}

_LEVELS = re.compile(r"^\s*(\d+)\s*[-–]\s*(\d+)\s*$")


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    p = sub.add_parser(
        "worksheet",
        help="make classroom maze sheets and their answer key",
        description=(
            "Make maze worksheets for a class: NAME.pdf has the pupils' sheets (title, lines "
            "for Name, Class and Date, an instruction, numbered mazes), NAME-answers.pdf the "
            "same mazes with their solutions, NAME.json the manifest. Defaults: 4 mazes of "
            "level 3 on one letter page, into output/worksheet.pdf. The same as `mazebook "
            "build worksheet` with the template's keys changed by these flags."
        ),
    )
    p.add_argument("--count", "-n", metavar="N", help="number of mazes (default 4)")
    p.add_argument(
        "--per-page",
        type=int,
        choices=PER_PAGE,
        metavar="{1,2,4,6}",
        help="mazes on each page: 1, 2, 4 or 6 (default 4)",
    )
    levels = p.add_mutually_exclusive_group()
    levels.add_argument("--level", metavar="L", help="every maze at level L, 1-10 (default 3)")
    levels.add_argument(
        "--levels", metavar="A-B", help="levels rising from A to B across the mazes, e.g. 2-5"
    )
    p.add_argument(
        "--page-size",
        metavar="SIZE",
        help="letter (default), a4, a5, 6x9in, 8.5x11in, 8x10in, or WxH with mm|cm|in|pt",
    )
    p.add_argument(
        "--language",
        choices=LANGUAGE_CODES,
        help="the words the sheets print: en (default), de, fr or es (title, Name/Class/Date, "
        "instruction, START/FINISH, answer key)",
    )
    p.add_argument(
        "--title", metavar="TEXT", help='the title (default: the language\'s, "Maze Worksheet")'
    )
    p.add_argument(
        "--instruction", metavar="TEXT", help="the one-line instruction (default: the language's)"
    )
    p.add_argument(
        "--font", metavar="FILE.ttf", help="a TrueType/OpenType font to embed for every text"
    )
    p.add_argument(
        "--min-cell",
        metavar="LENGTH",
        help="smallest cell for every level, e.g. 6mm (default: by level, 12 mm at level 1)",
    )
    p.add_argument(
        "--fit",
        choices=("refuse", "cap"),
        help="a level the sheet cannot hold: refuse (default, naming the highest that fits) "
        "or cap those mazes at the highest that fits",
    )
    p.add_argument(
        "--names",
        metavar="FILE",
        help="a class set: a UTF-8 text file with one pupil's name a line (1-200 names); "
        "each pupil gets their own sheets with their name and a version code, and the answer "
        "key holds every pupil's answers",
    )
    p.add_argument("--seed", help="whole number (default 1): the same seed, the same sheets")
    p.add_argument(
        "-o", "--output", metavar="FILE.pdf", help="sheets to write (default output/worksheet.pdf)"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no summary line")
    p.set_defaults(run=run)


def _whole(flag: str, text: str, lo: int, hi: int, what: str) -> int:
    try:
        value = int(text.strip(), 10)
    except ValueError:
        value = None
    if value is None or not lo <= value <= hi:
        raise InvalidOptionError(f"{flag} must be {what} from {lo} to {hi}, got {text!r}")
    return value


def parse_levels(text: str) -> tuple[int, int]:
    """'2-5' -> (2, 5): two levels from 1 to 10, the first not above the second."""
    from ..template.limits import LEVEL_MAX, LEVEL_MIN

    match = _LEVELS.match(text)
    if match:
        lo, hi = int(match.group(1)), int(match.group(2))
        if LEVEL_MIN <= lo <= hi <= LEVEL_MAX:
            return lo, hi
    raise InvalidOptionError(
        f"--levels must be FROM-TO with levels from {LEVEL_MIN} to {LEVEL_MAX}, FROM not above "
        f"TO (e.g. 2-5); got {text!r}"
    )


def _text(flag: str, value: str) -> str:
    if not value.strip():
        raise InvalidOptionError(f"{flag} must not be empty")
    return value


def template_data(args: argparse.Namespace, base: dict[str, Any]) -> dict[str, Any]:
    """The worksheet template's data with the flags' changes (each flag checked first)."""
    from ..template.limits import LEVEL_MAX, LEVEL_MIN, MAX_COUNT
    from ..template.units import PAGE_SIZES, parse_length, parse_page_size

    data = dict(base)
    section = dict(base["section"][0])
    if args.count is not None:
        section["count"] = _whole("--count", args.count, 1, MAX_COUNT, "a whole number")
    if args.level is not None:
        section["difficulty"] = _whole("--level", args.level, LEVEL_MIN, LEVEL_MAX, "a level")
    if args.levels is not None:
        section["difficulty"] = list(parse_levels(args.levels))
    data["section"] = [section]
    if args.per_page is not None:
        data["puzzles_per_page"] = args.per_page
    if args.page_size is not None:
        try:
            parse_page_size(args.page_size)
        except ValueError as exc:
            names = ", ".join(PAGE_SIZES)
            raise InvalidOptionError(
                f"--page-size: {exc}; use {names}, or WxH with mm, cm, in or pt (e.g. 210x297mm)"
            ) from None
        data["page_size"] = args.page_size
    if args.min_cell is not None:
        try:
            if parse_length(args.min_cell) <= 0:
                raise ValueError(f"{args.min_cell!r} is not more than 0")
        except ValueError as exc:
            raise InvalidOptionError(f"--min-cell: {exc}") from None
        data["min_cell"] = args.min_cell
    language = getattr(args, "language", None)  # callers that build args themselves may omit it
    if language is not None:
        data["language"] = language
    if args.title is not None:
        data["title"] = _text("--title", args.title)
    if args.instruction is not None:
        data["instruction"] = _text("--instruction", args.instruction)
    if args.font is not None:
        data["font"] = _text("--font", args.font)
    if args.fit is not None:
        data["fit"] = args.fit
    seed = parse_seed(args.seed)
    if seed is not None:
        data["seed"] = seed
    names_file = getattr(args, "names", None)  # a Namespace built by other callers may lack it
    if names_file is not None:
        from ..template.names import read_names

        data["names"] = list(read_names(names_file, error=InvalidOptionError))
    return data


def _pupils_note(template: Any) -> str:
    """' for 25 pupils' on a class set, else ''."""
    count = len(template.names)
    return f" for {count} pupil{'s' if count != 1 else ''}" if count else ""


def run(args: argparse.Namespace) -> int:
    from ..book import build_book
    from ..template import locate, template_from_data

    name, entry = locate(BASE_TEMPLATE)
    base = tomllib.loads(entry.read_text(encoding="utf-8"))
    try:
        template = template_from_data(template_data(args, base), name=name, source=SOURCE)
        result = build_book(template, output=args.output)
    except MazebookError as exc:
        raise exc.restated(key_labels=FLAGS, advice_labels=ADVICE_FLAGS, drop_file=SOURCE) from None
    if not args.quiet:
        pages = f"{result.page_count} page{'s' if result.page_count != 1 else ''}"
        print(
            f"wrote {result.pdf} and {result.answers}: {result.puzzle_count} mazes"
            f"{_pupils_note(template)}"
            f"{capped_note(result.capped)} on {pages} in {result.seconds:.1f} s "
            f"(manifest {result.manifest.name})"
        )
    return 0
