"""The book part of the web app: load a shipped or uploaded template into the form, start a
build (in a worker process, see ``jobs``), follow its progress and hand out its files."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import FileResponse, HTMLResponse, Response

from . import actions, book_form
from .forms import DOWNLOAD_TYPES, MAX_TOML_BYTES, jobs_of, read_form, read_upload, text_fields
from .html import field_errors, internal, render

#: The book form's fields that always show their errors beside them.
BOOK_FIELDS = ("title", "author", "page_size", "printer", "paper", "language", "upload")


def book_fields(
    src: book_form.BookSource, values: Mapping[str, Any], errors: Mapping[str, str]
) -> str:
    """The book form's editable part, filled from a template."""
    body = render(
        "book_fields.html",
        book=values,
        pages=actions.PAGE_NAMES,
        toml=src.text if src.uploaded else "",
        toml_name=src.name if src.uploaded else "",
        errors=errors,
    )
    return body + field_errors("book", ("upload", "base"), errors)


def book_source(fields: Mapping[str, str]) -> book_form.BookSource:
    """The template the form is about: the uploaded text it carries, or a shipped one."""
    if fields.get("toml"):  # the name is for messages only: no file is made from it
        return book_form.BookSource(
            fields["toml"], book_form.upload_stem(fields.get("toml_name", "")), True
        )
    return book_form.shipped_book(fields.get("base", book_form.BOOK_TEMPLATES[0]))


def book_errors(errors: Mapping[str, str], rows: int = 0) -> str:
    """Errors beside the book's fields: the main ones, ``rows`` section rows, and any field an
    error names."""
    names = [*BOOK_FIELDS, "base", "build"]
    names += [f"section-{i}-{p}" for i in range(rows) for p in ("name", "count", "levels")]
    names += [name for name in errors if name not in names]
    return render("book_errors.html", names=names, errors=errors)


async def book_load(request: Request) -> HTMLResponse:
    """Load a shipped or uploaded template into the form."""
    try:
        form: FormData = await read_form(request, "upload", max_files=1, max_fields=300)
        fields = text_fields(form)
        trigger = request.headers.get("hx-trigger-name", "")
        upload = await read_upload(form, "upload", MAX_TOML_BYTES) if trigger == "upload" else None
        if upload is not None:
            src = book_form.uploaded_book(*upload)
        else:
            src = book_form.shipped_book(fields.get("base", book_form.BOOK_TEMPLATES[0]))
        return HTMLResponse(book_fields(src, book_form.book_form_values(src), {}))
    except actions.FieldError as exc:
        errors = {exc.field: str(exc)}
    except Exception as exc:
        errors = {"upload": internal(exc)}
    return HTMLResponse(
        field_errors("book", ("upload", "base"), errors),
        status_code=200,
        headers={"HX-Reswap": "none"},
    )


async def book_build(request: Request) -> HTMLResponse:
    """Check the edited template and start its build; the progress partial."""
    errors: dict[str, str] = {}
    job = None
    fields: dict[str, str] = {}
    try:
        form = await read_form(request, "upload", max_files=1, max_fields=300)
        fields = text_fields(form)
        src = book_source(fields)
        template, data = await run_in_threadpool(book_form.book_template, src, fields)
        job = jobs_of(request).start(data, template.name, src.source)
    except actions.FieldError as exc:
        errors[exc.field] = str(exc)
    except Exception as exc:
        errors["build"] = internal(exc)
    body = render("book_job.html", job=job, done=0, total=0, outcome=None, errors=errors)
    rows = sum(1 for key in fields if re.fullmatch(r"section-\d+-count", key))
    return HTMLResponse(body + book_errors(errors, rows))


async def book_job(request: Request) -> HTMLResponse:
    """A build's progress bar, or its downloads and page pictures when done."""
    job = jobs_of(request).get(request.path_params["job"])
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
    body = render("book_job.html", job=job, done=done, total=total, outcome=outcome, errors=errors)
    return HTMLResponse(body + (book_errors(errors) if outcome else ""))


async def book_file(request: Request) -> Response:
    """A finished build's file by its key (never a path from the request)."""
    job = jobs_of(request).get(request.path_params["job"])
    name = request.path_params["name"]
    path = job.file(name) if job is not None else None
    if job is None or path is None or not path.is_file():
        return HTMLResponse("<p>no such file</p>", status_code=404)
    kind = path.suffix.lstrip(".")
    inline = kind == "png"
    return FileResponse(
        path,
        media_type=DOWNLOAD_TYPES.get(kind, "application/octet-stream"),
        filename=None if inline else job.download_name(name),
    )
