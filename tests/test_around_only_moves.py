"""Presses as the cards say (issue 50, item 3): F-04, MT-21, L-19, C-17 at the table.

When a draw, a pass or the end of a first turn is all the player may do, its preview shows
as the turn begins (before anything is pressed) and one press of its one button confirms
it, hinted or not: no Confirm beside it doing the same. In Draw and All Fives the lone
Draw draws until a tile fits on that one press, each tile landing in the hand before the
next is drawn, and stops at the first that fits; the record still holds each draw.
Everything is driven by taps, keys and frames on the real table.
"""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest
from table_matches import stuck

from game.match import Match
from game.rules import Action, Kind
from game.ui.router import Shell
from game.ui.table.view import TableView


def _sit(tmp_path: Path, match: Match) -> tuple[Shell, TableView]:
    shell = h.make_shell(tmp_path)
    shell.begin(match, shuffle=False)
    h.frames(1, 0.0)
    table = shell.table
    assert isinstance(table, TableView) and table.human_turn()
    return shell, table


def _choices(table: TableView) -> set[str]:
    """The keys of the choices' buttons showing (Draw, Pass, End, Confirm, Cancel)."""
    return {b.key for b in table.buttons.buttons} & {"draw", "pass", "end", "confirm", "cancel"}


def _previewed(table: TableView, key: str) -> bool:
    """Whether the choice ``key`` shows as the preview: its button drawn gold (primary)."""
    return any(b.key == key and b.style == "primary" for b in table.buttons.buttons)


def _hint_shown(shell: Shell, table: TableView) -> None:
    h.press(shell, "hint")
    for _ in range(100):
        if table.message.startswith("Hint"):
            return
        h.frames(1, 1 / 30)
    raise AssertionError("no hint came")


@pytest.mark.parametrize("rules", ["draw", "all_fives"])
def test_f04_a_lone_draw_is_previewed_at_once_and_one_press_draws_until_a_tile_fits(
    tmp_path: Path, rules: str
) -> None:
    """F-04: the lone Draw shows as the preview when the turn begins, its button alone, the
    line saying what it does; one press draws, each tile into the hand as it comes, until
    one fits, then Draw goes (that it draws one at a time, each once the last has landed,
    to the first that fits, each in the record, is the controller's:
    tests/test_controller_choices.py)."""
    match = stuck(rules, 2, Kind.DRAW, more_than_one=True)
    shell, table = _sit(tmp_path, match)
    assert _previewed(table, "draw")  # before anything is pressed
    assert not {"confirm", "cancel"} & _choices(table)  # one button, not two
    assert "draws until one does" in table.texts.get("message")
    hand = len(table.state.hands[0])
    h.press(shell, "draw")
    for _ in range(300):
        if table.drawing_on is None:
            break
        assert len(table.tray.sprites) == len(table.state.hands[0])  # each into the hand
        h.frames(1, 1 / 60)
    assert table.drawing_on is None and len(table.state.hands[0]) > hand
    assert len(table.tray.sprites) == len(table.state.hands[0])
    assert table.preview.playable() and "draw" not in _choices(table)


@pytest.mark.parametrize(
    ("rules", "players", "only"),
    [
        ("block", 2, Kind.PASS),
        ("mexican_train", 4, Kind.PASS),
        ("mexican_train", 4, Kind.END),
        ("longana", 2, Kind.PASS),
    ],
)
def test_f04_mt21_l19_a_lone_pass_or_end_is_previewed_at_once_and_one_press_makes_it(
    tmp_path: Path, rules: str, players: int, only: Kind
) -> None:
    """F-04, MT-21, L-19: a pass (or the end of a first turn) that is all there is shows
    as the preview as the turn begins, its button alone and gold; its one press makes it
    (and Enter does too). The preview and the one press on the controller:
    tests/test_controller.py."""
    for by in ("button", "enter"):
        match = stuck(rules, players, only)
        shell, table = _sit(tmp_path / by, match)
        assert _previewed(table, only)
        assert not {"confirm", "cancel"} & _choices(table)
        assert "press" in table.texts.get("message")
        moves = len(match.actions)
        if by == "button":
            h.press(shell, only)
        else:
            h.key(arcade.key.ENTER)
        assert match.actions[moves : moves + 1] == (Action(only),), by


def test_mt21_a_lone_draw_in_mexican_train_is_one_press_for_one_tile(tmp_path: Path) -> None:
    """MT-21: Mexican Train's lone Draw, its button alone, draws one tile on one press,
    into the hand; the lone Pass after it shows as its button alone (one tile a turn and
    the pass previewed after it are the controller's: tests/test_controller_choices.py)."""
    match = stuck("mexican_train", 4, Kind.DRAW)
    shell, table = _sit(tmp_path, match)
    assert _choices(table) == {"draw"}
    hand = len(table.state.hands[0])
    h.press(shell, "draw")
    h.frames(30, 1 / 60)
    assert len(table.tray.sprites) == len(table.state.hands[0]) == hand + 1
    assert _choices(table) == {"pass"}


def test_c17_l19_a_hint_on_the_only_move_shows_one_button_that_makes_it(tmp_path: Path) -> None:
    """C-17 / L-19 / F-04: a hint on a forced pass shows its one button (not a second gold
    Confirm doing the same); one press of it makes it (the hint's words and preview are
    the controller's: tests/test_controller_modes.py)."""
    match = stuck("cuban", 4, Kind.PASS)
    shell, table = _sit(tmp_path, match)
    _hint_shown(shell, table)
    assert _choices(table) & {"pass", "confirm", "cancel"} == {"pass"}
    moves = len(match.actions)
    h.press(shell, "pass")
    assert match.actions[moves : moves + 1] == (Action(Kind.PASS),)


def test_f04_cancel_leaves_the_only_move_previewed(tmp_path: Path) -> None:
    """Esc on the only move's preview: there is nothing else, so it stays previewed, its
    button gold and no Cancel (the preview kept is the controller's: tests/test_controller.py)."""
    match = stuck("block", 2, Kind.PASS)
    _shell, table = _sit(tmp_path, match)
    h.key(arcade.key.ESCAPE)
    h.frames(1, 0.0)
    assert _previewed(table, "pass") and "cancel" not in _choices(table)


def test_a_tile_picked_with_no_place_chosen_keeps_its_cancel(tmp_path: Path) -> None:
    """Only the only move goes without Cancel: a tile picked (several places, none chosen
    yet) still offers Cancel beside the hand."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=1), False)
    table = shell.table
    assert isinstance(table, TableView)
    for _ in range(200):  # to a turn of yours where a tile fits at both ends
        legal = table.preview.legal
        if table.human_turn() and any(
            sum(a.tile == t for a in legal) > 1 for t in table.preview.playable()
        ):
            break
        if table.human_turn():
            h.play_turn(shell)
        h.frames(1)
    h.frames(10, 0.1)  # the hand at rest
    several = next(
        t for t in table.preview.playable() if sum(a.tile == t for a in table.preview.legal) > 1
    )
    h.click(*table.tray.slots[several])
    assert table.preview.selected == several and table.preview.chosen is None
    assert _choices(table) == {"cancel"}
    h.press(shell, "cancel")
    assert table.preview.selected is None
