"""Stepping through a finished record: forward and back land on identical states."""

import pytest

from game.match import Match
from game.record import RecordError, to_record
from game.replay import Cursor


def finished(rules: str = "block", seed: int = 3, **options: object) -> Match:
    match = Match.create(rules, 2, seats=["human", "computer"], seed=seed, **options)
    while not match.state.over:
        legal = match.legal()
        match.play(legal[len(match.actions) % len(legal)])
    return match


@pytest.mark.parametrize("rules", ["block", "all_fives", "longana"])
def test_forward_to_the_end_and_back_to_the_start_gives_identical_states(rules: str) -> None:
    match = finished(rules, target=30) if rules != "longana" else finished(rules, target=20)
    cursor = Cursor(to_record(match))
    assert len(cursor) == len(match.actions) and cursor.at_start and cursor.last is None
    states = [cursor.state]
    while cursor.forward():
        states.append(cursor.state)
    assert cursor.at_end and cursor.state == match.state and cursor.state.over
    assert [a for _, a in cursor.played()] == list(match.actions)
    assert not cursor.forward()
    for expected in reversed(states[:-1]):
        assert cursor.back()
        assert cursor.state == expected
    assert cursor.at_start and not cursor.back()
    replayed = [after for _, _, after in match.history]
    assert states[1:] == replayed


def test_jumps_by_round_and_by_index_are_clamped() -> None:
    match = finished("block", target=30)
    cursor = Cursor(to_record(match))
    rounds = cursor.rounds()
    assert rounds == match.state.round >= 2
    assert cursor.to_round(2) and cursor.state.round == 2
    assert cursor.last is not None  # the action that ended round 1
    assert cursor.state.results and len(cursor.state.results) == 1
    cursor.forward(3)
    assert cursor.previous_round() and cursor.index == cursor.round_start(2)
    assert cursor.previous_round() and cursor.at_start
    assert cursor.next_round() and cursor.state.round == 2
    cursor.go(10**6)
    assert cursor.at_end
    cursor.go(-5)
    assert cursor.at_start


def test_a_record_that_does_not_replay_is_one_line_naming_the_step() -> None:
    record = to_record(finished())
    record["actions"][1] = "play 6-6 N"
    with pytest.raises(RecordError, match=r"^step 1 \('play 6-6 N'\): "):
        Cursor(record)
