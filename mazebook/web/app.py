"""The Starlette application: one page with three parts (maze, worksheet, book) and htmx partials.

Routes only parse requests and pick templates; everything mazebook does goes through
``actions``. Every request that needs files gets its own temporary folder, removed when the
response is made; book builds run in worker processes (``jobs``). Uploads are capped in size.
"""

from __future__ import annotations

import base64
import contextlib
import re
import shutil
import sys
import tempfile
import traceback
from collections.abc import AsyncIterator, Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData, UploadFile
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ..errors import MazebookError
from . import actions
from .jobs import BookJobs

#: Upload caps (bytes): a mask image, a template, and a whole request body.
MAX_IMAGE_BYTES = 2 * 1024 * 1024
#: A worksheet's uploaded font (TrueType), read by the same font reader as `--font`.
MAX_FONT_BYTES = 5 * 1024 * 1024
MAX_TOML_BYTES = 256 * 1024
MAX_BODY_BYTES = MAX_IMAGE_BYTES + MAX_TOML_BYTES + 512 * 1024
#: The form fields whose errors each part shows beside them.
MAZE_FIELDS = (
    "shape",
    "mask",
    "parts",
    "text",
    "image",
    "algorithm",
    "level",
    "size",
    "seed",
    "openings",
    "braid",
    "page_size",
    "maze",
)
SHEET_FIELDS = (
    "title",
    "count",
    "per_page",
    "levels",
    "page_size",
    "instruction",
    "seed",
    "fields",
    "language",
    "font",
    "sheet",
)
DOWNLOAD_TYPES = {
    "svg": "image/svg+xml",
    "pdf": "application/pdf",
    "png": "image/png",
    "json": "application/json",
}

