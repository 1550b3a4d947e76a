"""The table's screen as ``arcade.Section``\\ s: each part a rectangle that takes its own input.

The view (:mod:`.view`) keeps an ``arcade.SectionManager`` of these parts; the manager,
not the view, says which part an event goes to. A press looks for its taker in the
manager's event order (the order the parts are added): a mode's parts (the coach's
box of words, the replay's log), the seats' strip on a short window (while the full
panels it opens show, a tap anywhere closes them), the top bar's tools, the choices,
the hand (its arrows, then its tiles), and last the board. A part that does not take an
event returns None and the next one has it (no part has ``prevent_dispatch``): a tap on
the hand's bar between its tiles is the table's, as a tap on the felt is.

The board lies under all the others: it takes the felt's taps, the wheel, and every drag
and lift wherever the pointer is (a drag that began on a hand tile is carried over the
board and the bars; a pan that runs over a bar still pans), the gesture's state being
the table's input (:mod:`.input`). So the view itself gets no pointer event. Keys are
not a part's (none has the focus): the view gives them to the modes' parts, then the table.

The manager draws the parts in their draw order, each over those before it: the board
(the felt, its tiles, the opener's draw), the hand (its bar, which the choices stand on
too, its tiles, a tile leaving it for the board, its arrows), the seats (their panels,
marks and words, the hand's line among them), the choices, the top bar (its tools and
words, and the name of the tool the pointer rests on), the words on the table (over the
panels they stand by), each mode's additions (the coach's glow and box, the replay's log),
and last the tile a drag holds.

Each part is laid out again whenever the screen is (:meth:`Part.lay`, its rectangle
from the :class:`~.hud.ScreenLayout`); a part whose shape is more than a rectangle (a
button's touch target reaching past its bar, a region shown only at times) says which
points are its own in :meth:`Part.holds`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable
from functools import partial
from typing import Protocol, runtime_checkable

import arcade

from game.i18n import _
from game.rules import State
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect, TableLayout
from game.ui.motion.tween import Tweens
from game.ui.table.board import TableScene
from game.ui.table.camera import TableCamera
from game.ui.table.hud import Panels, ScreenLayout, Tray
from game.ui.table.input import TableInput
from game.ui.table.labels import TableLabels
from game.ui.table.lots import OpenerDraw
from game.ui.table.news import TableNews
from game.ui.table.seats import SeatWords
from game.ui.table.source import Source
from game.ui.table.tips import ToolTips
from game.ui.table.topbar import Tool, TopBar
from game.ui.theme import BAR, FELT
from game.ui.widgets.bar import ButtonBar, Buttons
from game.ui.widgets.fills import Fills, clear_colour
from game.ui.widgets.kit import Button
from game.ui.widgets.text import TextPool

LEFT = arcade.MOUSE_BUTTON_LEFT
ZOOM_STEP = 1.2  # the top bar's − and + zoom by this
# the draw order: each part over those before it (see the module docstring)
BOARD, HAND, SEATS, CHOICES, TOP_BAR, WORDS, MODES, AIR = range(8)
PRESS, SCROLL, MOTION = "on_mouse_press", "on_mouse_scroll", "on_mouse_motion"
DRAG, RELEASE = "on_mouse_drag", "on_mouse_release"


class Table(Protocol):
    """What the parts read of the table's view (:mod:`.view`), named here so the view and
    its parts do not import each other: its screen's layout and pieces, its flow's
    commands, the window it is drawn in."""

    seats_open: bool  # the seats' part opens and closes the full panels

    @property
    def window(self) -> arcade.Window: ...
    @property
    def screen(self) -> ScreenLayout: ...
    @property
    def layout(self) -> TableLayout: ...
    @property
    def state(self) -> State: ...
    @property
    def source(self) -> Source: ...
    @property
    def you(self) -> int | None: ...
    @property
    def tweens(self) -> Tweens: ...
    @property
    def scene(self) -> TableScene: ...
    @property
    def camera(self) -> TableCamera: ...
    @property
    def tray(self) -> Tray: ...
    @property
    def panels(self) -> Panels: ...
    @property
    def input(self) -> TableInput: ...
    @property
    def labels(self) -> TableLabels: ...
    @property
    def news(self) -> TableNews: ...
    @property
    def opener_draw(self) -> OpenerDraw: ...
    @property
    def tips(self) -> ToolTips: ...
    @property
    def bar(self) -> TopBar: ...
    @property
    def seats(self) -> SeatWords: ...
    @property
    def texts(self) -> TextPool: ...
    @property
    def buttons(self) -> Buttons: ...
    @property
    def tool_bar(self) -> ButtonBar: ...
    @property
    def choice_bar(self) -> ButtonBar: ...
    @property
    def arrow_bar(self) -> ButtonBar: ...
    @property
    def mode_tools(self) -> list[Tool]: ...
    @property
    def zoom_by(self) -> Callable[..., None]: ...
    @property
    def rotate(self) -> Callable[[int], None]: ...
    @property
    def refit(self) -> Callable[[], None]: ...
    @property
    def undo(self) -> Callable[[], None]: ...
    @property
    def redo(self) -> Callable[[], None]: ...
    @property
    def undo_refusal(self) -> Callable[[], str]: ...
    @property
    def redo_refusal(self) -> Callable[[], str]: ...
    def sync_preview(self) -> None: ...


class Part(arcade.Section):
    """A part of the table's screen (see the module docstring): ``events`` are the pointer
    events it may take."""

    def __init__(self, table: Table, name: str, events: Iterable[str], draw_order: int) -> None:
        super().__init__(
            0,
            0,
            0,
            0,
            name=name,
            accept_keyboard_keys=False,
            accept_mouse_events=set(events),
            prevent_dispatch=(),
            draw_order=draw_order,
        )
        self.table = table
        self.area = Rect(0, 0, 0, 0)

    def lay(self) -> None:
        """The screen was laid out again: the part's rectangle (none by default)."""

    def place(self, area: Rect) -> None:
        self.area = area
        self.width, self.height = round(area.width), round(area.height)
        self.left, self.bottom = round(area.x0), round(area.y0)

    def holds(self, x: float, y: float) -> bool:
        """Whether a screen point is the part's (its rectangle, by default)."""
        a = self.area
        return a.x0 <= x <= a.x1 and a.y0 <= y <= a.y1

    def should_receive_mouse_event(self, x: int, y: int) -> bool:
        return self.holds(x, y)

    def still(self) -> bool:
        """Nothing of the part's moves by itself (words that go, a glow that pulses): a
        frame now would draw it as the last one did."""
        return True


