"""Mexican Train (docs/rules/mexican-train.md): every rules-layer MT- id, on hand-built deals.

Hands in these deals are short on purpose: a deal only has to hold every
tile once, so the tiles a test does not name go to the boneyard (in set
order, after any ``top`` tiles) or, for a block, out of play.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from game.rules import Action, ConfigError, IllegalAction, Kind, create, parse_action, tile_set
from game.rules.actions import DRAW, END, PASS
from game.rules.mexican_train import TrainsState
from game.rules.tiles import parse_tile


def rules(players: int = 2, **options: object):
    return create("mexican_train", players=players, **options)


def make_deal(*hands: str, top: tuple[str, ...] = (), rest: str = "boneyard") -> dict:
    """A deal with these hands (tiles as text); ``top`` opens the boneyard."""
    named = {parse_tile(t) for h in hands for t in h.split()} | {parse_tile(t) for t in top}
    others = [str(t) for t in tile_set(12) if t not in named]
    boneyard = list(top) + (others if rest == "boneyard" else [])
    return {
        "hands": [h.split() for h in hands],
        "boneyard": boneyard,
        "unused": others if rest == "unused" else [],
    }


def run(state: TrainsState, *texts: str) -> TrainsState:
    for text in texts:
        state = state.rules.apply(state, parse_action(state, text))
    return state


def legal(state: TrainsState) -> list[str]:
    return sorted(str(a) for a in state.rules.legal_actions(state))


def refused(state: TrainsState, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        state.rules.apply(state, parse_action(state, text))
    return str(caught.value)


def random_match(players: int, seed: int) -> tuple[TrainsState, list[str]]:
    r = rules(players)
    state = r.new_match(seed)
    pick = random.Random(seed)
    texts = []
    while state.to_move is not None:
        action = pick.choice(r.legal_actions(state))
        texts.append(str(action))
        state = r.apply(state, action)
    return state, texts


# -- equipment, deal, engine -------------------------------------------------


def test_mt01_double_twelve_set_and_one_marker_per_player() -> None:
    """MT-01: 91 tiles; one marker per seat, all down at the start of a round."""
    r = rules(4)
    assert len(r.tiles) == 91 and r.double == 12
    state = r.new_match(1)
    assert len(state.markers) == 4 and not any(state.markers)
    assert len(state.trains) == 5  # four seats' trains and the Mexican train


@pytest.mark.parametrize(
    ("players", "size"),
    [(2, 15), (3, 15), (4, 15), (5, 12), (6, 12), (7, 10), (8, 10), (9, 8), (10, 8)],
)
def test_mt02_hand_sizes_by_seat_count_rest_is_boneyard(players: int, size: int) -> None:
    """MT-02: 15 / 12 / 10 / 8 tiles each; the engine search adds only counted draws."""
    state = rules(players).new_match(7)
    drew = Counter({e.seat: e.drew for e in state.log})
    assert [len(h) - drew[s] for s, h in enumerate(state.hands, 1)] == [size] * players
    assert len(state.boneyard) == 91 - players * size - sum(drew.values())
    assert state.unused == ()


def test_mt02_rejects_seat_counts_outside_two_to_ten() -> None:
    """MT-02: 2–10 players."""
    for players in (1, 11):
        with pytest.raises(ConfigError):
            rules(players)


def test_mt03_engines_run_from_12_12_down_to_0_0_over_13_rounds() -> None:
    """MT-03: round r opens with the double 13 − r; the match has exactly 13 rounds."""
    r = rules(3)
    state = r.new_match(5)
    pick = random.Random(5)
    engines = []
    while state.to_move is not None:
        if state.engine is None:
            assert legal(state) == [f"engine {12 - (state.round - 1)}-{12 - (state.round - 1)}"]
            engines.append(str(r.legal_actions(state)[0]))
        state = r.apply(state, pick.choice(r.legal_actions(state)))
    assert engines == [f"engine {d}-{d}" for d in range(12, -1, -1)]
    assert [res.round for res in state.results] == list(range(1, 14))


def test_mt04_holder_places_the_engine_first() -> None:
    """MT-04: the holder is to move and may only place the engine; it then stands alone."""
    r = rules(3)
    state = r.new_match(0, deals=[make_deal("1-0", "12-12 12-5", "2-0")])
    assert state.to_move == 2 and state.engine is None
    assert legal(state) == ["engine 12-12"]
    assert refused(state, "play 12-5 train 2") == "Place the engine 12-12 first"
    assert refused(state, "engine 11-11") == "This round's engine is 12-12"
    state = run(state, "engine 12-12")
    assert state.engine == parse_tile("12-12") and r.placed(state) == (parse_tile("12-12"),)
    assert state.ends == (12, 12, 12, 12)
    assert refused(state, "engine 12-12") == "The engine 12-12 is already on the table"


def test_mt05_engine_search_completes_the_batch_it_turns_up_in() -> None:
    """MT-05: equal batches from seat 1, one tile each from the top, batch completed."""
    top = ("1-0", "2-0", "3-0", "4-0", "12-12", "5-0", "6-0")
    state = rules(3).new_match(0, deals=[make_deal("1-1", "2-2", "3-3", top=top)])
    assert state.to_move == 2  # seat 2 drew 12-12 in the second batch
    assert [(e.seat, e.action, e.drew) for e in state.log] == [
        (1, None, 2),
        (2, None, 2),
        (3, None, 2),
    ]
    assert state.hands == tuple(
        tuple(parse_tile(t) for t in h)
        for h in (["1-1", "1-0", "4-0"], ["2-2", "2-0", "12-12"], ["3-3", "3-0", "5-0"])
    )
    assert state.boneyard[0] == parse_tile("6-0")


def test_mt05_short_last_batch_goes_in_order_until_the_boneyard_is_empty() -> None:
    """MT-05: fewer tiles than players: the incomplete batch runs out in seat order."""
    deal = make_deal("1-1", "2-2", "3-3", top=("1-0", "2-0", "3-0", "12-12"), rest="unused")
    state = rules(3).new_match(0, deals=[deal])
    assert state.to_move == 1 and state.boneyard == ()
    assert [(e.seat, e.drew) for e in state.log] == [(1, 2), (2, 1), (3, 1)]


def test_mt05_start_seat_rotates_each_round_and_first_fixes_round_one() -> None:
    """MT-05: the search starts at seat 1, the next seat each round, back to 1 after the last."""
    top = ("1-0", "2-0", "3-0")
    round1 = make_deal("1-1", "2-2", "3-3", top=top + ("12-12",))
    state = rules(3).new_match(0, deals=[round1])
    assert [(e.seat, e.drew) for e in state.log] == [(1, 2), (2, 2), (3, 2)] and state.to_move == 1
    state = rules(3).new_match(0, deals=[round1], first=2)
    assert [(e.seat, e.drew) for e in state.log] == [(2, 2), (3, 2), (1, 2)] and state.to_move == 2
    state = rules(3, first=3).new_match(0, deals=[round1])
    assert [e.seat for e in state.log] == [3, 1, 2] and state.to_move == 3
    # Rounds that end at once (see the MT-19 test) show the rotation 1, 2, 3, 1.
    states = [rules(3).new_match(0, deals=blocked_deals(3, tie=False, hidden_engine=True))]
    while states[-1].round < 4:
        state = states[-1]
        states.append(run(state, *legal(state)))
    starts = [s.start for s in states if s.engine is None]
    assert starts[:4] == [1, 2, 3, 1]


def test_mt05_search_draws_are_private_and_the_log_shows_counts() -> None:
    """MT-05: the log names no drawn tile; an observer sees only its own hand."""
    top = ("1-0", "2-0", "3-0", "4-0", "12-12")
    state = rules(3).new_match(0, deals=[make_deal("1-1", "2-2", "3-3", top=top)])
    for event in state.log:
        assert event.action is None and event.shown == () and event.drew > 0
    view = state.rules.observe(state, 3)
    assert view.hand == state.hands[2] and view.table.hands is None and view.table.boneyard is None
    assert view.hand_sizes == (3, 3, 3) and view.legal == ()


def test_mt06_play_goes_clockwise_from_the_engine_holder() -> None:
    """MT-06: the holder's first turn follows the engine; then seats 4, 1, 2."""
    deal = make_deal("11-0", "10-0", "12-12 12-1 9-9", "9-0")
    state = run(rules(4).new_match(0, deals=[deal]), "engine 12-12")
    assert state.to_move == 3 and state.firsts == 0
    order = []
    for _ in range(4):
        order.append(state.mover)
        state = run(state, legal(state)[0])
        if state.to_move == order[-1]:
            state = run(state, "end")
    assert order == [3, 4, 1, 2]


