"""`mazebook serve`: the local web app (extra `mazebook[web]`) on 127.0.0.1 unless told otherwise.

uvicorn serves the Starlette app of mazebook/web. Binding to any other address prints a
warning line first, since the app has no login and anyone who reaches the port can use it.
"""

from __future__ import annotations

import argparse
import ipaddress
import socket
import sys
import threading
from typing import Any

from ...errors import InvalidOptionError, MazebookError, os_problem

DEFAULT_HOST, DEFAULT_PORT = "127.0.0.1", 8000
#: Seconds the requests in progress get to finish once the server is told to stop (SIGTERM,
#: Ctrl-C); then their work is killed: the server is gone within a few seconds.
SHUTDOWN_GRACE = 2


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `mazebook serve` to the CLI."""
    p = sub.add_parser(
        "serve",
        help="run the web app in a browser (needs mazebook[web])",
        description=(
            "Run mazebook's web app: make a maze, a worksheet or a book in the browser. It "
            "listens on 127.0.0.1 (this computer only) unless --host says otherwise."
        ),
    )
    p.add_argument("--host", default=DEFAULT_HOST, help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", default=str(DEFAULT_PORT), help="port, 1 to 65535 (default 8000)")
    p.add_argument("--open", action="store_true", help="open the page in the default browser")
    p.set_defaults(run=run)


def parse_port(text: str) -> int:
    """'8000' -> 8000; InvalidOptionError unless a whole number from 1 to 65535."""
    if not text.strip().isdigit() or not 1 <= int(text) <= 65535:
        raise InvalidOptionError(f"--port must be a whole number from 1 to 65535, got {text!r}")
    return int(text)


def is_loopback(host: str) -> bool:
    """True for 'localhost' and loopback addresses (127.0.0.0/8, ::1)."""
    if host.strip().lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False


def exposure_warning(host: str, port: int) -> str | None:
    """The warning line for an address other computers may reach, else None."""
    if is_loopback(host):
        return None
    return (
        f"mazebook serve: warning: listening on {host}:{port}, NOT only on this computer: "
        "anyone who can reach this address can use the app (it has no login); use the default "
        "--host 127.0.0.1 unless you mean it"
    )


def listen(host: str, port: int) -> socket.socket:
    """A listening socket on host:port; MazebookError (one line) when it cannot be had."""
    try:
        family = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)[0][0]
        return socket.create_server((host, port), family=family)
    except OSError as exc:
        raise MazebookError(f"cannot listen on {host}:{port}: {os_problem(exc)}") from None


def _server_class() -> type[Any]:
    """uvicorn's Server, killing the work in progress as soon as it starts to stop (SIGTERM,
    Ctrl-C): the requests waiting on it answer at once instead of holding the exit up."""
    import uvicorn

    from ..web.workers import POOL

    class Server(uvicorn.Server):
        async def shutdown(self, sockets: list[socket.socket] | None = None) -> None:
            POOL.stop()
            await super().shutdown(sockets)

    return Server


def run(args: argparse.Namespace) -> int:
    """Check the port, warn about an exposed address, listen, and serve until Ctrl-C."""
    port = parse_port(args.port)
    try:
        import uvicorn

        from ..web.server import create_app
        from ..web.workers import POOL
    except ImportError as exc:
        raise MazebookError(
            f"the web app needs the web extra ({exc.name} is missing): "
            "python -m pip install 'mazebook[web]'"
        ) from None
    sock = listen(args.host, port)  # an address that cannot be had is one error line, no more
    warning = exposure_warning(args.host, port)
    if warning:
        print(warning, file=sys.stderr)
    shown = f"[{args.host}]" if ":" in args.host else args.host
    url = f"http://{'127.0.0.1' if args.host in ('0.0.0.0', '::') else shown}:{port}/"
    print(f"mazebook serve: open {url} (Ctrl-C stops)", file=sys.stderr)
    if args.open:
        import webbrowser  # only here: every other command starts without it

        threading.Timer(1.0, webbrowser.open, args=(url,)).start()
    config = uvicorn.Config(
        create_app(host=args.host, port=port),
        log_level="warning",
        timeout_graceful_shutdown=SHUTDOWN_GRACE,  # then the work in progress is killed
    )
    try:
        _server_class()(config).run(sockets=[sock])
    finally:
        sock.close()
        POOL.close()  # the idle workers too
    return 0
