"""What the table says as play goes on, on the table itself (the log keeps it too).

Three things, all in screen pixels over the felt:

* an *announcement* of what a seat just did ("Seat 3 passes", "Seat 2 draws
  3 tiles"): the viewer watches the table, not the log, so the other seats'
  moves are told where they happen, a tile played by that tile (its words
  name the end it went on, so they stand by that end, not by the seat, which
  may sit by the other end), anything else by the seat's panel; a seat's next
  move replaces its line, and a line fades after :data:`SHOW_FOR` seconds.
  Its box goes where it covers nothing the table shows (tiles, names,
  markers, lit places, panels, buttons, the other boxes): just off the tile,
  or off the seat's panel on the side facing the table, if that is free, else
  the free place nearest to it (:func:`_free_place`);
* the points a play scored rising from the tile that scored them ("+15"),
  for every seat, over :data:`RISE_FOR` seconds;
* a standing line by the board (All Fives: the count of the open ends,
  an exposed double's both halves), shown at all times: just under the tiles on screen (over them,
  else beside them, where there is room and no open place), kept on the
  table, so the eye finds it by the ends it counts (:meth:`TableNews.corner_box`);
* the rules' surprises (:func:`game.ui.words.narrate.rule_news`: the engine
  search dealing out the boneyard, a redeal, a blocked round), a line in a box
  over the board, on the felt, until the player's own next move: a newcomer
  reads why the table did what it did where they are looking, and it waits for
  them however fast the computer plays (:meth:`TableNews.say_rule`). It covers
  nothing the table shows and nothing covers it: the seats' announcements keep
  clear of it.

The words come from :mod:`game.ui.words.narrate`; this module only places them.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass

import arcade

from game.ui.board.geometry import Rect
from game.ui.theme import GOLD, NEWS, NEWS_BOX
from game.ui.widgets.fills import Fills
from game.ui.widgets.text import TextPool, elide, text_width, wrap

SHOW_FOR = 2.6  # seconds an announcement stays by its seat
RISE_FOR = 1.3  # seconds a score takes to rise and fade
RISE_PX = 70  # pixels it rises over that time
SAY_SIZES = (16, 14, 12)  # an announcement shrinks to fit its room, then is cut short
RISE_SIZE = 24
CORNER_SIZE = 16
CORNER_H = 24  # pixels: the height of the count's line
PAD_X, PAD_Y = 10, 16  # pixels of box round an announcement's words
GAP = 6  # pixels between a box and what it keeps clear of
CORNER_ROOM = CORNER_H + GAP  # pixels the camera's fit keeps free under the board for it
NEWS_ROOM = 2 * PAD_Y + 2 * GAP  # pixels it keeps over the board for a row of announcements
RULE_WIDE = 640  # pixels a rule's line takes at most (a longer one goes on two lines)
LINE_STEP = 1.5  # a line of the rule's words under the one before, times its size
RULE_ROOM = NEWS_ROOM + LINE_STEP * SAY_SIZES[-1]  # and for the rule's line, two lines high


@dataclass
class _Said:
    text: str
    left: float
    at: Rect | None = None  # world pixels: where the tile it tells of lies, if any
    move: int | None = None  # the match's move number it tells of, if known


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
        self.placed_words: dict[int, tuple[Rect, str, float]] = {}  # box, words, size by seat
        self._placed_for: tuple[object, ...] = ((),)  # what the boxes were placed for
        self.corner = ""
        self.corner_lit = False  # the corner's figure scores now (a multiple of five)
        self.corner_right = False  # the line ends at the board's right (right to left)
        self.corner_rect: Rect | None = None  # where the line shows now (tests read it)
        self._spare: Rect | None = None  # its free place when the board leaves no room by it
        self.rule = ""  # a rule's surprise, said over the board until the player moves
        self.placed_rule: tuple[Rect, list[str], float] | None = None  # box, lines and size
        self.scale = 1.0  # the chrome's scale: the words and their boxes grow with the window

    @property
    def sizes(self) -> tuple[float, ...]:
        """An announcement's sizes, the largest first, at the chrome's scale."""
        return tuple(size * self.scale for size in SAY_SIZES)

    def tell(self, seat: int, text: str, at: Rect | None = None, move: int | None = None) -> None:
        """Announce ``text`` for ``seat`` (its earlier line goes): by the tile it tells of,
        lying in ``at`` (world pixels), else by the seat's panel; ``move``, the match's move
        number it tells of (a tap on its box asks that move's reasons: :meth:`told_at`)."""
        self.lines[seat] = _Said(text, SHOW_FOR, at, move)
        self.said.append(text)

    def told_at(self, x: float, y: float) -> int | None:
        """The match's move number the announcement showing at the screen point (x, y)
        tells of, if one shows there and its move is known."""
        for seat, (box, _text, _size) in self.placed_words.items():
            said = self.lines.get(seat)
            if said is not None and box.x0 <= x <= box.x1 and box.y0 <= y <= box.y1:
                return said.move
        return None

    def rise(self, text: str, x: float, y: float) -> None:
        """Let ``text`` rise from the world point (x, y)."""
        self.rising.append(_Rising(text, x, y))

    def set_corner(self, text: str, lit: bool = False, right: bool = False) -> None:
        """The line by the board; ``right``: it ends under the board's right edge (where a
        right-to-left reading starts), else it starts under its left edge."""
        self.corner, self.corner_lit, self.corner_right = text, lit, right

    def corner_box(
        self, table: Rect, near: Sequence[Rect], keep_off: Sequence[Rect] = ()
    ) -> Rect | None:
        """Where the line by the board goes, in screen pixels: beside the first box of
        ``near`` it fits by (the tiles' bounding box on screen, then the whole layout's)
        without covering any of ``keep_off`` (the open places): under it, aligned with its
        reading edge (else its other edge), else over it, else beside its lower corner on
        the reading side, then the other; always on the ``table``. None when there is no
        such room (a board that fills the table): :meth:`sync` then finds it a free place."""
        width, h = (
            text_width(self.corner, CORNER_SIZE * self.scale, True),
            CORNER_H * self.scale,
        )
        for board in near:
            edges = [board.x0, board.x1 - width]  # aligned with its reading edge, or the other
            edges = [min(max(x, table.x0 + GAP), table.x1 - GAP - width) for x in edges]
            if self.corner_right:
                edges.reverse()
            y0 = min(max(board.y0, table.y0 + GAP), table.y1 - GAP - h)
            left, right = board.x0 - GAP - width, board.x1 + GAP
            sides = (right, left) if self.corner_right else (left, right)
            wishes = [(x, y) for y in (board.y0 - GAP - h, board.y1 + GAP) for x in edges]
            wishes += [(x, y0) for x in sides]
            for x, y in wishes:
                box = Rect(x, y, x + width, y + h)
                if _inside(box.grown(GAP), table) and not any(box.overlaps(r) for r in keep_off):
                    return box
        return None

    def _corner_home(self, table: Rect) -> Rect:
        """The table's bottom corner where the line starts its search for a free place."""
        width = text_width(self.corner, CORNER_SIZE * self.scale, True)
        x0 = table.x1 - 16 - width if self.corner_right else table.x0 + 16
        return Rect(x0, table.y0 + 8, x0 + width, table.y0 + 8 + CORNER_H * self.scale)

    def say_rule(self, text: str, chosen: bool) -> None:
        """After a move: ``text``, a rule's surprise it brought ("" for none), is said over
        the board; a move the player chose takes the last one away (it was read), not one
        the table made for them (a hand they could only keep)."""
        if text or chosen:
            self.rule = text

    def room_above(self, upright: bool) -> float:
        """Pixels the camera's fit keeps free over the board: a row of the seats' news on
        an upright screen (its seats in rows over the board), and the rule's line while
        it shows."""
        return ((NEWS_ROOM * self.scale) if upright else 0.0) + (
            (RULE_ROOM * self.scale) if self.rule else 0.0
        )

    @property
    def rule_rect(self) -> Rect | None:
        """Where the rule's line shows now, box and all (tests read it)."""
        return self.placed_rule[0] if self.placed_rule is not None else None

    def clear(self, rule: bool = True) -> None:
        """Forget what is showing (a new match, an undo: the moves told are gone); the
        rule's line too, unless ``rule`` is False (the same moves told again, in order)."""
        self.lines.clear()
        self.rising.clear()
        if rule:
            self.rule = ""

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
        covers: Callable[[], Sequence[Rect]] = list,
        felt: Rect | None = None,
        view: Hashable = None,
        moving: bool = False,
        near: Sequence[Rect] = (),
        keep_off: Sequence[Rect] = (),
        board: Rect | None = None,
    ) -> None:
        """Lay the words out for this frame: by the panels, over the tiles, by the board.

        ``covers`` gives the screen rectangles an announcement must leave uncovered, on
        the ``felt`` (the table and the panels round it; the table alone by default).
        The boxes are placed again only when the words, the screen or the ``view`` (what
        the table shows) changed, and not while things are ``moving`` (a glide, a pan)
        unless the words changed: placing costs a crowded table milliseconds. The count's
        line stands by the ``near`` boxes and off the ``keep_off`` ones (:meth:`corner_box`);
        where they leave no room, in the free place nearest the table's corner. The rule's
        line goes over the ``board`` (the layout on screen), off all of those.
        """
        t = self.texts
        t.begin()
        pad_y = PAD_Y * self.scale
        corner = self.corner_box(table, near, keep_off) if self.corner else None
        words = (self.rule, *sorted((seat, said.text) for seat, said in self.lines.items()))
        key = (words, table, felt, tuple(sorted(panels.items())), view)
        again = key != self._placed_for and (not moving or words != self._placed_for[0])
        shown: list[Rect] | None = None
        if self.corner and corner is None:
            if again or self._spare is None:
                shown = list(covers())
                home = self._corner_home(table)
                self._spare = _free_place(home, table, [*shown, *keep_off]) or home
            corner = self._spare
        self.corner_rect = corner
        if again:
            self._placed_for = key
            things = list(covers()) if shown is None else shown
            self._place_rule(table, board or table, [*things, *keep_off, *panels.values()])
            self._place(table, felt or table, panels, things, project)
        self.boxes.clear()
        if self.placed_rule is not None:
            box, lines, size = self.placed_rule
            self.boxes.add(box, NEWS_BOX)
            top = box.y1 - pad_y
            for i, line in enumerate(lines):
                y = top - i * size * LINE_STEP
                t.put(f"rule{i}", line, box.centre[0], y, size, GOLD, anchor_x="center", bold=True)
        for seat, (box, text, size) in sorted(self.placed_words.items()):
            self.boxes.add(box, NEWS_BOX)
            bx, by = box.centre
            t.put(f"say{seat}", text, bx, by, size, NEWS, anchor_x="center", bold=True)
        for i, r in enumerate(self.rising):
            x, y = _rising_at(r, project((r.x, r.y)), table, RISE_SIZE * self.scale)
            colour = (*GOLD[:3], int(255 * min(1.0, 2 * (1 - r.age / RISE_FOR))))
            size = RISE_SIZE * self.scale
            t.put(f"rise{i}", r.text, x, y, size, colour, "center", bold=True)
        corner = self.corner_rect
        if corner is not None:
            colour = GOLD if self.corner_lit else NEWS
            x, y = corner.x0, corner.centre[1]
            t.put("corner", self.corner, x, y, CORNER_SIZE * self.scale, colour, bold=True)
        t.end()

    @property
    def placed(self) -> dict[int, Rect]:
        """Each seat's announcement box showing now (tests read it)."""
        return {seat: box for seat, (box, _, _) in self.placed_words.items()}

    def _place_rule(self, table: Rect, board: Rect, taken: list[Rect]) -> None:
        """Place the rule's line: centred over the ``board``, else in the free place on the
        table nearest that, in the largest size that fits the table's width (cut short at
        the smallest); none where the table has no free place for it (the log has it)."""
        self.placed_rule = None
        if not self.rule:
            return
        if self.corner_rect is not None:
            taken.append(self.corner_rect)
        pad_x, pad_y = PAD_X * self.scale, PAD_Y * self.scale
        room = min(table.width - 2 * (pad_x + GAP), RULE_WIDE * self.scale)
        sizes = [z for z in self.sizes if text_width(self.rule, z, True) <= room]
        for size in sizes or [self.sizes[-1]]:
            lines = [self.rule] if sizes else wrap(self.rule, room, size, True)
            w = max(text_width(line, size, True) for line in lines)
            h = (len(lines) - 1) * size * LINE_STEP
            x0 = min(
                max(board.centre[0] - w / 2, table.x0 + GAP + pad_x),
                table.x1 - w - pad_x,
            )
            y0 = min(board.y1 + GAP + pad_y, table.y1 - GAP - pad_y - h)
            wish = Rect(
                x0 - pad_x,
                y0 - pad_y,
                x0 + w + pad_x,
                y0 + h + pad_y,
            )
            box = _free_place(wish, table, taken)
            if box is not None:
                self.placed_rule = (box, lines, size)
                return

    def _place(
        self,
        table: Rect,
        felt: Rect,
        panels: dict[int, Rect],
        covers: list[Rect],
        project: Callable[[tuple[float, float]], tuple[float, float]],
    ) -> None:
        """Place the announcements, the newest first, each where it covers nothing (the
        table's things, the panels, the corner's line, the rule's): one of a tile played
        as near that tile as it can (``project`` shows it on screen), another by its seat's
        panel; one that finds no free place in any of its sizes is not shown (the log has
        it)."""
        pad_x, pad_y = PAD_X * self.scale, PAD_Y * self.scale
        taken = [*covers, *panels.values()]
        if self.corner_rect is not None:
            taken.append(self.corner_rect)
        if self.rule_rect is not None:
            taken.append(self.rule_rect)
        self.placed_words = {}
        for seat, said in sorted(self.lines.items(), key=lambda item: -item[1].left):
            panel = panels.get(seat)
            if said.at is not None:  # off the tile (where it lands, if still on its way)
                tile = _on_screen(said.at, project)
                taken.append(tile)
                x, y, anchor = _by_tile(tile, table)
                room = table.width * 0.7
            elif panel is not None:
                x, y, anchor, room = _beside(panel, table)
            else:
                continue
            for size, text in self._fits(said.text, room):
                w = text_width(text, size, True)
                x0 = {"left": x, "right": x - w, "center": x - w / 2}[anchor]
                wish = Rect(x0 - pad_x, y - pad_y, x0 + w + pad_x, y + pad_y)
                box = _free_place(wish, felt, taken)
                if box is not None:
                    taken.append(box)
                    self.placed_words[seat] = (box, text, size)
                    break

    def _fits(self, said: str, room: float) -> list[tuple[float, str]]:
        """The sizes and words an announcement may show in, ``room`` pixels wide at most:
        whole in each size that holds it, else cut short at the least; then, for a board
        that leaves the felt no gap that wide (a big table at a legible size), cut shorter
        to half the room."""
        sizes = [z for z in self.sizes if text_width(said, z, True) <= room]
        least = self.sizes[-1]
        tries = [(z, said) for z in sizes] or [(least, elide(said, least, room))]
        if text_width(said, least, True) > room / 2:
            tries.append((least, elide(said, least, room / 2)))
        return tries

    def draw(self, framebuffer: arcade.gl.Framebuffer) -> None:
        self.boxes.draw(framebuffer)
        self.texts.batch.draw()


