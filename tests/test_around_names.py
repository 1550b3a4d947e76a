"""Players' names, typed in the setup and shown wherever a seat is named; "You" alone.

Driven by real taps and typing on the headless window (``around_helpers``): the names
typed in the setup's fields reach the seat panels, the handover, the status line, the
log, the round summary, the match end, the history and its statistics, and come back
in the next setup. Computers stay "Seat N"; with one human at the table that seat is
"You" in the log and the summaries too.
"""

from __future__ import annotations

import json
from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game import i18n
from game.match import Match
from game.record import from_record, replay_lines, to_record
from game.settings import Settings
from game.ui.router import Shell
from game.ui.routes import Page, Route
from game.ui.screens.handover import HandoverView
from game.ui.screens.history import HistoryView
from game.ui.screens.setup import SetupView
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.table.view import TableView
from game.ui.words import narrate


def _type_name(shell: object, seat: int, text: str) -> None:
    h.press(shell, f"name{seat}")  # type: ignore[arg-type]  # focus the field, then type
    h.send("on_text", text)


def _named_setup(shell: object) -> None:
    """Block, two humans: "Ana" in seat 1, "Bo" in seat 2, typed."""
    shell.open(Route.SETUP)  # type: ignore[attr-defined]
    h.press(shell, "rules:block")  # type: ignore[arg-type]
    h.press(shell, "seat2")  # type: ignore[arg-type]  # computer -> human
    _type_name(shell, 1, "Ana")
    _type_name(shell, 2, "Bo")


def _log(shell: object) -> list[str]:
    table = shell.table  # type: ignore[attr-defined]
    past = shell.past_log  # type: ignore[attr-defined]
    return [text for text, _ in [*past, *narrate.log_entries(table.match)]]


