"""The game around the table: which screen shows, the back stack, the save, the idle clock.

One :class:`Shell` per window. It is the one place that builds screens: a
screen is given a navigator (this shell, as :class:`~game.ui.services.Navigator`:
open a route, back, home) and the services, and the table reports what
happened (:class:`~game.ui.table.play.TableEvent`); what shows next is decided
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

:class:`WindowHook` tells the shell about every input (the kiosk's idle
clock) and every resize (screens lay out for the size they are given), and
names the keys pyglet could not (X11's Shift+Tab) before any screen hears them.
"""

from __future__ import annotations

import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import arcade

from game.history import History
from game.i18n import N_, _
from game.learn import LearnError
from game.learn.progress import FILE as PROGRESS_FILE
from game.learn.progress import PuzzleProgress
from game.learn.puzzles import load_all as load_puzzles
from game.learn.tutorials import Lesson, load_tutorial
from game.match import Match
from game.record import RecordError
from game.replay import Cursor
from game.rules import CubanState, Phase
from game.saves import Store
from game.settings import Settings
from game.ui.screens.handover import HandoverView
from game.ui.screens.history import HistoryView
from game.ui.screens.learn import LearnView
from game.ui.screens.lesson_end import LessonEndView
from game.ui.screens.menu import ConfirmView, GameMenuView, SettingsView, TitleView
from game.ui.screens.panels import KeysView, LogView, RulesView, ScoresView
from game.ui.screens.puzzles import PuzzlesView, family_of, ordered, puzzle_name
from game.ui.screens.setup import SetupView
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.services import Route, Services
from game.ui.table.deal import DealView
from game.ui.table.lesson import LessonView
from game.ui.table.play import PlayView, TableEvent
from game.ui.table.puzzle import PuzzleView
from game.ui.table.rewind import ReplayView
from game.ui.widgets.kit import BACK_TAB
from game.ui.words import narrate
from game.ui.words.wording import term

USER_KEY = 1 << 32  # pyglet's symbols for keys it has no name for start here
KIOSK_IDLE = 180.0  # seconds without a touch before a kiosk goes back to the title
KIOSK_SCALE = 1.3  # kiosk targets are this much larger
OPERATOR_HOLD = 5.0  # seconds the kiosk operator holds Ctrl+Alt+Q to close the kiosk


class WindowHook:
    """The shell's handlers on the window's event stack, over whichever screen shows.

    The window keeps them on top (:meth:`GameWindow.show_view`), so they hear
    every input first (the kiosk's idle clock, the operator's chord), every
    resize (screens lay out for the size they are given) and every frame, and
    pass each on to the screen; they stop only two things. A key pyglet could
    not name goes on under its name (:meth:`named_key`), so no screen reads
    keycodes. And a kiosk's hook swallows every request to close the window
    (the window manager's close for Alt+F4 or the title bar's ✕, and pyglet's
    Escape, which asks the same way): only its operator closes it
    (:meth:`Shell.operator_key`).
    """

    def __init__(self, shell: Shell) -> None:
        self.shell = shell

    def on_close(self) -> bool:
        return self.shell.services.kiosk  # True: handled, the window stays open

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if self._renamed("on_key_press", symbol, modifiers):
            return True
        self.shell.note_input()
        self.shell.operator_key(True, symbol, modifiers)
        return False

    def on_key_release(self, symbol: int, modifiers: int) -> bool:
        if self._renamed("on_key_release", symbol, modifiers):
            return True
        self.shell.operator_key(False, symbol, modifiers)
        return False

    def _renamed(self, event: str, symbol: int, modifiers: int) -> bool:
        """Send a key pyglet could not name on again under its name (True: it was sent)."""
        named = self.named_key(symbol)
        if named == symbol:
            return False
        self.shell.window.dispatch_event(event, named, modifiers)
        return True

    def named_key(self, symbol: int) -> int:
        """A key pyglet could not name, named if it is Shift+Tab (else as it came).

        X11 sends Shift+Tab as the keysym ISO_Left_Tab, which pyglet has no name
        for: it arrives as a "user key" holding the key's keycode. The keysyms of
        that keycode say whether it is the back tab (``BACK_TAB``).
        """
        display = getattr(self.shell.window, "_x_display", None)
        if symbol < USER_KEY or display is None:
            return symbol
        return BACK_TAB if BACK_TAB in x11_keysyms(display, symbol >> 32) else symbol

    def on_text(self, text: str) -> None:
        self.shell.note_input()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.shell.note_input()

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.shell.note_input()

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> None:
        self.shell.note_input()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.shell.note_input()

    def on_resize(self, width: int, height: int) -> None:
        self.shell.resized(width, height)

    def on_update(self, delta_time: float) -> None:
        self.shell.tick()


