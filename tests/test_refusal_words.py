"""Every refusal the rules can raise, raised for real and phrased in every language.

Issue 15.2: the rules keep their English sentence for the API and the command line and
give its key (``template``) and its facts (``params``) apart; the table phrases them. Walks
through matches of each rule set try, at every turn, every kind of bad move (tiles held and
not, each end, train and branch, each bare action, values that are no action at all), and
the command line's bad texts once, and keep each refusal by its key. Every key the rules'
code holds must turn up (a refusal is raised here the day it is written); each is phrased
in the pseudo-language with nothing left outside its ``⟦…⟧``, and in Indonesian,
Portuguese and Arabic with every field filled, no notation left, and in Arabic no Latin
letter at all. The only text a refusal keeps as it was is the refused value itself.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from pseudo_locale import PSEUDO, english_left

from game import i18n
from game.rules import (
    Action,
    Count,
    Game,
    IllegalAction,
    Kind,
    NotationError,
    Place,
    RuleSet,
    State,
    Team,
    Tile,
    create,
)
from game.ui.words.wording import refusal

RULES = Path(__file__).resolve().parent.parent / "game" / "rules"
REFUSALS = ("IllegalAction", "NotationError")
FACTS = (Place, Count, Game, Team, Action, Tile, IllegalAction, int)
# What a player might do wrong and the command line might be given, on any table.
BAD_TEXTS: tuple[str, ...] = ("", "jump", "lead x-y", "lead 13-13", "lead 5-6", "opener x")
BAD_TEXTS += ("opener 11", "play 6-5 train 3", "play 6-5 branch 2")
NOTATION = re.compile(r"'(play|lead|open|engine|draw|pass|end|redeal|accept|train|branch)\b")
TABLES = [
    ("block", 2, {"target": 10}),
    ("block", 4, {}),
    ("draw", 2, {}),
    ("draw", 4, {"hand_size": 7}),  # no boneyard at all
    ("all_fives", 3, {}),
    ("longana", 4, {}),
    ("longana", 2, {}),
    ("mexican_train", 4, {}),
    ("cuban", 4, {}),
]


class Refused:
    """One refusal as it was raised: what was tried (``tried``: an action, a value, a
    text), by whom, and whether a table could have tried it (an action of its kinds: the
    command line's texts and values no action at all are the notation's business)."""

    def __init__(self, error: IllegalAction, tried: object, viewer: int | None) -> None:
        self.error, self.tried, self.viewer = error, tried, viewer
        self.at_table = isinstance(tried, Action) and tried.kind in set(Kind)

    def refused_values(self) -> list[str]:
        """The params that are the refused input itself ("'jump'", "7"), not a fact."""
        return [v for v in _params(self.error) if type(v) is str]


def _params(error: IllegalAction) -> Iterator[object]:
    for value in error.params.values():
        yield value
        if isinstance(value, IllegalAction):
            yield from _params(value)


def _rules_refusals() -> set[str]:
    """Every refusal's key written in the rules' code; each refusal's sentence is a literal
    (an f-string or a name would hide English in a text no catalogue holds)."""
    keys: set[str] = set()
    for path in sorted(RULES.glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            name = getattr(node, "func", None)
            if not isinstance(node, ast.Call) or getattr(name, "id", None) not in REFUSALS:
                continue
            first = node.args[0]
            if isinstance(first, ast.Attribute) and first.attr == "template":
                continue  # a refusal raised again as another kind, its key unchanged
            assert isinstance(first, ast.Constant) and isinstance(first.value, str), (
                f"{path.name}:{node.lineno}"
            )
            keys.add(first.value)
    return keys


def _tries(ruleset: RuleSet, state: State) -> Iterator[object]:
    """Every kind of move a seat may get wrong now, and two values no move at all."""
    seat = state.to_move
    hand = state.hands[seat - 1] if seat is not None else ()
    others = [t for t in ruleset.tiles if t not in hand][:2]
    players = range(1, ruleset.players + 1)
    wheres = ["W", "E", "N", "S", "train mexican", "branch 9"]
    wheres += [f"{kind} {n}" for kind in ("train", "branch") for n in players]
    for t in [*sorted(hand), *others]:
        yield from (Action(kind, t) for kind in (Kind.LEAD, Kind.OPEN, Kind.ENGINE))
        yield from (Action(Kind.PLAY, t, where) for where in wheres)
        yield Action(Kind.LEAD, t, "W")  # the rules may take it; the notation cannot write it
    yield from (Action(kind) for kind in (Kind.DRAW, Kind.PASS, Kind.END, Kind.REDEAL))
    yield Action(Kind.ACCEPT)
    yield from (Action(Kind.OPENER, None, str(n)) for n in (*players, 7))
    yield from (Action(Kind.PLAY, None, where) for where in ("E", "train 1", "branch 1"))
    yield from (42, Action(42))  # type: ignore[arg-type]


def _walk(name: str, players: int, options: dict, seed: int) -> Iterator[Refused]:
    """A match of seeded random moves, every bad move tried at each turn, to its end."""
    ruleset = create(name, players=players, **options)
    state = ruleset.new_match(seed)
    for text in BAD_TEXTS:
        try:
            ruleset.parse_action(state, text)
        except NotationError as error:
            yield Refused(error, text, state.to_move)
    choose = random.Random(seed)
    for _turn in range(400):
        legal = set(ruleset.legal_actions(state))
        for action in _tries(ruleset, state):
            if action in legal:
                continue
            try:
                ruleset.apply(state, action)  # type: ignore[arg-type]
            except IllegalAction as error:
                yield Refused(error, action, state.to_move)
        if state.over:
            return
        state = ruleset.apply(state, choose.choice(sorted(legal, key=str)))


@pytest.fixture(scope="module")
def refused() -> dict[str, list[Refused]]:
    """Each refusal's key, with the first few times it was raised."""
    found: dict[str, list[Refused]] = {}
    for name, players, options in TABLES:
        for seed in (1, 2):
            for one in _walk(name, players, options, seed):
                inner = [
                    Refused(v, one.tried, one.viewer)
                    for v in _params(one.error)
                    if isinstance(v, IllegalAction)
                ]
                for each in [one, *inner]:
                    kept = found.setdefault(each.error.template, [])
                    if len(kept) < 3:
                        kept.append(each)
    return found


