"""The seats' words: each other seat's mark, name, kind, count and score on its panel, and
the hand's owner (their mark and name) with the table's message on the bar over the hand.

A part of the table view. It reads the match's seats and rule set (who is a
computer, who partners whom) and, at each sync, the screen's layout, the
state, whose hand shows (``viewer``), who is "You" and the message; it writes
into the table's pooled texts (:class:`TextPool`), so an unchanged table
rewrites nothing.
"""

from __future__ import annotations

from game.i18n import _
from game.match import Match
from game.rules import State
from game.ui.board.geometry import Rect
from game.ui.table.hud import MESSAGE_LINE, NARROW_PANEL, ScreenLayout, stack_room
from game.ui.theme import DIM, GOLD, INK, MIN_TEXT, Colour
from game.ui.widgets.marks import Discs
from game.ui.widgets.text import TextPool, elide, fit_size, text_width
from game.ui.words.names import count, seat_name

MESSAGE_SIZES = (15, 13, 11)
NAME_SIZE, KIND_SIZE, SCORE_SIZE = 15, 12, 14  # a seat panel's words, when they have the room
GAP = 8  # pixels at least between two words on a row of a seat panel
MARK_GAP = 6  # pixels between a seat's mark and its name
MINE_MARK = 22  # pixels: the mark before the hand's owner on the hand's bar
CELL_SIZE = 13  # a short window's strip: each seat's name and count


def mark_size(panel_height: float, k: float = 1.0) -> float:
    """A seat's mark on its panel, across: as large as the name's row holds (``k``: the
    chrome's scale)."""
    return max(20.0 * k, min(24.0 * k, panel_height * 0.26))


