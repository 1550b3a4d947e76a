"""The game around the table: which screen shows, the back stack, the save, the idle clock.

One :class:`Shell` per window. It is the one place that builds screens: a
screen is given a navigator (this shell, as :class:`~game.ui.services.Navigator`:
open a route, back, home) and the services; the shell subscribes to what the
table's controller publishes (a move played, the match changed, a round over, a
handover due: :mod:`game.ui.table.events`) and hears what the player asks at the
table (:class:`~game.ui.table.play.TableEvent`); what shows next is decided
here, so the whole flow reads in one place:

    title → setup → [deal] → table ⇄ handover
                               ↓ round over
                         round summary → [deal] → table …
                               ↓ match over
                           match end → again / title

One back stack holds what shows: a base (the title or the table) and the
screens opened over it (setup, settings, the menu, a question, the
panels, a handover, a round summary, the match end); ``back()`` pops one.
An overlay draws the paused table under it when the table is the base and
no summary lies between.

What is kept is the match session's business (:mod:`game.ui.session`), a
kiosk's clocks and visitor folders the kiosk's (:mod:`game.ui.kiosk`), the
window's events reach the shell through the hook (:mod:`game.ui.hook`): the
shell only navigates. Each route's parameters are a typed value
(:data:`game.ui.services.PARAMS`), checked as the route opens.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

import arcade

from game.i18n import N_, _
from game.learn import LearnError
from game.learn.puzzles import load_all as load_puzzles
from game.learn.tutorials import Lesson, load_tutorial
from game.match import Match
from game.record import RecordError
from game.replay import Cursor
from game.rules import Kind
from game.saves import Store
from game.settings import Settings
from game.ui.hook import WindowHook
from game.ui.kiosk import KIOSK_SCALE, Due, Kiosk
from game.ui.screens.handover import HandoverView
from game.ui.screens.history import HistoryView
from game.ui.screens.learn import LearnView
from game.ui.screens.lesson_end import LessonEndView
from game.ui.screens.menu import ConfirmView, GameMenuView, SettingsView, TitleView
from game.ui.screens.panels import AboutView, KeysView, LogView, RulesView, ScoresView
from game.ui.screens.puzzles import PuzzlesView, family_of, ordered, puzzle_name
from game.ui.screens.setup import SetupView
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.services import (
    PARAMS,
    Game,
    Note,
    Page,
    Params,
    PuzzleId,
    Question,
    Recorded,
    Route,
    Services,
    SitDown,
    Tutorial,
)
from game.ui.session import Session
from game.ui.table.deal import DealView
from game.ui.table.ending import MOMENT
from game.ui.table.events import Changed, HandoverDue, Played, Renewing, RoundOver
from game.ui.table.lesson import lesson_table
from game.ui.table.play import TableEvent, play_table
from game.ui.table.puzzle import puzzle_table
from game.ui.table.rewind import replay_table
from game.ui.table.view import TableView
from game.ui.window import GameWindow
from game.ui.words import narrate
from game.ui.words.wording import term


@dataclass
class Entry:
    """One place on the back stack: a route, what it was opened with, the screen it showed.

    Going back shows that screen again as it was left (a setup half made, the
    rule set a panel showed); it lays itself out afresh as it shows.
    """

    route: Route
    params: Params | None = None
    view: arcade.View | None = None


P = TypeVar("P", Note, Game, Tutorial, Question, SitDown, Page, Recorded, PuzzleId)
BASES = (Route.TITLE, Route.TABLE)  # the routes a back stack starts from
SHEETS = (Route.SUMMARY, Route.MATCH_END)  # full screens of their own: no table drawn under


class Shell:
    """The flow between screens for one window (the screens' navigator)."""

    def __init__(
        self,
        window: GameWindow,
        store: Store | None = None,
        settings: Settings | None = None,
        kiosk: bool = False,
        animate: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.window = window
        store = store if store is not None else Store()
        if not kiosk:  # a kiosk writes nothing, so it claims no folder
            store.claim()
        settings = settings if settings is not None else store.load_settings()
        self.services = Services(window, store, settings, kiosk, KIOSK_SCALE if kiosk else 1.0)
        self.services.listeners.append(self._settings_applied)
        self.session = Session(store, kiosk)
        self.kiosk: Kiosk | None = None
        if kiosk:
            self.kiosk = Kiosk(clock)
            self._visit()
        # a kiosk writes nothing: each visitor starts from the settings it opened with
        self._kiosk_settings = settings.to_json()
        self.animate = animate  # the deal's and the winners' animations (off for tests, demo)
        self._cheered: set[tuple[int, int, Route]] = set()  # the moments had: once each
        self.table: TableView | None = None
        self.rewind: TableView | None = None  # a finished match replayed, while it shows
        self.past_log: list[tuple[str, str]] = []  # the earlier matches' at this table
        self.notice = ""  # a public line for the handover screen (a refused undo …)
        self.puzzle: str | None = None  # the puzzle at the table, if one is
        self.stack: list[Entry] = [Entry(Route.TITLE)]
        self.hook = WindowHook(self)
        window.listen(self.hook)

    # -- the window (what the hook tells) --------------------------------------------

    def closes(self) -> bool:
        return not self.services.kiosk  # only its operator closes a kiosk

    def resized(self, width: int, height: int) -> None:
        """The window changed size: the table lays out again now, even behind a menu.

        (The screen showing gets the resize itself; a table paused under an overlay
        is drawn by that overlay, so it must not keep the old size.)
        """
        self.services.laid_out_for = (width, height)
        if self.table is not None and self.current is not self.table:
            self.table.on_resize(width, height)

    @property
    def current(self) -> arcade.View | None:
        return self.window.current_view

    def touch_panel(self) -> str:
        return self.services.settings.touch_panel

    def touched(self) -> None:
        if self.kiosk is not None:
            self.kiosk.touched()

    def chord(self, pressed: bool, symbol: int, modifiers: int) -> None:
        if self.kiosk is not None:
            self.kiosk.chord(pressed, symbol, modifiers)

    def tick(self) -> None:
        """Every frame: a kiosk's operator closes it, or a kiosk left alone goes back to the
        title for the next visitor.

        The visitor's match goes with them (a kiosk keeps none, so the title
        offers no Resume) and the settings are the kiosk's own again.
        """
        if self.kiosk is None:
            return
        due = self.kiosk.due()
        if due is Due.CLOSE:
            self.window.close()
        elif due is Due.NEXT_VISITOR:
            services = self.services
            visited = services.settings.to_json() != self._kiosk_settings  # a language chosen …
            if self.table is not None or self.stack[-1].route != Route.TITLE or visited:
                self.table = None
                self._visit()
                services.settings = Settings.from_json(self._kiosk_settings)
                services.apply_settings()
                self.home()

    def _visit(self) -> None:
        """A kiosk's next visitor: a scratch folder of their own for what they finish."""
        assert self.kiosk is not None
        self.session.visiting(self.kiosk.new_visitor())

    def start(self) -> None:
        """The game opens: the files are checked (see :meth:`Session.start`), then the title."""
        self.session.start()
        self.home()

    # -- the navigator ------------------------------------------------------------------

    def open(self, route: Route, params: Params | None = None) -> None:
        """Show ``route``: a screen over what shows, or a step of the flow.

        ``params`` must be the route's kind (:data:`~game.ui.services.PARAMS`), or None
        where the route takes none or may go without (the title, a panel's first game)."""
        kind = PARAMS.get(route)
        if params is not None and not isinstance(params, kind or ()):
            raise TypeError(f"{route} takes {kind.__name__ if kind else 'nothing'}, not {params!r}")
        step = self._steps().get(route)
        if step is not None:
            step(params)
        elif route in BASES:
            self.stack = [Entry(route, params)]
            self._show()
        else:
            self._push(route, params)

    def back(self) -> None:
        """The screen under the one on top (the base stays)."""
        if len(self.stack) > 1:
            self.stack.pop()
        self._show()

    def home(self) -> None:
        self.open(Route.TITLE)

    def _push(self, route: Route, params: Params | None = None) -> None:
        self.stack.append(Entry(route, params))
        self._show()

    def _show(self) -> None:
        """Show the screen on top of the stack: the one it showed before, else a new one."""
        entry = self.stack[-1]
        view = entry.view or self._screen(entry)
        if view is None:  # a match's screen with no match (a kiosk's visitor left): the title
            self.home()
            return
        entry.view = view
        self.window.show_view(view)

    def _screen(self, entry: Entry) -> arcade.View | None:
        services, params, under = self.services, entry.params, self._under()
        if entry.route == Route.TITLE:
            # the store's lines (settings, save, history …) are said once, all of them
            notes = services.store.take_notes()
            if isinstance(params, Note):  # said once: the title shown again says it no more
                notes.append(params.note)
                entry.params = None
            return TitleView(self, services, notes)
        anywhere: dict[Route, Callable[[], arcade.View]] = {
            Route.SETUP: lambda: SetupView(self, services),
            Route.SETTINGS: lambda: SettingsView(self, services),
            Route.RULES: lambda: RulesView(self, services, under, _game(params)),
            Route.KEYS: lambda: KeysView(self, services, under),
            Route.ABOUT: lambda: AboutView(self, services, under),
            Route.CONFIRM: lambda: ConfirmView(self, services, under, _as(Question, params)),
            Route.LEARN: lambda: LearnView(self, services),
            Route.HISTORY: lambda: HistoryView(self, services, *_page(params)),
            Route.PUZZLES: lambda: PuzzlesView(
                self, services, self.session.progress, _game(params) or "block"
            ),
        }
        if entry.route in anywhere:
            return anywhere[entry.route]()
        if entry.route == Route.REPLAY:
            return self.rewind
        table = self.table
        if table is None:
            return None
        match, state = table.match, table.state
        at_match: dict[Route, Callable[[], arcade.View]] = {
            Route.TABLE: lambda: table,
            Route.DEAL: lambda: DealView(self, services, table),
            Route.LOG: lambda: LogView(
                self, services, under, match, self.past_log, table.ctl.computers.why
            ),
            Route.SCORES: lambda: ScoresView(self, services, under, match),
            Route.MENU: lambda: GameMenuView(self, services, under, match),
            Route.HANDOVER: lambda: HandoverView(
                self,
                services,
                state.to_move or 0,
                # the seat is to keep its hand (or ask for a redeal): what the rules offer it
                Kind.ACCEPT in {a.kind for a in match.ruleset.legal_actions(state)},
                self.notice,
            ),
            Route.SUMMARY: lambda: RoundSummaryView(
                self, services, match, table.textures, *self._moment(Route.SUMMARY, match)
            ),
            Route.MATCH_END: lambda: MatchEndView(
                self, services, match, table.textures, *self._moment(Route.MATCH_END, match)
            ),
            Route.LESSON_END: lambda: LessonEndView(self, services, match),
        }
        return at_match[entry.route]()

    def _moment(self, route: Route, match: Match) -> tuple[bool, bool]:
        """A summary's (first, motion): first shown for this round's end (its cue and
        tiles), not when it comes back from the log or the scores; and whether the tiles
        fly (the Celebrations setting; never in the tests or the demo)."""
        key = (id(match), len(match.state.results), route)
        first = key not in self._cheered
        self._cheered.add(key)
        return first, self.animate and self.services.settings.celebrations

    def _under(self) -> TableView | None:
        """The paused table, drawn under an overlay: when it is the base and no summary is on it."""
        routes = {entry.route for entry in self.stack}
        table_based = self.stack[0].route == Route.TABLE
        return self.table if table_based and not routes & set(SHEETS) else None

    # -- the flow ---------------------------------------------------------------------

    def _steps(self) -> dict[Route, Callable[[Params | None], None]]:
        """The routes that are steps of the flow rather than a screen to show."""
        plain: dict[Route, Callable[[], None]] = {
            Route.RESUME: self._resume,
            Route.HANDED_OVER: self._handed_over,
            Route.UNDO: self._undo,
            Route.REDO: self._redo,
            Route.RESTART: self._restart,
            Route.NEW_MATCH: self._new_match,
            Route.ONWARD: self._onward,
            Route.AGAIN: self._again,
            Route.LEAVE: self._leave,
            Route.QUIT: self._ask_quit,
        }
        steps = {route: _ignoring_params(do) for route, do in plain.items()}
        steps[Route.MATCH] = lambda p: self.begin(_as(SitDown, p).match, _as(SitDown, p).shuffle)
        steps[Route.LESSON] = lambda p: self._lesson(_as(Tutorial, p).rules)
        steps[Route.REPLAY] = lambda p: self._replay(_as(Recorded, p).record)
        steps[Route.PUZZLE] = lambda p: self._puzzle(_as(PuzzleId, p).id)
        return steps

    def begin(self, match: Match, shuffle: bool = True) -> None:
        """Sit down at ``match``: deal (animated if wanted and ``shuffle``), then the table.

        With several people at the device the table starts covered: the
        first of them to act is handed the device before any hand shows.
        """
        table = self._sit(play_table(self.services, match, self.on_table))
        table.moment = MOMENT if self.animate else 0.0  # a round's end told, then summed
        self._cheered.clear()  # a new match: its moments are all to come
        table.ctl.cover()
        self.save()
        notes = self.session.store.take_notes()  # when the table is the first thing shown
        if notes:
            table.ctl.say(" ".join(notes))
        if shuffle:
            self._deal()
        else:
            self.open(Route.TABLE)

    def _deal(self) -> None:
        self.stack = [Entry(Route.TABLE)]
        if self.animate and self.services.settings.deal_animation:
            self._push(Route.DEAL)
        else:
            self._show()

    def _resume(self) -> None:
        """The saved match, where it was: its deal was made (and shuffled) before, so no shuffle."""
        match = self.session.resume()
        if match is None:
            self.open(Route.TITLE)  # which says why
            return
        self.begin(match, shuffle=False)

    def _handed_over(self) -> None:
        if self.table is not None:
            self.table.show_hand()
        self.open(Route.TABLE)

    def _undo(self) -> None:
        if self.table is not None:
            self.table.undo()
        self.open(Route.TABLE)

    def _redo(self) -> None:
        if self.table is not None:
            self.table.redo()
        self.open(Route.TABLE)

    def _restart(self) -> None:
        """Restart the round, asked first; refused (and said why) across another's turn."""
        table = self.table
        if table is None:
            return
        reason = table.restart_refusal()
        if reason:
            table.refuse(reason)
            self.open(Route.TABLE)
            return
        self._confirm(
            term(table.match.ruleset, N_("Restart this round?"), N_("Restart this hand?")),
            _("The same deal again, with the scores from before it. This cannot be undone."),
            _("Restart"),
            table.restart_round,
        )

    def _new_match(self) -> None:
        if self.table is not None:
            self._confirm(
                _("Start a new match?"),
                _("A fresh deal and zero scores for the same seats. This match cannot be resumed."),
                _("New match"),
                self.table.new_match,
            )

    def _confirm(self, question: str, detail: str, yes: str, do: Callable[[], None]) -> None:
        """Ask before something undo cannot take back; either answer returns to the table."""
        self.stack = [Entry(Route.TABLE), Entry(Route.CONFIRM, Question(question, detail, yes, do))]
        self._show()

    def _onward(self) -> None:
        """From a round summary: the match end if the match is over, else the next deal."""
        table = self.table
        if table is None:
            self.home()
            return
        if table.match.state.over:
            self.stack = [Entry(Route.TABLE), Entry(Route.MATCH_END)]
            self._show()
            return
        table.ctl.cover()
        self._deal()

    def _again(self) -> None:
        """The same table and seats, a fresh deal from a fresh seed."""
        if self.table is None:
            self.open(Route.SETUP)
            return
        old = self.table
        past = [*self.past_log, *narrate.log_entries(old.match), (_("A new match"), "h")]
        old_match = old.match
        self.begin(
            Match(
                old_match.ruleset,
                old_match.seats,
                None,
                None,
                old_match.first,
                names=old_match.names,
            )
        )
        self.past_log = past

    def _lesson(self, rules: str) -> None:
        """Sit down at a game's guided first round (the match in play stays saved)."""
        try:
            tutorial = load_tutorial(rules)
        except LearnError as error:
            self.open(Route.TITLE, Note(str(error)))
            return
        self.save()
        self._sit(lesson_table(self.services, Lesson(tutorial), self.on_table))
        self.stack = [Entry(Route.TABLE)]
        self._show()

    def _puzzle(self, id: str) -> None:
        """Sit down at puzzle ``id`` (Next goes to the one after it in its family)."""
        puzzles, problems = load_puzzles()
        for rules, found in puzzles.items():
            family = ordered(puzzles, family_of(rules))
            for puzzle in found:
                if puzzle.id == id:
                    at = family.index(puzzle)
                    following = family[at + 1] if at + 1 < len(family) else None
                    self.save()
                    name = puzzle_name(puzzle, found.index(puzzle) + 1)
                    table = puzzle_table(
                        self.services, self, puzzle, name, self.on_table, following
                    )
                    self._sit(table)
                    self.puzzle = puzzle.id
                    self.stack = [Entry(Route.TABLE)]
                    self._show()
                    return
        self.open(Route.TITLE, Note(problems[0] if problems else id))

    def _replay(self, record: object) -> None:
        """Replay a finished match's record over what shows (Close goes back to it).

        A record that does not replay is one line on the title; nothing is lost."""
        try:
            cursor = Cursor(record)
        except RecordError as error:
            self.open(Route.TITLE, Note(str(error)))
            return
        services = self.services
        self.rewind = replay_table(
            cursor, self.back, services.sizing, services.size, services.settings.computer_pause
        )
        self._push(Route.REPLAY)

    def _leave(self) -> None:
        """Back to the title; the match stays saved for Resume."""
        self.save()
        self.home()

    def _ask_quit(self) -> None:
        """Quit only when the player says so (a slip of Enter on Quit keeps the game)."""
        question = _("Quit Boneyard?")
        detail = _("The match in play is kept: Resume takes it up again.")
        self._push(Route.CONFIRM, Question(question, detail, _("Quit"), self._quit))

    def _quit(self) -> None:
        if not self.services.kiosk:
            self.save()
            self.window.close()

    # -- what the table tells -------------------------------------------------------------

    def _sit(self, table: TableView) -> TableView:
        """``table`` is the one at play now: the shell keeps the match on every move and
        change it publishes, shows the summary or the handover when one is due, and keeps
        the log of the matches before a new one at the table."""
        self.table = table
        self.past_log = []
        self.puzzle = None
        events = table.events
        events.listen(Played, lambda _played: self.save())
        events.listen(Changed, lambda _changed: self.save())
        events.listen(RoundOver, lambda _over: self.show_summary())
        events.listen(HandoverDue, self._handover_due)
        events.listen(Renewing, lambda _renewing: self._renewing(table))
        return table

    def _handover_due(self, due: HandoverDue) -> None:
        self.notice = due.notice
        self._over_table(Route.HANDOVER)

    def _renewing(self, table: TableView) -> None:
        """A new match at the table: the one ending goes to the log's past."""
        self.past_log += [*narrate.log_entries(table.match), (_("A new match"), "h")]

    def show_summary(self) -> None:
        """The round's summary, over the table."""
        self._over_table(Route.SUMMARY)

    def _over_table(self, route: Route) -> None:
        self.stack = [Entry(Route.TABLE), Entry(route)]
        self._show()

    def on_table(self, what: TableEvent) -> None:
        """What the player asked at the table: show what comes next."""
        table = self.table
        if table is None:
            return
        if what == TableEvent.PUZZLE_SOLVED:
            if self.puzzle is not None:
                self.session.progress.mark_solved(self.puzzle)
        elif what == TableEvent.LESSON_OVER:
            self._over_table(Route.LESSON_END)
        elif what == TableEvent.RULES:
            self.open(Route.RULES, Game(table.match.ruleset.name))
        elif what == TableEvent.KEYS:
            self.open(Route.KEYS)
        else:
            route = {
                TableEvent.MENU: Route.MENU,
                TableEvent.LOG: Route.LOG,
                TableEvent.SCORES: Route.SCORES,
                TableEvent.RESTART: Route.RESTART,
                TableEvent.NEW_MATCH: Route.NEW_MATCH,
            }[what]
            self.open(route)

    def save(self) -> None:
        """Keep the match in play (see :mod:`game.ui.session`); a save that fails (a full
        disk, no permission) is said on the table at once."""
        table = self.table
        if table is None or not table.ctl.kept():  # a lesson or a puzzle is nobody's match
            self.session.flush()
            return
        failed = self.session.keep(table.match)
        if failed:
            table.ctl.say(failed)

    def close(self) -> None:
        """The game ends: a kiosk's visitor folder goes with it."""
        if self.kiosk is not None:
            self.kiosk.close()

    def _settings_applied(self) -> None:
        """The table follows the settings at once: its pace, its pips and its text size (the
        match kept)."""
        table = self.table
        if table is not None:
            settings = self.services.settings
            table.ctl.computer_pause = settings.computer_pause
            table.recolour(settings.coloured())
            table.resize_chrome(self.services.sizing)


def _as(kind: type[P], params: Params | None) -> P:
    """``params`` as the kind its route takes (a route opened without them is a bug)."""
    if not isinstance(params, kind):
        raise TypeError(f"expected {kind.__name__}, not {params!r}")
    return params


def _ignoring_params(do: Callable[[], None]) -> Callable[[Params | None], None]:
    return lambda _params: do()


def _game(params: Params | None) -> str | None:
    """The game a panel shows first, if it was given one."""
    return params.rules if isinstance(params, Game) else None


def _page(params: Params | None) -> tuple[str, int]:
    page = params if isinstance(params, Page) else Page()
    return page.page, page.start