# -- the first turn ----------------------------------------------------------


def test_mt07_first_turn_chain_on_own_train_with_a_double_in_the_middle() -> None:
    """MT-07, MT-09: a chain 12-5 5-5 5-3 on your own train; the covered double owes nothing."""
    deal = make_deal("12-12 12-5 5-5 5-3 9-9 12-4", "12-7 7-1 9-8")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12")
    assert legal(state) == ["play 12-4 train 1", "play 12-5 train 1"]
    assert refused(state, "play 12-5 train mexican") == (
        "On your first turn you play only on your own train"
    )
    assert (
        refused(state, "play 12-5 train 2") == "On your first turn you play only on your own train"
    )
    assert refused(state, "end") == "Play at least one tile on your train before you end your turn"
    assert refused(state, "pass") == "You can start your train, so you may not pass"
    assert refused(state, "draw") == "There is no drawing on a first turn: start your train or pass"
    state = run(state, "play 12-5 train 1")
    assert legal(state) == ["end", "play 5-3 train 1", "play 5-5 train 1"]
    assert refused(state, "pass") == "You have started your train: end your first turn with 'end'"
    state = run(state, "play 5-5 train 1")
    assert state.to_move == 1 and state.fresh == ((0, parse_tile("5-5")),)
    assert legal(state) == ["end", "play 5-3 train 1"]
    state = run(state, "play 5-3 train 1")
    assert state.fresh == () and legal(state) == ["end"]
    state = run(state, "end")
    assert state.to_move == 2 and state.firsts == 1 and state.ends[0] == 3
    assert state.trains[0] == tuple(parse_tile(t) for t in ("12-5", "5-5", "5-3"))
    state = run(state, "play 12-7 train 2", "play 7-1 train 2", "end")
    assert state.to_move == 1 and state.firsts == 2 and state.pending == ()
    assert refused(state, "end") == "Only a first turn ends with 'end'"


