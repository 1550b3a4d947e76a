"""Actions in the words the table speaks to players (not the notation).

Every phrase goes through :func:`game.i18n.t` with its English text as the
key, so a language folder can translate it without this file changing.
"""

from __future__ import annotations

from typing import Any

from game.i18n import has
from game.i18n import t as tr
from game.rules import Action, IllegalAction, RuleSet
from game.ui.words.names import place_name

BUTTONS = {
    "draw": "Draw",
    "pass": "Pass",
    "end": "End turn",
    "accept": "Keep hand",
    "redeal": "Redeal",
}


def term(rules: RuleSet | None, key: str, /, **fields: Any) -> str:
    """``t(key)`` in the rule set's own terms: Cuban calls its rounds hands
    (``round_word``), so what it says differently sits under that word's table of
    the language file (``[hand]``); any other key reads as it does everywhere."""
    word = rules.round_word if rules is not None else "round"
    if word != "round" and has(f"{word}.{key}"):
        return tr(f"{word}.{key}", **fields)
    return tr(key, **fields)


def refusal(error: IllegalAction) -> str:
    """Why the rules refused a move, as the table says it: the rules' own sentence, the one
    place every refused tap, click or key is worded (so a language can translate it)."""
    return tr(str(error))


def button_label(action: Action) -> str:
    """The label of a button for a tile-less action."""
    if action.kind == "opener":
        return tr("Seat {n} opens", n=action.where)
    return tr(BUTTONS[action.kind]) if action.kind in BUTTONS else str(action)


def describe(action: Action, viewer: int | None) -> str:
    """``play 6-5 E`` as "6-5 on the east end", ``play 9-4 train 3`` as "9-4 on Seat 3's train"."""
    t = action.tile
    kind, where = action.kind, action.where or ""
    if kind == "lead":
        return tr("Lead {tile}", tile=t)
    if kind == "open":
        return tr("Open with {tile}", tile=t)
    if kind == "engine":
        return tr("Set the engine {tile}", tile=t)
    if kind == "play":
        return tr("{tile} on {place}", tile=t, place=place_name(where, viewer))
    if kind == "draw":
        return tr("Draw a tile")
    if kind == "pass":
        return tr("Pass")
    if kind == "end":
        return tr("End your turn")
    if kind == "accept":
        return tr("Keep this hand")
    if kind == "redeal":
        return tr("Show your doubles and ask for a redeal")
    if kind == "opener":
        return tr("Seat {n} opens", n=where)
    return str(action)
