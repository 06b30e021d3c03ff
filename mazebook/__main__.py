"""``python -m mazebook``: the same as the ``mazebook`` command."""

import sys

from .app.cli import main

sys.exit(main())
