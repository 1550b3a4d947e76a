"""A match being played: the rule set, who sits where, and the history undo walks.

The rules give immutable states, so the history is simply the list of
states and the actions between them. Undo goes back to the previous human
decision, taking every computer reply after it, as every rule card asks;
redo puts the same actions back, so undo-all then redo-all gives the very
same state. Restart returns to the start of the current round (same deal,
the scores from before it); a new match starts from a fresh seed.

The computer's and the hints' randomness is the match's own ``ai_seed``: fresh
entropy from the system, independent of the match seed (which fixes the deals,
so a seed handed to the computer that came from it would tell it every hidden
hand). It is kept in the record, so a resumed match or a demo replays the same.
Each deal is committed to before its first move (:mod:`.commitments`): its salt is
the match's too, kept in the record beside the hash.

Undo, redo and restart leave no trace in the states, so the match keeps
``notes``: who took a move back, put it back or restarted the round, and
after how many actions, for the public log (a note names a seat, never a
tile). Notes live with the match in play and are not part of its record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .commitments import Commitment, Salts, dealt
from .names import clean_name
from .rules import Action, RuleSet, State, create
from .rules.errors import ConfigError, quote
from .rules.seeding import fresh_entropy, fresh_seed, rng

SEAT_KINDS = ("human", "computer")
LEVELS = ("easy", "normal", "hard")


def check_seat(spec: str) -> str:
    """A seat is ``human``, ``computer`` or ``computer:LEVEL``; anything else is refused."""
    kind, _, level = spec.partition(":")
    if kind not in SEAT_KINDS or (level and (kind != "computer" or level not in LEVELS)):
        raise ConfigError(
            f"{quote(spec, 40)} is not a seat; use human, computer or computer:easy|normal|hard"
        )
    return spec


class Match:
    """One match at the table. ``play`` refuses an illegal action and changes nothing."""

    def __init__(
        self,
        ruleset: RuleSet[Any],
        seats: Sequence[str] | None = None,
        seed: int | None = None,
        deals: Sequence[Mapping[str, Any]] | None = None,
        first: int | None = None,
        ai_seed: int | None = None,
        names: Sequence[str | None] = (),
        salts: Mapping[int, str] | None = None,
    ) -> None:
        seats = list(seats) if seats is not None else ["human"] * ruleset.players
        if len(seats) != ruleset.players:
            raise ConfigError(f"{len(seats)} seats were given for {ruleset.players} players")
        if len(names) > ruleset.players:
            raise ConfigError(f"{len(names)} names were given for {ruleset.players} players")
        self.ruleset = ruleset
        self.seats = tuple(check_seat(s) for s in seats)
        self.seed = fresh_seed() if seed is None else seed
        self.ai_seed = fresh_entropy() if ai_seed is None else ai_seed
        self.deals = list(deals) if deals else []
        self.first = first
        # each human seat's name (typed in the setup), or None: the screens say "Seat N"
        # (a computer is never named: a name given it is dropped)
        given = [
            clean_name(n) if s == "human" else None for n, s in zip(names, seats, strict=False)
        ]
        self.names: tuple[str | None, ...] = tuple(given + [None] * (len(seats) - len(given)))
        self._states: list[State] = [ruleset.new_match(self.seed, self.deals or None, first)]
        self._actions: list[Action] = []
        # each undo's actions, with the notes as they stood before it (redo puts both back)
        self._redo: list[tuple[list[Action], list[tuple[int, str, int]]]] = []
        # (actions played when it happened, "undo" | "redo" | "restart", seat): the log's
        self.notes: list[tuple[int, str, int]] = []
        self._legal: tuple[State, tuple[Action, ...]] | None = None  # (a state, its legal moves)
        self.salts = Salts(salts)  # each deal's secret salt (its commitment's)

    @classmethod
    def create(
        cls, rules: str, players: int, seats: Sequence[str] | None = None, **kw: Any
    ) -> Match:
        """A match of rule set ``rules``; ``kw`` are options, plus ``seed``/``deals``/``first``,
        ``ai_seed`` and ``names``."""
        seed, deals, first = kw.pop("seed", None), kw.pop("deals", None), kw.pop("first", None)
        ai_seed, names = kw.pop("ai_seed", None), kw.pop("names", ())
        ruleset = create(rules, players=players, **kw)
        return cls(ruleset, seats, seed, deals, first, ai_seed, names)

    # -- what the table reads ------------------------------------------------

    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def actions(self) -> tuple[Action, ...]:
        """Every action of the match so far, oldest first (the record's ``actions``)."""
        return tuple(self._actions)

    @property
    def history(self) -> tuple[tuple[int, Action, State], ...]:
        """(seat, action, state after) for every action, for the log."""
        return tuple(
            (before.mover, action, after)
            for before, action, after in zip(
                self._states, self._actions, self._states[1:], strict=False
            )
        )

    def before(self, move: int) -> State:
        """The state the match's move number ``move`` (from 0) was made from."""
        return self._states[move]

    def ai_seed_for(self, use: str, ahead: int = 0) -> int:
        """The seed of the next decision for ``use`` (``"table"``: a computer seat's move,
        ``"hint"``: a hint): from the match's own ``ai_seed`` and the moves made so far,
        so it repeats on replay and says nothing of the deal. ``ahead``: the decision
        that many moves later (a turn thought out while the move before it waits)."""
        return rng(self.ai_seed, use, len(self._actions) + ahead).getrandbits(32)

    def commitments(self) -> list[Commitment]:
        """Every deal's commitment so far, oldest first (the record's ``commitments``)."""
        return [self.salts.commit(state) for state in self.deal_starts()]

    def deal_starts(self) -> list[State]:
        """The first state of every deal so far, oldest first: what each commitment is to."""
        return list(dealt(self._states))

    def commitment(self) -> Commitment | None:
        """The commitment of the deal in play (None before the first: Cuban's opener)."""
        number = self.state.deal_no
        if not number:
            return None
        first = next(s for s in self._states if s.deal_no == number)
        return self.salts.commit(first)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions now, worked out once for each state: the table asks several
        times a frame (whether it is busy, whose move it is), and a state never changes."""
        state = self.state
        known = self._legal
        if known is None or known[0] is not state:
            known = self._legal = (state, self.ruleset.legal_actions(state))
        return known[1]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seats[seat - 1] == "human"

    def level(self, seat: int) -> str:
        """A computer seat's level (``normal`` unless the seat says otherwise)."""
        return self.seats[seat - 1].partition(":")[2] or "normal"

    @property
    def can_undo(self) -> bool:
        return self._last_human_index() is not None

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    @property
    def undo_seat(self) -> int | None:
        """Whose decision an undo takes back: the seat to move once it is done."""
        index = self._last_human_index()
        return None if index is None else self._states[index].to_move

    @property
    def restart_seat(self) -> int | None:
        """Who is to move once the round restarts (whose hand shows first)."""
        return self._states[self._round_start()].to_move

    def since_turn_of(self, seat: int) -> list[tuple[int, Action, State, State]]:
        """What was done this round since ``seat`` last acted (or since the round began),
        as (seat, action, state before, state after), oldest first: what a hot-seat player
        missed while others had the device."""
        start = self._round_start()
        for i in range(len(self._actions) - 1, start - 1, -1):
            if self._states[i].to_move == seat:
                start = i + 1
                break
        return [
            (self._states[i].mover, self._actions[i], self._states[i], self._states[i + 1])
            for i in range(start, len(self._actions))
        ]

    # -- what the players do -------------------------------------------------

    def play(self, action: Action | str) -> State:
        """Apply one action (text or Action) for the seat to move; redo is forgotten."""
        if isinstance(action, str):
            action = self.ruleset.parse_action(self.state, action)
        state: State = self.ruleset.apply(self.state, action)
        self._states.append(state)
        self._actions.append(action)
        self._redo.clear()
        return state

    def undo(self) -> bool:
        """Take back the last human decision and every computer reply after it."""
        index = self._last_human_index()
        if index is None:
            return False
        seat = self._states[index].mover
        self._redo.append((self._actions[index:], list(self.notes)))
        self._cut(index)
        self._note("undo", seat)
        return True

    def redo(self) -> bool:
        """Put back what the last undo took (the same actions, so the same states).

        The notes read in the order things happened: those the undo moved back to where it
        cut return to their moves, and the notes made since (the undo's own first) follow
        the moves put back, so the log never says a move was taken back before it was made."""
        if not self._redo:
            return False
        seat = self.state.to_move
        actions, notes = self._redo.pop()
        for action in actions:
            self._states.append(self.ruleset.apply(self.state, action))
            self._actions.append(action)
        since = self.notes[len(notes) :]
        self.notes = [*notes, *((len(self._actions), kind, by) for _at, kind, by in since)]
        if seat is not None:
            self._note("redo", seat)
        return True

    def restart_round(self, by: int | None = None) -> None:
        """Back to the start of this round: same deal, scores from before it.

        ``by`` is the seat that asked, for the log (the seat to move if not given).
        """
        by = by if by is not None else self.state.to_move
        self._cut(self._round_start())
        self._redo.clear()
        if by is not None:
            self._note("restart", by)

    def new_match(self, seed: int | None = None) -> None:
        """A fresh match: new seed (random unless given), zero scores, no history."""
        self.seed = fresh_seed() if seed is None else seed
        self.ai_seed = fresh_entropy()
        self.deals = []
        self.salts.forget()
        self._states = [self.ruleset.new_match(self.seed, None, self.first)]
        self._actions.clear()
        self._redo.clear()
        self.notes.clear()

    def _cut(self, index: int) -> None:
        """Forget every action from ``index`` on; notes made later now follow action ``index``."""
        del self._actions[index:]
        del self._states[index + 1 :]
        self.notes = [(min(at, index), kind, seat) for at, kind, seat in self.notes]

    def _note(self, kind: str, seat: int) -> None:
        self.notes.append((len(self._actions), kind, seat))

    def _round_start(self) -> int:
        """The index of the state the current round restarts from."""
        finished = len(self.state.results) - (1 if self.state.over else 0)
        start = next(i for i, s in enumerate(self._states) if len(s.results) == finished)
        # Where a choice comes before the deal (Cuban's opener), the round's
        # latest state marked ``hand_start`` is where the hand itself starts.
        marked = [
            i
            for i, s in enumerate(self._states[start:], start)
            if len(s.results) == finished and s.hand_start
        ]
        return marked[-1] if marked else start

    def _last_human_index(self) -> int | None:
        for i in range(len(self._actions) - 1, -1, -1):
            if self.is_human(self._states[i].to_move):
                return i
        return None
