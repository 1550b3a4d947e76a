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
from test_screen_sizes import _open, problems

from game.match import Match
from game.rules import names
from game.rules.presets import load_preset
from game.settings import Settings
from game.ui.art.textures import HALF, TileTextures
from game.ui.board.geometry import Rect
from game.ui.routes import Route
from game.ui.scale import REFERENCE_HEIGHT, Sizing
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.table.framing import MIN_TILE_PX
from game.ui.theme import MIN_TEXT, MIN_TOUCH
from game.ui.widgets.kit import Box, Label, SpriteBox

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
    hd_title = hd.bar.texts._texts["title"].font_size
    hd_menu = next(b for b in hd.buttons.buttons if b.key == "menu").rect
    _shell, uhd = _largest(tmp_path / "uhd", rules, UHD)
    assert uhd.screen.scale == pytest.approx(2 * hd.screen.scale)
    assert _chrome(uhd) == pytest.approx(hd_share, rel=0.10)
    assert uhd.screen.top.height == pytest.approx(2 * hd_bar, abs=2)
    assert uhd.screen.tray.height == pytest.approx(2 * hd_tray, abs=2)
    assert uhd.bar.texts._texts["title"].font_size == pytest.approx(2 * hd_title)
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
    # the screens' unit: 1 at 1280x720, 4K's twice 1080p's, grown by the Text size as far
    # as their spare room goes (further as far as a screen finds it fits), not at all in a
    # kiosk
    assert Sizing().unit(1280, 720) == 1 and Sizing().unit(*UHD) == 2 * Sizing().unit(*HD)
    assert Sizing(text=2.0).unit(*HD) == pytest.approx(1.2 * Sizing().unit(*HD))
    assert Sizing(text=2.0).unit(*HD, growth=2.0) == pytest.approx(2 * Sizing().unit(*HD))
    assert Sizing(text=2.0, kiosk=True).unit(*HD) == Sizing(kiosk=True).unit(*HD)
    assert Sizing().unit(600, 1280, portrait=True) == pytest.approx(600 / 720)


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
    for pool in (table.bar.texts, table.texts):  # the top bar's words, the seats' and the hand's
        for key, item in pool._texts.items():
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
    places = table.framing.play_region()
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
    board = table.parts.words.board_on_screen()
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
    title = table.bar.texts._texts["title"].font_size
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
    assert table.bar.texts._texts["title"].font_size == pytest.approx(1.5 * title)
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


# -- the screens of widgets (title, setup, settings …) follow the same scale ----------------

SCREENS = {Route.TITLE: "play", Route.SETUP: "start", Route.SETTINGS: "text_size"}


def _screen(tmp_path: Path, route: Route, size: tuple[int, int], text_size: int = 100, **kw):
    """``route`` opened on a window resized to ``size``, the Text size set to ``text_size``."""
    shell = h.make_shell(tmp_path, **kw)
    shell.services.settings.text_size = text_size
    shell.services.laid_out_for = size
    h.send("on_resize", *size)
    shell.open(route)
    h.frames(1, 0.0)
    h.draw()
    return shell, shell.current


def _laid_out(screen, size: tuple[int, int]) -> None:
    """Every widget inside the window and no two overlapping (but a box, drawn behind
    the widgets it frames, and the title's row of tiles, a look behind the words)."""
    width, height = size
    screen.ensure()
    window = Rect(0, 0, width, height).grown(0.5)
    for w in screen.widgets:
        assert h.inside(w.rect, window), (type(w).__name__, w.rect, size)
    widgets = [w for w in screen.widgets if not isinstance(w, SpriteBox | Box)]
    for i, w in enumerate(widgets):
        for other in widgets[i + 1 :]:
            assert not w.rect.overlaps(other.rect), (w.rect, other.rect, size)


