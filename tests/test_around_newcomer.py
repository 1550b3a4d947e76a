"""What a newcomer's playtest found at the table, each driven by real input events.

Taps are mouse presses and releases at a button's own rectangle, frames are the
window's ``on_update`` and ``on_draw``; every claim is read from what the view shows
(its texts, its regions, the sprites it draws).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

import arcade
import around_helpers as h
import numpy as np
import pytest

from game import i18n
from game.match import Match
from game.resources import data_path
from game.rules import Action, Kind
from game.rules.tiles import Tile, parse_tile
from game.settings import Settings
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.router import Shell
from game.ui.screens.handover import HandoverView
from game.ui.screens.lesson_end import LessonEndView
from game.ui.screens.menu import GameMenuView
from game.ui.table.status import status
from game.ui.table.view import TableView
from game.ui.theme import FELT
from game.ui.widgets.fills import clear_colour
from game.ui.widgets.kit import Box

MT_SEATS = ["human", "computer", "computer", "computer"]


def _mexican_train(tmp_path: Path, pace: str = "instant") -> tuple[Shell, TableView]:
    """``--rules mexican_train --players 4 --seed 3``, up to the human's first turn."""
    tmp_path.mkdir(parents=True, exist_ok=True)
    settings = Settings(pace=pace, sound=False, deal_animation=False)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.begin(Match.create("mexican_train", 4, seats=MT_SEATS, seed=3))
    table = shell.table
    assert table is not None
    for _ in range(600):
        if table.human_turn():
            return shell, table
        h.frames(1, 1 / 30)
    raise AssertionError("the human's turn never came")


def _status(table: TableView) -> str:
    return table.bar.texts.get("status")


def test_bug6_the_top_bar_shows_the_flows_turn_words_as_the_computers_play(
    tmp_path: Path,
) -> None:
    """Bug 6, as drawn: through the computers' turns (thinking, the breath, the glides) the
    top bar shows at every frame the flow's own words for the turn, and "Your turn" when
    it comes back (that those words change once a move lands, never "thinking… 100%"
    after it, is the controller's: tests/test_controller_rounds.py)."""
    shell, table = _mexican_train(tmp_path, pace="normal")
    h.play_turn(shell)
    while table.human_turn():  # the first turn's chain: end it
        h.play_turn(shell)
    drawn = 0
    for _ in range(1500):
        h.frames(1, 1 / 30)
        h.draw()
        assert _status(table) == status(table.ctl)
        drawn += 1
        if table.human_turn():
            break
    assert table.human_turn(), "the computers never gave the turn back"
    assert drawn > 1 and _status(table) == "Your turn"


def _first_turn_end_only(tmp_path: Path) -> tuple[Shell, TableView]:
    """The first turn's chain played out by taps until ending it is all there is to do."""
    shell, table = _mexican_train(tmp_path)
    for _ in range(20):
        if [a.kind for a in table.match.legal()] == [Kind.END]:
            return shell, table
        assert table.preview.playable(), "no tile and no end: not a first turn"
        h.play_turn(shell)
    raise AssertionError("the chain never ended")


def test_deliver4_enter_makes_the_only_move_too(tmp_path: Path) -> None:
    """Deliver 4, by keys: with nothing picked and ending the turn all there is to do,
    Enter ends it (one key, as one press of its button)."""
    _shell, table = _first_turn_end_only(tmp_path)
    moves = len(table.match.actions)
    h.key(arcade.key.ENTER)
    assert table.match.actions[moves : moves + 1] == (Action(Kind.END),)


def test_bug2_an_end_with_tiles_still_to_play_asks_again_on_the_table(tmp_path: Path) -> None:
    """Bug 2, without a hint: ending with tiles still to play keeps its confirmation, said
    on the table; the second press ends (the hint's one press, forced or not, is the
    controller's: tests/test_controller_modes.py)."""
    showing, table = _mexican_train(tmp_path)
    h.play_turn(showing)
    moves = len(table.match.actions)
    h.press(showing, "end")
    assert len(table.match.actions) == moves and table.preview.chosen == Action(Kind.END)
    assert "Press it again or Confirm" in table.texts.get("message")
    h.press(showing, "end")
    assert table.match.actions[moves : moves + 1] == (Action(Kind.END),)


FACE_KINDS = {"face", "lit", "ghost"}


def _faces_drawn(monkeypatch: pytest.MonkeyPatch) -> list[tuple[Tile, float, float]]:
    """Every tile face the next frames draw (from every SpriteList.draw), with where."""
    faces: list[tuple[Tile, float, float]] = []
    real = arcade.SpriteList.draw

    def spy(self: arcade.SpriteList, **kw: Any) -> None:
        for sprite in self:
            if sprite.visible and sprite.alpha > 0:
                parts = sprite.texture.cache_name.split("|")[0].split("-")
                if len(parts) == 6 and parts[0] == "boneyard" and parts[1] in FACE_KINDS:
                    faces.append((Tile(int(parts[2]), int(parts[3])), *sprite.position))
        real(self, **kw)

    monkeypatch.setattr(arcade.SpriteList, "draw", spy)
    return faces


