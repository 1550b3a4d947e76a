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

This module holds what every part is (:class:`Part`, :class:`Buttoned`, a mode's
:class:`ModePart`) and what they read of the view (:class:`Table`); the parts themselves
are in the modules of what they show — the felt's (:mod:`.felt`: the board, the words on
it, the tile in the air), the hand's bar (:mod:`.handbar`: the hand, the choices), the
seats (:mod:`.seatpanels`), the top bar (:mod:`.top`) — and held together, laid out and
synced by :mod:`.parts`.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Protocol, runtime_checkable

import arcade

from game.match import Match
from game.rules import Action, State
from game.ui.board.geometry import Placed, Rect, TableLayout
from game.ui.motion.tween import Tweens
from game.ui.scale import Sizing
from game.ui.table.board import TableScene
from game.ui.table.camera import TableCamera
from game.ui.table.choices import Choices
from game.ui.table.controller import TableController
from game.ui.table.hud import Panels, ScreenLayout, Tray
from game.ui.table.input import TableInput
from game.ui.table.labels import TableLabels
from game.ui.table.lots import OpenerDraw
from game.ui.table.news import TableNews
from game.ui.table.preview import Preview
from game.ui.table.replay import Replay
from game.ui.table.seats import SeatWords
from game.ui.table.source import Source
from game.ui.table.tips import ToolTips
from game.ui.table.topbar import Tool, TopBar
from game.ui.widgets.bar import ButtonBar, Buttons
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
    screen: ScreenLayout  # laid out by the parts (:meth:`~.parts.Parts.lay_out`)
    laid_for: tuple[int, int]  # the size the screen is laid out for
    sizing: Sizing
    open_hands: bool

    @property
    def window(self) -> arcade.Window: ...
    @property
    def ctl(self) -> TableController: ...
    @property
    def match(self) -> Match: ...
    @property
    def preview(self) -> Preview: ...
    @property
    def viewer(self) -> int: ...
    @property
    def covered(self) -> bool: ...
    @property
    def humans(self) -> tuple[int, ...]: ...
    @property
    def message(self) -> str: ...
    @property
    def replay(self) -> Replay | None: ...
    @property
    def human_turn(self) -> Callable[[], bool]: ...
    @property
    def choices(self) -> Choices: ...
    @property
    def fit_camera(self) -> Callable[..., None]: ...
    @property
    def fitting_ends(self) -> Callable[[], list[tuple[str, Placed]]]: ...
    @property
    def _place(self) -> Callable[[Action], Placed | None]: ...
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


def hidden(table: Table) -> bool:
    """The viewer's tiles are face down now: a hand covered for its handover, or another
    person's turn at a shared device (what they could play shows nowhere either)."""
    state = table.state
    return table.covered or (len(table.humans) > 1 and state.to_move != table.viewer)


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
