"""The web server as a server: its answers' headers, bodies it stops reading, clients that leave,
work that is stopped, a bounded preview, and an exit within 5 s of SIGTERM. Most run against a
real `mazebook serve` process (or uvicorn in a thread), with raw sockets where a browser would
hang up or trickle."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.parse
from collections.abc import Iterator
from pathlib import Path

import pytest
import uvicorn
from starlette.testclient import TestClient

from mazebook.app.web import forms
from mazebook.app.web.server import create_app
from mazebook.app.web.workers import MEMORY_LIMIT
from mazebook.errors import OUT_OF_MEMORY
from mazebook.requests import PREVIEW_BRAID_VISITS, MazeRequest, check_preview

pytestmark = pytest.mark.usefixtures("no_hang")

ORIGIN = {"base_url": "http://127.0.0.1:8000", "headers": {"Origin": "http://127.0.0.1:8000"}}
MAZE = {
    "shape": "rect",
    "mode": "algorithm",
    "algorithm": "backtracker",
    "size": "12x8",
    "seed": "5",
    "page_size": "letter",
}
#: A worksheet preview of many hard mazes: many seconds of work.
#: A worksheet preview that takes seconds (about 3.5 s here on 2026-11-27: 200 puzzles with
#: keys and doors at levels 9-10; plain mazes came down to 1.5 s, under the tests' waits).
SLOW_SHEET = {
    "count": "200",
    "per_page": "1",
    "levels": "9-10",
    "title": "T",
    "page_size": "letter",
    "puzzle": "keys",
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def wait_for(port: int, seconds: float = 60) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError("the server did not start")


def raw_post(
    port: int, path: str, fields: dict[str, str], *, length: int | None = None
) -> socket.socket:
    """A form POST sent on a socket of its own (left open: the caller reads or hangs up)."""
    body = urllib.parse.urlencode(fields).encode()
    head = (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nOrigin: http://127.0.0.1:{port}\r\n"
        "Content-Type: application/x-www-form-urlencoded\r\n"
        f"Content-Length: {len(body) if length is None else length}\r\n\r\n"
    )
    sock = socket.create_connection(("127.0.0.1", port), timeout=30)
    sock.sendall(head.encode() + (body if length is None else b""))
    return sock


def read_all(sock: socket.socket) -> bytes:
    """Everything the server sends until it closes the connection."""
    chunks = []
    while chunk := sock.recv(65536):
        chunks.append(chunk)
    return b"".join(chunks)


def cpu_seconds(pid: int) -> float:
    """CPU time of a process and all its children (Linux /proc)."""
    total = 0.0
    pending = [pid]
    while pending:
        current = pending.pop()
        try:
            fields = Path(f"/proc/{current}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
        kids = Path(f"/proc/{current}/task/{current}/children")
        if kids.exists():
            pending += [int(k) for k in kids.read_text().split()]
    return total


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[subprocess.Popen[str], int]]:
    """`mazebook serve` in a process of its own, stopped afterwards."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "mazebook", "serve", "--port", str(port)],
        stderr=subprocess.PIPE,
        text=True,
        cwd=tmp_path,
    )
    try:
        wait_for(port)
        yield process, port
    finally:
        if process.poll() is None:
            process.kill()
        process.wait(timeout=30)


# --- 5: headers ---------------------------------------------------------------------------------


def test_every_answer_says_nosniff_and_refuses_framing(tmp_path: Path) -> None:
    """The page, a static file, a partial, a 404, a refusal of another site's request."""
    (tmp_path / "root").mkdir()
    with TestClient(create_app(tmp_path / "root"), **ORIGIN) as client:
        answers = [
            client.get("/"),
            client.get("/static/htmx.min.js"),
            client.post("/maze/preview", data=MAZE),
            client.get("/book/job/nonesuch"),
            client.post("/maze/preview", data=MAZE, headers={"Origin": "http://evil.example"}),
            client.get("/", headers={"Host": "evil.example:8000"}),
        ]
    assert [a.status_code for a in answers][-2:] == [403, 400]
    for answer in answers:
        assert answer.headers["x-content-type-options"] == "nosniff", answer.url
        assert answer.headers["content-security-policy"] == "frame-ancestors 'none'"
        assert answer.headers["x-frame-options"] == "DENY"


