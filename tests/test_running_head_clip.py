"""A running head's text is measured once for its font, size and width (issue 33: a section's
head is the same on each of its pages), and what is shown is what measuring it again gives."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazebook.pages import book_furniture
from mazebook.render import typeset


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="ab ✓迷·Ωw", max_size=40),
    st.sampled_from([7.0, 9.0, 12.5]),
    st.floats(min_value=1.0, max_value=400.0),
)
def test_clip_remembered_is_clip_measured(text: str, size: float, width: float) -> None:
    font = typeset.default_fonts().regular
    measured = book_furniture._clip.__wrapped__(text, font, size, width)
    assert book_furniture._clip(text, font, size, width) == measured
    assert book_furniture._clip(text, font, size, width) == measured


def test_clip_measures_a_head_once(monkeypatch: pytest.MonkeyPatch) -> None:
    font = typeset.default_fonts().regular
    calls = [0]
    width_of = book_furniture.stringWidth

    def counted(text: str, face: str, size: float) -> float:
        calls[0] += 1
        return float(width_of(text, face, size))

    monkeypatch.setattr(book_furniture, "stringWidth", counted)
    text = "Level three, the long way round · Levels 3-4 " * 3
    first = book_furniture._clip(text, font, 9.0, 150.0)
    assert calls[0] > 1 and first.endswith("…")
    calls[0] = 0
    for _ in range(5):
        assert book_furniture._clip(text, font, 9.0, 150.0) == first
    assert calls[0] == 0
