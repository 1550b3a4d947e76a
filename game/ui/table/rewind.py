"""A finished match replayed on the table: forward, back, by round, or played at a pace.

Why the ordinary table: a replay should look exactly like the match did, so
this is :class:`~game.ui.table.view.TableView` (its layout, its tweens, its
announcements) showing the state a :class:`~game.replay.Cursor` stands at.
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
from game.rules import State
from game.ui.board.geometry import Rect
from game.ui.board.layout import table_layout
from game.ui.table.open_hands import OpenPanels, open_hand_texts
from game.ui.table.topbar import Tool
from game.ui.table.view import TableView
from game.ui.theme import BAR, DIM, FOCUS, GOLD, TEXT, WELL
from game.ui.widgets.kit import Button, tab_step
from game.ui.widgets.text import make_text, wrap
from game.ui.words import narrate

LOG_W = 300  # pixels: the log's column on the right
SPEEDS = (0.5, 1.0, 2.0, 4.0)  # moves a second when playing


class ReplayView(TableView):
    """A finished match on the table, at ``cursor``; ``on_close`` when the player is done."""

    def __init__(
        self,
        cursor: Cursor,
        on_close: Callable[[], None],
        touch: float = 1.0,
        size: tuple[int, int] | None = None,
        pause: float = 0.6,
    ) -> None:
        self.cursor = cursor
        self.on_close = on_close
        self.playing = False
        self.speed = 1.0
        self.wait = 0.0
        self.focus: str | None = None  # the key of the button Tab last reached
        self.log_rect = Rect(0, 0, 0, 0)
        self._steps = narrate.log_steps(cursor.match)
        self._log_batch = pyglet.graphics.Batch()
        self._log_texts: list[arcade.Text] = []
        self._log_at = -1
        super().__init__(cursor.match, computer_pause=pause, touch=touch, size=size)
        self.humans = ()  # nobody's seat is "You", and no hand is hidden from anyone
        self.panels = OpenPanels(self.textures, lambda: self.state)
        self.refresh()
        self.tweens.finish()

    # -- the cursor decides what shows -----------------------------------------------------

    @property
    def state(self) -> State:
        return self.cursor.state

    def human_turn(self) -> bool:
        return False

    def _handover(self) -> None:
        """Nobody takes the device in a replay."""

    def forced(self) -> None:
        return None

    def go(self, index: int) -> None:
        """Show the match after ``index`` actions: one step on glides, anything else jumps."""
        before = self.state
        onward = index == self.cursor.index + 1
        if not self.cursor.go(index):
            self._sync_texts()
            return
        if onward:
            layout = table_layout(self.state, self._aspect())
            self.refresh(self._origins(before, layout), layout)
            last = self.cursor.last
            self.news.clear()  # only the move just shown is told (steps come quickly)
            if last is not None:
                self.tell(last[0], last[1], before)
        else:
            self.news.clear()
            self.refresh()
            self.tweens.finish()

    def step(self, by: int) -> None:
        self.go(self.cursor.index + by)

    def round_by(self, by: int) -> None:
        cursor = self.cursor
        if by > 0:
            index = cursor.round_start(cursor.state.round + 1)
        else:
            start = cursor.round_start(cursor.state.round)
            index = start if start < cursor.index else cursor.round_start(cursor.state.round - 1)
        self.go(index)

    def toggle_play(self) -> None:
        if self.cursor.at_end and not self.playing:
            self.go(0)
        self.playing = not self.playing
        self.wait = 0.0
        self.sync_preview()

    def faster(self) -> None:
        self.speed = SPEEDS[(SPEEDS.index(self.speed) + 1) % len(SPEEDS)]
        self.sync_preview()

    def _where(self, index: int | None = None) -> str:
        """ "Replay · move 7 of 144" (at ``index``, else where the cursor is)."""
        c = self.cursor
        n = c.index if index is None else index
        return _("Replay · move {n} of {total}").format(n=n, total=len(c))

    # -- frames ----------------------------------------------------------------------------

    def _run_computer(self, dt: float) -> None:
        """Nobody thinks in a replay; playing, the next move comes at the chosen speed."""
        if not self.playing:
            return
        if self.cursor.at_end:
            self.playing = False
            self.sync_preview()
            return
        self.wait += dt
        if self.wait >= 1 / self.speed and not len(self.tweens):
            self.wait = 0.0
            self.step(1)

    def busy(self) -> bool:
        return self.playing  # nobody thinks in a replay; playing, the moves come by themselves

    def on_draw(self) -> None:
        super().on_draw()
        r = self.log_rect
        arcade.draw_lbwh_rectangle_filled(r.x0, r.y0, r.width, r.height, BAR)
        arcade.draw_lbwh_rectangle_filled(r.x0 + 8, r.y0 + 8, r.width - 16, r.height - 16, WELL)
        self._sync_log()
        self._log_batch.draw()
        for button in self.buttons.buttons:
            if button.key == self.focus:
                b = button.rect
                arcade.draw_lbwh_rectangle_outline(b.x0, b.y0, b.width, b.height, FOCUS, 3)

    def _relayout_screen(self) -> None:
        """The table as always, in the window less the log's column at the end of the
        reading (on the right, or on the left for a right-to-left language)."""
        width, height = self.laid_for
        crowded = self.match.ruleset.players > 6  # the seats need the width more than the log
        log_w = int(min(LOG_W * (0.8 if crowded else 1), width * 0.3))
        self.laid_for = (width - log_w, height)
        try:
            super()._relayout_screen()
        finally:
            self.laid_for = (width, height)
        if self.screen.rtl:
            self.screen = self.screen.shifted(log_w)
            self.log_rect = Rect(0, 0, log_w, height)
            self._lay_bars()
        else:
            self.log_rect = Rect(width - log_w, 0, width, height)
        self._log_at = -1

    # -- the log -------------------------------------------------------------------------

    def log_lines(self) -> list[tuple[str, str]]:
        """The log up to the cursor (what the column shows, its newest lines at the bottom)."""
        return [line for step in self._steps[: self.cursor.index + 1] for line in step]

    def _sync_log(self) -> None:
        if self._log_at == self.cursor.index:
            return
        self._log_at = self.cursor.index
        self._log_batch = pyglet.graphics.Batch()
        self._log_texts = []
        r = self.log_rect
        y = r.y0 + 20
        width = int(r.width - 40)
        newest = len(self._steps[self.cursor.index]) if self.cursor.index else 0
        lines = self.log_lines()
        for i, (text, style) in enumerate(reversed(lines)):
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
                batch=self._log_batch,
                width=width,
                multiline=True,
                align="right" if self.screen.rtl else "left",
            )
            y += item.content_height + 4
            self._log_texts.append(item)
            if y > r.y1 - 20:
                item.visible = False  # the oldest lines scroll off the top
                break

    # -- buttons and keys ------------------------------------------------------------------

    def _sync_buttons(self) -> None:
        """The transport in the choices' corner; zoom, fit and Close in the top bar. The
        transport keeps its order in every language (back on the left, as media players
        keep it: it is time's direction, not the words')."""
        area = self.screen.actions.grown(-8)
        play = _("Pause") if self.playing else _("Play")
        speed = f"{self.speed:g}×"  # the speed as media players show it
        transport: list[tuple[str, str, Callable[[], None]]] = [
            ("round-", "|◀◀", lambda: self.round_by(-1)),
            ("back", "◀", lambda: self.step(-1)),
            ("forward", "▶", lambda: self.step(1)),
            ("round+", "▶▶|", lambda: self.round_by(1)),
            ("play", play, self.toggle_play),
            ("speed", speed, self.faster),
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
            buttons.append(Button(rect, label, fn, style, key=key, size=16 * self.touch))
        self.buttons.set(buttons + self.bar.buttons(self.screen, self.tools(), self.button_refusal))

    def tools(self) -> list[Tool]:
        """Zoom, Fit and Close (nothing to take back in a replay)."""
        return [
            ("zoom-", "−", lambda: self.zoom_by(1 / 1.2)),
            ("zoom+", "+", lambda: self.zoom_by(1.2)),
            ("fit", _("Fit"), self.refit),
            ("close", _("Close"), self.on_close),
        ]

    def _status(self, progress: float | None = None) -> str:
        return self._where()

    def status_samples(self) -> list[str]:
        return [self._where(len(self.cursor))]

    def _sync_texts(self) -> None:
        """As the table's, without the other seats' counts: their tiles show instead."""
        super()._sync_texts()
        open_hand_texts(self.texts, self.screen, self.state.scores)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        k = arcade.key
        moves = {k.RIGHT: 1, k.LEFT: -1}
        if symbol in moves:
            self.step(moves[symbol])
        elif symbol in (k.PAGEDOWN, k.DOWN):
            self.round_by(1)
        elif symbol in (k.PAGEUP, k.UP):
            self.round_by(-1)
        elif symbol == k.HOME:
            self.go(0)
        elif symbol == k.END:
            self.go(len(self.cursor))
        elif symbol == k.SPACE:
            self.toggle_play()
        elif symbol == k.S:
            self.faster()
        elif tab_step(symbol, modifiers):
            keys = [b.key for b in self.buttons.buttons]
            at = keys.index(self.focus) if self.focus in keys else -1
            self.focus = keys[(at + tab_step(symbol, modifiers)) % len(keys)]
        elif symbol in (k.ENTER, k.RETURN, k.NUM_ENTER):
            pressed = next((b for b in self.buttons.buttons if b.key == self.focus), None)
            if pressed is not None:
                pressed.press()
        elif symbol == k.ESCAPE:
            self.on_close()
        else:
            super().on_key_press(symbol, modifiers)
