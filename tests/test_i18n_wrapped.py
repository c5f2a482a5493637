"""No player-facing text leaves the frontends unwrapped: an AST scan of the
calls that send or show text (a message, a reply, a button, a menu entry, a
refusal) fails on a string literal with words in it that is not passed
through `_`/`ngettext` (or marked with `N_` where it is defined), so a new
untranslated text fails here before it reaches a German reader."""

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SCANNED = ("frontends/chat", "frontends/telegram", "frontends/discord", "frontends/terminal")
NOT_YET: tuple[str, ...] = ()
"""Files not scanned yet (docs/languages.md, "What stays English"): none."""
SHOWN = {
    # the chat layer's model of what is shown
    "Message": ("text", 0),
    "Item": ("label", 0),
    "Leaf": ("label", 0),
    "Node": ("title", 1),
    "Sheet": ("title", 0),
    "Wrong": ("reason", 0),
    "Opened": ("note", 1),
    "Question": ("title", 1),
    "Option": ("label", 1),
    # answers and lines said to a person
    "_say": ("text", 1),
    "_texts": ("text", 1),
    "say": ("text", 0),
    "_answer_query": ("text", 1),
    "InlineKeyboardButton": ("text", 0),
    "BotCommand": ("description", 1),
}
LINES = ("lines", "parts")
WORDS = re.compile(r"[A-Za-z]{2,}")


def _name(call: ast.Call) -> str:
    func = call.func
    if isinstance(func, ast.Attribute):
        return func.attr
    return func.id if isinstance(func, ast.Name) else ""


def _shown_argument(call: ast.Call) -> ast.expr | None:
    keyword, index = SHOWN[_name(call)]
    for given in call.keywords:
        if given.arg == keyword:
            return given.value
    return call.args[index] if len(call.args) > index else None


def _bare_words(node: ast.expr) -> str | None:
    """The words of a literal not wrapped for translation, if `node` is one."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value if WORDS.search(node.value) else None
    if isinstance(node, ast.JoinedStr):
        literal = "".join(
            part.value
            for part in node.values
            if isinstance(part, ast.Constant) and isinstance(part.value, str)
        )
        return literal if WORDS.search(literal) else None
    if isinstance(node, ast.BinOp):
        return _bare_words(node.left) or _bare_words(node.right)
    if isinstance(node, ast.IfExp):
        return _bare_words(node.body) or _bare_words(node.orelse)
    return None


def unwrapped(path: Path) -> list[str]:
    """Literals with words in what is shown, but for a line marked `# syntax:`
    (a command or an option as it is typed, which stays as it is)."""
    source = path.read_text(encoding="utf-8")
    marked = {n for n, line in enumerate(source.splitlines(), 1) if "# syntax:" in line}
    found = []
    for node in ast.walk(ast.parse(source)):
        if not isinstance(node, ast.Call):
            continue
        if _name(node) in SHOWN:
            argument = _shown_argument(node)
        elif _appends_a_line(node):
            argument = node.args[0]
        else:
            continue
        words = _bare_words(argument) if argument is not None else None
        span = range(node.lineno, (node.end_lineno or node.lineno) + 1)
        if words is not None and not marked.intersection(span):
            found.append(f"{path.name}:{node.lineno}: {words!r}")
    return found


def _appends_a_line(call: ast.Call) -> bool:
    """`lines.append(...)`, `parts.append(...)`: the lines a caption is made of."""
    func = call.func
    return (
        isinstance(func, ast.Attribute)
        and func.attr == "append"
        and isinstance(func.value, ast.Name)
        and func.value.id in LINES
        and len(call.args) == 1
    )


def scanned() -> list[Path]:
    files = sorted(p for where in SCANNED for p in (ROOT / where).rglob("*.py"))
    return [p for p in files if not str(p.relative_to(ROOT)).startswith(NOT_YET)]


def test_the_scan_covers_the_send_paths() -> None:
    names = {str(p.relative_to(ROOT)) for p in scanned()}
    assert "frontends/chat/layer.py" in names and "frontends/telegram/frontend.py" in names
    assert "frontends/terminal/session.py" in names


def test_the_scan_finds_an_unwrapped_text(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        'x = Message("Hello there")\n'
        'y = Item(_("Join"), "flow")\n'
        'z = layer._say(place, f"{name} wins")\n'
        'lines.append(f"Seat {n}")\n'
        'lines.append(_("Seat {n}").format(n=n))\n'
        'lines.append(f"  seats = {n}")  # syntax: as typed\n'
        'w = Message("\\n".join(lines))\n',
        encoding="utf-8",
    )
    assert unwrapped(probe) == [
        "probe.py:1: 'Hello there'",
        "probe.py:3: ' wins'",
        "probe.py:4: 'Seat '",
    ]


def test_every_shown_text_is_wrapped_for_translation() -> None:
    found = [
        f"{path.parent.relative_to(ROOT)}/{line}" for path in scanned() for line in unwrapped(path)
    ]
    assert not found, "texts shown without _() or N_():\n" + "\n".join(found)
