"""The table view's words and buttons: the top bar, seat panels, hints, train names.

A mixin of :class:`~game.ui.table.TableView`, kept apart so the view itself
reads as the flow of a match. Everything here is rebuilt from the state and
the preview; texts are pooled (:class:`~game.ui.hud.TextPool`), so an
unchanged table rewrites nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.rules import State

from .geometry import Rect
from .hud import DIM, GOLD
from .textures import HALF
from .widgets import Button
from .wording import button_label, describe, seat_name

if TYPE_CHECKING:
    from .table import TableView

LABEL = (240, 232, 205, 255)
ZOOM_STEP = 1.2


class TableChrome:
    """Texts and buttons of the table view (mixed into TableView)."""

    def extra_tools(self) -> list[tuple[str, str, Callable[[], None]]]:
        """Top-bar buttons a view built on the table adds (key, label, action): none here."""
        return []

    def _round_news(self: TableView, before: State) -> str:
        """A line on the round that just ended (or the match), for the message bar."""
        state = self.state
        if len(state.results) == len(before.results):
            return ""
        result = state.results[-1]
        if state.winner is not None:
            winners = " and ".join(f"Seat {s}" for s in state.winner)
            return f"Match over: {winners} won"
        if not result.winners:
            return f"Round {result.round} ended ({result.how}) with no winner"
        who = " and ".join(f"Seat {s}" for s in result.winners)
        gained = max(result.gained[s - 1] for s in result.winners)
        verb = "went out" if result.how == "out" else f"won ({result.how})"
        bonus = f", +{points(gained)}" if gained > 0 else ""
        return f"Round {result.round}: {who} {verb}{bonus}"

    def _sync_buttons(self: TableView) -> None:
        buttons: list[Button] = []
        p = self.preview
        area = self.screen.actions.grown(-10)
        cells = _grid(area, 2, 2)
        actions = [a for a in p.buttons()]
        items: list[tuple[str, str, object, bool]] = []
        if self.covered:
            items.append(("show", "Show my tiles", self.show_hand, True))  # F-07
        for a in actions:
            items.append(
                (str(a), button_label(a), (lambda a=a: self.press_action(a)), a == p.chosen)
            )
        if p.chosen is not None:
            items.append(("confirm", "Confirm", self.confirm, True))
        if p.selected is not None or p.chosen is not None:
            items.append(("cancel", "Cancel", self.cancel, False))
        if self.state.winner is not None:
            items.append(("new", "New match", self.new_match, True))
        for (key, label, fn, hot), cell in zip(items, cells, strict=False):
            buttons.append(Button(key, label, cell, fn, hot))  # type: ignore[arg-type]
        top = self.screen.top
        tools = [
            ("zoom-", "−", lambda: self.zoom_by(1 / ZOOM_STEP)),
            ("zoom+", "+", lambda: self.zoom_by(ZOOM_STEP)),
            ("fit", "Fit", self.refit),
            ("rot-", "↺", lambda: self.rotate(-1)),
            ("rot+", "↻", lambda: self.rotate(1)),
        ]
        if self.match.can_undo:
            tools.append(("undo", "Undo", self.undo))
        if self.match.can_redo:
            tools.append(("redo", "Redo", self.redo))
        tools.extend(self.extra_tools())
        x = top.x1 - 6
        for key, label, fn in reversed(tools):
            w = 52 if len(label) <= 1 else max(72, 16 + 11 * len(label))
            buttons.append(Button(key, label, Rect(x - w, top.y0 + 4, x, top.y1 - 4), fn))
            x -= w + 6
        self._tools_left = x
        self.buttons.set(buttons)

    def _sync_texts(self: TableView) -> None:
        t = self.texts
        t.begin()
        state = self.state
        top = self.screen.top
        cy = top.centre[1]
        t.put("title", f"{self.title} · round {state.round}", 16, cy, 18, bold=True)
        self._put_status()
        if state.boneyard or self.match.ruleset.rest == "boneyard":
            t.put(
                "boneyard",
                f"Boneyard {len(state.boneyard)}",
                self._tools_left - 12,
                cy,
                15,
                anchor_x="right",
            )
        kinds = self.match.seats
        for seat, r in self.screen.panels.items():
            name = seat_name(seat, kinds, self.viewer)
            count = len(state.hands[seat - 1]) if state.hands else 0
            t.put(f"name{seat}", name, r.x0 + 12, r.y1 - 18, 15, bold=True)
            kind = "computer" if kinds[seat - 1].startswith("computer") else "human"
            rules = self.match.ruleset
            if seat != self.viewer and rules.team_of(seat) == rules.team_of(self.viewer):
                kind += " · partner"
            t.put(f"kind{seat}", kind, r.x1 - 12, r.y1 - 18, 12, DIM, anchor_x="right")
            t.put(f"count{seat}", f"× {count}", r.x0 + 96, r.y0 + 30, 15, bold=True)
            score = f"{points(state.scores[seat - 1])} pts"
            t.put(f"score{seat}", score, r.x1 - 12, r.y0 + 30, 14, GOLD, anchor_x="right")
        tray = self.screen.tray
        me = self.viewer
        held = len(state.hands[me - 1]) if state.hands else 0
        tiles = "tile" if held == 1 else "tiles"
        mine = f"{seat_name(me, kinds, me)} · {held} {tiles} · {points(state.scores[me - 1])} pts"
        t.put("mine", mine, tray.x0 + 16, tray.y1 - 14, 14, bold=True)
        msg = self.message or self._hint()
        x = tray.x0 + 16 + t.width("mine") + 32
        t.put("message", msg, x, tray.y1 - 14, 15, GOLD, bold=True)
        if t.width("message") > tray.x1 - x - 8:  # too long for the bar: a smaller hand
            t.put("message", msg, x, tray.y1 - 14, 11, GOLD, bold=True)
        t.end()

    def _sync_labels(self: TableView) -> None:
        """Train names on the table, in screen pixels at their projected places."""
        cam = self.camera
        key = (cam.position, cam.zoom, cam.angle, id(self.layout), self.scene.score)
        if key == self._label_key:
            return
        self._label_key = key
        t = self.labels
        t.begin()
        table = self.screen.table
        for label in self.layout.labels:
            if not label.key.startswith("train"):
                continue
            x, y = cam.project((label.x * HALF, label.y * HALF))
            if not (table.x0 <= x <= table.x1 and table.y0 <= y <= table.y1):
                continue
            name = (
                "Mexican"
                if label.seat is None
                else seat_name(label.seat, self.match.seats, self.viewer)
            )
            size = max(7, min(12, 0.24 * HALF * cam.zoom))  # points, not pixels
            t.put(label.key, name, x, y, size, LABEL, anchor_x=label.align, bold=True)
        if self.scene.score is not None:
            text, at = self.scene.score
            x, y = cam.project((at.x * HALF, at.y * HALF))
            lift = HALF * cam.zoom * (1.2 if at.angle % 180 else 0.8)
            t.put("score", text, x, y + lift, 22, GOLD, anchor_x="center", bold=True)
        t.end()

    def _put_status(self: TableView) -> None:
        top = self.screen.top
        x = 16 + self.texts.width("title") + 32
        self.texts.put("status", self._status(), x, top.centre[1], 16, GOLD, bold=True)

    def _status(self: TableView) -> str:
        state = self.state
        if state.winner is not None:
            return "Match over: " + " and ".join(f"Seat {s}" for s in state.winner) + " won"
        seat = state.to_move
        if seat is None:
            return ""
        if self.covered:
            return f"Pass the device to Seat {seat}"
        if self.human_turn():
            return "Your turn" if len(self.humans) == 1 else f"Seat {seat}: your turn"
        if self.match.is_human(seat):
            return f"Seat {seat} to play"
        progress = self.computer.progress if self.computer is not None else 0.0
        return (
            f"Seat {seat} is thinking… {int(progress * 100)}%"
            if progress
            else f"Seat {seat} is thinking…"
        )

    def _hint(self: TableView) -> str:
        p = self.preview
        if not self.human_turn():
            return ""
        if p.chosen is not None:
            what = describe(p.chosen, self.viewer)
            tail = "Tap the ghost or Confirm" if p.chosen.tile else "Press it again or Confirm"
            return f"{what}? {tail} · Esc cancels"
        if p.selected is not None:
            return f"{p.selected}: tap a lit place"
        choices = " or ".join(button_label(a) for a in p.buttons())
        if p.playable():
            return "Pick a tile" + (f", or {choices}" if choices else "")
        if any(a.kind in ("draw", "pass") for a in p.buttons()):
            return f"No tile fits: {choices}"
        return f"Your choice: {choices}" if choices else ""


def _grid(area: Rect, cols: int, rows: int) -> list[Rect]:
    w, h = area.width / cols, area.height / rows
    cells = []
    for row in range(rows):
        for col in range(cols):
            x0, y1 = area.x0 + col * w, area.y1 - row * h
            cells.append(Rect(x0 + 4, y1 - h + 4, x0 + w - 4, y1 - 4))
    return cells


def points(x: float) -> str:
    return str(int(x)) if x == int(x) else f"{x:.1f}"
