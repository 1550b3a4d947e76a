"""Match records and the replay tool, to the letter of docs/DESIGN.md."""

import json
import random
import re
import subprocess
import sys
from pathlib import Path

import pytest

from game.match import Match
from game.record import FORMAT, RecordError, from_record, load, replay_lines, save, to_record

ROOT = Path(__file__).resolve().parents[1]


def _finished(rules: str = "all_fives", players: int = 3, seed: int = 42) -> Match:
    match = Match.create(rules, players, ["human"] + ["computer"] * (players - 1), seed=seed)
    pick = random.Random(seed)
    while not match.state.over:
        match.play(pick.choice(match.legal()))
    return match


def _replay(tmp_path: Path, record: object, *flags: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "match.json"
    path.write_text(record if isinstance(record, str) else json.dumps(record))
    return subprocess.run(
        [sys.executable, "-m", "game.record", "replay", str(path), *flags],
        capture_output=True,
        text=True,
        cwd=ROOT,
    )


def test_a_record_round_trips_through_json(tmp_path: Path) -> None:
    match = _finished()
    save(match, tmp_path / "save.json")
    again = load(tmp_path / "save.json")
    assert again.state == match.state and again.actions == match.actions
    record = json.loads((tmp_path / "save.json").read_text())
    assert record["format"] == FORMAT and record["rules"] == "all_fives"
    assert record["seats"] == ["human", "computer", "computer"]
    assert all(isinstance(a, str) for a in record["actions"])


def test_replay_prints_a_line_before_each_action_and_a_final_line(tmp_path: Path) -> None:
    match = _finished()
    out = _replay(tmp_path, to_record(match), "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert len(lines) == len(match.actions) + 1
    assert list(lines[0]) == ["step", "round", "to_move", "legal", "scores"]
    assert lines[0]["step"] == 0 and lines[0]["round"] == 1 and lines[0]["scores"] == [0, 0, 0]
    assert all(line["legal"] == sorted(line["legal"]) for line in lines)
    final = lines[-1]
    assert list(final) == ["final", "round", "to_move", "legal", "scores", "winner"]
    assert final["final"] is True and final["to_move"] is None and final["legal"] == []
    assert match.state.winner is not None and final["winner"] == list(match.state.winner)
    assert final["scores"] == list(match.state.scores)
    assert out.stdout.splitlines()[0].startswith('{"step": 0, "round": 1, "to_move": ')


def test_replay_follows_the_first_option_and_explicit_deals(tmp_path: Path) -> None:
    deal = {
        "hands": [["6-6", "6-5"], ["5-5", "5-4"]],
        "boneyard": [],
        "unused": [
            str(t)
            for t in Match.create("block", 2).ruleset.tiles
            if str(t) not in {"6-6", "6-5", "5-5", "5-4"}
        ],
    }
    record = {
        "format": FORMAT,
        "rules": "block",
        "players": 2,
        "options": {"first": 2, "hand_size": 2},
        "seed": 1,
        "seats": ["human", "human"],
        "deals": [deal],
        "actions": ["lead 5-5", "play 6-5 W", "play 5-4 E"],
    }
    out = _replay(tmp_path, record, "--json")
    assert out.returncode == 0, out.stderr
    lines = [json.loads(line) for line in out.stdout.splitlines()]
    assert lines[0] == {
        "step": 0,
        "round": 1,
        "to_move": 2,
        "legal": ["lead 5-4", "lead 5-5"],
        "scores": [0, 0],
    }
    assert lines[1]["legal"] == ["play 6-5 E", "play 6-5 W"]  # sorted text, one per end
    # Seat 2 went out: it scores seat 1's 6-6 (F-24) and leads round 2.
    assert lines[-1]["scores"] == [0, 12] and lines[-1]["round"] == 2
    assert lines[-1]["to_move"] == 2 and lines[-1]["winner"] is None


def test_an_illegal_action_exits_2_naming_the_step_and_prints_nothing_else(
    tmp_path: Path,
) -> None:
    record = to_record(_finished())
    record["actions"][5] = "play 6-6 N"
    out = _replay(tmp_path, record, "--json")
    assert out.returncode == 2
    assert out.stdout == ""
    assert out.stderr.count("\n") == 1 and out.stderr.startswith("step 5 ('play 6-6 N'): ")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "other/1"}, "'format' must be"),
        ({"rules": "poker"}, "There is no rule set 'poker'"),
        ({"players": 7}, "takes 2 to 4 players, not 7"),
        ({"players": "two"}, "'players' must be a whole number"),
        ({"seed": None}, "'seed' must be a whole number"),
        ({"options": {"jokers": True}}, "has no option 'jokers'"),
        ({"options": {"first": 9}}, "option 'first' must be a seat"),
        ({"seats": ["human", "alien", "human"]}, "'alien' is not a seat"),
        ({"deals": [{"hands": [["6-6"]]}]}, "Deal 1 has 1 hands for 3 seats"),
        ({"actions": "lead 6-6"}, "'actions' must be a list"),
        ({"actions": [42]}, "step 0: the action must be text"),
        ({"actions": ["lead 6-6", "dance"]}, "step 1 ('dance')"),
    ],
)
def test_a_malformed_record_is_refused_in_one_line(
    tmp_path: Path, change: dict[str, object], message: str
) -> None:
    record = {
        "format": FORMAT,
        "rules": "block",
        "players": 3,
        "options": {},
        "seed": 9,  # the seat the lot picks holds 6-6 (the deal and lot of seeding.py)
        "seats": ["human", "human", "human"],
        "actions": [],
    }
    record.update(change)
    with pytest.raises(RecordError, match=re.escape(message)):
        list(replay_lines(record))
    out = _replay(tmp_path, record, "--json")
    assert out.returncode == 2 and out.stdout == ""
    assert message.split("'")[0] in out.stderr and out.stderr.count("\n") == 1


def test_a_file_that_is_not_json_is_refused(tmp_path: Path) -> None:
    out = _replay(tmp_path, "{not json", "--json")
    assert out.returncode == 2 and out.stdout == "" and "not a JSON match record" in out.stderr
    with pytest.raises(RecordError, match="not a JSON match record"):
        load(tmp_path / "match.json")


def test_the_same_record_replays_to_the_same_match() -> None:
    match = _finished("draw", 4, seed=3)
    assert from_record(to_record(match)).state == match.state


def test_plain_replay_reads_like_a_log(tmp_path: Path) -> None:
    out = _replay(tmp_path, to_record(_finished("block", 2, seed=1)))
    assert out.returncode == 0
    assert out.stdout.splitlines()[0].startswith("step 0: round 1, Seat ")
    assert out.stdout.splitlines()[-1].startswith("final: round ")
