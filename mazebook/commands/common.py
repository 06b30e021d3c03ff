"""Argument types shared by subcommands: sizes, seeds, output paths."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from ..engine import check_seed
from ..errors import InvalidOptionError, InvalidSizeError
from ..fileio import write_atomic
from ..grid import check_size

_SIZE = re.compile(r"^\s*(\d+)\s*[xX×]\s*(\d+)\s*$")


def parse_size(text: str) -> tuple[int, int]:
    """'30x20' -> (30, 20); InvalidSizeError for anything else or out of range."""
    match = _SIZE.match(text)
    if not match:
        raise InvalidSizeError(f"--size must be WIDTHxHEIGHT in cells, e.g. 30x20; got {text!r}")
    return check_size(int(match.group(1)), int(match.group(2)))


def parse_seed(text: str | None) -> int | None:
    """A seed from the command line: a whole number from 0 to 2**63-1."""
    if text is None:
        return None
    try:
        value = int(text, 10)
    except ValueError:
        raise InvalidOptionError(f"--seed must be a whole number, got {text!r}") from None
    return check_seed(value)


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
