"""The fonts words are drawn in: DejaVu Sans for Latin, Noto Sans Arabic for Arabic.

Noto Sans Arabic ships with the game (``assets/fonts/``, SIL Open Font Licence, see
``assets/LICENSES``) and is read from there, never from the system, so every machine
draws Arabic alike. It has no Latin letters and few symbols (no "·" or "…"), so a
text drawn in it borrows those glyphs from the Latin font: pyglet looks a missing glyph
up in a font's ``fallbacks``, and :func:`install` gives every Arabic font it loads the
Latin one as its fallback. A text is drawn in the Arabic font when its language is
written right to left or it has Arabic letters in it (the language picker's
"العربية" on an English screen).
"""

from __future__ import annotations

from typing import Any

import pyglet

from game.resources import data_path
from game.ui.theme import FONT

LATIN = FONT  # the theme's font for every other script
ARABIC = "Noto Sans Arabic"
# How far a centred Arabic line is raised, in points of its size, so that its letters,
# from the tails under the line to the tops of alef and lam, are centred (measured on
# drawn lines, 12 to 48 points: pyglet's centring puts them a third of the size low).
ARABIC_RAISE = 0.3
FILES = ("NotoSansArabic-Regular.ttf", "NotoSansArabic-Bold.ttf")

_installed = False


def install() -> None:
    """Add the shipped fonts to pyglet, once, with the Latin font as the Arabic's fallback."""
    global _installed
    if _installed:
        return
    for name in FILES:
        pyglet.font.add_file(str(data_path("assets", "fonts", name)))
    load = pyglet.font.load

    def load_with_fallback(name: Any = None, size: Any = None, *args: Any, **kw: Any) -> Any:
        font = load(name, size, *args, **kw)
        if font.name == ARABIC and not font.fallbacks:
            font.add_fallback(load(LATIN, size, *args, **kw))
        return font

    pyglet.font.load = load_with_fallback
    _installed = True


def family(arabic: bool) -> tuple[str, ...]:
    """The font names to draw a text in, best first (pyglet takes the first it has)."""
    return (ARABIC, *LATIN) if arabic else LATIN
