"""A winner's moment on a summary screen: tiles thrown up, a cue, the name in large words.

:class:`Cheering` is the screen the round summary and the match end are
built on. Shown for the first time, it plays its cue (through the game's
:class:`~game.ui.art.sound.Sounds`, so the Sound setting silences it) and,
when asked for (``motion``: the Celebrations setting, and never in the
tests or the demo), throws the game's own tiles up from the winner's name:
a :class:`~game.ui.motion.shower.Shower` stepped once per frame (twice for
a late frame, never more), drawn over the screen with the name drawn again
over the tiles. The tiles land on a floor above the buttons, so none ever
lies over one, and fade out by themselves; the first tap or key ends it at
once and does nothing else (the button under the finger is not pressed).
While it runs the screen is not at rest, so the window draws every frame;
after, it sleeps again.
"""

from __future__ import annotations

from collections.abc import Sequence

import arcade
import pyglet

from game.i18n import right_to_left
from game.rules.seeding import rng
from game.rules.tiles import Tile
from game.ui.art.textures import TileTextures, level_for
from game.ui.board.geometry import Rect
from game.ui.motion.shower import STEP, Box, Shower
from game.ui.routes import Navigator
from game.ui.services import Services
from game.ui.theme import BAR
from game.ui.widgets.kit import Label, Screen
from game.ui.widgets.text import make_text

MOST_STEPS = 2  # physics steps in one frame at most: a slow frame slows the shower, no burst


class Celebration:
    """A shower drawn as face-up tiles (``tiles``: one face per body, as many as there are)."""

    def __init__(self, shower: Shower, textures: TileTextures, tiles: Sequence[Tile]) -> None:
        self.shower = shower
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.frames = 0  # frames it has run
        self._owed = 0.0  # seconds of physics behind the frames
        long, short = shower.tile
        level = level_for(short)  # a texel a pixel, no more: software GL pays for each
        for tile, _body in zip(tiles, shower.bodies, strict=False):
            sprite = arcade.Sprite(textures.face(tile, level))
            sprite.width, sprite.height = long, short
            self.sprites.append(sprite)
        self._place()

    @property
    def running(self) -> bool:
        return not self.shower.done

    def update(self, delta_time: float) -> None:
        """One frame: a fixed step, or two when the frame came late, then the sprites follow."""
        if not self.running:
            return
        self.frames += 1
        self._owed = min(self._owed + delta_time, MOST_STEPS * STEP)
        steps = max(1, min(MOST_STEPS, int(self._owed / STEP + 0.5)))
        self._owed = max(0.0, self._owed - steps * STEP)
        for _ in range(steps):
            self.shower.step()
        self._place()

    def finish(self) -> None:
        self.shower.finish()

    def covers(self, rect: Rect) -> bool:
        """Whether a tile may lie over ``rect`` now: its centre within half its length of it
        (however it is turned; a few near misses cost one more draw, no more)."""
        reach = self.shower.tile[0] / 2
        x0, y0, x1, y1 = rect.x0 - reach, rect.y0 - reach, rect.x1 + reach, rect.y1 + reach
        return any(x0 < p.x < x1 and y0 < p.y < y1 for p in self.shower.poses())

    def draw(self) -> None:
        # nearest texels: a third of the cost on software GL, and a tile on the move hides it
        self.sprites.draw(pixelated=True)

    def _place(self) -> None:
        alpha = int(255 * self.shower.opacity)
        for sprite, pose in zip(self.sprites, self.shower.poses(), strict=False):
            sprite.position = (pose.x, pose.y)
            sprite.angle = -pose.angle  # pymunk turns counter-clockwise, a sprite clockwise
            sprite.alpha = alpha


