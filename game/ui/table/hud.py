"""Screen-space furniture of the table: the top bar, the seat panels and the hand tray.

Everything here is drawn with the window's default camera, in pixels.
Seat panels show the other seats as face-down stacks with a count, their
score and whose turn it is; the tray shows the viewer's hand upright,
lifting the selected tile and dimming tiles with no legal place (a hand
too long for its row, even at the touch minimum, scrolls: the tiles never
overlap). A short or narrow window (a 7-inch kiosk) packs its bars lower
and puts every seat in one row along the top, so the felt stays the board's. Texts are
pooled and only rewritten when they change, so a still table costs no
text layout.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import arcade

from game.rules import Direction, rule_class
from game.rules.tiles import Tile
from game.ui.art.textures import TileTextures, level_for
from game.ui.board.geometry import Rect
from game.ui.board.seating import seat_angles, tray_slots
from game.ui.motion.tween import Tweens
from game.ui.theme import DIM, GOLD, SEAT, SEAT_TURN, WHITE
from game.ui.widgets.fills import Fills

LIFT = 14  # pixels the selected hand tile rises
ARROW = 48  # pixels: the width of a scrolling hand's arrow at each end (a touch target)
STACK = 6  # face-down tiles drawn in an opponent's stack at most


BAR_ROW = 56  # pixels: one row of the top bar (a kiosk's is taller)
WORDS_ROW = 42  # pixels: the row of words over the tools when the bar needs two
STRIP = 64  # pixels: the row of choice buttons above the hand on an upright screen
MESSAGE_LINE = 26  # pixels: an upright screen gives the message its own line over the hand
SHORT = 720  # pixels: a window less tall than this packs its bars and panels tighter
NARROW_FELT = 0.55  # side panels go to the top row when they would leave less of the width


@dataclass
class ScreenLayout:
    """The regions of the window: top bar, table, tray, buttons, seat panels.

    ``scale`` is the size of touch targets (larger in a kiosk); ``rows`` is
    how many rows the top bar has (two when its words and tools do not fit
    side by side); ``upright`` screens put the choice buttons in a strip
    above the hand and the message on a line of its own.
    """

    width: int
    height: int
    top: Rect
    table: Rect
    tray: Rect
    actions: Rect
    panels: dict[int, Rect]
    scale: float = 1.0
    rows: int = 1
    upright: bool = False
    rtl: bool = False  # the bars read from the right (the felt and the seats stay put)

    @property
    def felt(self) -> Rect:
        """The felt between the bars: the table and the seats' panels round it."""
        top = self.top
        return Rect(top.x0, max(self.tray.y1, self.actions.y1), top.x1, top.y0)

    def side(self, x: float, anchor: str, within: Rect) -> tuple[float, str]:
        """A text's ``x`` and ``anchor_x``, written as read from the left, placed for the
        bars' reading direction: right to left, mirrored in ``within`` (a bar, a panel)."""
        if not self.rtl:
            return x, anchor
        return within.x0 + within.x1 - x, {"left": "right", "right": "left"}.get(anchor, anchor)

    def side_rect(self, r: Rect, within: Rect) -> Rect:
        """A rectangle laid out as read from the left, placed for the reading direction."""
        if not self.rtl:
            return r
        return Rect(within.x0 + within.x1 - r.x1, r.y0, within.x0 + within.x1 - r.x0, r.y1)

    def shifted(self, dx: float) -> ScreenLayout:
        """The same layout ``dx`` pixels to the right (a column beside it on the left)."""

        def move(r: Rect) -> Rect:
            return Rect(r.x0 + dx, r.y0, r.x1 + dx, r.y1)

        return ScreenLayout(
            self.width,
            self.height,
            move(self.top),
            move(self.table),
            move(self.tray),
            move(self.actions),
            {seat: move(r) for seat, r in self.panels.items()},
            self.scale,
            self.rows,
            self.upright,
            self.rtl,
        )

    @property
    def tools(self) -> Rect:
        """The top bar's row of tool buttons (the whole bar when it has one row)."""
        top = self.top
        return top if self.rows == 1 else Rect(top.x0, top.y0, top.x1, top.y0 + self.row)

    @property
    def words(self) -> Rect:
        """The top bar's row of words: title, status, boneyard (the upper row of two)."""
        top = self.top
        return top if self.rows == 1 else Rect(top.x0, top.y0 + self.row, top.x1, top.y1)

    @property
    def row(self) -> float:
        """The height of the row of tools."""
        return round(BAR_ROW * self.scale)


