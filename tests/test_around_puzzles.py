"""Puzzles on the table, by real taps and keys: solved, failed and tried again, the marks kept."""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.learn.puzzles import load_all, winning_moves
from game.ui.screens.puzzles import PuzzlesView
from game.ui.table.view import TableView

PUZZLES = [p for found in load_all()[0].values() for p in found]
# each game's first puzzle, solved here by taps (every puzzle's solving is the controller's
# and tested without a window: tests/test_controller_modes.py)
FIRSTS = [found[0] for found in load_all()[0].values()]


def _open(tmp_path: Path, puzzle_id: str, family: str = "line"):
    shell = h.make_shell(tmp_path)
    shell.start()
    h.press(shell, "puzzles")
    assert isinstance(shell.current, PuzzlesView)
    h.press(shell, f"tab:{family}")
    while shell.current.button(f"puzzle:{puzzle_id}") is None:  # on a later page
        h.press(shell, "page-down")
    h.press(shell, f"puzzle:{puzzle_id}")
    assert isinstance(shell.current, TableView)
    return shell


def test_a_puzzles_table_calls_it_as_the_list_does(tmp_path: Path) -> None:
    first = next(p for p in PUZZLES if p.rules == "draw")
    view = _open(tmp_path, first.id).current
    assert "Puzzle Draw 1" in h.coach(view).texts()


def _play_out(shell, choose) -> None:
    """The player's moves chosen by ``choose`` and tapped; the others answer between."""
    view = shell.current
    for _ in range(200):
        if h.solving(view).over:
            return
        if view.human_turn():
            h.tap_move(shell, choose(view))
        else:
            h.frames(1)
    raise AssertionError("the puzzle stalled")


def _winning(view):
    a = h.solving(view).attempt
    return winning_moves(a.puzzle.goal, a._start, a.match.state, a.count)[0]


@pytest.mark.parametrize("puzzle", FIRSTS, ids=[p.id for p in FIRSTS])
def test_each_games_first_puzzle_is_solved_on_the_table_by_taps(tmp_path: Path, puzzle) -> None:
    family = {"longana": "branches", "mexican_train": "trains"}.get(puzzle.rules, "line")
    shell = _open(tmp_path, puzzle.id, family)
    view = shell.current
    assert puzzle.text() in h.coach(view).texts()
    h.draw()
    assert len(view.panels.backs) == sum(len(x) for x in view.state.hands[1:])  # all face up
    _play_out(shell, _winning)
    assert any("Solved!" in x for x in h.coach(view).texts())
    assert shell.session.progress.is_solved(puzzle.id)
    assert not shell.services.store.has_match()  # a puzzle is nobody's match to resume


def test_a_wrong_move_then_try_again_and_the_solution_by_taps(tmp_path: Path) -> None:
    """A wrong move tapped: the verdict shows; Try again, Solution, Confirm and the winning
    line by taps solve it; Enter opens the next puzzle, Esc the list with the mark kept
    (the verdicts and what each button does are the controller's:
    tests/test_controller_modes.py)."""
    puzzle = next(p for p in PUZZLES if p.rules == "block")
    shell = _open(tmp_path, puzzle.id)
    view = shell.current
    attempt = h.solving(view).attempt
    good = {str(a) for a in winning_moves(puzzle.goal, view.state, view.state, attempt.count)}
    bad = next(a for a in view.match.legal() if str(a) not in good)
    h.tap_move(shell, bad)
    _play_out(shell, lambda v: v.match.legal()[0])
    assert any("Not this time" in x for x in h.coach(view).texts())
    h.press(shell, "again")
    h.press(shell, "solution")
    assert view.preview.chosen is not None
    h.press(shell, "confirm")
    _play_out(shell, _winning)
    assert any("Solved!" in x for x in h.coach(view).texts())
    h.key(arcade.key.ENTER)  # Enter: the next puzzle
    assert isinstance(shell.current, TableView) and h.solving(shell.current).puzzle.id != puzzle.id
    h.key(arcade.key.ESCAPE)  # back to the list, the solved one marked
    assert isinstance(shell.current, PuzzlesView)
    assert "✓ Block 1" in [b.label for b in shell.current.buttons()]


def _focus_on(shell, key: str) -> None:
    for _ in range(60):
        view = shell.current
        view.ensure()
        if getattr(view.focused, "key", None) == key:
            return
        h.key(arcade.key.TAB)
    raise AssertionError(f"Tab never reached {key}")


def test_puzzles_by_keys_alone(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.start()
    _focus_on(shell, "puzzles")
    h.key(arcade.key.ENTER)
    assert isinstance(shell.current, PuzzlesView)
    puzzle = next(p for p in PUZZLES if p.rules == "block")
    _focus_on(shell, f"puzzle:{puzzle.id}")
    h.key(arcade.key.ENTER)
    view = shell.current
    assert isinstance(view, TableView)
    for _ in range(200):
        if h.solving(view).over:
            break
        if not view.human_turn():
            h.frames(1)
            continue
        move = _winning(view)
        for _ in range(40):  # Tab to the tile (or the choice), the arrows to its place
            p = view.preview
            if p.chosen == move or (move.tile is not None and p.selected == move.tile):
                break
            h.key(arcade.key.TAB)
        for _ in range(10):
            if view.preview.chosen == move:
                break
            h.key(arcade.key.RIGHT)
        h.key(arcade.key.ENTER)
    assert any("Solved!" in x for x in h.coach(view).texts())
    h.key(arcade.key.ESCAPE)
    assert isinstance(shell.current, PuzzlesView)
    h.key(arcade.key.ESCAPE)
    assert shell.stack[-1].route.value == "title"
