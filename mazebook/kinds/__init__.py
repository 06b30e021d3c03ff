"""Kinds of puzzle: one module each (``maze``, ``word_trail``, ``number_path``) implementing one
contract (``base.Kind``), found by name in ``KINDS`` (open to the entry-point group
``mazebook.kinds``). The products ask a kind; none names one. ``search`` is the maze kinds'
search for a level (generator, size, openings)."""

from __future__ import annotations

from .base import Facts, Kind, Made, Spot
from .registry import DEFAULT_KIND, KINDS, check_sections, kind_of

__all__ = ["DEFAULT_KIND", "KINDS", "Facts", "Kind", "Made", "Spot", "check_sections", "kind_of"]
