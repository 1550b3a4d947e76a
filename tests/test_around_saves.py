"""Saves and settings: JSON in the user's data folder; a bad file is set aside, never lost."""

from __future__ import annotations

import json
from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.record import to_record
from game.saves import Store, legacy_dir
from game.settings import Settings
from game.ui.screens.menu import TitleView
from game.ui.services import Route
from game.ui.table.view import TableView


def test_the_old_data_folder_followed_xdg_and_the_usual_places() -> None:
    home = Path("/home/ann")
    assert legacy_dir({"XDG_DATA_HOME": "/data"}, "linux", home) == Path("/data/boneyard")
    assert legacy_dir({}, "linux", home) == home / ".local/share/boneyard"
    assert legacy_dir({"APPDATA": "C:/Users/ann/AppData/Roaming"}, "win32", home).name == "boneyard"
    assert "Application Support" in str(legacy_dir({}, "darwin", home))


def _user_folders(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Path]:
    folders = {name: tmp_path / name for name in ("data", "config", "state")}
    for name, folder in folders.items():
        monkeypatch.setenv(f"XDG_{name.upper()}_HOME", str(folder))
    return folders


def test_settings_go_to_the_config_folder_and_the_match_to_the_state_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders = _user_folders(tmp_path, monkeypatch)
    store = Store()
    assert store.save_settings(Settings(pace="fast"))
    assert store.save_match(Match.create("block", 2, seats=["human", "computer"], seed=1))
    assert (folders["config"] / "boneyard" / "settings.json").is_file()
    assert (folders["state"] / "boneyard" / "match.json").is_file()
    assert not folders["data"].exists()


def test_a_save_and_settings_in_the_old_place_move_on_the_first_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An existing player loses nothing: the old data folder's files move to their places."""
    folders = _user_folders(tmp_path, monkeypatch)
    old = folders["data"] / "boneyard"
    old.mkdir(parents=True)
    match = Match.create("draw", 2, seats=["human", "computer"], seed=5)
    (old / "match.json").write_text(json.dumps(to_record(match)), encoding="utf-8")
    (old / "settings.json").write_text(json.dumps(Settings(pace="slow").to_json()))
    store = Store()
    assert not (old / "match.json").exists() and not (old / "settings.json").exists()
    assert store.load_settings().pace == "slow"
    resumed = store.load_match()
    assert resumed is not None and to_record(resumed) == to_record(match)
    assert store.note == ""
    assert Store().load_settings().pace == "slow"  # the second start finds them in place


def test_a_file_already_in_the_new_place_is_never_overwritten_by_an_old_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folders = _user_folders(tmp_path, monkeypatch)
    old, new = folders["data"] / "boneyard", folders["config"] / "boneyard"
    for folder, pace in ((old, "slow"), (new, "fast")):
        folder.mkdir(parents=True)
        (folder / "settings.json").write_text(json.dumps(Settings(pace=pace).to_json()))
    assert Store().load_settings().pace == "fast"
    assert (old / "settings.json").is_file()  # left where it was, not lost either


def test_a_corrupt_save_is_set_aside_with_one_line_and_the_game_starts_clean(
    tmp_path: Path,
) -> None:
    (tmp_path / "match.json").write_text("{ this is not json", encoding="utf-8")
    shell = h.make_shell(tmp_path)
    shell.start()
    title = shell.current
    assert isinstance(title, TitleView)
    (note,) = title.notes
    assert "could not be read" in note and "match.bad-1.json" in note
    assert "\n" not in note
    assert (tmp_path / "match.bad-1.json").read_text(encoding="utf-8") == "{ this is not json"
    assert not (tmp_path / "match.json").exists()
    assert not title.button("resume").enabled
    h.press(shell, "play")
    h.press(shell, "start")
    assert isinstance(shell.current, TableView)
    assert (tmp_path / "match.json").exists()  # the new match is saved


def test_a_foreign_save_is_set_aside_too(tmp_path: Path) -> None:
    (tmp_path / "match.bad-1.json").write_text("older", encoding="utf-8")
    (tmp_path / "match.json").write_text(json.dumps({"format": "chess/1"}), encoding="utf-8")
    store = Store(tmp_path)
    assert store.load_match() is None
    assert "match.bad-2.json" in store.note and "format" in store.note
    assert (tmp_path / "match.bad-1.json").read_text(encoding="utf-8") == "older"


def test_settings_persist_as_json_and_a_bad_file_gives_the_defaults(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETTINGS)
    h.press(shell, "pace")  # instant -> slow
    h.press(shell, "sound")  # off -> on
    h.press(shell, "colour_pips")
    saved = json.loads((tmp_path / "settings.json").read_text(encoding="utf-8"))
    assert saved["pace"] == "slow" and saved["sound"] is True and saved["colour_pips"] == "on"
    assert Store(tmp_path).load_settings() == shell.services.settings
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
