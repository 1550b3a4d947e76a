"""Block, Draw and All Fives (docs/rules/fives.md, F-01 … F-40) on hand-built positions.

Every position is an explicit deal with a fixed first leader, so each test
shows one rule with exact scores. Tiles not named in a hand or the boneyard
go to the deal's ``unused`` pile, which keeps the boneyard exactly as written.
"""

from __future__ import annotations

import random
from itertools import chain
from typing import Any

import pytest

from game.rules import (
    Action,
    ConfigError,
    IllegalAction,
    Kind,
    LineState,
    NotationError,
    State,
    Tile,
    create,
    parse_tile,
    tile_set,
)
from game.rules.base import RuleSet
from game.rules.line import count
from game.rules.seeding import randbelow
from game.rules.tiles import tiles_with

SET = tile_set(6)
NAMES = ("block", "draw", "all_fives")


# -- helpers ---------------------------------------------------------------------


def deal(hands: list[list[str]], boneyard: tuple[str, ...] = ()) -> dict[str, Any]:
    """A record-format deal; every tile not in a hand or the boneyard is unused."""
    taken = {*chain.from_iterable(hands), *boneyard}
    return {
        "hands": [list(h) for h in hands],
        "boneyard": list(boneyard),
        "unused": [str(t) for t in SET if str(t) not in taken],
    }


def match(
    name: str,
    hands: list[list[str]],
    boneyard: tuple[str, ...] = (),
    *,
    first: int = 1,
    seed: int = 7,
    later: tuple[dict[str, Any], ...] = (),
    **options: Any,
) -> tuple[RuleSet[LineState], LineState]:
    """A rule set and a match whose first round is ``hands``, seat ``first`` leading."""
    rs = create(name, players=len(hands), **options)
    return rs, rs.new_match(seed, deals=[deal(hands, boneyard), *later], first=first)


def act(rs: RuleSet[LineState], state: LineState, *texts: str) -> LineState:
    """Apply each action written in the notation, in order."""
    for text in texts:
        state = rs.apply(state, rs.parse_action(state, text))
    return state


def legal(rs: RuleSet, state: State) -> list[str]:
    return sorted(str(a) for a in rs.legal_actions(state))