def test_every_refusal_the_rules_can_raise_is_raised(refused: dict[str, list[Refused]]) -> None:
    assert _rules_refusals() - set(refused) == set()
    assert len(refused) > 60


def test_a_refusals_facts_are_facts_not_english(refused: dict[str, list[Refused]]) -> None:
    """A field holds a fact the screen names in its language, or the refused input itself
    (quoted as the player gave it); never English words the rules wrote."""
    for key, times in refused.items():
        for one in times:
            tried = one.tried if isinstance(one.tried, str) else repr(one.tried)
            tried += " " + str(one.tried)
            for value in _params(one.error):
                assert isinstance(value, FACTS) or str(value).strip("'") in tried, (key, value)


def test_the_api_sentence_is_the_key_filled_in(refused: dict[str, list[Refused]]) -> None:
    for key, times in refused.items():
        for one in times:
            assert str(one.error) == key.format(**one.error.params)
            assert len(str(one.error).splitlines()) == 1


def test_every_refusal_is_phrased_in_the_pseudo_language(
    refused: dict[str, list[Refused]], pseudo: None
) -> None:
    i18n.set_language(PSEUDO)
    left = {}
    for key, times in refused.items():
        for one in times:
            text = refusal(one.error, one.viewer)
            for value in one.refused_values():
                text = text.replace(value, "")
            if english_left([text]) or "{" in text:
                left[key] = refusal(one.error, one.viewer)
    assert left == {}


@pytest.mark.parametrize("code", ["id", "pt", "ar"])
def test_every_refusal_is_phrased_in_each_language(
    refused: dict[str, list[Refused]], code: str
) -> None:
    """Every field filled; at the table (a move of the notation) no notation left in
    quotes, and in Arabic no Latin letter: the places, games and moves are named."""
    wrong = {}
    try:
        for key, times in refused.items():
            for one in times:
                i18n.set_language("en")
                english = refusal(one.error, one.viewer)
                i18n.set_language(code)
                text = refusal(one.error, one.viewer)
                for value in one.refused_values():
                    text = text.replace(value, "")
                latin = code == "ar" and re.search("[A-Za-z]", text)
                at_table = one.at_table and (NOTATION.search(text) or latin)
                if "{" in text or "}" in text or text == english or at_table:
                    wrong[key] = refusal(one.error, one.viewer)
    finally:
        i18n.set_language("en")
    assert wrong == {}
