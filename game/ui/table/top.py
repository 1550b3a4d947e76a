"""The top bar, as a part of the table's screen (:mod:`.sections`): its tools (the table's
own, then the mode's), its words (the title, the boneyard's count, the status), and the
name of the icon tool the pointer rests on.
"""

from __future__ import annotations

from game.i18n import _
from game.ui.table.sections import (
    MOTION,
    PRESS,
    TOP_BAR,
    ZOOM_STEP,
    Buttoned,
    Table,
)
from game.ui.table.topbar import Tool
from game.ui.theme import BAR
from game.ui.widgets.fills import Fills


class TopBarPart(Buttoned):
    """The top bar: its tools take their presses; the pointer resting on an icon tool names
    it (:mod:`.tips`)."""

    def __init__(self, table: Table) -> None:
        super().__init__(table, "top bar", table.tool_bar, (PRESS, MOTION), TOP_BAR)
        self.fill = Fills()

    def lay(self) -> None:
        self.place(self.table.screen.top)
        self.fill.clear()
        self.fill.add(self.area, BAR)

    def on_draw(self) -> None:
        """The bar, its tools and words, and the name of the tool the pointer rests on."""
        table, screen = self.table, self.table.window.ctx.screen
        self.fill.draw(screen)
        self.bar.draw(screen)
        table.bar.texts.batch.draw()
        table.tips.draw(self.bar.buttons, table.window.width)

    def on_mouse_motion(self, x: int, y: int, dx: int, dy: int) -> bool:
        self.table.tips.hover(self.bar.hit(x, y))
        return True

    def still(self) -> bool:
        return not self.table.tips.counting  # a tool's name goes by itself

    def sync(self) -> None:
        """The tools (off while they cannot act), then the words beside them."""
        table = self.table
        self.bar.set(table.bar.buttons(table.screen, self.tools(), self.refusal))
        table.bar.write(table.screen, table.state, shows_boneyard(table))

    def tools(self) -> list[Tool]:
        """The bar's buttons, always the same ones in the same places (so a second tap lands
        on the same button), the mode's after the table's own; undo and redo are off
        while they cannot act."""
        table = self.table
        tools: list[Tool] = [
            ("zoom-", "−", lambda: table.zoom_by(1 / ZOOM_STEP)),
            ("zoom+", "+", lambda: table.zoom_by(ZOOM_STEP)),
            ("fit", _("Fit"), table.refit),
        ]
        if table.source.plays:  # the player's own turns of the table, and their moves
            tools += [
                ("rot-", "↺", lambda: table.rotate(-1)),
                ("rot+", "↻", lambda: table.rotate(1)),
                ("undo", _("Undo"), table.undo),
                ("redo", _("Redo"), table.redo),
            ]
        tools += table.mode_tools
        return tools

    def refusal(self, key: str) -> str:
        if key == "undo":
            return self.table.undo_refusal()
        if key == "redo":
            return self.table.redo_refusal()
        return ""


def shows_boneyard(table: Table) -> bool:
    """The bar counts the boneyard: there is one (or the rules draw from one at all)."""
    return bool(table.state.boneyard) or table.match.ruleset.rest == "boneyard"
