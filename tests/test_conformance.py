"""The conformance suite: seeded random games over every registered rule set.

Each rule set plays at least ``BONEYARD_GAMES`` whole matches (500 in CI, 40 in a
quick run: tests/sizes.py), spread over the seat counts its preset allows, checking
after every action
the invariants of :mod:`tests.support.conformance` (tiles, offered and refused
actions, scores, replay, undo/redo). ``tools/soak.py`` runs the same checks
at scale.
"""

import math
import os
import random

import pytest
from sizes import sized

from game.rules import create
from game.rules.presets import load_preset
from tests.support.conformance import Broken, Summary, check_state, play_random_game, tables

GAMES = int(os.environ.get("BONEYARD_GAMES", sized(500, 40)))
TABLES = list(tables())


def _games_per_table(rules: str) -> int:
    low, high = load_preset(rules).seats
    return math.ceil(GAMES / (high - low + 1))


@pytest.mark.slow
@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{p}" for r, p in TABLES])
def test_random_games_keep_every_invariant(rules: str, players: int) -> None:
    summary = Summary()
    count = _games_per_table(rules)
    for seed in range(count):
        play_random_game(rules, players, seed, summary)
    assert summary.games == count
    assert summary.refusals > 0


def test_every_rule_set_is_covered_at_every_seat_count() -> None:
    names = {rules for rules, _ in TABLES}
    assert {"block", "draw", "all_fives"} <= names
    for rules in names:
        low, high = load_preset(rules).seats
        assert {p for r, p in TABLES if r == rules} == set(range(low, high + 1))


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{p}" for r, p in TABLES])
def test_matches_from_odd_explicit_deals_keep_every_invariant(rules: str, players: int) -> None:
    """Issue 19 item 3: short hands dealt on purpose still give a match someone can move in."""
    summary = Summary()
    for seed in range(6):
        play_random_game(rules, players, seed, summary, odd_deals=2)
    assert summary.games == 6


def test_a_match_not_over_that_offers_nothing_is_a_breach(monkeypatch: pytest.MonkeyPatch) -> None:
    ruleset = create("block", players=2)
    state = ruleset.new_match(1)
    check_state(ruleset, state, "start")
    monkeypatch.setattr(type(ruleset), "legal_actions", lambda self, state: ())
    with pytest.raises(Broken, match="the match is not over but no action is offered"):
        check_state(ruleset, state, "start")


@pytest.mark.parametrize("rules", sorted({r for r, _ in TABLES}))
def test_a_legal_action_applied_without_the_notation_checks_gives_the_same_state(
    rules: str,
) -> None:
    """The playouts' step (``apply_legal``) is ``apply`` for every action the rules offer."""
    players = load_preset(rules).seats[1]
    ruleset = create(rules, players=players)
    state = ruleset.new_match(3)
    pick = random.Random(3)
    for _ in range(300):
        legal = ruleset.legal_actions(state)
        if not legal:
            break
        action = pick.choice(legal)
        after = ruleset.apply_legal(state, action)
        assert after == ruleset.apply(state, action), f"{rules}: {action}"
        state = after
