"""Printing: every printer rule in one room. ``printers`` reads the printer tables (packaged TOML
with sources; plugins add more), ``doc`` writes docs/printers.md from them, and ``rules`` fits a
book to its printer (page format, bleed, the page-count rule). The template's print keys are
read in mazebook/template/print_keys.py against these tables."""
