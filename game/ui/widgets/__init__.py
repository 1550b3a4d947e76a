"""The one widget kit: buttons, labels, fields, scrolling lines, the screen they sit on.

Also the fast paths the table draws with: opaque fills in one batch and
pooled texts. Kept small on purpose rather than ``arcade.gui`` (see
:mod:`game.ui.widgets.kit`).
"""