def screen_layout(
    width: int,
    height: int,
    rules: str,
    players: int,
    viewer: int,
    scale: float = 1.0,
    rows: int = 1,
    rtl: bool = False,
) -> ScreenLayout:
    """Split a window of ``width`` x ``height`` for ``players`` seats seen from ``viewer``.

    ``scale`` enlarges the bar, the buttons and the hand (a kiosk); ``rows``
    is the number of rows the top bar needs (see :meth:`~game.ui.table.topbar.TopBar.rows`);
    ``rtl``: the bars read from the right, so the choices go left of the hand (the seats'
    panels stay where the seats sit: the table is physical).
    """
    bar = round(BAR_ROW * scale) + (round(WORDS_ROW * scale) if rows > 1 else 0)
    upright = width < height
    short = height < SHORT  # a short window: a lower hand's bar, lower panels, more felt
    least_tray = 160 if short else 170  # hand tiles at least 48 px wide (46 + 14 + 2 x 50)
    tray_h = int(max(least_tray, min(230, height * 0.18)) * scale)
    top = Rect(0, height - bar, width, height)
    if upright:  # the hand across the whole width, the choices in a strip above it
        tray_h += MESSAGE_LINE
        tray = Rect(0, 0, width, tray_h)
        actions = Rect(0, tray_h, width, tray_h + round(STRIP * scale))
    else:
        actions_w = min(int(340 * scale), int(width * 0.22 * scale), int(width * 0.34))
        tray = Rect(0, 0, width - actions_w, tray_h)
        actions = Rect(width - actions_w, 0, width, tray_h)
        if rtl:
            tray, actions = Rect(actions_w, 0, width, tray_h), Rect(0, 0, actions_w, tray_h)
    middle = Rect(0, actions.y1 if upright else tray_h, width, height - bar)
    others = [(viewer + k - 1) % players + 1 for k in range(1, players)]
    side_w, top_h = 230, (84 if short else 96)
    panels: dict[int, Rect] = {}
    clockwise = rule_class(rules).seating == Direction.CLOCKWISE  # seat 2 on the viewer's left
    if upright:  # the seats in rows along the top, the table below
        _rows(panels, others if clockwise else others[::-1], middle, width, top_h)
    elif players <= 4:
        angles = seat_angles(rules, players)
        turn = 270 - angles[viewer]
        around = {seat: (angles[seat] + turn) % 360 for seat in others}
        sides = [seat for seat, a in around.items() if not 45 < a < 135]
        if sides and width - 2 * (side_w + 16) < NARROW_FELT * width:
            # a narrow window: side panels would leave a strip of felt between them, so
            # every seat sits in one row along the top, the left one leftmost
            order = sorted(others, key=lambda seat: math.cos(math.radians(around[seat])))
            _along_top(panels, order, middle, width, top_h)
        else:
            for seat, a in around.items():
                if 45 < a < 135:
                    panels[seat] = _centred(middle.centre[0], middle.y1 - top_h / 2 - 6, 260, top_h)
                elif 135 <= a <= 225:
                    panels[seat] = _centred(side_w / 2 + 8, middle.centre[1], side_w, 128)
                else:
                    panels[seat] = _centred(width - side_w / 2 - 8, middle.centre[1], side_w, 128)
    else:
        _around(panels, others if clockwise else others[::-1], middle, width, side_w, top_h)
    x0, y0, x1, y1 = middle
    for r in panels.values():
        if upright or r.y1 >= middle.y1 - 10:  # along the top
            y1 = min(y1, r.y0 - 8)
        elif r.x1 < width * 0.3:
            x0 = max(x0, r.x1 + 8)
        elif r.x0 > width * 0.7:
            x1 = min(x1, r.x0 - 8)
    table = Rect(x0, y0 + 8, x1, y1)
    return ScreenLayout(width, height, top, table, tray, actions, panels, scale, rows, upright, rtl)


def _along_top(
    panels: dict[int, Rect], order: list[int], middle: Rect, width: int, top_h: int
) -> None:
    """The other seats in one row along the top, in ``order`` from the left."""
    span = width - 16
    for i, seat in enumerate(order):
        cx = 8 + span * (i + 0.5) / len(order)
        panels[seat] = _centred(
            cx, middle.y1 - top_h / 2 - 6, min(260, span / len(order) - 10), top_h
        )


