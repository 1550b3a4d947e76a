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
from dataclasses import dataclass, field, replace

import arcade

from game.rules import Direction, rule_class
from game.rules.tiles import Tile
from game.ui.art.textures import TileTextures, level_for
from game.ui.board.geometry import Rect
from game.ui.board.seating import seat_angles, tray_slots
from game.ui.motion.tween import Tweens
from game.ui.theme import BAR, DIM, GOLD, MIN_TOUCH, SEAT, SEAT_TURN, SHEET, WHITE
from game.ui.widgets.fills import Fills

LIFT = 14  # pixels the selected hand tile rises
ARROW = 48  # pixels: the width of a scrolling hand's arrow at each end (a touch target)
STACK = 6  # face-down tiles drawn in an opponent's stack at most


BAR_ROW = 56  # pixels: one row of the top bar (a kiosk's is a finger high at least)
WORDS_ROW = 42  # pixels: the row of words over the tools when the bar needs two
STRIP = 64  # pixels: the row of choice buttons above the hand on an upright screen
MESSAGE_LINE = 26  # pixels: an upright screen gives the message its own line over the hand
SHORT = 720  # pixels: a window less tall than this (at the chrome's scale) packs its bars
NARROW_FELT = 0.55  # side panels go to the top row when they would leave less of the width
TRAY_HEAD, TRAY_FOOT = 46, 14  # pixels of the hand's bar over its tiles (its words) and under
SEAT_STRIP = 40  # pixels: a short window's strip of the other seats (a finger high at least)
HAND_GAP = 12  # pixels between two hand tiles (a tile's target reaches half of it each side)
SHORT_HAND = 50  # pixels: a hand tile's width in a short window's bar (the finger's, at least)
YARD_CELL = 120  # pixels: the end of a short window's strip that counts the boneyard


@dataclass
class ScreenLayout:
    """The regions of the window: top bar, table, tray, buttons, seat panels.

    ``scale`` is the chrome's one scale (:mod:`game.ui.scale`: every design size of the
    bars, panels, buttons, hand and words is multiplied by it) and ``finger`` the
    smallest target in pixels (a kiosk's 9 mm); ``rows`` is how many rows the top bar
    has (two when its words and tools do not fit side by side); ``upright`` screens put
    the choice buttons in a strip above the hand and the message on a line of its own.

    A short window (a 7-inch kiosk) shows the other seats as a ``strip``, one row of
    small cells (``panels`` are then those cells: the news stands by them, a played tile
    comes from them), that a tap opens into the seats' full panels over the felt
    (``full``); ``head`` and ``foot`` are the hand's bar's pixels over and under its tiles.
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
    finger: float = MIN_TOUCH
    strip: Rect | None = None
    full: dict[int, Rect] = field(default_factory=dict)
    head: float = TRAY_HEAD
    foot: float = TRAY_FOOT
    yard: Rect | None = None  # the strip's end that counts the boneyard (the bar is short)

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

        return replace(
            self,
            top=move(self.top),
            table=move(self.table),
            tray=move(self.tray),
            actions=move(self.actions),
            panels={seat: move(r) for seat, r in self.panels.items()},
            strip=move(self.strip) if self.strip is not None else None,
            yard=move(self.yard) if self.yard is not None else None,
            full={seat: move(r) for seat, r in self.full.items()},
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
        return max(round(BAR_ROW * self.scale), self.finger)

    def px(self, size: float) -> float:
        """A design size (a text's, a gap's) in the window's pixels: times the scale."""
        return size * self.scale


