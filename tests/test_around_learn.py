"""Learn to play: each game's guided round played to its end on the table by real input.

Taps (the lit tile, its place, Confirm) or keys alone (Tab to the tile, the arrows to
its place, Enter), from the title's "Learn to play" to the "Lesson over" screen.
"""

from __future__ import annotations

import math
from pathlib import Path

import arcade
import around_helpers as h
import pytest

from game.learn.tutorials import Step
from game.rules import names
from game.settings import Settings
from game.ui.screens.learn import LearnView
from game.ui.screens.lesson_end import LessonEndView
from game.ui.table.coach import _project
from game.ui.table.view import TableView


def _open_lesson(tmp_path: Path, name: str, language: str = "en"):
    settings = Settings(pace="instant", sound=False, deal_animation=False, language=language)
    shell = h.make_shell(tmp_path, settings=settings)  # the shell speaks its settings' language
    shell.start()
    h.press(shell, "learn")
    assert isinstance(shell.current, LearnView)
    h.press(shell, f"learn:{name}")
    assert isinstance(shell.current, TableView)
    return shell


def _wait_for_the_learner(shell) -> bool:
    """Frames until the learner is to move (True) or the lesson is over (False)."""
    for _ in range(300):
        view = shell.current
        if isinstance(view, LessonEndView):
            return False
        if view.human_turn():
            return True
        h.frames(1)
    raise AssertionError("the lesson stalled")


def _keys(shell, action) -> None:
    view = shell.current
    for _ in range(40):
        p = view.preview
        if p.chosen == action or (action.tile is not None and p.selected == action.tile):
            break
        h.key(arcade.key.TAB)
    for _ in range(10):
        if view.preview.chosen == action:
            break
        h.key(arcade.key.RIGHT)
    assert view.preview.chosen == action
    h.key(arcade.key.ENTER)


@pytest.mark.parametrize("how", ["taps", "keys"])
@pytest.mark.parametrize("name", names())
def test_each_tutorial_plays_to_lesson_over_by_input_alone(
    tmp_path: Path, name: str, how: str
) -> None:
    shell = _open_lesson(tmp_path, name)
    view = shell.current
    steps = len(h.tutoring(view).lesson.tutorial.steps)
    made = 0
    while _wait_for_the_learner(shell):
        step = _step(view)
        assert step is not None
        assert step.text() in h.coach(view).texts()  # the instruction shows over the table
        assert f"Step {step.number} of {steps}" in h.coach(view).texts()
        if step.tiles or step.targets:
            h.draw()
            assert h.coach(view).lit(view)  # the step's tiles or places glow
        action = view.match.ruleset.parse_action(view.state, step.expect)
        (h.tap_move if how == "taps" else _keys)(shell, action)
        assert h.tutoring(view).lesson.steps_done == step.number
        made += 1
    assert made == steps
    assert isinstance(shell.current, LessonEndView)
    assert "Lesson over" in shell.current.texts()
    assert not shell.services.store.has_match()  # a lesson is nobody's match to resume
    h.press(shell, "next")
    assert isinstance(shell.current, TableView)
    assert shell.current.match.ruleset.name != name or len(names()) == 1


def test_show_me_by_its_button_previews_a_move_and_confirm_plays_it(tmp_path: Path) -> None:
    """Show me's button previews a move and Confirm's plays it (that the move is the step's
    and takes the step is the controller's: tests/test_controller_modes.py)."""
    shell = _open_lesson(tmp_path, "draw")
    view = shell.current
    assert _wait_for_the_learner(shell)
    h.press(shell, "hint")
    assert view.preview.chosen is not None
    moves = len(view.match.actions)
    h.press(shell, "confirm")
    assert len(view.match.actions) > moves


