"""Matches at a known point, for the table's tests (with a window or without one)."""

from __future__ import annotations

import random

from game.match import Match
from game.rules import Action, Kind, Outcome
from game.rules.tiles import tile_set
from game.ui.table.controller import TableController
from game.ui.table.play import HotSeat


def block_match(seats: list[str]) -> Match:
    """Block for two, seat 1 to lead: 6-4 is led, seat 2 plays 4-1 east, seat 1 holds 6-1."""
    hands = [
        ["6-4", "6-1", "0-0", "2-2", "3-3", "5-5", "3-2"],
        ["4-1", "1-1", "5-0", "3-0", "2-0", "4-4", "6-6"],
    ]
    dealt = {t for h in hands for t in h}
    unused = [str(t) for t in tile_set(6) if str(t) not in dealt]
    deal = {"hands": hands, "boneyard": [], "unused": unused}
    match = Match.create("block", 2, seats=seats, seed=5, deals=[deal], first=1)
    match.play("lead 6-4")
    match.play("play 4-1 E")
    return match


def stuck(rules: str, players: int, only: Kind, more_than_one: bool = False) -> Match:
    """A match (played by seeded random moves, the rules alone) at seat 1's turn, a human's,
    with ``only`` (draw, pass or end) all it may do; ``more_than_one``: a draw that does
    not yet make a tile fit, so that one press must draw more than one."""
    seats = ["human"] + ["computer"] * (players - 1)
    for seed in range(80):
        match = Match.create(rules, players, seats=seats, seed=seed)
        pick = random.Random(seed)
        for _ in range(300):
            state = match.state
            if state.to_move is None or state.results:
                break
            legal = match.legal()
            lone = state.to_move == 1 and [a.kind for a in legal] == [only]
            if lone and (not more_than_one or draws_before_a_fit(match) > 1):
                return match
            match.play(pick.choice(legal))
    raise AssertionError(f"no seed gives seat 1 a lone {only} in {rules}")


def draws_before_a_fit(match: Match) -> int:
    rules, state, n = match.ruleset, match.state, 0
    while [a.kind for a in rules.legal_actions(state)] == [Kind.DRAW]:
        state = rules.apply(state, Action(Kind.DRAW))
        n += 1
    return n


def hot_seat(match: Match) -> tuple[TableController, HotSeat]:
    """``match`` at a table with no window whose humans pass it round (the hot seat)."""
    table = TableController(match, computer_pause=0.0)
    seat = HotSeat(table)
    table.policies = [seat]
    table.refresh()
    return table, seat


# Seed 4, seat 1 opening: after these moves Seat 1 holds 9-7 while the open
# branches of Seats 2 and 4 both end in 7 and Seat 2's opened first (L-12).
LONGANA_MOVES = [
    "open 8-8",
    "pass",
    "play 8-4 branch 2",
    "play 8-7 branch 4",
    "play 5-4 branch 2",
    "play 7-7 branch 4",
    "pass",
    "play 7-2 branch 4",
    "pass",
    "play 5-3 branch 2",
    "pass",
    "play 2-2 branch 4",
    "play 3-3 branch 2",
    "pass",
    "pass",
    "play 8-6 branch 3",
    "play 7-3 branch 2",
    "play 6-6 branch 3",
    "play 6-1 branch 3",
    "pass",
    "play 9-2 branch 4",
    "play 9-9 branch 4",
    "play 9-5 branch 4",
    "play 5-5 branch 4",
    "pass",
    "play 1-1 branch 3",
    "play 7-1 branch 3",
    "pass",
    "pass",
    "pass",
    "play 7-5 branch 4",
    "pass",
]


def longana_two_sevens() -> Match:
    """Longana for four, seat 1 to move holding 9-7, two open branches ending in 7 (L-12:
    only the one opened first, Seat 2's, takes it)."""
    match = Match.create("longana", 4, seats=["human"] + ["computer:easy"] * 3, seed=4, first=1)
    for move in LONGANA_MOVES:
        match.play(move)
    return match


def cuban_deal_with_five_doubles_for_seat_2() -> dict[str, list[list[str]] | list[str]]:
    """A deal where only Seat 2 may ask for a redeal (C-07: five doubles or more)."""
    doubles = [t for t in tile_set(9) if t.is_double]
    others = sorted((t for t in tile_set(9) if not t.is_double), reverse=True)
    hands = [[doubles[4]], doubles[5:], [doubles[3]], [doubles[2]]]
    for hand in hands:
        while len(hand) < 10:
            hand.append(others.pop())
    unused = doubles[:2] + others
    return {"hands": [[str(t) for t in h] for h in hands], "unused": [str(t) for t in unused]}


def a_move_before_the_end(how: Outcome, rules: str = "block") -> tuple[Match, Action]:
    """A two-seat match (you and the computer) one move before its first round ends as
    ``how``, and that move."""
    for seed in range(200):
        whole = Match.create(rules, 2, seats=["human", "computer"], seed=seed, target=500)
        pick = random.Random(seed)
        while not whole.state.results:
            whole.play(pick.choice(whole.legal()))
        if whole.state.results[0].how != how:
            continue
        match = Match.create(rules, 2, seats=["human", "computer"], seed=seed, target=500)
        for action in whole.actions[:-1]:
            match.play(action)
        return match, whole.actions[-1]
    raise AssertionError(f"no deal ends {how}")


def a_partner_about_to_go_out() -> tuple[Match, int]:
    """Block for four, partners (1 and 3, 2 and 4): a computer to move with one tile and
    one move, which ends the round; and that seat."""
    seats = ["human", "computer", "computer", "computer"]
    for seed in range(60):
        match = Match.create("block", 4, seats=seats, seed=seed)
        pick = random.Random(seed)
        while match.state.to_move is not None and not match.state.results:
            state, legal = match.state, match.legal()
            mover = state.to_move
            if mover in (2, 4) and len(state.hands[mover - 1]) == 1 and len(legal) == 1:
                break
            match.play(pick.choice(legal))
        else:
            continue
        if not match.state.results:
            return match, mover
    raise AssertionError("no seed has a computer going out on its only move")


def finished_cuban(seed: int, target: int) -> Match:
    """A Cuban match played to its end by the first legal action (rules only, no AI)."""
    match = Match.create(
        "cuban", 4, seats=["human", "computer", "human", "computer"], seed=seed, target=target
    )
    while not match.state.over:
        match.play(sorted(match.legal(), key=str)[0])
    return match
