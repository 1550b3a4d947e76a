"""Hot seat: several people, one device, and nobody sees a hand that is not theirs.

Every frame drawn is checked at the level of the sprites arcade actually
draws: a tile face (plain, lifted or ghost) of a tile still in some hand
may be drawn only while that hand's owner is the one looking at the table.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import arcade
import around_helpers as h
import pytest
from table_matches import cuban_deal_with_five_doubles_for_seat_2

from game.match import Match
from game.rules.tiles import Tile
from game.ui.router import Shell
from game.ui.screens.handover import HandoverView
from game.ui.screens.summary import RoundSummaryView
from game.ui.table.view import TableView

FACE_KINDS = {"face", "lit", "ghost"}


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[set[Tile]]:
    """The tile faces each frame drew, one set per frame (from every SpriteList.draw)."""
    frames: list[set[Tile]] = [set()]
    real = arcade.SpriteList.draw

    def spy(self: arcade.SpriteList, **kw: Any) -> None:
        for sprite in self:
            if sprite.visible and sprite.alpha > 0:
                parts = sprite.texture.cache_name.split("|")[0].split("-")
                if len(parts) == 6 and parts[0] == "boneyard" and parts[1] in FACE_KINDS:
                    frames[-1].add(Tile(int(parts[2]), int(parts[3])))
        real(self, **kw)

    monkeypatch.setattr(arcade.SpriteList, "draw", spy)
    return frames


def _look(shell: Shell, frames: list[set[Tile]]) -> None:
    """Draw one frame and check it showed no hand but the viewer's."""
    frames.append(set())
    h.draw()
    seen = frames[-1]
    view = shell.current
    state = shell.table.state
    if isinstance(view, RoundSummaryView):
        return  # all hands open at the end of a round (F-07)
    allowed: set[Tile] = set()
    if isinstance(view, TableView) and not view.covered:
        allowed = set(state.hands[view.viewer - 1])
    private = {t for hand in state.hands for t in hand} - allowed
    assert not seen & private, f"{type(view).__name__} drew hidden tiles {sorted(seen & private)}"


def _hot_seat_round(shell: Shell, frames: list[set[Tile]], limit: int = 400) -> list[int]:
    """Play one round with every seat human; returns the seats handed the device, in order."""
    handed = []
    for _ in range(limit):
        _look(shell, frames)
        view = shell.current
        if isinstance(view, HandoverView):
            handed.append(view.seat)
            h.press(shell, "show")
        elif isinstance(view, TableView):
            assert view.human_turn(), "a human's table showed without their turn"
            assert handed and view.viewer == handed[-1]
            h.play_turn(shell)
        elif isinstance(view, RoundSummaryView):
            return handed
        else:
            raise AssertionError(type(view).__name__)
    raise AssertionError("the round did not end")


def test_f07_two_humans_never_see_each_others_tiles(tmp_path: Path, drawn: list[set[Tile]]) -> None:
    """F-07 / L-20 / MT-22: passing the device hides everything until "Show my tiles" (who
    is handed the device, and when: tests/test_controller_hotseat.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("draw", 2, seats=["human", "human"], seed=7))
    h.frames(1)
    assert _hot_seat_round(shell, drawn)
    assert any(frame for frame in drawn)  # faces were drawn at all: the spy works


def test_c07_cuban_acceptances_are_private(tmp_path: Path, drawn: list[set[Tile]]) -> None:
    """C-07 / C-21: a Cuban player with a choice (five doubles: keep or redeal) looks at the
    new hand alone, after a handover; the hands that can only be kept are kept with no hand
    shown (who is handed the device and who chooses: tests/test_controller_hotseat.py)."""
    shell = h.make_shell(tmp_path)
    deal = cuban_deal_with_five_doubles_for_seat_2()
    match = Match.create("cuban", 4, seats=["human"] * 4, seed=11, first=1, deals=[deal])
    shell.begin(match)
    handovers = 0
    for _ in range(40):
        h.frames(1)
        if getattr(shell.table.state, "phase", "") != "accept":
            break
        _look(shell, drawn)
        view = shell.current
        if isinstance(view, HandoverView):
            handovers += 1
            h.press(shell, "show")
            _look(shell, drawn)
        elif isinstance(view, TableView) and view.human_turn():
            h.press(shell, "accept")
            h.press(shell, "confirm")
    assert shell.table.state.phase == "play" and handovers  # a hand was looked at alone


def test_the_frame_check_would_catch_a_hand_shown_to_the_wrong_player(
    tmp_path: Path, drawn: list[set[Tile]]
) -> None:
    """The spy is not blind: showing seat 2's hand while seat 1 looks is caught."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "human"], seed=5))
    h.frames(1)
    h.press(shell, "show")
    table = shell.table
    other = 3 - table.viewer
    table.sync_preview()
    table.tray.sync(table.state.hands[other - 1], table.screen.tray, None, None, False)
    with pytest.raises(AssertionError, match="hidden tiles"):
        _look(shell, drawn)


