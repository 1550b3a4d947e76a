"""Bad input never crashes, never sticks, never leaks (issue 19 items 3, 5 and 7).

Refusals quote at most a short piece of any value, on one line; ``apply`` takes
only what the notation can write; an explicit deal is checked by one rule for
every rule set, so no match starts in which a seat can never move.
"""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from game.match import Match, check_seat
from game.record import FORMAT, RecordError, from_record, to_record
from game.rules import Action, IllegalAction, Kind, create, names
from game.rules.errors import ConfigError, quote
from game.rules.tiles import Tile, parse_tile
from tests.support.conformance import odd_deal

PLAYERS = {"cuban": 4}


def _one_line(message: str, longest: int = 200) -> None:
    assert "\n" not in message and "\r" not in message and 0 < len(message) <= longest, message


# -- item 5: a refusal quotes at most ~60 characters of a value, on one line ------------


@pytest.mark.parametrize(
    ("value", "shown"),
    [
        ("pass", "'pass'"),
        ("pass\n", "'pass\\n'"),
        ("a\rb\tc\x00\u2028", "'a\\rb\\tc\\x00\\u2028'"),
        ("x" * 3_000_000, "'" + "x" * 57 + "…'"),
        (7, "7"),
        (10**5000, "a whole number of about 5000 digits"),
        ([[[[[[1]]]]]], "[[[[...]]]]"),
    ],
    ids=["text", "newline", "control", "huge text", "number", "huge number", "nested"],
)
def test_quote_is_short_and_on_one_line(value: Any, shown: str) -> None:
    assert quote(value) == shown
    assert len(quote(value)) <= 60


def _record(**change: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": FORMAT,
        "rules": "block",
        "players": 2,
        "options": {"first": 1},
        "seed": 1,
        "seats": ["human", "human"],
        "actions": [],
    }
    record.update(change)
    return record


HUGE = "x" * 3_000_000


@pytest.mark.parametrize(
    "change",
    [
        {"actions": [HUGE]},
        {"actions": ["lead " + HUGE]},
        {"actions": ["pass\n"]},  # pass is not allowed before the lead
        {"actions": [[HUGE]]},
        {"seats": [HUGE, "human"]},
        {"rules": HUGE},
        {"options": {HUGE: 1}},
        {"options": {"hand_size": HUGE}},
        {"deals": [{"hands": [[HUGE], ["6-6"]]}]},
        {"deals": [{"hands": [["6-" + "6" * 5000], ["6-6"]]}]},
        {"actions": ["opener " + "9" * 5000]},
        {"players": -(10**300), "options": {"first": 1}},  # found by the file fuzzer
        {"options": {"players": 3}},
    ],
    ids=lambda change: next(iter(change)),
)
def test_a_record_with_a_huge_value_is_refused_in_one_short_line(change: dict) -> None:
    """Before, the refusal quoted the whole value: 52 MB "one line", or two lines."""
    with pytest.raises(RecordError) as caught:
        from_record(_record(**change))
    _one_line(str(caught.value))


def test_seats_tiles_and_actions_quote_short() -> None:
    with pytest.raises(ConfigError) as caught:
        check_seat(HUGE)
    _one_line(str(caught.value), 120)
    with pytest.raises(ValueError) as bad_tile:
        parse_tile("6-" + "٣" * 2)  # digits, but not ASCII ones
    _one_line(str(bad_tile.value), 120)


# -- item 7: apply() takes only an Action the notation can write -------------------------


def _start(rules: str) -> tuple[Any, Any]:
    ruleset = create(rules, players=PLAYERS.get(rules, 2))
    state = ruleset.new_match(3)
    while ruleset.legal_actions(state)[0].kind in ("accept", "redeal", "opener", "draw"):
        state = ruleset.apply(state, ruleset.legal_actions(state)[0])  # to the first play
    return ruleset, state


@pytest.mark.parametrize("rules", names())
def test_apply_refuses_an_action_the_notation_cannot_write(rules: str) -> None:
    """Before, ``Action('lead', t, 'W')`` was applied and its record no longer parsed."""
    ruleset, state = _start(rules)
    legal = ruleset.legal_actions(state)
    offered = next(a for a in legal if a.tile is not None)
    t = offered.tile
    malformed = [
        Action(offered.kind, t, "W" if offered.where != "W" else "E"),
        Action(offered.kind, t, (offered.where or "") + " 1"),
        Action(Kind.DRAW, t),
        Action(Kind.PASS, t),
        Action(offered.kind, (t.high, t.low), offered.where),  # type: ignore[arg-type]  # a plain tuple, not a Tile
        Action(offered.kind, t, offered.where, *()) + (),  # a tuple that is no longer an Action
    ]
    snapshot = state.as_dict()
    for action in malformed:
        if action in legal:
            continue
        with pytest.raises(IllegalAction) as caught:
            ruleset.apply(state, action)
        _one_line(str(caught.value))
    for junk in (None, "pass", str(offered), 7, (offered.kind,)):
        with pytest.raises(IllegalAction, match="is not an action"):
            ruleset.apply(state, junk)
    assert state.as_dict() == snapshot


