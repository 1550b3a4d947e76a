"""The table's bars read from the right in Arabic; the table itself does not turn.

Issue 15's mirroring, measured: in Arabic the top bar's title sits at the
right and its tools read from the right (the first at the right, the menu at
the far left), the seat panels' words and the hand bar's words are
right-aligned in their own boxes, the choices go left of the hand, and
nothing overlaps or leaves its bar. The felt is physical: the seat panels,
the board and the camera are where they are in English.
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest

from game import i18n
from game.match import Match
from game.record import to_record
from game.replay import Cursor
from game.rules import names
from game.rules.presets import load_preset
from game.settings import Settings
from game.ui.board.geometry import Rect
from game.ui.table.rewind import ReplayControls, replay_table
from game.ui.table.rewinding import Rewinding
from game.ui.table.seats import shorten
from game.ui.theme import MIN_TEXT
from game.ui.widgets.text import text_width
from game.ui.words.names import count, seat_name

SIZES = [(1280, 720), (1920, 1080), (720, 1280)]
PANEL_WORDS = ("mark", "name", "kind", "count", "score")  # a seat panel's texts, by key


def _table(tmp_path: Path, rules: str, players: int, language: str, size, moves: int = 6):
    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    shell = h.make_shell(tmp_path / language, settings=settings)
    shell.services.laid_out_for = size
    h.send("on_resize", *size)
    seats = ["human"] + ["computer"] * (players - 1)
    shell.begin(Match.create(rules, players, seats=seats, seed=5))
    h.frames(2)
    table = shell.table
    assert table is not None and table.laid_for == size
    table.step_computers(moves)
    table.settle()
    h.frames(1, 0.0)
    h.draw()
    return table


def _boxes(view) -> dict[str, Rect]:
    """Each bar text's letters: its drawn width, and the em square's height (4/3 of its
    size in points) round its line's middle, not the Arabic font's taller line box."""
    boxes = {}
    for pool in (view.bar.texts, view.texts):  # the top bar's words, the seats' and the hand's
        for key, r in pool.shown().items():
            half = pool._texts[key].font_size * 2 / 3
            middle = (r.y0 + r.y1) / 2
            boxes[key] = Rect(r.x0, middle - half, r.x1, middle + half)
    return boxes


def _players(rules: str) -> list[int]:
    low, high = {"cuban": (4, 4), "mexican_train": (4, 10)}.get(rules, (2, 4))
    return sorted({low, high})


def _each_word_in_its_place(view, texts: dict[str, Rect], case: object) -> None:
    """Every word inside its bar or panel, none over another nor over a button."""
    screen, buttons = view.screen, view.buttons.buttons
    width, height = view.laid_for
    home = {f"{w}{seat}": r for seat, r in screen.panels.items() for w in PANEL_WORDS}
    home |= {"mark": screen.tray, "mine": screen.tray, "message": screen.tray}
    for key, box in texts.items():
        within = home.get(key, screen.top)
        assert within.x0 - 1 <= box.x0 and box.x1 <= within.x1 + 1, (case, key, box)
        assert within.y0 <= box.y0 and box.y1 <= within.y1, (case, key, box)
        for b in buttons:
            assert not box.overlaps(b.rect), (case, key, b.key)
    keys = sorted(texts)
    for i, a in enumerate(keys):
        for b in keys[i + 1 :]:
            assert not texts[a].overlaps(texts[b]), (case, a, b)
    for i, a in enumerate(buttons):
        assert a.rect.x0 >= 0 and a.rect.x1 <= width and a.rect.y1 <= height, a.key
        for b in buttons[i + 1 :]:
            assert not a.rect.overlaps(b.rect), (case, a.key, b.key)


@pytest.mark.parametrize("language", ["en", "id", "pt", "ar"])
@pytest.mark.parametrize("rules", names())
def test_in_every_language_each_seats_words_fit_its_panel(
    tmp_path: Path, rules: str, language: str
) -> None:
    """Every seat count the setup allows, in both landscape sizes, with the match's scores
    and then three-figure ones: every word inside its place, none over another; a name
    gives way (smaller, down to the theme's smallest words, then cut short but keeping
    its number; with the match's own scores it is whole) and the score stays whole."""
    low, high = load_preset(rules).seats
    for size in SIZES[:2]:
        for players in range(low, high + 1):
            view = _table(tmp_path / f"{players}{size[0]}", rules, players, language, size, 1)
            case = (rules, players, language, size)
            texts = view.texts
            _each_word_in_its_place(view, _boxes(view), case)
            for seat in view.screen.panels:
                assert texts.get(f"name{seat}") == seat_name(seat), (case, seat)
            match = view.match
            match._states[-1] = match.state.evolve(scores=(888,) * players)
            view.sync_preview()  # the words again, over the new scores
            _each_word_in_its_place(view, _boxes(view), (*case, 888))
            for seat in view.screen.panels:
                assert texts.get(f"score{seat}") == count("pts", 888), (case, seat)
                for word in ("name", "score"):
                    assert texts._texts[f"{word}{seat}"].font_size >= MIN_TEXT, (case, seat)
                assert texts.get(f"name{seat}").endswith(f" {seat}"), (case, seat)


@pytest.fixture(autouse=True)
def _english_after() -> object:
    yield
    h.send("on_resize", h.WIDTH, h.HEIGHT)
    i18n.set_language("en")


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("rules", names())
def test_in_arabic_the_bars_read_from_the_right_and_nothing_overlaps(
    tmp_path: Path, rules: str, size: tuple[int, int]
) -> None:
    width, height = size
    for players in _players(rules):
        view = _table(tmp_path / str(players), rules, players, "ar", size)
        screen = view.screen
        assert screen.rtl
        texts = _boxes(view)
        buttons = view.buttons.buttons
        # the top bar: the title at the right, the tools read from the right
        title = texts["title"]
        assert abs(title.x1 - (width - 16 * screen.scale)) <= 2, (rules, title)
        top = [b for b in buttons if b.rect.y0 >= screen.top.y0 - 1]
        tools = [b.key for b in sorted(top, key=lambda b: -b.rect.x0)]
        assert tools[0] == "zoom-" and tools[-1] == "menu", tools
        if screen.rows == 1:  # the tools on the title's row, left of it
            assert max(b.rect.x1 for b in top) < title.x0
        _each_word_in_its_place(view, texts, (rules, players))
        panels = screen.panels
        # the seats' words right-aligned in their panels: the mark at the right, the name
        # by it
        for seat, r in panels.items():
            name, mark = texts[f"name{seat}"], texts[f"mark{seat}"]
            assert r.x1 - 40 <= mark.x1 <= r.x1 - 10, (rules, seat)
            assert mark.x0 - 16 <= name.x1 <= mark.x0, (rules, seat)
            kind = texts.get(f"kind{seat}")
            if kind is not None:
                assert kind.x0 < name.x0 and kind.x0 <= r.x0 + 16, (rules, seat)
        assert bool(view.news.corner) == (rules == "all_fives")
        if view.news.corner:  # All Fives' count of the ends: on the table, covering nothing
            corner = view.news.corner_rect
            assert corner is not None
            table = screen.table
            assert table.x0 <= corner.x0 and corner.x1 <= table.x1, (rules, corner)
            for r in [*view.parts.words.sprite_rects(), *panels.values()]:
                assert not corner.overlaps(r), (rules, corner, r)
        # the hand bar: the owner's words at the right, the choices left of the hand
        mark, k = texts["mark"], screen.scale
        assert screen.tray.x1 - 40 * k <= mark.x1 <= screen.tray.x1 - 10 * k
        assert mark.x0 - 16 * k <= texts["mine"].x1 <= mark.x0
        if not screen.upright:
            assert screen.actions.x1 <= screen.tray.x0


@pytest.mark.parametrize("rules", ["longana", "mexican_train"])
def test_the_felt_does_not_mirror(tmp_path: Path, rules: str) -> None:
    """Arabic chosen during a match turns the bars at once; the seats' panels, the board
    and the camera stay as they are in English."""
    view = _table(tmp_path, rules, 4, "en", (1280, 720))
    view.paused = True  # nobody moves meanwhile: the same table in both languages
    view.settle()
    assert not view.screen.rtl
    assert view.bar.texts.shown()["title"].x0 == pytest.approx(16, abs=2)
    assert view.screen.actions.x0 >= view.screen.tray.x1
    panels, table = dict(view.screen.panels), view.screen.table
    tiles = [(p.tile, p.x, p.y, p.angle) for p in view.layout.tiles]
    camera = (view.camera.position, view.camera.zoom, view.camera.angle)
    i18n.set_language("ar")
    h.frames(1, 0.0)
    view.settle()
    assert view.screen.rtl and view.screen.actions.x0 == 0
    assert view.bar.texts.shown()["title"].x1 == pytest.approx(1280 - 16, abs=2)
    assert view.screen.panels == panels and view.screen.table == table
    assert [(p.tile, p.x, p.y, p.angle) for p in view.layout.tiles] == tiles
    assert (view.camera.position, view.camera.zoom, view.camera.angle) == camera


def test_a_replay_in_arabic_keeps_its_log_on_the_left(tmp_path: Path) -> None:
    """The replay's log column is at the end of the reading: the left in Arabic, the table
    and its bars beside it; the transport keeps time's direction (back on the left)."""
    match = Match.create("block", 2, seats=["human", "computer"], seed=3, target=30)
    while not match.state.over:
        legal = match.legal()
        match.play(legal[len(match.actions) % len(legal)])
    i18n.set_language("ar")
    h.window()
    view = replay_table(Cursor(to_record(match)), on_close=lambda: None, size=(1280, 720))
    _replay(view).go(8)
    view.settle()
    log, screen = _controls(view).log.rect, view.screen
    assert log.x0 == 0 and screen.top.x0 == log.x1 and screen.top.x1 == 1280
    assert screen.table.x0 >= log.x1 and screen.tray.x0 >= log.x1
    boxes = _boxes(view)
    assert abs(boxes["title"].x1 - (1280 - 16)) <= 2
    keys = {b.key: b.rect for b in view.buttons.buttons}
    assert keys["back"].x0 < keys["forward"].x0  # the transport is not mirrored
    assert keys["close"].x0 < keys["zoom-"].x0  # the tools read from the right
    for b in view.buttons.buttons:
        assert b.rect.x0 >= log.x1, b.key


@pytest.mark.parametrize("language", ["id", "ar"])
def test_a_seats_name_cut_short_keeps_its_number(language: str) -> None:
    """Where even the smallest words do not fit, the name loses letters, not its number."""
    i18n.set_language(language)
    h.window()
    name = seat_name(10)
    whole = text_width(name, MIN_TEXT, True)
    assert shorten(name, MIN_TEXT, whole) == name
    short = shorten(name, MIN_TEXT, whole - 10)
    assert short.endswith("… 10") and len(short) < len(name), short
    assert text_width(short, MIN_TEXT, True) <= whole - 10
    assert shorten(name, MIN_TEXT, 1) == "…"


def _replay(view: object) -> Rewinding:
    return h.part(view, Rewinding)


def _controls(view: object) -> ReplayControls:
    return h.part(view, ReplayControls)
