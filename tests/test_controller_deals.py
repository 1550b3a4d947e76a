"""Deals you can check, at the table: before a deal's first move the table says its
commitment, a few characters of the hash (tested without a window)."""

from __future__ import annotations

import random

from game.match import Match
from game.record import to_record
from game.replay import Cursor
from game.ui.table.controller import TableController


def test_each_deal_is_said_before_its_first_move_and_the_words_go_with_it() -> None:
    match = Match.create("block", 2, seats=["human", "computer"], seed=3)
    table = TableController(match, computer_pause=0.0)
    first = match.commitment()
    assert first is not None
    assert table.message == f"Deal 1 fixed before the first move: {first.short}…"
    pick = random.Random(1)
    table.commit(match.legal()[0])
    assert table.message == ""  # the deal is under way
    while not match.state.results:
        table.commit(pick.choice(match.legal()))
    second = match.commitment()
    assert second is not None and second.deal == 2 and second.hash != first.hash
    assert table.message == f"Deal 2 fixed before the first move: {second.short}…"
    table.commit(match.legal()[0])
    assert table.message == ""


def test_a_refusal_said_before_the_first_move_is_not_taken_for_the_deals_words() -> None:
    match = Match.create("block", 2, seats=["human", "computer"], seed=3)
    table = TableController(match, computer_pause=0.0)
    table.say("Saved.")
    table.commit(match.legal()[0])
    assert table.message == "Saved."  # only the deal's own words go with its first move


def test_a_cuban_opener_is_chosen_before_any_deal_and_a_replay_says_nothing() -> None:
    cuban = Match.create("cuban", 4, seats=["human"] + ["computer"] * 3, seed=2)
    if cuban.commitment() is None:  # the opener is chosen first: nothing dealt yet
        assert TableController(cuban, computer_pause=0.0).message == ""
    done = Match.create("block", 2, seats=["computer", "computer"], seed=4, target=1)
    pick = random.Random(4)
    while not done.state.over:
        done.play(pick.choice(done.legal()))
    replay = TableController(Cursor(to_record(done)), computer_pause=0.0)
    assert replay.message == ""
