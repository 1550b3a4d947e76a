"""Cuban dominoes (docs/rules/cuban.md): one test or more per rule id of the rules layer."""

from __future__ import annotations

import pytest

from game.match import Match
from game.rules import ConfigError, IllegalAction, Kind, create, parse_action, tile, tile_set
from game.rules.actions import ACCEPT, PASS, REDEAL, Action
from game.rules.base import Event
from game.rules.cuban import CubanState
from game.rules.seeding import rng, shuffled
from game.rules.tiles import parse_tile

SET = tile_set(9)


def deal(*hands: str) -> dict:
    """A deal in the record format: the four hands given, every other tile unused."""
    held = {parse_tile(t, 9) for hand in hands for t in hand.split()}
    return {
        "hands": [hand.split() for hand in hands],
        "unused": [str(t) for t in SET if t not in held],
    }


def rules(**options: object):
    return create("cuban", players=4, **options)


def act(rs, state, *texts: str):
    """Apply actions written in the notation, in order."""
    for text in texts:
        state = rs.apply(state, parse_action(state, text))
    return state


def accept_all(rs, state):
    for _ in range(4):
        state = rs.apply(state, ACCEPT)
    return state


def refused(rs, state, text: str) -> str:
    with pytest.raises(IllegalAction) as error:
        rs.apply(state, parse_action(state, text))
    return str(error.value)


def seed_where(condition, rs=None) -> int:
    """The first seed whose new match meets ``condition`` (deterministic: seeds are fixed)."""
    rs = rs or rules()
    return next(s for s in range(10_000) if condition(rs.new_match(s)))


# A hand where seat 1 leads 9-9 and nobody, seat 1 included, holds another 9: four passes block.
BLOCK = deal("9-9 1-0", "5-4 3-2", "6-5 4-3", "8-7 2-2")


# -- equipment and seats ------------------------------------------------------


def test_c01_double_nine_set_and_exactly_four_players() -> None:
    """C-01: 55 tiles 0-9; only four seats."""
    rs = rules()
    assert len(rs.tiles) == 55 and rs.double == 9
    for players in (2, 3, 5):
        with pytest.raises(ConfigError):
            create("cuban", players=players)


def test_c02_partners_1_3_and_2_4_and_turn_order() -> None:
    """C-02: teams 1/3 and 2/4; play goes 1, 2, 3, 4; partners share the score."""
    rs = rules(first=1)
    assert [rs.team_of(s) for s in (1, 2, 3, 4)] == [1, 2, 1, 2]
    state = accept_all(
        rs, rs.new_match(0, deals=[deal("9-8 1-1", "8-7 2-2", "7-6 3-3", "6-5 4-4")])
    )
    seen = []
    for text in ("lead 9-8", "play 8-7 E", "play 7-6 E", "play 6-5 E"):
        seen.append(state.to_move)
        state = act(rs, state, text)
    assert seen == [1, 2, 3, 4]
    state = act(rs, state, "pass")  # seat 1 holds only 1-1: nothing fits 9 or 5
    assert state.to_move == 2


# -- who opens ------------------------------------------------------------------


