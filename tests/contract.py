"""Keys that other tools read from a manifest's puzzles (the book issue's contract)."""

from __future__ import annotations

PUZZLE_KEYS = {
    "number",
    "section",
    "page",
    "answer_page",
    "level",
    "algorithm",
    "width",
    "height",
    "seed",
    "options",
    "entrance",
    "exit",
    "solution_length",
    "metrics",
}
