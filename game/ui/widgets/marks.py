"""Each seat's mark: its initial in a disc of its own colour, the same wherever the seat shows.

Why one module: the seat panels, the hand's bar, the trains and branches on the table, the
round summary, the score sheet and the history all tell seats apart by the same mark, so a
player who learns that the blue "A" is Ana finds her everywhere. The colours are the
theme's :data:`~game.ui.theme.SEAT_COLOURS` (told apart by colour-blind players too); the
letter (:func:`~game.ui.words.names.initial`) tells them apart where colour does not.

A disc is a texture drawn once per colour (smooth edges, a dark rim so it stands out on
the felt and on a panel alike); its letter is a text of the screen it stands on, so every
script is shaped as all the other words are. :class:`Discs` holds the discs of a table
(screen pixels, a sprite list of its own); :class:`Marks` are those of a kit screen.
"""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

import arcade
from PIL import Image, ImageDraw

from game.ui.board.geometry import Rect
from game.ui.theme import MARK_RIM, SEAT_COLOURS, TEXT_DARK, WHITE, Colour
from game.ui.widgets.kit import Screen, Widget
from game.ui.widgets.text import TextPool
from game.ui.words.names import initial

DISC_TEXELS = 128  # the disc's texture, across: crisp up to a mark of that many pixels
LETTER = 0.6  # a mark's letter, as a share of the disc across
MIN_LETTER = 9.0  # pixels: the smallest letter a mark shows (the table's smallest words)


def seat_colour(seat: int) -> Colour:
    """Seat ``seat``'s own colour (1-based; the colours go round again past ten)."""
    return SEAT_COLOURS[(seat - 1) % len(SEAT_COLOURS)]


