"""What lies on the felt, as parts of the table's screen (:mod:`.sections`): the board, the
words on it, the tile a drag holds.

Why together: the three draw what the table's camera shows and take no place of the
screen's own — the board lies under every other part and takes what none of them does
(the felt's taps and pans, every drag and lift, the wheel's zoom); the words on the table
stand by the tiles and the panels, over the bars; the tile a drag holds is over all.
"""

from __future__ import annotations

import math

import arcade

from game.rules.tiles import Tile
from game.ui.art.textures import HALF
from game.ui.board.families import parts
from game.ui.board.geometry import Rect
from game.ui.table import rulings
from game.ui.table.sections import (
    AIR,
    BOARD,
    DRAG,
    MOTION,
    PRESS,
    RELEASE,
    SCROLL,
    WORDS,
    Part,
    Table,
    hidden,
)
from game.ui.theme import FELT
from game.ui.widgets.fills import clear_colour
from game.ui.words import names, narrate


class BoardPart(Part):
    """The board under every other part: the felt's taps and pans, every drag and lift, the
    wheel's zoom (see :mod:`.sections`)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "board", (PRESS, DRAG, RELEASE, SCROLL, MOTION), BOARD)
        self.framed_for: Tile | None = None  # the tile picked when the camera last framed

    def sync(self) -> None:
        """The preview on the board: the places the picked tile may go (lit), the ghost of
        the chosen one and its score, else the ends a tile in hand fits.

        A tile picked (or put back) frames its places anew, unless the player moved the
        camera: on a board too big for the felt at a legible size they may lie apart."""
        table = self.table
        p = table.preview
        if p.selected != self.framed_for:
            self.framed_for = p.selected
            if not table.camera.user_view:
                table.fit_camera()
        found = [(a, table._place(a)) for a in p.places]
        places = [(a, at) for a, at in found if at is not None]
        chosen = None
        if p.chosen is not None and p.chosen.tile is not None:
            at = table._place(p.chosen)
            chosen = (p.chosen, at) if at is not None else None
        ends = [] if hidden(table) or p.selected or p.chosen else table.fitting_ends()
        table.scene.show_places(places, chosen, ends)
        gain = rulings.gain(table.ctl, p.chosen) if chosen else 0
        table.scene.set_score(names.gain(gain) if gain else None, chosen[1] if chosen else None)

    def lay(self) -> None:
        self.place(self.table.screen.table)

    def holds(self, x: float, y: float) -> bool:
        return True

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self.table.input.mouse_press(x, y, button)
        return True

    def on_mouse_drag(
        self, x: int, y: int, dx: int, dy: int, _buttons: int, _modifiers: int
    ) -> bool:
        self.table.input.mouse_drag(x, y, dx, dy)
        return True

    def on_mouse_release(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self.table.input.mouse_release(x, y, button)
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        if scroll_y:
            self.table.zoom_by(1.12**scroll_y, (x, y))
        return True

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self.table.tips.hover(None)  # on no tool (the top bar takes the pointer over its own)
        return True

    def on_draw(self) -> None:
        """The felt, the board's tiles through the table's camera, the opener's draw."""
        table = self.table
        # A whole-screen clear is software GL's fast path (the colour only: see clear_colour)
        clear_colour(table.window.ctx.screen, FELT)
        table.camera.use()
        table.scene.draw()
        table.window.default_camera.use()
        table.opener_draw.draw()


