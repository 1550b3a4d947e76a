"""The table's screen as ``arcade.Section``\\ s: each part a rectangle that takes its own input.

The view (:mod:`.view`) keeps an ``arcade.SectionManager`` of these parts; the manager,
not the view, says which part an event goes to. A press looks for its taker in the
manager's event order (the order the parts are added): a mode's regions (the coach's
box of words, the replay's log), the seats' strip on a short window (while the full
panels it opens show, a tap anywhere closes them), the top bar's tools, the choices,
the hand (its arrows, then its tiles), and last the board. A part that does not take an
event returns None and the next one has it (no part has ``prevent_dispatch``): a tap on
the hand's bar between its tiles is the table's, as a tap on the felt is.

The board lies under all the others: it takes the felt's taps, the wheel, and every drag
and lift wherever the pointer is (a drag that began on a hand tile is carried over the
board and the bars; a pan that runs over a bar still pans), the gesture's state being
the table's input (:mod:`.input`). So the view itself gets no pointer event. Keys are
not a part's (none has the focus): the view gives them to the add-ons, then the table.

Each part is laid out again whenever the screen is (:meth:`Part.lay`, its rectangle
from the :class:`~.hud.ScreenLayout`); a part whose shape is more than a rectangle (a
button's touch target reaching past its bar, a region shown only at times) says which
points are its own in :meth:`Part.holds`.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

import arcade

from game.ui.board.geometry import Rect
from game.ui.table.addon import Region
from game.ui.widgets.bar import ButtonBar

if TYPE_CHECKING:
    from game.ui.table.view import TableView

LEFT = arcade.MOUSE_BUTTON_LEFT
PRESS, SCROLL, MOTION = "on_mouse_press", "on_mouse_scroll", "on_mouse_motion"
DRAG, RELEASE = "on_mouse_drag", "on_mouse_release"


class Part(arcade.Section):
    """A part of the table's screen (see the module docstring): ``events`` are the pointer
    events it may take."""

    def __init__(self, table: TableView, name: str, events: Iterable[str]) -> None:
        super().__init__(
            0,
            0,
            0,
            0,
            name=name,
            accept_keyboard_keys=False,
            accept_mouse_events=set(events),
            prevent_dispatch=(),
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


class Buttoned(Part):
    """A part with buttons of its own (a bar's tools, the choices, the hand's arrows): a
    left press on one is the button's; a button's target may reach past the part."""

    def __init__(self, table: TableView, name: str, bar: ButtonBar, events: Iterable[str]) -> None:
        super().__init__(table, name, events)
        self.bar = bar

    def holds(self, x: float, y: float) -> bool:
        return super().holds(x, y) or self.bar.hit(x, y) is not None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        hit = self.bar.hit(x, y) if button == LEFT else None
        if hit is None:
            return None
        self.table.input.press_button(hit)
        return True


class RegionPart(Part):
    """A mode's region (the coach's box, the replay's log): a press or the wheel on it is
    the region's, never the board's. The region says which points are its own (shown now)."""

    def __init__(self, table: TableView, region: Region) -> None:
        super().__init__(table, "region", (PRESS, SCROLL))
        self.region = region

    def holds(self, x: float, y: float) -> bool:
        return self.region.holds(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self.region.press(x, y)
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        if scroll_y:
            self.region.scroll(1 if scroll_y < 0 else -1)
        return True


class SeatsPart(Part):
    """A short window's strip of the other seats: a tap on it opens the full panels over the
    felt; while they show, a tap anywhere but on a button closes them (and does nothing
    else), and one on a button closes them and is the button's."""

    def __init__(self, table: TableView) -> None:
        super().__init__(table, "seats", (PRESS,))

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


class TopBarPart(Buttoned):
    """The top bar: its tools take their presses; the pointer resting on an icon tool names
    it (:mod:`.tips`)."""

    def __init__(self, table: TableView) -> None:
        super().__init__(table, "top bar", table.tool_bar, (PRESS, MOTION))

    def lay(self) -> None:
        self.place(self.table.screen.top)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self.table.tips.hover(self.bar.hit(x, y))
        return True


class ChoicesPart(Buttoned):
    """The choices beside (or over) the hand: Draw, Pass, Confirm, Cancel …"""

    def __init__(self, table: TableView) -> None:
        super().__init__(table, "choices", table.choice_bar, (PRESS,))

    def lay(self) -> None:
        self.place(self.table.screen.actions)


class HandPart(Buttoned):
    """The viewer's hand: a press on a tile begins its tap or drag (the board carries the
    drag on); a hand that scrolls has its arrows, and the wheel over it scrolls it."""

    def __init__(self, table: TableView) -> None:
        super().__init__(table, "hand", table.arrow_bar, (PRESS, SCROLL))

    def lay(self) -> None:
        self.place(self.table.screen.tray)

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

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        table = self.table
        if table.tray.arrows is None or not Part.holds(self, x, y):
            return None  # the board's: the wheel zooms
        step = scroll_x or -scroll_y
        if step:
            table.scroll_hand(1 if step > 0 else -1)
        return True


class BoardPart(Part):
    """The board under every other part: the felt's taps and pans, every drag and lift, the
    wheel's zoom (see the module docstring)."""

    def __init__(self, table: TableView) -> None:
        super().__init__(table, "board", (PRESS, DRAG, RELEASE, SCROLL, MOTION))

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


def table_parts(table: TableView, manager: arcade.SectionManager) -> list[Part]:
    """The table's parts, added to its manager in the order a press looks for its taker."""
    regions = [region for addon in table.addons for region in addon.regions()]
    parts: list[Part] = [RegionPart(table, region) for region in regions]
    parts += [
        SeatsPart(table),
        TopBarPart(table),
        ChoicesPart(table),
        HandPart(table),
        BoardPart(table),
    ]
    for part in parts:
        manager.add_section(part)
    return parts
