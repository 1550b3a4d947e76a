"""One loader for every file the game reads (issue 19 items 1, 9 and 10).

Whatever is at a path — JSON nested thousands deep, an integer of thousands of
digits, a folder, a FIFO, a device, a file too large, one nobody may read — the
game gives one line naming the file, sets a bad save aside and goes on.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import files
from game.files import BadFile, read_json, read_toml, write_json
from game.match import Match
from game.record import RecordError, load, to_record
from game.rules.errors import ConfigError
from game.rules.presets import read_preset
from game.saves import Store
from game.settings import Settings

ROOT = Path(__file__).resolve().parents[1]
DEEP_JSON = "[" * 100_000 + "]" * 100_000
HUGE_INT = "1" * 5_000  # past Python's 4,300-digit limit for int()
HOSTILE_JSON: dict[str, str | bytes] = {
    "nested": DEEP_JSON,
    "huge integer": '{"format": "boneyard-record/1", "seed": ' + HUGE_INT + "}",
    "not utf-8": b"\xff\xfe{}",
    "not json": "{ this is not json",
}


def _write(path: Path, content: str | bytes) -> Path:
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def _names(folder: Path) -> list[str]:
    """The files in ``folder`` but the writer lock a store takes there."""
    return sorted(p.name for p in folder.iterdir() if p.name != files.LOCK)


def _one_line(message: str) -> None:
    assert "\n" not in message and 0 < len(message) <= 200, message


@pytest.mark.parametrize("kind", sorted(HOSTILE_JSON))
def test_a_save_the_game_cannot_parse_is_set_aside_in_one_line(tmp_path: Path, kind: str) -> None:
    """Item 1: RecursionError and ValueError (not only JSONDecodeError) are refusals."""
    content = HOSTILE_JSON[kind]
    _write(tmp_path / "match.json", content)
    _write(tmp_path / "settings.json", content)
    store = Store(tmp_path)
    assert store.load_match() is None
    _one_line(store.note)
    assert "match.bad-1.json" in store.note
    assert store.load_settings() == Settings()
    _one_line(store.note)
    assert "settings.bad-1.json" in store.note
    assert _names(tmp_path) == ["match.bad-1.json", "settings.bad-1.json"]
    raw = content if isinstance(content, bytes) else content.encode()
    assert (tmp_path / "match.bad-1.json").read_bytes() == raw  # nothing lost


def test_a_folder_or_a_fifo_where_the_save_goes_is_reported_and_set_aside(tmp_path: Path) -> None:
    (tmp_path / "match.json").mkdir()
    os.mkfifo(tmp_path / "settings.json")
    store = Store(tmp_path)
    assert store.has_match()
    assert store.load_match() is None
    assert "is a folder, not a file" in store.note and "match.bad-1.json" in store.note
    assert store.load_settings() == Settings()  # and it does not hang
    assert "is not a regular file" in store.note and "settings.bad-1.json" in store.note
    assert (tmp_path / "match.bad-1.json").is_dir()
    match = Match.create("block", 2, seats=["human", "computer"], seed=1)
    assert store.save_match(match)  # the place is free again
    assert store.load_match() is not None


def test_a_data_folder_that_is_a_file_is_reported_plainly(tmp_path: Path) -> None:
    folder = _write(tmp_path / "boneyard", "not a folder")
    store = Store(folder)
    assert not store.save_settings(Settings())
    assert store.note == (f"The game could not be saved ({folder} is a file, not a folder)."), (
        store.note
    )
    assert folder.read_text(encoding="utf-8") == "not a folder"


def test_a_failed_write_leaves_the_previous_file_and_no_temporary_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Item 10: a full disk keeps the last save whole and leaves no ``.tmp`` behind."""
    store = Store(tmp_path)
    match = Match.create("draw", 2, seats=["human", "computer"], seed=3)
    assert store.save_match(match)
    before = (tmp_path / "match.json").read_bytes()

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    match.play(match.legal()[0])
    assert not store.save_match(match)
    assert store.note == "The game could not be saved (No space left on device)."
    assert (tmp_path / "match.json").read_bytes() == before
    assert _names(tmp_path) == ["match.json"]


