"""The sampler deals exactly the consistent hidden tiles (F-08, C-18, MT-23, L-21).

The truth here is built independently of :mod:`game.ai.knowledge`: a hidden
deal is consistent when, for every other seat, some order of the tiles it
drew replays its part of the log — every play from the hand, every pass and
failed draw (``Event.lacks``) with none of those tiles in the hand at that
moment. Small late positions are enumerated by brute force and compared
with what the sampler produces.
"""

from __future__ import annotations

import dataclasses
import itertools
import random
from collections.abc import Iterable, Iterator
from typing import Any

import pytest

from game.ai import knowledge, sampler
from game.rules import Action, Event, Kind, Observation, State, create


def _seat_history_allows(obs: Observation, seat: int, hand: frozenset) -> bool:
    """Whether some choice of drawn tiles replays ``seat``'s events ending with ``hand``."""
    log = list(obs.log)
    for i in range(len(log) - 1, -1, -1):
        if log[i].action is not None and log[i].action.kind == "redeal":
            log = log[i + 1 :]
            break
    events = [e for e in log if e.seat == seat]
    plays = [e.action.tile for e in events if e.action is not None and e.action.tile is not None]
    through = frozenset(hand) | frozenset(plays)

    def back(i: int, later: frozenset) -> bool:
        if i < 0:
            return True
        e = events[i]
        before = frozenset(
            t for ev in events[:i] if ev.action is not None and (t := ev.action.tile) is not None
        )
        if e.action is not None and e.action.tile is not None and e.action.tile in later:
            return False  # played here, so not drawn afterwards
        n = e.drew + (1 if e.action is not None and e.action.kind == "draw" else 0)
        held = through - later - before
        if e.action is not None and e.action.tile is not None:
            held = held  # the played tile is in hand before the play: nothing to undo
        forced = held & e.lacks
        if len(forced) > n:
            return False
        others = sorted(held - forced)
        for extra in itertools.combinations(others, n - len(forced)):
            if back(i - 1, later | forced | frozenset(extra)):
                return True
        return False

    return back(len(events) - 1, frozenset())


def _truth(obs: Observation, k: knowledge.Knowledge) -> set:
    """Every consistent assignment of the unseen tiles to the other hands (brute force)."""
    pool = [k.tiles[i] for i in k.pool]
    others = [s for s in range(1, obs.players + 1) if s != obs.seat]
    out = set()

    def go(j: int, left: list, chosen: tuple) -> None:
        if j == len(others):
            out.add(chosen)
            return
        s = others[j]
        for hand in itertools.combinations(left, k.need[s - 1]):
            full = frozenset(hand) | frozenset(k.known[s - 1])
            if _seat_history_allows(obs, s, full):
                rest = [t for t in left if t not in hand]
                go(j + 1, rest, chosen + (full,))

    go(0, pool, ())
    return out


def _positions(
    name: str, players: int, seeds: Iterable[int], most: int, caps: bool = False, **opts: object
) -> Iterator:
    """Late positions of random games whose unseen tiles can be enumerated.

    With ``caps``, positions where a seat drew after failing to play, so a
    limit allows some of the tiles it lacked then.
    """
    rules = create(name, players=players, **opts)
    for seed in seeds:
        state: State = rules.new_match(seed)
        pick = random.Random(seed)
        start = state.round
        while state.round == start and not state.over:
            obs = rules.observe(state, state.mover)
            k = knowledge.read(obs)
            hidden = sum(k.need)
            binding = any(lim.cap > 0 if caps else True for lims in k.limits for lim in lims)
            if binding and hidden <= most and len(k.pool) <= most + 3:
                yield obs, k, state
                break
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))


Case = tuple[str, int, range, int, dict[str, Any]]  # rules, seats, seeds, moves, options
CASES: list[Case] = [
    ("draw", 2, range(0, 12), 7, {}),
    ("draw", 3, range(0, 20), 6, {}),
    ("all_fives", 2, range(0, 30), 7, {}),
    ("block", 4, range(0, 12), 9, {"hand_size": 7}),
    ("block", 3, range(0, 10), 8, {"hand_size": 9}),
]

# positions where a seat drew after a void: limits above zero, chains of them
CAPPED: list[Case] = [
    ("draw", 2, range(0, 200), 7, {}),
    ("draw", 3, range(0, 300), 7, {}),
    ("all_fives", 3, range(0, 300), 7, {}),
    ("draw", 4, range(0, 300), 8, {}),
]


@pytest.mark.parametrize(
    ("name", "players", "seeds", "most", "opts", "caps"),
    [(*c, False) for c in CASES] + [(*c, True) for c in CAPPED],
)
def test_f08_sampler_support_is_exactly_the_consistent_deals(
    name: str, players: int, seeds: range, most: int, opts: dict, caps: bool
) -> None:
    """F-08: every sampled deal is consistent, and every consistent deal is sampled."""
    checked = 0
    for obs, k, state in _positions(name, players, seeds, most, caps, **opts):
        truth = _truth(obs, k)
        real = tuple(frozenset(h) for s, h in enumerate(state.hands, 1) if s != obs.seat)
        assert real in truth
        if len(truth) > 120:
            continue
        if checked == 4:
            break
        smp = sampler.Sampler(k)
        rng = random.Random(1)
        seen = set()
        for _ in range(40 * len(truth) + 100):
            hands, boneyard, unused = smp.sample(rng)
            assert hands[obs.seat - 1] == obs.hand
            assert (len(boneyard), len(unused)) == (obs.boneyard, obs.unused)
            got = tuple(frozenset(h) for s, h in enumerate(hands, 1) if s != obs.seat)
            assert got in truth, f"inconsistent deal {got}"
            seen.add(got)
        assert seen == truth
        checked += 1
    assert checked >= 2


