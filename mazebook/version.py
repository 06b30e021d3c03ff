"""The package's version, read once from its installed metadata (pyproject.toml is the one
place it is written): the manifest and ``mazebook --version`` say it, without importing the
package's public face."""

from __future__ import annotations

from importlib import metadata

try:
    __version__ = metadata.version("mazebook")
except metadata.PackageNotFoundError:  # run from a checkout that was never installed
    __version__ = "0+unknown"
