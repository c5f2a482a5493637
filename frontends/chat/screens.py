"""What one payload shows or does, as a pure function of a seat's view.

A payload (the part of a token after its table, seat and version) is a menu
node (`n…`), a legal move by index (`m…`), a composer step (`c…`, `~N` for
its page N) or a confirmed composition (`C…`). `screen` lays out what a payload shows and
`chosen` the move it makes, from the same view and legal moves the menu was
built from, so the layer and the tests resolve tokens the same way.
"""

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from frontends.chat.api import AdapterProfile, ChoiceKind, Menu
from frontends.chat.menus import (
    Compose,
    Item,
    Leaf,
    Node,
    Sheet,
    find,
    lay_out,
    node_payload,
    read_node_payload,
)
from frontends.chat.presenters.base import Presenter
from frontends.chat.tokens import from36, to36
from languages import _
from renderers.spots import Spots

ROOT = "n"


@dataclass(frozen=True, slots=True)
class Screen:
    """A menu page and what the picture beside it numbers."""

    heading: str
    menu: Menu
    spots: Spots[Any] | None
    selected: int | None


def node_sheet(node: Node, path: tuple[str, ...], legal: Sequence[Any]) -> Sheet:
    index = {move: i for i, move in enumerate(legal)}
    items: list[Item] = []
    for child in node.children:
        if isinstance(child, Node):
            items.append(Item(child.label, "open", node_payload((*path, child.key)), child.style))
        elif isinstance(child, Leaf):
            kind: ChoiceKind = "spot" if child.number is not None else "move"
            body = "m" + to36(index[child.move])
            items.append(Item(child.label, kind, body, child.style, child.number))
        elif isinstance(child, Compose):
            items.append(Item(child.label, "compose", child.payload, child.style))
    controls = [Item(_("◂ Back"), "back", node_payload(path[:-1]))] if path else []
    return Sheet(node.title, [items], controls, placeholder=node.title)


def screen(
    presenter: Presenter[Any, Any],
    view: Any,
    seat: int,
    legal: Sequence[Any],
    names: Sequence[str],
    profile: AdapterProfile,
    issue: Callable[[str], str],
    payload: str = ROOT,
) -> Screen:
    """What `payload` shows: a composer, or the menu node it names (the root
    when that node no longer exists)."""
    if payload[:1] in ("c", "C"):
        draft, _sep, at = payload.partition("~")
        composed = presenter.composer(draft, view, seat, names, ROOT)
        if composed is not None:
            text, sheet, _spots = composed
            number = int(at) if at.isdigit() else 1
            menu = lay_out(sheet, profile, number, issue, lambda n: composer_page(draft, n))
            return Screen(text, menu, None, None)
    root = presenter.tree(view, seat, legal, names)
    path, page = read_node_payload(payload) if payload.startswith("n") else ((), 1)
    node = find(root, path)
    if node is None:
        node, path = root, ()
    sheet = node_sheet(node, path, legal)
    menu = lay_out(sheet, profile, page, issue, lambda n: node_payload(path, n))
    return Screen(node.title, menu, node.spots, node.selected)


def composer_page(draft: str, page: int) -> str:
    """The payload of page `page` of a composer step (its buttons may not fit
    one page: eight card kinds with Cities & Knights)."""
    return draft if page <= 1 else f"{draft}~{page}"


def chosen(
    presenter: Presenter[Any, Any],
    view: Any,
    seat: int,
    legal: Sequence[Any],
    names: Sequence[str],
    payload: str,
) -> Any | None:
    """The legal move `payload` makes, or None when it makes none (navigation,
    a composition that is not legal, an index past the list)."""
    if payload.startswith("m"):
        try:
            return legal[from36(payload[1:])]
        except (ValueError, IndexError):
            return None
    if payload.startswith("C"):
        composed = presenter.composer(payload, view, seat, names, ROOT)
        return None if composed is None else composed[2]
    return None
