"""The SVG labels' widths: the packaged table is the bundled bold face as reportlab reads it,
and a word's width from it is reportlab's to the last bit."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st
from reportlab.pdfbase.pdfmetrics import stringWidth

from mazebook.render.label_font import bold_width
from mazebook.render.typeset import default_fonts

from .fontwidths import TABLE, table, text


def test_the_packaged_table_is_the_font_as_reportlab_reads_it() -> None:
    assert TABLE.read_text(encoding="utf-8") == text(table())


@settings(max_examples=300, deadline=None)
@given(
    word=st.text(st.characters(min_codepoint=0x20, max_codepoint=0x3100), min_size=0, max_size=20),
    size=st.floats(min_value=0.5, max_value=72, allow_nan=False),
)
def test_a_word_is_as_wide_as_reportlab_sets_it(word: str, size: float) -> None:
    assert bold_width(word, size) == stringWidth(word, default_fonts().bold, size)


def test_the_label_words_of_every_language() -> None:
    from mazebook.template.texts import LANGUAGES

    for words in LANGUAGES.values():
        for key in ("start", "finish"):
            for size in (5.5, 7.0, 8.5, 9.0, 12.0):
                got = bold_width(words[key], size)
                assert got == stringWidth(words[key], default_fonts().bold, size) > 0
