"""The web app over HTTP (Starlette's test client): pages, previews, downloads, errors, safety."""

from __future__ import annotations

import html
import io
import json
import re
import string
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("starlette", reason="the web extra (mazebook[web]) is not installed")
pytest.importorskip("httpx", reason="httpx (Starlette's test client) is not installed")

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageDraw
from pypdf import PdfReader
from starlette.testclient import TestClient

from mazebook.app.cli import main
from mazebook.app.commands.serve import exposure_warning, is_loopback
from mazebook.app.web import actions, maze_form
from mazebook.app.web import forms as web_forms
from mazebook.app.web.server import create_app
from mazebook.template.limits import MAX_COUNT

MAZE = {
    "shape": "rect",
    "mode": "algorithm",
    "algorithm": "backtracker",
    "size": "12x8",
    "seed": "5",
    "page_size": "letter",
    "orientation": "portrait",
}
SHEET = {
    "title": "Class 2",
    "count": "4",
    "per_page": "4",
    "levels": "2-3",
    "page_size": "letter",
    "seed": "3",
    "field_Name": "on",
    "field_Date": "on",
}


#: How the app's own page calls it: at the address it serves, from its own origin.
SAME_ORIGIN: dict[str, Any] = {
    "base_url": "http://127.0.0.1:8000",
    "headers": {"Origin": "http://127.0.0.1:8000"},
}


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(create_app(tmp_path / "root"), **SAME_ORIGIN) as c:
        (tmp_path / "root").mkdir(exist_ok=True)
        yield c


@pytest.fixture
def root(client: TestClient) -> Path:
    return Path(client.app.state.root)  # type: ignore[attr-defined]


def error_of(page: str, part: str, field: str) -> str:
    """The text of the error shown beside a field ('' when none)."""
    match = re.search(rf'id="{part}-err-{re.escape(field)}"[^>]*>([^<]*)</span>', page)
    assert match, f"no error slot for {part}/{field}"
    return html.unescape(match.group(1))