def words_colour(seat: int) -> Colour:
    """Seat ``seat``'s colour for words and lines on a dark sheet (a score sheet's heading,
    the chart's line): its own, lightened where it is too dark to read there."""
    colour = seat_colour(seat)
    if _luminance(colour) >= 0.2:
        return colour
    r, g, b, a = colour
    return (r + (255 - r) * 2 // 5, g + (255 - g) * 2 // 5, b + (255 - b) * 2 // 5, a)


def _luminance(colour: Colour) -> float:
    """The colour's relative luminance (WCAG: 0 black, 1 white)."""
    r, g, b = (_linear(c / 255) for c in colour[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def _linear(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def ink_on(colour: Colour) -> Colour:
    """The letter's colour on a disc of ``colour``: dark on a light disc, white on a dark."""
    return TEXT_DARK if _luminance(colour) > 0.18 else WHITE


@cache
def disc_image(colour: Colour) -> Image.Image:
    """A disc of ``colour`` in a thin dark rim, drawn large and scaled down (smooth edges)."""
    big = DISC_TEXELS * 4
    image = Image.new("RGBA", (big, big), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse([0, 0, big - 1, big - 1], fill=MARK_RIM)
    rim = big * 0.07
    draw.ellipse([rim, rim, big - 1 - rim, big - 1 - rim], fill=colour)
    return image.resize((DISC_TEXELS, DISC_TEXELS), Image.Resampling.LANCZOS)


@cache
def disc_texture(colour: Colour) -> arcade.Texture:
    """The disc as a texture, one per colour for the program's life (its atlas place kept)."""
    name = "boneyard-mark-" + "-".join(str(c) for c in colour)
    return arcade.Texture(
        disc_image(colour), hash=name, hit_box_algorithm=arcade.hitbox.algo_bounding_box
    )


def disc_sprite(seat: int, x: float, y: float, across: float) -> arcade.Sprite:
    """Seat ``seat``'s disc, ``across`` pixels wide, centred on (x, y)."""
    texture = disc_texture(seat_colour(seat))
    sprite = arcade.Sprite(texture, scale=across / texture.width)
    sprite.position = (x, y)
    return sprite


def letter_size(across: float, letter: str) -> float:
    """The letter's size in a disc ``across`` pixels wide (two digits, "10", smaller): a
    whole size, so a letter is drawn alike whichever size of the font was made first."""
    return float(max(MIN_LETTER, round(across * LETTER * (0.85 if len(letter) > 1 else 1.0))))


class Discs:
    """The seats' marks on a table, in screen pixels: discs in a sprite list, their letters
    written into a text pool (``texts``) under keys of their own. A mark put again where it
    was is left as it is; one that moved (the camera glides) is moved, not made again."""

    def __init__(self, texts: TextPool) -> None:
        self.texts = texts
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()
        self.shown: dict[str, tuple[int, float, float, float]] = {}  # by key: seat, x, y, across
        self._discs: dict[str, arcade.Sprite] = {}  # by key
        self._put: dict[str, tuple[int, float, float, float]] = {}

    def begin(self) -> None:
        """Marks are put anew (those not put again before :meth:`end` go)."""
        self._put = {}

    def put(self, key: str, seat: int, x: float, y: float, across: float) -> None:
        """Seat ``seat``'s mark, ``across`` pixels wide, centred on (x, y); its letter goes
        into the text pool under ``key``."""
        self._put[key] = (seat, x, y, across)
        text = initial(seat)
        ink = ink_on(seat_colour(seat))
        size = letter_size(across, text)
        # the letter on whole pixels: drawn alike wherever its glyph lies in the font's atlas
        self.texts.put(key, text, round(x), round(y), size, ink, anchor_x="center", bold=True)

    def end(self) -> None:
        """The discs as put since :meth:`begin`."""
        if self._put == self.shown:
            return
        for key in [k for k in self._discs if k not in self._put]:
            self._discs.pop(key).remove_from_sprite_lists()
        for key, (seat, x, y, across) in self._put.items():
            disc = self._discs.get(key)
            if disc is None or self.shown[key][0] != seat:
                if disc is not None:
                    disc.remove_from_sprite_lists()
                disc = self._discs[key] = disc_sprite(seat, x, y, across)
                self.sprites.append(disc)
            elif self.shown[key] != (seat, x, y, across):  # moved with the camera
                disc.position = (x, y)
                disc.scale = across / disc.texture.width
        self.shown = self._put

    def draw(self) -> None:
        self.sprites.draw()

    def rects(self) -> list[Rect]:
        """Where the discs stand on screen (what other words keep off)."""
        return [
            Rect(x - a / 2, y - a / 2, x + a / 2, y + a / 2) for _s, x, y, a in self.shown.values()
        ]


class Mark(NamedTuple):
    """One seat's mark on a kit screen: where its disc goes, whose it is and its letter."""

    rect: Rect
    seat: int
    letter: str

    @property
    def across(self) -> float:
        return min(self.rect.width, self.rect.height)


class Marks(Widget):
    """The seats' marks on a kit screen, added as the screen lays out its rows and drawn
    together after every look before it: their discs in one sprite list (one draw, and the
    screen's flat rectangles stay one batch), their letters the screen's texts."""

    def __init__(self) -> None:
        super().__init__(Rect(0, 0, 0, 0))
        self.marks: list[Mark] = []
        self.sprites: arcade.SpriteList[arcade.Sprite] = arcade.SpriteList()

    def add(self, rect: Rect, seat: int) -> None:
        """Seat ``seat``'s mark in ``rect``, its letter as the seats are named now (a past
        match's, in History)."""
        self.marks.append(Mark(rect, seat, initial(seat)))

    def draw(self, screen: Screen) -> None:
        if len(self.sprites) != len(self.marks):
            self.sprites.clear()
            for mark in self.marks:
                self.sprites.append(disc_sprite(mark.seat, *mark.rect.centre, mark.across))
        self.sprites.draw()

    def mirror(self, width: float) -> None:
        self.marks = [
            mark._replace(
                rect=Rect(width - mark.rect.x1, mark.rect.y0, width - mark.rect.x0, mark.rect.y1)
            )
            for mark in self.marks
        ]
        self.sprites.clear()

    def add_texts(self, screen: Screen) -> None:
        for mark in self.marks:
            x, y = (round(c) for c in mark.rect.centre)  # on whole pixels, as the table's
            colour = ink_on(seat_colour(mark.seat))
            size = letter_size(mark.across, mark.letter)
            screen.text(mark.letter, x, y, size, colour, "center", "center", True)
