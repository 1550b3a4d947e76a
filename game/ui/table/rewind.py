"""A finished match replayed on the table: forward, back, by round, or played at a pace.

Why the ordinary table: a replay should look exactly like the match did, so
this is :class:`~game.ui.table.view.TableView` (its layout, its tweens, its
announcements) over a controller given a :class:`~game.replay.Cursor` as its
source (the state the cursor stands at), assembled by :func:`replay_table`: the
cursor's stepping and playing are a policy of the flow (:class:`Rewinding`, no
window), the transport, the keys and the log the parts it adds to the screen
(:class:`ReplayControls`).
The record is the only input (the cursor replays it through the rules), so a
record from another machine replays the same. Nobody plays here: the match is
over, so every hand is open (the other seats' in their panels, face up) and
the log up to the cursor runs down a column beside the table.

Controls, by touch or keys: |◀◀ / ▶▶| a round back or on (Page Up / Page Down),
◀ / ▶ one move (Left / Right), Play / Pause (Space), the speed (S), Home and
End, Close (Esc). Tab walks the buttons and Enter presses the one in focus.
The view tells the router only that the player is done (``on_close``).
"""

from __future__ import annotations

from collections.abc import Callable

import arcade
import pyglet

from game.i18n import _
from game.replay import Cursor
from game.ui.board.geometry import Rect
from game.ui.board.layout import table_layout
from game.ui.scale import Sizing
from game.ui.table.controller import TableController
from game.ui.table.events import Rewound
from game.ui.table.rewinding import Rewinding
from game.ui.table.sections import ModePart
from game.ui.table.view import TableView
from game.ui.theme import BAR, DIM, FOCUS, GOLD, TEXT, WELL
from game.ui.widgets.kit import Button, tab_step
from game.ui.widgets.text import make_text, wrap
from game.ui.words import narrate

LOG_W = 300  # pixels: the log's column on the right


def replay_table(
    cursor: Cursor,
    on_close: Callable[[], None],
    sizing: Sizing | None = None,
    size: tuple[int, int] | None = None,
    pause: float = 0.6,
) -> TableView:
    """A finished match on the table, at ``cursor``; ``on_close`` when the player is done:
    the table with the cursor as its source, :class:`Rewinding` as its policy and the
    replay's controls on its screen."""
    table = TableController(cursor, pause)
    rewinding = Rewinding(table, cursor)
    table.policies = [rewinding]
    parts = [lambda view: ReplayControls(view, rewinding, on_close)]
    close = ("close", _("Close"), on_close)  # after the table's zoom and Fit (nothing to undo)
    return TableView(table, sizing=sizing, size=size, modes=parts, tools=[close], line=rewinding)


