"""`mazebook worksheet`: classroom maze sheets and a separate answer key, from a few flags.

A thin command over the library: its flags fill a WorksheetRequest (mazebook/requests.py, as
the web form does), which changes the keys of the shipped worksheet template
(templates/worksheet.toml) and is built with build_book, exactly as `mazebook build worksheet`
would. So the same settings give the same files by any route, byte for byte. Errors come keyed
by the request's fields and are named here by their flags ('--levels: ...').
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TypeVar

from ...errors import InvalidOptionError, MazebookError
from ...requests import (
    FITS,
    PER_PAGE,
    WORKSHEET_SOURCE,
    WORKSHEET_TEMPLATE,
    WorksheetRequest,
    build_worksheet_request,
    parse_level,
    parse_levels,
    parse_min_cell,
    parse_page,
    parse_seed,
    parse_share,
    parse_text,
    parse_whole,
)
from ...template import Template
from .common import capped_note, language_flag

T = TypeVar("T")
#: The built-in template the command starts from.
BASE_TEMPLATE = WORKSHEET_TEMPLATE
#: How messages about the command's template name it (restated in flags before printing).
SOURCE = WORKSHEET_SOURCE
#: WorksheetRequest fields -> the flags that set them, for messages.
FLAGS = {
    "title": "--title",
    "instruction": "--instruction",
    "font": "--font",
    "min_cell": "--min-cell",
    "page_size": "--page-size",
    "per_page": "--per-page",
    "seed": "--seed",
    "count": "--count",
    "levels": "--level/--levels",
    "fit": "--fit",
    "language": "--language",
    "names": "--names",
    "weave": "--weave",
}
#: How the advice in messages names what the flags can change.
ADVICE_FLAGS = {"fit": "--fit cap"}


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
        type=language_flag,
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
        choices=FITS,
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
    p.add_argument(
        "--weave",
        metavar="SHARE",
        help="how much the mazes' passages cross over and under each other, 0.0 (none, "
        "default) to 1.0; a level keeps its effort",
    )
    p.add_argument("--seed", help="whole number (default 1): the same seed, the same sheets")
    p.add_argument(
        "-o", "--output", metavar="FILE.pdf", help="sheets to write (default output/worksheet.pdf)"
    )
    p.add_argument("--quiet", "-q", action="store_true", help="no summary line")
    p.set_defaults(run=run)


def _flag(flag: str, parse: Callable[[str], T], text: str | None) -> T | None:
    """A flag's text (None: not given) through a request parser; its error named by this very
    flag."""
    if text is None:
        return None
    try:
        return parse(text)
    except MazebookError as exc:
        raise exc.restated(key_labels={str(exc.key): flag}) from None


def worksheet_request(args: argparse.Namespace) -> WorksheetRequest:
    """The flags as a WorksheetRequest, each checked and named by its flag when wrong."""
    from ...template.limits import MAX_COUNT
    from ...template.names import read_names

    levels: int | tuple[int, int] | None = _flag("--level", parse_level, args.level)
    if args.levels is not None:  # --level and --levels exclude each other
        levels = _flag("--levels", parse_levels, args.levels)
    return WorksheetRequest(
        count=_flag("--count", lambda t: parse_whole(t, "count", 1, MAX_COUNT), args.count),
        per_page=args.per_page,
        levels=levels,
        page_size=_flag("--page-size", parse_page, args.page_size),
        min_cell=_flag("--min-cell", parse_min_cell, args.min_cell),
        language=args.language,
        title=_flag("--title", lambda t: parse_text(t, "title"), args.title),
        instruction=_flag(
            "--instruction", lambda t: parse_text(t, "instruction"), args.instruction
        ),
        font=_flag("--font", lambda t: parse_text(t, "font"), args.font),
        fit=args.fit,
        seed=_flag("--seed", parse_seed, args.seed),
        weave=_flag("--weave", lambda t: parse_share(t, "weave"), args.weave),
        names=None if args.names is None else read_names(args.names, error=InvalidOptionError),
    )


def _pupils_note(template: Template) -> str:
    """' for 25 pupils' on a class set, else ''."""
    count = len(template.names)
    return f" for {count} pupil{'s' if count != 1 else ''}" if count else ""


def run(args: argparse.Namespace) -> int:
    request = worksheet_request(args)  # each flag's error already in its own words
    try:
        template, result = build_worksheet_request(request, output=args.output)
    except MazebookError as exc:
        raise exc.restated(key_labels=FLAGS, advice_labels=ADVICE_FLAGS, drop_file=SOURCE) from None
    if not args.quiet:
        pages = f"{result.page_count} page{'s' if result.page_count != 1 else ''}"
        print(
            f"wrote {result.pdf} and {result.answers}: {result.puzzle_count} "
            f"maze{'s' if result.puzzle_count != 1 else ''}"
            f"{_pupils_note(template)}"
            f"{capped_note(result.capped)} on {pages} in {result.seconds:.1f} s "
            f"(manifest {result.manifest.name})"
        )
    return 0