def cli_error(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """The message the command line prints for the same bad input."""
    assert main(list(argv)) == 2
    err = capsys.readouterr().err.strip()
    return err.split(": error: ", 1)[1]


def same_problem(web: str, cli: str, field: str, flag: str) -> None:
    """The web's message and the command line's say the same problem, the one naming the form's
    box, the other the flag (an error about no single field reads the same in both)."""
    if cli.startswith(f"{flag}: "):
        assert web == f"{actions.FIELD_LABELS[field]}: {cli.removeprefix(f'{flag}: ')}"
    else:
        assert web == cli
    assert "--" not in web


#: An SVG's title and description (the words a reader hears; the drawing is the rest).
WORDS = re.compile(r"<title>.*?</title>(<desc>.*?</desc>)?")


def svg_of(page: str) -> str:
    """The drawing of the first SVG in ``page``: its words (title, desc) left out."""
    match = re.search(r"<svg.*?</svg>", page, re.S)
    assert match, "no SVG in the preview"
    return WORDS.sub("", match.group(0))


@pytest.mark.slow
def test_page_has_three_parts_and_loads_htmx(client: TestClient) -> None:
    page = client.get("/")
    assert page.status_code == 200
    for part in ('id="maze"', 'id="worksheet"', 'id="book"'):
        assert part in page.text
    assert 'src="/static/htmx.min.js"' in page.text
    script = client.get("/static/htmx.min.js")
    assert script.status_code == 200 and "htmx" in script.text[:200]
    for name in ("classic", "children", "a4"):
        assert f"<option>{name}</option>" in page.text or f"<option selected>{name}" in page.text


def test_maze_preview_is_the_library_svg(client: TestClient) -> None:
    import mazebook
    from mazebook.render.writers import write

    page = client.post("/maze/preview", data=MAZE).text
    maze = mazebook.generate("backtracker", 12, 8, seed=5)
    assert svg_of(page) == svg_of(write(maze, "svg").decode())
    solved = client.post("/maze/preview", data={**MAZE, "solution": "on"}).text
    assert "<polyline" in svg_of(solved) and "<polyline" not in svg_of(page)


def test_the_preview_is_named_by_its_description(client: TestClient) -> None:
    """The preview's accessible name is the description its SVG carries (what it is, where
    START and FINISH are); the answer's also says how long the solution is."""
    import html

    import mazebook
    from mazebook.difficulty.measured import measured_level
    from mazebook.geometry.from_maze import maze_geometry
    from mazebook.kinds.describe import maze_described
    from mazebook.template.texts import make_texts

    maze = mazebook.generate("backtracker", 12, 8, seed=5)
    en = make_texts("en", {}, source="")
    told = maze_described(
        en,
        maze,
        maze_geometry(maze),
        kind="Maze",
        level=measured_level(maze),
        words=("START", "FINISH"),
    )
    for answer in (False, True):
        data = {**MAZE, "solution": "on"} if answer else MAZE
        page = client.post("/maze/preview", data=data).text
        name = html.unescape(re.search(r'id="maze-svg" role="img" aria-label="([^"]*)"', page)[1])
        desc = html.unescape(re.search(r"<desc>(.*?)</desc>", page)[1])
        length = f"The solution is {len(maze.solution_cells)} cells long."
        assert desc == name
        assert name == (f"{told.text} {length}" if answer else told.text)
        assert (length in page) == answer  # said on the page too, under the answer
        assert "START" in name and "Level" in name


def test_changing_the_shape_changes_the_preview(client: TestClient) -> None:
    rect = svg_of(client.post("/maze/preview", data=MAZE).text)
    circle = svg_of(client.post("/maze/preview", data={**MAZE, "shape": "circle"}).text)
    heart = client.post(
        "/maze/preview", data={**MAZE, "shape": "mask", "mask_source": "mask", "mask": "heart"}
    ).text
    assert rect != circle and svg_of(heart) not in (rect, circle)
    assert '"shape": "circle"' in circle or "circle" in circle
    assert "mask" in svg_of(heart)


@pytest.mark.slow
def test_level_mode_picks_the_maze(client: TestClient) -> None:
    easy = client.post("/maze/preview", data={**MAZE, "mode": "level", "level": "1"}).text
    hard = client.post("/maze/preview", data={**MAZE, "mode": "level", "level": "8"}).text
    cells = [int(re.search(r"\((\d+) cells\)", p).group(1)) for p in (easy, hard)]  # type: ignore[union-attr]
    assert cells[0] < cells[1]
    again = client.post("/maze/preview", data={**MAZE, "mode": "level", "level": "8"}).text
    assert svg_of(again) == svg_of(hard)  # the seed decides


def test_the_advanced_weave_makes_a_weave_maze(client: TestClient) -> None:
    """Weave in the Advanced section: the preview is the library's weave maze (bridges over
    crossings) in both modes; a bad share or a shape that cannot weave is an error beside it."""
    from mazebook import generate
    from mazebook.render.writers import write

    form = {**MAZE, "size": "14x10", "weave": "0.6"}
    page = client.post("/maze/preview", data=form).text
    maze = generate("backtracker", 14, 10, seed=5, weave=0.6)
    assert maze.crossings
    assert svg_of(page) == svg_of(write(maze, "svg").decode())
    flat = client.post("/maze/preview", data={**MAZE, "size": "14x10"}).text
    assert svg_of(flat) != svg_of(page)
    level = client.post("/maze/preview", data={**MAZE, "mode": "level", "level": "4", "weave": "1"})
    assert "<svg" in level.text and error_of(level.text, "maze", "weave") == ""
    from mazebook.app.web import maze_form

    levelled = {**MAZE, "mode": "level", "level": "4", "weave": "1"}
    assert maze_form.make_maze(maze_form.maze_order(levelled, None))[0].crossings
    bad = client.post("/maze/preview", data={**form, "weave": "2"}).text
    assert "from 0.0 to 1.0" in error_of(bad, "maze", "weave")
    circle = client.post("/maze/preview", data={**form, "shape": "circle", "size": "8x8"}).text
    assert "rectangular" in error_of(circle, "maze", "weave")


@pytest.mark.parametrize(
    ("field", "value", "argv"),
    [
        ("size", "40y60", ["maze", "--size", "40y60"]),
        ("size", "0x5", ["maze", "--size", "0x5"]),
        ("seed", "abc", ["maze", "--seed", "abc"]),
        ("algorithm", "primm", ["maze", "--algorithm", "primm"]),
    ],
)
def test_maze_errors_beside_the_field_each_front_end_in_its_own_words(
    client: TestClient, capsys: pytest.CaptureFixture[str], field: str, value: str, argv: list[str]
) -> None:
    page = client.post("/maze/preview", data={**MAZE, field: value}).text
    same_problem(error_of(page, "maze", field), cli_error(capsys, *argv), field, argv[1])
    others = [f for f in web_forms.MAZE_FIELDS if f != field]
    assert all(error_of(page, "maze", f) == "" for f in others)
    assert "<svg" not in page


def test_rect_only_algorithm_on_a_circle_is_named(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    page = client.post(
        "/maze/preview", data={**MAZE, "shape": "circle", "algorithm": "sidewinder"}
    ).text
    words = cli_error(capsys, "maze", "--shape", "circle", "-a", "sidewinder", "-s", "12x8")
    assert error_of(page, "maze", "algorithm") == words


def test_empty_mask_text_is_named_beside_the_text(
    client: TestClient, capsys: pytest.CaptureFixture[str]
) -> None:
    form = {**MAZE, "shape": "mask", "mask_source": "text", "text": ""}
    page = client.post("/maze/preview", data=form).text
    assert error_of(page, "maze", "text") == cli_error(
        capsys, "maze", "--shape", "mask", "--text", "", "-s", "12x8"
    )
    word = client.post("/maze/preview", data={**form, "text": "HI", "size": "30x12"}).text
    assert error_of(word, "maze", "text") == "" and "mask maze" in word


def on_fire(*args: object) -> None:
    """A stand-in for a preview's work that fails as a bug would (run in a worker process,
    which imports it from here)."""
    raise RuntimeError("disk on fire")


@pytest.mark.parametrize(
    ("url", "form", "part", "module", "work"),
    [
        ("/maze/preview", MAZE, "maze", "maze_routes", "maze_preview_work"),
        ("/worksheet/preview", SHEET, "sheet", "sheet_routes", "sheet_preview_work"),
    ],
)
def test_an_unexpected_failure_is_one_line_beside_the_part(
    client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    url: str,
    form: dict[str, str],
    part: str,
    module: str,
    work: str,
) -> None:
    monkeypatch.setattr(f"mazebook.app.web.{module}.{work}", on_fire)
    page = client.post(url, data=form).text
    assert error_of(page, part, part) == "internal error: RuntimeError: disk on fire"
    assert "see the message beside the field" in page
    assert client.post(url, data={**form, "seed": "2"}).status_code == 200  # still serving


def test_a_worker_reports_a_bug_in_one_line_and_logs_its_traceback(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from mazebook.app.web.workers import outcome

    assert outcome(on_fire, ()) == ("bug", "RuntimeError: disk on fire")
    assert "Traceback" in capsys.readouterr().err  # the details go to the server's log


def test_web_size_cap(client: TestClient) -> None:
    page = client.post("/maze/preview", data={**MAZE, "size": "300x300"}).text
    assert "up to 40000 cells" in error_of(page, "maze", "size")


@pytest.mark.parametrize("fmt", ["svg", "pdf", "png"])
def test_maze_downloads(client: TestClient, fmt: str) -> None:
    form = {**MAZE, "page_size": "a4", "orientation": "landscape", "solution": "on"}
    reply = client.post(f"/maze/download/{fmt}", data=form)
    assert reply.status_code == 200
    assert reply.headers["content-disposition"].startswith("attachment;")
    assert f"seed5.{fmt}" in reply.headers["content-disposition"]
    if fmt == "pdf":
        page = PdfReader(io.BytesIO(reply.content)).pages[0]
        width, height = float(page.mediabox.width), float(page.mediabox.height)
        assert (round(width), round(height)) == (842, 595)  # A4 landscape
    elif fmt == "png":
        image = Image.open(io.BytesIO(reply.content))
        assert image.size[0] > image.size[1]  # landscape
    else:
        assert reply.content.startswith(b"<?xml") or b"<svg" in reply.content[:200]
        assert b'id="solution"' in reply.content


def test_download_with_bad_input_says_why(client: TestClient) -> None:
    reply = client.post("/maze/download/pdf", data={**MAZE, "size": "nope"})
    assert reply.status_code == 422
    page = html.unescape(reply.text)
    assert "Size in cells: must be WIDTHxHEIGHT" in page and "--size" not in page


def _disc_png(size: int = 64) -> bytes:
    image = Image.new("L", (size, size), 255)
    ImageDraw.Draw(image).ellipse((4, 4, size - 4, size - 4), fill=0)
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return buf.getvalue()


def test_image_mask_upload_makes_a_maze_and_leaves_no_file(client: TestClient, root: Path) -> None:
    form = {**MAZE, "shape": "mask", "mask_source": "image", "size": "20x20"}
    page = client.post("/maze/preview", data=form, files={"image": ("disc.png", _disc_png())}).text
    assert error_of(page, "maze", "image") == ""
    assert "<svg" in page
    assert list(root.iterdir()) == []  # the request's folder is gone


def test_a_picture_in_two_parts(client: TestClient, root: Path) -> None:
    image = Image.new("L", (100, 50), 255)
    draw = ImageDraw.Draw(image)
    draw.ellipse((2, 2, 45, 45), fill=0)
    draw.ellipse((55, 2, 98, 45), fill=0)
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    form = {**MAZE, "shape": "mask", "mask_source": "image", "size": "30x15"}
    files = {"image": ("two.png", buf.getvalue())}
    refused = client.post("/maze/preview", data=form, files=files).text
    message = error_of(refused, "maze", "parts")
    assert "the mask from image 'two.png' falls apart into 2 parts" in message
    kept = client.post("/maze/preview", data={**form, "parts": "largest"}, files=files).text
    note = re.search(r'id="maze-note">([^<]*)<', kept)
    assert note and "'two.png' falls apart into 2 parts; kept the largest" in html.unescape(
        note.group(1)
    )
    assert str(root) not in kept
    for fmt in ("svg", "pdf"):
        download = client.post(
            f"/maze/download/{fmt}", data={**form, "parts": "largest"}, files=files
        )
        assert download.status_code == 200 and b"two.png" in download.content
        assert str(root).encode() not in download.content
    joined = client.post("/maze/preview", data={**form, "parts": "join"}, files=files).text
    assert "maze-note" not in joined and "<svg" in joined


@pytest.mark.slow
def test_a_picture_of_too_many_pixels_is_refused_unread(client: TestClient, root: Path) -> None:
    buf = io.BytesIO()
    Image.new("1", (5000, 4000), 1).save(buf, format="PNG")  # 20 megapixels, a small file
    assert len(buf.getvalue()) < web_forms.MAX_IMAGE_BYTES
    form = {**MAZE, "shape": "mask", "mask_source": "image"}
    page = client.post("/maze/preview", data=form, files={"image": ("wide.png", buf.getvalue())})
    message = error_of(page.text, "maze", "image")
    assert (
        message
        == "the mask image 'wide.png' has more than 16 megapixels, the most the web app takes"
    )
    assert list(root.iterdir()) == []


def test_bad_image_upload_is_named_as_uploaded(client: TestClient, root: Path) -> None:
    form = {**MAZE, "shape": "mask", "mask_source": "image"}
    page = client.post(
        "/maze/preview", data=form, files={"image": ("cat.png", b"not a picture")}
    ).text
    message = error_of(page, "maze", "image")
    assert "cat.png" in message and "is not an image file" in message
    assert str(root) not in page  # no server path is shown
    assert list(root.iterdir()) == []
    # the server is still up
    assert client.post("/maze/preview", data=MAZE).status_code == 200


def test_oversized_upload_is_refused(client: TestClient, root: Path) -> None:
    big = b"\0" * (web_forms.MAX_BODY_BYTES + 1)
    form = {**MAZE, "shape": "mask", "mask_source": "image"}
    reply = client.post("/maze/preview", data=form, files={"image": ("big.png", big)})
    assert reply.status_code == 413
    assert "too large" in reply.text
    assert list(root.iterdir()) == []
    over_cap = b"\0" * (web_forms.MAX_IMAGE_BYTES + 1)
    page = client.post("/maze/preview", data=form, files={"image": ("big.png", over_cap)}).text
    assert "over the upload cap" in error_of(page, "maze", "image")


@pytest.mark.slow
def test_worksheet_preview_and_downloads(client: TestClient) -> None:
    page = client.post("/worksheet/preview", data=SHEET).text
    assert "4 mazes on 1 page" in page
    png = re.search(r'src="data:image/png;base64,([^"]+)"', page)
    assert png
    import base64

    assert Image.open(io.BytesIO(base64.b64decode(png.group(1)))).format == "PNG"
    sheet = client.post("/worksheet/download/interior", data=SHEET)
    key = client.post("/worksheet/download/answers", data=SHEET)
    manifest = client.post("/worksheet/download/manifest", data=SHEET).json()
    assert sheet.headers["content-disposition"] == 'attachment; filename="class-2.pdf"'
    assert 'filename="class-2-answers.pdf"' in key.headers["content-disposition"]
    assert manifest["title"] == "Class 2" and manifest["kind"] == "worksheet"
    assert [p["level"] for p in manifest["puzzles"]] == [2, 2, 3, 3]
    text = PdfReader(io.BytesIO(sheet.content)).pages[0].extract_text()
    assert "Class 2" in text and "Name" in text and "Date" in text and "Class\n" not in text
    assert PdfReader(io.BytesIO(key.content)).pages[0].extract_text() != text
    again = client.post("/worksheet/download/interior", data=SHEET)
    assert again.content == sheet.content  # the seed decides


@pytest.mark.parametrize(
    ("field", "value", "argv"),
    [
        ("count", "0", ["worksheet", "--count", "0"]),
        ("levels", "2-11", ["worksheet", "--levels", "2-11"]),
        ("levels", "12", ["worksheet", "--level", "12"]),
        ("page_size", "huge", ["worksheet", "--page-size", "huge"]),
        ("seed", "x", ["worksheet", "--seed", "x"]),
        ("title", " ", ["worksheet", "--title", " "]),
    ],
)
def test_worksheet_errors_each_front_end_in_its_own_words(
    client: TestClient, capsys: pytest.CaptureFixture[str], field: str, value: str, argv: list[str]
) -> None:
    """The same request field refused with the same words by both front ends: the command line
    names its flag, the web form the box's label, and never a flag."""
    page = client.post("/worksheet/preview", data={**SHEET, field: value}).text
    web = error_of(page, "sheet", field)
    cli = cli_error(capsys, *argv, "-o", "/nonexistent/x.pdf")
    if field == "count":  # the web's cap (200 mazes) is below the command line's, and says so
        cli = cli.replace(f"to {MAX_COUNT},", f"to {actions.MAX_SHEET_MAZES},")
    same_problem(web, cli, field, argv[1])
    assert web.startswith(actions.FIELD_LABELS[field])


def test_a_level_the_sheet_cannot_hold_is_named_beside_the_levels_in_the_form_words(
    client: TestClient,
) -> None:
    """A build's own refusal comes keyed by the request field: beside Levels, advising what
    the form can change, in its words."""
    page = client.post("/worksheet/preview", data={**SHEET, "levels": "10", "per_page": "6"})
    error = error_of(page.text, "sheet", "levels")
    assert error.startswith("Levels: level 10 does not fit"), error
    assert "mazes on each page" in error and "page size" in error
    assert "--" not in error and "puzzles_per_page" not in error


@pytest.mark.parametrize(
    ("field", "value", "extra"),
    [
        ("openings", "middle", {}),
        ("parts", "some", {"shape": "mask", "mask_source": "mask", "mask": "heart"}),
    ],
)
def test_a_choice_the_form_does_not_offer_is_named_beside_its_field(
    client: TestClient, field: str, value: str, extra: dict[str, str]
) -> None:
    page = client.post("/maze/preview", data={**MAZE, **extra, field: value}).text
    error = error_of(page, "maze", field)
    assert (
        error
        == f"{actions.FIELD_LABELS[field]}: must be one of: "
        + ", ".join({"openings": maze_form.OPENINGS, "parts": maze_form.MASK_PARTS}[field])
        + f"; got {value!r}"
    )


def _wait(client: TestClient, job_page: str, limit: float = 60.0) -> str:
    job = re.search(r'hx-get="(/book/job/[\w-]+)"', job_page)
    assert job, job_page
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        page = client.get(job.group(1)).text
        if 'data-done="1"' in page or "book-job-error" in page:
            return page
        time.sleep(0.1)
    raise AssertionError("the build did not finish")


def _book_form(title: str, counts: tuple[int, ...] = (1, 1, 1, 1)) -> dict[str, str]:
    form = {"base": "children", "title": title, "author": "T. Ester", "page_size": "letter"}
    for i, count in enumerate(counts):
        form[f"section-{i}-name"] = f"Part {i + 1}"
        form[f"section-{i}-count"] = str(count)
        form[f"section-{i}-levels"] = str(i + 1)
    return form


@pytest.mark.slow
def test_book_build_with_progress_and_downloads(client: TestClient, root: Path) -> None:
    started = client.post("/book/build", data=_book_form("Tiny Book"))
    assert "book-progress" in started.text
    done = _wait(client, started.text)
    assert "4 puzzles" in done
    links = dict(re.findall(r'id="book-download-(\w+)" href="([^"]+)"', done))
    assert set(links) == {"interior", "answers", "cover", "manifest"}  # a KDP book has a cover
    assert client.get(links["cover"]).content.startswith(b"%PDF")
    interior = client.get(links["interior"])
    manifest = client.get(links["manifest"]).json()
    answers = PdfReader(io.BytesIO(client.get(links["answers"]).content))
    book = PdfReader(io.BytesIO(interior.content))
    assert manifest["title"] == "Tiny Book" and len(manifest["puzzles"]) == 4
    assert [s["name"] for s in manifest["sections"]] == ["Part 1", "Part 2", "Part 3", "Part 4"]
    first, last = manifest["answer_pages"]
    assert len(answers.pages) == last - first + 1
    assert answers.pages[0].extract_text() == book.pages[first - 1].extract_text()
    assert "Tiny Book" in book.pages[0].extract_text()
    pictures = re.findall(r'<img class="page-thumb"[^>]*src="([^"]+)"', done)
    assert len(pictures) == 6
    assert Image.open(io.BytesIO(client.get(pictures[0]).content)).format == "PNG"
    job_id = links["interior"].split("/")[3]
    for bad in ("../../etc/passwd", "..%2F..%2Fetc%2Fpasswd", "progress", "out"):
        assert client.get(f"/book/job/{job_id}/file/{bad}").status_code == 404
    assert client.get("/book/job/nosuchjob").status_code == 404
    assert [p.name.startswith("book-") for p in root.iterdir()] == [True]


@pytest.mark.slow
def test_sections_can_be_added_and_removed(client: TestClient) -> None:
    form = _book_form("Edited")
    # the children's 12 mm cells hold level 4 at most on a letter page (docs/levels.md)
    form.update({"section-1-remove": "on", "section-4-count": "2", "section-4-levels": "3-4"})
    form["section-4-name"] = "Extra"
    manifest = client.get(_link(_wait(client, client.post("/book/build", data=form).text))).json()
    assert [s["name"] for s in manifest["sections"]] == ["Part 1", "Part 3", "Part 4", "Extra"]
    assert [p["level"] for p in manifest["puzzles"]] == [1, 3, 4, 3, 4]
    # an error in a section after a removed one is shown beside that section's own row
    form["section-2-levels"] = "11"
    page = client.post("/book/build", data=form).text
    assert "[[section]] 2 ('Part 3'), key" in error_of(page, "book", "section-2-levels")


def _link(page: str, kind: str = "manifest") -> str:
    link = re.search(rf'id="book-download-{kind}" href="([^"]+)"', page)
    assert link, page
    return link.group(1)


@pytest.mark.slow
def test_two_builds_at_once_keep_their_own_files(client: TestClient, root: Path) -> None:
    first = client.post("/book/build", data=_book_form("First Book", (2, 1, 1, 1))).text
    second = client.post("/book/build", data=_book_form("Second Book", (1, 1, 1, 2))).text
    pages = [_wait(client, first), _wait(client, second)]
    titles = []
    for page in pages:
        link = re.search(r'id="book-download-manifest" href="([^"]+)"', page)
        assert link
        titles.append(client.get(link.group(1)).json()["title"])
    assert titles == ["First Book", "Second Book"]
    assert len(list(root.iterdir())) == 2


@pytest.mark.slow
def test_a_long_build_does_not_hold_up_a_maze_preview(client: TestClient) -> None:
    app_jobs = client.app.state.jobs  # type: ignore[attr-defined]
    started = client.post("/book/build", data=_book_form("Long", (100, 100, 100, 100))).text
    job_id = re.search(r'hx-get="/book/job/([\w-]+)"', started)
    assert job_id
    job = app_jobs.get(job_id.group(1))
    page = client.post("/maze/preview", data={**MAZE, "size": "40x60"}).text
    assert "<svg" in page
    assert not job.future.done()  # the preview did not wait for the build


@pytest.mark.parametrize(
    ("edit", "field", "needle"),
    [
        ({"page_size": "huge"}, "page_size", 'key "page_size"'),
        ({"title": ""}, "title", "title"),
        ({"section-1-levels": "3-11"}, "section-1-levels", "[[section]] 2 ('Part 2'), key"),
        ({"section-2-count": "0"}, "section-2-count", "[[section]] 3 ('Part 3'), key \"count\""),
        ({"section-0-count": "600"}, "section-0-count", "up to 500 puzzles"),
    ],
)
def test_book_errors_beside_the_field(
    client: TestClient, root: Path, edit: dict[str, str], field: str, needle: str
) -> None:
    page = client.post("/book/build", data={**_book_form("Errors"), **edit}).text
    message = error_of(page, "book", field)
    assert needle in message, message
    assert list(root.iterdir()) == []  # nothing was started


def test_book_errors_match_the_build_command(
    client: TestClient, capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    toml = tmp_path / "kids.toml"
    toml.write_text('title = "Kids"\npage_size = "9x99in"\n[[section]]\ncount = 2\n')
    words = cli_error(capsys, "build", str(toml), "-o", str(tmp_path / "k.pdf"))
    upload = client.post(
        "/book/load",
        data={"base": "classic"},
        files={"upload": ("kids.toml", toml.read_bytes())},
        headers={"HX-Trigger-Name": "upload"},
    ).text
    toml_text = re.search(r'id="book-toml" hidden>\n(.*?)</textarea>', upload, re.S)
    assert toml_text
    form = {
        "toml": html.unescape(toml_text.group(1)),
        "toml_name": "kids",
        "title": "Kids",
        "page_size": "9x99in",
        "section-0-count": "2",
        "section-0-levels": "5",
    }
    page = client.post("/book/build", data=form).text
    web = error_of(page, "book", "page_size")
    # the same words, the file named as the upload instead of a path on the server
    assert web.split(": ", 1)[1] == words.split(": ", 1)[1]
    assert web.startswith("kids.toml (uploaded): ")


def test_uploaded_template_fills_the_form(client: TestClient) -> None:
    toml = (
        b'title = "Up"\nauthor = "Me"\npage_size = "a5"\n'
        b'[[section]]\nname = "Only"\ncount = 3\ndifficulty = [2, 4]\n'
    )
    page = client.post(
        "/book/load",
        files={"upload": ("my book.toml", toml)},
        data={"base": "classic"},
        headers={"HX-Trigger-Name": "upload"},
    ).text
    assert 'value="Up"' in page and 'value="Me"' in page and 'value="a5"' in page
    assert 'name="section-0-levels" id="book-section-0-levels" value="2-4"' in page
    assert 'name="section-1-count" id="book-section-1-count" placeholder="0"' in page
    assert "section-2-count" not in page
    assert 'name="toml_name" value="my-book"' in page


@pytest.mark.slow
@pytest.mark.parametrize(
    ("toml", "needle"),
    [
        (b'title = "x"\nfont = "/etc/passwd"\n[[section]]\n', 'key "font" names a file'),
        (b'title = "x"\n[[section]]\nshape = "mask"\nimage = "/etc/hosts"\n', 'key "image"'),
        (b'title = "x"\n[[section]]\noptions = { font = "a.ttf" }\n', 'key "font"'),
        (b'title = "x\n', "TOML syntax error"),
        (b'kind = "worksheet"\ntitle = "x"\n[[section]]\n', "Worksheet part"),
    ],
)
def test_bad_uploads_are_refused_beside_the_upload(
    client: TestClient, root: Path, toml: bytes, needle: str
) -> None:
    page = client.post(
        "/book/load",
        files={"upload": ("evil.toml", toml)},
        data={"base": "classic"},
        headers={"HX-Trigger-Name": "upload"},
    ).text
    assert needle in error_of(page, "book", "upload")
    assert list(root.iterdir()) == []


@pytest.mark.parametrize(
    "cover",
    [
        '[cover]\npicture = "/etc/hosts.svg"\n',
        'cover = { picture = "../../server/secret.png" }\n',
    ],
)
def test_an_uploaded_cover_picture_is_refused(cover: str) -> None:
    """A [cover] picture names a file on the server: an upload may not read it into its cover."""
    from mazebook.app.web.book_form import BookSource, book_template, uploaded_book

    toml = f'title = "x"\n{cover}[[section]]\ncount = 2\n'
    with pytest.raises(actions.FieldError, match=r'\[cover\] key "picture" names a file'):
        uploaded_book(toml.encode(), "evil.toml")
    src = BookSource(toml, "evil", uploaded=True)  # the form's hidden copy of an upload
    with pytest.raises(actions.FieldError, match="names a file") as caught:
        book_template(src, {"title": "x"})
    assert caught.value.field == "upload"


def test_shipped_template_loads(client: TestClient) -> None:
    page = client.post("/book/load", data={"base": "a4"}).text
    assert 'name="toml" id="book-toml" hidden>\n</textarea>' in page
    assert "section-0-count" in page


@pytest.mark.slow
def test_server_folders_are_removed_when_it_stops(tmp_path: Path) -> None:
    app = create_app()
    with TestClient(app, **SAME_ORIGIN) as c:
        root = Path(app.state.root)
        assert root.is_dir()
        c.post("/worksheet/preview", data=SHEET)
    assert not root.exists()


def test_loopback_and_the_exposure_warning() -> None:
    for host in ("127.0.0.1", "localhost", "::1", "127.0.0.2"):
        assert is_loopback(host) and exposure_warning(host, 8000) is None
    for host in ("0.0.0.0", "192.168.1.5", "::", "example.org"):
        warning = exposure_warning(host, 8000)
        assert warning and "warning" in warning and "NOT only on this computer" in warning


def test_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--port", "70000"]) == 2
    assert "--port must be a whole number from 1 to 65535" in capsys.readouterr().err


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.mark.slow
def test_serve_answers_on_localhost() -> None:
    import urllib.request

    port = _free_port()
    proc = subprocess.Popen(
        [sys.executable, "-m", "mazebook", "serve", "--port", str(port)],
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stderr is not None
        line = proc.stderr.readline()
        assert line == f"mazebook serve: open http://127.0.0.1:{port}/ (Ctrl-C stops)\n"
        body = ""
        for _ in range(100):
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=5) as reply:
                    body = reply.read().decode()
                break
            except OSError:
                time.sleep(0.1)
        assert 'id="maze-form"' in body
    finally:
        proc.terminate()
        proc.wait(timeout=20)


@pytest.mark.parametrize("host", ["192.0.2.1", "999.1.1.1"])
def test_serve_on_an_address_it_cannot_have_is_one_line(
    capsys: pytest.CaptureFixture[str], host: str
) -> None:
    # 192.0.2.1 is a documentation address no machine has, 999.1.1.1 no address at all: one
    # error line, and no exposure warning for a server that never listened
    assert main(["serve", "--host", host, "--port", str(_free_port())]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) == 1
    assert lines[0].startswith(f"mazebook serve: error: cannot listen on {host}:")


@pytest.mark.slow
def test_manifest_json_is_json(client: TestClient) -> None:
    reply = client.post("/worksheet/download/manifest", data=SHEET)
    assert reply.headers["content-type"].startswith("application/json")
    assert json.loads(reply.content)["seed"] == 3


def test_streamed_upload_over_the_cap_is_refused(client: TestClient, root: Path) -> None:
    """A body without a Content-Length (chunked) is counted as it arrives."""
    boundary = "bound"
    head = (
        f'--{boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\n'
        "Content-Type: image/png\r\n\r\n"
    ).encode()

    def body() -> Iterator[bytes]:
        yield head
        for _ in range(web_forms.MAX_BODY_BYTES // 65536 + 2):
            yield b"\0" * 65536
        yield f"\r\n--{boundary}--\r\n".encode()

    for path in ("/maze/preview", "/book/load", "/worksheet/preview"):
        reply = client.post(
            path,
            content=body(),
            headers={"Content-Type": f"multipart/form-data; boundary={boundary}"},
        )
        assert reply.status_code == 413, path
        assert "too large" in reply.text
    assert list(root.iterdir()) == []


# --- controls added once the features existed: braid, language, printer and paper ----------


def test_braid_changes_the_preview_and_a_bad_one_is_named(client: TestClient) -> None:
    form = {"shape": "rect", "mode": "algorithm", "algorithm": "backtracker", "size": "12x12"}
    plain = client.post("/maze/preview", data={**form, "braid": "0"}).text
    braided = client.post("/maze/preview", data={**form, "braid": "1.0"}).text
    assert plain != braided and "<svg" in braided
    bad = client.post("/maze/preview", data={**form, "braid": "2"}).text
    assert "Braid: must be a number from 0.0 to 1.0" in bad and "maze-err-braid" in bad


def test_worksheet_in_german(client: TestClient) -> None:
    form = {"count": "2", "per_page": "2", "levels": "1", "title": "Labyrinthe"}
    form.update({"language": "de", "field_Name": "on", "field_Class": "on"})
    response = client.post("/worksheet/download/interior", data=form)
    assert response.status_code == 200
    text = "".join(p.extract_text() or "" for p in PdfReader(io.BytesIO(response.content)).pages)
    assert "ZIEL" in text and "Klasse" in text and "Class" not in text
    bad = client.post("/worksheet/preview", data={**form, "language": "xx"}).text
    assert "Language: must be one of: en, de, fr, es" in bad


def test_book_printer_paper_and_language_are_checked(client: TestClient) -> None:
    bad = client.post("/book/build", data={**_book_form("Tiny Book"), "printer": "press"}).text
    assert "Printer: must be one of: kdp, ingramspark, lulu, home" in bad
    assert 'id="book-err-printer"' in bad
    home = client.post(
        "/book/build", data={**_book_form("Tiny Book"), "printer": "home", "language": "fr"}
    )
    done = _wait(client, home.text)
    links = dict(re.findall(r'id="book-download-(\w+)" href="([^"]+)"', done))
    assert "cover" not in links  # a desktop printer takes no cover
    manifest = client.get(links["manifest"]).json()
    assert manifest["printer"] == "home"
    interior = PdfReader(io.BytesIO(client.get(links["interior"]).content))
    assert "Sommaire" in "".join(page.extract_text() or "" for page in interior.pages)
    page = client.get("/").text
    assert (
        'id="book-printer"' in page and 'id="book-paper"' in page and 'id="book-language"' in page
    )


def test_worksheet_with_an_uploaded_font(client: TestClient, tmp_path: Path) -> None:
    from tests.fontmaker import tiny_font

    font = tiny_font(tmp_path / "webfont.ttf", "迷宫练习" + string.printable.strip() + "·–")
    form = {"count": "2", "per_page": "2", "levels": "1", "title": "迷宫练习"}
    files = {"font": ("webfont.ttf", font.read_bytes(), "font/ttf")}
    response = client.post("/worksheet/download/interior", data=form, files=files)
    assert response.status_code == 200 and response.content.startswith(b"%PDF")
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text() or ""
    assert "迷宫练习" in text
    broken = {"font": ("broken.ttf", b"\x00\x01\x00\x00" + b"\x07" * 200, "font/ttf")}
    page = client.post("/worksheet/preview", data=form, files=broken).text
    error = re.search(r'id="sheet-err-font"[^>]*>([^<]+)<', page)
    assert error is not None and error.group(1).startswith("Font: ") and "--" not in error.group(1)
    assert str(tmp_path) not in page  # never a server path


def test_presets_and_gallery_shapes_stand_for_advanced_fields(client: TestClient) -> None:
    from mazebook.app.web.actions import LOOKS, PRESETS

    for preset in PRESETS.values():
        plain = client.post("/maze/preview", data={**MAZE, "preset": preset.name}).text
        advanced = {**MAZE, "mode": "level", "level": str(preset.level)}
        assert svg_of(plain) == svg_of(client.post("/maze/preview", data=advanced).text)
        assert f"{preset.label} maze (level {preset.level}): rectangle, " in plain
    for look in LOOKS.values():
        plain = client.post("/maze/preview", data={**MAZE, "look": look.name, "text": "Jo"}).text
        advanced = {**MAZE, **look.fields, "text": "Jo"}
        assert svg_of(plain) == svg_of(client.post("/maze/preview", data=advanced).text)
    heart = client.post("/maze/preview", data={**MAZE, "look": "heart", "preset": "easy"}).text
    assert "Easy maze (level 2): heart, " in heart
    name = client.post("/maze/preview", data={**MAZE, "look": "text", "text": "Jo"}).text
    assert "the name Jo, " in name
    # a gallery shape speaks over the Advanced shape; "more" leaves it to Advanced
    more = client.post("/maze/preview", data={**MAZE, "look": "more", "shape": "circle"}).text
    assert svg_of(more) == svg_of(
        client.post("/maze/preview", data={**MAZE, "shape": "circle"}).text
    )
    bad = client.post("/maze/preview", data={**MAZE, "look": "moon"}).text
    assert "shape must be one of: rect, circle" in error_of(bad, "maze", "shape")
    bad = client.post("/maze/preview", data={**MAZE, "preset": "brutal"}).text
    assert "difficulty must be one of: easy, medium, hard" in error_of(bad, "maze", "level")


def test_the_seed_shown_is_the_seed_used(client: TestClient) -> None:
    """A level maze is named by its level and the form's seed, which makes it again; a
    generator's maze by the generator and its seed (issue 21)."""
    form = {**MAZE, "preset": "hard", "seed": "77"}
    page = client.post("/maze/preview", data=form).text
    assert 'data-seed="77"' in page and "seed 77 (generator seed" in page  # folded
    pdf = client.post("/maze/download/pdf", data=form)
    name = re.search(r'filename="([^"]+)"', pdf.headers["content-disposition"])
    assert name is not None and name.group(1).startswith("maze-level7-rect-")
    assert name.group(1).endswith("-seed77.pdf")
    again = client.post("/maze/download/svg", data=form).content.decode()
    assert svg_of(again) == svg_of(page)  # the same seed: the same maze
    other = client.post("/maze/preview", data={**form, "seed": "78"}).text
    assert svg_of(other) != svg_of(page)
    plain = client.post("/maze/download/svg", data=MAZE)
    assert 'filename="maze-backtracker-12x8-seed5.svg"' in plain.headers["content-disposition"]


def test_print_shows_the_pdf_in_the_browser(client: TestClient) -> None:
    saved = client.post("/maze/download/pdf", data=MAZE)
    printed = client.post("/maze/download/pdf?print=1", data=MAZE)
    assert saved.headers["content-disposition"].startswith("attachment;")
    assert printed.headers["content-disposition"] == "inline"
    assert printed.headers["content-type"] == "application/pdf"
    assert printed.content == saved.content
    sheets = client.post("/worksheet/download/interior?print=1", data=SHEET)
    assert sheets.headers["content-disposition"] == "inline"
    assert sheets.content.startswith(b"%PDF")


def test_the_answer_is_drawn_as_in_the_books_key(client: TestClient) -> None:
    solved = svg_of(client.post("/maze/preview", data={**MAZE, "solution": "on"}).text)
    solution = re.search(r'<g [^>]*id="solution"[^>]*>', solved)
    walls = re.search(r'<g [^>]*id="walls"[^>]*>', solved)
    assert solution and walls
    assert 'stroke="#000000"' in solution.group(0) or 'stroke="black"' in solution.group(0)
    wall_width = float(re.search(r'stroke-width="([\d.]+)"', walls.group(0)).group(1))  # type: ignore[union-attr]
    path_width = float(re.search(r'stroke-width="([\d.]+)"', solution.group(0)).group(1))  # type: ignore[union-attr]
    assert path_width >= 1.5 * wall_width
    assert solved.index('id="walls"') < solved.index('id="solution"')  # the path on top
    assert 'stroke="#8c8c8c"' in walls.group(0)  # grey walls (the key's 0.55 grey)


def test_worksheet_words_and_difficulty_in_plain_words(client: TestClient) -> None:
    from mazebook.app.web.actions import SHEET_TEXTS

    # the English boxes left as they were, in German: the German words
    form = {"count": "2", "per_page": "2", "preset": "easy", "language": "de"}
    form.update(SHEET_TEXTS["en"])
    response = client.post("/worksheet/download/interior", data=form)
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text() or ""
    assert SHEET_TEXTS["de"]["title"] in text and "Maze Worksheet" not in text
    manifest = client.post("/worksheet/download/manifest", data=form).json()
    assert {p["level"] for p in manifest["puzzles"]} <= {1, 2}
    # words the user typed stay theirs
    own = client.post("/worksheet/download/interior", data={**form, "title": "Klasse 2b"})
    assert "Klasse 2b" in (PdfReader(io.BytesIO(own.content)).pages[0].extract_text() or "")
    hard = client.post("/worksheet/download/manifest", data={**form, "preset": "hard"}).json()
    assert {p["level"] for p in hard["puzzles"]} <= {5, 6}
    page = client.get("/").text
    assert 'id="sheet-words" data-texts="' in page and "Labyrinth" in page


def test_the_page_script_is_served_and_axe_is_not(client: TestClient) -> None:
    page = client.get("/").text
    assert 'src="/static/app.js"' in page and "axe" not in page
    script = client.get("/static/app.js")
    assert script.status_code == 200 and "openPrintDialog" in script.text
    assert client.get("/static/axe.min.js").status_code == 404  # a test fixture only


@given(text=st.text(max_size=80), key=st.sampled_from(["title", "instruction"]))
def test_typed_worksheet_words_stay_and_defaults_follow_the_language(text: str, key: str) -> None:
    from mazebook.app.web.actions import SHEET_TEXTS
    from mazebook.app.web.worksheet_form import _own_words

    defaults = {words[key] for words in SHEET_TEXTS.values()}
    for code, words in SHEET_TEXTS.items():
        expected = words[key] if text.strip() in defaults else text
        assert _own_words(text, key, words) == expected, code
        for default in defaults:  # a box left at any language's words speaks this one's
            assert _own_words(default, key, words) == words[key]


def test_a_class_set_from_pasted_names(client: TestClient) -> None:
    """The worksheet form's names box makes a class set: every pupil's sheets in one PDF with
    their name printed, and the manifest's students in the pasted order."""
    names = ["Zoë", "Łukasz", "Nguyễn"]
    form = {**SHEET, "count": "2", "per_page": "2", "names": "\n".join(names) + "\n\n"}
    manifest = client.post("/worksheet/download/manifest", data=form).json()
    assert [s["name"] for s in manifest["students"]] == names
    assert len({s["code"] for s in manifest["students"]}) == 3
    sheets = client.post("/worksheet/download/interior", data=form)
    reader = PdfReader(io.BytesIO(sheets.content))
    for student in manifest["students"]:
        first = student["pages"][0]
        text = reader.pages[first - 1].extract_text()
        assert student["name"] in text and student["code"] in text


@pytest.mark.parametrize(
    ("fields", "kind"),
    [
        ({"puzzle": "number-path", "step": "3"}, "number-path"),
        ({"puzzle": "word-trail", "words": "CAT, OWL"}, "word-trail"),
    ],
)
def test_the_worksheet_form_offers_word_trails_and_number_paths(
    client: TestClient, fields: dict[str, str], kind: str
) -> None:
    form = {**SHEET, "count": "2", "per_page": "2", **fields}
    manifest = client.post("/worksheet/download/manifest", data=form).json()
    assert [p["kind"] for p in manifest["puzzles"]] == [kind, kind]
    if kind == "number-path":
        assert all(p["step"] == 3 for p in manifest["puzzles"])
    else:
        assert [p["trail"]["word"] for p in manifest["puzzles"]] == ["CAT", "OWL"]


@pytest.mark.parametrize(
    ("fields", "field", "words"),
    [
        ({"names": "\n".join(f"Pupil {i}" for i in range(201))}, "names", "200"),
        ({"names": "Ada\n" + "x" * 5000}, "names", "80"),
        ({"puzzle": "number-path", "step": "0"}, "step", "from 1 to 12"),
        ({"puzzle": "word-trail", "words": " , "}, "words", "give the words"),
        ({"puzzle": "riddles"}, "puzzle", "number-path"),
    ],
)
def test_classroom_fields_say_what_is_wrong_beside_them(
    client: TestClient, fields: dict[str, str], field: str, words: str
) -> None:
    page = client.post("/worksheet/preview", data={**SHEET, **fields}).text
    assert words in error_of(page, "sheet", field)
    assert "internal error" not in page


def test_the_printed_maze_has_the_walls_the_preview_shows(client: TestClient) -> None:
    """The PDF's walls are as thick for their cells as the preview's (a wall width over a cell
    size, read from each drawing), with and without the answer."""
    import io
    import re

    from pypdf import PdfReader

    form = {"preset": "easy", "look": "rect", "seed": "1"}
    for answer in ("", "on"):
        data = {**form, "solution": answer} if answer else form
        preview = client.post("/maze/preview", data=data).text
        svg_wall = float(re.findall(r'stroke-width="([0-9.]+)"', preview)[0])  # cell units
        pdf = client.post("/maze/download/pdf", data=data).content
        ops = PdfReader(io.BytesIO(pdf)).pages[0].get_contents().get_data().decode("latin-1")
        # the maze is drawn in cell units (a cm of the cell size): its first line width
        pdf_wall = float(re.search(r"([0-9.]+) w", ops).group(1))  # type: ignore[union-attr]
        assert pdf_wall == pytest.approx(svg_wall, rel=0.02), (answer, pdf_wall, svg_wall)
