"""The hand's bar, as parts of the table's screen (:mod:`.sections`): the viewer's hand and
the choices beside (or over) it.

Why together: they share the bar (the choices stand on the hand's), and the hand's row
lies where the choices leave room (:meth:`HandPart.span`): a hand with no button beside it
is centred on its bar. Each part sets its own buttons and sprites from the table as it
is (``sync``), the choices first.
"""

from __future__ import annotations

from functools import partial

from game.match import Match
from game.rules import Kind
from game.rules.tiles import Tile
from game.ui.table.hud import MESSAGE_LINE
from game.ui.table.sections import (
    CHOICES,
    HAND,
    LEFT,
    PRESS,
    SCROLL,
    Buttoned,
    ModePart,
    Part,
    Table,
    Transport,
    hidden,
)
from game.ui.theme import BAR
from game.ui.widgets.fills import Fills
from game.ui.widgets.kit import Button


class ChoicesPart(Buttoned):
    """The choices beside (or over) the hand: Draw, Pass, Confirm, Cancel …"""

    def __init__(self, table: Table, modes: list[ModePart]) -> None:
        super().__init__(table, "choices", table.choice_bar, (PRESS,), CHOICES)
        self.modes = modes  # a mode's transport stands here instead (:class:`Transport`)

    def lay(self) -> None:
        self.place(self.table.screen.actions)

    def buttons(self) -> list[Button]:
        """The choices (a mode may stand its own buttons here instead: a replay's transport)."""
        table = self.table
        instead = next((p for p in self.modes if isinstance(p, Transport)), None)
        if instead is not None:
            return instead.buttons()
        state = table.state
        bare = not state.hands or not state.hands[table.viewer - 1]  # none dealt yet
        return table.choices.buttons(table.screen, table.covered, state.winner is not None, bare)

    def sync(self) -> None:
        self.bar.set(self.buttons())

    def on_draw(self) -> None:
        self.bar.draw(self.table.window.ctx.screen)


class HandPart(Buttoned):
    """The viewer's hand: a press on a tile begins its tap or drag (the board carries the
    drag on); a hand that scrolls has its arrows, and the wheel over it scrolls it."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "hand", table.arrow_bar, (PRESS, SCROLL), HAND)
        self.fill = Fills()

    def lay(self) -> None:
        screen = self.table.screen
        self.place(screen.tray)
        self.fill.clear()
        self.fill.add(screen.tray.union(screen.actions), BAR)  # the bar under the choices too

    def on_draw(self) -> None:
        """The hand's bar (the choices stand on it), its tiles and its arrows, and a tile
        leaving the hand for the board: over the bar, not under it."""
        table = self.table
        screen = table.window.ctx.screen
        self.fill.draw(screen)
        table.tray.draw()
        if table.scene.flying:
            table.camera.use_over(*table.window.get_size())
            table.scene.draw_flying()
            table.window.default_camera.use()
        self.bar.draw(screen)

    def holds(self, x: float, y: float) -> bool:
        return super().holds(x, y) or self.table.tray.hit(x, y) is not None

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> bool | None:
        if super().on_mouse_press(x, y, button, modifiers):
            return True
        tile = self.table.tray.hit(x, y) if button == LEFT else None
        if tile is None:
            return None
        self.table.input.press_tile(x, y, tile)
        return True

    def sync(self) -> None:
        """The viewer's tiles in the tray: the picked one raised, those that cannot go down
        dimmed when tiles are what the turn is about, the ones just drawn marked, all face
        down while hidden; then the arrows."""
        table = self.table
        screen, state, p = table.screen, table.state, table.preview
        hand = state.hands[table.viewer - 1] if state.hands else ()
        face_down = hidden(table)
        about_tiles = p.playable() or any(a.kind in (Kind.DRAW, Kind.PASS) for a in p.buttons())
        playable = p.playable() if table.human_turn() and about_tiles else None
        head = screen.head + (MESSAGE_LINE * screen.scale if screen.upright else 0)
        fresh = frozenset() if face_down else just_drawn(table.match, table.viewer)
        bar = screen.tray.union(screen.actions).centre[0]  # the hand's bar
        table.tray.sync(
            hand, screen.tray, p.selected, playable, face_down, head, fresh, bar, self.span(),
            screen.foot, screen.scale,
        )  # fmt: skip
        self.sync_arrows()

    def span(self) -> tuple[float, float] | None:
        """Where the hand's row may lie, from x to x, when the choices sit beside it: the
        tray and the part of the choices' area no button takes, so that a hand with no
        button beside it is centred on its bar (a kiosk's large tiles stood far left of
        the middle, kept out of an empty area). None: the tray alone (the choices above)."""
        screen = self.table.screen
        if screen.upright:
            return None
        room = screen.tray.union(screen.actions).grown(-16)
        taken = [b.rect for b in self.table.choice_bar.buttons]
        if screen.rtl:
            return (max([room.x0, *(r.x1 + 16 for r in taken)]), room.x1)
        return (room.x0, min([room.x1, *(r.x0 - 16 for r in taken)]))

    def sync_arrows(self) -> None:
        """A hand too long for its row scrolls: an arrow at each end (off at its end)."""
        tray = self.table.tray
        arrows = tray.arrows
        if arrows is None:
            self.bar.set([])
            return
        size = 22 * self.table.screen.scale
        self.bar.set(
            [
                Button(
                    rect,
                    label,
                    partial(self.scroll, step),
                    "quiet",
                    key,
                    size,
                    tray.can_scroll(step),
                )
                for rect, label, key, step in (
                    (arrows[0], "‹", "hand-", -1),
                    (arrows[1], "›", "hand+", 1),
                )
            ]
        )

    def scroll(self, step: int) -> None:
        """Show the next (1) or the previous (-1) tiles of a hand that scrolls."""
        table = self.table
        if table.tray.can_scroll(step):
            table.tray.scroll(step)
            table.sync_preview()

    def on_mouse_scroll(self, x: int, y: int, scroll_x: float, scroll_y: float) -> bool | None:
        table = self.table
        if table.tray.arrows is None or not Part.holds(self, x, y):
            return None  # the board's: the wheel zooms
        step = scroll_x or -scroll_y
        if step:
            self.scroll(1 if step > 0 else -1)
        return True


def just_drawn(match: Match, seat: int) -> frozenset[Tile]:
    """The tiles ``seat`` drew in the draws that are the match's latest actions (its turn now).

    Once the seat does anything else (plays, passes), or another seat moves, none are new.
    """
    history = match.history
    streak = 0
    while streak < len(history):
        who, action, _after = history[-1 - streak]
        if who != seat or action.kind != Kind.DRAW:
            break
        streak += 1
    if not streak or streak == len(history):  # (a match never opens with a draw)
        return frozenset()
    before, now = history[-1 - streak][2], match.state
    if not now.hands or not before.hands or before.round != now.round:
        return frozenset()
    return frozenset(now.hands[seat - 1]) - frozenset(before.hands[seat - 1])
