"""The game on screen (docs/DESIGN.md, layer 4), in rooms by role, each a floor over the next.

From the top: ``demo`` and ``router`` (which builds every screen), ``screens``
and ``table``, ``widgets`` and ``motion``, ``services`` (the navigator and
what screens use), ``art``, ``board`` and ``words``, and ``theme``; each
subpackage's docstring says what lives there. Importing this package imports
no arcade: ``board`` (pure geometry) and ``words`` are tested without a
window. The rest draw with arcade: set ``ARCADE_HEADLESS=1`` first for an
off-screen window (``tools.harness.headless``).
"""

from .art.audio import choose_driver

choose_driver()  # before anything imports arcade, which opens the audio driver
