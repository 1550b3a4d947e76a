"""A kiosk's own rules: the idle clock, the operator's chord, a scratch folder per visitor.

A kiosk stands in a shop or a club for whoever passes. Left alone for
``KIOSK_IDLE`` seconds it goes back to the title for the next visitor, with
the kiosk's own settings again and the last visitor's matches gone; only its
operator, holding Ctrl+Alt+Q for ``OPERATOR_HOLD`` seconds, closes it. It
writes nothing of the player's: a visitor's finished matches and solved
puzzles live in a scratch folder of their own, deleted when the next comes.
"""

from __future__ import annotations

import shutil
import tempfile
from collections.abc import Callable
from enum import Enum, auto
from pathlib import Path

import arcade

KIOSK_IDLE = 180.0  # seconds without a touch before a kiosk goes back to the title
KIOSK_SCALE = 1.3  # kiosk targets are this much larger
OPERATOR_HOLD = 5.0  # seconds the kiosk operator holds Ctrl+Alt+Q to close the kiosk


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
        if self.visitor is not None:
            shutil.rmtree(self.visitor, ignore_errors=True)
        self.visitor = Path(tempfile.mkdtemp(prefix="boneyard-visitor-"))
        return self.visitor
