"""Small things that read as bugs (issue 50, item 6), each driven with real events.

Each test fails on the table (or screen) as it was before its fix.
"""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import arcade
import around_helpers as h
import pytest
from table_matches import a_move_before_the_end, a_partner_about_to_go_out

from game.match import Match
from game.rules import Outcome
from game.settings import Settings
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.routes import Route
from game.ui.screens.panels import ScoresView
from game.ui.screens.summary import MatchEndView, RoundSummaryView
from game.ui.theme import MIN_TOUCH
from game.ui.widgets.chart import LineChart
from game.ui.widgets.kit import Box, Button, ScrollLines


def test_enter_on_the_match_end_does_not_start_a_new_match(tmp_path: Path) -> None:
    """The Enter a player goes on pressing through the round's summary must not start a
    new match unseen at the match's end: no button has the focus until a key moves it
    there, and Enter then presses the button the focus ring shows."""
    shell = h.make_shell(tmp_path)
    match = h.finish_on_table(shell)
    view = shell.current
    for _ in range(5):
        if isinstance(view, MatchEndView):
            break
        h.key(arcade.key.ENTER)  # through the round's summary, as a player goes on
        h.frames(1)
        view = shell.current
    assert isinstance(view, MatchEndView)
    h.key(arcade.key.ENTER)
    h.frames(1)
    assert shell.current is view and shell.table is not None and shell.table.match is match
    h.key(arcade.key.RIGHT)  # the focus onto a button: Enter now says what it presses
    assert view.focused is not None
    h.key(arcade.key.ENTER)
    assert shell.current is not view


def _round_summary(tmp_path: Path, seats: list[str], seed: int) -> tuple[RoundSummaryView, int]:
    """The first round's summary of a Block match (seeded random moves), as a player has
    it (the moments on); and the first seat credited with it."""
    settings = Settings(pace="instant", sound=True, deal_animation=False, celebrations=True)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.animate = True
    players = len(seats)
    match = Match.create("block", players, seats=seats, seed=seed, target=30)
    pick = random.Random(seed)
    while not match.state.results:
        match.play(pick.choice(match.legal()))
    shell.begin(match)
    shell.open(Route.SUMMARY)
    h.frames(1, 0.0)
    view = shell.current
    assert isinstance(view, RoundSummaryView)
    return view, match.state.results[-1].winners[0]


def test_no_tiles_fall_when_the_computers_side_takes_the_round(tmp_path: Path) -> None:
    """The round's winner is named either way; the falling dominoes are for a side with a
    person in it (a round of your side is yours too), not for the computer's side."""
    view, winner = _round_summary(tmp_path / "theirs", ["human", "computer"], 0)
    assert winner == 2 and "Seat 2 takes the round!" in view.texts()
    assert view.celebration is None and not view.celebrating
    view, winner = _round_summary(tmp_path / "yours", ["human", "computer"], 1)
    assert winner == 1 and view.celebrating
    seats = ["human", "computer", "computer", "computer"]  # partners: 1 and 3, 2 and 4
    view, winner = _round_summary(tmp_path / "their side", seats, 0)
    assert winner == 2 and not view.celebrating
    view, winner = _round_summary(tmp_path / "your side", seats, 3)  # you and Seat 3
    assert winner == 1 and view.celebrating


def test_a_new_round_starts_with_no_words_of_the_last_on_the_felt(tmp_path: Path) -> None:
    """The seats' words of the round just over do not stay on the new round's empty felt
    (the summary between them stops the table's clock, so they would wait there)."""
    for seed in range(1, 30):  # a round the computer ends, its words by its panel
        shell = h.make_shell(tmp_path / str(seed))
        shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=seed), False)
        table = shell.table
        assert table is not None
        while not table.state.results:
            if table.human_turn():
                h.play_turn(shell)
            else:
                h.frames(1, 1 / 60)
        if table.match.history[-1][0] == 2:
            break
    told = len(table.news.said)  # the last round's words (its last move the computer's)
    for _ in range(20):
        if isinstance(shell.current, RoundSummaryView):
            break
        h.frames(1, 1 / 60)
    assert isinstance(shell.current, RoundSummaryView)
    h.press(shell, "next")
    h.frames(1, 1 / 60)
    assert table is not None and shell.current is table and table.state.round == 2
    new_round = table.news.said[told:]  # (the computer may have led the new round)
    assert all(line in new_round for line in table.news.showing()), table.news.showing()