class Buttoned(Part):
    """A part with buttons of its own (a bar's tools, the choices, the hand's arrows): a
    left press on one is the button's; a button's target may reach past the part."""

    def __init__(
        self, table: Table, name: str, bar: ButtonBar, events: Iterable[str], order: int
    ) -> None:
        super().__init__(table, name, events, order)
        self.bar = bar

    def holds(self, x: float, y: float) -> bool:
        return super().holds(x, y) or self.bar.hit(x, y) is not None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        hit = self.bar.hit(x, y) if button == LEFT else None
        if hit is None:
            return None
        self.table.input.press_button(hit, self.refusal(hit.key))
        return True

    def refusal(self, key: str) -> str:
        """Why the button ``key`` cannot act now ("" when it can)."""
        return ""


class ModePart(Part):
    """A mode's own part of the screen (the coach's glow and box of words, the replay's log
    and focus, the game's keys), over the table's: it lays itself out (:meth:`Part.lay`),
    draws itself (``on_draw``), and takes a press or the wheel on the points it holds (a
    region of its own, never the board's: none by default) and the keys before the
    table's (``on_key_press``, ``on_text``: the view gives them, as no part has the
    focus). What else a mode says to the table it says at assembly (its tools, its status
    line, the whole board: :class:`~.view.TableView`), or through the one small interface
    the part that shows it reads (:class:`Beside`, :class:`Transport`)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "mode", (PRESS, SCROLL), MODES)

    def holds(self, x: float, y: float) -> bool:
        return False

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        return True  # its own points are its own: a press there is nobody else's

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        return True

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        """A key the part takes (True), before the table's own."""
        return False

    def on_text(self, text: str) -> None:
        """Text typed at the table (the character a key made, after its key)."""


