"""The table as the game shows it: the table view plus what surrounds a match.

:class:`PlayView` is the table helper's :class:`~game.ui.table.view.TableView`
with the hooks the rest of the game needs, and nothing drawn differently:

* it never shows another screen: it reports what happened (:class:`TableEvent`:
  the match changed, a round is over, a handover is due, the player asked
  for the menu …) and the router decides what shows next;
* every committed action clicks, and is reported so the router saves it;
* in hot-seat play (the :class:`HotSeat` add-on) the table is *covered*
  whenever the next human to act is not the one who last saw their tiles,
  and the handover screen shows instead (F-07, L-20, MT-22, C-21);
* Hint (the AI's own search, a slice per frame: the :class:`~.hints.Hints`
  add-on) becomes a preview that the player confirms or dismisses like any
  other (F-04, L-19, MT-21, C-17); a lesson or a puzzle gives its own add-ons;
* the menu, rules, log and scores are separate views, so while one is open
  this view gets no frames and the computer does not move (F-10, L-22,
  MT-24, C-19);
* restart round and new match ask first; undo and redo are the match's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from enum import StrEnum

import arcade

from game.i18n import N_, _
from game.match import Match
from game.rules import Action
from game.ui.art.sound import sound_for
from game.ui.services import Services
from game.ui.table.addon import AddOn, Refusable
from game.ui.table.hints import Hints
from game.ui.table.topbar import Tool
from game.ui.table.view import TableView
from game.ui.words import names, narrate
from game.ui.words.wording import term


class TableEvent(StrEnum):
    """What the table reports to the router (which decides what shows next)."""

    CHANGED = "changed"  # the match changed (a play, an undo, a restart …): keep it
    ROUND_OVER = "round over"  # the round's summary is due
    HANDOVER = "handover"  # the device passes to the human to move (hot seat)
    MENU = "menu"  # the player asked for the menu (or the log, the scores, the rules …)
    LOG = "log"
    SCORES = "scores"
    RULES = "rules"
    KEYS = "keys"  # the sheet of every key
    RESTART = "restart"  # … to restart the round (asked first)
    NEW_MATCH = "new match"  # … for a new match (asked first)
    LESSON_OVER = "lesson over"  # a tutorial's round is done (a lesson's table only)
    PUZZLE_SOLVED = "puzzle solved"  # a puzzle's goal is met: keep the mark (a puzzle's only)


class PlayView(TableView):
    """One match at the table, inside the game (see the module docstring)."""

    kept = True  # the player's match: saved for Resume, kept in the history when it ends

    def __init__(
        self,
        services: Services,
        match: Match,
        report: Callable[[TableEvent], None],
        addons: Sequence[Callable[[TableView], AddOn]] | None = None,
        open_hands: bool = False,
    ) -> None:
        """``report`` hears every :class:`TableEvent` (the router's); ``addons`` and
        ``open_hands`` are the table's (:class:`~game.ui.table.view.TableView`): by
        default the rounds' summaries, the hot seat, Hint and the menu."""
        settings = services.settings
        if addons is None:
            addons = (
                lambda t: RoundSummaries(t, report),
                lambda t: HotSeat(t, report),
                Hints,
                lambda _t: MenuTool(report),
            )
        super().__init__(
            match,
            computer_pause=settings.computer_pause,
            coloured=settings.coloured(),
            touch=services.scale,
            size=services.size,
            addons=addons,
            open_hands=open_hands,
        )
        self.services = services
        self.report = report
        self.notice = ""  # a public line for the handover screen (a refused undo …)
        self.past_log: list[tuple[str, str]] = []  # earlier matches at this table (MT-20)
        self._laid_out_for = services.size

    # -- hooks into the table ---------------------------------------------------------------

    def commit(self, action: Action) -> bool:
        if not super().commit(action):
            return False
        self.services.sounds.play(sound_for(action.kind, action.tile is not None))
        self.report(TableEvent.CHANGED)
        return True

    def replayed(self, action: Action) -> None:
        self.services.sounds.play(sound_for(action.kind, action.tile is not None))

    @property
    def pending_summary(self) -> bool:
        """A finished round waits for its summary (see :class:`RoundSummaries`; never at a
        table without them: a puzzle's round is judged, a lesson's ends the lesson)."""
        return any(isinstance(a, RoundSummaries) and a.pending for a in self.addons)

    def summary_shown(self) -> None:
        """The summary of every finished round has been shown (tools that show it)."""
        for addon in self.addons:
            if isinstance(addon, RoundSummaries):
                addon.shown_all()

    def undo(self) -> None:
        super().undo()
        self.report(TableEvent.CHANGED)

    def restart_refusal(self) -> str:
        """Why Restart cannot act now ("" when it can): the add-ons' say (the hot seat's)."""
        return self.refusal_of("restart")

    def refuse(self, reason: str) -> None:
        """As the table does; on a handover the line shows there (it names no tile)."""
        self.notice = reason if self.covered else ""
        super().refuse(reason)

    def redo(self) -> None:
        super().redo()
        self.report(TableEvent.CHANGED)

    # -- hot seat ---------------------------------------------------------------

    def cover(self) -> None:
        """Hide the hand until the next human to act says it is them (hot seat only)."""
        for addon in self.addons:
            if isinstance(addon, HotSeat):
                addon.cover()

    def show_hand(self) -> None:
        self.notice = ""
        super().show_hand()

    # -- frames ---------------------------------------------------------------

    def on_show_view(self) -> None:
        names.sit(self.roster())  # back from another table (a replay from the history)
        size = self.services.size
        if self._laid_out_for != size:  # resized while another screen showed
            self._laid_out_for = size
            self.on_resize(*size)

    def on_hide_view(self) -> None:
        """Another screen shows (a handover, the menu, a panel): every glide ends now. The
        table gets no frames meanwhile, and a screen that draws it paused underneath would
        show it frozen mid-move: the board still empty, the tile just played face up over
        the next player's hand row."""
        self.settle()

    def on_resize(self, width: int, height: int) -> None:
        self._laid_out_for = (width, height)
        super().on_resize(width, height)

    # -- keys ---------------------------------------------------------------

    def table_key(self, symbol: int, modifiers: int) -> None:
        k = arcade.key
        ctrl = bool(modifiers & (k.MOD_CTRL | k.MOD_COMMAND))
        if self.input.skips_replay(symbol):  # before Esc opens the menu
            return
        if ctrl and symbol == k.R:
            self.report(TableEvent.RESTART)
        elif ctrl and symbol == k.N:
            self.report(TableEvent.NEW_MATCH)
        elif ctrl:
            super().table_key(symbol, modifiers)
        elif symbol == k.H:
            self.ask_hint()
        elif symbol == k.L:
            self.report(TableEvent.LOG)
        elif symbol == k.S:
            self.report(TableEvent.SCORES)
        elif symbol == k.F1:
            self.report(TableEvent.RULES)
        elif symbol == k.M or (symbol == k.ESCAPE and not self._previewing()):
            self.open_menu()
        else:
            super().table_key(symbol, modifiers)

    def on_text(self, text: str) -> None:
        if text == "?":
            self.report(TableEvent.KEYS)

    def _previewing(self) -> bool:
        p = self.preview
        return p.selected is not None or p.chosen is not None

    # -- the controls ---------------------------------------------------------------

    def open_menu(self) -> None:
        self.report(TableEvent.MENU)

    def restart_round(self) -> None:
        """Back to the start of this round: the same deal, the scores from before it."""
        if self.restart_refusal():
            return
        self.match.restart_round(by=self.viewer)
        self.computer = None
        self.message = term(
            self.match.ruleset, N_("The round starts again"), N_("The hand starts again")
        )
        self.refresh()
        self.cover()
        self.report(TableEvent.CHANGED)

    def new_match(self) -> None:
        if not all(addon.renews() for addon in self.addons):
            return
        self.past_log += [*narrate.log_entries(self.match), (_("A new match"), "h")]
        super().new_match()
        self.cover()
        self.report(TableEvent.CHANGED)

    # -- hints ---------------------------------------------------------------

    def ask_hint(self) -> None:
        """Hint (the button or H): the add-ons' answer (the computer's search at the game's
        table, a lesson's step, a puzzle's winning move), a preview to confirm."""
        for addon in self.addons:
            if addon.hint():
                return

    def finish_hint(self) -> None:
        """Search to the end now (tests and tools)."""
        for addon in self.addons:
            if isinstance(addon, Hints):
                addon.finish()


class RoundSummaries(AddOn):
    """Each finished round's summary, reported once (the router shows it); the next
    round's turn waits for it. Pending is a fact of the state (its results against the
    summaries shown), so an undo before the next frame cannot leave it behind."""

    def __init__(self, table: TableView, report: Callable[[TableEvent], None]) -> None:
        self.table = table
        self.report = report
        self.shown = len(table.match.state.results)  # finished rounds whose summary was shown
        self._reported = False  # this frame: the table goes no further

    @property
    def pending(self) -> bool:
        return len(self.table.state.results) > self.shown

    def update(self, dt: float) -> None:
        self.shown = min(self.shown, len(self.table.state.results))  # an undo took it back
        self._reported = self.pending
        if self._reported:
            self.shown_all()
            self.report(TableEvent.ROUND_OVER)

    def shown_all(self) -> None:
        """Every finished round's summary shown: the next round's turn may begin (its
        preview was held back while the summary waited)."""
        self.shown = len(self.table.state.results)
        self.table.refresh()

    def halts(self) -> bool:
        return self._reported

    def lets_play(self) -> bool:
        return not self.pending


class HotSeat(AddOn):
    """Several people share the device: the table covers each hand between its owner's
    turns (:meth:`cover`), reports a handover when the next human is to act, and refuses
    what would show a hand to anyone but its owner."""

    def __init__(self, table: TableView, report: Callable[[TableEvent], None]) -> None:
        self.table = table
        self.report = report
        self._handing = False  # this frame: a handover is reported, the table goes no further

    @property
    def shared(self) -> bool:
        return len(self.table.humans) > 1

    def cover(self) -> None:
        """Hide the hand until the next human to act says it is them."""
        table = self.table
        if self.shared:
            table.covered = True
            table.preview.reset(())
            table.sync_preview()

    def needs_handover(self) -> bool:
        table = self.table
        seat = table.state.to_move
        return (
            table.covered
            and seat is not None
            and table.match.is_human(seat)
            and table.forced() is None  # a forced move needs nobody at the device
        )

    # -- hooks -----------------------------------------------------------------------------

    def update(self, dt: float) -> None:
        self._handing = self.needs_handover()
        if self._handing:
            self.report(TableEvent.HANDOVER)

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


class MenuTool(AddOn):
    """The Menu button of the game's table (Esc and M open it too)."""

    def __init__(self, report: Callable[[TableEvent], None]) -> None:
        self.report = report

    def tools(self) -> list[Tool]:
        return [("menu", _("Menu"), lambda: self.report(TableEvent.MENU))]
