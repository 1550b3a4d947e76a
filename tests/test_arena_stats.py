"""The arenas' figures (tools/arena_stats.py): Wilson and t intervals against published
values, the share's interval over deals inside 0..1, and the stop rule fixed in advance —
the plan is the ledger's first line before any deal is played, a run short of it is no
result, and a file planned otherwise is refused in one line.

Arenas here are tiny (a few deals of a heuristic against random play), so this is quick.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tools import arena, arena_stats
from tools.arena_stats import assess, margin_interval, share_interval, t_quantile, wilson

SPEC = ("block", 2, "heuristic:heaviest", "random")
ARGS = ["--rules", "block", "--players", "2", "--a", "heuristic:heaviest", "--b", "random"]


# -- Wilson ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("successes", "n", "low", "high"),
    [
        (0, 10, 0.0, 0.2775),  # 0 of n: the upper end is z²/(n + z²)
        (10, 10, 0.7225, 1.0),
        (52, 100, 0.4232, 0.6154),
        # Newcombe (1998), Statistics in Medicine 17:857, Table I, method 3 (Wilson's score)
        (81, 263, 0.2553, 0.3662),
        (15, 148, 0.0624, 0.1605),
        (0, 20, 0.0, 0.1611),
        (1, 29, 0.0061, 0.1718),
    ],
)
def test_wilson_gives_the_published_figures(
    successes: int, n: int, low: float, high: float
) -> None:
    got = wilson(successes, n)
    assert got[0] == pytest.approx(low, abs=5e-5) and got[1] == pytest.approx(high, abs=5e-5)


def test_wilson_refuses_a_share_of_nothing() -> None:
    with pytest.raises(ValueError, match="no trials"):
        wilson(0, 0)


# -- Student's t ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("df", "quantile"),
    # a printed table's 0.975 column
    [(1, 12.706), (2, 4.303), (5, 2.571), (10, 2.228), (30, 2.042), (40, 2.021), (60, 2.000),
     (120, 1.980), (1000, 1.962)],
)  # fmt: skip
def test_t_quantile_matches_the_printed_table(df: int, quantile: float) -> None:
    assert t_quantile(df) == pytest.approx(quantile, abs=5e-4)


def test_t_quantile_falls_steadily_from_the_table_into_the_expansion() -> None:
    values = [t_quantile(df) for df in range(1, 400)]
    assert all(a > b for a, b in zip(values, values[1:], strict=False))
    assert values[-1] > arena_stats.Z95
    assert t_quantile(31) == pytest.approx(2.039513, abs=1e-6)  # the expansion's first value


def test_margin_interval_is_the_t_interval_over_deals() -> None:
    # 1 … 5: mean 3, s = √2.5, t(4) = 2.776445, half = 2.776445 · √2.5 / √5 = 1.963243
    got = margin_interval([1.0, 2.0, 3.0, 4.0, 5.0])
    assert got.mean == 3.0
    assert got.low == pytest.approx(1.036757, abs=1e-6)
    assert got.high == pytest.approx(4.963243, abs=1e-6)
    # 41 deals alternating −1 and +1 around 0: df 40, the expansion's quantile
    sample = [(-1.0) ** i for i in range(41)]
    wide = margin_interval(sample)
    assert wide.high is not None
    s = (sum((v - sum(sample) / 41) ** 2 for v in sample) / 40) ** 0.5
    assert wide.high - wide.mean == pytest.approx(2.021075 * s / 41**0.5, abs=1e-6)


def test_one_deal_gives_a_margin_but_no_interval() -> None:
    assert margin_interval([4.5]) == (4.5, None, None)
    assert margin_interval([2.0, 2.0, 2.0]) == (2.0, 2.0, 2.0)


# -- the share over deals --------------------------------------------------------------------


@given(st.lists(st.sampled_from([0.0, 0.25, 0.5, 0.75, 1.0]), min_size=1, max_size=60))
def test_share_interval_lies_within_nought_and_one_and_holds_the_share(
    shares: list[float],
) -> None:
    got = share_interval(shares, hands_per_deal=2)
    assert 0.0 <= got.low <= got.mean <= got.high <= 1.0
    assert len(shares) <= got.effective <= 2 * len(shares)


def test_hands_that_always_agree_within_a_deal_count_once() -> None:
    """Both hands of every deal won or both lost: the deals are worth one hand each."""
    got = share_interval([1.0, 0.0] * 5)
    assert got.effective == 10
    assert (got.low, got.high) == pytest.approx(wilson(5, 10))


def test_deals_that_vary_less_than_hands_are_credited_no_more_than_the_hands() -> None:
    """Every deal split one-one: the hands are taken as independent, never as more."""
    got = share_interval([0.5] * 10)
    assert got.effective == 20
    assert (got.low, got.high) == pytest.approx(wilson(10, 20))


def test_every_deal_won_is_counted_as_that_many_deals() -> None:
    got = share_interval([1.0] * 6)
    assert got.effective == 6 and (got.low, got.high) == pytest.approx(wilson(6, 6))
    assert got.high == 1.0


# -- the stop rule -------------------------------------------------------------------------------


def test_a_verdict_is_given_at_the_planned_count_only() -> None:
    good = share_interval([1.0, 0.75, 1.0, 1.0, 0.75] * 10)
    assert good.low > 0.5
    early = assess(good, 50, 300)
    assert early == {
        "result": False,
        "verdict": None,
        "status": "50 of 300 planned deals — not a result yet",
    }
    assert assess(good, 300, 300)["verdict"] == "a_ahead"
    assert assess(share_interval([0.0, 0.25] * 20), 40, 40)["verdict"] == "b_ahead"
    level = assess(share_interval([0.5, 0.75, 0.25] * 10), 30, 30)
    assert level["result"] and level["verdict"] == "not_shown"
    assert "holds 50%" in level["status"]


def test_the_plan_is_the_ledger_s_first_line_before_any_deal_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "deals.jsonl"
    seen: list[list[str]] = []
    play = arena._pair

    def spy(job: Any) -> Any:
        seen.append(out.read_text().splitlines())
        return play(job)

    monkeypatch.setattr(arena, "_pair", spy)
    report = arena.run(*SPEC, hands=2, seed=5, out=str(out))
    plan = {"rules": "block", "players": 2, "a": "heuristic:heaviest", "b": "random",
            "seed": 5, "planned_deals": 2}  # fmt: skip
    assert [json.loads(line) for line in seen[0]] == [{"plan": plan}]  # before the first deal
    lines = out.read_text().splitlines()
    assert json.loads(lines[0]) == {"plan": plan} and len(lines) == 3
    assert report["result"] and report["verdict"] in arena_stats.VERDICTS


def test_a_run_short_of_its_plan_says_it_is_not_a_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    arena.run(*SPEC, hands=2, seed=5, out=str(out))
    out.write_text("\n".join(out.read_text().splitlines()[:2]) + "\n")  # stopped after one
    read = arena.run(*SPEC, hands=2, seed=5, out=str(out), summarise=True)
    assert read["hands"] == 1 and read["planned_deals"] == 2
    assert not read["result"] and read["verdict"] is None
    assert arena.main([*ARGS, "--seed", "5", "--hands", "2", "--out", str(out), "--summary"]) == 0
    printed = capsys.readouterr().out
    assert "1 of 2 planned deals — not a result yet" in printed
    assert "verdict" not in printed and "ahead" not in printed
    arena.run(*SPEC, hands=2, seed=5, out=str(out))  # resumed: the one missing deal played
    assert arena.main([*ARGS, "--seed", "5", "--hands", "2", "--out", str(out), "--summary"]) == 0
    assert "verdict at the 2 deals planned" in capsys.readouterr().out


def test_a_run_stopped_by_ctrl_c_says_how_far_it_got_and_no_figure(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    play = arena._pair
    calls: list[int] = []

    def interrupted(job: Any) -> Any:
        calls.append(1)
        if len(calls) == 2:
            raise KeyboardInterrupt
        return play(job)

    monkeypatch.setattr(arena, "_pair", interrupted)
    code = arena.main([*ARGS, "--seed", "5", "--hands", "3", "--out", str(out)])
    captured = capsys.readouterr()
    assert code == 130 and captured.out == "" and captured.err.count("\n") == 1
    assert "stopped: 1 of 3 planned deals — not a result yet" in captured.err
    assert len(out.read_text().splitlines()) == 2  # the plan and the deal played are kept
    calls.clear()
    assert arena.main([*ARGS, "--seed", "5", "--hands", "3"]) == 130
    assert "nothing kept" in capsys.readouterr().err


def test_a_file_planned_otherwise_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "deals.jsonl"
    arena.run(*SPEC, hands=2, seed=5, out=str(out))
    kept = out.read_text()
    for summary in ([], ["--summary"]):
        code = arena.main([*ARGS, "--seed", "5", "--hands", "3", "--out", str(out), *summary])
        err = capsys.readouterr().err
        assert code == 2 and err.count("\n") == 1
        assert "another run's plan" in err and "planned_deals 2 there, 3 asked" in err
    assert out.read_text() == kept
    out.write_text('{"run": {"seed": 5}}\n')  # no plan line
    assert arena.main([*ARGS, "--seed", "5", "--hands", "2", "--out", str(out)]) == 2
    assert "does not begin with a run's plan" in capsys.readouterr().err


def test_a_plan_mismatch_names_each_difference_once() -> None:
    held = {"seed": 5, "planned_deals": 2, "a": "mc:hard"}
    asked = {"seed": 5, "planned_deals": 3, "uct": 2.0, "a": "mc:hard"}
    assert arena_stats.plan_mismatch(held, asked) == (
        "planned_deals 2 there, 3 asked; uct none there, 2.0 asked"
    )
    assert arena_stats.plan_mismatch(held, dict(held)) == ""


def test_a_line_that_is_no_planned_deal_is_refused_in_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """A deal numbered past the plan (two files run together, say) would be counted beyond
    it; a line that is not a deal at all would be nothing to count."""
    out = tmp_path / "deals.jsonl"
    arena.run(*SPEC, hands=2, seed=5, out=str(out))
    kept = out.read_text()
    for stray in ('{"deal": 2, "pair": []}', '{"deal": -1}', '["not", "a", "deal"]'):
        out.write_text(kept + stray + "\n")
        assert arena.main([*ARGS, "--seed", "5", "--hands", "2", "--out", str(out)]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "line 4 is not one of the planned deals" in err


def test_a_run_of_no_deals_is_refused() -> None:
    with pytest.raises(ValueError, match="at least 1"):
        arena.run(*SPEC, hands=0, seed=5)
