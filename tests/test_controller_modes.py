"""The modes' policies below the window: a lesson's, a puzzle's, the rounds' summaries, a
replay's cursor, each on the controller alone (no view, no frames drawn).

A frame here is what the view's frame asks of the flow: the modes' policies first (one
may halt the table), then the draws of "draw until a tile fits" and the computers. The
screen is :class:`Landing`: a :class:`NoScreen` whose last move lands only when the
test says so, so the modes' waiting for a glide is tested too.
"""

from __future__ import annotations

from collections.abc import Callable, Generator

import pytest
from table_matches import block_match, hot_seat, stuck

from game.ai import Decision, Thinking
from game.learn.puzzles import Attempt, Puzzle, load_all, winning_moves
from game.learn.table import say
from game.learn.tutorials import Lesson, Step, available, load_tutorial
from game.match import Match
from game.record import to_record
from game.replay import Cursor
from game.rules import Action, Kind, Observation, State, create
from game.ui.routes import Params, Route
from game.ui.table import thinking
from game.ui.table.controller import NoScreen, TableController
from game.ui.table.events import Coached, HandoverDue, RoundOver
from game.ui.table.hints import Hints
from game.ui.table.play import HotSeat, RoundSummaries
from game.ui.table.reports import TableEvent
from game.ui.table.rewinding import SPEEDS, Rewinding
from game.ui.table.solving import Solving
from game.ui.table.tutoring import REPLY_PAUSE, Tutoring
from game.ui.words import narrate
from game.ui.words.wording import lesson_reason

PUZZLES = [p for found in load_all()[0].values() for p in found]
FRAME = 1 / 60


class Landing(NoScreen):
    """A table nobody sees where each move played glides until the test lands it."""

    def __init__(self) -> None:
        self.moving = False

    def settled(self) -> bool:
        return not self.moving

    def show_play(self, before: State, action: Action, chosen: bool) -> None:
        self.moving = True


def _frame(table: TableController, dt: float = FRAME) -> None:
    """One frame of the flow, in the view's order: the modes' policies (one may halt the
    table), then the streak of draws and the computers."""
    if table.tick(dt):
        return
    table.draw_on(dt)
    table.run_computer(dt)


# -- a lesson -------------------------------------------------------------------------


class Lessons:
    """A tutorial at a table with no window: what it told the router, and its words."""

    def __init__(self, name: str, screen: NoScreen | None = None) -> None:
        self.lesson = Lesson(load_tutorial(name))
        self.table = TableController(self.lesson.match, computer_pause=0.0, screen=screen)
        self.told: list[TableEvent] = []
        self.tutoring = Tutoring(self.table, self.lesson, self.told.append)
        self.table.policies = [self.tutoring]
        self.said: list[Coached] = []
        self.table.events.listen(Coached, self.said.append)
        self.tutoring.words()
        self.table.refresh()

    def wait_for_the_learner(self) -> bool:
        """Frames until the learner is to move (True) or the lesson is done (False)."""
        for _ in range(1000):
            if self.lesson.done:
                return False
            if self.table.human_turn():
                return True
            _frame(self.table)
        raise AssertionError("the lesson stalled")

    def step(self) -> Step:
        step = self.lesson.step
        assert step is not None
        return step

    def expected(self) -> Action:
        return self.table.match.ruleset.parse_action(self.table.state, self.step().expect)


@pytest.mark.parametrize("name", available())
def test_another_move_is_explained_gently_and_not_played(name: str) -> None:
    """A confirmed move that is not the step's is not played: the step stays, and the
    step's gentle words (else the reason it is not the step's) say why, in the coach's
    words (with the step's own)."""
    at = Lessons(name)
    table = at.table
    while at.wait_for_the_learner():  # the first step with another move to make
        step = at.step()
        other = next((a for a in table.match.legal() if str(a) != step.expect), None)
        if other is not None:
            break
        table.preview.choose(at.expected())
        assert table.confirm()
    assert other is not None, f"every step of {name} has only its own move"
    before = len(table.match.actions)
    table.preview.choose(other)
    assert not table.confirm()
    assert len(table.match.actions) == before and at.lesson.step is step
    # the step's own gentle words, else the rules' reason (or the lesson's) for this move
    why = say(step.other) if step.other is not None else lesson_reason(at.lesson.judge(other), 1)
    assert at.tutoring.why == why != ""
    words = at.said[-1]
    assert words.why == at.tutoring.why and words.say == step.text()
    assert table.preview.chosen is None  # the preview starts again


