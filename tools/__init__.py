"""The project's tools, run from the checkout as modules: ``python -m tools.soak``.

Importing the game's UI package first picks the audio driver before any tool imports
arcade (``game.ui.art.audio``), so no tool prints ALSA's lines on a machine with no
sound card.
"""

import game.ui  # noqa: F401