def test_bug3_menu_on_a_handover_draws_the_board_and_no_hand_face_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Bug 3: hot seat, Seat 1 plays; on "Pass the device to Seat 2" Menu is pressed: behind
    the Paused dialog the board was empty and the tile just played stood face up, raised,
    in the hand row (its glide frozen where it began). The table under the dialog is the
    board as laid out, the played tile on it; no tile of any hand shows its face."""
    shell = h.make_shell(tmp_path, settings=Settings(pace="normal", sound=False))
    shell.begin(Match.create("draw", 2, seats=["human", "human"], seed=7, first=1))
    h.frames(1)
    assert isinstance(shell.current, HandoverView)
    h.press(shell, "show")
    played = h.play_turn(shell)
    h.frames(1, 1 / 60)
    assert isinstance(shell.current, HandoverView) and shell.current.seat == 2
    h.press(shell, "menu")
    assert isinstance(shell.current, GameMenuView)
    faces = _faces_drawn(monkeypatch)
    h.draw()
    table = shell.table
    hands = {t for hand in table.state.hands for t in hand}
    assert not {t for t, _, _ in faces} & hands, "a hand's tile face was drawn"
    placed = {p.tile: p for p in table.layout.tiles}
    assert parse_tile(played) in placed
    for tile, x, y in faces:  # each face drawn is a board tile, at its place on the board
        assert tile in placed, tile
        assert (x, y) == pytest.approx((placed[tile].x * HALF, placed[tile].y * HALF)), tile
    assert {t for t, _, _ in faces} == set(placed), "the board was not drawn whole"
    assert not len(table.tweens) and not len(table.scene.flying)


def _sheet(view: object) -> Rect:
    """The opaque panel an overlay draws its widgets on (its first box)."""
    return next(w.rect for w in view.widgets if isinstance(w, Box))  # type: ignore[attr-defined]


def _pixels(rect: Rect) -> np.ndarray:
    x0, y0 = int(rect.x0), int(rect.y0)
    image = arcade.get_image(x0, y0, int(rect.x1) - x0, int(rect.y1) - y0)
    return np.asarray(image.convert("RGB"), dtype=int)


@pytest.mark.parametrize("panel", ["menu", "rules", "log"])
def test_bug4_the_paused_rules_and_log_panels_are_opaque_over_a_dimmed_table(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, panel: str
) -> None:
    """Bug 4: board pips and hand tiles showed through the Paused, Rules and Log panels,
    and the hand's lower edge stuck out below the Rules panel. Each panel is drawn the
    same pixel for pixel whatever the table under it shows (nothing shows through), the
    table round a dialog is dimmed, and no hand tile is cut by a panel's edge."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("all_fives", 2, seats=["human", "computer"], seed=5, first=1))
    h.frames(2)
    table = shell.table
    h.play_turn(shell)
    for _ in range(20):
        if table.human_turn():
            break
        h.frames(1)
    table.settle()
    h.press(shell, "menu")
    if panel != "menu":
        h.press(shell, panel)
    view = shell.current
    sheet = _sheet(view)
    h.draw()
    over_table = _pixels(sheet)
    under = table.on_draw
    monkeypatch.setattr(table, "on_draw", lambda: clear_colour(h.window().ctx.screen, FELT))
    h.draw()  # the same panel over a bare felt
    assert (over_table == _pixels(sheet)).all(), f"the table shows through the {panel} panel"
    monkeypatch.setattr(table, "on_draw", under)
    h.draw()
    tiles = [(s.left, s.bottom, s.right, s.top) for s in table.tray.sprites.values()]
    assert tiles
    for x0, y0, x1, y1 in tiles:  # each hand tile wholly under the panel, or wholly clear
        inside = sheet.x0 <= x0 and x1 <= sheet.x1 and sheet.y0 <= y0 and y1 <= sheet.y1
        clear = x1 <= sheet.x0 or x0 >= sheet.x1 or y1 <= sheet.y0 or y0 >= sheet.y1
        assert inside or clear, f"a hand tile sticks out of the {panel} panel"
    if panel == "menu":  # round the dialog, the table is drawn, dimmed
        corner = _pixels(Rect(2, h.HEIGHT // 2, 4, h.HEIGHT // 2 + 2))[0][0]
        assert corner.tolist() != list(FELT[:3]) and max(corner) < max(FELT[:3])


def _lines_drawn(text: arcade.Text) -> int:
    """How many lines pyglet lays ``text`` out in (its height over one line's)."""
    one = arcade.Text(
        "X",
        0,
        0,
        font_size=text.font_size,
        font_name=text.font_name,
        bold=text.bold,
        width=text.width,
        multiline=True,
    )
    return round(text.content_height / one.content_height)


def _tutorial_words() -> list[tuple[str, str]]:
    """Every tutorial's words as written in English: (where, text)."""
    found = []
    for path in sorted(data_path("levels", "tutorials").glob("*.toml")):
        data = tomllib.loads(path.read_text(encoding="utf-8"))
        found += [(f"{path.stem} title", data["title"])]
        for i, step in enumerate(data["steps"], 1):
            found += [(f"{path.stem} step {i} {k}", step[k]) for k in ("say", "other") if k in step]
    return found


@pytest.mark.parametrize("language", ["en", "id", "pt", "ar"])
def test_bug5_no_tutorial_words_hold_a_hard_line_break(language: str) -> None:
    """Bug 5: a message's line breaks are the widget's to make, at its width: no tutorial's
    words, in any language, break a line themselves."""
    words = _tutorial_words()
    assert len(words) > 30
    catalogue = i18n.translation(language)
    for where, text in words:
        said = catalogue.gettext(text)
        assert said != text or language == "en", f"{language} {where}: not translated"
        assert "\n" not in said, f"{language} {where}: a hard line break"


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720)])
@pytest.mark.parametrize("language", ["en", "pt", "ar"])
def test_bug5_the_coach_leaves_no_word_alone_on_a_line_its_wrapping_did_not_make(
    tmp_path: Path, language: str, size: tuple[int, int]
) -> None:
    """Bug 5: Block, step 6: "…matches the 5: play it" / "and go out." — the coach's lines
    came wrapped, and pyglet wrapped a line as wide as the box again, leaving "it" alone.
    At every step, opened and played by taps, each of the coach's texts is drawn in
    exactly the lines it was wrapped into."""
    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.start()
    h.press(shell, "learn")
    h.press(shell, "learn:block")
    view = shell.current
    assert isinstance(view, TableView)
    h.send("on_resize", *size)
    steps = 0
    try:
        for _ in range(400):
            if isinstance(shell.current, LessonEndView):
                break
            if not view.human_turn():
                h.frames(1)
                continue
            h.draw()
            h.draw()
            assert h.coach(view)._texts
            for text in h.coach(view)._texts:
                lines = text.text.count("\n") + 1
                assert _lines_drawn(text) == lines, (h.tutoring(view).lesson.step.number, text.text)
            steps += 1
            action = view.match.ruleset.parse_action(
                view.state, h.tutoring(view).lesson.step.expect
            )
            view.ask_hint()  # "Show me": the step's move, previewed
            if view.preview.chosen != action or view.only_move() == action:
                h.press(shell, str(action))
            if view.preview.chosen == action:
                h.press(shell, "confirm")
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
    assert isinstance(shell.current, LessonEndView) and steps >= 6