def _on_screen(world: Rect, project: Callable[[tuple[float, float]], tuple[float, float]]) -> Rect:
    corners = [project(p) for p in world.corners()]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def _inside(box: Rect, area: Rect) -> bool:
    return area.x0 <= box.x0 and box.x1 <= area.x1 and area.y0 <= box.y0 and box.y1 <= area.y1


def _rising_at(
    r: _Rising, at: tuple[float, float], table: Rect, size: float = RISE_SIZE
) -> tuple[float, float]:
    """Where a rising score's middle is now: over its tile (at ``at`` on screen), higher as
    it ages, kept on the ``table``: a tile by the table's edge sends it up from lower down,
    so no part of it passes under what borders the board (a lesson's words, a panel)."""
    half_w, half_h = text_width(r.text, size, True) / 2, size * 2 / 3
    x = min(max(at[0], table.x0 + half_w), table.x1 - half_w)
    start = min(at[1] + 24, table.y1 - half_h - RISE_PX)
    return x, start + RISE_PX * r.age / RISE_FOR


def _by_tile(tile: Rect, table: Rect) -> tuple[float, float, str]:
    """Where the words of a tile played go first: level with it, reaching from it away
    from the middle of the table, so they read as the end's own (the nearest free place
    is then just over or under it)."""
    x, y = tile.centre
    if x >= table.centre[0]:
        return tile.x0, y, "left"
    return tile.x1, y, "right"


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


