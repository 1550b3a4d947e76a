"""The history of finished matches: kept, bounded, corrupt entries set aside, statistics."""

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from game import history as history_module
from game.files import read_json, write_json
from game.history import Entry, History, Player, statistics
from game.match import Match
from game.record import to_record
from game.saves import PENDING, Store

WHEN = datetime(2026, 12, 1, 14, 0, tzinfo=UTC)


def finished(seed: int = 1, rules: str = "block", **options: object) -> Match:
    """A match played to its end by always taking the first legal action."""
    options.setdefault("target", 1)
    match = Match.create(rules, 2, seats=["human", "computer"], seed=seed, **options)
    while not match.state.over:
        match.play(match.legal()[0])
    return match


def _seeds(history: History, entries: list[Entry]) -> list[int]:
    """The deal seed of each entry's match, read from its record."""
    return [(history.record(e) or {})["seed"] for e in entries]


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
    assert history.record(read) == to_record(match)
    replayed = history.open(read)
    assert replayed is not None and replayed.state == match.state


def test_only_the_newest_are_kept(tmp_path: Path) -> None:
    history = History(tmp_path, keep=3)
    for n in range(5):
        history.add(finished(seed=n), when=WHEN + timedelta(minutes=n))
    kept = history.entries()
    assert _seeds(history, kept) == [4, 3, 2]  # newest first
    assert len(list(tmp_path.glob("*.json"))) == 3


def test_two_matches_finishing_at_the_same_moment_are_both_kept(tmp_path: Path) -> None:
    history = History(tmp_path)
    history.add(finished(seed=1), when=WHEN)
    history.add(finished(seed=2), when=WHEN)
    assert sorted(_seeds(history, history.entries())) == [1, 2]


def test_a_corrupt_entry_is_set_aside_in_one_line_and_loses_no_other(tmp_path: Path) -> None:
    history = History(tmp_path)
    for n in range(3):
        history.add(finished(seed=n), when=WHEN + timedelta(minutes=n))
    files = sorted(tmp_path.glob("*.json"))
    files[1].write_text("{not json", encoding="utf-8")
    kept = history.entries()
    assert _seeds(history, kept) == [2, 0]
    assert "\n" not in history.note and f"{files[1].stem}.bad-1.json" in history.note
    assert (tmp_path / f"{files[1].stem}.bad-1.json").exists()
    assert not files[1].exists()
    again = History(tmp_path)
    assert _seeds(again, again.entries()) == [2, 0]  # for good


def test_a_foreign_or_malformed_entry_is_refused_by_field(tmp_path: Path) -> None:
    history = History(tmp_path)
    entry = history.add(finished(), when=WHEN)
    assert entry is not None
    good = json.loads((tmp_path / entry.file).read_text(encoding="utf-8"))
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
        json.dumps({**json.loads((tmp_path / entry.file).read_text()), "scores": "many"}),
        encoding="utf-8",
    )
    assert history.entries() == []
    assert "'scores' must list 2 numbers" in history.note
    assert "\n" not in history.note


def test_a_record_that_no_longer_replays_is_set_aside_when_opened(tmp_path: Path) -> None:
    history = History(tmp_path)
    entry = history.add(finished(), when=WHEN)
    assert entry is not None
    data = json.loads((tmp_path / entry.file).read_text(encoding="utf-8"))
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
    assert store.history.record(entry) == to_record(match)


def test_the_same_match_finished_again_replaces_its_entry(tmp_path: Path) -> None:
    store = Store(tmp_path)
    match = finished()
    store.save_match(match)
    match.restart_round()
    while not match.state.over:
        match.play(match.legal()[-1])
    store.save_match(match)
    [entry] = store.history.entries()
    assert store.history.record(entry) == to_record(match)
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
    assert store.history.record(entry) == to_record(match)


