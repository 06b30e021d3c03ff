"""The bundled bold face's advance widths as packaged data (mazebook/data/label-widths.json).

The SVG writer measures its START and FINISH words with this table instead of loading
reportlab and parsing the font. The table is made here from the font by reportlab itself, the
reader the PDFs use; tests/test_label_font.py checks that the packaged file is what this makes.
Run ``python tests/fontwidths.py`` to write it again after the font changes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from reportlab.pdfbase.ttfonts import TTFont

ROOT = Path(__file__).resolve().parent.parent
FONT = ROOT / "mazebook" / "fonts" / "DejaVuSans-Bold.ttf"
TABLE = ROOT / "mazebook" / "data" / "label-widths.json"


def table() -> dict[str, Any]:
    """{"font", "units_per_em", "default", "first", "count", "units"}: runs of consecutive
    characters of one advance width, as three lists (first code point, how many, width in font
    units: flat lists of numbers read fast), as reportlab reads the font."""
    face = TTFont("label-widths", str(FONT)).face
    per_em = face.unitsPerEm
    runs: list[list[int]] = []
    for code in sorted(face.charWidths):
        width = round(face.charWidths[code] * per_em / 1000)
        if runs and runs[-1][0] + runs[-1][1] == code and runs[-1][2] == width:
            runs[-1][1] += 1
        else:
            runs.append([code, 1, width])
    first, count, units = (list(column) for column in zip(*runs, strict=True))
    default = round(face.defaultWidth * per_em / 1000)
    head = {"font": FONT.name, "units_per_em": per_em, "default": default}
    return head | {"first": first, "count": count, "units": units}


def text(data: dict[str, Any]) -> str:
    """The file's text: each list on a line of its own."""
    lines = [f"{json.dumps(key)}: {json.dumps(value)}" for key, value in data.items()]
    return "{\n" + ",\n".join(lines) + "\n}\n"


if __name__ == "__main__":
    TABLE.write_text(text(table()), encoding="utf-8")
    print(f"wrote {TABLE} ({len(table()['first'])} runs)")
    sys.exit(0)
