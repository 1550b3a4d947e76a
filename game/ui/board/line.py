"""The line table of Block, Draw, All Fives and Cuban, as geometry, and the table's parts for
the line families (the Fives family and Cuban).

Without a spinner the line grows both ways from the lead: the east arm
snakes down the board, the west arm up, each turning at the board's edges.
Once an All Fives spinner is down the table is a cross centred on it: the
line on its two long sides, arms N and S off its ends, each arm snaking in
its own quarter of the board so no two arms can meet. Pure Python.
"""

from __future__ import annotations

from game.rules import LineState
from game.rules import cuban as cb
from game.rules import fives as fv
from game.rules import line as ln
from game.rules.actions import ENDS
from game.rules.tiles import Tile
from game.ui.board.families import Parts, register
from game.ui.board.geometry import E, Link, N, Placed, S, TableLayout, W
from game.ui.board.snake import ROW_MIN, Arm, Occupancy

HX = 12.0  # half the board's width: where rows turn
HY = 8.0  # half the board's height (the spinner's N and S arms)
INNER = 3.5  # a spinner's arms keep this far from its middle, leaving room for the others

# A chain is the tiles from the middle outward, each with the number it matches inward.
Chain = list[tuple[Tile, int]]


def lay_out(state: LineState, grow: float = 1.0) -> TableLayout:
    """The layout of a line-game state (``state.line``) on a board ``grow`` times the usual."""
    line = state.line
    if line.lead is None:
        return TableLayout(root=Placed(Tile(1, 0), 0, 0, 0, 1))
    if line.spinner is None:
        return _plain(line, grow)
    return _cross(line, grow)


def _plain(line: ln.Line, grow: float) -> TableLayout:
    lead = line.lead
    assert lead is not None
    out = TableLayout(root=Placed(Tile(1, 0), 0, 0, 0, 1))
    space = Occupancy()
    half = 0.5 if lead.is_double else 1.0
    centre = Placed(lead, 0, 0, 90 if lead.is_double else 0, lead.high)
    _add(out, space, centre)
    hx = HX * grow
    arms = {
        ln.W: Arm(space, (-half, 0), W, W, N, -hx, hx),
        ln.E: Arm(space, (half, 0), E, E, S, -hx, hx),
    }
    for end, arm in arms.items():
        _grow(out, arm, 0, _outward(line.arms[end]), line.ends[end])
        if line.ends[end] is not None:
            out.ends[ENDS[end]] = arm
    return out


def _cross(line: ln.Line, grow: float) -> TableLayout:
    """The spinner in the middle, four arms around it (the line re-rooted at the spinner)."""
    spinner = line.spinner
    assert spinner is not None and line.lead is not None
    out = TableLayout(root=Placed(Tile(1, 0), 0, 0, 0, 1))
    space = Occupancy()
    _add(out, space, Placed(spinner, 0, 0, 90, spinner.high))
    west, east = _sides_of_spinner(line)
    # each quarter's rows must be long enough to turn back short of the middle
    hx = max(HX * grow, INNER + ROW_MIN)
    hy = max(HY * max(grow, 1 / grow), INNER + ROW_MIN)
    arms = {
        ln.W: (Arm(space, (-0.5, 0), W, W, N, -hx, -INNER), west),
        ln.E: (Arm(space, (0.5, 0), E, E, S, INNER, hx), east),
        ln.N: (Arm(space, (0, 1), N, N, E, INNER, hy), _outward(line.arms[ln.N])),
        ln.S: (Arm(space, (0, -1), S, S, W, -hy, -INNER), _outward(line.arms[ln.S])),
    }
    for end, (arm, chain) in arms.items():
        _grow(out, arm, 0, chain, line.ends[end])
        if line.ends[end] is not None:
            out.ends[ENDS[end]] = arm
    return out


def _sides_of_spinner(line: ln.Line) -> tuple[Chain, Chain]:
    """The line seen from the spinner: the chain going west and the chain going east."""
    lead = line.lead
    assert lead is not None
    west_arm, east_arm = line.arms[ln.W], line.arms[ln.E]
    if line.spinner_arm < 0:
        return _outward(west_arm), _outward(east_arm)
    k = line.spinner_at
    if line.spinner_arm == ln.E:
        back = [(t, outer) for t, outer in reversed(east_arm[:k])]
        west = back + [(lead, lead.low)] + _outward(west_arm)
        return west, _outward(east_arm[k + 1 :])
    back = [(t, outer) for t, outer in reversed(west_arm[:k])]
    east = back + [(lead, lead.high)] + _outward(east_arm)
    return _outward(west_arm[k + 1 :]), east


def _outward(arm: tuple[tuple[Tile, int], ...]) -> Chain:
    """An arm of the rules' Line as (tile, inward number) pairs."""
    return [(t, t.other(outer)) for t, outer in arm]


def _grow(out: TableLayout, arm: Arm, parent: int, chain: Chain, end: int | None) -> None:
    for t, inner in chain:
        placed = arm.lay(t, inner)
        out.links.append(Link(parent, len(out.tiles), inner))
        parent = len(out.tiles)
        out.tiles.append(placed)
    if end is not None:
        arm.number = end


def _add(out: TableLayout, space: Occupancy, placed: Placed) -> None:
    space.take(placed.rect())
    out.tiles.append(placed)


def _down(state: LineState) -> bool:
    return state.line.lead is not None


def _corner(state: LineState) -> tuple[int, bool] | None:
    """Where plays score (All Fives): the count of the open ends once a tile is down, and
    whether the rules score it (a multiple of five)."""
    if not state.rules.scores_in_play or state.line.lead is None:
        return None
    count = ln.count(state.line)
    return count, fv.scored(count) > 0


# One line table for both line families: All Fives' spinner lays out as a cross of it.
LINE = Parts("line", lay_out, _down, corner=_corner)
register(fv.FAMILY, LINE)
register(cb.FAMILY, LINE)
