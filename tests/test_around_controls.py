"""The table's controls around a match: panels that pause, undo, redo, hint, restart, new match.

Each panel (rules, log, scores, the menu) is its own view over the table,
so while one shows, the table gets no frames and no computer moves.
"""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.router import Shell
from game.ui.screens.menu import ConfirmView, GameMenuView
from game.ui.screens.panels import LogView, RulesView, ScoresView
from game.ui.table.hints import Hints
from game.ui.table.view import TableView

TOOLS = {"zoom-", "zoom+", "fit", "rot-", "rot+", "undo", "redo", "hint", "menu"}


def _to_a_computer_turn(shell: Shell) -> None:
    """Play human turns (by taps) until a computer seat is to move."""
    for _ in range(50):
        view = shell.current
        seat = view.state.to_move
        if seat is not None and not view.match.is_human(seat):
            return
        h.play_turn(shell)
    raise AssertionError("no computer turn came")


PANELS = [
    ("F-10", "block", 2, arcade.key.S, ScoresView),
    ("F-10", "all_fives", 2, arcade.key.F1, RulesView),
    ("L-22", "longana", 3, arcade.key.L, LogView),
    ("MT-24", "mexican_train", 3, arcade.key.F1, RulesView),
    ("C-19", "cuban", 4, arcade.key.L, LogView),
    ("C-19", "cuban", 4, arcade.key.M, GameMenuView),
]


@pytest.mark.parametrize(("rule", "rules", "players", "symbol", "panel"), PANELS)
def test_f10_l22_mt24_c19_a_panel_pauses_the_computer_and_closing_resumes_it(
    tmp_path: Path, rule: str, rules: str, players: int, symbol: int, panel: type
) -> None:
    """F-10 / L-22 / MT-24 / C-19: opening the rules, log or scores pauses the computer."""
    shell = h.make_shell(tmp_path)
    seats = ["human"] + ["computer:easy"] * (players - 1)
    shell.begin(Match.create(rules, players, seats=seats, seed=21))
    _to_a_computer_turn(shell)
    before = len(shell.table.match.actions)
    h.key(symbol)
    assert isinstance(shell.current, panel)
    h.frames(40)
    h.draw()
    assert len(shell.table.match.actions) == before, f"{rule}: the computer moved behind the panel"
    h.key(arcade.key.ESCAPE)
    assert isinstance(shell.current, TableView)
    h.frames(6)
    assert len(shell.table.match.actions) > before, f"{rule}: closing did not resume the computer"


def test_f09_l23_mt24_c19_undo_takes_back_the_computers_replies_and_redo_restores_them(
    tmp_path: Path,
) -> None:
    """F-09 / L-23 / MT-24 / C-19, by the buttons and the keys: undo goes back to your
    decision, replies included (every change saved: tests/test_seating.py)."""
    shell = h.make_shell(tmp_path)
    seats = ["human", "computer:easy", "computer:easy"]
    shell.begin(Match.create("block", 3, seats=seats, seed=4, first=1))
    table = shell.current
    start = table.state
    h.play_turn(shell)
    for _ in range(20):
        h.frames(1)
        if table.human_turn():
            break
    assert table.human_turn()
    after = table.state
    replies = len(table.match.actions)
    assert replies >= 3  # our move and both computers' replies
    h.press(shell, "undo")
    assert table.state == start and table.human_turn()
    h.press(shell, "redo")
    assert table.state == after and len(table.match.actions) == replies
    h.key(arcade.key.Z, arcade.key.MOD_CTRL)  # the same by keys
    assert table.state == start


