"""The table's parts under its view's ``SectionManager``, as one (:mod:`.sections`).

Why a module of its own: the view holds its parts through this, the order a press looks
for its taker and the order they are synced in are here, and so is the screen's layout,
which the parts share: the window less the modes' columns (:class:`~.sections.Beside`),
then each part laid out, a mode's first (it may take room off the table).
"""

from __future__ import annotations

from collections.abc import Iterable

import arcade

from game.i18n import right_to_left
from game.ui.board.geometry import Rect
from game.ui.table.felt import AirPart, BoardPart, WordsPart
from game.ui.table.handbar import ChoicesPart, HandPart
from game.ui.table.hud import is_short, screen_layout
from game.ui.table.seatpanels import SeatsPart
from game.ui.table.sections import (
    Beside,
    ModePart,
    Part,
    Table,
)
from game.ui.table.top import TopBarPart, shows_boneyard


class Parts:
    """The table's parts under its manager: added in the order a press looks for its
    taker, a mode's first (:meth:`add_modes`, once the view can make them)."""

    def __init__(self, table: Table, manager: arcade.SectionManager) -> None:
        self.table, self.manager = table, manager
        self.modes: list[ModePart] = []
        self.seats = SeatsPart(table)
        self.top = TopBarPart(table)
        self.choices = ChoicesPart(table, self.modes)
        self.hand = HandPart(table)
        self.board = BoardPart(table)
        self.words = WordsPart(table)
        self.air = AirPart(table)
        for part in self.all():
            manager.add_section(part)

    def add_modes(self, parts: Iterable[ModePart]) -> None:
        for part in parts:
            self.manager.add_section(part, at_index=len(self.modes))
            self.modes.append(part)

    def lay_out(self) -> None:
        """The screen laid out for the window less the columns of the modes' parts beside
        it (at the end of the reading: on the right, or on the left for a right-to-left
        language); then each part is laid out, a mode's first (placed in its column; it
        may take room off the table), and the camera looks at the table that is left."""
        table = self.table
        ruleset = table.match.ruleset
        full, height = table.laid_for
        beside = [part for part in self.modes if isinstance(part, Beside)]
        columns = [part.column(full) for part in beside]
        width = full - sum(columns)
        rtl = right_to_left()
        scale, finger = table.sizing.scale(full, height), table.sizing.finger(full, height)
        labels = [label for _, label, _ in self.top.tools()]
        boneyard = shows_boneyard(table)
        compact = not table.open_hands and is_short(height, scale)  # its count in the strip
        screen = screen_layout(
            width,
            height,
            ruleset.name,
            ruleset.players,
            table.viewer,
            scale,
            table.bar.rows(width, labels, boneyard and not compact, scale, finger),
            rtl,
            finger,
            compact=not table.open_hands,
            boneyard=boneyard,
        )
        table.screen = screen.shifted(full - width) if rtl and width < full else screen
        table.news.scale = table.labels.scale = scale  # the words on the table grow too
        table.labels.stale()
        at = 0 if rtl else width
        for mode, w in zip(beside, columns, strict=True):
            mode.place(Rect(at, 0, at + w, height))
            at += w
        table.panels._signature = ()
        for part in self.all():
            part.lay()
        table.camera.view_rect(table.screen.table)

    def sync(self) -> None:
        """Each part from the table as it is now: the board's preview, the choices (before
        the hand, whose row lies where they leave room), the hand, the seats, the top bar."""
        self.board.sync()
        self.choices.sync()
        self.hand.sync()
        self.seats.sync()
        self.top.sync()

    def still(self) -> bool:
        """Nothing of any part's moves by itself (see :meth:`Part.still`)."""
        return all(part.still() for part in self.all())

    def key(self, symbol: int, modifiers: int) -> bool:
        """A key a mode's part takes, before the table's own (the first that does)."""
        return any(part.on_key_press(symbol, modifiers) for part in self.modes)

    def text(self, text: str) -> None:
        for part in self.modes:
            part.on_text(text)

    def all(self) -> list[Part]:
        return [
            *self.modes,
            self.seats,
            self.top,
            self.choices,
            self.hand,
            self.board,
            self.words,
            self.air,
        ]
