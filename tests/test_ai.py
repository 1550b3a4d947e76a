"""The computer player and hints: budgets, levels, players, hints, the arena (F-08, C-08).

Small budgets keep this quick; strength is measured by tools/arena.py, not here.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest
from ai_helpers import played

from game import ai
from game.ai import heuristics, knowledge
from game.ai.budget import Budget
from game.ai.hints import Reason, reason
from game.ai.search import LEVELS, Decision, budget_for, search
from game.rules import Action, Kind, LineState, create, names
from game.rules.presets import load_preset
from game.ui.words.wording import hint_reason

ROOT = Path(__file__).resolve().parents[1]


def said(why: Reason) -> str:
    """A hint's reason in the words the player reads."""
    return hint_reason(why.code, why.params)


def _run(observation, level="normal", seed=0, budget=None):
    steps = search(observation, level, seed, budget)
    progress = []
    try:
        while True:
            progress.append(next(steps))
    except StopIteration as done:
        return done.value, progress


def _position(name: str, players: int, seed: int = 0, moves: int = 6, **opts: object):
    """A position of a seeded random game with at least two legal actions."""
    rules = create(name, players=players, **opts)
    while True:
        state, _pick = played(rules, seed, moves)
        while state.winner is None and len(rules.legal_actions(state)) < 2:
            state = rules.apply(state, rules.legal_actions(state)[0])
        if state.winner is None:
            return rules, state
        seed += 1


# -- Observation and determinize ---------------------------------------------------------------


@pytest.mark.parametrize("name", names())
def test_f07_observation_holds_own_hand_and_public_counts_only(name: str) -> None:
    """F-07 / F-08: the observation has the seat's hand, counts, and blanks for the rest."""
    rules, state = _position(name, load_preset(name).seats[1])
    seat = state.to_move
    obs = rules.observe(state, seat)
    assert obs.hand == state.hands[seat - 1]
    assert obs.hand_sizes == tuple(len(h) for h in state.hands)
    assert (obs.boneyard, obs.unused) == (len(state.boneyard), len(state.unused))
    for field in ("hands", "boneyard", "unused", "seed", "deals"):
        assert getattr(obs.table, field) is None
    assert set(obs.legal) == set(rules.legal_actions(state))


@pytest.mark.parametrize("name", names())
def test_determinize_fills_the_hidden_fields_and_plays_on(name: str) -> None:
    """The guessed state of a sampled deal is a whole state the engine plays on."""
    rules, state = _position(name, load_preset(name).seats[0])
    obs = rules.observe(state, state.to_move)
    from game.ai.sampler import Sampler

    hands, boneyard, unused = Sampler(knowledge.read(obs)).sample(random.Random(1))
    guess = rules.determinize(obs, hands, boneyard, unused, 99)
    assert guess.hands[state.to_move - 1] == state.hands[state.to_move - 1]
    assert guess.seed == 99 and guess.deals == ()
    every = [t for h in guess.hands for t in h] + list(guess.boneyard) + list(guess.unused)
    assert sorted(every + list(rules.placed(guess))) == sorted(rules.tiles)
    assert set(rules.legal_actions(guess)) == set(obs.legal)
    rules.apply(guess, obs.legal[0])


# -- search, think, decide -------------------------------------------------------------------------


def test_think_yields_progress_and_keeps_the_result() -> None:
    """Budget: the decision is an iterator advanced a slice at a time; pausing is not advancing."""
    rules, state = _position("draw", 2)
    obs = rules.observe(state, state.to_move)
    thinking = ai.think(obs, "normal", 3)
    first = next(thinking)
    assert 0 < first <= 1 and not thinking.done
    rest = list(thinking)
    assert thinking.done and thinking.progress == 1.0
    assert rest == sorted(rest) and rest[-1] == pytest.approx(1.0, abs=0.05)
    assert thinking.result.action == ai.decide(obs, "normal", 3)
    assert thinking.result.playouts == budget_for(rules, "normal").playouts


