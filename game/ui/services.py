"""What a screen is given instead of the whole game: a navigator and the services it uses.

A screen asks the navigator to open a route (:mod:`game.ui.routes`) and uses the
:class:`Services`: the settings and the store that keeps them, the sounds, whether this is
a kiosk, the size of touch targets and the size to lay out for. Which screen a route shows, and what
it is built from, is the router's business (:mod:`game.ui.router`): nothing
here knows a screen or the table, so no screen imports the layer that
builds it.
"""

from __future__ import annotations

from collections.abc import Callable

import arcade

from game.i18n import set_language
from game.saves import Store
from game.settings import Settings
from game.ui.art.sound import Sounds
from game.ui.scale import Sizing, screen_density, text_scale


class Services:
    """What screens and the table use: settings (and keeping them), store, sounds, the window."""

    def __init__(
        self,
        window: arcade.Window,
        store: Store,
        settings: Settings,
        kiosk: bool = False,
        scale: float = 1.0,
    ) -> None:
        self.window = window
        self.store = store
        self.settings = settings
        self.kiosk = kiosk
        self.scale = scale  # the screens' touch targets are this much larger (a kiosk's)
        self.density = screen_density(window)  # the desktop's scale, the panel's pixels an inch
        self.sounds = Sounds(settings.sound)
        self.autoplay: float | None = None  # a watched demo: summaries move on after this long
        self.laid_out_for: tuple[int, int] | None = None  # the last resize, once there was one
        self.listeners: list[Callable[[], None]] = []  # told when the settings changed
        set_language(settings.language)

    @property
    def size(self) -> tuple[int, int]:
        """The size screens lay out for: the last resize, else the window's."""
        return self.laid_out_for or (self.window.width, self.window.height)

    @property
    def sizing(self) -> Sizing:
        """What sizes the table's chrome besides the window (:mod:`game.ui.scale`): the
        player's Text size, whether this is a kiosk, the display's density."""
        desktop, ppi = self.density
        return Sizing(text_scale(self.settings.text_size), self.kiosk, desktop, ppi)

    def save_settings(self) -> None:
        """Keep the settings (a kiosk only uses them: it writes nothing) and apply them."""
        if not self.kiosk:
            self.store.save_settings(self.settings)
        self.apply_settings()

    def apply_settings(self) -> None:
        """Sound and language at once; then whoever listens (the table's pace, its pips)."""
        self.sounds.enabled = self.settings.sound
        set_language(self.settings.language)
        for listener in self.listeners:
            listener()
