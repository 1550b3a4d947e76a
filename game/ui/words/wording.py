"""Actions in the words the table speaks to players (not the notation).

Every phrase goes through :func:`game.i18n.t` with its English text as the
key, so a language folder can translate it without this file changing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.i18n import has
from game.i18n import t as tr
from game.rules import Action, IllegalAction, RuleSet
from game.ui.words.names import place_name, points

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


# A hint's reason by its code (game.ai.hints.Why), with the reason's numbers filled in.
REASONS = {
    "redeal": "five doubles or more: ask for a new deal",
    "draw": "nothing fits: draw",
    "pass": "nothing fits: pass",
    "end": "nothing more to add to your train",
    "only": "the only move",
    "best": "the best choice found",
    "last_tile": "plays your last tile",
    "scores": "scores {points}",
    "covers_double": "covers the open double",
    "leaves_open": "leaves a {number} open: you hold {more} more",
    "keeps_only": "keeps your only {number}",
    "double_out": "gets the double {tile} out of your hand",
    "sheds": "sheds {pips} pips",
    "starts_mexican": "starts the Mexican train",
    "mexican": "plays on the Mexican train",
    "own_train": "builds your own train",
    "open_train": "plays on seat {seat}'s open train",
    "best_of": "best of {moves} moves over {playouts} playouts",
}


def hint_reason(code: str, params: Mapping[str, int | float | str]) -> str:
    """A hint's reason in words: "scores 15", "keeps your only 3", "sheds 1 pip"."""
    fields = dict(params)
    if "points" in fields:
        fields["points"] = points(float(fields["points"]))
    if code == "sheds" and fields.get("pips") == 1:
        return tr("sheds {pips} pip", **fields)
    return tr(REASONS[code], **fields)
