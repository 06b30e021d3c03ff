"""The Starlette application: one page with three parts (maze, worksheet, book) and htmx partials.

Routes only parse requests and pick templates (``maze_routes``, ``sheet_routes``,
``book_routes``); everything mazebook does goes through ``actions``. Every request that needs
files gets its own temporary folder, removed when the response is made; book builds run in
worker processes (``jobs``). Uploads are capped in size (``forms``); only requests for the
server's own address, and changes only from its own pages, are served (``guard``).
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from collections.abc import AsyncIterator
from pathlib import Path

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import HTMLResponse
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from . import actions, book_form
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
    base = Path(tempfile.mkdtemp(prefix="mazebook-web-")) if root is None else root
    jobs = BookJobs(base)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """On shutdown: stop the workers and remove every folder the app made."""
        try:
            yield
        finally:
            jobs.close()
            if own_root:
                shutil.rmtree(base, ignore_errors=True)

    app = Starlette(routes=ROUTES, lifespan=lifespan)
    app.state.root = base
    app.state.jobs = jobs
    app.add_middleware(LimitBody, limit=MAX_BODY_BYTES)
    app.add_middleware(Guard, addresses=[Address(host, port)])  # outermost: checked first
    return app
