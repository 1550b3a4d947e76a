"""The choices beside the hand: the buttons for what the player may do, and the line that
says what to do now.

A part of the table view. It reads the preview (what is selected, what is
previewed, the actions without a tile) and, at each sync, the screen's
layout and a few facts of the moment (the hand covered, the match over, the
player's turn); a button calls back into the table (:class:`Acts`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from game.i18n import _
from game.rules import Action, Kind
from game.ui.board.geometry import Rect
from game.ui.table.hud import ScreenLayout
from game.ui.table.preview import Preview
from game.ui.theme import MIN_TEXT
from game.ui.widgets.bar import label_width
from game.ui.widgets.kit import Button, touchable
from game.ui.words.wording import button_label, describe


class Acts(Protocol):
    """What the choices' buttons do at the table."""

    def show_hand(self) -> None: ...
    def press_action(self, action: Action) -> None: ...
    def confirm(self) -> bool: ...
    def cancel(self) -> None: ...
    def new_match(self) -> None: ...
    def why_hint(self) -> None: ...


class Choices:
    """The action buttons (Draw, Pass, Confirm, Cancel …) and the line of what to do."""

    def __init__(
        self,
        preview: Preview,
        acts: Acts,
        draws_until_fits: Callable[[], bool] = lambda: False,
        hinted: Callable[[], bool] = lambda: False,
    ) -> None:
        self.preview = preview
        self.acts = acts
        self.draws_until_fits = draws_until_fits  # whether a lone Draw draws until one fits
        self.hinted = hinted  # whether a hint's preview stands, its reasons to be opened

    def buttons(
        self, screen: ScreenLayout, covered: bool, over: bool, bare: bool = False
    ) -> list[Button]:
        """The buttons for now: ``covered`` (a handover) offers the hand, ``over`` (the
        match ended) a new match; ``bare``: no tile in the hand yet (Cuban's draw for the
        opener), so the choices may spread over the hand's bar (:func:`spread`)."""
        p, acts = self.preview, self.acts
        items: list[tuple[str, str, Callable[[], object], bool]] = []
        if covered:
            items.append(("show", _("Show my tiles"), acts.show_hand, True))  # a handover's
        for a in p.buttons():
            items.append((str(a), button_label(a), _pressing(acts, a), a == p.chosen))
        # the only move, previewed (hinted or not): its own button is the one press
        # (as the rule cards ask), with no Confirm doing the same beside it, nothing to cancel
        lone = p.chosen is not None and p.chosen == p.only()
        if p.chosen is not None and not lone:
            items.append(("confirm", _("Confirm"), acts.confirm, True))
        if (p.selected is not None or p.chosen is not None) and not lone:
            items.append(("cancel", _("Cancel"), acts.cancel, False))
        if self.hinted():  # what the hint's search weighed, beside the choice it offers
            items.append(("why", _("Why?"), acts.why_hint, False))
        if over:
            items.append(("new", _("New match"), acts.new_match, True))
        size = 15 * screen.scale
        area = screen.actions.grown(-10 * screen.scale)
        shape = _shape(len(items), screen.upright, area, screen.finger)
        labels = [label for _key, label, _fn, _hot in items]
        if bare and (_crowded(labels, shape[0], area) or shape[0] * shape[1] < len(items)):
            wider = spread(screen, labels, size)
            if wider is not None:
                area, shape = wider, (len(items), 1)
        # read from the right in RTL
        cells = [screen.side_rect(cell, area) for cell in _grid(area, *shape)]
        return [
            Button(
                touchable(cell, screen.finger),
                label,
                fn,
                "primary" if hot else "normal",
                key=key,
                size=size,
            )
            for (key, label, fn, hot), cell in zip(items, cells, strict=False)
        ]

    def hint(self, viewer: int, holding: bool = False) -> str:
        """What the player to move can do now, in one line (the player ``viewer``'s turn;
        ``holding``: they are dragging the selected tile)."""
        p = self.preview
        if holding and p.selected is not None:
            if len(p.places) == 1:
                return _("{tile}: let go anywhere on the table").format(tile=p.selected)
            return _("{tile}: let go on a lit place").format(tile=p.selected)
        if p.chosen is not None and p.chosen == p.only():
            button = button_label(p.chosen)
            if p.chosen.kind == Kind.DRAW and self.draws_until_fits():
                return _("No tile fits: {button} draws until one does").format(button=button)
            if p.chosen.kind in (Kind.DRAW, Kind.PASS):
                return _("No tile fits: press {button}").format(button=button)
            return _("Nothing more to play: press {button}").format(button=button)
        if p.chosen is not None:
            what = describe(p.chosen, viewer)
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
        if any(a.kind in (Kind.DRAW, Kind.PASS) for a in p.buttons()):
            return _("No tile fits: {choices}").format(choices=choices)
        return _("Your choice: {choices}").format(choices=choices) if choices else ""


def spread(screen: ScreenLayout, labels: list[str], size: float) -> Rect | None:
    """A wide screen's choices as one row over the hand's bar, under its line of words,
    growing from the choices' column towards the bar's start, each cell as wide as its
    words need on one line, else on two: where no hand shows yet the bar is empty, and
    the column's cells are too narrow for a choice of who opens ("Kursi 1 membuka").
    None where that row would not be a finger high, or would not fit the bar."""
    if screen.upright or not labels:
        return None
    k, actions, tray = screen.scale, screen.actions, screen.tray
    top = tray.y1 - screen.head  # under the hand's owner and the message
    if top - actions.y0 - 20 * k < screen.finger + 8:
        return None
    for two in (False, True):
        need = max(label_width(label, size, two) for label in labels) + 28 * k
        width = max(need, actions.width / 2) * len(labels) + 20 * k
        if width <= actions.width + tray.width:
            break
    else:
        return None
    x0 = actions.x0 if screen.rtl else actions.x1 - width  # the column's end stays put
    return Rect(x0, actions.y0, x0 + width, top).grown(-10 * k)


def _crowded(labels: list[str], cols: int, area: Rect) -> bool:
    """Whether a label is too wide for its cell in ``cols`` columns of ``area`` at the
    smallest words, even on two lines (it would shrink unread)."""
    room = area.width / cols - 8 - 12
    return any(label_width(label, MIN_TEXT) > room for label in labels)


def _pressing(acts: Acts, action: Action) -> Callable[[], None]:
    return lambda: acts.press_action(action)


def _shape(n: int, upright: bool, area: Rect, finger: float) -> tuple[int, int]:
    """Columns and rows for ``n`` buttons in ``area``: a row of up to four on an upright
    screen, two columns beside the hand on a wide one (a choice's words need the width).
    More buttons (a hint's Why? beside a turn's choices, Confirm and Cancel) take another
    row where it still leaves each a ``finger``'s height; where it would not (a short
    window), the last ones go (Why? is last: W and a tap on the hint's line still open it)."""
    cols = max(2, min(4, n)) if upright else 2
    least = 1 if upright else 2
    rows = max(least, -(-n // cols))
    while rows > least and area.height / rows < finger + 8:
        rows -= 1
    return cols, rows


def _grid(area: Rect, cols: int, rows: int) -> list[Rect]:
    w, h = area.width / cols, area.height / rows
    cells = []
    for row in range(rows):
        for col in range(cols):
            x0, y1 = area.x0 + col * w, area.y1 - row * h
            cells.append(Rect(x0 + 4, y1 - h + 4, x0 + w - 4, y1 - 4))
    return cells
