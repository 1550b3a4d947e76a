"""The shell's handlers on top of the window's event stack, over whichever screen shows.

The window keeps them on top (:meth:`game.ui.window.GameWindow.show_view`), so
they hear every input first (the kiosk's idle clock, the operator's chord),
every resize (screens lay out for the size they are given) and every frame,
and pass each on to the screen; they stop only two things. A key pyglet could
not name goes on under its name (:meth:`WindowHook.named_key`), so no screen
reads keycodes. And a kiosk's hook swallows every request to close the window
(the window manager's close for Alt+F4 or the title bar's ✕, and pyglet's
Escape, which asks the same way): only its operator closes it.

The hook also holds the window's touches (:class:`~game.ui.touch.feed.TouchFeed`):
a touch is someone using the device, like a key, and a pointer event the system
copied from a finger that is read as a touch already is dropped here, before any
screen could take it for a second tap.
"""

from __future__ import annotations

from typing import Protocol

import arcade

from game.ui.touch.feed import TouchFeed
from game.ui.widgets.kit import BACK_TAB

USER_KEY = 1 << 32  # pyglet's symbols for keys it has no name for start here


class Listener(Protocol):
    """What the hook tells (the shell)."""

    @property
    def window(self) -> arcade.Window: ...

    def closes(self) -> bool:
        """Whether a request to close the window closes it (not in a kiosk)."""
        ...

    def touched(self) -> None:
        """Someone used the device (a key, a tap, a drag, a scroll)."""
        ...

    def chord(self, pressed: bool, symbol: int, modifiers: int) -> None:
        """A key went down or up (the kiosk operator's chord)."""
        ...

    def resized(self, width: int, height: int) -> None: ...

    def touch_panel(self) -> str:
        """How the touch panel is mounted (the setting)."""
        ...

    def tick(self) -> None:
        """A frame: the clocks the shell keeps."""
        ...


class WindowHook:
    """The shell's handlers on the window's event stack (see the module)."""

    def __init__(self, listener: Listener) -> None:
        self.listener = listener
        self.touch = TouchFeed(listener.window, listener.touch_panel)
        self.touch.start()

    def on_close(self) -> bool:
        return not self.listener.closes()  # True: handled, the window stays open

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        if self._renamed("on_key_press", symbol, modifiers):
            return True
        self.listener.touched()
        self.listener.chord(True, symbol, modifiers)
        return False

    def on_key_release(self, symbol: int, modifiers: int) -> bool:
        if self._renamed("on_key_release", symbol, modifiers):
            return True
        self.listener.chord(False, symbol, modifiers)
        return False

    def _renamed(self, event: str, symbol: int, modifiers: int) -> bool:
        """Send a key pyglet could not name on again under its name (True: it was sent)."""
        named = self.named_key(symbol)
        if named == symbol:
            return False
        self.listener.window.dispatch_event(event, named, modifiers)
        return True

    def named_key(self, symbol: int) -> int:
        """A key pyglet could not name, named if it is Shift+Tab (else as it came).

        X11 sends Shift+Tab as the keysym ISO_Left_Tab, which pyglet has no name
        for: it arrives as a "user key" holding the key's keycode. The keysyms of
        that keycode say whether it is the back tab (``BACK_TAB``).
        """
        display = getattr(self.listener.window, "_x_display", None)  # pyglet's X11 window only
        if symbol < USER_KEY or display is None:
            return symbol
        return BACK_TAB if BACK_TAB in x11_keysyms(display, symbol >> 32) else symbol

    def on_text(self, text: str) -> None:
        self.listener.touched()

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        return self._pointer("press", x, y)

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool:
        return self._pointer("release", x, y)

    def on_mouse_drag(self, x: int, y: int, dx: int, dy: int, buttons: int, modifiers: int) -> bool:
        return self._pointer("drag", x, y)

    def _pointer(self, kind: str, x: int, y: int) -> bool:
        """A pointer event: someone used the device; True (stop it) if it is a finger's copy."""
        if self.touch.emulated(kind, x, y):
            return True
        self.listener.touched()
        return False

    def on_touch_transform(self, *gesture: float) -> None:
        self.listener.touched()

    def on_touch_hold(self, x: float, y: float) -> None:
        self.listener.touched()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> None:
        self.listener.touched()

    def on_resize(self, width: int, height: int) -> None:
        self.listener.resized(width, height)

    def on_update(self, delta_time: float) -> None:
        self.touch.tick()
        self.listener.tick()


def x11_keysyms(display: object, keycode: int) -> tuple[int, ...]:
    """The keysyms an X11 keycode carries (plain, shifted, and the other groups)."""
    from pyglet.libs.x11 import xlib

    return tuple(xlib.XKeycodeToKeysym(display, keycode, index) for index in range(4))
