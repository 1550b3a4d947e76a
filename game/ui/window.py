"""The game's window, which draws only when the picture may have changed.

On software GL a 1920x1080 frame costs milliseconds of CPU, and the title or a
table waiting for a tap redrew sixty of them a second: a third of a core, all
day long on a kiosk. So the window skips a frame when nothing could have
changed since the last one it drew: no event came (input, a resize, the window
uncovered or shown), no screen was shown, and the screen showing says it is at
rest (:class:`Rests`: nothing glides, nobody thinks, no clock shows). A screen
that does not say so is drawn every frame, as before. The frame clock runs on
regardless, so the computer, the kiosk's idle clock and the tweens all keep
time; only the drawing sleeps (``tools.bench_idle`` measures it).

While asleep the last frame stays on screen: a skipped frame swaps no buffers.

Two things a kiosk's supervisor needs of the window (see ``deploy/kiosk/``): a
stop asked from outside the event loop (a signal handler: :meth:`GameWindow.stop`)
closes the window at the next frame, so the game leaves the way the operator's
chord does, through the end of ``arcade.run()``; and a window destroyed from
outside (a session manager, a crashed compositor, ``xdotool windowclose``)
raises :class:`WindowLost` at once rather than leaving the next frame to fail
in whatever way the GL driver fails on a window that is gone (Mesa reports
"out of memory"), or, on a driver that fails quietly, leaving a process that
shows nothing and never ends; a frame drawn before the news arrives, and
failing, is reported as the same :class:`WindowLost`.
"""

from __future__ import annotations

import ctypes
from collections.abc import Callable
from typing import Any, NoReturn, Protocol, runtime_checkable

import arcade

# the frame clock's own events: they change nothing by arriving
_CLOCK_EVENTS = frozenset({"on_update", "on_fixed_update", "on_draw", "on_refresh"})
AWAKE_FRAMES = 2  # frames drawn after an event, whatever the screen says of itself


@runtime_checkable
class Rests(Protocol):
    """A screen that knows when a frame would show exactly what the last one did."""

    def at_rest(self) -> bool:
        """True when nothing on the screen moves or changes by itself now."""
        ...


class WindowLost(RuntimeError):
    """The game's window was destroyed by another program: there is nothing left to draw on."""

    def __init__(self, what: str = "the window was destroyed by another program") -> None:
        super().__init__(what)


class GameWindow(arcade.Window):
    """The game's window: one shell listens to it at a time (a new one replaces the last).

    ``sleeps`` False draws every frame (the benchmark's comparison, and a debugging aid).
    ``first_frame``, if set, is called once, when the first frame is on screen.
    """

    hook: object | None = None  # the shell's WindowHook, kept over every screen's handlers
    sleeps = True
    _owed = AWAKE_FRAMES  # frames to draw whatever the screen says (the first ones too)
    frames_drawn = 0
    frames_slept = 0
    first_frame: Callable[[], None] | None = None
    _stopping = False  # a stop was asked (by a signal): close at the next frame

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._hear_destruction()

    def _hear_destruction(self) -> None:
        """Have pyglet's X11 window tell us when the window is destroyed from outside.

        pyglet handles no ``DestroyNotify``; its own destroying (closing, or
        recreating the window for fullscreen) forgets the window first, so what
        reaches this handler was done by another program. Elsewhere (headless,
        another platform) there is no such event to hear.
        """
        handlers = getattr(self, "_event_handlers", None)  # pyglet's X11 window only
        if handlers is None or getattr(self, "_x_display", None) is None:
            return
        from pyglet.libs.x11 import xlib

        handlers[xlib.DestroyNotify] = self._destroyed

    def _destroyed(self, event: Any) -> None:
        """Raised out of the event loop: the game cannot go on (its caller says so, once).

        Only this window's own destruction counts: one before a fullscreen
        switch recreated it carries the old window's id.
        """
        if event.xdestroywindow.window == getattr(self, "_window", None):
            raise WindowLost()

    def on_display_lost(self, act: Callable[[], NoReturn]) -> None:
        """Have ``act`` run if the connection to the X server is lost (the server ended,
        or the compositor that ran Xwayland crashed).

        Xlib ends the process as soon as its handler returns, with two lines of its
        own on stderr and status 1, and nothing can be raised through it: so ``act``
        must say what it says and end the process itself. (X11 only.)
        """
        if getattr(self, "_x_display", None) is None:
            return
        from pyglet.libs.x11 import xlib

        def lost(_display: object) -> int:
            act()

        self._io_handler = xlib.XIOErrorHandler(lost)  # kept: Xlib holds only a C pointer
        xlib.XSetIOErrorHandler(self._io_handler)

    def _gone(self) -> bool:
        """Whether the X server no longer has our window (asked only after a frame failed).

        Its ``DestroyNotify`` and the frame clock race: a frame may be drawn on the
        destroyed window before the event is read.
        """
        display, window = getattr(self, "_x_display", None), getattr(self, "_window", None)
        if display is None or not window:
            return False
        from pyglet.libs.x11 import xlib

        attributes = xlib.XWindowAttributes()  # pyglet's X error handler drops the BadWindow
        return not xlib.XGetWindowAttributes(display, window, ctypes.byref(attributes))

    def stop(self) -> None:
        """Close the window at the next frame (safe in a signal handler: it only sets a flag).

        The frame clock runs while the window sleeps, so the next frame is at
        most one frame away; closing there, between frames, ends ``arcade.run()``
        as the kiosk operator's chord does, and whatever follows it runs.
        """
        self._stopping = True

    def listen(self, hook: object) -> None:
        """Put ``hook`` on the event stack in place of the one before it."""
        if self.hook is not None:
            self.remove_handlers(self.hook)
        self.hook = hook
        self.push_handlers(hook)

    def show_view(self, new_view: arcade.View) -> None:
        """Show ``new_view``, its handlers under the hook's (which hears every event first)."""
        super().show_view(new_view)
        self.wake()
        if self.hook is not None:
            self.remove_handlers(self.hook)
            self.push_handlers(self.hook)

    def wake(self) -> None:
        """Draw the next frames whatever the screen says (something happened)."""
        self._owed = AWAKE_FRAMES

    def dispatch_event(self, event_type: str, *args: Any) -> Any:
        if event_type not in _CLOCK_EVENTS:
            self.wake()
        return super().dispatch_event(event_type, *args)

    def draw(self, dt: float) -> None:
        """The frame clock's draw: skipped while nothing can have changed."""
        if self._stopping:
            self.close()
            return
        if self.sleeping():
            self.frames_slept += 1
            return
        self._owed = max(0, self._owed - 1)
        self.frames_drawn += 1
        try:
            super().draw(dt)
        except Exception:
            if self._gone():  # the frame came before the news: say what happened, not how
                raise WindowLost() from None  # the driver failed on it ("out of memory")
            raise
        shown, self.first_frame = self.first_frame, None
        if shown is not None:
            shown()

    def sleeping(self) -> bool:
        """Whether the next frame would show what the last one did (so it is not drawn)."""
        view = self.current_view
        return self.sleeps and self._owed <= 0 and isinstance(view, Rests) and view.at_rest()


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
