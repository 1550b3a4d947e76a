"""Words: the translation function and the match told in words (log, scoring, winners)."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

import game.i18n as i18n
from game.i18n import _
from game.match import Match
from game.rules import Outcome, RoundResult, Scoring, WinName, create
from game.rules.actions import DRAW
from game.rules.tiles import parse_tile
from game.ui.words import narrate
from game.ui.words.wording import describe


def _hands(*hands: str) -> tuple[tuple, ...]:
    return tuple(tuple(parse_tile(x) for x in hand.split()) for hand in hands)


def test_a_translation_fills_fields_and_english_fills_its_gaps(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from tools.i18n import Message, compile_mo, header_text

    assert _("Seat {n}").format(n=3) == "Seat 3"
    folder = tmp_path / "pt" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    words = [Message("Draw a tile", strs=["Piocher"]), Message("Play", strs=["Jogar"])]
    (folder / "boneyard.mo").write_bytes(compile_mo(header_text("pt"), words))
    shutil.copytree(i18n.locale_folder() / "en", tmp_path / "en")
    monkeypatch.setattr(i18n, "locale_folder", lambda: tmp_path)
    i18n.translation.cache_clear()
    try:
        assert i18n.set_language("pt") == "pt" and i18n.language_name("pt") == "Português"
        assert _("Play") == "Jogar" and _("Quit") == "Quit"  # English fills gaps
        assert describe(DRAW, 1) == "Piocher"  # the table's own words: English text as message
        assert i18n.set_language("zz") == "en"
    finally:
        i18n.set_language("en")
        monkeypatch.undo()
        i18n.translation.cache_clear()


def test_no_text_is_built_from_a_key_at_run_time() -> None:
    """Every message is English written out where it is used: no ``t(f"log.{kind}")``."""
    game = Path(__file__).resolve().parents[1] / "game"
    for path in game.rglob("*.py"):
        text = path.read_text(encoding="utf-8")
        assert not re.search(r'\b_\(\s*f"', text), path  # a message made at run time
        assert not re.search(r'\bt\(\s*"[a-z_]+\.[a-z_.]+"', text), path  # a dotted key


def test_block_scoring_is_worked_out_from_the_hands() -> None:
    """F-24: the side that went out scores the opponents' pips, exactly."""
    ruleset = create("block", players=4)
    hands = _hands("6-5 1-0", "", "3-3", "2-1")
    result = RoundResult(3, Outcome.OUT, (2, 4), hands, (0, 18, 0, 18), Scoring.OPPONENTS, out=(2,))
    result = result._replace(pips=(12, 0, 6, 3), paid_by=(1, 3), counted=18, bonus=18)
    lines = narrate.scoring_lines(ruleset, result)
    assert narrate.how_text(result) == "Seat 2 went out"
    assert "Left in the hands of Seats 1 and 3: 12 + 6 = 18 pips" in lines
    assert lines[-1] == "This round: Seats 1 and 3 +0, Seats 2 and 4 +18"


def test_all_fives_rounds_the_bonus_and_names_points_scored_during_the_round() -> None:
    """F-36: the bonus is rounded to the nearest five; in-round points are told apart."""
    ruleset = create("all_fives", players=2)
    result = RoundResult(
        1, Outcome.OUT, (1,), _hands("", "6-6 1-0"), (30, 0), Scoring.OPPONENTS, (1,)
    )
    result = result._replace(pips=(0, 13), paid_by=(2,), counted=13, bonus=15, rounded=True)
    result = result._replace(in_play=(15, 0))
    lines = narrate.scoring_lines(ruleset, result)
    assert "Left in the hand of Seat 2: 13 pips" in lines
    assert "Rounded to the nearest five: 15" in lines
    assert "Seat 1 scored 15 during the round" in lines


def test_longana_blocked_round_gives_every_pip_to_the_lowest_hand() -> None:
    """L-17: the single lowest hand takes all pips, its own too."""
    ruleset = create("longana", players=3)
    result = RoundResult(
        2, Outcome.BLOCKED, (3,), _hands("9-9", "5-4", "1-0"), (0, 0, 28), Scoring.ALL
    )
    result = result._replace(pips=(18, 9, 1), lowest=1, paid_by=(1, 2, 3), counted=28, bonus=28)
    lines = narrate.scoring_lines(ruleset, result)
    assert "Every pip left on the table: 18 + 9 + 1 = 28" in lines


def test_mexican_train_counts_penalties_and_a_wrong_sum_is_never_shown() -> None:
    """MT-18: each seat adds its own pips; figures that do not add up are told bare."""
    ruleset = create("mexican_train", players=2)
    good = RoundResult(
        1, Outcome.OUT, (1,), _hands("", "12-11 0-0"), (0, 23), Scoring.PENALTY, (1,)
    )
    assert narrate.scoring_lines(ruleset, good)[0].startswith("Each seat adds")
    odd = RoundResult(1, Outcome.OUT, (1,), _hands("", "12-11"), (0, 99))
    assert narrate.scoring_lines(ruleset, odd) == ["This round: Seat 1 +0, Seat 2 +99"]


def test_cuban_blocked_hand_goes_to_the_lowest_single_hand() -> None:
    """C-12 / C-13: the lowest individual total wins it for the team; opponents' pips."""
    ruleset = create("cuban", players=4)
    hands = _hands("1-0", "5-5", "9-9", "4-4")
    result = RoundResult(1, Outcome.BLOCKED, (1, 3), hands, (18, 0, 18, 0), Scoring.OPPONENTS)
    result = result._replace(pips=(1, 10, 18, 8), lowest=1, paid_by=(2, 4), counted=18, bonus=18)
    lines = narrate.scoring_lines(ruleset, result)
    assert "Blocked: the lowest single hand (1 pip) takes the hand" in lines  # C: "hands"
    assert "Left in the hands of Seats 2 and 4: 10 + 8 = 18 pips" in lines


def test_winners_are_one_seat_a_team_or_a_shared_win() -> None:
    block4, block3 = create("block", players=4), create("block", players=3)
    four, three = block4.new_match(1), block3.new_match(1)
    assert narrate.winners_line(four.evolve(winner=(2, 4)), block4) == "Seats 2 and 4 win"
    assert narrate.winners_line(three.evolve(winner=(1,)), block3) == "Seat 1 wins"
    mt = create("mexican_train", players=3)
    shared = narrate.winners_line(mt.new_match(1).evolve(winner=(1, 3)), mt)
    assert shared == "Seats 1 and 3 share the win"


def test_c15_pollona_and_tripollua_are_named() -> None:
    """C-15: a clean win is named (no bonus)."""
    assert "Pollona" in narrate.win_name_line(WinName.POLLONA)
    assert "single hand" in narrate.win_name_line(WinName.TRIPOLLUA)
    assert narrate.win_name_line(None) == ""


def test_the_log_tells_every_action_and_draws_only_as_counts() -> None:
    match = Match.create("draw", 2, seats=["computer", "computer"], seed=3)
    while not match.state.over and len(match.actions) < 300:
        legal = match.legal()
        draws = [a for a in legal if a.kind == "draw"]
        match.play(draws[0] if draws else sorted(legal, key=str)[0])
    lines = narrate.log_lines(match)
    drew = [line for line in lines if "drew" in line]
    assert drew and all(line.endswith("drew a tile") for line in drew)
    assert any(re.fullmatch(r"Seat \d played \d-\d on the (west|east) end", x) for x in lines)
    assert sum(1 for x in lines if x.startswith("Round ") and "ended" in x) == len(
        match.state.results
    )