class SeatWords:
    """The words on the seat panels and on the hand's bar, written into ``texts``."""

    def __init__(self, match: Match, texts: TextPool) -> None:
        self.match = match
        self.texts = texts
        self.marks = Discs(texts)  # each seat's mark before its name (the view draws them)

    def write(
        self,
        screen: ScreenLayout,
        state: State,
        viewer: int,
        you: int | None,
        message: str,
        opened: bool = False,
    ) -> None:
        """The words, laid out as read from the left and each placed for the bars' reading
        direction (:meth:`ScreenLayout.side`: mirrored in its panel or over the hand when
        right to left; the panels themselves stay where their seats sit). A short
        window's strip gets each seat's name and count in its cell, and the full panels'
        words only while it is ``opened``. Every size is the design's times the scale."""
        t = self.texts
        self.marks.begin()
        k = screen.scale

        def put(
            key: str,
            text: str,
            x: float,
            y: float,
            size: float,
            within: Rect,
            colour: Colour = INK,
            anchor: str = "left",
            bold: bool = False,
        ) -> None:
            at, anchor = screen.side(x, anchor, within)
            t.put(key, text, at, y, size, colour, anchor_x=anchor, bold=bold)

        panels = screen.panels
        if screen.strip is not None:
            for seat, r in panels.items():
                self._cell(screen, r, seat, state, you)
            panels = screen.full if opened else {}
        kinds = self.match.seats
        rules = self.match.ruleset
        for seat, r in panels.items():
            held = len(state.hands[seat - 1]) if state.hands else 0
            name = seat_name(seat, you)
            kind = _("computer") if kinds[seat - 1].startswith("computer") else _("human")
            partner = seat != viewer and rules.team_of(seat) == rules.team_of(viewer)
            if partner:
                kind = _("{kind} · partner").format(kind=kind)
            score = count("pts", state.scores[seat - 1])
            across = mark_size(r.height, k)  # the seat's mark, before its name
            lead = (12 + MARK_GAP) * k + across  # from the panel's edge to the name
            _left, count_x = stack_room(r, k)
            low, high = r.y0 + 30 * k, r.y1 - 18 * k
            put(f"count{seat}", _("× {n}").format(n=held), count_x, low, 15 * k, r, bold=True)
            below = r.x1 - 12 * k - (count_x + t.width(f"count{seat}") + GAP * k)
            size = fit_size(score, SCORE_SIZE * k, below)
            room = r.width - 12 * k - lead - GAP * k  # the name's row: the name and the kind
            named = text_width(name, NAME_SIZE * k, True)
            if partner and text_width(kind, KIND_SIZE * k) > room - named:
                kind = _("partner")  # say just the partner
            # the kind only beside the name whole, at the smallest words at least
            beside = text_width(kind, KIND_SIZE * k) <= room - text_width(name, MIN_TEXT, True)
            if (
                r.width < NARROW_PANEL * k
                or size < MIN_TEXT
                or text_width(score, size) > below
                or not beside
            ):
                # no room for the kind: the score goes up by the name, whole
                put(f"score{seat}", score, r.x1 - 10 * k, high, 13 * k, r, GOLD, "right")
                right = r.x1 - 10 * k - t.width(f"score{seat}")
            else:
                put(f"score{seat}", score, r.x1 - 12 * k, low, size, r, GOLD, "right")
                put(f"kind{seat}", kind, r.x1 - 12 * k, high, KIND_SIZE * k, r, DIM, "right")
                right = r.x1 - 12 * k - t.width(f"kind{seat}")
            mark_x = screen.side(r.x0 + 12 * k + across / 2, "center", r)[0]
            self.marks.put(f"mark{seat}", seat, mark_x, high, across)
            left = r.x0 + lead
            room = right - GAP * k - left  # the name gives way: smaller, then cut short
            size = max(MIN_TEXT, fit_size(name, NAME_SIZE * k, room, True))
            name = shorten(name, size, room)
            put(f"name{seat}", name, left, high, size, r, bold=True)
        tray = screen.tray
        held = len(state.hands[viewer - 1]) if state.hands else 0
        mine = _("{name} · {tiles} · {points}").format(
            name=seat_name(viewer, you),
            tiles=count("tiles", held),
            points=count("pts", state.scores[viewer - 1]),
        )
        across = MINE_MARK * k
        line = tray.y1 - min(14 * k, screen.head / 2)
        mark_x = screen.side(tray.x0 + 16 * k + across / 2, "center", tray)[0]
        self.marks.put("mark", viewer, mark_x, line, across)
        left = tray.x0 + (16 + MARK_GAP) * k + across
        put("mine", mine, left, line, 14 * k, tray, bold=True)
        if screen.upright:  # a line of its own, under the hand's owner
            x, y = tray.x0 + 16 * k, line - MESSAGE_LINE * k
        else:
            x, y = left + t.width("mine") + 32 * k, line
        room = tray.x1 - x - 8 * k
        sizes = [size * k for size in MESSAGE_SIZES]
        size = next(  # too long for the bar: a smaller hand, at last cut short
            (size for size in sizes if text_width(message, size, True) <= room), sizes[-1]
        )
        put("message", elide(message, size, room), x, y, size, tray, GOLD, bold=True)
        self.marks.end()

    def _cell(
        self, screen: ScreenLayout, r: Rect, seat: int, state: State, you: int | None
    ) -> None:
        """A seat's cell in a short window's strip: its mark, name and count on one line, or
        (a narrow cell: ten seats on a 7-inch screen) the whole name over the mark and the
        count."""
        t, k = self.texts, screen.scale
        held = len(state.hands[seat - 1]) if state.hands else 0
        tiles = _("× {n}").format(n=held)
        name = seat_name(seat, you)
        size = max(MIN_TEXT, CELL_SIZE * k)
        pad, across = 5 * k, min(r.height * 0.5, 24 * k)
        lead = across + MARK_GAP * k  # the mark and its gap before the words
        room = r.width - 2 * pad
        wide = text_width(name, size, True) + GAP * k + text_width(tiles, size)
        one_line = lead + wide <= room
        high, low = (
            (r.centre[1],) * 2 if one_line else (r.y0 + r.height * 0.7, r.y0 + r.height * 0.3)
        )
        mark_x = screen.side(r.x0 + pad + across / 2, "center", r)[0]
        self.marks.put(f"cell mark{seat}", seat, mark_x, low, across)
        after, start = screen.side(r.x0 + pad + lead, "left", r)
        if one_line:
            right, anchor = screen.side(r.x1 - pad, "right", r)
            t.put(f"cell count{seat}", tiles, right, low, size, INK, anchor_x=anchor)
            t.put(f"cell{seat}", name, after, high, size, INK, anchor_x=start, bold=True)
            return
        x, start = screen.side(r.x0 + pad, "left", r)
        fits = max(MIN_TEXT, fit_size(name, size, room, True))
        name = shorten(name, fits, room)
        t.put(f"cell{seat}", name, x, high, fits, INK, anchor_x=start, bold=True)
        t.put(f"cell count{seat}", tiles, after, low, size, INK, anchor_x=start)


def shorten(name: str, size: float, room: float) -> str:
    """A seat's ``name`` cut short with "…" so it fits ``room`` pixels in bold (whole if it
    fits). Its last word stays ("Kur… 10"): the seat's number is what tells seats apart."""
    if text_width(name, size, True) <= room:
        return name
    head, _sep, last = name.rpartition(" ")
    tail = f" {last}" if head else ""
    head = head or name
    while head:
        short = head + "…" + tail
        if text_width(short, size, True) <= room:
            return short
        head = head[:-1].rstrip()
    return "…" + tail if text_width("…" + tail, size, True) <= room else "…"
