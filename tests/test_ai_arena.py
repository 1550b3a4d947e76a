"""The arena against OpenSpiel's ISMCTS: its resampler reads only what the bot has seen.

The resampler is ours (OpenSpiel's Python dominoes cannot re-deal): the skips
it reads must be true of every real hand (the engine's passes are the truth
here), its deals must keep the counts and the bot's own hand, and the tool
must say in one line when OpenSpiel is missing. Its ledger begins with the run's
plan, a report over fewer deals than planned is no result, and a file planned
otherwise is refused in one line (OpenSpiel not needed to read a ledger). Where
OpenSpiel is installed, a real hand at each table is played and neither side's
choice changes when the hidden tiles are dealt again consistently.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from game.rules import create
from tools import arena_ismcts as arena

ROOT = Path(__file__).resolve().parents[1]


def _random_hand(players: int, seed: int, stop: int):
    """A Block hand at random up to ``stop`` moves: the state, its leader, the public plays."""
    rules = create("block", players=players, hand_size=7)
    state = rules.new_match(seed)
    leader = state.to_move
    pick = random.Random(seed)
    history = []
    for _ in range(stop):
        if state.results:
            break
        action = pick.choice(rules.legal_actions(state))
        if action.tile is not None:
            history.append(arena.public_play(state, action, leader))
        state = rules.apply(state, action)
    return state, leader, history


@pytest.mark.parametrize("players", [2, 4])
def test_a_skipped_turn_proves_the_seat_holds_nothing_on_the_ends(players: int) -> None:
    found = 0
    for seed in range(40):
        state, leader, history = _random_hand(players, seed, 6 + seed % 16)
        if state.results:
            continue
        to_move = (state.to_move - leader) % players
        voids = arena.void_pips(players, history, to_move)
        for p in range(players):
            held = state.hands[(leader - 1 + p) % players]
            assert not {n for t in held for n in (t.high, t.low)} & voids[p]
        found += sum(map(len, voids))
    assert found  # some skips were read


def test_void_pips_reads_a_pass_at_two_seats() -> None:
    # 0 leads 6-6, 1 cannot follow, 0 plays again: 1 holds no six
    history = [(0, (6, 6), None), (0, (5, 6), 6)]
    assert arena.void_pips(2, history, 1) == [set(), {6}]
    # at four seats, 1 and 2 skipped after 0's lead
    assert arena.void_pips(4, [(0, (3, 3), None)], 3) == [set(), {3}, {3}, set()]


@pytest.mark.parametrize("players", [2, 4])
def test_redeal_keeps_counts_own_hand_and_the_skips(players: int) -> None:
    for seed in range(20):
        state, leader, history = _random_hand(players, seed, 12)
        if state.results:
            continue
        me = (state.to_move - leader) % players
        own = [arena._os(t) for t in state.hands[state.to_move - 1]]
        voids = arena.void_pips(players, history, me)
        for k in range(5):
            hands = arena.redeal(players, me, own, history, me, random.Random(k))
            assert hands[me] == own
            for p in range(players):
                assert len(hands[p]) == len(state.hands[(leader - 1 + p) % players])
                assert not {n for t in hands[p] for n in t} & voids[p]
            tiles = [t for h in hands for t in h] + [t for _, t, _ in history]
            assert len(tiles) == len(set(tiles))


def test_the_arena_says_in_one_line_when_openspiel_is_missing() -> None:
    code = (
        "import sys; sys.modules['pyspiel'] = None; from tools.arena_ismcts import main; "
        "raise SystemExit(main(['--hands', '1']))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.returncode == 2
    assert out.stderr.count("\n") == 1 and "OpenSpiel is not installed" in out.stderr


def _ledger(path: Path, deals: int) -> None:
    """A ledger as ``--players 2 --hands 2`` (the other options left as they are) writes it:
    the plan first, then ``deals`` of its deals."""
    plan = {"rules": "block", "players": 2, "a": "mc:normal", "b": "ismcts:1000", "uct": 2.0,
            "seed": 1, "check": 10, "planned_deals": 2,
            "a_digest": arena.digest(2, "normal")}  # fmt: skip
    lines: list[dict[str, object]] = [{"plan": plan}]
    for i in range(deals):
        lines.append(
            {"deal": i, "pair": [[1.0, 12.0, 0.0], [0.5, 4.0, 4.0]],
             "think": {"A": [0.5, 0.25], "B": [2.0]}, "checked": {"A": 1, "B": 1},
             "changed": {"A": 0, "B": 0}}
        )  # fmt: skip
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))


def test_the_summary_of_a_short_ledger_is_not_a_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ismcts.jsonl"
    _ledger(out, 1)
    assert arena.main(["--players", "2", "--hands", "2", "--out", str(out), "--summary"]) == 0
    printed = capsys.readouterr().out
    assert "1 of 2 planned deals — not a result yet" in printed and "ahead" not in printed
    assert "A's share 75.0%" in printed and "no interval from one deal" in printed
    _ledger(out, 2)
    report = arena.run(2, "normal", 1000, 2, seed=1, uct=2.0, check=10, out=str(out),
                       summarise=True)  # fmt: skip
    assert report["result"] and report["verdict"] == "not_shown"  # two deals show little
    assert report["points_diff_ci95"] == [6.0, 6.0]


def test_a_ledger_planned_otherwise_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "ismcts.jsonl"
    _ledger(out, 1)
    code = arena.main(["--players", "2", "--hands", "3", "--out", str(out), "--summary"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert "another run's plan (planned_deals 2 there, 3 asked)" in err


def test_a_ledger_played_by_another_computer_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The plan's digest of our side's decisions ties every deal to one search: a run
    taken up after the search changed names the difference instead of summing the two."""
    out = tmp_path / "ismcts.jsonl"
    _ledger(out, 1)
    lines = out.read_text().splitlines()
    first = json.loads(lines[0])
    first["plan"]["a_digest"] = "0" * 16
    out.write_text("\n".join([json.dumps(first), *lines[1:]]) + "\n")
    code = arena.main(["--players", "2", "--hands", "2", "--out", str(out), "--summary"])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1
    assert f"a_digest '{'0' * 16}' there, '{arena.digest(2, 'normal')}' asked" in err
    assert arena.digest(2, "normal") != arena.digest(2, "easy")


