"""A round's end told on the felt: the last tile lands, "Domino!" or "Blocked!" is said over
the board, and only then does the round's summary come.

The rules deal the next round in the very step that ends one, so the match's state after
a round's last move is already the next deal: shown as it is, the finished board would
vanish under the summary unseen. For a moment the table shows the round as it ended
instead (:func:`round_ending`): the board with its last tile, that tile out of its seat's
hand, nobody to move. A match's last round keeps its board in the state itself.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import _
from game.rules import Action, Outcome, State
from game.ui.board.geometry import TableLayout
from game.ui.board.layout import table_layout

MOMENT = 1.6  # seconds the round's end is told on the felt, once its last tile has landed


@dataclass
class RoundEnding:
    """The moment a round's end is told: ``state`` is shown in front of ``after``."""

    after: State  # the match's state (the next deal, or the match's end)
    state: State  # the table as the round left it
    words: str  # "Domino!", "Blocked!" (or nothing: a target reached mid-round)
    rule: str  # the next deal's own line of the rules, said once the moment is over
    left: float = MOMENT


def round_ending(before: State, action: Action, after: State, rule: str) -> RoundEnding:
    """The moment for the round that ``action`` (from ``before``) ended."""
    how = after.results[-1].how
    words = {Outcome.OUT: _("Domino!"), Outcome.BLOCKED: _("Blocked!")}.get(how, "")
    if after.round == before.round:  # the match is over: its board stays in the state
        return RoundEnding(after, after, words, rule)
    hands = list(before.hands)
    seat = before.to_move
    if action.tile is not None and seat is not None:
        hands[seat - 1] = tuple(t for t in hands[seat - 1] if t != action.tile)
    return RoundEnding(after, before.evolve(hands=tuple(hands), to_move=None), words, rule)


def ending_layout(ending: RoundEnding, before: State, action: Action, aspect: float) -> TableLayout:
    """The board as the round left it: the layout before the last move, with its tile."""
    if ending.state is ending.after:
        return table_layout(ending.after, aspect)
    layout = table_layout(before, aspect)
    if action.tile is not None:
        placed = layout.place(action.kind, action.where, action.tile)
        if placed is not None:
            layout.tiles.append(placed)
    return layout
