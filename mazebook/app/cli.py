"""The command line: ``main(argv) -> int``, testable without a subprocess.

argparse (standard library) parses; every MazebookError becomes one line on stderr and exit
code 2, never a traceback. Each subcommand lives in mazebook/app/commands/<name>.py. SIGTERM and
SIGHUP are turned into an interruption like Ctrl-C while a command runs (outputs are committed
whole or not at all, temporary files removed), and exit with 128 + the signal's number.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import signal
import sys
import traceback
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import NoReturn

from ..errors import MazebookBug, MazebookError, MazebookWarning
from ..fileio import held

#: Subcommand modules under mazebook.app.commands, in the order --help lists them.
COMMANDS = (
    "maze",
    "algorithms",
    "kinds",
    "bench",
    "build",
    "cover",
    "printers",
    "worksheet",
    "templates",
    "preflight",
    "preview",
    "serve",
)

EXIT_OK, EXIT_FAIL, EXIT_USAGE = 0, 1, 2


class ArgumentParser(argparse.ArgumentParser):
    """argparse with one-line errors: 'mazebook maze: error: ...' and exit code 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(EXIT_USAGE, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


class Interrupted(KeyboardInterrupt):
    """A signal that ends the run like Ctrl-C (SIGTERM, SIGHUP), with its number."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


#: Signals that interrupt a run (Ctrl-C's SIGINT, and SIGTERM and SIGHUP like it).
STOP_SIGNALS = tuple(
    getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)
)


def _raise_interrupted(signum: int, _frame: FrameType | None) -> None:
    """Raise Interrupted, unless a step that must not be cut in two is running (fileio's
    signals_held): then the signal comes back when the step ends."""
    if not held(signum):
        raise Interrupted(signum)


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """While the block runs, SIGINT, SIGTERM and SIGHUP raise Interrupted (then the old
    handlers), held back while output files are made or committed."""
    previous = {}
    for sig in STOP_SIGNALS:
        with contextlib.suppress(ValueError):  # not the main thread: leave the signals alone
            previous[sig] = signal.signal(sig, _raise_interrupted)
    try:
        yield
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def build_parser() -> ArgumentParser:
    parser = ArgumentParser(prog="mazebook", description="Printable maze puzzle books.")
    from ..version import __version__

    parser.add_argument("--version", action="version", version=f"mazebook {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    sub.required = True
    for name in COMMANDS:
        importlib.import_module(f".commands.{name}", __package__).register(sub)
    return parser


def _one_line_warning(prog: str) -> Callable[..., None]:
    """A warnings.showwarning that prints 'mazebook maze: warning: ...' and nothing else."""

    def show(message: Warning | str, *_: object, **__: object) -> None:
        print(f"{prog}: warning: {message}", file=sys.stderr)

    return show


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 a check failed or a bug, 2 bad input)."""
    try:
        parser = build_parser()  # reads the plugin registries the commands' choices list
    except MazebookError as exc:  # a broken plugin
        print(f"mazebook: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    try:
        args = parser.parse_args(argv)
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    try:
        with signals_interrupt(), warnings.catch_warnings():
            warnings.showwarning = _one_line_warning(f"mazebook {args.command}")
            return int(args.run(args))
    except MazebookError as exc:
        print(f"mazebook {args.command}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except MazebookWarning as exc:  # `python -W error`: a warning asked to stop the run
        print(f"mazebook {args.command}: error (a warning, made an error): {exc}", file=sys.stderr)
        return EXIT_USAGE
    except MazebookBug as exc:
        _report_bug(args.command, exc)
        return EXIT_FAIL
    except KeyboardInterrupt as exc:
        signum = exc.signum if isinstance(exc, Interrupted) else signal.SIGINT
        name = signal.Signals(signum).name
        print(f"mazebook: interrupted ({name}); no partial output was left", file=sys.stderr)
        return 128 + signum
    except BrokenPipeError:
        return EXIT_OK
    except Exception as exc:  # anything else is a bug of ours, not bad input
        _report_bug(args.command, exc)
        return EXIT_FAIL


def _report_bug(command: str, exc: BaseException) -> None:
    """A short report of an internal error: what, and where in mazebook it happened."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "mazebook" in f.filename] or frames
    where = f" at {Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else ""
    print(
        f"mazebook {command}: internal error (a bug; please report it): "
        f"{type(exc).__name__}: {exc}{where}",
        file=sys.stderr,
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