@pytest.mark.parametrize("name", names())
def test_every_preset_declares_a_budget_for_each_level(name: str) -> None:
    """Budget: each rule set's preset (``levels/*.toml``) says what a decision spends at each
    level that searches, and the computer spends exactly that."""
    preset = load_preset(name)
    searching = [level for level in LEVELS if level != "easy"]
    assert sorted(preset.computer) == sorted(searching), f"{name} declares no budget for some level"
    ruleset = create(name, players=preset.seats[0])
    for level in searching:
        assert budget_for(ruleset, level) == Budget(**preset.computer[level])


def test_the_budgets_read_from_the_presets_are_the_ones_each_game_was_sized_for() -> None:
    """Budget: what the presets give (a few samples: Block's exact solving at two seats, Mexican
    Train's playouts cut short)."""
    assert budget_for(create("block", players=2), "hard").solve > 0
    assert budget_for(create("draw", players=2), "hard").solve == 0
    assert budget_for(create("block", players=4), "normal").model
    assert budget_for(create("mexican_train", players=4), "normal") == Budget(320, 1.0, 120)
    assert budget_for(create("longana", players=4), "hard").playouts == 16000


@pytest.mark.parametrize("name", names())
def test_same_observation_and_seed_give_the_same_action(name: str) -> None:
    """Budget: a fixed number of playouts, so a decision is reproducible from its seed."""
    rules, state = _position(name, load_preset(name).seats[1], seed=2)
    obs = rules.observe(state, state.to_move)
    first, _ = _run(obs, seed=5, budget=Budget(80))
    again, _ = _run(obs, seed=5, budget=Budget(80))
    assert first.action == again.action and first.means == again.means
    assert first.action in obs.legal


def test_the_same_decision_in_another_process() -> None:
    """Budget: reproducible on any run — nothing hangs on hash order or the clock."""
    code = (
        "import random; from game.rules import create; from game import ai\n"
        "rules = create('all_fives', players=3); state = rules.new_match(8)\n"
        "pick = random.Random(8)\n"
        "for _ in range(5): state = rules.apply(state, pick.choice(rules.legal_actions(state)))\n"
        "obs = rules.observe(state, state.to_move)\n"
        "print([str(ai.decide(obs, 'normal', s)) for s in range(3)])\n"
    )
    runs = {
        subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            check=True,
            cwd=ROOT,
            env={"PYTHONHASHSEED": str(h), "PATH": "/usr/bin:/bin"},
        ).stdout
        for h in (1, 2)
    }
    assert len(runs) == 1


@pytest.mark.parametrize("name", names())
@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
def test_every_level_decides_a_legal_action(name: str, level: str) -> None:
    rules, state = _position(name, load_preset(name).seats[0], seed=4, moves=10)
    obs = rules.observe(state, state.to_move)
    small = None if level == "easy" else Budget(40, 0.5 if level == "hard" else 1.0)
    decision, _ = _run(obs, level, 1, small)
    assert decision.action in obs.legal


def test_a_lone_legal_action_is_taken_without_search() -> None:
    rules = create("block", players=2)
    state = rules.new_match(1, first=1)
    lead = rules.legal_actions(state)[0]
    state = rules.apply(state, lead)
    while len(rules.legal_actions(state)) != 1:
        state = rules.apply(state, rules.legal_actions(state)[0])
    decision, progress = _run(rules.observe(state, state.to_move))
    assert decision.how == "only" and decision.playouts == 0 and progress == []


def test_search_refuses_a_seat_not_to_move_and_an_unknown_level() -> None:
    rules = create("block", players=2)
    state = rules.new_match(1, first=1)
    with pytest.raises(ValueError, match="not to move"):
        ai.decide(rules.observe(state, 2))
    with pytest.raises(ValueError, match="not a level"):
        ai.decide(rules.observe(state, 1), "expert")


def test_f35_search_takes_the_only_ten_in_all_fives() -> None:
    """F-35: the one lead that scores ten (a spinner too) is found."""
    rules = create("all_fives", players=2)
    deal = {
        "hands": [
            ["5-5", "6-3", "1-0", "2-1", "3-1", "4-1", "2-0", "3-0", "4-0"],
            ["6-6", "6-5", "6-4", "6-2", "6-1", "6-0", "5-4", "5-3", "5-2"],
        ],
        "boneyard": ["5-1", "5-0", "4-4", "4-3", "4-2", "3-3", "3-2", "2-2", "1-1", "0-0"],
    }
    state = rules.new_match(1, deals=[deal], first=1)
    decision, _ = _run(rules.observe(state, 1), seed=1, budget=Budget(2000))
    assert decision.action == Action(Kind.LEAD, rules.parse_action(state, "lead 5-5").tile)


