"""Buttons and flat panels for the table's HUD, big enough to touch.

Kept small on purpose (not arcade.gui): the table view decides which
buttons exist (Draw only when drawing is legal …) and hit-tests them in
screen pixels. Panels are opaque rectangles drawn in one unblended batch
(:class:`Fills`): software GL fills those several times faster than it
blends a sprite over them. Labels share one text batch.
"""

from __future__ import annotations

from array import array
from collections.abc import Callable

import arcade
import pyglet
from arcade.gl import BufferDescription
from pyglet import gl

from game.ui.board.geometry import Rect
from game.ui.widgets.kit import text_width

MIN_TOUCH = 48  # pixels: the smallest target a finger hits reliably
PANEL = (52, 60, 70, 255)
PANEL_HOT = (214, 168, 60, 255)
PANEL_OFF = (34, 38, 44, 255)
TEXT = (245, 240, 228, 255)
TEXT_HOT = (28, 24, 18, 255)
TEXT_OFF = (105, 108, 112, 255)
FONT = ("DejaVu Sans", "Arial", "Helvetica")
INK = (240, 236, 224, 255)  # pooled texts' colour unless told


class Button:
    """A labelled rectangle that runs ``on_press`` when tapped."""

    def __init__(
        self,
        key: str,
        label: str,
        rect: Rect,
        on_press: Callable[[], None],
        hot: bool = False,
        size: float = 15,
        enabled: bool = True,
    ) -> None:
        w, h = max(rect.width, MIN_TOUCH), max(rect.height, MIN_TOUCH)
        cx, cy = rect.centre
        self.key = key
        self.label = label
        self.rect = Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)
        self.on_press = on_press
        self.hot = hot
        self.size = size  # the label's points at most (it shrinks to fit the button)
        self.enabled = enabled  # a disabled button keeps its place, drawn dimmed, and ignores taps

    def hit(self, x: float, y: float) -> bool:
        r = self.rect
        return r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1


class Fills:
    """Opaque screen rectangles, drawn in order in one batch with blending off.

    Software GL (llvmpipe) fills an opaque, untextured, unblended triangle
    through its fastest path: about twice as fast per pixel as a scissored
    clear and several times faster than a blended sprite. The rectangles
    become one vertex buffer, rebuilt only when they change.
    """

    def __init__(self) -> None:
        self.items: list[tuple[tuple[int, int, int, int], tuple[int, int, int, int]]] = []
        self._geometry: object = None
        self._built: object = None  # (items, context) the geometry was built for

    def clear(self) -> None:
        self.items = []

    def add(self, rect: Rect, colour: tuple[int, int, int, int]) -> None:
        x0, y0 = int(round(rect.x0)), int(round(rect.y0))
        w, h = int(round(rect.x1)) - x0, int(round(rect.y1)) - y0
        if w > 0 and h > 0:
            self.items.append(((x0, y0, w, h), colour))

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        if not self.items:
            return
        ctx = framebuffer.ctx
        key = (tuple(self.items), id(ctx))
        if self._built != key:
            self._geometry = _fill_geometry(ctx, self.items)
            self._built = key
        program = _fill_program(ctx)
        program["size"] = tuple(float(v) for v in framebuffer.size)
        blending = ctx.is_enabled(ctx.BLEND)
        ctx.disable(ctx.BLEND)
        self._geometry.render(program)  # type: ignore[attr-defined]
        if blending:
            ctx.enable(ctx.BLEND)


def clear_colour(framebuffer: arcade.gl.Framebuffer, colour: tuple[int, int, int, int]) -> None:
    """Clear the colour of ``framebuffer`` only, leaving its depth and stencil alone.

    Nothing 2D here tests depth, and an arcade ``clear`` wipes depth too:
    software GL then writes (and stores) a second full-screen buffer, which
    costs a 1080p frame about 1.7 ms of the CPU for nothing.
    """
    with framebuffer.activate():
        saved = framebuffer.scissor
        framebuffer.scissor = None
        gl.glClearColor(*(c / 255 for c in colour))
        gl.glClear(gl.GL_COLOR_BUFFER_BIT)
        framebuffer.scissor = saved


