"""Passing the device: a screen with nothing private on it between two people's turns.

Shown whenever the next human to act is not the one who last saw their
tiles (every rule card keeps a hand its owner's until the round ends), the
Cuban hand acceptances included (each player looks at their hand privately).
It draws no table, no tray and no tile: only whose turn it is and a button
the new player presses once nobody else is looking.
"""

from __future__ import annotations

import arcade

from game.i18n import _
from game.ui.board.geometry import Rect
from game.ui.services import Navigator, Route, Services
from game.ui.theme import BAR, DIM, GOLD, WARN
from game.ui.widgets.kit import Button, Label, Screen, centred, finger
from game.ui.words.names import seat_name


class HandoverView(Screen):
    """ "Pass the device to Ana" (or "Seat 3"), then "Show my tiles"."""

    background = BAR

    def __init__(
        self, nav: Navigator, services: Services, seat: int, accepting: bool, notice: str
    ) -> None:
        """``accepting``: the seat is to accept its hand or ask for a redeal; ``notice``: a
        public line."""
        super().__init__(nav, services)
        self.seat, self.accepting, self.notice = seat, accepting, notice

    def build(self, width: int, height: int) -> None:
        u = self.unit
        cx = width / 2
        detail = (
            _(
                "Look at your new hand privately, then keep it (or ask for a redeal with "
                "five doubles or more)."
            )
            if self.accepting
            else _(
                "Only the player about to play should look now. Everyone else's tiles stay hidden."
            )
        )
        self.add(
            Label(
                centred(cx, height * 0.64, width, 70 * u),
                _("Pass the device to {seat}").format(seat=seat_name(self.seat)),
                44 * u,
                GOLD,
                "center",
                True,
            )
        )
        self.add(
            Label(
                Rect(60 * u, height * 0.46, width - 60 * u, height * 0.56),
                detail,
                19 * u,
                DIM,
                "center",
                wrap=True,
            )
        )
        notice = self.notice
        if notice:  # public words only (a refused undo): nothing about any hand
            self.add(
                Label(
                    Rect(40 * u, height * 0.18, width - 40 * u, height * 0.24),
                    notice,
                    17 * u,
                    WARN,
                    "center",
                    wrap=True,
                )
            )
        self.add(
            Button(
                centred(cx, height * 0.34, 380 * self.touch, 84 * self.touch),
                _("Show my tiles"),
                self._handed_over,
                "primary",
                key="show",
                size=26 * self.touch,
            )
        )
        self.add(
            Button(
                Rect(
                    width - 170 * u,
                    height - 20 * u - finger(50 * u),
                    width - 20 * u,
                    height - 20 * u,
                ),
                _("Menu"),
                lambda: self.nav.open(Route.MENU),
                "quiet",
                key="menu",
                size=17 * u,
            )
        )

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if (
            symbol in (arcade.key.ENTER, arcade.key.RETURN, arcade.key.SPACE)
            and self.focused is None
        ):
            self._handed_over()
            return
        super().on_key_press(symbol, modifiers)

    def _handed_over(self) -> None:
        self.nav.open(Route.HANDED_OVER)
