"""What the computer's kernel tests share: a seeded position the kernel can take."""

from __future__ import annotations

import random

from game.ai import kernel as kn


def kernel_position(rules, seed: int, moves: int):  # type: ignore[no-untyped-def]
    """A state of a seeded match after ``moves`` random actions, then first actions until
    the kernel supports it (a Longana round opened, a Mexican Train engine placed), and the
    random stream that chose them."""
    state = rules.new_match(seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if state.winner is not None:
            break
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))
    while state.winner is None and not kn.supports(state):
        state = rules.apply(state, rules.legal_actions(state)[0])
    return state, pick
