"""The one palette, the font and the sizes every screen and the table share.

Colours are RGBA. The table's felt and bars, the kit's buttons and sheets,
the seat panels and the tiles' own colours all live here, each under one
name, so a colour means one thing wherever it is used.
"""

from __future__ import annotations

Colour = tuple[int, int, int, int]

FONT = ("DejaVu Sans", "Arial", "Helvetica")
MIN_TOUCH = 48  # pixels: the smallest target a finger hits reliably
MIN_TEXT = 12  # pixels: the smallest words a line on the table shrinks to (names may go lower)

# -- the room ---------------------------------------------------------------------------------
FELT: Colour = (22, 84, 52, 255)  # the table, and the screens' background
BAR: Colour = (26, 32, 38, 255)  # the table's bars; plain screens' background
SHEET: Colour = (30, 38, 44, 255)  # a panel over the table (menu, question, log …): opaque
DIMMER: Colour = (0, 0, 0, 150)  # laid over the paused table under a sheet
WELL: Colour = (20, 26, 30, 255)  # behind scrolling lines
FIELD: Colour = (16, 20, 24, 255)  # behind a text field
STRIPE: Colour = (38, 46, 54, 255)  # every other row of a table of scores

# -- buttons ----------------------------------------------------------------------------------
BUTTON: Colour = (52, 60, 70, 255)
BUTTON_HOVER: Colour = (70, 80, 92, 255)
HOT: Colour = (214, 168, 60, 255)  # the primary button
SELECTED: Colour = (60, 120, 170, 255)
QUIET: Colour = (40, 48, 56, 255)
OFF: Colour = (34, 38, 44, 255)
FOCUS: Colour = (120, 200, 255, 255)  # the keyboard focus's outline

# -- words ------------------------------------------------------------------------------------
TEXT: Colour = (245, 240, 228, 255)  # on the kit's screens and buttons
INK: Colour = (240, 236, 224, 255)  # the table's pooled texts
TEXT_DARK: Colour = (28, 24, 18, 255)  # on a primary button
OFF_TEXT: Colour = (105, 108, 112, 255)
DIM: Colour = (170, 166, 160, 255)
GOLD: Colour = (255, 214, 90, 255)
WARN: Colour = (255, 150, 120, 255)
LABEL: Colour = (240, 232, 205, 255)  # train names on the table
MEXICAN: Colour = (255, 150, 90, 255)  # the Mexican train's own colour: its name, its badge
NEWS: Colour = (246, 240, 222, 255)  # what the other seats did, said on the table
NEWS_BOX: Colour = (12, 22, 18, 255)  # behind a seat's news

# -- seats ------------------------------------------------------------------------------------
SEAT: Colour = (30, 46, 40, 255)  # a seat panel at the table
SEAT_TURN: Colour = (150, 112, 30, 255)  # the seat panel of the seat to move
CREDITED: Colour = (44, 62, 52, 255)  # a round summary's row of a seat credited with the round
UNCREDITED: Colour = (36, 42, 48, 255)
WON: Colour = (60, 84, 60, 255)  # the match end's row of a winning side
LOST: Colour = (40, 48, 56, 255)

# -- the tiles and the table's marks ----------------------------------------------------------
IVORY: Colour = (247, 241, 222, 255)
IVORY_EDGE: Colour = (196, 184, 152, 255)
PIP: Colour = (28, 28, 34, 255)
DIVIDER: Colour = (120, 110, 90, 255)
BRASS: Colour = (196, 160, 72, 255)
WOOD: Colour = (70, 46, 30, 255)
BACK: Colour = (122, 28, 36, 255)
BACK_TRIM: Colour = (214, 178, 96, 255)
GLOW = (255, 206, 64)
GHOST_ALPHA = 165
LAST_PLAYED: Colour = (120, 200, 255, 255)  # the frame round the last tile played
RAIL: Colour = (230, 120, 60, 255)  # the Mexican train's own look: each tile on a warm rail
WHITE: Colour = (255, 255, 255, 255)

# -- each seat's own colour: its mark, its train or branch, its line on the score chart ---------
# Okabe and Ito's colour-blind-safe set (less its black, which the dark table would swallow)
# and three more, ordered so that the fewest seats have the most distinct colours. Under a
# simulated protanopia, deuteranopia or tritanopia any two stay at least 16 apart (CIE76),
# the first four at least 30 (tests/test_around_names.py). Colour is never a seat's only
# cue: its mark carries its initial too (game/ui/widgets/marks.py).
SEAT_COLOURS: tuple[Colour, ...] = (
    (86, 180, 233, 255),  # sky blue
    (213, 94, 0, 255),  # vermillion
    (240, 228, 66, 255),  # yellow
    (150, 70, 240, 255),  # violet
    (153, 187, 102, 255),  # olive green
    (0, 114, 178, 255),  # blue
    (204, 121, 167, 255),  # reddish purple
    (235, 235, 235, 255),  # white
    (230, 159, 0, 255),  # orange
    (0, 158, 115, 255),  # bluish green
)
MARK_RIM: Colour = (12, 16, 20, 255)  # round a seat's mark: it stands out on felt and panel alike
