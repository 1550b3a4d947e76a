"""The history of finished matches: kept, bounded, corrupt entries set aside, statistics."""

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from game.history import History, Player, statistics
from game.match import Match
from game.record import to_record
from game.saves import Store

WHEN = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)


def finished(seed: int = 1, rules: str = "block", **options: object) -> Match:
    """A match played to its end by always taking the first legal action."""
    options.setdefault("target", 1)
    match = Match.create(rules, 2, seats=["human", "computer"], seed=seed, **options)
    while not match.state.over:
        match.play(match.legal()[0])
    return match


def test_a_finished_match_is_kept_with_its_facts(tmp_path: Path) -> None:
    history = History(tmp_path)
    match = finished()
    entry = history.add(match, names=["Ana"], when=WHEN)
    assert entry is not None
    [read] = history.entries()
    assert read == entry
    assert read.finished == "2026-12-01T14:00:00Z"
    assert (read.rules, read.seats, read.names) == ("block", ("human", "computer"), ("Ana", None))
    assert read.scores == tuple(match.state.scores)
    assert match.state.winner is not None and read.winner == tuple(match.state.winner)
    assert read.record == to_record(match)
    replayed = history.open(read)
    assert replayed is not None and replayed.state == match.state


def test_only_the_newest_are_kept(tmp_path: Path) -> None:
    history = History(tmp_path, keep=3)
    for n in range(5):
        history.add(finished(seed=n), when=WHEN + timedelta(minutes=n))
    kept = history.entries()
    assert [e.record["seed"] for e in kept] == [4, 3, 2]  # newest first
    assert len(list(tmp_path.glob("*.json"))) == 3


def test_two_matches_finishing_at_the_same_moment_are_both_kept(tmp_path: Path) -> None:
    history = History(tmp_path)
    history.add(finished(seed=1), when=WHEN)
    history.add(finished(seed=2), when=WHEN)
    assert sorted(e.record["seed"] for e in history.entries()) == [1, 2]


def test_a_corrupt_entry_is_set_aside_in_one_line_and_loses_no_other(tmp_path: Path) -> None:
    history = History(tmp_path)
    for n in range(3):
        history.add(finished(seed=n), when=WHEN + timedelta(minutes=n))
    files = sorted(tmp_path.glob("*.json"))
    files[1].write_text("{not json", encoding="utf-8")
    kept = history.entries()
    assert [e.record["seed"] for e in kept] == [2, 0]
    assert "\n" not in history.note and f"{files[1].stem}.bad-1.json" in history.note
    assert (tmp_path / f"{files[1].stem}.bad-1.json").exists()
    assert not files[1].exists()
    assert [e.record["seed"] for e in History(tmp_path).entries()] == [2, 0]  # for good


def test_a_foreign_or_malformed_entry_is_refused_by_field(tmp_path: Path) -> None:
    history = History(tmp_path)
    entry = history.add(finished(), when=WHEN)
    assert entry is not None
    good = entry.to_json()
    for change, words in (
        ({"format": "other"}, "format"),
        ({"scores": [1]}, "scores"),
        ({"winner": [3]}, "winner"),
        ({"names": [1, None]}, "names"),
        ({"record": []}, "record"),
    ):
        (tmp_path / entry.file).write_text(json.dumps({**good, **change}), encoding="utf-8")
        history = History(tmp_path)
        assert history.entries() == [], change
        assert words in history.note and "\n" not in history.note
        [aside] = tmp_path.glob("*.bad-*.json")
        aside.unlink()


def test_each_refusal_names_the_field(tmp_path: Path) -> None:
    history = History(tmp_path)
    entry = history.add(finished(), when=WHEN)
    assert entry is not None
    (tmp_path / entry.file).write_text(
        json.dumps({**entry.to_json(), "scores": "many"}), encoding="utf-8"
    )
    assert history.entries() == []
    assert "'scores' must list 2 numbers" in history.note
    assert "\n" not in history.note


