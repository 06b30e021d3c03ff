"""Previews and downloads in worker processes that are stopped when their client goes away.

A maze or a worksheet made for a preview can take seconds of CPU, and in a thread it could not
be stopped: an abandoned preview (the live preview sends a new one on every edit) ran on, and
the server waited for every one of them before it exited. Here each call runs in one of
``WORKERS`` processes (spawned once and kept between calls, shared by every app of the
process); while it runs, the server looks at its client every POLL seconds, and when the client
has gone the worker is killed at once (another is started for the next call). Calls beyond
``WORKERS`` wait their turn, and give up when their client leaves; a preview that runs past
PREVIEW_SECONDS is stopped with a message. ``stop`` kills the work in progress (the server
stopping); idle workers end with the server's process.

A worker also has a memory cap (MEMORY_LIMIT of address space): a request that asks for too
much fails there with "out of memory", beside its field, and never takes the server's memory;
a worker that dies (killed by the system, a crash of a library) is replaced, and its call
answers with an error beside the part.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import resource
import signal
import sys
import threading
import traceback
from collections.abc import Callable
from multiprocessing.connection import Connection
from typing import Any, TypeVar, cast

from starlette.requests import Request

from ...errors import OUT_OF_MEMORY, MazebookError
from .actions import FieldError

T = TypeVar("T")

#: Worker processes (the calls that run at once), the address space each may use (bytes), how
#: often a running call's client is looked at (seconds), and the longest a preview may run
#: (seconds; a worksheet of 200 level-10 mazes, the largest the form allows, takes about 11).
WORKERS = 2
MEMORY_LIMIT = 4 << 30
POLL = 0.1
PREVIEW_SECONDS = 30.0


class ClientGone(Exception):
    """The client closed its connection before the answer was ready: nobody is waiting."""


class TooLong(Exception):
    """A call ran past its time (its worker is killed)."""

    def __init__(self, seconds: float) -> None:
        super().__init__(seconds)
        self.seconds = seconds


def outcome(function: Callable[..., Any], args: tuple[Any, ...]) -> tuple[Any, ...]:
    """What a worker sends back for one call: ("ok", value), ("field", field, message) for
    an error beside a field, ("memory",) when the memory ran out, ("bug", what) for anything
    else (its traceback printed on the server's stderr)."""
    try:
        return ("ok", function(*args))
    except FieldError as exc:
        return ("field", exc.field, str(exc))
    except MemoryError:
        return ("memory",)
    except MazebookError as exc:
        return ("field", None, str(exc))
    except Exception as exc:  # a bug: the page says so in one line, the log has the details
        traceback.print_exc(file=sys.stderr)
        return ("bug", f"{type(exc).__name__}: {exc}")


def limit_memory(limit: int = MEMORY_LIMIT) -> None:
    """In a worker process: cap its address space at ``limit`` bytes (past it, allocations
    raise MemoryError there), and leave Ctrl-C to the server, which stops the workers."""
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _serve(connection: Connection, limit: int) -> None:
    """A worker's life: take a call, send its outcome, until the server closes the pipe."""
    limit_memory(limit)
    while True:
        try:
            function, args = connection.recv()
        except (EOFError, OSError):
            return
        connection.send(outcome(function, args))


class _Worker:
    """One worker process and the pipe to it."""

    def __init__(self, limit: int) -> None:
        context = multiprocessing.get_context("spawn")  # no fork of a threaded server
        self.connection, child = context.Pipe()
        self.process = context.Process(target=_serve, args=(child, limit), daemon=True)
        self.process.start()
        child.close()

    def kill(self) -> None:
        """End the process now, whatever it is doing."""
        with contextlib.suppress(OSError, ValueError):
            self.process.kill()
            self.process.join(timeout=5)
        with contextlib.suppress(OSError):
            self.connection.close()


class Workers:
    """The worker processes of a server: ``run`` a call in one, watching its client."""

    def __init__(self, count: int = WORKERS, limit: int = MEMORY_LIMIT) -> None:
        self.count = count
        self.limit = limit
        self._lock = threading.Lock()
        self._idle: list[_Worker] = []
        self._busy: set[_Worker] = set()
        self._running = 0
        self._epoch = 0  # counts the stops: a call from before a stop starts no work

    async def run(
        self,
        request: Request,
        part: str,
        function: Callable[..., T],
        *args: Any,
        seconds: float | None = None,
    ) -> T:
        """``function(*args)`` in a worker (a top-level function, its arguments and result
        picklable); its FieldError raised here, other errors as a FieldError beside ``part``;
        ClientGone (the work killed) when the client disconnects first; a FieldError (the
        work killed) when it runs past ``seconds``."""
        epoch = self._epoch
        while not self._claim():
            await self._watch(request)
            self._check(epoch, part)
            await asyncio.sleep(POLL)
        worker: _Worker | None = None
        try:
            self._check(epoch, part)
            worker = await asyncio.to_thread(self._take)
            result = await self._call(worker, request, (function, args), seconds)
        except (EOFError, OSError):  # the worker died (killed by the system, a crash)
            if worker is not None:
                worker.kill()
                worker = None
            raise FieldError(part, "the work stopped: its worker process ended") from None
        except TooLong as exc:
            if worker is not None:
                worker.kill()
                worker = None
            raise FieldError(
                part,
                f"this took over {exc.seconds:.0f} s to make and was stopped: make it smaller "
                "(fewer or easier mazes, a smaller size), or download it",
            ) from None
        except BaseException:
            if worker is not None:  # cancelled, or its client gone: kill it
                worker.kill()
                worker = None
            raise
        finally:
            self._release(worker)
        return cast(T, _answer(result, part))

    async def _call(
        self, worker: _Worker, request: Request, call: tuple[Any, ...], seconds: float | None
    ) -> tuple[Any, ...]:
        """Send the call and wait for its outcome; TooLong past ``seconds``, ClientGone if
        the client goes (the caller kills the worker)."""
        worker.connection.send(call)
        ready = asyncio.Event()
        loop = asyncio.get_running_loop()
        deadline = None if seconds is None else loop.time() + seconds
        fd = worker.connection.fileno()
        loop.add_reader(fd, ready.set)
        try:
            while not worker.connection.poll():
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(ready.wait(), POLL)
                ready.clear()
                await self._watch(request)
                if deadline is not None and loop.time() > deadline:
                    raise TooLong(seconds or 0.0)
        finally:
            loop.remove_reader(fd)
        result: tuple[Any, ...] = worker.connection.recv()
        return result

    def _check(self, epoch: int, part: str) -> None:
        """FieldError when the workers were stopped since the call came (the server is
        stopping: no new work starts)."""
        if self._epoch != epoch:
            raise FieldError(part, "the server is stopping; try again when it is back")

    @staticmethod
    async def _watch(request: Request) -> None:
        """ClientGone when the request's client has disconnected."""
        if await request.is_disconnected():
            raise ClientGone

    def _claim(self) -> bool:
        """Take one of the ``count`` turns, if one is free."""
        with self._lock:
            if self._running >= self.count:
                return False
            self._running += 1
            return True

    def _take(self) -> _Worker:
        """An idle worker, or a new one (spawning takes a moment: off the event loop)."""
        with self._lock:
            while self._idle:
                worker = self._idle.pop()
                if worker.process.is_alive():
                    self._busy.add(worker)
                    return worker
        worker = _Worker(self.limit)
        with self._lock:
            self._busy.add(worker)
        return worker

    def _release(self, worker: _Worker | None) -> None:
        """Give the turn back, and the worker if it still works."""
        with self._lock:
            self._running -= 1
            if worker is not None:
                self._busy.discard(worker)
                self._idle.append(worker)
            else:
                self._busy = {w for w in self._busy if w.process.is_alive()}

    def stop(self) -> None:
        """Kill every call in progress (the server is stopping); idle workers stay."""
        with self._lock:
            busy = list(self._busy)
            self._busy.clear()
            self._epoch += 1
        for worker in busy:
            worker.kill()

    def close(self) -> None:
        """Kill every worker, busy or idle."""
        self.stop()
        with self._lock:
            idle, self._idle = self._idle, []
        for worker in idle:
            worker.kill()


def _answer(result: tuple[Any, ...], part: str) -> object:
    """A worker's outcome as a value, or the FieldError it stands for."""
    kind = result[0]
    if kind == "ok":
        return result[1]
    if kind == "field":
        raise FieldError(result[1] or part, result[2])
    if kind == "memory":
        raise FieldError(part, OUT_OF_MEMORY)
    raise FieldError(part, f"internal error: {result[1]}")


#: The workers every app of this process shares (spawning one takes a second or more).
POOL = Workers()