@pytest.mark.parametrize("name", available())
def test_show_me_previews_the_steps_move_and_its_confirm_takes_the_step(name: str) -> None:
    """Show me (the lesson's Hint) previews the step's move; confirming it takes the step,
    and the next step's words follow."""
    at = Lessons(name)
    assert at.wait_for_the_learner()
    table = at.table
    step = at.step()
    table.ask_hint()
    assert str(table.preview.chosen) == step.expect
    assert table.message == "Shown: confirm it to play it"
    assert table.confirm()
    assert at.lesson.steps_done == 1 and at.tutoring.why == ""


@pytest.mark.parametrize("name", available())
def test_each_tutorial_plays_to_its_end_on_the_controller(name: str) -> None:
    """The steps' moves and the script's replies play the lesson out; each step's words
    are published as it comes (its number, its instruction, what glows), and the end is
    told once, the table halting from then on."""
    at = Lessons(name)
    total = len(at.lesson.tutorial.steps)
    while at.wait_for_the_learner():
        step = at.step()
        assert at.said[-1] == Coached(
            f"Step {step.number} of {total}", step.text(), "", step.tiles, step.targets
        )
        at.table.preview.choose(at.expected())
        assert at.table.confirm()
        assert at.lesson.steps_done == step.number
    for _ in range(int(REPLY_PAUSE / FRAME) + 2):
        _frame(at.table)
    assert at.told == [TableEvent.LESSON_OVER]
    assert at.tutoring.halts() and at.table.tick(FRAME) and not at.table.human_turn()


def test_a_lesson_is_over_only_once_its_last_tile_has_landed() -> None:
    """The lesson's end waits for the move that ended it: while its last tile glides, no
    end is told however long the glide; once it lies in its place a breath, the end is
    told (once). A scripted reply waits for the last move to land too."""
    screen = Landing()
    at = Lessons("block", screen)
    table = at.table
    replies_waited = False
    while not at.lesson.done:
        if table.human_turn():
            table.preview.choose(at.expected())
            assert table.confirm()
        elif screen.moving and not replies_waited:  # the script's reply, the last still gliding
            moves = len(table.match.actions)
            for _ in range(120):
                _frame(table)
            assert len(table.match.actions) == moves
            replies_waited = True
        else:
            screen.moving = False  # the last move landed
            _frame(table)
    assert replies_waited and screen.moving  # the move that ended it glides
    for _ in range(200):  # however long the glide, no end
        _frame(table)
    assert at.told == []
    screen.moving = False
    for _ in range(int(REPLY_PAUSE / FRAME) - 2):
        _frame(table)
    assert at.told == []  # landed, but not yet lain there a breath
    for _ in range(4):
        _frame(table)
    assert at.told == [TableEvent.LESSON_OVER]
    for _ in range(10):
        _frame(table)
    assert at.told == [TableEvent.LESSON_OVER]


def test_a_lesson_is_nobodys_match_and_no_new_match_is_made_over_it() -> None:
    at = Lessons("block")
    table = at.table
    assert not table.kept()
    match = table.match
    actions = match.actions
    table.new_match()
    assert table.match is match and match.actions == actions


# -- a puzzle ---------------------------------------------------------------------------


class Nav:
    """The navigator a puzzle is given: what it was asked to open."""

    def __init__(self) -> None:
        self.opened: list[tuple[Route, Params | None]] = []

    def open(self, route: Route, params: Params | None = None) -> None:
        self.opened.append((route, params))

    def back(self) -> None:
        pass

    def home(self) -> None:
        pass


class Puzzles:
    """A puzzle at a table with no window: what it told the router, and its words."""

    def __init__(self, puzzle: Puzzle, following: Puzzle | None = None) -> None:
        attempt = Attempt(puzzle)
        self.table = TableController(attempt.match, computer_pause=0.0)
        self.told: list[TableEvent] = []
        self.nav = Nav()
        self.solving = Solving(self.table, self.nav, attempt, "1", self.told.append, following)
        self.table.policies = [self.solving]
        self.said: list[Coached] = []
        self.table.events.listen(Coached, self.said.append)
        self.solving.words()
        self.table.refresh()

    def play_out(self, choose: Callable[[Attempt], Action]) -> None:
        """The player's moves chosen by ``choose``, confirmed; the others answer between."""
        for _ in range(2000):
            if self.solving.over:
                return
            if self.table.human_turn():
                self.table.preview.choose(choose(self.solving.attempt))
                assert self.table.confirm()
            else:
                _frame(self.table)
        raise AssertionError("the puzzle stalled")