def refusal(rs: RuleSet, state: State, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        rs.apply(state, rs.parse_action(state, text))
    return str(caught.value)


def blocked(name: str, rest: list[list[str]], **options: Any) -> LineState:
    """Seat 1 leads 6-6, nobody holds another 6, everyone passes: the round blocks.

    ``rest`` is every hand after the lead (seat 1 first); the boneyard is empty.
    """
    hands = [["6-6", *rest[0]], *rest[1:]]
    rs, state = match(name, hands, **options)
    return act(rs, state, "lead 6-6", *["pass"] * len(hands))


def went_out(name: str, pips: list[str], **options: Any) -> LineState:
    """Seat 1 leads 6-1, its only tile, and goes out; seat 2 holds ``pips``."""
    rs, state = match(name, [["6-1"], pips], **options)
    return act(rs, state, "lead 6-1")


# -- F-01, F-02, F-03: the set, the seats, the first lead -------------------------------


@pytest.mark.parametrize("name", NAMES)
def test_f01_double_six_set_of_28_tiles_with_double_blank(name: str) -> None:
    """F-01: all 28 tiles of the double-six set, 0-0 included, are dealt out."""
    rs = create(name, players=2)
    assert rs.tiles == SET and len(SET) == 28 and Tile(0, 0) in SET
    state = rs.new_match(3)
    every = [*chain.from_iterable(state.hands), *state.boneyard, *state.unused]
    assert sorted(every) == sorted(SET)


def test_f01_blank_matches_blank() -> None:
    """F-01: a blank end takes any tile with a blank half, the double blank too."""
    rs, s = match("block", [["3-0", "1-0"], ["0-0", "5-5"]])
    s = act(rs, s, "lead 3-0")
    assert legal(rs, s) == ["play 0-0 E"]
    s = act(rs, s, "play 0-0 E")
    assert legal(rs, s) == ["play 1-0 E"]


@pytest.mark.parametrize(
    ("hands", "message"),
    [
        ([["6-6"], ["5-5"]], "Deal 1 must hold every tile of the double-6 set exactly once"),
        ([["7-0"], ["5-5"]], "Deal 1: 7-0 is not in a double-6 set"),
    ],
)
def test_f01_an_explicit_deal_must_be_the_whole_set(hands: list[list[str]], message: str) -> None:
    """F-01: a deal that drops a tile or brings a foreign one is refused."""
    rs = create("block", players=2)
    bad = {"hands": hands, "boneyard": [], "unused": [str(t) for t in SET[:-3]]}
    with pytest.raises(ConfigError, match=message):
        rs.new_match(1, deals=[bad])


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("players", [1, 5])
def test_f02_two_to_four_players(name: str, players: int) -> None:
    """F-02: 2, 3 or 4 players; anything else is refused in one sentence."""
    title = create(name, players=2).preset.title
    with pytest.raises(ConfigError, match=f"^{title} takes 2 to 4 players, not {players}$"):
        create(name, players=players)


@pytest.mark.parametrize(
    ("players", "options", "partners"),
    [(4, {}, True), (4, {"partners": False}, False), (3, {}, False), (2, {}, False)],
)
def test_f02_partners_only_at_four_seats(players: int, options: dict, partners: bool) -> None:
    """F-02: opposite seats 1/3 and 2/4 are partners at four seats unless cut-throat."""
    rs = create("all_fives", players=players, **options)
    teams = [rs.team_of(seat) for seat in range(1, players + 1)]
    assert teams == ([1, 2, 1, 2] if partners else list(range(1, players + 1)))


@pytest.mark.parametrize(
    ("name", "partners", "gained"),
    [
        ("block", True, (21, 0, 21, 0)),  # seats 2 and 4 hold 15 + 6 pips
        ("draw", True, (21, 0, 21, 0)),
        ("all_fives", True, (25, 0, 25, 0)),  # 5 for the lead, 21 rounds to 20
        ("block", False, (0, 0, 43, 0)),  # cut-throat: 22 + 15 + 6
        ("all_fives", False, (0, 0, 50, 0)),  # 5 for the lead, 43 rounds to 45
    ],
)
def test_f02_f24_f38_partners_share_and_never_count_each_other(
    name: str, partners: bool, gained: tuple[int, ...]
) -> None:
    """F-02 / F-24 / F-38: seat 3 goes out; its partner's 22 pips never count for its team.

    Cut-throat at four seats (F-02 option): seat 3 scores everyone's pips alone.
    """
    hands = [["6-6", "5-5"], ["4-4", "4-3"], ["5-0"], ["2-2", "1-1"]]
    rs, s = match(name, hands, first=3, partners=partners)
    s = act(rs, s, "lead 5-0")
    assert s.results[-1].how == "out"
    assert s.results[-1].gained == gained == s.scores
    assert s.results[-1].winners == ((1, 3) if partners else (3,))


def test_f03_first_lead_by_lot_comes_from_the_seed() -> None:
    """F-03: the first leader is drawn by lot: the same for one seed, varied across seeds."""
    rs = create("block", players=3)
    leaders = [rs.new_match(seed).to_move for seed in range(40)]
    assert leaders == [rs.new_match(seed).to_move for seed in range(40)]
    assert leaders == [randbelow(3, seed, "lot", 1) + 1 for seed in range(40)]
    assert set(leaders) == {1, 2, 3}


@pytest.mark.parametrize("name", NAMES)
def test_f03_first_lead_by_choice(name: str) -> None:
    """F-03: the setup option (or ``first``) chooses the first leader instead of the lot."""
    assert create(name, players=3, first=2).new_match(5).to_move == 2
    assert create(name, players=3).new_match(5, first=3).to_move == 3


@pytest.mark.parametrize("name", NAMES)
def test_f03_the_leader_may_lead_any_tile(name: str) -> None:
    """F-03: every tile of the leader's hand is a legal lead, doubles or not."""
    rs, s = match(name, [["6-5", "3-3", "0-0"], ["4-1"]])
    assert legal(rs, s) == ["lead 0-0", "lead 3-3", "lead 6-5"]


# -- F-05: refusals ---------------------------------------------------------------------

HANDS = [["6-5", "1-1", "3-3"], ["6-4", "2-2"]]  # after 6-5 seat 2 fits 6-4; after 1-1, nothing
PILE = ("0-0",)
FITS = "6-4 fits the open 6 on the west end"
LEADER = "you lead this round, so play any tile"
MUST_DRAW = "You cannot pass while the boneyard has tiles: draw"
ONE_LINE = "ends of one line: write play"


@pytest.mark.parametrize(
    ("name", "boneyard", "before", "text", "message"),
    [
        ("block", (), [], "pass", f"You cannot pass: {LEADER}"),
        ("draw", PILE, [], "draw", f"You cannot draw: {LEADER}"),
        ("block", (), ["lead 6-5"], "pass", f"You cannot pass: {FITS}"),
        ("draw", PILE, ["lead 6-5"], "pass", f"You cannot pass: {FITS}"),
        ("draw", PILE, ["lead 6-5"], "draw", f"You cannot draw: {FITS}"),
        ("all_fives", PILE, ["lead 6-5"], "draw", f"You cannot draw: {FITS}"),
        ("draw", PILE, ["lead 1-1"], "pass", MUST_DRAW),
        ("all_fives", PILE, ["lead 1-1"], "pass", MUST_DRAW),
        ("draw", (), ["lead 1-1"], "draw", "The boneyard is empty: pass"),
        ("block", (), ["lead 1-1"], "draw", "There is no drawing in Block"),
    ],
)
def test_f05_no_pass_or_draw_while_the_rules_require_more(
    name: str, boneyard: tuple[str, ...], before: list[str], text: str, message: str
) -> None:
    """F-05 / F-22 / F-23: a pass (or draw) is refused while a play (or draw) is required."""
    rs, s = match(name, HANDS, boneyard)
    assert refusal(rs, act(rs, s, *before), text) == message


@pytest.mark.parametrize(
    ("name", "before", "text", "message"),
    [
        ("block", [], "play 6-5 W", "Nothing is on the table yet: lead a tile first"),
        ("block", [], "lead 6-4", "You do not hold 6-4"),
        ("block", ["lead 6-5"], "lead 6-4", "The round has been led already: play on an end"),
        ("block", ["lead 6-5"], "play 6-5 W", "You do not hold 6-5"),
        ("block", ["lead 6-5"], "play 2-2 E", "2-2 does not match the open 5 on the east end"),
        ("block", ["lead 6-5"], "play 6-4 N", f"Block is played on the {ONE_LINE} 6-4 W or E"),
        ("all_fives", ["lead 6-5"], "play 6-4 S", "The south end is not open"),
        ("block", ["lead 6-5"], "open 6-6", "'open 6-6' is not a move in Block"),
        ("draw", [], "redeal", "'redeal' is not a move in Draw"),
    ],
)
def test_refusals_of_plays_say_why(name: str, before: list[str], text: str, message: str) -> None:
    """F-20 / F-32: plays off the hand, off the ends or out of the family are refused."""
    rs, s = match(name, HANDS)
    assert refusal(rs, act(rs, s, *before), text) == message


# -- F-06, F-20, F-21, F-22: the line and the hands ----------------------------------------


@pytest.mark.parametrize(("name", "bonus"), [("block", 17), ("draw", 17), ("all_fives", 15)])
def test_f06_everyone_passing_in_succession_blocks_the_round(name: str, bonus: int) -> None:
    """F-06 / F-24 / F-36: three passes after 6-6 block it; seat 2 (1 pip) scores 4 + 13."""
    rs, s = match(name, [["6-6", "4-0"], ["1-0"], ["5-4", "3-1"]])
    s = act(rs, s, "lead 6-6", "pass", "pass")
    assert (s.round, s.to_move, s.passes) == (1, 1, 2)
    assert all(e.lacks == tiles_with(6, 6) for e in s.log[1:])
    s = act(rs, s, "pass")
    assert s.round == 2
    assert s.results[-1][1:3] == ("blocked", (2,))
    assert s.scores == s.results[-1].gained == (0, bonus, 0)


def test_f06_a_play_breaks_the_run_of_passes() -> None:
    """F-06: only passes *in succession* block; a play in between starts the count again."""
    rs, s = match("block", [["6-6", "6-1", "3-3"], ["4-4"], ["5-5", "1-0"]])
    s = act(rs, s, "lead 6-6", "pass", "pass", "play 6-1 W")
    assert s.passes == 0 and s.round == 1
    s = act(rs, s, "pass", "play 1-0 W", "pass", "pass")
    assert (s.round, s.passes) == (1, 2)


@pytest.mark.parametrize("name", NAMES)
def test_f20_lead_shows_its_high_half_west_and_its_low_half_east(name: str) -> None:
    """F-20: one line with two open ends; ``lead 6-5`` leaves W 6 and E 5."""
    rs, s = match(name, [["6-5", "0-0"], ["6-4", "5-2", "1-1"]])
    s = act(rs, s, "lead 6-5")
    assert s.line.ends[:2] == (6, 5)
    assert legal(rs, s) == ["play 5-2 E", "play 6-4 W"]


@pytest.mark.parametrize("name", NAMES)
def test_f20_each_end_is_its_own_action_when_both_show_the_same_number(name: str) -> None:
    """F-20 / F-32: after 6-6 both ends show 6, and 6-3 may go on either, as two actions."""
    rs, s = match(name, [["6-6", "0-0"], ["6-3", "1-1"]])
    s = act(rs, s, "lead 6-6")
    assert legal(rs, s) == ["play 6-3 E", "play 6-3 W"]
    west, east = act(rs, s, "play 6-3 W"), act(rs, s, "play 6-3 E")
    assert west.line.ends[:2] == (3, 6) and east.line.ends[:2] == (6, 3)


@pytest.mark.parametrize("name", ["block", "draw"])
def test_f20_doubles_lie_crossways_and_never_branch(name: str) -> None:
    """F-20: with both sides of a double covered, no north or south end opens."""
    rs, s = match(name, [["6-6", "6-2", "0-0"], ["6-3", "6-4"]])
    s = act(rs, s, "lead 6-6", "play 6-3 W", "play 6-2 E")
    assert s.line.ends == (3, 2, None, None)
    assert legal(rs, s) == ["pass"]
    title = rs.preset.title
    assert refusal(rs, s, "play 6-4 N") == f"{title} is played on the {ONE_LINE} 6-4 W or E"


@pytest.mark.parametrize(
    ("name", "players", "options", "hand", "boneyard", "unused"),
    [
        ("block", 2, {}, 7, 0, 14),
        ("block", 3, {}, 5, 0, 13),
        ("block", 4, {}, 5, 0, 8),
        ("block", 4, {"hand_size": 7}, 7, 0, 0),
        ("draw", 2, {}, 7, 14, 0),
        ("draw", 3, {}, 7, 7, 0),
        ("draw", 4, {}, 6, 4, 0),
        ("all_fives", 2, {}, 9, 10, 0),
        ("all_fives", 3, {}, 7, 7, 0),
        ("all_fives", 4, {}, 5, 8, 0),
    ],
)
def test_f21_f30_hand_sizes_and_where_the_rest_goes(
    name: str, players: int, options: dict, hand: int, boneyard: int, unused: int
) -> None:
    """F-21 (Block 7/5/5 rest unused, Draw 7/7/6 rest boneyard) and F-30 (All Fives 9/7/5)."""
    s = create(name, players=players, **options).new_match(11)
    assert [len(h) for h in s.hands] == [hand] * players
    assert (len(s.boneyard), len(s.unused)) == (boneyard, unused)


def test_f21_latin_american_partnership_block_deals_all_28() -> None:
    """F-21 / F-02: ``create("block", players=4, hand_size=7)``: 7 each, partners, no pile."""
    rs = create("block", players=4, hand_size=7)
    assert rs.options["hand_size"] == 7 and rs.partners
    s = rs.new_match(2)
    assert sorted(chain.from_iterable(s.hands)) == sorted(SET)
    assert s.boneyard == () and s.unused == ()


def test_f22_block_has_no_drawing_a_stuck_seat_passes() -> None:
    """F-22: unable to match, a Block player's only action is pass, even with tiles unused."""
    rs, s = match("block", [["1-1", "0-0"], ["6-4", "2-2"]])
    s = act(rs, s, "lead 1-1")
    assert s.unused and legal(rs, s) == ["pass"]
    s = act(rs, s, "pass")
    assert s.to_move == 1 and s.log[-1].lacks == tiles_with(6, 1)


# -- F-23, F-31: drawing ----------------------------------------------------------------


@pytest.mark.parametrize("name", ["draw", "all_fives"])
def test_f23_f31_draw_until_a_playable_tile_then_play_it(name: str) -> None:
    """F-23 / F-31: draw one at a time; the playable drawn tile must be played, either end."""
    rs, s = match(name, [["6-6", "3-3"], ["2-2", "4-4"]], ("1-1", "0-0", "6-1", "2-0"))
    s = act(rs, s, "lead 6-6")
    for drawn in ("1-1", "0-0"):
        assert legal(rs, s) == ["draw"]
        s = act(rs, s, "draw")
        assert s.to_move == 2 and s.hands[1][-1] == parse_tile(drawn)
        assert s.log[-1].lacks == tiles_with(6, 6)
    s = act(rs, s, "draw")
    assert legal(rs, s) == ["play 6-1 E", "play 6-1 W"]
    assert refusal(rs, s, "draw") == "You cannot draw: 6-1 fits the open 6 on the west end"
    assert refusal(rs, s, "pass") == "You cannot pass: 6-1 fits the open 6 on the west end"
    s = act(rs, s, "play 6-1 E")
    assert s.to_move == 1 and [str(t) for t in s.boneyard] == ["2-0"]


@pytest.mark.parametrize("name", ["draw", "all_fives"])
def test_f23_f31_with_the_boneyard_empty_and_nothing_playable_pass(name: str) -> None:
    """F-23 / F-31 / F-06: the last draw fails, so the seat passes; blocking needs an empty pile."""
    rs, s = match(name, [["6-6", "3-3"], ["2-2", "4-4"]], ("1-1",))
    s = act(rs, s, "lead 6-6", "draw")
    assert s.boneyard == () and legal(rs, s) == ["pass"]
    s = act(rs, s, "pass")
    assert s.to_move == 1 and s.passes == 1


# -- F-24, F-36, F-37: round scores -----------------------------------------------------

PIPS = {
    0: ["0-0"],
    1: ["1-0"],
    2: ["2-0"],
    3: ["3-0"],
    4: ["4-0"],
    5: ["5-0"],
    6: ["6-0"],
    7: ["5-2"],
    8: ["5-3"],
    12: ["6-6"],
    13: ["6-6", "1-0"],
}
ROUNDED = {0: 0, 1: 0, 2: 0, 3: 5, 4: 5, 5: 5, 6: 5, 7: 5, 8: 10, 12: 10, 13: 15}


@pytest.mark.parametrize("pips", sorted(PIPS))
@pytest.mark.parametrize("name", NAMES)
def test_f24_f36_going_out_scores_the_opponents_pips(name: str, pips: int) -> None:
    """F-24: Block and Draw score the leftovers exactly; F-36: All Fives rounds 1–2 down, 3–4 up."""
    s = went_out(name, PIPS[pips])
    expected = ROUNDED[pips] if name == "all_fives" else pips
    assert s.results[-1][1:3] == ("out", (1,))
    assert s.scores == s.results[-1].gained == (expected, 0)


@pytest.mark.parametrize(
    ("name", "options", "rest", "winners", "gained"),
    [
        ("block", {}, [["2-0"], ["1-0"]], (2,), (0, 2)),
        ("all_fives", {}, [["4-4"], ["1-0"]], (2,), (0, 10)),
        ("block", {}, [["2-0"], ["1-1"]], (), (0, 0)),
        ("all_fives", {}, [["2-0"], ["1-1"]], (), (0, 0)),
        ("block", {}, [["3-0"], ["1-0"], ["5-4"]], (2,), (0, 12, 0)),
        ("block", {}, [["3-0"], ["2-1"], ["1-1", "1-0"]], (), (0, 0, 0)),
        ("all_fives", {}, [["3-0"], ["2-1"], ["1-1", "1-0"]], (), (0, 0, 0)),
        ("block", {}, [["2-0"], ["1-1"], ["3-0"], ["4-1"]], (1, 3), (7, 0, 7, 0)),
        ("block", {}, [["2-0"], ["1-1"], ["3-0"], ["2-1"]], (), (0, 0, 0, 0)),
        ("all_fives", {"partners": False}, [["2-0"], ["1-1"], ["3-0"], ["4-1"]], (), (0, 0, 0, 0)),
        (
            "all_fives",
            {"partners": False},
            [["2-0"], ["1-0"], ["3-0"], ["4-1"]],
            (2,),
            (0, 10, 0, 0),
        ),
    ],
)
def test_f24_f36_blocked_round_lowest_pips_wins(
    name: str, options: dict, rest: list[list[str]], winners: tuple, gained: tuple
) -> None:
    """F-24 / F-36 / F-38: in a block the fewest pips (a team adds its two hands) wins.

    Tied lowest with 2 or 4 players, or all three tied: nobody scores.
    """
    s = blocked(name, rest, **options)
    assert s.results[-1][1:3] == ("blocked", winners)
    assert s.scores == s.results[-1].gained == gained


@pytest.mark.parametrize(("name", "share"), [("block", 6.5), ("draw", 6.5), ("all_fives", 7.5)])
def test_f24_f37_three_players_tied_lowest_split_the_third(name: str, share: float) -> None:
    """F-24: Block splits the third's 13 pips exactly (6.5 each); F-37: All Fives rounds first
    (13 → 15) and then splits (7.5 each)."""
    s = blocked(name, [["2-0"], ["1-1"], ["5-4", "3-1"]])
    assert s.results[-1][1:3] == ("blocked", (1, 2))
    assert s.scores == s.results[-1].gained == (share, share, 0)


# -- F-25, F-39: the match target -----------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "players", "target"),
    [
        ("block", 2, 100),
        ("draw", 4, 100),
        ("all_fives", 2, 250),
        ("all_fives", 3, 200),
        ("all_fives", 4, 200),
    ],
)
def test_f25_f39_default_targets(name: str, players: int, target: int) -> None:
    """F-25: Block and Draw play to 100; F-39: All Fives to 250 with two, 200 with three or four."""
    assert create(name, players=players).options["target"] == target