# -- heuristics, players, C-08 ----------------------------------------------------------------


def test_heuristics_pick_heaviest_accompanied_and_greedy() -> None:
    rules = create("block", players=2)
    deal = {
        "hands": [
            ["6-6", "5-1", "5-2", "5-3", "1-0", "2-0", "3-0"],
            ["4-4", "4-3", "4-2", "4-1", "4-0", "3-3", "2-2"],
        ],
        "unused": [
            "6-5", "6-4", "6-3", "6-2", "6-1", "6-0", "5-5", "5-4", "5-0",
            "3-2", "3-1", "2-1", "1-1", "0-0",
        ],
    }  # fmt: skip
    state = rules.new_match(1, deals=[deal], first=1)
    obs = rules.observe(state, 1)
    pick = random.Random(0)
    assert str(heuristics.play_heaviest(obs, pick)) == "lead 6-6"
    assert str(heuristics.play_accompanied(obs, pick)) == "lead 5-3"  # 5s and 3s: four others
    assert str(heuristics.play_random(obs, pick)) in {str(a) for a in obs.legal}


def test_player_specs() -> None:
    rules, state = _position("all_fives", 2)
    obs = rules.observe(state, state.to_move)
    for spec in ("random", "greedy", "heuristic:heaviest", "heuristic:accompanied", "mc:easy"):
        assert ai.player(spec)(obs, 1) in obs.legal
    assert ai.player("mc:50:0.5")(obs, 1) in obs.legal  # an explicit budget, for experiments
    assert ai.player("mc:50:0.5:0:read0.5:model")(obs, 1) in obs.legal
    for bad in ("mc:superhuman", "mc:0", "mc:10:2", "mc:10:peek", "heuristic:psychic"):
        with pytest.raises(ValueError, match="not a player"):
            ai.player(bad)


def _cuban_accept_with_doubles():
    rules = create("cuban", players=4)
    doubles = ["9-9", "8-8", "7-7", "6-6", "5-5"]
    rest = [str(t) for t in rules.tiles if str(t) not in doubles]
    hands = [doubles + rest[:5], rest[5:15], rest[15:25], rest[25:35]]
    deal = {"hands": hands, "unused": rest[35:]}
    state = rules.new_match(1, deals=[deal, deal], first=1)
    return rules, state


@pytest.mark.skipif("cuban" not in names(), reason="cuban is not registered yet")
@pytest.mark.parametrize(
    "spec", ["mc:easy", "mc:normal", "mc:hard", "random", "heuristic:heaviest"]
)
def test_c08_a_computer_with_five_doubles_always_asks_for_a_redeal(spec: str) -> None:
    """C-08: five or more doubles: every computer player demands the redeal."""
    rules, state = _cuban_accept_with_doubles()
    obs = rules.observe(state, 1)
    assert Action(Kind.REDEAL) in obs.legal
    assert ai.player(spec)(obs, 3) == Action(Kind.REDEAL)
    assert "new deal" in said(ai.hint(obs).reason)


# -- hints ---------------------------------------------------------------------------------------


def test_hint_scores_ten() -> None:
    """F-35: the hint names the points a scoring play makes."""
    rules = create("all_fives", players=2)
    deal = {
        "hands": [
            ["5-5", "6-3", "1-0", "2-1", "3-1", "4-1", "2-0", "3-0", "4-0"],
            ["6-6", "6-5", "6-4", "6-2", "6-1", "6-0", "5-4", "5-3", "5-2"],
        ],
        "boneyard": ["5-1", "5-0", "4-4", "4-3", "4-2", "3-3", "3-2", "2-2", "1-1", "0-0"],
    }
    state = rules.new_match(1, deals=[deal], first=1)
    got = ai.hint(rules.observe(state, 1))
    assert str(got.action) == "lead 5-5"
    assert said(got.reason) == "scores 10"


