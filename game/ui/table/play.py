"""The table as the game shows it: the table view plus what surrounds a match.

A table is assembled, not subclassed: :func:`play_table` makes the flow (a
:class:`~.controller.TableController`) with a mode's policies, and the view
(:class:`~.view.TableView`) with the screen's parts the mode adds; a lesson, a
puzzle and a replay assemble theirs the same way. The game's own table is the
match with the policies and parts the rest of the game needs, nothing drawn
differently:

* it never shows another screen: its controller publishes what happened (a move
  played, the match changed, a round over, a handover due: :mod:`.events`), the
  router subscribes, saves and decides what shows next; what the player asks (the
  menu, the log …) is reported to it (:class:`TableEvent`, :class:`Reporting`);
* every committed action clicks;
* in hot-seat play (the :class:`HotSeat` policy) the table is *covered*
  whenever the next human to act is not the one who last saw their tiles,
  and the handover screen shows instead: nobody sees another's hand;
* each finished round's summary is due once (the :class:`RoundSummaries` policy),
  and the next round's turn waits for it;
* Hint (the AI's own search, a slice per frame: the :class:`~.hints.Hints`
  policy, its button among the top bar's tools) becomes a preview that the player
  confirms or dismisses like any other move; a lesson or a puzzle gives its own;
* the menu, rules, log and scores are separate views, so while one is open
  this view gets no frames and the computer does not move: the game waits;
* restart round and new match ask first; undo and redo are the match's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import arcade

from game.i18n import N_, _
from game.match import Match
from game.rules import Action
from game.ui.art.sound import sound_for
from game.ui.services import Services
from game.ui.table.controller import Policy, Refusable, TableController
from game.ui.table.events import (
    Changed,
    HandoverDue,
    HandShown,
    Played,
    Refused,
    Replayed,
    RoundOver,
)
from game.ui.table.hints import Hints
from game.ui.table.reports import TableEvent
from game.ui.table.sections import ModePart
from game.ui.table.topbar import Tool
from game.ui.table.view import TableView
from game.ui.widgets.kit import touchable
from game.ui.words import names
from game.ui.words.wording import term


def play_table(services: Services, match: Match, report: Callable[[TableEvent], None]) -> TableView:
    """One match at the table, inside the game (see the module docstring): its flow with
    the rounds' summaries and the hot seat as its policies, Hint and the menu's button
    on its screen. ``report`` hears every :class:`TableEvent` (the router's)."""
    table = TableController(match, services.settings.computer_pause)
    hints = Hints(table)
    table.policies = [RoundSummaries(table), HotSeat(table), hints]
    tools = [("hint", _("Hint"), hints.ask), menu_tool(report)]
    return game_table(services, table, report, tools=tools)


def game_table(
    services: Services,
    table: TableController,
    report: Callable[[TableEvent], None],
    parts: Sequence[Callable[[TableView], ModePart]] = (),
    tools: Sequence[Tool] = (),
    open_hands: bool = False,
    whole_board: bool = False,
) -> TableView:
    """The game's view of ``table`` (a flow with its mode's policies): the screen's
    ``parts`` the mode adds, then :class:`Reporting` (what they hold, it hands on), the
    mode's ``tools`` in the top bar, the chrome sized and the pips coloured as the
    settings say. ``open_hands``: every hand shows in its seat's panel; ``whole_board``:
    the camera always fits the whole board."""
    settings = services.settings
    return TableView(
        table,
        coloured=settings.coloured(),
        sizing=services.sizing,
        size=services.size,
        modes=[*parts, lambda view: Reporting(view, services, report)],  # its keys last
        open_hands=open_hands,
        tools=tools,
        whole_board=whole_board,
    )


def menu_tool(report: Callable[[TableEvent], None]) -> Tool:
    """The Menu button of the game's table (Esc and M open it too)."""
    return ("menu", _("Menu"), lambda: report(TableEvent.MENU))


class Reporting(ModePart):
    """What surrounds a match in the game: each committed action clicks; the game's keys
    (restart, new match, Hint and its Why, the log, the scores, the rules, the menu, the key
    sheet); a tap on a computer's announcement on the felt, its move's reasons (as a tap
    on its line in the log), and a tap on a standing hint's line over the hand, the hint's
    (the part holds those places alone, so a tap anywhere else is the table's as before);
    the names the words use, and the layout, when the table shows
    again."""

    def __init__(
        self, table: TableView, services: Services, report: Callable[[TableEvent], None]
    ) -> None:
        super().__init__(table)
        self.table: TableView = table
        self.services = services
        self.report = report
        table.events.listen(Played, lambda played: self._click(played.action))
        table.events.listen(Replayed, lambda replayed: self._click(replayed.action))

    def _click(self, action: Action) -> None:
        self.services.sounds.play(sound_for(action.kind, action.tile is not None))

    # -- its part of the screen (it draws nothing) ---------------------------------------

    def _told_at(self, x: float, y: float) -> int | None:
        """The computer's move whose announcement shows at (x, y), if its reasons were kept
        (not while the seats' full panels cover the felt, nor during a catch-up, which a
        tap skips)."""
        table = self.table
        if table.seats_open or table.replay is not None:
            return None
        move = table.news.told_at(x, y)
        return move if move is not None and table.ctl.computers.why(move) is not None else None

    def _on_hint_line(self, x: float, y: float) -> bool:
        """Whether (x, y) is on the line over the hand while a hint's preview stands (its
        words, a finger high at least, never a hand tile or a button): a tap there opens the
        hint's reasons. The Why? button is left out where the choices fill their column,
        and W is a keyboard's: on a touch-only kiosk this line is the way in."""
        table = self.table
        if table.ctl.hinted() is None or table.covered or table.seats_open:
            return False
        box = table.texts.shown().get("message")
        if box is None:
            return False
        line, tray = touchable(box, table.screen.finger), table.screen.tray
        return (
            max(line.x0, tray.x0) <= x <= min(line.x1, tray.x1)
            and max(line.y0, tray.y0) <= y <= min(line.y1, tray.y1)
            and table.tray.hit(x, y) is None
            and table.buttons.hit(x, y) is None
        )

    def holds(self, x: float, y: float) -> bool:
        return self._told_at(x, y) is not None or self._on_hint_line(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if button != arcade.MOUSE_BUTTON_LEFT:
            return True
        move = self._told_at(x, y)
        if move is not None:
            self.table.ctl.ask_why(move)
        elif self._on_hint_line(x, y):
            self.table.why_hint()
        return True

    def on_show_section(self) -> None:
        table = self.table
        names.sit(table.roster())  # back from another table (a replay from the history)
        size = self.services.size
        if table.laid_for != size:  # resized while another screen showed
            table.on_resize(*size)

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        table = self.table
        k = arcade.key
        ctrl = bool(modifiers & (k.MOD_CTRL | k.MOD_COMMAND))
        if table.input.skips_replay(symbol):  # before Esc opens the menu
            return True
        if ctrl and symbol == k.R:
            self.report(TableEvent.RESTART)
        elif ctrl and symbol == k.N:
            self.report(TableEvent.NEW_MATCH)
        elif ctrl:
            return False
        elif symbol == k.H:
            table.ask_hint()
        elif symbol == k.W and table.ctl.hinted() is not None:
            table.why_hint()
        elif symbol == k.L:
            self.report(TableEvent.LOG)
        elif symbol == k.S:
            self.report(TableEvent.SCORES)
        elif symbol == k.F1:
            self.report(TableEvent.RULES)
        elif symbol == k.M or (symbol == k.ESCAPE and not self._previewing()):
            self.report(TableEvent.MENU)
        else:
            return False
        return True

    def on_text(self, text: str) -> None:
        if text == "?":
            self.report(TableEvent.KEYS)

    def _previewing(self) -> bool:
        p = self.table.preview
        return p.selected is not None or p.chosen is not None


class RoundSummaries(Policy):
    """Each finished round's summary, due once (published: the router shows it); the next
    round's turn waits for it. Pending is a fact of the state (its results against the
    summaries shown), so an undo before the next frame cannot leave it behind."""

    def __init__(self, table: TableController) -> None:
        self.table = table
        self.shown = len(table.match.state.results)  # finished rounds whose summary was shown
        self._reported = False  # this frame: the table goes no further

    @property
    def pending(self) -> bool:
        return len(self.table.state.results) > self.shown

    def update(self, dt: float) -> None:
        self.shown = min(self.shown, len(self.table.state.results))  # an undo took it back
        telling_end = self.table.screen.shown() is not None  # the round's end told first
        self._reported = self.pending and not telling_end
        if self._reported:
            self.shown_all()
            self.table.events.publish(RoundOver())

    def shown_all(self) -> None:
        """Every finished round's summary shown: the next round's turn may begin (its
        preview was held back while the summary waited)."""
        self.shown = len(self.table.state.results)
        self.table.refresh()

    def halts(self) -> bool:
        return self._reported

    def lets_play(self) -> bool:
        return not self.pending


class HotSeat(Policy):
    """Several people share the device: the table covers each hand between its owner's
    turns (the controller's ``cover``), a handover is due when the next human is to act,
    and what would show a hand to anyone but its owner is refused. A policy of the
    controller's, with no screen of its own."""

    def __init__(self, table: TableController) -> None:
        self.table = table
        self._handing = False  # this frame: a handover is due, the table goes no further
        self.notice = ""  # a public line for the handover screen (a refused undo …)
        table.events.listen(Changed, self._changed)
        table.events.listen(Refused, self._refused)
        table.events.listen(HandShown, self._hand_shown)

    @property
    def shared(self) -> bool:
        return len(self.table.humans) > 1

    def _changed(self, changed: Changed) -> None:
        if changed.what in ("restart", "new match"):
            self.table.cover()

    def _refused(self, refused: Refused) -> None:
        """On a handover the reason shows there too (it names no tile)."""
        self.notice = refused.reason if self.table.covered else ""

    def _hand_shown(self, _shown: HandShown) -> None:
        self.notice = ""

    # -- hooks -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._handing = self.table.handover_due()
        if self._handing:
            self.table.events.publish(HandoverDue(self.notice))

    def halts(self) -> bool:
        return self._handing

    def refusal(self, what: Refusable) -> str:
        """Undo, redo and restart act only for the player whose tiles show, on their own
        move: the device cannot tell who holds it (on a handover, or with someone else's
        tiles showing, the person asking may not be the seat the move goes back to). A
        move stands once another player's turn has come."""
        table = self.table
        if not self.shared:
            return ""
        match = table.match
        if what == "undo":
            seat = match.undo_seat
            if seat is not None and (table.covered or seat != table.viewer):
                return _(
                    "Not undone: only {seat} may take back {seat}'s move, on their own turn "
                    "(it would show their tiles)"
                ).format(seat=names.seat_name(seat))
        elif what == "redo":
            if table.covered:
                return _("Not redone: a move is put back only while its player's tiles show")
        elif match.is_human(match.restart_seat) and (
            table.covered or match.restart_seat != table.viewer
        ):
            who = names.seat_name(match.restart_seat)  # type: ignore[arg-type]
            return term(
                match.ruleset,
                N_(
                    "Not restarted: restart on {seat}'s turn (the round starts again with "
                    "{seat}'s tiles showing)"
                ),
                N_(
                    "Not restarted: restart on {seat}'s turn (the hand starts again with "
                    "{seat}'s tiles showing)"
                ),
                seat=who,
            )
        return ""