def test_mt08_cannot_start_passes_without_drawing_and_opens_the_train() -> None:
    """MT-08: no tile of the engine's number: pass (not draw) and the marker goes up."""
    deal = make_deal("12-12 12-5 9-9", "7-1 3-2")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-5 train 1", "end")
    assert legal(state) == ["pass"] and state.boneyard
    assert refused(state, "draw") == "There is no drawing on a first turn: start your train or pass"
    before = len(state.hands[1])
    state = run(state, "pass")
    assert state.markers == (False, True) and len(state.hands[1]) == before
    assert state.log[-1].action == PASS and parse_tile("12-0") in state.log[-1].lacks


def test_mt09_chain_ending_on_a_double_binds_only_after_every_first_turn() -> None:
    """MT-09: first-turn doubles become obligations after the lap, in the order placed."""
    deal = make_deal("12-12 12-5 5-5 5-1 9-0", "12-7 7-7 7-2 8-0", "12-3 3-3 6-0")
    state = run(rules(3).new_match(0, deals=[deal]), "engine 12-12")
    state = run(state, "play 12-5 train 1", "play 5-5 train 1", "end")
    assert state.pending == () and state.fresh == ((0, parse_tile("5-5")),)
    # Seat 2's first turn: no obligation yet, its own train only.
    assert legal(state) == ["play 12-7 train 2"]
    state = run(state, "play 12-7 train 2", "play 7-7 train 2", "end")
    state = run(state, "play 12-3 train 3")
    assert legal(state) == ["end", "play 3-3 train 3"]
    state = run(state, "end")
    assert state.firsts == 3 and state.fresh == ()
    assert state.pending == ((0, parse_tile("5-5")), (1, parse_tile("7-7")))
    assert state.to_move == 1 and legal(state) == ["play 5-1 train 1"]
    assert (
        refused(state, "play 9-0 train 1")
        == "You must cover the open double 5-5 on your train first"
    )
    state = run(state, "play 5-1 train 1")
    assert state.to_move == 2 and legal(state) == ["play 7-2 train 2"]
    state = run(state, "play 7-2 train 2")
    assert state.pending == ()


def test_mt09_hand_emptied_in_a_first_turn_waits_for_every_first_turn() -> None:
    """MT-09, MT-16: an emptying chain ends itself (even on a double); the round awaits the lap."""
    deal = make_deal("12-12 12-3 3-3", "12-6 6-1 9-9", "8-0")
    state = run(rules(3).new_match(0, deals=[deal]), "engine 12-12")
    state = run(state, "play 12-3 train 1", "play 3-3 train 1")
    assert state.round == 1 and state.to_move == 2 and state.firsts == 1
    assert state.hands[0] == ()
    state = run(state, "play 12-6 train 2", "play 6-1 train 2", "end")
    assert state.round == 1 and state.to_move == 3
    state = run(state, "pass")
    assert state.round == 2 and len(state.results) == 1
    result = state.results[0]
    assert result.how == "out" and result.winners == (1,) and result.gained == (0, 18, 8)
    assert state.scores == (0, 18, 8)