def _free_place(box: Rect, felt: Rect, taken: Sequence[Rect]) -> Rect | None:
    """``box`` moved to the nearest place on the ``felt`` where it covers none of
    ``taken`` (kept :data:`GAP` apart), or None. Each row of the felt (every
    :data:`ROW_STEP` pixels) is cut into the gaps its obstacles leave; in each gap wide
    enough the box goes as near the wished place as it can; the nearest of those wins,
    a little sideways before far up or down."""
    w, h = box.width, box.height
    rows = {
        box.y0,
        *(felt.y0 + k * ROW_STEP for k in range(int((felt.height - h) // ROW_STEP) + 1)),
    }
    best: tuple[float, Rect] | None = None
    for y0 in sorted(rows, key=lambda y: abs(y - box.y0)):
        y1 = y0 + h
        if y0 < felt.y0 or y1 > felt.y1:
            continue
        lean = (1.5 * (y0 - box.y0)) ** 2
        if best is not None and lean >= best[0]:
            break  # every row left is farther
        blocks = sorted(
            (r.x0 - GAP, r.x1 + GAP) for r in taken if r.y0 - GAP < y1 and r.y1 + GAP > y0
        )
        cursor = felt.x0
        for start, end in [*blocks, (felt.x1, felt.x1)]:
            start = min(start, felt.x1)  # (a tile off the felt, past its edge, ends no gap)
            if start - cursor >= w:  # a gap: the box as near its wished x as it fits
                x0 = min(max(box.x0, cursor), start - w)
                far = (x0 - box.x0) ** 2 + lean
                if best is None or far < best[0]:
                    best = (far, Rect(x0, y0, x0 + w, y1))
            cursor = max(cursor, end)
    return best[1] if best is not None else None


ROW_STEP = 8  # pixels between the rows of the felt an announcement may take