def test_the_bar_shows_the_rounds_words_when_a_computer_ends_it(tmp_path: Path) -> None:
    """A computer plays its last tile: the bar shows the round's words as the move lands
    (that they name the seat that went out, not its partner with it, is the controller's:
    tests/test_controller_rounds.py)."""
    match, _mover = a_partner_about_to_go_out()
    shell = h.make_shell(tmp_path)
    shell.begin(match, False)
    table = shell.table
    assert table is not None
    for _ in range(60):
        if table.state.results:
            break
        h.frames(1, 1 / 60)
    assert table.state.results
    h.draw()
    assert table.texts.get("message") == table.message
    assert table.message.startswith("Round 1: Seat ")


def test_undo_and_redo_sit_side_by_side_in_the_menu(tmp_path: Path) -> None:
    """The game menu in two columns (a small window) keeps Undo and Redo together on one
    row, Undo first, rather than at opposite corners."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=1), False)
    h.send("on_resize", 1024, 600)
    try:
        h.frames(1, 0.0)
        h.press(shell, "menu")
        h.frames(1, 0.0)
        menu = shell.current
        undo, redo = menu.widget("undo"), menu.widget("redo")
        assert undo is not None and redo is not None
        assert undo.rect.y0 == redo.rect.y0  # one row
        assert undo.rect.x1 < redo.rect.x0  # Undo first, read from the left
        assert redo.rect.x0 - undo.rect.x1 < undo.rect.width / 4  # beside each other
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)


def test_a_kiosks_hand_with_no_button_beside_it_is_centred_and_clear_of_buttons(
    tmp_path: Path,
) -> None:
    """A 1024x600 kiosk: the hand's row stands in the middle of its bar when no choice
    is beside it (it stood far left of it, kept out of the empty choices' area), and
    keeps clear of the buttons once a choice shows."""
    shell = h.make_shell(tmp_path, kiosk=True)
    h.send("on_resize", 1024, 600)
    try:
        shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=1), False)
        table = shell.table
        assert table is not None
        while not table.human_turn():
            h.frames(1)
        h.frames(10, 0.1)  # the hand's tiles glide to their places
        assert table.preview.playable() and not _choice_keys(table)
        xs = [x for x, _y in table.tray.slots.values()]
        assert abs((min(xs) + max(xs)) / 2 - 512) <= 2
        h.key(arcade.key.TAB)  # a tile picked: Confirm and Cancel beside the hand
        h.frames(1, 0.0)
        buttons = [b.rect for b in table.buttons.buttons if b.key in ("confirm", "cancel")]
        assert buttons
        half = table.tray._w / 2
        right = max(x for x, _y in table.tray.slots.values()) + half
        assert right <= min(r.x0 for r in buttons)
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)


def _choice_keys(table) -> list[str]:
    keys = ("draw", "pass", "end", "confirm", "cancel")
    return [b.key for b in table.buttons.buttons if b.key in keys]


def test_a_tied_score_chart_shows_every_line(tmp_path: Path) -> None:
    """Three-seat Block after a round: the two seats that did not win are both still at 0,
    and each of their lines shows in the Scores chart (one lay under the other)."""
    seats = ["human", "computer", "computer"]
    match = Match.create("block", 3, seats=seats, seed=2, target=500)
    pick = random.Random(2)
    while not match.state.results:
        match.play(pick.choice(match.legal()))
    shell = h.make_shell(tmp_path)
    shell.begin(match, False)
    h.frames(1, 0.0)
    h.press(shell, "menu")
    h.press(shell, "scores")
    (chart,) = [w for w in shell.current.widgets if isinstance(w, LineChart)]
    totals = [s.values for s in chart.series]
    assert len(set(totals)) < len(totals)  # two sides tied
    for a, b in itertools.combinations(chart.series, 2):  # yet no line lies on another:
        for (_x, ya), (_x2, yb) in zip(chart.points(a), chart.points(b), strict=True):
            assert abs(ya - yb) >= 2.0 - 1e-9  # a line's width apart at least (2 px or more)


def _log(shell) -> list[str]:
    """The log as the player reads it: the menu's Log, opened and closed again."""
    h.press(shell, "menu")
    h.press(shell, "log")
    (scroll,) = [w for w in shell.current.widgets if isinstance(w, ScrollLines)]
    h.key(arcade.key.ESCAPE)
    h.key(arcade.key.ESCAPE)
    return scroll.lines


def test_the_log_panel_says_a_move_was_taken_back_then_put_back(tmp_path: Path) -> None:
    """Undo then Redo by their buttons: the menu's Log ends "You took back a move", "You put
    a move back" (the whole log's order is the controller's: tests/test_controller_modes.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=3, first=1), False)
    table = shell.table
    h.play_turn(shell)
    for _ in range(20):
        if table.human_turn():
            break
        h.frames(1)
    assert table.human_turn() and len(table.match.actions) == 2
    h.press(shell, "undo")
    h.press(shell, "redo")
    assert len(table.match.actions) == 2
    assert _log(shell)[-2:] == ["You took back a move", "You put a move back"]


def _on_screen(table, board: Rect) -> Rect:
    """A rectangle of the board (layout units) as the table's camera shows it now."""
    corners = [table.camera.project((x * HALF, y * HALF)) for x, y in board.corners()]
    xs, ys = [x for x, _ in corners], [y for _, y in corners]
    return Rect(min(xs), min(ys), max(xs), max(ys))


def _apart(a: Rect, b: Rect) -> float:
    """The gap between two rectangles (0 when they touch or meet)."""
    dx = max(a.x0 - b.x1, b.x0 - a.x1, 0.0)
    dy = max(a.y0 - b.y1, b.y0 - a.y1, 0.0)
    return (dx * dx + dy * dy) ** 0.5


def test_a_seats_words_about_a_tile_stand_by_the_end_it_went_on(tmp_path: Path) -> None:
    """ "Seat 2 plays 6-3 on the west end" stands by the west end, where the tile went,
    not by Seat 2's panel (which may sit nearer the other end): the box just off the
    tile, nearer it than the other end, and clear of it even while it glides in."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=5, first=1), False)
    table = shell.table
    ends: set[str] = set()
    for _ in range(12):
        if table.state.results or not isinstance(shell.current, type(table)):
            break
        if table.human_turn():
            h.play_turn(shell)
            continue
        before = len(table.match.actions)
        while len(table.match.actions) == before:
            h.frames(1, 1 / 60)
        h.frames(1, 1 / 60)
        h.draw()  # the words placed as the tile sets off from the panel
        seat, action, _after = table.match.history[-1]
        if action.tile is None or action.where is None or table.state.results:
            continue
        placed = {p.tile: p for p in table.layout.tiles}
        tile = _on_screen(table, placed[action.tile].rect())
        box = table.news.placed[2]
        assert not box.overlaps(tile), "the words cover where the tile lands"
        assert _apart(box, tile) <= 24, (action, box, tile)
        for where, arm in table.layout.ends.items():  # and nearer it than the other end
            if where != action.where:
                assert _apart(box, tile) < _apart(box, _on_screen(table, arm.peek_rect()))
        ends.add(action.where)
    assert ends >= {"W", "E"}, ends


def _all_fives_turn(tmp_path: Path, scoring: bool = False):
    """Four-seat All Fives, a dozen moves in, at the human's turn (one with a
    play that scores, if ``scoring``): the shell and its table."""
    for seed in range(1, 40):
        match = Match.create("all_fives", 4, seats=["human"] + ["computer"] * 3, seed=seed)
        pick = random.Random(seed)
        while not match.state.results and (len(match.actions) < 12 or match.state.to_move != 1):
            match.play(pick.choice(match.legal()))
        if match.state.results or match.state.to_move != 1:
            continue
        scores = [a for a in match.legal() if a.tile is not None and _gains(match, a)]
        if scores or not scoring:
            break
    shell = h.make_shell(tmp_path)
    shell.begin(match, False)
    h.frames(1, 0.0)
    table = shell.table
    assert table.human_turn()
    h.settle_camera(table)
    return shell, table


def _gains(match: Match, action) -> bool:
    after = match.ruleset.apply(match.state, action)
    return after.scores[0] > match.state.scores[0]


def _overflow(board: Rect, felt: Rect) -> tuple[float, float]:
    """How many times the felt's width and height the board takes on screen."""
    return board.width / felt.width, board.height / felt.height


