"""A round at the table below the window: the status as the computers' moves land, the
round's end said of the seat that went out, its summary waiting while the end is told on
the felt, and the log's "You" for the one human.

The controller alone (no view, no frames drawn): the screen is a stand-in that glides a
move for a few frames (:class:`Gliding`) or tells a round's end until the test says it
was told (:class:`Telling`). The window tests keep what is drawn: the top bar writing
these words, "Domino!" and "Blocked!" over the board, the round's summary screen
(tests/test_around_newcomer.py, tests/test_around_small_things.py,
tests/test_around_names.py).
"""

from __future__ import annotations

import pytest
from table_matches import a_move_before_the_end, a_partner_about_to_go_out

from game.match import Match
from game.rules import Action, Outcome, State
from game.settings import Settings
from game.ui.table.controller import NoScreen, TableController
from game.ui.table.ending import RoundEnding, round_ending
from game.ui.table.events import Played, RoundOver
from game.ui.table.play import RoundSummaries
from game.ui.table.status import status
from game.ui.words import narrate

FRAME = 1 / 30
GLIDE = 8  # frames a move glides before it lands


class Gliding(NoScreen):
    """A table nobody sees where each move played glides for :data:`GLIDE` frames."""

    def __init__(self) -> None:
        self.left = 0

    def settled(self) -> bool:
        return self.left == 0

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        self.left = GLIDE

    def frame(self) -> None:
        self.left = max(0, self.left - 1)


class Telling(NoScreen):
    """A table nobody sees that tells a round's end (the table shows the round as it
    ended) until the test says it was told, as the view tells it for a moment."""

    def __init__(self, match: Match) -> None:
        self.match = match
        self.ending: RoundEnding | None = None

    def shown(self) -> State | None:
        ending = self.ending
        return ending.state if ending is not None and ending.after is self.match.state else None

    def tell_end(self, before: State, action: Action) -> None:
        after = self.match.state
        if len(after.results) > len(before.results):
            self.ending = round_ending(before, action, after, "")


def _frame(table: TableController, dt: float = FRAME) -> None:
    """One frame of the flow, in the view's order: the modes' policies (one may halt the
    table), then the draws of "draw until a tile fits" and the computers."""
    if table.tick(dt):
        return
    table.draw_on(dt)
    table.run_computer(dt)


# -- the status as the computers' moves land ------------------------------------------


def test_bug6_the_thinking_line_changes_once_the_computers_move_lands() -> None:
    """Bug 6: "Seat 2 is thinking… 100%" stood after the move, through the breath and the
    glide (the next move was already thought out ahead). At the normal pace, the moves
    gliding: a percentage only while a search runs, a decided move says the seat plays,
    and once a move lands and the turn passes, the words are the next seat's; the
    player's turn says so."""
    seats = ["human", "computer", "computer", "computer"]
    match = Match.create("mexican_train", 4, seats=seats, seed=3)
    screen = Gliding()
    table = TableController(match, computer_pause=Settings(pace="normal").computer_pause)
    table.screen = screen
    table.refresh()
    for _ in range(3000):
        if table.human_turn():
            break
        _frame(table)
        screen.frame()
    assert table.human_turn(), "the human's turn never came"
    start = len(match.actions)
    while table.human_turn():  # the first turn's chain, played out and ended
        table.preview.choose(match.legal()[0])
        assert table.confirm()
    seen: list[tuple[int | None, str, int]] = []
    for _ in range(3000):
        _frame(table)
        screen.frame()
        seen.append((table.state.to_move, status(table), len(match.actions)))
        if table.human_turn():
            break
    assert table.human_turn(), "the computers never gave the turn back"
    assert len(match.actions) - start >= 4
    said = [s for _, s, _ in seen]
    assert not [s for s in said if "100%" in s], "a decided move still said thinking 100%"
    assert any(s.endswith(" plays") for s in said)  # decided, waiting for its breath
    for (seat, words, moves), (next_seat, after, next_moves) in zip(seen, seen[1:], strict=False):
        if next_moves != moves and next_seat != seat:  # a move landed, another seat's turn
            assert f"Seat {seat} " not in after, f"{words!r} stayed after the move: {after!r}"
    assert status(table) == "Your turn"


# -- the round's end said ------------------------------------------------------------------


def test_the_round_is_said_to_be_won_by_the_seat_that_went_out_not_its_partner() -> None:
    """Partners: when Seat 4 (or 2) plays its last tile, the round's words say that seat
    went out (their side takes the round), not "Seats 2 and 4 went out"."""
    match, mover = a_partner_about_to_go_out()
    partner = 6 - mover
    table = TableController(match, computer_pause=0.0)
    table.refresh()
    played: list[Played] = []
    table.events.listen(Played, played.append)
    for _ in range(60):
        if match.state.results:
            break
        _frame(table)
    (result,) = match.state.results
    assert result.out == (mover,) and set(result.winners) == {2, 4}
    last = played[-1]
    news = narrate.round_news(match.ruleset, last.before, last.after)
    assert news.startswith(f"Round 1: Seat {mover} went out"), news
    assert f"Seat {partner}" not in news and "Seats" not in news


# -- the summary waits while the round's end is told -----------------------------------


@pytest.mark.parametrize(
    ("how", "words"), [(Outcome.OUT, "Domino!"), (Outcome.BLOCKED, "Blocked!")]
)
def test_the_rounds_summary_waits_while_its_end_is_told(how: Outcome, words: str) -> None:
    """The round's last move: while its end is told on the felt ("Domino!", "Blocked!")
    the table shows the round as it ended (not the next deal), nobody moves on and no
    summary is due, however many frames; once told, the summary is due once and the
    table shows the match as it is."""
    match, last = a_move_before_the_end(how)
    screen = Telling(match)
    table = TableController(match, computer_pause=0.0, screen=screen)
    summaries = RoundSummaries(table)
    table.policies = [summaries]
    table.refresh()
    heard: list[RoundOver] = []
    table.events.listen(RoundOver, heard.append)
    assert table.commit(last)
    assert match.state.results[0].how == how
    ending = screen.ending
    assert ending is not None and ending.words == words
    moves = len(match.actions)
    for _ in range(200):
        _frame(table)
        assert table.state is ending.state and table.state.round == 1
        assert not table.human_turn() and heard == []
    assert len(match.actions) == moves  # nobody moved on under the end being told
    screen.ending = None  # told
    _frame(table)
    assert heard == [RoundOver()] and table.state is match.state and not summaries.pending
    _frame(table)
    assert heard == [RoundOver()]


# -- the log's words for the one human --------------------------------------------------


def test_one_human_is_you_in_the_log() -> None:
    """One human against the computer: the table seats its roster as it plays, so the log
    calls the human "You" (never "Seat 1"), and the computer by its seat."""
    match = Match.create("block", 2, seats=["human", "computer:easy"], seed=4, first=1)
    table = TableController(match, computer_pause=0.0)
    table.refresh()
    for _ in range(2000):
        if match.state.results:
            break
        if table.human_turn():
            table.preview.choose(match.legal()[0])
            assert table.confirm()
        else:
            _frame(table)
    assert match.state.results, "the round never ended"
    log = [text for text, _ in narrate.log_entries(match)]
    assert any(line.startswith("You ") for line in log)
    assert not any("Seat 1" in line for line in log)
    assert any(line.startswith("Seat 2 ") for line in log)