def test_mt09_first_turn_doubles_bind_in_placement_order_from_the_holder() -> None:
    """MT-09, MT-16: the lap runs 2, 3, 1, so seat 2's double is oldest; an emptied hand waits.

    Seat 2 holds the engine (the search would start at seat 1). Placement
    order, not seat order, ranks the first-turn doubles. When seat 3 empties
    its hand on a double, seat 1 still takes its first turn before the round ends.
    """
    hands = ("1-0 12-1 1-1 9-9", "12-12 12-4 4-4 4-2", "12-6 6-6 6-2")
    lap = ("engine 12-12", "play 12-4 train 2", "play 4-4 train 2", "end")
    state = run(rules(3).new_match(0, deals=[make_deal(*hands)]), *lap)
    state = run(state, "play 12-6 train 3", "play 6-6 train 3", "end")
    state = run(state, "play 12-1 train 1", "play 1-1 train 1", "end")
    assert state.pending == tuple(
        (i, parse_tile(d)) for i, d in ((1, "4-4"), (2, "6-6"), (0, "1-1"))
    )
    assert state.to_move == 2 and legal(state) == ["play 4-2 train 2"]
    # Seat 3 goes out on 6-6 in its first turn: seat 1 still plays, then the round ends.
    hands = ("1-0 12-1 1-1 9-9", "12-12 12-4 4-4 4-2", "12-6 6-6")
    state = run(rules(3).new_match(0, deals=[make_deal(*hands)]), *lap)
    state = run(state, "play 12-6 train 3", "play 6-6 train 3")
    assert state.round == 1 and state.to_move == 1 and legal(state) == ["play 12-1 train 1"]
    state = run(state, "play 12-1 train 1", "play 1-1 train 1", "end")
    result = state.results[0]
    assert (result.how, result.winners, result.gained) == ("out", (3,), (19, 6, 0))


# -- later turns ---------------------------------------------------------------


def later_turns_position() -> TrainsState:
    """Seat 1 has started its train at 3; seat 2 could not start (its train is open)."""
    deal = make_deal(
        "12-12 12-3 12-10 3-3 8-8 12-1 4-0", "10-8 8-2 3-2 9-7", top=("8-5", "11-9", "6-6")
    )
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-3 train 1", "end")
    return run(state, "pass")


def test_mt10_later_turn_own_open_trains_and_the_mexican_train() -> None:
    """MT-10: one tile on your own train, an open (marked) train, or the Mexican train."""
    state = later_turns_position()
    assert state.to_move == 1 and state.markers == (False, True)
    assert legal(state) == [
        "play 12-1 train 2",
        "play 12-1 train mexican",
        "play 12-10 train 2",
        "play 12-10 train mexican",
        "play 3-3 train 1",
    ]
    state = run(state, "play 12-10 train mexican")
    assert state.to_move == 2 and state.trains[2] == (parse_tile("12-10"),) and state.ends[2] == 10
    # Seat 1's train is closed to seat 2; the Mexican train is open to all.
    assert legal(state) == ["play 10-8 train mexican"]
    assert refused(state, "play 3-2 train 1") == "Seat 1's train is closed"
    assert refused(state, "play 9-7 train mexican") == (
        "9-7 does not fit the Mexican train, which ends in 10"
    )
    assert refused(state, "play 5-1 train 2") == "You do not hold 5-1"


def test_mt11_must_play_if_you_can() -> None:
    """MT-11: while a tile fits, neither a draw nor a pass is allowed."""
    state = later_turns_position()
    assert refused(state, "draw") == "You can play, so you may not draw"
    assert refused(state, "pass") == "You can play, so you may not pass"


