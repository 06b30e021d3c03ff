"""Kinds of puzzle: one module each (``maze``, ``word_trail``, ``number_path``) implementing one
contract (``base.Kind``), found by name in ``KINDS`` (open to the entry-point group
``mazebook.kinds``). The products ask a kind; none names one. ``search`` is the maze kinds'
search for a level (generator, size, openings).

The names below load on first use, so a command that only describes a maze (``describe``)
does not load the page code the contract's cards bring."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..lazy import lazy_names

if TYPE_CHECKING:
    from .base import Facts, Kind, Made, Spot
    from .registry import DEFAULT_KIND, KINDS, check_sections, kind_of

__all__ = ["DEFAULT_KIND", "KINDS", "Facts", "Kind", "Made", "Spot", "check_sections", "kind_of"]

#: The module each name lives in.
_HOMES = {
    "Facts": ".base",
    "Kind": ".base",
    "Made": ".base",
    "Spot": ".base",
    "DEFAULT_KIND": ".registry",
    "KINDS": ".registry",
    "check_sections": ".registry",
    "kind_of": ".registry",
}


__getattr__ = lazy_names(__name__, _HOMES)
