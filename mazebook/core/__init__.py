"""The core: the maze model and everything that makes and reads it, with no drawing, template,
TOML or PDF code. ``grid`` (cells and neighbours), ``maze`` (the model), ``codec`` (its JSON),
``engine`` (``generate``: request -> checked maze), ``solve``, ``braid``, ``openings``,
``weave`` (crossings), ``numberpath`` and ``wordtrail`` (the other puzzle kinds), and two
registries open to plugins: ``shapes`` (one module per topology) and ``generators`` (one module
per algorithm), read from the entry-point groups ``mazebook.shapes`` and
``mazebook.generators``."""
