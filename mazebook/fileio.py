"""Safe output: write to a temporary file beside the target, then rename over it.

A crash, an error or Ctrl-C part-way leaves the old file (or no file), never a half-written one.
``write_atomic`` does this for one file; ``OutputSet`` for the files of a build (PDF, answer
key, SVGs, manifest), which land together or not at all.

The guarantee of an OutputSet:

- While the build runs, every file is staged as a hidden temporary ``.NAME.*.part`` beside its
  target (written and flushed to disk with fsync); the old files are untouched.
- An error, Ctrl-C, SIGTERM or SIGHUP (the command line turns both into an interruption)
  before the commit removes every temporary file: the old set stays, nothing new is left.
- The commit renames the staged files into place in staging order, with interruptions held
  back until it is done (so Ctrl-C or SIGTERM then gives the whole new set), and puts the old
  files back if a rename fails (so an error gives the whole old set). Holding back works
  whichever thread the system hands the signal to: the command line's handlers ask ``held``
  (see ``signals_held``).
- A rename sequence is not atomic as a whole: a crash of the machine or a SIGKILL in the middle
  of the commit can leave some new and some old files (and a hidden ``.NAME.PID.old`` backup).
  Builders therefore stage the manifest last, and it records the SHA-256 of every other file
  of its set (its ``files`` key, see ``digests``): a reader that finds a file whose hash
  differs knows the set is mixed; a manifest that is missing or old means the commit did not
  finish.
"""

from __future__ import annotations

import contextlib
import os
import signal
import stat
import tempfile
import threading
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import TracebackType
from typing import BinaryIO

from .errors import MazebookBug, MazebookError, OutputError, os_problem
from .inputs import read_input


def default_mode() -> int:
    """Permissions a plainly created file would get (0666 less the process's umask).

    mkstemp makes private 0600 files; outputs are shared documents, so they get these instead.
    """
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


#: The signals that interrupt a build (the command line turns SIGTERM and SIGHUP into one).
_HELD = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)


class _Gate:
    """How deep the main thread is in held steps, and the signals that arrived meanwhile."""

    depth = 0
    pending: list[int] = []  # noqa: RUF012 - one gate for the process, on purpose


def held(signum: int) -> bool:
    """For a signal handler: True (the signal recorded, to be raised again when the step
    ends) while the main thread is in a ``signals_held`` step, else False (act on it now)."""
    if _Gate.depth:
        _Gate.pending.append(signum)
        return True
    return False


