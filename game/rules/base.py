"""What every rule set shares: the state shape, deals, events, observations.

A rule set is an object made by :func:`game.rules.create`; a *state* is an
immutable snapshot of a whole match (scores, round, the table, every hand).
``apply`` returns a new state and never touches its argument, so the match
controller keeps old states for undo and the computer can search freely.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar, Generic, NamedTuple, Self, TypeVar, cast

from .actions import Action, parse_text, reads_back, typed
from .errors import ConfigError, Game, IllegalAction, NotationError
from .options import Option
from .presets import Preset
from .results import RoundResult
from .seeding import shuffled
from .tiles import Tile, parse_tile, pip_total, tile_set
from .traits import Blocked, Direction, First, Partnerships, TableKind


class State:
    """A snapshot of a match. Immutable by convention: change it with :meth:`evolve`.

    Seats are 1-based everywhere a state speaks to the outside: ``to_move``,
    ``winner`` and event seats; ``hands[seat - 1]`` is seat ``seat``'s hand.
    Subclasses add the fields of their table (line ends, trains, branches).
    """

    __slots__ = (
        "rules",  # the RuleSet this state belongs to (public)
        "seed",  # the match seed: every deal and lot derives from it (hidden)
        "deals",  # explicit deals still to come, for tests and puzzles (hidden)
        "deal_no",  # how many deals this match has made, redeals included
        "round",  # 1-based round (hand) number
        "to_move",  # the seat that acts next; None once the match is over
        "scores",  # one total per seat; partners repeat their team's total
        "winner",  # None until the match is over, then the winning seats
        "hands",  # one tuple of tiles per seat (private)
        "boneyard",  # tiles to draw from, top first (order hidden)
        "unused",  # tiles out of play this round (hidden)
        "log",  # this round's public events, oldest first
        "results",  # one RoundResult per finished round
    )
    _fields: ClassVar[tuple[str, ...]] = __slots__

    # The fields, typed as a rule set sees them; an Observation's table holds None in
    # the hidden ones (HIDDEN_FIELDS) until determinize fills them with a guess.
    rules: RuleSet[Any]
    seed: int
    deals: tuple[Deal, ...]
    deal_no: int
    round: int
    to_move: int | None
    scores: tuple[float, ...]
    winner: tuple[int, ...] | None
    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    unused: tuple[Tile, ...]
    log: tuple[Event, ...]
    results: tuple[RoundResult, ...]

    # Fields a subclass presents as properties over slots of its own (a line state builds its
    # line and log only when asked): they are fields like the rest, set through the property.
    _presented: ClassVar[tuple[str, ...]] = ()

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            names.extend(klass.__dict__.get("__slots__", ()))
        # The fields are the public slots and the presented properties; a copy copies what is
        # stored (a property's own slots, not the property).
        cls._fields = tuple(n for n in names if not n.startswith("_")) + cls._presented
        stored = [n for n in names if not isinstance(getattr(cls, n), property)]
        if "__init__" not in cls.__dict__:  # a subclass's own __init__ stays
            private = tuple(n for n in stored if n.startswith("_"))
            cls.__init__ = _make_init(cls._fields, private)  # type: ignore[method-assign]
        cls.evolve, cls.copy = _make_evolve(cls, tuple(stored))  # type: ignore[method-assign]

    def __init__(self, **fields: Any) -> None:
        for name in self._fields:
            setattr(self, name, fields[name])

    def evolve(self, **changes: Any) -> Self:
        """A copy with ``changes`` applied; the original is untouched.

        Every action copies the state, so each subclass gets this method
        generated for its own fields (a straight run of slot copies).
        """
        raise NotImplementedError  # replaced per subclass by _make_evolve

    def copy(self) -> Self:
        """A copy to fill in before anyone sees it: :meth:`evolve` without changes, for the
        engine's steps (every step of a round makes one)."""
        raise NotImplementedError  # replaced per subclass by _make_evolve

    def as_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self._fields}

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and self.as_dict() == other.as_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"{type(self).__name__}(round={self.round}, to_move={self.to_move})"

    @property
    def over(self) -> bool:
        return self.winner is not None

    @property
    def hand_start(self) -> bool:
        """Whether a restart of the round returns to this state rather than to the round's
        first one: never, unless a family's round begins with choices before the hand
        itself (Cuban's opener, C-20)."""
        return False

    @property
    def in_play(self) -> bool:
        """Whether the round is where seats put tiles down in turn (past any opening, engine
        or redeal of its family's): the only part the computer plays out on numbers."""
        return False

    def compact(self) -> Any:
        """The table as its family's numbers, as the computer's playouts hold it (while
        :attr:`in_play`); a family that has none refuses."""
        raise TypeError(f"{type(self).__name__} has no table of numbers")

    def settle(self) -> None:
        """Build whatever this state keeps to build when read, and let go of the states it
        would build it from (an observed table must hold nothing of the hidden state)."""

    @property
    def mover(self) -> int:
        """The seat to move, for the moves of a match going on (refused once it is over)."""
        seat = self.to_move
        if seat is None:
            raise IllegalAction("The match is over")
        return seat