@pytest.mark.parametrize(("before", "over"), [(95, True), (94, False)])
@pytest.mark.parametrize("name", ["block", "draw"])
def test_f25_a_single_leader_at_the_target_wins_at_round_end(
    name: str, before: int, over: bool
) -> None:
    """F-25: going out with 5 pips against takes 95 to 100 and ends the match; 94 plays on."""
    rs, s = match(name, [["6-1"], ["5-0", "0-0"]])
    s = act(rs, s.evolve(scores=(before, 0)), "lead 6-1")
    assert s.scores == (before + 5, 0)
    if over:
        assert (s.winner, s.to_move, rs.legal_actions(s)) == ((1,), None, ())
        assert refusal(rs, s, "pass") == "The match is over"
    else:
        assert (s.winner, s.round, s.to_move) == (None, 2, 1)


@pytest.mark.parametrize(("name", "share"), [("block", 6.5), ("all_fives", 7.5)])
def test_f25_f39_tied_leaders_at_the_target_play_another_round(name: str, share: float) -> None:
    """F-25 / F-39: a tie at the top after a round's scores (here a 3-player split) plays on."""
    s = blocked(name, [["2-0"], ["1-1"], ["5-4", "3-1"]], target=5)
    assert s.scores == (share, share, 0)
    assert (s.winner, s.round) == (None, 2)
    assert s.rules.legal_actions(s)