@pytest.mark.parametrize("size", [(800, 600), (1024, 600)])
def test_bug1_a_small_window_shows_the_station_whole_and_a_hand_that_never_overlaps(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Bug 1: ``--windowed --size 800x600 --rules mexican_train --players 4 --seed 3``:
    the station box was clipped, the seat panels took most of the felt and the 15 hand
    tiles overlapped in a fan. Through a match played by taps, at every frame: the
    station lies whole on the felt, clear of the hand's bar and the panels; no region
    overlaps another; the hand's tiles never overlap (a hand too long scrolls, by its
    arrows, and a tile on its next page is tapped and played)."""
    shell = h.make_shell(tmp_path)
    h.send("on_resize", *size)
    shell.services.laid_out_for = size
    try:
        shell.begin(Match.create("mexican_train", 4, seats=MT_SEATS, seed=3))
        table = shell.table
        assert table is not None
        assert table.laid_for == size
        h.frames(1)
        table.settle()
        h.draw()
        assert table.layout.hub is not None
        h.check_table_regions(table, size)
        tray = table.tray
        assert len(table.state.hands[0]) == 15 and tray.arrows is not None
        hidden = [t for t in sorted(tray.sprites, reverse=True) if t not in tray.slots]
        assert hidden, "all 15 tiles in one row at this size: they would overlap"
        h.click(*tray.arrows[1].centre)  # the next page
        assert hidden[0] in tray.slots and tray.first > 0
        h.click(*tray.arrows[0].centre)
        assert tray.first == 0
        played = 0
        for _ in range(400):
            if shell.current is not table or table.state.round > 1:
                break
            h.frames(1)
            table.settle()
            h.draw()
            h.check_table_regions(table, size)
            if table.human_turn():
                h.play_turn(shell)
                played += 1
        assert played >= 5
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        shell.services.laid_out_for = (h.WIDTH, h.HEIGHT)
