"""Reading the other seats' choices (game.ai.reading): worlds that explain them weigh more.

Block for two (F-20 … F-23: match an end or pass, nobody draws): seat 1 leads
6-4, seat 2 answers 4-1 on the east end. Seat 2 is read from that choice only.
"""

from __future__ import annotations

from game.ai.kernel import tables
from game.ai.reading import Reading, readable
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
    return Reading(observation, t), t


def _mask(t, hand: list[str]) -> int:  # type: ignore[no-untyped-def]
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
    assert readable(create("block", players=4)) and readable(create("cuban", players=4))
    assert not readable(create("draw", players=2))  # a drawn tile breaks the hand's history
