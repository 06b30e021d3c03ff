"""The web app as a hostile site or a careless client would use it, over real HTTP.

A uvicorn server runs in this process on 127.0.0.1 (a free port); requests are sent with
http.client so every header (Host, Origin, Referer) is exactly what the test says. Checked:
no request chooses a path (traversal, absolute, Windows-style and device names in every field
and upload name write nothing outside the server's folder); other sites and foreign Host names
are refused; forms the framework cannot read are one clean error, with no traceback logged.
"""

from __future__ import annotations

import http.client
import re
import socket
import threading
import time
import urllib.parse
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

pytest.importorskip("starlette", reason="the web extra (mazebook[web]) is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (mazebook[web]) is not installed")

from mazebook.app.web.guard import Address  # noqa: E402
from mazebook.app.web.server import create_app  # noqa: E402

#: A small book: one puzzle, quick to build in a worker.
BOOK_TOML = (
    'title = "Tiny"\nprinter = "home"\n[[section]]\nname = "One"\ncount = 1\ndifficulty = 1\n'
)


@dataclass
class Reply:
    status: int
    headers: dict[str, str]
    body: bytes

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")


@dataclass
class Server:
    port: int
    root: Path
    outside: Path  # a folder beside the server's: nothing may ever appear in it

    @property
    def origin(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def request(
        self,
        method: str,
        path: str,
        body: bytes = b"",
        headers: dict[str, str] | None = None,
    ) -> Reply:
        """One request with exactly these headers (Host defaults to the server's own)."""
        sent = {"Host": f"127.0.0.1:{self.port}", **(headers or {})}
        connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=60)
        try:
            connection.request(method, path, body=body, headers=sent)
            reply = connection.getresponse()
            return Reply(reply.status, {k.lower(): v for k, v in reply.getheaders()}, reply.read())
        finally:
            connection.close()

    def post(
        self,
        path: str,
        fields: dict[str, str],
        files: dict[str, tuple[str, bytes]] | None = None,
        headers: dict[str, str] | None = None,
    ) -> Reply:
        """A form POST as the app's own page sends it (Origin: the server), unless told."""
        body, content_type = multipart(fields, files or {})
        sent = {"Origin": self.origin, "Content-Type": content_type, **(headers or {})}
        return self.request("POST", path, body, sent)


def multipart(fields: dict[str, str], files: dict[str, tuple[str, bytes]]) -> tuple[bytes, str]:
    """A multipart/form-data body and its content type."""
    boundary = "mazebook-test-boundary"
    parts = []
    for name, value in fields.items():
        head = f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n'
        parts.append(head.encode() + value.encode() + b"\r\n")
    for name, (filename, data) in files.items():
        head = (
            f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; '
            f'filename="{filename}"\r\nContent-Type: application/octet-stream\r\n\r\n'
        )
        parts.append(head.encode() + data + b"\r\n")
    return b"".join(parts) + f"--{boundary}--\r\n".encode(), (
        f"multipart/form-data; boundary={boundary}"
    )


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """The app on 127.0.0.1 at a free port, in a thread of this process."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    base = tmp_path_factory.mktemp("safety")
    root, outside = base / "root", base / "outside"
    root.mkdir()
    outside.mkdir()
    app = create_app(root, port=port)
    config = uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning")
    running = uvicorn.Server(config)
    thread = threading.Thread(target=running.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not running.started:
        assert time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    yield Server(port, root, outside)
    running.should_exit = True
    thread.join(timeout=30)


def files_under(folder: Path) -> set[Path]:
    return {p for p in folder.rglob("*")}


def hostile_names(outside: Path) -> list[str]:
    """File names that would reach ``outside`` (or a device) if the server used them."""
    deep = "../" * 12 + str(outside).lstrip("/")
    return [
        f"{deep}/VICTIM",
        f"{deep}/VICTIM.toml",
        str(outside / "VICTIM"),
        str(outside / "VICTIM.toml"),
        "..\\..\\..\\..\\VICTIM.toml",
        "C:\\Windows\\VICTIM.toml",
        "\\\\server\\share\\VICTIM.toml",
        "CON",
        "NUL.toml",
        "/dev/null",
        "/dev/stdout",
        "",
        "." * 300,
    ]


def job_id(page: str) -> str:
    match = re.search(r"/book/job/([A-Za-z0-9_-]+)", page)
    assert match, f"no job in the answer: {page[:300]}"
    return match.group(1)


def finished(server: Server, job: str) -> str:
    """The job's partial once it has finished (bounded wait)."""
    deadline = time.monotonic() + 120
    while True:
        page = server.request("GET", f"/book/job/{job}").text
        if 'data-done="1"' in page or "book-job-error" in page:
            return page
        assert time.monotonic() < deadline, "the build did not finish"
        time.sleep(0.2)


