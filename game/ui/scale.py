"""The one scale of the table's chrome, and the smallest target a finger may be given.

The table's bars, seat panels, buttons, words, hand and labels are drawn in
design pixels for a window 1080 pixels high; :meth:`Sizing.scale` turns them
into the window's pixels, so at 3840x2160 the chrome is twice as large and
takes the same share of the screen as at 1920x1080. A shorter window keeps
the design's sizes (the scale never goes under 1: a 1024x600 window packs its
bars tighter instead, see :func:`game.ui.table.hud.screen_layout`, and no text
shrinks under :data:`~game.ui.theme.MIN_TEXT`). The player's Text size
(100 to 200 %) multiplies it, as far as the window leaves the board room.

Density. The window's size is in the pixels the desktop gives the game:
where the system scales windows itself (a Retina Mac, Windows at 150 %),
pyglet already reports a window that many times smaller, so the chrome comes
out the same size on the glass. On X11, where nothing scales the window, the
desktop's font setting (``Xft.dpi``, which pyglet reads as the screen's
scale: 2 at 192 dpi) is the least the scale may be.

Fingers. Outside a kiosk a target is at least :data:`~game.ui.theme.MIN_TOUCH`
pixels. In a kiosk every target is at least :data:`KIOSK_FINGER_MM` across: the
game knows the panel's physical size when X11 reports it (``XDisplayWidthMM``,
which RandR fills from the panel's EDID); when it does not (0, or nothing
plausible, or no X11 at all) it assumes the density of the kiosk it is made
for, a 7-inch 1024x600 panel (:data:`KIOSK_PPI`, 170 pixels an inch), so 9 mm
is 60 pixels whatever the window's size.

Screens. The screens of widgets (title, setup, settings, history, summaries, menus …) are
drawn in design pixels for a 1280x720 window and fill it: :meth:`Sizing.unit` fits them
to the window (so at 3840x2160 they take 1080p's share), and grows them with the whole
Text size, as far as each still fits its window (see :class:`game.ui.widgets.kit.Screen`),
and at least as far as their layouts' spare room (:data:`SCREEN_ROOM`) goes. A kiosk's
screens spend that room on their larger targets already: the Text size grows its table
only.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from game.settings import TEXT_SIZES
from game.ui.theme import MIN_TOUCH

REFERENCE_HEIGHT = 1080  # pixels: the window the chrome's design sizes are drawn for
MOST_SHARE = 540  # the scale is at most the window's height over this (a Text size of 200 %
# on a 1080-pixel window, no more on a 600-pixel one than its bars leave the board half)
KIOSK_FINGER_MM = 9.0  # the least a kiosk's target is across, on the glass
MM_PER_INCH = 25.4
KIOSK_PPI = math.hypot(1024, 600) / 7.0  # a 7-inch 1024x600 panel: assumed when unknown
SCREEN_DESIGN = (1280, 720)  # pixels: the window the screens' design sizes are drawn for
SCREEN_LEAST = 0.6  # the screens' unit is never less (a smaller window scrolls or packs)
SCREEN_ROOM = 1.2  # every screen's layout leaves this much spare: the Text size grows a screen
# at least this much (further as far as it fits: see Screen in the kit)


@dataclass(frozen=True)
class Sizing:
    """What sizes the chrome besides the window: the player's Text size (1.0 to 2.0),
    whether this is a kiosk, the desktop's own scale (1 when unknown) and the panel's
    pixels an inch (None when the screen does not report its size)."""

    text: float = 1.0
    kiosk: bool = False
    desktop: float = 1.0
    ppi: float | None = None

    def scale(self, width: float, height: float) -> float:
        """The chrome's one scale for a window of ``width`` x ``height``: its height over
        :data:`REFERENCE_HEIGHT` (never under 1, nor the desktop's scale), times the Text
        size, at most the height over :data:`MOST_SHARE` (but never under 1 for that)."""
        base = self._base(height)
        return max(base, min(base * self.text, height / MOST_SHARE))

    def grown(self, width: float, height: float) -> float:
        """How much the Text size grows the chrome in this window: 1 at 100 %, at most its
        setting, less where :meth:`scale` finds no room for it."""
        return self.scale(width, height) / self._base(height)

    def unit(
        self, width: float, height: float, portrait: bool = False, growth: float | None = None
    ) -> float:
        """The screens' one size: the window over :data:`SCREEN_DESIGN` (upright when the
        screen is, the tighter of the two sides, never under :data:`SCREEN_LEAST`), times
        what the Text size grows it: ``growth`` where the screen found how far it may (up
        to the whole Text size), else :meth:`grown` up to :data:`SCREEN_ROOM` (in a kiosk
        not at all: its larger targets take that room).
        Their words and targets keep the share of the window they have at 1920x1080 however
        large it is."""
        across, high = SCREEN_DESIGN[::-1] if portrait else SCREEN_DESIGN
        fit = max(min(width / across, height / high), SCREEN_LEAST)
        if self.kiosk:
            return fit
        return fit * (self.least_growth(width, height) if growth is None else growth)

    def least_growth(self, width: float, height: float) -> float:
        """What the Text size grows every screen at least: :meth:`grown`, up to
        :data:`SCREEN_ROOM` (the spare room any screen's layout leaves)."""
        return min(self.grown(width, height), SCREEN_ROOM)

    def _base(self, height: float) -> float:
        """The scale at 100 %: the window's height over :data:`REFERENCE_HEIGHT`, never
        under 1 nor the desktop's scale."""
        return max(height / REFERENCE_HEIGHT, 1.0, self.desktop)

    def finger(self, width: float, height: float) -> float:
        """The smallest target in pixels: :data:`MIN_TOUCH`, or in a kiosk
        :data:`KIOSK_FINGER_MM` at the panel's density (:data:`KIOSK_PPI` when unknown)."""
        if not self.kiosk:
            return float(MIN_TOUCH)
        ppi = self.ppi or KIOSK_PPI
        return max(float(MIN_TOUCH), math.ceil(KIOSK_FINGER_MM / MM_PER_INCH * ppi))


def text_scale(percent: int) -> float:
    """The Text size setting (per cent) as a factor, one of :data:`TEXT_SIZES` or 100 %."""
    return (percent if percent in TEXT_SIZES else 100) / 100


def screen_density(window: object) -> tuple[float, float | None]:
    """The desktop's scale and the panel's pixels an inch, as far as the system says: (1,
    None) when it says nothing (a headless window, a system pyglet cannot ask)."""
    desktop, ppi = 1.0, None
    try:
        screen = window.display.get_default_screen()  # type: ignore[attr-defined]
        framebuffer = window.get_framebuffer_size()[0] / max(1, window.get_size()[0])  # type: ignore[attr-defined]
        if framebuffer <= 1:  # nothing scales the window for the desktop: its scale is ours
            desktop = min(max(float(screen.get_scale()), 1.0), 4.0)
        ppi = _x11_ppi(window.display, screen)  # type: ignore[attr-defined]
    except Exception:  # noqa: BLE001 - a system that cannot say: the defaults
        return 1.0, None
    return desktop, ppi


def _x11_ppi(display: object, screen: object) -> float | None:
    """Pixels an inch from X11's physical width of the screen, if it is plausible."""
    from pyglet.libs.x11 import xlib  # only where X11 is

    handle = display._display  # type: ignore[attr-defined]
    number = display.x_screen  # type: ignore[attr-defined]
    mm: int = xlib.XDisplayWidthMM(handle, number)
    if not 50 <= mm <= 2000:  # 0 (unknown) or a made-up figure
        return None
    return float(xlib.XDisplayWidth(handle, number)) / (mm / MM_PER_INCH)