def _winning(a: Attempt) -> Action:
    return winning_moves(a.puzzle.goal, a._start, a.match.state, a.count)[0]


@pytest.mark.parametrize("puzzle", PUZZLES, ids=[p.id for p in PUZZLES])
def test_every_puzzle_is_solved_on_the_controller(puzzle: Puzzle) -> None:
    """Every puzzle's winning line, the other seats answering with their refutations: the
    goal shows from the start, "Solved!" at the end, the router told once to keep the
    mark; a puzzle is nobody's match (never saved) and takes no move once it is over."""
    at = Puzzles(puzzle)
    assert at.said[0] == Coached("Puzzle 1", puzzle.text(), "")
    at.play_out(_winning)
    assert at.solving.attempt.solved
    assert "Solved!" in at.said[-1].why and at.said[-1].say == puzzle.text()
    assert at.told == [TableEvent.PUZZLE_SOLVED]
    assert not at.table.kept() and not at.table.human_turn()
    legal = at.table.match.legal()
    if legal:
        moves = len(at.table.match.actions)
        assert not at.table.commit(legal[0]) and len(at.table.match.actions) == moves


def test_a_wrong_move_fails_then_try_again_and_the_solution() -> None:
    """A move off the winning lines: the puzzle fails ("Not this time"); Try again puts
    its position back; Solution previews a winning move to confirm; the winning line
    then solves it, and Next opens the following puzzle."""
    puzzle, following = [p for p in PUZZLES if p.rules == "block"][:2]
    at = Puzzles(puzzle, following)
    table = at.table
    start = table.state
    good = {str(a) for a in winning_moves(puzzle.goal, start, start, at.solving.attempt.count)}
    bad = next(a for a in table.match.legal() if str(a) not in good)
    table.preview.choose(bad)
    assert table.confirm()
    at.play_out(lambda a: a.match.legal()[0])
    assert at.solving.attempt.failed and "Not this time" in at.said[-1].why
    assert at.told == []
    at.solving.again()
    assert not at.solving.over and table.state == start
    assert len(at.solving.attempt.match.actions) == len(puzzle.table.moves)
    assert at.said[-1].why == ""
    at.solving.solution()
    assert str(table.preview.chosen) in good
    assert table.confirm()
    at.play_out(_winning)
    assert at.solving.attempt.solved and at.told == [TableEvent.PUZZLE_SOLVED]
    at.solving.next()
    assert at.nav.opened[-1][0] == Route.PUZZLE


# -- the rounds' summaries ----------------------------------------------------------------


def _summed(match: Match) -> tuple[TableController, RoundSummaries, list[RoundOver]]:
    table = TableController(match, computer_pause=0.0)
    summaries = RoundSummaries(table)
    table.policies = [summaries, HotSeat(table)]
    table.refresh()
    heard: list[RoundOver] = []
    table.events.listen(RoundOver, heard.append)
    return table, summaries, heard


def _last_tile_match() -> Match:
    """Block at two seats where seat 1's only tile, 6-6, ends the round when led."""
    tiles = [str(t) for t in create("block", players=2).tiles]
    rest = [t for t in tiles if t not in ("6-6", "5-5")]
    deal = {"hands": [["6-6"], ["5-5"]], "boneyard": [], "unused": rest}
    return Match.create("block", 2, seats=["human", "computer"], seed=1, deals=[deal], first=1)


def test_undo_before_the_next_frame_leaves_no_summary_waiting() -> None:
    """The summary follows from the state: a round's last move undone before the next
    frame leaves none due (a flag set beside the state once survived the undo, and the
    next frame showed the summary of a round not over); put back, it is due once."""
    table, summaries, heard = _summed(_last_tile_match())
    _frame(table)
    lead = next(a for a in table.match.legal() if str(a) == "lead 6-6")
    assert table.commit(lead) and table.state.results  # the round is over …
    assert summaries.pending and not table.human_turn()
    table.undo()  # … and taken back before the next frame
    assert not table.state.results and not summaries.pending
    _frame(table)
    _frame(table)
    assert heard == [] and table.human_turn()
    assert table.match.redo()
    _frame(table)
    assert heard == [RoundOver()] and not summaries.pending
    _frame(table)
    assert heard == [RoundOver()]


