"""Puzzles: a position and a goal, proved reachable when loaded, judged when played.

Why data: a puzzle is a fixed table (:mod:`.table`: a deal, who leads, the moves
already made) and a goal, so it lives in ``levels/puzzles/<rule set>.toml`` as
``[[puzzles]]`` tables::

    [[puzzles]]
    id = "block-3"                     # unique across all puzzle files; progress keeps it
    say = "Go out within two turns."   # or { en = "…", pt = "…" }
    goal = "out"                       # out | win | score | passes
    turns = 2                          # within this many of your turns
    points = 15                        # score: at least this many points (your side)
    passes = 2                         # passes: your opponents pass this often
    players = 2
    first = 1
    options = {}
    deal = { hands = [[…], […]], boneyard = […] }
    moves = ["lead 6-6", …]            # to the position; then seat 1, the solver, is to move

Goals, judged for seat 1 (the player) and its side:

- ``out`` — seat 1 plays its last tile;
- ``win`` — the round ends credited to seat 1's side;
- ``score`` — seat 1's side gains at least ``points`` (in play or at the round's end);
- ``passes`` — the opponents pass at least ``passes`` times between them.

A *turn* is a run of seat 1's own decisions (a draw and the play after it, a
Mexican Train double and its cover). The goal must be met before seat 1 would
start turn ``turns + 1`` and before the round is over.

The deal is known in full, boneyard order included, so a position is a game of
perfect information (a puzzle is played with every hand face up), and
:func:`forced` decides it exactly: the player (and a
partner) choose, every opponent answers with the reply that is worst for the
player. A puzzle is kept only if the goal is forced from its position and at
least one of the player's first moves loses it (a puzzle any move solves is no
puzzle); each is one line naming the file and the puzzle. :class:`Attempt`
plays a puzzle: the opponents reply with a refutation whenever one exists, so
a wrong move is found out, and the goal is judged after every action.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from ..files import BadFile, read_toml
from ..match import Match
from ..resources import data_path
from ..rules import Action, IllegalAction, State, listed
from .table import LearnError, Table, Words, read_table, read_words, say

FOLDER = "puzzles"
GOALS = ("out", "win", "score", "passes")
LIMIT = 200_000  # positions the proof may visit before the puzzle is called too big
_KEYS = {"id", "say", "goal", "turns", "points", "passes", "players", "first", "options"}
_KEYS |= {"deal", "moves", "rules"}
_ID = re.compile(r"^[a-z0-9_-]{1,40}$")
PLAYER = 1


@dataclass(frozen=True)
class Goal:
    """What the player must do, within ``turns`` of their own turns."""

    kind: str  # one of GOALS
    turns: int
    points: float = 0  # score
    passes: int = 0  # passes


@dataclass(frozen=True)
class Puzzle:
    """A checked puzzle: its id, words, fixed table and goal."""

    id: str
    rules: str
    say: Words
    table: Table
    goal: Goal

    def text(self) -> str:
        return say(self.say)

    def new_match(self) -> Match:
        return self.table.new_match()


class Count(NamedTuple):
    """What an attempt has used: the player's turns begun, the opponents' passes."""

    turns: int  # turns of the player's begun so far
    passes: int  # opponents' passes so far
    last: int | None  # the seat that made the last action


# -- judging ---------------------------------------------------------------------------------


def met(goal: Goal, start: State, state: State, count: Count) -> bool:
    """Whether ``goal`` is met in ``state``, reached from ``start``."""
    if goal.kind == "passes":
        return count.passes >= goal.passes
    rules = state.rules
    mine = [s for s in range(1, rules.players + 1) if rules.team_of(s) == rules.team_of(PLAYER)]
    if goal.kind == "score":
        return state.scores[PLAYER - 1] - start.scores[PLAYER - 1] >= goal.points
    if len(state.results) == len(start.results):
        return False
    result = state.results[len(start.results)]
    if goal.kind == "out":
        return not result.hands[PLAYER - 1]
    return any(s in result.winners for s in mine)  # win


def lost(goal: Goal, start: State, state: State, count: Count) -> bool:
    """Whether ``goal`` can no longer be met: the round is over, or the turns are spent."""
    if met(goal, start, state, count):
        return False
    if state.over or len(state.results) > len(start.results):
        return True
    starts_turn = state.to_move == PLAYER and count.last != PLAYER
    return starts_turn and count.turns >= goal.turns


def advance(count: Count, state: State, action: Action) -> Count:
    """The count after ``action`` by the seat to move in ``state``."""
    seat = state.to_move
    turns = count.turns + (seat == PLAYER and count.last != PLAYER)
    passes = count.passes + (action.kind == "pass" and _opponent(state, seat))
    return Count(turns, passes, seat)


def forced(goal: Goal, start: State, state: State, count: Count, budget: list[int]) -> bool:
    """Whether the player's side can meet ``goal`` against every opponent reply.

    ``budget`` is a one-item countdown of positions; running out raises TooBig.
    """
    if met(goal, start, state, count):
        return True
    if lost(goal, start, state, count):
        return False
    budget[0] -= 1
    if budget[0] < 0:
        raise TooBig
    rules = state.rules
    ours = not _opponent(state, state.to_move)
    for action in rules.legal_actions(state):
        after = rules.apply(state, action)
        ok = forced(goal, start, after, advance(count, state, action), budget)
        if ok and ours:
            return True
        if not ok and not ours:
            return False
    return not ours


class TooBig(Exception):
    """The proof needed more positions than allowed."""


def winning_moves(goal: Goal, start: State, state: State, count: Count) -> list[Action]:
    """The actions of the seat to move after which the goal is still forced."""
    rules = state.rules
    budget = [LIMIT]
    return [
        a
        for a in rules.legal_actions(state)
        if forced(goal, start, rules.apply(state, a), advance(count, state, a), budget)
    ]


def _opponent(state: State, seat: int | None) -> bool:
    rules = state.rules
    return seat is not None and rules.team_of(seat) != rules.team_of(PLAYER)


class Attempt:
    """One try at a puzzle: the player's moves judged, the other seats' replies chosen."""

    def __init__(self, puzzle: Puzzle) -> None:
        self.puzzle = puzzle
        self._begin()

    def _begin(self) -> None:
        """The puzzle's position, nothing of the attempt played yet."""
        self.match = self.puzzle.new_match()
        self._start = self.match.state
        self._played: list[Action] = []  # the attempt's actions (the setup's not included)
        self._marks = [Count(0, 0, None)]  # the count before each of them, and after

    @property
    def count(self) -> Count:
        return self._marks[-1]

    @property
    def solved(self) -> bool:
        return met(self.puzzle.goal, self._start, self.match.state, self.count)

    @property
    def failed(self) -> bool:
        return lost(self.puzzle.goal, self._start, self.match.state, self.count)

    @property
    def players_turn(self) -> bool:
        """The player is to move and the attempt is still open."""
        return not (self.solved or self.failed) and self.match.state.to_move == PLAYER

    def play(self, action: Action | str) -> None:
        """Play the player's (or a reply's) ``action``; IllegalAction says why if refused."""
        state = self.match.state
        if self.solved or self.failed:
            raise IllegalAction("This puzzle is over: start it again to try another way")
        if isinstance(action, str):
            action = self.match.ruleset.parse_action(state, action)
        self.match.play(action)
        self.follow(state, action)

    def follow(self, before: State, action: Action) -> None:
        """Count ``action``, played on ``match`` from ``before`` by whoever holds the match
        (the table plays a confirmed move itself, then tells the attempt)."""
        self._played.append(action)
        self._marks.append(advance(self.count, before, action))

    def reply(self) -> Action | None:
        """The move of the other seat to move: a refutation if there is one (None on the
        player's turn or once the attempt is over)."""
        state = self.match.state
        if self.solved or self.failed or state.to_move == PLAYER:
            return None
        goal, rules = self.puzzle.goal, self.match.ruleset
        legal = rules.legal_actions(state)
        budget = [LIMIT]
        ours = not _opponent(state, state.to_move)
        for action in legal:
            after = rules.apply(state, action)
            try:
                ok = forced(goal, self._start, after, advance(self.count, state, action), budget)
            except TooBig:
                return legal[0]
            if ok == ours:
                return action
        return legal[0]

    def undo(self) -> None:
        """Back to before the player's last decision (the replies after it go too)."""
        seats = [m.last for m in self._marks[1:]]
        mine = [i for i, seat in enumerate(seats) if seat == PLAYER]
        if not mine:
            return
        keep = mine[-1]
        while keep > 0 and seats[keep - 1] == PLAYER:  # the whole turn: a draw and its play
            keep -= 1
        actions = self._played[:keep]
        self._begin()
        for action in actions:
            self.play(action)

    def hint(self) -> Action | None:
        """A move that still forces the goal, if the player has one."""
        if not self.players_turn:
            return None
        moves = winning_moves(self.puzzle.goal, self._start, self.match.state, self.count)
        return moves[0] if moves else None