@contextlib.contextmanager
def signals_held() -> Iterator[None]:
    """Hold back Ctrl-C, SIGTERM and SIGHUP for a short step that must not be cut in two
    (a temporary file made and recorded; the commit's renames): they arrive right after it.

    Blocking the signals (pthread_sigmask) is not enough: it blocks them for this thread only,
    and a process signal is then delivered to another thread (numpy's BLAS starts some), after
    which Python runs its handler in the main thread all the same. So the handlers of the
    command line ask ``held`` first, and a signal that arrives in the step is raised again
    (``signal.raise_signal``) when the outermost step ends.
    """
    gate = threading.current_thread() is threading.main_thread()
    mask = gate and hasattr(signal, "pthread_sigmask")
    if gate:
        if _Gate.depth == 0:
            _Gate.pending.clear()
        _Gate.depth += 1
    old = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD) if mask else None
    try:
        yield
    finally:
        if gate:
            _Gate.depth -= 1
        if old is not None:
            signal.pthread_sigmask(signal.SIG_SETMASK, old)
        if gate and _Gate.depth == 0 and _Gate.pending:
            signum = _Gate.pending[0]
            _Gate.pending.clear()
            signal.raise_signal(signum)  # now the handler acts on it


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
    replaced and the link stays; a link to nothing (dangling) is refused, so no folder is made
    at its target. A device, pipe or socket (e.g. /dev/null) is refused unless
    ``allow_special``, since replacing it by a renamed temporary file would destroy it.
    """
    p = Path(path)
    try:
        if p.is_symlink():
            target = Path(os.path.realpath(p))
            if not target.exists():  # no folder is ever made where a dangling link points
                raise OutputError(
                    f"cannot write {str(path)!r}: it is a symbolic link to {str(target)!r}, "
                    "which does not exist; remove the link or write somewhere else"
                )
            p = target
        folder = p.exists() and p.is_dir()
    except OSError as exc:  # e.g. a name too long for the file system
        raise OutputError(f"cannot write {str(path)!r}: {os_problem(exc)}") from None
    if folder:
        raise OutputError(f"cannot write {str(path)!r}: it is a folder")
    if is_special(p):
        if allow_special:
            return p
        raise OutputError(f"cannot write {str(path)!r}: it is not a regular file")
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise OutputError(
            f"cannot create the folder for {str(path)!r}: {os_problem(exc)}"
        ) from None
    if not os.access(p.parent, os.W_OK):
        raise OutputError(f"cannot write {str(path)!r}: its folder is not writable")
    return p


def temp_beside(target: Path) -> tuple[int, str]:
    """A new temporary file ``.NAME.*.part`` in the target's folder, with the usual file mode.

    Returns (open descriptor, path). mkstemp makes private 0600 files; outputs are shared
    documents, so they get the mode a plainly created file would have.
    """
    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part", dir=target.parent)
    except OSError as exc:
        raise OutputError(f"cannot write {str(target)!r}: {os_problem(exc)}") from None
    with contextlib.suppress(OSError):
        os.chmod(tmp, default_mode())
    return fd, tmp


@contextlib.contextmanager
def atomic_output(path: str | Path) -> Iterator[BinaryIO]:
    """Yield a binary file that replaces ``path`` only if the block finishes without error."""
    target = prepare_output(path, allow_special=True)
    if is_special(target):  # a pipe or device takes the bytes as they come
        try:
            with target.open("wb") as stream:
                yield stream
        except OSError as exc:
            raise OutputError(f"cannot write {str(path)!r}: {os_problem(exc)}") from None
        return
    tmp: str | None = None
    try:
        with signals_held():  # made and named at once, so the except clause can remove it
            fd, tmp = temp_beside(target)
        with os.fdopen(fd, "wb") as handle:
            yield handle
        os.replace(tmp, target)
    except BaseException:
        if tmp is not None:
            with signals_held(), contextlib.suppress(OSError):
                os.unlink(tmp)
        raise


def write_new(path: str | Path, data: bytes) -> Path:
    """Write a file that must not exist yet, atomically: written whole beside it, then linked
    into place, which fails rather than replace a file that appeared meanwhile. OutputError
    when it exists, its folder does not (none is made), or it cannot be written (a full disk
    leaves no file behind)."""
    folder = Path(path).parent
    if not folder.is_dir():
        raise OutputError(f"cannot write {str(path)!r}: the folder {str(folder)!r} does not exist")
    target = prepare_output(path)
    if target.exists():
        raise OutputError(f"{str(path)!r} already exists; choose another name")
    tmp: str | None = None
    try:
        with signals_held():
            fd, tmp = temp_beside(target)
        with os.fdopen(fd, "wb") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        try:
            os.link(tmp, target)  # never replaces: FileExistsError if the name is taken
        except FileExistsError:
            raise OutputError(f"{str(path)!r} already exists; choose another name") from None
        except OSError:  # a file system without hard links: the name was free just now
            os.replace(tmp, target)
            tmp = None
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {os_problem(exc)}") from None
    finally:
        if tmp is not None:
            with signals_held(), contextlib.suppress(OSError):
                os.unlink(tmp)
    return Path(path)


def write_atomic(path: str | Path, data: bytes | str) -> Path:
    """Write bytes or UTF-8 text to ``path`` atomically; returns the path."""
    payload = data.encode("utf-8") if isinstance(data, str) else data
    try:
        with atomic_output(path) as handle:
            handle.write(payload)
    except OSError as exc:
        raise OutputError(f"cannot write {str(path)!r}: {os_problem(exc)}") from None
    return Path(path)


class OutputSet:
    """Stage files, then commit them all at once (see the module docstring)."""

    def __init__(self) -> None:
        self._staged: list[tuple[Path, Path]] = []  # (temporary file, target)
        self._digests: dict[Path, str] = {}  # target -> SHA-256 of its staged bytes

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
        with signals_held():  # made and recorded at once, so discard always finds it
            fd, tmp = temp_beside(path)
            self._staged.append((Path(tmp), path))
        try:
            with os.fdopen(fd, "wb") as handle:
                handle.write(payload)
                handle.flush()
                os.fsync(handle.fileno())
        except OSError as exc:
            raise OutputError(f"cannot write {str(path)!r}: {os_problem(exc)}") from None
        self._digests[path] = sha256(payload)

    def digests(self, folder: Path) -> dict[str, str]:
        """SHA-256 of every file staged so far, by its path relative to ``folder`` (the
        manifest's), in staging order: what a manifest's ``files`` key records."""
        return {relative_name(target, folder): digest for target, digest in self._digests.items()}

    def commit(self) -> None:
        """Rename every staged file into place; on any failure put the old files back."""
        with signals_held():
            self._commit()
        self._staged.clear()

    def _commit(self) -> None:
        for _, target in self._staged:  # a folder made since check() is never moved aside
            if target.is_dir() and not target.is_symlink():
                raise OutputError(f"cannot write {str(target)!r}: it is a folder")
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
                raise OutputError(f"cannot write {str(target)!r}: {os_problem(exc)}") from None
            raise
        for _, backup in moved:
            if backup is not None:
                with contextlib.suppress(OSError):
                    backup.unlink()
        for folder in dict.fromkeys(target.parent for _, target in self._staged):
            _sync_folder(folder)

    def discard(self) -> None:
        """Remove every staged temporary file that was not committed (a second Ctrl-C or
        SIGTERM is held back until all are gone)."""
        with signals_held():
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


class HeldSet(OutputSet):
    """An output set held in memory: its files kept as bytes in staging order (``files``), with
    their digests, for another set to stage (a volume of a series built in a worker process);
    it writes nothing and is never committed itself."""

    def __init__(self) -> None:
        super().__init__()
        self.files: list[tuple[Path, bytes]] = []

    def check(self, target: str | Path) -> Path:
        """Nothing to check here: the set that stages these files checks its targets."""
        return Path(target)

    def stage(self, target: str | Path, data: bytes | str) -> None:
        payload = data.encode("utf-8") if isinstance(data, str) else data
        self.files.append((Path(target), payload))
        self._digests[Path(target)] = sha256(payload)

    def commit(self) -> None:
        raise MazebookBug("a held set is staged by another set, never committed itself")


def relative_name(path: Path, folder: Path) -> str:
    """``path`` relative to ``folder``, with forward slashes: how a manifest names the files of
    its set (never an absolute path of the machine)."""
    try:
        name = os.path.relpath(path, folder)
    except ValueError:  # pragma: no cover - another drive on Windows
        name = path.name
    return Path(name).as_posix()


def _sync_folder(folder: Path) -> None:
    """Flush a folder's entries (the renames) to disk, where the system allows it."""
    with contextlib.suppress(OSError, AttributeError):
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
        try:
            os.fsync(fd)
        finally:
            os.close(fd)


def verify_set(manifest: Mapping[str, object], folder: Path) -> list[str]:
    """The files a manifest's ``files`` key lists whose bytes differ from the recorded SHA-256
    (or that are missing): empty when the set on disk is the one the manifest describes."""
    files = manifest.get("files")
    if not isinstance(files, Mapping):
        return ["files"]
    bad = []
    for name, digest in files.items():
        try:
            data = read_input(folder / str(name), what="file")
        except MazebookError:  # missing, not a regular file (never opened), unreadable
            bad.append(str(name))
            continue
        if sha256(data) != digest:
            bad.append(str(name))
    return bad


def sha256(data: bytes) -> str:
    """The SHA-256 of ``data`` in hex (hashlib is imported here: a one-maze command never
    needs it)."""
    import hashlib

    return hashlib.sha256(data).hexdigest()
