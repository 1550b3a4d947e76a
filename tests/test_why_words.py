"""The words of "why that move?" (game/ui/words/why.py), from plain values."""

from __future__ import annotations

from typing import NamedTuple

from game.ai.hints import Why
from game.i18n import set_language
from game.rules import Action, Kind, Tile
from game.ui.widgets.text import drawn
from game.ui.words import why
from game.ui.words.names import gain
from game.ui.words.narrate import scored_text
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


def test_a_computers_move_without_a_tile_is_told_as_what_the_seat_did() -> None:
    """The move's own words are the player's command ("End your turn"): after a seat's name
    they read as said to it, so a computer's is told as its announcement tells it."""
    cases = {
        Action(Kind.END): "Seat 6 ends their first turn",
        Action(Kind.PASS): "Seat 6 passes",
        Action(Kind.DRAW): "Seat 6 draws a tile",
        Action(Kind.REDEAL): "Seat 6 asks for a new deal",
        Action(Kind.ACCEPT): "Seat 6 keeps their hand",
        Action(Kind.OPENER, where="4"): "Seat 6 chooses Seat 4 to open",
        Action(Kind.OPENER, where="6"): "Seat 6 chooses to open",
    }
    for action, heading in cases.items():
        assert why.heading(action, 6, 1, mine=False) == heading
    assert why.heading(Action(Kind.END), 1, 1, mine=True) == "Hint: End your turn"


def test_a_signed_number_is_marked_left_to_right_on_a_right_to_left_screen_only() -> None:
    """CLDR's Arabic signs: a left-to-right mark, then the sign; no mark left to right."""
    assert (gain(-1.25, 1), gain(0.6, 1), gain(15), gain(-3), gain(12.5)) == (
        "-1.2",
        "+0.6",
        "+15",
        "-3",
        "+12.5",
    )
    set_language("ar")
    try:
        assert gain(-1.3, 1) == "\u200e-1.3" and gain(15) == "\u200e+15"
        said = _Said(
            EAST,
            _Reason("keeps_only", {"number": 1}),
            (_Weighed(EAST, 0.42, 417, -1.3), _Weighed(WEST, 0.4, 417, 4.6)),
            834,
            "search",
        )
        lines = why.lines(said, 2, 1, mine=False)
        assert "\u200e-1.3" in lines[3] and "\u200e+4.6" in lines[4]
        for line, number in ((lines[3], "-1.3"), (lines[4], "+4.6")):
            shown = drawn(line)
            assert "\u200e" not in shown  # the mark is never drawn (no box where it stood)
            assert f" {number} " in shown  # its sign on its left, its digits in order
        # a sign at a line's end, or before Arabic words, stays on the number's left
        assert drawn(f"المتوسط {gain(-1.3, 1)}").startswith("-1.3 ")
        assert drawn(f"{gain(-1.3, 1)} في المتوسط").endswith(" -1.3")
        assert drawn(scored_text(15)) == "+15"
    finally:
        set_language("en")
