"""Honest figures for the arenas: 95 % intervals over deals, and a stop rule fixed in advance.

Both arenas (:mod:`tools.arena`, :mod:`tools.arena_ismcts`) play every deal twice,
the seats swapped, so the two hands of a deal are not independent: the deal, not
the hand, is the unit every interval here is taken over.

**The share** (A's hands won, a tie counting half) is given with a Wilson score
interval (:func:`wilson`) on the effective count of hands (:func:`share_interval`).
Wilson rather than the normal approximation because it stays inside 0..1 by
construction and keeps its coverage near 0, near 1 and over few trials, where the
normal one (clipped) claims too much. The effective count says how many independent
hands the deals are worth: the binomial variance of one hand, ``p(1 − p)``, over the
variance of the mean share the deals actually show. It is kept between the number of
deals (the share of a deal varies no more than one hand's can, so the deals are
worth at least that many) and the number of hands (duplicate deals usually vary
less than independent hands would; taking no credit for that errs on the wide side).
A percentile bootstrap over deals was the other candidate; it was not chosen because at
0 or 1 it gives an interval of no width, and over a handful of deals one too narrow.

**The points margin** (A's points a hand minus B's) is given with Student's t
interval over the deals' mean margins (:func:`margin_interval`). The t quantile
comes from a table for 1–30 degrees of freedom and Abramowitz & Stegun's expansion
26.7.5 above (:func:`t_quantile`), within 1e-7 of the exact value there: no scipy
or statsmodels at run time, nor as an extra, for two formulas of a few lines each.

**The stop rule** (:func:`assess`): the number of deals is part of the run's plan,
written before the first deal is played (the ledger's first line, see
:class:`tools.arena.Ledger`). A report over fewer deals than planned says
``N of M planned deals — not a result yet`` and gives no verdict, however good it
looks; the verdict — whether A's whole interval lies above 0.5, below it, or holds
it — is given at the planned count only, so no run can be stopped on a good look.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Any, NamedTuple

Z95 = 1.959963984540054  # the standard normal's 0.975 quantile: a two-sided 95 % interval

# Student's t 0.975 quantile for 1 … 30 degrees of freedom (to six places; printed
# tables give the same to their three).
T975 = (
    12.706205, 4.302653, 3.182446, 2.776445, 2.570582, 2.446912, 2.364624, 2.306004,
    2.262157, 2.228139, 2.200985, 2.178813, 2.160369, 2.144787, 2.131450, 2.119905,
    2.109816, 2.100922, 2.093024, 2.085963, 2.079614, 2.073873, 2.068658, 2.063899,
    2.059539, 2.055529, 2.051831, 2.048407, 2.045230, 2.042272,
)  # fmt: skip

VERDICTS = {
    "a_ahead": "A ahead: the whole 95% interval of A's share lies above 50%",
    "b_ahead": "B ahead: the whole 95% interval of A's share lies below 50%",
    "not_shown": "no difference shown: the 95% interval of A's share holds 50%",
}


class Share(NamedTuple):
    """A's share of the hands, its 95 % interval, and the independent hands it is worth."""

    mean: float
    low: float
    high: float
    effective: float


class Margin(NamedTuple):
    """The mean points margin a hand and its 95 % interval (None from a single deal)."""

    mean: float
    low: float | None
    high: float | None


def wilson(successes: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for ``successes`` of ``n`` trials (both may be fractional:
    ties count half, and an effective count need not be whole). It lies in 0..1 always."""
    if n <= 0:
        raise ValueError("a share of no trials has no interval")
    p = successes / n
    z2 = z * z
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = z / (1 + z2 / n) * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n))
    # within 0..1, and round the share itself (centre - half may miss 0 by a rounding's width)
    return max(0.0, min(p, centre - half)), min(1.0, max(p, centre + half))


def t_quantile(df: int) -> float:
    """Student's t 0.975 quantile with ``df`` degrees of freedom (a table, then the expansion
    of Abramowitz & Stegun 26.7.5 in powers of 1/df, which errs by under 1e-7 above 30)."""
    if df < 1:
        raise ValueError("a t interval needs at least two values")
    if df <= len(T975):
        return T975[df - 1]
    z = Z95
    terms = (
        (z**3 + z) / 4,
        (5 * z**5 + 16 * z**3 + 3 * z) / 96,
        (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384,
        (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160,
    )
    return z + sum(g / df ** (k + 1) for k, g in enumerate(terms))


def share_interval(deal_shares: Sequence[float], hands_per_deal: int = 2) -> Share:
    """A's share over deals (each deal's share is the mean of its ``hands_per_deal`` hands)
    with the Wilson interval on the effective count of hands (module doc)."""
    deals = len(deal_shares)
    if not deals:
        raise ValueError("no deals to give a share of")
    p = statistics.fmean(deal_shares)
    hands = deals * hands_per_deal
    spread = statistics.variance(deal_shares) if deals > 1 else None
    if p in (0.0, 1.0) or spread is None:
        effective = float(deals)  # nothing to tell the deals' worth by: the least they are worth
    elif spread == 0:
        effective = float(hands)
    else:
        effective = min(float(hands), max(float(deals), p * (1 - p) * deals / spread))
    low, high = wilson(p * effective, effective)
    return Share(p, low, high, effective)


def margin_interval(deal_margins: Sequence[float]) -> Margin:
    """The mean of the deals' margins and its t interval (none from a single deal: one value
    says nothing of how much the next would differ)."""
    deals = len(deal_margins)
    if not deals:
        raise ValueError("no deals to give a margin of")
    mean = statistics.fmean(deal_margins)
    if deals < 2:
        return Margin(mean, None, None)
    half = t_quantile(deals - 1) * statistics.stdev(deal_margins) / math.sqrt(deals)
    return Margin(mean, mean - half, mean + half)


def assess(share: Share, played: int, planned: int) -> dict[str, Any]:
    """The stop rule: a verdict on the share at the planned count of deals, none short of it.

    ``verdict`` is ``a_ahead``, ``b_ahead`` or ``not_shown`` at the planned count, and None
    before; ``status`` says it in words for the report.
    """
    if played < planned:
        return {
            "result": False,
            "verdict": None,
            "status": f"{played} of {planned} planned deals — not a result yet",
        }
    if share.low > 0.5:
        verdict = "a_ahead"
    elif share.high < 0.5:
        verdict = "b_ahead"
    else:
        verdict = "not_shown"
    deals = "deal" if planned == 1 else "deals"
    return {
        "result": True,
        "verdict": verdict,
        "status": f"verdict at the {planned} {deals} planned: {VERDICTS[verdict]}",
    }


def plan_mismatch(held: dict[str, Any], asked: dict[str, Any]) -> str:
    """What differs between the plan a ledger holds and the one asked for, in one line."""

    def said(plan: dict[str, Any], key: str) -> str:
        return repr(plan[key]) if key in plan else "none"

    keys = [k for k in {**held, **asked} if said(held, k) != said(asked, k)]
    return "; ".join(f"{k} {said(held, k)} there, {said(asked, k)} asked" for k in keys)
