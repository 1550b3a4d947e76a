r"""The table's buttons: kit :class:`~game.ui.widgets.kit.Button`\ s drawn as opaque fills.

The table decides which buttons exist (Draw only when drawing is legal …)
and hit-tests them in screen pixels; the bar draws them in one unblended
batch of fills with their labels pooled, rebuilt only when one changed.
"""

from __future__ import annotations

import arcade
import pyglet

from game.ui.board.geometry import Rect
from game.ui.widgets.fills import Fills
from game.ui.widgets.kit import STYLES, Button
from game.ui.widgets.text import TextPool, text_width


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
            size = b.size
            room = b.rect.width - 12
            while size > 9 and text_width(b.label, size, True) > room:  # long labels shrink
                size -= 1
            self.texts.put(b.key, b.label, cx, cy, size, ink, anchor_x="center", bold=True)
        self.texts.end()

    def hit(self, x: float, y: float) -> Button | None:
        for b in reversed(self.buttons):
            if b.hit(x, y):
                return b
        return None

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        self.panels.draw(framebuffer)
        self.texts.batch.draw()


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