# -- reading ---------------------------------------------------------------------------------


def available() -> tuple[str, ...]:
    """The rule sets with a puzzle file shipped, in the one order of the games."""
    folder = data_path("levels", FOLDER)
    return tuple(n for n in listed() if (folder / f"{n}.toml").is_file())


def load_all() -> tuple[dict[str, tuple[Puzzle, ...]], list[str]]:
    """Every shipped puzzle file that reads, by rule set, and one line for each that does not."""
    good: dict[str, tuple[Puzzle, ...]] = {}
    problems: list[str] = []
    for name in available():
        try:
            good[name] = load_puzzles(name)
        except LearnError as error:
            problems.append(str(error))
    return good, problems


@cache
def load_puzzles(name: str) -> tuple[Puzzle, ...]:
    """The shipped puzzles of rule set ``name``, each proved; LearnError in one line."""
    return read_puzzles(data_path("levels", FOLDER) / f"{name}.toml")


def read_puzzles(path: Path) -> tuple[Puzzle, ...]:
    """Read, check and prove every puzzle of one file."""
    where = f"{FOLDER}/{path.name}"
    try:
        data = read_toml(path, where)
    except BadFile as error:
        raise LearnError(str(error)) from None
    unknown = sorted(set(data) - {"puzzles"})
    if unknown:
        raise LearnError(f"{where}: unknown key '{unknown[0]}'; expected [[puzzles]] tables")
    entries = data.get("puzzles")
    if not isinstance(entries, list) or not entries:
        raise LearnError(f"{where}: 'puzzles' must be a list of [[puzzles]] tables")
    puzzles: list[Puzzle] = []
    for number, entry in enumerate(entries, 1):
        puzzle = read_puzzle(entry, path.stem, f"{where}: puzzle {number}")
        if any(p.id == puzzle.id for p in puzzles):
            raise LearnError(f"{where}: puzzle {number}: the id '{puzzle.id}' is taken")
        puzzles.append(puzzle)
    return tuple(puzzles)