def test_an_undo_before_the_round_summary_shows_takes_the_summary_back() -> None:
    """The round played out at once, no frame between, then its last play undone: no
    summary of a round not over, and the table is the player's to move again."""
    match = Match.create("block", 2, seats=["human", "computer:easy"], seed=3, first=1)
    table, summaries, heard = _summed(match)
    while not summaries.pending:  # play the round out at once, no frame between
        table.commit(table.match.legal()[0])
    assert table.match.can_undo
    table.undo()
    _frame(table)
    assert heard == [] and not table.state.results


def test_a_rounds_summary_is_due_once_and_halts_its_frame() -> None:
    """A finished round's summary is published once (the router shows it), and the frame
    that publishes it goes no further: nobody moves on under the summary."""
    match = block_match(["human", "computer"])
    table, summaries, heard = _summed(match)
    while not table.state.results:
        table.step_computers(1)
    assert summaries.pending and not table.human_turn()
    assert table.tick(FRAME) and heard == [RoundOver()] and not summaries.pending
    _frame(table)
    assert heard == [RoundOver()]


# -- a replay's cursor --------------------------------------------------------------------


def _finished(rules: str = "block", players: int = 2, target: int = 30) -> Match:
    seats = ["computer"] * players
    # the computers' own seed fixed too: with fresh entropy a match sometimes ended in its
    # first round, and the replay's tests step between rounds
    match = Match.create(rules, players, seats=seats, seed=3, target=target, ai_seed=1)
    TableController(match).step_computers(10_000)
    assert match.state.over and len(match.state.results) >= 2
    return match


def _rewinding(match: Match) -> tuple[TableController, Rewinding, Cursor]:
    cursor = Cursor(to_record(match))
    table = TableController(cursor, computer_pause=0.0)
    rewinding = Rewinding(table, cursor)
    table.policies = [rewinding]
    table.refresh()
    return table, rewinding, cursor


def test_a_replay_steps_forward_and_back_to_identical_states() -> None:
    """The cursor a move on, then back, shows the very states the match passed through,
    stays at either end, goes a round on and back, and to either end."""
    match = _finished()
    table, rewinding, cursor = _rewinding(match)
    walk = Cursor(to_record(match))
    states = [walk.state]
    while walk.forward():
        states.append(walk.state)
    assert table.state == states[0]
    for n in range(1, len(states)):
        rewinding.step(1)
        assert table.state == states[n]
    assert table.state.over and table.state == match.state
    rewinding.step(1)  # at the end it stays
    assert table.state == states[-1] and cursor.index == len(cursor)
    for n in reversed(range(len(states) - 1)):
        rewinding.step(-1)
        assert table.state == states[n]
    rewinding.round_by(1)
    assert table.state.round == 2 and cursor.index == walk.round_start(2)
    rewinding.round_by(-1)
    assert cursor.index == 0
    rewinding.go(len(cursor))
    assert table.state == match.state
    assert rewinding.where() == f"Replay · move {len(cursor)} of {len(cursor)}"
    assert not table.human_turn() and table.forced() is None  # nobody plays a replay


def test_a_replay_plays_at_its_speed_once_each_move_has_landed_and_pauses() -> None:
    """Play: a move every 1/speed seconds, each once the last has landed; Pause stops it;
    the speeds go round; at the end it stops, and Play there starts from the first move."""
    screen = Landing()
    match = _finished("all_fives", players=4, target=100)
    cursor = Cursor(to_record(match))
    assert len(cursor) > 30
    table = TableController(cursor, computer_pause=0.0, screen=screen)
    rewinding = Rewinding(table, cursor)
    table.policies = [rewinding]
    table.refresh()
    rewinding.faster()
    rewinding.faster()
    assert rewinding.speed == SPEEDS[(SPEEDS.index(1.0) + 2) % len(SPEEDS)] == 4.0
    rewinding.toggle_play()
    assert rewinding.playing and table.thinking()  # frames keep coming
    for _ in range(20):
        _frame(table, 0.3)
    assert cursor.index == 20
    screen.moving = True  # the last move still glides: the next waits
    for _ in range(5):
        _frame(table, 0.3)
    assert cursor.index == 20
    screen.moving = False
    rewinding.toggle_play()  # pause
    at = cursor.index
    for _ in range(5):
        _frame(table, 0.3)
    assert cursor.index == at and not rewinding.playing and not table.thinking()
    rewinding.go(len(cursor))
    rewinding.toggle_play()
    assert cursor.index == 0 and rewinding.playing
    rewinding.go(len(cursor) - 1)
    for _ in range(3):
        _frame(table, 0.3)
    assert cursor.at_end and not rewinding.playing


