"""The names of the top bar's icon tools (−, +, Fit, ↺, ↻), said under them.

Why: a symbol alone does not say what it does (a newcomer read ↺/↻ beside Undo
as a second undo). A mouse resting on a tool names it for as long as it rests
there; a tap on one (a finger has no hover) names it for :data:`SHOW_FOR`
seconds. The name is drawn by the table in a small opaque box under the bar,
kept inside the window. While a tapped name is counting down the table is not
at rest (the window draws only on change: the box must still go away).
"""

from __future__ import annotations

import arcade

from game.i18n import N_, _
from game.ui.board.geometry import Rect
from game.ui.theme import GOLD, SHEET, TEXT
from game.ui.widgets.kit import Button
from game.ui.widgets.text import make_text, text_width

TIPS = {
    "zoom-": N_("Zoom out"),
    "zoom+": N_("Zoom in"),
    "fit": N_("Fit the board"),
    "rot-": N_("Turn the table left"),
    "rot+": N_("Turn the table right"),
}
SHOW_FOR = 1.6  # seconds a tapped tool's name stays
SIZE = 14  # points
PAD = 8  # pixels round the words


class ToolTips:
    """Which tool is named now, and the box that names it."""

    def __init__(self) -> None:
        self.key = ""  # the tool named now ("" none)
        self.left = 0.0  # seconds a tapped tool's name still shows (0: a hover's, or none)
        self.box = Rect(0, 0, 0, 0)
        self._text: arcade.Text | None = None
        self._laid: tuple[str, Rect] | None = None

    @property
    def counting(self) -> bool:
        """A tapped tool's name shows and will go by itself (the table is not at rest)."""
        return bool(self.key) and self.left > 0

    def hover(self, button: Button | None) -> bool:
        """The pointer rests on ``button`` (None: on no tool); True when the name changed."""
        key = button.key if button is not None and button.key in TIPS else ""
        if key == self.key and (key or not self.left):
            return False
        if not key and self.left > 0:
            return False  # a tapped name stays its time, wherever the pointer goes
        self.key, self.left = key, 0.0
        return True

    def tapped(self, key: str) -> None:
        """Tool ``key`` was pressed: name it for a moment (a finger has no hover)."""
        if key in TIPS:
            self.key, self.left = key, SHOW_FOR

    def update(self, dt: float) -> None:
        if self.left > 0:
            self.left = max(0.0, self.left - dt)
            if self.left == 0:
                self.key = ""

    def text(self) -> str:
        """The name showing now, in the player's language ("" none)."""
        return _(TIPS[self.key]) if self.key else ""

    def lay(self, buttons: list[Button], width: float) -> None:
        """Put the box under its tool, inside a window ``width`` wide."""
        button = next((b for b in buttons if b.key == self.key), None)
        if button is None or not self.key:
            self.box, self._text = Rect(0, 0, 0, 0), None
            return
        words = self.text()
        key = (words, button.rect)
        if self._laid == key and self._text is not None:
            return
        self._laid = key
        w = text_width(words, SIZE, True) + 2 * PAD
        h = SIZE * 1.6 + PAD
        cx = min(max(button.rect.centre[0], w / 2 + 4), width - w / 2 - 4)
        top = button.rect.y0 - 6
        self.box = Rect(cx - w / 2, top - h, cx + w / 2, top)
        self._text = make_text(words, cx, top - h / 2, TEXT, SIZE, "center", bold=True)

    def draw(self, buttons: list[Button], width: float) -> None:
        self.lay(buttons, width)
        if self._text is None:
            return
        b = self.box
        arcade.draw_lbwh_rectangle_filled(b.x0, b.y0, b.width, b.height, SHEET)
        arcade.draw_lbwh_rectangle_outline(b.x0, b.y0, b.width, b.height, GOLD, 1)
        self._text.draw()