def _rows(panels: dict[int, Rect], order: list[int], middle: Rect, width: int, top_h: int) -> None:
    """The other seats in as many rows along the top as they need, in turn order."""
    per_row = max(1, int((width - 16) // 190))
    rows = [order[i : i + per_row] for i in range(0, len(order), per_row)]
    for r, row in enumerate(rows):
        span = (width - 16) / len(row)
        cy = middle.y1 - top_h / 2 - 6 - r * (top_h + 8)
        for i, seat in enumerate(row):
            panels[seat] = _centred(8 + span * (i + 0.5), cy, min(300, span - 10), top_h)


def _around(
    panels: dict[int, Rect], order: list[int], middle: Rect, width: int, side_w: int, top_h: int
) -> None:
    """Five or more seats: one row along the top if they fit, else up, across and down."""
    n = len(order)
    span = width - 16
    if span / n >= 190:
        for i, seat in enumerate(order):
            cx = 8 + span * (i + 0.5) / n
            panels[seat] = _centred(cx, middle.y1 - top_h / 2 - 6, min(260, span / n - 10), top_h)
        return
    sides = max(1, round(n * 0.25))
    left, tops, right = order[:sides], order[sides : n - sides], order[n - sides :]
    h = middle.height - top_h - 12
    for i, seat in enumerate(left):  # up the left side, under the row along the top
        cy = middle.y0 + h * (i + 0.5) / len(left)
        panels[seat] = _centred(side_w / 2 + 8, cy, side_w, min(128, h / len(left) - 10))
    for i, seat in enumerate(tops):  # across the whole top: wide enough for their words
        cx = 8 + span * (i + 0.5) / len(tops)
        panels[seat] = _centred(
            cx, middle.y1 - top_h / 2 - 6, min(260, span / len(tops) - 10), top_h
        )
    for i, seat in enumerate(right):  # down the right side
        cy = middle.y0 + h * (len(right) - i - 0.5) / len(right)
        panels[seat] = _centred(width - side_w / 2 - 8, cy, side_w, min(128, h / len(right) - 10))


def _centred(cx: float, cy: float, w: float, h: float) -> Rect:
    return Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


NARROW_PANEL = 215  # pixels: a panel this narrow packs its words tighter


def stack_room(panel: Rect) -> tuple[int, float]:
    """How many face-down tiles a seat panel shows at most, and where its count goes."""
    if panel.width < NARROW_PANEL:
        return 3, panel.x0 + 64
    return STACK, panel.x0 + 96


class Panels:
    """The other seats: a panel each with a face-down stack, the count, the score."""

    def __init__(self, textures: TileTextures) -> None:
        self.textures = textures
        self.boxes = Fills()
        self.backs: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._signature: tuple = ()

    def sync(self, screen: ScreenLayout, counts: dict[int, int], to_move: int | None) -> None:
        signature = (
            screen.width,
            screen.height,
            screen.rtl,
            tuple(sorted(screen.panels.items())),
            tuple(sorted(counts.items())),
            to_move,
        )
        if signature == self._signature:
            return
        self._signature = signature
        self.boxes.clear()
        self.backs.clear()
        back = self.textures.back(2)
        for seat, r in screen.panels.items():
            colour = SEAT_TURN if seat == to_move else SEAT
            self.boxes.add(r, colour)
            shown = min(stack_room(r)[0], counts.get(seat, 0))
            tile_h = 44.0
            scale = tile_h / back.width
            x = r.x0 + 22
            for i in range(shown):
                sprite = arcade.Sprite(back, scale=scale)
                sprite.angle = 90
                sprite.position = (screen.side(x + i * 9, "center", r)[0], r.y0 + 30)
                self.backs.append(sprite)

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        self.boxes.draw(framebuffer)
        self.backs.draw()


class Tray:
    """The viewer's hand, upright along the bottom, as sprites keyed by tile.

    ``slots`` holds the tiles showing (a tap's targets); a hand that scrolls keeps
    the others' sprites hidden and gives its two ``arrows`` for the view's buttons.
    """

    def __init__(self, textures: TileTextures, tweens: Tweens) -> None:
        self.textures = textures
        self.tweens = tweens
        self.sprites: dict[Tile, arcade.Sprite] = {}
        self.list: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.slots: dict[Tile, tuple[float, float]] = {}
        self.tile_w = 60.0
        self.hidden = False
        self.fresh: frozenset[Tile] = frozenset()
        self.first = 0  # a hand that scrolls: the index of the first tile shown
        self.shown = 0  # … and how many show
        self.count = 0  # the tiles in the hand
        self.arrows: tuple[Rect, Rect] | None = None  # its two scroll buttons' places

    def sync(
        self,
        hand: tuple[Tile, ...],
        area: Rect,
        selected: Tile | None,
        playable: frozenset[Tile] | None,
        hidden: bool,
        head: float = 46,
        fresh: frozenset[Tile] = frozenset(),
        centre: float | None = None,
        span: tuple[float, float] | None = None,
    ) -> None:
        """Put ``hand`` in the tray: ``playable`` None means it is not the viewer's turn.

        ``head`` is the room kept above the tiles for the tray's words; ``fresh``
        tiles were just drawn and are outlined in gold, so the player sees what came;
        ``centre``: the row is centred on this x (the middle of the bar the tray shares
        with the choices), as far as it stays in the tray, or within ``span`` (from x to
        x: the tray with the part of the choices' area no button takes).
        """
        self.hidden = hidden
        self.fresh = fresh & set(hand)
        tiles = sorted(hand, reverse=True)
        tile_h = area.height - head - 14
        self.tile_w = tile_h / 2
        room = area.grown(-16)
        row = tray_slots(len(tiles), room, self.tile_w, 12, self.first, ARROW)
        if selected in tiles and row.scrolls:  # the selected tile (Tab, a key) in view
            i = tiles.index(selected)
            if not row.first <= i < row.first + row.shown:
                first = i if i < row.first else i - row.shown + 1
                row = tray_slots(len(tiles), room, self.tile_w, 12, first, ARROW)
        self.first, self.shown = row.first, row.shown
        xs, scale = row.xs, row.scale
        w = self.tile_w * scale
        if xs and centre is not None and not row.scrolls:  # a scrolling row fills the tray
            x0, x1 = span if span is not None else (room.x0, room.x1)
            shift = centre - (xs[0] + xs[-1]) / 2
            shift = min(max(shift, x0 + w / 2 - xs[0]), x1 - w / 2 - xs[-1])
            xs = [x + shift for x in xs]
        level = level_for(w)
        cy = area.y0 + 14 + tile_h / 2  # a hand shrunk to fit the width sits in the middle
        self.slots = {}
        for t in [t for t in self.sprites if t not in hand]:
            gone = self.sprites.pop(t)
            self.tweens.cancel(gone)
            gone.remove_from_sprite_lists()
        self.arrows = None
        if row.scrolls:
            top, bottom = cy + w + LIFT, cy - w
            self.arrows = (
                Rect(room.x0, bottom, room.x0 + ARROW, top),
                Rect(room.x1 - ARROW, bottom, room.x1, top),
            )
        self.count = len(tiles)
        for i, t in enumerate(tiles):  # the tiles scrolled out of the row hide
            if row.first <= i < row.first + row.shown:
                continue
            sprite = self.sprites.get(t)
            if sprite is None:
                back = self.textures.back(level)
                sprite = arcade.Sprite(back, scale=2 * w / back.width)
                sprite.angle = 90
                self.sprites[t] = sprite
                self.list.append(sprite)
            self.tweens.cancel(sprite)
            sprite.visible = False
        for t, x in zip(tiles[row.first : row.first + row.shown], xs, strict=True):
            lifted = t == selected
            texture = (
                self.textures.back(level)
                if hidden
                else self.textures.highlight(t, level)
                if lifted
                else self.textures.face(t, level)
            )
            sprite = self.sprites.get(t)
            size = 2 * w / texture.width
            if sprite is None:
                sprite = arcade.Sprite(texture, scale=size)
                sprite.position = (x, cy - 80)
                sprite.angle = 90
                self.sprites[t] = sprite
                self.list.append(sprite)
            else:
                if not sprite.visible:  # scrolled into the row: it comes in from below
                    sprite.position = (x, cy - 2 * w)
                    sprite.visible = True
                sprite.texture = texture
                sprite.scale = size
            dim = playable is not None and not hidden and t not in playable
            sprite.color = DIM if dim else WHITE
            y = cy + (LIFT if lifted else 0)
            self.slots[t] = (x, y)
            self.tweens.move(sprite, x, y, 90)
        self._w, self._h = w, 2 * w

    def can_scroll(self, step: int) -> bool:
        """Whether the row scrolls ``step`` (-1 back to the higher tiles, 1 on)."""
        if self.arrows is None:
            return False
        return self.first > 0 if step < 0 else self.first + self.shown < self.count

    def scroll(self, step: int) -> None:
        """Move the row a page ``step`` (the next :meth:`sync` lays it out)."""
        if self.can_scroll(step):
            self.first = max(0, self.first + step * max(1, self.shown - 1))

    def hit(self, x: float, y: float) -> Tile | None:
        """The hand tile under a screen point (its resting place, not a tile mid-glide)."""
        if self.hidden:
            return None
        for t, (sx, sy) in self.slots.items():
            if abs(x - sx) <= self._w / 2 and abs(y - sy) <= self._h / 2:
                return t
        return None

    def outline(self, tile: Tile, margin: float = 3) -> Rect | None:
        """The box ``margin`` pixels round ``tile`` where it is drawn now, or None if it is
        not shown. Where it is drawn, not its resting place in :attr:`slots`: after a move
        the hand closes up (and a drawn tile glides in), and a ring at the resting place
        would stand across two tiles until the glide ends."""
        sprite = self.sprites.get(tile)
        if sprite is None or self.hidden or not sprite.visible:
            return None
        x, y = sprite.position
        return Rect(x - self._w / 2, y - self._h / 2, x + self._w / 2, y + self._h / 2).grown(
            margin
        )

    def draw(self) -> None:
        self.list.draw()
        for t in self.fresh:  # round the tile where it is now (it may be gliding in)
            r = self.outline(t)
            if r is not None:
                arcade.draw_lbwh_rectangle_outline(r.x0, r.y0, r.width, r.height, GOLD, 3)