@pytest.mark.parametrize("players", [2, 4])
def test_neither_side_changes_its_choice_when_the_hidden_tiles_are_dealt_again(
    players: int,
) -> None:
    pytest.importorskip("pyspiel")
    report = arena.run(players, "normal", 20, 1, seed=3, uct=2.0, check=1)
    for side in "ab":
        check = report[f"peek_check_{side}"]
        assert check["checked"] > 0 and check["changed"] == 0
    assert report["games"] == 2 and 0 <= report["win_rate_a"] <= 1
    assert report["result"] and report["planned_deals"] == 1


def test_our_side_is_a_level_or_a_budget_to_tune_and_anything_else_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A budget is played by the same search as the levels, and its digest is that of its own
    decisions, so its ledger is never taken for a level that decides otherwise; a side that
    is neither a level nor a budget says so in one line, before any work."""
    assert arena.ours("hard") == ("hard", None)
    level, budget = arena.ours("200:1:8000:read:model")
    assert level == "normal" and budget is not None and budget.solved == 200 and budget.model
    assert arena.digest(2, "300:1:8000:read:model") != arena.digest(2, "normal")
    code = arena.main(["--level", "superhuman", "--hands", "1", "--out", str(tmp_path / "x")])
    err = capsys.readouterr().err
    assert code == 2 and err.count("\n") == 1 and "'superhuman' is neither a level" in err
    assert not (tmp_path / "x").exists()


class _FakeTeamDominoes:
    """OpenSpiel's four-seat module as far as :func:`arena.scored_as_ours` reads it."""

    class DominoesState:
        def __init__(self, game: object) -> None:
            self.hands: list[list[tuple[int, int]]] = [[] for _ in range(4)]
            self.over = True

        def is_terminal(self) -> bool:
            return self.over

    class DominoesGame:
        pass


@pytest.mark.parametrize(
    "hands, returns",
    [
        # player 2 (the second team) went out, though its partner holds more pips than the
        # first team: we give the round to the team that went out (F-24), OpenSpiel would not
        ([[(1, 0)], [], [(1, 1)], [(6, 6), (6, 5)]], [-3.0, 3.0, -3.0, 3.0]),
        # blocked: the fewer pips take the others'
        ([[(6, 6)], [(1, 0)], [(2, 0)], [(3, 0)]], [-14.0, 14.0, -14.0, 14.0]),
        # blocked and tied: nobody scores
        ([[(2, 0)], [(1, 0)], [(1, 0)], [(2, 0)]], [0.0, 0.0, 0.0, 0.0]),
    ],
)
def test_at_four_seats_ismcts_searches_the_round_as_we_score_it(
    hands: list[list[tuple[int, int]]], returns: list[float]
) -> None:
    """F-24: the returns ISMCTS searches are our rules' scoring of the round."""
    game = arena.scored_as_ours(_FakeTeamDominoes)
    state = game.new_initial_state()
    state.hands = hands
    assert state.returns() == returns
    state.over = False
    assert state.returns() == [0.0] * 4


def test_the_four_seat_game_ismcts_searches_is_ours_in_openspiel() -> None:
    """Where OpenSpiel is installed, its own four-seat state keeps our returns through the
    clones ISMCTS makes, and the run's plan names the game searched."""
    pytest.importorskip("pyspiel")
    from open_spiel.python.games import team_dominoes

    state = arena.scored_as_ours(team_dominoes).new_initial_state().clone()
    pick = random.Random(4)
    while not state.is_terminal():
        state.apply_action(pick.choice(state.legal_actions()))
    pips = [sum(a + b for a, b in state.hands[p] + state.hands[p + 2]) for p in (0, 1)]
    out = [p for p in range(4) if not state.hands[p]]
    returns = state.clone().returns()
    if out:
        side = out[0] % 2
        assert returns[side] == pips[1 - side] and returns[1 - side] == -pips[1 - side]
    assert sum(returns) == 0