def test_top_bar_buttons_keep_their_places_so_two_taps_on_undo_never_redo(
    tmp_path: Path,
) -> None:
    """Issue 16.4: Undo and Redo are always there (disabled when they cannot act), so the
    bar never shifts: two taps where Undo is take back two moves, never undo then redo."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=4, first=1))
    table = shell.current

    def bar() -> dict[str, tuple[Rect, bool]]:
        return {b.key: (b.rect, b.enabled) for b in table.buttons.buttons if b.key in TOOLS}

    first = bar()
    assert set(first) == TOOLS and not first["undo"][1] and not first["redo"][1]
    for _ in range(2):  # two moves of ours, the computer's replies between
        h.play_turn(shell)
        for _ in range(20):
            h.frames(1)
            if table.human_turn():
                break
    played = len(table.match.actions)
    assert {k: r for k, (r, _) in bar().items()} == {k: r for k, (r, _) in first.items()}
    undo_at = first["undo"][0].centre
    h.click(*undo_at)
    once = len(table.match.actions)
    assert once < played and table.match.can_redo
    assert {k: r for k, (r, _) in bar().items()} == {k: r for k, (r, _) in first.items()}
    h.click(*undo_at)
    assert len(table.match.actions) < once  # undone again, not redone
    h.click(*undo_at)  # nothing left to undo: the dimmed button ignores the tap
    assert not table.match.actions and not bar()["undo"][1] and table.match.can_redo


def test_hint_by_its_button_and_key_dismissed_by_esc_confirmed_by_its_button(
    tmp_path: Path,
) -> None:
    """Hint's button and H show a hint as a preview, Esc dismisses it, Confirm plays it
    (what a hint previews and says is the controller's: tests/test_controller_modes.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("all_fives", 2, seats=["human", "computer:easy"], seed=8, first=1))
    table = shell.current
    before = len(table.match.actions)
    h.press(shell, "hint")
    h.part(table, Hints).finish()
    chosen = table.preview.chosen
    assert chosen is not None
    h.key(arcade.key.ESCAPE)  # dismissed
    assert table.preview.chosen is None
    h.key(arcade.key.H)
    h.part(table, Hints).finish()
    assert table.preview.chosen == chosen
    h.press(shell, "confirm")
    assert table.match.actions[before] == chosen


def test_restart_round_and_new_match_ask_first(tmp_path: Path) -> None:
    """By their keys and the menu: the question shows, No keeps the match, Yes acts (what
    each does, the same deal or a fresh one: tests/test_seating.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("draw", 2, seats=["human", "computer:easy"], seed=12, first=1))
    table = shell.current
    h.play_turn(shell)
    h.frames(3)
    h.key(arcade.key.R, arcade.key.MOD_CTRL)
    assert isinstance(shell.current, ConfirmView)
    h.press(shell, "no")
    assert isinstance(shell.current, TableView) and table.match.actions
    h.press(shell, "menu")
    h.press(shell, "restart")
    h.press(shell, "yes")
    assert isinstance(shell.current, TableView) and not table.match.actions
    seed = table.match.seed
    h.key(arcade.key.N, arcade.key.MOD_CTRL)
    h.press(shell, "yes")
    assert table.match.seed != seed and not table.match.actions
    h.key(arcade.key.L)
    assert any("A new match" in text for text in shell.current.texts())  # MT-20: history kept


def test_the_menu_leads_everywhere_and_back(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("longana", 2, seats=["human", "computer:easy"], seed=2))
    for key_name, panel in (("rules", RulesView), ("log", LogView), ("scores", ScoresView)):
        h.press(shell, "menu")
        assert isinstance(shell.current, GameMenuView)
        h.press(shell, key_name)
        assert isinstance(shell.current, panel)
        h.draw()
        h.press(shell, "close")
        assert isinstance(shell.current, GameMenuView)
        h.press(shell, "resume")
        assert isinstance(shell.current, TableView)
    h.press(shell, "menu")
    h.press(shell, "title")
    assert type(shell.current).__name__ == "TitleView"
    assert shell.current.button("resume").enabled
    h.press(shell, "resume")
    assert isinstance(shell.current, TableView)


def test_colour_pips_changed_at_a_match_redraws_the_tiles_and_keeps_the_table(
    tmp_path: Path,
) -> None:
    """Issue 14.7, by the settings screen over the table: the tiles drawn anew with plain
    pips, the view the same table (the table's turn and the log of earlier matches kept:
    tests/test_seating.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("mexican_train", 2, seats=["human", "computer:easy"], seed=4))
    table = shell.table
    assert table is not None and table.textures.coloured  # auto: double-twelve is coloured
    h.key(arcade.key.R)  # the player turns the table a quarter
    assert table.turn == 1
    h.press(shell, "menu")
    h.press(shell, "settings")
    h.press(shell, "colour_pips")  # auto -> on: no change for double-twelve
    assert shell.table is table and table.textures.coloured
    h.press(shell, "colour_pips")  # on -> off
    h.press(shell, "back")
    h.press(shell, "resume")
    assert shell.current is table and shell.table is table
    assert not table.textures.coloured
    for tile, sprite in table.tray.sprites.items():  # drawn anew, with plain pips
        assert any(sprite.texture is table.textures.face(tile, level) for level in range(4))
