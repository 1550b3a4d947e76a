"""The wash before a deal: pymunk bodies, deterministic from the seed, skippable (off in tests
and the demo: tests/test_seating.py)."""

from __future__ import annotations

from pathlib import Path

import around_helpers as h

from game.match import Match
from game.settings import Settings
from game.ui.motion.wash import ARENA, STEPS, Wash
from game.ui.table.deal import DealView
from game.ui.table.view import TableView


def test_the_same_seed_washes_the_same_way_and_another_seed_does_not() -> None:
    a, b, c = Wash(28, seed=5, label="1/1"), Wash(28, seed=5, label="1/1"), Wash(28, seed=6)
    for wash in (a, b, c):
        wash.run()
    assert a.steps == STEPS and a.poses() == b.poses()
    assert a.poses() != c.poses()
    start = Wash(28, seed=5, label="1/1").poses()
    assert (
        sum(abs(p[0] - q[0]) + abs(p[1] - q[1]) for p, q in zip(start, a.poses(), strict=True))
        > 100
    )


def test_the_tiles_stay_on_the_table() -> None:
    wash = Wash(91, seed=1)
    wash.run()
    for x, y, _ in wash.poses():
        assert abs(x) < ARENA[0] / 2 + 40 and abs(y) < ARENA[1] / 2 + 40


def test_the_deal_plays_before_the_table_and_a_tap_skips_it(tmp_path: Path) -> None:
    settings = Settings(pace="instant", sound=False, deal_animation=True)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.animate = True
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=3))
    assert isinstance(shell.current, DealView)
    h.frames(3, 1 / 30)
    h.draw()
    assert isinstance(shell.current, DealView)
    h.click(10, 10)
    assert isinstance(shell.current, TableView)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=3))
    for _ in range(200):  # untouched, it ends by itself
        h.frames(1, 1 / 30)
        if isinstance(shell.current, TableView):
            break
    assert isinstance(shell.current, TableView)
