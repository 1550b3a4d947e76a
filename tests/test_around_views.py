"""The screens around the table, driven by real clicks on a headless window.

Title → setup → table → round summary → match end → title, with every
choice made by tapping the buttons a player would tap.
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest
from table_matches import finished_cuban

from game.rules import CubanState
from game.ui.routes import Route
from game.ui.screens.handover import HandoverView
from game.ui.screens.menu import TitleView
from game.ui.screens.setup import SetupView
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.table.play import play_table
from game.ui.table.view import TableView


def test_a_whole_two_seat_block_match_is_played_by_clicks_only(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.home()
    h.press(shell, "play")
    assert isinstance(shell.current, SetupView)
    h.press(shell, "rules:block")
    h.press(shell, "level2")  # normal -> hard
    h.press(shell, "level2")  # hard -> easy: a quick opponent
    assert shell.current.choice.seats == ["human", "computer:easy"]
    h.press(shell, "start")
    summaries = 0
    for _ in range(2000):
        view = shell.current
        if isinstance(view, TableView):
            if view.human_turn():
                h.play_turn(shell)
            else:
                h.frames(2)
        elif isinstance(view, RoundSummaryView):
            summaries += 1
            assert any("This round" in text for text in view.texts())
            h.press(shell, "next")
        elif isinstance(view, MatchEndView):
            break
        else:
            raise AssertionError(f"unexpected screen {type(view).__name__}")
    else:
        raise AssertionError("the match did not end")
    match = shell.table.match
    assert match.state.over and summaries == len(match.state.results)
    texts = shell.current.texts()
    assert match.state.winner is not None
    (winner,) = match.state.winner  # the one human at the table is "You"
    assert ("You win!" if winner == 1 else f"Seat {winner} wins!") in texts
    assert not shell.services.store.has_match()  # a finished match leaves nothing to resume
    h.press(shell, "title")
    assert isinstance(shell.current, TitleView)
    assert not shell.current.button("resume").enabled


def test_a_typed_seed_reproduces_the_deal(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, "seed")  # focus the field, then type
    h.send("on_text", "4x2")
    assert shell.current.choice.seed == "42"
    h.press(shell, "start")
    first = shell.table.match
    assert first.seed == 42
    shell.open(Route.SETUP)
    assert shell.current.widget("seed").value == "42"  # the last seed typed is kept
    h.press(shell, "start")
    assert shell.table.match.state.hands == first.state.hands


def test_setup_offers_the_presets_options_and_partners_only_where_allowed(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, "rules:all_fives")
    assert not h.has_button(shell, "option:partners")  # two seats: no partners
    h.press(shell, "players+")
    h.press(shell, "players+")
    assert h.has_button(shell, "option:partners")
    h.press(shell, "option:partners")
    h.press(shell, "option:target-")
    choice = shell.current.choice
    assert choice.options == {"partners": False, "target": 150}
    h.press(shell, "start")
    options = shell.table.match.ruleset.options
    assert options["partners"] is False and options["target"] == 150


@pytest.mark.parametrize(
    ("rules", "label"),
    [
        ("block", "First to play"),
        ("longana", "Opens round 1"),
        ("cuban", "Opens hand 1"),
        ("mexican_train", "Engine search from"),
    ],
)
def test_setup_names_the_first_seat_in_the_games_own_terms(
    tmp_path: Path, rules: str, label: str
) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, f"rules:{rules}")
    assert label in shell.current.texts()


def test_the_puzzles_tabs_are_the_table_shapes(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.PUZZLES)
    tabs = {b.key: b.label for b in shell.current.buttons() if b.key.startswith("tab:")}
    assert tabs == {
        "tab:line": "Line games",
        "tab:branches": "Longana",
        "tab:trains": "Mexican Train",
    }


def test_two_humans_start_with_a_handover(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, "rules:block")
    h.press(shell, "seat2")  # computer -> human
    h.press(shell, "start")
    h.frames(1)
    assert isinstance(shell.current, HandoverView)
    assert shell.current.seat == shell.table.state.to_move


@pytest.mark.parametrize(("seed", "target", "name"), [(0, 20, "Tripollúa"), (2, 60, "Pollona")])
def test_c15_the_match_end_names_a_pollona_or_a_tripollua(
    tmp_path: Path, seed: int, target: int, name: str
) -> None:
    """C-15: the winners, and the name of a clean win (no bonus)."""
    match = finished_cuban(seed, target)
    state = match.state
    assert isinstance(state, CubanState) and state.win_name == name
    shell = h.make_shell(tmp_path)
    shell.table = play_table(shell.services, match, shell.on_table)
    shell.open(Route.ONWARD)
    assert isinstance(shell.current, MatchEndView)
    texts = shell.current.texts()
    assert any(text.startswith(f"A {name}") for text in texts)
    assert match.state.winner is not None
    first, second = match.state.winner  # partners, each named (two humans: no "You")
    assert f"Seat {first} and Seat {second} win!" in texts
    h.draw()
    h.press(shell, "again")  # another match at the table (its fresh deal at the same
    h.frames(1)  # seats is the seating's: tests/test_seating_summaries.py)
    assert shell.table.match is not match
    assert isinstance(shell.current, (TableView, HandoverView))
