""" "Why that move?" kept at the table: each computer move's explanation, from the decision
that made it, kept by the move's place in the match (tested without a window)."""

from __future__ import annotations

from game.match import Match
from game.ui.table.controller import TableController


def _table(seats: list[str]) -> TableController:
    match = Match.create("block", len(seats), seats=seats, seed=11)
    table = TableController(match, computer_pause=0.0)
    table.refresh()
    return table


def test_every_computer_move_keeps_what_it_weighed_and_a_person_s_none() -> None:
    table = _table(["human", "computer", "computer", "computer"])
    match = table.match
    for _ in range(3):
        while match.state.to_move not in (None, 1):
            table.step_computers(1)
        table.commit(match.legal()[-1])
    moves = match.actions
    for i, action in enumerate(moves):
        said = table.computers.why(i)
        if match.history[i][0] == 1:
            assert said is None  # the person's own move: nothing was weighed
            continue
        assert said is not None and said.action == action == said.explained.action
        assert said.seat == match.history[i][0]
        assert said.explained.how in ("search", "only", "rule")
    searched = [table.computers.why(i) for i in range(len(moves))]
    assert any(s is not None and s.explained.weighed for s in searched)


def test_an_undone_move_keeps_no_reasons_and_a_new_match_none_of_the_old() -> None:
    table = _table(["human", "computer"])
    match = table.match
    while match.state.to_move != 1:
        table.step_computers(1)
    table.commit(match.legal()[0])
    table.step_computers(1)
    last = len(match.actions) - 1
    assert table.computers.why(last) is not None
    table.undo()  # back to the person's turn: their move and the reply go
    assert len(match.actions) <= last - 1 and table.computers.why(last) is None
    table.commit(match.legal()[-1])
    table.step_computers(1)
    again = table.computers.why(len(match.actions) - 1)
    assert again is not None and again.action == match.actions[-1]
    table.new_match()
    assert all(table.computers.why(i) is None for i in range(len(match.actions)))
