"""Make the web app's pictures in README.md: `python docs/make_web_images.py`.

Starts the app on 127.0.0.1 (a free port) and photographs its first view in Debian's headless
chromium (chromium + chromium-driver) at a phone's width (390 x 844) and a desktop's
(1280 x 900), the phone with "Show the answer" ticked. Writes docs/images/web-phone.png and
docs/images/web-desktop.png; run it after a change to how the page looks.
"""

from __future__ import annotations

import shutil
import socket
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import uvicorn

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mazebook.app.web.server import create_app  # noqa: E402

OUT = ROOT / "docs" / "images"


def _wait(check: Any, what: str, limit: float = 30.0) -> Any:
    """Poll ``check`` until it returns something truthy."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        try:
            value = check()
        except Exception:  # the element is being swapped by htmx: look again
            value = None
        if value:
            return value
        time.sleep(0.05)
    raise SystemExit(f"timed out waiting for {what}")


def _browser(profile: str) -> Any:
    """Headless chromium through selenium, without scroll bars in the pictures."""
    from selenium import webdriver

    options = webdriver.ChromeOptions()
    options.binary_location = shutil.which("chromium") or "chromium"
    for flag in ("--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars"):
        options.add_argument(flag)
    options.add_argument(f"--user-data-dir={profile}")
    service = webdriver.ChromeService(executable_path=shutil.which("chromedriver"))
    return webdriver.Chrome(options=options, service=service)


def photograph(base: str, browser: Any) -> None:
    """The first view at a phone's width (with the answer shown) and at a desktop's."""
    from selenium.webdriver.common.by import By

    for name, (width, height), answer in (
        ("web-phone.png", (390, 844), True),
        ("web-desktop.png", (1280, 900), False),
    ):
        browser.set_window_size(width, height)
        browser.get(base + "/")
        _wait(lambda: browser.find_element(By.CSS_SELECTOR, "#maze-svg svg"), "the preview")
        if answer:
            browser.find_element(By.ID, "maze-solution").click()
            _wait(
                lambda: (
                    "<polyline"
                    in browser.find_element(By.ID, "maze-svg").get_attribute("innerHTML")
                ),
                "the answer",
            )
        _wait(lambda: browser.find_element(By.ID, "sheet-image"), "the worksheet preview")
        browser.execute_script("window.scrollTo(0, 0)")
        time.sleep(0.3)
        browser.save_screenshot(str(OUT / name))
        print(f"wrote {OUT / name}")


def main() -> None:
    """Start the server, take the pictures, stop."""
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(create_app(), host="127.0.0.1", port=port, log_level="warning")
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    _wait(lambda: server.started, "the server to start")
    profile = tempfile.mkdtemp()
    browser = _browser(profile)
    try:
        photograph(f"http://127.0.0.1:{port}", browser)
    finally:
        browser.quit()
        server.should_exit = True
        thread.join(timeout=30)
        shutil.rmtree(profile, ignore_errors=True)


if __name__ == "__main__":
    main()
