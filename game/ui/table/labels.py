"""Words on the table itself: train and branch names, the opening order, the badges of
uncovered doubles and what the previewed play would score.

A part of the table view. It reads the camera (to put each word at its
projected place, in screen pixels), the scene (where the names' anchors, the
markers and the ghost are now) and, at each sync, the layout, the state and
the table's rectangle on screen. Its words are pooled (:class:`TextPool`): a
still table rewrites none, and one whose camera and names have not moved
lays nothing out at all.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from game.i18n import _, right_to_left
from game.rules import State
from game.ui.art.textures import HALF
from game.ui.board.families import parts
from game.ui.board.geometry import Label, Rect, TableLayout
from game.ui.board.trains import PITCH
from game.ui.table.board import TableScene
from game.ui.table.camera import TableCamera
from game.ui.table.hub import PLATE
from game.ui.theme import GOLD, LABEL, MEXICAN
from game.ui.widgets.marks import Discs
from game.ui.widgets.text import TextPool, elide, text_width
from game.ui.words.names import seat_name

LABEL_SIZES = (14, 13, 12, 11, 10, 9)  # pixels: a train's name, the largest its room holds
BADGE = 12  # pixels: the "cover it" badge by an uncovered double
SCORE = 22  # pixels: what the previewed play would score, over its ghost
MARK_LEAST = 15.0  # pixels: an owner's mark on the table, across, at the least (a letter of 9)
BRANCH_MARK = 0.5  # layout units: a branch's owner's mark, across (half a tile's width)
TRAIN_NAME_CLEAR = 0.2  # layout units: between a plate's inner end and where its name may reach
LEGEND = 12  # pixels: the words at the foot of a Longana table saying what its markers mean


class TableLabels:
    """The names and badges on the table, written into ``texts`` where the camera shows them."""

    def __init__(self, camera: TableCamera, scene: TableScene, texts: TextPool) -> None:
        self.camera = camera
        self.scene = scene
        self.texts = texts
        self._key: object = None  # what the words were last laid out for
        self._widths: dict[tuple[str, float], float] = {}  # a name's width, by name and size
        self.marks = Discs(texts)  # each train's and branch's owner's mark
        self.scale = 1.0  # the chrome's scale: the words on the table grow with the window

    def stale(self) -> None:
        """The layout changed: lay the words out again at the next sync."""
        self._key = None

    def sync(
        self,
        layout: TableLayout,
        state: State,
        table: Rect,
        you: int | None,
        obstacles: Callable[[], list[Rect]],
    ) -> None:
        """Every frame: the words where the camera shows them now (nothing, if nothing moved).

        ``you`` is the seat called "You" (the one human at the table), if any;
        ``obstacles`` gives what a branch's words keep off (tiles, markers,
        panels), asked only when there are branches to name.
        """
        cam, scene = self.camera, self.scene
        anchors = scene.anchors
        glide = tuple((a.center_x, a.center_y) for a in anchors.values())  # names move
        glide += tuple(m.position for m in scene.markers)  # and markers
        key = (cam.position, cam.zoom, cam.angle, id(layout), scene.score, glide, self.scale)
        if key == self._key:
            return
        self._key = key
        t = self.texts
        t.begin()
        self.marks.begin()
        # first opened first (the order the state keeps: a branch's first opening)
        order = parts(state).order(state)
        board: list[Rect] | None = None  # what a branch's words keep off: tiles, markers
        words: list[Rect] = []  # and the branches' words already written
        for label in layout.labels:
            if label.key.startswith("branch"):
                board = board or obstacles()
                self._branch(label, order, table, you, board, words)
                continue
            if not label.key.startswith("train"):
                continue
            anchor = anchors[label.key]
            x, y = cam.project((anchor.center_x, anchor.center_y))
            if not (table.x0 <= x <= table.x1 and table.y0 <= y <= table.y1):
                continue
            mexican = label.seat is None
            # a seat's train by its name (its mark by the plate tells it where the name has
            # no room), the Mexican train by its whole name (never cut short: its rail's
            # colour tells it where the name has no room)
            said = (_("Mexican"),) if mexican else (seat_name(label.seat or 0, you),)
            # the largest size the name's room on the hub holds (so names never meet), none
            # below 9 px; too small for every name, none (the train's marker still shows)
            room = label.width * HALF * cam.zoom - 2
            if label.seat is not None:  # the owner's mark on the plate's inner end
                across = self._train_mark(label.key, label.seat, layout, table)
                room -= max(0.0, across / 2 - TRAIN_NAME_CLEAR * HALF * cam.zoom)
            align = label.align
            if abs(math.sin(math.radians(cam.angle))) > 0.5:
                # the table turned a quarter: the trains' rows stand side by side on
                # screen, the names across them, so a name's room is the rows' pitch,
                # and it is centred on its plate's middle, clear of its marker
                room = min(room, (PITCH - 0.3) * HALF * cam.zoom - 2)
                back = label.width / 2 * (-1 if label.align == "right" else 1)
                x, y = cam.project((anchor.center_x + back * HALF, anchor.center_y))
                align = "center"
            sizes = [size * self.scale for size in LABEL_SIZES]
            fits = [
                (name, size) for name in said for size in sizes if self._width(name, size) <= room
            ]
            name, size = fits[0] if fits else (said[0], None)
            if size is not None:
                colour = MEXICAN if mexican else LABEL
                t.put(label.key, name, x, y, size, colour, anchor_x=align, bold=True)
        for badge, x, y in self._uncovered_doubles(layout, state, table):
            size = BADGE * self.scale
            t.put(badge, _("cover!"), x, y, size, GOLD, anchor_x="center", bold=True)
        if scene.score is not None:
            text, at = scene.score
            x, y = cam.project((at.x * HALF, at.y * HALF))
            turn = math.radians(at.angle + cam.angle)  # the ghost as the turned table shows it
            half_high = abs(math.sin(turn)) + abs(math.cos(turn)) / 2  # half a tile: 1 by 2
            size = SCORE * self.scale
            lift = HALF * cam.zoom * half_high + size * 0.9  # its words over it, not on it
            t.put("score", text, x, y + lift, size, GOLD, anchor_x="center", bold=True)
        if order:
            self._legend(len(order), table)
        self.marks.end()
        t.end()

    def draw(self) -> None:
        self.marks.draw()
        self.texts.batch.draw()

    def _train_mark(self, key: str, seat: int, layout: TableLayout, table: Rect) -> float:
        """A train's owner's mark at its spoke's elbow (where the rod meets the name plate),
        as large as the plate is high (its round inner end), if that is not too small to
        read; how wide it is, in pixels."""
        cam = self.camera
        _rim, elbow, _end = layout.spokes[key]
        x, y = cam.project((elbow[0] * HALF, elbow[1] * HALF))
        across = max(MARK_LEAST, PLATE * HALF * cam.zoom)
        if table.x0 <= x <= table.x1 and table.y0 <= y <= table.y1:
            self.marks.put(f"{key} mark", seat, x, y, across)
        return across

    def _legend(self, opened: int, table: Rect) -> None:
        """What the markers and their numbers mean, at the foot of the table: a branch with a
        marker is open to everyone; with two or more open, the number is the order they
        opened, which the rules ask a tile to follow where open ends match."""
        lines = [_("A branch with a marker is open: anyone may play on it.")]
        if opened > 1:
            lines.append(
                _("1, 2…: the order they opened. Where open ends match, play on the lowest.")
            )
        rtl = right_to_left()
        x = table.x1 - 12 if rtl else table.x0 + 12
        room = table.width - 24
        size = LEGEND * self.scale
        y = table.y0 + 8 + size * 0.9
        for k, line in enumerate(reversed(lines)):
            text = elide(line, size, room, False)
            self.texts.put(
                f"legend {k}", text, x, y, size, LABEL, anchor_x="right" if rtl else "left"
            )
            y += size * 1.6

    def _branch(
        self,
        label: Label,
        order: tuple[int, ...],
        table: Rect,
        you: int | None,
        board: list[Rect],
        words: list[Rect],
    ) -> None:
        """A Longana branch's owner's mark and name where its band ends and, while it is
        open with another, its place in the opening order by its marker (as the state
        keeps it; with one branch open the order says nothing), in screen pixels. Each goes
        on the first side where it covers no tile or marker (``board``) and no words
        written before (``words``, which it joins), else on one clear of the words at
        least; the name first tries beside its mark away from the marker, the number up
        and right of the marker."""
        cam = self.camera
        anchor = self.scene.anchors[label.key]
        x, y = cam.project((anchor.center_x, anchor.center_y))
        assert label.seat is not None and label.marker is not None
        mx, my = cam.project((label.marker[0] * HALF, label.marker[1] * HALF))
        marker = self.scene.marker_at(label.key)
        if marker is not None:
            mx, my = cam.project(marker)
        if not (table.x0 <= mx <= table.x1 and table.y0 <= my <= table.y1):
            return  # the branch's end is off screen: so are its words
        # the owner's mark where the branch's band ends, the name beside it, away from the
        # marker whichever way the table is turned
        grow = self.scale
        size = round(max(10 * grow, min(14 * grow, 0.28 * HALF * cam.zoom)))
        across = max(MARK_LEAST, BRANCH_MARK * HALF * cam.zoom)
        self.marks.put(f"{label.key} mark", label.seat, x, y, across)
        r = across / 2
        words.append(Rect(x - r, y - r, x + r, y + r))
        name = seat_name(label.seat, you)
        gap = r + 4
        beside = [(x + gap, y, "left"), (x - gap, y, "right")]
        if x < mx - 4:
            beside.reverse()
        below, above = (x, y - r - size, "center"), (x, y + r + size, "center")
        sides = [*beside, *((below, above) if y < my else (above, below))]
        x, y, align = _free_side(sides, text_width(name, size, True), size * 1.7, board, words)
        t = self.texts
        t.put(label.key, name, x, y, size, LABEL, anchor_x=align, bold=True)
        if label.seat in order and len(order) > 1 and marker is not None:
            lift = 0.7 * HALF * cam.zoom
            number = str(order.index(label.seat) + 1)
            corners = [
                (mx + dx * k * lift, my + dy * k * lift, "center")
                for k in (1.0, 1.6, 2.3)
                for dx, dy in AROUND
            ]
            width = text_width(number, size + 3, True)
            nx, ny, _ = _free_side(corners, width, (size + 3) * 1.7, board, words)
            t.put(f"{label.key} order", number, nx, ny, size + 3, GOLD, "center", bold=True)

    def _width(self, text: str, size: float) -> float:
        """A train name's width in pixels, measured once per name and size."""
        if (text, size) not in self._widths:
            self._widths[text, size] = text_width(text, size, True)
        return self._widths[text, size]

    def _uncovered_doubles(
        self, layout: TableLayout, state: State, table: Rect
    ) -> list[tuple[str, float, float]]:
        """Where a badge goes over each double left uncovered (the state's doubles waiting
        to be covered)."""
        found = []
        cam = self.camera
        for double in parts(state).waiting(state):
            at = next((p for p in layout.tiles if p.tile == double), None)
            if at is None:
                continue
            x, y = cam.project((at.x * HALF, at.y * HALF))
            lift = HALF * cam.zoom * 1.3
            if table.x0 <= x <= table.x1 and table.y0 <= y + lift <= table.y1:
                found.append((f"cover {double}", x, y + lift))
        return found


# where a branch's order number may go round its marker, up and right first
AROUND = ((1, 1), (-1, 1), (1, -1), (-1, -1), (0, 1.4), (1.4, 0), (-1.4, 0), (0, -1.4))


def _free_side(
    sides: list[tuple[float, float, str]],
    width: float,
    height: float,
    board: list[Rect],
    words: list[Rect],
) -> tuple[float, float, str]:
    """The first of ``sides`` (x, y, how the words hang) where words ``width`` x ``height``
    cover nothing of the ``board`` and none of the ``words``, else the first clear of the
    words, else the first; its box joins the ``words``."""
    boxes = []
    for x, y, align in sides:  # a pixel more round each: the letters land on whole pixels
        x0 = {"left": x, "right": x - width, "center": x - width / 2}[align]
        boxes.append(Rect(x0, y - height / 2, x0 + width, y + height / 2).grown(1))
    clear = [i for i, b in enumerate(boxes) if not any(b.overlaps(r) for r in words)] or [0]
    chosen = next((i for i in clear if not any(boxes[i].overlaps(r) for r in board)), clear[0])
    words.append(boxes[chosen])
    return sides[chosen]
