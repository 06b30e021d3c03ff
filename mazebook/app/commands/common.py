"""Argument types shared by subcommands: sizes, seeds, languages, output paths."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ... import requests
from ...errors import MazebookError
from ...fileio import write_atomic


def parse_size(text: str) -> tuple[int, int]:
    """--size '30x20' -> (30, 20); an error named by the flag."""
    try:
        return requests.parse_size(text)
    except MazebookError as exc:
        raise exc.restated(key_labels={"size": "--size"}) from None


def parse_seed(text: str | None) -> int | None:
    """--seed: a whole number from 0 to 2**63-1; an error named by the flag."""
    try:
        return requests.parse_seed(text)
    except MazebookError as exc:
        raise exc.restated(key_labels={"seed": "--seed"}) from None


def emit(data: bytes, output: str | None) -> None:
    """Write to the file atomically, or to stdout when no file is named."""
    if output is None or output == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.flush()
    else:
        write_atomic(Path(output), data)


def capped_note(capped: int) -> str:
    """' (3 capped at the highest level the page holds)' after a summary's puzzle count, or ''
    (fit = "cap" lowered no level)."""
    return f" ({capped} capped at the highest level the page holds)" if capped else ""


#: The named page sizes --page offers (printing/units.py's PAGE_SIZES, named here so the parser
#: needs no units import; a test checks they are the same).
PAGE_NAMES = ("letter", "a4", "a5", "6x9in", "8.5x11in", "8x10in")


#: The languages --language offers (template/texts.py's sets, named here so the parser needs no
#: template import; a test checks they are the same).
LANGUAGE_CODES = ("en", "de", "fr", "es")


def language_flag(text: str) -> str:
    """--language: a shipped language's code; a name (French, français) or a code in other
    capitals is refused with the code it stands for."""
    if text in LANGUAGE_CODES:
        return text
    from ...template.texts import language_code

    code = language_code(text)
    hint = f' (did you mean "{code}"?)' if code else ""
    raise argparse.ArgumentTypeError(
        f"{text!r} is not a language code{hint}; choose from {', '.join(LANGUAGE_CODES)}"
    )
