"""A finished round states its scoring as facts, and the figures agree with them.

The table phrases these facts and never works a score out again, so the
rules must state them whole: who went out, the pips left, what was counted
for whom, a rounding, the points made during play, the target reached.
"""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest

from game.match import Match
from game.rules import Blocked, Outcome, RoundResult, RuleSet, Scoring, names
from game.rules.tiles import pip_total
from game.ui.words import narrate

GAME = Path(__file__).resolve().parents[1] / "game"
TABLES = [
    ("block", 2),
    ("block", 3),
    ("draw", 4),
    ("all_fives", 2),
    ("all_fives", 3),
    ("longana", 4),
    ("mexican_train", 3),
    ("cuban", 4),
]


def _results(rules: str, players: int, seed: int) -> tuple[RuleSet, tuple[RoundResult, ...]]:
    """Every round of a match of random legal moves."""
    match = Match.create(rules, players, ["human"] * players, seed=seed)
    pick = random.Random(seed)
    while not match.state.over and len(match.state.results) < 6:
        match.play(pick.choice(match.legal()))
    return match.ruleset, match.state.results


def _check(ruleset: RuleSet, result: RoundResult, before: tuple[float, ...]) -> None:
    """The facts of one round agree with its figures and with the hands."""
    n = ruleset.players
    assert result.pips == tuple(pip_total(h) for h in result.hands)
    assert all(not result.hands[s - 1] for s in result.out)
    assert (result.how == Outcome.OUT) == bool(result.out)
    assert len(result.in_play) == n and len(result.gained) == n
    bonus = [g - p for g, p in zip(result.gained, result.in_play, strict=True)]
    counted = sum(result.pips[s - 1] for s in result.paid_by)
    if result.scoring == Scoring.PENALTY:  # MT-18
        assert result.gained == result.pips
    elif result.scoring in (Scoring.OPPONENTS, Scoring.ALL, Scoring.SPLIT):
        assert result.counted == counted and result.winners
        assert not set(result.winners) & set(result.paid_by) or result.scoring == Scoring.ALL
        rounded = (counted + 2) // 5 * 5 if result.rounded else counted
        share = rounded / 2 if result.scoring == Scoring.SPLIT else rounded
        assert result.bonus == share
        for seat in range(1, n + 1):
            won = ruleset.team_of(seat) in {ruleset.team_of(w) for w in result.winners}
            assert bonus[seat - 1] == (share if won else 0)
    else:  # a tie, or the target reached during play: no pips counted
        assert result.scoring in (Scoring.TIE, Scoring.UNCOUNTED)
        assert not any(bonus) and not result.paid_by
    if result.how == Outcome.BLOCKED and ruleset.blocked != Blocked.PENALTY:
        assert result.lowest is not None
    scores = [s + g for s, g in zip(before, result.gained, strict=True)]
    target = ruleset.options.get("target")
    if target is not None and not ruleset.lowest_wins:
        assert result.target_reached == (max(scores) >= target)


@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{p}" for r, p in TABLES])
def test_every_round_states_its_scoring_and_the_figures_follow_from_it(
    rules: str, players: int
) -> None:
    """F-24, F-35, F-36, F-37, F-39, L-15, L-17, MT-18, C-12, C-13, C-15: the facts hold."""
    seen = set()
    for seed in range(12):
        ruleset, results = _results(rules, players, seed)
        scores = [0.0] * players
        for result in results:
            _check(ruleset, result, tuple(scores))
            scores = [s + g for s, g in zip(scores, result.gained, strict=True)]
            lines = narrate.scoring_lines(ruleset, result)
            assert lines[-1] == narrate.scoring_lines(ruleset, result._replace(scoring=None))[0]
            if result.scoring in (Scoring.OPPONENTS, Scoring.ALL):
                assert any(f"{result.counted}" in line for line in lines[:-1])
            seen.add(result.scoring)
    assert seen, f"no round of {rules} finished"


def _is_kind(node: ast.expr) -> bool:
    """``action.kind``, ``kind``, ``action_kind``: an action's kind ("draw" is one too)."""
    name = node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", "")
    return name.endswith("kind")


def _rule_name_tests(path: Path) -> list[int]:
    """The lines of ``path`` that compare something with a rule set's name."""
    rule_names = set(names())
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Compare) and not _is_kind(node.left):
            for part in ast.walk(node):
                if isinstance(part, ast.Constant) and part.value in rule_names:
                    found.append(node.lineno)
    return found


@pytest.mark.parametrize(
    "path",
    sorted([*(GAME / "ui").rglob("*.py"), *(GAME / "ai").rglob("*.py")]),
    ids=lambda p: str(p.relative_to(GAME)),
)
def test_the_table_and_the_computer_read_traits_never_a_rule_sets_name(path: Path) -> None:
    """A seventh rule set declares its traits; nothing outside game/rules asks its name."""
    assert not _rule_name_tests(path), f"{path} tests a rule set's name at {_rule_name_tests(path)}"


def test_the_name_scanner_sees_a_name_test(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text('a = rules.name == "cuban" or rules in ("longana", "x")\nb = kind == "draw"\n')
    assert _rule_name_tests(bad) == [1, 1]
