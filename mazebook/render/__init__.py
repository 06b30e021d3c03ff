"""Rendering: pure geometry from a maze, then writers (SVG, PDF) that only see that geometry."""
