"""All of a build's files land together or not at all.

The PDF, the manifest and the SVGs are each written to a temporary file beside its target
(fileio.prepare_output checks the folders first). Only when everything is written are they
renamed into place, the PDF last; an existing file is first moved aside, and put back if a
later rename fails, so an error or Ctrl-C leaves the previous set, never a mixed or partial
one. Leftover temporary files are removed on the way out.
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from pathlib import Path
from types import TracebackType

from ..errors import OutputError
from ..fileio import default_mode, prepare_output


class OutputSet:
    """Stage files, then commit them all at once (see the module docstring)."""

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path]] = []  # (temporary file, target)

    def check(self, target: str | Path) -> Path:
        """Make the target's folder if needed and check it is writable; OutputError if not."""
        path = prepare_output(target)
        with contextlib.suppress(OSError):
            if path.exists() and not os.access(path, os.W_OK):
                raise OutputError(f"cannot write {str(path)!r}: the file is read-only")
        return path

    def stage(self, target: str | Path, data: bytes | str) -> None:
        """Write data to a temporary file beside ``target`` (renamed in place by commit)."""
        path = Path(target)
        payload = data.encode("utf-8") if isinstance(data, str) else data
        try:
            fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent)
        except OSError as exc:
            raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None
        self._staged.append((Path(tmp), path))
        with contextlib.suppress(OSError):  # mkstemp makes 0600 files; give the usual mode
            os.chmod(tmp, default_mode())
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
        except OSError as exc:
            raise OutputError(f"cannot write {str(path)!r}: {exc.strerror or exc}") from None

    def commit(self) -> None:
        """Rename every staged file into place; on any failure put the old files back."""
        moved: list[tuple[Path, Path | None]] = []  # (target, its backup or None)
        try:
            for tmp, target in self._staged:
                backup = None
                if target.exists():
                    backup = target.with_name(f".{target.name}.{os.getpid()}.old")
                    os.replace(target, backup)
                moved.append((target, backup))
                os.replace(tmp, target)
        except BaseException as exc:
            for target, backup in reversed(moved):
                with contextlib.suppress(OSError):
                    if backup is not None:
                        os.replace(backup, target)
                    else:
                        target.unlink()
            if isinstance(exc, OSError):
                raise OutputError(f"cannot write {str(target)!r}: {exc.strerror or exc}") from None
            raise
        for _, backup in moved:
            if backup is not None:
                with contextlib.suppress(OSError):
                    backup.unlink()
        self._staged.clear()

    def discard(self) -> None:
        """Remove every staged temporary file that was not committed."""
        for tmp, _ in self._staged:
            with contextlib.suppress(OSError):
                tmp.unlink()
        self._staged.clear()

    def __enter__(self) -> OutputSet:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.discard()
