"""The web app as a person uses it: Debian's headless chromium driven by selenium + chromedriver.

The server runs in this process (uvicorn on 127.0.0.1, a free port); the browser gets a fresh
profile and no network beyond localhost. Without chromium and chromium-driver the tests skip
with the reason in the summary (`.ci/run` installs them).
"""

from __future__ import annotations

import base64
import io
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
from selenium.webdriver.common.action_chains import ActionChains  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.common.keys import Keys  # noqa: E402
from selenium.webdriver.support.ui import Select  # noqa: E402

from mazebook.app.web.actions import ALGORITHMS, SHEET_TEXTS  # noqa: E402
from mazebook.app.web.server import create_app  # noqa: E402

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="no headless browser: Debian's chromium and chromium-driver are not installed "
    "(apt-get install chromium chromium-driver; .ci/run does this)",
)
#: axe-core, vendored as a test fixture (tests/vendor/README.md); injected here, never served.
AXE = Path(__file__).parent / "vendor" / "axe.min.js"
#: The two screens the first view is checked at: a phone and a desktop.
SCREENS = [(390, 844), (1280, 900)]
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


def _tech(browser: Any) -> str:
    """The preview's technical line (generator, size, seed), folded under "How it was made"."""
    return str(browser.find_element(By.ID, "maze-tech").get_attribute("textContent")).strip()


def _open_advanced(browser: Any, details: str) -> None:
    """Open a part's Advanced section (closed on a fresh page)."""
    box = browser.find_element(By.ID, details)
    if not box.get_attribute("open"):
        box.find_element(By.TAG_NAME, "summary").click()
    wait_for(lambda: box.get_attribute("open") is not None, "Advanced to open")


def _choose(browser: Any, radio: str) -> None:
    """Click the label of a visually hidden radio (a preset pill or a gallery tile)."""
    browser.find_element(By.ID, radio).find_element(By.XPATH, "..").click()
    wait_for(lambda: browser.find_element(By.ID, radio).is_selected(), f"{radio} to be chosen")


def _svg(browser: Any) -> str:
    return str(browser.find_element(By.CSS_SELECTOR, "#maze-svg svg").get_attribute("outerHTML"))


@pytest.mark.slow
def test_make_a_maze_change_its_shape_and_download_the_pdf(
    server: str, browser: Any, downloads: Path
) -> None:
    browser.set_window_size(1280, 1600)
    browser.get(server + "/")
    first = wait_for(lambda: _svg(browser), "the first maze preview")
    assert 'id="walls"' in first
    _open_advanced(browser, "maze-advanced")
    Select(browser.find_element(By.ID, "maze-shape")).select_by_value("circle")
    circle = wait_for(lambda: (s := _svg(browser)) != first and s, "the preview to change")
    assert "<path" in circle and _tech(browser).startswith("circle maze")
    # a bad size: the message appears beside the field, in the form's words (never a flag)
    size = browser.find_element(By.ID, "maze-size")
    size.clear()
    size.send_keys("40y60")
    error = wait_for(
        lambda: "40y60" in (t := browser.find_element(By.ID, "maze-err-size").text) and t,
        "the size error to show",
    )
    assert error == "Size in cells: must be WIDTHxHEIGHT in cells, e.g. 30x20; got '40y60'"
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
        lambda: "Braid: must be" in browser.find_element(By.ID, "maze-err-braid").text,
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
    assert "Maze (circle)" in str(reader.metadata.get("/Subject", ""))
    pdf.unlink()
    assert not browser.find_element(By.ID, "maze-look-rect").is_selected()  # Advanced speaks


