"""A touchscreen's fingers from the X server: XInput 2.2 touch events, read in pyglet's loop.

Neither pyglet nor Arcade reads touches (pyglet issue 1307); the X server gives
them to a client that selects ``XI_TouchBegin/Update/End`` on its window, and
Xorg and Xwayland (under a Wayland kiosk compositor such as cage) both do. The
selection is made on pyglet's innermost window (its view), the one the X server
reaches first when it looks for whoever takes a touch: a window that takes the
touches is not also sent the pointer the server emulates from the first finger.

libXi is called through ctypes, as pyglet calls libX11, so nothing is installed.
The events arrive as generic events (a "cookie" whose data Xlib fetches on
request), which pyglet's display reads with every other event and hands on by the
window its ``xany`` view names. A cookie's extension opcode and event type lie
where ``xany`` keeps a window id, so the reader registers itself in pyglet's
window table under those ids: the events reach it in the same loop, in order, with
no thread and no second connection to the server.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable
from ctypes import POINTER, Structure, byref, c_double, c_int, c_ubyte, c_ulong, c_void_p
from typing import Any

TOUCH_BEGIN, TOUCH_UPDATE, TOUCH_END = 18, 19, 20  # XI2.h
KINDS = {TOUCH_BEGIN: "begin", TOUCH_UPDATE: "move", TOUCH_END: "end"}
ALL_MASTER_DEVICES = 1
GENERIC_EVENT = 35

# what a touch says: its kind, id, point on the root window, point on the window (y down)
Sink = Callable[[str, int, float, float, float, float], None]


class _EventMask(Structure):
    _fields_ = [("deviceid", c_int), ("mask_len", c_int), ("mask", POINTER(c_ubyte))]


class _State(Structure):  # XIButtonState and XIValuatorState begin alike
    _fields_ = [("mask_len", c_int), ("mask", POINTER(c_ubyte)), ("values", c_void_p)]


class _Modifiers(Structure):
    _fields_ = [("base", c_int), ("latched", c_int), ("locked", c_int), ("effective", c_int)]


class _DeviceEvent(Structure):
    """XIDeviceEvent (XInput2.h), as far as a touch needs it."""

    _fields_ = [
        ("type", c_int),
        ("serial", c_ulong),
        ("send_event", c_int),
        ("display", c_void_p),
        ("extension", c_int),
        ("evtype", c_int),
        ("time", c_ulong),
        ("deviceid", c_int),
        ("sourceid", c_int),
        ("detail", c_int),
        ("root", c_ulong),
        ("event", c_ulong),
        ("child", c_ulong),
        ("root_x", c_double),
        ("root_y", c_double),
        ("event_x", c_double),
        ("event_y", c_double),
        ("flags", c_int),
    ]


class Unreadable(Exception):
    """Touches cannot be read here; the message says what to change, in one line."""


def _libxi() -> ctypes.CDLL:
    name = ctypes.util.find_library("Xi") or "libXi.so.6"
    try:
        lib = ctypes.CDLL(name)
    except OSError:
        raise Unreadable("libXi (the X input library) is not installed: install libxi6") from None
    lib.XIQueryVersion.argtypes = [c_void_p, POINTER(c_int), POINTER(c_int)]
    lib.XIQueryVersion.restype = c_int
    lib.XISelectEvents.argtypes = [c_void_p, c_ulong, POINTER(_EventMask), c_int]
    lib.XISelectEvents.restype = c_int
    return lib


class XInputReader:
    """The touches of one pyglet X11 window, told to ``sink`` as they are read."""

    def __init__(self, window: Any, sink: Sink) -> None:
        """Select the touches on ``window`` (pyglet's X11 window), or raise
        :class:`Unreadable` saying what to change."""
        from pyglet.libs.x11 import xlib

        self._xlib = xlib
        self.window = window
        self.sink = sink
        display = getattr(window, "_x_display", None)
        pyglet_display = getattr(window, "display", None)
        table = getattr(pyglet_display, "_window_map", None)
        if display is None or table is None:
            raise Unreadable("the window is not an X11 window")
        self._display = display
        opcode, event, error = c_int(), c_int(), c_int()
        if not xlib.XQueryExtension(display, b"XInputExtension", opcode, event, error):
            raise Unreadable("the X server has no XInput extension: run Xorg or Xwayland")
        lib = _libxi()
        major, minor = c_int(2), c_int(2)
        if lib.XIQueryVersion(display, byref(major), byref(minor)) != 0 or (
            major.value,
            minor.value,
        ) < (2, 2):
            raise Unreadable(
                f"the X server offers XInput {major.value}.{minor.value}, touches need 2.2:"
                " run a newer Xorg or Xwayland"
            )
        self._lib = lib
        target = getattr(window, "_view", None) or window._window
        bits = (c_ubyte * 4)()
        for kind in KINDS:
            bits[kind >> 3] |= 1 << (kind & 7)
        mask = _EventMask(ALL_MASTER_DEVICES, len(bits), bits)
        lib.XISelectEvents(display, target, byref(mask), 1)
        xlib.XFlush(display)
        self._keys = [_window_key(opcode.value, kind) for kind in KINDS]
        for key in self._keys:
            table[key] = self._event
        self._table = table

    def close(self) -> None:
        """Hear no more touches (pyglet's window table forgets the reader)."""
        for key in self._keys:
            self._table.pop(key, None)
        self._keys = []

    def _event(self, event: Any) -> None:
        """A generic event pyglet's display read: a touch of ours, told to the sink."""
        xlib = self._xlib
        cookie = event.xcookie
        if event.type != GENERIC_EVENT or cookie.evtype not in KINDS:
            return
        if not xlib.XGetEventData(self._display, byref(cookie)):
            return
        try:
            touch = ctypes.cast(cookie.data, POINTER(_DeviceEvent)).contents
            kind = KINDS[touch.evtype]
            self.sink(kind, touch.detail, touch.root_x, touch.root_y, touch.event_x, touch.event_y)
        finally:
            xlib.XFreeEventData(self._display, byref(cookie))

    def screen_size(self) -> tuple[int, int]:
        """The root window's size (the whole X screen) in pixels."""
        xlib, display = self._xlib, self._display
        screen = xlib.XDefaultScreen(display)
        return xlib.XDisplayWidth(display, screen), xlib.XDisplayHeight(display, screen)


def _window_key(opcode: int, kind: int) -> int:
    """The window id pyglet's display reads (``xany.window``) off a cookie of ``opcode``'s
    ``kind``: made by Xlib's own layout, so it holds on every ABI pyglet runs on."""
    from pyglet.libs.x11 import xlib

    event = xlib.XEvent()
    event.xcookie.type = GENERIC_EVENT
    event.xcookie.extension = opcode
    event.xcookie.evtype = kind
    return int(event.xany.window)


__all__ = ["Sink", "Unreadable", "XInputReader"]