@pytest.mark.parametrize("route", list(SCREENS))
def test_at_4k_the_screens_take_the_share_they_take_at_1080p(tmp_path: Path, route: Route) -> None:
    """Title, setup and settings at 3840x2160: their buttons and words take the share of
    the window they take at 1920x1080 (within 10 %)."""
    key = SCREENS[route]
    _shell, hd = _screen(tmp_path / "hd", route, HD)
    button = hd.widget(key)
    share, words = button.rect.height / HD[1], button.size / HD[1]
    _shell, uhd = _screen(tmp_path / "uhd", route, UHD)
    button = uhd.widget(key)
    assert button.rect.height / UHD[1] == pytest.approx(share, rel=0.10)
    assert button.size / UHD[1] == pytest.approx(words, rel=0.10)
    _laid_out(uhd, UHD)


def _smallest_words(screen) -> float:
    """The size of the smallest words the screen's labels ask for."""
    return min(w.size for w in screen.widgets if isinstance(w, Label))


def _drawn(screen, key: str) -> float:
    """The size the words of the button called ``key`` are drawn at (a long label shrinks
    to its button: what shows, not what was asked)."""
    button = screen.widget(key)
    at = next(i for i, w in enumerate(screen.widgets) if w is button)
    return screen._shown[at][0].item.font_size


@pytest.mark.parametrize("route", list(SCREENS))
@pytest.mark.parametrize("size", [SMALL, HD, UHD])
def test_text_size_200_grows_the_screens_words_and_they_still_fit(
    tmp_path: Path, route: Route, size: tuple[int, int]
) -> None:
    """Text size 200 %: the title's, setup's and settings' words are drawn at least 1.6
    times their size at 100 % (setup's rows in pages, settings' in two columns or pages,
    the title's buttons in more columns), their targets as high as their words and a
    finger, and every widget and word is still inside the window, none over another."""
    key = SCREENS[route]
    _shell, plain = _screen(tmp_path / "plain", route, size)
    before = _drawn(plain, key)
    _shell, large = _screen(tmp_path / "large", route, size, text_size=200)
    after = _drawn(large, key)
    assert after >= 1.6 * before
    target = large.widget(key).rect
    assert target.height >= max(MIN_TOUCH, after)
    _laid_out(large, size)
    assert problems(route.name.lower(), large, *size) == []


# the screens reached from the table, and a button of each to measure its words by
FROM_TABLE = {
    "summary": "next",
    "summary-four": "next",
    "summary-sheet": "next",
    "match-end": "again",
    "match-end-four": "again",
    "menu": "resume",
    "confirm": "yes",
    "handover": "show",
}


def _from_table(tmp_path: Path, screen: str, size: tuple[int, int], text_size: int = 100):
    """``screen`` (a key of :data:`FROM_TABLE`) shown at ``size``, at ``text_size``; the
    summaries of ten seats (see test_screen_sizes), those ending in "-four" of four."""
    shell = h.make_shell(tmp_path)
    shell.services.settings.text_size = text_size
    shell.services.laid_out_for = size
    h.send("on_resize", *size)
    if not screen.endswith("-four"):
        view = _open(shell, screen)
    else:
        match = Match.create("mexican_train", 4, seats=["human"] + ["computer"] * 3, seed=3)
        over = screen.startswith("match-end")
        while not (match.state.over if over else match.state.results):
            match.play(match.legal()[0])
        shown = MatchEndView if over else RoundSummaryView
        view = shown(shell, shell.services, match, TileTextures(12))
        shell.window.show_view(view)
        h.frames(1)
    h.draw()
    return view


