"""The one-writer lock is taken or the instance says why (issue 48 finding 2).

Found: when ``.lock`` was a link (to a file, or dangling), a folder or a file the player
could not open, two instances both claimed the folder, said nothing, and both wrote. Each
kind of lock file is tried here with two real processes on one folder: the first holds
its claim while the second starts. Never both alone: either one holds the real lock and
the other says another Boneyard is open, or neither can lock and each says why in one
line, writing nothing.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from game.files import LOCK
from game.i18n import _
from game.match import Match
from game.saves import ANOTHER, Store

ROOT = Path(__file__).resolve().parents[1]

# One instance: claims the folder, saves a match (a store that may not write skips it),
# says what it found, and holds its claim until its standard input closes. FAULT, if set,
# is a file system that takes no locks (flock fails as on NFS without a lock daemon).
INSTANCE = """
import errno, fcntl, json, os, sys
from pathlib import Path
if os.environ.get("FAULT") == "nolock":
    def flock(fd, op):
        raise OSError(errno.ENOLCK, "No locks available")
    fcntl.flock = flock
from game.match import Match
from game.saves import Store
store = Store(Path(sys.argv[1]))
held = store.claim()
match = Match.create("block", 2, seats=["human", "computer"], seed=int(sys.argv[2]))
store.save_match(match)
print(json.dumps({"held": held, "writable": store.writable, "notes": store.notes}), flush=True)
sys.stdin.read()
"""


def _plain(lock: Path) -> None:
    lock.write_bytes(b"")


def _link_to_file(lock: Path) -> None:
    target = lock.parent.parent / "elsewhere"
    target.write_bytes(b"")
    lock.symlink_to(target)


def _dangling(lock: Path) -> None:
    lock.symlink_to(lock.parent / "nothing-here")


def _folder(lock: Path) -> None:
    lock.mkdir()


def _fifo(lock: Path) -> None:
    os.mkfifo(lock)


def _unreadable(lock: Path) -> None:
    lock.write_bytes(b"")
    lock.chmod(0)


def _another_owners(lock: Path) -> None:
    """Another user's file, mode 644: the player may not open it to lock it."""
    if not _root():
        pytest.skip("making a file of another owner needs root")
    lock.write_bytes(b"")
    lock.chmod(0o644)
    os.chown(lock, 65534, 65534)  # nobody's


KINDS: dict[str, Callable[[Path], None] | None] = {
    "plain file": _plain,
    "missing": None,
    "link to a file": _link_to_file,
    "dangling link": _dangling,
    "folder": _folder,
    "fifo": _fifo,
    "unreadable file": _unreadable,
    "another owner's file": _another_owners,
}
# the kinds on which a real lock is taken (the others: nobody writes, and each says why)
LOCKABLE = {"plain file", "missing"}


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    inner = tmp_path / "state"
    inner.mkdir()
    return inner


def _root() -> bool:
    return hasattr(os, "geteuid") and os.geteuid() == 0


def _as_player() -> list[str]:
    """A player's rights where the tests run as root: root opens any file whatever its
    mode, which would hide the unreadable and foreign kinds, so the instances run without
    the capabilities that override file permissions (util-linux's ``setpriv``)."""
    if not _root():
        return []
    setpriv = shutil.which("setpriv")
    if setpriv is None:
        pytest.skip("running as root without setpriv: root would open any lock file")
    return [setpriv, "--bounding-set", "-dac_override,-dac_read_search,-fowner"]


def _start(folder: Path, seed: int, fault: str = "") -> tuple[subprocess.Popen[str], dict]:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "FAULT": fault}
    instance = subprocess.Popen(
        [*_as_player(), sys.executable, "-c", INSTANCE, str(folder), str(seed)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )
    assert instance.stdout is not None
    line = instance.stdout.readline()
    if not line:
        raise AssertionError(instance.communicate(timeout=60)[1])
    return instance, json.loads(line)


def _stop(instance: subprocess.Popen[str]) -> None:
    _, err = instance.communicate("", timeout=60)
    assert instance.returncode == 0 and err == "", err


@pytest.mark.parametrize("kind", KINDS)
def test_two_instances_never_both_write_alone_whatever_the_lock_file_is(
    folder: Path, kind: str
) -> None:
    make = KINDS[kind]
    if make is not None:
        make(folder / LOCK)
    first, one = _start(folder, 1)
    try:
        second, two = _start(folder, 2)
        _stop(second)
    finally:
        _stop(first)
    assert not (one["held"] and two["held"])  # never two writers, each thinking it alone
    if kind in LOCKABLE:
        assert one == {"held": True, "writable": True, "notes": []}
        assert two == {"held": False, "writable": False, "notes": [_(ANOTHER)]}
        saved = json.loads((folder / "match.json").read_text(encoding="utf-8"))
        assert saved["seed"] == 1  # the first instance's save, untouched by the second
        return
    for said in (one, two):
        assert not said["writable"]
        (note,) = said["notes"]
        assert "could not lock its folder" in note and "saves nothing" in note
        assert str(folder / LOCK) in note and "\n" not in note
    assert not (folder / "match.json").exists()
    if kind in ("link to a file", "dangling link"):
        assert (folder / LOCK).is_symlink()  # left as it was, never followed
        assert not (folder.parent / "nothing-here").exists()
        if kind == "link to a file":
            assert (folder.parent / "elsewhere").read_bytes() == b""


def test_a_file_system_without_locks_saves_nothing_and_says_so(folder: Path) -> None:
    first, one = _start(folder, 1, fault="nolock")
    try:
        second, two = _start(folder, 2, fault="nolock")
        _stop(second)
    finally:
        _stop(first)
    for said in (one, two):
        assert not said["held"] and not said["writable"]
        (note,) = said["notes"]
        assert "cannot be locked (No locks available)" in note and "saves nothing" in note
    assert not (folder / "match.json").exists()


def test_a_store_that_cannot_lock_writes_nothing_in_this_process(tmp_path: Path) -> None:
    (tmp_path / LOCK).symlink_to(tmp_path / "elsewhere")
    store = Store(tmp_path)
    assert not store.claim() and not store.writable
    assert store.save_match(Match.create("block", 2, seats=["human", "computer"], seed=1))
    assert not (tmp_path / "match.json").exists() and not (tmp_path / "elsewhere").exists()
    (note,) = store.take_notes()
    assert "is a link" in note
