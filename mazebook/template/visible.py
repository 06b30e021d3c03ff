"""What makes a text visible: a character other than a space, a control or a format character.

A title of only zero-width spaces or joiners, byte-order marks, no-break or other Unicode
spaces, bidirectional marks, or blank letters (the Hangul fillers, the blank braille pattern)
prints an empty title page, like a title of plain spaces: such a text is refused like an empty
one. ``INVISIBLE`` lists every such character (Unicode categories Cc, Cf, Zs, Zl and Zp, up to
Unicode 15.1, and the blank letters) as the body of a regular-expression class, so the template
schema states the rule as a pattern (``VISIBLE``) and the requests check it with ``visible``.
"""

from __future__ import annotations

import re

#: Every invisible character, as a regular-expression class body (ranges of code points).
INVISIBLE = (
    "\\x00-\\x20\\x7f-\\xa0\\xad\\u0600-\\u0605\\u061c\\u06dd\\u070f\\u0890\\u0891\\u08e2"
    "\\u115f\\u1160\\u1680\\u180e\\u2000-\\u200f\\u2028-\\u202f\\u205f-\\u2064\\u2066-\\u206f"
    "\\u2800\\u3000\\u3164\\ufeff\\uffa0\\ufff9-\\ufffb\\U000110bd\\U000110cd"
    "\\U00013430-\\U0001343f\\U0001bca0-\\U0001bca3\\U0001d173-\\U0001d17a\\U000e0001"
    "\\U000e0020-\\U000e007f"
)
#: A text with at least one visible character (the template schema's pattern).
VISIBLE = f"[^{INVISIBLE}]"


def visible(text: str) -> bool:
    """Whether ``text`` holds a character that shows (see the module docstring); the pattern
    is compiled by re's own cache when first used, not at every start."""
    return re.search(VISIBLE, text) is not None