@pytest.mark.parametrize(
    ("name", "players", "seeds", "most", "opts", "caps"),
    [(*c, False) for c in CASES[3:]] + [(*c, True) for c in CAPPED],
)
def test_f08_constructive_paths_alone_have_the_same_support(
    name: str, players: int, seeds: range, most: int, opts: dict, caps: bool
) -> None:
    """F-08: both constructive samplers (for when shuffling fails) are exact in support too."""
    checked = 0
    for obs, k, _ in _positions(name, players, seeds, most, caps, **opts):
        truth = _truth(obs, k)
        if len(truth) > 60:
            continue
        smp = sampler.Sampler(k)
        rng = random.Random(2)
        for way in (smp._constructive, smp._search):
            seen = set()
            for _ in range(40 * len(truth) + 100):
                hands, _, _ = smp._split(*way(rng))
                got = tuple(frozenset(h) for s, h in enumerate(hands, 1) if s != obs.seat)
                assert got in truth
                seen.add(got)
            assert seen == truth
        assert smp.counting, "a small position is sampled by counting"
        checked += 1
        if checked == 3:
            break
    assert checked >= 1


def test_f08_counting_samples_every_consistent_deal_equally_often() -> None:
    """F-08: the counting sampler is uniform over the consistent deals (a chi-square bound)."""
    for obs, k, _ in _positions("block", 4, range(0, 50), 9, hand_size=7):
        truth = _truth(obs, k)
        if 5 <= len(truth) <= 200:
            break
    smp = sampler.Sampler(k)
    rng = random.Random(9)
    counts = dict.fromkeys(truth, 0)
    draws = 60 * len(truth)
    for _ in range(draws):
        hands, _, _ = smp._split(*smp._constructive(rng))
        counts[tuple(frozenset(h) for s, h in enumerate(hands, 1) if s != obs.seat)] += 1
    expected = draws / len(truth)
    chi2 = sum((c - expected) ** 2 / expected for c in counts.values())
    dof = len(truth) - 1
    assert chi2 < dof + 5 * (2 * dof) ** 0.5  # within about five standard deviations


def test_f08_a_void_binds_only_the_tiles_held_then() -> None:
    """F-08: after failing to play on 6s a seat may hold a 6 it drew later, no more."""
    rules = create("draw", players=2)
    state = rules.new_match(1, first=1)
    lead = next(a for a in rules.legal_actions(state) if not a.tile.has(6))
    state = rules.apply(state, lead)
    sixes = frozenset(t for t in rules.tiles if t.has(6))
    draw = Action(Kind.DRAW)
    # seat 2 drew twice on 6s it lacked: only the second draw may have brought a 6
    log = state.log + (Event(2, draw, lacks=sixes), Event(2, draw, lacks=sixes))
    obs = rules.observe(state, 1)
    obs = dataclasses.replace(
        obs,
        table=obs.table.evolve(log=log),
        hand_sizes=(obs.hand_sizes[0], obs.hand_sizes[1] + 2),
        boneyard=obs.boneyard - 2,
    )
    k = knowledge.read(obs)
    unseen_sixes = sum(1 << i for i in k.pool if k.tiles[i].has(6))
    assert [(lim.mask, lim.cap) for lim in k.limits[1]] == [(unseen_sixes, 1)]
    # a pass after the draws: nothing drawn since, so it holds none of them
    void = dataclasses.replace(
        obs, table=obs.table.evolve(log=log + (Event(2, Action(Kind.PASS), lacks=sixes),))
    )
    assert [(lim.mask, lim.cap) for lim in knowledge.read(void).limits[1]] == [(unseen_sixes, 0)]


def test_c07_shown_tiles_stay_known_until_a_redeal() -> None:
    """C-03 / C-07: tiles shown by an action stay in that hand; a remix forgets them."""
    rules = create("draw", players=2)
    state = rules.new_match(2, first=1)
    obs = rules.observe(state, 1)
    shown = state.hands[1][0]
    log = (Event(2, Action(Kind.ACCEPT), shown=(shown,)),)
    seen = dataclasses.replace(obs, table=obs.table.evolve(log=log))
    k = knowledge.read(seen)
    assert k.known[1] == (shown,) and k.need[1] == len(state.hands[1]) - 1
    smp = sampler.Sampler(k)
    rng = random.Random(4)
    assert all(shown in smp.sample(rng)[0][1] for _ in range(20))
    # a table event (the draw for the opener) or a redeal: the tiles went back
    for forgot in ((Event(2, None, shown=(shown,)),), log + (Event(1, Action(Kind.REDEAL)),)):
        k = knowledge.read(dataclasses.replace(obs, table=obs.table.evolve(log=forgot)))
        assert k.known[1] == () and k.need[1] == len(state.hands[1])


def test_f08_inlined_draws_are_the_librarys_for_the_same_stream() -> None:
    """F-08: the sampler's shuffle and whole-population sample order as ``random`` does and
    leave the stream where it leaves it (the search's choices rest on those numbers)."""
    for n in range(30):
        for seed in range(60):
            items = list(range(100, 100 + n))
            ours, theirs = random.Random(seed), random.Random(seed)
            assert sampler.permutation(items, ours.getrandbits) == theirs.sample(items, n)
            assert ours.random() == theirs.random()
            mixed, library = list(items), list(items)
            sampler.shuffle(mixed, ours.getrandbits)
            theirs.shuffle(library)
            assert mixed == library and ours.random() == theirs.random()
