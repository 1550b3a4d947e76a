"""Before each deal: the tiles washed face down in the middle of the table, then dealt.

The wash is :class:`~game.ui.motion.wash.Wash` (pymunk rigid bodies, fixed
steps, every push from the seed). Then each hand's share of the backs flies
to its seat — the tray for the player at the device, the seat panels for
the others — and what is left gathers as the boneyard (or the unused pile).
Only counts are used: no tile is ever face up here. A tap or any key skips
it; the game's tests and the headless demo never show it.
"""

from __future__ import annotations

import arcade

from game.i18n import _
from game.ui.motion.tween import ease_out_cubic
from game.ui.motion.wash import ARENA, TILE, Wash
from game.ui.routes import Navigator, Route
from game.ui.services import Services
from game.ui.table.view import TableView
from game.ui.theme import DIM, FELT
from game.ui.widgets.text import make_text

FLY = 0.55  # seconds for the dealt tiles to reach the seats


class DealView(arcade.View):
    """The wash and the deal, then the table."""

    def __init__(self, nav: Navigator, services: Services, table: TableView) -> None:
        super().__init__(services.window)
        self.nav, self.services, self.table = nav, services, table
        state = table.state
        self.counts = [len(hand) for hand in state.hands]
        rest = len(table.match.ruleset.tiles) - sum(self.counts)
        label = f"{state.round}/{state.deal_no}"
        self.wash = Wash(sum(self.counts) + rest, table.match.seed, label)
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        back = table.textures.back(1)
        for _body in self.wash.bodies:
            sprite = arcade.Sprite(back)
            self.sprites.append(sprite)
        self.flying = 0.0  # seconds into the flight, once the wash is done
        self._clock = 0.0
        self._starts: list[tuple[float, float, float]] = []
        self._ends: list[tuple[float, float, float]] = []
        self.finished = False
        self.text = make_text(_("Shuffling… tap to skip"), 0, 0, DIM, 18, "center", bold=True)
        self._place_sprites()

    # -- geometry -----------------------------------------------------------------

    def _scale(self) -> tuple[float, float, float]:
        """Arena units to screen pixels: the arena fills most of the table's area."""
        area = self.table.screen.table
        k = min(area.width * 0.8 / ARENA[0], area.height * 0.8 / ARENA[1])
        cx, cy = area.centre
        return k, cx, cy

    def _place_sprites(self) -> None:
        k, cx, cy = self._scale()
        for sprite, (x, y, angle) in zip(self.sprites, self._poses(), strict=True):
            sprite.position = (cx + x * k, cy + y * k)
            sprite.angle = -angle
            sprite.width, sprite.height = TILE[0] * k, TILE[1] * k

    def _poses(self) -> list[tuple[float, float, float]]:
        if not self._ends:
            return self.wash.poses()
        f = ease_out_cubic(self.flying / FLY)
        return [
            (a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f)
            for a, b in zip(self._starts, self._ends, strict=True)
        ]

    def _targets(self) -> list[tuple[float, float, float]]:
        """Where each back goes: its seat (in arena units), then the pile for the rest."""
        k, cx, cy = self._scale()
        screen = self.table.screen
        ends: list[tuple[float, float, float]] = []
        viewer = self.table.viewer
        for seat, count in enumerate(self.counts, 1):
            if seat == viewer:
                x, y = screen.tray.centre
            elif seat in screen.panels:
                x, y = screen.panels[seat].centre
            else:
                x, y = cx, cy
            for i in range(count):
                ends.append(
                    (
                        (x - cx) / k + (i - count / 2) * 6,
                        (y - cy) / k,
                        90.0 if seat == viewer else 0.0,
                    )
                )
        left = len(self.wash.bodies) - len(ends)
        for i in range(left):  # the boneyard (or the unused tiles): a tidy stack aside
            ends.append(
                (-ARENA[0] / 2 + TILE[0] + (i % 6) * 3, -ARENA[1] / 2 + TILE[1] + (i // 6) * 5, 0.0)
            )
        return ends

    # -- frames -------------------------------------------------------------------------

    def on_update(self, delta_time: float) -> None:
        if self.finished:
            return
        if not self.wash.done:
            self._clock += delta_time
            while self._clock >= 1 / 60 and not self.wash.done:
                self._clock -= 1 / 60
                self.wash.step()
            if self.wash.done:
                self._starts, self._ends = self.wash.poses(), self._targets()
        else:
            self.flying += delta_time
            if self.flying >= FLY:
                self.skip()
                return
        self._place_sprites()

    def on_draw(self) -> None:
        self.clear(color=FELT)
        self.sprites.draw()
        w, h = self.services.size
        self.text.position = (w / 2, 40)
        self.text.draw()

    def skip(self) -> None:
        """Done, or tapped: on to the table."""
        if not self.finished:
            self.finished = True
            self.services.sounds.play("shuffle")
            self.nav.open(Route.TABLE)

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        self.skip()

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        self.skip()