@runtime_checkable
class Beside(Protocol):
    """A mode's part with a column of its own beside the table (a replay's log): the screen
    is laid out for the window less it, and the part is placed in it."""

    def column(self, width: int) -> int:
        """Pixels of the window's ``width`` the part takes at the end of the reading (on
        the right, or the left in a right-to-left language)."""
        ...


@runtime_checkable
class Transport(Protocol):
    """A mode's part whose buttons stand in the choices' corner instead of the choices (a
    replay's transport)."""

    def buttons(self) -> list[Button]: ...


class SeatsPart(Part):
    """A short window's strip of the other seats: a tap on it opens the full panels over the
    felt; while they show, a tap anywhere but on a button closes them (and does nothing
    else), and one on a button closes them and is the button's."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "seats", (PRESS,), SEATS)

    def lay(self) -> None:
        strip = self.table.screen.strip
        self.place(strip if strip is not None else Rect(0, 0, 0, 0))

    def holds(self, x: float, y: float) -> bool:
        strip = self.table.screen.strip
        return strip is not None and (self.table.seats_open or super().holds(x, y))

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        table = self.table
        if button != LEFT:
            return None
        if table.seats_open:
            table.seats_open = False
            table.sync_preview()
            return None if table.buttons.hit(x, y) is not None else True
        table.seats_open = True
        table.sync_preview()
        return True

    def on_draw(self) -> None:
        """The panels (or the strip, and the full panels it opened), the seats' marks and
        words (the hand's line among them)."""
        table = self.table
        table.panels.draw(table.window.ctx.screen)
        table.seats.marks.draw()
        table.texts.batch.draw()


class TopBarPart(Buttoned):
    """The top bar: its tools take their presses; the pointer resting on an icon tool names
    it (:mod:`.tips`)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "top bar", table.tool_bar, (PRESS, MOTION), TOP_BAR)
        self.fill = Fills()

    def lay(self) -> None:
        self.place(self.table.screen.top)
        self.fill.clear()
        self.fill.add(self.area, BAR)

    def on_draw(self) -> None:
        """The bar, its tools and words, and the name of the tool the pointer rests on."""
        table, screen = self.table, self.table.window.ctx.screen
        self.fill.draw(screen)
        self.bar.draw(screen)
        table.bar.texts.batch.draw()
        table.tips.draw(self.bar.buttons, table.window.width)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self.table.tips.hover(self.bar.hit(x, y))
        return True

    def still(self) -> bool:
        return not self.table.tips.counting  # a tool's name goes by itself

    def sync(self) -> None:
        table = self.table
        self.bar.set(table.bar.buttons(table.screen, self.tools(), self.refusal))

    def tools(self) -> list[Tool]:
        """The bar's buttons, always the same ones in the same places (so a second tap lands
        on the same button), the mode's after the table's own; undo and redo are off
        while they cannot act."""
        table = self.table
        tools: list[Tool] = [
            ("zoom-", "−", lambda: table.zoom_by(1 / ZOOM_STEP)),
            ("zoom+", "+", lambda: table.zoom_by(ZOOM_STEP)),
            ("fit", _("Fit"), table.refit),
        ]
        if table.source.plays:  # the player's own turns of the table, and their moves
            tools += [
                ("rot-", "↺", lambda: table.rotate(-1)),
                ("rot+", "↻", lambda: table.rotate(1)),
                ("undo", _("Undo"), table.undo),
                ("redo", _("Redo"), table.redo),
            ]
        tools += table.mode_tools
        return tools

    def refusal(self, key: str) -> str:
        if key == "undo":
            return self.table.undo_refusal()
        if key == "redo":
            return self.table.redo_refusal()
        return ""


class ChoicesPart(Buttoned):
    """The choices beside (or over) the hand: Draw, Pass, Confirm, Cancel …"""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "choices", table.choice_bar, (PRESS,), CHOICES)

    def lay(self) -> None:
        self.place(self.table.screen.actions)

    def on_draw(self) -> None:
        self.bar.draw(self.table.window.ctx.screen)


class HandPart(Buttoned):
    """The viewer's hand: a press on a tile begins its tap or drag (the board carries the
    drag on); a hand that scrolls has its arrows, and the wheel over it scrolls it."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "hand", table.arrow_bar, (PRESS, SCROLL), HAND)
        self.fill = Fills()

    def lay(self) -> None:
        screen = self.table.screen
        self.place(screen.tray)
        self.fill.clear()
        self.fill.add(screen.tray.union(screen.actions), BAR)  # the bar under the choices too

    def on_draw(self) -> None:
        """The hand's bar (the choices stand on it), its tiles and its arrows, and a tile
        leaving the hand for the board: over the bar, not under it."""
        table = self.table
        screen = table.window.ctx.screen
        self.fill.draw(screen)
        table.tray.draw()
        if table.scene.flying:
            table.camera.use_over(*table.window.get_size())
            table.scene.draw_flying()
            table.window.default_camera.use()
        self.bar.draw(screen)

    def holds(self, x: float, y: float) -> bool:
        return super().holds(x, y) or self.table.tray.hit(x, y) is not None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if super().on_mouse_press(x, y, button, modifiers):
            return True
        tile = self.table.tray.hit(x, y) if button == LEFT else None
        if tile is None:
            return None
        self.table.input.press_tile(x, y, tile)
        return True

    def sync(self) -> None:
        """A hand too long for its row scrolls: an arrow at each end (off at its end)."""
        tray = self.table.tray
        arrows = tray.arrows
        if arrows is None:
            self.bar.set([])
            return
        size = 22 * self.table.screen.scale
        self.bar.set(
            [
                Button(
                    rect,
                    label,
                    partial(self.scroll, step),
                    "quiet",
                    key,
                    size,
                    tray.can_scroll(step),
                )
                for rect, label, key, step in (
                    (arrows[0], "‹", "hand-", -1),
                    (arrows[1], "›", "hand+", 1),
                )
            ]
        )

    def scroll(self, step: int) -> None:
        """Show the next (1) or the previous (-1) tiles of a hand that scrolls."""
        table = self.table
        if table.tray.can_scroll(step):
            table.tray.scroll(step)
            table.sync_preview()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        table = self.table
        if table.tray.arrows is None or not Part.holds(self, x, y):
            return None  # the board's: the wheel zooms
        step = scroll_x or -scroll_y
        if step:
            self.scroll(1 if step > 0 else -1)
        return True


