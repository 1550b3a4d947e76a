"""What a mode adds to the table: hooks an add-on answers, and regions with their own input.

Why hooks rather than subclasses: the table view is one (:mod:`.view`), and a mode is
assembled, not derived (:func:`~.play.play_table` and its kin): the policies it gives
the controller decide what the flow may do (:class:`~.controller.Policy`, no screen in
them), and the parts it gives the view — a replay's controls, a lesson's or a puzzle's
coach, Hint — say what they add to the screen through these methods (each a no-op
here). An add-on is a policy too (its frames, its say over the flow, after the mode's
own); what happened it hears from the controller's events. The table calls every
add-on's hook in order, at the point named.

A :class:`Region` is a rectangle of the screen that is the add-on's alone (the coach's
box of words, the replay's log): a press or the wheel inside it goes to the region,
never to the board, and the board's free felt leaves it out. Each add-on is an
``arcade.Section`` of the table's screen (:mod:`.sections`): it draws the add-on
(:meth:`AddOn.draw`) over the table's other parts, and its regions are the first
places a press or the wheel looks for its taker.
"""

from __future__ import annotations

from typing import Protocol

from game.ui.board.geometry import Rect
from game.ui.table.controller import Policy
from game.ui.table.topbar import Tool
from game.ui.widgets.kit import Button


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


class AddOn(Policy):
    """What a mode adds to the screen, over its vetoes and frames (:class:`Policy`); each
    hook does nothing unless a mode says otherwise. What happened at the table a mode
    hears from the controller's events (:mod:`.events`), subscribing to the kinds it
    needs."""

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

    def appeared(self) -> None:
        """The table shows (first, or again after another screen)."""

    def draw(self) -> None:
        """Draw over the table, after it."""

    def key(self, symbol: int, modifiers: int) -> bool:
        """A key the add-on takes (True), before the table's own."""
        return False

    def text(self, text: str) -> None:
        """Text typed at the table (the character a key made, after :meth:`key`)."""

    def whole_board(self) -> bool:
        """The camera always fits the whole board (never comes in over the player's places)."""
        return False

    def still(self) -> bool:
        """Nothing of the add-on's moves (a glow pulses): a frame may be skipped."""
        return True
