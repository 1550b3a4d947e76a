"""What the computer's tests share: seeded positions, one the kernel can take."""

from __future__ import annotations

import random

from game.ai import kernel as kn


def played(rules, seed: int, moves: int):
    """A seeded match after ``moves`` random actions (fewer if it ends first), and the
    random stream that chose them."""
    state = rules.new_match(seed)
    pick = random.Random(seed)
    for _ in range(moves):
        if state.winner is not None:
            break
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))
    return state, pick


def kernel_position(rules, seed: int, moves: int):
    """:func:`played`, then first actions until the kernel supports the state (a Longana
    round opened, a Mexican Train engine placed)."""
    state, pick = played(rules, seed, moves)
    while state.winner is None and not kn.supports(state):
        state = rules.apply(state, rules.legal_actions(state)[0])
    return state, pick
