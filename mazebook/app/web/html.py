"""What the web app answers with: its Jinja2 templates rendered, errors placed beside their
fields, downloads, and unexpected errors turned into one line."""

from __future__ import annotations

import sys
import traceback
from collections.abc import Awaitable, Callable, Mapping
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape
from starlette.requests import ClientDisconnect
from starlette.responses import HTMLResponse, Response

from ...errors import OUT_OF_MEMORY
from .actions import FieldError
from .forms import BodyTooSlow, UploadTooLarge
from .workers import ClientGone

ENV = Environment(
    loader=PackageLoader("mazebook.app.web", "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def render(template: str, **values: Any) -> str:
    """A Jinja2 template of the package, rendered."""
    return ENV.get_template(template).render(**values)


def field_errors(part: str, fields: tuple[str, ...], errors: Mapping[str, str]) -> str:
    """Out-of-band swaps that put each error beside its field (and clear the others)."""
    return render("errors.html", part=part, fields=fields, errors=errors)


def internal(exc: BaseException) -> str:
    """An unexpected error as one line for the page (and its traceback on the server's
    stderr); running out of memory says so, without a traceback. A body over the cap goes on
    up to LimitBody, which answers 413, and a client that has gone up to the server, which
    logs it in one line (nobody is left to answer)."""
    if isinstance(exc, UploadTooLarge | BodyTooSlow | ClientGone | ClientDisconnect):
        raise exc
    if isinstance(exc, MemoryError):
        return OUT_OF_MEMORY
    traceback.print_exception(exc, file=sys.stderr)
    return f"internal error: {type(exc).__name__}: {exc}"


async def preview(
    part: str,
    fields: tuple[str, ...],
    template: str,
    make: Callable[[], Awaitable[Mapping[str, Any]]],
) -> HTMLResponse:
    """A part's preview partial: the values ``make()`` returns rendered into ``template``, or
    (rendered without them) its error beside the field it concerns, an unexpected one beside
    the part itself."""
    errors: dict[str, str] = {}
    values: Mapping[str, Any] = {}
    try:
        values = await make()
    except FieldError as exc:
        errors[exc.field] = str(exc)
    except Exception as exc:
        errors[part] = internal(exc)
    body = render(template, errors=errors, **values)
    return HTMLResponse(body + field_errors(part, fields, errors))


def attachment(data: bytes, name: str, media_type: str) -> Response:
    """Bytes as a download with a file name."""
    return Response(
        data,
        media_type=media_type,
        headers={"Content-Disposition": f'attachment; filename="{name}"'},
    )


def error_page(message: str) -> HTMLResponse:
    """A small page with one error line (for a download the form could not make)."""
    body = render("error_page.html", message=message)
    return HTMLResponse(body, status_code=422)