def test_a_turn_after_a_zoom_keeps_the_board_on_the_felt(tmp_path: Path) -> None:
    """Zoomed in a step (the board about as wide as the felt), then turned a quarter: the
    board stays on the felt, whole as it was, never swung under the hand's bar or the
    panels (the turn kept the zoom and the point mid-felt, and the long board hung out)."""
    shell, table = _all_fives_turn(tmp_path)
    h.press(shell, "zoom+")
    felt = table.screen.table
    before = max(_overflow(table.parts.words.board_on_screen(), felt))
    h.press(shell, "rot+")
    h.settle_camera(table)
    board = table.parts.words.board_on_screen()
    allowance = max(0.0, before - 1) * max(felt.width, felt.height) + 1
    assert h.inside(board, felt.grown(allowance)), (board, felt, before)
    h.press(shell, "fit")  # and Fit still shows it all, turned
    h.settle_camera(table)
    assert h.inside(table.parts.words.board_on_screen(), felt)


def test_a_board_larger_than_the_felt_fills_it_after_a_zoom_or_a_turn(tmp_path: Path) -> None:
    """Zoomed in far, then turned: the board, now larger than the felt, fills it each way
    it is larger (no bare felt beside it while more of it hides under a bar) and lies
    inside it each way it is not."""
    shell, table = _all_fives_turn(tmp_path)
    felt = table.screen.table
    for step in ("zoom+", "zoom+", "zoom+", "rot-", "zoom+", "rot-"):
        h.press(shell, step)
        h.settle_camera(table)
        board = table.parts.words.board_on_screen()
        for lo, hi, f_lo, f_hi in (
            (board.x0, board.x1, felt.x0, felt.x1),
            (board.y0, board.y1, felt.y0, felt.y1),
        ):
            if hi - lo > f_hi - f_lo:
                assert lo <= f_lo + 1 and hi >= f_hi - 1, (step, board, felt)
            else:
                assert lo >= f_lo - 1 and hi <= f_hi + 1, (step, board, felt)


