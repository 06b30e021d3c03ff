"""Drawing geometry, pure (no writer, no PDF or SVG library): ``drawing`` (MazeGeometry: wall
runs, the solution polyline, crossings), ``from_maze`` (a maze of each shape as its geometry),
``labels`` (where START/FINISH go), ``paths`` (merged strokes) and ``style`` (line widths and
fitting). Every writer in mazebook.render draws this, never a Maze."""
