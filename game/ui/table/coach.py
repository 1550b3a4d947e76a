"""What a guided table adds over the ordinary one: a box of words and lit tiles and places.

Why a part of its own: the lesson (a tutorial) and the puzzle both talk to the
player over the same table: a box at the top of the board with the step's
instruction or the puzzle's goal, and under it, in a warmer colour, why the
last try was not taken. The tiles and places the words are about glow: hand
tiles in the tray, tiles on the table, the ends a tile should go to (``"E"``,
``"train 2"`` …) and the boneyard (the Draw button). Drawn in screen pixels
after the table, so it never moves a tile of the ordinary table's layout; the
table is given it as a part of its screen (:class:`Coaching`).
"""

from __future__ import annotations

import math
from collections.abc import Iterable

import arcade

from game.i18n import right_to_left
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.table.events import Coached
from game.ui.table.sections import ModePart
from game.ui.table.view import TableView
from game.ui.theme import DIM, GLOW, GOLD, MIN_TEXT, SHEET, TEXT, WARN, Colour
from game.ui.widgets.text import WRAP_SLACK, make_text, text_width, wrap

PAD = 12  # pixels round the coach's words
ROOM = 150  # pixels the board gives up at its top at first: the seats' news, then the box
MOST = 0.5  # the most of the table's height the band may take (its words shrink, then page) …
BOARD_LEAST = 110  # … or all but this many pixels of it, when more: a short table's words
NEWS = 42  # pixels over the box where the news of the seats above the board shows
# The words' sizes (step, instruction, why), then smaller ones: longer words (another
# language, a why under the instruction) shrink before the band passes its cap, so the box
# never reaches down over the board and no word is cut.
SIZES = ((12, 16, 15), (12, 14, 13), (12, 13, 12), (MIN_TEXT,) * 3)


def band_cap(height: float) -> float:
    """The most of a table ``height`` pixels high the band of words may take: half of it,
    or on a short table (a 7-inch kiosk's, where half leaves two lines no room) all but
    :data:`BOARD_LEAST` pixels, which still hold a lesson's board whole."""
    return max(height * MOST, height - BOARD_LEAST)


