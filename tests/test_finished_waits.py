"""A finished match waits safely until the history takes it (issue 48 finding 1).

Found: with the history folder read-only (or the disk full at the match's end and freed
later), New match or Setup → Start saved the new match over ``match.json`` and the
finished one existed nowhere. Each test here finishes a match through the real shell
while the history cannot be written (a fault-injecting write layer: every write into the
history folder fails as a read-only mount makes it fail, or every write fails as a full
disk does), goes on as a player would, then starts again with the folder writable.
"""

from __future__ import annotations

import errno
import os
import signal
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import around_helpers as h
import pytest

from game import files
from game.files import BadFile, read_json
from game.match import Match
from game.record import to_record
from game.saves import PENDING, Store
from game.ui.router import Shell
from game.ui.routes import Route

ROOT = Path(__file__).resolve().parents[1]


class Unwritable:
    """The fault layer: writes under the folder called ``part`` (every write, for "") fail
    as a read-only mount or a full disk makes them fail, until :meth:`heal`."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch, part: str, why: int) -> None:
        self.part, self.why, self.healed = part, why, False
        real = files.write_bytes

        def write_bytes(path: Path, data: bytes, name: str | None = None) -> None:
            if not self.healed and (not self.part or self.part in path.parts):
                raise BadFile(name or path.name, os.strerror(self.why))
            real(path, data, name)

        monkeypatch.setattr(files, "write_bytes", write_bytes)

    def heal(self) -> None:
        self.healed = True


def _finish(shell: Shell) -> Match:
    """Sit down at a match one move from its end and make that move on the table."""
    return h.finish_on_table(shell)


def _new_match(shell: Shell) -> None:
    assert shell.table is not None
    shell.table.new_match()
    shell.save()


def _setup_start(shell: Shell) -> None:
    shell.open(Route.SETUP)
    h.press(shell, "rules:draw")
    h.press(shell, "start")


def _quit(shell: Shell) -> None:
    shell.home()
    shell.save()


GOING_ON: dict[str, Callable[[Shell], None]] = {
    "new match": _new_match,
    "setup, start": _setup_start,
    "quit": _quit,
}


@pytest.mark.parametrize("going_on", GOING_ON)
def test_a_finished_match_the_history_cannot_take_survives_what_comes_next(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, going_on: str
) -> None:
    """The history folder read-only at the match's end: the finished match is written
    apart (pending), survives the next match or a quit, and is in the history after the
    next start that can write it; the match in play resumes as it was."""
    fault = Unwritable(monkeypatch, "history", errno.EROFS)
    shell = h.make_shell(tmp_path)
    finished = to_record(_finish(shell))
    message = shell.table.message if shell.table else ""
    assert "kept on disk in" in message and str(tmp_path / PENDING) in message
    assert "Read-only file system" in message and "\n" not in message
    GOING_ON[going_on](shell)
    assert [p.name for p in (tmp_path / PENDING).glob("*.json")]
    fault.heal()
    later = h.make_shell(tmp_path)
    later.start()
    history = later.services.store.history
    (entry,) = history.entries()
    assert history.record(entry) == finished
    assert not list((tmp_path / PENDING).glob("*.json"))  # moved, not copied
    resumed = later.services.store.load_match()
    if going_on == "quit":
        assert resumed is None  # the finished match is history, not a match to resume
    else:
        assert resumed is not None and not resumed.state.over
        assert resumed.ruleset.name == ("draw" if going_on == "setup, start" else "block")


def test_pending_matches_wait_while_the_history_stays_unwritable_and_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    Unwritable(monkeypatch, "history", errno.EROFS)
    shell = h.make_shell(tmp_path)
    _finish(shell)
    _new_match(shell)
    again = Store(tmp_path)
    again.claim()
    again.settle()
    (note,) = again.take_notes()
    assert note.startswith("One finished match waits in") and "Read-only file system" in note
    assert len(list((tmp_path / PENDING).glob("*.json"))) == 1
    assert again.lock is not None
    again.lock.release()


def test_on_a_full_disk_the_finished_match_waits_in_memory_and_the_words_say_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Nothing can be written: the words say the match is only in memory, the new match
    cannot take its place, and the first save the disk takes writes it."""
    fault = Unwritable(monkeypatch, "", errno.ENOSPC)
    shell = h.make_shell(tmp_path)
    finished = to_record(_finish(shell))
    message = shell.table.message if shell.table else ""
    assert "could not be written anywhere (No space left on device)" in message
    assert "in memory only" in message and "lost if the game closes" in message
    assert "stays saved" not in message and "\n" not in message
    _new_match(shell)  # the disk is still full: it waits
    store = shell.services.store
    assert store.unwritten == 1
    fault.heal()  # space freed; the next save (the next move) writes it too
    shell.save()
    assert store.unwritten == 0
    (entry,) = store.history.entries()
    assert store.history.record(entry) == finished
    assert (tmp_path / "match.json").is_file()  # the new match, saved
    assert not read_json(tmp_path / "match.json")["actions"]


CRASH = """
import errno, os, sys
from pathlib import Path
from game import files
from game.files import BadFile
from game.match import Match
from game.saves import Store
real = files.write_bytes
def write_bytes(path, data, name=None):
    if "history" in path.parts:
        raise BadFile(name or path.name, os.strerror(errno.EROFS))
    real(path, data, name)
files.write_bytes = write_bytes
store = Store(Path(sys.argv[1]))
store.claim()
match = Match.create("block", 2, seats=["human", "computer"], seed=3, target=1)
while not match.state.over:
    match.play(match.legal()[0])
    store.save_match(match)
match.new_match(seed=4)
match.play(match.legal()[0])
store.save_match(match)
print("ready", flush=True)
sys.stdin.read()
"""


def test_a_crash_after_the_finished_match_loses_neither_match(tmp_path: Path) -> None:
    """A real process finishes a match (history read-only), starts the next, and is
    killed; the next start puts the finished one in the history and resumes the other."""
    game = subprocess.Popen(
        [sys.executable, "-c", CRASH, str(tmp_path)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        text=True,
    )
    assert game.stdout is not None and game.stdout.readline() == "ready\n"
    game.send_signal(signal.SIGKILL)
    game.wait(timeout=30)
    later = h.make_shell(tmp_path)
    later.start()
    store = later.services.store
    (entry,) = store.history.entries()
    assert (store.history.record(entry) or {})["seed"] == 3
    resumed = store.load_match()
    assert resumed is not None and resumed.seed == 4 and len(resumed.actions) == 1


def test_a_match_written_from_memory_is_kept_once_when_it_is_saved_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The disk full at the match's end, freed while the finished table still shows: the
    next saves (leaving the table saves the same finished match) keep it once."""
    fault = Unwritable(monkeypatch, "", errno.ENOSPC)
    shell = h.make_shell(tmp_path)
    _finish(shell)
    fault.heal()
    shell.save()
    shell.save()
    store = shell.services.store
    assert store.unwritten == 0 and len(store.history.entries()) == 1
