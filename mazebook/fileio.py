"""Safe output: write to a temporary file beside the target, then rename over it.

A crash, an error or Ctrl-C part-way leaves the old file (or no file), never a half-written one.
"""

from __future__ import annotations

import contextlib
import os
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


def prepare_output(path: str | Path) -> Path:
    """Create the parent folder if needed and check it can hold the file; OutputError if not."""
    p = Path(path)
    if p.exists() and p.is_dir():
        raise OutputError(f"cannot write {str(p)!r}: it is a folder")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(
            f"cannot create the folder for {str(p)!r}: {exc.strerror or exc}"
        ) from None
    if not os.access(p.parent, os.W_OK):
        raise OutputError(f"cannot write {str(p)!r}: its folder is not writable")
    return p


@contextlib.contextmanager
def atomic_output(path: str | Path) -> Iterator[BinaryIO]:
    """Yield a binary file that replaces ``path`` only if the block finishes without error."""
    target = prepare_output(path)
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
