"""What the router does with a table, below the shell: the seating alone.

A :class:`Stage` here stands for the shell: it shows nothing and only writes down what
it was asked to show, so the flow's steps at a table (sitting down, resume, restart and
a new match asked first, the save on every move) are checked with no screen shown, no
window event and no frame. The table is the game's own (``play_table``: an Arcade view,
so the tests' one hidden window stands behind it). That each route shows its screen is
the shell's, tested around the window.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.record import to_record
from game.saves import Store
from game.settings import Settings
from game.ui.seating import Seating
from game.ui.services import Params, Question, Route, Services, SitDown
from game.ui.session import Session


class Stage:
    """The shell as the seating sees it: every route it was asked to show, in order, as
    ("open" | "push" | "table", route, params); "table" is the table as the back stack's
    base, with the route (or None) over it."""

    def __init__(self, folder: Path, animate: bool = False, deal_animation: bool = False):
        store = Store(folder)
        store.claim()
        settings = Settings(pace="instant", sound=False, deal_animation=deal_animation)
        self.services = Services(h.window(), store, settings)
        self.session = Session(store, False)
        self.animate = animate
        self.shown: list[tuple[str, Route | None, Params | None]] = []

    def open(self, route: Route, params: Params | None = None) -> None:
        self.shown.append(("open", route, params))

    def back(self) -> None:
        self.shown.append(("back", None, None))

    def home(self) -> None:
        self.open(Route.TITLE)

    def push(self, route: Route, params: Params | None = None) -> None:
        self.shown.append(("push", route, params))

    def show_table(self, over: Route | None = None, params: Params | None = None) -> None:
        self.shown.append(("table", over, params))


def _seated(folder: Path, **stage: bool) -> tuple[Seating, Stage]:
    shell = Stage(folder, **stage)
    return Seating(shell), shell


def _saved(folder: Path, match: Match) -> None:
    (folder / "match.json").write_text(json.dumps(to_record(match)), encoding="utf-8")


def test_a_failed_save_is_said_on_the_table_at_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 19 item 10: before, a failed save was told only at the next visit to the title."""
    seating, _stage = _seated(tmp_path)
    seating.begin(Match.create("draw", 2, seats=["human", "computer"], seed=5, first=1))
    table = seating.table
    assert table is not None

    def full(fd: int) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    assert table.commit(table.match.legal()[0])
    assert table.message == "The game could not be saved (No space left on device)."
    assert not list(tmp_path.glob("*.tmp"))


def test_a_saved_match_resumes_where_it_was(tmp_path: Path) -> None:
    match = Match.create("all_fives", 2, seats=["human", "computer:hard"], seed=5, first=1)
    match.play(match.legal()[0])
    _saved(tmp_path, match)
    seating, stage = _seated(tmp_path)
    stage.session.start()
    seating.steps()[Route.RESUME](None)
    table = seating.table
    assert table is not None and stage.shown == [("open", Route.TABLE, None)]
    assert table.match.state == match.state and table.match.seats == match.seats


def test_resume_does_not_shuffle_a_deal_already_made(tmp_path: Path) -> None:
    """With the deal's animation on, as a player has it: Resume sits down at the table as
    it was; a new match still shuffles first."""
    match = Match.create("draw", 2, seats=["human", "computer"], seed=5, first=1)
    match.play(match.legal()[0])
    while match.state.to_move != 1:  # the human's turn: no computer moves on the first frame
        match.play(match.legal()[0])
    _saved(tmp_path, match)
    seating, stage = _seated(tmp_path, animate=True, deal_animation=True)
    steps = seating.steps()
    steps[Route.RESUME](None)
    assert stage.shown == [("open", Route.TABLE, None)]
    assert seating.table is not None and seating.table.match.state == match.state
    steps[Route.MATCH](SitDown(Match.create("draw", 2, seats=["human", "computer"], seed=6)))
    assert stage.shown[-1] == ("table", Route.DEAL, None)


def test_tests_and_the_demo_deal_without_it(tmp_path: Path) -> None:
    match = Match.create("block", 2, seats=["human", "computer"], seed=3)
    seating, stage = _seated(tmp_path / "still", deal_animation=True)
    seating.begin(match)
    assert stage.shown == [("table", None, None)]
    seating, stage = _seated(tmp_path / "moving", animate=True, deal_animation=True)
    seating.begin(match)
    assert stage.shown == [("table", Route.DEAL, None)]