def test_mt11_draw_then_pass_opens_the_train() -> None:
    """MT-11, MT-12: cannot play: draw one; still cannot: pass and the train opens."""
    deal = make_deal("12-12 12-3 9-0", "12-6 6-1 3-2 10-9", top=("11-10", "3-1"))
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-3 train 1", "end")
    state = run(state, "play 12-6 train 2", "end")
    assert state.to_move == 1 and legal(state) == ["draw"]
    assert refused(state, "pass") == "Draw a tile before you pass"
    state = run(state, "draw")
    assert state.drawn and parse_tile("11-10") in state.hands[0]
    assert state.log[-1].action == DRAW and parse_tile("3-0") in state.log[-1].lacks
    assert legal(state) == ["pass"]
    assert refused(state, "draw") == "You already drew for this play"
    state = run(state, "pass")
    assert state.markers == (True, False) and state.to_move == 2 and not state.drawn
    # Seat 1's open train takes seat 2's tiles; a drawn tile that fits must be played.
    assert legal(state) == ["play 3-2 train 1", "play 6-1 train 2"]
    state = run(state, "play 6-1 train 2")
    assert state.to_move == 1 and legal(state) == ["draw"]
    state = run(state, "draw")
    assert legal(state) == ["play 3-1 train 1"]


def test_mt13_only_a_play_on_your_own_train_closes_your_marker() -> None:
    """MT-13: seat 2 plays on the Mexican train: its marker stays up; on its own: down."""
    state = later_turns_position()
    state = run(state, "play 12-10 train mexican", "play 10-8 train mexican")
    assert state.markers == (False, True)
    state = run(state, "play 12-1 train 2")  # seat 1 on seat 2's open train
    assert state.markers == (False, True) and state.ends[1] == 1
    state = run(state, "play 8-2 train mexican")
    assert state.markers == (False, True)


def test_mt13_own_train_play_closes_the_marker() -> None:
    """MT-13: a seat whose train is open closes it by playing on it."""
    deal = make_deal("12-12 12-3 3-1 9-9", "5-4 8-7", top=("12-6",))
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-3 train 1", "end")
    state = run(state, "pass")  # seat 2 opens its train in its first turn (MT-08)
    assert state.markers == (False, True)
    state = run(state, "play 3-1 train 1", "draw")
    assert legal(state) == ["play 12-6 train 2", "play 12-6 train mexican"]
    state = run(state, "play 12-6 train 2")
    assert state.markers == (False, False)


def test_mt14_two_doubles_in_one_turn_extra_tile_elsewhere_then_oldest_first() -> None:
    """MT-14, MT-15: 3-3 then 8-8 then a tile elsewhere: both doubles bind, 3-3 first."""
    state = later_turns_position()
    state = run(state, "play 12-10 train mexican", "play 10-8 train mexican")
    state = run(state, "play 3-3 train 1")
    assert state.to_move == 1 and state.played == 1 and state.pending == ()
    assert legal(state) == ["play 12-1 train 2", "play 8-8 train mexican"]
    state = run(state, "play 8-8 train mexican")
    assert state.to_move == 1 and legal(state) == ["play 12-1 train 2"]
    state = run(state, "play 12-1 train 2")
    assert state.to_move == 2 and state.fresh == ()
    assert state.pending == ((0, parse_tile("3-3")), (2, parse_tile("8-8")))
    # Seat 2 must cover 3-3 on seat 1's closed train before the Mexican 8-8.
    assert legal(state) == ["play 3-2 train 1"]
    assert refused(state, "play 8-2 train mexican") == (
        "You must cover the open double 3-3 on Seat 1's train first"
    )
    state = run(state, "play 3-2 train 1")
    assert state.markers == (False, True) and state.pending == ((2, parse_tile("8-8")),)
    # Seat 1 holds no 8: one draw, and the drawn 8-5 covers.
    assert legal(state) == ["draw"]
    state = run(state, "draw")
    assert legal(state) == ["play 8-5 train mexican"]
    state = run(state, "play 8-5 train mexican")
    assert state.pending == () and state.to_move == 2


def test_mt14_double_owes_a_tile_and_a_failed_draw_passes() -> None:
    """MT-14: nothing fits after a double: draw once, pass; the train opens and the double binds."""
    deal = make_deal("12-12 12-3 3-3 9-0", "12-6 3-1", top=("11-10", "10-9"))
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-3 train 1", "end")
    state = run(state, "play 12-6 train 2", "end")
    state = run(state, "play 3-3 train 1")
    assert state.to_move == 1 and legal(state) == ["draw"]
    state = run(state, "draw")
    assert legal(state) == ["pass"]
    state = run(state, "pass")
    assert state.markers == (True, False) and state.pending == ((0, parse_tile("3-3")),)
    assert state.to_move == 2 and legal(state) == ["play 3-1 train 1"]


def test_mt14_the_extra_tile_may_cover_the_double_itself() -> None:
    """MT-14: the tile after a double may go on the double; then nothing is owed."""
    deal = make_deal("12-12 12-3 3-3 3-1 9-0", "12-6 6-6")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-3 train 1", "end")
    state = run(state, "play 12-6 train 2", "end", "play 3-3 train 1", "play 3-1 train 1")
    assert state.pending == () and state.fresh == () and state.to_move == 2


