"""What the rules say of a move not made: what it would score, why they refuse it.

Why apart from the controller: the preview's score and a refused tile's reason ask the
rules about a move on a copy of the state, never playing it; they change nothing of the
flow. The reasons are the rules' own (``apply`` refusing the move): none is derived
here. No Arcade: tested without a window.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.i18n import _
from game.rules import Action, IllegalAction, Kind, State
from game.rules.tiles import Tile
from game.ui.words.wording import refusal

if TYPE_CHECKING:
    from game.ui.table.controller import TableController


def gain(table: TableController, action: Action | None) -> float:
    """What ``action`` would score for the mover at ``table``: the rules reply on a copy."""
    state = table.state
    if action is None or state.to_move is None:
        return 0
    try:
        after: State = table.match.ruleset.apply(state, action)
    except IllegalAction:
        return 0
    seat = state.to_move
    return after.scores[seat - 1] - state.scores[seat - 1]


def why_not(
    table: TableController, tile: Tile, where: str | None, ends: dict[str, int | None]
) -> str:
    """Why the rules refuse ``tile`` at ``table`` now: at the end ``where``, else at the end
    it would go best (one of ``ends`` whose number it matches), else as the round's first
    tile, in the words of the table's viewer."""
    match = table.match
    legal = match.legal()
    if where is not None:
        tries = [Action(Kind.PLAY, tile, where)]
    else:
        matching = [w for w, number in ends.items() if number is not None and tile.has(number)]
        tries = [Action(Kind.PLAY, tile, w) for w in matching or list(ends)[:1]]
        firsts = {a.kind for a in legal if a.tile is not None and a.where is None}
        tries += [Action(kind, tile) for kind in sorted(firsts)]
    for action in tries:
        if action in legal:
            continue
        try:
            match.ruleset.apply(table.state, action)
        except IllegalAction as error:
            return refusal(error, table.viewer)
    return _("{tile} has no place to go").format(tile=tile)