class WordsPart(Part):
    """The words on the table (the trains' and branches' names, the badges, what the seats
    did, All Fives' count): over the panels and the bars, which they may stand by; none
    while the seats' full panels cover the felt. It takes no input (the board's under it)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "words", (), WORDS)

    def holds(self, x: float, y: float) -> bool:
        return False

    def on_draw(self) -> None:
        table = self.table
        if table.seats_open:
            return
        laid, cam, scene = table.screen, table.camera, table.scene
        table.labels.sync(table.layout, table.state, laid.table, table.you, self.obstacles)
        table.labels.draw()
        marks = tuple(sprite.position for sprite in scene.marks)  # lit places, ends' marks
        shows = (cam.position, cam.zoom, cam.angle, id(table.layout), marks, scene.ghost)
        moving = bool(len(table.tweens)) or table.input.pressing
        table.news.sync(
            laid.table,
            laid.panels,
            cam.project,
            self.shown_rects,
            laid.felt,
            shows,
            moving,
            *self.count_room(),
            self.board_on_screen(),
        )
        table.news.draw(table.window.ctx.screen)

    def still(self) -> bool:
        return not self.table.news.lines  # the seats' words go by themselves

    def count_ends(self) -> None:
        """All Fives: the count of the open ends, at all times; lit when it scores."""
        table = self.table
        state = table.state
        corner = parts(state).corner(state)
        if corner is None:
            table.news.set_corner("")
            return
        count, lit = corner
        table.news.set_corner(narrate.ends_text(count), lit, right=table.screen.rtl)

    def board_on_screen(self) -> Rect:
        """The layout's bounding box (its tiles, hub, names and open places) on screen, as
        the camera shows it now: what the fit fills the free felt with."""
        return self.on_screen(self.table.layout.bounds(0.0))

    def on_screen(self, board: Rect) -> Rect:
        """A rectangle of the board (layout units) as the camera shows it now."""
        corners = [self.table.camera.project((x * HALF, y * HALF)) for x, y in board.corners()]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return Rect(min(xs), min(ys), max(xs), max(ys))

    def count_room(self) -> tuple[list[Rect], list[Rect]]:
        """Where All Fives' count of the ends may stand (by the tiles, else by the whole
        layout) and what it keeps off (the open places, lit or not): screen rectangles."""
        if not self.table.news.corner:
            return [], []
        places = [self.on_screen(arm.peek_rect()) for arm in self.table.layout.ends.values()]
        tiles = [p.rect() for p in self.table.layout.tiles]
        near = [self.board_on_screen()]
        if tiles:
            box = tiles[0]
            for r in tiles[1:]:
                box = box.union(r)
            near.insert(0, self.on_screen(box))
        return near, places

    def shown_rects(self) -> list[Rect]:
        """The screen rectangles of what the table shows and the news must not cover: each
        tile, marker and lit place, the trains' hub, the names and badges, the opener draw,
        the buttons."""
        rects = self.sprite_rects()
        for sprite in self.table.opener_draw.sprites:
            rects.append(Rect(sprite.left, sprite.bottom, sprite.right, sprite.top))
        rects += self.table.labels.texts.shown().values()
        rects += self.table.labels.marks.rects()
        rects += self.table.opener_draw.texts.shown().values()
        rects += [b.rect for b in self.table.buttons.buttons]
        return rects

    def obstacles(self) -> list[Rect]:
        """What a Longana branch's words keep off: the board's things and the seat panels."""
        return [*self.sprite_rects(), *self.table.screen.panels.values()]

    def sprite_rects(self) -> list[Rect]:
        """The screen rectangles of the board's things: each tile, marker and lit place,
        and the trains' hub (Mexican Train's station)."""
        project = self.table.camera.project

        def on_screen(world: Rect) -> Rect:
            corners = [project(p) for p in world.corners()]
            xs, ys = [x for x, _ in corners], [y for _, y in corners]
            return Rect(min(xs), min(ys), max(xs), max(ys))

        rects = []
        for sprites in (self.table.scene.tiles, self.table.scene.markers, self.table.scene.marks):
            for sprite in sprites:
                rects.append(on_screen(_drawn_box(sprite)))
        hub = self.table.layout.hub
        if hub is not None:
            rects.append(on_screen(Rect(*(v * HALF for v in hub))))
        return rects


class AirPart(Part):
    """The tile a drag holds, over every part: it is where the pointer is, and nothing
    hides it (not while the seats' full panels show)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "air", (), AIR)

    def holds(self, x: float, y: float) -> bool:
        return False

    def on_draw(self) -> None:
        if not self.table.seats_open:
            self.table.input.draw()


def _drawn_box(sprite: arcade.Sprite) -> Rect:
    """The box round a sprite as drawn (its texture's size at its scale, turned by its
    angle), in table points: not its hit box, which a texture of another level of detail
    leaves at the old level's size until the sprite next moves."""
    a = math.radians(sprite.angle)
    c, s = abs(math.cos(a)), abs(math.sin(a))
    w, h = sprite.width, sprite.height
    half_w, half_h = (w * c + h * s) / 2, (w * s + h * c) / 2
    x, y = sprite.center_x, sprite.center_y
    return Rect(x - half_w, y - half_h, x + half_w, y + half_h)
