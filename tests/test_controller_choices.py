"""What the player picks, previews and confirms, below the window: a tile's places, the
ghost's confirm, the choices without a tile (Pass only when nothing fits, no Draw in
Block), and the lone Draw's streak, each tile landing before the next is drawn.

The controller alone (no view, no frames drawn; :class:`Landing` glides each move until
the test lands it): the window tests keep the taps, the keys, the buttons and what is
drawn (tests/test_table_ui.py, tests/test_around_only_moves.py).
"""

from __future__ import annotations

import pytest
from table_matches import block_match, draws_before_a_fit, stuck
from test_controller_modes import Landing

from game.match import Match
from game.rules import Action, Kind, LineState, parse_action
from game.rules.tiles import Tile
from game.ui.table.controller import TableController

FRAME = 1 / 60


def _a(text: str) -> Action:
    return parse_action(None, text)


def _table(match: Match, screen: Landing | None = None) -> TableController:
    table = TableController(match, computer_pause=0.0, screen=screen)
    table.refresh()
    return table


def test_f04_a_tile_lights_its_places_a_place_previews_and_the_confirm_plays_it_once() -> None:
    """F-04: 6-1 picked has two places and previews neither; a place chosen (a tap on it)
    previews it and nothing reaches the rules; the confirm (a tap on the ghost) plays it
    once, the east end then showing the 6, and the preview starts afresh."""
    match = block_match(["human", "computer"])
    table = _table(match)
    assert table.preview.select(Tile(6, 1)) and table.preview.chosen is None
    assert set(table.preview.places) == {_a("play 6-1 W"), _a("play 6-1 E")}
    assert table.preview.choose(_a("play 6-1 E"))
    assert table.preview.chosen == _a("play 6-1 E") and len(match.actions) == 2
    assert table.confirm()
    assert match.actions[2:] == (_a("play 6-1 E"),)
    state = match.state
    assert isinstance(state, LineState) and state.line.ends[1] == 6
    assert table.preview.chosen is None and table.preview.selected is None
    assert not table.preview.places
    assert not table.confirm() and len(match.actions) == 3  # handed out once


def test_f05_f22_block_offers_no_draw_and_a_pass_only_once_nothing_fits() -> None:
    """F-05 / F-22: Block has no Draw; Pass is offered only when nothing in the hand fits,
    and being then all the player may do it is the preview, made by one press (issue 35,
    Deliver 4: no second confirmation)."""
    match = block_match(["human", "computer"])
    table = _table(match)
    assert table.preview.buttons() == () and table.only_move() is None  # seat 1 can play
    match.play("play 6-1 E")  # ends 6 and 6: seat 2 holds 6-6
    match.play("play 6-6 E")  # ends 6 and 6 again: seat 1 holds nothing with a 6
    table.refresh()
    assert table.human_turn() and table.preview.buttons() == (_a("pass"),)
    assert table.only_move() == table.preview.chosen == _a("pass")
    moves = len(match.actions)
    table.press_action(_a("pass"))  # the one press passes
    assert match.actions[moves:] == (_a("pass"),)
    assert table.preview.chosen is None and not table.human_turn()


@pytest.mark.parametrize("rules", ["draw", "all_fives"])
def test_f04_the_lone_draws_streak_draws_each_tile_once_the_last_has_landed(rules: str) -> None:
    """F-04: one press of the lone Draw draws tile after tile, each only once the last has
    landed in the hand (however many frames it glides), one at a time, up to the first
    that fits, each draw in the record; then that tile is to play and Draw is not offered."""
    match = stuck(rules, 2, Kind.DRAW, more_than_one=True)
    needed = draws_before_a_fit(match)
    screen = Landing()
    table = _table(match, screen)
    hand, moves = len(match.state.hands[0]), len(match.actions)
    table.press_action(Action(Kind.DRAW))
    sizes = [len(match.state.hands[0])]
    for _ in range(needed + 2):
        if table.drawing_on is None:
            break
        for _ in range(20):  # the last tile still glides: nothing more is drawn
            table.draw_on(FRAME)
            assert len(match.state.hands[0]) == sizes[-1]
        screen.moving = False  # it landed
        table.draw_on(FRAME)
        sizes.append(len(match.state.hands[0]))
    assert table.drawing_on is None
    assert sorted(set(sizes)) == list(range(hand + 1, hand + needed + 1))  # one at a time
    assert all(b - a <= 1 for a, b in zip(sizes, sizes[1:], strict=False))
    assert match.actions[moves:] == (Action(Kind.DRAW),) * needed  # each draw in the record
    assert table.human_turn() and table.preview.playable()  # the tile that fits, to play
    assert table.preview.chosen is None and Action(Kind.DRAW) not in table.preview.buttons()


def test_mt21_after_the_lone_draw_a_lone_pass_is_previewed_at_once() -> None:
    """MT-21: Mexican Train draws one tile a turn: one press, one tile, no streak; the tile
    drawn does not fit here, so the pass that is then all there is shows as the preview."""
    match = stuck("mexican_train", 4, Kind.DRAW)
    table = _table(match)
    hand, moves = len(match.state.hands[0]), len(match.actions)
    assert table.preview.chosen == Action(Kind.DRAW)
    table.press_action(Action(Kind.DRAW))
    assert match.actions[moves:] == (Action(Kind.DRAW),) and table.drawing_on is None
    assert len(match.state.hands[0]) == hand + 1
    assert not table.preview.playable()
    assert table.preview.chosen == table.only_move() == Action(Kind.PASS)