# -- the game's table: Hint and the only move ---------------------------------------------

MT_SEATS = ["human", "computer", "computer", "computer"]


def _game(match: Match) -> tuple[TableController, Hints]:
    """``match`` at the game's table with no window: the summaries, the hot seat, Hint."""
    table = TableController(match, computer_pause=0.0)
    hints = Hints(table)
    table.policies = [RoundSummaries(table), HotSeat(table), hints]
    table.refresh()
    return table, hints


def _to_the_humans_turn(table: TableController) -> None:
    for _ in range(2000):
        if table.human_turn():
            return
        _frame(table)
    raise AssertionError("the human's turn never came")


def _play_a_tile(table: TableController) -> None:
    """The human plays their highest tile that goes down (at its first place)."""
    tile = max(table.preview.playable())
    table.preview.choose(next(a for a in table.match.legal() if a.tile == tile))
    assert table.confirm()


def _first_turn_end_only() -> tuple[TableController, Hints]:
    """``--rules mexican_train --players 4 --seed 3``: the human's first turn's chain played
    out until ending it is all there is to do."""
    table, hints = _game(Match.create("mexican_train", 4, seats=MT_SEATS, seed=3))
    _to_the_humans_turn(table)
    for _ in range(20):
        if [a.kind for a in table.match.legal()] == [Kind.END]:
            return table, hints
        assert table.preview.playable(), "no tile and no end: not a first turn"
        _play_a_tile(table)
    raise AssertionError("the chain never ended")


def test_deliver4_an_end_of_turn_that_is_all_there_is_takes_one_press() -> None:
    """A forced end of turn (nothing in hand fits) is made by one press of End turn: no
    "press it again or Confirm"."""
    table, _hints = _first_turn_end_only()
    moves = len(table.match.actions)
    table.press_action(Action(Kind.END))
    assert len(table.match.actions) == moves + 1
    assert table.match.actions[-1] == Action(Kind.END)
    assert table.state.to_move != 1


def test_bug2_a_hint_to_end_the_turn_is_confirmed_by_one_press_of_end_turn() -> None:
    """Play the chain, ask Hint: the hint is to end the turn; one press of End turn ends it
    (as one press confirms a tile's hint)."""
    table, hints = _first_turn_end_only()
    table.ask_hint()
    hints.finish()
    assert table.preview.chosen == Action(Kind.END)
    assert table.message.startswith("Hint: End your turn")
    moves = len(table.match.actions)
    table.press_action(Action(Kind.END))
    assert len(table.match.actions) == moves + 1 and table.match.actions[-1] == Action(Kind.END)