def _asked(stage: Stage) -> Question:
    """The question on top of the table, asked last."""
    how, route, question = stage.shown[-1]
    assert (how, route) == ("table", Route.CONFIRM) and isinstance(question, Question)
    return question


def test_restart_round_and_new_match_ask_first(tmp_path: Path) -> None:
    """Restart and New match act only once their question is answered yes: the same deal
    from its start; a fresh deal from a fresh seed, the match before it kept in the log's
    past (MT-20)."""
    seating, stage = _seated(tmp_path)
    seating.begin(Match.create("draw", 2, seats=["human", "computer:easy"], seed=12, first=1))
    table = seating.table
    assert table is not None
    deal = table.state.hands
    assert table.commit(table.match.legal()[0])
    steps = seating.steps()
    steps[Route.RESTART](None)
    restart = _asked(stage)
    assert table.match.actions  # asked, not done
    restart.do()
    assert not table.match.actions and table.state.hands == deal  # same deal, from the start
    seed = table.match.seed
    steps[Route.NEW_MATCH](None)
    new_match = _asked(stage)
    assert table.match.seed == seed
    new_match.do()
    assert table.match.seed != seed and not table.match.actions
    assert ("A new match", "h") in seating.past_log


def test_settings_changed_at_a_match_keep_the_table_its_turn_and_the_log_before_it(
    tmp_path: Path,
) -> None:
    """Issue 14.7: colour pips turned off (and the pace changed) while a double-twelve match
    is in play: the same table takes them at once, plain pips and the new breath; its
    quarter turn and the log of the matches before it stay as they were."""
    seating, stage = _seated(tmp_path)
    seating.begin(Match.create("mexican_train", 2, seats=["human", "computer:easy"], seed=4))
    table = seating.table
    assert table is not None and table.textures.coloured  # auto: double-twelve is coloured
    seating.past_log = [("An earlier match", "h")]
    table.rotate(1)
    assert table.turn == 1
    settings = stage.services.settings
    settings.colour_pips, settings.pace = "off", "slow"
    seating.settings_applied()
    assert seating.table is table and not table.textures.coloured
    assert table.ctl.computer_pause == settings.computer_pause != 0
    assert table.turn == 1 and seating.past_log == [("An earlier match", "h")]


def test_undo_and_redo_at_the_table_are_saved_as_they_are_made(tmp_path: Path) -> None:
    """F-09 / L-23 / MT-24 / C-19 at the game's table: the computers' replies are saved as
    they are played, and Undo (back to the player's decision, the replies with it) and
    Redo, asked from the menu, are saved as they are made."""
    seating, stage = _seated(tmp_path)
    seats = ["human", "computer:easy", "computer:easy"]
    seating.begin(Match.create("block", 3, seats=seats, seed=4, first=1))
    table = seating.table
    assert table is not None
    store, start = stage.services.store, table.state
    assert table.commit(next(a for a in table.match.legal() if a.tile is not None))
    for _ in range(200):
        if table.ctl.human_turn():
            break
        table.settle()  # the view's glides over at once: the computer waits for none
        table.ctl.run_computer(1 / 60)
    after = table.state
    assert len(table.match.actions) >= 3  # our move and both computers' replies
    for route, state in ((None, after), (Route.UNDO, start), (Route.REDO, after)):
        if route is not None:
            seating.steps()[route](None)
            assert stage.shown[-1] == ("open", Route.TABLE, None)
        saved = store.load_match()
        assert saved is not None and saved.state == state == table.state


def test_hot_seat_restart_on_the_first_players_turn_hands_them_the_device(tmp_path: Path) -> None:
    """Two people: Restart asked on the round's first player's own turn is asked first (not
    refused), and once done the handover to that player shows, with nothing to tell."""
    seating, stage = _seated(tmp_path)
    seating.begin(Match.create("draw", 2, seats=["human", "human"], seed=7, first=1))
    table = seating.table
    assert table is not None
    table.ctl.tick(0.0)  # a frame: the covered table's handover is due
    assert stage.shown[-1] == ("table", Route.HANDOVER, None) and seating.notice == ""
    steps = seating.steps()
    steps[Route.HANDED_OVER](None)  # "Show my tiles"
    assert stage.shown[-1] == ("open", Route.TABLE, None)
    assert table.ctl.viewer == 1 and not table.ctl.covered
    steps[Route.RESTART](None)
    _asked(stage).do()
    assert table.ctl.covered and table.state.to_move == 1
    table.ctl.tick(0.0)
    assert stage.shown[-1] == ("table", Route.HANDOVER, None) and seating.notice == ""