def test_c03_representatives_draw_is_public_seeded_and_decides_the_team() -> None:
    """C-03: seats 1 and 2 draw; the higher total's team chooses; the draw is logged."""
    rs = rules()
    for seed in range(30):
        state = rs.new_match(seed)
        assert state.phase == "choose" and state.opener is None
        draws = state.log
        assert len(draws) % 2 == 0 and all(e.action is None for e in draws)
        assert [e.seat for e in draws] == [1, 2] * (len(draws) // 2)
        a, b = draws[-2].shown[0], draws[-1].shown[0]
        assert a.pips != b.pips
        assert state.to_move == (1 if a.pips > b.pips else 2)  # the team's lower seat chooses
        first = rng(seed, "representatives", 0).sample(SET, 2)
        assert [draws[0].shown[0], draws[1].shown[0]] == first
        assert rs.new_match(seed) == state  # reproducible from the seed
        assert not state.hands[0] and sorted(state.unused) == sorted(SET)  # nothing dealt yet


def test_c03_equal_totals_draw_again() -> None:
    """C-03: on equal totals both draw again until the totals differ; every try is public."""
    rs = rules()
    seed = seed_where(lambda s: len(s.log) > 2, rs)
    log = rs.new_match(seed).log
    assert log[0].shown[0].pips == log[1].shown[0].pips
    assert log[-2].shown[0].pips != log[-1].shown[0].pips


def test_c03_fixed_first_skips_the_draw_and_the_choice() -> None:
    """C-03/C-04 with the option ``first``: that seat opens hand 1, no draw, no choice."""
    rs = rules(first=2)
    state = rs.new_match(5)
    assert state.log == () and state.phase == "accept"
    assert state.opener == 2 and state.to_move == 2
    assert rules().new_match(5, first=4).opener == 4


def test_c04_entitled_team_lower_seat_chooses_the_opener() -> None:
    """C-04: the lower seat of the entitled team names either partner; then the deal."""
    rs = rules()
    seed = seed_where(lambda s: s.to_move == 2, rs)
    state = rs.new_match(seed)
    assert {str(a) for a in rs.legal_actions(state)} == {"opener 2", "opener 4"}
    own = "Team B chooses one of its own players to open: seat 2 or 4"
    assert refused(rs, state, "opener 3") == own
    assert refused(rs, state, "opener 1") == own
    with pytest.raises(IllegalAction, match="There is no seat 7"):
        rs.apply(state, Action(Kind.OPENER, None, "7"))
    chosen = act(rs, state, "opener 4")
    assert chosen.phase == "accept" and chosen.opener == 4 and chosen.to_move == 4
    assert chosen.log[-1] == Event(2, parse_action(state, "opener 4"))
    assert all(len(h) == 10 for h in chosen.hands)


def test_c05_winning_team_chooses_next() -> None:
    """C-05: the team that won the hand chooses the next opener."""
    rs = rules(first=1)
    state = act(
        rs, accept_all(rs, rs.new_match(0, deals=[deal("5-0", "9-9", "8-8", "7-7")])), "lead 5-0"
    )
    assert state.round == 2 and state.phase == "choose" and state.to_move == 1
    state = rs.new_match(0, deals=[deal("9-9 5-0", "9-8", "8-8", "7-7")])
    state = act(rs, accept_all(rs, state), "lead 9-9", "play 9-8 E")  # seat 2 goes out
    assert state.round == 2 and state.to_move == 2


def test_c05_after_a_tie_the_team_that_did_not_open_chooses() -> None:
    """C-05/C-12: a tied hand hands the choice to the team that did not open it."""
    for opener, hands, entitled in (
        (1, deal("9-9 2-0", "1-1", "6-5 4-3", "8-7 3-3"), 2),
        (2, deal("1-1", "9-9 2-0", "6-5 4-3", "8-7 3-3"), 1),
    ):
        rs = rules(first=opener)
        state = act(rs, accept_all(rs, rs.new_match(0, deals=[hands])), "lead 9-9")
        state = act(rs, state, "pass", "pass", "pass", "pass")  # seats 1 and 2 both keep 2
        result = state.results[0]
        assert result.how == "blocked" and result.winners == () and result.gained == (0,) * 4
        assert state.phase == "choose" and state.to_move == entitled


# -- deal and redeal ----------------------------------------------------------------


def test_c06_ten_each_fifteen_unused_never_taken() -> None:
    """C-06: ten tiles each, fifteen unused; there is no drawing."""
    rs = rules(first=1)
    state = rs.new_match(3)
    assert [len(h) for h in state.hands] == [10] * 4
    assert len(state.unused) == 15 and state.boneyard == ()
    state = accept_all(rs, rs.new_match(0, deals=[BLOCK]))
    state = act(rs, state, "lead 9-9")
    assert refused(rs, state, "draw").startswith("There is no drawing in Cuban")
    assert rs.legal_actions(state) == (PASS,)


def test_c07_acceptances_in_turn_order_from_the_opener() -> None:
    """C-07: each seat accepts privately, in turn order from the opener; then the opener leads."""
    rs = rules(first=3)
    state = rs.new_match(1)
    order = []
    while state.phase == "accept":
        order.append(state.to_move)
        assert rs.legal_actions(state) in ((ACCEPT,), (ACCEPT, REDEAL))
        state = rs.apply(state, ACCEPT)
    assert order == [3, 4, 1, 2]
    assert state.phase == "play" and state.to_move == 3 and state.accepted == 4
    assert [e.action for e in state.log] == [ACCEPT] * 4
    assert all(e.shown == () for e in state.log)


FIVE_DOUBLES = deal(
    "9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0 8-7",
    "8-6 8-5 8-4 8-3 8-2 8-1 8-0 7-6 7-5 7-4",
    "7-3 7-2 7-1 7-0 6-5 6-4 6-3 6-2 6-1 6-0",
    "9-9 8-8 7-7 6-6 5-5 5-4 5-3 5-2 5-1 5-0",
)


def test_c07_redeal_needs_five_doubles_and_keeps_the_opener() -> None:
    """C-07: five or more doubles may force a full redeal; the opener stays; all accept again."""
    rs = rules(first=3)
    second = deal(
        "9-9 9-8 9-7 9-6 9-5 9-4 9-3 9-2 9-1 9-0",
        "8-8 8-7 8-6 8-5 8-4 8-3 8-2 8-1 8-0 7-7",
        "7-6 7-5 7-4 7-3 7-2 7-1 7-0 6-6 6-5 6-4",
        "6-3 6-2 6-1 6-0 5-5 5-4 5-3 5-2 5-1 5-0",
    )
    state = rs.new_match(0, deals=[FIVE_DOUBLES, second])
    assert refused(rs, state, "redeal") == (
        "Only a player holding five or more doubles may ask for a redeal"
    )
    state = rs.apply(state, ACCEPT)
    assert state.to_move == 4 and REDEAL in rs.legal_actions(state)
    state = rs.apply(state, REDEAL)
    assert state.phase == "accept" and state.opener == 3 and state.to_move == 3
    assert state.accepted == 0 and state.round == 1 and state.deal_no == 2
    assert [list(map(str, h)) for h in state.hands] == second["hands"]


def test_c07_a_redeal_consumes_the_next_explicit_deal() -> None:
    """Explicit deals are used one per deal, redeals included; then the seed deals."""
    rs = rules(first=4)
    third = deal("5-0", "9-9", "8-8", "7-7")
    state = rs.new_match(0, deals=[FIVE_DOUBLES, BLOCK, third])
    state = rs.apply(state, REDEAL)  # seat 4 opens and holds the five doubles
    assert state.hands[0] == (tile(9, 9), tile(1, 0))  # BLOCK
    state = act(rs, accept_all(rs, state), "lead 8-7", "pass", "pass", "pass", "pass")
    assert state.results[0].winners == (2, 4)  # seat 4 is left with 2-2 alone
    state = act(rs, state, "opener 2")
    assert state.hands == ((tile(5, 0),), (tile(9, 9),), (tile(8, 8),), (tile(7, 7),))
    state = act(rs, accept_all(rs, state), "lead 9-9", "opener 2")
    tiles = shuffled(SET, 0, "deal", 3)  # the fourth deal of the match comes from the seed
    assert state.hands == tuple(tuple(tiles[i : i + 10]) for i in range(0, 40, 10))
    assert sorted(state.unused) == sorted(tiles[40:])


def test_c08_a_redeal_shows_only_the_doubles() -> None:
    """C-08/C-21: the redeal's log shows the asking seat's doubles and no other tile."""
    rs = rules(first=4)
    state = rs.apply(rs.new_match(0, deals=[FIVE_DOUBLES]), REDEAL)
    (event,) = [e for e in state.log if e.shown]
    assert event == Event(4, REDEAL, shown=tuple(tile(n, n) for n in (5, 6, 7, 8, 9)))
    state = act(rs, accept_all(rs, state), f"lead {state.hands[3][0]}")
    assert state.log[0] == event  # the shown doubles stay in the hand's history
    table = rs.observe(state, 1).table
    assert table.hands is None and table.unused is None  # no hidden tile leaks


# -- play ---------------------------------------------------------------------------


def test_c09_the_opener_leads_any_tile() -> None:
    """C-09: any tile may lead, a double or not."""
    rs = rules(first=1)
    state = accept_all(rs, rs.new_match(0, deals=[deal("6-5 4-4", "9-9", "8-8", "7-7")]))
    assert {str(a) for a in rs.legal_actions(state)} == {"lead 6-5", "lead 4-4"}
    state = act(rs, state, "lead 6-5")
    assert state.line.ends[:2] == (6, 5) and state.to_move == 2


def test_c10_one_line_must_match_if_able() -> None:
    """C-10: two ends only, doubles crossways (no spinner); pass only when stuck."""
    rs = rules(first=1)
    state = rs.new_match(0, deals=[deal("9-0 9-9 1-1", "4-2 9-5", "0-0 3-1", "8-7 6-1")])
    state = act(rs, accept_all(rs, state), "lead 9-0")
    assert refused(rs, state, "play 4-2 E") == "4-2 does not match either end (9 and 0)"
    assert refused(rs, state, "play 9-5 E") == "9-5 does not match the open 0 on the east end"
    one_line = "Cuban is played on the ends of one line: write play 9-5 W or E"
    assert refused(rs, state, "play 9-5 N") == one_line
    assert refused(rs, state, "pass") == "You cannot pass: 9-5 fits the open 9 on the west end"
    assert {str(a) for a in rs.legal_actions(state)} == {"play 9-5 W"}
    state = act(rs, state, "play 9-5 W", "play 0-0 E", "pass")
    assert state.line.ends == (5, 0, None, None)  # the double 0-0 opened no arms
    assert state.log[-1].lacks >= {tile(5, 1), tile(1, 0), tile(5, 5)}  # shown not held
    assert tile(9, 9) not in state.log[-1].lacks


def test_c11_going_out_wins_the_hand_for_the_team() -> None:
    """C-11/C-13: the last tile wins for the team; it scores the two opponents' pips."""
    rs = rules(first=2)
    state = rs.new_match(0, deals=[deal("9-9 5-0", "9-8", "8-8 4-4", "7-7 2-1")])
    state = act(rs, accept_all(rs, state), "lead 9-8")
    result = state.results[0]
    assert result.how == "out" and result.winners == (2, 4)
    assert result.gained == (0, 47, 0, 47)  # seats 1 and 3: 18 + 5 + 16 + 8; never 7-7 + 2-1
    assert state.scores == (0, 47, 0, 47)


def test_c11_four_passes_in_a_row_block_the_hand() -> None:
    """C-11: four consecutive passes end the hand."""
    rs = rules(first=1)
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[BLOCK])), "lead 9-9")
    for seat in (2, 3, 4):
        assert state.to_move == seat and state.round == 1
        state = rs.apply(state, PASS)
    assert state.round == 1 and state.passes == 3
    state = rs.apply(state, PASS)
    assert state.round == 2 and state.results[0].how == "blocked"


