"""Reading a parsed HTML tree in one visit per node, however deep or wide it is.

BeautifulSoup's edits (insert_before, replace_with, decompose) and get_text()
cost time in proportion to a subtree or to a list of siblings, so calling them
for every block made cleaning quadratic: 20,000 nested <div>s took 54 s,
20,000 paragraphs side by side over 200 s. The walks here read the tree once,
never change it, and keep what they learn (text lengths, which tables hold
tables) in dictionaries keyed by element identity.
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterator

from bs4 import BeautifulSoup, CData, NavigableString, PageElement, Tag, XMLParsedAsHTMLWarning

# The strings get_text() reads: not comments, doctypes, declarations or the contents of <script>/<style>.
TEXT_TYPES = (NavigableString, CData)


def is_text(node: PageElement) -> bool:
    return type(node) in TEXT_TYPES


def preorder(root: Tag, enter: Callable[[Tag], bool]) -> Iterator[Tag]:
    """The tags below `root` in document order; a tag for which `enter(tag)` is false is left out with its subtree."""
    stack = [iter(root.contents)]
    while stack:
        for node in stack[-1]:
            if isinstance(node, Tag) and enter(node):
                yield node
                stack.append(iter(node.contents))
                break
        else:
            stack.pop()


def text_lengths(root: Tag, enter: Callable[[Tag], bool]) -> dict[int, tuple[int, int]]:
    """For `root` and each tag below it that `enter` lets in: (len(get_text()), len(get_text(strip=True))).

    Keyed by id(tag); a tag left out counts as having no text.
    """
    lengths: dict[int, tuple[int, int]] = {}
    # Each open tag with the running totals of its subtree.
    stack: list[tuple[Tag, Iterator[PageElement], list[int]]] = [(root, iter(root.contents), [0, 0])]
    while stack:
        tag, children, totals = stack[-1]
        for node in children:
            if isinstance(node, Tag):
                if enter(node):
                    stack.append((node, iter(node.contents), [0, 0]))
                    break
            elif is_text(node):
                totals[0] += len(node)
                totals[1] += len(node.strip())
        else:
            stack.pop()
            lengths[id(tag)] = (totals[0], totals[1])
            if stack:
                parent_totals = stack[-1][2]
                parent_totals[0] += totals[0]
                parent_totals[1] += totals[1]
    return lengths


def tables_holding_tables(root: Tag, enter: Callable[[Tag], bool]) -> set[int]:
    """ids of the tables below `root` that hold another table (layout, not data).

    Each table marks only the nearest table around it: that is enough, and
    keeps 10,000 nested tables linear.
    """
    holding: set[int] = set()
    stack: list[tuple[Iterator[PageElement], Tag | None]] = [(iter(root.contents), None)]
    while stack:
        children, nearest_table = stack[-1]
        for node in children:
            if isinstance(node, Tag) and enter(node):
                if node.name == "table":
                    if nearest_table is not None:
                        holding.add(id(nearest_table))
                    stack.append((iter(node.contents), node))
                else:
                    stack.append((iter(node.contents), nearest_table))
                break
        else:
            stack.pop()
    return holding


def parse_html(html: str) -> BeautifulSoup:
    """`html` as a tree, parsed by libxml2 (lxml), whose time grows with the input's length alone.

    Python 3.11's html.parser is quadratic on some malformed markup (60 KB of
    unclosed "<x " took 154 s), and BeautifulSoup's glue for it on <br>s
    followed by end tags (40,000 of each: 100 s). libxml2 also closes cells and
    rows as browsers do, so a <tr> inside a <td> starts a new row rather than
    nesting one row in another.
    """
    with warnings.catch_warnings():
        # Whatever a server sent as a page is read as HTML, XHTML and stray XML alike.
        warnings.simplefilter("ignore", XMLParsedAsHTMLWarning)
        try:
            return BeautifulSoup(html, "lxml")
        except UnicodeEncodeError:
            # A lone surrogate (from a character reference such as &#xD800;) has no UTF-8 form for libxml2.
            return BeautifulSoup(html.encode("utf-8", "replace").decode("utf-8"), "lxml")