def test_a_record_that_no_longer_replays_is_set_aside_when_opened(tmp_path: Path) -> None:
    history = History(tmp_path)
    entry = history.add(finished(), when=WHEN)
    assert entry is not None
    data = entry.to_json()
    data["record"]["actions"][0] = "play 6-6 N"
    (tmp_path / entry.file).write_text(json.dumps(data), encoding="utf-8")
    [bad] = history.entries()
    assert history.open(bad) is None
    assert "step 0" in history.note and "\n" not in history.note
    assert history.entries() == []


def test_statistics_by_name_else_by_seat() -> None:
    a, b = finished(seed=1), finished(seed=2)
    history = [
        _entry(a, ["Ana", None]),
        _entry(b, [None, None]),
        _entry(finished(seed=3, rules="draw"), ["Ana", None]),
    ]
    stats = statistics(history)
    block = {t.player: t for t in stats["block"]}
    ana = block[Player("Ana", None, "human")]
    seat1 = block[Player(None, 1, "human")]
    computer = block[Player(None, 2, "computer")]
    assert (ana.played, seat1.played, computer.played) == (1, 1, 2)
    assert a.state.winner is not None and b.state.winner is not None
    assert ana.won == (1 in a.state.winner)
    assert computer.won == (2 in a.state.winner) + (2 in b.state.winner)
    assert computer.average == (a.state.scores[1] + b.state.scores[1]) / 2
    assert [t.player for t in stats["draw"]][0] == Player("Ana", None, "human")


def _entry(match: Match, names: list[str | None]):
    from game.history import entry_of

    return entry_of(match, "x.json", WHEN, names)


def test_the_store_keeps_a_match_that_ends_once(tmp_path: Path) -> None:
    store = Store(tmp_path)
    match = finished()
    assert store.save_match(match)
    assert store.save_match(match)  # saved again (leaving the table): still one entry
    assert not store.match_path.exists()
    [entry] = store.history.entries()
    assert entry.record == to_record(match)


def test_the_same_match_finished_again_replaces_its_entry(tmp_path: Path) -> None:
    store = Store(tmp_path)
    match = finished()
    store.save_match(match)
    match.restart_round()
    while not match.state.over:
        match.play(match.legal()[-1])
    store.save_match(match)
    [entry] = store.history.entries()
    assert entry.record == to_record(match)
    match.new_match(seed=99)  # a new match on the same table is a new entry
    while not match.state.over:
        match.play(match.legal()[0])
    store.save_match(match)
    assert len(store.history.entries()) == 2


def test_a_finished_match_left_in_the_save_goes_to_the_history(tmp_path: Path) -> None:
    from game.record import save

    store = Store(tmp_path)
    match = finished()
    save(match, store.match_path)  # as a crash between the last move and the clearing leaves it
    assert store.load_match() is None
    assert not store.match_path.exists()
    [entry] = store.history.entries()
    assert entry.record == to_record(match)


def test_a_match_in_play_is_not_history(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_match(Match.create("block", 2, seed=1))
    assert store.history.entries() == []


def test_the_history_lives_in_the_user_data_folder() -> None:
    import os

    store = Store()
    assert store.history.folder == Path(os.environ["XDG_DATA_HOME"]) / "boneyard" / "history"


def test_a_finished_match_the_history_cannot_take_stays_saved_until_it_can(
    tmp_path: Path,
) -> None:
    """Issue 34 finding 1: the save was cleared though the history had failed, and the
    match existed nowhere. Now it stays saved, finished, with one line, and goes to the
    history at the next start that can write it."""
    store = Store(tmp_path)
    (tmp_path / "history").write_text("a file where the folder goes", encoding="utf-8")
    match = finished()
    assert not store.save_match(match)
    (note,) = store.notes
    assert "could not be kept in the history" in note and "is a file" in note
    assert "stays saved" in note and "\n" not in note
    actions = to_record(match)["actions"]
    assert json.loads(store.match_path.read_text())["actions"] == actions
    resumed = Store(tmp_path).load_match()  # the next start: the history still cannot
    assert resumed is not None and resumed.state.over
    assert to_record(resumed)["actions"] == actions
    (tmp_path / "history").unlink()
    later = Store(tmp_path)
    assert later.load_match() is None  # kept now, and the save cleared
    assert not later.match_path.exists()
    (entry,) = later.history.entries()
    assert entry.record["actions"] == actions