def test_a_previewed_plays_score_stands_over_its_ghost_on_a_turned_table(
    tmp_path: Path,
) -> None:
    """The table turned a quarter, a play that scores previewed: its "+N" stands clear of
    the ghost tile (it was lifted by the tile's unturned height, so it sat on it)."""
    shell, table = _all_fives_turn(tmp_path, scoring=True)
    for quarter in ("rot+", "rot+"):
        h.press(shell, quarter)
        h.settle_camera(table)
        action = next(a for a in table.preview.legal if a.tile and _gains(table.match, a))
        h.click(*table.tray.slots[action.tile])
        if table.preview.chosen != action:
            placed = table._place(action)
            h.click(*table.camera.project((placed.x * HALF, placed.y * HALF)))
        assert table.preview.chosen == action
        h.draw()
        score = table.labels.texts.shown()["score"]
        ghost = _on_screen(table, table._place(action).rect())
        assert not score.overlaps(ghost), (quarter, score, ghost)
        h.key(arcade.key.ESCAPE)  # the preview put back


def _end_the_round(tmp_path: Path, how: Outcome):
    """The round's last move made at the table (your taps, or the computer's turn), with
    the moments a player has (the shell animates): the shell, its table and that move."""
    match, last = a_move_before_the_end(how)
    shell = h.make_shell(tmp_path)
    shell.animate = True
    shell.begin(match, False)
    table = shell.table
    if match.is_human(match.state.to_move):
        h.tap_move(shell, last)
    for _ in range(60):
        if table.match.state.results:
            break
        h.frames(1, 1 / 60)
    assert table.match.state.results[0].how == how
    return shell, table, last


def test_a_round_won_by_going_out_says_domino_on_the_felt_before_its_summary(
    tmp_path: Path,
) -> None:
    """The round's last tile lands on the board it ended, "Domino!" is said over it for
    a moment, and only then does the summary come (it cut in at once, the felt already
    dealt anew; that nobody moves on and no summary is due while the end is told is the
    controller's: tests/test_controller_rounds.py)."""
    shell, table, last = _end_the_round(tmp_path, Outcome.OUT)
    assert last.tile is not None
    h.frames(1, 1 / 60)
    assert shell.current is table and table.news.rule == "Domino!"
    assert last.tile in table.scene.sprites  # the board as the round left it, its last tile
    assert last.tile not in table.tray.sprites
    h.draw()
    assert table.news.placed_rule is not None  # said on the felt
    for _ in range(50):  # a moment: over half a second of frames, still on the table
        h.frames(1, 1 / 60)
    assert shell.current is table and table.news.rule == "Domino!"
    for _ in range(200):
        if isinstance(shell.current, RoundSummaryView):
            break
        h.frames(1, 1 / 60)
    assert isinstance(shell.current, RoundSummaryView)
    assert table.news.rule != "Domino!"  # the next deal's felt says nothing of it


def test_a_blocked_round_says_blocked_on_the_felt(tmp_path: Path) -> None:
    """Nobody can play on: "Blocked!" is said on the felt over the board as it stands (the
    summary after it, as after "Domino!"; that it waits while the end is told is the
    controller's: tests/test_controller_rounds.py)."""
    shell, table, _last = _end_the_round(tmp_path, Outcome.BLOCKED)
    h.frames(1, 1 / 60)
    assert shell.current is table and table.news.rule == "Blocked!"
    assert table.scene.sprites  # the blocked board, not the next deal's empty felt
    h.draw()
    assert table.news.placed_rule is not None  # said on the felt