def test_c12_blocked_hand_goes_to_the_lowest_individual_count() -> None:
    """C-12/C-13: the lowest single hand wins, even when its team's total is higher."""
    rs = rules(first=1)
    hands = deal("9-9 1-0", "5-0 3-0", "8-7 8-6 6-5", "6-0 4-0")  # seat 1: 1; team A: 1 + 40
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[hands])), "lead 9-9")
    state = act(rs, state, "pass", "pass", "pass", "pass")
    result = state.results[0]
    assert result.winners == (1, 3)
    assert result.gained == (18, 0, 18, 0)  # the opponents' 8 + 10, not the unused tiles
    assert state.to_move == 1 and state.phase == "choose"


def test_c12_tie_across_teams_scores_nothing_partners_tie_wins() -> None:
    """C-12: lowest tied across teams: nobody scores; tied partners: their team wins."""
    rs = rules(first=1)
    across = deal("9-9 3-0", "2-1", "8-7 6-5", "5-4 4-3")
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[across])), "lead 9-9")
    state = act(rs, state, "pass", "pass", "pass", "pass")
    assert state.results[0].winners == () and state.scores == (0, 0, 0, 0)
    assert state.to_move == 2  # team A opened the tied hand, so team B chooses (C-05)
    partners = deal("9-9 3-0", "5-4", "2-1", "8-7 6-5")
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[partners])), "lead 9-9")
    state = act(rs, state, "pass", "pass", "pass", "pass")
    assert state.results[0].winners == (1, 3)
    assert state.scores == (35, 0, 35, 0)  # seats 2 and 4: 9 + 26


