"""Deals you can check, on screen: the round's summary says each of its deals was fixed
before the first move, with the hash as the table showed it and the salt now revealed."""

from __future__ import annotations

import random
from pathlib import Path

import around_helpers as h

from game.match import Match
from game.ui.routes import Route
from game.ui.screens.summary import RoundSummaryView
from game.ui.words import narrate


def _rounds(rules: str, players: int, rounds: int, seed: int) -> Match:
    match = Match.create(rules, players, seats=["human"] + ["computer"] * (players - 1), seed=seed)
    pick = random.Random(seed)
    while len(match.state.results) < rounds:
        match.play(pick.choice(match.legal()))
    return match


def test_the_summary_says_its_rounds_deal_was_fixed_before_the_first_move(tmp_path: Path) -> None:
    match = _rounds("block", 4, 2, seed=8)
    second = match.commitments()[1]
    shell = h.make_shell(tmp_path)
    shell.begin(match)
    shell.open(Route.SUMMARY)
    assert isinstance(shell.current, RoundSummaryView)
    texts = " ".join(shell.current.texts())
    assert "This deal was fixed before the first move ✓" in texts
    assert f"deal 2: {second.short}…, salt {second.salt[:8]}…" in texts
    assert match.commitments()[0].short not in texts  # the first round's deal is not this one
    h.draw()


def test_a_cuban_redeal_is_a_deal_of_its_own_in_its_rounds_summary() -> None:
    """Each deal of the round is named (a Cuban redeal after five doubles deals again)."""
    for seed in range(200):
        match = _rounds("cuban", 4, 1, seed)
        starts = match.deal_starts()
        if len([s for s in starts if s.round == 1]) > 1:
            break
    else:
        raise AssertionError("no Cuban round of these seeds was redealt")
    lines = narrate.deals_fixed(match, 1)
    made = [c for c, s in zip(match.commitments(), starts, strict=True) if s.round == 1]
    assert len(lines) == len(made) >= 2
    assert all(f"deal {c.deal}: {c.short}…" in line for c, line in zip(made, lines, strict=True))


def test_the_table_shows_the_deals_commitment_before_its_first_move(tmp_path: Path) -> None:
    for seed in range(1, 30):  # a deal the person leads: the words stand until their move
        match = Match.create("block", 2, seats=["human", "computer"], seed=seed)
        if match.state.to_move == 1:
            break
    made = match.commitment()
    assert made is not None
    shell = h.make_shell(tmp_path)
    shell.begin(match)
    table = shell.table
    assert table is not None
    h.frames(2)
    h.draw()
    said = f"Deal 1 fixed before the first move: {made.short}…"
    assert table.texts.get("message") == said
    h.play_turn(shell)
    h.frames(2)
    assert table.texts.get("message") != said