def test_f39_after_a_tie_the_next_single_leader_wins_mid_round() -> None:
    """F-39: tied at 200.5 after a split, the next round goes on until one side leads alone."""
    again = deal([["5-0", "6-3"], ["5-5", "4-4"], ["6-6", "3-3"]])
    rs, s = match("all_fives", [["6-6", "2-0"], ["1-1"], ["5-4", "3-1"]], later=(again,))
    s = act(rs, s.evolve(scores=(193, 193, 0)), "lead 6-6", "pass", "pass", "pass")
    assert (s.scores, s.winner, s.round) == ((200.5, 200.5, 0), None, 2)
    leader = s.mover  # after a block the lot chooses (F-40)
    plays = {1: ["lead 5-0"], 2: ["lead 5-5"], 3: ["lead 6-6", "play 6-3 W"]}[leader]
    s = act(rs, s, *plays)
    assert s.winner == ((2,) if leader == 2 else (1,))
    assert s.results[-1].how == "target"


@pytest.mark.parametrize(
    ("players", "before", "after", "winner"),
    [
        (2, (245, 0), (250, 0), (1,)),
        (2, (244, 0), (249, 0), None),
        (3, (195, 0, 0), (200, 0, 0), (1,)),
        (4, (195, 0, 195, 0), (200, 0, 200, 0), (1, 3)),
    ],
)
def test_f39_a_single_leader_reaching_the_target_wins_at_once(
    players: int, before: tuple, after: tuple, winner: tuple | None
) -> None:
    """F-39: 5 for leading 5-0 reaches 250 (two) / 200 (three, four): the match ends mid-round,
    nobody plays on and the leftovers (6-6 and every other hand) are not counted."""
    hands = [["5-0", "6-6"], ["4-4", "3-3"], ["2-2"], ["1-1"]][:players]
    rs, s = match("all_fives", hands)
    s = act(rs, s.evolve(scores=before), "lead 5-0")
    assert (s.scores, s.winner) == (after, winner)
    if winner:
        assert s.to_move is None and s.round == 1
        assert s.results[-1][1:3] == ("target", winner)
        assert s.results[-1].gained == tuple(a - b for a, b in zip(after, before, strict=True))
    else:
        assert s.to_move == 2


