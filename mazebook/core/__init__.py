"""The core: the maze model and everything that makes and reads it, with no drawing, template,
TOML or PDF code. ``grid`` (cells and neighbours), ``maze`` (the model), ``codec`` (its JSON),
``engine`` (``generate``: request -> checked maze), ``solve``, ``braid``, ``openings``,
``weave`` (crossings), ``numberpath`` and ``wordtrail`` (the other puzzle kinds). Shapes and
generators are packages of their own beside it (mazebook.shapes, mazebook.generators): their
names are also the plugin entry-point groups that plugins import from."""