def test_typed_names_reach_every_screen_that_names_a_seat(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    _named_setup(shell)
    assert shell.current.choice.names[:2] == ["Ana", "Bo"]
    h.draw()  # the fields draw what was typed
    assert {"Ana", "Bo|"} <= set(shell.current.texts())  # the second still has the caret
    h.press(shell, "start")
    match = shell.table.match
    assert match.names == ("Ana", "Bo")
    who = {1: "Ana", 2: "Bo"}
    h.frames(1)
    handed = summaries = 0
    for _ in range(3000):
        view = shell.current
        if isinstance(view, HandoverView):
            assert f"Pass the device to {who[view.seat]}" in view.texts()
            assert shell.table._status() == f"Pass the device to {who[view.seat]}"
            handed += 1
            h.press(shell, "show")
        elif isinstance(view, TableView):
            table = shell.table
            mover = table.state.to_move
            assert mover is not None
            assert table._status() == f"{who[mover]}: your turn"
            assert table.texts.get("mine").startswith(f"{who[table.viewer]} · ")
            other = 3 - table.viewer
            assert table.texts.get(f"name{other}") == who[other]  # the other's panel
            h.play_turn(shell)
        elif isinstance(view, RoundSummaryView):
            summaries += 1
            texts = view.texts()
            assert "Ana" in texts and "Bo" in texts  # each hand's row
            assert any(t.startswith("This round: Ana ") for t in texts)
            h.press(shell, "next")
        elif isinstance(view, MatchEndView):
            break
        else:
            raise AssertionError(type(view).__name__)
    else:
        raise AssertionError("the match did not end")
    assert handed and summaries
    assert match.state.winner is not None
    [winner] = match.state.winner
    assert f"{who[winner]} wins!" in shell.current.texts()
    log = _log(shell)
    assert any(line.startswith(("Ana ", "Bo ")) for line in log)
    assert not any("Seat 1" in line or "Seat 2" in line for line in log)
    # the history keeps the names: its list, and the statistics by name
    h.press(shell, "title")
    shell.open(Route.HISTORY)
    assert isinstance(shell.current, HistoryView)
    h.draw()
    texts = shell.current.texts()
    assert "Ana, Bo" in texts and who[winner] in texts
    shell.open(Route.HISTORY, Page("stats"))
    h.draw()
    texts = shell.current.texts()
    assert "Ana" in texts and "Bo" in texts


def test_names_are_remembered_for_the_next_setup(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    _named_setup(shell)
    h.press(shell, "start")
    assert shell.services.settings.names == ["Ana", "Bo"]
    saved = json.loads(next(tmp_path.rglob("settings.json")).read_text(encoding="utf-8"))
    assert saved["names"] == ["Ana", "Bo"]
    again = h.make_shell(tmp_path, settings=shell.services.store.load_settings())
    again.open(Route.SETUP)
    assert isinstance(again.current, SetupView)
    assert again.current.widget("name1").value == "Ana"
    assert again.current.widget("name2").value == "Bo"


def test_a_computer_stays_seat_n_and_an_untyped_human_too(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, "rules:block")
    h.press(shell, "players+")  # three seats: human, computer, computer
    h.press(shell, "seat3")  # computer -> human, left unnamed
    _type_name(shell, 1, "  Ana  ")  # stripped as the match takes it
    h.press(shell, "start")
    assert shell.table.match.names == ("Ana", None, None)
    table = shell.table
    h.frames(1)
    if isinstance(shell.current, HandoverView):
        h.press(shell, "show")
    texts = {table.texts.get(f"name{s}") for s in (1, 2, 3)} | {table.texts.get("mine")}
    assert any(t and t.startswith("Seat 2") for t in texts)
    assert any(t and t.startswith("Seat 3") for t in texts)


def test_one_human_is_you_in_the_round_summary(tmp_path: Path) -> None:
    """The round's summary calls the one human "You" (the log's words for them are the
    controller's: tests/test_controller_rounds.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=4, first=1))
    h.frames(1)
    for _ in range(2000):
        view = shell.current
        if isinstance(view, TableView):
            if view.human_turn():
                h.play_turn(shell)
            else:
                h.frames(2)
        elif isinstance(view, RoundSummaryView):
            texts = view.texts()
            assert "You" in texts  # the row of the human's hand
            assert "Seat 1" not in texts
            assert any(t.startswith("This round: You ") for t in texts)
            break
        else:
            raise AssertionError(type(view).__name__)
    assert isinstance(shell.current, RoundSummaryView)


def test_a_match_won_by_the_one_human_says_you_win() -> None:
    from game.ui.words.names import Roster, seated_as

    match = Match.create("block", 2, seats=["human", "computer"], seed=1, first=1, target=1)
    while not match.state.over:
        match.play(sorted(match.legal(), key=str)[0])
    state, rules = match.state, match.ruleset
    with seated_as(Roster.of(match)):
        line = narrate.winners_line(state, rules)
    assert line == ("You win" if state.winner == (1,) else "Seat 2 wins")


def _played(names: list[str | None] | None) -> dict[str, object]:
    match = Match.create("all_fives", 3, seats=["human"] * 3, seed=42, names=names or ())
    for _ in range(12):
        if match.state.over:
            break
        match.play(sorted(match.legal(), key=str)[0])
    return to_record(match)


def test_a_record_with_names_replays_exactly_as_one_without() -> None:
    named, plain = _played(["Ana", None, "Bo"]), _played(None)
    assert named["names"] == ["Ana", None, "Bo"] and "names" not in plain
    fresh = ("ai_seed", "commitments")  # each match's own entropy
    assert {k: v for k, v in named.items() if k not in ("names", *fresh)} == {
        k: v for k, v in plain.items() if k not in fresh
    }
    assert list(replay_lines(named)) == list(replay_lines(plain))
    assert from_record(named).names == ("Ana", None, "Bo")
    assert from_record(plain).names == (None, None, None)


def test_the_replay_tool_prints_the_same_for_a_record_with_names(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from game.record import main

    outputs = []
    for names in (["Ana", None, "Bo"], None):
        path = tmp_path / f"{bool(names)}.json"
        path.write_text(json.dumps(_played(names)), encoding="utf-8")
        assert main(["replay", str(path), "--json"]) == 0
        outputs.append(capsys.readouterr().out)
    assert outputs[0] == outputs[1] and outputs[0].count("\n") > 5


def test_the_one_humans_pips_are_left_in_your_hand() -> None:
    """The round's scoring speaks to "You" in the second person too, never "of You"."""
    from game.ui.words.names import Roster, seated_as

    for seed in range(40):
        match = Match.create("block", 2, seats=["human", "computer"], seed=seed, first=1)
        while not match.state.results:
            match.play(sorted(match.legal(), key=str)[0])
        result = match.state.results[0]
        if tuple(result.paid_by) == (1,):
            break
    else:
        raise AssertionError("no seed left the human's hand counted")
    with seated_as(Roster.of(match)):
        lines = narrate.scoring_lines(match.ruleset, result)
    assert any(line.startswith("Left in your hand: ") for line in lines), lines
    assert not any("of You" in line for line in lines)


def _kiosk_setup(tmp_path: Path, language: str) -> Shell:
    """A kiosk at its setup, Block for two humans; its first seat's letter keys open."""
    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    shell = h.make_shell(tmp_path, settings=settings, kiosk=True)
    shell.services.apply_settings()
    shell.open(Route.SETUP)
    h.press(shell, "rules:block")
    h.press(shell, "seat2")  # computer -> human
    h.press(shell, "name1")  # a tap on the field: a kiosk has no keyboard, so keys open
    return shell


def _tap_keys(shell: Shell, keys: list[str]) -> None:
    for key in keys:
        h.press(shell, f"letter:{key}")


def test_a_kiosk_types_a_name_on_its_letter_keys_and_the_panel_shows_it(tmp_path: Path) -> None:
    """Issue 35: a kiosk's touchscreen types a name: a capital begins each word, shift
    takes one letter, the erase key erases, Done closes the keys, and Esc does too (it
    goes back to the setup, never out of the kiosk); the table's panels show the names."""
    try:
        shell = _kiosk_setup(tmp_path, "en")
        view = shell.current
        assert isinstance(view, SetupView) and view.naming == 0
        h.draw()
        assert {"A", "Space", "⇧", "⌫"} <= set(view.texts()) and "a" not in view.texts()
        _tap_keys(shell, ["a", "n", "a", "x", "erase", "space", "shift", "l", "i"])
        assert view.choice.names[0] == "Ana li"  # shift turned the word's capital off
        _tap_keys(shell, ["space", "m", "c", "shift", "d"])
        assert view.choice.names[0] == "Ana li McD"  # and another on, for one letter
        h.draw()
        assert "a" in view.texts() and "A" not in view.texts()
        _tap_keys(shell, ["erase"] * 7)
        assert view.choice.names[0] == "Ana"
        h.press(shell, "done")
        assert view.naming is None and h.has_button(shell, "start")
        h.press(shell, "name2")
        _tap_keys(shell, ["b", "o"])
        h.key(arcade.key.ESCAPE)  # the keys close; the kiosk's setup stays
        assert shell.current is view and view.naming is None
        assert not shell.closes()
        h.press(shell, "start")
        table = shell.table
        assert table.match.names == ("Ana", "Bo")
        h.frames(1)
        if isinstance(shell.current, HandoverView):
            h.press(shell, "show")
        shown = {table.texts.get("name1"), table.texts.get("name2"), table.texts.get("mine")}
        assert "Bo" in shown or "Ana" in shown
        assert any(t and t.startswith(("Ana · ", "Bo · ")) for t in shown)
    finally:
        i18n.set_language("en")


def test_a_kiosk_in_arabic_types_arabic_letters(tmp_path: Path) -> None:
    """The Arabic keys are the Arabic letters (no capitals, so no shift), drawn shaped;
    the name they type reaches the table."""
    try:
        shell = _kiosk_setup(tmp_path, "ar")
        assert not h.has_button(shell, "letter:shift") and not h.has_button(shell, "letter:q")
        _tap_keys(shell, ["ع", "ل", "ي"])
        view = shell.current
        assert view.choice.names[0] == "علي"
        h.draw()
        assert "ض" in view.texts()
        h.press(shell, "done")
        h.press(shell, "start")
        table = shell.table
        assert table.match.names == ("علي", None)
        h.frames(1)
        if isinstance(shell.current, HandoverView):
            h.press(shell, "show")
        shown = [table.texts.get("name1"), table.texts.get("mine")]
        assert any(t and "علي" in t for t in shown)
    finally:
        i18n.set_language("en")


def test_a_name_field_off_the_kiosk_opens_no_keys(tmp_path: Path) -> None:
    """A computer with a keyboard types into the field itself: a tap only focuses it."""
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, "name1")
    assert shell.current.naming is None and not h.has_button(shell, "letter:a")


def test_a_name_typed_of_blank_looking_letters_is_no_name(tmp_path: Path) -> None:
    """Issue 48 finding 4, as typed: a filler letter that draws nothing is not kept in the
    field, and a name of only such letters leaves its seat "Seat N"."""
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, "rules:block")
    h.press(shell, "seat2")
    _type_name(shell, 1, "\u3164\u3164")
    _type_name(shell, 2, "B\u2800o\u3164")
    assert isinstance(shell.current, SetupView)
    assert shell.current.choice.names[:2] == ["", "Bo"]
    h.press(shell, "start")
    assert shell.table is not None and shell.table.match.names == (None, "Bo")