def test_c14_a_team_at_100_wins_the_match() -> None:
    """C-14: team scores; 100 or more at the end of a hand wins (C-15: a Tripollúa here)."""
    rs = rules(first=1)
    assert rs.options["target"] == 100
    big = deal("0-0", "9-9 9-8 9-7 9-6", "1-0", "8-8 8-7 8-6 7-7")  # 66 + 59 = 125
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[big])), "lead 0-0")
    assert state.over and state.winner == (1, 3) and state.to_move is None
    assert state.scores == (125, 0, 125, 0)
    assert rs.legal_actions(state) == ()
    assert refused(rs, state, "pass") == "The match is over"


def test_c15_pollona_and_tripollua_are_names_without_bonus() -> None:
    """C-15: names on the final state; no bonus is added."""
    rs = rules(first=1)
    big = deal("0-0", "9-9 9-8 9-7 9-6", "1-0", "8-8 8-7 8-6 7-7")
    tripollua = act(rs, accept_all(rs, rs.new_match(0, deals=[big])), "lead 0-0")
    assert tripollua.win_name == "Tripollúa" and tripollua.scores[0] == 125

    small = deal("0-0", "9-9 1-0", "2-0", "9-8 3-0")  # team A +39, B stays on zero
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[small, big])), "lead 0-0")
    assert state.win_name is None and state.scores == (39, 0, 39, 0)
    state = act(rs, accept_all(rs, act(rs, state, "opener 1")), "lead 0-0")
    assert state.win_name == "Pollona" and state.scores == (164, 0, 164, 0)

    lost_one = deal("9-9 1-0", "9-0", "2-0", "3-0")  # team B goes out first: 1 + 2
    hundred = deal("9-9 9-8 9-7 9-6", "1-0 2-2", "0-0", "8-8 8-7 8-6 7-7 7-6 7-5 6-6")
    state = rs.new_match(0, deals=[lost_one, hundred])
    state = act(rs, accept_all(rs, state), "lead 9-9", "play 9-0 E")
    assert state.scores == (0, 3, 0, 3)
    state = act(rs, accept_all(rs, act(rs, state, "opener 2")), "lead 1-0", "play 0-0 E")
    assert state.winner == (1, 3) and state.scores == (100, 3, 100, 3)
    assert state.win_name is None  # zero to 100 in one hand, but the opponents scored


