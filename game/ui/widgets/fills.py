"""Flat screen rectangles in one batch (the opaque ones unblended), and a colour-only clear.

Software GL (llvmpipe) fills opaque, untextured, unblended triangles
several times faster than it blends a sprite over them: the table's bars,
panels and buttons, and every kit screen's panels and buttons, are drawn this way.
"""

from __future__ import annotations

from array import array

import arcade
from arcade.gl import BufferDescription
from pyglet import gl

from game.ui.board.geometry import Rect

Item = tuple[tuple[float, float, float, float], tuple[int, int, int, int]]


class Fills:
    """Flat screen rectangles, drawn in order in one batch, the opaque ones with blending off.

    Software GL (llvmpipe) fills an opaque, untextured, unblended triangle
    through its fastest path: about twice as fast per pixel as a scissored
    clear and several times faster than a blended sprite. The rectangles
    become one vertex buffer, rebuilt only when they change; a see-through
    one (a sheet over the table) is blended, as arcade would draw it.

    ``snap`` puts each edge on a whole pixel (the table's bars); without it
    the edges fall where arcade's own rectangles put them (the kit's screens).

    ``ground`` is the one colour under the rectangles when there is one (a
    kit screen cleared to its background, nothing drawn before): a
    see-through rectangle over nothing but the ground is then drawn opaque
    in the colour blending would give. Blending reads every pixel back, and
    at 1080p the setup screen's two see-through panels cost software GL
    most of a frame's 8 ms.
    """

    def __init__(self, snap: bool = True, ground: tuple[int, int, int, int] | None = None) -> None:
        self.snap = snap
        self.ground = ground
        self.items: list[Item] = []
        self._geometry: arcade.gl.Geometry | None = None
        self._runs: list[tuple[int, int, bool]] = []  # (first vertex, vertices, blended)
        self._built: object = None  # (items, context) the geometry was built for

    def clear(self) -> None:
        self.items = []

    def add(self, rect: Rect, colour: tuple[int, int, int, int]) -> None:
        if self.snap:
            x0, y0 = int(round(rect.x0)), int(round(rect.y0))
            w, h = int(round(rect.x1)) - x0, int(round(rect.y1)) - y0
            if w > 0 and h > 0:
                self.items.append(((x0, y0, w, h), colour))
        elif rect.x1 > rect.x0 and rect.y1 > rect.y0:
            self.items.append(((rect.x0, rect.y0, rect.x1 - rect.x0, rect.y1 - rect.y0), colour))

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        if not self.items:
            return
        ctx = framebuffer.ctx
        key = (tuple(self.items), self.ground, id(ctx))
        if self._built != key:
            items = _on_ground(self.items, self.ground)
            self._geometry = _fill_geometry(ctx, items)
            self._runs = _runs(items)
            self._built = key
        geometry = self._geometry
        assert geometry is not None  # built just above for these items
        program = _fill_program(ctx)
        program["size"] = tuple(float(v) for v in framebuffer.size)
        blending = ctx.is_enabled(ctx.BLEND)
        for first, vertices, blended in self._runs:
            if blended:
                ctx.enable(ctx.BLEND)
            else:
                ctx.disable(ctx.BLEND)
            geometry.render(program, first=first, vertices=vertices)
        if blending:
            ctx.enable(ctx.BLEND)
        else:
            ctx.disable(ctx.BLEND)


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


# The colour is ``flat`` (one per triangle: a rectangle's corners share it), so software GL
# fills each pixel without interpolating four values: a third cheaper per pixel, measured.
_FILL_VERTEX = """
#version 330
uniform vec2 size;
in vec2 in_pos;
in vec4 in_colour;
flat out vec4 colour;
void main() {
    gl_Position = vec4(in_pos / size * 2.0 - 1.0, 0.0, 1.0);
    colour = in_colour;
}
"""
_FILL_FRAGMENT = """
#version 330
flat in vec4 colour;
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


def _on_ground(items: list[Item], ground: tuple[int, int, int, int] | None) -> list[Item]:
    """The items, each see-through one that covers no earlier one made opaque in the colour
    it would blend to over ``ground`` (to the same 8 bits as GL's blending)."""
    if ground is None:
        return items
    flat: list[Item] = []
    for i, (rect, colour) in enumerate(items):
        alpha = colour[3]
        if alpha < 255 and not any(_overlap(rect, other) for other, _ in items[:i]):
            r, g, b = (
                round((c * alpha + under * (255 - alpha)) / 255)
                for c, under in zip(colour[:3], ground[:3], strict=True)
            )
            colour = (r, g, b, 255)
        flat.append((rect, colour))
    return flat


def _overlap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> bool:
    """Whether two (x, y, width, height) rectangles share some area."""
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


def _runs(items: list[Item]) -> list[tuple[int, int, bool]]:
    """The items in runs of the same kind, opaque or see-through: one draw call each."""
    runs: list[tuple[int, int, bool]] = []
    for i, (_, colour) in enumerate(items):
        blended = colour[3] < 255
        if runs and runs[-1][2] == blended:
            first, vertices, _ = runs[-1]
            runs[-1] = (first, vertices + 6, blended)
        else:
            runs.append((i * 6, 6, blended))
    return runs


def _fill_geometry(ctx: arcade.gl.Context, items: list[Item]) -> arcade.gl.Geometry:
    """Two triangles per rectangle, each vertex with its rectangle's colour (0-1)."""
    data = array("f")
    for (x, y, w, h), colour in items:
        r, g, b, a = (c / 255 for c in colour)
        for vx, vy in ((x, y), (x + w, y), (x + w, y + h), (x, y), (x + w, y + h), (x, y + h)):
            data.extend((vx, vy, r, g, b, a))
    buffer = ctx.buffer(data=data.tobytes())
    return ctx.geometry([BufferDescription(buffer, "2f 4f", ["in_pos", "in_colour"])])