def test_a_malformed_action_never_reaches_the_record() -> None:
    match = Match.create("block", 2, seats=["human", "human"], seed=1, first=1)
    lead = next(a for a in match.legal() if a.kind == "lead")
    with pytest.raises(IllegalAction, match=re.escape(f"'{lead} W' is not an action")):
        match.play(Action(Kind.LEAD, lead.tile, "W"))
    match.play(lead)
    assert from_record(to_record(match)).state == match.state


# -- item 3: one rule for every explicit deal, whatever the rule set ---------------------


@pytest.mark.parametrize("rules", names())
def test_a_deal_with_an_empty_hand_is_refused_by_every_rule_set(rules: str) -> None:
    """Before, Block, Draw and All Fives started a match in which nobody could move."""
    ruleset = create(rules, players=PLAYERS.get(rules, 2))
    deal = odd_deal(ruleset, random.Random(1))
    rest = "boneyard" if ruleset.rest == "boneyard" else "unused"
    deal[rest] = [*deal[rest], *deal["hands"][1]]
    deal["hands"][1] = []
    with pytest.raises(ConfigError, match="^Deal 1: every hand needs at least one tile; seat 2"):
        ruleset.new_match(0, deals=[deal])
    with pytest.raises(RecordError, match="every hand needs at least one tile"):
        from_record(_record(rules=rules, players=ruleset.players, options={}, deals=[deal]))


@pytest.mark.parametrize("rules", names())
def test_a_deal_with_a_hand_larger_than_the_rules_deal_is_refused(rules: str) -> None:
    ruleset = create(rules, players=PLAYERS.get(rules, 2))
    size = ruleset.options["hand_size"]
    tiles = [str(t) for t in ruleset.tiles]
    hands = [tiles[: size + 1]] + [[t] for t in tiles[size + 1 : size + ruleset.players]]
    rest = "boneyard" if ruleset.rest == "boneyard" else "unused"
    deal = {"hands": hands, "boneyard": [], "unused": [], rest: tiles[size + ruleset.players :]}
    with pytest.raises(ConfigError, match=f"seat 1 holds {size + 1} tiles; the rules deal {size}"):
        ruleset.new_match(0, deals=[deal])


@pytest.mark.parametrize("rules", ["block", "longana", "cuban"])
def test_a_boneyard_where_the_rules_keep_none_is_refused(rules: str) -> None:
    ruleset = create(rules, players=PLAYERS.get(rules, 2))
    deal = odd_deal(ruleset, random.Random(3))
    deal["boneyard"], deal["unused"] = deal["unused"][:2], deal["unused"][2:]
    with pytest.raises(ConfigError, match="has no boneyard; list the rest as unused"):
        ruleset.new_match(0, deals=[deal])


def test_short_hands_stay_allowed_for_the_rules_tests() -> None:
    ruleset = create("draw", players=3)
    deal: dict[str, list[Any]] = {
        "hands": [["6-6"], ["5-5"], ["4-4"]],
        "boneyard": [],
        "unused": [],
    }
    deal["boneyard"] = [str(t) for t in ruleset.tiles if str(t) not in ("6-6", "5-5", "4-4")]
    state = ruleset.new_match(0, deals=[deal], first=1)
    assert [len(h) for h in state.hands] == [1, 1, 1] and ruleset.legal_actions(state)
    assert Tile(6, 6) in state.hands[0]


# -- item 8: the computer's entropy is the match's own, kept in the record ----------------


def test_the_record_keeps_the_computers_entropy_and_older_records_still_read() -> None:
    match = Match.create("draw", 2, seats=["human", "computer"], seed=4, ai_seed=123)
    record = to_record(match)
    assert record["ai_seed"] == 123 and from_record(record).ai_seed == 123
    older = {k: v for k, v in record.items() if k != "ai_seed"}  # written before it existed
    assert from_record(older).state == match.state
    for bad in ("7", -1, 2**64, True, 1.5):
        with pytest.raises(RecordError, match="'ai_seed' must be a whole number"):
            from_record({**record, "ai_seed": bad})
