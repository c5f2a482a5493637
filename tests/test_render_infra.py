"""Rendering infrastructure: fonts, 2× drawing, palette PNGs, the cache, spots."""

import io
import random
import re
from pathlib import Path

import pytest
from PIL import Image
from render_probe import near, open_png, pixel

from engine.cards import Rank, Suit, card
from engine.euchre.moves import PASS, CallTrump, PlayCard
from engine.sequence.moves import Move
from renderers import bench, draw
from renderers.cache import PngCache
from renderers.draw import Canvas, FontMissing, encode_png
from renderers.euchre import euchre_spots
from renderers.katan.geometry import grown
from renderers.sequence import sequence_spots
from renderers.style import TEAM_STYLES


def test_the_shipped_font_has_the_suit_symbols() -> None:
    face = draw.font(40)
    missing = face.getmask("\uffff").getbbox()
    for symbol in "♠♥♦♣★▶":
        assert face.getmask(symbol).getbbox() != missing, symbol


def test_a_missing_font_is_reported_with_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    draw.font.cache_clear()
    draw._font_bytes.cache_clear()
    monkeypatch.setitem(draw.FONT_FILES, False, "NoSuchFont.ttf")
    try:
        with pytest.raises(FontMissing, match=r"renderers/fonts/NoSuchFont\.ttf .*reinstall"):
            draw.font(20)
    finally:
        monkeypatch.undo()
        draw.font.cache_clear()
        draw._font_bytes.cache_clear()
    assert draw.font(20) is not None


def test_canvas_draws_at_twice_the_size_and_smooths_edges() -> None:
    canvas = Canvas(100, 60, (255, 255, 255))
    assert canvas.image.size == (200, 120)
    canvas.circle((50, 30), 20.3, fill=(0, 0, 0))
    image = open_png(encode_png(canvas.reduced())).convert("L")
    assert image.size == (100, 60)
    assert image.getpixel((50, 30)) == 0 and image.getpixel((5, 5)) == 255
    edge = {image.getpixel((x, 30)) for x in range(25, 35)}
    assert any(isinstance(v, int) and 0 < v < 255 for v in edge), "the rim is anti-aliased"


def test_flat_images_become_palette_pngs_and_noisy_ones_stay_rgb() -> None:
    canvas = Canvas(300, 200, (31, 59, 45))
    for i, team in enumerate(TEAM_STYLES):
        canvas.circle((30 + 45 * i, 100), 18, fill=team.fill)
    flat = canvas.reduced()
    assert open_png(encode_png(flat)).mode == "P"
    rng = random.Random(1)
    noisy = Image.frombytes("RGB", (300, 200), bytes(rng.randrange(256) for _ in range(180_000)))
    assert open_png(encode_png(noisy)).mode == "RGB"


def test_palette_reduction_keeps_colours() -> None:
    """Within a few levels: octree quantising may merge near-equal colours (the
    white piece and the white board here are 11 levels apart)."""
    canvas = Canvas(300, 80, (255, 255, 255))
    for i, team in enumerate(TEAM_STYLES):
        canvas.rect((10 + 48 * i, 10, 50 + 48 * i, 70), fill=team.fill)
    image = open_png(encode_png(canvas.reduced())).convert("RGB")
    for i, team in enumerate(TEAM_STYLES):
        assert near(pixel(image, (30 + 48 * i, 40)), team.fill, 12)


def test_cache_hits_and_evicts_the_least_recently_used_within_its_budget() -> None:
    cache = PngCache(budget=25)
    drawn: list[str] = []

    def paint(scene: str) -> bytes:
        drawn.append(scene)
        return scene.encode() * 10

    assert cache.get_or_draw("a", paint) == b"a" * 10
    assert cache.get_or_draw("a", paint) == b"a" * 10
    cache.get_or_draw("b", paint)
    cache.get_or_draw("a", paint)
    cache.get_or_draw("c", paint)
    assert drawn == ["a", "b", "c"]
    stats = cache.stats()
    assert (stats.hits, stats.misses, stats.entries, stats.bytes) == (2, 3, 2, 20)
    cache.get_or_draw("b", paint)
    assert drawn[-1] == "b", "b was least recently used, so it was dropped"


def test_sequence_spots_are_cell_ids_as_in_move_labels() -> None:
    ten, wild = card(Rank.TEN, Suit.SPADES), card(Rank.JACK, Suit.CLUBS)
    legal = [
        Move("place", ten, 70),
        Move("place", ten, 15),
        Move("place", wild, 15),
        Move("place", wild, 3),
        Move("exchange", card(Rank.TWO, Suit.CLUBS)),
    ]
    spots = sequence_spots(legal)
    assert spots.numbered() == ((3, 3), (15, 15), (70, 70))
    assert spots.moves_at(15) == (Move("place", ten, 15), Move("place", wild, 15))
    assert spots.moves_at(4) == () and spots.number_of(16) is None
    assert sequence_spots(legal, ten).numbered() == ((15, 15), (70, 70))


def test_euchre_spots_number_cards_by_place_in_hand_and_leave_bids_to_menus() -> None:
    a, b, c = card(Rank.ACE, Suit.HEARTS), card(Rank.NINE, Suit.CLUBS), card(Rank.TEN, Suit.CLUBS)
    spots = euchre_spots([PlayCard(b), PlayCard(c)], [a, b, c])
    assert spots.numbered() == ((2, b), (3, c))
    assert spots.moves_at(3) == (PlayCard(c),) and spots.moves_at(1) == ()
    assert len(euchre_spots([CallTrump(Suit.HEARTS, False), PASS], [a, b, c])) == 0


def test_png_bytes_are_deterministic() -> None:
    def once() -> bytes:
        canvas = Canvas(120, 80, (255, 255, 255))
        canvas.text((60, 40), "10♥ J♠", 20, (200, 16, 46), bold=True)
        return encode_png(canvas.reduced())

    assert once() == once()
    assert Image.open(io.BytesIO(once())).size == (120, 80)


def test_bench_reports_time_and_size_for_every_kind() -> None:
    figures = bench.run(1)
    for kind in (
        "sequence_board",
        "sequence_overlay",
        "euchre_table",
        "katan_board",
        "katan_overlay",
    ):
        assert 0 < figures[f"{kind}_median_ms"] <= figures[f"{kind}_p95_ms"]
        assert 0 < figures[f"{kind}_median_bytes"] <= figures[f"{kind}_max_bytes"] < 250_000


def test_the_gallery_shows_every_committed_image() -> None:
    docs = Path(__file__).resolve().parent.parent / "docs"
    shown = set(re.findall(r"\]\(gallery/([\w-]+\.png)\)", (docs / "gallery.md").read_text()))
    files = {p.name for p in (docs / "gallery").glob("*.png")}
    assert shown == files and len(files) >= 9
    for name in files:
        data = (docs / "gallery" / name).read_bytes()
        width, height = open_png(data).size
        # A board (taller for five or six Katan seats), an overlay's close-up, or a
        # close-up as wide as a phone shows it.
        boards = {
            900 + grown(n, c, s) for n in (4, 5, 6) for c in (False, True) for s in (False, True)
        }
        assert (width == 1200 and height in boards) or (
            width in (960, 360) and 720 * width // 960 <= height <= 1280 * width // 960
        ), name
        assert len(data) < 100_000, name