def read_puzzle(data: Any, rules: str, where: str) -> Puzzle:
    """One puzzle, checked and proved (see the module docstring)."""
    if not isinstance(data, dict):
        raise LearnError(f"{where}: must be a [[puzzles]] table")
    unknown = sorted(set(data) - _KEYS)
    if unknown:
        raise LearnError(f"{where}: unknown key '{unknown[0]}'; expected one of {_keys()}")
    if data.get("rules", rules) != rules:
        raise LearnError(f"{where}: 'rules' must be \"{rules}\", the file's name")
    ident = data.get("id")
    if not isinstance(ident, str) or not _ID.match(ident):
        raise LearnError(f"{where}: 'id' must be a short name of a-z, 0-9, - and _")
    where = f"{where} ({ident})"
    goal = _read_goal(data, where)
    table = read_table(data, where, rules)
    puzzle = Puzzle(ident, rules, read_words(data.get("say"), f"{where}: 'say'"), table, goal)
    _prove(puzzle, where)
    return puzzle


def _read_goal(data: Mapping[str, Any], where: str) -> Goal:
    kind = data.get("goal")
    if kind not in GOALS:
        raise LearnError(f"{where}: 'goal' must be one of {', '.join(GOALS)}")
    turns = data.get("turns", 1)
    if type(turns) is not int or not 1 <= turns <= 5:
        raise LearnError(f"{where}: 'turns' must be a whole number from 1 to 5")
    points, passes = data.get("points", 0), data.get("passes", 0)
    if kind == "score" and (type(points) is not int or points <= 0):
        raise LearnError(f"{where}: a score goal needs 'points', a whole number above 0")
    if kind == "passes" and (type(passes) is not int or passes <= 0):
        raise LearnError(f"{where}: a passes goal needs 'passes', a whole number above 0")
    return Goal(kind, turns, points, passes)


def _prove(puzzle: Puzzle, where: str) -> None:
    """The goal forced from the position, and not by every first move."""
    state = puzzle.new_match().state
    if state.to_move != PLAYER:
        raise LearnError(f"{where}: after the moves seat {state.to_move} is to move, not seat 1")
    if state.results:
        raise LearnError(f"{where}: the moves must stay in the round they start")
    try:
        good = winning_moves(puzzle.goal, state, state, Count(0, 0, None))
    except TooBig:
        raise LearnError(f"{where}: too big to prove in {LIMIT} positions") from None
    if not good:
        raise LearnError(f"{where}: the goal cannot be forced from this position")
    if len(good) == len(state.rules.legal_actions(state)):
        raise LearnError(f"{where}: every move meets the goal; that is no puzzle")


def _keys() -> str:
    return ", ".join(sorted(_KEYS))
