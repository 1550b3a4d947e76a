"""The rules' arithmetic over plain numbers: one body for one table and for arrays of them.

The engine, the scalar playouts and the numpy batch all call these functions,
so each is checked here for what its rule says, on ints, and for giving the
same, entry by entry, on numpy arrays.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from game.rules import create, tally
from game.rules import cuban as cb
from game.rules import fives as fv
from game.rules import line as ln
from game.rules import longana as lg
from game.rules import mexican_train as mt


def _same_on_arrays(function: Callable[..., Any], cases: list[tuple[Any, ...]]) -> None:
    """``function`` on arrays of ``cases`` (each argument a column) gives each case's result,
    a list argument given as a list of arrays and as one array of rows (as the batch does)."""
    for rows in (False, True):
        columns: list[Any] = []
        for k in range(len(cases[0])):
            first = cases[0][k]
            if isinstance(first, list):
                each = [np.array([c[k][j] for c in cases]) for j in range(len(first))]
                columns.append(np.stack(each) if rows else each)
            else:
                columns.append(np.array([c[k] for c in cases]))
        _same_as_cases(function(*columns), function, cases)


def _same_as_cases(got: Any, function: Callable[..., Any], cases: list[tuple[Any, ...]]) -> None:
    for row, case in enumerate(cases):
        want = function(*case)
        if isinstance(want, tuple):
            for w, g in zip(want, got, strict=True):
                _check(w, g, row)
        else:
            _check(want, got, row)


def _check(want: Any, got: Any, row: int) -> None:
    if isinstance(want, list):
        assert [g[row] for g in got] == want
    else:
        assert got[row] == want


def test_tally_on_ints_and_arrays() -> None:
    assert tally.greatest([3, 7, 7, 1]) == 7 and tally.least([3, 7, 0, 1]) == 0
    assert tally.only([3, 7, 2], 7) == 1 and tally.only([7, 3, 7], 7) == -1
    assert tally.only([1, 2], 5) == -1 and tally.ties([1, 2, 1], 1) == 2
    assert tally.where(True, 4, 9) == 4 and tally.where(False, 4, 9) == 9
    cases = [([3, 7, 7], 7), ([9, 1, 2], 9), ([0, 0, 5], 0), ([4, 2, 8], 2)]
    _same_on_arrays(tally.only, cases)
    _same_on_arrays(lambda v, x: (tally.greatest(v), tally.least(v), tally.total(v)), cases)


def _fives_lines(count: int) -> list[ln.Line]:
    """All Fives lines of seeded random matches (spinners, doubles at tips, bare leads)."""
    rules = create("all_fives", players=4)
    lines: list[ln.Line] = []
    pick = random.Random(5)
    seed = 0
    while len(lines) < count:
        state = rules.new_match(seed)
        seed += 1
        while state.winner is None and len(lines) < count:
            state = rules.apply(state, pick.choice(rules.legal_actions(state)))
            if isinstance(state, ln.LineState) and state.line.lead is not None:
                lines.append(state.line)
    return lines


def _facts(line: ln.Line) -> tuple[Any, ...]:
    assert line.lead is not None
    ends = [-1 if n is None else n for n in line.ends]
    covered = [bool(arm) for arm in line.arms]
    tips = [bool(arm) and arm[-1][0].is_double for arm in line.arms]
    return ends, covered, tips, line.lead.is_double, line.lead.pips


def test_the_count_of_the_ends_is_line_count_f33_f34() -> None:
    lines = _fives_lines(400)
    for line in lines:
        assert ln.ends_count(*_facts(line)) == ln.count(line)
    _same_on_arrays(ln.ends_count, [_facts(line) for line in lines])
    # F-34: a double lead alone counts its pips once; F-33: a double at a tip twice
    assert ln.ends_count([5, 5, -1, -1], [False] * 4, [False] * 4, True, 10) == 10
    assert ln.ends_count([5, 3, -1, -1], [True, False, False, False], [True] * 4, False, 8) == 13
    assert ln.share(4, False, False, True, False) == 0  # a bare N or S counts nothing
    assert ln.share(-1, False, False, True, False) == 0  # nor an end not open


def test_points_scored_and_the_rounded_bonus_f35_f36() -> None:
    assert [fv.scored(x) for x in (0, 5, 7, 10, 13, 20)] == [0, 5, 0, 10, 0, 20]
    assert [fv.bonus(x, True) for x in (11, 12, 13, 14, 15)] == [10, 10, 15, 15, 15]
    assert fv.bonus(13, False) == 13
    _same_on_arrays(lambda x: (fv.scored(x), fv.bonus(x, True)), [(x,) for x in range(40)])


def test_the_round_end_f24_f37() -> None:
    # out: the side out takes the others' pips (rounded in All Fives)
    assert fv.round_end([0, 12, 9], 0, True) == ([20, 0.0, 0.0], [True, False, False])
    # blocked: the single lowest side takes the others'; with partners, two sides
    assert fv.round_end([4, 13], -1, False) == ([13, 0.0], [True, False])
    # F-24 / F-37: three seats, two tied lowest split the third's (rounded first), halves
    bonuses, won = fv.round_end([3, 3, 13], -1, True)
    assert bonuses == [7.5, 7.5, 0.0] and won == [True, True, False]
    bonuses, won = fv.round_end([3, 3, 13], -1, False)
    assert bonuses == [6.5, 6.5, 0.0] and won == [True, True, False]
    # four seats alone, two tied lowest: nobody scores
    assert fv.round_end([3, 3, 9, 8], -1, False) == ([0.0] * 4, [False] * 4)
    cases = [([3, 3, 13], -1), ([0, 12, 9], 0), ([5, 2, 9], -1), ([4, 4, 4], -1), ([6, 0, 1], 1)]
    _same_on_arrays(lambda p, o: fv.round_end(p, o, True), cases)


def test_the_single_leader_f25_f39() -> None:
    assert fv.leader([101, 60], 100) == 0 and fv.leader([60, 101], 100) == 1
    assert fv.leader([101, 101, 3], 100) == -1  # a tie at the top plays on
    assert fv.leader([99, 20], 100) == -1
    cases = [([101, 60], 100), ([60, 101], 100), ([101, 101], 100), ([50, 20], 100)]
    _same_on_arrays(fv.leader, cases)


def test_a_cuban_hand_c11_c14() -> None:
    # C-11 / C-13: the team out scores the two opponents' pips
    assert cb.hand_points([0, 7, 5, 9], 0, [0, 0], 100) == (0, 16, False)
    # C-12: blocked, the lowest single count's team; both teams there: nobody
    assert cb.hand_points([8, 3, 9, 6], -1, [0, 0], 100)[:2] == (1, 17)
    assert cb.hand_points([3, 3, 9, 6], -1, [0, 0], 100)[0] == -1
    # C-14: the points reach the target
    assert cb.hand_points([0, 7, 5, 9], 2, [90, 0], 100) == (0, 16, True)
    cases = [
        ([0, 7, 5, 9], 0, [0, 0], 100),
        ([8, 3, 9, 6], -1, [0, 90], 100),
        ([3, 3, 9, 6], -1, [0, 0], 100),
        ([4, 0, 2, 2], 1, [0, 0], 100),
    ]
    _same_on_arrays(cb.hand_points, cases)


def test_a_longana_round_l15_l17_l18() -> None:
    none = [0, 0, 0, 0]
    assert lg.round_points([0, 7, 5, 9], 0, none, 100) == (0, 21, False)  # L-15: out takes all
    assert lg.round_points([8, 3, 9, 6], -1, none, 100)[:2] == (1, 26)  # L-17: its own too
    assert lg.round_points([3, 3, 9, 6], -1, none, 100)[0] == -1  # a tie scores nothing
    assert lg.round_points([0, 7, 5, 9], 0, [80, 99, 0, 0], 100)[2]  # L-18: 80 + 21
    assert not lg.round_points([3, 3, 9, 6], -1, [99, 99, 0, 0], 100)[2]
    cases = [
        ([0, 7, 5], 0, [80, 0, 0], 100),
        ([8, 3, 9], -1, [0, 90, 0], 100),
        ([3, 3, 9], -1, [0, 0, 0], 100),
    ]
    _same_on_arrays(lg.round_points, cases)


def test_where_a_longana_seat_may_play_l10_l12() -> None:
    fits, doubles = 0b1011, 0b0010
    assert lg.open_to(True, False, False, fits, doubles) == fits  # L-10a: its own, any
    assert lg.open_to(False, True, True, fits, doubles) == fits  # L-10b: open, first alike
    assert lg.open_to(False, True, False, fits, doubles) == 0  # L-12: another opened first
    assert lg.open_to(False, False, False, fits, doubles) == doubles  # L-10c: closed
    # L-12 / L-13: branch 2 and branch 0 both end in 4; branch 0 opened first
    ends, rivals, rank = [4, 6, 4, 1], [True, False, True, False], [1, 9, 2, lg.NEVER]
    assert lg.first_alike(ends, rivals, rank, 4, 1) and not lg.first_alike(ends, rivals, rank, 4, 2)
    assert lg.first_alike(ends, rivals, [3, 9, 2, lg.NEVER], 4, 2)
    words = np.array([fits, fits], dtype=np.uint64)
    got = lg.open_to(np.array([False, False]), np.array([True, False]), True, words, doubles)
    assert list(got) == [fits, doubles]


def test_a_longana_pass_opens_and_a_play_closes_l11_l13_l16() -> None:
    assert lg.reopened((), (), 2) == ((2,), (2,))
    assert lg.reopened((2, 0), (0,), 2) == ((2, 0), (2, 0))  # L-13: it keeps its place
    assert lg.closed((2, 0), 2) == (0,)
    assert lg.round_over(0, True) and lg.round_over(5, False) and not lg.round_over(5, True)


def test_the_spinner_f32_and_drawing_f23_f06() -> None:
    assert ln.spins(False, True) and not ln.spins(True, True) and not ln.spins(False, False)
    assert ln.spinner_open(True, True, True, False) and not ln.spinner_open(True, True, 0, 1)
    assert ln.spinner_open(False, False, False, True) and not ln.spinner_open(False, 1, 1, 0)
    assert ln.draws(True, 3) and not ln.draws(True, 0) and not ln.draws(False, 3)
    assert ln.blocked(4, 4) and not ln.blocked(3, 4)
    left = np.array([0, 2, 5])
    assert list(ln.draws(True, left)) == [False, True, True]


def test_the_spinner_stages_f32() -> None:
    """F-32: the first double down spins; a waiting spinner opens N and S once both its long
    sides are covered; one body for a table and for an array of them."""
    assert ln.spinner_led(True) == ln.SPINNER_LEAD and ln.spinner_led(False) == ln.NO_SPINNER
    before = (ln.NO_SPINNER, -1, ln.E, True, True, True)  # a double laid on E: the spinner
    assert ln.spinner_after(*before) == (ln.SPINNER_ARM, ln.E, False)
    on_east = (ln.SPINNER_ARM, ln.E, ln.W, False, True, True)  # W covered: not past it yet
    assert ln.spinner_after(*on_east)[::2] == (ln.SPINNER_ARM, False)
    past = (ln.SPINNER_ARM, ln.E, ln.E, False, True, True)  # a tile laid past it on E
    assert ln.spinner_after(*past) == (ln.SPINNER_OPEN, ln.E, True)
    lead = (ln.SPINNER_LEAD, -1, ln.E, False, True, True)  # a lead spinner, both sides covered
    assert ln.spinner_after(*lead) == (ln.SPINNER_OPEN, -1, True)
    assert not ln.spinner_after(ln.SPINNER_LEAD, -1, ln.E, False, False, True)[2]
    assert ln.spinner_after(ln.SPINNER_OPEN, -1, ln.N, True, True, True)[::2] == (
        ln.SPINNER_OPEN,
        False,
    )
    cases = [before, on_east, past, lead, (ln.SPINNER_OPEN, ln.W, ln.S, True, True, True)]
    _same_on_arrays(ln.spinner_after, cases)


def test_mexican_train_doubles_covered_and_bound_mt09_mt14_mt15() -> None:
    """MT-15: only the oldest obligation is met, on its own train; MT-14: a fresh double is
    covered by the next tile on its train, a double played waits fresh; MT-09: fresh doubles
    bind after a later turn or at the end of the lap of first turns, in the order placed."""
    never = mt.NEVER
    # per train its rank: obligations on train 2, then on train 0; a fresh double on train 1
    bound, fresh = [1, never, 0, never, never], [never, 2, never, never, never]
    assert mt.covered(bound[0], False, False, 3) == (1, never)  # MT-15: not the oldest
    assert mt.covered(bound[2], True, False, 3) == (never, never)  # the oldest met
    assert mt.covered(bound[1], False, True, 3) == (never, 3)  # covered, then left at rank 3
    assert mt.covered(never, False, True, 0) == (never, 0)
    joined = [mt.joined(b, f) for b, f in zip(bound, fresh, strict=True)]
    assert [b for b, _ in joined] == [1, 2, 0, never, never]  # owed in order: trains 2, 0, 1
    assert [f for _, f in joined] == [never] * 5
    assert mt.binds(False, 3, 3) and mt.binds(True, 3, 3)
    assert not mt.binds(True, 2, 3)  # the lap goes on: they wait fresh


def test_a_mexican_train_turn_mt07_mt17() -> None:
    assert mt.may_end(True, 1) and not mt.may_end(True, 0) and not mt.may_end(False, 3)
    assert mt.draws(False, 4, False) and not mt.draws(True, 4, False)  # MT-08
    assert not mt.draws(False, 4, True) and not mt.draws(False, 0, False)  # MT-12
    assert mt.marker(False, True, False) and not mt.marker(True, False, True)  # MT-11, MT-13
    assert mt.marker(True, False, False)  # a play elsewhere leaves it up
    assert mt.goes_on(True, False, 3) and mt.goes_on(False, True, 3)  # MT-07, MT-14
    assert not mt.goes_on(False, False, 3) and not mt.goes_on(True, True, 0)
    assert mt.goes_out(False, 0) and not mt.goes_out(True, 0)  # MT-16, MT-09
    assert mt.binds(False, 10, 10) and mt.binds(True, 10, 10) and not mt.binds(True, 9, 10)
    assert mt.could_ever(True, 0b0100, 0b1111) == 0b0100  # MT-17
    assert mt.could_ever(False, 0, 0b1111) == 0b1111


def test_the_trains_a_seat_may_play_on_mt07_mt10_mt15() -> None:
    own, marked, oldest = 0b0001, 0b1100, 0b0100  # train 1 is the seat's, 4 the Mexican
    assert mt.trains_open(True, own, marked, oldest, True) == own  # MT-07
    assert mt.trains_open(False, own, marked, oldest, True) == oldest  # MT-15
    assert mt.trains_open(False, own, marked, oldest, False) == 0b1101  # MT-10
    # as arrays of bools, a train a column
    bits = [[bool(x >> k & 1) for k in range(4)] for x in (own, marked, oldest)]
    for first in (True, False):
        for owing in (True, False):
            want = mt.trains_open(first, own, marked, oldest, owing)
            arrays = [np.array(b) for b in bits]
            got = mt.trains_open(first, arrays[0], arrays[1], arrays[2], owing)
            assert list(got) == [bool(want >> k & 1) for k in range(4)]
    assert mt.penalty(23) == 23  # MT-18: the pips left are the penalty


def test_a_longana_pass_and_play_on_masks_l11_l13_l15_l16() -> None:
    """L-11, L-13: a pass opens the passer's branch, at the next rank the first time and at
    its own after; a play of its owner shuts it. L-15, L-16: a play leaves the round going
    on, out (the seat) or blocked. One body for a table and the batch's arrays."""
    never = lg.NEVER
    assert lg.passed(0b0001, never, 1, 2) == (0b0101, 1, 2)  # L-13: the next place
    assert lg.passed(0b0001, 0, 2, 1) == (0b0011, 0, 2)  # opened before: its own place
    assert lg.shut(0b0101, 2) == 0b0001 and lg.shut(0b0001, 2) == 0b0001
    assert lg.went(0, 1, 3) == 3 and lg.went(0, 0, 3) == 3  # L-15: out, whatever the table
    assert lg.went(5, 0, 3) == lg.BLOCKED and lg.went(5, 1, 3) == lg.GOES_ON  # L-16
    _same_on_arrays(lg.passed, [(0b0001, never, 1, 2), (0b0001, 0, 2, 1), (0, never, 0, 0)])
    _same_on_arrays(lg.went, [(0, 1, 3), (5, 0, 3), (5, 1, 3), (0, 0, 1)])


def test_mexican_train_doubles_by_rank_mt09_mt14_mt15() -> None:
    """MT-14, MT-15: a tile laid on a train meets its obligation only if it is the oldest,
    covers a fresh double there, and a double laid waits fresh at the next rank; MT-09: the
    fresh doubles join the obligations in the order placed. The batch's form (a rank per
    train, NEVER none), one body for a train and for an array of them."""
    never = mt.NEVER
    assert mt.covered(0, True, False, 5) == (never, never)  # the oldest met
    assert mt.covered(1, False, False, 5) == (1, never)  # not the oldest: it waits
    assert mt.covered(never, False, True, 5) == (never, 5)  # a double left fresh
    _same_on_arrays(mt.covered, [(0, True, False, 5), (1, False, True, 5), (never, 0, 0, 2)])
    bound, fresh = mt.joined(np.array([[never, 0, never]]), np.array([[2, never, 1]]))
    assert bound.tolist() == [[2, 0, 1]] and fresh.tolist() == [[never] * 3]
    _same_on_arrays(mt.joined, [(never, 2), (0, never), (never, never)])
