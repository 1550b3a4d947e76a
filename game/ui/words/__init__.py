"""Every game fact turned into text, in the player's language.

The log's lines, the round's arithmetic, the names of seats and places,
points, buttons and hints. Imports no arcade: words are tested alone.
"""
