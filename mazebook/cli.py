"""Deprecated: the old home of the command line, kept so ``mazebook.cli:main`` (console scripts
installed before the move) and ``python -m mazebook.cli`` still run; it warns and goes in
mazebook 0.3.0 (CHANGELOG). The command line is mazebook.app.cli."""

from __future__ import annotations

import sys
import warnings

from .app.cli import main

DEPRECATED = (
    "mazebook.cli is deprecated and goes in mazebook 0.3.0: run `mazebook` or `python -m mazebook`"
)
# run as a program the warning is the program's own (and shown); imported, the importer's
warnings.warn(DEPRECATED, DeprecationWarning, stacklevel=1 if __name__ == "__main__" else 2)

__all__ = ["main"]

if __name__ == "__main__":
    sys.exit(main())
