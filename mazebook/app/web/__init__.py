"""The local web app (`mazebook serve`, extra `mazebook[web]`): a maze, a worksheet or a book
made in the browser. ``create_app()`` is the Starlette application; ``actions`` is its only
door into the rest of mazebook."""

from __future__ import annotations

__all__ = ["create_app"]


def __getattr__(name: str) -> object:
    """``create_app`` on first use, so importing the package needs no web framework."""
    if name == "create_app":
        from .server import create_app

        return create_app
    raise AttributeError(name)
