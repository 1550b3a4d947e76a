"""Actions and seats in the words the table speaks to players (not the notation)."""

from __future__ import annotations

from game.rules import Action

_ENDS = {"W": "the west end", "E": "the east end", "N": "the north arm", "S": "the south arm"}
BUTTONS = {
    "draw": "Draw",
    "pass": "Pass",
    "end": "End turn",
    "accept": "Keep hand",
    "redeal": "Redeal",
}


def seat_name(seat: int, kinds: tuple[str, ...], viewer: int | None) -> str:
    """ "You" for the one human at the table, else "Seat 3"."""
    if seat == viewer and kinds.count("human") == 1:
        return "You"
    return f"Seat {seat}"


def button_label(action: Action) -> str:
    """The label of a button for a tile-less action."""
    if action.kind == "opener":
        return f"Seat {action.where} opens"
    return BUTTONS.get(action.kind, str(action))


def describe(action: Action, viewer: int | None) -> str:
    """``play 6-5 E`` as "6-5 on the east end", ``play 9-4 train 3`` as "9-4 on Seat 3's train"."""
    t = action.tile
    kind, where = action.kind, action.where or ""
    if kind == "lead":
        return f"Lead {t}"
    if kind == "open":
        return f"Open with {t}"
    if kind == "engine":
        return f"Set the engine {t}"
    if kind == "play":
        return f"{t} on {_place(where, viewer)}"
    if kind == "draw":
        return "Draw a tile"
    if kind == "pass":
        return "Pass"
    if kind == "end":
        return "End your turn"
    if kind == "accept":
        return "Keep this hand"
    if kind == "redeal":
        return "Show your doubles and ask for a redeal"
    if kind == "opener":
        return f"Seat {where} opens"
    return str(action)


def _place(where: str, viewer: int | None) -> str:
    if where in _ENDS:
        return _ENDS[where]
    what, _, who = where.partition(" ")
    if who == "mexican":
        return "the Mexican train"
    if who == str(viewer):
        return f"your {what}"
    return f"Seat {who}'s {what}"
