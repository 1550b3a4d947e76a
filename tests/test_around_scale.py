"""One scale for the table's chrome, and the felt first on a small screen (issue 50, items 1-2).

The table is driven with real events on the shared headless window: resized with the
window's own ``on_resize``, the Text size chosen on the Settings screen by taps, the strip
of seats opened by a tap. What is measured is what the view laid out and drew: the bars',
panels' and felt's rectangles, the texts' sizes, the camera's zoom.
"""

from __future__ import annotations

import json
from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.rules import names
from game.rules.presets import load_preset
from game.settings import Settings
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.scale import REFERENCE_HEIGHT, Sizing
from game.ui.services import Route
from game.ui.table.view import MIN_TILE_PX
from game.ui.theme import MIN_TEXT

SMALL, HD, UHD = (1024, 600), (1920, 1080), (3840, 2160)


@pytest.fixture(autouse=True)
def _size_after() -> object:
    yield
    h.send("on_resize", h.WIDTH, h.HEIGHT)


def _largest(tmp_path: Path, rules: str, size: tuple[int, int], **kw: object):
    """``rules`` at its most seats (seat 1 the one human) at ``size``, at the player's turn
    after a few moves, every glide ended."""
    players = load_preset(rules).seats[1]
    shell = h.make_shell(tmp_path, **kw)
    shell.services.laid_out_for = size
    seats = ["human"] + ["computer"] * (players - 1)
    shell.begin(Match.create(rules, players, seats=seats, seed=7, ai_seed=7))
    h.send("on_resize", *size)
    table = shell.table
    assert table is not None and table.laid_for == size
    for _ in range(400):
        h.frames(1)
        if table.human_turn() and len(table.state.log) >= 3:
            break
    assert table.human_turn()
    h.settle_camera(table)
    table.settle()
    h.draw()
    return shell, table


def _chrome(table) -> float:
    """The share of the window the chrome takes: all but the felt the board is drawn on."""
    felt, (w, h_) = table.screen.table, table.laid_for
    return 1 - felt.width * felt.height / (w * h_)


@pytest.mark.parametrize("rules", ["mexican_train", "longana"])
def test_at_4k_the_chrome_takes_the_share_it_takes_at_1080p(tmp_path: Path, rules: str) -> None:
    """At 3840x2160 the bars, panels, hand and words are twice their 1080p size, so the
    chrome takes the same share of the screen (within 10 %), its words and buttons too."""
    _shell, hd = _largest(tmp_path / "hd", rules, HD)
    hd_share, hd_bar, hd_tray = _chrome(hd), hd.screen.top.height, hd.screen.tray.height
    hd_title = hd.texts._texts["title"].font_size
    hd_menu = next(b for b in hd.buttons.buttons if b.key == "menu").rect
    _shell, uhd = _largest(tmp_path / "uhd", rules, UHD)
    assert uhd.screen.scale == pytest.approx(2 * hd.screen.scale)
    assert _chrome(uhd) == pytest.approx(hd_share, rel=0.10)
    assert uhd.screen.top.height == pytest.approx(2 * hd_bar, abs=2)
    assert uhd.screen.tray.height == pytest.approx(2 * hd_tray, abs=2)
    assert uhd.texts._texts["title"].font_size == pytest.approx(2 * hd_title)
    menu = next(b for b in uhd.buttons.buttons if b.key == "menu").rect
    assert menu.height == pytest.approx(2 * hd_menu.height, abs=2)
    for panel in uhd.screen.panels.values():  # the seats' panels grew with the rest
        assert panel.height >= 2 * 84 - 1


def test_the_scale_is_one_value_from_the_window_and_the_text_size() -> None:
    """The one scale: the window's height over 1080 (never under 1), times the Text size
    as far as the window leaves the board room; a kiosk's finger is 9 mm."""
    assert Sizing().scale(*HD) == 1 and Sizing().scale(*UHD) == 2
    assert Sizing().scale(*SMALL) == 1  # a small window packs its bars instead
    assert Sizing(text=1.5).scale(*HD) == 1.5
    assert Sizing(text=2.0).scale(*SMALL) == pytest.approx(SMALL[1] / 540)  # at most
    assert Sizing(desktop=1.5).scale(1280, 720) == 1.5  # the desktop's own scale, at least
    assert Sizing().scale(1, REFERENCE_HEIGHT * 3) == 3
    assert Sizing().finger(*SMALL) == 48 and Sizing(kiosk=True).finger(*SMALL) == 61
    assert Sizing(kiosk=True, ppi=100).finger(*SMALL) == 48  # 9 mm at 100 ppi is 36 px


@pytest.mark.parametrize("kiosk", [False, True])
@pytest.mark.parametrize("rules", names())
def test_at_1024x600_every_largest_table_gives_the_felt_most_of_the_height(
    tmp_path: Path, rules: str, kiosk: bool
) -> None:
    """Each rule set's largest table (ten-seat Mexican Train, four-seat All Fives and
    Longana …) at 1024x600, on a desk and in a kiosk: the felt at least 55 % of the
    height, the top bar one row, the other seats a strip of one row over it, no text
    under the theme's least, every target a finger across."""
    _shell, table = _largest(tmp_path, rules, SMALL, kiosk=kiosk)
    screen = table.screen
    assert screen.table.height >= 0.55 * SMALL[1], (screen.table, screen.top, screen.tray)
    assert screen.rows == 1
    strip = screen.strip
    assert strip is not None and strip.y0 >= screen.table.y1
    for cell in screen.panels.values():  # one row of cells, in the strip
        assert cell.y0 == strip.y0 and cell.y1 == strip.y1
    for key, item in table.texts._texts.items():
        if item.text:
            assert item.font_size >= MIN_TEXT, key
    finger = table.sizing.finger(*SMALL)
    for b in table.buttons.buttons:
        assert min(b.rect.width, b.rect.height) >= finger, b.key
    assert strip.height >= finger  # the strip is a target too