@pytest.mark.slow
def test_a_picture_makes_a_mask_maze_and_a_level_picks_the_size(
    server: str, browser: Any, tmp_path: Path
) -> None:
    from PIL import Image, ImageDraw

    picture = tmp_path / "disc.png"
    image = Image.new("L", (80, 80), 255)
    ImageDraw.Draw(image).ellipse((5, 5, 75, 75), fill=0)
    image.save(picture)
    browser.set_window_size(1280, 1600)
    browser.get(server + "/")
    first = wait_for(lambda: _svg(browser), "the first maze preview")
    _open_advanced(browser, "maze-advanced")
    Select(browser.find_element(By.ID, "maze-shape")).select_by_value("mask")
    browser.find_element(By.ID, "maze-image").send_keys(str(picture))
    summary = wait_for(lambda: "mask maze" in (t := _tech(browser)) and t, "the picture's maze")
    # every read is polled: htmx may still swap the preview in (a stale element is read again)
    wait_for(lambda: _svg(browser) != first, "the picture's maze drawn")
    wait_for(lambda: browser.find_element(By.ID, "maze-err-image").text == "", "no image error")
    Select(browser.find_element(By.ID, "maze-shape")).select_by_value("rect")
    Select(browser.find_element(By.ID, "maze-level")).select_by_value("1")
    small = wait_for(lambda: "rect maze" in (t := _tech(browser)) and t, "the level-1 maze")
    assert small != summary and "20×20" not in small  # the level chose a smaller maze
    text = wait_for(
        lambda: (t := browser.find_element(By.ID, "maze-summary").text).startswith("Level 1") and t,
        "the level-1 summary",
    )
    assert text.startswith("Level 1 maze: rectangle") and text.endswith("cells.")
    # no preset stands for level 1; choosing Hard sets the level it stands for
    presets = ("easy", "medium", "hard")
    wait_for(
        lambda: (
            not any(browser.find_element(By.ID, f"maze-preset-{p}").is_selected() for p in presets)
        ),
        "no preset chosen",
    )
    _choose(browser, "maze-preset-hard")
    wait_for(
        lambda: browser.find_element(By.ID, "maze-summary").text.startswith("Hard maze (level 7)"),
        "the hard maze",
    )
    assert Select(browser.find_element(By.ID, "maze-level")).first_selected_option.text == "7"


@pytest.mark.slow
def test_make_a_worksheet(server: str, browser: Any) -> None:
    browser.set_window_size(1280, 1600)
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
    browser.set_window_size(1280, 1600)
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


AXE_RUN = """
const done = arguments[arguments.length - 1];
axe.run(document, {resultTypes: ["violations"]}).then(
  (r) => done(r.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.slice(0, 5).map((n) => n.target.join(" "))}))),
  (e) => done([{id: "axe-error", impact: "critical", help: String(e), nodes: []}]));
"""


def _axe_problems(browser: Any) -> list[dict[str, Any]]:
    """axe-core's serious and critical violations on the page as it is now."""
    browser.execute_script(AXE.read_text(encoding="utf-8"))
    browser.set_script_timeout(60)
    found = browser.execute_async_script(AXE_RUN)
    return [v for v in found if v["impact"] in ("serious", "critical")]


def _open_every_details(browser: Any) -> None:
    browser.execute_script("document.querySelectorAll('details').forEach(d => d.open = true)")


def _visible_text(browser: Any) -> str:
    """What is on the screen as words (closed details and hidden fields left out)."""
    return str(browser.execute_script("return document.body.innerText"))


def _fresh_page(browser: Any, server: str, size: tuple[int, int], anchor: str = "") -> None:
    browser.set_window_size(*size)
    browser.get("about:blank")  # a new document, also when only the #anchor differs
    browser.get(server + "/" + anchor)
    wait_for(lambda: _svg(browser), "the first maze preview")
    wait_for(lambda: browser.find_element(By.ID, "sheet-image"), "the first sheet preview")


