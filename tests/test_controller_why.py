""" "Why that move?" below the window: a computer seat's move made with no search of this
table's (a match resumed, a script's reply) still answers when it was the seat's one legal
move; the hint's reasons stand while its preview does; asking publishes what to show."""

from __future__ import annotations

from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.table.choices import _shape
from game.ui.table.controller import TableController
from game.ui.table.events import Asked
from game.ui.table.hints import Hints
from game.ui.words import why


def _to_only_move(match: Match, computer: bool) -> None:
    """Play the first legal move until a seat (a computer's, or the person's) has one."""
    for _ in range(500):
        seat = match.state.to_move
        assert seat is not None
        if len(match.legal()) == 1 and match.is_human(seat) != computer:
            return
        match.play(match.legal()[0])
    raise AssertionError("no such move")


def test_a_computers_only_move_unsearched_here_says_there_was_no_other() -> None:
    match = Match.create("draw", 2, seats=["human", "computer"], seed=3)
    ctl = TableController(match)
    _to_only_move(match, computer=True)
    before = match.state
    match.play(match.legal()[0])  # made without the table's computers (as if resumed)
    said = ctl.computers.why(len(match.actions) - 1)
    assert said is not None and said.seat == before.to_move
    assert said.explained.how == "only" and not said.explained.weighed
    shown = why.lines(said.explained, said.seat, None, mine=False)
    assert shown[-1] == "There was no other move."
    assert shown[0].startswith("Seat 2: ") and shown[1].startswith("Why: ")


def test_a_move_with_a_choice_unsearched_here_or_a_persons_has_none() -> None:
    match = Match.create("draw", 2, seats=["human", "computer"], seed=3)
    ctl = TableController(match)
    for _ in range(60):
        match.play(match.legal()[0])
        seat = match.history[-1][0]
        chose = len(match.ruleset.legal_actions(match.before(len(match.actions) - 1))) > 1
        if match.is_human(seat) or chose:
            assert ctl.computers.why(len(match.actions) - 1) is None
    assert ctl.computers.why(len(match.actions)) is None
    assert ctl.computers.why(-1) is None


def test_the_hints_reasons_stand_with_its_preview_and_asking_publishes_them() -> None:
    match = Match.create("block", 2, seats=["human", "computer"], seed=4, target=500)
    ctl = TableController(match)
    hints = Hints(ctl)
    ctl.policies = [hints]
    ctl.renew()
    while not (ctl.human_turn() and len(match.legal()) > 1):
        ctl.step_computers(1) if not ctl.human_turn() else ctl.commit(match.legal()[0])
        ctl.renew()
    asked: list[Asked] = []
    ctl.events.listen(Asked, asked.append)
    assert ctl.hinted() is None and not ctl.ask_why(None) and not asked
    ctl.ask_hint()
    hints.finish()
    said = ctl.hinted()
    assert said is not None and said.explained.action == ctl.preview.chosen
    assert said.seat == ctl.viewer and said.explained.weighed
    assert ctl.ask_why(None) and asked == [Asked(None)]
    ctl.cancel()  # put back: the hint's reasons go with it
    assert ctl.hinted() is None and not ctl.ask_why(None)


def test_a_hints_why_takes_another_row_of_choices_where_one_fits_a_finger() -> None:
    wide, short = Rect(0, 0, 300, 240), Rect(0, 0, 200, 110)
    assert _shape(4, False, wide, 44) == (2, 2)
    assert _shape(5, False, wide, 44) == (2, 3)  # Why? beside two choices, Confirm, Cancel
    assert _shape(5, False, short, 44) == (2, 2)  # no row a finger high: W or the hint's line
    assert _shape(3, True, Rect(0, 0, 600, 60), 44) == (3, 1)
    assert _shape(5, True, Rect(0, 0, 600, 120), 44) == (4, 2)
    assert _shape(5, True, Rect(0, 0, 600, 60), 44) == (4, 1)


def test_a_forced_hint_keeps_its_reasons_too_there_being_no_other_move() -> None:
    match = Match.create("draw", 2, seats=["human", "computer"], seed=3)
    _to_only_move(match, computer=False)
    ctl = TableController(match)
    ctl.policies = [Hints(ctl)]
    ctl.renew()
    ctl.ask_hint()  # one legal move: known at once, no search
    said = ctl.hinted()
    assert said is not None and said.explained.how == "only"
    assert said.explained.action == match.legal()[0] == ctl.preview.chosen
    shown = why.lines(said.explained, said.seat, None, mine=True)
    assert shown[0].startswith("Hint: ") and shown[-1] == "There was no other move."