# -- F-32 … F-35: the spinner and the count ---------------------------------------------

SPINNER_LEAD = (
    [["6-6", "6-2", "2-2", "6-1", "0-0"], ["6-3", "3-3", "6-4", "1-0"]],
    [
        ("lead 6-6", 12, 0),  # the spinner alone counts its full total
        ("play 6-3 W", 15, 15),  # one long side covered: the spinner counts both halves
        ("play 6-2 E", 5, 5),  # both covered: spinner nothing, empty N and S zero
        ("play 3-3 W", 8, 0),  # an exposed double counts both halves
        ("play 2-2 E", 10, 10),
        ("play 6-4 N", 14, 0),  # N counts once a tile is on it
        ("play 6-1 S", 15, 15),
    ],
    (30, 15),
)
LATER_SPINNER = (
    [["5-0", "5-1", "0-0", "6-6"], ["5-5", "5-4", "4-4", "1-1"]],
    [
        ("lead 5-0", 5, 5),  # the lead alone counts its total
        ("play 5-5 W", 10, 10),  # a later spinner, outer side open: both halves
        ("play 5-1 W", 1, 0),  # outer side covered: N and S open, empty, zero
        ("play 5-4 N", 5, 5),
        ("play 0-0 E", 5, 5),  # the double blank counts 0 + 0
        ("play 4-4 N", 9, 0),  # a second double is no spinner, but counts both halves
    ],
    (10, 15),
)