@pytest.mark.slow
@pytest.mark.parametrize("size", SCREENS, ids=["phone", "desktop"])
def test_the_first_view_is_plain_and_fits_the_screen(
    server: str, browser: Any, size: tuple[int, int]
) -> None:
    _fresh_page(browser, server, size)
    width = browser.execute_script("return window.innerWidth")
    assert width == size[0]
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow == 0, f"the page scrolls sideways by {overflow} px at {size[0]} px"
    for name in ("easy", "medium", "hard"):
        pill = browser.find_element(By.ID, f"maze-preset-{name}").find_element(By.XPATH, "..")
        assert pill.is_displayed() and pill.text.startswith(name.capitalize())
    assert (
        "level 2"
        in browser.find_element(By.ID, "maze-preset-easy").find_element(By.XPATH, "..").text
    )
    shown = _visible_text(browser)
    for word in ("Rectangle", "Circle", "Hexagon", "Heart", "Star", "A name", "Show the answer"):
        assert word in shown
    assert browser.find_element(By.ID, "maze-print").is_displayed()
    # no generator name until Advanced is opened
    named = [a for a in ALGORITHMS if a in shown.lower()]
    assert named == [], f"generator names visible before Advanced: {named}"
    assert not browser.find_element(By.ID, "maze-algorithm").is_displayed()
    # the preview is above the fold, also on a phone; its text alternative says what it is
    box = browser.find_element(By.ID, "maze-svg")
    top = browser.execute_script("return arguments[0].getBoundingClientRect().top", box)
    assert top < size[1] / 2
    assert box.get_attribute("role") == "img"
    # the same words as the SVG's description (kinds.describe)
    assert box.get_attribute("aria-label").startswith("Maze (rectangle), Level 2, ")
    # controls are touch-sized
    for control in ("maze-print", "maze-new", "maze-text"):
        height = browser.execute_script(
            "return arguments[0].getBoundingClientRect().height",
            browser.find_element(By.ID, control),
        )
        assert height >= 44, f"{control} is {height} px high"
    _open_advanced(browser, "maze-advanced")
    assert browser.find_element(By.ID, "maze-algorithm").is_displayed()
    assert "backtracker" in _visible_text(browser)
    overflow = browser.execute_script(
        "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow == 0, f"with Advanced open the page scrolls sideways by {overflow} px"


#: The words on the first screen (the viewport's height from the top): innerText of every text
#: that is rendered there, closed details left out as a reader sees them.
FIRST_SCREEN_TEXT = """
const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
const out = [];
while (walker.nextNode()) {
  const node = walker.currentNode, range = document.createRange();
  if (!node.textContent.trim()) continue;
  const holder = node.parentElement;  // closed details keep their content laid out, unseen
  if (holder.closest("details:not([open]) > :not(summary)")) continue;
  if (holder.checkVisibility && !holder.checkVisibility({visibilityProperty: true})) continue;
  range.selectNodeContents(node);
  const box = range.getBoundingClientRect();
  if (box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < window.innerHeight)
    out.push(node.textContent.trim());
}
return out.join(" | ");
"""


@pytest.mark.slow
def test_a_phone_shows_the_maze_and_print_on_its_first_screen(server: str, browser: Any) -> None:
    """At 390 x 844 (a phone's whole viewport): the preview and the Print button are on the
    first screen, and nothing there names a generator or says seed."""
    browser.set_window_size(390, 1100)
    browser.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True},
    )
    try:
        browser.get("about:blank")
        browser.get(server + "/")
        wait_for(lambda: _svg(browser), "the first maze preview")
        assert browser.execute_script("return window.innerHeight") == 844
        bottom = browser.execute_script(
            "return document.getElementById('maze-print').getBoundingClientRect().bottom"
        )
        assert bottom <= 844, f"the Print button ends {bottom} px down"
        first = wait_for(lambda: browser.execute_script(FIRST_SCREEN_TEXT), "the first screen")
        assert "Print" in first and "Easy maze (level 2)" in first
        assert "seed" not in first.lower()
        assert [a for a in ALGORITHMS if a in first.lower()] == []
    finally:
        browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})


@pytest.mark.slow
@pytest.mark.parametrize("size", SCREENS, ids=["phone", "desktop"])
def test_axe_finds_no_serious_problem(server: str, browser: Any, size: tuple[int, int]) -> None:
    _fresh_page(browser, server, size)
    assert _axe_problems(browser) == []
    _open_every_details(browser)  # every Advanced section and the preview's details
    _choose(browser, "maze-look-heart")
    browser.find_element(By.ID, "maze-solution").click()
    wait_for(lambda: "<polyline" in _svg(browser), "the answer in the preview")
    assert _axe_problems(browser) == []
    # the check can fail: a field without a label is found
    browser.execute_script(
        "document.getElementById('maze-form').append(document.createElement('input'))"
    )
    assert "label" in [v["id"] for v in _axe_problems(browser)]
    browser.execute_script("document.querySelector('#maze-form > input:last-child').remove()")


