"""The table's flow below the window: the controller alone (no view, no frames drawn).

Preview then confirm (F-04), refusals said and nothing changed, undo and redo with the
computer's replies (F-09, L-23, MT-24, C-19), the lone move's one press (F-04, MT-21,
L-19), the hot seat's cover and refusals (F-07, L-20, MT-22), the modes' vetoes, and the
events the router subscribes to. A :class:`NoScreen` stands for the window: everything
has landed at once, so a frame's ``run_computer`` moves as soon as the breath is over.
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from table_matches import block_match, draws_before_a_fit, hot_seat, stuck

from game.match import Match
from game.rules import Action, Kind, names, parse_action
from game.rules.tiles import Tile
from game.ui.table import rulings
from game.ui.table.controller import Policy, Refusable, TableController
from game.ui.table.events import (
    Changed,
    Event,
    HandoverDue,
    HandShown,
    Played,
    Refused,
    Renewing,
)
from game.ui.table.status import status, status_samples

ROOT = Path(__file__).resolve().parents[1]


def _a(text: str) -> Action:
    return parse_action(None, text)


def _table(match: Match, *policies: Policy) -> TableController:
    table = TableController(match, computer_pause=0.0, policies=policies)
    table.refresh()
    return table


def _heard(table: TableController) -> list[Event]:
    """Every event the table publishes from now on, in order."""
    heard: list[Event] = []
    events = table.events
    events.listen(Played, heard.append)
    events.listen(Changed, heard.append)
    events.listen(Refused, heard.append)
    events.listen(Renewing, heard.append)
    events.listen(HandShown, heard.append)
    return heard


def _frames(table: TableController, until: Callable[[], bool], most: int = 200) -> None:
    for _ in range(most):
        if until():
            return
        table.run_computer(1 / 60)
        table.draw_on(1 / 60)
    raise AssertionError("the table never got there")


# -- no Arcade ---------------------------------------------------------------------------


def test_the_controller_imports_and_plays_with_arcade_blocked() -> None:
    """A child process that cannot import arcade or pyglet plays a round at the table."""
    code = """
import sys
class Blocked:
    def find_spec(self, name, path=None, target=None):
        if name.partition(".")[0] in ("arcade", "pyglet"):
            raise ImportError("blocked: " + name)
sys.meta_path.insert(0, Blocked())
from game.match import Match
from game.ui.table import rulings
from game.ui.table.controller import TableController
match = Match.create("block", 2, seats=["computer:easy", "computer:easy"], seed=2)
table = TableController(match, computer_pause=0.0)
table.refresh()
moves = table.step_computers(6)
loaded = sorted({name.partition(".")[0] for name in sys.modules} & {"arcade", "pyglet"})
print(moves, len(match.actions), loaded)
"""
    env = {**os.environ, "PYGLET_AUDIO": "silent"}
    env.pop("ARCADE_HEADLESS", None)
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == ["6", "6", "[]"]


# -- preview, confirm, refusals ----------------------------------------------------------


def test_f04_nothing_reaches_the_rules_before_the_confirm() -> None:
    """F-04: picking 6-1 lights its two places; a place previews; only confirm plays it."""
    match = block_match(["human", "computer"])
    table = _table(match)
    heard = _heard(table)
    assert table.human_turn() and table.preview.select(Tile(6, 1))
    assert set(table.preview.places) == {_a("play 6-1 W"), _a("play 6-1 E")}
    table.press_action(_a("play 6-1 E"))
    assert table.preview.chosen == _a("play 6-1 E") and len(match.actions) == 2 and not heard
    assert table.confirm()
    assert match.actions[-1] == _a("play 6-1 E")
    assert [type(event) for event in heard] == [Played]


def test_f04_a_played_event_carries_the_state_before_and_after() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    before = match.state
    heard = _heard(table)
    table.commit(_a("play 6-1 E"))
    assert heard == [Played(before, _a("play 6-1 E"), match.state)]


def test_a_refused_action_changes_nothing_and_says_why() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    heard = _heard(table)
    assert not table.commit(_a("play 3-3 E"))
    assert len(match.actions) == 2 and table.message and not heard


def test_a_confirm_with_nothing_previewed_plays_nothing() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    assert not table.confirm() and len(match.actions) == 2


def test_cancel_forgets_the_pick_and_the_message() -> None:
    table = _table(block_match(["human", "computer"]))
    table.preview.select(Tile(6, 1))
    table.message = "something said"
    table.cancel()
    assert table.preview.selected is None and table.message == ""


def test_a_press_previews_first_and_confirms_on_the_second() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    table.message = "said before"
    table.press_action(_a("play 6-1 E"))
    assert table.preview.chosen == _a("play 6-1 E") and len(match.actions) == 2
    assert table.message == ""
    table.press_action(_a("play 6-1 E"))
    assert match.actions[-1] == _a("play 6-1 E")


def test_why_not_gives_the_rules_reason_for_a_tile_that_fits_no_end() -> None:
    """Block: a tile that fits no end is refused with the rules' reason, not a shrug."""
    match = block_match(["human", "computer"])
    table = _table(match)
    ends: dict[str, int | None] = {"W": 6, "E": 1}
    why = rulings.why_not(table, Tile(3, 3), None, ends)
    assert why and "3-3" in why


