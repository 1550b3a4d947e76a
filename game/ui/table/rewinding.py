"""A replay's cursor as a policy of the table's flow (:class:`Rewinding`): no Arcade.

Why apart from the replay's screen (:mod:`.rewind`): stepping and playing the cursor,
and where it stands in words, are the flow's, tested without a window; each move of
the cursor goes out as an event for the screen to show.
"""

from __future__ import annotations

from game.i18n import _
from game.replay import Cursor
from game.ui.table.controller import Policy, TableController
from game.ui.table.events import Rewound

SPEEDS = (0.5, 1.0, 2.0, 4.0)  # moves a second when playing


class Rewinding(Policy):
    """The replay's cursor: a move or a round back or on, to either end, or played at a
    speed; where it stands, in words. Each move of the cursor is published
    (:class:`~.events.Rewound`) for the screen to show. A policy of the controller's,
    with no screen of its own."""

    def __init__(self, table: TableController, cursor: Cursor) -> None:
        self.table = table
        self.cursor = cursor
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0

    def go(self, index: int) -> None:
        """Show the match after ``index`` actions: one step on glides, anything else jumps."""
        before = self.table.state
        onward = index == self.cursor.index + 1
        if not self.cursor.go(index):
            self.table.screen.show_preview()
            return
        self.table.events.publish(Rewound(before, onward))

    def step(self, by: int) -> None:
        self.go(self.cursor.index + by)

    def round_by(self, by: int) -> None:
        cursor = self.cursor
        if by > 0:
            index = cursor.round_start(cursor.state.round + 1)
        else:
            start = cursor.round_start(cursor.state.round)
            index = start if start < cursor.index else cursor.round_start(cursor.state.round - 1)
        self.go(index)

    def toggle_play(self) -> None:
        if self.cursor.at_end and not self.playing:
            self.go(0)
        self.playing = not self.playing
        self.wait = 0.0
        self.table.screen.show_preview()

    def faster(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self.table.screen.show_preview()

    def where(self, index: int | None = None) -> str:
        """ "Replay · move 7 of 144" (at ``index``, else where the cursor is)."""
        c = self.cursor
        n = c.index if index is None else index
        return _("Replay · move {n} of {total}").format(n=n, total=len(c))

    def update(self, dt: float) -> None:
        """Playing, the next move comes at the chosen speed, once the last has landed."""
        if not self.playing:
            return
        if self.cursor.at_end:
            self.playing = False
            self.table.screen.show_preview()
            return
        self.wait += dt
        if self.wait >= 1 / self.speed and self.table.screen.settled():
            self.wait = 0.0
            self.step(1)

    def busy(self) -> bool:
        return self.playing  # playing, the moves come by themselves

    def status(self) -> str:
        """The top bar's line: where the cursor stands."""
        return self.where()

    def samples(self) -> list[str]:
        return [self.where(len(self.cursor))]
