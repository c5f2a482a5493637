"""Menu trees over the legal moves, and laying one node out for a platform.

A presenter builds a tree of `Node`s whose leaves are legal moves (`Leaf`) or
open the composer (`Compose`). The tree is a pure function of the seat's view
and legal moves, so a token only needs the path of keys to a node: the same
tree is rebuilt when the token comes back, at the same table version.

`lay_out` turns one node into an `api.Menu` page: buttons packed into rows by
label width, a select for long lists on platforms that have one, and paging
and "back" choices, within the profile's limits.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from frontends.chat.api import AdapterProfile, Choice, ChoiceKind, Menu, Style
from renderers.spots import Spots

ROW_WIDTH: Final = 30
"""Characters of labels that read well side by side in one row on a phone."""


@dataclass(frozen=True, slots=True)
class Leaf:
    """A legal move; `number` is its spot number on this node's overlay."""

    label: str
    move: Any
    number: int | None = None
    style: Style = "secondary"


@dataclass(frozen=True, slots=True)
class Compose:
    """Opens the composer at `payload` (see `frontends.chat.compose`)."""

    label: str
    payload: str
    style: Style = "secondary"


@dataclass(frozen=True, slots=True)
class Node:
    """A decision: its children are the answers.

    `spots` is what the overlay image numbers while this node is shown (the
    leaves' numbers are taken from it); `selected` is the Sequence card the
    node is about, highlighted in the hand.
    """

    key: str
    label: str
    title: str
    children: tuple["Entry", ...] = ()
    spots: Spots[Any] | None = None
    selected: int | None = None
    style: Style = "secondary"


Entry = Node | Leaf | Compose


def find(root: Node, path: Sequence[str]) -> Node | None:
    """The node at `path` (keys below the root), or None when there is none now."""
    node = root
    for key in path:
        found = next((c for c in node.children if isinstance(c, Node) and c.key == key), None)
        if found is None:
            return None
        node = found
    return node


def walk(root: Node) -> list[tuple[tuple[str, ...], Node]]:
    """Every node with its path, root first."""
    out: list[tuple[tuple[str, ...], Node]] = []
    stack: list[tuple[tuple[str, ...], Node]] = [((), root)]
    while stack:
        path, node = stack.pop()
        out.append((path, node))
        for child in reversed(node.children):
            if isinstance(child, Node):
                stack.append(((*path, child.key), child))
    return out


def node_payload(path: Sequence[str], page: int = 1) -> str:
    return "n" + "_".join(path) + (f"~{page}" if page > 1 else "")


def read_node_payload(payload: str) -> tuple[tuple[str, ...], int]:
    body, _, page = payload[1:].partition("~")
    path = tuple(k for k in body.split("_") if k)
    return path, int(page) if page.isdigit() and int(page) > 0 else 1


# ---- laying out one page --------------------------------------------------------------


@dataclass(slots=True)
class Item:
    """A choice before its token is issued."""

    label: str
    kind: ChoiceKind
    payload: str
    style: Style = "secondary"
    number: int | None = None


@dataclass(slots=True)
class Sheet:
    """Sections of items (each section starts a row) plus fixed controls."""

    title: str
    sections: list[list[Item]] = field(default_factory=list)
    controls: list[Item] = field(default_factory=list)
    """Shown on every page (back, confirm)."""
    placeholder: str = "Choose…"


def shorten(text: str, limit: int) -> str:
    return text if len(text) <= limit else text[: max(1, limit - 1)].rstrip() + "…"


def _rows(sections: list[list[Item]], per_row: int) -> list[list[Item]]:
    rows: list[list[Item]] = []
    for section in sections:
        row: list[Item] = []
        width = 0
        for item in section:
            w = max(len(item.label), 4) + 2
            if row and (len(row) >= per_row or width + w > ROW_WIDTH):
                rows.append(row)
                row, width = [], 0
            row.append(item)
            width += w
        if row:
            rows.append(row)
    return rows


def lay_out(
    sheet: Sheet,
    profile: AdapterProfile,
    page: int,
    issue: Callable[[str], str],
    page_payload: Callable[[int], str],
) -> Menu:
    """One page of `sheet` within `profile`'s limits; `issue` turns a payload
    into a token, `page_payload(n)` is the payload that shows page n."""
    items = [item for section in sheet.sections for item in section]
    per_row = profile.buttons_per_row
    max_rows = profile.rows_per_message
    max_buttons = profile.buttons_per_message

    def choice(item: Item) -> Choice:
        label = shorten(item.label, profile.label_length)
        return Choice(issue(item.payload), label, item.kind, item.style, item.number)

    controls = _rows([sheet.controls], per_row)
    everything = _rows(sheet.sections, per_row)
    fits = (
        len(everything) + len(controls) <= max_rows
        and len(items) + len(sheet.controls) <= max_buttons
    )
    if fits:
        return Menu(
            title=sheet.title,
            rows=tuple(tuple(choice(i) for i in row) for row in everything + controls),
        )
    if profile.select_options and all(i.kind != "compose" for i in items):
        size = profile.select_options
        pages = max(1, -(-len(items) // size))
        page = min(max(page, 1), pages)
        chunk = items[(page - 1) * size : page * size]
        nav = _paging(page, pages, page_payload)
        bottom = _rows([nav + sheet.controls], per_row) if nav or sheet.controls else []
        return Menu(
            title=sheet.title,
            rows=tuple(tuple(choice(i) for i in row) for row in bottom),
            select=tuple(choice(i) for i in chunk),
            placeholder=sheet.placeholder,
            page=page,
            pages=pages,
        )
    # Buttons over several pages: each page keeps one row for paging and controls.
    widest_nav = [Item("◂ 99/99", "page", ""), Item("99/99 ▸", "page", "")]
    room_rows = max(1, max_rows - len(_rows([widest_nav + sheet.controls], per_row)))
    room_buttons = max(1, max_buttons - len(sheet.controls) - len(widest_nav))
    pages_rows: list[list[list[Item]]] = [[]]
    count = 0
    for row in everything:
        if len(pages_rows[-1]) >= room_rows or count + len(row) > room_buttons:
            pages_rows.append([])
            count = 0
        pages_rows[-1].append(row)
        count += len(row)
    pages = len(pages_rows)
    page = min(max(page, 1), pages)
    nav = _paging(page, pages, page_payload)
    bottom = _rows([nav + sheet.controls], per_row)
    return Menu(
        title=sheet.title,
        rows=tuple(tuple(choice(i) for i in row) for row in pages_rows[page - 1] + bottom),
        page=page,
        pages=pages,
    )


def _paging(page: int, pages: int, page_payload: Callable[[int], str]) -> list[Item]:
    if pages <= 1:
        return []
    out = []
    if page > 1:
        out.append(Item(f"◂ {page - 1}/{pages}", "page", page_payload(page - 1)))
    if page < pages:
        out.append(Item(f"{page + 1}/{pages} ▸", "page", page_payload(page + 1)))
    return out
