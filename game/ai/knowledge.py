"""What a seat knows about the hidden tiles, read from its Observation alone.

The unseen tiles are the whole set less the seat's own hand, the tiles on
the table and the tiles other seats have shown. Every other seat holds a
known number of them; the rest lie in the boneyard and the unused pile.

Passes and failed draws narrow this down: ``Event.lacks`` says the seat held
none of those tiles *at that moment*. Tiles it drew afterwards are not bound,
so each such fact becomes a limit on the hand it holds now. For a seat whose
facts, oldest first, are ``L_1 … L_m``: let ``U_k`` be the union of ``L_k …
L_m``, ``d_k`` the tiles it drew from fact ``k`` on (a draw's own tile
included: its ``lacks`` describe the hand before the draw) and ``Q_k`` the
tiles of ``U_k``'s facts it has played since (each must have been drawn
after its fact). Then its current hand ``C`` is consistent with the log
exactly when ``|C ∩ U_k| <= d_k - |Q_k|`` for every ``k``: the drawn tiles
after each fact form a chain of nested sets, and those are the only
conditions on it. In Block, where nobody draws, every limit is zero: the
seat simply holds no tile of any suit it passed on.

A redeal (``redeal`` in the log: one a Cuban seat asks for, or Longana's
when nobody was dealt a double) remixes every hand, so only the log after
the last redeal says anything about the hands now. For the same reason
tiles shown by a redeal, or by an event that is no seat's action (Cuban's
draw for the opener, whose tiles go back), tell nothing; a tile shown
by any other action is known to stay in that hand until it is played.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..rules import Event, Kind, Observation, Tile


@dataclass(frozen=True)
class Limit:
    """At most ``cap`` of the tiles in ``mask`` (tile-index bits) are in the seat's hand."""

    mask: int
    cap: int


@dataclass(frozen=True)
class Knowledge:
    """The observer's view of where the unseen tiles may be.

    ``pool`` are the unseen tiles (by index in the rule set's tile order);
    ``known[s - 1]`` the tiles seat ``s`` is known to hold (its whole hand for
    the observer); ``need[s - 1]`` how many unseen tiles it holds besides;
    ``limits[s - 1]`` the nested limits on those (widest first).
    """

    seat: int
    tiles: tuple[Tile, ...]
    pool: tuple[int, ...]
    known: tuple[tuple[Tile, ...], ...]
    need: tuple[int, ...]
    limits: tuple[tuple[Limit, ...], ...]
    boneyard: int
    unused: int

    @property
    def pool_mask(self) -> int:
        return sum(1 << i for i in self.pool)

    def holds_ok(self, seat: int, mask: int) -> bool:
        """Whether ``mask`` (the unseen part of ``seat``'s hand) keeps every limit."""
        return all((mask & lim.mask).bit_count() <= lim.cap for lim in self.limits[seat - 1])


def read(observation: Observation) -> Knowledge:
    """The :class:`Knowledge` of ``observation``'s seat; raise ValueError if counts disagree."""
    rules = observation.table.rules
    tiles = rules.tiles
    index = {t: i for i, t in enumerate(tiles)}
    players = observation.players
    me = observation.seat
    placed = set(rules.placed(observation.table))
    log = _current_deal(observation.log)

    shown: list[list[Tile]] = [[] for _ in range(players)]
    for event in log:
        if event.action is None:
            continue  # a table event (Cuban's draw for the opener): the tiles went back
        for t in event.shown:
            if t not in shown[event.seat - 1] and t not in placed:
                shown[event.seat - 1].append(t)
    known = [tuple(sorted(h)) for h in shown]
    known[me - 1] = tuple(observation.hand)
    seen = placed.union(*map(set, known))
    pool = tuple(sorted(index[t] for t in tiles if t not in seen))
    pool_mask = sum(1 << i for i in pool)
    need = [
        0 if s == me else observation.hand_sizes[s - 1] - len(known[s - 1])
        for s in range(1, players + 1)
    ]
    if min(need) < 0 or sum(need) + observation.boneyard + observation.unused != len(pool):
        raise ValueError(
            f"the counts of {observation.rules} do not add up: {len(pool)} unseen tiles for "
            f"hands {need}, boneyard {observation.boneyard}, unused {observation.unused}"
        )
    limits = tuple(
        () if s == me else _limits(log, s, index, pool_mask, known[s - 1], need[s - 1])
        for s in range(1, players + 1)
    )
    return Knowledge(
        me, tiles, pool, tuple(known), tuple(need), limits, observation.boneyard, observation.unused
    )


def _current_deal(log: tuple[Event, ...]) -> tuple[Event, ...]:
    """The events since the last redeal: only they speak of the hands now."""
    for i in range(len(log) - 1, -1, -1):
        action = log[i].action
        if action is not None and action.kind == "redeal":
            return log[i + 1 :]
    return log


def _limits(
    log: tuple[Event, ...],
    seat: int,
    index: dict[Tile, int],
    pool_mask: int,
    known: tuple[Tile, ...],
    need: int,
) -> tuple[Limit, ...]:
    """The binding limits on ``seat``'s unseen tiles, widest first (see the module doc)."""
    mine = [e for e in log if e.seat == seat]
    facts: list[tuple[int, int, int]] = []  # (mask of lacks, tiles drawn since, mask played since)
    drawn = 0
    played = 0
    for event in reversed(mine):  # newest first: running totals are "since"
        action = event.action
        drawn += event.drew + (1 if action is not None and action.kind == Kind.DRAW else 0)
        if event.lacks:
            lacks = 0
            for t in event.lacks:
                lacks |= 1 << index[t]
            facts.append((lacks, drawn, played))
        if action is not None and action.tile is not None and action.kind != "redeal":
            played |= 1 << index[action.tile]
    if not facts:
        return ()
    facts.reverse()  # oldest first
    known_mask = sum(1 << index[t] for t in known)
    caps: list[tuple[int, int]] = []
    union = 0
    spent = 0  # |Q_k|: tiles of the later facts played after their fact
    for lacks, drew, played_since in reversed(facts):  # newest first builds U_k and Q_k
        union |= lacks
        spent |= lacks & played_since
        caps.append((union, drew - spent.bit_count() - (union & known_mask).bit_count()))
    caps.reverse()  # widest union (oldest fact) first
    out: list[Limit] = []
    best = need
    for union, cap in caps:
        best = min(best, max(cap, 0))  # a narrower set can hold no more than a wider one
        mask = union & pool_mask
        if not mask:
            continue
        if out and out[-1].mask == mask:
            out[-1] = Limit(mask, best)
        elif out and best >= out[-1].cap:
            continue  # implied: a subset of a set already held to fewer
        elif best < min(need, mask.bit_count()):
            out.append(Limit(mask, best))
    return tuple(out)