def test_the_rules_panel_starts_the_games_lesson(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.start()
    h.press(shell, "rules")
    h.press(shell, "tab:longana")
    h.press(shell, "learn")
    assert isinstance(shell.current, TableView)
    assert shell.current.match.ruleset.name == "longana"


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("language", ["en", "pt", "ar", "id"])
@pytest.mark.parametrize("name", names())
def test_the_coachs_words_cover_no_part_of_the_board_in_any_language(
    tmp_path: Path, name: str, language: str, size: tuple[int, int]
) -> None:
    """At every step, and after a move the step refuses (its "why" under the instruction),
    the box of words stays over the board, on no tile, with every line inside it."""
    shell = _open_lesson(tmp_path, name, language)
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.current
    refused = 0
    try:
        while _wait_for_the_learner(shell):
            step = _step(view)
            _covers_no_board(view)
            other = next((a for a in view.match.legal() if str(a) != step.expect), None)
            if other is not None:
                h.tap_move(shell, other)
                assert h.tutoring(view).why and h.tutoring(view).why in h.coach(view).texts()
                refused += 1
                _covers_no_board(view)
            h.tap_move(shell, view.match.ruleset.parse_action(view.state, step.expect))
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
    assert refused


def _covers_no_board(view: TableView) -> None:
    for _ in range(60):  # a board that grew shows whole once the camera has glided to it
        if not view.tweens.moving(view.camera.target):
            break
        h.frames(1, 1 / 60)
    h.draw()  # the words laid out (the board makes more room when they need it)
    h.draw()
    box, coach = h.coach(view).box, h.coach(view)
    assert box.y0 >= view.screen.table.y1 - 0.5, coach.texts()
    assert box.y1 <= coach.top
    for placed in view.layout.tiles:
        corners = _project(view, placed.rect())
        assert max(y for _, y in corners) <= box.y0 + 0.5, (placed.tile, coach.texts())
    for text in coach._texts:  # no line cut: each inside the box, as wide as it was wrapped
        width = text.width
        assert width is not None, text.text  # wrapped: a width was set
        assert text.content_width <= width + 0.5, text.text
        assert box.x0 < text.left and text.left + width < box.x1, text.text
        assert box.y0 <= text.bottom and text.top <= box.y1, text.text


@pytest.mark.parametrize("language", ["en", "id", "pt", "ar"])
def test_a_score_rising_in_a_lesson_stays_under_the_coachs_words(
    tmp_path: Path, language: str
) -> None:
    """All Fives' lesson scores by the board's top edge: each "+N" rises and fades on the
    board, never under the box of words over it (nor past the board's sides), in every
    language (their longer words make the box taller)."""
    shell = _open_lesson(tmp_path, "all_fives", language)
    view = shell.current
    risen = 0
    while _wait_for_the_learner(shell):
        h.tap_move(shell, view.match.ruleset.parse_action(view.state, _step(view).expect))
        for _ in range(8):  # the rise, frame by frame
            h.draw()
            table, texts = view.screen.table, view.news.texts
            for key, r in texts.shown().items():
                if key.startswith("rise"):
                    risen += 1
                    assert texts._texts[key].text.startswith("+"), key  # "+10", not "10+"
                    half = texts._texts[key].font_size * 2 / 3  # the em square round its middle
                    middle = (r.y0 + r.y1) / 2
                    assert middle + half <= min(table.y1, h.coach(view).box.y0) + 0.5, (key, r)
                    assert table.x0 <= r.x0 and r.x1 <= table.x1, (key, r)
            h.frames(1, 0.2)
    assert risen


@pytest.mark.parametrize("size", [(800, 600), (1024, 600), (1280, 720), (1920, 1080)])
@pytest.mark.parametrize("name", names())
def test_a_steps_ring_in_the_tray_is_round_its_tiles_sprite_as_drawn(
    tmp_path: Path, name: str, size: tuple[int, int]
) -> None:
    """The ring on a hand tile a step names is round that tile's sprite where the tray draws
    it, in every frame the step shows: the first frame after the move before it, while the
    hand closes up behind the tile just played (or a drawn tile glides in), and after. A
    ring at the tile's resting place stood across two tiles while the hand slid (Mexican
    Train's 12-5, shown straight after the engine)."""
    shell = _open_lesson(tmp_path, name)
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.current
    ringed: set[int] = set()  # the steps whose tray tiles were checked
    hinted: set[int] = set()  # the steps that name a tile of the learner's hand
    try:
        for _ in range(2000):  # frames of a 60 Hz screen, each drawn as the window draws it
            if isinstance(shell.current, LessonEndView):
                break
            h.draw()
            step = h.tutoring(view).lesson.step
            if step is not None:
                if _rings_round_their_sprites(view, step.tiles):
                    ringed.add(step.number)
                if view.human_turn() and not len(view.tweens):
                    if any(str(t) in step.tiles for t in view.state.hands[0]):
                        hinted.add(step.number)
                    h.tap_move(shell, view.match.ruleset.parse_action(view.state, step.expect))
                    continue
            h.frames(1, 1 / 60)
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)
    assert isinstance(shell.current, LessonEndView)
    assert hinted and ringed == hinted