class BoardPart(Part):
    """The board under every other part: the felt's taps and pans, every drag and lift, the
    wheel's zoom (see the module docstring)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "board", (PRESS, DRAG, RELEASE, SCROLL, MOTION), BOARD)

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


class Parts:
    """The table's parts under its manager: added in the order a press looks for its
    taker, a mode's first (:meth:`add_modes`, once the view can make them)."""

    def __init__(self, table: Table, manager: arcade.SectionManager) -> None:
        self.table, self.manager = table, manager
        self.modes: list[ModePart] = []
        self.seats = SeatsPart(table)
        self.top = TopBarPart(table)
        self.choices = ChoicesPart(table)
        self.hand = HandPart(table)
        self.board = BoardPart(table)
        self.words = WordsPart(table)
        self.air = AirPart(table)
        for part in self.all():
            manager.add_section(part)

    def add_modes(self, parts: Iterable[ModePart]) -> None:
        for part in parts:
            self.manager.add_section(part, at_index=len(self.modes))
            self.modes.append(part)

    def still(self) -> bool:
        """Nothing of any part's moves by itself (see :meth:`Part.still`)."""
        return all(part.still() for part in self.all())

    def key(self, symbol: int, modifiers: int) -> bool:
        """A key a mode's part takes, before the table's own (the first that does)."""
        return any(part.on_key_press(symbol, modifiers) for part in self.modes)

    def text(self, text: str) -> None:
        for part in self.modes:
            part.on_text(text)

    def all(self) -> list[Part]:
        return [
            *self.modes,
            self.seats,
            self.top,
            self.choices,
            self.hand,
            self.board,
            self.words,
            self.air,
        ]


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
