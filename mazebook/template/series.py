"""A series of books from one template (`mazebook build --volumes N`): each volume's title and
seed.

A volume is titled by the template's ``[series] title`` (else its language's ``volume_title``,
"{title}, Volume {volume}" in English), whose only placeholders are ``{title}`` (the template's
title) and ``{volume}`` (the volume's number); it must have ``{volume}``, or every volume would
bear the same title (template/load.py's check_series refuses such a title when a template is
read). Volume k's seed is derived from the template's seed and k alone, so the
same template and seed give the same series however it is built.
"""

from __future__ import annotations

import hashlib
from dataclasses import replace

from ..core.grid import MAX_SEED
from .load import Template

#: How many volumes one build makes, at least and at most.
MIN_VOLUMES, MAX_VOLUMES = 1, 50


def volume_seed(seed: int, volume: int) -> int:
    """Volume ``volume``'s seed: derived from the template's ``seed`` and the number alone."""
    digest = hashlib.sha256(f"mazebook-volume:{seed}:{volume}".encode()).digest()
    return int.from_bytes(digest[:8], "big") & MAX_SEED


def volume_title(template: Template, volume: int) -> str:
    """Volume ``volume``'s title: the series title with {title} and {volume} filled in."""
    pattern = template.series_title
    if pattern is None:
        return template.texts("volume_title", title=template.title, volume=volume)
    return pattern.format(title=template.title, volume=volume)


def volume_template(template: Template, volume: int) -> Template:
    """The template of volume ``volume``: its title, its own seed and its number (the cover
    prints it)."""
    return replace(
        template,
        title=volume_title(template, volume),
        seed=volume_seed(template.seed, volume),
        volume=volume,
    )
