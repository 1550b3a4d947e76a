"""Words on screen, measured and pooled: the width a text takes, its lines, a pool of texts.

The one place a string becomes an ``arcade.Text`` (:func:`make_text`): each line is
shaped there (Arabic letters joined, right-to-left lines in visual order, by
:func:`game.ui.words.script.visual_line`) and drawn in the font its script needs
(:mod:`game.ui.art.fonts`). Everything before it (wrapping, measuring a label
against its box) works on the text as written; measuring shapes it the same way.

:class:`TextPool` keeps texts by key in one batch and rewrites one only when
it changed: laying text out is the slowest thing a frame can do, so a still
table costs no text layout.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

import arcade
import pyglet

from game.i18n import right_to_left
from game.ui.art import fonts
from game.ui.board.geometry import Rect
from game.ui.theme import INK, Colour
from game.ui.words.script import has_arabic, visual_line


def drawn(text: str) -> str:
    """``text`` as pyglet is handed it: each line shaped and in the order it is seen."""
    rtl = right_to_left()
    return "\n".join(visual_line(line, rtl) for line in text.split("\n"))


def font_names(text: str) -> tuple[str, ...]:
    """The fonts ``text`` is drawn in (the Arabic one for Arabic, or on an Arabic screen)."""
    fonts.install()
    return fonts.family(right_to_left() or has_arabic(text))


def position(
    text: str, x: float, y: float, size: float, anchor_y: str, multiline: bool = False
) -> tuple[float, float]:
    """Where a text is put so that its letters stand where ``(x, y)`` means.

    pyglet centres one line on the font's ascent and descent. Noto Sans Arabic's span
    nearly twice DejaVu Sans's and its letters reach lower under the line, so centred
    that way an Arabic line sits low in its box, its bottom on the box's edge. A centred
    Arabic line is raised by :data:`fonts.ARABIC_RAISE` of its size to sit in the middle.
    """
    if anchor_y != "center" or multiline or font_names(text)[0] != fonts.ARABIC:
        return x, y
    return x, y + round(fonts.ARABIC_RAISE * size)


def make_text(
    text: str,
    x: float,
    y: float,
    colour: Colour,
    size: float,
    anchor_x: str = "left",
    anchor_y: str = "center",
    bold: bool = False,
    batch: pyglet.graphics.Batch | None = None,
    **kw: Any,
) -> arcade.Text:
    """The one way a string becomes an ``arcade.Text``: shaped, in its script's font."""
    x, y = position(text, x, y, size, anchor_y, bool(kw.get("multiline")))
    return arcade.Text(
        drawn(text),
        x,
        y,
        colour,
        size,
        anchor_x=anchor_x,
        anchor_y=anchor_y,
        bold=bold,
        font_name=font_names(text),
        batch=batch,
        **kw,
    )


