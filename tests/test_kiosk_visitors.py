"""Nothing of a kiosk's visitor stays (issue 49, item 3).

Found: History → Export wrote each visitor's record, with their name, into the account's
``exports/``; a bad ``settings.json`` was renamed in the account's config folder; an old
version's file was moved between the account's folders; the last visitor's scratch folder
outlived the process, one more per start. Here three visitors use a kiosk through the
real shell — a language picked, a name typed on the kiosk's keys, a match finished,
History opened, a puzzle solved — and the account's folders must be byte for byte what
they were, and the temporary folder must hold nothing of the game's.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import around_helpers as h
import pytest

from game.files import WriterLock
from game.match import Match
from game.saves import Store
from game.settings import Settings
from game.ui.kiosk import KIOSK_IDLE, VISITOR, sweep
from game.ui.router import Shell
from game.ui.screens.history import HistoryView
from game.ui.screens.menu import TitleView
from game.ui.screens.setup import SetupView

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture
def account(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The kiosk account's own folders, with what an account has in them, and a
    temporary folder of the test's own."""
    for name in ("XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME"):
        monkeypatch.setenv(name, str(tmp_path / "account" / name.lower()))
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", None)  # read TMPDIR again
    owner = Store()  # the operator's own game, once, before the kiosk
    owner.claim()
    owner.save_settings(Settings(pace="instant", sound=False, deal_animation=False))
    owner.save_match(Match.create("draw", 2, seats=["human", "computer"], seed=5))
    owner.keep_finished(h.finish_on_table(h.make_shell(tmp_path / "unused"), ("Op",)))
    assert owner.lock is not None
    owner.lock.release()
    data = tmp_path / "account" / "xdg_data_home" / "boneyard"
    (data / "puzzles.json").write_text('{"format": "boneyard-puzzles/1", "solved": []}\n')
    (data / "settings.json").write_text("{}\n")  # an earlier version's, never moved now
    return tmp_path / "account"


def _snapshot(top: Path) -> dict[str, tuple[int, bytes]]:
    """Every file and folder under ``top``: its mode and its bytes."""
    return {
        str(p.relative_to(top)): (p.lstat().st_mode, b"" if p.is_dir() else p.read_bytes())
        for p in sorted(top.rglob("*"))
    }


def _ours(scratch: Path) -> list[str]:
    return [p.name for p in scratch.iterdir() if "boneyard" in p.name]


def _kiosk(clock: h.Clock, settings_file_bad: bool = False) -> Shell:
    store = Store(read_only=True)  # as `boneyard --kiosk` makes it
    shell = Shell(h.window(), store, store.load_settings(), kiosk=True, clock=clock)
    shell.animate = False
    shell.services.laid_out_for = (h.WIDTH, h.HEIGHT)
    shell.start()
    return shell


def _visit(shell: Shell, clock: h.Clock, language: str, name: str) -> Path:
    """One visitor, by taps: a language, a name on the keys, a match to its end, History,
    a puzzle solved; then they walk away. Their scratch folder."""
    assert isinstance(shell.current, TitleView)
    assert shell.kiosk is not None and shell.kiosk.visitor is not None
    visitor = shell.kiosk.visitor
    h.press(shell, f"lang:{language}")
    h.press(shell, "play")
    assert isinstance(shell.current, SetupView)
    h.press(shell, "name1")  # the kiosk's letter keys open
    for letter in name.lower():
        h.press(shell, f"letter:{letter}")
    h.press(shell, "done")
    assert shell.current.choice.names[0] == name
    h.press(shell, "start")
    finished = h.finish_on_table(shell, (name,))
    assert finished.names[0] == name
    shell.home()
    h.press(shell, "history")
    assert isinstance(shell.current, HistoryView)
    assert len(shell.current.entries) == 1  # their own match, and only theirs
    assert not h.has_button(shell, "export:0")  # the file would stay on the kiosk
    assert h.has_button(shell, "replay:0")
    assert shell.session.progress.mark_solved("block-1")
    assert any(visitor.rglob("*.json"))  # what they did lives in their folder
    clock.now += KIOSK_IDLE + 1
    h.frames(1)
    assert not visitor.exists()  # gone with them
    return visitor


@pytest.mark.parametrize("bad_settings", [False, True])
def test_three_visitors_leave_the_account_as_it_was_and_nothing_in_the_temporary_folder(
    account: Path, bad_settings: bool
) -> None:
    settings = account / "xdg_config_home" / "boneyard" / "settings.json"
    if bad_settings:
        settings.write_text("{not json", encoding="utf-8")
    before = _snapshot(account)
    scratch = Path(os.environ["TMPDIR"])
    clock = h.Clock()
    shell = _kiosk(clock)
    if bad_settings:
        title = shell.current
        assert isinstance(title, TitleView)
        assert any("left as it is" in note for note in title.notes)
    seen = [
        _visit(shell, clock, language, name)
        for language, name in (("pt", "Ana"), ("id", "Budi"), ("en", "Cy"))
    ]
    assert len(set(seen)) == 3  # a folder of their own each
    assert shell.kiosk is not None and shell.kiosk.visitor is not None
    assert _ours(scratch) == [shell.kiosk.visitor.name]  # the fourth visitor's, waiting
    shell.close()  # the kiosk closes (a normal exit)
    assert _snapshot(account) == before
    assert _ours(scratch) == []


def test_a_kiosk_removes_at_its_start_the_folders_a_crashed_kiosk_left(
    account: Path,
) -> None:
    scratch = Path(os.environ["TMPDIR"])
    crashed = scratch / f"{VISITOR}crashed"
    (crashed / "history").mkdir(parents=True)
    (crashed / "history" / "20261201T000000000000Z.json").write_text("{}")
    (crashed / ".lock").write_bytes(b"")  # its kiosk's lock, dropped when it died
    other = scratch / "someone-elses"
    other.mkdir()
    shell = _kiosk(h.Clock())
    assert not crashed.exists() and other.exists()
    assert shell.kiosk is not None and shell.kiosk.visitor is not None
    assert shell.kiosk.visitor.exists()  # its own, of course, stays
    shell.close()
    assert not any(p.name.startswith(VISITOR) for p in scratch.iterdir())


HOLDER = """
import sys
from pathlib import Path
from game.files import WriterLock
lock = WriterLock(Path(sys.argv[1]))
print(lock.held, flush=True)
sys.stdin.read()
"""


def test_a_folder_another_running_kiosk_holds_is_left_alone(tmp_path: Path) -> None:
    live = tmp_path / f"{VISITOR}live"
    live.mkdir()
    holder = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(live)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    try:
        assert holder.stdout is not None and holder.stdout.readline() == "True\n"
        assert sweep(tmp_path) == [] and live.exists()
    finally:
        holder.communicate("", timeout=30)
    assert sweep(tmp_path) == [live] and not live.exists()
    assert not WriterLock.claimed(live)


def test_a_kiosk_moves_no_earlier_versions_file(account: Path) -> None:
    legacy = account / "xdg_data_home" / "boneyard" / "settings.json"
    Store(read_only=True)
    assert json.loads(legacy.read_text()) == {}