def test_hint_reasons_cover_the_open_double_and_keep_a_lone_number() -> None:
    rules = create("block", players=2)
    state = rules.new_match(1, first=1)
    obs = rules.observe(state, 1)
    six_six = rules.parse_action(state, "lead 6-6").tile
    assert isinstance(obs.table, LineState) and six_six is not None
    from game.rules import line as ln

    table = obs.table.evolve(line=ln.start(six_six, False))
    hand = tuple(rules.parse_action(state, f"lead {t}").tile for t in ("6-1", "6-2", "5-0", "4-3"))
    covering = Decision(Action(Kind.PLAY, hand[0], "W"), how="search")
    obs2 = type(obs)(**{**obs.__dict__, "table": table, "hand": hand, "legal": ()})
    assert said(reason(obs2, covering)) == "covers the open double"
    five_two_lead = rules.parse_action(state, "lead 5-2").tile
    assert five_two_lead is not None
    plain = obs.table.evolve(line=ln.start(five_two_lead, False))
    hand = tuple(rules.parse_action(state, f"lead {t}").tile for t in ("5-1", "2-0", "6-6", "4-4"))
    legal = (Action(Kind.PLAY, hand[0], "W"), Action(Kind.PLAY, hand[1], "E"))
    obs3 = type(obs)(**{**obs.__dict__, "table": plain, "hand": hand, "legal": legal})
    assert said(reason(obs3, Decision(legal[1], how="search"))) == "keeps your only 1"
    assert said(reason(obs3, Decision(Action(Kind.PASS), how="only"))) == "nothing fits: pass"


def test_hint_reasons_last_tile_and_trains() -> None:
    rules = create("block", players=2)
    state = rules.new_match(1, first=1)
    obs = rules.observe(state, 1)
    from game.rules import line as ln

    five_two = rules.parse_action(state, "lead 5-2").tile
    last = rules.parse_action(state, "lead 2-1").tile
    assert five_two is not None
    plain = obs.table.evolve(line=ln.start(five_two, False))
    one = type(obs)(**{**obs.__dict__, "table": plain, "hand": (last,), "legal": ()})
    last_play = Decision(Action(Kind.PLAY, last, "E"), how="only")
    assert said(reason(one, last_play)) == "plays your last tile"
    trains = create("mexican_train", players=3)
    _, state = _position("mexican_train", 3, seed=1, moves=12)
    obs = trains.observe(state, state.to_move)
    for action in obs.legal:
        assert said(reason(obs, Decision(action, how="search")))


def test_hint_is_the_normal_search_for_the_seat_to_move() -> None:
    rules, state = _position("draw", 2, seed=3)
    obs = rules.observe(state, state.to_move)
    got = ai.hint(obs, seed=2)
    assert got.action == ai.decide(obs, "normal", 2)
    assert isinstance(got.reason, Reason) and said(got.reason)


# -- tools -----------------------------------------------------------------------------------------


def test_arena_reports_win_rate_points_and_interval() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "arena.py"), "--rules", "block", "--players", "2",
         "--a", "heuristic:heaviest", "--b", "random", "--hands", "6", "--seed", "3", "--json"],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    report = json.loads(out.stdout)
    assert report["games"] == 12
    low, high = report["win_rate_ci95"]
    assert low <= report["win_rate_a"] <= high
    assert {"points_per_hand_a", "points_per_hand_b", "points_diff_ci95"} <= set(report)


def test_arena_share_interval_stays_within_nought_and_one() -> None:
    """The share's interval is Wilson's (tools/arena_stats.py): inside 0..1 by construction,
    touching 1 only when every hand was won and 0 only when none was."""
    from tools import arena

    won, half, lost = (1.0, 0.0, 0.0), (0.5, 0.0, 0.0), (0.0, 0.0, 0.0)
    cases = {
        "all won": [[won, won], [won, won], [won, won]],
        "nearly all": [[won, won], [won, won], [won, half]],
        "nearly none": [[lost, lost], [lost, lost], [lost, half]],
        "none": [[lost, lost], [lost, lost], [lost, lost]],
        "mixed": [[won, lost], [lost, won], [won, half]],
    }
    got = {name: arena.summary(pairs, 3) for name, pairs in cases.items()}
    for report in got.values():
        low, high = report["win_rate_ci95"]
        assert 0.0 <= low <= report["win_rate_a"] <= high <= 1.0
    assert got["all won"]["win_rate_ci95"][1] == 1.0 > got["nearly all"]["win_rate_ci95"][1]
    assert got["none"]["win_rate_ci95"][0] == 0.0 < got["nearly none"]["win_rate_ci95"][0]
    assert got["mixed"]["win_rate_ci95"][0] > 0.0