# -- table conventions the rules carry ---------------------------------------------


def test_c16_the_seed_reproduces_every_draw_and_deal() -> None:
    """C-16: the same seed and actions give the same match; another seed another draw."""
    rs = rules()

    def run(seed: int) -> CubanState:
        state, step = rs.new_match(seed), 0
        while not state.over:
            legal = sorted(rs.legal_actions(state), key=str)
            state = rs.apply(state, legal[step % len(legal)])
            step += 1
        return state

    assert run(11) == run(11)
    logs = {rs.new_match(seed).log for seed in range(10)}
    assert len(logs) > 1


def test_c20_restart_keeps_the_deal_the_opener_and_the_scores() -> None:
    """C-20: restart returns to the hand's start (deal on the table, opener chosen)."""
    rs = rules()
    seed = seed_where(lambda s: s.to_move == 1, rs)
    match = Match(rs, seed=seed)
    match.play("opener 3")
    start = match.state
    assert start.hand_start
    while match.state.round == 1:
        match.play(sorted(match.legal(), key=str)[0])
    scores = match.state.scores
    match.play(f"opener {match.state.mover + 2}")
    dealt = match.state
    assert isinstance(dealt, CubanState)
    for _ in range(7):
        match.play(sorted(match.legal(), key=str)[0])
    match.restart_round()
    assert match.state == dealt and match.state.scores == scores and dealt.hand_start
    restarted = match.state
    assert isinstance(restarted, CubanState) and restarted.opener == dealt.opener
    # the deal does not depend on the choice: the start state determines it
    other = rs.apply(rs.new_match(seed), parse_action(start, "opener 1"))
    assert other.hands == start.hands and other.opener == 1
    match.new_match(seed + 1)
    fresh = match.state
    assert isinstance(fresh, CubanState)
    assert fresh.scores == (0, 0, 0, 0) and fresh.phase == "choose"
    assert match.state.log != rs.new_match(seed).log


