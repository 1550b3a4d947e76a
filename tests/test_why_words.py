"""The words of "why that move?" (game/ui/words/why.py), from plain values."""

from __future__ import annotations

from typing import NamedTuple

from game.ai.hints import Why
from game.rules import Action, Kind, Tile
from game.ui.words import why
from game.ui.words.wording import REASONS


class _Reason(NamedTuple):
    code: str
    params: dict[str, int | float | str]


class _Weighed(NamedTuple):
    action: Action
    ahead: float
    deals: int
    mean: float


class _Said(NamedTuple):
    action: Action
    reason: _Reason
    weighed: tuple[_Weighed, ...]
    playouts: int
    how: str


EAST = Action(Kind.PLAY, Tile(6, 2), "E")
WEST = Action(Kind.PLAY, Tile(5, 1), "W")


def test_every_reason_has_its_seats_wording_beside_the_hints() -> None:
    assert set(why.THEIRS) | {"sheds"} == {w.value for w in Why}
    assert set(why.THEIRS) == set(REASONS)


def test_a_computers_move_is_told_of_its_seat_and_a_hint_of_the_players_hand() -> None:
    said = _Said(
        EAST,
        _Reason("keeps_only", {"number": 1}),
        (_Weighed(EAST, 0.526, 1500, 0.61), _Weighed(WEST, 0.529, 1500, 0.48)),
        3000,
        "search",
    )
    theirs = why.lines(said, 2, 1, mine=False)
    assert theirs[0] == "Seat 2: 6-2 on the east end"
    assert theirs[1] == "Why: keeps its only 1."
    assert theirs[3] == "✓ 6-2 on the east end: ahead in 53% of 1500 deals, +0.6 on average"
    assert theirs[4].strip() == "5-1 on the west end: ahead in 53% of 1500 deals, +0.5 on average"
    assert "its own hand" in theirs[-1]
    mine = why.lines(said, 1, 1, mine=True)
    assert mine[:2] == ["Hint: 6-2 on the east end", "Why: keeps your only 1."]
    assert "your hand" in mine[-1]


def test_a_move_not_searched_says_how_it_was_made() -> None:
    only = _Said(EAST, _Reason("only", {}), (), 0, "only")
    assert why.lines(only, 3, 1, mine=False)[-1] == "There was no other move."
    easy = _Said(EAST, _Reason("sheds", {"pips": 8}), (), 0, "heuristic")
    words = why.lines(easy, 3, 1, mine=False)
    assert words[1] == "Why: sheds 8 pips." and "rule of thumb" in words[-1]
