"""Buttons and flat panels for the table's HUD, big enough to touch.

Kept small on purpose (not arcade.gui): the table view decides which
buttons exist (Draw only when drawing is legal …) and hit-tests them in
screen pixels. Panels are opaque rectangles drawn as scissored clears
(:class:`Fills`): software GL clears a rectangle several times faster
than it blends a sprite over it. Labels share one text batch.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
import pyglet

from .geometry import Rect

MIN_TOUCH = 48  # pixels: the smallest target a finger hits reliably
PANEL = (52, 60, 70, 255)
PANEL_HOT = (214, 168, 60, 255)
TEXT = (245, 240, 228, 255)
TEXT_HOT = (28, 24, 18, 255)


class Button:
    """A labelled rectangle that runs ``on_press`` when tapped."""

    def __init__(
        self,
        key: str,
        label: str,
        rect: Rect,
        on_press: Callable[[], None],
        hot: bool = False,
    ) -> None:
        w, h = max(rect.width, MIN_TOUCH), max(rect.height, MIN_TOUCH)
        cx, cy = rect.centre
        self.key = key
        self.label = label
        self.rect = Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        self.on_press = on_press
        self.hot = hot

    def hit(self, x: float, y: float) -> bool:
        r = self.rect
        return r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1


class Fills:
    """Opaque screen rectangles, drawn in order as scissored clears."""

    def __init__(self) -> None:
        self.items: list[tuple[tuple[int, int, int, int], tuple[int, int, int, int]]] = []

    def clear(self) -> None:
        self.items = []

    def add(self, rect: Rect, colour: tuple[int, int, int, int]) -> None:
        x0, y0 = int(round(rect.x0)), int(round(rect.y0))
        w, h = int(round(rect.x1)) - x0, int(round(rect.y1)) - y0
        if w > 0 and h > 0:
            self.items.append(((x0, y0, w, h), colour))

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        for viewport, colour in self.items:
            framebuffer.clear(color=colour, viewport=viewport)


class ButtonBar:
    """The buttons on screen now: flat panels plus one text batch."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.panels = Fills()
        self.batch = pyglet.graphics.Batch()
        self._texts: list[arcade.Text] = []
        self._signature: tuple = ()

    def set(self, buttons: list[Button]) -> None:
        """Show exactly ``buttons`` (rebuilt only when something changed)."""
        self.buttons = buttons
        signature = tuple((b.key, b.label, b.rect, b.hot) for b in buttons)
        if signature == self._signature:
            return
        self._signature = signature
        self.panels.clear()
        self.batch = pyglet.graphics.Batch()
        self._texts = []
        for b in buttons:
            cx, cy = b.rect.centre
            self.panels.add(b.rect, PANEL_HOT if b.hot else PANEL)
            size = 15 if len(b.label) < 10 else 13
            self._texts.append(
                arcade.Text(
                    b.label,
                    cx,
                    cy,
                    TEXT_HOT if b.hot else TEXT,
                    size,
                    anchor_x="center",
                    anchor_y="center",
                    bold=True,
                    batch=self.batch,
                )
            )

    def hit(self, x: float, y: float) -> Button | None:
        for b in reversed(self.buttons):
            if b.hit(x, y):
                return b
        return None

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        self.panels.draw(framebuffer)
        self.batch.draw()
