"""Files read from outside (templates, fonts, images): checked before they are opened.

One rule for every input file: it is a regular file, its name is valid UTF-8, and it is read
without blocking; anything else is refused with a MazebookError naming the file and the
problem. A pipe (FIFO) or a device is never opened for reading as if it were a file (a FIFO
would block forever), a folder is named as a folder. ``check_distinct`` refuses a build whose
output would replace one of its own inputs (or another of its outputs).
"""

from __future__ import annotations

import os
import stat
from collections.abc import Iterable
from pathlib import Path

from .errors import MazebookError, OutputError, os_problem

#: The largest input file read (bytes): fonts, images and templates are far smaller.
MAX_INPUT_BYTES = 64 * 1024 * 1024

PathLike = str | bytes | os.PathLike[str] | os.PathLike[bytes]


def shown(path: PathLike) -> str:
    """A path as messages show it: quoted, non-UTF-8 bytes escaped (printable on any terminal)."""
    text = os.fsdecode(path)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # bytes that are not UTF-8 shown as \xNN
        raw = text.encode("utf-8", "surrogateescape")
        return "'" + raw.decode("utf-8", "backslashreplace") + "'"
    return repr(text)


def utf8_path(path: PathLike, *, what: str, error: type[MazebookError] = MazebookError) -> Path:
    """The path as a Path; ``error`` if its name is not valid UTF-8.

    Names are written into manifests, SVG metadata and messages, which are UTF-8, so a name
    that is not (bytes from another locale, seen by Python as surrogate escapes) is refused
    before any work starts instead of failing after the build.
    """
    if not isinstance(path, (str, bytes, os.PathLike)):
        raise error(f"the {what} must be a file name, got {path!r}")
    text = os.fsdecode(path)
    if not text.strip():  # Path("") is the current folder: never what an empty name meant
        hint = " (write . for the current folder)" if "folder" in what else ""
        raise error(f"the {what} name is empty{hint}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise error(f"the {what} name {shown(path)} is not valid UTF-8; rename the file") from None
    if "\x00" in text:  # no file name holds one (os.stat raised a ValueError on it)
        raise error(f"the {what} name {shown(path)} has a NUL character (\\x00) in it")
    return Path(text)


def _refusal(mode: int) -> str | None:
    """Why a file of this mode cannot be read as an input, or None for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return "is a folder, not a file"
    if stat.S_ISFIFO(mode):
        return "is a pipe (FIFO), not a regular file"
    return "is a device or socket, not a regular file"


def check_input(path: PathLike, *, what: str, error: type[MazebookError] = MazebookError) -> Path:
    """The path of an existing regular file with a UTF-8 name; ``error`` saying why not.

    ``os.stat`` never opens the file, so a FIFO is refused without blocking.
    """
    return input_version(path, what=what, error=error)[0]


def input_version(
    path: PathLike, *, what: str, error: type[MazebookError] = MazebookError
) -> tuple[Path, int, int]:
    """``check_input``, and the file's modification time (ns) and size: which version of the
    file a cache holds."""
    p = utf8_path(path, what=what, error=error)
    try:
        info = os.stat(p)
    except FileNotFoundError:
        raise error(f"{what} {shown(p)} does not exist") from None
    except OSError as exc:
        raise error(f"cannot read {what} {shown(p)}: {os_problem(exc)}") from None
    problem = _refusal(info.st_mode)
    if problem is not None:
        raise error(f"{what} {shown(p)} {problem}")
    return p, info.st_mtime_ns, info.st_size


def read_input(
    path: PathLike,
    *,
    what: str,
    error: type[MazebookError] = MazebookError,
    limit: int = MAX_INPUT_BYTES,
) -> bytes:
    """The bytes of a regular input file of at most ``limit`` bytes; ``error`` saying why not.

    The file is opened without blocking and checked again on the open descriptor, so a file
    swapped for a FIFO between the check and the open cannot hang the build either.
    """
    p = check_input(path, what=what, error=error)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
    try:
        fd = os.open(p, flags)
    except OSError as exc:
        raise error(f"cannot read {what} {shown(p)}: {os_problem(exc)}") from None
    try:
        info = os.fstat(fd)
        problem = _refusal(info.st_mode)
        if problem is not None:
            raise error(f"{what} {shown(p)} {problem}")
        if info.st_size > limit:
            raise error(
                f"{what} {shown(p)} is too large: {info.st_size:,} bytes, the limit is {limit:,}"
            )
        chunks = []
        total = 0
        while chunk := os.read(fd, 1 << 20):
            total += len(chunk)
            if total > limit:
                raise error(f"{what} {shown(p)} is too large: the limit is {limit:,} bytes")
            chunks.append(chunk)
    except OSError as exc:
        raise error(f"cannot read {what} {shown(p)}: {os_problem(exc)}") from None
    finally:
        os.close(fd)
    return b"".join(chunks)


def _identity(path: Path) -> tuple[int, int] | str:
    """What makes two paths the same file: device and inode where it exists, else the real path."""
    try:
        info = os.stat(path)
    except OSError:
        return os.path.realpath(path)
    return (info.st_dev, info.st_ino)


def check_distinct(outputs: Iterable[Path], inputs: Iterable[Path]) -> None:
    """OutputError when an output is also an input of the run, or two outputs are one file."""
    sources = {_identity(p): p for p in inputs}
    seen: dict[tuple[int, int] | str, Path] = {}
    for out in outputs:
        key = _identity(out)
        if key in sources:
            raise OutputError(
                f"the output {shown(out)} would replace the input {shown(sources[key])}; "
                "write the output somewhere else"
            )
        if key in seen:
            raise OutputError(f"the outputs {shown(seen[key])} and {shown(out)} are the same file")
        seen[key] = out