# ----------------------------------------------------------------- no request chooses a path


def test_no_book_build_writes_where_a_name_points(server: Server) -> None:
    before = files_under(server.outside)
    for name in hostile_names(server.outside)[:7]:
        fields = {"toml": BOOK_TOML, "toml_name": name, "title": "Web Book", "page_size": "letter"}
        reply = server.post("/book/build", fields)
        assert reply.status == 200
        job = job_id(reply.text)
        page = finished(server, job)
        assert 'data-done="1"' in page, page
        # the build's files carry the server's names, in the job's own folder
        built = [p for p in server.root.rglob("*.pdf") if job_id(page) and "VICTIM" in p.name]
        assert built == []
        download = server.request("GET", f"/book/job/{job}/file/interior")
        assert download.status == 200 and download.body.startswith(b"%PDF")
        assert 'filename="web-book.pdf"' in download.headers["content-disposition"]
    assert files_under(server.outside) == before == set()
    assert not list(Path("/").glob("VICTIM*"))


def test_every_upload_name_stays_in_the_request_folder(server: Server) -> None:
    picture = _tiny_png()
    for name in hostile_names(server.outside):
        server.post("/book/load", {"base": "classic"}, {"upload": (name, BOOK_TOML.encode())})
        maze = {"shape": "mask", "mask_source": "image", "mode": "size", "size": "12x12"}
        server.post("/maze/preview", maze, {"image": (name, picture)})
        server.post("/maze/download/svg", maze, {"image": (name, picture)})
        sheet = {"title": "S", "count": "1", "per_page": "1", "levels": "1", "seed": "1"}
        server.post("/worksheet/preview", sheet, {"font": (name, b"not a font")})
        server.post("/worksheet/download/interior", sheet, {"font": (name, b"not a font")})
    assert files_under(server.outside) == set()
    leftovers = [p for p in files_under(server.root) if p.parent == server.root and p.is_file()]
    assert leftovers == []  # requests work in their own folders, removed afterwards


def test_a_file_name_in_the_url_is_a_key_never_a_path(server: Server) -> None:
    reply = server.post("/book/build", {"toml": BOOK_TOML, "title": "T", "page_size": "letter"})
    job = job_id(reply.text)
    finished(server, job)
    for name in ("..%2F..%2F..%2Fetc%2Fpasswd", "..", "%2Fetc%2Fpasswd", "mazebook.pdf", "out"):
        assert server.request("GET", f"/book/job/{job}/file/{name}").status == 404
    assert server.request("GET", "/book/job/..%2F..%2Fetc/file/interior").status == 404


def _tiny_png() -> bytes:
    import io

    from PIL import Image

    buffer = io.BytesIO()
    Image.new("L", (16, 16), 0).save(buffer, "PNG")
    return buffer.getvalue()


# ----------------------------------------------------------------- no other site drives it


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "http://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:1"},  # another program on this computer
        {"Origin": "https://127.0.0.1"},
        {"Origin": "", "Referer": "http://evil.example/page"},
        {"Origin": ""},  # neither Origin nor Referer
    ],
)
def test_a_request_from_another_site_is_refused(server: Server, headers: dict[str, str]) -> None:
    sent = {k: v for k, v in headers.items() if v}
    fields = {"toml": BOOK_TOML, "title": "Cross", "page_size": "letter"}
    body, content_type = multipart(fields, {})
    before = files_under(server.root)
    reply = server.request("POST", "/book/build", body, {"Content-Type": content_type, **sent})
    assert reply.status == 403
    assert "did not come from mazebook's own page" in reply.text
    assert files_under(server.root) == before  # refused before any work


def test_the_own_page_may_post_with_referer_alone(server: Server) -> None:
    body, content_type = multipart({"shape": "rect", "mode": "size", "size": "8x8"}, {})
    referer = {"Referer": f"{server.origin}/", "Content-Type": content_type}
    reply = server.request("POST", "/maze/preview", body, referer)
    assert reply.status == 200 and "<svg" in reply.text