def x11_keysyms(display: object, keycode: int) -> tuple[int, ...]:
    """The keysyms an X11 keycode carries (plain, shifted, and the other groups)."""
    from pyglet.libs.x11 import xlib

    return tuple(xlib.XKeycodeToKeysym(display, keycode, index) for index in range(4))


class GameWindow(arcade.Window):
    """The game's window: one shell listens to it at a time (a new one replaces the last)."""

    hook: WindowHook | None = None

    def listen(self, hook: WindowHook) -> None:
        """Put ``hook`` on the event stack in place of the one before it."""
        if self.hook is not None:
            self.remove_handlers(self.hook)
        self.hook = hook
        self.push_handlers(hook)

    def show_view(self, new_view: arcade.View) -> None:
        """Show ``new_view``, its handlers under the hook's (which hears every event first)."""
        super().show_view(new_view)
        if self.hook is not None:
            self.remove_handlers(self.hook)
            self.push_handlers(self.hook)


def open_game_window(
    width: int = 1280, height: int = 720, fullscreen: bool = False, visible: bool = True
) -> GameWindow:
    """The game's window (no multisampling: software GL pays most of a frame for it)."""
    return GameWindow(
        width,
        height,
        "Boneyard",
        fullscreen=fullscreen,
        resizable=True,
        visible=visible,
        antialiasing=False,
    )