# --- 6: bodies over the cap, bodies too slow ----------------------------------------------------


@pytest.fixture
def threaded(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    """The app under uvicorn in a thread, with a body time limit of 2 s."""
    monkeypatch.setattr(forms, "MAX_BODY_SECONDS", 2.0)
    port = free_port()
    (tmp_path / "root").mkdir()
    server = uvicorn.Server(
        uvicorn.Config(create_app(tmp_path / "root", port=port), port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for(port)
    yield port
    server.should_exit = True
    thread.join(timeout=30)


def test_after_413_the_server_reads_no_more_of_the_body(threaded: int) -> None:
    """A declared 100 MB body: 413 at once, then the connection is closed, never drained."""
    sock = raw_post(threaded, "/maze/preview", {}, length=100_000_000)
    answer = read_all(sock)  # returns: the server closed the connection
    assert answer.startswith(b"HTTP/1.1 413") and b"connection: close" in answer.lower()
    with pytest.raises(OSError):  # nobody reads what is sent now
        for _ in range(200):
            sock.sendall(b"x" * 65536)
    sock.close()


def test_a_body_that_trickles_in_is_cut_off(threaded: int) -> None:
    """A body that takes longer than MAX_BODY_SECONDS: 408, and the connection closed."""
    sock = raw_post(threaded, "/maze/preview", {}, length=1000)
    sock.sendall(b"shape=rect")
    started = time.monotonic()
    answer = read_all(sock)
    assert answer.startswith(b"HTTP/1.1 408"), answer[:100]
    assert b"connection: close" in answer.lower()
    assert time.monotonic() - started < 20
    sock.close()


# --- 3: the preview's bound ---------------------------------------------------------------------


def test_a_braided_preview_is_bounded_with_a_clear_message(tmp_path: Path) -> None:
    """braid 1 at 200 x 200 took 11 CPU-seconds a preview; now refused at once, beside Braid."""
    (tmp_path / "root").mkdir()
    braided = {**MAZE, "size": "200x200", "braid": "1"}
    with TestClient(create_app(tmp_path / "root"), **ORIGIN) as client:
        page = client.post("/maze/preview", data=braided).text
        assert 'id="maze-err-braid"' in page and "too slow to preview" in page
        assert "Braid: " in page and "--" not in page.split("too slow")[0][-40:]
        fits = client.post("/maze/preview", data={**braided, "size": "60x60"}).text
        assert "<svg" in fits and "too slow" not in fits
        level = client.post("/maze/preview", data={**MAZE, "mode": "level", "level": "10"}).text
        assert "<svg" in level
    with pytest.raises(Exception, match="too slow to preview"):
        check_preview(MazeRequest(width=200, height=200, braid=0.1))
    check_preview(MazeRequest(width=200, height=200, braid=0.0))
    check_preview(MazeRequest(width=200, height=200, braid=1.0, options={"openings": "random"}))
    check_preview(MazeRequest(width=100, height=100, braid=1.0))  # 3,960,000 visits
    assert 396 * 100 * 100 <= PREVIEW_BRAID_VISITS < 400 * 101 * 100


# --- 3 and 7: clients that leave, SIGTERM -------------------------------------------------------


@pytest.mark.slow
def test_work_whose_client_left_is_stopped_and_logged_in_one_line(
    served: tuple[subprocess.Popen[str], int],
) -> None:
    process, port = served
    socks = [raw_post(port, "/worksheet/preview", {**SLOW_SHEET, "seed": str(i)}) for i in range(3)]
    partial = raw_post(port, "/maze/preview", {}, length=1000)  # leaves in the middle of its body
    partial.sendall(b"shape=re")
    time.sleep(1.0)  # the previews are running (and one waits its turn), none done
    for sock in [*socks, partial]:
        sock.close()
    time.sleep(1.0)
    before = cpu_seconds(process.pid)
    time.sleep(3.0)
    assert cpu_seconds(process.pid) - before < 0.5  # nothing runs on for nobody
    page = raw_post(port, "/maze/preview", MAZE)
    assert b"<svg" in read_until(page, b"</svg>")  # and the server still serves
    page.close()
    process.send_signal(signal.SIGTERM)
    process.wait(timeout=30)
    err = process.stderr.read() if process.stderr else ""
    assert "Traceback" not in err, err
    left = [line for line in err.splitlines() if "the client left before its answer" in line]
    assert len(left) == 4, err
    assert sum("(POST /worksheet/preview)" in line for line in left) == 3
    assert sum("(POST /maze/preview)" in line for line in left) == 1


def read_until(sock: socket.socket, end: bytes) -> bytes:
    data = b""
    while end not in data:
        chunk = sock.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


@pytest.mark.slow
def test_the_server_exits_within_5_s_of_sigterm_with_work_running(
    served: tuple[subprocess.Popen[str], int],
) -> None:
    """Previews running, one waiting its turn, a download: the exit took 76 s and more."""
    process, port = served
    socks = [raw_post(port, "/worksheet/preview", {**SLOW_SHEET, "seed": str(i)}) for i in range(3)]
    socks.append(raw_post(port, "/maze/download/pdf", {**MAZE, "size": "200x200", "braid": "1"}))
    time.sleep(2.0)
    started = time.monotonic()
    process.send_signal(signal.SIGTERM)
    code = process.wait(timeout=30)
    assert time.monotonic() - started < 5.0
    assert code == 128 + signal.SIGTERM
    err = process.stderr.read() if process.stderr else ""
    assert "Traceback" not in err, err
    for sock in socks:
        sock.close()


# --- the workers' own faults --------------------------------------------------------------------


def hog(*args: object) -> None:
    """A preview's work that asks for more memory than a worker may have."""
    bytearray(2 * MEMORY_LIMIT)


def die(*args: object) -> None:
    """A preview's work whose process is killed (as the system's out-of-memory killer does)."""
    os.kill(os.getpid(), signal.SIGKILL)


def test_a_worker_out_of_memory_or_killed_is_an_error_beside_the_part(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "root").mkdir()
    with TestClient(create_app(tmp_path / "root"), **ORIGIN) as client:
        monkeypatch.setattr("mazebook.app.web.maze_routes.maze_preview_work", hog)
        page = client.post("/maze/preview", data=MAZE).text
        assert OUT_OF_MEMORY in page and 'id="maze-err-maze"' in page
        monkeypatch.setattr("mazebook.app.web.maze_routes.maze_preview_work", die)
        page = client.post("/maze/preview", data=MAZE).text
        assert "its worker process ended" in page
        assert list((tmp_path / "root").iterdir()) == []  # its request folder removed all the same
        monkeypatch.undo()
        assert "<svg" in client.post("/maze/preview", data=MAZE).text  # a new worker


def nap(*args: object) -> None:
    """A preview's work that takes far longer than a preview may."""
    time.sleep(30)


def test_a_preview_past_its_time_is_stopped_with_a_message(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "root").mkdir()
    monkeypatch.setattr("mazebook.app.web.maze_routes.PREVIEW_SECONDS", 1.0)
    monkeypatch.setattr("mazebook.app.web.maze_routes.maze_preview_work", nap)
    with TestClient(create_app(tmp_path / "root"), **ORIGIN) as client:
        started = time.monotonic()
        page = client.post("/maze/preview", data=MAZE).text
        assert "took over 1 s to make and was stopped" in page and 'id="maze-err-maze"' in page
        assert time.monotonic() - started < 10
        monkeypatch.undo()
        assert "<svg" in client.post("/maze/preview", data=MAZE).text