@pytest.mark.parametrize(
    "host",
    ["evil.example:{port}", "evil.example", "127.0.0.1:1", "localhost.evil.example:{port}", ""],
)
def test_a_foreign_host_is_refused(server: Server, host: str) -> None:
    reply = server.request("GET", "/", headers={"Host": host.format(port=server.port)})
    assert reply.status == 400
    assert "answers only at" in reply.text


@pytest.mark.parametrize("host", ["127.0.0.1:{port}", "localhost:{port}", "[::1]:{port}"])
def test_the_loopback_names_are_the_servers_own(server: Server, host: str) -> None:
    reply = server.request("GET", "/", headers={"Host": host.format(port=server.port)})
    assert reply.status == 200


def test_addresses_other_than_loopback() -> None:
    everywhere = Address("0.0.0.0", 8000)
    assert everywhere.allows("192.168.1.5:8000") and everywhere.allows("localhost:8000")
    assert not everywhere.allows("rebind.example:8000")
    own = Address("192.168.1.5", 80)
    assert own.allows("192.168.1.5") and own.allows("192.168.1.5:80")
    assert not own.allows("127.0.0.1:80") and not own.allows("192.168.1.5:8000")


# ----------------------------------------------------------------- every error clean


def _no_traceback(capfd: pytest.CaptureFixture[str]) -> None:
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err


def test_too_many_fields_is_an_error_beside_the_part(
    server: Server, capfd: pytest.CaptureFixture[str]
) -> None:
    fields = {f"f{i}": "x" for i in range(150)}
    page = server.post("/maze/preview", fields)
    assert page.status == 200
    assert "the form could not be read" in page.text and "internal error" not in page.text
    download = server.post("/maze/download/pdf", fields)
    assert download.status == 422 and "the form could not be read" in download.text
    _no_traceback(capfd)


def test_too_many_files_and_a_huge_field(server: Server, capfd: pytest.CaptureFixture[str]) -> None:
    files = {f"image{i}": (f"i{i}.png", b"x") for i in range(12)}
    page = server.post("/maze/preview", {"shape": "rect"}, files)
    assert "the form could not be read" in page.text and "internal error" not in page.text
    big = server.post("/worksheet/preview", {"title": "x" * (2 * 1024 * 1024)})
    assert big.status in (200, 413)
    assert "internal error" not in big.text
    assert "could not be read" in big.text or "too large" in big.text
    _no_traceback(capfd)


def test_broken_multipart_is_an_error_not_a_crash(
    server: Server, capfd: pytest.CaptureFixture[str]
) -> None:
    headers = {"Origin": server.origin, "Content-Type": "multipart/form-data; boundary=zz"}
    for body in (b"--zz\r\nContent-Disposition: form-data\r\n\r\nx", b"\x00\xff" * 50):
        for path in ("/maze/preview", "/worksheet/preview", "/book/load", "/book/build"):
            reply = server.request("POST", path, body, headers)
            assert reply.status in (200, 400, 422), (path, reply.status)
            assert "internal error" not in reply.text
    _no_traceback(capfd)


def test_a_deeply_nested_upload_is_refused_as_on_the_command_line(
    server: Server, capfd: pytest.CaptureFixture[str]
) -> None:
    nested = ("a = " + "[" * 5000 + "]" * 5000 + "\n").encode()
    page = server.post(
        "/book/load",
        {"base": "classic"},
        {"upload": ("deep.toml", nested)},
        headers={"HX-Trigger-Name": "upload"},
    )
    assert "internal error" not in page.text
    assert "deep.toml" in page.text and "nest" in page.text
    build = server.post("/book/build", {"toml": nested.decode(), "toml_name": "deep.toml"})
    assert "internal error" not in build.text and "nest" in build.text
    _no_traceback(capfd)


def test_an_upload_that_is_not_utf8_is_refused(server: Server) -> None:
    raw = BOOK_TOML.replace("Tiny", "Ti\xffny").encode("latin-1")
    page = server.post(
        "/book/load",
        {"base": "classic"},
        {"upload": ("bad.toml", raw)},
        headers={"HX-Trigger-Name": "upload"},
    )
    assert "not UTF-8" in page.text and "internal error" not in page.text


def test_urlencoded_forms_are_read_too(server: Server) -> None:
    body = urllib.parse.urlencode({"shape": "rect", "mode": "size", "size": "6x6"}).encode()
    headers = {"Origin": server.origin, "Content-Type": "application/x-www-form-urlencoded"}
    reply = server.request("POST", "/maze/preview", body, headers)
    assert reply.status == 200 and "<svg" in reply.text
