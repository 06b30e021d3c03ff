"""The Starlette application: one page with three parts (maze, worksheet, book) and htmx partials.

Routes only parse requests and pick templates (``maze_routes``, ``sheet_routes``,
``book_routes``); everything mazebook does goes through ``actions``. Every request that needs
files gets its own temporary folder, removed when the response is made; previews and downloads
run in worker processes killed when their client leaves (``workers``), book builds in worker
processes of their own (``jobs``). Uploads are capped in size and time (``forms``); only
requests for the server's own address, and changes only from its own pages, are served, and
no other page may frame it (``guard``). A client that leaves before its answer is logged in one
line (``Departures``); when the app stops, the work in progress is killed, not waited for.
"""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import sys
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import ClientDisconnect, Request
from starlette.responses import HTMLResponse, PlainTextResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...errors import one_line
from ...lazy import numpy, run_now
from . import actions, book_form, forms
from .book_routes import book_build, book_file, book_job, book_load
from .forms import (
    MAX_BODY_BYTES,
    MAX_IMAGE_BYTES,
    MAX_TOML_BYTES,
    MAZE_FIELDS,
    SHEET_FIELDS,
    LimitBody,
)
from .guard import Address, Guard
from .html import render
from .jobs import BookJobs
from .maze_routes import maze_download, maze_preview
from .sheet_routes import sheet_download, sheet_preview
from .workers import POOL, ClientGone

STATIC = Path(__file__).parent / "static"


async def index(request: Request) -> HTMLResponse:
    """The page: the three parts, with the default book template loaded."""
    book = book_form.book_form_values(book_form.shipped_book(book_form.BOOK_TEMPLATES[0]))
    html = render(
        "index.html",
        algorithms=actions.ALGORITHMS,
        shapes=actions.SHAPES,
        masks=actions.MASKS,
        pages=actions.PAGE_NAMES,
        levels=actions.LEVELS,
        templates=book_form.BOOK_TEMPLATES,
        base=book_form.BOOK_TEMPLATES[0],
        book=book,
        toml="",
        toml_name="",
        maze_fields=MAZE_FIELDS,
        sheet_fields=SHEET_FIELDS,
        caps={
            "image_mb": MAX_IMAGE_BYTES // (1024 * 1024),
            "toml_kb": MAX_TOML_BYTES // 1024,
            "cells": actions.MAX_CELLS,
            "sheet": actions.MAX_SHEET_MAZES,
            "book": actions.MAX_BOOK_PUZZLES,
        },
        **actions.page_values(),  # the first view's presets, shape gallery and languages
    )
    return HTMLResponse(html)


ROUTES = [
    Route("/", index),
    Route("/maze/preview", maze_preview, methods=["POST"]),
    Route("/maze/download/{fmt}", maze_download, methods=["POST"]),
    Route("/worksheet/preview", sheet_preview, methods=["POST"]),
    Route("/worksheet/download/{kind}", sheet_download, methods=["POST"]),
    Route("/book/load", book_load, methods=["POST"]),
    Route("/book/build", book_build, methods=["POST"]),
    Route("/book/job/{job}", book_job),
    Route("/book/job/{job}/file/{name}", book_file),
    Mount("/static", StaticFiles(directory=STATIC), name="static"),
]


def create_app(root: Path | None = None, *, host: str = "127.0.0.1", port: int = 8000) -> Starlette:
    """The app; ``root`` is the folder under which requests and builds make their own folders
    (default: a new temporary folder, removed when the app stops); ``host`` and ``port`` are
    the address it is served on: it answers requests for that address only (``guard``)."""
    own_root = root is None
    run_now(numpy)  # at start, not in the first request that makes a large maze
    base = Path(tempfile.mkdtemp(prefix="mazebook-web-")) if root is None else root
    jobs = BookJobs(base)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """On shutdown: kill the work in progress (previews, builds) and remove every folder
        the app made."""
        try:
            yield
        finally:
            POOL.stop()
            jobs.close()
            if own_root:
                shutil.rmtree(base, ignore_errors=True)

    app = Starlette(routes=ROUTES, lifespan=lifespan)
    app.state.root = base
    app.state.jobs = jobs
    app.add_middleware(LimitBody, limit=MAX_BODY_BYTES, seconds=forms.MAX_BODY_SECONDS)
    app.add_middleware(Guard, addresses=[Address(host, port)])  # checked first
    app.add_middleware(Departures)  # outermost: a client gone from anywhere inside
    return app


class Departures:
    """ASGI middleware: a client that closes its connection before its answer (the browser
    moved on; its work was killed) is logged in one line, not a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on; a client gone is one line on stderr, and so is a request the
        stopping server cut short (answered 503 if nothing was sent yet)."""
        started = False

        async def sending(message: Message) -> None:
            nonlocal started
            started = started or message["type"] == "http.response.start"
            await send(message)

        where = f"{scope.get('method', '')} {scope.get('path', '')}".strip()
        try:
            await self.app(scope, receive, sending)
        except (ClientGone, ClientDisconnect):
            _log(f"the client left before its answer ({where})")
        except asyncio.CancelledError:  # the server stopping: the work was killed
            _log(f"stopped with the server ({where})")
            if not started and scope["type"] == "http":
                await PlainTextResponse("the server is stopping", status_code=503)(
                    scope, receive, send
                )


def _log(text: str) -> None:
    """One line on the server's stderr."""
    print(one_line(f"mazebook serve: {text}"), file=sys.stderr)