def test_why_not_at_a_named_end() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    assert rulings.why_not(table, Tile(5, 5), "E", {"W": 6, "E": 1})


def test_the_gain_is_what_the_rules_score_on_a_copy() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    assert rulings.gain(table, _a("play 6-1 E")) == 0 and rulings.gain(table, None) == 0
    assert rulings.gain(table, _a("play 3-3 E")) == 0  # refused: nothing
    assert len(match.actions) == 2


# -- undo, redo, restart, new match ------------------------------------------------------


def test_f09_the_computer_replies_in_frames_and_undo_takes_both_moves_back() -> None:
    """F-09: undo walks back the human's decision with the computer's reply after it."""
    match = block_match(["human", "computer"])
    table = _table(match)
    table.commit(_a("play 6-1 W"))
    _frames(table, lambda: match.state.to_move == 1)
    assert len(match.actions) == 4
    heard = _heard(table)
    table.undo()
    assert len(match.actions) == 2 and match.state.to_move == 1
    assert table.message == "Undone" and heard == [Changed("undo")]


def test_f09_l23_mt24_c19_undo_and_redo_with_two_computers_replying() -> None:
    """F-09 / L-23 / MT-24 / C-19: undo goes back to your decision, replies included; redo
    puts them back."""
    seats = ["human", "computer:easy", "computer:easy"]
    match = Match.create("block", 3, seats=seats, seed=4, first=1)
    table = _table(match)
    start = match.state
    table.commit(next(a for a in table.preview.legal if a.tile is not None))
    _frames(table, table.human_turn)
    after, replies = match.state, len(match.actions)
    assert replies >= 3
    table.undo()
    assert match.state == start and table.human_turn()
    table.redo()
    assert match.state == after and len(match.actions) == replies and table.message == "Redone"


def test_undo_and_redo_say_why_when_they_cannot_act() -> None:
    table = _table(Match.create("block", 2, seats=["human", "computer"], seed=1, first=1))
    heard = _heard(table)
    table.undo()
    assert table.message == "Nothing to take back"
    table.redo()
    assert table.message == "Nothing to put back"
    assert heard == [
        Refused("Nothing to take back"),
        Changed("undo"),
        Refused("Nothing to put back"),
        Changed("redo"),
    ]


def test_the_undo_and_redo_refusals_are_empty_when_they_can_act() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    assert table.undo_refusal() == "" and table.redo_refusal() == "Nothing to put back"
    table.undo()
    assert table.redo_refusal() == ""


def test_restart_goes_back_to_the_deal_with_the_scores_before_it() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    heard = _heard(table)
    table.restart_round()
    assert Tile(6, 4) in match.state.hands[0] and match.state.to_move == 1  # as dealt
    assert table.message == "The round starts again" and heard[-1] == Changed("restart")


def test_a_new_match_is_announced_before_and_reported_after() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    heard = _heard(table)
    before = match.state
    table.new_match()
    assert heard == [Renewing(), Changed("new match")] and table.message == "A new match"
    assert match.state != before


def test_an_undo_drops_the_computers_thinking_for_the_old_table() -> None:
    match = block_match(["human", "computer"])
    table = TableController(match, computer_pause=10.0)
    table.refresh()
    table.commit(_a("play 6-1 W"))
    table.run_computer(1 / 60)  # it thinks at once, during the breath
    assert table.computers.turn is not None
    table.undo()
    assert table.computers.turn is None and table.human_turn()


# -- the computer's pace ----------------------------------------------------------------


def test_the_computer_waits_for_the_breath() -> None:
    match = block_match(["human", "computer"])
    table = TableController(match, computer_pause=0.5)
    table.refresh()
    table.commit(_a("play 6-1 W"))
    for _ in range(10):
        table.run_computer(1 / 60)
    assert len(match.actions) == 3  # 10 frames are a sixth of a second
    for _ in range(40):
        table.run_computer(1 / 60)
    assert len(match.actions) == 4


