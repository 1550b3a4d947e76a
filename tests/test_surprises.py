"""The rules' surprises (game.rules.surprise): what the rules did on their own, read from
what they recorded, for every rule set; the table's wording of them is tested in
test_around_explain.py."""

from __future__ import annotations

import random

import pytest

from game.match import Match
from game.rules import News, Surprise, create, names, surprise
from game.rules.actions import Kind


def _moves(rules: str, players: int, seed: int, pick_redeal: bool = False):
    """Every (before, after) of a seeded match played by random legal moves (a redeal taken
    whenever offered, with ``pick_redeal``)."""
    m = Match.create(rules, players, seats=["human"] * players, seed=seed)
    pick = random.Random(seed)
    yield None, m.state
    for _ in range(600):
        if m.state.to_move is None:
            return
        legal = m.legal()
        redeals = [a for a in legal if a.kind == Kind.REDEAL]
        action = redeals[0] if pick_redeal and redeals else pick.choice(legal)
        before = m.state
        m.play(action)
        yield before, m.state


@pytest.mark.parametrize("rules", names())
def test_within_a_round_the_log_only_grows_so_the_new_events_are_its_tail(rules: str) -> None:
    """What surprise() reads: a round's log is extended, never rewritten, by a move that keeps
    the round (every rule set, random matches)."""
    players = 4  # a table every rule set seats
    for seed in range(3):
        for before, state in _moves(rules, players, seed):
            if before is not None and state.round == before.round:
                assert state.log[: len(before.log)] == before.log


def test_c07_a_hand_shown_for_a_redeal_is_news_naming_the_seat() -> None:
    """C-07: a player showing five doubles or more and every tile dealt again."""
    seen = []
    for seed in (1, 3):
        for before, state in _moves("cuban", 4, seed, pick_redeal=True):
            last = state.log[-1].action if state.log else None
            if before is not None and last is not None and last.kind == Kind.REDEAL:
                seen.append(surprise(before, state))
                assert seen[-1] == News(Surprise.SHOWN, state.log[-1].seat)
    assert seen, "seeds 1 and 3 each offer a redeal"


def test_l03_a_deal_without_a_double_is_news() -> None:
    """L-03: the first deal of a seed that needs a redeal says so; the next move does not."""
    rules = create("longana", players=2)
    seed = next(s for s in range(300) if rules.new_match(s).deal_no > 1)
    state = rules.new_match(seed)
    assert surprise(None, state) == News(Surprise.NO_DOUBLE)
    after = rules.apply(state, rules.legal_actions(state)[0])
    assert surprise(state, after) is None


def test_mt05_the_engine_search_is_news_at_the_deal_only() -> None:
    """MT-05: nobody held the engine, everyone drew: said at the deal, not after a move."""
    rules = create("mexican_train", players=4)
    seed = next(s for s in range(200) if any(e.drew for e in rules.new_match(s).log))
    state = rules.new_match(seed)
    assert surprise(None, state) == News(Surprise.SEARCH)
    after = rules.apply(state, rules.legal_actions(state)[0])
    assert surprise(state, after) is None


@pytest.mark.parametrize("rules", names())
def test_f24_l15_mt17_c12_a_blocked_round_is_news_and_an_ordinary_move_is_none(rules: str) -> None:
    """A blocked round (F-24, L-15, MT-17, C-12) is news as it ends, whatever the next round's
    deal does; a move that neither ends the round blocked nor deals is no news."""
    players = 4  # a table every rule set seats
    blocked = 0
    for seed in range(6):
        for before, state in _moves(rules, players, seed):
            if before is None:
                continue
            news = surprise(before, state)
            ended = len(state.results) > len(before.results)
            if ended and state.results[-1].how == "blocked":
                blocked += 1
                assert news == News(Surprise.BLOCKED)
            elif state.round == before.round and state.deal_no == before.deal_no:
                assert news is None
    assert blocked or rules in {"draw", "mexican_train"}  # those block only rarely
