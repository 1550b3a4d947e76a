"""Saves and settings: JSON in the user's data folder; a bad file is set aside, never lost."""

from __future__ import annotations

import json
from pathlib import Path

import around_helpers as h

from game.match import Match
from game.record import to_record
from game.saves import Store, data_dir
from game.settings import Settings
from game.ui.menu import TitleView
from game.ui.play import PlayView


def test_the_data_folder_follows_xdg_and_the_usual_places() -> None:
    home = Path("/home/ann")
    assert data_dir({"XDG_DATA_HOME": "/data"}, "linux", home) == Path("/data/boneyard")
    assert data_dir({}, "linux", home) == home / ".local/share/boneyard"
    assert data_dir({"APPDATA": "C:/Users/ann/AppData/Roaming"}, "win32", home).name == "boneyard"
    assert "Application Support" in str(data_dir({}, "darwin", home))


def test_a_corrupt_save_is_set_aside_with_one_line_and_the_game_starts_clean(
    tmp_path: Path,
) -> None:
    (tmp_path / "match.json").write_text("{ this is not json", encoding="utf-8")
    shell = h.make_shell(tmp_path)
    shell.start()
    title = shell.current
    assert isinstance(title, TitleView)
    assert "could not be read" in title.note and "match.bad-1.json" in title.note
    assert "\n" not in title.note
    assert (tmp_path / "match.bad-1.json").read_text(encoding="utf-8") == "{ this is not json"
    assert not (tmp_path / "match.json").exists()
    assert not title.button("resume").enabled
    h.press(shell, "play")
    h.press(shell, "start")
    assert isinstance(shell.current, PlayView)
    assert (tmp_path / "match.json").exists()  # the new match is saved


def test_a_foreign_save_is_set_aside_too(tmp_path: Path) -> None:
    (tmp_path / "match.bad-1.json").write_text("older", encoding="utf-8")
    (tmp_path / "match.json").write_text(json.dumps({"format": "chess/1"}), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_match() is None
    assert "match.bad-2.json" in store.note and "format" in store.note
    assert (tmp_path / "match.bad-1.json").read_text(encoding="utf-8") == "older"


def test_a_saved_match_resumes_where_it_was(tmp_path: Path) -> None:
    match = Match.create("all_fives", 2, seats=["human", "computer:hard"], seed=5, first=1)
    match.play(match.legal()[0])
    (tmp_path / "match.json").write_text(json.dumps(to_record(match)), encoding="utf-8")
    shell = h.make_shell(tmp_path)
    shell.start()
    h.press(shell, "resume")
    h.frames(1)
    table = shell.table
    assert table.match.state == match.state and table.match.seats == match.seats


def test_settings_persist_as_json_and_a_bad_file_gives_the_defaults(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.show_settings(shell.show_title)
    h.press(shell, "pace")  # instant -> slow
    h.press(shell, "sound")  # off -> on
    h.press(shell, "colour_pips")
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["pace"] == "slow" and saved["sound"] is True and saved["colour_pips"] == "on"
    assert Store(tmp_path).load_settings() == shell.settings
    h.press(shell, "back")
    assert isinstance(shell.current, TitleView)
    (tmp_path / "settings.json").write_text("[1, 2", encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_settings() == Settings()
    assert "settings.bad-1.json" in store.note


def test_settings_keep_good_values_and_drop_bad_ones() -> None:
    data = {"format": "boneyard-settings/1", "pace": "warp", "sound": False, "fullscreen": "yes"}
    settings = Settings.from_json(data)
    assert settings.pace == "normal" and settings.sound is False and settings.fullscreen is True