def test_c21_hands_stay_hidden_until_the_hand_ends() -> None:
    """C-21: a seat sees only its own hand; every hand shows in the hand's result."""
    rs = rules(first=1)
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[BLOCK])), "lead 9-9")
    seen = rs.observe(state, 2)
    assert seen.hand == state.hands[1] and seen.table.hands is None
    assert seen.table.phase == "play" and seen.table.opener == 1
    done = act(rs, state, "pass", "pass", "pass", "pass")
    assert done.results[0].hands == state.hands


def test_wrong_phase_refusals_say_what_comes_first() -> None:
    """Refusals of actions of another phase (C-04, C-07, C-09)."""
    rs = rules()
    seed = seed_where(lambda s: s.to_move == 1, rs)
    choosing = rs.new_match(seed)
    assert (
        refused(rs, choosing, "accept") == "Nothing is dealt yet: team A chooses the opener first"
    )
    accepting = act(rs, choosing, "opener 1")
    assert refused(rs, accepting, "lead 6-5") == (
        "Seat 1 must accept their hand or ask for a redeal first"
    )
    assert refused(rs, accepting, "opener 3") == "The opener of this hand has been chosen already"
    playing = accept_all(rs, accepting)
    assert refused(rs, playing, "accept") == "Every hand has been accepted already: play on"
    assert refused(rs, playing, "end") == "'end' is not a move in Cuban"


def test_explicit_deals_are_checked() -> None:
    """Explicit deals have no boneyard (C-06) and no empty hand."""
    rs = rules(first=1)
    bad = deal("9-9", "8-8", "7-7", "6-6")
    bad["boneyard"], bad["unused"] = bad["unused"][:3], bad["unused"][3:]
    with pytest.raises(ConfigError, match="no boneyard"):
        rs.new_match(0, deals=[bad])
    with pytest.raises(ConfigError, match="at least one tile"):
        rs.new_match(0, deals=[deal("9-9", "8-8", "7-7", "")])


# -- corners found while auditing the rules against the card -----------------------------


@pytest.mark.parametrize(
    "text", ["play 9-4 train 3", "play 9-4 branch 1", "play 4-9 train mexican"]
)
def test_c10_train_and_branch_plays_say_cuban_is_one_line(text: str) -> None:
    """C-10: one line, no branches: the train/branch notation is refused in the player's words,
    before the lead as after it, as text or as an action."""
    rs = rules(first=1)
    state = accept_all(rs, rs.new_match(0, deals=[deal("9-0 9-9", "9-4 4-4", "0-0", "8-7")]))
    expected = "Cuban is played on the ends of one line: write play 9-4 W or E"
    for position in (state, act(rs, state, "lead 9-0")):
        with pytest.raises(IllegalAction) as error:
            parse_action(position, text)
        assert str(error.value) == expected
    led = act(rs, state, "lead 9-0")
    assert refused(rs, led, "play 9-4 S") == expected
    with pytest.raises(IllegalAction, match=expected):
        rs.apply(led, Action(Kind.PLAY, tile(9, 4), "train 3"))


def test_c10_a_pass_lacks_exactly_the_tiles_that_would_fit() -> None:
    """C-10: a pass shows the seat holds no tile with an open number: every such tile, and
    nothing else (never a tile it may still hold)."""
    rs = rules(first=1)
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[BLOCK])), "lead 9-9", "pass")
    (event,) = state.log[-1:]
    assert event.seat == 2 and event.action == PASS
    assert event.lacks == frozenset(t for t in SET if 9 in t)
    assert not event.lacks & set(state.hands[1])


