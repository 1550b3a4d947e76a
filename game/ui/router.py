"""The game around the table: which screen shows, the back stack, the save, the idle clock.

One :class:`Shell` per window. It is the one place that builds screens: a
screen is given a navigator (this shell, as :class:`~game.ui.routes.Navigator`:
open a route, back, home) and the services. What is done with a table (sitting
down at one, the flow's steps at it, hearing what its controller publishes and
what the player asks at it) is the seating's (:mod:`game.ui.seating`), which
shows what comes next through this shell; the whole flow reads in the two:

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

import arcade

from game.i18n import _
from game.match import Match
from game.rules import Kind
from game.saves import Store
from game.settings import Settings
from game.ui.hook import WindowHook
from game.ui.kiosk import KIOSK_SCALE, Due, Kiosk
from game.ui.routes import (
    PARAMS,
    Asking,
    Game,
    Navigator,
    Note,
    Page,
    Params,
    Question,
    Route,
    params_as,
)
from game.ui.screens.handover import HandoverView
from game.ui.screens.history import HistoryView
from game.ui.screens.learn import LearnView
from game.ui.screens.lesson_end import LessonEndView
from game.ui.screens.menu import ConfirmView, GameMenuView, SettingsView, TitleView
from game.ui.screens.panels import (
    AboutView,
    KeysView,
    LogView,
    RulesView,
    ScoresView,
    WhyView,
)
from game.ui.screens.puzzles import PuzzlesView
from game.ui.screens.setup import SetupView
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.seating import Seating
from game.ui.services import Services
from game.ui.session import Session
from game.ui.table.deal import DealView
from game.ui.table.reports import TableEvent
from game.ui.table.view import TableView
from game.ui.window import GameWindow


@dataclass
class Entry:
    """One place on the back stack: a route, what it was opened with, the screen it showed.

    Going back shows that screen again as it was left (a setup half made, the
    rule set a panel showed); it lays itself out afresh as it shows.
    """

    route: Route
    params: Params | None = None
    view: arcade.View | None = None


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
        self.session = Session(store, kiosk)
        self.kiosk: Kiosk | None = None
        if kiosk:
            self.kiosk = Kiosk(clock)
            self._visit()
        # a kiosk writes nothing: each visitor starts from the settings it opened with
        self._kiosk_settings = settings.to_json()
        self.animate = animate  # the deal's and the winners' animations (off for tests, demo)
        self.seating = Seating(self)  # the table at play, and what is done with it
        self.services.listeners.append(self.seating.settings_applied)
        self.stack: list[Entry] = [Entry(Route.TITLE)]
        self.hook = WindowHook(self)
        window.listen(self.hook)

    @property
    def table(self) -> TableView | None:
        """The table at play, if one is (:attr:`Seating.table`)."""
        return self.seating.table

    @table.setter
    def table(self, table: TableView | None) -> None:
        self.seating.table = table

    @property
    def rewind(self) -> TableView | None:
        """A finished match replayed, while it shows."""
        return self.seating.rewind

    @property
    def past_log(self) -> list[tuple[str, str]]:
        """The log of the earlier matches at this table."""
        return self.seating.past_log

    def begin(self, match: Match, shuffle: bool = True) -> None:
        """Sit down at ``match`` (see :meth:`Seating.begin`)."""
        self.seating.begin(match, shuffle)

    def on_table(self, what: TableEvent) -> None:
        """What the player asked at the table (see :meth:`Seating.on_table`)."""
        self.seating.on_table(what)

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
            self.push(route, params)

    def back(self) -> None:
        """The screen under the one on top (the base stays)."""
        if len(self.stack) > 1:
            self.stack.pop()
        self._show()

    def home(self) -> None:
        self.open(Route.TITLE)

    def push(self, route: Route, params: Params | None = None) -> None:
        """Show ``route`` over what shows."""
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
            Route.CONFIRM: lambda: ConfirmView(self, services, under, params_as(Question, params)),
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
            Route.WHY: lambda: _why(self, services, under, table, params_as(Asking, params).move),
            Route.SCORES: lambda: ScoresView(self, services, under, match),
            Route.MENU: lambda: GameMenuView(self, services, under, match),
            Route.HANDOVER: lambda: HandoverView(
                self,
                services,
                state.to_move or 0,
                # the seat is to keep its hand (or ask for a redeal): what the rules offer it
                Kind.ACCEPT in {a.kind for a in match.ruleset.legal_actions(state)},
                self.seating.notice,
            ),
            Route.SUMMARY: lambda: RoundSummaryView(
                self, services, match, table.textures, *self.seating.moment(Route.SUMMARY, match)
            ),
            Route.MATCH_END: lambda: MatchEndView(
                self, services, match, table.textures, *self.seating.moment(Route.MATCH_END, match)
            ),
            Route.LESSON_END: lambda: LessonEndView(self, services, match),
        }
        return at_match[entry.route]()

    def _under(self) -> TableView | None:
        """The paused table, drawn under an overlay: when it is the base and no summary is on it."""
        routes = {entry.route for entry in self.stack}
        table_based = self.stack[0].route == Route.TABLE
        return self.table if table_based and not routes & set(SHEETS) else None

    # -- the flow ---------------------------------------------------------------------

    def _steps(self) -> dict[Route, Callable[[Params | None], None]]:
        """The routes that are steps of the flow rather than a screen to show: the table's
        (see :class:`~game.ui.seating.Seating`), leaving it and quitting."""
        steps = self.seating.steps()
        steps[Route.LEAVE] = lambda _params: self._leave()
        steps[Route.QUIT] = lambda _params: self._ask_quit()
        return steps

    def show_table(self, over: Route | None = None, params: Params | None = None) -> None:
        """The table as the back stack's base, with ``over`` shown over it if given."""
        self.stack = [Entry(Route.TABLE)]
        if over is not None:
            self.stack.append(Entry(over, params))
        self._show()

    def _leave(self) -> None:
        """Back to the title; the match stays saved for Resume."""
        self.save()
        self.home()

    def _ask_quit(self) -> None:
        """Quit only when the player says so (a slip of Enter on Quit keeps the game)."""
        question = _("Quit Boneyard?")
        detail = _("The match in play is kept: Resume takes it up again.")
        self.push(Route.CONFIRM, Question(question, detail, _("Quit"), self._quit))

    def _quit(self) -> None:
        if not self.services.kiosk:
            self.save()
            self.window.close()

    def save(self) -> None:
        """Keep the match in play (see :meth:`Seating.save`)."""
        self.seating.save()

    def close(self) -> None:
        """The game ends: a kiosk's visitor folder goes with it."""
        if self.kiosk is not None:
            self.kiosk.close()


def _why(
    nav: Navigator,
    services: Services,
    under: arcade.View | None,
    table: TableView,
    move: int | None,
) -> WhyView:
    """The reasons asked at ``table``: of the match's move number ``move`` (a computer's),
    else of the hint standing."""
    ctl = table.ctl
    said = ctl.hinted() if move is None else ctl.computers.why(move)
    return WhyView(nav, services, under, ctl.match, said, move)


def _game(params: Params | None) -> str | None:
    """The game a panel shows first, if it was given one."""
    return params.rules if isinstance(params, Game) else None


def _page(params: Params | None) -> tuple[str, int]:
    page = params if isinstance(params, Page) else Page()
    return page.page, page.start