@pytest.mark.parametrize("rules", ["mexican_train", "longana", "all_fives"])
def test_at_the_players_turn_the_board_tiles_are_28_px_and_fit_shows_all(
    tmp_path: Path, rules: str
) -> None:
    """At 1024x600 on the player's turn the camera frames where they can play with tiles
    at least 28 px across (one place at least in sight); Fit still shows the whole board;
    "Mexican" is never cut short."""
    shell, table = _largest(tmp_path, rules, SMALL)
    assert HALF * table.camera.zoom >= MIN_TILE_PX - 0.01
    felt = table.screen.table
    places = table._play_region()
    assert places is not None
    x, y = table.camera.project(places.centre)
    assert felt.x0 <= x <= felt.x1 and felt.y0 <= y <= felt.y1
    for label in table.layout.labels:
        if label.key.startswith("train") and label.seat is None:
            assert table.labels.texts.get(label.key) in ("Mexican", "")
            assert table.labels.texts.get(label.key) != "Mex"
    h.press(shell, "fit")
    h.settle_camera(table)
    table.settle()
    h.draw()
    board = table.board_on_screen()
    assert felt.grown(1).x0 <= board.x0 and board.x1 <= felt.x1 + 1
    assert felt.y0 - 1 <= board.y0 and board.y1 <= felt.y1 + 1


def test_a_tap_on_the_strip_opens_the_seats_panels_and_another_closes_them(
    tmp_path: Path,
) -> None:
    """The strip of seats at 1024x600: a tap opens every other seat's full panel (name,
    kind, stack, count, score) over the felt; a tap anywhere closes them, and does
    nothing else (no tile picked, the board not panned)."""
    shell, table = _largest(tmp_path, "mexican_train", SMALL)
    strip = table.screen.strip
    assert strip is not None and not table.seats_open
    assert table.texts.get("count5") == ""  # closed: only the cells' words
    assert table.texts.get("cell5").startswith("Seat 5")
    h.click(*strip.centre)
    h.draw()
    assert table.seats_open
    full = table.screen.full
    assert set(full) == set(table.screen.panels) and len(full) == 9
    assert table.texts.get("name5") == "Seat 5" and table.texts.get("count5").startswith("×")
    assert table.texts.get("score5") == "0 pts"
    for r in full.values():  # on the felt, under the strip, over the hand's bar
        assert r.y1 <= strip.y0 and r.y0 >= table.screen.tray.y1 and r.height >= 84
    hand = next(iter(table.tray.slots.values()))
    h.click(*hand)  # a tap on a hand tile while they show: it only closes them
    assert not table.seats_open and table.preview.selected is None
    h.draw()
    assert table.texts.get("count5") == ""


def test_the_text_size_setting_grows_the_chrome_and_is_kept(tmp_path: Path) -> None:
    """Settings' Text size (100 to 200 %): a tap steps it on; the table behind the menu
    lays its chrome out at the new scale at once, and the choice is saved."""
    shell, table = _largest(tmp_path, "longana", HD)
    bar, tray = table.screen.top.height, table.screen.tray.height
    title = table.texts._texts["title"].font_size
    shell.open(Route.SETTINGS)
    h.frames(1, 0.0)
    assert shell.current.widget("text_size").label == "100%"
    h.press(shell, "text_size")
    h.press(shell, "text_size")
    assert shell.services.settings.text_size == 150
    assert shell.current.widget("text_size").label == "150%"
    assert table.screen.scale == 1.5
    assert table.screen.top.height == pytest.approx(1.5 * bar, abs=2)
    assert table.screen.tray.height >= 1.3 * tray  # the hand larger (its design room, larger)
    shell.back()
    h.frames(1, 0.0)
    assert table.texts._texts["title"].font_size == pytest.approx(1.5 * title)
    saved = json.loads(shell.services.store.settings_path.read_text())
    assert saved["text_size"] == 150
    assert Settings.from_json(saved).text_size == 150
    bad, replaced = Settings.read({**saved, "text_size": 130})
    assert bad.text_size == 100 and replaced == ["text_size"]


def test_the_hand_tiles_are_a_fingers_target_with_half_the_gap_each_side(
    tmp_path: Path,
) -> None:
    """A kiosk at 1024x600: a tap in the gap beside a hand tile, short of the next, picks
    that tile (its target is 9 mm across, the tile a little narrower)."""
    _shell, table = _largest(tmp_path, "all_fives", SMALL, kiosk=True)
    tray = table.tray
    tiles = sorted(tray.slots.items(), key=lambda item: item[1][0])
    (tile, (x, y)), (_next, (nx, _ny)) = tiles[0], tiles[1]
    assert nx - x >= table.sizing.finger(*SMALL)
    edge = x + tray._w / 2 + 0.4 * (nx - x - tray._w)  # in the gap, nearer this tile
    assert tray.hit(edge, y) == tile
    assert Rect(x - tray._reach, y - 1, x + tray._reach, y + 1).width >= 60
