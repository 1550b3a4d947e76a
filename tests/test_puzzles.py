"""Puzzles: every shipped one proved solvable and solved by playing it; refusals in one line."""

from datetime import UTC, datetime
from pathlib import Path

import pytest

from game.learn import LearnError
from game.learn.progress import PuzzleProgress
from game.learn.puzzles import (
    PLAYER,
    Attempt,
    Puzzle,
    available,
    load_all,
    load_puzzles,
    read_puzzles,
)
from game.rules import names

LEVELS = Path(__file__).resolve().parent.parent / "levels" / "puzzles"
FAMILIES = {"line": ("block", "draw", "all_fives"), "cuban": ("cuban",)}


def every_puzzle() -> list[Puzzle]:
    return [p for name in available() for p in load_puzzles(name)]


def test_enough_puzzles_for_every_family() -> None:
    good, problems = load_all()
    assert problems == [] and set(good) == set(names())
    for family in FAMILIES.values():
        assert sum(len(good[n]) for n in family) >= 8
    assert len(good["longana"]) >= 4 and len(good["mexican_train"]) >= 4
    ids = [p.id for p in every_puzzle()]
    assert len(ids) == len(set(ids))  # progress keeps them by id


def solve(attempt: Attempt) -> None:
    """Play the attempt with the hint's moves for the player and the replies for the others."""
    for _ in range(200):
        if attempt.solved or attempt.failed:
            return
        if attempt.players_turn:
            move = attempt.hint()
            assert move is not None, "the proof said the goal was forced"
            attempt.play(move)
        else:
            reply = attempt.reply()
            assert reply is not None
            attempt.play(reply)
    raise AssertionError("the attempt did not end")


@pytest.mark.parametrize("puzzle", every_puzzle(), ids=lambda p: p.id)
def test_each_puzzle_is_solved_by_playing_it_against_the_best_replies(puzzle: Puzzle) -> None:
    attempt = Attempt(puzzle)
    assert attempt.players_turn and puzzle.text()
    solve(attempt)
    assert attempt.solved and not attempt.failed


@pytest.mark.parametrize("puzzle", every_puzzle(), ids=lambda p: p.id)
def test_each_puzzle_has_a_wrong_first_move_that_is_found_out(puzzle: Puzzle) -> None:
    attempt = Attempt(puzzle)
    good = attempt.hint()
    wrong = [a for a in attempt.match.legal() if not _still_forced(puzzle, a)]
    assert wrong and good not in wrong
    attempt.play(wrong[0])
    for _ in range(200):  # the others refute it; any play of the player's then fails too
        if attempt.failed or attempt.solved:
            break
        move = attempt.match.legal()[0] if attempt.players_turn else attempt.reply()
        assert move is not None
        attempt.play(move)
    assert attempt.failed and not attempt.solved


def _still_forced(puzzle: Puzzle, action: object) -> bool:
    attempt = Attempt(puzzle)
    attempt.play(action)  # type: ignore[arg-type]
    while not attempt.players_turn and not (attempt.solved or attempt.failed):
        attempt.play(attempt.reply())  # type: ignore[arg-type]
    return attempt.solved or attempt.hint() is not None


def test_undo_takes_back_the_players_whole_turn() -> None:
    puzzle = load_puzzles("block")[0]
    attempt = Attempt(puzzle)
    start = attempt.match.state
    attempt.play(attempt.match.legal()[0])
    while not attempt.players_turn and not (attempt.solved or attempt.failed):
        attempt.play(attempt.reply())  # type: ignore[arg-type]
    attempt.undo()
    assert attempt.match.state == start and attempt.count == (0, 0, None)
    assert attempt.match.state.to_move == PLAYER


def test_a_finished_attempt_takes_no_more_moves() -> None:
    attempt = Attempt(load_puzzles("all_fives")[0])
    solve(attempt)
    from game.rules import IllegalAction

    with pytest.raises(IllegalAction, match="This puzzle is over"):
        attempt.play("pass")
    assert attempt.reply() is None and attempt.hint() is None


# -- refusals ----------------------------------------------------------------------------------