@pytest.mark.parametrize(
    ("hands", "script", "final"), [SPINNER_LEAD, LATER_SPINNER], ids=["lead", "later"]
)
def test_f33_f34_f35_the_count_after_each_play(
    hands: list[list[str]], script: list[tuple[str, int, int]], final: tuple[int, int]
) -> None:
    """F-33 / F-34 / F-35: the open ends are counted after each play, multiples of five score."""
    rs, s = match("all_fives", hands)
    for text, total, points in script:
        seat = s.mover
        before = s.scores[seat - 1]
        s = act(rs, s, text)
        assert (count(s.line), s.log[-1].points) == (total, points), text
        assert s.scores[seat - 1] - before == points, text
    assert s.scores == final and s.round == 1


@pytest.mark.parametrize(
    ("lead", "points"),
    [("5-5", 10), ("6-4", 10), ("5-0", 5), ("3-2", 5), ("6-6", 0), ("6-5", 0), ("0-0", 0)],
)
def test_f34_f35_the_lead_scores_its_total_when_a_positive_multiple_of_five(
    lead: str, points: int
) -> None:
    """F-34 / F-35: the lead counts its full total; a zero count scores nothing."""
    rs, s = match("all_fives", [[lead, "1-1"], ["4-4"]])
    s = act(rs, s, f"lead {lead}")
    assert s.scores == (points, 0) and s.log[-1].points == points


def test_f32_spinner_lead_opens_north_and_south_after_both_long_sides() -> None:
    """F-32: the lead double's W and E must both be covered before N and S open."""
    rs, s = match("all_fives", [["6-6", "6-2", "0-0"], ["6-3", "6-4", "6-5"]])
    s = act(rs, s, "lead 6-6", "play 6-3 W")
    assert s.line.ends == (3, 6, None, None)
    assert legal(rs, s) == ["play 6-2 E"]
    s = act(rs, s, "play 6-2 E")
    assert s.line.ends == (3, 2, 6, 6)
    assert legal(rs, s) == ["play 6-4 N", "play 6-4 S", "play 6-5 N", "play 6-5 S"]


def test_f32_only_the_first_double_is_a_spinner() -> None:
    """F-32: later doubles lie crossways: their far side is the only new end."""
    rs, s = match("all_fives", [["6-6", "6-2", "2-2", "0-0"], ["6-3", "3-3", "3-1", "2-1"]])
    s = act(rs, s, "lead 6-6", "play 6-3 W", "play 6-2 E", "play 3-3 W", "play 2-2 E")
    assert s.line.spinner == Tile(6, 6) and s.line.ends == (3, 2, 6, 6)
    assert legal(rs, s) == ["play 2-1 E", "play 3-1 W"]


def test_f32_a_later_spinner_opens_north_and_south_once_its_outer_side_is_covered() -> None:
    """F-32: a first double played on an arm keeps its end name; N/S open after its outer side."""
    rs, s = match("all_fives", [["5-0", "5-1", "5-2"], ["5-5", "5-4", "1-1"]])
    s = act(rs, s, "lead 5-0", "play 5-5 W")
    assert s.line.spinner == Tile(5, 5) and s.line.ends == (5, 0, None, None)
    assert legal(rs, s) == ["play 5-1 W", "play 5-2 W"]
    s = act(rs, s, "play 5-1 W")
    assert s.line.ends == (1, 0, 5, 5)
    assert legal(rs, s) == ["play 1-1 W", "play 5-4 N", "play 5-4 S"]


def test_f35_f38_partners_share_points_scored_in_play() -> None:
    """F-35 / F-38: points scored during play go at once to both partners' shared total."""
    rs, s = match("all_fives", [["5-0", "6-6"], ["5-5", "4-4"], ["3-3"], ["2-2"]])
    s = act(rs, s, "lead 5-0")
    assert s.scores == (5, 0, 5, 0)
    s = act(rs, s, "play 5-5 W")
    assert s.scores == (5, 10, 5, 10)


# -- F-40: who leads the next round ------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "hands", "first", "plays", "out"),
    [
        ("block", [["6-6", "1-0"], ["6-5"], ["2-2"]], 1, ["lead 6-6", "play 6-5 W"], 2),
        ("draw", [["6-6", "1-0"], ["6-5"], ["2-2"]], 1, ["lead 6-6", "play 6-5 W"], 2),
        ("all_fives", [["6-6", "5-5"], ["4-4", "4-3"], ["6-5"], ["2-2"]], 3, ["lead 6-5"], 3),
        ("block", [["6-6", "5-5"], ["4-4", "4-3"], ["6-5"], ["2-2"]], 3, ["lead 6-5"], 3),
    ],
)
def test_f03_f40_whoever_went_out_leads_the_next_round(
    name: str, hands: list[list[str]], first: int, plays: list[str], out: int
) -> None:
    """F-03 / F-40: the seat that went out leads round 2; with partners, that seat, not its side."""
    rs, s = match(name, hands, first=first)
    s = act(rs, s, *plays)
    assert (s.round, s.to_move) == (2, out)
    assert legal(rs, s) == sorted(f"lead {t}" for t in s.hands[out - 1])


