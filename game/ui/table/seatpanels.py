"""The seats, as a part of the table's screen (:mod:`.sections`): their panels (or a short
window's strip of them), their marks, and the words written in them, the hand's line
among them.
"""

from __future__ import annotations

from game.i18n import _
from game.ui.board.geometry import Rect
from game.ui.table.open_hands import open_hand_texts
from game.ui.table.sections import (
    LEFT,
    PRESS,
    SEATS,
    Part,
    Table,
)


class SeatsPart(Part):
    """A short window's strip of the other seats: a tap on it opens the full panels over the
    felt; while they show, a tap anywhere but on a button closes them (and does nothing
    else), and one on a button closes them and is the button's."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "seats", (PRESS,), SEATS)

    def lay(self) -> None:
        strip = self.table.screen.strip
        self.place(strip if strip is not None else Rect(0, 0, 0, 0))

    def holds(self, x: float, y: float) -> bool:
        strip = self.table.screen.strip
        return strip is not None and (self.table.seats_open or super().holds(x, y))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        table = self.table
        if button != LEFT:
            return None
        if table.seats_open:
            table.seats_open = False
            table.sync_preview()
            return None if table.buttons.hit(x, y) is not None else True
        table.seats_open = True
        table.sync_preview()
        return True

    def sync(self) -> None:
        """The panels for the seats' tile counts and whose turn it is; the words: each
        seat's, the hand's line (what was said, else what the player can do now) and, when
        every hand is open, the other seats' tiles instead of their counts."""
        table = self.table
        state, screen = table.state, table.screen
        counts = {s: len(h) for s, h in enumerate(state.hands, 1)}
        table.panels.sync(screen, counts, state.to_move, table.seats_open)
        if table.replay is not None:
            hint = _("Tap or press Space to skip")
        elif table.human_turn():
            hint = table.choices.hint(table.viewer, table.input.holding)
        else:
            hint = ""
        said = table.message or hint
        table.texts.begin()
        table.seats.write(screen, state, table.viewer, table.you, said, table.seats_open)
        if table.open_hands:  # the other seats' tiles show instead of their counts
            open_hand_texts(table.texts, screen, state.scores)
        table.texts.end()

    def on_draw(self) -> None:
        """The panels (or the strip, and the full panels it opened), the seats' marks and
        words (the hand's line among them)."""
        table = self.table
        table.panels.draw(table.window.ctx.screen)
        table.seats.marks.draw()
        table.texts.batch.draw()
