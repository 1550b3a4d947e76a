"""How a player chooses a tile, as a probability: the model behind reading and smart playouts.

A softmax over the tiles a seat can play, each scored ``PIPS * pips +
COMPANIONS * (other tiles of the hand sharing a number with it) + DOUBLE *
(1 for a double)``: players lay doubles early, shed heavy tiles and play from
the numbers they hold most of. The weights were fitted by maximum likelihood
to the normal level's own choices in four-seat Block and Cuban (448
choices; the log-likelihood rose from -439 for a uniform choice to -365).
"""

from __future__ import annotations

import math

PIPS = 0.2
COMPANIONS = 0.5
DOUBLE = 1.0


def score(pips: int, companions: int, double: bool) -> float:
    """The model's score of one tile; the choice is a softmax over the scores."""
    return PIPS * pips + COMPANIONS * companions + (DOUBLE if double else 0.0)


def pick(scores: list[float], r: float) -> int:
    """The index a softmax over ``scores`` picks for ``r`` in [0, 1) (cumulative, in order)."""
    weights = [math.exp(s) for s in scores]
    target = r * sum(weights)
    for k, w in enumerate(weights):
        target -= w
        if target < 0:
            return k
    return len(weights) - 1
