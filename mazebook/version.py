"""The package's version, read once from its installed metadata (pyproject.toml is the one
place it is written): the manifest and ``mazebook --version`` say it, without importing the
package's public face.

The installed ``mazebook-VERSION.dist-info`` folder is looked for on ``sys.path`` first, in
path order as importlib.metadata looks: importing importlib.metadata loads email, zipfile and
csv (about 25 ms and 5 MB at every build); it is used only when no such folder is found (an
egg, a zip, an unusual install).
"""

from __future__ import annotations

import os
import sys


def _from_dist_info() -> str | None:
    """The version in the first ``mazebook-*.dist-info/METADATA`` on sys.path, or None."""
    for entry in sys.path:
        try:
            names = sorted(os.listdir(entry or "."))
        except OSError:
            continue
        for name in names:
            if not (name.startswith("mazebook-") and name.endswith(".dist-info")):
                continue
            try:
                with open(os.path.join(entry or ".", name, "METADATA"), encoding="utf-8") as f:
                    for line in f:
                        if line.startswith("Version:"):
                            return line.partition(":")[2].strip()
                        if not line.strip():
                            break  # the headers end at the first blank line
            except OSError:
                continue
    return None


def _version() -> str:
    found = _from_dist_info()
    if found is not None:
        return found
    from importlib import metadata

    try:
        return metadata.version("mazebook")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "0+unknown"


__version__ = _version()
