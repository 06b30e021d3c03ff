"""Files that ship inside the package: mazebook/data's tables and an installed mazebook's
templates. A file is read by pkgutil.get_data (through the package's own loader, from a zip
too), and a folder is found beside the modules: importlib.resources would cost every build
about 5 ms to import and set up (zipfile among them), more than the files take to read.
"""

from __future__ import annotations

import pkgutil
from pathlib import Path

#: The folder of the package's modules (mazebook/).
HOME = Path(__file__).resolve().parent


def read_packaged(relative: str) -> bytes:
    """The bytes of the packaged file at ``relative`` ("data/printers/kdp.toml": a path under
    mazebook/, parts parted by "/")."""
    data = pkgutil.get_data(__package__ or "mazebook", relative)
    if data is None:  # a loader that cannot read files: not an install mazebook ships in
        raise OSError(f"mazebook's packaged file {relative} cannot be read from this install")
    return data
