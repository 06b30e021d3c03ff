"""The maze part of the web app: a preview (SVG and summary) and SVG, PDF or PNG downloads,
each made from the submitted form in a worker process (``workers``), stopped if the browser
leaves. A preview is bounded first (a braided maze no larger than PREVIEW_BRAID_VISITS)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ...core.maze import Maze
from ...errors import MazebookError
from ...requests import MazeRequest, check_preview
from . import actions, maze_form
from .forms import (
    DOWNLOAD_TYPES,
    MAX_IMAGE_BYTES,
    MAZE_FIELDS,
    read_form,
    read_upload,
    request_folder,
    root_of,
    text_fields,
)
from .html import attachment, error_page, preview
from .workers import POOL, PREVIEW_SECONDS

#: What a maze form makes: the maze and notes on what was adjusted.
Made = tuple[Maze, list[str]]


async def form_and_upload(
    form: FormData,
) -> tuple[dict[str, str], tuple[bytes, str] | None]:
    """(the maze form's fields, its uploaded image)."""
    fields = text_fields(form)
    upload = None
    if fields.get("shape") == "mask" and fields.get("mask_source") == "image":
        upload = await read_upload(form, "image", MAX_IMAGE_BYTES)
    return fields, upload


def maze_preview_work(
    folder: str, fields: dict[str, str], upload: tuple[bytes, str] | None
) -> dict[str, Any]:
    """In a worker: the preview's values (the SVG, the summary and its notes), the maze
    bounded as a preview first; every error a FieldError beside its field."""
    order, (maze, notes) = _made(folder, fields, upload, preview=True)
    text = maze_form.maze_svg(maze, solution=order.solution, order=order).decode()
    summary = maze_form.maze_summary(maze, order)
    return {"svg": text, "summary": {**summary, "notes": notes}, "answer": order.solution}


def maze_download_work(
    folder: str, fields: dict[str, str], upload: tuple[bytes, str] | None, fmt: str
) -> tuple[bytes, str]:
    """In a worker: a download's bytes and file name (``fmt``: svg, pdf or png)."""
    order, (maze, _) = _made(folder, fields, upload, preview=False)
    if fmt == "svg":
        data = maze_form.maze_svg(maze, solution=order.solution, order=order)
    elif fmt == "pdf":
        data = maze_form.maze_pdf(
            maze, solution=order.solution, pagesize=order.pagesize, order=order
        )
    else:
        data = maze_form.maze_png(maze, solution=order.solution, pagesize=order.pagesize)
    return data, maze_form.maze_file_name(maze, order, fmt)


def _made(
    folder: str, fields: dict[str, str], upload: tuple[bytes, str] | None, *, preview: bool
) -> tuple[maze_form.MazeOrder, Made]:
    """Check the form and make the maze, an uploaded image saved in the request's folder."""
    image = None
    if upload is not None:
        image = Path(folder) / "mask-image"
        image.write_bytes(upload[0])
    order = maze_form.maze_order(fields, image)
    if preview:
        _check_preview(order)
    return order, maze_form.make_maze(order, image_name=upload[1] if upload else None)


def _check_preview(order: maze_form.MazeOrder) -> None:
    """A preview's maze within the preview's bounds (mazebook.requests.check_preview)."""
    if order.algorithm is None:
        return  # a level maze: fitted to the page, bounded by it
    try:
        check_preview(
            MazeRequest(
                algorithm=order.algorithm,
                width=order.width,
                height=order.height,
                shape=order.shape,
                braid=float(order.options.get("braid", 0.0)),
                options={k: v for k, v in order.options.items() if k not in ("braid", "weave")},
            )
        )
    except MazebookError as exc:
        raise actions.in_form_words(exc, str(exc.key or "braid")) from None


async def maze_preview(request: Request) -> HTMLResponse:
    """The maze preview partial: SVG and summary, errors beside their fields."""

    async def values() -> dict[str, Any]:
        form = await read_form(request, "maze", max_files=2, max_fields=100)
        fields, upload = await form_and_upload(form)
        with request_folder(root_of(request)) as folder:  # removed even if the work is killed
            work = maze_preview_work
            return await POOL.run(
                request, "maze", work, str(folder), fields, upload, seconds=PREVIEW_SECONDS
            )

    return await preview("maze", MAZE_FIELDS, "maze_preview.html", values)


async def maze_download(request: Request) -> Response:
    """The maze as an SVG, PDF or PNG download (made again from the form); with ``?print=1``
    the PDF is shown in the browser (inline), for the page's Print button."""
    fmt = request.path_params["fmt"]
    if fmt not in ("svg", "pdf", "png"):
        return HTMLResponse("<p>unknown format</p>", status_code=404)
    try:
        form = await read_form(request, "maze", max_files=2, max_fields=100)
        fields, upload = await form_and_upload(form)
        with request_folder(root_of(request)) as folder:
            work = maze_download_work
            data, name = await POOL.run(request, "maze", work, str(folder), fields, upload, fmt)
    except actions.FieldError as exc:
        return error_page(str(exc))
    if fmt == "pdf" and request.query_params.get("print") == "1":
        return Response(
            data,
            media_type=DOWNLOAD_TYPES[fmt],
            headers={"Content-Disposition": "inline"},
        )
    return attachment(data, name, DOWNLOAD_TYPES[fmt])
