"""The line families' parts on states (Block, Draw, All Fives, Cuban): what a play scores
at once and whether it leaves the next seat nothing to play, for the heuristic choice of
:func:`game.ai.playout.engine_choice`, the easy level and the hints, and what the hints
say of a play (a double covered, a number left open). Registered for those families in
:mod:`.families`; the other families' plays score nothing at once and block nobody in
this sense."""

from __future__ import annotations

from ..rules import Action, LineState, Tile
from ..rules import fives as fv
from ..rules import line as ln
from ..rules.actions import ENDS
from .kernel import END_INDEX


def points(state: LineState, action: Action, spinners: bool) -> float:
    """What a play scores at once: the rules' score of the count of the line it makes, where
    plays score (All Fives); 0 elsewhere."""
    if not state.rules.scores_in_play or action.tile is None:
        return 0
    scored: float = fv.scored(ln.count(after(state, action.tile, action, spinners)))
    return scored


def stuck(state: LineState, action: Action, spinners: bool) -> int:
    """1 if a play leaves the next seat no tile to play, else 0 (a draw or pass: 0)."""
    if action.tile is None:
        return 0
    following = state.hands[state.mover % state.rules.players]
    line = after(state, action.tile, action, spinners)
    return 0 if ln.can_play(line, following) else 1


def after(state: LineState, tile: Tile, action: Action, spinners: bool) -> ln.Line:
    """The line after ``action`` (a lead or a play of ``tile``), as the engine makes it."""
    if action.kind == "lead":
        return ln.start(tile, spinners)
    return ln.place(state.line, tile, _end(action), spinners)


def _end(action: Action) -> int:
    """The line end a ``play T END`` goes on, as the kernel numbers it (W, E, N, S)."""
    if action.where is None:
        raise ValueError(f"'{action}' names no end of the line")
    return END_INDEX[action.where]


def covers_double(table: LineState, action: Action) -> bool:
    """Whether a play goes on a double at the end it takes (for the hints)."""
    line = table.line
    if action.where not in ENDS or line.lead is None:
        return False
    end = ENDS.index(action.where)
    arm = line.arms[end]
    if arm:
        return arm[-1][0].is_double
    return end < 2 and line.lead.is_double


def left_open(table: LineState, action: Action, tile: Tile) -> int | None:
    """The number a lead or a play of ``tile`` leaves open at its end (for the hints)."""
    if action.kind == "lead":
        return tile.low
    number = table.line.ends[ENDS.index(action.where)] if action.where in ENDS else None
    return None if number is None else tile.other(number)
