"""Files that ship inside the package: mazebook/data's tables and an installed mazebook's
templates. A file is read through the package's own loader, as pkgutil.get_data does (from a
zip too), and a folder is found beside the modules: importlib.resources would cost every
build about 5 ms to import and set up (zipfile among them), more than the files take to read.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

#: The folder of the package's modules (mazebook/).
HOME = Path(__file__).resolve().parent


def read_packaged(relative: str) -> bytes:
    """The bytes of the packaged file at ``relative`` ("data/printers/kdp.toml": a path under
    mazebook/, parts parted by "/")."""
    package = sys.modules[__package__]  # mazebook
    assert package.__spec__ is not None and package.__file__ is not None
    loader: Any = package.__spec__.loader
    where = os.path.join(os.path.dirname(package.__file__), *relative.split("/"))
    data: bytes = loader.get_data(where)
    return data