@pytest.mark.parametrize("name", NAMES)
def test_f03_f40_after_a_block_the_lot_chooses_again(name: str) -> None:
    """F-03 / F-40: after a blocked round the next leader is drawn by lot from the seed."""
    leaders = []
    for seed in range(30):
        rs, s = match(name, [["6-6", "4-0"], ["1-0"], ["5-4"]], seed=seed)
        s = act(rs, s, "lead 6-6", "pass", "pass", "pass")
        assert s.round == 2
        leaders.append(s.to_move)
    assert leaders == [randbelow(3, seed, "lot", 2) + 1 for seed in range(30)]
    assert set(leaders) == {1, 2, 3}


# -- table conventions the rules layer carries ---------------------------------------------


def test_f07_f08_a_seat_observes_only_its_own_hand() -> None:
    """F-07 / F-08: an observation has the seat's hand and counts; rivals and pile stay hidden."""
    rs, s = match("all_fives", [["6-6", "0-0"], ["6-3", "1-1"]], ("2-2", "4-1"))
    seen = rs.observe(s, 2)
    assert seen.hand == s.hands[1] and seen.hand_sizes == (2, 2) and seen.boneyard == 2
    assert seen.table.hands is None and seen.table.boneyard is None and seen.table.seed is None
    assert seen.legal == ()


def test_f09_restart_replays_the_same_deal_and_a_new_seed_deals_afresh() -> None:
    """F-09: the same seed gives the same match; another seed a different deal."""
    rs = create("all_fives", players=3)
    assert rs.new_match(21) == rs.new_match(21)
    assert rs.new_match(21).hands != rs.new_match(22).hands


# -- whole matches ----------------------------------------------------------------------


def in_round_points(rs: RuleSet, state: State) -> list[float]:
    """Points scored during the round now in ``state.log``, per seat (partners share)."""
    points = [0.0] * rs.players
    for event in state.log:
        for seat in range(1, rs.players + 1):
            if rs.team_of(seat) == rs.team_of(event.seat):
                points[seat - 1] += event.points
    return points


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("name", NAMES)
def test_f01_f35_random_matches_keep_every_tile_and_every_point(name: str, players: int) -> None:
    """F-01 / F-35: through random matches each tile is somewhere exactly once, scores add up,
    and every legal action reads back from its text."""
    rs = create(name, players=players, target=60)
    chooser = random.Random(f"{name}/{players}")
    s = rs.new_match(players)
    for _ in range(3000):
        every = [*chain.from_iterable(s.hands), *s.boneyard, *s.unused, *rs.placed(s)]
        assert sorted(every) == sorted(SET)
        finished = [sum(r.gained[i] for r in s.results) for i in range(players)]
        current = [0.0] * players if s.over else in_round_points(rs, s)
        expected = [a + b for a, b in zip(finished, current, strict=True)]
        assert list(s.scores) == pytest.approx(expected)
        if s.over:
            break
        actions = rs.legal_actions(s)
        assert all(rs.parse_action(s, str(a)) == a for a in actions)
        s = rs.apply(s, chooser.choice(sorted(actions, key=str)))
    assert s.over and s.to_move is None and max(s.scores) >= 60


# -- corners found while auditing the rules against the card -----------------------------


@pytest.mark.parametrize("name", NAMES)
@pytest.mark.parametrize("text", ["play 9-4 train 3", "play 6-4 train 2", "play 6-4 branch 1"])
def test_f20_train_and_branch_plays_say_the_game_is_one_line(name: str, text: str) -> None:
    """F-20: the train/branch notation of other games is refused in words a player follows,
    whatever its tile or seat (9-4 is not even in the set), as text or as an action."""
    rs, s = match(name, HANDS)
    s = act(rs, s, "lead 6-5")
    title = rs.preset.title
    ends = "W, E, N or S" if name == "all_fives" else "W or E"
    spinner = " and its spinner" if name == "all_fives" else ""
    example = "6-5" if text.startswith("play 9-4") else "6-4"
    expected = f"{title} is played on the ends of one line{spinner}: write play {example} {ends}"
    with pytest.raises(NotationError) as caught:
        rs.parse_action(s, text)
    assert str(caught.value) == expected
    with pytest.raises(IllegalAction) as refused:  # the same refusal without the parser
        rs.apply(s, Action(Kind.PLAY, Tile(6, 4), "train 2"))
    assert str(refused.value) == expected.replace("play 6-5", "play 6-4")


LATER_SPINNER_EAST = (
    [["6-5", "5-0", "6-1", "0-0"], ["5-5", "5-4", "4-4", "2-2"]],
    [
        ("lead 6-5", 11, 0, (6, 5, None, None)),
        ("play 5-5 E", 16, 0, (6, 5, None, None)),  # spinner on E, outer side open: 6 + 10
        ("play 5-0 E", 6, 0, (6, 0, 5, 5)),  # outer side covered: N and S open, empty, zero
        ("play 5-4 N", 10, 10, (6, 0, 4, 5)),
        ("play 0-0 E", 10, 10, (6, 0, 4, 5)),  # a later double at an arm's end: 0 + 0
        ("play 4-4 N", 14, 0, (6, 0, 4, 5)),  # a double on N counts both halves
    ],
)


def test_f32_f33_f34_a_later_spinner_on_the_east_end() -> None:
    """F-32 / F-33 / F-34: the first double, played on E after a non-double lead, keeps the
    name E, counts both halves until its outer side is covered, then opens N and S at zero."""
    hands, script = LATER_SPINNER_EAST
    rs, s = match("all_fives", hands)
    for text, total, points, ends in script:
        s = act(rs, s, text)
        assert (count(s.line), s.log[-1].points, s.line.ends) == (total, points, ends), text
    assert s.line.spinner == Tile(5, 5) and s.line.spinner_arm == 1
    s = act(rs, s, "play 6-1 W")  # seat 1 goes out: seat 2's 2-2 (4) rounds to 5
    assert s.results[-1][1:3] == ("out", (1,)) and s.scores == (15, 10)


