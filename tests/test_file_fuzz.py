"""The kept fuzz test of issue 19: hostile records, saves, settings and presets.

A few seeded cases per target and category here (4, 16 in CI: tests/sizes.py;
``python -m tools.fuzz_files`` runs thousands): every loader accepts a good file or
refuses a bad one as the game promises — exit 2 and one line of at most 200
characters, the bad save set aside, nothing else in the folder touched
(:mod:`tests.support.file_fuzz`).
"""

from __future__ import annotations

from pathlib import Path

import pytest
from sizes import sized

from game.saves import Store
from tests.support import file_fuzz
from tests.support.file_fuzz import APPLIES, CATEGORIES, TARGETS, Broken, Tally, run


@pytest.mark.slow
def test_every_target_and_category_is_handled() -> None:
    tally = run(cases=sized(16, 4), seed=19)
    assert set(tally.tried) == {(t, c) for t in TARGETS for c in APPLIES[t]}
    assert tally.handled == tally.tried
    for category in CATEGORIES:  # each one really bites
        assert sum(n for (_, c), n in tally.refused.items() if c == category), category
    lines = list(tally.lines())
    assert lines[-1].split()[1:3] == [str(sum(tally.tried.values()))] * 2


def test_a_loader_breaking_a_promise_is_caught(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuzz test can fail: a store that forgot to set a bad save aside is named."""

    def forgetful(self: Store, path: Path, key: str, error: Exception) -> None:
        self.say("could not be read")

    monkeypatch.setattr(Store, "_refuse", forgetful)
    with pytest.raises(Broken, match=r"seed 3, save, nesting, case 0: the bad save was not set"):
        file_fuzz.run(cases=1, seed=3, tally=Tally())
