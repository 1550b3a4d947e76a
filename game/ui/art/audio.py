"""Which audio library the sounds go through, chosen before arcade opens one, and quiet.

pyglet opens its audio driver the moment ``pyglet.media`` is first imported (arcade
imports it), trying OpenAL first. On a Linux machine with no sound card OpenAL asks
ALSA, and ALSA prints a dozen lines of its own to stderr, on every start and before
the one line a bad configuration gets. So, before anything imports arcade
(:mod:`game.ui` calls :func:`choose_driver` on import): on Linux, PulseAudio first
(a desktop's sound server; a machine without one just moves on), OpenAL only where
the kernel lists a sound card, then silence; and ALSA's error printer and OpenAL's
log are switched off for a card that is listed but cannot be opened. A player's own
``PYGLET_AUDIO`` is kept as it is; other systems keep pyglet's order (their drivers
print nothing).
"""

from __future__ import annotations

import ctypes
import os
import sys
from pathlib import Path

CARDS = Path("/proc/asound/cards")  # the kernel's list of sound cards (ALSA)
_handlers: list[object] = []  # ALSA's quiet error handler, kept alive while the library is


def choose_driver() -> tuple[str, ...] | None:
    """Set pyglet's audio drivers for this machine; the order set (None: left as it was)."""
    if not sys.platform.startswith("linux"):
        return None
    if os.environ.get("PYGLET_AUDIO"):
        return None
    if "pyglet.media" in sys.modules:  # too late: the driver is open (nothing of ours did it)
        return None
    order = ("pulse", "openal", "silent") if has_sound_card() else ("pulse", "silent")
    os.environ.setdefault("ALSOFT_LOGLEVEL", "0")  # read by OpenAL when it loads
    silence_alsa()
    import pyglet

    pyglet.options.audio = order  # (arcade sets its own later, once the driver is open)
    return order


def has_sound_card(cards: Path = CARDS) -> bool:
    """Whether the kernel lists a sound card (no list, or "no soundcards", is none)."""
    try:
        text = cards.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return False
    return bool(text.strip()) and "no soundcards" not in text


def silence_alsa() -> bool:
    """Give ALSA an error handler that prints nothing; whether ALSA is there to be told."""
    try:
        alsa = ctypes.CDLL("libasound.so.2")
    except OSError:
        return False
    if not _handlers:
        # void (*)(const char *file, int line, const char *function, int err, const char *fmt, ...)
        prototype = ctypes.CFUNCTYPE(
            None, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p
        )
        _handlers.append(prototype(lambda *_: None))
    alsa.snd_lib_error_set_handler(_handlers[0])
    return True