def test_hot_seat_undo_and_restart_on_a_handover_never_show_the_other_hand(
    tmp_path: Path, drawn: list[set[Tile]]
) -> None:
    """Issue 16.1: at Seat 2's handover, Menu → Undo (or Restart) does not open Seat 1's hand.

    Two humans at Draw; Seat 1 plays; on "Pass the device to Seat 2", Seat 2 opens
    the menu and asks for Undo, then Restart round, then taps "Show my tiles": both
    are refused in one line shown on the handover, and the tiles shown are Seat 2's
    (the refusals and the log naming no tile in a hand: tests/test_controller_hotseat.py).
    """
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("draw", 2, seats=["human", "human"], seed=7, first=1))
    h.frames(1)
    assert isinstance(shell.current, HandoverView) and shell.current.seat == 1
    h.press(shell, "show")
    h.play_turn(shell)
    h.frames(1)
    assert isinstance(shell.current, HandoverView) and shell.current.seat == 2
    played = shell.table.match.actions
    for ask in ("undo", "restart"):
        h.press(shell, "menu")
        _look(shell, drawn)
        h.press(shell, ask)
        h.frames(1)
        _look(shell, drawn)
        assert isinstance(shell.current, HandoverView) and shell.current.seat == 2
        assert shell.table.match.actions == played, f"{ask} from the menu acted"
        notice = shell.seating.notice  # what the table published with the handover due
        assert "Seat 1" in notice and notice in shell.current.texts()
    h.press(shell, "show")
    _look(shell, drawn)
    view = shell.current
    assert isinstance(view, TableView) and view.viewer == 2 and not view.covered
    undo = next(b for b in view.buttons.buttons if b.key == "undo")
    assert not undo.enabled  # drawn dimmed: Seat 1's move is not Seat 2's to take back
    h.key(arcade.key.Z, arcade.key.MOD_CTRL)
    _look(shell, drawn)
    assert shell.table.match.actions == played and "Seat 1" in view.message  # Ctrl+Z too