def test_a_match_in_play_is_not_history(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_match(Match.create("block", 2, seed=1))
    assert store.history.entries() == []


def test_the_history_lives_in_the_user_data_folder() -> None:
    import os

    store = Store()
    assert store.history.folder == Path(os.environ["XDG_DATA_HOME"]) / "boneyard" / "history"


def test_a_finished_match_the_history_cannot_take_waits_on_disk_until_it_can(
    tmp_path: Path,
) -> None:
    """Issue 34 finding 1: the save was cleared though the history had failed, and the
    match existed nowhere; issue 48 finding 1: kept in the save, the next match wrote over
    it. Now it is written apart, as a pending entry, with one line saying where, and goes
    to the history at the next start that can write it."""
    store = Store(tmp_path)
    (tmp_path / "history").write_text("a file where the folder goes", encoding="utf-8")
    match = finished()
    assert not store.save_match(match)
    (note,) = store.notes
    assert "could not be kept in the history" in note and "is a file" in note
    assert f"kept on disk in {tmp_path / PENDING}" in note and "\n" not in note
    actions = to_record(match)["actions"]
    assert not store.match_path.exists()  # the next match's save cannot touch it
    (pending,) = (tmp_path / PENDING).glob("*.json")
    assert json.loads(pending.read_text())["record"]["actions"] == actions
    again = Store(tmp_path)  # the next start: the history still cannot
    again.settle()
    assert again.load_match() is None and pending.exists()
    (note,) = again.notes
    assert note.startswith(f"One finished match waits in {tmp_path / PENDING}")
    (tmp_path / "history").unlink()
    later = Store(tmp_path)
    later.settle()
    assert not later.notes and not pending.exists()
    (entry,) = later.history.entries()
    assert (later.history.record(entry) or {})["actions"] == actions
    assert entry.file == pending.name  # it keeps its moment: it sorts where it belongs


# -- history in bounded memory (issue 48 finding 3) -----------------------------------------


def _filled(folder: Path, n: int = 4) -> History:
    history = History(folder)
    for i in range(n):
        history.add(finished(seed=i), names=[f"P{i}"], when=WHEN + timedelta(minutes=i))
    return history


def test_an_entry_in_memory_holds_its_facts_and_never_its_record(tmp_path: Path) -> None:
    """Found: History kept every record in memory (200 entries of 5 MB peaked at 2.2 GB)."""
    history = _filled(tmp_path / "history")
    for entry in history.entries():
        assert not any(isinstance(v, dict) for v in vars(entry).values())
        assert "record" not in vars(entry)


def test_the_list_and_the_statistics_read_the_index_and_no_entry(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = tmp_path / "history"
    first = _filled(folder).entries()  # the first list writes the index
    assert (tmp_path / "history.index.json").is_file()
    read: list[str] = []
    real = read_json

    def counting(path: Path, *args: Any) -> Any:
        read.append(path.name)
        return real(path, *args)

    monkeypatch.setattr(history_module, "read_json", counting)
    again = History(folder)
    assert again.entries() == first
    names = {t.player.name for t in again.statistics()["block"]}
    assert names == {"P0", "P1", "P2", "P3", None}  # (None: the computer, by its seat)
    assert read == ["history.index.json", "history.index.json"]  # no entry file was read
    record = again.record(first[0])  # a record is read for Replay or Export only
    assert record is not None and record["seed"] == 3
    assert read[-1] == first[0].file


def test_an_entry_changed_since_the_index_is_read_again(tmp_path: Path) -> None:
    folder = tmp_path / "history"
    entry = _filled(folder).entries()[0]
    path = folder / entry.file
    data = json.loads(path.read_text(encoding="utf-8"))
    write_json(path, {**data, "names": ["Zed", None]})  # the same size, as a rewrite may be
    (read,) = [e for e in History(folder).entries() if e.file == entry.file]
    assert read.names == ("Zed", None)


@pytest.mark.parametrize(
    "index",
    [
        "not json",
        '{"format": "other"}',
        '{"format": "boneyard-history-index/1", "entries": []}',
        "[]",
    ],
)
def test_a_bad_index_is_rebuilt_from_the_entries(tmp_path: Path, index: str) -> None:
    folder = tmp_path / "history"
    entries = _filled(folder).entries()
    (tmp_path / "history.index.json").write_text(index, encoding="utf-8")
    history = History(folder)
    assert history.entries() == entries and not history.note
    rebuilt = json.loads((tmp_path / "history.index.json").read_text(encoding="utf-8"))
    assert sorted(rebuilt["entries"]) == sorted(e.file for e in entries)


@pytest.mark.parametrize(
    "facts",
    [
        {"rules": "../../etc"},
        {"scores": [1e308, 0]},
        {"names": ["\u202eevil", None]},
        {"winner": [9]},
        {"seats": ["human"] * 40},
        {"rounds": -1},
    ],
)
def test_facts_in_the_index_are_checked_as_an_entrys_own(
    tmp_path: Path, facts: dict[str, Any]
) -> None:
    """An index edited to say what its entry does not: checked, refused, and the entry's
    own file read instead (the index is a cache, never an authority)."""
    folder = tmp_path / "history"
    entries = _filled(folder).entries()
    path = tmp_path / "history.index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    stamp = index["entries"][entries[0].file]
    stamp["facts"] = {**stamp["facts"], **facts}
    path.write_text(json.dumps(index), encoding="utf-8")
    history = History(folder)
    assert history.entries() == entries and not history.note