class ReplayControls(ModePart):
    """What a replay adds to the screen: the transport in the choices' corner
    (:class:`~.sections.Transport`), the keys, and the log's column beside the table
    (:class:`~.sections.Beside`: a press or the wheel on it is the log's); each move of
    the cursor shown as it comes."""

    def __init__(
        self, table: TableView, rewinding: Rewinding, on_close: Callable[[], None]
    ) -> None:
        super().__init__(table)
        self.table: TableView = table
        self.rewinding = rewinding
        self.on_close = on_close
        self.focus: str | None = None  # the key of the button Tab last reached
        self.log = ReplayLog(rewinding.cursor, table)
        table.events.listen(Rewound, self._show)

    def _show(self, rewound: Rewound) -> None:
        """The cursor moved: one step on glides in and is told, a jump simply shows."""
        table = self.table
        if not rewound.onward:
            table.news.clear()
            table.refresh()
            table.tweens.finish()
            return
        layout = table_layout(table.state, table._aspect())
        table.refresh(table.telling.origins(rewound.before, layout), layout)
        last = self.rewinding.cursor.last
        table.news.clear()  # only the move just shown is told (steps come quickly)
        if last is not None:
            table.telling.tell(last[0], last[1], rewound.before)

    # -- its part of the screen ----------------------------------------------------------

    def column(self, width: int) -> int:
        crowded = self.table.match.ruleset.players > 6  # the seats need the width more
        return int(min(LOG_W * (0.8 if crowded else 1), width * 0.3))

    def lay(self) -> None:
        self.log.place(self.area)  # its column, placed by the view

    def holds(self, x: float, y: float) -> bool:
        return self.log.holds(x, y)

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        if scroll_y:  # the wheel over the log steps the match back (up) or on (down)
            self.rewinding.step(1 if scroll_y < 0 else -1)
        return True  # a press on the log does nothing: it is for reading

    def on_draw(self) -> None:
        self.log.draw()
        for button in self.table.buttons.buttons:
            if button.key == self.focus:
                b = button.rect
                arcade.draw_lbwh_rectangle_outline(b.x0, b.y0, b.width, b.height, FOCUS, 3)

    def buttons(self) -> list[Button]:
        """The transport in the choices' corner. It keeps its order in every language (back
        on the left, as media players keep it: it is time's direction, not the words')."""
        table, r = self.table, self.rewinding
        area = table.screen.actions.grown(-8)
        play = _("Pause") if r.playing else _("Play")
        speed = f"{r.speed:g}×"  # the speed as media players show it
        transport: list[tuple[str, str, Callable[[], None]]] = [
            ("round-", "|◀◀", lambda: r.round_by(-1)),
            ("back", "◀", lambda: r.step(-1)),
            ("forward", "▶", lambda: r.step(1)),
            ("round+", "▶▶|", lambda: r.round_by(1)),
            ("play", play, r.toggle_play),
            ("speed", speed, r.faster),
        ]
        cols, rows = 4, 2
        w, h = area.width / cols, area.height / rows
        buttons: list[Button] = []
        for i, (key, label, fn) in enumerate(transport):
            col, row = (i, 0) if i < 4 else ((i - 4) * 2, 1)
            span = 1 if i < 4 else 2
            x0, y1 = area.x0 + col * w, area.y1 - row * h
            rect = Rect(x0 + 3, y1 - h + 3, x0 + span * w - 3, y1 - 3)
            style = "primary" if key == "play" else "normal"
            buttons.append(Button(rect, label, fn, style, key=key, size=16 * table.touch))
        return buttons

    def on_key_press(self, symbol: int, modifiers: int) -> bool:
        k = arcade.key
        r = self.rewinding
        moves = {k.RIGHT: 1, k.LEFT: -1}
        if symbol in moves:
            r.step(moves[symbol])
        elif symbol in (k.PAGEDOWN, k.DOWN):
            r.round_by(1)
        elif symbol in (k.PAGEUP, k.UP):
            r.round_by(-1)
        elif symbol == k.HOME:
            r.go(0)
        elif symbol == k.END:
            r.go(len(r.cursor))
        elif symbol == k.SPACE:
            r.toggle_play()
        elif symbol == k.S:
            r.faster()
        elif tab_step(symbol, modifiers):
            keys = [b.key for b in self.table.buttons.buttons]
            at = keys.index(self.focus) if self.focus in keys else -1
            self.focus = keys[(at + tab_step(symbol, modifiers)) % len(keys)]
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            pressed = next((b for b in self.table.buttons.buttons if b.key == self.focus), None)
            if pressed is not None:
                pressed.press()
        elif symbol == k.ESCAPE:
            self.on_close()
        else:
            return False
        return True


class ReplayLog:
    """The log up to the cursor, in a column beside the table, its newest lines at the
    bottom (the replay's part takes a press or the wheel on it: never the board)."""

    def __init__(self, cursor: Cursor, table: TableView) -> None:
        self.cursor = cursor
        self.table = table
        self.rect = Rect(0, 0, 0, 0)
        self._steps = narrate.log_steps(cursor.match)
        self._batch = pyglet.graphics.Batch()
        self._texts: list[arcade.Text] = []
        self._at = -1

    def place(self, rect: Rect) -> None:
        self.rect = rect
        self._at = -1

    def lines(self) -> list[tuple[str, str]]:
        """The log up to the cursor (what the column shows, its newest lines at the bottom)."""
        return [line for step in self._steps[: self.cursor.index + 1] for line in step]

    def holds(self, x: float, y: float) -> bool:
        r = self.rect
        return r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1

    def draw(self) -> None:
        r = self.rect
        arcade.draw_lbwh_rectangle_filled(r.x0, r.y0, r.width, r.height, BAR)
        arcade.draw_lbwh_rectangle_filled(r.x0 + 8, r.y0 + 8, r.width - 16, r.height - 16, WELL)
        self._sync()
        self._batch.draw()

    def _sync(self) -> None:
        if self._at == self.cursor.index:
            return
        self._at = self.cursor.index
        self._batch = pyglet.graphics.Batch()
        self._texts = []
        r = self.rect
        y = r.y0 + 20
        width = int(r.width - 40)
        newest = len(self._steps[self.cursor.index]) if self.cursor.index else 0
        for i, (text, style) in enumerate(reversed(self.lines())):
            colour = GOLD if style == "h" else TEXT if i < newest else DIM
            bold = style in ("h", "b")
            item = make_text(
                "\n".join(wrap(text, width, 12, bold)),  # wrapped as written, then shaped
                r.x0 + 20,
                y,
                colour,
                12,
                anchor_y="bottom",
                bold=bold,
                batch=self._batch,
                width=width,
                multiline=True,
                align="right" if self.table.screen.rtl else "left",
            )
            y += item.content_height + 4
            self._texts.append(item)
            if y > r.y1 - 20:
                item.visible = False  # the oldest lines scroll off the top
                break
