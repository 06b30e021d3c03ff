"""Benchmark of the web app over real HTTP on 127.0.0.1 (not collected by pytest).

    python tests/bench_web.py [--runs 20]

Starts the app with uvicorn in this process and times, with wall-clock medians and maxima:
the page (GET /), a 40x60 maze preview (POST /maze/preview), the same preview while a
200-puzzle book builds in a worker process, and the first worksheet preview. With chromium and
chromedriver installed it also reports the browser's own page-load time (navigation timing).
Goals (issue 13): the page loads in under 1 s; a 40x60 preview is answered in under 150 ms.
"""

from __future__ import annotations

import argparse
import shutil
import socket
import statistics
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from collections.abc import Callable

import uvicorn

from mazebook.web.app import create_app

MAZE = {
    "shape": "rect",
    "mode": "algorithm",
    "algorithm": "backtracker",
    "size": "40x60",
    "seed": "1",
    "page_size": "letter",
}
SHEET = {"title": "Bench", "count": "4", "per_page": "4", "levels": "3", "seed": "1"}


def post(url: str, form: dict[str, str]) -> bytes:
    data = urllib.parse.urlencode(form).encode()
    with urllib.request.urlopen(url, data=data, timeout=60) as reply:
        return bytes(reply.read())


def get(url: str) -> bytes:
    with urllib.request.urlopen(url, timeout=60) as reply:
        return bytes(reply.read())


def timed(action: Callable[[int], object], runs: int) -> list[float]:
    times = []
    for i in range(runs):
        start = time.perf_counter()
        action(i)
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float], goal: float | None = None) -> None:
    med, worst = statistics.median(times), max(times)
    verdict = (
        ""
        if goal is None
        else ("  (goal %.0f ms: %s)" % (goal * 1000, "met" if med < goal else "MISSED"))
    )
    line = f"{name:<52} median {med * 1000:7.1f} ms   max {worst * 1000:7.1f} ms"
    print(f"{line}   n={len(times)}{verdict}")


def browser_load(base: str) -> float | None:
    """The page's load time in headless chromium (ms from navigation start to load end)."""
    chromium, driver = shutil.which("chromium"), shutil.which("chromedriver")
    if not chromium or not driver:
        return None
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    profile = tempfile.mkdtemp()
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        f"--user-data-dir={profile}",
    ):
        options.add_argument(flag)
    browser = webdriver.Chrome(options=options, service=webdriver.ChromeService(driver))
    try:
        loads = []
        for _ in range(5):
            browser.get(base + "/")
            loads.append(
                browser.execute_script(
                    "var n = performance.getEntriesByType('navigation')[0];"
                    "return n.loadEventEnd - n.startTime;"
                )
            )
        return float(statistics.median(loads))
    finally:
        browser.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    for _ in range(600):
        if server.started:
            break
        time.sleep(0.01)
    base = f"http://127.0.0.1:{port}"
    try:
        get(base + "/")  # warm up: imports, templates
        post(base + "/maze/preview", MAZE)
        report("GET / (the page)", timed(lambda i: get(base + "/"), args.runs), 1.0)
        report(
            "POST /maze/preview 40x60",
            timed(lambda i: post(base + "/maze/preview", {**MAZE, "seed": str(i)}), args.runs),
            0.150,
        )
        book = {"base": "classic", "title": "Busy", "page_size": "letter"}
        for i in range(5):
            book.update(
                {f"section-{i}-count": "40", f"section-{i}-levels": f"{2 * i + 1}-{2 * i + 2}"}
            )
        started = post(base + "/book/build", book).decode()
        during = timed(lambda i: post(base + "/maze/preview", {**MAZE, "seed": str(i)}), args.runs)
        still = (
            "book-progress" in get(base + started.split('hx-get="', 1)[1].split('"', 1)[0]).decode()
        )
        report("POST /maze/preview 40x60 during a 200-puzzle build", during, 0.150)
        print(f"{'':<52} (the build was {'still running' if still else 'finished'} afterwards)")
        report(
            "POST /worksheet/preview (4 mazes, page 1 as PNG)",
            timed(lambda i: post(base + "/worksheet/preview", {**SHEET, "seed": str(i)}), 5),
        )
        load = browser_load(base)
        if load is None:
            print("browser page load: chromium/chromedriver not installed, not measured")
        else:
            print(
                f"{'browser page load (chromium, navigation timing)':<52} median {load:7.1f} ms"
                f"  (goal 1000 ms: {'met' if load < 1000 else 'MISSED'})"
            )
    finally:
        server.should_exit = True
        thread.join(timeout=30)


if __name__ == "__main__":
    main()