def test_arena_refuses_a_bad_spec_in_one_line() -> None:
    out = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "arena.py"), "--rules", "block", "--players", "2",
         "--a", "mc:godlike", "--b", "random", "--hands", "1"],
        capture_output=True, text=True,
    )  # fmt: skip
    assert out.returncode == 2 and "not a player" in out.stderr


def test_arena_goes_on_from_its_file_after_a_stop(tmp_path: Path) -> None:
    """``--out``: a stopped run (its last line cut short) is taken up where it was, and the
    report is the one a run without stopping gives; a file of another run is refused."""
    from tools import arena

    spec = ("block", 2, "heuristic:heaviest", "random")
    out = tmp_path / "deals.jsonl"
    arena.run(*spec, hands=8, seed=3, out=str(out))
    lines = out.read_text().splitlines()
    assert len(lines) == 9 and json.loads(lines[0])["plan"]["seed"] == 3
    out.write_text("\n".join(lines[:5] + [lines[5][:20]]) + "\n")  # stopped mid-line, 4 done
    resumed = arena.run(*spec, hands=8, seed=3, out=str(out), jobs=2)
    whole = arena.run(*spec, hands=8, seed=3)
    assert len(out.read_text().splitlines()) == 9
    for report in (resumed, whole):
        report.pop("seconds")
        report["think_a"].pop("median_s"), report["think_a"].pop("p90_s")
        report["think_b"].pop("median_s"), report["think_b"].pop("p90_s")
    assert resumed == whole and whole["think_a"]["decisions"] > 8
    with pytest.raises(ValueError, match="another run"):
        arena.run(*spec, hands=8, seed=4, out=str(out))


def test_arena_summary_reports_the_file_s_deals_and_plays_none(tmp_path: Path) -> None:
    """``--summary``: the report over the deals the file holds (a line still being written
    skipped), the file left byte for byte as it was; no file, or an empty one, is one line."""
    from tools import arena

    spec = ("block", 2, "heuristic:heaviest", "random")
    out = tmp_path / "deals.jsonl"
    arena.run(*spec, hands=4, seed=3, out=str(out))
    text = out.read_text() + '{"deal": 4, "pa'  # a fifth deal being written
    out.write_text(text)
    read = arena.run(*spec, hands=4, seed=3, out=str(out), summarise=True)
    assert out.read_text() == text
    played = arena.run(*spec, hands=4, seed=3)
    for report in (read, played):
        report.pop("seconds")
    assert read == played and read["hands"] == 4
    code = arena.main(
        ["--rules", "block", "--players", "2", "--a", "heuristic:heaviest", "--b", "random",
         "--seed", "3", "--hands", "4", "--out", str(tmp_path / "none.jsonl"), "--summary"]
    )  # fmt: skip
    assert code == 2 and not (tmp_path / "none.jsonl").exists()
    out.write_text(text.splitlines()[0] + "\n")
    with pytest.raises(ValueError, match="no deals yet"):
        arena.run(*spec, hands=4, seed=3, out=str(out), summarise=True)


def test_arena_duplicates_each_deal_with_the_seats_swapped() -> None:
    from tools import arena

    assert arena.sides(4, True) == ["A", "B", "A", "B"]
    assert arena.sides(3, False) == ["B", "A", "B"]
    one = arena.play_hand("block", 2, ["heuristic:heaviest", "random"], 5)
    two = arena.play_hand("block", 2, ["heuristic:heaviest", "random"], 5)
    one.pop("think"), two.pop("think")  # how long each took is not
    assert one == two  # a hand is reproducible from its seed
