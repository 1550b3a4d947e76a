"""What the table says as play goes on, on the table itself (the log keeps it too).

Three things, all in screen pixels over the felt:

* an *announcement* by a seat's panel for what that seat just did ("Seat 3
  passes", "Seat 2 draws 3 tiles"): the viewer watches the table, not the
  log, so the other seats' moves are told where they sit; a seat's next
  move replaces its line, and a line fades after :data:`SHOW_FOR` seconds;
* the points a play scored rising from the tile that scored them ("+15"),
  for every seat, over :data:`RISE_FOR` seconds;
* a standing line in the table's corner (All Fives: the count of the open
  ends, F-33), shown at all times.

The words come from :mod:`game.ui.words.narrate`; this module only places them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import arcade

from game.ui.board.geometry import Rect
from game.ui.theme import GOLD, NEWS, NEWS_BOX
from game.ui.widgets.fills import Fills
from game.ui.widgets.text import TextPool, text_width

SHOW_FOR = 2.6  # seconds an announcement stays by its seat
RISE_FOR = 1.3  # seconds a score takes to rise and fade
RISE_PX = 70  # pixels it rises over that time
SAY_SIZES = (16, 14, 12)  # an announcement shrinks to fit its room, then is cut short
RISE_SIZE = 24
CORNER_SIZE = 16


@dataclass
class _Said:
    text: str
    left: float


@dataclass
class _Rising:
    text: str
    x: float  # world pixels: it rises from the tile as the camera shows it
    y: float
    age: float = 0.0


class TableNews:
    """Announcements by the seats, rising scores and the corner line (see the module)."""

    def __init__(self) -> None:
        self.texts = TextPool()
        self.boxes = Fills()
        self.lines: dict[int, _Said] = {}
        self.rising: list[_Rising] = []
        self.said: list[str] = []  # every announcement made, oldest first (tests read it)
        self.corner = ""
        self.corner_lit = False  # the corner's figure scores now (a multiple of five)

    def tell(self, seat: int, text: str) -> None:
        """Announce ``text`` by ``seat``'s panel (its earlier line goes)."""
        self.lines[seat] = _Said(text, SHOW_FOR)
        self.said.append(text)

    def rise(self, text: str, x: float, y: float) -> None:
        """Let ``text`` rise from the world point (x, y)."""
        self.rising.append(_Rising(text, x, y))

    def set_corner(self, text: str, lit: bool = False) -> None:
        self.corner, self.corner_lit = text, lit

    def clear(self) -> None:
        """Forget what is showing (a new match, an undo: the moves told are gone)."""
        self.lines.clear()
        self.rising.clear()

    def showing(self) -> list[str]:
        """The announcements on the table now, in seat order."""
        return [said.text for _, said in sorted(self.lines.items())]

    def update(self, dt: float) -> None:
        for seat in [s for s, said in self.lines.items() if said.left <= dt]:
            del self.lines[seat]
        for said in self.lines.values():
            said.left -= dt
        for r in self.rising:
            r.age += dt
        self.rising = [r for r in self.rising if r.age < RISE_FOR]

    def sync(
        self,
        table: Rect,
        panels: dict[int, Rect],
        project: Callable[[tuple[float, float]], tuple[float, float]],
    ) -> None:
        """Lay the words out for this frame: by the panels, over the tiles, in the corner."""
        t = self.texts
        self.boxes.clear()
        t.begin()
        for seat, said in self.lines.items():
            panel = panels.get(seat)
            if panel is None:
                continue
            x, y, anchor, room = _beside(panel, table)
            size = next((z for z in SAY_SIZES if text_width(said.text, z, True) <= room), None)
            text = said.text if size is not None else _cut(said.text, SAY_SIZES[-1], room)
            size = size or SAY_SIZES[-1]
            w = text_width(text, size, True)
            x0 = {"left": x, "right": x - w, "center": x - w / 2}[anchor]
            self.boxes.add(Rect(x0 - 10, y - 16, x0 + w + 10, y + 16), NEWS_BOX)
            t.put(f"say{seat}", text, x, y, size, NEWS, anchor_x=anchor, bold=True)
        for i, r in enumerate(self.rising):
            x, y = project((r.x, r.y))
            k = r.age / RISE_FOR
            colour = (*GOLD[:3], int(255 * min(1.0, 2 * (1 - k))))
            t.put(
                f"rise{i}", r.text, x, y + 24 + RISE_PX * k, RISE_SIZE, colour, "center", bold=True
            )
        if self.corner:
            colour = GOLD if self.corner_lit else NEWS
            t.put(
                "corner", self.corner, table.x0 + 16, table.y0 + 20, CORNER_SIZE, colour, bold=True
            )
        t.end()

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        self.boxes.draw(framebuffer)
        self.texts.batch.draw()


def _beside(panel: Rect, table: Rect) -> tuple[float, float, str, float]:
    """Where a seat's announcement goes: just off its panel, on the side facing the table
    (x, y, anchor, the width it may take: a side seat's words stop short of the middle)."""
    px, py = panel.centre
    tx, ty = table.centre
    dx, dy = (tx - px) / max(1.0, table.width), (ty - py) / max(1.0, table.height)
    if abs(dx) > abs(dy):  # a panel at the side: the words beside it, toward the middle
        if dx > 0:
            return panel.x1 + 16, py, "left", tx - panel.x1 - 36
        return panel.x0 - 16, py, "right", panel.x0 - tx - 36
    room = table.width * 0.7
    if dy < 0:  # a panel along the top: the words under it
        return px, panel.y0 - 24, "center", room
    return px, panel.y1 + 24, "center", room


def _cut(text: str, size: float, room: float) -> str:
    """``text`` cut at a word and ended with "…" so that it fits ``room`` pixels."""
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        short = " ".join(words).rstrip(" ·,:") + "…"
        if text_width(short, size, True) <= room:
            return short
    return words[0]
