"""Difficulty: what a maze asks of its solver. ``metrics`` (counts read from the maze),
``effort`` (the solving-effort model) and ``levels`` (the ladder of effort bands 1-10)."""
