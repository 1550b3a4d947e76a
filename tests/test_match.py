"""The match controller: history, undo/redo, restart and new match.

Covers F-09, L-23, L-24, MT-20, MT-24, C-19 and C-20 where they live: in the controller.
"""

import random

import pytest

from game.match import Match
from game.rules import ConfigError, IllegalAction


def _play_until(match: Match, seat_turns: int, seed: int = 0) -> None:
    """Random legal moves (computer seats included) until ``seat_turns`` human moves are made."""
    pick = random.Random(seed)
    made = 0
    while made < seat_turns and not match.state.over:
        if match.is_human(match.state.to_move):
            made += 1
        match.play(pick.choice(match.legal()))


def _autoplay_computers(match: Match, seed: int = 1) -> None:
    pick = random.Random(seed)
    while not match.state.over and not match.is_human(match.state.to_move):
        match.play(pick.choice(match.legal()))


def test_f09_undo_takes_back_the_human_move_with_every_computer_reply() -> None:
    """F-09 / L-23 / MT-24 / C-19: undo goes back to the previous human decision."""
    match = Match.create("block", 2, ["human", "computer"], seed=3, first=1)
    before = match.state
    match.play(match.legal()[0])
    _autoplay_computers(match)
    assert len(match.actions) >= 2
    assert match.undo()
    assert match.state == before
    assert match.actions == ()
    assert not match.undo()


def test_f09_redo_restores_the_same_actions_and_states() -> None:
    """F-09: redo puts back what undo took, computer replies included."""
    match = Match.create("draw", 3, ["human", "computer", "computer"], seed=5, first=1)
    match.play(match.legal()[0])
    _autoplay_computers(match)
    after = match.state
    actions = match.actions
    match.undo()
    assert match.redo()
    assert match.state == after and match.actions == actions
    assert not match.redo()


def test_undo_all_then_redo_all_is_exact() -> None:
    match = Match.create("all_fives", 2, ["human", "human"], seed=11)
    _play_until(match, 40)
    final, actions = match.state, match.actions
    while match.undo():
        pass
    assert len(match.actions) == 0
    while match.redo():
        pass
    assert match.state == final and match.actions == actions


def test_a_new_action_forgets_redo() -> None:
    match = Match.create("block", 2, ["human", "human"], seed=2)
    match.play(match.legal()[0])
    match.undo()
    match.play(match.legal()[-1])
    assert not match.can_redo


def test_an_illegal_action_leaves_the_match_untouched() -> None:
    match = Match.create("block", 2, seed=4, first=1)
    state, actions = match.state, match.actions
    with pytest.raises(IllegalAction):
        match.play("pass")
    with pytest.raises(IllegalAction, match="not an action"):
        match.play("jump 6-6")
    assert match.state is state and match.actions == actions


def test_f09_restart_replays_the_same_deal_with_the_scores_from_before() -> None:
    """F-09 / L-24 / MT-20 / C-20: restart returns to the round's start, same deal."""
    match = Match.create("block", 2, ["human", "human"], seed=8)
    pick = random.Random(0)
    while len(match.state.results) < 1:
        match.play(pick.choice(match.legal()))
    start = match.state
    assert start.round == 2 and any(start.scores)
    for _ in range(4):
        match.play(pick.choice(match.legal()))
    match.restart_round()
    assert match.state == start
    assert match.state.hands == start.hands and match.state.scores == start.scores


def test_restart_in_the_first_round_goes_back_to_the_deal() -> None:
    match = Match.create("longana", 3, seed=1)
    first = match.state
    _play_until(match, 3)
    match.restart_round()
    assert match.state == first and match.actions == ()


def test_f09_new_match_deals_afresh_with_zero_scores() -> None:
    """F-09: New match changes the deal; scores start from zero."""
    match = Match.create("block", 2, ["human", "human"], seed=8)
    pick = random.Random(0)
    while not match.state.results:
        match.play(pick.choice(match.legal()))
    old_hands = match.ruleset.new_match(8).hands
    match.new_match(seed=9)
    assert match.seed == 9 and match.actions == ()
    assert match.state.scores == (0, 0) and match.state.round == 1
    assert match.state.hands != old_hands
    match.new_match()
    assert match.seed != 9


def test_seats_are_checked() -> None:
    with pytest.raises(ConfigError, match="2 seats were given for 3 players"):
        Match.create("block", 3, ["human", "human"])
    with pytest.raises(ConfigError, match="'robot' is not a seat"):
        Match.create("block", 2, ["human", "robot"])
    match = Match.create("block", 2, ["human", "computer:hard"])
    assert match.level(2) == "hard" and not match.is_human(2)
