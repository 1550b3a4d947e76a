"""Nothing lost, nothing escapes (issue 34 findings 1, 2, 3 and 8): the write path under a
full disk, a second instance, a planted link and a kill in the middle of a write.

Each test repeats a finding as the outside probe found it and holds the fix: a finished
match the history cannot take stays saved; two writers never share a temporary file
and a reader never sees half of one; a link planted where the game writes is replaced,
never written through; a kill leaves the previous file or the new one, and its stray
temporary is gone at the next start; every problem of a start reaches the title.
"""

from __future__ import annotations

import errno
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import around_helpers as h
import pytest

from game import files
from game.files import BadFile, WriterLock, read_json, write_bytes, write_json
from game.match import Match
from game.record import to_record
from game.saves import ANOTHER, PENDING, Store
from game.settings import Settings
from game.ui.screens.menu import TitleView

ROOT = Path(__file__).resolve().parents[1]


def _finished(seed: int = 1) -> Match:
    match = Match.create("block", 2, seats=["human", "computer"], seed=seed, target=1)
    while not match.state.over:
        match.play(match.legal()[0])
    return match


def _strays(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.rglob("*") if p.name.endswith(files.TMP))


class FullDisk:
    """A disk that fills up: every write from the ``at``-th on fails with ENOSPC."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, at: int) -> None:
        self.writes, self.at = 0, at
        real = os.fsync

        def fsync(fd: int) -> None:
            if not os.path.isdir(f"/proc/self/fd/{fd}"):  # a file's data, not its folder
                self.writes += 1
                if self.writes >= self.at:
                    raise OSError(errno.ENOSPC, "No space left on device")
            real(fd)

        monkeypatch.setattr(os, "fsync", fsync)


# -- finding 1: a finished match is never lost ------------------------------------------


@pytest.mark.parametrize("at", [1, 2, 7])
def test_a_disk_that_fills_mid_match_keeps_the_last_save_it_took(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, at: int
) -> None:
    """The disk fills at the ``at``-th save and stays full to the match's end: each failed
    save is a line, the last save the disk took is never cleared (the finished match could
    not be kept in the history, so the save stays), and no temporary file is left."""
    store = Store(tmp_path)
    match = Match.create("block", 2, seats=["human", "computer"], seed=4, target=1)
    FullDisk(monkeypatch, at)
    while not match.state.over:
        match.play(match.legal()[0])
        store.save_match(match)
    monkeypatch.undo()
    assert store.notes and all("\n" not in note for note in store.notes)
    assert not _strays(tmp_path)
    later = Store(tmp_path)
    later.claim()
    resumed = later.load_match()
    assert not later.history.entries()
    if at == 1:  # the disk never took a byte: there is nothing to keep
        assert resumed is None
    else:
        assert resumed is not None
        assert to_record(resumed)["actions"] == to_record(match)["actions"][: at - 1]


def test_a_finished_match_waits_apart_and_the_title_says_where_while_the_history_cannot_be_written(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Before, save_match cleared match.json though keep_finished had failed; then the
    finished match stayed in match.json, where the next match's save wrote over it."""
    store = Store(tmp_path)
    match = _finished()
    real = files.write_bytes

    def read_only_history(path: Path, data: bytes, name: str | None = None) -> None:
        if path.parent.name == "history":
            raise BadFile(name or path.name, "Read-only file system")
        real(path, data, name)

    monkeypatch.setattr(files, "write_bytes", read_only_history)
    assert not store.save_match(match)
    assert store.notes == [
        "The finished match could not be kept in the history (Read-only file system); it "
        f"is kept on disk in {tmp_path / PENDING} and goes there at the next start that can."
    ]
    shell = h.make_shell(tmp_path)
    shell.start()
    assert isinstance(shell.current, TitleView)
    assert not shell.current.button("resume").enabled  # nothing in play: the match is over
    assert shell.current.notes == [
        f"One finished match waits in {tmp_path / PENDING} for the history (Read-only file "
        "system); it goes there at the next start that can."
    ]
    (pending,) = (tmp_path / PENDING).glob("*.json")
    assert read_json(pending)["record"] == to_record(match)


# -- finding 2: two instances --------------------------------------------------------------

WRITER = """
import sys
from pathlib import Path
from game.files import write_json
path, me, n = Path(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
for i in range(n):
    write_json(path, {"writer": me, "i": i, "pad": "x" * 20000})
"""

READER = """
import json, sys, time
from pathlib import Path
from game.files import BadFile, read_json
path, seconds = Path(sys.argv[1]), float(sys.argv[2])
reads = torn = 0
end = time.monotonic() + seconds
while time.monotonic() < end:
    try:
        data = read_json(path)
        torn += not (data["pad"] == "x" * 20000 and data["writer"] in (1, 2))
    except (BadFile, KeyError, TypeError):
        torn += 1
    reads += 1
print(json.dumps({"reads": reads, "torn": torn}))
"""


