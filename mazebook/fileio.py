"""Safe output: write to a temporary file beside the target, then rename over it.

A crash, an error or Ctrl-C part-way leaves the old file (or no file), never a half-written one.
"""

from __future__ import annotations

import contextlib
import os
import stat
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

from .errors import OutputError


def default_mode() -> int:
    """Permissions a plainly created file would get (0666 less the process's umask).

    mkstemp makes private 0600 files; outputs are shared documents, so they get these instead.
    """
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


def is_special(path: Path) -> bool:
    """True for an existing device, pipe or socket (written in place, never replaced)."""
    try:
        mode = path.stat().st_mode
    except OSError:
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def prepare_output(path: str | Path, *, allow_special: bool = False) -> Path:
    """Check that ``path`` can be written, creating its folder if needed; OutputError if not.

    Returns the path to write: a symbolic link is followed, so the file it points to is
    replaced and the link stays. A device, pipe or socket (e.g. /dev/null) is refused unless
    ``allow_special``, since replacing it by a renamed temporary file would destroy it.
    """
    p = Path(path)
    if p.is_symlink():
        p = Path(os.path.realpath(p))
    if p.exists() and p.is_dir():
        raise OutputError(f"cannot write {str(path)!r}: it is a folder")
    if is_special(p):
        if allow_special:
            return p
        raise OutputError(f"cannot write {str(path)!r}: it is not a regular file")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(
            f"cannot create the folder for {str(path)!r}: {exc.strerror or exc}"
        ) from None
    if not os.access(p.parent, os.W_OK):
        raise OutputError(f"cannot write {str(path)!r}: its folder is not writable")
    return p


@contextlib.contextmanager
def atomic_output(path: str | Path) -> Iterator[BinaryIO]:
    """Yield a binary file that replaces ``path`` only if the block finishes without error."""
    target = prepare_output(path, allow_special=True)
    if is_special(target):  # a pipe or device takes the bytes as they come
        try:
            with target.open("wb") as stream:
                yield stream
        except OSError as exc:
            raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        return
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
    try:
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.chmod(tmp, default_mode())
        os.replace(tmp, target)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def write_atomic(path: str | Path, data: bytes | str) -> Path:
    """Write bytes or UTF-8 text to ``path`` atomically; returns the path."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        with atomic_output(path) as handle:
            handle.write(payload)
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
    return Path(path)
