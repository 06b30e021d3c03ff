"""Who may drive the server: requests for this server's own address, from its own pages.

Two standard defences of a local web app (Jupyter has both):

- **Host check (DNS rebinding)**: a request whose ``Host`` is not an address the server was
  started on is refused with 400, so a foreign name that resolves to 127.0.0.1 reaches nothing.
- **Origin check (cross-site requests)**: a request that changes anything (any method but GET,
  HEAD and OPTIONS) must come from the server's own pages: its ``Origin`` (or, without one, its
  ``Referer``) must be this server's own origin, else 403. Browsers send ``Origin`` with every
  form POST and htmx request, so the app's own pages pass and another site's forms do not.

Every answer, a refusal too, also carries ``SECURITY_HEADERS``: no browser guesses another
content type than the one sent (``nosniff``), and no other page may show the app in a frame
(clickjacking), said both ways browsers read it.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.responses import PlainTextResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ...records import record

#: Methods that only read; every other method must come from the server's own origin.
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The names a loopback server answers to.
LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
#: Addresses that mean "every interface of this computer".
WILDCARDS = frozenset({"0.0.0.0", "::", "[::]"})
#: Headers every answer carries.
SECURITY_HEADERS = (
    (b"x-content-type-options", b"nosniff"),
    (b"content-security-policy", b"frame-ancestors 'none'"),
    (b"x-frame-options", b"DENY"),
)


def _ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The name as an IP address ('[::1]' too), or None when it is a host name."""
    try:
        return ipaddress.ip_address(name.strip("[]"))
    except ValueError:
        return None


def _bracketed(host: str) -> str:
    """An IPv6 address in brackets, as it stands in a Host header; other names as given."""
    ip = _ip(host)
    return f"[{ip}]" if ip is not None and ip.version == 6 else host.lower()


@record
class Address:
    """The address a server was started on, and the Host headers it answers to."""

    host: str
    port: int

    def allows(self, header: str) -> bool:
        """Whether a request's Host header names this server: a loopback server answers to
        every loopback name, one on all interfaces to any IP address (a name is what DNS
        rebinding needs), any other to its own address; always with its own port."""
        header = header.lower()
        if header.endswith("]") or ":" not in header:  # no port: the scheme's own
            name, port = header, "80"
        else:
            name, _, port = header.rpartition(":")
        if not name or port != str(self.port):
            return False
        own = _bracketed(self.host)
        if own in WILDCARDS:
            return name == "localhost" or _ip(name) is not None
        ip = _ip(own)
        if own == "localhost" or (ip is not None and ip.is_loopback):
            given = _ip(name)
            return name in LOOPBACK_NAMES or (given is not None and given.is_loopback)
        return name == own

    def shown(self) -> str:
        """The address as a person types it (for error pages)."""
        host = "127.0.0.1" if _bracketed(self.host) in WILDCARDS else _bracketed(self.host)
        return f"http://{host}:{self.port}/"


def origin_of(url: str) -> str | None:
    """'http://host:port' of a URL (an Origin or Referer header), or None when it has none."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return None
    return f"{parts.scheme}://{parts.netloc.lower()}"


class Guard:
    """ASGI middleware: 400 for a foreign Host, 403 for a state-changing request from
    another origin (or from none)."""

    def __init__(self, app: ASGIApp, addresses: Iterable[Address]) -> None:
        self.app = app
        self.addresses = tuple(addresses)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Pass the request on, or answer it with a plain refusal; every answer with
        SECURITY_HEADERS."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        send = _with_headers(send)
        headers = {k.decode("latin-1"): v.decode("latin-1") for k, v in scope["headers"]}
        host = headers.get("host", "")
        if not any(address.allows(host) for address in self.addresses):
            where = " or ".join(address.shown() for address in self.addresses)
            response = PlainTextResponse(
                f"this server answers only at {where} (the request was for {host or 'no host'})",
                status_code=400,
            )
            await response(scope, receive, send)
            return
        if scope["method"] not in SAFE_METHODS:
            sent = headers.get("origin") or headers.get("referer") or ""
            if origin_of(sent) != f"http://{host.lower()}":
                response = PlainTextResponse(
                    "refused: this request did not come from mazebook's own page "
                    f"({'from ' + sent if sent else 'it named no origin'}); open "
                    f"http://{host}/ and use the form there",
                    status_code=403,
                )
                await response(scope, receive, send)
                return
        await self.app(scope, receive, send)


def _with_headers(send: Send) -> Send:
    """``send`` adding SECURITY_HEADERS to the start of every answer."""
    names = {name for name, _ in SECURITY_HEADERS}

    async def sending(message: Message) -> None:
        if message["type"] == "http.response.start":
            headers = [h for h in message.get("headers", ()) if h[0].lower() not in names]
            message = {**message, "headers": [*headers, *SECURITY_HEADERS]}
        await send(message)

    return sending