@pytest.mark.slow
def test_axe_on_the_built_book_and_the_error_page(server: str, browser: Any) -> None:
    browser.set_window_size(390, 844)
    browser.get("about:blank")
    browser.get(server + "/#book")
    for i in range(5):
        field = browser.find_element(By.ID, f"book-section-{i}-count")
        field.clear()
        field.send_keys("1")
    browser.find_element(By.ID, "book-build").click()
    wait_for(lambda: browser.find_element(By.ID, "book-done").text, "the book to build")
    assert _axe_problems(browser) == []
    # a download the form cannot make: the error page
    _open_advanced(browser, "maze-advanced")
    seed = browser.find_element(By.ID, "maze-seed")
    seed.clear()
    seed.send_keys("not a seed")
    browser.find_element(By.ID, "maze-download-svg").click()
    line = wait_for(lambda: browser.find_element(By.ID, "download-error").text, "the error page")
    assert line.startswith("Seed: must be a whole number") and "--" not in line
    assert _axe_problems(browser) == []


def _blob(browser: Any, url: str) -> bytes:
    """The bytes behind a blob: URL of the page."""
    data = browser.execute_async_script(
        """const done = arguments[1];
        fetch(arguments[0]).then((r) => r.arrayBuffer()).then((b) => {
          let s = ""; new Uint8Array(b).forEach((c) => { s += String.fromCharCode(c); });
          done(btoa(s)); });""",
        url,
    )
    return base64.b64decode(data)


@pytest.mark.slow
def test_print_opens_the_pdf_for_the_print_dialog(server: str, browser: Any) -> None:
    _fresh_page(browser, server, (1280, 900))
    _choose(browser, "maze-preset-medium")
    _choose(browser, "maze-look-star")
    wait_for(
        lambda: browser.find_element(By.ID, "maze-summary").text.startswith("Medium maze"),
        "the medium star",
    )
    # a headless browser's print dialog would wait forever: record what it would print
    browser.execute_script(
        "window.mazebook.openPrintDialog = (frame) => { window.printed = frame.src; };"
    )
    browser.find_element(By.ID, "maze-print").click()
    url = wait_for(lambda: browser.execute_script("return window.printed"), "the print dialog")
    assert url.startswith("blob:") and browser.find_element(By.ID, "print-frame").is_enabled()
    assert len(browser.window_handles) == 1
    reader = PdfReader(io.BytesIO(_blob(browser, url)))
    assert len(reader.pages) == 1
    assert "Maze (silhouette)" in str(reader.metadata.get("/Subject", ""))
    assert browser.find_element(By.ID, "maze-err-maze").text == ""


def _tab_to(browser: Any, element_id: str, limit: int = 40) -> Any:
    """Press Tab until the element has the focus (failing if the tab order never reaches it).
    The focused element is read by its id in the page: a preview htmx swaps in meanwhile may
    replace the element that had the focus, and a reference to it would go stale."""
    for _ in range(limit):
        ActionChains(browser).send_keys(Keys.TAB).perform()
        active = browser.execute_script(
            "return document.activeElement && document.activeElement.id"
        )
        if active == element_id:
            return browser.find_element(By.ID, element_id)
    raise AssertionError(f"Tab never reached #{element_id}")


def _focus_ring(browser: Any, element: Any) -> str:
    """The outline drawn around a focused control (or, for a hidden radio, its label)."""
    return str(
        browser.execute_script(
            """const e = arguments[0];
            const box = e.type === "radio" && e.closest("label") ? e.closest("label") : e;
            const s = getComputedStyle(box); return s.outlineStyle + " " + s.outlineWidth;""",
            element,
        )
    )


