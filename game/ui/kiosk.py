"""A kiosk's own rules: the idle clock, the operator's chord, a scratch folder per visitor.

A kiosk stands in a shop or a club for whoever passes. Left alone for
``KIOSK_IDLE`` seconds it goes back to the title for the next visitor, with
the kiosk's own settings again and the last visitor's matches gone; only its
operator, holding Ctrl+Alt+Q for ``OPERATOR_HOLD`` seconds, closes it. It
writes nothing of the player's: a visitor's finished matches and solved
puzzles live in a scratch folder of their own, deleted when the next comes and
when the kiosk closes (a normal exit, or the SIGTERM a supervisor sends). A
crash or a SIGKILL cannot clean up after itself, so each kiosk removes at its
start the scratch folders that no running kiosk holds: a folder is held by its
kiosk's lock on it (:class:`game.files.WriterLock`), which the system drops
when that process ends however it ends.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import weakref
from collections.abc import Callable
from enum import Enum, auto
from pathlib import Path

import arcade

from game.files import WriterLock

KIOSK_IDLE = 180.0  # seconds without a touch before a kiosk goes back to the title
KIOSK_SCALE = 1.3  # kiosk targets are this much larger
OPERATOR_HOLD = 5.0  # seconds the kiosk operator holds Ctrl+Alt+Q to close the kiosk
VISITOR = "boneyard-visitor-"  # how a visitor's scratch folder's name begins


class Due(Enum):
    """What a kiosk's clocks say is due now."""

    NOTHING = auto()
    CLOSE = auto()  # the operator held the chord long enough
    NEXT_VISITOR = auto()  # nobody touched it for KIOSK_IDLE seconds


class Kiosk:
    """The clocks and the visitor's folder of one kiosk (``clock``: seconds, monotonic)."""

    def __init__(self, clock: Callable[[], float]) -> None:
        self.clock = clock
        self.last_input = clock()
        self._held_since: float | None = None  # when the operator's chord went down
        self.visitor: Path | None = None  # the visitor's folder (finished matches, puzzles)
        self._leave: weakref.finalize[[Path, WriterLock], Kiosk] | None = None  # removes it
        sweep()
        self.new_visitor()

    def touched(self) -> None:
        self.last_input = self.clock()

    def chord(self, pressed: bool, symbol: int, modifiers: int) -> None:
        """The operator's one way out: Ctrl+Alt+Q held down for ``OPERATOR_HOLD`` seconds."""
        k = arcade.key
        chord = k.MOD_CTRL | k.MOD_ALT
        if pressed and symbol == k.Q and modifiers & chord == chord:
            if self._held_since is None:
                self._held_since = self.clock()
        elif not pressed and symbol in (k.Q, k.LCTRL, k.RCTRL, k.LALT, k.RALT):
            self._held_since = None

    def due(self) -> Due:
        """Every frame: whether the operator's hold is over, or the visitor has gone."""
        now = self.clock()
        if self._held_since is not None and now - self._held_since >= OPERATOR_HOLD:
            self._held_since = None
            return Due.CLOSE
        if now - self.last_input < KIOSK_IDLE:
            return Due.NOTHING
        self.last_input = now
        return Due.NEXT_VISITOR

    def new_visitor(self) -> Path:
        """A fresh scratch folder for the next visitor (the last one's deleted)."""
        self.close()
        self.visitor = Path(tempfile.mkdtemp(prefix=VISITOR))
        lock = WriterLock(self.visitor)  # held while the folder is in use (see above)
        # at the next visitor, when the kiosk closes, or at the latest when the process
        # exits normally (a SIGTERM the game turns into a normal exit included)
        self._leave = weakref.finalize(self, _remove, self.visitor, lock)
        return self.visitor

    def close(self) -> None:
        """The visitor's folder removed now (the kiosk closes, or the next visitor comes)."""
        if self._leave is not None:
            self._leave()
            self._leave = None


def _remove(folder: Path, lock: WriterLock) -> None:
    lock.release()
    shutil.rmtree(folder, ignore_errors=True)


def sweep(top: Path | None = None) -> list[Path]:
    """Remove the visitors' scratch folders left in ``top`` (the temporary folder) by a
    kiosk that ended without cleaning up; those a running kiosk holds are left. Only this
    user's own folders are tried. Returns the folders removed."""
    top = Path(tempfile.gettempdir()) if top is None else top
    removed: list[Path] = []
    try:
        found = [p for p in top.iterdir() if p.name.startswith(VISITOR)]
    except OSError:
        return removed
    for folder in found:
        try:
            if folder.is_symlink() or not folder.is_dir() or folder.stat().st_uid != os.getuid():
                continue
        except OSError:
            continue
        if WriterLock.claimed(folder):  # a kiosk of this very process holds it
            continue
        lock = WriterLock(folder)
        if lock.held:  # no kiosk holds it: its kiosk is gone
            lock.release()
            shutil.rmtree(folder, ignore_errors=True)
            removed.append(folder)
        else:
            lock.release()
    return removed
