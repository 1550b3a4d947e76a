"""What a guided table adds over the ordinary one: a box of words and lit tiles and places.

Why a part of its own: the lesson (a tutorial) and the puzzle both talk to the
player over the same table: a box at the top of the board with the step's
instruction or the puzzle's goal, and under it, in a warmer colour, why the
last try was not taken. The tiles and places the words are about glow: hand
tiles in the tray, tiles on the table, the ends a tile should go to (``"E"``,
``"train 2"`` …) and the boneyard (the Draw button). Drawn in screen pixels
after the table, so it never moves a tile of the ordinary table's layout.
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import arcade

from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.table.play import PlayView
from game.ui.table.view import TableView
from game.ui.theme import DIM, GLOW, GOLD, SHEET, TEXT, WARN
from game.ui.widgets.text import make_text, wrap

PAD = 12  # pixels round the coach's words
ROOM = 150  # pixels the board gives up at its top at first: the seats' news, then the box
MOST = 0.5  # the most of the table's height the band may take (its words shrink first)
NEWS = 42  # pixels over the box where the news of the seats above the board shows
# The words' sizes (step, instruction, why), then smaller ones: longer words (another
# language, a why under the instruction) shrink before the band passes its cap, so the box
# never reaches down over the board and no word is cut.
SIZES = ((12, 16, 15), (12, 14, 13), (12, 13, 12), (11, 12, 12))


def make_room(view: TableView, coach: Coach) -> None:
    """Take the coach's band off the top of the board, so its box covers no tile."""
    r = view.screen.table
    coach.top = r.y1
    room = min(coach.room, r.height * MOST)
    view.screen.table = Rect(r.x0, r.y0, r.x1, r.y1 - room)
    view.camera.view_rect(view.screen.table)


