"""The invariants every rule set keeps, checked after every action of random games.

The test suite (tests/test_conformance.py) and ``tools/soak.py`` run these
same checks; a rule set joins both by registering. After every action:
no tile is lost or duplicated; a match not over offers an action; every
offered action applies; a sample of actions not offered (malformed ones
too) is refused with a reason and changes nothing; scores
move only as the round results and in-round points say. At the end of each
game: the same seed and actions replay to the same states, and undo-all
then redo-all through the match controller gives the identical state.
Games may start from explicit deals of short hands (:func:`odd_deal`), the
kind the rules' tests and hostile records bring.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from game.match import Match
from game.rules import Action, IllegalAction, RuleSet, State, create, names
from game.rules.actions import ACCEPT, DRAW, END, PASS, REDEAL, Kind
from game.rules.presets import load_preset


class Broken(AssertionError):
    """An invariant failed; the message names the rule set, seed and step."""


@dataclass
class Summary:
    """What a run of random games covered."""

    games: int = 0
    actions: int = 0
    refusals: int = 0
    rounds: int = 0
    by_rules: Counter[str] = field(default_factory=Counter)


def tables() -> Iterator[tuple[str, int]]:
    """Every registered rule set at each seat count its preset allows."""
    for name in names():
        low, high = load_preset(name).seats
        for players in range(low, high + 1):
            yield name, players


def play_random_game(
    rules: str,
    players: int,
    seed: int,
    summary: Summary | None = None,
    refusals: int = 2,
    odd_deals: int = 0,
) -> Match:
    """Play one random match of ``rules``, checking every invariant; raise Broken on a breach.

    ``odd_deals`` rounds start from explicit deals of random short hands.
    """
    ruleset = create(rules, players=players)
    summary = summary if summary is not None else Summary()
    pick = random.Random(seed)
    seats = ["human" if pick.random() < 0.5 else "computer" for _ in range(players)]
    deals = [odd_deal(ruleset, pick) for _ in range(odd_deals)]
    match = Match(ruleset, seats, seed=seed, deals=deals)
    universe = _universe(ruleset)
    where = f"{rules} at {players} seats, seed {seed}" + (", odd deals" if deals else "")
    check_state(ruleset, match.state, where + ", start")
    step = 0
    while not match.state.over:
        state = match.state
        legal = ruleset.legal_actions(state)
        for action in pick.sample(universe, refusals):
            if action not in legal:
                _check_refused(ruleset, state, action, f"{where}, step {step}")
                summary.refusals += 1
        for action in legal:  # every offered action applies
            try:
                ruleset.apply(state, action)
            except IllegalAction as error:
                raise Broken(
                    f"{where}, step {step}: offered '{action}' was refused: {error}"
                ) from None
        action = pick.choice(legal)
        text = str(action)
        if ruleset.parse_action(state, text) != action:
            raise Broken(f"{where}, step {step}: '{text}' does not read back as the same action")
        match.play(action)
        check_state(ruleset, match.state, f"{where}, after step {step} ('{text}')")
        _check_scores_moved(state, match.state, f"{where}, step {step}")
        step += 1
    _check_replay(ruleset, match, where)
    _check_undo_redo(match, where)
    summary.games += 1
    summary.actions += step
    summary.rounds += len(match.state.results)
    summary.by_rules[rules] += 1
    return match


def check_state(ruleset: RuleSet, state: State, where: str) -> None:
    """The invariants of one state."""
    every = [t for hand in state.hands for t in hand]
    every += list(state.boneyard) + list(state.unused) + list(ruleset.placed(state))
    if sorted(every) != sorted(ruleset.tiles):
        counts = Counter(every)
        lost = [str(t) for t in ruleset.tiles if counts[t] == 0]
        twice = [str(t) for t, n in counts.items() if n > 1]
        raise Broken(f"{where}: tiles lost {lost} or duplicated {twice}")
    if not state.over and not ruleset.legal_actions(state):
        raise Broken(f"{where}: the match is not over but no action is offered")
    if (state.to_move is None) != (state.winner is not None):
        raise Broken(f"{where}: to_move is {state.to_move} but winner is {state.winner}")
    seats = range(1, ruleset.players + 1)
    if state.to_move is not None and state.to_move not in seats:
        raise Broken(f"{where}: to_move {state.to_move} is not a seat")
    if state.winner is not None and (not state.winner or not set(state.winner) <= set(seats)):
        raise Broken(f"{where}: winner {state.winner} is not a list of seats")
    if len(state.scores) != ruleset.players:
        raise Broken(f"{where}: {len(state.scores)} scores for {ruleset.players} seats")
    expected = [sum(r.gained[s - 1] for r in state.results) for s in seats]
    for event in () if state.over else state.log:  # a finished round's points are in results
        if event.points:
            for s in seats:
                if ruleset.team_of(s) == ruleset.team_of(event.seat):
                    expected[s - 1] += event.points
    if any(abs(a - b) > 1e-9 for a, b in zip(expected, state.scores, strict=True)):
        raise Broken(f"{where}: scores {list(state.scores)} do not add up to {expected}")
    for s in seats:
        mates = [t for t in seats if ruleset.team_of(t) == ruleset.team_of(s)]
        if any(state.scores[t - 1] != state.scores[s - 1] for t in mates):
            raise Broken(f"{where}: partners of seat {s} have different scores")
    if state.over and ruleset.legal_actions(state):
        raise Broken(f"{where}: the match is over but actions are offered")


def _check_scores_moved(before: State, after: State, where: str) -> None:
    if after.round < before.round:
        raise Broken(f"{where}: the round went back from {before.round} to {after.round}")
    if len(after.results) < len(before.results) or after.results[: len(before.results)] != (
        before.results
    ):
        raise Broken(f"{where}: a finished round's result changed")


def _check_refused(ruleset: RuleSet, state: State, action: Action, where: str) -> None:
    snapshot = state.as_dict()
    try:
        ruleset.apply(state, action)
    except IllegalAction as error:
        reason = str(error)
        if not reason or "\n" in reason or len(reason) > 200:
            raise Broken(
                f"{where}: refusing '{action}' gave no one-line reason: {reason!r}"
            ) from None
    else:
        raise Broken(f"{where}: '{action}' is not offered but was accepted")
    if state.as_dict() != snapshot:
        raise Broken(f"{where}: refusing '{action}' changed the state")


def _check_replay(ruleset: RuleSet, match: Match, where: str) -> None:
    fresh = create(ruleset.name, players=ruleset.players)
    state = fresh.new_match(match.seed, match.deals or None, match.first)
    for action in match.actions:
        state = ruleset.apply(state, action)
    if state != match.state:
        raise Broken(f"{where}: replaying the same seed and actions gave another state")


def _check_undo_redo(match: Match, where: str) -> None:
    final = match.state
    count = len(match.actions)
    while match.undo():
        pass
    if match.can_undo:
        raise Broken(f"{where}: undo stopped early")
    while match.redo():
        pass
    if match.state != final or len(match.actions) != count:
        raise Broken(f"{where}: undo-all then redo-all did not restore the match")


def odd_deal(ruleset: RuleSet[Any], pick: random.Random) -> dict[str, Any]:
    """An explicit deal the rules accept, of random short hands (1 to ``hand_size`` tiles),
    the rest where the rule set keeps it (the boneyard, or unused)."""
    tiles = [str(t) for t in ruleset.tiles]
    pick.shuffle(tiles)
    size = ruleset.options.get("hand_size") or len(tiles) // ruleset.players
    hands = []
    for _ in range(ruleset.players):
        n = pick.randint(1, size)
        hands.append(tiles[:n])
        del tiles[:n]
    rest = "boneyard" if ruleset.rest == "boneyard" else "unused"
    return {"hands": hands, "boneyard": [], "unused": [], rest: tiles}


def _universe(ruleset: RuleSet) -> list[Action]:
    """Actions of every form for this table, legal or not, to try refusals with:
    malformed ones too (``lead 6-6 W``, ``draw 6-6``), which the notation cannot write."""
    players = ruleset.players
    wheres = ["W", "E", "N", "S", "train mexican"]
    wheres += [f"train {s}" for s in range(1, players + 1)]
    wheres += [f"branch {s}" for s in range(1, players + 1)]
    actions = [DRAW, PASS, END, REDEAL, ACCEPT]
    actions += [Action(Kind.OPENER, None, str(s)) for s in range(1, players + 1)]
    for t in ruleset.tiles:
        actions += [Action(Kind.LEAD, t), Action(Kind.OPEN, t), Action(Kind.ENGINE, t)]
        actions += [Action(Kind.PLAY, t, w) for w in wheres]
        actions += [Action(Kind.LEAD, t, "W"), Action(Kind.DRAW, t), Action(Kind.PLAY, t)]
        actions += [Action(Kind.PASS, t)]
    actions += [
        Action(Kind.PLAY, None, "E"),
        Action(Kind.OPENER),
        Action(Kind.LEAD, None, "train 1"),
    ]
    return actions