_FILL_VERTEX = """
#version 330
uniform vec2 size;
in vec2 in_pos;
in vec4 in_colour;
out vec4 colour;
void main() {
    gl_Position = vec4(in_pos / size * 2.0 - 1.0, 0.0, 1.0);
    colour = in_colour;
}
"""
_FILL_FRAGMENT = """
#version 330
in vec4 colour;
out vec4 fragment;
void main() {
    fragment = colour;
}
"""
_programs: dict[int, arcade.gl.Program] = {}


def _fill_program(ctx: arcade.gl.Context) -> arcade.gl.Program:
    """One shader program per GL context: positions in window pixels, a colour per vertex."""
    program = _programs.get(id(ctx))
    if program is None or program.ctx is not ctx:
        program = ctx.program(vertex_shader=_FILL_VERTEX, fragment_shader=_FILL_FRAGMENT)
        _programs[id(ctx)] = program
    return program


def _fill_geometry(ctx: arcade.gl.Context, items: list) -> arcade.gl.Geometry:
    """Two triangles per rectangle, each vertex with its rectangle's colour (0-1)."""
    data = array("f")
    for (x, y, w, h), colour in items:
        r, g, b, a = (c / 255 for c in colour)
        for vx, vy in ((x, y), (x + w, y), (x + w, y + h), (x, y), (x + w, y + h), (x, y + h)):
            data.extend((vx, vy, r, g, b, a))
    buffer = ctx.buffer(data=data.tobytes())
    return ctx.geometry([BufferDescription(buffer, "2f 4f", ["in_pos", "in_colour"])])


class ButtonBar:
    """The buttons on screen now: flat panels plus their labels (pooled texts)."""

    def __init__(self) -> None:
        self.buttons: list[Button] = []
        self.panels = Fills()
        self.texts = TextPool()
        self._signature: tuple = ()

    @property
    def batch(self) -> pyglet.graphics.Batch:
        return self.texts.batch

    def set(self, buttons: list[Button]) -> None:
        """Show exactly ``buttons`` (rebuilt only when something changed).

        Labels are kept by button key and only rewritten when they change:
        laying text out is the slowest thing a frame can do.
        """
        self.buttons = buttons
        signature = tuple((b.key, b.label, b.rect, b.hot, b.size, b.enabled) for b in buttons)
        if signature == self._signature:
            return
        self._signature = signature
        self.panels.clear()
        self.texts.begin()
        for b in buttons:
            cx, cy = b.rect.centre
            self.panels.add(b.rect, PANEL_OFF if not b.enabled else PANEL_HOT if b.hot else PANEL)
            size = b.size
            room = b.rect.width - 12
            while size > 9 and text_width(b.label, size, True) > room:  # long labels shrink
                size -= 1
            ink = TEXT_OFF if not b.enabled else TEXT_HOT if b.hot else TEXT
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


class TextPool:
    """Texts by key in one batch; ``put`` creates or updates, ``end`` blanks the unused."""

    def __init__(self) -> None:
        self.batch = pyglet.graphics.Batch()
        self._texts: dict[str, arcade.Text] = {}
        self._used: set[str] = set()

    def put(
        self,
        key: str,
        text: str,
        x: float,
        y: float,
        size: float = 14,
        color: tuple[int, int, int, int] = INK,
        anchor_x: str = "left",
        anchor_y: str = "center",
        bold: bool = False,
    ) -> None:
        self._used.add(key)
        item = self._texts.get(key)
        if item is None:
            self._texts[key] = arcade.Text(
                text,
                x,
                y,
                color,
                size,
                anchor_x=anchor_x,
                anchor_y=anchor_y,
                bold=bold,
                font_name=FONT,
                batch=self.batch,
            )
            return
        if item.text != text:
            item.text = text
        if (item.x, item.y) != (x, y):
            item.position = (x, y)
        if tuple(item.color) != tuple(color):
            item.color = color
        if item.font_size != size:
            item.font_size = size

    def begin(self) -> None:
        self._used = set()

    def end(self) -> None:
        for key, item in self._texts.items():
            if key not in self._used and item.text:
                item.text = ""

    def width(self, key: str) -> float:
        """How wide a text is drawn, in pixels (0 if there is none)."""
        item = self._texts.get(key)
        return float(item.content_width) if item is not None and item.text else 0.0

    def get(self, key: str) -> str:
        item = self._texts.get(key)
        return item.text if item is not None else ""
