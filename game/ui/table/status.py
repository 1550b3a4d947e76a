"""Whose turn it is, in the top bar's words: read from the table's controller, no Arcade.

Why apart from the screen: the status says what the flow is doing (a handover due, a
catch-up playing, a computer thinking or decided), so it reads the controller alone and
is tested without a window; the top bar only writes it (:mod:`.topbar`).
"""

from __future__ import annotations

from typing import Protocol

from game.i18n import _
from game.ui.table.controller import TableController
from game.ui.words import names


def status(table: TableController, progress: float | None = None) -> str:
    """Whose turn it is, in words (``progress`` stands in for a thinking seat's own)."""
    state = table.state
    if state.winner is not None:
        return _("Match over: {winners} won").format(winners=names.seats_name(state.winner))
    seat = state.to_move
    if seat is None:
        return ""
    who = names.seat_name(seat)
    if table.covered:
        return _("Pass the device to {seat}").format(seat=who)
    if table.replay is not None:
        return _("{seat}: since your last turn…").format(seat=names.seat_name(table.viewer))
    if table.human_turn():
        alone = len(table.humans) == 1
        return _("Your turn") if alone else _("{seat}: your turn").format(seat=who)
    if table.match.is_human(seat):
        return _("{seat} to play").format(seat=who)
    turn = table.computers.turn
    if progress is None and turn is not None and turn.action is not None:
        # decided: the move waits for its breath (or was thought out ahead, during the
        # last one's); "thinking… 100%" would still stand after the move lands
        return _("Seat {n} plays").format(n=seat)
    if progress is None:
        progress = turn.progress if turn is not None else 0.0
    if progress:
        return _("Seat {n} is thinking… {percent}%").format(n=seat, percent=int(progress * 100))
    return _("Seat {n} is thinking…").format(n=seat)


def status_samples(table: TableController) -> list[str]:
    """The widest status lines this table may show (the top bar plans its room for them,
    so it does not change shape as the match goes on)."""
    n = table.match.ruleset.players
    with names.seated_as(table.roster()):  # asked as the table is first laid out
        humans = [names.seat_name(s) for s in table.humans] or [names.seat_name(n)]
    longest = max(humans, key=len)
    return [
        _("Seat {n} is thinking… {percent}%").format(n=n, percent=100),
        _("Seat {n} plays").format(n=n),
        _("Pass the device to {seat}").format(seat=longest),
        _("{seat}: your turn").format(seat=longest),
    ]


class Line(Protocol):
    """A mode's own status line instead of whose turn it is (a replay's place in the
    match), given to the table when it is assembled."""

    def status(self) -> str: ...

    def samples(self) -> list[str]:
        """The widest lines it may show (the top bar plans room for them)."""
        ...
