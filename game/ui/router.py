"""The game around the table: which screen shows, the settings, the save, the idle clock.

One :class:`Shell` per window. Screens never show each other directly: they
ask the shell (``shell.show_setup()``, ``shell.begin(match)`` …), so the
whole flow — title, setup, deal, table, handover, round summary, match
end, and the panels that pause the table — reads in one place:

    title → setup → [deal] → table ⇄ handover
                               ↓ round over
                         round summary → [deal] → table …
                               ↓ match over
                           match end → again / title

:class:`GameWindow` tells the shell about every input (the kiosk's idle
clock) and every resize (screens lay out for the size they are given).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING

import arcade

from game.i18n import set_language, t
from game.match import Match
from game.saves import Store
from game.settings import Settings
from game.ui.art.sound import Sounds
from game.ui.widgets.kit import BACK_TAB

if TYPE_CHECKING:
    from game.ui.table.play import PlayView

USER_KEY = 1 << 32  # pyglet's symbols for keys it has no name for start here
KIOSK_IDLE = 180.0  # seconds without a touch before a kiosk goes back to the title
KIOSK_SCALE = 1.3  # kiosk targets are this much larger
OPERATOR_HOLD = 5.0  # seconds the kiosk operator holds Ctrl+Alt+Q to close the kiosk
INPUT_EVENTS = frozenset(
    {
        "on_mouse_press",
        "on_mouse_release",
        "on_mouse_drag",
        "on_mouse_scroll",
        "on_key_press",
        "on_text",
    }
)


class GameWindow(arcade.Window):
    """A window that tells its shell about input and resizes (before the views see them).

    A kiosk's window ignores every request to close it (the window manager's
    close for Alt+F4 or the title bar's ✕, and pyglet's Escape, which asks the
    same way): only its operator closes it (:meth:`Shell.operator_key`).
    """

    shell: Shell | None = None

    def dispatch_event(self, event_type: str, *args: object) -> None:
        delivered = not self._enable_event_queue or self._allow_dispatch_event
        if event_type in ("on_key_press", "on_key_release") and args:
            args = (self.named_key(args[0]), *args[1:])  # type: ignore[arg-type]
        shell = self.shell
        if event_type == "on_close" and shell is not None and shell.kiosk:
            return
        if delivered and shell is not None:
            if event_type in INPUT_EVENTS:
                shell.note_input()
            if event_type in ("on_key_press", "on_key_release") and len(args) >= 2:
                shell.operator_key(event_type == "on_key_press", *args[:2])  # type: ignore[arg-type]
            elif event_type == "on_resize" and len(args) >= 2:
                shell.resized(int(args[0]), int(args[1]))  # type: ignore[call-overload]
        super().dispatch_event(event_type, *args)
        if delivered and shell is not None and event_type == "on_update":
            shell.tick()

    def named_key(self, symbol: int) -> int:
        """A key pyglet could not name, named if it is Shift+Tab (else as it came).

        X11 sends Shift+Tab as the keysym ISO_Left_Tab, which pyglet has no name
        for: it arrives as a "user key" holding the key's keycode. The keysyms of
        that keycode say whether it is the back tab (``BACK_TAB``).
        """
        display = getattr(self, "_x_display", None)
        if symbol < USER_KEY or display is None:
            return symbol
        return BACK_TAB if BACK_TAB in x11_keysyms(display, symbol >> 32) else symbol


def x11_keysyms(display: object, keycode: int) -> tuple[int, ...]:
    """The keysyms an X11 keycode carries (plain, shifted, and the other groups)."""
    from pyglet.libs.x11 import xlib

    return tuple(xlib.XKeycodeToKeysym(display, keycode, index) for index in range(4))


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


class Shell:
    """The flow between screens for one window."""

    def __init__(
        self,
        window: arcade.Window,
        store: Store | None = None,
        settings: Settings | None = None,
        kiosk: bool = False,
        animate: bool = True,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.window = window
        self.store = store if store is not None else Store()
        self.settings = settings if settings is not None else self.store.load_settings()
        set_language(self.settings.language)
        self.kiosk = kiosk
        # a kiosk writes nothing: each visitor starts from the settings it opened with
        self._kiosk_settings = self.settings.to_json()
        self._held_since: float | None = None  # when the operator's chord went down
        self.animate = animate  # deal animations (off for tests and the demo)
        self.clock = clock
        self.last_input = clock()
        self.scale = KIOSK_SCALE if kiosk else 1.0
        self.sounds = Sounds(self.settings.sound)
        self.table: PlayView | None = None
        self.autoplay: float | None = None  # a watched demo: summaries move on after this long
        self.in_match = False  # a match screen (table, summary …) is what the player left
        self._under = "table"  # what an overlay draws underneath: the table, or plain felt
        self._size: tuple[int, int] | None = None
        if isinstance(window, GameWindow):
            window.shell = self

    # -- the window ----------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        """The size screens lay out for: the last resize, else the window's."""
        return self._size or (self.window.width, self.window.height)

    def resized(self, width: int, height: int) -> None:
        """The window changed size: the table lays out again now, even behind a menu.

        (The view showing gets the resize itself; a table paused under an overlay
        is drawn by that overlay, so it must not keep the old size.)
        """
        self._size = (width, height)
        if self.table is not None and self.current is not self.table:
            self.table.on_resize(width, height)

    def show(self, view: arcade.View) -> None:
        self.window.show_view(view)

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
        if not self.kiosk:
            return
        if self._held_since is not None and self.clock() - self._held_since >= OPERATOR_HOLD:
            self._held_since = None
            self.window.close()
            return
        if self.clock() - self.last_input < KIOSK_IDLE:
            return
        self.last_input = self.clock()
        from game.ui.screens.menu import TitleView

        if self.table is not None or not isinstance(self.current, TitleView):
            self.table = None
            self.settings = Settings.from_json(self._kiosk_settings)
            self.apply_settings()
            self.show_title()

    def operator_key(self, pressed: bool, symbol: int, modifiers: int) -> None:
        """The kiosk's one way out: Ctrl+Alt+Q held down for ``OPERATOR_HOLD`` seconds."""
        k = arcade.key
        if not self.kiosk:
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
        if not self.kiosk:
            self.store.load_match()
        self.show_title()

    # -- the screens -------------------------------------------------------------------

    @property
    def table_showing_under(self) -> bool:
        """Whether overlays draw the paused table beneath them (not over a summary)."""
        return self.in_match and self.table is not None and self._under == "table"

    def show_title(self, note: str = "") -> None:
        from game.ui.screens.menu import TitleView

        self.in_match = False
        note = note or self.store.note
        self.store.note = ""
        self.show(TitleView(self, note))

    def show_setup(self) -> None:
        from game.ui.screens.setup import SetupView

        self.show(SetupView(self))

    def show_settings(self, back: Callable[[], None]) -> None:
        from game.ui.screens.menu import SettingsView

        self.show(SettingsView(self, back))

    def show_rules(self, back: Callable[[], None], rules: str | None = None) -> None:
        from game.ui.screens.panels import RulesView

        self.show(RulesView(self, back, rules))

    def show_keys(self, back: Callable[[], None]) -> None:
        from game.ui.screens.panels import KeysView

        self.show(KeysView(self, back))

    def show_log(self, back: Callable[[], None]) -> None:
        from game.ui.screens.panels import LogView

        self.show(LogView(self, back))

    def show_scores(self, back: Callable[[], None]) -> None:
        from game.ui.screens.panels import ScoresView

        self.show(ScoresView(self, back))

    def show_menu(self) -> None:
        from game.ui.screens.menu import GameMenuView

        self.show(GameMenuView(self))

    def confirm(
        self,
        question: str,
        detail: str,
        yes: str,
        do: Callable[[], None],
        back: Callable[[], None] | None = None,
    ) -> None:
        """Ask before something that cannot be undone; either answer goes ``back`` (the table)."""
        from game.ui.screens.menu import ConfirmView

        self.show(ConfirmView(self, question, detail, yes, do, back or self.show_table))

    def ask_quit(self) -> None:
        """Quit only when the player says so (a slip of Enter on Quit keeps the game)."""
        self.confirm(
            t("confirm.quit"),
            t("confirm.quit_detail"),
            t("confirm.quit_yes"),
            self.quit,
            self.show_title,
        )

    def quit(self) -> None:
        if not self.kiosk:
            self.save()
            self.window.close()

    # -- a match -------------------------------------------------------------------------

    def begin(self, match: Match, shuffle: bool = True) -> None:
        """Sit down at ``match``: deal (animated if wanted and ``shuffle``), then the table.

        With several people at the device the table starts covered: the
        first of them to act is handed the device before any hand shows.
        """
        from game.ui.table.play import PlayView

        self.table = PlayView(self, match)
        self.table.cover()
        self.save()
        if shuffle:
            self.deal_then_table()
        else:
            self.show_table()

    def resume(self) -> None:
        """The saved match, where it was: its deal was made (and shuffled) before, so no shuffle."""
        match = self.store.load_match()
        if match is None:
            self.show_title(self.store.note or t("save.none"))
            return
        self.begin(match, shuffle=False)

    def again(self) -> None:
        """The same table and seats, a fresh deal from a fresh seed."""
        if self.table is None:
            self.show_setup()
            return
        from game.ui.words import narrate

        old = self.table
        past = [*old.past_log, *narrate.log_entries(old.match), (t("log.new_match"), "h")]
        self.begin(Match(old.match.ruleset, old.match.seats, None, None, old.match.first))
        assert self.table is not None
        self.table.past_log = past

    def deal_then_table(self) -> None:
        if self.table is None:
            self.show_title()
            return
        if self.animate and self.settings.deal_animation:
            from game.ui.motion.deal import DealView

            self.show(DealView(self, self.table, self.show_table))
        else:
            self.show_table()

    def show_table(self) -> None:
        if self.table is None:
            self.show_title()
            return
        self.in_match, self._under = True, "table"
        self.show(self.table)

    def show_handover(self, seat: int) -> None:
        from game.ui.screens.handover import HandoverView

        self.show(HandoverView(self, seat))

    def handover_done(self) -> None:
        if self.table is not None:
            self.table.show_hand()
        self.show_table()

    def show_summary(self) -> None:
        from game.ui.screens.summary import RoundSummaryView

        self._under = "summary"
        self.show(RoundSummaryView(self))

    def summary_done(self) -> None:
        table = self.table
        if table is None:
            self.show_title()
            return
        if table.match.state.over:
            from game.ui.screens.summary import MatchEndView

            self.show(MatchEndView(self))
            return
        table.cover()
        self._under = "table"
        self.deal_then_table()

    def leave(self) -> None:
        """Back to the title; the match stays saved for Resume."""
        self.save()
        self.show_title()

    def save(self) -> None:
        """Keep the match for Resume (never in a kiosk: the next visitor starts fresh).

        A save that fails (a full disk, no permission) is said on the table at once.
        """
        if (
            self.table is not None
            and not self.kiosk
            and not self.store.save_match(self.table.match)
        ):
            self.table.message = self.store.note

    def colours_changed(self) -> None:
        """Colour pips changed: the table's textures are drawn again, the match kept."""
        if self.table is not None:
            from game.ui.table.play import PlayView

            covered = self.table.covered
            self.table = PlayView(self, self.table.match)
            if covered:
                self.table.cover()

    def save_settings(self) -> None:
        """Keep the settings (a kiosk only uses them: it writes nothing) and apply them."""
        if not self.kiosk:
            self.store.save_settings(self.settings)
        self.apply_settings()

    def apply_settings(self) -> None:
        self.sounds.enabled = self.settings.sound
        set_language(self.settings.language)
        if self.table is not None:
            self.table.computer_pause = self.settings.computer_pause