class Coach:
    """The words over a guided table (``head``, ``say``, ``why``) and what glows."""

    def __init__(self) -> None:
        self.head = ""  # "Step 2 of 6", "Puzzle block-3"
        self.say = ""  # the instruction, or the goal
        self.why = ""  # why the last try was not taken (gentle), or the verdict
        self.tiles: tuple[str, ...] = ()
        self.targets: tuple[str, ...] = ()
        self.clock = 0.0
        self._texts: list[arcade.Text] = []
        self._key: object = None
        self.box = Rect(0, 0, 0, 0)
        self.top = 0.0  # the top of the band: the table's top before the board made room
        self.room = float(ROOM)  # the band's height; it grows when the words need more

    def set(
        self,
        head: str,
        say: str,
        why: str = "",
        tiles: Iterable[str] = (),
        targets: Iterable[str] = (),
    ) -> None:
        self.head, self.say, self.why = head, say, why
        self.tiles, self.targets = tuple(tiles), tuple(targets)

    def texts(self) -> list[str]:
        """The words shown now (tests read them)."""
        return [x for x in (self.head, self.say, self.why) if x]

    def update(self, dt: float) -> None:
        self.clock += dt

    def draw(self, view: TableView) -> None:
        """The glow on the step's tiles and places, then the box and its words."""
        alpha = int(205 + 50 * math.sin(self.clock * 4))
        glow = (*GLOW[:3], alpha)
        for corners in self.lit(view):
            arcade.draw_polygon_outline(corners, glow, 4)
        self._draw_box(view)

    def wanted(self) -> float:
        """The band the words laid out now need, when more than it has (else 0)."""
        need = self.top - self.box.y0 + PAD if self._texts else 0.0
        return need if need > self.room + 0.5 else 0.0

    def lit(self, view: TableView) -> list[list[tuple[float, float]]]:
        """The screen outlines of everything that glows now."""
        found: list[list[tuple[float, float]]] = []
        names = set(self.tiles)
        for tile in view.tray.sprites:
            ring = view.tray.outline(tile) if str(tile) in names else None
            if ring is not None:  # round the tile where the tray draws it (it may be gliding)
                found.append(_box(*ring.centre, ring.width, ring.height))
        # a table tile is ringed at its place, where one just played lands (in flight it passes
        # under the bars and the seats' panels, which a ring drawn over them would not); not
        # the one the player just played there (the step is done: nothing is left to point at)
        own = view.own_last_tile()
        for placed in view.layout.tiles:
            if str(placed.tile) in names and placed.tile != own:
                found.append(_project(view, placed.rect().grown(0.1)))
        # an end is lit only while a tile of the player's fits it (the selected one, when one
        # is): a box round an end nothing can go to says nothing true
        fits = {where for where, _ in view.fitting_ends()}
        for where in self.targets:
            arm = view.layout.ends.get(where)
            if arm is not None:
                if where in fits:
                    found.append(_project(view, arm.peek_rect().grown(0.1)))
            elif where == "boneyard":
                for button in view.buttons.buttons:
                    if button.key.startswith("draw"):
                        r = button.rect.grown(3)
                        found.append(_box(*r.centre, r.width, r.height))
        return found

    def lay(self, view: TableView) -> None:
        """The words laid out for the table as it is now (again only when they or it changed)."""
        t = view.screen.table
        table = Rect(t.x0, t.y0, t.x1, self.top)  # the board and the band over it
        width = int(min(table.width - 24, 900))
        key = (self.head, self.say, self.why, width, table)
        if key != self._key:
            self._key = key
            self._layout(table, width)

    def _draw_box(self, view: TableView) -> None:
        self.lay(view)
        if not self._texts:
            return
        arcade.draw_lbwh_rectangle_filled(
            self.box.x0, self.box.y0, self.box.width, self.box.height, SHEET
        )
        arcade.draw_lbwh_rectangle_outline(
            self.box.x0, self.box.y0, self.box.width, self.box.height, GOLD, 2
        )
        for text in self._texts:
            text.draw()

    def _layout(self, table: Rect, width: int) -> None:
        """The words wrapped to ``width``, in a box along the top of the table: the largest
        of :data:`SIZES` whose box keeps the band within its cap, else the smallest, wider."""
        widest = int(table.width - 24)  # at a pinch, the smallest words as wide as the table
        for sizes, w in [(sizes, width) for sizes in SIZES] + [(SIZES[-1], widest)]:
            self._layout_at(table, w, sizes)
            if table.y1 - self.box.y0 + PAD <= table.height * MOST:
                return

    def _layout_at(self, table: Rect, width: int, sizes: tuple[int, int, int]) -> None:
        self._texts = []
        x = table.centre[0] - width / 2
        y = table.y1 - NEWS - PAD
        inner = width - 2 * PAD
        for words, size, colour, bold in zip(
            (self.head, self.say, self.why),
            sizes,
            (DIM, TEXT, WARN),
            (True, False, True),
            strict=True,
        ):
            if not words:
                continue
            lines = "\n".join(wrap(words, inner, size, bold))  # wrapped as written, then shaped
            text = make_text(
                lines,
                x + PAD,
                y,
                colour,
                size,
                anchor_y="top",
                bold=bold,
                width=inner,
                multiline=True,
            )
            self._texts.append(text)
            y -= text.content_height + 4
        self.box = Rect(x, y - PAD + 4, x + width, table.y1 - NEWS)


def _box(cx: float, cy: float, w: float, h: float) -> list[tuple[float, float]]:
    return [
        (cx - w / 2, cy - h / 2),
        (cx + w / 2, cy - h / 2),
        (cx + w / 2, cy + h / 2),
        (cx - w / 2, cy + h / 2),
    ]


def _project(view: TableView, r: Rect) -> list[tuple[float, float]]:
    """A rectangle in layout units, as the camera shows it on screen (turned, zoomed)."""
    corners = ((r.x0, r.y0), (r.x1, r.y0), (r.x1, r.y1), (r.x0, r.y1))
    return [tuple(view.camera.project((x * HALF, y * HALF)))[:2] for x, y in corners]  # type: ignore[misc]


class CoachedView(PlayView):
    """A table with the coach's box over the board (a lesson's, a puzzle's): the box drawn
    over the table, the board laid out under the box's band."""

    coach: Coach

    def on_draw(self) -> None:
        self.coach.lay(self)
        need = self.coach.wanted()
        if need:  # longer words (another language, a verdict): the board moves down under them
            self.coach.room = need
            self._relayout_screen()
            self.relayout()
        super().on_draw()
        self.coach.draw(self)

    def at_rest(self) -> bool:
        return super().at_rest() and not self.coach.lit(self)  # a glow pulses

    def _relayout_screen(self) -> None:
        super()._relayout_screen()
        make_room(self, self.coach)