def test_mt15_obligation_on_someone_elses_closed_train() -> None:
    """MT-15: seat 2 must cover 5-5 on seat 1's closed train; drawing then passing if it cannot."""
    deal = make_deal("5-3 9-9", "12-12 12-4 4-1 5-2", top=("11-0", "6-1"))
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-4 train 2", "end")
    assert state.to_move == 1
    assert legal(state) == ["pass"]  # seat 1 cannot start: its train opens
    state = run(state, "pass")
    assert state.markers == (True, False)
    # A fresh start: seat 1 starts its train on 12-5 and ends on the double.
    deal = make_deal("12-5 5-5 9-9", "12-12 12-4 4-1 5-2 8-0", top=("11-0", "6-1"))
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-4 train 2", "end")
    state = run(state, "play 12-5 train 1", "play 5-5 train 1", "end")
    assert state.markers == (False, False) and state.pending == ((0, parse_tile("5-5")),)
    assert state.to_move == 2 and legal(state) == ["play 5-2 train 1"]
    assert refused(state, "play 4-1 train 2") == (
        "You must cover the open double 5-5 on Seat 1's train first"
    )
    state = run(state, "play 5-2 train 1")
    assert state.markers == (False, False) and state.pending == ()


def test_mt15_cannot_cover_draws_once_then_passes() -> None:
    """MT-15: no tile for the oldest double: one draw; it does not fit: pass, train opens."""
    deal = make_deal("12-5 5-5 5-0 9-9", "12-12 12-4 4-1 8-0", top=("11-0", "6-1"))
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-4 train 2", "end")
    state = run(state, "play 12-5 train 1", "play 5-5 train 1", "end")
    assert legal(state) == ["draw"]
    state = run(state, "draw")
    assert legal(state) == ["pass"] and state.log[-1].lacks >= {
        parse_tile("5-1"),
        parse_tile("5-0"),
    }
    state = run(state, "pass")
    assert state.markers == (False, True) and state.to_move == 1
    assert legal(state) == ["play 5-0 train 1"]  # the owner covers its own double


def test_mt15_a_draw_for_an_obligation_shows_only_that_number_missing() -> None:
    """MT-15, MT-11: seat 2 holds 12-4 (fits the Mexican train) but no 5 for seat 1's 5-5.

    Its draw and pass prove only that it lacks a 5: the event must not claim
    12-4, which it holds, nor any other 12.
    """
    deal = make_deal("12-5 5-5 9-9", "12-12 12-7 12-4 3-3", top=("11-0",))
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-7 train 2", "end")
    state = run(state, "play 12-5 train 1", "play 5-5 train 1", "end")
    assert state.to_move == 2 and legal(state) == ["draw"]
    fives = frozenset(t for t in state.rules.tiles if t.has(5))
    state = run(state, "draw")
    assert state.log[-1].lacks == fives and legal(state) == ["pass"]
    state = run(state, "pass")
    assert state.log[-1].lacks == fives and parse_tile("12-4") in state.hands[1]


def test_mt16_a_last_tile_double_ends_the_hand_at_once() -> None:
    """MT-16: a double as the last tile needs no extra tile: the round ends."""
    deal = make_deal("12-12 12-3 3-3", "12-6 6-1 0-0")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-3 train 1", "end")
    state = run(state, "play 12-6 train 2", "end")
    state = run(state, "play 3-3 train 1")
    assert state.round == 2 and state.scores == (0, 7)
    assert state.results[0].how == "out" and state.results[0].winners == (1,)


# -- end of a round and the match -----------------------------------------------


def test_mt17_block_when_nobody_can_cover_the_obligation() -> None:
    """MT-17: empty boneyard and no 5 in any hand while 5-5 waits: a true block."""
    deal = make_deal("12-12 12-5 5-5 1-0", "2-0 0-0 11-1", rest="unused")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12")
    state = run(state, "play 12-5 train 1", "play 5-5 train 1", "end")
    # Seat 2 holds 11-1 and 2-0: nothing fits the 12s either, but the block waits for its turn.
    assert state.round == 1 and state.to_move == 2
    state = run(state, "pass")
    assert state.round == 2
    result = state.results[0]
    assert result.how == "blocked" and result.winners == ()
    assert result.gained == (1, 14)  # MT-18: 0-0 counts zero