def test_a_name_typed_against_the_computer_is_on_the_panel_summary_and_sheet(
    tmp_path: Path,
) -> None:
    """Issue 50, item 5: one human with a typed name, playing the computer, is named by it
    on the hand's bar and the table's words about their train, in the round's summary
    (its rows and its gains) and on the score sheet; the sentences about them still
    speak to them ("Your turn", "You played …")."""
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETUP)
    h.press(shell, "rules:block")  # seat 1 human, seat 2 the computer
    _type_name(shell, 1, "Ana")
    h.press(shell, "start")
    table = shell.table
    assert table.match.names == ("Ana", None) and table.you == 1
    h.frames(1)
    assert table.texts.get("mine").startswith("Ana · ")
    assert "You" not in table.texts.get("mine")
    for _ in range(400):
        view = shell.current
        if isinstance(view, RoundSummaryView):
            break
        if isinstance(view, TableView) and view.human_turn():
            assert table._status() == "Your turn"  # a sentence to the player
            h.play_turn(shell)
        else:
            h.frames(2)
    else:
        raise AssertionError("the round did not end")
    texts = view.texts()
    assert "Ana" in texts and "You" not in texts and "Seat 1" not in texts
    assert any(t.startswith("This round: Ana ") for t in texts)
    h.press(shell, "sheet")  # the score sheet: Ana's column, and her line on the chart
    texts = view.texts()
    assert "Ana" in texts and "Seat 1" not in texts
    assert any(line.startswith("You ") for line in _log(shell))  # the log speaks to her


def test_the_match_end_names_the_player_who_typed_a_name(tmp_path: Path) -> None:
    """The win screen against the computer: "You win, Ana!" (or the computer's win), and
    Ana's column on the sheet under it."""
    shell = h.make_shell(tmp_path)
    match = h.finish_on_table(shell, names=("Ana",))
    for _ in range(10):
        if isinstance(shell.current, MatchEndView):
            break
        if isinstance(shell.current, RoundSummaryView):
            h.press(shell, "next")
        h.frames(1)
    view = shell.current
    assert isinstance(view, MatchEndView)
    texts = view.texts()
    winner = match.state.winner
    assert ("You win, Ana!" if winner == (1,) else "Seat 2 wins!") in texts
    assert "Ana" in texts and "You" not in texts
