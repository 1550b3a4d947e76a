"""The words of "why that move?": what a computer's move or a hint weighed, for the table.

The computer's explanation (``game.ai.why``) is read here through the few fields it has
(:class:`Explained`, :class:`Weighing`), so the words need no import of the computer and
are tested with plain values. A hint speaks to the player of their own hand ("keeps your
only 3"); a computer's move is told of its seat ("keeps its only 3"), so each reason has
both wordings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Protocol

from game.i18n import N_, _, ngettext
from game.rules import Action, Event
from game.ui.words.names import gain, seat_name
from game.ui.words.narrate import news_line
from game.ui.words.wording import REASONS, describe, hint_reason

# A computer's reason by its code (game.ai.hints.Why), told of the seat that played.
THEIRS = {
    "redeal": N_("five doubles or more: it asks for a new deal"),
    "draw": N_("nothing fits: it draws"),
    "pass": N_("nothing fits: it passes"),
    "end": N_("nothing more to add to its train"),
    "only": N_("the only move"),
    "best": N_("the best choice found"),
    "last_tile": N_("plays its last tile"),
    "scores": N_("scores {points}"),
    "covers_double": N_("covers the open double"),
    "leaves_open": N_("leaves a {number} open: it holds {more} more"),
    "keeps_only": N_("keeps its only {number}"),
    "double_out": N_("gets the double {tile} out of its hand"),
    "starts_mexican": N_("starts the Mexican train"),
    "mexican": N_("plays on the Mexican train"),
    "own_train": N_("builds its own train"),
    "open_train": N_("plays on seat {seat}'s open train"),
    "best_of": N_("best of {moves} moves over {playouts} playouts"),
}


class Weighing(Protocol):
    """One move weighed: the share of guessed deals it came out ahead in, over how many,
    and its mean worth (what the search chose by)."""

    @property
    def action(self) -> Action: ...
    @property
    def ahead(self) -> float: ...
    @property
    def deals(self) -> int: ...
    @property
    def mean(self) -> float: ...


class Reasoned(Protocol):
    @property
    def code(self) -> str: ...
    @property
    def params(self) -> Mapping[str, int | float | str]: ...


class Explained(Protocol):
    """A decision explained: its move, the reason, the moves weighed (the chosen first)."""

    @property
    def action(self) -> Action: ...
    @property
    def reason(self) -> Reasoned: ...
    @property
    def weighed(self) -> Sequence[Weighing]: ...
    @property
    def playouts(self) -> int: ...
    @property
    def how(self) -> str: ...


def reason(code: str, params: Mapping[str, int | float | str], mine: bool) -> str:
    """The reason in words, of the player's own hand (``mine``: a hint) or of the seat's."""
    return hint_reason(code, params, REASONS if mine else THEIRS)


def heading(action: Action, seat: int, viewer: int | None, mine: bool) -> str:
    """Whose move it is and what: "Seat 2: 6-2 on the east end" ("Hint: …" for a hint).

    A seat's move without a tile is told as what the seat did, as its announcement on the
    felt tells it ("Seat 6 passes"): the move's own words are the player's command ("End
    your turn"), which after a seat's name read as said to it."""
    if mine:
        return _("{who}: {move}").format(who=_("Hint"), move=describe(action, viewer))
    if action.tile is None:
        return news_line(Event(seat, action))
    return _("{who}: {move}").format(who=seat_name(seat), move=describe(action, viewer))


def lines(said: Explained, seat: int, viewer: int | None, mine: bool) -> list[str]:
    """The panel's lines: the move, why, and what each move weighed came to (the chosen
    one marked), then what the guesses were made from. ``seat`` made the move; ``mine``
    when it is the hint for the viewer's own hand."""
    out = [
        heading(said.action, seat, viewer, mine),
        _("Why: {reason}.").format(reason=reason(said.reason.code, said.reason.params, mine)),
    ]
    if not said.weighed:
        out.append(_(_UNSEARCHED.get(said.how, _UNSEARCHED["only"])))
        return out
    playouts = said.playouts
    out.append(
        ngettext(
            "It played each move out in guessed deals, {n} playout in all:",
            "It played each move out in guessed deals, {n} playouts in all:",
            playouts,
        ).format(n=playouts)
    )
    for k, weighed in enumerate(said.weighed):
        line = ngettext(
            "{move}: ahead in {share}% of {n} deal, {mean} on average",
            "{move}: ahead in {share}% of {n} deals, {mean} on average",
            weighed.deals,
        ).format(
            move=describe(weighed.action, viewer),
            share=round(100 * weighed.ahead),
            n=weighed.deals,
            mean=gain(weighed.mean, 1),
        )
        out.append(("✓ " if k == 0 else "   ") + line)
    out.append(_("The move with the best average result was chosen."))
    out.append(
        _("The deals were guessed from your hand and the table alone.")
        if mine
        else _("The deals were guessed from its own hand and the table alone.")
    )
    return out


_UNSEARCHED = {
    "only": N_("There was no other move."),
    "rule": N_("The rules call for it."),
    "heuristic": N_("At this level it plays by a rule of thumb, without searching."),
}
