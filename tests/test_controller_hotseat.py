"""The hot seat's flow below the window: who is handed the device, and when.

The game's table with no view: the controller with the policies ``play_table`` gives it
(the rounds' summaries, the hot seat), covered as the router begins a shared match. A
handover is what the router shows on :class:`HandoverDue`, and "Show my tiles" is what
the view does on it (take the hand, lay out, say it shown); a frame is the view's (the
policies first, then the draw and the computers unless one halts). What each frame
draws — never a hand but its owner's — stays in tests/test_around_hotseat.py.
"""

from __future__ import annotations

from table_matches import cuban_deal_with_five_doubles_for_seat_2

from game.match import Match
from game.ui.table.controller import TableController
from game.ui.table.events import HandoverDue, RoundOver
from game.ui.table.play import HotSeat, RoundSummaries
from game.ui.words import narrate

DT = 1 / 60


def _game_table(match: Match) -> tuple[TableController, list[object]]:
    """``match`` at the game's table, covered; and what it tells the router, in order."""
    table = TableController(match, computer_pause=0.0)
    table.policies = [RoundSummaries(table), HotSeat(table)]
    table.refresh()
    table.cover()
    told: list[object] = []
    table.events.listen(HandoverDue, told.append)
    table.events.listen(RoundOver, told.append)
    return table, told


def _frame(table: TableController) -> None:
    if not table.tick(DT):
        table.draw_on(DT)
        table.run_computer(DT)


def _show_my_tiles(table: TableController) -> None:
    table.take_hand()
    table.refresh()
    table.hand_shown()


def _handed_over(table: TableController, told: list[object], most: int = 40) -> HandoverDue:
    """Frames until a handover is due; the last one told."""
    for _ in range(most):
        seen = len(told)
        _frame(table)
        if len(told) > seen and isinstance(told[-1], HandoverDue):
            return told[-1]
    raise AssertionError("no handover came")


def test_f07_l20_mt22_a_round_between_two_humans_hands_the_device_over_at_each_change() -> None:
    """F-07 / L-20 / MT-22: every time the turn passes to the other person the device is
    handed over (and only their own turn shows); the round is played out to its summary."""
    match = Match.create("draw", 2, seats=["human", "human"], seed=7)
    table, told = _game_table(match)
    handed: list[int] = []
    for _ in range(400):
        seen = len(told)
        _frame(table)
        if len(told) > seen and isinstance(told[-1], RoundOver):
            break
        if len(told) > seen and isinstance(told[-1], HandoverDue):
            assert match.state.to_move is not None
            handed.append(match.state.to_move)
            _show_my_tiles(table)
        elif table.human_turn():
            assert handed and table.viewer == handed[-1] and not table.covered
            table.commit(table.preview.legal[0])
    else:
        raise AssertionError("the round did not end")
    moves = [seat for seat, _, _ in match.history]
    changes = 1 + sum(1 for a, b in zip(moves, moves[1:], strict=False) if a != b)
    assert len(handed) >= changes - 1 >= 2
    assert all(a != b for a, b in zip(handed, handed[1:], strict=False))


def test_c07_c21_only_the_cuban_seat_with_a_choice_is_handed_the_device() -> None:
    """C-07 / C-21: four people at Cuban, Seat 2 dealt five doubles: only Seat 2 is handed
    the device, to keep or redeal; the hands that can only be kept are kept by the table
    (issue 16.9), and every seat's acceptance is in the log in turn."""
    deal = cuban_deal_with_five_doubles_for_seat_2()
    match = Match.create("cuban", 4, seats=["human"] * 4, seed=11, first=1, deals=[deal])
    table, told = _game_table(match)
    handed: list[int] = []
    chose: list[int] = []
    for _ in range(40):
        seen = len(told)
        _frame(table)
        state = table.state
        if getattr(state, "phase", "") != "accept":
            break
        if len(told) > seen and isinstance(told[-1], HandoverDue):
            assert state.to_move is not None
            handed.append(state.to_move)
            _show_my_tiles(table)
        elif table.human_turn():
            assert state.to_move is not None
            chose.append(state.to_move)
            choices = {str(a): a for a in table.preview.buttons()}
            assert set(choices) == {"accept", "redeal"}
            table.press_action(choices["accept"])
            assert table.confirm()
    state = table.state
    assert getattr(state, "phase", "") == "play"
    accepts = [e.seat for e in state.log if e.action is not None and e.action.kind == "accept"]
    assert accepts == [1, 2, 3, 4]
    assert handed == [2] and chose == [2]


def test_undo_and_restart_asked_on_a_handover_are_refused_and_said_on_it() -> None:
    """Issue 16.1: on "Pass the device to Seat 2", Undo (or Restart round) asked from the
    menu is Seat 1's to ask: refused, the match unchanged, the reason (naming Seat 1, no
    tile) told with the handover still due; once Seat 2's tiles show, Undo is still not
    theirs, and the public log names no tile in a hand."""
    match = Match.create("draw", 2, seats=["human", "human"], seed=7, first=1)
    table, told = _game_table(match)
    assert _handed_over(table, told) == HandoverDue("") and match.state.to_move == 1
    _show_my_tiles(table)
    table.commit(table.preview.legal[0])
    _handed_over(table, told)
    assert match.state.to_move == 2 and table.covered
    played = match.actions
    for ask in ("undo", "restart"):
        if ask == "undo":
            table.undo()
        else:  # what the router does with Restart: the refusal said, nothing asked
            reason = table.restart_refusal()
            assert reason
            table.refuse(reason)
        assert match.actions == played, f"{ask} acted on a handover"
        due = _handed_over(table, told, most=1)
        assert "Seat 1" in due.notice and table.covered
    _show_my_tiles(table)
    assert table.viewer == 2 and not table.covered and table.human_turn()
    assert "Seat 1" in table.undo_refusal()  # the Undo button is dimmed by it
    table.undo()
    assert match.actions == played and "Seat 1" in table.message
    hands = {str(t) for hand in match.state.hands for t in hand}
    lines = [text for text, _ in narrate.log_entries(match)]
    assert not {tile for tile in hands for line in lines if tile in line.split()}


def test_the_moves_a_human_missed_are_shown_again_once_they_hold_the_device() -> None:
    """Issue 16.5: Seat 2 (a computer) moves after Seat 1; Seat 3, handed the device, is
    to be shown both moves again once their tiles show, never before: from the table as
    Seat 3 last saw it (empty) to the match's own."""
    seats = ["human", "computer:easy", "human"]
    match = Match.create("block", 3, seats=seats, seed=9, first=1)
    table, told = _game_table(match)
    _handed_over(table, told)
    _show_my_tiles(table)
    seen = match.state  # the table as Seat 3 last saw it: before Seat 1's lead
    table.commit(table.preview.legal[0])
    _handed_over(table, told)
    assert match.state.to_move == 3 and table.covered and table.replay is None
    _show_my_tiles(table)
    replay = table.replay
    assert replay is not None and [seat for seat, *_ in replay.steps] == [1, 2]
    assert replay.shown == seen and replay.final == match.state
    assert [seat for seat, *_ in replay.skip()] == [1, 2] and replay.over
