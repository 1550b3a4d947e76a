"""Longana (docs/rules/longana.md): every rules-layer id L-01 … L-18, on hand-built deals.

Deals are written as hands (``"9-9 9-4"``); every other tile is unused. A
position in the middle of a round is either reached by playing actions from
such a deal or, for the priority rule, laid out directly by :func:`position`.
"""

from __future__ import annotations

import random

import pytest

from game.rules import (
    ConfigError,
    Event,
    IllegalAction,
    Kind,
    NotationError,
    create,
    parse_action,
    parse_tile,
    tile_set,
)
from game.rules.actions import REDEAL, Action

SET = tile_set(9)


def deal(*hands: str) -> dict[str, list]:
    """A deal in the record format: these hands, every other tile unused."""
    tiles = [h.split() for h in hands]
    held = {parse_tile(t, 9) for h in tiles for t in h}
    return {"hands": tiles, "boneyard": [], "unused": [str(t) for t in SET if t not in held]}


def start(players, *deals, first=1, **options):
    rules = create("longana", players=players, **options)
    return rules, rules.new_match(7, deals=list(deals), first=first)


def play(rules, state, *texts):
    for text in texts:
        state = rules.apply(state, parse_action(state, text))
    return state


def legal(rules, state):
    return sorted(str(a) for a in rules.legal_actions(state))


def refused(rules, state, text, message):
    with pytest.raises(IllegalAction) as error:
        rules.apply(state, parse_action(state, text))
    assert str(error.value) == message


def conserved(rules, state):
    every = [t for h in state.hands for t in h]
    every += list(state.boneyard) + list(state.unused) + list(rules.placed(state))
    return sorted(every) == sorted(SET)


def position(players, opening, branches, hands, order, to_move):
    """A mid-round table laid out by hand: branch tiles from the middle out."""
    rules = create("longana", players=players)
    state = rules.new_match(0, first=1)
    d = parse_tile(opening, 9)
    laid, ends = [], []
    for line in branches:
        end, arm = d.high, []
        for text in line.split():
            t = parse_tile(text, 9)
            end = t.other(end)
            arm.append((t, end))
        laid.append(tuple(arm))
        ends.append(end)
    held = tuple(tuple(parse_tile(t, 9) for t in h.split()) for h in hands)
    used = {d} | {t for arm in laid for t, _ in arm} | {t for h in held for t in h}
    state = state.evolve(
        hands=held,
        unused=tuple(t for t in SET if t not in used),
        opening=d,
        opener=1,
        branches=tuple(laid),
        ends=tuple(ends),
        open_order=tuple(order),
        first_opened=tuple(order),
        to_move=to_move,
        log=(),
    )
    assert conserved(rules, state)
    return rules, state


# -- equipment and deal ------------------------------------------------------


def test_l01_double_nine_set_of_55():
    """L-01: the double-nine set, 0-0 … 9-9."""
    rules = create("longana", players=2)
    assert len(rules.tiles) == 55
    assert rules.tiles[0] == parse_tile("0-0") and rules.tiles[-1] == parse_tile("9-9")


def test_l02_two_to_four_seats_eight_each_rest_unused():
    """L-02: 2–4 players, 8 tiles each, the rest unused; nobody ever draws."""
    for bad in (1, 5):
        with pytest.raises(ConfigError):
            create("longana", players=bad)
    for players in (2, 3, 4):
        rules = create("longana", players=players)
        state = rules.new_match(3)
        assert [len(h) for h in state.hands] == [8] * players
        assert state.boneyard == () and len(state.unused) == 55 - 8 * players
        assert conserved(rules, state)
    with pytest.raises(ConfigError):
        create("longana", players=4, hand_size=14)
    rules, state = start(2, deal("9-9 9-4", "8-7"))
    state = play(rules, state, "open 9-9")
    assert legal(rules, state) == ["pass"]
    refused(rules, state, "draw", "Nobody draws in Longana: play a tile or pass")


