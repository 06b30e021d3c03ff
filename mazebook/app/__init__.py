"""The front ends: ``cli`` with its subcommands (``commands``, one module per ``mazebook``
subcommand) and ``web`` (``mazebook serve``). Neither imports the other; both fill the typed
requests of mazebook.requests and call the products."""
