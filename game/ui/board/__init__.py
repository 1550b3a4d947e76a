"""Where things go, in layout units and pixels: pure geometry, testable without a window.

The table's layouts (the line of play and its snake, the spinner's arms,
Longana's branches, the trains round their hub), the seats round the
table, the regions of the screen. Imports no arcade: every module here is
a function of the state and a size.

Each rule family's module here registers the table's parts for its family
(:mod:`.families`) when the package is first imported.
"""

from game.ui.board import branches, line, trains  # noqa: F401  (each registers its family)
