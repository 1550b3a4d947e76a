"""What a mode adds to the table: hooks an add-on answers, and regions with their own input.

Why hooks rather than subclasses: the table view is one (:mod:`.view`); a replay's
controls, a lesson's or a puzzle's coach, are parts it is given, each saying what it
adds through these methods (each a no-op here) and never what the table should stop
doing. The table calls every add-on's hook in order, at the point named.

A :class:`Region` is a rectangle of the screen that is the add-on's alone (the coach's
box of words, the replay's log): a press or the wheel inside it goes to the region,
never to the board, and the board's free felt leaves it out. Regions are the table's
own rather than arcade ``Section``s for the reason the table's parts are plain objects
(see :mod:`.view`): one event path, one draw in a fixed order, and an overlay drawing
the paused table under itself whole.
"""

from __future__ import annotations

from typing import Literal, Protocol

from game.rules import Action, State
from game.ui.board.geometry import Rect
from game.ui.table.topbar import Tool
from game.ui.widgets.kit import Button

Refusable = Literal["undo", "redo", "restart"]  # what an add-on may refuse, saying why
Change = Literal["undo", "redo", "restart", "new match"]  # what the player asks of the match


class Region(Protocol):
    """A part of the screen with its own input (see the module docstring)."""

    def holds(self, x: float, y: float) -> bool:
        """Whether the screen point is the region's (shown now)."""
        ...

    def press(self, x: float, y: float) -> None:
        """A press inside the region."""
        ...

    def scroll(self, step: int) -> None:
        """The wheel over the region: ``step`` 1 onward (down), -1 back."""
        ...


class AddOn:
    """The hooks of a table's add-on; each does nothing unless an add-on says otherwise."""

    def column(self, width: int) -> int:
        """Pixels of the window's ``width`` the add-on takes at the end of the reading
        (on the right, or the left in a right-to-left language), beside the table."""
        return 0

    def lay(self, column: Rect) -> None:
        """The screen was laid out again: ``column`` is the add-on's (empty when it asked
        none); an add-on may take room off the table's top (the table is the view's)."""

    def regions(self) -> list[Region]:
        """The add-on's regions, in the order a press looks for its own."""
        return []

    def tools(self) -> list[Tool]:
        """Top-bar buttons the add-on adds (key, label, action)."""
        return []

    def buttons(self) -> list[Button] | None:
        """Buttons for the choices' corner instead of the choices (None: the choices)."""
        return None

    def status(self) -> str | None:
        """The top bar's status line instead of whose turn it is (None: that)."""
        return None

    def status_samples(self) -> list[str]:
        """The widest status lines the add-on may show (the top bar plans room for them)."""
        return []

    def update(self, dt: float) -> None:
        """A frame passed (before the table moves on)."""

    def halts(self) -> bool:
        """The table goes no further this frame (a lesson over: its end is due)."""
        return False

    def lets_play(self) -> bool:
        """The player to move may act now (not once a lesson or a puzzle is over)."""
        return True

    def allows(self, action: Action) -> bool:
        """A confirmed action may be played (False: the add-on said why, nothing changes)."""
        return True

    def draws_singly(self) -> bool:
        """Each draw is a press of its own, even where the rules draw until a tile fits (a
        lesson walks through the draws one step each)."""
        return False

    def played(self, before: State, action: Action) -> None:
        """``action`` was played from ``before``."""

    def replayed(self, action: Action) -> None:
        """``action`` was just shown again in a catch-up (the moves a hot-seat viewer missed)."""

    def renewing(self) -> None:
        """A new match is about to replace the one at the table (still there to read)."""

    def changed(self, what: Change) -> None:
        """The table has acted on the player's ``what``: an undo or a redo asked (done, or
        refused with the reason shown), a restart or a new match made; the table is laid
        out again for the match as it is now."""

    def refused(self, reason: str) -> None:
        """The table said why something was not done (``reason``, shown on the table)."""

    def hand_shown(self) -> None:
        """The next human took the device: their tiles show now."""

    def appeared(self) -> None:
        """The table shows (first, or again after another screen)."""

    def moves_others(self, dt: float) -> bool:
        """The other seats are the add-on's to move (a script's replies): it moves them now
        if it will (True), and the table's computers think for nobody."""
        return False

    def hint(self) -> bool:
        """The add-on answers Hint itself (True: it did)."""
        return False

    def refusal(self, what: Refusable) -> str:
        """Why the table's ``what`` may not act now ("" when the add-on lets it)."""
        return ""

    def renews(self) -> bool:
        """A new match may be started over the table (not over a lesson's or a puzzle's)."""
        return True

    def draw(self) -> None:
        """Draw over the table, after it."""

    def key(self, symbol: int, modifiers: int) -> bool:
        """A key the add-on takes (True), before the table's own."""
        return False

    def text(self, text: str) -> None:
        """Text typed at the table (the character a key made, after :meth:`key`)."""

    def busy(self) -> bool:
        """Something happens by itself (a replay playing): frames keep coming."""
        return False

    def whole_board(self) -> bool:
        """The camera always fits the whole board (never comes in over the player's places)."""
        return False

    def still(self) -> bool:
        """Nothing of the add-on's moves (a glow pulses): a frame may be skipped."""
        return True
