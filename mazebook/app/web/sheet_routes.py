"""The worksheet part of the web app: a preview of the first sheet and the downloads (sheets,
answer key, manifest), each built again from the form in the request's own folder, in a worker
process (``workers``) stopped if the browser leaves."""

from __future__ import annotations

import base64
from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from . import actions, worksheet_form
from .forms import (
    DOWNLOAD_TYPES,
    MAX_FONT_BYTES,
    SHEET_FIELDS,
    read_form,
    read_upload,
    request_folder,
    root_of,
    text_fields,
)
from .html import attachment, error_page, preview
from .workers import POOL, PREVIEW_SECONDS


async def sheet_form(request: Request) -> tuple[dict[str, str], tuple[bytes, str] | None]:
    """The worksheet form's fields and its uploaded font (bytes, name), if any."""
    form = await read_form(request, "sheet", max_files=1, max_fields=100)
    return text_fields(form), await read_upload(form, "font", MAX_FONT_BYTES)


def build_sheet(
    fields: dict[str, str], font: tuple[bytes, str] | None, folder: Path
) -> actions.Built:
    """Build the worksheet of the form in the request's folder; its errors beside their field."""
    saved = _saved_font(folder, font)
    return worksheet_form.build_sheet(
        fields, folder, None if saved is None or font is None else (saved, font[1])
    )


def _saved_font(folder: Path, upload: tuple[bytes, str] | None) -> Path | None:
    """An uploaded font written into the request's own folder (never a name from the user)."""
    if upload is None:
        return None
    path = folder / "font.ttf"
    path.write_bytes(upload[0])
    return path


async def sheet_preview(request: Request) -> HTMLResponse:
    """The worksheet preview partial: its first sheet and first answer page as PNGs."""

    async def values() -> dict[str, Any]:
        fields, font = await sheet_form(request)
        with request_folder(root_of(request)) as folder:  # removed even if the work is killed
            work = sheet_preview_work
            return await POOL.run(
                request, "sheet", work, str(folder), fields, font, seconds=PREVIEW_SECONDS
            )

    return await preview("sheet", SHEET_FIELDS, "sheet_preview.html", values)


def sheet_preview_work(
    folder: str, fields: dict[str, str], font: tuple[bytes, str] | None
) -> dict[str, Any]:
    """In a worker: build the worksheet in the request's own folder; the preview's values
    (its first sheet and answer page as PNGs, what it holds)."""
    built = build_sheet(fields, font, Path(folder))
    png = actions.page_pngs(built.files["interior"], 1, dpi=60)[0]
    answers = actions.page_pngs(built.files["answers"], 1, dpi=60)[0]
    per_page = int(fields.get("per_page", "4"))
    info = {
        "pages": built.page_count,
        "mazes": built.puzzle_count,
        "seconds": round(built.seconds, 2),
        "title": fields.get("title", "").strip() or "worksheet",
        "first": _mazes(min(per_page, built.puzzle_count)),
    }
    return {
        "image": base64.b64encode(png).decode(),
        "answers": base64.b64encode(answers).decode(),
        "info": info,
    }


def sheet_file_work(
    folder: str, fields: dict[str, str], font: tuple[bytes, str] | None, kind: str
) -> tuple[bytes, str]:
    """In a worker: build the worksheet in the request's own folder; one file's bytes and
    download name (``kind``: interior, answers or manifest)."""
    path = build_sheet(fields, font, Path(folder)).files[kind]
    title = fields.get("title") or "worksheet"
    return path.read_bytes(), actions.download_name(title, kind)


def _mazes(count: int) -> str:
    """'1 maze', '4 mazes'."""
    return f"{count} maze" + ("" if count == 1 else "s")


async def sheet_download(request: Request) -> Response:
    """A worksheet file: sheets, answer key or manifest (built again from the form); with
    ``?print=1`` the sheets are shown in the browser (inline), for the Print button."""
    kind = request.path_params["kind"]
    if kind not in ("interior", "answers", "manifest"):
        return HTMLResponse("<p>unknown file</p>", status_code=404)
    try:
        fields, font = await sheet_form(request)
        with request_folder(root_of(request)) as folder:
            work = sheet_file_work
            data, name = await POOL.run(request, "sheet", work, str(folder), fields, font, kind)
    except actions.FieldError as exc:
        return error_page(str(exc))
    media = DOWNLOAD_TYPES[name.rsplit(".", 1)[-1]]
    if kind == "interior" and request.query_params.get("print") == "1":  # the Print button
        return Response(data, media_type=media, headers={"Content-Disposition": "inline"})
    return attachment(data, name, media)