def _make_init(fields: tuple[str, ...], private: tuple[str, ...] = ()) -> Any:
    """Generate ``__init__`` for a state class: the same as State's, without its loop.

    Every new match builds one; a straight run of slot stores from the
    keywords is several times quicker than ``setattr`` in a loop. The ``private``
    slots (behind a presented property) start as None, then the fields are set.
    """
    empty = [f"    self.{name} = None" for name in private]
    stores = "\n".join(empty + [f"    self.{name} = fields[{name!r}]" for name in fields])
    scope: dict[str, Any] = {}
    exec(f"def __init__(self, **fields):\n{stores}\n", scope)  # noqa: S102 - from slot names
    return scope["__init__"]


def _make_evolve(cls: type, fields: tuple[str, ...]) -> tuple[Any, Any]:
    """Generate ``evolve`` and ``copy`` for a state class storing ``fields`` (hot path: no
    loops)."""
    copies = "\n".join(f"    new.{name} = self.{name}" for name in fields)
    source = (
        "def evolve(self, **changes):\n"
        "    new = _new(type(self))\n"
        f"{copies}\n"
        "    if changes:\n"
        "        for name, value in changes.items():\n"
        "            _set(new, name, value)\n"
        "    return new\n"
        "def copy(self):\n"
        "    new = _new(_cls)\n"
        f"{copies}\n"
        "    return new\n"
    )
    scope: dict[str, Any] = {"_new": object.__new__, "_set": setattr, "_cls": cls}
    exec(source, scope)  # noqa: S102 - trusted, generated from slot names
    scope["evolve"].__doc__ = State.evolve.__doc__
    scope["copy"].__doc__ = State.copy.__doc__
    return scope["evolve"], scope["copy"]


S = TypeVar("S", bound=State)


class Event(NamedTuple):
    """One public fact of the round, in order.

    ``lacks`` is the set of tiles the seat was just shown not to hold (a pass
    or a draw proves it had nothing playable); it binds only the tiles held at
    that moment, not those drawn later. ``drew`` counts tiles taken from the
    boneyard without an action of their own (the Mexican Train engine
    search). ``shown`` lists tiles shown to everyone (a Cuban redeal's
    doubles). ``points`` is what the play scored for the seat's side.
    """

    seat: int
    action: Action | None
    lacks: frozenset[Tile] = frozenset()
    points: float = 0
    drew: int = 0
    shown: tuple[Tile, ...] = ()


class Deal(NamedTuple):
    """A deal as the record format writes it: hands, boneyard (top first), unused."""

    hands: tuple[tuple[Tile, ...], ...]
    boneyard: tuple[Tile, ...]
    unused: tuple[Tile, ...]

    def to_json(self) -> dict[str, list[list[str]] | list[str]]:
        return {
            "hands": [[str(t) for t in hand] for hand in self.hands],
            "boneyard": [str(t) for t in self.boneyard],
            "unused": [str(t) for t in self.unused],
        }