def test_l03_redeal_only_when_nobody_holds_a_double():
    """L-03: no double anywhere: the deal is thrown in and the next one used, logged."""
    rules, state = start(2, deal("9-8 7-6", "5-4"), deal("9-8 2-2", "5-4"), first=0)
    assert state.deal_no == 2
    assert state.log == (Event(1, REDEAL),) and str(state.log[0].action) == "redeal"
    assert state.hands[0] == (parse_tile("9-8"), parse_tile("2-2"))
    assert state.to_move == 1 and legal(rules, state) == ["open 2-2"]
    # A single double anywhere is enough: no redeal.
    rules, state = start(2, deal("9-8 7-6", "5-5"), first=0)
    assert state.deal_no == 1 and state.log == () and state.to_move == 2


def test_l03_redeals_from_the_seed_keep_every_tile():
    """L-03: redeals made from the seed still deal hands holding a double."""
    rules = create("longana", players=2)
    redealt = [s for s in range(300) if rules.new_match(s).deal_no > 1]
    assert redealt, "about one seed in 46 needs a redeal at two seats"
    state = rules.new_match(redealt[0])
    assert state.log and all(e.action == REDEAL for e in state.log)
    assert any(t.is_double for h in state.hands for t in h)
    assert conserved(rules, state)


# -- opening -----------------------------------------------------------------


def test_l04_highest_double_in_play_opens_round_one_without_choice():
    """L-04: the holder of the highest double in play opens with it (9-9 is unused here)."""
    rules, state = start(3, deal("3-3 9-1", "8-8 2-2 8-1", "7-7 8-0"), first=0)
    assert state.to_move == 2 and state.round == 1
    assert legal(rules, state) == ["open 8-8"]
    refused(rules, state, "open 2-2", "The first round opens with the highest double in play, 8-8")
    refused(rules, state, "open 8-1", "Only a double opens the round, and 8-1 is not one")
    refused(rules, state, "open 3-3", "You do not hold 3-3")
    refused(
        rules, state, "play 8-1 branch 1", "Open the round with a double first, like 'open 8-8'"
    )
    refused(rules, state, "pass", "Open the round with a double first, like 'open 8-8'")


def test_l04_fixed_first_opener_chooses_a_double_or_the_search_starts_there():
    """L-04 with `first` (levels/longana.toml): that seat picks; without a double, search on."""
    rules, state = start(3, deal("3-3 9-1", "8-8 2-2 8-1", "7-7 2-0"), first=2)
    assert state.to_move == 2 and legal(rules, state) == ["open 2-2", "open 8-8"]
    state = play(rules, state, "open 2-2")
    assert state.opening == parse_tile("2-2")
    rules, state = start(3, deal("3-3 9-1", "8-1 8-2", "7-7 8-0"), first=2)
    assert state.to_move == 3 and legal(rules, state) == ["open 7-7"]


def _won_by_seat_1(*round_2_hands):
    """Round 1 (2 seats): seat 1 opens 9-9, seat 2 passes, seat 1 goes out with 9-0."""
    rules, state = start(2, deal("9-9 9-0", "8-7"), deal(*round_2_hands))
    state = play(rules, state, "open 9-9", "pass", "play 9-0 branch 1")
    assert state.round == 2 and state.results[-1].winners == (1,)
    return rules, state


def test_l05_winner_opens_with_a_double_of_their_choice():
    """L-05: the previous winner opens, choosing any double they hold."""
    rules, state = _won_by_seat_1("6-6 2-2 6-5", "4-4 2-0")
    assert state.to_move == 1 and legal(rules, state) == ["open 2-2", "open 6-6"]
    state = play(rules, state, "open 2-2")
    assert state.opening == parse_tile("2-2") and state.to_move == 2


def test_l05_winner_without_a_double_next_holder_counter_clockwise_chooses():
    """L-05: the winner holds no double: the next seat in turn order holding one, with a choice."""
    rules, state = _won_by_seat_1("6-5 1-0", "4-4 3-3 2-0")
    assert state.to_move == 2 and legal(rules, state) == ["open 3-3", "open 4-4"]
    # At four seats the search goes on past seats without a double, round the table.
    rules, state = start(4, deal("9-9 9-0", "8-7", "6-5", "4-3"), first=1)
    state = play(rules, state, "open 9-9", "pass", "pass", "pass")
    state = play(rules, state, "play 9-0 branch 1")
    assert state.round == 2 and state.to_move is not None


