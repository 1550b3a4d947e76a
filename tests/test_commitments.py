"""Deals anyone can check: a commitment shown before each deal's first move, its salt
revealed with the hands, checked by ``python -m game.record verify``.

Played matches of every rule set verify; a record whose reveal does not match (a salt,
a hash, a deal changed, a commitment to a deal never dealt, a malformed one) is refused
in one line by the tool, by loading and by the replay tool; the commitment says
nothing of the deal (the salt is the system's, not the seed's) and stays the same
through undo, redo and restart.
"""

from __future__ import annotations

import copy
import json
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from game import commitments
from game.match import Match
from game.record import RecordError, from_record, to_record, verify

TABLES = [
    ("block", 4),
    ("draw", 2),
    ("all_fives", 3),
    ("longana", 4),
    ("mexican_train", 5),
    ("cuban", 4),
]


def _played(rules: str, players: int, seed: int, moves: int = 10**6) -> Match:
    """A match of random moves, to its end or ``moves`` moves."""
    match = Match.create(rules, players, seats=["computer"] * players, seed=seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if match.state.winner is not None:
            break
        match.play(pick.choice(match.legal()))
    return match


def _tool(tmp_path: Path, record: Any, command: str = "verify") -> subprocess.CompletedProcess[str]:
    """``python -m game.record COMMAND`` on ``record`` written to a file."""
    path = tmp_path / "match.json"
    path.write_text(json.dumps(record))
    return subprocess.run(
        [sys.executable, "-m", "game.record", command, str(path)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


@pytest.mark.parametrize("rules, players", TABLES)
def test_a_finished_matchs_record_verifies_every_deal(
    tmp_path: Path, rules: str, players: int
) -> None:
    """Every deal of a finished match has its commitment, and the tool finds each one
    matching its revealed hands and salt."""
    match = _played(rules, players, seed=len(rules))
    assert match.state.winner is not None
    record = to_record(match)
    deals = match.state.deal_no
    assert [c["deal"] for c in record["commitments"]] == list(range(1, deals + 1))
    done = _tool(tmp_path, record)
    assert done.returncode == 0, done.stderr
    assert done.stderr == ""
    lines = done.stdout.splitlines()
    assert len(lines) == deals + 1
    for commitment, line in zip(record["commitments"], lines, strict=False):
        assert line.startswith(f"deal {commitment['deal']}: {commitment['hash']} ok")


def test_each_deal_is_committed_before_its_first_move_and_kept() -> None:
    """The commitment the table shows when a deal comes out is the one the record keeps
    at the end, and an undo past a deal, a redo and a restart show it again."""
    match = Match.create("draw", 2, seats=["human", "human"], seed=9)
    shown: dict[int, str] = {}
    pick = random.Random(3)
    while match.state.winner is None:
        commitment = match.commitment()
        assert commitment is not None
        shown.setdefault(commitment.deal, commitment.hash)
        assert shown[commitment.deal] == commitment.hash
        match.play(pick.choice(match.legal()))
    assert {c.deal: c.hash for c in match.commitments()} == shown
    assert len(shown) > 2
    while match.undo():
        pass
    assert _now(match) == match.commitments()[0] and _now(match).hash == shown[1]
    while match.redo():
        pass
    assert {c.deal: c.hash for c in match.commitments()} == shown
    match.restart_round()
    assert _now(match).hash == shown[match.state.deal_no]


def _now(match: Match) -> commitments.Commitment:
    commitment = match.commitment()
    assert commitment is not None
    return commitment


def test_the_commitment_tells_nothing_of_the_deal() -> None:
    """The same seed (so the same deal) gives another salt and hash in another match: the
    salt is fresh from the system, and only the salt and the deal give the hash."""
    one, two = (Match.create("block", 4, seed=5) for _ in range(2))
    first, second = one.commitment(), two.commitment()
    assert first is not None and second is not None
    assert one.state.hands == two.state.hands
    assert first.salt != second.salt and first.hash != second.hash
    assert commitments.digest(one.state, second.salt) == second.hash
    assert len(first.short) == commitments.SHOWN and first.hash.startswith(first.short)


def test_a_new_match_gets_new_salts() -> None:
    match = Match.create("block", 4, seed=5)
    before = match.commitment()
    match.new_match(seed=5)
    after = match.commitment()
    assert before is not None and after is not None
    assert before.salt != after.salt


def _tampered() -> list[tuple[str, Any]]:
    record = to_record(_played("draw", 3, seed=4))
    assert len(record["commitments"]) >= 3
    cases: list[tuple[str, Any]] = []

    def case(why: str, change: Any) -> None:
        bad = copy.deepcopy(record)
        change(bad)
        cases.append((why, bad))

    case("do not give the hash", lambda r: r["commitments"][1].update(salt="0" * 32))
    case("do not give the hash", lambda r: r["commitments"][0].update(hash="f" * 64))
    case(
        "do not give the hash",
        lambda r: r["commitments"][2].update(hash=r["commitments"][1]["hash"]),
    )
    case("never dealt", lambda r: r["commitments"].append({**r["commitments"][0], "deal": 99}))
    case("64 hex digits", lambda r: r["commitments"][0].update(hash="xyz"))
    case("hex digits", lambda r: r["commitments"][0].update(salt=12))
    case("a new number", lambda r: r["commitments"].append(r["commitments"][0]))
    case("a new number", lambda r: r["commitments"][0].update(deal=10**60))
    case("must be a list", lambda r: r.update(commitments="all fine"))
    case("a commitment is", lambda r: r["commitments"][0].pop("salt"))
    return cases


@pytest.mark.parametrize("why, record", _tampered())
def test_a_record_whose_reveal_does_not_match_is_refused_in_one_line(
    tmp_path: Path, why: str, record: Any
) -> None:
    """The tool exits 2 with one line that says why; loading and the replay tool refuse
    it the same way (the whole record is checked before anything is used)."""
    done = _tool(tmp_path, record)
    assert done.returncode == 2 and done.stdout == ""
    assert len(done.stderr.splitlines()) == 1 and why in done.stderr
    with pytest.raises(RecordError, match=why):
        from_record(record)
    replay = _tool(tmp_path, record, "replay")
    assert replay.returncode == 2 and replay.stdout == "" and why in replay.stderr


def test_a_record_from_before_commitments_still_plays_but_does_not_verify(
    tmp_path: Path,
) -> None:
    """A record with no commitments loads (its deals get salts of their own from then on)
    and replays; verify says in one line that it has nothing to check."""
    record = to_record(_played("block", 2, seed=3, moves=30))
    record.pop("commitments")
    match = from_record(record)
    assert len(match.commitments()) == match.state.deal_no
    done = _tool(tmp_path, record)
    assert done.returncode == 2 and "carries no commitments" in done.stderr
    missing = to_record(_played("block", 2, seed=3))
    missing["commitments"] = missing["commitments"][:1]
    with pytest.raises(RecordError, match="deal 2 has no commitment"):
        verify(missing)


def test_the_log_shows_each_hash_before_its_deals_first_move_and_the_salt_at_the_end() -> None:
    """The public log: the whole hash (in groups of eight) as a deal comes out, before any
    move of it; at the round's end its salt and the check made again."""
    from game.ui.words import narrate

    match = _played("block", 2, seed=6)
    made = match.commitments()
    steps = narrate.log_steps(match)
    texts = [[text for text, _style in step] for step in steps]
    grouped = [" ".join(c.hash[i : i + 8] for i in range(0, 64, 8)) for c in made]
    assert any(grouped[0] in line for line in texts[0])  # before the first action
    rounds_begin = [0] + [i for i, s in enumerate(texts) if any("ended" in t for t in s)]
    for deal, start in enumerate(rounds_begin[: len(made)], 1):
        assert any(f"Deal {deal} fixed" in t and grouped[deal - 1] in t for t in texts[start])
    salts = [t for step in texts for t in step if "salt" in t]
    assert len(salts) == len(match.state.results)
    assert all(t.endswith("fixed before the first move ✓") for t in salts)
    assert made[0].salt[:8] in salts[0]
