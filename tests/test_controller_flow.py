"""More of the table's flow below the window: what the window tests drove through frames,
the controller alone now drives (no view, no frames drawn).

The computer's seed and its thinking ahead during the breath; the hot seat's handovers
(the router shows a handover on HandoverDue); the choices nobody need make (C-07). As in
test_controller, no screen stands in for the window: everything has landed at once.
"""

from __future__ import annotations

import itertools

import pytest
from table_matches import hot_seat

from game.ai import Thinking
from game.match import Match
from game.rules import Observation
from game.ui.table import thinking
from game.ui.table.controller import TableController
from game.ui.table.events import HandoverDue


def test_the_table_hands_the_computer_the_matchs_own_entropy(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A computer seat decides with ``ai_seed_for("table")``, not the match seed."""
    match = Match.create("draw", 2, seats=["computer", "human"], seed=3, first=1, ai_seed=77)
    handed: list[tuple[int, int]] = []
    real = thinking.think

    def spy(observation: Observation, level: str = "normal", seed: int = 0) -> Thinking:
        handed.append((seed, match.ai_seed_for("table")))
        return real(observation, level, seed)

    monkeypatch.setattr(thinking, "think", spy)  # the table's own name for game.ai's think
    table = TableController(match, computer_pause=0.0)
    table.refresh()
    for _ in range(40):
        table.run_computer(1 / 60)
        if handed:
            break
    assert handed and all(seed == own for seed, own in handed)
    assert match.ai_seed_for("table") != match.seed


def test_the_next_computer_thinks_during_the_breath_and_decides_the_same() -> None:
    """While a decided move waits for the pace's breath, the next seat (a computer) thinks
    about the table that move makes, with the seed its own turn would get: the moves are
    the ones each turn thought out alone would make, and the breath was thinking time."""
    seats = ["computer"] * 3
    match = Match.create("block", 3, seats=seats, seed=2, ai_seed=7)
    table = TableController(match, computer_pause=0.7)  # the normal pace's breath
    table.refresh()
    ahead_used = 0
    for _ in range(2000):
        before = len(match.actions)
        table.run_computer(1 / 30)
        turn = table.computers.turn
        if len(match.actions) > before and turn is not None:
            ahead_used += turn.action is not None or turn.progress > 0
        if len(match.actions) >= 8 or match.state.to_move is None:
            break
    played = match.actions[:8]
    assert len(played) == 8
    alone = Match.create("block", 3, seats=seats, seed=2, ai_seed=7)
    for _ in played:
        seat = alone.state.to_move
        assert seat is not None
        turn = thinking.ComputerTurn(
            alone.ruleset, alone.state, seat, alone.level(seat), alone.ai_seed_for("table")
        )
        alone.play(turn.finish())
    assert played == alone.actions
    assert ahead_used, "no turn was begun during the breath before it"


def _table(match: Match) -> TableController:
    table = TableController(match, computer_pause=0.0)
    table.refresh()
    return table


# -- the hot seat -----------------------------------------------------------------------


def test_one_human_against_computers_gets_no_handover() -> None:
    """A handover is what the router shows on HandoverDue: one human among computers,
    playing their own turns as the computers play theirs, never hears one."""
    seats = ["human", "computer:easy", "computer:easy"]
    match = Match.create("block", 3, seats=seats, seed=3)
    table, seat = hot_seat(match)
    heard: list[HandoverDue] = []
    table.events.listen(HandoverDue, heard.append)
    humans = 0
    for _ in range(300):
        if match.state.to_move is None or match.state.results:
            break
        if table.human_turn():
            humans += 1
            table.commit(table.preview.legal[0])
        table.run_computer(1 / 60)
        seat.update(1 / 60)
    assert humans >= 2 and match.state.results  # the round was played out, turns of ours in it
    assert not heard and not table.covered


def test_a_computer_between_two_humans_hands_over_to_each_human_in_turn() -> None:
    """Two humans with a computer between them: the covered table hands over to Seat 1, and
    after Seat 1's move and the computer's reply the device goes to Seat 3."""
    seats = ["human", "computer:easy", "human"]
    match = Match.create("block", 3, seats=seats, seed=9, first=1)
    table, seat = hot_seat(match)
    heard: list[HandoverDue] = []
    table.events.listen(HandoverDue, heard.append)
    table.cover()  # as the router begins a shared match (test_around_views holds that)
    seat.update(1 / 60)
    assert heard == [HandoverDue("")] and match.state.to_move == 1 and table.covered
    table.take_hand()
    table.refresh()
    assert table.viewer == 1 and table.human_turn()
    table.commit(table.preview.legal[0])
    for _ in range(200):
        table.run_computer(1 / 60)
        seat.update(1 / 60)
        if len(heard) > 1:
            break
    assert len(heard) == 2 and match.state.to_move == 3 and table.covered


# -- forced choices ---------------------------------------------------------------------


def test_c07_a_hand_that_can_only_be_kept_needs_no_tap() -> None:
    """C-07: a Cuban hand with fewer than five doubles can only be kept: the table keeps
    it after the breath (the human's included), nobody taps "Keep hand"."""
    seats = ["human"] + ["computer:easy"] * 3
    match = Match.create("cuban", 4, seats=seats, seed=5, first=1)
    table = _table(match)
    for _ in range(6):
        table.run_computer(1 / 60)
    state = match.state
    assert getattr(state, "phase", "") == "play"  # nobody tapped "Keep hand"
    kept = [e.seat for e in state.log if e.action is not None and e.action.kind == "accept"]
    assert kept == [1, 2, 3, 4]
    assert table.message == "Hand kept: there was nothing else to choose"


def test_a_search_at_100_decides_in_the_same_slice() -> None:
    """A slice that ends just after the search's last playout (a slow frame on a loaded
    machine) still takes the choice: "thinking… 100%" never stands with nothing left."""
    match = Match.create("mexican_train", 4, seats=["computer"] * 4, seed=3)
    while len(match.legal()) < 2:  # past the forced lead, to a choice
        match.play(match.legal()[0])
    seat = match.state.to_move
    assert seat is not None
    ticks = itertools.count()  # a quarter second a reading: one playout a half-second slice

    turn = thinking.ComputerTurn(
        match.ruleset, match.state, seat, "normal", 7, clock=lambda: next(ticks) / 4
    )
    slices = 0
    while turn.step(budget=0.5) is None:
        slices += 1
        assert turn.progress < 1.0, "a slice ended at 100% without the choice"
    assert slices > 1 and turn.progress == 1.0
