"""Reading the other seats' choices (game.ai.reading): worlds that explain them weigh more.

Block for two (F-20 … F-23: match an end or pass, nobody draws): seat 1 leads
6-4, seat 2 answers 4-1 on the east end. Seat 2 is read from that choice only.
"""

from __future__ import annotations

import pytest

from game.ai import families
from game.ai.kernel import tables
from game.ai.reading import Reading, on_line
from game.match import Match
from game.rules import create
from game.rules.tiles import parse_tile, tile_set

MINE = ["6-4", "6-1", "0-0", "2-2", "3-3", "5-5", "3-2"]
THEIRS = ["4-1", "1-1", "5-0", "3-0", "2-0", "4-4", "6-6"]


def _reading() -> tuple[Reading, object]:
    dealt = set(MINE + THEIRS)
    unused = [str(t) for t in tile_set(6) if str(t) not in dealt]
    deal = {"hands": [MINE, THEIRS], "boneyard": [], "unused": unused}
    match = Match.create("block", 2, seats=["human", "human"], seed=5, deals=[deal], first=1)
    match.play("lead 6-4")
    match.play("play 4-1 E")
    observation = match.ruleset.observe(match.state, 1)
    t = tables(match.ruleset.tiles)
    return Reading(observation, t, on_line), t


def _mask(t, hand: list[str]) -> int:
    return t.mask(tuple(parse_tile(x) for x in hand))


def test_f22_a_light_tile_played_over_doubles_makes_worlds_with_those_doubles_unlikely() -> None:
    """F-22: seat 2 chose 4-1 at ends 6 and 4; holding 4-4 and 6-6 then makes that a poor choice."""
    reading, t = _reading()
    mine = _mask(t, MINE[1:])
    with_doubles = _mask(t, THEIRS[1:])  # what seat 2 really holds: 4-4 and 6-6 passed over
    nothing_else = _mask(t, ["1-1", "5-0", "3-0", "2-0", "1-0", "5-1"])  # 4-1 was its only play
    heavy_instead = _mask(t, ["1-1", "5-0", "3-0", "2-0", "1-0", "4-0"])  # a lighter 4 left over
    w_doubles = reading.weight([mine, with_doubles])
    w_forced = reading.weight([mine, nothing_else])
    w_lighter = reading.weight([mine, heavy_instead])
    assert w_forced == 1.0  # one tile it could play: nothing to read
    assert 0 < w_doubles < w_lighter < w_forced


def test_f22_own_choices_are_never_read_and_leads_are_not_either() -> None:
    """The observer's own plays and every lead say nothing about a hidden hand."""
    reading, _ = _reading()
    assert [c[0] for c in reading.choices] == [1]  # one choice, by seat 2 (index 1)

    def readable(name: str, players: int) -> bool:
        return families.parts(create(name, players=players)).walk is not None

    assert readable("block", 4) and readable("cuban", 4) and readable("longana", 4)
    assert not readable("all_fives", 2)  # points, a spinner: not modelled
    assert not readable("mexican_train", 4)


def test_f22_the_player_model_favours_doubles_heavy_tiles_and_strong_numbers() -> None:
    """The softmax the reading and the hard playouts share: a fair pick, tilted by the score."""
    from game.ai import model

    assert model.pick([1.0, 1.0], 0.49) == 0 and model.pick([1.0, 1.0], 0.51) == 1
    assert model.score(12, 0, True) > model.score(12, 0, False) > model.score(3, 0, False)
    assert model.score(5, 3, False) > model.score(5, 0, False)
    counts = [0, 0]
    for k in range(1000):
        counts[model.pick([model.weight(12, 2, True), model.weight(1, 0, False)], k / 1000)] += 1
    assert counts[0] > 950  # the heavy double with companions, nearly always


def test_f23_in_draw_a_choice_before_the_seat_drew_again_is_not_read() -> None:
    """F-23 (Draw: draw until you can play): once a seat has drawn, its older hands are unknown."""
    import random

    rules = create("draw", players=3)
    checked = 0
    for seed in range(30):
        state = rules.new_match(seed)
        pick = random.Random(seed)
        while state.winner is None and not state.results and checked < 400:
            observation = rules.observe(state, 1)
            reading = Reading(observation, tables(rules.tiles), on_line)
            for seat in (2, 3):
                events = [e for e in observation.log if e.seat == seat and e.action is not None]
                draws = [k for k, e in enumerate(events) if e.drew or e.action.kind == "draw"]
                after = events[draws[-1] + 1 :] if draws else events
                plays = [e for e in after if e.action.kind == "play"]
                read = [c for c in reading.choices if c[0] == seat - 1]
                assert len(read) == len(plays)  # exactly the plays since its last draw
                checked += 1
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
    assert checked >= 200


@pytest.mark.parametrize(
    ("name", "players"),
    [("block", 4), ("draw", 3), ("cuban", 4), ("longana", 2), ("longana", 3), ("longana", 4)],
)
def test_l10_l11_every_choice_read_is_the_choice_the_rules_offered(name: str, players: int) -> None:
    """L-10, L-11 (Longana: own branch, open branches, doubles anywhere; a pass opens, a play
    closes), F-20 (a line's two ends): for every choice read, the tiles the reading says could
    be played — from the hand it rebuilds — are exactly the tiles the rules engine offered."""
    import random

    rules = create(name, players=players)
    t = tables(rules.tiles)
    walk = families.parts(rules).walk
    assert walk is not None
    checked = 0
    for seed in range(12):
        state = rules.new_match(seed)
        pick = random.Random(seed)
        offered: dict[int, tuple[int, int]] = {}  # tile played -> (hand mask then, tiles offered)
        while state.winner is None and not state.results:
            legal = rules.legal_actions(state)
            action = pick.choice(legal)
            if action.kind == "play":
                seat = state.mover
                tiles = t.mask(tuple({a.tile for a in legal if a.kind == "play" and a.tile}))
                assert action.tile is not None
                offered[t.index[action.tile]] = (t.mask(state.hands[seat - 1]), tiles)
            state = rules.apply(state, action)
            if state.results or state.to_move is None:
                break
            observation = rules.observe(state, 1)
            reading = Reading(observation, t, walk)
            now = [t.mask(h) for h in state.hands]
            for seat, playable, chosen, played in reading.choices:
                hand, tiles = offered[chosen]
                assert now[seat] | played == hand  # the hand then, rebuilt
                assert hand & playable == tiles, (name, seed, rules.tiles[chosen])
                checked += 1
    assert checked >= 100
