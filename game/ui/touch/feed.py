"""A window's touches, from the X server through the recogniser to whatever screen shows.

One finger is the left mouse button every screen already understands: its
press, drags and release are dispatched on the window as pyglet's own
``on_mouse_press``/``on_mouse_drag``/``on_mouse_release``, so the title, the
settings and the table all take taps and drags alike. The other gestures are
window events of their own, which only the table listens to:
``on_touch_cancel()`` (the press ends without a tap), ``on_touch_hold(x, y)``
(the long press), ``on_touch_transform(x, y, dx, dy, scale, turn)`` (two
fingers move the table; see :class:`~.gestures.Transform`) and
``on_touch_transform_end()``.

The X server sends a window that takes touches no pointer of its own for them;
should one come all the same (a server that emulates regardless), it is the
finger's copy and would make a second tap: :meth:`TouchFeed.emulated` says so,
and the shell's hook drops it. Without touches (another platform, no display)
the feed does nothing; on an X server that cannot give them it says so once, in
one line on stderr, and the emulated pointer plays as before.
"""

from __future__ import annotations

import sys
import time
from collections import deque
from collections.abc import Callable
from typing import Any

import arcade

from game.ui.touch import xinput
from game.ui.touch.gestures import (
    Cancel,
    Drag,
    Gesture,
    Hold,
    Press,
    Recogniser,
    Release,
    Transform,
    TransformEnd,
)
from game.ui.touch.panel import place

EVENTS = ("on_touch_cancel", "on_touch_hold", "on_touch_transform", "on_touch_transform_end")
for _name in EVENTS:  # before any screen is shown: arcade pushes a view's handlers by name
    if _name not in arcade.Window.event_types:
        arcade.Window.register_event_type(_name)

GRACE = 0.5  # seconds after a touch in which a pointer event is the finger's copy
LEFT = arcade.MOUSE_BUTTON_LEFT


class TouchFeed:
    """The touches of ``window``, each gesture dispatched on it (see the module).

    ``panel`` names the panel's mounting (the setting, read at each touch);
    ``clock`` the seconds the long press is timed by."""

    def __init__(
        self,
        window: arcade.Window,
        panel: Callable[[], str] = lambda: "as-is",
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.window = window
        self.panel = panel
        self.clock = clock
        self.recogniser = Recogniser()
        self.reader: xinput.XInputReader | None = None
        self.reading = False  # touches are read from the X server
        self.last = -float("inf")  # when the last touch came
        self._ours: deque[tuple[str, int, int]] = deque(maxlen=64)  # pointer events the feed sent
        self._screen = (1, 1)

    def start(self, err: Any = None) -> None:
        """Read the window's touches where the X server gives them; on an X server that
        cannot, say once in one line what to change (on ``err``, else stderr)."""
        if getattr(self.window, "_x_display", None) is None:
            return  # not an X11 window (headless, another platform): nothing to read
        try:
            self.reader = xinput.XInputReader(self.window, self.contact)
        except xinput.Unreadable as why:
            stream = err if err is not None else sys.stderr
            print(f"boneyard: touch: {why}; a touchscreen works as a mouse meanwhile", file=stream)
            return
        self.reading = True
        self._screen = self.reader.screen_size()

    def close(self) -> None:
        if self.reader is not None:
            self.reader.close()
        self.reader, self.reading = None, False

    # -- touches in -------------------------------------------------------------------

    def contact(self, kind: str, touch: int, rx: float, ry: float, ex: float, ey: float) -> None:
        """A touch read: ``rx, ry`` on the screen, ``ex, ey`` in the window (both y down)."""
        width, height = self._screen
        u, v = place(self.panel(), rx / max(1, width), ry / max(1, height))
        x = ex + u * width - rx  # the calibrated point, still relative to the window
        y = self.window.height - (ey + v * height - ry)
        now = self.clock()
        self.last = now
        rec = self.recogniser
        handler = {"begin": rec.begin, "move": rec.move, "end": rec.end}[kind]
        self.dispatch(handler(touch, x, y, now))

    def tick(self) -> None:
        """A frame: a finger resting long enough is a long press."""
        if self.recogniser.down:
            self.dispatch(self.recogniser.tick(self.clock()))

    # -- gestures out -----------------------------------------------------------------

    def dispatch(self, gestures: list[Gesture]) -> None:
        window = self.window
        for g in gestures:
            if isinstance(g, Press | Release | Drag):
                x, y = round(g.x), round(g.y)
                if isinstance(g, Press):
                    self._ours.append(("press", x, y))
                    window.dispatch_event("on_mouse_press", x, y, LEFT, 0)
                elif isinstance(g, Release):
                    self._ours.append(("release", x, y))
                    window.dispatch_event("on_mouse_release", x, y, LEFT, 0)
                else:
                    self._ours.append(("drag", x, y))
                    dx, dy = round(g.dx), round(g.dy)
                    window.dispatch_event("on_mouse_drag", x, y, dx, dy, LEFT, 0)
            elif isinstance(g, Cancel):
                window.dispatch_event("on_touch_cancel")
            elif isinstance(g, Hold):
                window.dispatch_event("on_touch_hold", g.x, g.y)
            elif isinstance(g, Transform):
                window.dispatch_event("on_touch_transform", g.x, g.y, g.dx, g.dy, g.scale, g.turn)
            elif isinstance(g, TransformEnd):
                window.dispatch_event("on_touch_transform_end")

    def emulated(self, kind: str, x: int, y: int) -> bool:
        """Whether a pointer event (``kind`` "press", "drag" or "release") is the system's
        copy of a finger rather than one the feed sent or a real mouse's: touches are
        read, and a finger is down or was a moment ago."""
        if self._ours and self._ours[0] == (kind, x, y):
            self._ours.popleft()
            return False
        if not self.reading:
            return False
        return bool(self.recogniser.down) or self.clock() - self.last < GRACE
