"""The viewer's own cards at the panel's foot: what only that seat may see.

Resources (and, with Cities & Knights, commodities) as a card per kind with
its count, then the development cards, or the progress cards by name; a
spectator's image says hands are hidden. A Spy's target's cards are shown to
the spy alone, while it chooses one, and a Master Merchant's victim's hand to
the merchant alone, while it takes two.
"""

from engine.katan.cities.components import PROGRESS_TITLES
from engine.katan.components import CARD_NAMES, DEV_LABELS, RESOURCES, cards_text
from renderers import style
from renderers.draw import Canvas
from renderers.katan.geometry import PANEL, hand_card_box, picked_box, progress_box
from renderers.katan.model import CitiesScene, KatanScene
from renderers.katan.palette import GOOD_FILL, GOOD_INK, TERRAIN_FILL, TERRAIN_INK
from renderers.katan.phrases import progress_names


def hand(canvas: Canvas, s: KatanScene) -> None:
    left = PANEL[0] + 14
    cities = s.ck is not None
    top = hand_card_box(0, cities, s.extra)[1]
    label_y = top - 14 if cities else top - 20
    if s.viewer is None:
        canvas.text((left, label_y), "Spectating: hands hidden", 15, style.MUTED, anchor="lm")
        return
    canvas.text(
        (left, label_y),
        f"Hand of {s.names[s.viewer]}",
        17,
        style.INK,
        anchor="lm",
        bold=True,
        max_width=250,
    )
    if s.ck is not None:
        _cities_hand(canvas, s, s.ck)
        return
    for r in range(RESOURCES):
        box = hand_card_box(r, extra=s.extra)
        bx0, by0, bx1, by1 = box
        count = s.hand[r]
        canvas.rect(
            box,
            fill=TERRAIN_FILL[r] if count else style.PANEL,
            outline=style.INK,
            width=1,
            radius=6,
        )
        ink = TERRAIN_INK[r] if count else style.MUTED
        canvas.text(((bx0 + bx1) / 2, by0 + 22), str(count), 22, ink, bold=True)
        canvas.text(((bx0 + bx1) / 2, by1 - 14), CARD_NAMES[r], 10, ink)
    y = top + 84
    held = [(k, n) for k, n in enumerate(s.devs) if n]
    if not held:
        canvas.text((left, y), "no development cards", 14, style.MUTED, anchor="lt")
    for k, count in held:
        new = s.fresh[k] if s.fresh else 0
        note = f" ({new} new)" if new else ""
        canvas.rect((left, y - 2, left + 250, y + 22), fill=style.CARD_BACK, radius=5)
        canvas.text(
            (left + 8, y + 10),
            f"{count} × {DEV_LABELS[k]}{note}",
            14,
            style.LIGHT_INK,
            anchor="lm",
            bold=True,
        )
        y += 28


def _cities_hand(canvas: Canvas, s: KatanScene, ck: CitiesScene) -> None:
    for kind, count in enumerate(s.hand):
        box = hand_card_box(kind, cities=True, extra=s.extra)
        bx0, by0, bx1, by1 = box
        canvas.rect(
            box,
            fill=GOOD_FILL[kind] if count else style.PANEL,
            outline=style.INK,
            width=1,
            radius=5,
        )
        ink = GOOD_INK[kind] if count else style.MUTED
        middle = (bx0 + bx1) / 2
        canvas.text((middle, by0 + 18), str(count), 18, ink, bold=True)
        canvas.text((middle, by1 - 9), CARD_NAMES[kind], 9, ink, max_width=bx1 - bx0 - 2)
    left = PANEL[0] + 14
    if not ck.hand:
        canvas.text(
            (left, progress_box(0, s.extra)[1] + 2),
            "no progress cards",
            14,
            style.MUTED,
            anchor="lt",
        )
    for i, card in enumerate(ck.hand):
        box = progress_box(i, s.extra)
        bx0, by0, bx1, by1 = box
        canvas.rect(box, fill=style.CARD_BACK, radius=5)
        canvas.text(
            (bx0 + 6, (by0 + by1) / 2),
            PROGRESS_TITLES[card],
            13,
            style.LIGHT_INK,
            anchor="lm",
            bold=True,
            max_width=bx1 - bx0 - 10,
        )
    if ck.picked is not None:
        _victim(canvas, s, ck.picked, progress_box(len(ck.hand) + len(ck.hand) % 2, s.extra)[1] + 4)
    if ck.spied is not None:
        seat, cards = ck.spied
        y = progress_box(len(ck.hand) + len(ck.hand) % 2, s.extra)[1] + 4
        canvas.text(
            (left, y),
            f"{s.names[seat]}'s cards: {progress_names(cards)}",
            13,
            style.INK,
            anchor="lt",
            bold=True,
            max_width=PANEL[2] - left - 12,
        )


def _victim(canvas: Canvas, s: KatanScene, picked: tuple[int, tuple[int, ...]], y: float) -> None:
    """The Master Merchant's victim's cards, shown to the merchant choosing two:
    a card per kind as the bank draws them, or a line of words where the
    progress cards leave no room."""
    left = PANEL[0] + 14
    seat, counts = picked
    if picked_box(0, y)[3] > PANEL[3] + s.extra - 4:
        canvas.text(
            (left, y),
            f"{s.names[seat]}'s hand: {cards_text(counts)}",
            13,
            style.INK,
            anchor="lt",
            bold=True,
            max_width=PANEL[2] - left - 12,
        )
        return
    canvas.text(
        (left, y), f"{s.names[seat]}'s hand, take two:", 13, style.INK, anchor="lt", bold=True
    )
    for kind, count in enumerate(counts):
        box = picked_box(kind, y)
        bx0, by0, bx1, by1 = box
        canvas.rect(
            box, fill=GOOD_FILL[kind] if count else style.PANEL, outline=style.INK, radius=4
        )
        ink = GOOD_INK[kind] if count else style.MUTED
        middle = (bx0 + bx1) / 2
        canvas.text((middle, by0 + 11), str(count), 13, ink, bold=True)
        canvas.text((middle, by1 - 7), CARD_NAMES[kind], 8, ink, max_width=bx1 - bx0 - 2)
