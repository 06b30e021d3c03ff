"""The old home of the command line, kept so ``mazebook.cli:main`` (console scripts installed
before the move) and ``python -m mazebook.cli`` still run: it is mazebook.app.cli's ``main``."""

from __future__ import annotations

import sys

from .app.cli import main

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
