"""The maze part of the web app: a preview (SVG and summary) and SVG, PDF or PNG downloads,
each made from the submitted form in a worker thread."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from starlette.concurrency import run_in_threadpool
from starlette.datastructures import FormData
from starlette.requests import Request
from starlette.responses import HTMLResponse, Response

from ...core.maze import Maze
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

#: What a maze form makes: the maze and notes on what was adjusted.
Made = tuple[Maze, list[str]]
#: What a route makes of the maze (a preview's values, a download's bytes and name).
T = TypeVar("T")


async def make_from_form(
    request: Request, form: FormData, make: Callable[[maze_form.MazeOrder, Made], T]
) -> T:
    """Check the maze form, save an uploaded image in the request's folder, make the maze
    and pass (order, maze) to ``make``, all in a worker thread."""
    fields = text_fields(form)
    upload = None
    if fields.get("shape") == "mask" and fields.get("mask_source") == "image":
        upload = await read_upload(form, "image", MAX_IMAGE_BYTES)

    def work() -> T:
        with request_folder(root_of(request)) as folder:
            image = None
            if upload is not None:
                image = folder / "mask-image"
                image.write_bytes(upload[0])
            order = maze_form.maze_order(fields, image)
            made = maze_form.make_maze(order, image_name=upload[1] if upload else None)
            return make(order, made)

    return await run_in_threadpool(work)


async def maze_preview(request: Request) -> HTMLResponse:
    """The maze preview partial: SVG and summary, errors beside their fields."""

    def make(order: maze_form.MazeOrder, made: Made) -> dict[str, Any]:
        maze, notes = made
        text = maze_form.maze_svg(maze, solution=order.solution).decode()
        summary = maze_form.maze_summary(maze, order)
        return {"svg": text, "summary": {**summary, "notes": notes}, "answer": order.solution}

    async def values() -> dict[str, Any]:
        form = await read_form(request, "maze", max_files=2, max_fields=100)
        return await make_from_form(request, form, make)

    return await preview("maze", MAZE_FIELDS, "maze_preview.html", values)


async def maze_download(request: Request) -> Response:
    """The maze as an SVG, PDF or PNG download (made again from the form); with ``?print=1``
    the PDF is shown in the browser (inline), for the page's Print button."""
    fmt = request.path_params["fmt"]
    if fmt not in ("svg", "pdf", "png"):
        return HTMLResponse("<p>unknown format</p>", status_code=404)
    try:
        form = await read_form(request, "maze", max_files=2, max_fields=100)

        def make(order: maze_form.MazeOrder, made: Made) -> tuple[bytes, str]:
            maze = made[0]
            if fmt == "svg":
                data = maze_form.maze_svg(maze, solution=order.solution)
            elif fmt == "pdf":
                data = maze_form.maze_pdf(maze, solution=order.solution, pagesize=order.pagesize)
            else:
                data = maze_form.maze_png(maze, solution=order.solution, pagesize=order.pagesize)
            return data, maze_form.maze_file_name(maze, order, fmt)

        data, name = await make_from_form(request, form, make)
    except actions.FieldError as exc:
        return error_page(str(exc))
    if fmt == "pdf" and request.query_params.get("print") == "1":
        return Response(
            data,
            media_type=DOWNLOAD_TYPES[fmt],
            headers={"Content-Disposition": "inline"},
        )
    return attachment(data, name, DOWNLOAD_TYPES[fmt])