GOOD = (LEVELS / "block.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize(
    ("old", "new", "words"),
    [
        ('goal = "out"', 'goal = "fly"', "puzzle 1 (block-1): 'goal' must be one of"),
        ("turns = 2", "turns = 0", "puzzle 1 (block-1): 'turns' must be a whole number"),
        ('id = "block-2"', 'id = "block-1"', "puzzle 2: the id 'block-1' is taken"),
        ('id = "block-1"', 'id = "Block 1"', "puzzle 1: 'id' must be a short name"),
        ('goal = "out"', 'goal = "out"\nweather = 1', "puzzle 1: unknown key 'weather'"),
        ('goal = "passes"', 'goal = "score"', "puzzle 2 (block-2): a score goal needs 'points'"),
        ("turns = 2", "turns = 1", "puzzle 1 (block-1): the goal cannot be forced"),
        ("first = 1", "first = 2", "puzzle 1 (block-1): move 1:"),
        ('say = "Go out', 'say = 3\n# "', "puzzle 1 (block-1): 'say' must be a text"),
        ("[[puzzles]]", "rules = 1\n[[puzzles]]", "unknown key 'rules'; expected [[puzzles]]"),
    ],
)
def test_a_malformed_puzzle_is_one_line_naming_the_file_and_the_puzzle(
    tmp_path: Path, old: str, new: str, words: str
) -> None:
    assert old in GOOD
    path = tmp_path / "block.toml"
    text = GOOD.replace(old, new, 1)
    path.write_text(text, encoding="utf-8")
    with pytest.raises(LearnError) as caught:
        read_puzzles(path)
    message = str(caught.value)
    assert message.startswith("puzzles/block.toml: ") and words in message, message
    assert "\n" not in message
    assert path.read_text(encoding="utf-8") == text  # nothing touched


def test_a_puzzle_every_move_solves_is_refused() -> None:
    """A goal met whatever the player does is no puzzle: one line says so."""
    from game.learn.puzzles import read_puzzle
    from game.learn.tutorials import load_tutorial

    tutorial = load_tutorial("block")  # before its last step seat 1 has one move: going out
    script = [text for text, _ in tutorial.script()]
    data = {
        "id": "easy",
        "say": "Go out.",
        "goal": "out",
        "players": 2,
        "first": 1,
        "options": {"hand_size": 5},
        "deal": {"hands": tutorial.table.deal["hands"]},
        "moves": script[:-1],
    }
    with pytest.raises(LearnError) as caught:
        read_puzzle(data, "block", "puzzles/block.toml: puzzle 1")
    assert str(caught.value) == (
        "puzzles/block.toml: puzzle 1 (easy): every move meets the goal; that is no puzzle"
    )
    data["goal"] = "win"
    data["moves"] = script[:-2]  # seat 2 to move: not a position for the player
    with pytest.raises(LearnError, match=r"seat 2 is to move, not seat 1$"):
        read_puzzle(data, "block", "puzzles/block.toml: puzzle 1")


# -- progress ----------------------------------------------------------------------------------


def test_progress_is_kept_between_runs(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    progress = PuzzleProgress(path)
    assert not progress.is_solved("block-1")
    assert progress.mark_solved("block-1", datetime(2026, 12, 1, tzinfo=UTC))
    again = PuzzleProgress(path)
    assert again.is_solved("block-1") and again.solved["block-1"] == "2026-12-01T00:00:00Z"
    assert again.note == ""


def test_progress_lives_in_the_user_data_folder() -> None:
    import os

    expected = Path(os.environ["XDG_DATA_HOME"]) / "boneyard" / "puzzles.json"
    assert PuzzleProgress().path == expected


def test_a_corrupt_progress_file_is_set_aside_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text('{"format": "boneyard-puzzles/1", "solved": [', encoding="utf-8")
    progress = PuzzleProgress(path)
    assert progress.solved == {}
    assert "puzzles.bad-1.json" in progress.note and "\n" not in progress.note
    assert (tmp_path / "puzzles.bad-1.json").exists() and not path.exists()
    assert progress.mark_solved("cuban-2") and PuzzleProgress(path).is_solved("cuban-2")


def test_a_foreign_progress_file_is_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "puzzles.json"
    path.write_text('{"format": "boneyard-settings/1"}', encoding="utf-8")
    progress = PuzzleProgress(path)
    assert progress.solved == {} and "format" in progress.note


def test_progress_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "data").write_text("a file where the folder goes", encoding="utf-8")
    progress = PuzzleProgress(tmp_path / "data" / "puzzles.json")
    assert not progress.mark_solved("block-1")
    assert "could not be saved" in progress.note and "\n" not in progress.note


def test_a_bad_puzzle_file_costs_only_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import shutil

    import game.learn.puzzles as puzzles

    folder = tmp_path / "levels" / "puzzles"
    shutil.copytree(LEVELS, folder)
    (folder / "cuban.toml").write_text("[[puzzles]]\nid = 5\n", encoding="utf-8")
    monkeypatch.setattr(puzzles, "data_path", lambda *parts: tmp_path.joinpath(*parts))
    puzzles.load_puzzles.cache_clear()
    try:
        good, problems = load_all()
    finally:
        puzzles.load_puzzles.cache_clear()
    assert set(good) == set(names()) - {"cuban"}
    assert problems == [
        "puzzles/cuban.toml: puzzle 1: 'id' must be a short name of a-z, 0-9, - and _"
    ]
