"""The command line: ``main(argv) -> int``, testable without a subprocess.

argparse (standard library) parses; every MazebookError becomes one line on stderr and exit
code 2, never a traceback, and so does running out of memory or disk space. Each subcommand
lives in mazebook/app/commands/<name>.py, imported only when it is the command being run (so
`mazebook --version` loads no numpy or reportlab, and no command loads the libraries only
another uses). SIGTERM and SIGHUP are turned into an interruption like Ctrl-C while a command
runs (outputs are committed whole or not at all, temporary files removed), and exit with 128 +
the signal's number. Every line printed here, and every line a command prints, shows control
characters as escapes (``errors.one_line``): a file name with a newline or a terminal escape in
it cannot split a message or reach the terminal.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import gc
import importlib
import os
import signal
import sys
import warnings
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any, NoReturn, TextIO

from ..errors import (
    OUT_OF_MEMORY,
    MazebookBug,
    MazebookError,
    MazebookWarning,
    one_line,
    os_problem,
)
from ..fileio import held

#: Subcommand modules under mazebook.app.commands, in the order --help lists them, with the line
#: --help shows for each (the same as the module's own; a test checks): the commands not being
#: run are listed from here without importing them.
COMMANDS = {
    "maze": "make one maze (json, svg, pdf, png or txt)",
    "algorithms": "list the maze generators",
    "kinds": "list the kinds of puzzle (a section's puzzle = ...)",
    "bench": "measure generator speed and memory",
    "build": "build a puzzle book PDF from a template (or a series of them)",
    "cover": "make the cover PDF of the book a template builds",
    "printers": "list the printers, and what a book costs to print and earns",
    "worksheet": "make classroom maze sheets and their answer key",
    "templates": "list the shipped book templates, or copy one to edit",
    "preflight": "check a PDF against a printer's rules",
    "preview": "write page images (PNG) of a book or worksheet PDF",
    "serve": "run the web app in a browser (needs mazebook[web])",
}

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


#: The collector's thresholds while the program runs a command (Python's are 700, 10, 10). A
#: book's pages and mazes are many small objects that live to the end of the run: each pass
#: over the youngest objects reads them once, and a pass over the middle generation, which
#: would read them all again, waits for a hundred of those (806-page book: 41 ms of passes at
#: 5000, 20, 100; 21 ms now; Python's: 66 ms). A run leaves almost no cycles behind (the same
#: few hundred objects for 3 puzzles or 15: tests/test_collector.py), and those a plugin
#: might leave are still collected.
RUN_GC_THRESHOLDS = (20000, 100, 100)


#: Signals that interrupt a run (Ctrl-C's SIGINT, and SIGTERM and SIGHUP like it).
STOP_SIGNALS = tuple(
    getattr(signal, n) for n in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, n)
)


#: The signals raised as Interrupted in this run: a library that swallows every exception
#: (reportlab has bare excepts) can eat one and fail later on what it left half done, and that
#: failure is then the interruption, not a bug.
_RAISED: list[int] = []


def _raise_interrupted(signum: int, _frame: FrameType | None) -> None:
    """Raise Interrupted, unless a step that must not be cut in two is running (fileio's
    signals_held): then the signal comes back when the step ends."""
    if not held(signum):
        _RAISED.append(signum)
        raise Interrupted(signum)


def _interrupted(signum: int) -> int:
    """Say that the run was interrupted by ``signum``; its exit code."""
    say(f"mazebook: interrupted ({signal.Signals(signum).name}); no partial output was left")
    return 128 + signum


@contextlib.contextmanager
def signals_interrupt() -> Iterator[None]:
    """While the block runs, SIGINT, SIGTERM and SIGHUP raise Interrupted (then the old
    handlers), held back while output files are made or committed."""
    previous = {}
    _RAISED.clear()
    for sig in STOP_SIGNALS:
        with contextlib.suppress(ValueError):  # not the main thread: leave the signals alone
            previous[sig] = signal.signal(sig, _raise_interrupted)
    _OUTER_HOOKS.append(sys.unraisablehook)
    sys.unraisablehook = _signal_again
    try:
        yield
    finally:
        sys.unraisablehook = _OUTER_HOOKS.pop()
        for sig, handler in previous.items():
            signal.signal(sig, handler)


#: The unraisable hooks signals_interrupt replaced, innermost last.
_OUTER_HOOKS: list[Callable[[Any], None]] = []


def _signal_again(info: Any) -> None:
    """The unraisable hook while signals interrupt: an Interrupted raised where Python cannot
    pass it on (a signal that landed in a weakref callback or a finalizer, which Python prints
    and forgets) is raised again at the next call or return of the run's own code, through a
    one-shot profile function (a signal sent again now would land in this hook); anything else
    goes to the hook it replaced."""
    if not isinstance(info.exc_value, Interrupted):
        _OUTER_HOOKS[-1](info)
        return
    signum, profiler = info.exc_value.signum, sys.getprofile()

    def once(frame: FrameType, _event: str, _arg: object) -> None:
        if frame.f_code is _signal_again.__code__:
            return  # this hook returning
        sys.setprofile(profiler)
        _raise_interrupted(signum, frame)  # (or held, as the signal would be now)

    sys.setprofile(once)


class _Version(argparse.Action):
    """--version: the installed version, read only when asked for (it reads the package's
    metadata)."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: Any) -> None:
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: Any) -> NoReturn:
        from ..version import __version__

        print(f"mazebook {__version__}")
        parser.exit()


