"""Hidden information: the computer and the hints never depend on a hidden tile.

docs/DESIGN.md, "Hidden information"; F-08, C-18, MT-23, L-21. For positions of
every registered rule set, the hidden tiles are shuffled in any way that
keeps the counts — other hands' tiles among themselves, the boneyard and
the unused pile, and a different match seed for the deals to come — and the
chosen action (same seed) must not change. The source of ``game/ai`` is
scanned too: it imports nothing that could hand it a live state.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game import ai
from game.ai.budget import Budget
from game.ai.search import search
from game.rules import State, create, names
from game.rules.presets import load_preset
from game.ui.table.thinking import HintSearch

AI = Path(__file__).resolve().parents[1] / "game" / "ai"


def _tables() -> list[tuple[str, int]]:
    out = []
    for name in names():
        low, high = load_preset(name).seats
        out += sorted({(name, low), (name, high)})
    return out


def _positions(name: str, players: int, count: int) -> list[State]:
    """Positions with a real choice to make, from seeded random play."""
    rules = create(name, players=players)
    out: list[State] = []
    seed = 0
    while len(out) < count:
        pick = random.Random(seed)
        state = rules.new_match(seed)
        seed += 1
        for _ in range(pick.randrange(0, 40)):
            if state.winner is not None:
                break
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
        while state.winner is None and len(rules.legal_actions(state)) < 2:
            state = rules.apply(state, rules.legal_actions(state)[0])
        if state.winner is None:
            out.append(state)
    return out


def _reshuffled(state: State, seat: int, pick: random.Random) -> State:
    """The same public position with the hidden tiles dealt differently (counts kept)."""
    others = [s for s in range(1, state.rules.players + 1) if s != seat]
    hidden = (
        [t for s in others for t in state.hands[s - 1]] + list(state.boneyard) + list(state.unused)
    )
    pick.shuffle(hidden)
    hands = list(state.hands)
    at = 0
    for s in others:
        size = len(state.hands[s - 1])
        hands[s - 1] = tuple(hidden[at : at + size])
        at += size
    boneyard = tuple(hidden[at : at + len(state.boneyard)])
    unused = tuple(hidden[at + len(state.boneyard) :])
    return state.evolve(
        hands=tuple(hands), boneyard=boneyard, unused=unused, seed=pick.getrandbits(32)
    )


def _choice(state: State, budget: Budget, seed: int = 7):
    """The explanation of the seat's decision (its move, the moves weighed and how each came
    out, the reason) and what the seat saw."""
    observation = state.rules.observe(state, state.mover)
    steps = search(observation, "normal", seed, budget)
    try:
        while True:
            next(steps)
    except StopIteration as done:
        return ai.explain(observation, done.value), observation


@pytest.mark.parametrize(("name", "players"), _tables())
def test_f08_shuffling_the_hidden_tiles_leaves_the_choice_unchanged(
    name: str, players: int
) -> None:
    """F-08 / C-18 / MT-23 / L-21: only public facts and the seat's own hand decide — the
    move, and all that "why that move?" shows of it."""
    pick = random.Random(3)
    # random playouts, and the tools of hard (and of normal in Block): exact solving (two
    # seats), reading the others and playouts modelled on players' choices
    for budget in (Budget(60), Budget(60, 0.3, solve=8000, solved=60, read=1.0, model=True)):
        for state in _positions(name, players, 3):
            chosen, observation = _choice(state, budget)
            for _ in range(2):
                other = _reshuffled(state, state.mover, pick)
                again, seen = _choice(other, budget)
                assert seen == observation
                assert again == chosen and again.weighed == chosen.weighed


@pytest.mark.parametrize("name", names())
def test_f08_the_full_normal_decision_and_the_hint_do_not_peek(name: str) -> None:
    """F-08: the real normal-level decision and its explanation, and the hint and what its
    Why shows at the table, on reshuffled hidden tiles."""
    players = load_preset(name).seats[0]
    state = _positions(name, players, 1)[0]
    other = _reshuffled(state, state.mover, random.Random(5))
    seat = state.mover
    seen = [s.rules.observe(s, seat) for s in (state, other)]
    said = [ai.explain(o, ai.think(o, "normal", 11).finish()) for o in seen]
    assert said[0] == said[1]
    assert (
        ai.hint(state.rules.observe(state, seat), 4)[:2]
        == ai.hint(other.rules.observe(other, seat), 4)[:2]
    )
    hints = [HintSearch(o, 4) for o in seen]  # the table's hint, as the Hint button runs it
    for hinting in hints:
        while hinting.step(1.0) is None:
            pass
    assert hints[0].explained is not None and hints[0].explained == hints[1].explained


FORBIDDEN_MODULES = {
    "game.match",
    "game.record",
    "game.ui",
    "tests",  # the test support plays whole matches (tests.support.conformance)
    "arcade",
    "pyglet",
    "pymunk",
}
FORBIDDEN_CALLS = {"observe", "new_match", "Match"}


def _violations(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [a.name for a in node.names if _forbidden_module(a.name)]
        elif isinstance(node, ast.ImportFrom):
            module = ("." * node.level) + (node.module or "")
            absolute = module if not node.level else "game." + (node.module or "")
            if node.level >= 2:
                absolute = "game." + (node.module or "")
            if _forbidden_module(absolute) or any(
                a.name in ("match", "record", "ui") for a in node.names
            ):
                found.append(module)
        elif isinstance(node, ast.Call):
            func = node.func
            name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
            if name in FORBIDDEN_CALLS:
                found.append(f"{name}()")
    return found


def _forbidden_module(name: str) -> bool:
    return any(name == m or name.startswith(m + ".") for m in FORBIDDEN_MODULES)


@pytest.mark.parametrize("path", sorted(AI.glob("*.py")), ids=lambda p: p.name)
def test_f08_game_ai_cannot_reach_a_live_state(path: Path) -> None:
    """F-08: game/ai imports no match, record or display, and never calls observe()."""
    assert _violations(path) == []


def test_f08_the_scanner_sees_a_peek(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("from ..match import Match\nimport game.ui\nx = rules.observe(state, 1)\n")
    assert len(_violations(bad)) == 3


def test_f08_decide_takes_an_observation_never_a_state() -> None:
    """F-08: handing the computer a state is refused outright."""
    rules = create("block", players=2)
    state = rules.new_match(1)
    with pytest.raises(TypeError, match="Observation"):
        ai.decide(state)
    with pytest.raises(TypeError, match="Observation"):
        ai.hint(state)


def test_f08_the_search_guesses_only_from_the_observation(monkeypatch: pytest.MonkeyPatch) -> None:
    """F-08: every state the search plays on is built from the observation it was given."""
    rules = create("draw", players=3)
    state = _positions("draw", 3, 1)[0]
    observation = rules.observe(state, state.mover)
    assert observation.table.hands is None and observation.table.boneyard is None
    seen = []
    real = type(rules).determinize

    def spy(self, obs, hands, boneyard, unused, seed):
        seen.append(obs)
        return real(self, obs, hands, boneyard, unused, seed)

    monkeypatch.setattr(type(rules), "determinize", spy)
    ai.decide(observation, "normal", 1)
    assert seen and all(obs is observation for obs in seen)


@pytest.mark.parametrize("name", names())
def test_f08_the_seed_handed_to_the_computer_and_the_hint_says_nothing_of_the_deal(
    name: str,
) -> None:
    """F-08, issue 19 item 8: the seed the table hands ``think``/``decide`` comes from the
    match's own entropy, never from the match seed (a 32-bit search over seeds from the
    handed one recovered every hidden hand). Two deals, one entropy: the same seeds;
    one deal, two matches: fresh entropy each; and the decision with that seed does not
    peek either."""
    from game.match import Match

    players = load_preset(name).seats[0]
    one = Match.create(name, players, seed=654_321, ai_seed=99)
    other_deal = Match.create(name, players, seed=1, ai_seed=99)
    assert one.state.hands != other_deal.state.hands or name == "cuban"
    for use in ("table", "hint"):
        assert one.ai_seed_for(use) == other_deal.ai_seed_for(use)
    again = Match.create(name, players, seed=654_321)
    assert again.ai_seed != Match.create(name, players, seed=654_321).ai_seed
    state = _positions(name, players, 1)[0]
    other = _reshuffled(state, state.mover, random.Random(8))
    seed = one.ai_seed_for("table")
    seat = state.mover
    assert ai.decide(state.rules.observe(state, seat), "normal", seed) == ai.decide(
        other.rules.observe(other, seat), "normal", seed
    )