STATIC = Path(__file__).parent / "static"
ENV = Environment(
    loader=PackageLoader("mazebook.web", "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


class UploadTooLarge(Exception):
    """A request body over MAX_BODY_BYTES."""


class LimitBody:
    """ASGI middleware: refuse a request body over ``limit`` bytes (413), declared or streamed."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, counting its body; answer 413 past the limit."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await _too_large(self.limit)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise UploadTooLarge
            return message

        try:
            await self.app(scope, counted, send)
        except UploadTooLarge:
            await _too_large(self.limit)(scope, receive, send)


def _too_large(limit: int) -> Response:
    """The 413 answer for a body over the cap."""
    mb = limit / (1024 * 1024)
    return HTMLResponse(
        f'<p class="error">the upload is too large: the web app takes up to {mb:.1f} MB a '
        "request (images 2 MB, templates 256 KB)</p>",
        status_code=413,
    )


@contextlib.contextmanager
def request_folder(root: Path) -> Iterator[Path]:
    """A temporary folder of one request's own, removed afterwards whatever happens."""
    folder = Path(tempfile.mkdtemp(prefix="req-", dir=root))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def _fields(form: FormData) -> dict[str, str]:
    """The form's text fields (uploads left out)."""
    return {k: v for k, v in form.multi_items() if isinstance(v, str)}


async def _sheet_form(request: Request) -> tuple[dict[str, str], tuple[bytes, str] | None]:
    """The worksheet form's fields and its uploaded font (bytes, name), if any."""
    form = await request.form(max_files=1, max_fields=100)
    return _fields(form), await _upload(form, "font", MAX_FONT_BYTES)


def _build_sheet(
    fields: dict[str, str], font: tuple[bytes, str] | None, folder: Path
) -> actions.Built:
    """Build the worksheet of the form in the request's folder; its errors beside their field."""
    saved = _saved_font(folder, font)
    template = actions.worksheet_template(fields, saved)
    try:
        return actions.build(template, folder)
    except MazebookError as exc:
        raise actions.sheet_error(exc, saved, font and font[1]) from None


def _saved_font(folder: Path, upload: tuple[bytes, str] | None) -> Path | None:
    """An uploaded font written into the request's own folder (never a name from the user)."""
    if upload is None:
        return None
    path = folder / "font.ttf"
    path.write_bytes(upload[0])
    return path


async def _upload(form: FormData, name: str, cap: int) -> tuple[bytes, str] | None:
    """An uploaded file's bytes and name, or None; FieldError when over ``cap`` bytes."""
    item = form.get(name)
    if not isinstance(item, UploadFile) or not item.filename:
        return None
    data = await item.read(cap + 1)
    if len(data) > cap:
        raise actions.FieldError(
            name, f"{item.filename} is over the upload cap of {cap // 1024} KB"
        )
    return data, item.filename


def _render(template: str, **values: Any) -> str:
    """A Jinja2 template of the package, rendered."""
    return ENV.get_template(template).render(**values)


def _errors(part: str, fields: tuple[str, ...], errors: Mapping[str, str]) -> str:
    """Out-of-band swaps that put each error beside its field (and clear the others)."""
    return _render("errors.html", part=part, fields=fields, errors=errors)


def _internal(exc: BaseException) -> str:
    """An unexpected error as one line for the page (and its traceback on the server's
    stderr); a body over the cap goes on up to LimitBody, which answers 413."""
    if isinstance(exc, UploadTooLarge):
        raise exc
    traceback.print_exception(exc, file=sys.stderr)
    return f"internal error: {type(exc).__name__}: {exc}"


def create_app(root: Path | None = None) -> Starlette:
    """The app; ``root`` is the folder under which requests and builds make their own folders
    (default: a new temporary folder, removed when the app stops)."""
    own_root = root is None
    base = Path(tempfile.mkdtemp(prefix="mazebook-web-")) if root is None else root
    jobs = BookJobs(base)

    async def index(request: Request) -> HTMLResponse:
        """The page: the three parts, with the default book template loaded."""
        book = actions.book_form_values(actions.shipped_book(actions.BOOK_TEMPLATES[0]))
        html = _render(
            "index.html",
            algorithms=actions.ALGORITHMS,
            shapes=actions.SHAPES,
            masks=actions.MASKS,
            pages=actions.PAGE_NAMES,
            levels=actions.LEVELS,
            templates=actions.BOOK_TEMPLATES,
            base=actions.BOOK_TEMPLATES[0],
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
        )
        return HTMLResponse(html)

    async def _maze(form: FormData, make: Callable[[Any, Any], Any]) -> Any:
        """Check the maze form, save an uploaded image in the request's folder, make the maze
        and pass (order, maze) to ``make``, all in a worker thread."""
        fields = _fields(form)
        upload = None
        if fields.get("shape") == "mask" and fields.get("mask_source") == "image":
            upload = await _upload(form, "image", MAX_IMAGE_BYTES)

        def work() -> Any:
            with request_folder(base) as folder:
                image = None
                if upload is not None:
                    image = folder / "mask-image"
                    image.write_bytes(upload[0])
                order = actions.maze_order(fields, image)
                made = actions.make_maze(order, image_name=upload[1] if upload else None)
                return make(order, made)

        return await run_in_threadpool(work)

    async def maze_preview(request: Request) -> HTMLResponse:
        """The maze preview partial: SVG and summary, errors beside their fields."""
        errors: dict[str, str] = {}
        svg = summary = None
        try:
            form = await request.form(max_files=2, max_fields=100)

            def make(
                order: actions.MazeOrder, made: tuple[Any, list[str]]
            ) -> tuple[str, dict[str, Any]]:
                maze, notes = made
                text = actions.maze_svg(maze, solution=order.solution).decode()
                return text, {**actions.maze_summary(maze), "notes": notes}

            svg, summary = await _maze(form, make)
        except actions.FieldError as exc:
            errors[exc.field] = str(exc)
        except Exception as exc:
            errors["maze"] = _internal(exc)
        body = _render("maze_preview.html", svg=svg, summary=summary, errors=errors)
        return HTMLResponse(body + _errors("maze", MAZE_FIELDS, errors))

    async def maze_download(request: Request) -> Response:
        """The maze as an SVG, PDF or PNG download (made again from the form)."""
        fmt = request.path_params["fmt"]
        if fmt not in ("svg", "pdf", "png"):
            return HTMLResponse("<p>unknown format</p>", status_code=404)
        try:
            form = await request.form(max_files=2, max_fields=100)

            def make(order: actions.MazeOrder, made: tuple[Any, list[str]]) -> tuple[bytes, str]:
                maze = made[0]
                if fmt == "svg":
                    data = actions.maze_svg(maze, solution=order.solution)
                elif fmt == "pdf":
                    data = actions.maze_pdf(maze, solution=order.solution, pagesize=order.pagesize)
                else:
                    data = actions.maze_png(maze, solution=order.solution, pagesize=order.pagesize)
                name = f"maze-{maze.algorithm}-{maze.width}x{maze.height}-seed{maze.seed}.{fmt}"
                return data, name

            data, name = await _maze(form, make)
        except actions.FieldError as exc:
            return _error_page(str(exc))
        return _attachment(data, name, DOWNLOAD_TYPES[fmt])

    async def sheet_preview(request: Request) -> HTMLResponse:
        """The worksheet preview partial: its first sheet as a PNG."""
        errors: dict[str, str] = {}
        image = info = None
        try:
            fields, font = await _sheet_form(request)

            def work() -> tuple[str, dict[str, Any]]:
                with request_folder(base) as folder:
                    built = _build_sheet(fields, font, folder)
                    png = actions.page_pngs(built.files["interior"], 1, dpi=60)[0]
                return base64.b64encode(png).decode(), {
                    "pages": built.page_count,
                    "mazes": built.puzzle_count,
                    "seconds": round(built.seconds, 2),
                }

            image, info = await run_in_threadpool(work)
        except actions.FieldError as exc:
            errors[exc.field] = str(exc)
        except Exception as exc:
            errors["sheet"] = _internal(exc)
        body = _render("sheet_preview.html", image=image, info=info, errors=errors)
        return HTMLResponse(body + _errors("sheet", SHEET_FIELDS, errors))

    async def sheet_download(request: Request) -> Response:
        """A worksheet file: sheets, answer key or manifest (built again from the form)."""
        kind = request.path_params["kind"]
        if kind not in ("interior", "answers", "manifest"):
            return HTMLResponse("<p>unknown file</p>", status_code=404)
        try:
            fields, font = await _sheet_form(request)

            def work() -> tuple[bytes, str]:
                with request_folder(base) as folder:
                    path = _build_sheet(fields, font, folder).files[kind]
                    return path.read_bytes(), path.name

            data, name = await run_in_threadpool(work)
        except actions.FieldError as exc:
            return _error_page(str(exc))
        return _attachment(data, name, DOWNLOAD_TYPES[name.rsplit(".", 1)[-1]])

    def _book_fields(
        src: actions.BookSource, values: Mapping[str, Any], errors: Mapping[str, str]
    ) -> str:
        """The book form's editable part, filled from a template."""
        body = _render(
            "book_fields.html",
            book=values,
            pages=actions.PAGE_NAMES,
            toml=src.text if src.uploaded else "",
            toml_name=src.name if src.uploaded else "",
            errors=errors,
        )
        return body + _errors("book", ("upload", "base"), errors)

    async def _book_source(form: FormData, fields: Mapping[str, str]) -> actions.BookSource:
        """The template the form is about: the uploaded text it carries, or a shipped one."""
        if fields.get("toml"):
            return actions.BookSource(fields["toml"], fields.get("toml_name") or "book", True)
        return actions.shipped_book(fields.get("base", actions.BOOK_TEMPLATES[0]))

    async def book_load(request: Request) -> HTMLResponse:
        """Load a shipped or uploaded template into the form."""
        try:
            form = await request.form(max_files=1, max_fields=300)
            fields = _fields(form)
            trigger = request.headers.get("hx-trigger-name", "")
            upload = await _upload(form, "upload", MAX_TOML_BYTES) if trigger == "upload" else None
            if upload is not None:
                src = actions.uploaded_book(*upload)
            else:
                src = actions.shipped_book(fields.get("base", actions.BOOK_TEMPLATES[0]))
            return HTMLResponse(_book_fields(src, actions.book_form_values(src), {}))
        except actions.FieldError as exc:
            errors = {exc.field: str(exc)}
        except Exception as exc:
            errors = {"upload": _internal(exc)}
        return HTMLResponse(
            _errors("book", ("upload", "base"), errors),
            status_code=200,
            headers={"HX-Reswap": "none"},
        )

    async def book_build(request: Request) -> HTMLResponse:
        """Check the edited template and start its build; the progress partial."""
        errors: dict[str, str] = {}
        job = None
        fields: dict[str, str] = {}
        try:
            form = await request.form(max_files=1, max_fields=300)
            fields = _fields(form)
            src = await _book_source(form, fields)
            template, data = await run_in_threadpool(actions.book_template, src, fields)
            job = jobs.start(data, template.name, src.source)
        except actions.FieldError as exc:
            errors[exc.field] = str(exc)
        except Exception as exc:
            errors["build"] = _internal(exc)
        body = _render("book_job.html", job=job, done=0, total=0, outcome=None, errors=errors)
        rows = sum(1 for key in fields if re.fullmatch(r"section-\d+-count", key))
        return HTMLResponse(body + _book_errors(errors, rows))

    def _book_errors(errors: Mapping[str, str], rows: int = 0) -> str:
        """Errors beside the book's fields: the main ones, ``rows`` section rows, and any
        field an error names."""
        names = ["title", "author", "page_size", "printer", "paper", "language", "upload"]
        names += ["base", "build"]
        names += [f"section-{i}-{p}" for i in range(rows) for p in ("name", "count", "levels")]
        names += [name for name in errors if name not in names]
        return _render("book_errors.html", names=names, errors=errors)

    async def book_job(request: Request) -> HTMLResponse:
        """A build's progress bar, or its downloads and page pictures when done."""
        job = jobs.get(request.path_params["job"])
        if job is None:
            return HTMLResponse(
                '<div id="book-job"><p class="error">this build is no longer '
                "kept; build the book again</p></div>",
                status_code=404,
            )
        outcome = job.outcome()
        done, total = job.progress()
        errors: dict[str, str] = {}
        if outcome and "error" in outcome:
            errors[outcome["field"]] = outcome["error"]
        body = _render(
            "book_job.html", job=job, done=done, total=total, outcome=outcome, errors=errors
        )
        return HTMLResponse(body + (_book_errors(errors) if outcome else ""))

    async def book_file(request: Request) -> Response:
        """A finished build's file by its key (never a path from the request)."""
        job = jobs.get(request.path_params["job"])
        name = request.path_params["name"]
        path = job.file(name) if job is not None else None
        if path is None or not path.is_file():
            return HTMLResponse("<p>no such file</p>", status_code=404)
        kind = path.suffix.lstrip(".")
        inline = kind == "png"
        return FileResponse(
            path,
            media_type=DOWNLOAD_TYPES.get(kind, "application/octet-stream"),
            filename=None if inline else path.name,
        )

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        """On shutdown: stop the workers and remove every folder the app made."""
        try:
            yield
        finally:
            jobs.close()
            if own_root:
                shutil.rmtree(base, ignore_errors=True)

    routes = [
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
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.root = base
    app.state.jobs = jobs
    app.add_middleware(LimitBody, limit=MAX_BODY_BYTES)
    return app


def _attachment(data: bytes, name: str, media_type: str) -> Response:
    """Bytes as a download with a file name."""
    return Response(
        data,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def _error_page(message: str) -> HTMLResponse:
    """A small page with one error line (for a download the form could not make)."""
    body = _render("error_page.html", message=message)
    return HTMLResponse(body, status_code=422)
