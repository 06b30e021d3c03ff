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

from mazebook.app.web.server import create_app

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
    """POST a form; the answer's body."""
    data = urllib.parse.urlencode(form).encode()
    parts = urllib.parse.urlsplit(url)
    origin = {"Origin": f"{parts.scheme}://{parts.netloc}"}  # as the app's own page sends it
    request = urllib.request.Request(url, data=data, headers=origin)
    with urllib.request.urlopen(request, timeout=60) as reply:
        return bytes(reply.read())


def get(url: str) -> bytes:
    """GET a page; its body."""
    with urllib.request.urlopen(url, timeout=60) as reply:
        return bytes(reply.read())


def timed(action: Callable[[int], object], runs: int) -> list[float]:
    """Wall-clock seconds of each of ``runs`` calls."""
    times = []
    for i in range(runs):
        start = time.perf_counter()
        action(i)
        times.append(time.perf_counter() - start)
    return times


def report(name: str, times: list[float], goal: float | None = None) -> None:
    """One line: median and max in ms, and the goal if there is one."""
    med, worst = statistics.median(times), max(times)
    verdict = (
        ""
        if goal is None
        else ("  (goal %.0f ms: %s)" % (goal * 1000, "met" if med < goal else "MISSED"))
    )
    line = f"{name:<52} median {med * 1000:7.1f} ms   max {worst * 1000:7.1f} ms"
    print(f"{line}   n={len(times)}{verdict}")


#: In the page: change a field, then time until the preview's SVG has been replaced.
CHANGE_TO_PREVIEW = """
const [id, value, kind, done] = arguments;
const box = document.getElementById('maze-preview');
const field = document.getElementById(id);
const start = performance.now();
new MutationObserver((_, obs) => {
  if (box.querySelector('svg')) { obs.disconnect(); done(performance.now() - start); }
}).observe(box, {childList: true, subtree: true});
field.value = value;
field.dispatchEvent(new Event(kind, {bubbles: true}));
"""


def browser_times(base: str) -> dict[str, float] | None:
    """Medians in headless chromium (ms): page load (navigation timing), and from a change
    of a field to the new maze preview on the page, for a select and a typed field."""
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
    browser.set_script_timeout(10)
    try:
        loads, selects, typed = [], [], []
        for i in range(5):
            browser.get(base + "/")
            loads.append(
                browser.execute_script(
                    "var n = performance.getEntriesByType('navigation')[0];"
                    "return n.loadEventEnd - n.startTime;"
                )
            )
            time.sleep(0.5)  # the first preview
            browser.execute_script(  # the Advanced fields: a 40x60 maze by generator and size
                "document.getElementById('maze-size').value = '40x60';"
                "document.getElementById('maze-mode-algorithm').checked = true;"
                "document.querySelectorAll('[name=preset]').forEach(r => { r.checked = false; });"
            )
            shape = "circle" if i % 2 else "hex"
            selects.append(
                browser.execute_async_script(CHANGE_TO_PREVIEW, "maze-shape", shape, "change")
            )
            typed.append(
                browser.execute_async_script(CHANGE_TO_PREVIEW, "maze-seed", str(100 + i), "input")
            )
        return {
            "load": statistics.median(loads),
            "select": statistics.median(selects),
            "typed": statistics.median(typed),
        }
    finally:
        browser.quit()
        shutil.rmtree(profile, ignore_errors=True)


def main() -> None:
    """Start the server, time each request kind, print the report."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(port=port), host="127.0.0.1", port=port, log_level="warning")
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
        seen = browser_times(base)
        if seen is None:
            print("browser: chromium/chromedriver not installed, not measured")
        else:
            for key, name, goal in (
                ("load", "browser: page load (navigation timing)", 1000),
                ("select", "browser: algorithm chosen -> new 40x60 shown", 300),
                ("typed", "browser: seed typed -> new 40x60 shown", 300),
            ):
                ok = "met" if seen[key] < goal else "MISSED"
                print(f"{name:<52} median {seen[key]:7.1f} ms   (goal {goal} ms: {ok})")
    finally:
        server.should_exit = True
        thread.join(timeout=30)


if __name__ == "__main__":
    main()