def test_f10_a_paused_table_keeps_the_computer_waiting() -> None:
    """F-10: while a panel is open the computer does not move; closing resumes it."""
    match = block_match(["human", "computer"])
    table = _table(match)
    table.commit(_a("play 6-1 W"))
    table.paused = True
    for _ in range(60):
        table.run_computer(1 / 60)
    assert len(match.actions) == 3
    table.paused = False
    _frames(table, lambda: len(match.actions) == 4)


def test_the_next_computer_thinks_during_the_breath_before_the_move() -> None:
    seats = ["human", "computer:easy", "computer:easy"]
    match = Match.create("block", 3, seats=seats, seed=4, first=2)
    table = TableController(match, computer_pause=0.5)
    table.refresh()
    for _ in range(10):
        table.run_computer(1 / 60)
    assert table.computers.ahead is not None and table.computers.turn is not None
    assert table.thinking()


def test_the_computers_play_a_whole_match_to_its_end() -> None:
    match = Match.create("block", 2, seats=["computer:easy"] * 2, seed=3)
    table = _table(match)
    table.step_computers(1000)
    assert match.state.to_move is None


@pytest.mark.parametrize("rules", names())
def test_every_rule_set_flows_through_the_controller(rules: str) -> None:
    """Each registered rule set: the computers move, the human previews and confirms a
    legal move, and undo takes it back, all below the window."""
    from game.rules.presets import load_preset

    low, high = load_preset(rules).seats
    players = min(high, max(low, 3))
    match = Match.create(
        rules, players, seats=["human"] + ["computer:easy"] * (players - 1), seed=7
    )
    table = _table(match)
    for _ in range(60):
        if table.human_turn() and table.preview.legal:
            break
        table.step_computers(1)
        table.refresh()
    assert table.human_turn()
    action = table.preview.legal[0]
    table.preview.choose(action)
    moves = len(match.actions)
    assert table.confirm() and match.actions[moves] == action
    table.undo()
    assert table.message == "Undone" and table.human_turn()


# -- the lone move ----------------------------------------------------------------------


@pytest.mark.parametrize("rules", ["draw", "all_fives"])
def test_f04_a_lone_draw_is_previewed_and_one_press_draws_until_a_tile_fits(rules: str) -> None:
    """F-04: the lone Draw is the preview as the turn begins; one press draws each tile in
    turn up to the first that fits, each draw in the record."""
    match = stuck(rules, 2, Kind.DRAW, more_than_one=True)
    needed = draws_before_a_fit(match)
    table = _table(match)
    assert table.preview.chosen == Action(Kind.DRAW) and table.draws_until_fits()
    moves = len(match.actions)
    table.press_action(Action(Kind.DRAW))
    assert table.drawing_on is not None and table.message == "Drawing until a tile fits…"
    _frames(table, lambda: table.drawing_on is None)
    assert match.actions[moves:] == (Action(Kind.DRAW),) * needed
    assert table.human_turn() and table.preview.playable() and table.message == ""


def test_f04_an_undo_stops_the_drawing() -> None:
    """F-04 with F-09: Undo while the tiles come stops the drawing; nothing draws on."""
    match = stuck("draw", 2, Kind.DRAW, more_than_one=True)
    table = _table(match)
    table.press_action(Action(Kind.DRAW))
    assert table.drawing_on is not None
    table.undo()
    for _ in range(60):
        table.draw_on(1 / 60)
    assert table.drawing_on is None
    assert table.human_turn() and table.preview.chosen == Action(Kind.DRAW)


@pytest.mark.parametrize(
    ("rules", "players", "only"),
    [
        ("block", 2, Kind.PASS),
        ("mexican_train", 4, Kind.PASS),
        ("mexican_train", 4, Kind.END),
        ("longana", 2, Kind.PASS),
    ],
)
def test_f04_mt21_l19_a_lone_pass_or_end_is_previewed_and_one_press_makes_it(
    rules: str, players: int, only: Kind
) -> None:
    match = stuck(rules, players, only)
    table = _table(match)
    assert table.preview.chosen == Action(only) == table.only_move()
    moves = len(match.actions)
    table.press_action(Action(only))
    assert match.actions[moves : moves + 1] == (Action(only),)