def screen_layout(
    width: int,
    height: int,
    rules: str,
    players: int,
    viewer: int,
    scale: float = 1.0,
    rows: int = 1,
    rtl: bool = False,
    finger: float = MIN_TOUCH,
    compact: bool = True,
    boneyard: bool = False,
) -> ScreenLayout:
    """Split a window of ``width`` x ``height`` for ``players`` seats seen from ``viewer``.

    ``scale`` is the chrome's one scale (the bar, the panels, the buttons and the hand
    grow with it) and ``finger`` the smallest target; ``rows`` is the number of rows the
    top bar needs (see :meth:`~game.ui.table.topbar.TopBar.rows`); ``rtl``: the bars
    read from the right, so the choices go left of the hand (the seats' panels stay
    where the seats sit: the table is physical). A short window gives the felt first:
    lower bars, and (``compact``) the other seats as one strip of small cells, with the
    ``boneyard``'s count at its end (the top bar keeps one row).
    """
    k = scale
    row = max(round(BAR_ROW * k), finger)
    bar = row + (round(WORDS_ROW * k) if rows > 1 else 0)
    upright = width < height
    short = is_short(height, k)  # a short window: the felt first
    head, foot = TRAY_HEAD * k, TRAY_FOOT * k
    if short:  # the hand's words just over its tiles; each tile a finger's target
        head, foot = 36 * k, 2 * k
        hand = max(SHORT_HAND * k, finger - HAND_GAP * k)
        tray_h = round(foot + 2 * hand + head)
    else:  # a hand tile a finger's target at least (a kiosk's 9 mm) there too
        hand = finger - HAND_GAP * k
        tray_h = round(max(max(170.0, height / k * 0.18) * k, foot + 2 * hand + head))
    top = Rect(0, height - bar, width, height)
    if upright:  # the hand across the whole width, the choices in a strip above it
        tray_h += round(MESSAGE_LINE * k)
        tray = Rect(0, 0, width, tray_h)
        actions = Rect(0, tray_h, width, tray_h + max(round(STRIP * k), finger + 16))
    else:
        actions_w = min(int(340 * k), int(width * 0.22 * k), int(width * 0.34))
        tray = Rect(0, 0, width - actions_w, tray_h)
        actions = Rect(width - actions_w, 0, width, tray_h)
        if rtl:
            tray, actions = Rect(actions_w, 0, width, tray_h), Rect(0, 0, actions_w, tray_h)
    middle = Rect(0, actions.y1 if upright else tray_h, width, height - bar)
    others = [(viewer + j - 1) % players + 1 for j in range(1, players)]
    clockwise = rule_class(rules).seating == Direction.CLOCKWISE  # seat 2 on the viewer's left
    order = others if clockwise else others[::-1]
    if short and compact and others:  # one strip of cells; the full panels open over the felt
        gap = round(2 * k)  # a hair between the strip and the bars, and round the felt
        strip_h = max(round(SEAT_STRIP * k), finger)
        strip = Rect(0, middle.y1 - gap / 2 - strip_h, width, middle.y1 - gap / 2)
        yard = None
        seats = strip
        if boneyard:  # the count at the strip's end as read (the left end, right to left)
            end = YARD_CELL * k
            yard = Rect(strip.x1 - end, strip.y0, strip.x1, strip.y1)
            seats = Rect(strip.x0, strip.y0, strip.x1 - end, strip.y1)
            if rtl:
                yard = Rect(strip.x0, strip.y0, strip.x0 + end, strip.y1)
                seats = Rect(strip.x0 + end, strip.y0, strip.x1, strip.y1)
        cells = _strip_cells(order, seats, k)
        full: dict[int, Rect] = {}
        _rows(full, order, Rect(0, middle.y0, width, strip.y0), width, 84 * k, k)
        table = Rect(0, middle.y0 + gap, width, strip.y0 - gap)
        return ScreenLayout(
            width, height, top, table, tray, actions, cells, scale, rows, upright, rtl,
            finger, strip, full, head, foot, yard,
        )  # fmt: skip
    side_w, top_h = 230 * k, (84 if short else 96) * k
    panels: dict[int, Rect] = {}
    if upright:  # the seats in rows along the top, the table below
        _rows(panels, order, middle, width, top_h, k)
    elif players <= 4:
        angles = seat_angles(rules, players)
        turn = 270 - angles[viewer]
        around = {seat: (angles[seat] + turn) % 360 for seat in others}
        sides = [seat for seat, a in around.items() if not 45 < a < 135]
        if sides and width - 2 * (side_w + 16 * k) < NARROW_FELT * width:
            # a narrow window: side panels would leave a strip of felt between them, so
            # every seat sits in one row along the top, the left one leftmost
            ordered = sorted(others, key=lambda seat: math.cos(math.radians(around[seat])))
            _along_top(panels, ordered, middle, width, top_h, k)
        else:
            for seat, a in around.items():
                side_h = 128 * k
                if 45 < a < 135:
                    cy = middle.y1 - top_h / 2 - 6 * k
                    panels[seat] = _centred(middle.centre[0], cy, 260 * k, top_h)
                elif 135 <= a <= 225:
                    cx = side_w / 2 + 8 * k
                    panels[seat] = _centred(cx, middle.centre[1], side_w, side_h)
                else:
                    cx = width - side_w / 2 - 8 * k
                    panels[seat] = _centred(cx, middle.centre[1], side_w, side_h)
    else:
        _around(panels, order, middle, width, side_w, top_h, k)
    x0, y0, x1, y1 = middle
    for r in panels.values():
        if upright or r.y1 >= middle.y1 - 10 * k:  # along the top
            y1 = min(y1, r.y0 - 8 * k)
        elif r.x1 < width * 0.3:
            x0 = max(x0, r.x1 + 8 * k)
        elif r.x0 > width * 0.7:
            x1 = min(x1, r.x0 - 8 * k)
    table = Rect(x0, y0 + 8 * k, x1, y1)
    return ScreenLayout(
        width, height, top, table, tray, actions, panels, scale, rows, upright, rtl, finger,
        head=head, foot=foot,
    )  # fmt: skip