def _rings_round_their_sprites(view: TableView, names: tuple[str, ...]) -> bool:
    """Each hand tile in ``names`` has a lit outline round its sprite as drawn: the same
    centre (within 2 pixels), a few pixels larger each way. Whether there was one."""
    rings = [
        (min(xs), min(ys), max(xs), max(ys))
        for xs, ys in (zip(*corners, strict=True) for corners in h.coach(view).lit(view))
    ]
    found = False
    for tile, sprite in view.tray.sprites.items():
        if str(tile) not in names:
            continue
        found = True
        x, y = sprite.position
        turn = math.radians(sprite.angle)  # sprite.width and height are before its turn
        w = abs(sprite.width * math.cos(turn)) + abs(sprite.height * math.sin(turn))
        hh = abs(sprite.width * math.sin(turn)) + abs(sprite.height * math.cos(turn))
        ring = min(rings, key=lambda r: abs((r[0] + r[2]) / 2 - x) + abs((r[1] + r[3]) / 2 - y))
        where = (tile, (x, y), ring)
        assert abs((ring[0] + ring[2]) / 2 - x) <= 2 and abs((ring[1] + ring[3]) / 2 - y) <= 2, (
            where
        )
        assert 0 <= ring[2] - ring[0] - w <= 10 and 0 <= ring[3] - ring[1] - hh <= 10, where
    return found


def test_on_a_short_table_the_coachs_words_page_and_a_tap_on_the_box_turns_them(
    tmp_path: Path,
) -> None:
    """At 800x480 in Portuguese the first step's words do not fit the band over the board
    whole: they show a page at a time, the head saying which; a tap on the box shows the
    next page (and does nothing on the table: the tile picked stays picked); the wheel
    over it goes back."""
    shell = _open_lesson(tmp_path, "all_fives", "pt")
    h.send("on_resize", 800, 480)
    try:
        h.frames(1, 0.0)
        view = shell.current
        assert _wait_for_the_learner(shell)
        h.draw()
        coach = h.coach(view)
        pages = len(coach._pages)
        assert pages > 1, coach.texts()
        assert f"· {coach.page + 1}/{pages} ▸" in coach._texts[0].text
        tile = view.match.ruleset.parse_action(view.state, _step(view).expect).tile
        h.click(*view.tray.slots[tile])
        assert view.preview.selected == tile
        first = coach.page
        h.click(*coach.box.centre)
        assert coach.page == (first + 1) % pages
        assert view.preview.selected == tile  # the tap was the box's, not the table's
        h.send("on_mouse_scroll", *coach.box.centre, 0, 1)
        assert coach.page == first
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)


def _step(view: object) -> Step:
    """The lesson's step now (one is: the learner is to move)."""
    step = h.tutoring(view).lesson.step
    assert step is not None
    return step