def test_two_writers_and_a_reader_see_no_torn_file_and_no_refusal(tmp_path: Path) -> None:
    """Before, both writers shared ``NAME.tmp``: 101 of 300 saves refused, 158 torn reads."""
    path = tmp_path / "match.json"
    write_json(path, {"writer": 1, "i": -1, "pad": "x" * 20000})
    run = [sys.executable, "-c"]
    writers = [
        subprocess.Popen([*run, WRITER, str(path), str(me), "300"], stderr=subprocess.PIPE)
        for me in (1, 2)
    ]
    reader = subprocess.Popen([*run, READER, str(path), "3"], stdout=subprocess.PIPE)
    errors = [w.communicate(timeout=120)[1] for w in writers]
    out, _ = reader.communicate(timeout=120)
    assert [w.returncode for w in writers] == [0, 0], errors  # no write refused
    seen = json.loads(out)
    assert seen["reads"] > 0 and seen["torn"] == 0
    assert read_json(path)["i"] == 299 and not _strays(tmp_path)


SECOND = """
import json, sys
from pathlib import Path
from game.saves import Store
from game.match import Match
store = Store(Path(sys.argv[1]))
held = store.claim()
match = Match.create("draw", 2, seats=["human", "computer"], seed=9)
saved = store.save_match(match)
print(json.dumps({"held": held, "notes": store.notes}))
"""


def test_a_second_instance_saves_nothing_and_says_so_in_one_line(tmp_path: Path) -> None:
    first = Store(tmp_path)
    assert first.claim()
    match = Match.create("block", 2, seats=["human", "computer"], seed=1)
    assert first.save_match(match)
    before = (tmp_path / "match.json").read_bytes()
    out = subprocess.run(
        [sys.executable, "-c", SECOND, str(tmp_path)], capture_output=True, text=True, check=True
    )
    second = json.loads(out.stdout)
    assert second == {"held": False, "notes": [ANOTHER]}
    assert (tmp_path / "match.json").read_bytes() == before  # the first one's, untouched
    first.lock.release() if first.lock else None
    again = json.loads(
        subprocess.run(
            [sys.executable, "-c", SECOND, str(tmp_path)], capture_output=True, text=True
        ).stdout
    )
    assert again == {"held": True, "notes": []}  # the first one gone: the next one writes


def test_one_process_may_open_its_folder_twice_and_shares_the_one_lock(tmp_path: Path) -> None:
    a, b = WriterLock(tmp_path), WriterLock(tmp_path)
    assert a.held and b.held
    a.release()
    assert WriterLock(tmp_path).held
    b.release()


# -- finding 3: a planted link ---------------------------------------------------------------


@pytest.mark.parametrize("planted", ["match.json.tmp", "match.json", "settings.json.tmp"])
def test_a_link_planted_where_the_save_goes_is_never_written_through(
    tmp_path: Path, planted: str
) -> None:
    """Before, a ``match.json.tmp`` link made the save overwrite the file it pointed to."""
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's file", encoding="utf-8")
    folder = tmp_path / "game"
    folder.mkdir()
    (folder / planted).symlink_to(victim)
    store = Store(folder)
    assert store.save_match(Match.create("block", 2, seats=["human", "computer"], seed=1))
    assert store.save_settings(Settings(pace="fast"))
    assert victim.read_text(encoding="utf-8") == "someone else's file"
    saved = folder / "match.json"
    assert not saved.is_symlink() and read_json(saved)["format"] == "boneyard-record/1"
    assert read_json(folder / "settings.json")["pace"] == "fast"