def test_l06_after_a_tie_the_search_starts_after_the_previous_opener():
    """L-06 / L-17: a tied blocked round has no winner; seat 2 (after opener 1) opens next."""
    rules, state = start(2, deal("9-9 3-0", "2-1"), deal("7-7 5-0", "4-4 2-2 6-1"))
    state = play(rules, state, "open 9-9")  # no 9 anywhere: blocked at once, 3 against 3
    result = state.results[-1]
    assert result.how == "blocked" and result.winners == () and result.gained == (0, 0)
    assert state.round == 2 and state.scores == (0, 0)
    assert state.to_move == 2 and legal(rules, state) == ["open 2-2", "open 4-4"]


def test_l06_search_wraps_round_the_table():
    """L-06: opener 3 ties; seat 4 has no double, so seat 1 opens with a choice."""
    rules, state = start(
        4,
        deal("2-1", "5-0", "9-9 3-0", "4-0"),
        deal("1-1 2-2 5-3", "3-3", "4-4", "6-5"),
        first=3,
    )
    assert state.to_move == 3
    state = play(rules, state, "open 9-9")
    assert state.results[-1].winners == () and state.round == 2
    assert state.to_move == 1 and legal(rules, state) == ["open 1-1", "open 2-2"]


def test_l07_one_branch_per_seat_each_ending_in_the_double():
    """L-07: each seat owns a branch; an empty branch ends in the opening double's number."""
    for players in (2, 3, 4):
        hands = ["9-9 9-8"] + [f"9-{s - 1}" for s in range(2, players + 1)]
        rules, state = start(players, deal(*hands))
        state = play(rules, state, "open 9-9")
        assert state.ends == (9,) * players and state.branches == ((),) * players
        assert rules.placed(state) == (parse_tile("9-9"),)
        assert legal(rules, state) == ["play 9-1 branch 2"]  # own branch; the others closed


def test_l08_play_passes_to_the_right_after_the_opening():
    """L-08: after the opening the next seat (the opener's right) moves, then on in order."""
    rules, state = start(4, deal("8-1", "7-1", "6-1", "9-9 9-1"), first=4)
    assert state.to_move == 4
    state = play(rules, state, "open 9-9")
    assert state.to_move == 1
    state = play(rules, state, "pass")
    assert state.to_move == 2


# -- a turn: the scripted table of L-09 … L-15 -------------------------------
#
# Three seats; seat 1 opens 9-9. Seats 2 and 3 pass (branch 2 opens first,
# then 3). Seat 1 plays 9-4 on branch 2; seat 2 must answer 5-4 on its own
# branch, closing it; seat 3 passes again (its place stays); seat 1 plays 9-5
# on branch 3; seat 2 passes and so reopens its branch, which keeps its first
# place, ahead of seat 3's (L-13).

THREE = deal("9-9 9-4 9-5 5-3 5-5", "5-4 3-1 2-0", "8-7 6-1")


def _three(steps):
    rules, state = start(3, THREE)
    moves = [
        "open 9-9",
        "pass",
        "pass",
        "play 9-4 branch 2",
        "play 5-4 branch 2",
        "pass",
        "play 9-5 branch 3",
        "pass",
        "pass",
    ]
    return rules, play(rules, state, *moves[:steps])


def test_l09_no_pass_while_a_play_exists():
    """L-09: one tile per turn; a pass is refused while any legal play exists."""
    rules, state = _three(4)
    assert legal(rules, state) == ["play 5-4 branch 2"]
    refused(rules, state, "pass", "You cannot pass: 5-4 fits on your branch")
    rules, state = position(2, "9-9", ["9-7", ""], ["9-1", "7-7 5-0"], (), 2)
    assert legal(rules, state) == ["play 7-7 branch 1"]
    refused(rules, state, "pass", "You cannot pass: 7-7 fits on Seat 1's branch")


def test_l10_three_kinds_of_legal_place():
    """L-10: own branch; another's open branch; a double on any branch, open or closed."""
    rules, state = _three(6)  # ends 9 / 5 / 9; only branch 3 is open
    assert state.ends == (9, 5, 9) and state.open_order == (3,)
    assert legal(rules, state) == [
        "play 5-5 branch 2",  # (c) a double on a closed branch
        "play 9-5 branch 1",  # (a) own branch
        "play 9-5 branch 3",  # (b) another's open branch
    ]
    refused(
        rules, state, "play 5-3 branch 2", "Seat 2's branch is closed: only doubles may go there"
    )
    refused(rules, state, "play 5-3 branch 1", "5-3 does not fit your branch, which ends in 9")
    refused(rules, state, "play 5-5 branch 3", "5-5 does not fit Seat 3's branch, which ends in 9")
    refused(rules, state, "play 9-4 branch 1", "You do not hold 9-4")
    state = play(rules, state, "play 5-5 branch 2")
    assert state.ends == (9, 5, 9) and state.to_move == 2