def test_hot_seat_restart_on_the_first_players_turn_covers_the_table(
    tmp_path: Path, drawn: list[set[Tile]]
) -> None:
    """Restart on the round's first player's own turn, through the menu: no hand shows on
    the way to the handover (allowed and logged: the controller's,
    tests/test_controller_modes.py; asked first and handed to that player:
    tests/test_seating.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("draw", 2, seats=["human", "human"], seed=7, first=1))
    h.frames(1)
    h.press(shell, "show")
    h.press(shell, "menu")
    h.press(shell, "restart")
    h.press(shell, "yes")
    h.frames(1)
    _look(shell, drawn)
    assert isinstance(shell.current, HandoverView)


def test_undo_and_redo_by_their_buttons_show_no_hand_and_the_log_keeps_them(
    tmp_path: Path, drawn: list[set[Tile]]
) -> None:
    """Issue 16.1, by the buttons: Undo and Redo act with no other hand showing, and the
    Log panel keeps "Seat 1 took back a move" (the log's lines in order are the
    controller's: tests/test_controller_modes.py)."""
    shell = h.make_shell(tmp_path)
    seats = ["human", "computer:easy", "human"]
    shell.begin(Match.create("block", 3, seats=seats, seed=9, first=1))
    h.frames(1)
    h.press(shell, "show")
    h.play_turn(shell)  # Seat 1 plays; the computer has not answered yet
    h.press(shell, "undo")
    _look(shell, drawn)
    assert not shell.table.match.actions
    h.press(shell, "redo")
    _look(shell, drawn)
    assert len(shell.table.match.actions) == 1
    h.key(arcade.key.L)
    assert "Seat 1 took back a move" in shell.current.texts()


def test_the_next_human_sees_the_computer_moves_they_missed_after_the_handover(
    tmp_path: Path, drawn: list[set[Tile]]
) -> None:
    """Issue 16.5: Seat 2 (a computer) moves while Seat 1 holds the device; Seat 3, handed
    it, is shown that move again on the table, after "Show my tiles", with no hand showing
    meanwhile (their own tiles stay face down until it is over). Which moves, and not
    before the tiles show: tests/test_controller_hotseat.py."""
    shell = h.make_shell(tmp_path)
    seats = ["human", "computer:easy", "human"]
    shell.begin(Match.create("block", 3, seats=seats, seed=9, first=1))
    h.frames(1)
    h.press(shell, "show")
    h.play_turn(shell)
    for _ in range(10):
        h.frames(1)
        if isinstance(shell.current, HandoverView):
            break
    assert isinstance(shell.current, HandoverView) and shell.current.seat == 3
    table = shell.table
    told_before = len(table.news.said)
    h.press(shell, "show")
    view = shell.current
    assert isinstance(view, TableView) and view.viewer == 3
    assert view.replay is not None and not view.human_turn()
    assert len(view.layout.tiles) == 0  # the table as Seat 3 last saw it: empty
    shown = []
    for _ in range(10):
        _look(shell, drawn)
        assert view.tray.hidden or view.replay is None, "a hand showed during the replay"
        shown.append(len(view.layout.tiles))
        if view.replay is None:
            break
        h.frames(1)
    assert view.replay is None and view.human_turn()
    assert shown[0] == 0 and shown[-1] == len(table.match.state.rules.placed(table.state))
    said = table.news.said[told_before:]
    assert len(said) == 2 and said[0].startswith("Seat 1 ") and said[1].startswith("Seat 2 ")
    assert view.news.showing()[-1] == said[1]
    assert not view.tray.hidden
    h.play_turn(shell)  # and Seat 3 plays on as usual


@pytest.mark.parametrize("skip", ["tap", "space", "enter", "escape"])
def test_a_tap_or_a_key_skips_the_catch_up_to_the_table_as_it_is(
    tmp_path: Path, drawn: list[set[Tile]], skip: str
) -> None:
    """Issue 16.6: the catch-up says in one line how to skip it; a tap on the table (or
    Space, Enter, Esc) ends it at once: every missed move told, the table the match's
    own, the viewer's turn, no tile played, no menu opened, no hand shown on the way."""
    shell = h.make_shell(tmp_path)
    seats = ["human", "computer:easy", "human"]
    shell.begin(Match.create("block", 3, seats=seats, seed=9, first=1))
    h.frames(1)
    h.press(shell, "show")
    h.play_turn(shell)
    for _ in range(10):
        h.frames(1)
        if isinstance(shell.current, HandoverView):
            break
    assert isinstance(shell.current, HandoverView) and shell.current.seat == 3
    table = shell.table
    moves, told_before = len(table.match.actions), len(table.news.said)
    h.press(shell, "show")
    view = shell.current
    assert isinstance(view, TableView) and view.replay is not None
    h.draw()
    assert view.texts.get("message") == "Tap or press Space to skip"
    assert len(view.layout.tiles) == 0  # nothing shown yet
    if skip == "tap":
        cx, cy = view.screen.table.centre
        h.click(cx, cy)
    else:
        h.key(getattr(arcade.key, skip.upper()))
    _look(shell, drawn)
    assert shell.current is view and view.replay is None and view.human_turn()
    assert view.state is table.match.state and len(table.match.actions) == moves
    assert len(view.layout.tiles) == len(table.match.state.rules.placed(table.state))
    assert not len(view.tweens), "the table glided on after the skip"
    said = table.news.said[told_before:]
    assert len(said) == 2 and said[0].startswith("Seat 1 ") and said[1].startswith("Seat 2 ")
    assert not view.tray.hidden and view.texts.get("message") != "Tap or press Space to skip"
    h.play_turn(shell)  # and Seat 3 plays on as usual
    assert len(table.match.actions) > moves


def test_a_redeal_is_said_on_the_felt_to_the_next_player(tmp_path: Path) -> None:
    """C-07: Seat 2 taps Redeal and Confirm; the next player, past the handover, reads on
    the felt why the tiles were dealt again, clear of the board, the panels and the bars."""
    shell = h.make_shell(tmp_path)
    deal = cuban_deal_with_five_doubles_for_seat_2()
    match = Match.create("cuban", 4, seats=["human"] * 4, seed=11, first=1, deals=[deal])
    shell.begin(match)
    for _ in range(40):
        h.frames(1)
        view = shell.current
        if isinstance(view, HandoverView):
            h.press(shell, "show")
        elif isinstance(view, TableView) and view.human_turn():
            assert view.state.to_move == 2
            h.press(shell, "redeal")
            h.press(shell, "confirm")
            break
    table = shell.table
    assert table.match.state.deal_no > 1  # dealt again
    for _ in range(10):  # the handover to whoever is next, then their table
        h.frames(1)
        if isinstance(shell.current, HandoverView):
            h.press(shell, "show")
        elif isinstance(shell.current, TableView) and table.human_turn():
            break
    table.settle()
    h.draw()
    said = "Seat 2 showed five doubles or more: all tiles are dealt again"
    assert table.news.rule == said and table.news.placed_rule is not None
    assert " ".join(table.news.placed_rule[1]) == said
    h.check_table_regions(table, (h.WIDTH, h.HEIGHT))
