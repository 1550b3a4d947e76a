"""The rules core: tiles (high first) and the action notation of docs/DESIGN.md.

``parse_action`` must invert ``str(action)`` for every form of the table, and
every malformed line must fail with one sentence saying what is wrong.
"""

from __future__ import annotations

import pytest

from game.rules import (
    Action,
    IllegalAction,
    Kind,
    NotationError,
    Tile,
    create,
    parse_action,
    parse_tile,
    tile,
    tile_set,
)
from game.rules.actions import ACCEPT, DRAW, END, ENDS, PASS, REDEAL, parse_text
from game.rules.tiles import pip_total, tiles_with

# -- tiles ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "text"), [(3, 5, "5-3"), (5, 3, "5-3"), (0, 0, "0-0"), (0, 12, "12-0")]
)
def test_tiles_are_high_first_whatever_the_order_given(a: int, b: int, text: str) -> None:
    t = tile(a, b)
    assert t.high >= t.low and str(t) == text
    assert parse_tile(f"{a}-{b}") == t


def test_tile_helpers() -> None:
    t = Tile(6, 2)
    assert (t.pips, t.is_double, t.has(2), t.has(3)) == (8, False, True, False)
    assert (t.other(6), t.other(2)) == (2, 6)
    assert Tile(4, 4).is_double and pip_total([Tile(6, 2), Tile(0, 0), Tile(1, 0)]) == 9


@pytest.mark.parametrize(("double", "size"), [(6, 28), (9, 55), (12, 91)])
def test_tile_sets_hold_each_tile_once_from_0_0_to_the_top_double(double: int, size: int) -> None:
    tiles = tile_set(double)
    assert len(tiles) == len(set(tiles)) == size
    assert tiles[0] == Tile(0, 0) and tiles[-1] == Tile(double, double)
    assert all(t.high >= t.low for t in tiles)
    assert len(tiles_with(double, 0)) == double + 1
    assert all(t.has(3) for t in tiles_with(double, 3))


@pytest.mark.parametrize(
    ("text", "double", "message"),
    [
        ("6/5", 12, "'6/5' is not a tile; write tiles like 6-5"),
        ("6-5-4", 12, "'6-5-4' is not a tile; write tiles like 6-5"),
        ("-1-5", 12, "'-1-5' is not a tile; write tiles like 6-5"),
        ("7-0", 6, "7-0 is not in a double-6 set"),
        ("13-13", 12, "13-13 is not in a double-12 set"),
    ],
)
def test_parse_tile_refuses_what_is_not_a_tile_of_the_set(
    text: str, double: int, message: str
) -> None:
    with pytest.raises(ValueError) as caught:
        parse_tile(text, double)
    assert str(caught.value) == message


# -- the action notation -------------------------------------------------------------

FORMS = [
    ("lead 6-5", Action(Kind.LEAD, Tile(6, 5))),
    ("play 6-5 W", Action(Kind.PLAY, Tile(6, 5), "W")),
    ("play 6-5 E", Action(Kind.PLAY, Tile(6, 5), "E")),
    ("play 6-5 N", Action(Kind.PLAY, Tile(6, 5), "N")),
    ("play 6-5 S", Action(Kind.PLAY, Tile(6, 5), "S")),
    ("play 9-4 train 3", Action(Kind.PLAY, Tile(9, 4), "train 3")),
    ("play 9-4 train mexican", Action(Kind.PLAY, Tile(9, 4), "train mexican")),
    ("play 7-2 branch 2", Action(Kind.PLAY, Tile(7, 2), "branch 2")),
    ("open 9-9", Action(Kind.OPEN, Tile(9, 9))),
    ("engine 12-12", Action(Kind.ENGINE, Tile(12, 12))),
    ("draw", DRAW),
    ("pass", PASS),
    ("end", END),
    ("redeal", REDEAL),
    ("accept", ACCEPT),
    ("opener 3", Action(Kind.OPENER, None, "3")),
]


