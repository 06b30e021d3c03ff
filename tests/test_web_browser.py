"""The web app as a person uses it: Debian's headless chromium driven by selenium + chromedriver.

The server runs in this process (uvicorn on 127.0.0.1, a free port); the browser gets a fresh
profile and no network beyond localhost. Without chromium and chromium-driver the tests skip
with the reason in the summary (`.ci/run` installs them).
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

pytest.importorskip("starlette", reason="the web extra (mazebook[web]) is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the web extra (mazebook[web]) is not installed")
webdriver = pytest.importorskip(
    "selenium.webdriver", reason="selenium is not installed (pip install -e '.[test]')"
)

from pypdf import PdfReader  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from mazebook.web.app import create_app  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no headless browser: Debian's chromium and chromium-driver are not installed "
    "(apt-get install chromium chromium-driver; .ci/run does this)",
)
T = TypeVar("T")
#: The longest any step waits (seconds); every wait polls in bounded steps.
PATIENCE = 60.0


def wait_for(check: Callable[[], T], what: str, limit: float = PATIENCE) -> T:
    """Poll ``check`` until it returns something truthy; fail naming ``what`` after ``limit``."""
    deadline = time.monotonic() + limit
    while True:
        try:
            value = check()
        except Exception:  # the element is being swapped by htmx: look again
            value = None  # type: ignore[assignment]
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The app on 127.0.0.1 at a free port, in a thread of this process."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    root = tmp_path_factory.mktemp("webroot")
    config = uvicorn.Config(
        create_app(root, port=port), host="127.0.0.1", port=port, log_level="warning"
    )
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    wait_for(lambda: server.started, "the server to start")
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=30)


@pytest.fixture(scope="module")
def downloads(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("downloads")


@pytest.fixture(scope="module")
def browser(tmp_path_factory: pytest.TempPathFactory, downloads: Path) -> Iterator[Any]:
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in (
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-dev-shm-usage",
        "--window-size=1280,1600",
        f"--user-data-dir={tmp_path_factory.mktemp('profile')}",
    ):
        options.add_argument(flag)
    options.add_experimental_option(
        "prefs",
        {
            "download.default_directory": str(downloads),
            "download.prompt_for_download": False,
            "safebrowsing.enabled": False,
        },
    )
    service = webdriver.ChromeService(executable_path=DRIVER)
    driver = webdriver.Chrome(options=options, service=service)
    driver.set_page_load_timeout(30)
    try:
        driver.execute_cdp_cmd(
            "Browser.setDownloadBehavior", {"behavior": "allow", "downloadPath": str(downloads)}
        )
        yield driver
    finally:
        driver.quit()


def _downloaded(folder: Path, suffix: str) -> Path | None:
    done = [p for p in folder.iterdir() if p.suffix == suffix]
    partial = [p for p in folder.iterdir() if p.suffix == ".crdownload"]
    return done[0] if done and not partial else None


def _svg(browser: Any) -> str:
    return str(browser.find_element(By.CSS_SELECTOR, "#maze-svg svg").get_attribute("outerHTML"))


@pytest.mark.slow
def test_make_a_maze_change_its_shape_and_download_the_pdf(
    server: str, browser: Any, downloads: Path
) -> None:
    browser.get(server + "/")
    first = wait_for(lambda: _svg(browser), "the first maze preview")
    assert 'id="walls"' in first
    Select(browser.find_element(By.ID, "maze-shape")).select_by_value("circle")
    circle = wait_for(lambda: (s := _svg(browser)) != first and s, "the preview to change")
    assert "<path" in circle and browser.find_element(By.ID, "maze-summary").text.startswith(
        "circle maze"
    )
    # a bad size: the message appears beside the field, in the command line's words
    size = browser.find_element(By.ID, "maze-size")
    size.clear()
    size.send_keys("40y60")
    error = wait_for(
        lambda: "40y60" in (t := browser.find_element(By.ID, "maze-err-size").text) and t,
        "the size error to show",
    )
    assert error == "--size must be WIDTHxHEIGHT in cells, e.g. 30x20; got '40y60'"
    size.clear()
    size.send_keys("15x10")
    wait_for(lambda: browser.find_element(By.ID, "maze-err-size").text == "", "the error to clear")
    # a braid opens loops: the preview changes, and a bad one is named beside its field
    before = _svg(browser)
    braid = browser.find_element(By.ID, "maze-braid")
    braid.clear()
    braid.send_keys("1")
    wait_for(lambda: (s := _svg(browser)) != before and s, "the braided preview")
    braid.clear()
    braid.send_keys("3")
    wait_for(
        lambda: "--braid" in browser.find_element(By.ID, "maze-err-braid").text,
        "the braid error to show",
    )
    braid.clear()
    braid.send_keys("0")
    wait_for(lambda: browser.find_element(By.ID, "maze-err-braid").text == "", "it to clear")
    browser.find_element(By.ID, "maze-solution").click()
    wait_for(lambda: "<polyline" in _svg(browser), "the solution in the preview")
    browser.find_element(By.ID, "maze-download-pdf").click()
    pdf = wait_for(lambda: _downloaded(downloads, ".pdf"), "the PDF download")
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    assert "circle maze" in str(reader.metadata.get("/Subject", ""))
    pdf.unlink()


@pytest.mark.slow
def test_a_picture_makes_a_mask_maze_and_a_level_picks_the_size(
    server: str, browser: Any, tmp_path: Path
) -> None:
    from PIL import Image, ImageDraw

    picture = tmp_path / "disc.png"
    image = Image.new("L", (80, 80), 255)
    ImageDraw.Draw(image).ellipse((5, 5, 75, 75), fill=0)
    image.save(picture)
    browser.get(server + "/")
    first = wait_for(lambda: _svg(browser), "the first maze preview")
    Select(browser.find_element(By.ID, "maze-shape")).select_by_value("mask")
    browser.find_element(By.ID, "maze-image").send_keys(str(picture))
    summary = wait_for(
        lambda: "mask maze" in (t := browser.find_element(By.ID, "maze-summary").text) and t,
        "the picture's maze",
    )
    assert _svg(browser) != first
    assert browser.find_element(By.ID, "maze-err-image").text == ""
    Select(browser.find_element(By.ID, "maze-shape")).select_by_value("rect")
    Select(browser.find_element(By.ID, "maze-level")).select_by_value("1")
    small = wait_for(
        lambda: "rect maze" in (t := browser.find_element(By.ID, "maze-summary").text) and t,
        "the level-1 maze",
    )
    assert small != summary and "20×20" not in small  # the level chose a smaller maze


@pytest.mark.slow
def test_make_a_worksheet(server: str, browser: Any) -> None:
    browser.get(server + "/#worksheet")
    wait_for(lambda: browser.find_element(By.ID, "sheet-image"), "the first sheet preview")
    count = browser.find_element(By.ID, "sheet-count")
    count.clear()
    count.send_keys("2")
    Select(browser.find_element(By.ID, "sheet-per-page")).select_by_visible_text("2")
    summary = wait_for(
        lambda: "2 mazes" in (t := browser.find_element(By.ID, "sheet-summary").text) and t,
        "the worksheet preview to update",
    )
    assert "1 page" in summary
    image = browser.find_element(By.ID, "sheet-image")
    assert browser.execute_script("return arguments[0].naturalWidth", image) > 100


@pytest.mark.slow
def test_build_a_small_book(server: str, browser: Any, downloads: Path) -> None:
    browser.get(server + "/#book")
    Select(browser.find_element(By.ID, "book-base")).select_by_visible_text("children")
    wait_for(
        lambda: (
            browser.find_element(By.ID, "book-title").get_attribute("value") == "My First Maze Book"
        ),
        "the children template to load",
    )
    title = browser.find_element(By.ID, "book-title")
    title.clear()
    title.send_keys("Browser Book")
    for i in range(4):
        field = browser.find_element(By.ID, f"book-section-{i}-count")
        field.clear()
        field.send_keys("1")
    browser.find_element(By.ID, "book-build").click()
    done = wait_for(lambda: browser.find_element(By.ID, "book-done").text, "the book to build")
    assert "Browser Book" in done and "4 puzzles" in done
    thumbs = browser.find_elements(By.CSS_SELECTOR, "img.page-thumb")
    assert len(thumbs) == 6
    wait_for(
        lambda: all(browser.execute_script("return arguments[0].naturalWidth", t) for t in thumbs),
        "the page pictures to load",
    )
    browser.find_element(By.ID, "book-download-interior").click()
    pdf = wait_for(lambda: _downloaded(downloads, ".pdf"), "the book download")
    reader = PdfReader(pdf)
    assert "Browser Book" in reader.pages[0].extract_text()
    assert len(reader.pages) % 2 == 0