def test_c12_three_seats_tied_lowest_across_teams_is_a_tie() -> None:
    """C-12 / C-05: seats 1, 2 and 3 all keep 4 pips: both teams share the lowest, so the hand
    is a tie although team A has two of the three; nobody scores, team B chooses next."""
    rs = rules(first=1)
    hands = deal("9-9 4-0", "3-1", "2-2", "8-7")
    state = act(rs, accept_all(rs, rs.new_match(0, deals=[hands])), "lead 9-9")
    state = act(rs, state, "pass", "pass", "pass", "pass")
    result = state.results[0]
    assert (result.how, result.winners, result.gained) == ("blocked", (), (0, 0, 0, 0))
    assert state.phase == "choose" and state.to_move == 2


def test_c07_c08_a_redeal_shows_every_double_and_nothing_else() -> None:
    """C-07 / C-08: six doubles: all six are shown, in the log only; four are not enough."""
    rs = rules(first=1)
    six = deal(
        "9-9 8-8 7-7 6-6 5-5 4-4 9-0 8-0 7-0 6-0",
        "3-3 2-2 1-1 0-0 9-8 9-7 9-6 9-5 9-4 9-3",
        "8-7 8-6 8-5 8-4 8-3 8-2 8-1 7-6 7-5 7-4",
        "7-3 7-2 7-1 6-5 6-4 6-3 6-2 6-1 5-4 5-3",
    )
    state = rs.new_match(0, deals=[six])
    assert set(rs.legal_actions(state)) == {ACCEPT, REDEAL}
    accepted = rs.apply(state, ACCEPT)
    assert rs.legal_actions(accepted) == (ACCEPT,)  # seat 2 holds four doubles
    assert refused(rs, accepted, "redeal") == (
        "Only a player holding five or more doubles may ask for a redeal"
    )
    redealt = rs.apply(state, REDEAL)
    shown = [t for e in redealt.log for t in e.shown]
    assert sorted(shown) == sorted(tile(n, n) for n in (4, 5, 6, 7, 8, 9))
    assert redealt.log[-1].lacks == frozenset()


def test_c03_c07_c21_observations_before_play_leak_no_hand() -> None:
    """C-03 / C-07 / C-21: the representatives' tiles are public to every seat; while hands
    are accepted each seat sees its own hand only, and only the seat to act sees its choices."""
    rs = rules()
    seed = seed_where(lambda s: len(s.log) > 2, rs)  # a draw that had to be repeated
    choosing = rs.new_match(seed)
    drawn = [e.shown for e in choosing.log]
    for seat in (1, 2, 3, 4):
        seen = rs.observe(choosing, seat)
        assert [e.shown for e in seen.log] == drawn and seen.hand == ()
        assert seen.table.unused is None and seen.unused == 55
    accepting = act(rs, choosing, f"opener {choosing.to_move}")
    for seat in (1, 2, 3, 4):
        seen = rs.observe(accepting, seat)
        assert seen.hand == accepting.hands[seat - 1] and seen.table.hands is None
        assert seen.legal == (rs.legal_actions(accepting) if seat == accepting.to_move else ())
        assert seen.hand_sizes == (10, 10, 10, 10)


def test_c22_no_clock_no_bets_and_no_penalty_for_a_redeal() -> None:
    """C-22: every offered action is a move of the game (no timer, no bet), and a redeal
    — the only mixing a player causes — never changes a score."""
    rs = rules()
    state = rs.new_match(5)
    game_moves = {"opener", "accept", "redeal", "lead", "play", "pass"}
    for step in range(400):
        if state.over:
            break
        legal = rs.legal_actions(state)
        assert {a.kind for a in legal} <= game_moves
        action = next((a for a in legal if a.kind == "redeal"), legal[step % len(legal)])
        before = state.scores
        state = rs.apply(state, action)
        if action.kind == "redeal":
            assert state.scores == before
    assert not any("clock" in name or "time" in name for name in type(state)._fields)


def test_a_computer_always_demands_the_redeal_c08() -> None:
    """The rule set says which move the rules fix for a computer: Cuban's redeal, when legal."""
    cuban = create("cuban", 4)
    assert cuban.computer_move((ACCEPT, REDEAL)) == REDEAL
    assert cuban.computer_move((ACCEPT,)) is None
    assert create("longana", 4).computer_move((ACCEPT, REDEAL)) is None