def _font(size: float, bold: bool, text: str = "") -> Any:
    """A font for measuring. Not cached here: its glyphs live in one GL context, and
    pyglet keeps its own cache per context (a font from a closed window fails)."""
    return pyglet.font.load(font_names(text), size, weight="bold" if bold else "normal")


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width ``text`` takes on screen, in pixels (the font's own advances, shaped)."""
    return _width(text, round(size, 1), bold, right_to_left())


@lru_cache(maxsize=4096)
def _width(text: str, size: float, bold: bool, rtl: bool) -> float:
    """Remembered (by the screen's direction too, which shapes the line and picks the
    font): the table measures its labels and announcements every frame, and measuring
    (glyphs from pyglet) cost a ten-seat table a fifth of the frame the computer thinks
    in. A width is a number, the same in any window."""
    glyphs, _ = _font(size, bold, text).get_glyphs(drawn(text))
    return float(sum(g.advance for g in glyphs))


WRAP_SLACK = 4.0  # pixels a wrapped line keeps short of its width (see wrap)


def text_height(size: float, bold: bool = False) -> float:
    """How tall a line of text stands on screen, in pixels (its font's ascent to descent, as
    a one-line ``arcade.Text``'s box): the Arabic font's on an Arabic screen, nearly twice."""
    font = _font(size, bold)
    return float(font.ascent - font.descent)


def wrap(
    text: str, width: float, size: float, bold: bool = False, indent: str = "", sep: str = " "
) -> list[str]:
    """``text`` broken at spaces (or at ``sep``: ", " keeps a list's items whole) into lines
    narrower than ``width`` pixels; an item too wide alone is broken at its spaces.

    The lines are drawn multiline in a box ``width`` wide, and pyglet wraps a line again
    before a glyph that *reaches* the width: a line as wide as the box, or a hair short of
    it (sizes measured at a tenth of a point), lost its last word to a line of its own
    ("… play it" / "and go out."). So a line stays :data:`WRAP_SLACK` short of the width
    and pyglet never breaks what was broken here."""
    lines: list[str] = []
    line = ""
    for word in text.split(sep):
        trial = f"{line}{sep}{word}" if line else word
        if line and text_width(trial, size, bold) >= width - WRAP_SLACK:
            lines.append(line + sep.rstrip())
            line = indent + word
        else:
            line = trial
    lines.append(line)
    if sep == " ":
        return lines
    return [part for line in lines for part in wrap(line, width, size, bold, indent)]


def elide(text: str, size: float, room: float, bold: bool = True) -> str:
    """``text`` cut at a word and ended with "…" so it fits ``room`` pixels (whole if it
    fits; its first word alone if nothing shorter does)."""
    if text_width(text, size, bold) <= room:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        short = " ".join(words).rstrip(" ·,:?") + "…"
        if text_width(short, size, bold) <= room:
            return short
    return words[0]


def fit_size(text: str, size: float, width: float, bold: bool = False) -> float:
    """The size at most ``size`` at which ``text`` fits ``width`` (never under 8 points)."""
    while size > 8 and text_width(text, size, bold) > width:
        size -= 0.5
    return size


class TextPool:
    """Texts by key in one batch; ``put`` creates or updates, ``end`` blanks the unused."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self._texts: dict[str, arcade.Text] = {}
        self._written: dict[str, str] = {}  # each text as written (the Text holds it drawn)
        self._used: set[str] = set()

    def put(
        self,
        key: str,
        text: str,
        x: float,
        y: float,
        size: float = 14,
        color: Colour = INK,
        anchor_x: str = "left",
        anchor_y: str = "center",
        bold: bool = False,
    ) -> None:
        self._used.add(key)
        item = self._texts.get(key)
        if item is None:
            self._texts[key] = make_text(
                text, x, y, color, size, anchor_x, anchor_y, bold, batch=self.batch
            )
            self._written[key] = text
            return
        if self._written[key] != text:
            self._written[key] = text
            names = font_names(text)
            if item.font_name != names:
                item.font_name = names
            item.text = drawn(text)
        if item.anchor_x != anchor_x:  # the same words from the other side (a language)
            item.anchor_x = anchor_x
        if item.anchor_y != anchor_y:  # the same words hung from a line, or centred on it
            item.anchor_y = anchor_y
        if tuple(item.color) != tuple(color):
            item.color = color
        if item.font_size != size:
            item.font_size = size
        at = position(text, x, y, size, anchor_y)
        if (item.x, item.y) != at:
            item.position = at

    def begin(self) -> None:
        self._used = set()

    def end(self) -> None:
        for key, item in self._texts.items():
            if key not in self._used and item.text:
                item.text = ""
                self._written[key] = ""

    def width(self, key: str) -> float:
        """How wide a text is drawn, in pixels (0 if there is none)."""
        item = self._texts.get(key)
        return float(item.content_width) if item is not None and item.text else 0.0

    def get(self, key: str) -> str:
        """The text under ``key`` as written (not as shaped for drawing)."""
        return self._written.get(key, "")

    def shown(self) -> dict[str, Rect]:
        """Every text showing, by key, and the screen rectangle its letters take."""
        return {
            key: Rect(item.left, item.bottom, item.right, item.top)
            for key, item in self._texts.items()
            if item.text
        }