def test_f35_a_drawn_tile_scores_like_any_play() -> None:
    """F-31 / F-35: drawn, then played at once, a tile scores the ends it makes (5-5 + 0)."""
    rs, s = match("all_fives", [["5-0", "6-6"], ["2-2", "3-3"]], ("1-1", "5-5", "4-0"))
    s = act(rs, s, "lead 5-0", "draw", "draw")
    assert legal(rs, s) == ["play 5-5 W"]
    assert refusal(rs, s, "draw") == "You cannot draw: 5-5 fits the open 5 on the west end"
    s = act(rs, s, "play 5-5 W")
    assert s.scores == (5, 10) and s.log[-1].points == 10 and s.to_move == 1


@pytest.mark.parametrize("name", ["draw", "all_fives"])
def test_f23_a_draws_lacks_are_the_hand_before_it_and_never_tell_the_tile(name: str) -> None:
    """F-23 / F-31: a draw shows the seat held nothing playable *before* it; the lacks are the
    same whether the drawn tile plays or not, so they never give the drawn tile away."""
    drawn = {}
    for top in ("6-1", "1-1"):
        rs, s = match(name, [["6-6", "3-3"], ["2-2", "4-4"]], (top, "0-0"))
        s = act(rs, s, "lead 6-6")
        before = set(s.hands[1])
        s = act(rs, s, "draw")
        assert not before & s.log[-1].lacks
        drawn[top] = s.log[-1].lacks
    assert drawn["6-1"] == drawn["1-1"] == tiles_with(6, 6)


@pytest.mark.parametrize(("name", "bonus"), [("draw", 14), ("all_fives", 15)])
def test_f06_f23_draw_blocks_only_once_the_boneyard_is_empty(name: str, bonus: int) -> None:
    """F-06: a draw is no pass; with the pile empty, both passing in succession blocks it.
    Seat 1 (3-3, 6 pips) scores seat 2's 2-2 + 4-4 + the drawn 1-1."""
    rs, s = match(name, [["6-6", "3-3"], ["2-2", "4-4"]], ("1-1",))
    s = act(rs, s, "lead 6-6", "draw")
    assert (s.passes, s.to_move, legal(rs, s)) == (0, 2, ["pass"])
    s = act(rs, s, "pass")
    assert (s.passes, s.to_move, s.round) == (1, 1, 1)
    s = act(rs, s, "pass")
    assert s.round == 2 and s.results[-1][1:3] == ("blocked", (1,))
    assert s.scores == (bonus, 0)


@pytest.mark.parametrize(("name", "bonus"), [("block", 9), ("draw", 9), ("all_fives", 10)])
def test_f24_f36_f38_a_partners_block_compares_team_totals_not_single_hands(
    name: str, bonus: int
) -> None:
    """F-24 / F-36 / F-38: seat 2 holds the lowest hand (0-0), but team 1/3 (3 + 4) has fewer
    pips than team 2/4 (0 + 9), so 1/3 wins and scores 2/4's nine pips (All Fives: 10)."""
    s = blocked(name, [["3-0"], ["0-0"], ["3-1"], ["5-4"]])
    assert s.results[-1][1:3] == ("blocked", (1, 3))
    assert s.scores == s.results[-1].gained == (bonus, 0, bonus, 0)


@pytest.mark.parametrize(
    ("before", "how", "after"),
    [((245, 0), "target", (250, 0)), ((240, 0), "out", (260, 0))],
)
def test_f39_going_out_with_a_play_that_reaches_the_target(
    before: tuple, how: str, after: tuple
) -> None:
    """F-39 / F-36: leading 5-0, its last tile, scores 5. At 245 that reaches 250: the match
    ends at once and seat 2's leftovers are not counted. At 240 it goes out to 245 and the
    bonus (4-4 + 3-3 = 14, rounded to 15) makes 260."""
    rs, s = match("all_fives", [["5-0"], ["4-4", "3-3"]])
    s = act(rs, s.evolve(scores=before), "lead 5-0")
    assert (s.scores, s.winner, s.to_move) == (after, (1,), None)
    assert s.results[-1][1:3] == (how, (1,))


def test_f39_a_play_that_ties_the_top_at_the_target_plays_on() -> None:
    """F-39: tied leaders at 200 (after a 3-player split), seat 3 scores 5 to 200 as well: the
    lead is still tied, so nobody wins and play goes on; the next single leader wins at once."""
    rs, s = match("all_fives", [["1-1", "2-2"], ["5-4", "3-3"], ["5-0", "1-0", "6-6"]], first=3)
    s = act(rs, s.evolve(scores=(200, 200, 195)), "lead 5-0")
    assert (s.scores, s.winner, s.to_move, s.round) == ((200, 200, 200), None, 1, 1)
    s = act(rs, s, "pass", "play 5-4 W")  # 4 + 0: no score
    assert (s.scores, s.winner) == ((200, 200, 200), None)
    s = act(rs, s, "play 1-0 E")  # 4 + 1 = 5: seat 3 leads alone at 205
    assert (s.scores, s.winner, s.to_move) == ((200, 200, 205), (3,), None)
    assert s.results[-1][1:3] == ("target", (3,))
