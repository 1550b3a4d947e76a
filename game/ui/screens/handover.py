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
from game.ui.routes import Navigator, Route
from game.ui.services import Services
from game.ui.theme import BAR, DIM, GOLD, WARN, Colour
from game.ui.widgets.kit import (
    LINE,
    Button,
    Label,
    Screen,
    centred,
    finger,
    legible,
    wrapped_height,
)
from game.ui.widgets.text import fit_size
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
        # each part where the design puts it, or under the one above where the words (a
        # larger Text size) reach further: the screen grows only as far as they still fit
        # (see Screen in the kit); the heading's words shrink to the window's width
        title = _("Pass the device to {seat}").format(seat=seat_name(self.seat))
        size = fit_size(title, legible(44 * u), width - 40 * u, True)
        heading = centred(cx, height * 0.64, width, LINE * size)  # a Latin line's box
        self.add(Label(heading, title, size, GOLD, "center", True))
        said = self._wrapped(detail, 60 * u, min(height * 0.56, heading.y0), 0.46, 19 * u, DIM)
        k = self.touch
        show = centred(cx, min(height * 0.34, said.rect.y0 - 16 * u - 42 * k), 380 * k, 84 * k)
        notice = self.notice
        if notice:  # public words only (a refused undo): nothing about any hand
            top = min(height * 0.24, show.y0 - 8 * u)
            self.add(self._wrapped(notice, 40 * u, top, 0.18, 17 * u, WARN))
        self.add(said)
        self.add(
            Button(show, _("Show my tiles"), self._handed_over, "primary", key="show", size=26 * k)
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

    def _wrapped(
        self, text: str, side: float, top: float, bottom: float, size: float, colour: Colour
    ) -> Label:
        """``text`` wrapped and centred from ``top`` down, ``side`` in from either edge, to
        ``bottom`` (a share of the height) or as far as its lines reach."""
        width, height = self.dims
        need = wrapped_height(text, width - 2 * side, size)
        rect = Rect(side, min(bottom * height, top - need), width - side, top)
        return Label(rect, text, size, colour, "center", wrap=True)

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
