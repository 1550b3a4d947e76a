"""Actions in the words the table speaks to players (not the notation).

Every phrase is an English message of the catalogues (:mod:`game.i18n`), so
a language is added without this file changing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from game.files import BadFile, read_toml
from game.i18n import N_, _, ngettext, pgettext
from game.learn.tutorials import ASKS_FOR, Verdict
from game.resources import DataError, data_path
from game.rules import Action, Count, Game, IllegalAction, Kind, Place, RuleSet, Team
from game.ui.words.names import place_name, points, seats_name


def button_label(action: Action) -> str:
    """The label of a button for a tile-less action."""
    kind = action.kind
    if kind == Kind.OPENER:
        return _("Seat {n} opens").format(n=action.where)
    if kind == Kind.DRAW:
        return pgettext("action", "Draw")  # the verb, not the game (Portuguese: Comprar, Compra)
    buttons = {"pass": N_("Pass"), "end": N_("End turn"), "accept": N_("Keep hand")}
    buttons["redeal"] = N_("Redeal")
    return _(buttons[kind]) if kind in buttons else str(action)


def term(rules: RuleSet[Any] | None, round_text: str, hand_text: str, /, **fields: Any) -> str:
    """A phrase in the rule set's own terms: Cuban calls its rounds hands (``round_word``),
    so each phrase that names a round has its "hand" wording beside it."""
    hands = rules is not None and rules.round_word == "hand"
    text = _(hand_text if hands else round_text)
    return text.format(**fields) if fields else text


def refusal(error: IllegalAction, viewer: int | None = None) -> str:
    """Why the rules refused a move, as the table says it, in the player's language: the
    rules give their English sentence with its fields apart (``template``, ``params``); a
    place in them is named here (``viewer``'s own train is "your train"), a count in digits,
    a game by its title, a team by its seats, an action as the table says it, a reason
    inside the sentence in words too; and the sentence starts with a capital (a place may
    open it: "the east end …")."""
    if not error.params:
        return _(error.template)
    fields = {key: _field(value, viewer) for key, value in error.params.items()}
    text = _(error.template).format(**fields)
    return text[:1].upper() + text[1:]


def _field(value: object, viewer: int | None) -> object:
    if isinstance(value, Place):
        return place_name(value.where, viewer)
    if isinstance(value, Count):
        return value.n
    if isinstance(value, Team):
        return seats_name(value.seats)
    if isinstance(value, Game):
        return _(value)  # the title of the game's preset, a message of the catalogues
    if isinstance(value, Action):
        return describe(value, viewer)
    if isinstance(value, IllegalAction):
        return refusal(value, viewer)
    return value


def lesson_reason(verdict: Verdict, viewer: int | None = None) -> str:
    """Why a lesson did not take the learner's move, in words: the rules' refusal with its
    places named, or the move the step asks for as the table says it ("6-6 on the east end")."""
    if verdict.refused is not None:
        return refusal(verdict.refused, viewer)
    if verdict.wanted is not None:
        return _(ASKS_FOR).format(move=describe(verdict.wanted, viewer))
    return verdict.reason


def rules_text(name: str) -> str:
    """The English rules of one rule set, as written in ``assets/lang/en/rules.toml``."""
    try:
        texts = read_toml(data_path("assets", "lang", "en", "rules.toml"), "rules.toml")
    except BadFile as error:
        raise DataError(str(error)) from None
    return str(texts.get("rules", {}).get(name, ""))


def rules_line(raw: str) -> tuple[str, str]:
    """A line of a rules text as ``(mark, words)``: ``"# "`` a heading, ``"- "`` a point,
    ``""`` a paragraph. The words are the message translated; the mark is layout."""
    line = raw.strip()
    for mark in ("# ", "- "):
        if line.startswith(mark):
            return mark, line[len(mark) :].strip()
    return "", line


def describe(action: Action, viewer: int | None) -> str:
    """``play 6-5 E`` as "6-5 on the east end", ``play 9-4 train 3`` as "9-4 on Seat 3's train"
    (a refused move that names no tile: "? on the east end")."""
    t = action.tile if action.tile is not None else "?"
    kind, where = action.kind, action.where or ""
    if kind == Kind.LEAD:
        return _("Lead {tile}").format(tile=t)
    if kind == Kind.OPEN:
        return _("Open with {tile}").format(tile=t)
    if kind == Kind.ENGINE:
        return _("Set the engine {tile}").format(tile=t)
    if kind == Kind.PLAY:
        return _("{tile} on {place}").format(tile=t, place=place_name(where, viewer))
    if kind == Kind.DRAW:
        return _("Draw a tile")
    if kind == Kind.PASS:
        return _("Pass")
    if kind == Kind.END:
        return _("End your turn")
    if kind == Kind.ACCEPT:
        return _("Keep this hand")
    if kind == Kind.REDEAL:
        return _("Show your doubles and ask for a redeal")
    if kind == Kind.OPENER:
        return _("Seat {n} opens").format(n=where)
    return str(action)


# A hint's reason by its code (game.ai.hints.Why), with the reason's numbers filled in.
REASONS = {
    "redeal": N_("five doubles or more: ask for a new deal"),
    "draw": N_("nothing fits: draw"),
    "pass": N_("nothing fits: pass"),
    "end": N_("nothing more to add to your train"),
    "only": N_("the only move"),
    "best": N_("the best choice found"),
    "last_tile": N_("plays your last tile"),
    "scores": N_("scores {points}"),
    "covers_double": N_("covers the open double"),
    "leaves_open": N_("leaves a {number} open: you hold {more} more"),
    "keeps_only": N_("keeps your only {number}"),
    "double_out": N_("gets the double {tile} out of your hand"),
    "starts_mexican": N_("starts the Mexican train"),
    "mexican": N_("plays on the Mexican train"),
    "own_train": N_("builds your own train"),
    "open_train": N_("plays on seat {seat}'s open train"),
    "best_of": N_("best of {moves} moves over {playouts} playouts"),
}


def hint_reason(
    code: str, params: Mapping[str, int | float | str], told: Mapping[str, str] = REASONS
) -> str:
    """A hint's reason in words: "scores 15", "keeps your only 3", "sheds 1 pip" (``told``:
    the wording of each code, a hint's by default)."""
    fields = dict(params)
    if "points" in fields:
        fields["points"] = points(float(fields["points"]))
    if code == "sheds":
        pips = int(fields.get("pips", 0))
        return ngettext("sheds {n} pip", "sheds {n} pips", pips).format(n=pips)
    return _(told[code]).format(**fields)