class Coach:
    """The words over a guided table (``head``, ``say``, ``why``) and what glows."""

    def __init__(self) -> None:
        self.head = ""  # "Step 2 of 6", "Puzzle block-3"
        self.say = ""  # the instruction, or the goal
        self.why = ""  # why the last try was not taken (gentle), or the verdict
        self.tiles: tuple[str, ...] = ()
        self.targets: tuple[str, ...] = ()
        self.clock = 0.0
        self._texts: list[arcade.Text] = []  # the page shown
        self._pages: list[list[arcade.Text]] = [[]]
        self.page = 0
        self._key_words: tuple[str, str, str] = ("", "", "")
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
        of :data:`SIZES` whose box keeps the band within its cap, else the smallest, wider,
        then with the step's head beside the words rather than over them; and if even those
        do not fit (a short table: a 7-inch kiosk's), that last in pages of whole lines, a
        tap on the box (or the wheel over it) showing the next."""
        widest = int(table.width - 24)  # at a pinch, the smallest words as wide as the table
        floor = table.y1 - band_cap(table.height) + 2 * PAD - 4  # the lowest a line may reach
        tries = [(sizes, width, False) for sizes in SIZES]
        tries += [(SIZES[-1], widest, False), (SIZES[-1], widest, True)]
        chosen = None  # the first to fit whole, else the one in fewest pages
        for sizes, w, beside in tries:
            found = self._paginate(table, w, sizes, floor, beside)
            if min(_bottoms(found[0]), default=floor) < floor - 0.5:
                continue  # a line alone reaches lower than the band: not this way
            if chosen is None or len(found[0]) < len(chosen[0][0]):
                chosen = found, w
            if len(found[0]) == 1:
                break
        (pages, why_page), w = chosen or (found, w)
        self._pages = pages
        if self.page >= len(pages) or self._key_words != (self.head, self.say, self.why):
            self._key_words = (self.head, self.say, self.why)
            self.page = why_page  # new words: the page that says why, when there is a why
        self._texts = pages[self.page]
        x = table.centre[0] - w / 2
        top = table.y1 - NEWS
        self.box = Rect(x, min(_bottoms(pages), default=top - 2 * PAD) - PAD, x + w, top)

    def _paginate(
        self, table: Rect, width: int, sizes: tuple[int, ...], floor: float, beside: bool
    ) -> tuple[list[list[arcade.Text]], int]:
        """The words in pages of whole lines reaching no lower than ``floor`` (one page when
        they fit), each with the head over them (``beside``: at their side, at the start of
        the reading); and the page where the why begins (else 0)."""
        x = table.centre[0] - width / 2 + PAD
        top = table.y1 - NEWS - PAD
        inner = width - 2 * PAD
        head_size, *body_sizes = sizes
        rtl = right_to_left()

        def text(
            lines: list[str], at: float, y: float, size: int, colour: Colour, bold: bool, w: float
        ) -> arcade.Text:
            words = "\n".join(lines)  # wrapped as written, then shaped
            return make_text(
                words, at, y, colour, size, anchor_y="top", bold=bold, width=int(w), multiline=True
            )

        widest_head = self.head + " · 9/9 ▸"  # with the page it shows, if the words page
        head_w = text_width(widest_head, head_size, True) + WRAP_SLACK + 1 if beside else 0.0
        heads = wrap(self.head, inner - head_w, head_size, True) if self.head else []
        body_w = inner - head_w - PAD if beside and heads else inner
        body_x = x if rtl or not heads or not beside else x + head_w + PAD
        head_x = x + inner - head_w if beside and rtl else x

        def head(marker: str = "") -> arcade.Text:
            lines = [*heads[:-1], heads[-1] + marker]
            return text(lines, head_x, top, head_size, DIM, True, head_w or inner)

        body = [
            (wrap(words, body_w, size, bold), size, colour, bold)
            for words, size, colour, bold in zip(
                (self.say, self.why), body_sizes, (TEXT, WARN), (False, True), strict=True
            )
            if words
        ]
        pages: list[list[arcade.Text]] = []
        page: list[arcade.Text] = []
        y, why_page = top, 0

        def begin() -> None:
            nonlocal page, y
            page, y = [], top
            if heads:
                page.append(head())
                if not beside:
                    y -= page[0].content_height + 4

        begin()
        for part, (lines, size, colour, bold) in enumerate(body):
            if part == 1:
                why_page = len(pages)
            at = 0
            while at < len(lines):
                taken = None
                for n in range(len(lines) - at, 0, -1):  # as many whole lines as reach no lower
                    chunk = text(lines[at : at + n], body_x, y, size, colour, bold, body_w)
                    if y - chunk.content_height >= floor:
                        taken = chunk, n
                        break
                if taken is None and len(page) > len(heads[:1]):  # the next page, then
                    pages.append(page)
                    begin()
                    if part == 1 and at == 0:
                        why_page = len(pages)
                    continue
                line = lines[at : at + 1]
                chunk, n = taken or (text(line, body_x, y, size, colour, bold, body_w), 1)
                page.append(chunk)
                y -= chunk.content_height + 4
                at += n
        pages.append(page)
        if len(pages) > 1 and heads:  # each page's head says where it is: "Step 2 of 6 · 1/2 ▸"
            for n, shown in enumerate(pages):
                shown[0] = head(f" · {n + 1}/{len(pages)} ▸")
        return pages, why_page

    def turn_page(self, step: int = 1) -> bool:
        """Show the next page of words (the first after the last); False with only one."""
        if len(self._pages) < 2:
            return False
        self.page = (self.page + step) % len(self._pages)
        self._texts = self._pages[self.page]
        return True

    def holds(self, x: float, y: float) -> bool:
        """Whether a screen point is on the box of words (shown now)."""
        b = self.box
        return bool(self._texts) and b.x0 <= x <= b.x1 and b.y0 <= y <= b.y1


def _bottoms(pages: list[list[arcade.Text]]) -> list[float]:
    """How low each line of the pages reaches."""
    return [text.bottom for page in pages for text in page]


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


class Coaching(ModePart):
    """The coach as a part of a table's screen (a lesson's, a puzzle's), showing the words
    its mode's policy publishes (:class:`~.events.Coached`): the band of words taken off
    the board's top, the box its own (a tap or the wheel turns its pages), the glow drawn
    over the table. Its table shows the board whole (``whole_board``, given when it is
    assembled: the words point at tiles anywhere on it; on a short table the ordinary fit
    would come in over the player's places and leave the rest under the box)."""

    def __init__(self, table: TableView) -> None:
        super().__init__(table)
        self.table: TableView = table
        self.coach = Coach()
        table.events.listen(Coached, self.say)  # the mode's policy says the words

    def say(self, words: Coached) -> None:
        """New words (and what glows): the board makes room for them now."""
        self.coach.set(words.head, words.say, words.why, words.tiles, words.targets)
        self._fit_words()

    def _fit_words(self) -> None:
        """Longer words (another language, a verdict): the board moves down under them."""
        self.coach.lay(self.table)
        need = self.coach.wanted()
        if need:
            self.coach.room = need
            self.table.parts.lay_out()
            self.table.relayout()

    # -- its part of the screen ----------------------------------------------------------

    def lay(self) -> None:
        r = self.table.screen.table
        self.coach.top = r.y1
        room = min(self.coach.room, band_cap(r.height))
        self.table.screen.table = Rect(r.x0, r.y0, r.x1, r.y1 - room)

    def holds(self, x: float, y: float) -> bool:
        return self.coach.holds(x, y)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool:
        self.coach.turn_page()  # the box's own: a tap shows its next page
        return True

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool:
        if scroll_y:
            self.coach.turn_page(1 if scroll_y < 0 else -1)
        return True

    def on_update(self, delta_time: float) -> None:
        self.coach.update(delta_time)  # the glow pulses

    def on_draw(self) -> None:
        self._fit_words()  # laid for the table as it is (a resize, another language)
        self.coach.draw(self.table)

    def still(self) -> bool:
        return not self.coach.lit(self.table)  # a glow pulses
