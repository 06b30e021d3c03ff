"""SVG documents on the standard library's ElementTree: the elements the writers need, written
byte for byte as svgwrite (which mazebook used before, and which is no longer maintained) wrote
them: attributes in name order, each value as ``str()`` gives it, none left empty.

Importing svgwrite cost more than making and writing a small maze; ElementTree is already loaded
by every Python that reads XML, and escapes text and attributes the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from xml.etree import ElementTree

Element = ElementTree.Element

#: The root's namespaces, as svgwrite declared them.
NAMESPACES = {
    "xmlns": "http://www.w3.org/2000/svg",
    "xmlns:ev": "http://www.w3.org/2001/xml-events",
    "xmlns:xlink": "http://www.w3.org/1999/xlink",
}


def element(
    tag: str, attributes: Mapping[str, object] | None = None, *, text: str | None = None
) -> Element:
    """``<tag>`` with ``attributes`` in name order, each ``str(value)``; a None or empty value
    is left out. ``text`` is the element's content."""
    node = Element(tag)
    for name, value in sorted((attributes or {}).items()):
        shown = "" if value is None else str(value)
        if shown:
            node.set(name, shown)
    if text is not None:
        node.text = text
    return node


def add(
    parent: Element,
    tag: str,
    attributes: Mapping[str, object] | None = None,
    *,
    text: str | None = None,
) -> Element:
    """A new ``<tag>`` appended to ``parent``, with ``text`` as its content; the new element."""
    node = element(tag, attributes, text=text)
    parent.append(node)
    return node


def document(
    width: str,
    height: str,
    view: Iterable[float],
    *,
    title: str,
    desc: str | None = None,
    metadata: Element | None = None,
) -> Element:
    """The ``<svg>`` root of ``width`` x ``height`` showing ``view`` (x, y, width, height),
    with its ``<title>`` (a screen reader's name for it), its ``<desc>`` if any (what the
    reader hears next), the ``<metadata>`` record if any, and an empty ``<defs>``."""
    attributes: dict[str, object] = {"baseProfile": "full", "version": "1.1", **NAMESPACES}
    attributes |= {"width": width, "height": height, "viewBox": ",".join(map(str, view))}
    root = element("svg", attributes)
    add(root, "title", text=title)
    if desc is not None:
        add(root, "desc", text=desc)
    if metadata is not None:
        add(root, "metadata").append(metadata)
    add(root, "defs")
    return root


def points(pairs: Iterable[tuple[object, object]]) -> str:
    """A polyline's or polygon's ``points``: 'x,y x,y ...'."""
    return " ".join(f"{x},{y}" for x, y in pairs)


def text_of(root: Element) -> str:
    """The document as text (no XML declaration)."""
    return ElementTree.tostring(root, encoding="unicode")