def test_mt17_obligation_someone_can_cover_is_no_block() -> None:
    """MT-17: an obligation is only impossible if no hand holds its number."""
    deal = make_deal("12-12 12-5 5-5 1-0", "2-0 5-4", rest="unused")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12")
    state = run(state, "play 12-5 train 1", "play 5-5 train 1", "end", "pass")
    assert state.round == 1 and state.to_move == 1 and legal(state) == ["pass"]
    state = run(state, "pass")
    assert legal(state) == ["play 5-4 train 1"]


def test_mt17_every_train_counts_as_open_and_passes_alone_prove_nothing() -> None:
    """MT-17: 3-2 fits seat 1's closed train: no block until nothing fits anywhere."""
    deal = make_deal("12-12 12-3 9-8", "12-7 3-2 5-5", rest="unused")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12", "play 12-3 train 1", "end")
    state = run(state, "play 12-7 train 2", "end")
    assert state.round == 1 and state.to_move == 1 and legal(state) == ["pass"]
    state = run(state, "pass")
    assert legal(state) == ["play 3-2 train 1"]
    state = run(state, "play 3-2 train 1")
    assert state.round == 2
    assert state.results[0].how == "blocked" and state.results[0].gained == (17, 10)


def test_mt17_impossible_obligation_blocks_once_it_is_the_oldest() -> None:
    """MT-17: 7-7 (no 7 left) waits behind 5-5, which seat 2 can cover: no block until then.

    With the boneyard empty, seat 1 passes (it cannot cover 5-5); seat 2
    covers; at the start of the next turn the oldest obligation is the
    impossible 7-7, so the round is blocked (MT-18: 0-0 counts zero).
    """
    deal = make_deal("12-12 12-5 5-5 0-0", "12-7 7-7 5-1 2-2", rest="unused")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12")
    state = run(state, "play 12-5 train 1", "play 5-5 train 1", "end")
    state = run(state, "play 12-7 train 2", "play 7-7 train 2", "end")
    assert state.pending == ((0, parse_tile("5-5")), (1, parse_tile("7-7")))
    assert state.round == 1 and state.to_move == 1 and legal(state) == ["pass"]
    state = run(state, "pass")
    assert state.round == 1 and legal(state) == ["play 5-1 train 1"]
    state = run(state, "play 5-1 train 1")
    assert state.round == 2
    result = state.results[0]
    assert (result.how, result.winners, result.gained) == ("blocked", (), (0, 4))


def blocked_deals(players: int, tie: bool, hidden_engine: bool = False) -> list[dict]:
    """13 deals whose rounds block at once: seat 1 holds only the engine and one odd tile.

    Every seat passes its first turn (nobody holds the engine's number), and
    the boneyard is empty, so each round ends blocked (MT-17). Seat 1 and seat
    2 are left with tiles of equal pips when ``tie``; otherwise seat 1's is lighter.
    """
    deals = []
    for r in range(1, 14):
        d = 13 - r
        loose = [t for t in tile_set(12) if not t.has(d) and t.pips == 10]
        light = next(t for t in tile_set(12) if not t.has(d) and t.pips == 9)
        first = loose[0] if tie else light
        hands = [f"{d}-{d} {first}", str(loose[1])]
        hands += [str(loose[2 + k]) for k in range(players - 2)]
        top: tuple[str, ...] = ()
        if hidden_engine:
            hands[0] = str(first)
            top = (f"{d}-{d}",)
        deals.append(make_deal(*hands, top=top, rest="unused"))
    return deals


def test_mt18_mt19_lowest_total_after_13_rounds_wins_and_ties_share() -> None:
    """MT-18, MT-19: penalties are the pips left; after round 13 the lowest totals win together."""
    r = rules(3)
    state = r.new_match(0, deals=blocked_deals(3, tie=True))
    while state.to_move is not None:
        state = r.apply(state, r.legal_actions(state)[0])
    assert len(state.results) == 13 and all(res.how == "blocked" for res in state.results)
    assert state.scores == (130, 130, 130) and state.winner == (1, 2, 3) and state.to_move is None
    state = r.new_match(0, deals=blocked_deals(3, tie=False))
    while state.to_move is not None:
        state = r.apply(state, r.legal_actions(state)[0])
    assert state.scores == (117, 130, 130) and state.winner == (1,)


