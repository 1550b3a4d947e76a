"""The computer seats' turns at the table: thinking a slice a frame, deciding, moving.

Why apart from the controller: the controller decides whose turn the table waits on
(a mode's replies, a forced move, a person); how a computer seat spends the frames it
is given (thinking at once, during the breath and the glides; the next seat thinking
ahead while a decided move waits; the seeds that make a turn decide the same however
the frames fall) is a concern of its own. No Arcade: tested without a window.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol

from game.match import Match
from game.rules import Action, State
from game.ui.table.thinking import ComputerTurn, Explanation, explain_only, slice_for


class Reasoned(NamedTuple):
    """A computer's move and what it weighed: "why that move?" from its own search;
    ``after``, the state it made (so an undone move, or another match's, is told apart)."""

    seat: int
    action: Action
    explained: Explanation
    after: State


class Pace(Protocol):
    """What the computer seats ask of the screen: whether the last move has landed, whether
    anything moves (thinking may take longer slices), and to show a seat's progress."""

    def settled(self) -> bool: ...

    def still(self) -> bool: ...

    def show_status(self) -> None: ...


class Table(Protocol):
    """What the computer seats read and do at their table (the controller, which names
    its seats' turns rather than this module naming it)."""

    idle: float  # seconds since the turn began: the breath is counted here

    @property
    def computer_pause(self) -> float: ...

    @property
    def match(self) -> Match: ...

    @property
    def state(self) -> State: ...

    @property
    def screen(self) -> Pace: ...

    def commit(self, action: Action) -> bool: ...


class ComputerSeats:
    """The computers' turns at ``table``: ``turn`` is the seat to move's, ``ahead`` the
    next seat's begun during the breath (with the state it thinks for)."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.turn: ComputerTurn | None = None
        self.ahead: tuple[State, ComputerTurn] | None = None
        self._reasons: dict[int, Reasoned] = {}  # by the move's place in the match
        self._reasons_of: Match | None = None

    def why(self, move: int) -> Reasoned | None:
        """What the computer weighed for the match's move number ``move`` (from 0), if a
        computer at this table made it (not one undone); else, for a computer seat's move
        that was its one legal move (a match resumed, whose reasons were not kept; a
        lesson's or a puzzle's scripted reply), that there was no other."""
        match = self.table.match
        said = self._reasons.get(move) if self._reasons_of is match else None
        history = match.history
        if move < 0 or move >= len(history):
            return None
        if said is None or history[move][1:] != (said.action, said.after):
            return self._only(move)
        return said

    def _only(self, move: int) -> Reasoned | None:
        """The match's move number ``move``, a computer seat's one legal move, explained as
        such (from that seat's own observation; nothing searched, nothing weighed)."""
        match = self.table.match
        seat, action, after = match.history[move]
        before = match.before(move)
        if match.is_human(seat) or match.ruleset.legal_actions(before) != (action,):
            return None
        return Reasoned(
            seat, action, explain_only(match.ruleset.observe(before, seat), action), after
        )

    def _commit(self, turn: ComputerTurn, action: Action) -> None:
        """Make ``turn``'s move, keeping what it weighed."""
        table = self.table
        if not table.commit(action) or turn.explained is None:
            return
        match = table.match
        if self._reasons_of is not match:
            self._reasons, self._reasons_of = {}, match
        seat, done, after = match.history[-1]
        self._reasons[len(match.actions) - 1] = Reasoned(seat, done, turn.explained, after)

    def stop(self) -> None:
        """Nobody thinks for the state as it was (the match went elsewhere)."""
        self.turn = None

    def run(self, dt: float, seat: int) -> None:
        """A frame of ``seat``'s turn: it thinks a slice and moves once decided, breathed and
        the last move landed."""
        table = self.table
        state = table.state
        match = table.match
        if self.turn is None:  # it thinks at once, during the breath and the glides
            self.turn = ComputerTurn(match.ruleset, state, seat, match.level(seat), self.seed())
        table.idle += dt
        turn = self.turn
        action = turn.step(slice_for(dt, turn.spent, table.screen.still()))
        table.screen.show_status()
        if action is None:
            return
        if table.idle < table.computer_pause or not table.screen.settled():
            self._think_ahead(dt, state, action)
            return  # the move waits for the pace's breath and for the last move to land
        self.turn = None
        ahead, self.ahead = self.ahead, None
        self._commit(turn, action)
        if ahead is not None and ahead[0] == table.state:  # the table is what it thought for
            self.turn = ahead[1]
            table.screen.show_status()

    def _think_ahead(self, dt: float, state: State, action: Action) -> None:
        """While a decided move waits for the breath, the next seat, a computer, thinks
        about the table that move makes (with the seed its turn would get, so it decides
        the same): the breath is thinking time, not idle time."""
        match = self.table.match
        if self.ahead is None:
            after = match.ruleset.apply(state, action)
            seat = after.to_move
            if seat is None or match.is_human(seat) or after.results != state.results:
                return  # a person next, or a round's end first: nothing to think ahead
            level, seed = match.level(seat), match.ai_seed_for("table", ahead=1)
            self.ahead = (after, ComputerTurn(match.ruleset, after, seat, level, seed))
        turn = self.ahead[1]
        turn.step(slice_for(dt, turn.spent, self.table.screen.still()))

    def seed(self) -> int:
        return self.table.match.ai_seed_for("table")

    def step(self, moves: int) -> int:
        """Let the computer policy play ``moves`` actions for whoever is to move (tools)."""
        table = self.table
        done = 0
        while done < moves and table.state.to_move is not None:
            seat = table.state.to_move
            match = table.match
            turn = ComputerTurn(match.ruleset, table.state, seat, match.level(seat), self.seed())
            self._commit(turn, turn.finish())
            done += 1
        return done