class Cheering(Screen):
    """A screen with a winner's moment: the cue when first shown, then (``motion``) the
    tiles; ``cue`` is the name of the sound (None: no winner, nothing to cheer)."""

    def __init__(
        self,
        nav: Navigator,
        services: Services,
        textures: TileTextures,
        cue: str | None,
        motion: bool,
    ) -> None:
        super().__init__(nav, services)
        self.textures = textures
        self.cue = cue
        self.motion = motion and cue is not None
        self.celebration: Celebration | None = None
        self._thrown = False  # once: a screen shown again (back from the log) throws nothing
        self._cued = False
        self._over: list[Label] = []  # the name, drawn again over the flying tiles
        self._over_texts: list[arcade.Text] = []
        self._over_batch = pyglet.graphics.Batch()  # drawn in one call
        self._swallow_text = False  # the key that skipped it types nothing either

    @property
    def celebrating(self) -> bool:
        return self.celebration is not None and self.celebration.running

    def cheer(
        self,
        box: Rect,
        origin: tuple[float, float],
        tile_short: float,
        tiles: Sequence[Tile],
        count: int,
        seed: int,
        label: object,
        steps: int,
        rise: float = 1.0,
    ) -> None:
        """From :meth:`build`: throw ``count`` of ``tiles`` (picked by the seed) up from
        ``origin`` within ``box`` (its floor clear of the buttons); only the first time, and
        only with ``motion``; ``rise`` as :class:`Shower` has it."""
        if not self.motion or self._thrown:
            return
        self._thrown = True
        if right_to_left():  # the name changes sides when the screen is mirrored after build
            origin = (self.dims[0] - origin[0], origin[1])
        rand = rng(seed, "cheer", str(label))
        faces = rand.sample(list(tiles), min(count, len(tiles)))
        shower = Shower(
            len(faces),
            Box(box.x0, box.y0, box.x1, box.y1),
            origin,
            (2 * tile_short, tile_short),
            seed,
            label,
            steps,
            rise,
        )
        self.celebration = Celebration(shower, self.textures, faces)

    def over_tiles(self, label: Label) -> Label:
        """Add ``label`` (the winner's name), drawn over the tiles too while they fly."""
        self._over.append(label)
        self._over_texts = []
        self.add(label)
        return label

    def skip(self) -> None:
        """The moment over at once (a tap, a key, a new size)."""
        if self.celebration is not None:
            self.celebration.finish()
            self._ended()

    def _ended(self) -> None:
        self.celebration = None
        self._over_texts = []
        self.stale = True  # one more frame, without the tiles

    # -- frames ---------------------------------------------------------------------------

    def at_rest(self) -> bool:
        return super().at_rest() and not self.celebrating

    def ensure(self) -> None:
        if self.dirty:  # a rebuild adds the name again
            self._over, self._over_texts = [], []
        super().ensure()

    def on_show_view(self) -> None:
        super().on_show_view()
        if not self._cued and self.cue is not None:
            self._cued = True
            self.services.sounds.play(self.cue)

    def on_update(self, delta_time: float) -> None:
        super().on_update(delta_time)
        self._swallow_text = False
        if self.celebration is None:
            return
        self.celebration.update(delta_time)
        if not self.celebration.running:
            self._ended()

    def draw_over(self) -> None:
        super().draw_over()
        if not self.celebrating or self.celebration is None:
            return
        self.celebration.draw()
        if not any(self.celebration.covers(label.rect) for label in self._over):
            return  # no tile over the name: it shows as it is
        if not self._over_texts:
            self._over_batch = pyglet.graphics.Batch()
            batch = self._over_batch
            self._over_texts = [t for label in self._over for t in _texts_of(label, batch)]
        self._over_batch.draw()

    def on_resize(self, width: int, height: int) -> None:
        if (width, height) != self.dims:
            self.skip()  # the tiles were thrown for the old size
        super().on_resize(width, height)

    # -- input: while it runs, the first tap or key only ends it ---------------------------

    def on_mouse_press(self, x: int, y: int, button: int, modifiers: int) -> None:
        if self.celebrating:
            self.skip()  # and no button is pressed: its release finds nothing pressed
            return
        super().on_mouse_press(x, y, button, modifiers)

    def on_key_press(self, symbol: int, modifiers: int) -> None:
        if self.celebrating:
            self.skip()
            self._swallow_text = True
            return
        super().on_key_press(symbol, modifiers)

    def on_text(self, text: str) -> None:
        if self._swallow_text:
            return
        super().on_text(text)


def _texts_of(label: Label, batch: pyglet.graphics.Batch) -> list[arcade.Text]:
    """The label's one line as it draws it (centred or to one side, middle of its box), over
    a dark shadow of itself, so it reads on the tiles' light faces."""
    r = label.rect
    x = {"left": r.x0, "center": r.centre[0], "right": r.x1}[label.align]
    off = max(1.0, label.size / 16)
    return [
        make_text(
            label.text,
            x + dx,
            r.centre[1] + dy,
            colour,
            label.size,
            label.align,
            "center",
            label.bold,
            batch,
        )
        for dx, dy, colour in ((off, -off, BAR), (0.0, 0.0, label.colour))
    ]