def test_a_write_is_flushed_to_the_disk_file_and_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    synced: list[bool] = []
    real = os.fsync

    def fsync(fd: int) -> None:
        synced.append(os.path.isdir(f"/proc/self/fd/{fd}"))
        real(fd)

    monkeypatch.setattr(os, "fsync", fsync)
    write_json(tmp_path / "x.json", {"a": 1})
    assert synced == [False, True]  # the file, then its folder
    assert read_json(tmp_path / "x.json") == {"a": 1}


def test_nothing_but_a_regular_file_of_a_sane_size_is_read(tmp_path: Path) -> None:
    """Item 9: a device, a FIFO or a file over 16 MB is refused before any reading."""
    with pytest.raises(BadFile, match="is not a regular file"):
        read_json(Path("/dev/zero"))
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(BadFile, match="is not a regular file"):
        read_json(tmp_path / "fifo")
    big = tmp_path / "big.json"
    with big.open("wb") as handle:
        handle.truncate(files.MAX_BYTES + 1)  # sparse: costs no disk
    with pytest.raises(BadFile, match="is larger than 16 MB"):
        read_json(big)
    with pytest.raises(BadFile, match="no such file"):
        read_json(tmp_path / "nowhere.json")


def test_an_unreadable_file_is_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = _write(tmp_path / "x.json", "{}")

    def denied(*args: object, **kwargs: object) -> int:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(os, "open", denied)
    with pytest.raises(BadFile) as caught:
        read_json(path, "x.json")
    assert str(caught.value) == "x.json: cannot be read (Permission denied)"


@pytest.mark.parametrize(
    "text",
    ["x = " + "[" * 10_000 + "]" * 10_000, "x = " + HUGE_INT, "x = ", "\xff"],
    ids=["nested", "huge integer", "not toml", "odd text"],
)
def test_toml_that_cannot_parse_is_one_line(tmp_path: Path, text: str) -> None:
    path = _write(tmp_path / "x.toml", text)
    with pytest.raises(BadFile, match="^x.toml: not valid TOML") as caught:
        read_toml(path, "x.toml")
    _one_line(str(caught.value))
    with pytest.raises(ConfigError, match="not valid TOML") as refused:
        read_preset(path)  # the preset loader reads through it
    _one_line(str(refused.value))


def _replay(path: Path, *flags: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "game.record", "replay", str(path), *flags],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.mark.parametrize("kind", [*sorted(HOSTILE_JSON), "fifo", "device", "folder"])
def test_the_replay_tool_refuses_what_it_cannot_read_in_one_line(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "record.json"
    if kind == "fifo":
        os.mkfifo(path)  # before, the tool waited for a writer forever
    elif kind == "device":
        path = Path("/dev/zero")  # before, it read until the memory ran out
    elif kind == "folder":
        path.mkdir()
    else:
        _write(path, HOSTILE_JSON[kind])
    out = _replay(path, "--json")
    assert out.returncode == 2 and out.stdout == ""
    _one_line(out.stderr.rstrip("\n"))
    assert out.stderr.startswith(str(path))
    with pytest.raises(RecordError):
        load(path)


def test_the_replay_tool_ends_quietly_when_its_reader_stops(tmp_path: Path) -> None:
    """Item 9: ``replay FILE | head`` gives no BrokenPipeError traceback."""
    match = Match.create("block", 2, seats=["human", "computer"], seed=2)
    while not match.state.over:
        match.play(match.legal()[0])
    path = _write(tmp_path / "record.json", json.dumps(to_record(match)))
    tool = subprocess.Popen(
        [sys.executable, "-m", "game.record", "replay", str(path), "--json"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=ROOT,
    )
    assert tool.stdout is not None and tool.stderr is not None
    tool.stdout.close()  # the reader is gone before the first line
    assert tool.wait(timeout=60) == 0
    assert tool.stderr.read() == b""
    tool.stderr.close()


def test_a_language_file_that_cannot_parse_is_one_line_naming_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import i18n
    from game.resources import DataError

    (tmp_path / "id" / "LC_MESSAGES").mkdir(parents=True)
    _write(tmp_path / "id" / "LC_MESSAGES" / "boneyard.mo", "\x00" * 10_000 + "\n" * 10)
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path)
    i18n.translation.cache_clear()
    try:
        with pytest.raises(
            DataError, match="^assets/locale/id/LC_MESSAGES/boneyard.mo: not a"
        ) as caught:
            i18n.translation("id")
        _one_line(str(caught.value))
    finally:
        i18n.translation.cache_clear()
