"""What the router does from the summaries, below the shell: Again at a match's end, and
each summary's moment (had once; its tiles thrown only where the stage animates), on the
seating alone (a :class:`Stage` that shows nothing, from tests/test_seating.py).

The window tests keep the match end's words, the Again button's press and what the
summaries throw and sound (tests/test_around_views.py, tests/test_around_cheer.py).
"""

from __future__ import annotations

import random
from pathlib import Path

from table_matches import finished_cuban
from test_seating import _seated

from game.match import Match
from game.ui.routes import Route
from game.ui.words import narrate


def test_again_deals_a_fresh_match_at_the_same_seats(tmp_path: Path) -> None:
    """Again at a match's end: another match of the same rules, seats and names, dealt
    afresh (nothing played yet but, perhaps, a computer's choice of its team's opener; no
    scores), the table covered for the people sharing it, and the match just over kept in
    the log's past, with "A new match" after it."""
    seating, stage = _seated(tmp_path)
    match = finished_cuban(0, 20)
    seating.begin(match, False)
    seating.steps()[Route.AGAIN](None)
    table = seating.table
    assert table is not None
    again = table.match
    assert again is not match and again.ruleset.name == match.ruleset.name
    assert again.seats == match.seats and again.names == match.names
    assert not again.state.over and again.state.round == 1
    assert all(not again.is_human(seat) for seat, _, _ in again.history)
    assert len(again.actions) <= 1 and not any(again.state.scores)
    assert table.ctl.covered  # two people share the device: nobody's tiles show yet
    assert stage.shown[-1] == ("table", None, None)  # the table, dealt (no animation here)
    assert seating.past_log == [*narrate.log_entries(match), ("A new match", "h")]


def test_again_with_no_table_opens_the_setup(tmp_path: Path) -> None:
    seating, stage = _seated(tmp_path)
    seating.steps()[Route.AGAIN](None)
    assert seating.table is None and stage.shown == [("open", Route.SETUP, None)]


def test_tests_and_the_demo_throw_nothing(tmp_path: Path) -> None:
    """A summary's tiles fly only where the stage animates (a player's window), never in
    the tests or the demo, whatever the Celebrations setting; with it off nothing flies
    but the moment is still had once (its words and its cue)."""
    match = Match.create("block", 2, seats=["human", "computer"], seed=1)
    for animate, celebrations, flies in [
        (False, True, False),
        (True, True, True),
        (True, False, False),
    ]:
        seating, stage = _seated(tmp_path / f"{animate}{celebrations}", animate=animate)
        stage.services.settings.celebrations = celebrations
        assert seating.moment(Route.MATCH_END, match) == (True, flies)
        assert seating.moment(Route.MATCH_END, match) == (False, flies)  # back from the log


def test_a_summarys_moment_is_had_once_and_anew_at_a_table_sat_down_to_again(
    tmp_path: Path,
) -> None:
    """A round's summary has its moment once (not again back from the scores); the match
    end's is its own; a table sat down to anew has its moments all to come."""
    seating, _stage = _seated(tmp_path, animate=True)
    match = Match.create("block", 2, seats=["human", "computer"], seed=1, target=30)
    seating.begin(match, False)
    pick = random.Random(1)
    while not match.state.results:
        match.play(pick.choice(match.legal()))
    assert seating.moment(Route.SUMMARY, match) == (True, True)
    assert seating.moment(Route.SUMMARY, match) == (False, True)  # back from the scores
    assert seating.moment(Route.MATCH_END, match) == (True, True)  # another screen's
    seating.begin(match, False)  # sat down to anew: its moments are all to come
    assert seating.moment(Route.SUMMARY, match) == (True, True)