def test_mt21_a_lone_draw_in_mexican_train_draws_one_tile() -> None:
    """MT-21: Mexican Train draws one tile a turn: one press, one tile, no streak."""
    match = stuck("mexican_train", 4, Kind.DRAW)
    table = _table(match)
    hand = len(match.state.hands[0])
    assert not table.draws_until_fits()
    table.press_action(Action(Kind.DRAW))
    assert len(match.state.hands[0]) == hand + 1 and table.drawing_on is None


def test_f04_cancel_leaves_the_only_move_previewed() -> None:
    """Cancel on the only move's preview: there is nothing else, so it stays previewed."""
    table = _table(stuck("block", 2, Kind.PASS))
    table.cancel()
    assert table.preview.chosen == Action(Kind.PASS)


# -- the hot seat -----------------------------------------------------------------------


def test_f07_l20_mt22_a_shared_device_covers_the_hand_until_its_owner_takes_it() -> None:
    """F-07 / L-20 / MT-22: after a move the next human's tiles stay hidden until shown."""
    match = block_match(["human", "human"])
    table, seat = hot_seat(match)
    heard: list[HandoverDue] = []
    table.events.listen(HandoverDue, heard.append)
    assert not table.covered
    table.commit(_a("play 6-1 E"))
    assert table.covered and table.handover_due() and not table.human_turn()
    seat.update(0.0)
    assert heard == [HandoverDue("")] and seat.halts()
    table.take_hand()
    table.refresh()
    assert table.viewer == 2 and not table.covered and table.human_turn()


def test_one_human_against_computers_is_never_covered() -> None:
    match = Match.create("block", 3, seats=["human", "computer:easy", "computer:easy"], seed=3)
    table, seat = hot_seat(match)
    table.cover()
    for _ in range(10):
        table.step_computers(1)
        table.refresh()
        seat.update(0.0)
        assert not table.covered and not seat.halts()


def test_a_computer_between_two_humans_still_hands_over() -> None:
    seats = ["human", "computer:easy", "human"]
    match = Match.create("block", 3, seats=seats, seed=9, first=1)
    table, _seat = hot_seat(match)
    table.take_hand()
    table.refresh()
    table.commit(table.preview.legal[0])
    _frames(table, table.handover_due)
    assert match.state.to_move == 3
    steps = table.take_hand()
    assert [mover for mover, *_ in steps] == [1, 2] and table.replay is not None


def test_hot_seat_undo_on_a_handover_is_refused_naming_the_seat() -> None:
    """Issue 16.1: on Seat 2's handover, Undo is Seat 1's to ask: refused, said publicly."""
    match = block_match(["human", "human"])
    table, seat = hot_seat(match)
    table.commit(_a("play 6-1 E"))
    assert table.covered
    table.undo()
    assert len(match.actions) == 3 and "Not undone" in table.message
    assert seat.notice == table.message  # the handover shows it too
    table.take_hand()
    table.hand_shown()
    assert seat.notice == ""


def test_hot_seat_redo_is_refused_while_the_hand_is_covered() -> None:
    match = block_match(["human", "human"])
    table, _seat = hot_seat(match)
    match.undo()
    table.cover()
    assert table.redo_refusal().startswith("Not redone")


def test_hot_seat_restart_is_refused_on_another_players_turn() -> None:
    match = block_match(["human", "human"])
    table, _seat = hot_seat(match)
    table.commit(_a("play 6-1 E"))
    table.take_hand()
    table.refresh()
    assert table.viewer == 2
    assert table.restart_refusal().startswith("Not restarted")
    moves = len(match.actions)
    table.restart_round()
    assert len(match.actions) == moves  # refused: nothing changed


def test_hot_seat_restart_on_the_first_players_turn_covers_the_table() -> None:
    match = Match.create("block", 2, seats=["human", "human"], seed=5, first=1)
    table, _seat = hot_seat(match)
    table.take_hand()
    table.refresh()
    assert table.restart_refusal() == ""
    table.restart_round()
    assert table.covered and table.handover_due()


# -- the modes' vetoes --------------------------------------------------------------------


class Veto(Policy):
    """A mode that says no to all it may: what the table does with each no."""

    def __init__(self, **no: bool) -> None:
        self.no = no
        self.moved = 0

    def lets_play(self) -> bool:
        return not self.no.get("play", False)

    def allows(self, action: Action) -> bool:
        return not self.no.get("allow", False)

    def refusal(self, what: Refusable) -> str:
        return f"no {what}" if self.no.get("refuse", False) else ""

    def renews(self) -> bool:
        return not self.no.get("renew", False)

    def draws_singly(self) -> bool:
        return self.no.get("singly", False)

    def moves_others(self, dt: float) -> bool:
        self.moved += 1
        return self.no.get("others", False)