@pytest.mark.parametrize("screen", list(FROM_TABLE))
@pytest.mark.parametrize("size", [SMALL, HD, UHD])
def test_text_size_200_grows_the_screens_from_the_table_and_they_still_fit(
    tmp_path: Path, screen: str, size: tuple[int, int]
) -> None:
    """Text size 200 %: the round's summary (its hands and its scores), the match's end,
    the game menu, a question and the handover draw their words at least 1.6 times their
    size at 100 %, and every widget and word is still inside the window, none over another.
    Ten seats' hands and a score sheet grow as far as their rows leave room for words no
    smaller than at 100 %: the hands 1.2 times, four seats' 1.6 times; a screen with the
    match's sheet (the round's scores, the match's end) 1.2 times, at 1024x600 1.1 times.
    (The match's end, held at that least growth, still draws its sheet's rows smaller than
    at 100 % from 1920x1080 up: its sheet needs pages to do better.)"""
    key = FROM_TABLE[screen]
    plain = _from_table(tmp_path / "plain", screen, size)
    before = _drawn(plain, key)
    large = _from_table(tmp_path / "large", screen, size, 200)
    after = _drawn(large, key)
    sheet = 1.1 if size == SMALL else 1.2
    sheets = dict.fromkeys(("summary-sheet", "match-end", "match-end-four"), sheet)
    least = {"summary": 1.2, **sheets}.get(screen, 1.6)
    assert after >= least * before, (after, before)
    if not screen.startswith("match-end"):  # its sheet's rows shrink as its heading grows
        assert _smallest_words(large) >= _smallest_words(plain) - 0.01
    _laid_out(large, size)
    assert problems(screen, large, *size) == []


@pytest.mark.parametrize("rules", names())
def test_setup_at_1080p_and_200_percent_shows_every_option_on_screen(
    tmp_path: Path, rules: str
) -> None:
    """Setup at 1920x1080 with Text size 200 %, each rule set at its largest table: the
    options are laid out from the rows they really have (not from how many values the rule
    set keeps), so each option and the seed is on screen, on one page of them or another."""
    shell, screen = _screen(tmp_path, Route.SETUP, HD, text_size=200)
    h.press(shell, f"rules:{rules}")
    while screen.button("players+").enabled:
        h.press(shell, "players+")
    choice = screen.choice
    offered = [n for n in choice.values() if n != "partners" or choice.shows_partners()]
    wanted = {"seed"} | {f"option:{name}" for name in offered}
    found: set[str] = set()
    for _page in range(len(wanted) + 1):
        h.draw()
        assert problems(f"setup-{rules}", screen, *HD) == []
        keys = {w.key for w in screen.widgets if w.focusable}
        found |= {key.rstrip("+-") for key in keys if key.startswith("option:")} | keys
        more = screen.button("options+")
        if more is None or not more.enabled:
            break
        h.press(shell, "options+")
    assert wanted <= found


def test_text_size_200_fits_the_title_setup_and_settings_in_arabic(tmp_path: Path) -> None:
    """Right to left, in Arabic's taller font, the screens still fit at 200 %."""
    settings = Settings(pace="instant", sound=False, deal_animation=False, language="ar")
    for size in (SMALL, (1280, 720), HD):
        for route in SCREENS:
            _shell, screen = _screen(
                tmp_path / f"{size}{route}", route, size, 200, settings=settings
            )
            _laid_out(screen, size)


def test_a_kiosks_screens_keep_their_larger_targets_at_any_text_size(tmp_path: Path) -> None:
    """A kiosk's screens already spend their spare room on larger targets: at 200 % they
    are laid out as at 100 % (the table's chrome grows; see above)."""
    for route in SCREENS:
        _shell, plain = _screen(tmp_path / f"p{route}", route, SMALL, kiosk=True)
        rects = [w.rect for w in plain.widgets]
        _shell, large = _screen(tmp_path / f"l{route}", route, SMALL, 200, kiosk=True)
        assert [w.rect for w in large.widgets] == rects
        _laid_out(large, SMALL)


def test_changing_the_text_size_lays_the_settings_screen_out_again_at_once(
    tmp_path: Path,
) -> None:
    """A tap on Text size in Settings: the same screen, still showing, grows its words."""
    shell, screen = _screen(tmp_path, Route.SETTINGS, HD)
    before = screen.widget("text_size").size
    for _ in range(4):  # 125, 150, 175, 200
        h.press(shell, "text_size")
    h.draw()
    assert shell.current is screen and shell.services.settings.text_size == 200
    assert screen.widget("text_size").size >= 1.15 * before
    _laid_out(screen, HD)