@dataclass
class Entry:
    """One place on the back stack: a route, what it was opened with, the screen it showed.

    Going back shows that screen again as it was left (a setup half made, the
    rule set a panel showed); it lays itself out afresh as it shows.
    """

    route: Route
    params: dict[str, Any] = field(default_factory=dict)
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
        self.services.listeners.append(self._settings_applied)
        # a kiosk writes nothing: each visitor starts from the settings it opened with
        self._kiosk_settings = settings.to_json()
        self._held_since: float | None = None  # when the operator's chord went down
        self.animate = animate  # deal animations (off for tests and the demo)
        self.clock = clock
        self.last_input = clock()
        self.table: PlayView | None = None
        self.rewind: ReplayView | None = None  # a finished match replayed, while it shows
        self._progress: PuzzleProgress | None = None
        self.stack: list[Entry] = [Entry(Route.TITLE)]
        self._visitor: Path | None = None  # a kiosk's folder for the visitor's finished matches
        if kiosk:
            self._new_visitor()
        self.hook = WindowHook(self)
        window.listen(self.hook)

    # -- the window ----------------------------------------------------------------

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

    def note_input(self) -> None:
        self.last_input = self.clock()

    def tick(self) -> None:
        """Every frame: a kiosk left alone goes back to the title for the next visitor.

        The visitor's match goes with them (a kiosk keeps none, so the title
        offers no Resume) and the settings are the kiosk's own again.
        """
        services = self.services
        if not services.kiosk:
            return
        if self._held_since is not None and self.clock() - self._held_since >= OPERATOR_HOLD:
            self._held_since = None
            self.window.close()
            return
        if self.clock() - self.last_input < KIOSK_IDLE:
            return
        self.last_input = self.clock()
        visited = services.settings.to_json() != self._kiosk_settings  # a language chosen …
        if self.table is not None or self.stack[-1].route != Route.TITLE or visited:
            self.table = None
            self._new_visitor()
            services.settings = Settings.from_json(self._kiosk_settings)
            services.apply_settings()
            self.home()

    def _new_visitor(self) -> None:
        """A kiosk keeps a visitor's finished matches and solved puzzles only while they stay:
        in a scratch folder of their own, deleted when the next visitor comes."""
        if self._visitor is not None:
            shutil.rmtree(self._visitor, ignore_errors=True)
        self._visitor = Path(tempfile.mkdtemp(prefix="boneyard-visitor-"))
        self.services.store.history = History(self._visitor / "history")
        self._progress = None

    def operator_key(self, pressed: bool, symbol: int, modifiers: int) -> None:
        """The kiosk's one way out: Ctrl+Alt+Q held down for ``OPERATOR_HOLD`` seconds."""
        k = arcade.key
        if not self.services.kiosk:
            return
        chord = k.MOD_CTRL | k.MOD_ALT
        if pressed and symbol == k.Q and modifiers & chord == chord:
            if self._held_since is None:
                self._held_since = self.clock()
        elif not pressed and symbol in (k.Q, k.LCTRL, k.RCTRL, k.LALT, k.RALT):
            self._held_since = None

    def start(self) -> None:
        """The game opens: check the saved match (a bad one is set aside), then the title.

        A kiosk leaves the save alone: it neither resumes nor writes a match.
        """
        if not self.services.kiosk:
            self.services.store.load_match()
        self.home()

    # -- the navigator ------------------------------------------------------------------

    def open(self, route: Route, **params: Any) -> None:
        """Show ``route``: a screen over what shows, or a step of the flow."""
        step = self._steps().get(route)
        if step is not None:
            step(**params)
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

    def _push(self, route: Route, params: dict[str, Any]) -> None:
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
            notes = services.store.take_notes() + ([params.pop("note")] if "note" in params else [])
            return TitleView(self, services, notes)
        anywhere: dict[Route, Callable[[], arcade.View]] = {
            Route.SETUP: lambda: SetupView(self, services),
            Route.SETTINGS: lambda: SettingsView(self, services),
            Route.RULES: lambda: RulesView(self, services, under, **params),
            Route.KEYS: lambda: KeysView(self, services, under),
            Route.CONFIRM: lambda: ConfirmView(self, services, under, **params),
            Route.LEARN: lambda: LearnView(self, services),
            Route.HISTORY: lambda: HistoryView(self, services, **params),
            Route.PUZZLES: lambda: PuzzlesView(self, services, self.progress, **params),
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
            Route.LOG: lambda: LogView(self, services, under, match, table.past_log),
            Route.SCORES: lambda: ScoresView(self, services, under, match),
            Route.MENU: lambda: GameMenuView(self, services, under, match),
            Route.HANDOVER: lambda: HandoverView(
                self,
                services,
                state.to_move or 0,
                isinstance(state, CubanState) and state.phase is Phase.ACCEPT,
                table.notice,
            ),
            Route.SUMMARY: lambda: RoundSummaryView(self, services, match, table.textures),
            Route.MATCH_END: lambda: MatchEndView(self, services, match),
            Route.LESSON_END: lambda: LessonEndView(self, services, match),
        }
        return at_match[entry.route]()

    def _under(self) -> PlayView | None:
        """The paused table, drawn under an overlay: when it is the base and no summary is on it."""
        routes = {entry.route for entry in self.stack}
        table_based = self.stack[0].route == Route.TABLE
        return self.table if table_based and not routes & set(SHEETS) else None

    # -- the flow ---------------------------------------------------------------------

    def _steps(self) -> dict[Route, Callable[..., None]]:
        """The routes that are steps of the flow rather than a screen to show."""
        return {
            Route.MATCH: self.begin,
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
            Route.LESSON: self._lesson,
            Route.REPLAY: self._replay,
            Route.PUZZLE: self._puzzle,
        }

    def begin(self, match: Match, shuffle: bool = True) -> None:
        """Sit down at ``match``: deal (animated if wanted and ``shuffle``), then the table.

        With several people at the device the table starts covered: the
        first of them to act is handed the device before any hand shows.
        """
        self.table = PlayView(self.services, match, self.on_table)
        self.table.cover()
        self.save()
        notes = self.services.store.take_notes()  # when the table is the first thing shown
        if notes:
            self.table.message = " ".join(notes)
        if shuffle:
            self._deal()
        else:
            self.open(Route.TABLE)

    def _deal(self) -> None:
        self.stack = [Entry(Route.TABLE)]
        if self.animate and self.services.settings.deal_animation:
            self._push(Route.DEAL, {})
        else:
            self._show()

    def _resume(self) -> None:
        """The saved match, where it was: its deal was made (and shuffled) before, so no shuffle."""
        store = self.services.store
        match = store.load_match()
        if match is None:
            if not store.notes:
                store.say(_("There is no saved match to resume."))
            self.open(Route.TITLE)
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
        params = {"question": question, "detail": detail, "yes": yes, "do": do}
        self.stack = [Entry(Route.TABLE), Entry(Route.CONFIRM, params)]
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
        table.cover()
        self._deal()

    def _again(self) -> None:
        """The same table and seats, a fresh deal from a fresh seed."""
        if self.table is None:
            self.open(Route.SETUP)
            return
        old = self.table
        past = [*old.past_log, *narrate.log_entries(old.match), (_("A new match"), "h")]
        self.begin(Match(old.match.ruleset, old.match.seats, None, None, old.match.first))
        assert self.table is not None
        self.table.past_log = past

    def _lesson(self, rules: str) -> None:
        """Sit down at a game's guided first round (the match in play stays saved)."""
        try:
            tutorial = load_tutorial(rules)
        except LearnError as error:
            self.open(Route.TITLE, note=str(error))
            return
        self.save()
        self.table = LessonView(self.services, Lesson(tutorial), self.on_table)
        self.stack = [Entry(Route.TABLE)]
        self._show()

    @property
    def progress(self) -> PuzzleProgress:
        """The puzzles solved, kept beside the history (read when first needed)."""
        if self._progress is None:
            store = self.services.store
            folder = store.history.folder.parent
            self._progress = PuzzleProgress(folder / PROGRESS_FILE, writes=store.writable)
        return self._progress

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
                    self.table = PuzzleView(
                        self.services, self, puzzle, name, self.on_table, following
                    )
                    self.stack = [Entry(Route.TABLE)]
                    self._show()
                    return
        self.open(Route.TITLE, note=problems[0] if problems else id)

    def _replay(self, record: object) -> None:
        """Replay a finished match's record over what shows (Close goes back to it).

        A record that does not replay is one line on the title; nothing is lost."""
        try:
            cursor = Cursor(record)
        except RecordError as error:
            self.open(Route.TITLE, note=str(error))
            return
        services = self.services
        self.rewind = ReplayView(
            cursor, self.back, services.scale, services.size, services.settings.computer_pause
        )
        self._push(Route.REPLAY, {})

    def _leave(self) -> None:
        """Back to the title; the match stays saved for Resume."""
        self.save()
        self.home()

    def _ask_quit(self) -> None:
        """Quit only when the player says so (a slip of Enter on Quit keeps the game)."""
        params = {
            "question": _("Quit Boneyard?"),
            "detail": _("The match in play is kept: Resume takes it up again."),
            "yes": _("Quit"),
            "do": self._quit,
        }
        self._push(Route.CONFIRM, params)

    def _quit(self) -> None:
        if not self.services.kiosk:
            self.save()
            self.window.close()

    # -- what the table reports ------------------------------------------------------------

    def on_table(self, what: TableEvent) -> None:
        """The table's report: keep the match, or show what comes next."""
        table = self.table
        if table is None:
            return
        if what == TableEvent.CHANGED:
            self.save()
        elif what == TableEvent.ROUND_OVER:
            self.stack = [Entry(Route.TABLE), Entry(Route.SUMMARY)]
            self._show()
        elif what == TableEvent.HANDOVER:
            self.stack = [Entry(Route.TABLE), Entry(Route.HANDOVER)]
            self._show()
        elif what == TableEvent.PUZZLE_SOLVED:
            if isinstance(table, PuzzleView):
                self.progress.mark_solved(table.puzzle.id)
        elif what == TableEvent.LESSON_OVER:
            self.stack = [Entry(Route.TABLE), Entry(Route.LESSON_END)]
            self._show()
        elif what == TableEvent.RULES:
            self.open(Route.RULES, rules=table.match.ruleset.name)
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
        """Keep the match for Resume (never in a kiosk: the next visitor starts fresh).

        A save that fails (a full disk, no permission) is said on the table at once. A
        lesson or a puzzle is nobody's match: nothing of it is kept. A kiosk keeps a
        finished match in the visitor's own history only (gone when they leave).
        """
        table = self.table
        if table is None or not table.kept:
            return
        store = self.services.store
        if not self.services.kiosk:
            if not store.save_match(table.match):
                table.message = " ".join(store.take_notes())
        elif table.match.state.over:
            store.keep_finished(table.match)

    def _settings_applied(self) -> None:
        """The table follows the settings at once: its pace and its pips (the match kept)."""
        table = self.table
        if table is not None:
            settings = self.services.settings
            table.computer_pause = settings.computer_pause
            table.recolour(settings.coloured())