def test_the_scores_have_one_name_wherever_they_show(tmp_path: Path) -> None:
    """The match's scores, round by round, are "Scores" on every button that shows them
    and on their own screen: the round summary's page (once "Score sheet", beside a
    "Scores" button to the same sheet), the menu, the match's end."""
    match, last = a_move_before_the_end(Outcome.OUT)
    match.play(last)
    shell = h.make_shell(tmp_path)
    shell.begin(match, False)
    shell.open(Route.SUMMARY)
    summary = shell.current
    assert isinstance(summary, RoundSummaryView)
    labels = {b.label for b in summary.widgets if isinstance(b, Button)}
    assert summary.widget("sheet").label == "Scores" and "Score sheet" not in labels
    assert [b.label for b in summary.widgets if isinstance(b, Button)].count("Scores") == 1
    h.press(shell, "sheet")
    assert "Running totals" in shell.current.texts()  # the sheet itself, on this page
    assert shell.current.widget("hands").label == "The hands"  # and back to the round's
    h.press(shell, "next")
    table = shell.table
    assert shell.current is table
    h.press(shell, "menu")
    assert shell.current.widget("scores").label == "Scores"
    h.press(shell, "scores")
    scores = shell.current
    assert isinstance(scores, ScoresView)
    assert "Scores" in scores.texts() and "Running totals" in scores.texts()
    assert not [t for t in scores.texts() if t.startswith("Scores by")]


@pytest.mark.parametrize(
    ("size", "kiosk"), [((1024, 600), False), ((1024, 600), True), ((1920, 1080), False)]
)
def test_the_players_plus_stays_put_and_every_seat_row_is_a_finger_high(
    tmp_path: Path, size: tuple[int, int], kiosk: bool
) -> None:
    """Setup, Mexican Train: taps on the one place where "+" showed at two seats go all
    the way to ten (the "+" jumped across the screen at six, when the seats split in two
    columns, and the taps stopped there); at every count each seat's row is a finger
    high (a kiosk's larger finger: 60 px at least on its 7-inch panel) and every seat
    can be reached, by the arrows where they do not all fit."""
    shell = h.make_shell(tmp_path, kiosk=kiosk)
    h.send("on_resize", *size)
    shell.services.laid_out_for = size
    try:
        shell.open(Route.SETUP)
        h.press(shell, "rules:mexican_train")
        setup = shell.current
        while setup.choice.players > 2:
            h.press(shell, "players-")
        at = setup.widget("players+").rect.centre
        finger = max(MIN_TOUCH, 60 if kiosk else 0)
        for count in range(2, 11):
            assert setup.choice.players == count
            assert setup.widget("players+").rect.centre == at
            seen = _every_seat_row(shell, finger)
            assert seen == set(range(1, count + 1)), (count, seen)
            h.click(*at)
        assert setup.choice.players == 10
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
        shell.services.laid_out_for = (h.WIDTH, h.HEIGHT)


def _every_seat_row(shell, finger: float) -> set[int]:
    """The seats whose rows show, scrolled through by taps on the arrows from the top (the
    newest seat's row showing first): each a ``finger`` high at least, whole in the seats'
    box and apart from the others."""
    setup = shell.current
    newest = setup.choice.players
    assert setup.widget(f"seat{newest}") is not None  # the seat just added shows
    while setup.widget("seats-") is not None and setup.widget("seats-").enabled:
        h.press(shell, "seats-")  # to the top
    seen: set[int] = set()
    for _ in range(12):
        rows = {
            i: setup.widget(f"seat{i}").rect
            for i in range(1, setup.choice.players + 1)
            if setup.widget(f"seat{i}") is not None
        }
        control = setup.widget("players+").rect
        (box,) = [w.rect for w in setup.widgets if isinstance(w, Box) and h.inside(control, w.rect)]
        for i, r in rows.items():
            assert r.height >= finger - 0.01, (i, r)
            assert h.inside(r, box), (i, r, box)  # in the seats' own box, nothing cut
            other = setup.widget(f"level{i}") or setup.widget(f"name{i}")
            assert other is not None and other.rect.height >= finger - 0.01
        for a, b in itertools.combinations(rows.values(), 2):
            assert not h.overlap(a, b)
        seen |= set(rows)
        down = setup.widget("seats+")
        if down is None or not down.enabled:
            break
        h.press(shell, "seats+")
    return seen