def is_short(height: float, scale: float) -> bool:
    """Whether a window this high packs its chrome to give the felt first (a 7-inch kiosk,
    or a Text size too large for the window to show the usual bars)."""
    return height < SHORT * scale


def _strip_cells(order: list[int], strip: Rect, k: float) -> dict[int, Rect]:
    """The other seats' cells side by side across the ``strip``, in ``order``."""
    n = len(order)
    span = (strip.width - 8 * k) / n
    return {
        seat: Rect(
            strip.x0 + 4 * k + i * span + 2 * k,
            strip.y0,
            strip.x0 + 4 * k + (i + 1) * span - 2 * k,
            strip.y1,
        )
        for i, seat in enumerate(order)
    }


def _along_top(
    panels: dict[int, Rect], order: list[int], middle: Rect, width: int, top_h: float, k: float
) -> None:
    """The other seats in one row along the top, in ``order`` from the left."""
    span = width - 16 * k
    for i, seat in enumerate(order):
        cx = 8 * k + span * (i + 0.5) / len(order)
        w = min(260 * k, span / len(order) - 10 * k)
        panels[seat] = _centred(cx, middle.y1 - top_h / 2 - 6 * k, w, top_h)


def _rows(
    panels: dict[int, Rect], order: list[int], middle: Rect, width: int, top_h: float, k: float
) -> None:
    """The other seats in as many rows along the top as they need, in turn order."""
    per_row = max(1, int((width - 16 * k) // (190 * k)))
    rows = [order[i : i + per_row] for i in range(0, len(order), per_row)]
    for r, row in enumerate(rows):
        span = (width - 16 * k) / len(row)
        cy = middle.y1 - top_h / 2 - 6 * k - r * (top_h + 8 * k)
        for i, seat in enumerate(row):
            w = min(300 * k, span - 10 * k)
            panels[seat] = _centred(8 * k + span * (i + 0.5), cy, w, top_h)


def _around(
    panels: dict[int, Rect],
    order: list[int],
    middle: Rect,
    width: int,
    side_w: float,
    top_h: float,
    k: float,
) -> None:
    """Five or more seats: one row along the top if they fit, else up, across and down."""
    n = len(order)
    span = width - 16 * k
    if span / n >= 190 * k:
        _along_top(panels, order, middle, width, top_h, k)
        return
    sides = max(1, round(n * 0.25))
    left, tops, right = order[:sides], order[sides : n - sides], order[n - sides :]
    h = middle.height - top_h - 12 * k
    for i, seat in enumerate(left):  # up the left side, under the row along the top
        cy = middle.y0 + h * (i + 0.5) / len(left)
        panels[seat] = _centred(
            side_w / 2 + 8 * k, cy, side_w, min(128 * k, h / len(left) - 10 * k)
        )
    _along_top(panels, tops, middle, width, top_h, k)  # across the whole top
    for i, seat in enumerate(right):  # down the right side
        cy = middle.y0 + h * (len(right) - i - 0.5) / len(right)
        panels[seat] = _centred(
            width - side_w / 2 - 8 * k, cy, side_w, min(128 * k, h / len(right) - 10 * k)
        )


def _centred(cx: float, cy: float, w: float, h: float) -> Rect:
    return Rect(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2)


NARROW_PANEL = 215  # pixels (times the scale): a panel this narrow packs its words tighter


def stack_room(panel: Rect, k: float = 1.0) -> tuple[int, float]:
    """How many face-down tiles a seat panel shows at most, and where its count goes (``k``:
    the chrome's scale)."""
    if panel.width < NARROW_PANEL * k:
        return 3, panel.x0 + 64 * k
    return STACK, panel.x0 + 96 * k


class Panels:
    """The other seats: a panel each with a face-down stack, the count, the score; in a
    short window a strip of small cells, each the seat's name and count, that ``opened``
    shows the full panels over the felt."""

    def __init__(self, textures: TileTextures) -> None:
        self.textures = textures
        self.boxes = Fills()
        self.backs: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self._signature: tuple[object, ...] = ()

    def sync(
        self,
        screen: ScreenLayout,
        counts: dict[int, int],
        to_move: int | None,
        opened: bool = False,
    ) -> None:
        signature = (
            screen.width,
            screen.height,
            screen.rtl,
            screen.scale,
            tuple(sorted(screen.panels.items())),
            tuple(sorted(counts.items())),
            to_move,
            opened,
        )
        if signature == self._signature:
            return
        self._signature = signature
        self.boxes.clear()
        self.backs.clear()
        panels = screen.panels
        if screen.strip is not None:  # the cells; the full panels only when opened
            self.boxes.add(screen.strip, BAR)
            for seat, r in panels.items():
                self.boxes.add(r, SEAT_TURN if seat == to_move else SEAT)
            if not opened:
                return
            panels = screen.full
            felt = Rect(0, screen.tray.y1, screen.width, screen.strip.y0)
            self.boxes.add(felt, SHEET)
        k = screen.scale
        back = self.textures.back(2)
        for seat, r in panels.items():
            colour = SEAT_TURN if seat == to_move else SEAT
            self.boxes.add(r, colour)
            shown = min(stack_room(r, k)[0], counts.get(seat, 0))
            tile_h = 44.0 * k
            scale = tile_h / back.width
            x = r.x0 + 22 * k
            for i in range(shown):
                sprite = arcade.Sprite(back, scale=scale)
                sprite.angle = 90
                sprite.position = (screen.side(x + i * 9 * k, "center", r)[0], r.y0 + 30 * k)
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
        self._w = self._h = self._reach = 0.0

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
        foot: float = TRAY_FOOT,
        k: float = 1.0,
    ) -> None:
        """Put ``hand`` in the tray: ``playable`` None means it is not the viewer's turn.

        ``head`` is the room kept above the tiles for the tray's words; ``fresh``
        tiles were just drawn and are outlined in gold, so the player sees what came;
        ``centre``: the row is centred on this x (the middle of the bar the tray shares
        with the choices), as far as it stays in the tray, or within ``span`` (from x to
        x: the tray with the part of the choices' area no button takes); ``foot``: the room
        under the tiles; ``k``: the chrome's scale (the lift, the gaps, the arrows grow).
        """
        self.hidden = hidden
        self.fresh = fresh & set(hand)
        tiles = sorted(hand, reverse=True)
        tile_h = area.height - head - foot
        self.tile_w = tile_h / 2
        room = area.grown(-16 * k)
        gap, arrow, lift = HAND_GAP * k, ARROW * k, LIFT * k
        row = tray_slots(len(tiles), room, self.tile_w, gap, self.first, arrow)
        if selected in tiles and row.scrolls:  # the selected tile (Tab, a key) in view
            i = tiles.index(selected)
            if not row.first <= i < row.first + row.shown:
                first = i if i < row.first else i - row.shown + 1
                row = tray_slots(len(tiles), room, self.tile_w, gap, first, arrow)
        self.first, self.shown = row.first, row.shown
        xs, scale = row.xs, row.scale
        w = self.tile_w * scale
        if xs and centre is not None and not row.scrolls:  # a scrolling row fills the tray
            x0, x1 = span if span is not None else (room.x0, room.x1)
            shift = centre - (xs[0] + xs[-1]) / 2
            shift = min(max(shift, x0 + w / 2 - xs[0]), x1 - w / 2 - xs[-1])
            xs = [x + shift for x in xs]
        level = level_for(w)
        cy = area.y0 + foot + tile_h / 2  # a hand shrunk to fit the width sits in the middle
        self.slots = {}
        for t in [t for t in self.sprites if t not in hand]:
            gone = self.sprites.pop(t)
            self.tweens.cancel(gone)
            gone.remove_from_sprite_lists()
        self.arrows = None
        if row.scrolls:
            top, bottom = cy + w + lift, cy - w
            self.arrows = (
                Rect(room.x0, bottom, room.x0 + arrow, top),
                Rect(room.x1 - arrow, bottom, room.x1, top),
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
            y = cy + (lift if lifted else 0)
            self.slots[t] = (x, y)
            self.tweens.move(sprite, x, y, 90)
        self._w, self._h = w, 2 * w
        self._reach = (w + gap * row.scale) / 2  # a tile's target: half the gap each side

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
            if abs(x - sx) <= self._reach and abs(y - sy) <= self._h / 2:
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