def test_l11_pass_opens_your_branch_and_any_play_closes_it():
    """L-11: passing opens the passer's branch; any play by its owner, anywhere, closes it."""
    rules, state = _three(3)
    assert state.open_order == (2, 3)
    assert state.log[-1].lacks == frozenset(t for t in SET if t.has(9) and not t.is_double)
    state = play(rules, state, "play 9-4 branch 2")  # seat 1 plays on seat 2's branch
    assert state.open_order == (2, 3)  # a play on a branch does not close it
    state = play(rules, state, "play 5-4 branch 2")  # its owner plays: closed
    assert state.open_order == (3,)
    # A play elsewhere closes the player's own branch too.
    rules, state = position(3, "9-9", ["", "", ""], ["9-1 0-0", "9-2", "9-3 8-1"], (3,), 3)
    assert legal(rules, state) == ["play 9-3 branch 3"]
    rules, state = position(3, "9-9", ["", "9-8", ""], ["9-1", "9-2", "8-1 7-0"], (2, 3), 3)
    assert legal(rules, state) == ["play 8-1 branch 2"]
    state = play(rules, state, "play 8-1 branch 2")
    assert state.open_order == (2,)


def test_l12_same_end_priority_between_other_players_open_branches():
    """L-12: two other open branches end in 9: the first opened (seat 2's) takes the tile."""
    rules, state = _three(3)
    assert legal(rules, state) == [
        "play 9-4 branch 1",
        "play 9-4 branch 2",
        "play 9-5 branch 1",
        "play 9-5 branch 2",
    ]
    refused(
        rules,
        state,
        "play 9-4 branch 3",
        "Two open branches end in 9: Seat 2's opened first, so a 9 goes there",
    )


def test_l12_own_branch_exempt_and_doubles_follow_priority_on_open_branches():
    """L-12 / L-10c: own branch exempt; a double obeys priority on open branches, not closed."""
    branches = ["9-6", "9-5 5-6", "9-4 4-6", "9-3 3-6"]  # every branch ends in 6
    hands = ["8-0", "8-1", "8-2", "6-0 6-6"]
    rules, state = position(4, "9-9", branches, hands, (2, 1, 4), 4)
    assert legal(rules, state) == [
        "play 6-0 branch 2",  # the first opened of the others
        "play 6-0 branch 4",  # own branch, though opened last
        "play 6-6 branch 2",
        "play 6-6 branch 3",  # a double on the closed branch
        "play 6-6 branch 4",
    ]
    priority = "Two open branches end in 6: Seat 2's opened first, so a 6 goes there"
    refused(rules, state, "play 6-0 branch 1", priority)
    refused(rules, state, "play 6-6 branch 1", priority)
    refused(
        rules, state, "play 6-0 branch 3", "Seat 3's branch is closed: only doubles may go there"
    )
    rules, state = position(4, "9-9", branches, hands, (3, 2, 1, 4), 4)
    refused(
        rules,
        state,
        "play 6-0 branch 1",
        "Three open branches end in 6: Seat 3's opened first, so a 6 goes there",
    )


def test_l12_priority_per_number_of_the_tile():
    """L-12: a tile showing two numbers follows priority separately for each."""
    rules, state = position(
        4, "9-9", ["9-6", "9-5 5-6", "9-3", "9-4 4-3"], ["8-0", "8-1", "8-2", "6-3"], (1, 2, 3), 4
    )
    assert legal(rules, state) == ["play 6-3 branch 1", "play 6-3 branch 3", "play 6-3 branch 4"]


def test_l13_order_fixed_when_a_branch_first_opens_and_kept_when_it_reopens():
    """L-13: a repeated pass keeps the place; closed then reopened keeps its first place."""
    rules, state = _three(6)
    assert state.open_order == (3,)  # seat 3 passed again: still the same single place
    rules, state = _three(9)  # seat 2 closed its branch, then reopened it after seat 3's
    assert state.ends == (9, 5, 5) and state.open_order == (2, 3)
    assert state.first_opened == (2, 3)
    assert legal(rules, state) == ["play 5-3 branch 2", "play 5-5 branch 2"]
    priority = "Two open branches end in 5: Seat 2's opened first, so a 5 goes there"
    refused(rules, state, "play 5-3 branch 3", priority)
    refused(rules, state, "play 5-5 branch 3", priority)


