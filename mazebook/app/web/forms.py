"""Reading the web app's requests: upload caps, form fields, uploaded files, and the request
body limit, plus the per-request temporary folder everything is made in."""

from __future__ import annotations

import asyncio
import contextlib
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

from starlette.datastructures import FormData, UploadFile
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response
from starlette.types import ASGIApp, Message, Receive, Scope, Send

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
    "weave",
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
    "names",
    "puzzle",
    "words",
    "step",
    "sheet",
)
#: Media types of the files the app hands out, by suffix.
DOWNLOAD_TYPES = {
    "svg": "image/svg+xml",
    "pdf": "application/pdf",
    "png": "image/png",
    "json": "application/json",
}


class UploadTooLarge(Exception):
    """A request body over MAX_BODY_BYTES."""


class BodyTooSlow(Exception):
    """A request body that did not arrive within MAX_BODY_SECONDS."""


#: The time a request's body may take to arrive (seconds): a slow trickle holds a connection.
MAX_BODY_SECONDS = 60.0


class LimitBody:
    """ASGI middleware: refuse a request body over ``limit`` bytes (413), declared or streamed,
    or one that takes over ``seconds`` to arrive (408). Either answer closes the connection,
    so the rest of the body is never read."""

    def __init__(self, app: ASGIApp, limit: int, seconds: float = MAX_BODY_SECONDS) -> None:
        self.app = app
        self.limit = limit
        self.seconds = seconds

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, counting its body and its time; refuse past either."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await too_large(self.limit)(scope, receive, send)
            return
        seen = 0
        done = False
        deadline = asyncio.get_running_loop().time() + self.seconds

        async def counted() -> Message:
            nonlocal seen, done
            if done:  # the body is in: what comes now is the client leaving
                return await receive()
            left = deadline - asyncio.get_running_loop().time()
            try:
                message = await asyncio.wait_for(receive(), max(left, 0.0))
            except TimeoutError:
                raise BodyTooSlow from None
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise UploadTooLarge
                done = not message.get("more_body", False)
            return message

        try:
            await self.app(scope, counted, send)
        except UploadTooLarge:
            await too_large(self.limit)(scope, receive, send)
        except BodyTooSlow:
            await too_slow(self.seconds)(scope, receive, send)


def too_large(limit: int) -> Response:
    """The 413 answer for a body over the cap (the connection closed after it)."""
    mb = limit / (1024 * 1024)
    return HTMLResponse(
        f'<p class="error">the upload is too large: the web app takes up to {mb:.1f} MB a '
        "request (images 2 MB, templates 256 KB)</p>",
        status_code=413,
        headers={"Connection": "close"},
    )


def too_slow(seconds: float) -> Response:
    """The 408 answer for a body that took too long (the connection closed after it)."""
    return HTMLResponse(
        f'<p class="error">the upload took over {seconds:.0f} s to arrive; try again</p>',
        status_code=408,
        headers={"Connection": "close"},
    )


def root_of(request: Request) -> Path:
    """The folder under which this app's requests make their own folders."""
    root: Path = request.app.state.root
    return root


def jobs_of(request: Request) -> BookJobs:
    """The app's book builds."""
    jobs: BookJobs = request.app.state.jobs
    return jobs


@contextlib.contextmanager
def request_folder(root: Path) -> Iterator[Path]:
    """A temporary folder of one request's own, removed afterwards whatever happens."""
    folder = Path(tempfile.mkdtemp(prefix="req-", dir=root))
    try:
        yield folder
    finally:
        shutil.rmtree(folder, ignore_errors=True)


async def read_form(request: Request, part: str, *, max_files: int, max_fields: int) -> FormData:
    """The request's form, within its caps; a form that cannot be read (too many fields or
    files, a field over 1 MB, broken multipart) is a FieldError beside the part, in words."""
    try:
        return await request.form(max_files=max_files, max_fields=max_fields)
    except HTTPException as exc:
        detail = str(exc.detail).rstrip(".") if exc.detail else "it is not a form"
        raise actions.FieldError(part, f"the form could not be read: {detail}") from None


def text_fields(form: FormData) -> dict[str, str]:
    """The form's text fields (uploads left out)."""
    return {k: v for k, v in form.multi_items() if isinstance(v, str)}


async def read_upload(form: FormData, name: str, cap: int) -> tuple[bytes, str] | None:
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