def test_mt19_nothing_ends_the_match_early() -> None:
    """MT-19: a random match always plays its 13 rounds; winners hold the lowest total."""
    for players in (2, 6, 10):
        state, _ = random_match(players, players)
        assert len(state.results) == 13 and state.round == 13
        assert state.winner == tuple(
            s for s in range(1, players + 1) if state.scores[s - 1] == min(state.scores)
        )
        sums = [sum(res.gained[s] for res in state.results) for s in range(players)]
        assert list(state.scores) == sums


def test_mt20_restart_keeps_deal_search_and_earlier_penalties() -> None:
    """MT-20, MT-25: a round's start depends only on the seed (or deals) and earlier rounds' scores.

    Two different plays of round 1 reach the same round-2 deal and search;
    the same seed gives the same match; a new match starts at 12-12 with zero totals.
    """
    r = rules(4)
    starts = []
    for pick_seed in (1, 2):
        state = r.new_match(99)
        pick = random.Random(pick_seed)
        while state.round == 1:
            state = r.apply(state, pick.choice(r.legal_actions(state)))
        starts.append(state)
    a, b = starts
    assert a.hands == b.hands and a.boneyard == b.boneyard and a.log == b.log
    assert a.to_move == b.to_move and a.start == b.start == 2
    assert a.scores == a.results[0].gained
    assert r.new_match(99) == r.new_match(99)
    assert r.new_match(99).hands != r.new_match(100).hands
    fresh = r.new_match(99)
    assert fresh.round == 1 and fresh.scores == (0, 0, 0, 0) and legal(fresh) == ["engine 12-12"]


def test_mt20_explicit_deals_then_the_seed() -> None:
    """MT-20: explicit deals are used one per round, then deals come from the seed."""
    r = rules(3)
    deals = blocked_deals(3, tie=True)[:2]
    state = r.new_match(4, deals=deals)
    state = run(state, "engine 12-12", "pass", "pass", "pass")
    assert state.round == 2 and state.hands[1] == (parse_tile(deals[1]["hands"][1][0]),)
    state = run(state, "engine 11-11", "pass", "pass", "pass")
    assert state.round == 3 and sum(len(h) for h in state.hands) >= 45


def test_deal_with_the_engine_set_aside_is_refused() -> None:
    """MT-05 needs the engine in a hand or the boneyard."""
    deal = make_deal("12-0", "11-0", rest="unused")
    with pytest.raises(ConfigError, match="Deal 1 sets aside 12-12"):
        rules(2).new_match(0, deals=[deal])


# -- notation and the API --------------------------------------------------------


def test_action_text_round_trips() -> None:
    """docs/DESIGN.md notation: engine, play on a train or the Mexican train, draw, pass, end."""
    r = rules(3)
    for text in (
        "engine 12-12",
        "play 9-4 train 3",
        "play 9-4 train mexican",
        "draw",
        "pass",
        "end",
    ):
        state = r.new_match(0)
        assert str(parse_action(state, text)) == text
    assert parse_action(None, "play 9-4 train 3") == Action(Kind.PLAY, parse_tile("9-4"), "train 3")
    assert tuple(parse_action(None, t) for t in ("draw", "pass", "end")) == (DRAW, PASS, END)


def test_other_forms_are_refused_in_words() -> None:
    deal = make_deal("12-12 12-5", "12-7")
    state = run(rules(2).new_match(0, deals=[deal]), "engine 12-12")
    assert refused(state, "play 12-5 E") == "Play on a train: 'train 3' or 'train mexican'"
    assert refused(state, "lead 12-5") == "'lead 12-5' is not a move in Mexican Train"


def test_random_matches_keep_tiles_and_offer_exactly_what_applies() -> None:
    """MT-01 … MT-19 together: tiles conserved, every legal action applies, others are refused."""
    for players, seed in ((2, 3), (5, 4), (10, 5)):
        r = rules(players)
        state = r.new_match(seed)
        pick = random.Random(seed)
        wheres = [f"train {s}" for s in range(1, players + 1)] + ["train mexican"]
        while state.to_move is not None:
            offered = set(r.legal_actions(state))
            hand = state.hands[state.to_move - 1]
            tries = [DRAW, PASS, END, Action(Kind.ENGINE, r.engine_of(state.round))]
            tries += [Action(Kind.PLAY, t, w) for t in hand for w in wheres]
            for action in tries:
                try:
                    r.apply(state, action)
                except IllegalAction:
                    assert action not in offered, action
                else:
                    assert action in offered, action
            state = r.apply(state, pick.choice(sorted(offered)))
            every = (
                [t for h in state.hands for t in h] + list(state.boneyard) + list(r.placed(state))
            )
            assert sorted(every) == sorted(r.tiles)