def test_a_mode_that_does_not_allow_a_move_keeps_it_unplayed() -> None:
    match = block_match(["human", "computer"])
    table = _table(match, Veto(allow=True))
    heard = _heard(table)
    assert not table.commit(_a("play 6-1 E")) and len(match.actions) == 2 and not heard


def test_a_mode_over_lets_nobody_play() -> None:
    table = _table(block_match(["human", "computer"]), Veto(play=True))
    assert not table.human_turn() and table.preview.legal == ()


@pytest.mark.parametrize("what", ["undo", "redo", "restart"])
def test_a_modes_refusal_is_the_tables_reason(what: Refusable) -> None:
    match = block_match(["human", "computer"])
    if what == "redo":
        match.undo()
    table = _table(match, Policy(), Veto(refuse=True))
    assert table.refusal_of(what) == f"no {what}"
    state = match.state
    asks = {"undo": table.undo, "redo": table.redo, "restart": table.restart_round}
    asks[what]()
    assert match.state == state
    assert table.message == ("" if what == "restart" else f"no {what}")


def test_a_mode_that_does_not_renew_keeps_its_match() -> None:
    match = block_match(["human", "computer"])
    table = _table(match, Veto(renew=True))
    heard = _heard(table)
    table.new_match()
    assert len(match.actions) == 2 and not heard


def test_a_mode_that_draws_singly_stops_the_streak() -> None:
    match = stuck("draw", 2, Kind.DRAW, more_than_one=True)
    table = _table(match, Veto(singly=True))
    assert not table.draws_until_fits()
    moves = len(match.actions)
    table.press_action(Action(Kind.DRAW))
    assert len(match.actions) == moves + 1 and table.drawing_on is None


def test_a_mode_that_moves_the_others_keeps_the_computers_from_thinking() -> None:
    match = block_match(["human", "computer"])
    veto = Veto(others=True)
    table = _table(match, veto)
    table.commit(_a("play 6-1 W"))
    for _ in range(60):
        table.run_computer(1 / 60)
    assert len(match.actions) == 3 and table.computers.turn is None and veto.moved == 60


def test_a_replayed_match_is_shown_never_played() -> None:
    from game.record import to_record
    from game.replay import Cursor

    match = Match.create("block", 2, seats=["computer:easy"] * 2, seed=3)
    TableController(match).step_computers(1000)
    cursor = Cursor(to_record(match))
    table = TableController(cursor)
    table.refresh()
    assert not table.human_turn() and not table.thinking() and table.you is None
    table.run_computer(1.0)
    assert table.computers.turn is None


# -- the status line ----------------------------------------------------------------------


def test_the_status_says_whose_turn_it_is() -> None:
    match = block_match(["human", "computer"])
    table = _table(match)
    assert status(table) == "Your turn"
    table.commit(_a("play 6-1 W"))
    assert status(table) == "Seat 2 is thinking…"
    assert status(table, 0.5) == "Seat 2 is thinking… 50%"


def test_a_decided_computer_plays_rather_than_thinks_at_100() -> None:
    match = block_match(["human", "computer"])
    table = TableController(match, computer_pause=10.0)
    table.refresh()
    table.commit(_a("play 6-1 W"))
    for _ in range(30):
        table.run_computer(1 / 60)
    assert table.computers.turn is not None and table.computers.turn.action is not None
    assert status(table) == "Seat 2 plays"


def test_the_status_of_a_shared_device_names_the_seat() -> None:
    match = block_match(["human", "human"])
    table, _seat = hot_seat(match)
    assert status(table) == "Seat 1: your turn"
    table.commit(_a("play 6-1 E"))
    assert status(table) == "Pass the device to Seat 2"
    table.take_hand()
    table.refresh()
    assert status(table) == "Seat 2: your turn"


def test_the_status_of_a_finished_match_names_its_winners() -> None:
    match = Match.create("block", 2, seats=["computer:easy"] * 2, seed=3)
    table = _table(match)
    table.step_computers(1000)
    assert status(table).startswith("Match over: ") and status(table).endswith(" won")


def test_the_status_samples_are_the_widest_lines_the_table_may_show() -> None:
    table = _table(block_match(["human", "human"]))
    samples = status_samples(table)
    assert "Seat 2 is thinking… 100%" in samples and "Pass the device to Seat 1" in samples
