"""Every name read from a file is checked before it is drawn (game/names.py).

A name is a short line a player could have typed: text of at most 20 characters once
stripped, with no control characters or bidirectional overrides. A bad name is dropped
(its seat is "Seat N" again) and the rest of the file kept; a ``names`` field of the
wrong shape (not a list, the wrong length, an entry neither text nor null) refuses the
whole file in one line. Each file that holds names is tried: the record, the match in
play, a history entry and the settings.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from game.history import History
from game.match import Match
from game.names import NAME_MAX, clean_name
from game.record import RecordError, from_record, main, to_record
from game.saves import Store
from game.settings import Settings

HOSTILE = ["x" * 500, "An\x1ba", "Bo\nb", "\u202eanA", "  ", "x" * (NAME_MAX + 1)]
WRONG_SHAPES = ["Ana", {"1": "Ana"}, ["Ana"], ["Ana", None, None], [7, None], [["Ana"], None]]


def _record(names: Any = None) -> dict[str, Any]:
    match = Match.create("block", 2, seats=["human", "human"], seed=5, names=["Ana", "Bo"])
    match.play(sorted(match.legal(), key=str)[0])
    record = to_record(match)
    if names is not None:
        record["names"] = names
    return record


def test_a_name_is_short_printable_text_once_stripped() -> None:
    assert clean_name("  Ana ") == "Ana"
    assert clean_name("x" * NAME_MAX) == "x" * NAME_MAX
    assert clean_name("ليلى") == "ليلى"  # any script a player types
    for bad in [*HOSTILE, 7, None, ["Ana"], ""]:
        assert clean_name(bad) is None, bad


@pytest.mark.parametrize("bad", HOSTILE)
def test_a_hostile_name_in_a_record_is_dropped_and_the_rest_kept(bad: str) -> None:
    match = from_record(_record([bad, "Bo"]))
    assert match.names == (None, "Bo") and len(match.actions) == 1


@pytest.mark.parametrize("shape", WRONG_SHAPES)
def test_names_of_the_wrong_shape_refuse_the_record_in_one_line(shape: Any) -> None:
    with pytest.raises(RecordError) as refused:
        from_record(_record(shape))
    assert "'names'" in str(refused.value) and "\n" not in str(refused.value)


def test_the_replay_tool_refuses_such_a_record_with_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.json"
    path.write_text(json.dumps(_record([["Ana"], None])), encoding="utf-8")
    assert main(["replay", str(path)]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and captured.err.count("\n") == 1 and "'names'" in captured.err


def test_the_match_in_play_keeps_its_names_and_drops_a_hostile_one(tmp_path: Path) -> None:
    store = Store(tmp_path)
    match = Match.create("block", 2, seats=["human", "human"], seed=5, names=["Ana", "Bo"])
    assert store.save_match(match)
    loaded = Store(tmp_path).load_match()
    assert loaded is not None and loaded.names == ("Ana", "Bo")
    data = json.loads(store.match_path.read_text(encoding="utf-8"))
    data["names"] = ["x" * 500, "Bo"]
    store.match_path.write_text(json.dumps(data), encoding="utf-8")
    loaded = Store(tmp_path).load_match()
    assert loaded is not None and loaded.names == (None, "Bo")


def test_a_save_with_names_of_the_wrong_shape_is_set_aside_in_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_match(Match.create("block", 2, seats=["human", "human"], seed=5))
    data = json.loads(store.match_path.read_text(encoding="utf-8"))
    store.match_path.write_text(json.dumps({**data, "names": [1, 2]}), encoding="utf-8")
    again = Store(tmp_path)
    assert again.load_match() is None
    (note,) = again.take_notes()
    assert "'names'" in note and "\n" not in note


def _finished() -> Match:
    match = Match.create(
        "block", 2, seats=["human", "computer"], seed=1, first=1, target=1, names=["Ana"]
    )
    while not match.state.over:
        match.play(sorted(match.legal(), key=str)[0])
    return match


def test_a_history_entry_keeps_the_match_names_and_drops_a_hostile_one(tmp_path: Path) -> None:
    history = History(tmp_path)
    entry = history.add(_finished(), when=datetime(2026, 12, 1, tzinfo=UTC))
    assert entry is not None and entry.names == ("Ana", None)
    assert (history.record(entry) or {})["names"] == ["Ana", None]
    path = tmp_path / entry.file
    data = json.loads(path.read_text(encoding="utf-8"))
    data["names"] = ["Ana\x07", None]
    path.write_text(json.dumps(data), encoding="utf-8")
    [read] = History(tmp_path).entries()
    assert read.names == (None, None)
    data["names"] = [["Ana"], None]  # the wrong shape: the entry is set aside, one line
    path.write_text(json.dumps(data), encoding="utf-8")
    history = History(tmp_path)
    assert history.entries() == []
    assert "'names'" in history.note and "\n" not in history.note


def test_settings_drop_a_hostile_name_and_replace_a_list_of_the_wrong_shape() -> None:
    good = Settings().to_json()
    settings, replaced = Settings.read({**good, "names": ["Ana", "x" * 500, "Bo\x00", " Cy "]})
    assert settings.names == ["Ana", "", "", "Cy"] and replaced == []
    for shape in ("Ana", [7], [["Ana"]], ["a"] * 11):
        settings, replaced = Settings.read({**good, "names": shape})
        assert settings.names == [] and replaced == ["names"], shape


def test_a_settings_file_with_bad_names_is_said_in_one_line(tmp_path: Path) -> None:
    store = Store(tmp_path)
    store.save_settings(Settings(names=["Ana"]))
    data = json.loads(store.settings_path.read_text(encoding="utf-8"))
    store.settings_path.write_text(json.dumps({**data, "names": {"1": 2}}), encoding="utf-8")
    again = Store(tmp_path)
    assert again.load_settings().names == []
    (note,) = again.take_notes()
    assert "names" in note and "\n" not in note


def test_an_arabic_name_in_an_english_sentence_leaves_the_numbers_in_order() -> None:
    """Isolated as a sentence holds it: "… ليلى: 14 + 2 = 16 pips", never "16 = 2 + 14"."""
    from game.i18n import set_language
    from game.ui.words.names import Roster, seat_name, seated_as
    from game.ui.words.script import visual_line

    set_language("en")
    with seated_as(Roster(("Ana", "ليلى"))):
        line = f"Left in the hands of {seat_name(2)}: 14 + 2 = 16 pips"
        assert seat_name(1) == "Ana"  # a Latin name on a left-to-right screen: as typed
    shown = visual_line(line)
    assert shown.endswith(": 14 + 2 = 16 pips") and "\u2068" not in shown


def test_a_computer_is_never_named_even_by_a_record() -> None:
    record = _record()
    record["seats"] = ["human", "computer"]
    record["names"] = ["Ana", "Robot"]
    assert from_record(record).names == ("Ana", None)


# -- names that can be seen (issue 48 finding 4) ------------------------------------------

# Format characters (Cf) and blank-looking letters: each draws nothing.
INVISIBLE = [
    "\u200f",  # right-to-left mark
    "\u061c",  # Arabic letter mark
    "\u200b",  # zero-width space
    "\ufeff",  # byte order mark
    "\u200d",  # a lone zero-width joiner
    "\u200c",  # a lone zero-width non-joiner
    "\u2060",  # word joiner
    "\u00ad",  # soft hyphen
    "\u3164",  # Hangul filler
    "\u2800",  # braille blank
    "\ufe0f",  # a variation selector
]


@pytest.mark.parametrize("mark", INVISIBLE)
def test_a_name_of_invisible_characters_is_no_name(mark: str) -> None:
    """Found: a name of two zero-width spaces was accepted and showed as nothing."""
    assert clean_name(mark * 2) is None
    assert clean_name(f" {mark} {mark} ") is None


@pytest.mark.parametrize("mark", INVISIBLE)
def test_invisible_characters_are_removed_from_a_name_and_the_rest_kept(mark: str) -> None:
    assert clean_name(f"{mark}An{mark}a{mark}") == "Ana"
    assert clean_name(f"{mark}ليلى") == "ليلى"


def test_every_file_that_holds_names_removes_the_invisible_ones(tmp_path: Path) -> None:
    """The record, the match in play, a history entry and the settings, each read back."""
    ghost, marked = "\u200b\u200b", "\u200fAna\u200b"
    assert from_record(_record([ghost, marked])).names == (None, "Ana")
    store = Store(tmp_path)
    store.save_match(Match.create("block", 2, seats=["human", "human"], seed=5))
    data = json.loads(store.match_path.read_text(encoding="utf-8"))
    store.match_path.write_text(json.dumps({**data, "names": [ghost, marked]}), encoding="utf-8")
    loaded = Store(tmp_path).load_match()
    assert loaded is not None and loaded.names == (None, "Ana")
    history = History(tmp_path / "history")
    entry = history.add(_finished(), when=datetime(2026, 12, 1, tzinfo=UTC))
    assert entry is not None
    path = history.folder / entry.file
    data = json.loads(path.read_text(encoding="utf-8"))
    path.write_text(json.dumps({**data, "names": [marked, ghost]}), encoding="utf-8")
    [read] = History(tmp_path / "history").entries()
    assert read.names == ("Ana", None)
    settings, replaced = Settings.read({**Settings().to_json(), "names": [ghost, marked]})
    assert settings.names == ["", "Ana"] and replaced == []


def test_a_match_made_with_an_invisible_name_names_its_seat_seat_n() -> None:
    match = Match.create("block", 2, seats=["human", "human"], seed=5, names=["\ufeff", "B\u200do"])
    assert match.names == (None, "Bo")