def test_l13_a_reopened_branch_keeps_its_place_among_several():
    """L-13: branches 2 then 3 opened, 2 closed; 1 opens, 2 reopens: the order is 2, 3, 1."""
    branches = ["9-6", "9-5 5-6", "9-4 4-6", "9-3 3-6"]  # every branch ends in 6
    hands = ["8-0", "8-1", "6-0 7-0", "8-2 8-4"]
    rules, state = position(4, "9-9", branches, hands, (3,), 1)
    state = state.evolve(first_opened=(2, 3))  # seat 2 opened first and has played since
    state = play(rules, state, "pass", "pass")  # seat 1 opens, seat 2 reopens
    assert state.open_order == (2, 3, 1) and state.first_opened == (2, 3, 1)
    assert legal(rules, state) == ["play 6-0 branch 2", "play 6-0 branch 3"]
    refused(
        rules,
        state,
        "play 6-0 branch 1",
        "Two open branches end in 6: Seat 2's opened first, so a 6 goes there",
    )


def test_l14_doubles_lie_crossways_without_an_extra_turn():
    """L-14: a double continues its branch with the same number; the turn passes on."""
    rules, state = _three(9)
    state = play(rules, state, "play 5-5 branch 2")
    assert state.branches[1][-1] == (parse_tile("5-5"), 5) and state.ends[1] == 5
    assert state.to_move == 2


def test_l15_going_out_scores_every_pip_in_the_other_hands():
    """L-15: seat 1 plays its last tile and scores seat 2's 6 and seat 3's 22 pips."""
    rules, state = _three(9)
    state = play(rules, state, "play 5-5 branch 2", "pass", "pass", "play 5-3 branch 2")
    result = state.results[-1]
    assert (result.how, result.winners, result.gained) == ("out", (1,), (28, 0, 0))
    assert state.scores == (28, 0, 0) and state.round == 2 and state.log[:1] != (None,)
    assert [len(h) for h in result.hands] == [0, 2, 2]


# -- end of a round ----------------------------------------------------------


def test_l16_blocked_as_soon_as_no_tile_matches_any_end():
    """L-16: the play that leaves no held tile matching any branch end ends the round at once."""
    rules, state = start(2, deal("9-9 9-0 5-1", "8-7 4-3"), deal("1-1 6-0", "2-2"))
    state = play(rules, state, "open 9-9", "pass")
    assert state.round == 1
    state = play(rules, state, "play 9-0 branch 1")  # ends 0 and 9: nobody holds either
    assert state.round == 2 and state.results[-1].how == "blocked"


def test_l16_a_tile_matching_only_a_closed_branch_keeps_the_round_going():
    """L-16: the test is exact; the owner's pass opens the branch and the tile goes there."""
    rules, state = start(2, deal("9-9 4-0", "9-4 8-7"))
    state = play(rules, state, "open 9-9", "play 9-4 branch 2")  # seat 1 holds 4-0: not blocked
    assert state.round == 1 and legal(rules, state) == ["pass"]
    state = play(rules, state, "pass", "pass")
    assert legal(rules, state) == ["play 4-0 branch 2"]
    state = play(rules, state, "play 4-0 branch 2")
    assert state.results[-1].how == "out" and state.results[-1].gained == (15, 0)


def test_l17_single_lowest_takes_every_pip_its_own_included():
    """L-17: blocked with 6 against 22: seat 1 scores 28."""
    rules, state = start(2, deal("9-9 9-0 5-1", "8-7 4-3"))
    state = play(rules, state, "open 9-9", "pass", "play 9-0 branch 1")
    result = state.results[-1]
    assert (result.how, result.winners, result.gained) == ("blocked", (1,), (28, 0))
    assert state.scores == (28, 0)
    assert state.to_move == 1  # L-05: the winner of a blocked round opens the next