def command_in(argv: Sequence[str]) -> str | None:
    """The subcommand ``argv`` runs: its first word not starting with '-' (the top level has no
    option that takes a value), when that word is a command."""
    word = next((a for a in argv if not a.startswith("-")), None)
    return word if word in COMMANDS else None


def build_parser(command: str | None = None) -> ArgumentParser:
    """The parser, with ``command``'s full sub-parser (its module's register); every other
    command is listed by its name and help line only."""
    parser = ArgumentParser(prog="mazebook", description="Printable maze puzzle books.")
    parser.add_argument("--version", action=_Version)
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=ArgumentParser)
    sub.required = True
    for name, line in COMMANDS.items():
        if name == command:
            importlib.import_module(f".commands.{name}", __package__).register(sub)
        else:
            sub.add_parser(name, help=line, add_help=False)
    return parser


def _one_line_warning(prog: str) -> Callable[..., None]:
    """A warnings.showwarning that prints 'mazebook maze: warning: ...' and nothing else."""

    def show(message: Warning | str, *_: object, **__: object) -> None:
        say(f"{prog}: warning: {message}")

    return show


def say(line: str) -> None:
    """Print one line on stderr, its control characters shown as escapes."""
    print(one_line(line), file=sys.stderr)


class EscapedOutput:
    """A command's standard output with control characters shown as escapes (``one_line``),
    but for the line ends ``print`` writes on their own: a name in a line a command prints
    cannot split it or send the terminal an escape sequence. Bytes written to ``buffer`` (a
    maze on standard output) pass as they are."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(text if text == "\n" else one_line(text))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def main(argv: Sequence[str] | None = None) -> int:
    """Run the CLI; returns the exit code (0 ok, 1 a check failed or a bug, 2 bad input)."""
    as_program = argv is None
    argv = sys.argv[1:] if argv is None else argv
    # mazebook does no linear algebra, and numpy's OpenBLAS starting a thread per core when it
    # is imported costs about 60 ms of CPU at every start; one thread unless the user set it
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    try:
        # a command's choices may read the plugin registries, now or when they are listed
        args = build_parser(command_in(argv)).parse_args(argv)
    except MazebookError as exc:  # a broken plugin
        say(f"mazebook: error: {exc}")
        return EXIT_USAGE
    except SystemExit as exc:  # --help, --version, or a usage error already printed
        return exc.code if isinstance(exc.code, int) else EXIT_USAGE
    prog = f"mazebook {args.command}"
    if as_program:
        # what is loaded by now lives as long as the process: the collector need not look at
        # it again (full collections walked every module's objects: 2-3 % of a book's CPU); a
        # caller's own process (main given its argv) is left as it is
        gc.freeze()
        # collecting a book's long-lived objects less often costs no peak memory
        gc.set_threshold(*RUN_GC_THRESHOLDS)
    try:
        with (
            signals_interrupt(),
            warnings.catch_warnings(),
            contextlib.redirect_stdout(EscapedOutput(sys.stdout)),
        ):
            warnings.showwarning = _one_line_warning(prog)
            return int(args.run(args))
    except MazebookError as exc:
        if _RAISED:  # e.g. reportlab's font reader ate the interruption: "can't open file"
            return _interrupted(_RAISED[0])
        say(f"{prog}: error: {exc}")
        return EXIT_USAGE
    except MazebookWarning as exc:  # `python -W error`: a warning asked to stop the run
        say(f"{prog}: error (a warning, made an error): {exc}")
        return EXIT_USAGE
    except KeyboardInterrupt as exc:
        return _interrupted(exc.signum if isinstance(exc, Interrupted) else signal.SIGINT)
    except MazebookBug as exc:
        return _bug_or_interrupted(args.command, exc)
    except BrokenPipeError:
        return EXIT_OK
    except MemoryError:  # the input asked for more than the machine has: not a bug
        say(f"{prog}: error: {OUT_OF_MEMORY}")
        return EXIT_USAGE
    except OSError as exc:  # a full disk, a quota: the machine's, not a bug of ours
        if exc.errno in (errno.ENOSPC, errno.EDQUOT):
            say(f"{prog}: error: {os_problem(exc)}")
            return EXIT_USAGE
        return _bug_or_interrupted(args.command, exc)
    except Exception as exc:  # anything else is a bug of ours, not bad input
        return _bug_or_interrupted(args.command, exc)


def _bug_or_interrupted(command: str, exc: BaseException) -> int:
    """An internal error's report and exit code; after an interruption that a library
    swallowed (_RAISED), the interruption's."""
    if _RAISED:
        return _interrupted(_RAISED[0])
    _report_bug(command, exc)
    return EXIT_FAIL


def _report_bug(command: str, exc: BaseException) -> None:
    """A short report of an internal error: what, and where in mazebook it happened."""
    import traceback

    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "mazebook" in f.filename] or frames
    where = f" at {Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else ""
    say(
        f"mazebook {command}: internal error (a bug; please report it): "
        f"{type(exc).__name__}: {exc}{where}"
    )


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