@pytest.mark.parametrize(("text", "action"), FORMS, ids=[text for text, _ in FORMS])
def test_every_action_form_round_trips(text: str, action: Action) -> None:
    """docs/DESIGN.md's table: ``str`` writes each form, ``parse_action`` reads it back."""
    assert str(action) == text
    assert parse_text(text) == action
    assert parse_action(None, text) == action
    assert parse_action(None, f"  {text.replace(' ', '   ')} ") == action


def test_bare_words_read_as_the_shared_constants() -> None:
    assert [parse_text(w) for w in ("draw", "pass", "end", "redeal", "accept")] == [
        DRAW,
        PASS,
        END,
        REDEAL,
        ACCEPT,
    ]


def test_every_tile_on_every_end_round_trips() -> None:
    for t in tile_set(12):
        for action in (Action(Kind.LEAD, t), *(Action(Kind.PLAY, t, end) for end in ENDS)):
            assert parse_text(str(action)) == action


def test_str_writes_a_tile_high_first_even_when_built_low_first() -> None:
    """High-first rule: a tile made with ``tile(2, 6)`` is written 6-2."""
    assert str(Action(Kind.LEAD, tile(2, 6))) == "lead 6-2"
    assert str(Action(Kind.PLAY, tile(0, 12), "train mexican")) == "play 12-0 train mexican"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "An empty line is not an action"),
        ("   ", "An empty line is not an action"),
        ("play 5-6 E", "In 'play 5-6 E': write the tile high end first, as 6-5"),
        ("lead 0-12", "In 'lead 0-12': write the tile high end first, as 12-0"),
        ("open 9-09", "In 'open 9-09': write the tile high end first, as 9-9"),
        ("play 6-5", "'play 6-5' is not an action; write it like 'play 6-5 E' or 'pass'"),
        ("play 6-5 X", "'play 6-5 X' is not an action; write it like 'play 6-5 E' or 'pass'"),
        ("play 6-5 e", "'play 6-5 e' is not an action; write it like 'play 6-5 E' or 'pass'"),
        ("fly 6-5", "'fly 6-5' is not an action; write it like 'play 6-5 E' or 'pass'"),
        ("pass now", "'pass now' is not an action; write it like 'play 6-5 E' or 'pass'"),
        ("lead", "'lead' is not an action; write it like 'play 6-5 E' or 'pass'"),
        ("lead 13-0", "In 'lead 13-0': 13-0 is not in a double-12 set"),
        ("lead six-five", "In 'lead six-five': 'six-five' is not a tile; write tiles like 6-5"),
        ("opener 0", "In 'opener 0': there is no seat 0 at a 10-seat table"),
        ("opener 11", "In 'opener 11': there is no seat 11 at a 10-seat table"),
        ("opener 03", "In 'opener 03': '03' is not a seat number"),
        ("opener one", "In 'opener one': 'one' is not a seat number"),
        ("play 9-4 train x", "In 'play 9-4 train x': 'x' is not a seat number"),
        ("play 9-4 branch 0", "In 'play 9-4 branch 0': there is no seat 0 at a 10-seat table"),
    ],
)
def test_notation_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(NotationError) as caught:
        parse_action(None, text)
    assert str(caught.value) == message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("lead 7-0", "In 'lead 7-0': 7-0 is not in a double-6 set"),
        ("opener 3", "In 'opener 3': there is no seat 3 at a 2-seat table"),
        # A line game refuses the train/branch form itself, before its seat (F-20).
        ("play 6-5 branch 4", "Block is played on the ends of one line: write play 6-5 W or E"),
    ],
)
def test_a_states_rules_check_the_tile_set_and_the_seats(text: str, message: str) -> None:
    """Parsing against a state uses its set (double-six) and its table (two seats)."""
    rs = create("block", players=2)
    state = rs.new_match(1)
    with pytest.raises(NotationError) as caught:
        parse_action(state, text)
    assert str(caught.value) == message
    assert parse_action(state, "lead 6-0") == Action(Kind.LEAD, Tile(6, 0))


def test_a_notation_error_is_a_refusal() -> None:
    """Callers catching ``IllegalAction`` also catch bad text."""
    assert issubclass(NotationError, IllegalAction)