def test_l18_first_to_the_target_at_the_end_of_a_round_wins():
    """L-18: 100 by default; reaching the target ends the match."""
    assert create("longana", players=3).options["target"] == 100
    rules, state = start(2, deal("9-9 9-0", "8-7"), deal("9-9 9-0", "8-6"), target=29)
    state = play(rules, state, "open 9-9", "pass", "play 9-0 branch 1")
    assert state.scores == (15, 0) and state.winner is None and state.round == 2
    state = play(rules, state, "open 9-9", "pass", "play 9-0 branch 2")
    assert state.scores == (29, 0) and state.winner == (1,) and state.to_move is None
    assert rules.legal_actions(state) == ()
    refused(rules, state, "pass", "The match is over")


def test_l18_a_blocked_round_reaches_the_target_with_the_winners_own_pips():
    """L-17, L-18: seat 1's own 6 pips count toward its 28; only one seat scores a round.

    Going out (L-15) and a block (L-17) each credit a single seat, so two
    seats can never reach the target in the same round.
    """
    rules, state = start(2, deal("9-9 9-0 5-1", "8-7 4-3"), target=28)
    state = play(rules, state, "open 9-9", "pass", "play 9-0 branch 1")
    assert state.results[-1].how == "blocked" and state.scores == (28, 0)
    assert state.winner == (1,) and state.to_move is None and state.round == 1


# -- notation, other refusals, whole matches ---------------------------------


def test_action_text_open_play_branch_pass():
    """docs/DESIGN.md notation: `open 9-9`, `play 7-2 branch 2`, `pass`; parsing inverts str."""
    assert str(Action(Kind.PLAY, parse_tile("7-2"), "branch 2")) == "play 7-2 branch 2"
    rules = create("longana", players=4)
    state = rules.new_match(11)
    for _ in range(40):
        actions = rules.legal_actions(state)
        for action in actions:
            assert parse_action(state, str(action)) == action
        state = rules.apply(state, actions[0])
    with pytest.raises(NotationError):
        parse_action(state, "play 10-2 branch 1")
    rules3 = create("longana", players=3)
    with pytest.raises(NotationError):
        parse_action(rules3.new_match(1), "play 7-2 branch 4")


def test_other_refusals():
    rules, state = start(2, deal("9-9 9-4", "4-2 8-7"))
    refused(rules, state, "lead 9-4", "'lead 9-4' is not a move in Longana")
    state = play(rules, state, "open 9-9")
    refused(rules, state, "open 9-9", "The round is open already: play a tile on a branch or pass")
    with pytest.raises(IllegalAction, match="There is no branch 5 at a 2-seat table"):
        rules.apply(state, Action(Kind.PLAY, parse_tile("8-7"), "branch 5"))
    with pytest.raises(IllegalAction, match="Play on a branch, like 'play 8-7 branch 1'"):
        rules.apply(state, Action(Kind.PLAY, parse_tile("8-7"), "E"))


def test_l20_observation_hides_other_hands_and_the_result_shows_them():
    """L-20: a seat sees only its own hand; the finished round shows every hand."""
    rules, state = start(2, deal("9-9 9-0 5-1", "8-7 4-3"))
    seen = rules.observe(state, 2)
    assert seen.hand == state.hands[1] and seen.table.hands is None and seen.table.unused is None
    state = play(rules, state, "open 9-9", "pass", "play 9-0 branch 1")
    assert state.results[-1].hands[1] == (parse_tile("8-7"), parse_tile("4-3"))


def test_l16_l25_random_matches_end_conserve_tiles_and_replay():
    """L-16 / L-25: with no turn limit every round still ends; tiles and scores stay whole."""
    for players in (2, 3, 4):
        rules = create("longana", players=players)
        for seed in range(15):
            state = rules.new_match(seed)
            choose = random.Random(seed)
            history, turns = [], 0
            bound = 1 + 8 * players * 2 * players  # a play at least every 2N turns
            while state.winner is None:
                action = choose.choice(rules.legal_actions(state))
                history.append(action)
                before = state.round
                state = rules.apply(state, action)
                turns = 0 if state.round != before else turns + 1
                assert turns <= bound and conserved(rules, state)
                assert state.scores == tuple(
                    sum(r.gained[i] for r in state.results) for i in range(players)
                )
            again = rules.new_match(seed)
            for action in history:
                again = rules.apply(again, action)
            assert again == state
            assert max(state.scores) >= 100