def test_bug2_an_end_hint_with_tiles_still_to_play_ends_on_one_press(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Not forced: after one tile, the hint (a stand-in for the computer's search, which
    here advises ending) previews End turn; one press of End turn, or of Confirm, ends the
    turn. Without a hint, the first press of End turn previews it, the second ends."""

    def end_advice(observation: Observation, level: str = "normal", seed: int = 0) -> Thinking:
        def steps() -> Generator[float, None, Decision]:
            yield 0.5
            return Decision(Action(Kind.END))

        return Thinking(steps())

    def after_one_tile() -> tuple[TableController, Hints]:
        table, hints = _game(Match.create("mexican_train", 4, seats=MT_SEATS, seed=3))
        _to_the_humans_turn(table)
        _play_a_tile(table)
        assert Action(Kind.END) in table.match.legal() and table.preview.playable()
        return table, hints

    for confirm_with in ("end", "confirm"):
        table, hints = after_one_tile()
        with monkeypatch.context() as patched:
            patched.setattr(thinking, "think", end_advice)
            table.ask_hint()
            for _ in range(10):
                _frame(table, 1 / 30)
        assert table.preview.chosen == Action(Kind.END), table.message
        moves = len(table.match.actions)
        if confirm_with == "end":
            table.press_action(Action(Kind.END))
        else:
            assert table.confirm()
        assert table.match.actions[moves : moves + 1] == (Action(Kind.END),), confirm_with

    table, _hints = after_one_tile()
    moves = len(table.match.actions)
    table.press_action(Action(Kind.END))
    assert len(table.match.actions) == moves and table.preview.chosen == Action(Kind.END)
    table.press_action(Action(Kind.END))
    assert table.match.actions[moves : moves + 1] == (Action(Kind.END),)


def test_c17_l19_a_hint_on_the_only_move_previews_it_and_one_press_makes_it() -> None:
    """C-17 / L-19 / F-04: a hint on a forced pass says it is the only move and previews
    it; one press of its button makes it."""
    match = stuck("cuban", 4, Kind.PASS)
    table, hints = _game(match)
    assert table.human_turn()
    table.ask_hint()
    hints.finish()
    assert "the only move" in table.message
    assert table.preview.chosen == Action(Kind.PASS) == table.only_move()
    moves = len(match.actions)
    table.press_action(Action(Kind.PASS))
    assert match.actions[moves : moves + 1] == (Action(Kind.PASS),)


# -- the hot seat's public log ------------------------------------------------------------


def _log(match: Match) -> list[str]:
    return [text for text, _ in narrate.log_entries(match)]


def test_undo_and_redo_are_written_in_the_public_log() -> None:
    """ "Seat 1 took back a move" stays in the log after the move is gone, and a redo is
    logged after it, as it happened (not "took back" before the move)."""
    seats = ["human", "computer:easy", "human"]
    match = Match.create("block", 3, seats=seats, seed=9, first=1)
    table, _seat = hot_seat(match)
    assert table.human_turn()
    tile = str(max(table.preview.playable()))
    _play_a_tile(table)  # Seat 1 plays; the computer has not answered yet
    assert table.viewer == 1 and not table.covered
    table.undo()
    assert not match.actions
    lines = _log(match)
    assert lines[-1] == "Seat 1 took back a move" and not any(tile in x.split() for x in lines)
    table.redo()
    assert len(match.actions) == 1
    lines = _log(match)
    assert lines[-1] == "Seat 1 put a move back" and lines[-2] == "Seat 1 took back a move"
    assert tile in lines[-3].split()


def test_hot_seat_restart_on_the_first_players_turn_is_logged_and_covers_the_table() -> None:
    """Restart on the round's first player's own turn: allowed, logged, then the table is
    covered and handed over to that player."""
    match = Match.create("draw", 2, seats=["human", "human"], seed=7, first=1)
    table, _seat = hot_seat(match)
    heard: list[HandoverDue] = []
    table.events.listen(HandoverDue, heard.append)
    assert table.human_turn() and table.restart_refusal() == ""
    table.restart_round()
    assert _log(match)[-1] == "Seat 1 restarted the round"
    assert table.covered and table.handover_due() and table.state.to_move == 1
    assert table.tick(FRAME) and heard == [HandoverDue("")]


def test_hint_is_a_preview_to_confirm_or_dismiss() -> None:
    """F-04 / L-19 / MT-21 / C-17: a hint changes nothing until it is confirmed: a legal
    move previewed with the computer's words; dismissed, nothing is previewed; asked
    again, the same move; confirmed, it is played."""
    match = Match.create("all_fives", 2, seats=["human", "computer:easy"], seed=8, first=1)
    table, hints = _game(match)
    assert table.human_turn()
    before = len(match.actions)
    table.ask_hint()
    hints.finish()
    chosen = table.preview.chosen
    assert chosen is not None and chosen in match.legal()
    assert "Hint:" in table.message and len(match.actions) == before
    table.cancel()  # dismissed
    assert table.preview.chosen is None and len(match.actions) == before
    table.ask_hint()
    hints.finish()
    assert table.preview.chosen == chosen
    assert table.confirm()
    assert match.actions[before] == chosen


def test_the_log_says_a_move_was_taken_back_after_the_move_once_it_is_put_back() -> None:
    """Undo then Redo: the log reads as it happened, the moves, then "You took back a
    move", then "You put a move back" (it listed the taking back before the moves)."""
    match = Match.create("block", 2, seats=["human", "computer"], seed=3, first=1)
    table, _hints = _game(match)
    _play_a_tile(table)
    _to_the_humans_turn(table)
    assert len(match.actions) == 2
    played = _log(match)
    table.undo()
    table.redo()
    assert len(match.actions) == 2
    lines = _log(match)
    assert lines == [*played, "You took back a move", "You put a move back"], lines
