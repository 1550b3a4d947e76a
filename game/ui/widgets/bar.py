r"""The table's buttons: kit :class:`~game.ui.widgets.kit.Button`\ s drawn as opaque fills.

The table decides which buttons exist (Draw only when drawing is legal …)
and hit-tests them in screen pixels; the bar draws them in one unblended
batch of fills with their labels pooled, rebuilt only when one changed.
"""

from __future__ import annotations

import arcade
import pyglet

from game.ui.board.geometry import Rect
from game.ui.theme import MIN_TEXT
from game.ui.widgets.fills import Fills
from game.ui.widgets.kit import STYLES, Button
from game.ui.widgets.text import TextPool, text_height, text_width


class ButtonBar:
    """The buttons on screen now: flat panels plus their labels (pooled texts)."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.panels = Fills()
        self.texts = TextPool()
        self._signature: tuple[tuple[str, str, Rect, str, float, bool], ...] = ()

    @property
    def batch(self) -> pyglet.graphics.Batch:
        return self.texts.batch

    def set(self, buttons: list[Button]) -> None:
        """Show exactly ``buttons`` (rebuilt only when something changed).

        Labels are kept by button key and only rewritten when they change:
        laying text out is the slowest thing a frame can do.
        """
        self.buttons = buttons
        signature = tuple((b.key, b.label, b.rect, b.style, b.size, b.enabled) for b in buttons)
        if signature == self._signature:
            return
        self._signature = signature
        self.panels.clear()
        self.texts.begin()
        for b in buttons:
            cx, cy = b.rect.centre
            fill, ink = STYLES["off"] if not b.enabled else STYLES.get(b.style, STYLES["normal"])
            self.panels.add(b.rect, fill)
            size, lines = label_lines(b.label, b.size, b.rect)
            step = text_height(size, True) / 2 if len(lines) > 1 else 0.0
            for i, line in enumerate(lines):  # the second line keyed apart
                key, y = (b.key, cy + step) if i == 0 else (f"{b.key}\n", cy - step)
                self.texts.put(key, line, cx, y, size, ink, anchor_x="center", bold=True)
        self.texts.end()

    def hit(self, x: float, y: float) -> Button | None:
        for b in reversed(self.buttons):
            if b.hit(x, y):
                return b
        return None

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        self.panels.draw(framebuffer)
        self.texts.batch.draw()


def _breaks(label: str) -> list[list[str]]:
    """A label on one line, and broken in two at each of its spaces, but never before a
    number where it has another space: a seat's number stays with its name ("Seat 1" /
    "opens", not "Seat" / "1 opens")."""
    words = label.split(" ")
    at = [i for i in range(1, len(words)) if not words[i][:1].isdigit()]
    at = at or list(range(1, len(words)))
    return [[label]] + [[" ".join(words[:i]), " ".join(words[i:])] for i in at]


def label_width(label: str, size: float, two: bool = True) -> float:
    """The width a button's ``label`` needs at ``size`` in bold: its one line, or (``two``)
    broken in two at its best space (the longer line)."""
    breaks = _breaks(label) if two else [[label]]
    return min(max(text_width(line, size, True) for line in lines) for lines in breaks)


def label_lines(label: str, size: float, rect: Rect) -> tuple[float, list[str]]:
    """A button's ``label`` as drawn in ``rect``: its size and its lines. One line at
    ``size``, shrinking; where one line would shrink under the smallest words
    (:data:`MIN_TEXT`) and two lines (broken at a space) stand larger in the button's
    height, two lines: a narrow button's "Kursi 1 membuka" stays readable. Of the breaks
    that stand as large, the one whose longer line is shortest ("Kursi 1" / "membuka")."""
    room = rect.width - 12
    one = size
    while one > 9 and text_width(label, one, True) > room:  # long labels shrink
        one -= 1
    if one >= MIN_TEXT:
        return one, [label]
    best: tuple[float, float, list[str]] = (one, 0.0, [label])
    for lines in _breaks(label)[1:]:
        two = size
        while two > 9 and (
            max(text_width(line, two, True) for line in lines) > room
            or 2 * text_height(two, True) > rect.height - 4
        ):
            two -= 1
        longer = max(text_width(line, two, True) for line in lines)
        if two > one and (two, -longer) > best[:2]:
            best = (two, -longer, lines)
    return best[0], best[2]


class Buttons:
    """Every button of a screen whose parts each draw their own bar (the table's top bar,
    choices and hand): one list to read and hit-test, the later bars' first as drawn over."""

    def __init__(self, *bars: ButtonBar) -> None:
        self.bars = bars

    @property
    def buttons(self) -> list[Button]:
        return [b for bar in self.bars for b in bar.buttons]

    def hit(self, x: float, y: float) -> Button | None:
        for bar in reversed(self.bars):
            hit = bar.hit(x, y)
            if hit is not None:
                return hit
        return None