def test_the_demos_record_and_pictures_never_go_through_a_planted_link(tmp_path: Path) -> None:
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's file", encoding="utf-8")
    out = tmp_path / "demo"
    out.mkdir()
    for name in ("record.json", "final.png", "round-01.png", "record.json.tmp", "final.png.tmp"):
        (out / name).symlink_to(victim)
    done = subprocess.run(
        [sys.executable, "-m", "game", "--demo", "--headless", "--out", str(out)]
        + ["--rules", "block", "--players", "2", "--seed", "1"],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    assert victim.read_text(encoding="utf-8") == "someone else's file"
    for name in ("record.json", "final.png", "round-01.png"):
        assert not (out / name).is_symlink() and (out / name).stat().st_size > 0


def test_a_write_makes_its_temporary_file_exclusively_beside_the_target(tmp_path: Path) -> None:
    made: list[str] = []
    real = tempfile.mkstemp

    def mkstemp(**kw: object) -> tuple[int, str]:
        fd, name = real(**kw)  # type: ignore[call-overload]
        made.append(name)
        return fd, name

    tempfile.mkstemp, saved = mkstemp, tempfile.mkstemp  # type: ignore[assignment]
    try:
        write_bytes(tmp_path / "a.json", b"{}")
        write_bytes(tmp_path / "a.json", b"[]")
    finally:
        tempfile.mkstemp = saved
    assert len(set(made)) == 2 and all(Path(n).parent == tmp_path for n in made)
    assert all(Path(n).name.startswith(".a.json.") for n in made)
    assert (tmp_path / "a.json").read_bytes() == b"[]" and not _strays(tmp_path)


# -- finding 8: kills mid-write, and every note said ------------------------------------------

SAVER = """
import sys
from pathlib import Path
from game.match import Match
from game.saves import Store
store = Store(Path(sys.argv[1]))
store.claim()
match = Match.create("mexican_train", 8, seats=["human"] + ["computer"] * 7, seed=2)
print("ready", flush=True)
while True:
    for action in match.legal()[:1]:
        match.play(action)
    if match.state.over:
        match = Match.create("mexican_train", 8, seats=["human"] + ["computer"] * 7, seed=3)
    store.save_match(match)
"""


def test_a_kill_at_any_moment_leaves_a_readable_save_and_no_stray_after_the_next_start(
    tmp_path: Path,
) -> None:
    """Before, 33 of 60 kills left a ``*.tmp`` that nothing removed."""
    import random

    pick = random.Random(34)
    strays_seen = 0
    for _ in range(12):
        saver = subprocess.Popen(
            [sys.executable, "-c", SAVER, str(tmp_path)], stdout=subprocess.PIPE, text=True
        )
        assert saver.stdout is not None and saver.stdout.readline() == "ready\n"
        time.sleep(pick.uniform(0.05, 0.6))
        saver.send_signal(signal.SIGKILL)
        saver.wait(timeout=30)
        strays_seen += bool(_strays(tmp_path))
        if (tmp_path / "match.json").exists():
            assert read_json(tmp_path / "match.json")["format"] == "boneyard-record/1"
        start = Store(tmp_path)
        assert start.claim()
        assert not _strays(tmp_path)  # the next start removed what the kill left
        assert not start.notes
        start.lock.release() if start.lock else None


def test_a_stray_of_an_earlier_version_is_removed_and_nothing_else(tmp_path: Path) -> None:
    for name in ("match.json.tmp", ".settings.json.abc123.tmp", "history/20261201T1.json.tmp"):
        (tmp_path / name).parent.mkdir(exist_ok=True)
        (tmp_path / name).write_text("half", encoding="utf-8")
    (tmp_path / "notes.tmp").write_text("not ours", encoding="utf-8")
    Store(tmp_path).claim()
    assert _strays(tmp_path) == ["notes.tmp"]


def test_a_bad_save_and_bad_settings_at_one_start_are_both_said_on_the_title(
    tmp_path: Path,
) -> None:
    """Before, ``Store.note`` was one string and only the save's line reached the player."""
    (tmp_path / "match.json").write_text("{ not json", encoding="utf-8")
    (tmp_path / "settings.json").write_text("[1, 2", encoding="utf-8")
    store = Store(tmp_path)
    from game.ui.router import Shell

    shell = Shell(h.window(), store, animate=False)
    assert shell.services.settings == Settings()
    shell.start()
    title = shell.current
    assert isinstance(title, TitleView)
    assert len(title.notes) == 2
    assert "settings could not be read" in title.notes[0]
    assert "saved match could not be read" in title.notes[1]
    assert all("\n" not in note for note in title.notes)
    h.draw()
    shown = " ".join(text.replace("\n", " ") for text in title.texts())  # wrapped
    assert all(note in shown for note in title.notes)


def test_a_second_instance_keeps_settings_and_puzzles_solved_in_memory_only(
    tmp_path: Path,
) -> None:
    from types import SimpleNamespace

    from game.ui.router import Shell

    store = Store(tmp_path)
    store.lock = SimpleNamespace(held=False)  # type: ignore[assignment]  # another holds it
    shell = Shell(h.window(), store, Settings(pace="fast"), animate=False)
    assert not store.writable
    assert shell.session.progress.mark_solved("block-1") and shell.session.progress.is_solved(
        "block-1"
    )
    assert store.save_settings(Settings(pace="slow"))
    assert store.save_match(Match.create("block", 2, seats=["human", "computer"], seed=1))
    assert sorted(p.name for p in tmp_path.iterdir()) == []  # nothing written at all