@dataclass(frozen=True)
class Observation:
    """What one seat may know: its own hand and the public table.

    ``table`` is the state with everything hidden taken out (other hands,
    the boneyard's order and contents, unused tiles, the seed and future
    deals all set to ``None``); the computer and the hints see only this.
    """

    rules: str
    players: int
    options: Mapping[str, Any]
    seat: int
    hand: tuple[Tile, ...]
    hand_sizes: tuple[int, ...]
    boneyard: int
    unused: int
    table: State
    legal: tuple[Action, ...]

    @property
    def to_move(self) -> int | None:
        return self.table.to_move

    @property
    def log(self) -> tuple[Event, ...]:
        return self.table.log


HIDDEN_FIELDS = ("seed", "deals", "hands", "boneyard", "unused")
NOTATED_KEPT = 4096  # at most this many checked actions are remembered per rule set


class RuleSet(Generic[S]):
    """The interface every rule set offers; subclasses implement the rules.

    ``players`` and ``options`` are fixed when the rule set is created; the
    options come from the rule set's preset in ``levels/`` with the caller's
    keyword arguments laid over it (``create("block", players=4, hand_size=7)``).
    A rule set is generic in its state class ``S``: ``Cuban`` is a ``RuleSet[CubanState]``.
    """

    name: ClassVar[str]
    family: ClassVar[Family]  # its rule family (game/rules/family.py), set as that registers it
    rest: ClassVar[str] = "boneyard"  # where the tiles left after the deal go
    declared: ClassVar[Mapping[str, Option]] = {}  # the options it takes (game.rules.options)

    # What the rule set is like (game/rules/traits.py): read these, never the name.
    seating: ClassVar[Direction] = Direction.CLOCKWISE
    table_kind: ClassVar[TableKind] = TableKind.LINE
    drawing: ClassVar[bool] = False  # a seat that cannot play draws from the boneyard
    # ... and goes on drawing, one tile at a time, until one fits (F-23, F-31): so "draw
    # until a tile fits" may be one preview, confirmed once (F-04), each draw still its own
    # action in the record
    draws_until_fits: ClassVar[bool] = False
    scores_in_play: ClassVar[bool] = False  # plays score as they are made (All Fives)
    lowest_wins: ClassVar[bool] = False  # the scores are penalties (Mexican Train)
    blocked: ClassVar[Blocked] = Blocked.SIDE
    partnerships: ClassVar[Partnerships] = Partnerships.NEVER
    round_word: ClassVar[str] = "round"  # what a round is called ("hand" in Cuban)
    first: ClassVar[First] = First.LEADS  # what the option ``first`` fixes
    rounds: int | None = None  # a match of a fixed number of rounds (Mexican Train's 13)

    def __init__(self, preset: Preset, players: int, options: Mapping[str, Any]) -> None:
        self.preset = preset
        self.players = players
        self.options: dict[str, Any] = dict(options)
        #: Whether this table plays in pairs: seats 1 and 3 against 2 and 4.
        self.partners = self.partnerships is Partnerships.ALWAYS or (
            self.partnerships is Partnerships.OPTION
            and players == 4
            and bool(self.options.get("partners"))
        )
        self.double = preset.double
        self.tiles = tile_set(preset.double)
        # The actions apply found typed and written in the notation, by identity (kept, so an
        # id is never reused): legal_actions hands out the same few objects again and again,
        # and checking one again cost a quarter of a play.
        self._notated: dict[int, Action] = {}
        self._offered: tuple[State | None, tuple[Action, ...]] = (None, ())
        #: This game as a refusal names it ("There is no drawing in Block").
        self.game = Game(self.name, preset.title)
        size = self.options.get("hand_size")
        if size is not None and not 1 <= size * players <= len(self.tiles):
            name = {6: "six", 9: "nine", 12: "twelve"}[self.double]
            raise ConfigError(f"{players} hands of {size} tiles do not fit in a double-{name} set")
        first = self.options.get("first", 0)
        if not 0 <= first <= players:
            raise ConfigError(f"first must be a seat from 1 to {players}, or 0 for the usual way")

    # -- the API of docs/DESIGN.md ------------------------------------------------

    def new_match(
        self,
        seed: int,
        deals: Sequence[Deal | Mapping[str, Any]] | None = None,
        first: int | None = None,
    ) -> S:
        """A new match from ``seed``; explicit ``deals`` and ``first`` fix what chance would."""
        raise NotImplementedError

    def legal_actions(self, state: S) -> tuple[Action, ...]:
        """Every action the seat to move may take now (empty once the match is over)."""
        raise NotImplementedError

    def apply(self, state: S, action: Action) -> S:
        """The state after ``action``; raise :class:`IllegalAction` saying why if refused.

        Whatever is passed: a value that is no :class:`Action` is refused before
        the rules look at it; the rule set's :meth:`_apply` refuses, saying why,
        what the rules do not allow now; and an Action the rules would take but
        the notation cannot write (``Action("lead", t, "W")``) is refused after
        it, so nothing a record cannot hold ever enters a match. An action
        :meth:`legal_actions` just offered for this very state passed them all.
        """
        to, moves = self._offered
        if to is state and type(action) is Action and action in moves:
            return self._step(state, action)
        known = self._notated.get(id(action))
        if known is action and known is not None:  # this very object passed both before
            return self._apply(state, action)
        after = self._apply(state, typed(action))
        if not reads_back(action, self.double, self.players):
            raise NotationError("'{action}' is not an action of the notation", action=action)
        if len(self._notated) < NOTATED_KEPT:
            self._notated[id(action)] = action
        return after

    def offer(self, state: S, moves: tuple[Action, ...]) -> tuple[Action, ...]:
        """``moves``, remembered as ``state``'s legal actions (a rule set's ``legal_actions``
        returns through here when its ``_apply`` asks :meth:`offered`)."""
        self._offered = (state, moves)
        return moves

    def offered(self, state: S, action: Action) -> bool:
        """Whether ``action`` is one of the moves :meth:`offer` last remembered, for this very
        ``state``: a player (or a loop) mostly applies what legal_actions just listed, and
        such an action needs none of the checks that say why another is refused."""
        to, moves = self._offered
        return to is state and action in moves

    def apply_legal(self, state: S, action: Action) -> S:
        """The state after ``action``, one of ``legal_actions(state)``: the rules' own step
        without the notation's checks, which such an action passed already (the computer's
        playouts take hundreds of thousands of steps a decision; the checks were a tenth)."""
        return self._step(state, action)

    def _step(self, state: S, action: Action) -> S:
        """The rules' step for one of ``legal_actions(state)``: nothing to refuse (a family
        whose step takes no checks when offered says so here; by default :meth:`_apply`)."""
        return self._apply(state, action)

    def _apply(self, state: S, action: Action) -> S:
        """The rules' own step: ``action`` has the notation's types; whether it is a move
        of this game, and a legal one now, is for the rule set to say."""
        raise NotImplementedError

    def placed(self, state: S) -> tuple[Tile, ...]:
        """The tiles on the table this round."""
        raise NotImplementedError

    def computer_move(self, legal: Sequence[Action]) -> Action | None:
        """The move the rules fix for a computer seat among ``legal``, if any: none here."""
        return None

    def parse_action(self, state: S | None, text: str) -> Action:
        """Read ``text`` in the notation; the inverse of ``str(action)``."""
        return parse_text(text, self.double, self.players)

    def observe(self, state: S, seat: int) -> Observation:
        """What ``seat`` may know of ``state`` (docs/DESIGN.md, "Hidden information")."""
        table = state.evolve(**dict.fromkeys(HIDDEN_FIELDS))
        table.settle()
        return Observation(
            rules=self.name,
            players=self.players,
            options=self.options,
            seat=seat,
            hand=state.hands[seat - 1],
            hand_sizes=tuple(len(h) for h in state.hands),
            boneyard=len(state.boneyard),
            unused=len(state.unused),
            table=table,
            legal=self.legal_actions(state) if state.to_move == seat else (),
        )

    def determinize(
        self,
        observation: Observation,
        hands: Sequence[Sequence[Tile]],
        boneyard: Sequence[Tile],
        unused: Sequence[Tile],
        seed: int,
    ) -> S:
        """A whole state guessed from ``observation``: the computer's "what if".

        The hidden fields :meth:`observe` blanked are filled with a sampled
        guess (``hands`` for every seat, the observer's own included; the
        ``boneyard`` top first; the ``unused`` tiles) and ``seed`` stands in
        for the match seed, so later deals and lots are sampled too. No
        explicit deals remain. A rule set whose ``observe`` blanks more fields
        must override this to fill them.
        """
        table = cast("S", observation.table)  # a state this rule set made and observed
        return table.evolve(
            hands=tuple(tuple(h) for h in hands),
            boneyard=tuple(boneyard),
            unused=tuple(unused),
            seed=seed,
            deals=(),
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, RuleSet) and (self.name, self.players, self.options) == (
            other.name,
            other.players,
            other.options,
        )

    def __hash__(self) -> int:
        return hash((self.name, self.players))

    def __repr__(self) -> str:
        return f"create({self.name!r}, players={self.players}, **{self.options!r})"

    def fresh_state(self, cls: type[S], seed: int, deals: tuple[Deal, ...], **table: Any) -> S:
        """A match before its first deal: every common field at its start, then ``table``
        (the rule set's own fields, or a common one it starts differently), so each
        ``new_match`` states only what is its own."""
        fields: dict[str, Any] = {
            "rules": self,
            "seed": seed,
            "deals": deals,
            "deal_no": 0,
            "round": 1,
            "to_move": None,
            "scores": (0,) * self.players,
            "winner": None,
            "hands": (),
            "boneyard": (),
            "unused": (),
            "log": (),
            "results": (),
        }
        fields.update(table)
        return cls(**fields)

    def team_of(self, seat: int) -> int:
        """The side a seat scores for: its own seat, or the lower partner's."""
        return (seat - 1) % 2 + 1 if self.partners else seat

    # -- helpers the rule sets share ----------------------------------------

    def option_first(self, first: int | None) -> int:
        """The fixed first leader/opener (0 when chance or the rules decide)."""
        chosen = self.options.get("first", 0) if first is None else first
        if not 0 <= chosen <= self.players:
            raise ConfigError(f"first must be a seat from 1 to {self.players}")
        return chosen

    def read_deals(self, deals: Sequence[Deal | Mapping[str, Any]] | None) -> tuple[Deal, ...]:
        """Explicit deals, read and checked (every tile of the set exactly once)."""
        if not deals:
            return ()
        return tuple(self._read_deal(d, i + 1) for i, d in enumerate(deals))

    def _read_deal(self, deal: Deal | Mapping[str, Any], number: int) -> Deal:
        if not isinstance(deal, Deal):
            if not isinstance(deal, Mapping) or not isinstance(deal.get("hands"), list):
                raise ConfigError(f"Deal {number} needs a list of hands")
            self._count_listed(deal, number)  # before a tile is read: a deal may list 10**6
            try:
                deal = Deal(
                    tuple(tuple(parse_tile(t, self.double) for t in h) for h in deal["hands"]),
                    tuple(parse_tile(t, self.double) for t in deal.get("boneyard", [])),
                    tuple(parse_tile(t, self.double) for t in deal.get("unused", [])),
                )
            except (ValueError, TypeError, AttributeError) as error:
                raise ConfigError(f"Deal {number}: {error}") from None
        self.check_deal(deal, number)
        return deal

    def _count_listed(self, deal: Mapping[str, Any], number: int) -> None:
        """Refuse by count a deal that lists more tiles than the set holds, in one line."""
        parts = [*deal["hands"], deal.get("boneyard", []), deal.get("unused", [])]
        listed = sum(len(p) for p in parts if isinstance(p, list | tuple))
        if listed > len(self.tiles):
            raise ConfigError(
                f"Deal {number} must hold every tile of the double-{self.double} set "
                f"exactly once; it lists {listed} tiles, the set has {len(self.tiles)}"
            )

    def check_deal(self, deal: Deal, number: int) -> None:
        """The one rule for an explicit deal, whatever the rule set (ConfigError if broken).

        A hand per seat; no hand empty, none larger than the rules deal
        (``hand_size``); no boneyard where the rules draw none (the rest is
        ``unused``); every tile of the set exactly once. An empty hand gives
        a match in which a seat can never move, so it is refused before any match
        starts from it. Shorter hands stay allowed: the rules' tests deal them to
        reach an end of round or a block in a few moves.
        """
        if len(deal.hands) != self.players:
            raise ConfigError(f"Deal {number} has {len(deal.hands)} hands for {self.players} seats")
        size = self.options.get("hand_size")
        for seat, hand in enumerate(deal.hands, 1):
            if not hand:
                raise ConfigError(
                    f"Deal {number}: every hand needs at least one tile; seat {seat} has none"
                )
            if size is not None and len(hand) > size:
                raise ConfigError(
                    f"Deal {number}: seat {seat} holds {len(hand)} tiles; the rules deal {size}"
                )
        if self.rest == "unused" and deal.boneyard:
            raise ConfigError(
                f"Deal {number}: {self.preset.title} has no boneyard; list the rest as unused"
            )
        every = [t for h in deal.hands for t in h] + list(deal.boneyard) + list(deal.unused)
        if len(every) != len(self.tiles) or len(set(every)) != len(every):
            # counted once each, in one pass (a list.count per tile was quadratic)
            counts = Counter(every)
            twice = next((t for t in every if counts[t] > 1), None)
            why = f"{twice} is there twice" if twice else f"{len(every)} tiles are there"
            raise ConfigError(
                f"Deal {number} must hold every tile of the double-{self.double} set "
                f"exactly once; {why}"
            )

    def deal(self, state: S, hand_size: int) -> tuple[Deal, S]:
        """The next deal (explicit if one is waiting, else shuffled from the seed).

        Returns the deal and the state with the deal counted and consumed.
        """
        deal = self.next_deal(state, hand_size)
        return deal, state.evolve(deals=state.deals[1:], deal_no=state.deal_no + 1)

    def next_deal(self, state: S, hand_size: int) -> Deal:
        """The next deal of ``state`` (see :meth:`deal`), the state left as it is: a new
        round's state then takes the deal, ``deals[1:]`` and ``deal_no + 1`` in one copy."""
        if state.deals:
            return state.deals[0]
        return self.shuffled_deal(state.seed, state.deal_no, hand_size)

    def shuffled_deal(self, seed: int, number: int, hand_size: int) -> Deal:
        """Deal ``number`` (from 0) of the match with ``seed``, shuffled: hands of
        ``hand_size``, the rest to the boneyard or unused as the rules keep it."""
        tiles = tuple(shuffled(self.tiles, seed, "deal", number))
        n = self.players * hand_size
        hands = tuple([tiles[i : i + hand_size] for i in range(0, n, hand_size)])
        rest = tiles[n:]
        return Deal(hands, rest, ()) if self.rest == "boneyard" else Deal(hands, (), rest)

    def pips(self, state: S, seat: int) -> int:
        return pip_total(state.hands[seat - 1])


@dataclass(frozen=True, eq=False)
class Family:
    """One rule family as the engine exposes it.

    ``rules`` is its rule class (its ``legal_actions`` and ``_apply``: the family's turn
    step), the base of every rule set of the family; ``state`` the class of its states;
    ``kinds`` the tables its rule sets build (their ``table_kind``: the Fives line, or its
    spinner in All Fives); ``passes`` the passes in a row a state's table has counted since
    the last play (a line's; 0 where the family counts none), which the computer's playouts
    carry beside the table's numbers (``State.compact``); ``machine`` makes a rule set's turn
    machine (:mod:`game.rules.machine`), for the families that have one.
    """

    name: str
    rules: type[RuleSet[Any]]
    state: type[State]
    kinds: tuple[TableKind, ...]
    passes: Callable[[Any], int] = lambda state: 0
    machine: Callable[[Any], Any] | None = None