@pytest.mark.slow
def test_keyboard_only_makes_and_downloads_a_maze(
    server: str, browser: Any, downloads: Path
) -> None:
    for old in downloads.iterdir():
        old.unlink()
    _fresh_page(browser, server, (390, 844))
    before = _svg(browser)
    easy = _tab_to(browser, "maze-preset-easy")
    assert _focus_ring(browser, easy).startswith("solid")
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()  # Medium
    assert browser.find_element(By.ID, "maze-preset-medium").is_selected()
    # the answer box and Print come right after the preview, then the shapes
    answer = _tab_to(browser, "maze-solution")
    assert _focus_ring(browser, answer).startswith("solid")
    ActionChains(browser).send_keys(Keys.SPACE).perform()
    rect = _tab_to(browser, "maze-look-rect")
    assert _focus_ring(browser, rect).startswith("solid")
    ActionChains(browser).send_keys(Keys.ARROW_RIGHT).perform()  # Circle
    assert browser.find_element(By.ID, "maze-look-circle").is_selected()
    wait_for(
        lambda: "<polyline" in (s := _svg(browser)) and s != before, "the medium circle, answered"
    )
    wait_for(  # the summary is swapped in with its preview: read it again until it is there
        lambda: browser.find_element(By.ID, "maze-summary").text.startswith(
            "Medium maze (level 4): circle"
        ),
        "the medium circle's summary",
    )
    ActionChains(browser).key_down(Keys.SHIFT).perform()  # back up to the downloads
    try:
        _tab_to(browser, "maze-download-pdf")
    finally:
        ActionChains(browser).key_up(Keys.SHIFT).perform()
    ActionChains(browser).send_keys(Keys.ENTER).perform()
    pdf = wait_for(lambda: _downloaded(downloads, ".pdf"), "the PDF download")
    assert pdf.name.startswith("maze-level4-circle-") and pdf.name.endswith("-seed1.pdf")
    reader = PdfReader(pdf)
    assert len(reader.pages) == 1
    assert "Maze (circle), Level 4" in str(reader.metadata.get("/Subject", ""))
    pdf.unlink()


@pytest.mark.slow
def test_worksheet_words_follow_the_language_until_typed(server: str, browser: Any) -> None:
    _fresh_page(browser, server, (1280, 900), "#worksheet")
    title = browser.find_element(By.ID, "sheet-title")
    instruction = browser.find_element(By.ID, "sheet-instruction")
    language = Select(browser.find_element(By.ID, "sheet-language"))
    assert title.get_attribute("value") == SHEET_TEXTS["en"]["title"]
    language.select_by_value("de")
    assert title.get_attribute("value") == SHEET_TEXTS["de"]["title"]
    assert instruction.get_attribute("value") == SHEET_TEXTS["de"]["instruction"]
    title.clear()
    title.send_keys("Klasse 2b")
    language.select_by_value("fr")
    assert title.get_attribute("value") == "Klasse 2b"  # typed: the user's own
    assert instruction.get_attribute("value") == SHEET_TEXTS["fr"]["instruction"]
    _choose(browser, "sheet-preset-easy")
    assert browser.find_element(By.ID, "sheet-levels").get_attribute("value") == "1-2"
    # Print the sheets: the worksheet's PDF, in French, with the typed title
    browser.execute_script(
        "window.mazebook.openPrintDialog = (frame) => { window.printed = frame.src; };"
    )
    browser.find_element(By.ID, "sheet-print").click()
    url = wait_for(lambda: browser.execute_script("return window.printed"), "the print dialog")
    text = PdfReader(io.BytesIO(_blob(browser, url))).pages[0].extract_text() or ""
    assert "Klasse 2b" in text and "ARRIVÉE" in text


@pytest.mark.slow
def test_an_error_under_a_closed_advanced_opens_it(server: str, browser: Any) -> None:
    _fresh_page(browser, server, (1280, 900))
    advanced = browser.find_element(By.ID, "maze-advanced")
    assert advanced.get_attribute("open") is None
    browser.execute_script(
        "const s = document.getElementById('maze-seed'); s.value = 'abc';"
        "s.dispatchEvent(new Event('change', {bubbles: true}));"
    )
    wait_for(lambda: advanced.get_attribute("open") is not None, "Advanced to open")
    assert browser.find_element(By.ID, "maze-err-seed").text.startswith("Seed: must be")


def _sideways(browser: Any) -> int:
    """How far the page scrolls sideways (px)."""
    return int(
        browser.execute_script(
            "return document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
    )


@pytest.mark.slow
def test_no_sideways_scroll_at_360_px_with_everything_open(server: str, browser: Any) -> None:
    _fresh_page(browser, server, (360, 740))
    assert _sideways(browser) == 0
    _open_every_details(browser)
    assert _sideways(browser) == 0
    wide = browser.execute_script(
        """return [...document.querySelectorAll("main *")]
             .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth)
             .map((e) => e.id || e.tagName);"""
    )
    assert wide == []
