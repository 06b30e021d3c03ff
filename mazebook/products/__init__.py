"""Products: the book (``book``), worksheets (``worksheet``), class sets (``classset``) and the
cover (``cover``; ``cover_only`` for ``mazebook cover``), each prepared as a ``runner.Product``
and made by one runner (``runner.run``). ``schedule`` and ``pipeline`` choose and record the
puzzles; ``manifest`` is the typed record of a build."""
