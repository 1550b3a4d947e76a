"""Random taps, drags, keys, text, wheel turns, resizes and frames against the whole game.

A small count here (800 events a seed, 4,000 in CI: tests/sizes.py);
``tools/soak_ui.py`` sends 100 000. After every event
the match in play must pass the conformance checks, and its record must
replay to the same state now and then (:mod:`tools.fuzz`).
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest
from sizes import sized

from game.ui.table import thinking
from tools.fuzz import Monkey, quick_move

ROUNDS = sized(20, 4)  # of 200 events each


@pytest.mark.slow
@pytest.mark.parametrize("seed", [3, 4])
def test_random_input_raises_nothing_and_leaves_no_illegal_state(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, seed: int
) -> None:
    # The monkey's quick computers (seeded random moves) set this too; monkeypatch puts it back.
    monkeypatch.setattr(thinking, "think", quick_move)
    shell = h.make_shell(tmp_path)
    shell.start()
    monkey = Monkey(shell, seed, h.send, quick_computers=True)
    for _ in range(ROUNDS):
        monkey.run(200, replay_every=100)
        h.draw()
    assert monkey.tally.events == 200 * ROUNDS
    assert monkey.tally.matches >= 1 and monkey.tally.actions > 0
    h.send("on_resize", h.WIDTH, h.HEIGHT)
