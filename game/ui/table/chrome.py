"""The table view's words and buttons: the top bar, seat panels, hints, train names.

A mixin of :class:`~game.ui.table.view.TableView`, kept apart so the view itself
reads as the flow of a match. Everything here is rebuilt from the state and
the preview; texts are pooled (:class:`~game.ui.widgets.fills.TextPool`), so an
unchanged table rewrites nothing. Every word is an English message of the
catalogues (:mod:`game.i18n`), as in :mod:`wording`.

The top bar fits its words and tools in one row when it can (the status
shrinks, then goes under the title); an upright screen or a kiosk's larger
buttons give the tools a row of their own (see :meth:`TableChrome.bar_rows`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.i18n import N_, _
from game.rules import State
from game.ui.art.textures import HALF
from game.ui.board.geometry import Label, Rect
from game.ui.table.hud import MESSAGE_LINE, NARROW_PANEL, stack_room
from game.ui.theme import DIM, GOLD, LABEL, MEXICAN, MIN_TOUCH
from game.ui.widgets.kit import Button, touchable
from game.ui.widgets.text import text_width
from game.ui.words.names import count, points, seat_name, seats_name
from game.ui.words.wording import button_label, describe, term

if TYPE_CHECKING:
    from game.ui.table.view import TableView

LABEL_SIZES = (14, 13, 12, 11, 10, 9)  # pixels: a train's name, the largest its room holds
BADGE = 12  # pixels: the "cover it" badge by an uncovered double
ZOOM_STEP = 1.2
TITLE_SIZES = (18, 15)  # the title shrinks to this before the bar takes a second row
STATUS_SIZES = (16, 14, 12)  # beside the title, the status shrinks to these before …
UNDER_SIZES = (13, 12, 11)  # … it goes under the title, smaller
MESSAGE_SIZES = (15, 13, 11)
TOOL_GAP = 6
OUTCOMES = {"blocked": N_("blocked"), "target": N_("the target")}  # how a round ended, briefly


class TableChrome:
    """Texts and buttons of the table view (mixed into TableView)."""

    _tools_left = 0.0  # where the top bar's tools begin (one-row bar)
    # where the status goes: x, y, the width it may take, the sizes it may use
    _status_at: tuple[float, float, float, tuple[int, ...]] = (16, 28, 400, STATUS_SIZES)
    _label_key: object  # what the train names were last laid out for

    @property
    def you(self: TableView) -> int | None:
        """The seat the table calls "You": the viewer, when the only human at the table."""
        return self.viewer if len(self.humans) == 1 else None

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
            return _("Match over: {winners} won").format(winners=seats_name(state.winner))
        how = _(OUTCOMES.get(result.how, result.how))
        if not result.winners:
            return term(
                self.match.ruleset,
                N_("Round {n} ended ({how}) with no winner"),
                N_("Hand {n} ended ({how}) with no winner"),
                n=result.round,
                how=how,
            )
        who = seats_name(result.winners)
        gained = max(result.gained[s - 1] for s in result.winners)
        if result.how == "out":
            news = term(
                self.match.ruleset,
                N_("Round {n}: {who} went out"),
                N_("Hand {n}: {who} went out"),
                n=result.round,
                who=who,
            )
        else:
            news = term(
                self.match.ruleset,
                N_("Round {n}: {who} won ({how})"),
                N_("Hand {n}: {who} won ({how})"),
                n=result.round,
                who=who,
                how=how,
            )
        return news + (_(", +{points}").format(points=points(gained)) if gained > 0 else "")

    def bar_rows(self: TableView, width: float) -> int:
        """Rows the top bar needs in a window ``width`` wide: one, or two when crowded.

        One row holds the title, the status, the boneyard count and every tool
        button the table may show (the status under the title if need be);
        when they would not fit (an upright screen, a kiosk's larger buttons)
        the tools get a row of their own. Decided from the widest words the
        bar may have to show, so the bar does not change shape as the match
        goes on.
        """
        tools = [self._tool_width(label) for label in self._tool_labels()]
        title = text_width(self._title_text(10), TITLE_SIZES[-1], True)
        need = 16 + max(title, self._widest_status(UNDER_SIZES[-1])) + 16
        if self._has_boneyard():
            need += text_width(_("Boneyard {n}").format(n=99), 15) + 12
        need += sum(tools) + TOOL_GAP * len(tools)
        return 1 if need <= width else 2

    def _sync_buttons(self: TableView) -> None:
        buttons: list[Button] = []
        p = self.preview
        screen = self.screen
        size = 15 * self.touch
        area = screen.actions.grown(-10)
        actions = [a for a in p.buttons()]
        items: list[tuple[str, str, Callable[[], object], bool]] = []
        if self.covered:
            items.append(("show", _("Show my tiles"), self.show_hand, True))  # F-07
        for a in actions:
            items.append(
                (str(a), button_label(a), (lambda a=a: self.press_action(a)), a == p.chosen)
            )
        if p.chosen is not None:
            items.append(("confirm", _("Confirm"), self.confirm, True))
        if p.selected is not None or p.chosen is not None:
            items.append(("cancel", _("Cancel"), self.cancel, False))
        if self.state.winner is not None:
            items.append(("new", _("New match"), self.new_match, True))
        cells = _grid(area, max(2, min(4, len(items))), 1) if screen.upright else _grid(area, 2, 2)
        for (key, label, fn, hot), cell in zip(items, cells, strict=False):
            style = "primary" if hot else "normal"
            buttons.append(Button(touchable(cell), label, fn, style, key=key, size=size))
        tools = self._tools()
        off = {key for key, _, _ in tools if self.button_refusal(key)}
        top = screen.tools
        widths = [self._tool_width(label) for _, label, _ in tools]
        y0, y1 = top.y0 + 4, top.y1 - 4
        if screen.rows > 1:  # the tools' own row, under the words; squeezed (never too small)
            room = top.width - 12 - TOOL_GAP * (len(tools) - 1)
            if sum(widths) > room:
                widths = [max(MIN_TOUCH, w * room / sum(widths)) for w in widths]
        x = top.x1 - 6
        for (key, label, fn), w in zip(reversed(tools), reversed(widths), strict=True):
            rect = touchable(Rect(x - w, y0, x, y1))
            buttons.append(Button(rect, label, fn, key=key, size=size, enabled=key not in off))
            x -= w + TOOL_GAP
        self._tools_left = x if screen.rows == 1 else top.x1 - 4
        self.buttons.set(buttons)

    def button_refusal(self: TableView, key: str) -> str:
        """Why the top-bar button ``key`` cannot act now ("" when it can)."""
        if key == "undo":
            return self.undo_refusal()
        if key == "redo":
            return self.redo_refusal()
        return ""

    def _tools(self: TableView) -> list[tuple[str, str, Callable[[], None]]]:
        """The top bar's buttons, always the same ones in the same places (so a second tap
        lands on the same button); undo and redo are disabled while they cannot act."""
        tools: list[tuple[str, str, Callable[[], None]]] = [
            ("zoom-", "−", lambda: self.zoom_by(1 / ZOOM_STEP)),
            ("zoom+", "+", lambda: self.zoom_by(ZOOM_STEP)),
            ("fit", _("Fit"), self.refit),
            ("rot-", "↺", lambda: self.rotate(-1)),
            ("rot+", "↻", lambda: self.rotate(1)),
            ("undo", _("Undo"), self.undo),
            ("redo", _("Redo"), self.redo),
        ]
        tools.extend(self.extra_tools())
        return tools

    def _tool_labels(self: TableView) -> list[str]:
        """Every label the top bar shows, for planning its room."""
        return [label for _, label, _ in self._tools()]

    def _tool_width(self: TableView, label: str) -> float:
        k = self.touch
        if len(label) <= 1:
            return 52 * k
        return max(72 * k, text_width(label, 15 * k, True) + 24 * k)

    def _title_text(self: TableView, round_no: int) -> str:
        return term(
            self.match.ruleset,
            N_("{title} · round {n}"),
            N_("{title} · hand {n}"),
            title=_(self.title),
            n=round_no,
        )

    def _has_boneyard(self: TableView) -> bool:
        return bool(self.state.boneyard) or self.match.ruleset.rest == "boneyard"

    def _widest_status(self: TableView, size: float) -> float:
        """The widest status line this table may show, at ``size`` points."""
        n = self.match.ruleset.players
        samples = (
            _("Seat {n} is thinking… {percent}%").format(n=n, percent=100),
            _("Pass the device to Seat {n}").format(n=n),
            _("Seat {n}: your turn").format(n=n),
        )
        return max(text_width(x, size, True) for x in samples)

    def _sync_texts(self: TableView) -> None:
        t = self.texts
        t.begin()
        state = self.state
        screen = self.screen
        top = screen.top
        words = screen.words
        cy = words.centre[1]
        right = self._tools_left if screen.rows == 1 else top.x1 - 4
        if self._has_boneyard():
            t.put(
                "boneyard",
                _("Boneyard {n}").format(n=len(state.boneyard)),
                right - 12,
                cy,
                15,
                anchor_x="right",
            )
            right -= 12 + t.width("boneyard")
        # the status beside the title (the title shrinking first), else under it
        title = self._title_text(state.round)
        least = self._widest_status(STATUS_SIZES[-1])
        for size in TITLE_SIZES:
            x = 16 + text_width(title, size, True) + 24
            if x + least + 16 <= right:
                t.put("title", title, 16, cy, size, bold=True)
                self._status_at = (16 + t.width("title") + 24, cy, right - x - 16, STATUS_SIZES)
                break
        else:
            lift = min(screen.row, words.height) * 0.2
            t.put("title", title, 16, cy + lift, TITLE_SIZES[-1], bold=True)
            self._status_at = (16, cy - lift - 2, right - 32, UNDER_SIZES)
        self._put_status()
        kinds = self.match.seats
        for seat, r in screen.panels.items():
            name = seat_name(seat, self.you)
            held = len(state.hands[seat - 1]) if state.hands else 0
            t.put(f"name{seat}", name, r.x0 + 12, r.y1 - 18, 15, bold=True)
            kind = _("computer") if kinds[seat - 1].startswith("computer") else _("human")
            rules = self.match.ruleset
            if seat != self.viewer and rules.team_of(seat) == rules.team_of(self.viewer):
                kind = _("{kind} · partner").format(kind=kind)
            score = count("pts", state.scores[seat - 1])
            _left, count_x = stack_room(r)
            t.put(f"count{seat}", _("× {n}").format(n=held), count_x, r.y0 + 30, 15, bold=True)
            if r.width < NARROW_PANEL:  # no room for the kind: the score goes up by the name
                t.put(f"score{seat}", score, r.x1 - 10, r.y1 - 18, 13, GOLD, anchor_x="right")
                continue
            t.put(f"kind{seat}", kind, r.x1 - 12, r.y1 - 18, 12, DIM, anchor_x="right")
            t.put(f"score{seat}", score, r.x1 - 12, r.y0 + 30, 14, GOLD, anchor_x="right")
        tray = screen.tray
        me = self.viewer
        held = len(state.hands[me - 1]) if state.hands else 0
        mine = _("{name} · {tiles} · {points}").format(
            name=seat_name(me, self.you),
            tiles=count("tiles", held),
            points=count("pts", state.scores[me - 1]),
        )
        t.put("mine", mine, tray.x0 + 16, tray.y1 - 14, 14, bold=True)
        msg = self.message or self._hint()
        if screen.upright:  # a line of its own, under the hand's owner
            x, y = tray.x0 + 16, tray.y1 - 14 - MESSAGE_LINE
        else:
            x, y = tray.x0 + 16 + t.width("mine") + 32, tray.y1 - 14
        room = tray.x1 - x - 8
        size = next(  # too long for the bar: a smaller hand, at last cut short
            (size for size in MESSAGE_SIZES if text_width(msg, size, True) <= room),
            MESSAGE_SIZES[-1],
        )
        t.put("message", _elide(msg, size, room), x, y, size, GOLD, bold=True)
        t.end()

    def _sync_labels(self: TableView) -> None:
        """Train names on the table, in screen pixels at their projected places."""
        cam = self.camera
        anchors = self.scene.anchors
        glide = tuple((a.center_x, a.center_y) for a in anchors.values())  # names move
        glide += tuple(m.position for m in self.scene.markers)  # and markers
        key = (cam.position, cam.zoom, cam.angle, id(self.layout), self.scene.score, glide)
        if key == self._label_key:
            return
        self._label_key = key
        t = self.labels
        t.begin()
        table = self.screen.table
        order = tuple(getattr(self.state, "open_order", ()))  # L-13: first opened first
        board: list[Rect] | None = None  # what a branch's words keep off: tiles, markers
        words: list[Rect] = []  # and the branches' words already written
        for label in self.layout.labels:
            if label.key.startswith("branch"):
                board = board or [*self.sprite_rects(), *self.screen.panels.values()]
                self._branch_label(label, order, board, words)
                continue
            if not label.key.startswith("train"):
                continue
            anchor = anchors[label.key]
            x, y = cam.project((anchor.center_x, anchor.center_y))
            if not (table.x0 <= x <= table.x1 and table.y0 <= y <= table.y1):
                continue
            mexican = label.seat is None
            full = _("Mexican") if label.seat is None else seat_name(label.seat, self.you)
            short = _("Mex") if label.seat is None else str(label.seat)
            # the largest whole size the name's room on the hub holds (so names never meet),
            # none below 9 px: too small for the name, the short one ("7", "Mex"); too
            # small for that too, none (the train's marker still shows)
            room = label.width * HALF * cam.zoom - 2
            fits = [
                (name, size)
                for name in (full, short)
                for size in LABEL_SIZES
                if self._label_width(name, size) <= room
            ]
            name, size = fits[0] if fits else (full, None)
            if size is not None:
                colour = MEXICAN if mexican else LABEL
                t.put(label.key, name, x, y, size, colour, anchor_x=label.align, bold=True)
        for badge, x, y in self._uncovered_doubles():
            t.put(badge, _("cover!"), x, y, BADGE, GOLD, anchor_x="center", bold=True)
        if self.scene.score is not None:
            text, at = self.scene.score
            x, y = cam.project((at.x * HALF, at.y * HALF))
            lift = HALF * cam.zoom * (1.2 if at.angle % 180 else 0.8)
            t.put("score", text, x, y + lift, 22, GOLD, anchor_x="center", bold=True)
        t.end()

    def _branch_label(
        self: TableView,
        label: Label,
        order: tuple[int, ...],
        board: list[Rect],
        words: list[Rect],
    ) -> None:
        """A Longana branch's owner by its end and, while it is open, its place in the
        opening order by its marker (L-11, L-13), in screen pixels. Each goes on the first
        side of the marker where it covers no tile or marker (``board``) and no words
        written before (``words``, which it joins), else on one clear of the words at least;
        the name first tries past the marker, the number up and right of it."""
        cam, table = self.camera, self.screen.table
        anchor = self.scene.anchors[label.key]
        x, y = cam.project((anchor.center_x, anchor.center_y))
        assert label.seat is not None and label.marker is not None
        mx, my = cam.project((label.marker[0] * HALF, label.marker[1] * HALF))
        marker = self.scene.marker_at(label.key)
        if marker is not None:
            mx, my = cam.project(marker)
        if not (table.x0 <= mx <= table.x1 and table.y0 <= my <= table.y1):
            return  # the branch's end is off screen: so are its words
        # the name hangs away from the marker, whichever way the table is turned
        align = "left" if x > mx + 4 else "right" if x < mx - 4 else "center"
        size = round(max(10, min(14, 0.28 * HALF * cam.zoom)))
        name = seat_name(label.seat, self.you)
        away = max(abs(x - mx), abs(y - my), 0.9 * HALF * cam.zoom)
        sides = [(x, y, align)]
        for k in (1.0, 1.8):
            sides += [(mx + k * away, my, "left"), (mx - k * away, my, "right")]
            sides += [(mx, my + k * away, "center"), (mx, my - k * away, "center")]
        x, y, align = _free_side(sides, text_width(name, size, True), size * 1.7, board, words)
        t = self.labels
        t.put(label.key, name, x, y, size, LABEL, anchor_x=align, bold=True)
        if label.seat in order and marker is not None:
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

    def _label_width(self: TableView, text: str, size: int) -> float:
        """A train name's width in pixels, measured once per name and size."""
        widths = self.__dict__.setdefault("_label_widths", {})
        if (text, size) not in widths:
            widths[text, size] = text_width(text, size, True)
        return widths[text, size]

    def _uncovered_doubles(self: TableView) -> list[tuple[str, float, float]]:
        """Where a badge goes over each double left uncovered (MT-09: it must be covered)."""
        state = self.state
        waiting = (*getattr(state, "pending", ()), *getattr(state, "fresh", ()))
        doubles = [double for _, double in waiting]  # (train, double) pairs
        found = []
        for double in doubles:
            at = next((p for p in self.layout.tiles if p.tile == double), None)
            if at is None:
                continue
            x, y = self.camera.project((at.x * HALF, at.y * HALF))
            lift = HALF * self.camera.zoom * 1.3
            r = self.screen.table
            if r.x0 <= x <= r.x1 and r.y0 <= y + lift <= r.y1:
                found.append((f"cover {double}", x, y + lift))
        return found

    def _put_status(self: TableView) -> None:
        """The status beside the title, as large as its room allows.

        A thinking seat's status is sized for "100%", so the words keep
        one size while the percentage counts up.
        """
        x, y, room, sizes = self._status_at
        text = self._status()
        widest = self._status(progress=1.0) if "%" in text else text
        size = next((size for size in sizes if text_width(widest, size, True) <= room), sizes[-1])
        self.texts.put("status", text, x, y, size, GOLD, bold=True)

    def _status(self: TableView, progress: float | None = None) -> str:
        """Whose turn it is, in words (``progress`` stands in for a thinking seat's own)."""
        state = self.state
        if state.winner is not None:
            return _("Match over: {winners} won").format(winners=seats_name(state.winner))
        seat = state.to_move
        if seat is None:
            return ""
        if self.covered:
            return _("Pass the device to Seat {n}").format(n=seat)
        if self.replay is not None:
            return _("Seat {n}: since your last turn…").format(n=self.viewer)
        if self.human_turn():
            return (
                _("Your turn") if len(self.humans) == 1 else _("Seat {n}: your turn").format(n=seat)
            )
        if self.match.is_human(seat):
            return _("Seat {n} to play").format(n=seat)
        if progress is None:
            progress = self.computer.progress if self.computer is not None else 0.0
        if progress:
            return _("Seat {n} is thinking… {percent}%").format(n=seat, percent=int(progress * 100))
        return _("Seat {n} is thinking…").format(n=seat)

    def _hint(self: TableView) -> str:
        p = self.preview
        if self.replay is not None:
            return _("Tap or press Space to skip")
        if not self.human_turn():
            return ""
        if p.chosen is not None:
            what = describe(p.chosen, self.viewer)
            if p.chosen.tile:
                return _("{what}? Tap the ghost or Confirm · Esc cancels").format(what=what)
            return _("{what}? Press it again or Confirm · Esc cancels").format(what=what)
        if p.selected is not None:
            return _("{tile}: tap a lit place").format(tile=p.selected)
        choices = _(" or ").join(button_label(a) for a in p.buttons())
        if p.playable():
            if choices:
                return _("Pick a tile, or {choices}").format(choices=choices)
            return _("Pick a tile")
        if any(a.kind in ("draw", "pass") for a in p.buttons()):
            return _("No tile fits: {choices}").format(choices=choices)
        return _("Your choice: {choices}").format(choices=choices) if choices else ""


def _grid(area: Rect, cols: int, rows: int) -> list[Rect]:
    w, h = area.width / cols, area.height / rows
    cells = []
    for row in range(rows):
        for col in range(cols):
            x0, y1 = area.x0 + col * w, area.y1 - row * h
            cells.append(Rect(x0 + 4, y1 - h + 4, x0 + w - 4, y1 - 4))
    return cells


def _elide(text: str, size: float, room: float) -> str:
    """``text`` cut at a word and ended with "…" so it fits ``room`` pixels (whole if it fits)."""
    if text_width(text, size, True) <= room:
        return text
    words = text.split(" ")
    while len(words) > 1:
        words.pop()
        short = " ".join(words).rstrip(" ·,:?") + "…"
        if text_width(short, size, True) <= room:
            return short
    return words[0]


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
    for x, y, align in sides:
        x0 = {"left": x, "right": x - width, "center": x - width / 2}[align]
        boxes.append(Rect(x0, y - height / 2, x0 + width, y + height / 2))
    clear = [i for i, b in enumerate(boxes) if not any(b.overlaps(r) for r in words)] or [0]
    chosen = next((i for i in clear if not any(boxes[i].overlaps(r) for r in board)), clear[0])
    words.append(boxes[chosen])
    return sides[chosen]
