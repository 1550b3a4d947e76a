"""A moment of winning: the winner named in large words, a cue, tiles thrown up that fall,
bounce and fade by themselves; one tap skips it (and presses nothing), Sound off silences the
cue, Celebrations off keeps the tiles still, and the window sleeps again once it is over."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

import arcade
import around_helpers as h

from game.match import Match
from game.rules import create
from game.settings import Settings
from game.ui.motion.shower import MOST, STEPS, Box, Shower
from game.ui.routes import Route
from game.ui.screens.cheer import Cheering
from game.ui.screens.menu import SettingsView
from game.ui.screens.summary import ROUND_STEPS, ROUND_TILES, MatchEndView, RoundSummaryView
from game.ui.table.play import play_table
from game.ui.widgets.kit import Button, Label, ScrollLines, TextField
from game.ui.words import narrate

FRAME = 1 / 60


def _finished(seed: int) -> Match:
    """Block, you against the computer, played by seeded random moves to a short target
    (seed 1: you win; seed 0: Seat 2 does)."""
    match = Match.create("block", 2, seats=["human", "computer"], seed=seed, target=30)
    pick = random.Random(seed)
    while not match.state.over:
        match.play(pick.choice(match.legal()))
    return match


def _shell(tmp_path: Path, sound: bool = False, celebrations: bool = True):
    settings = Settings(
        pace="instant", sound=sound, deal_animation=False, celebrations=celebrations
    )
    shell = h.make_shell(tmp_path, settings=settings)
    shell.animate = True  # as a player has it (the tests' shells keep still otherwise)
    return shell


def _match_end(shell, match: Match) -> MatchEndView:
    shell.table = play_table(shell.services, match, shell.on_table)
    shell.open(Route.ONWARD)
    view = shell.current
    assert isinstance(view, MatchEndView)
    h.frames(1, 0.0)  # built: the tiles thrown
    return view


def _poses(view: Cheering) -> list[tuple[float, float]]:
    assert view.celebration is not None
    return [(p.x, p.y) for p in view.celebration.shower.poses()]


# -- the words ----------------------------------------------------------------------------


def test_the_winner_in_large_words_you_a_seat_partners_or_a_shared_win() -> None:
    two, partners = create("block", players=2), create("block", players=4)
    mexican = create("mexican_train", players=4)
    assert narrate.cheer_line((1,), two, you=1) == "You win!"
    assert narrate.cheer_line((2,), two, you=1) == "Seat 2 wins!"
    assert narrate.cheer_line((2,), two) == "Seat 2 wins!"
    assert narrate.cheer_line((1, 3), partners, you=1) == "You and Seat 3 win!"
    assert narrate.cheer_line((2, 4), partners, you=1) == "Seat 2 and Seat 4 win!"
    assert narrate.cheer_line((1, 3), mexican) == "Seat 1 and Seat 3 share the win!"
    assert narrate.cheer_line((), two) == ""


def test_the_round_winner_named_in_the_games_own_terms() -> None:
    two, cuban = create("block", players=2), create("cuban", players=4)
    won = SimpleNamespace(winners=(1,))
    assert narrate.round_cheer_line(won, two, you=1) == "You take the round!"  # type: ignore[arg-type]
    assert narrate.round_cheer_line(won, two) == "Seat 1 takes the round!"  # type: ignore[arg-type]
    team = SimpleNamespace(winners=(2, 4))
    assert narrate.round_cheer_line(team, cuban) == "Seat 2 and Seat 4 take the hand!"  # type: ignore[arg-type]
    assert narrate.round_cheer_line(SimpleNamespace(winners=()), two) == ""  # type: ignore[arg-type]


# -- the physics ----------------------------------------------------------------------------


def test_the_shower_is_bounded_seeded_falls_to_its_floor_and_ends_by_itself() -> None:
    box = Box(0, 100, 1280, 720)
    a = Shower(500, box, (640, 560), (60, 30), seed=4, label="match")
    b = Shower(500, box, (640, 560), (60, 30), seed=4, label="match")
    assert len(a.bodies) == MOST  # however many were asked for
    start = a.poses()
    highest = 0.0
    for _ in range(STEPS):
        a.step()
        b.step()
        highest = max(highest, *(p.y for p in a.poses()))
        for body in a.bodies:
            for shape in body.shapes:
                bb = shape.bb
                assert bb.bottom >= box.y0 - 8, "a tile fell through the floor"
                assert box.x0 - 8 <= bb.left and bb.right <= box.x1 + 8, "off the screen's side"
    assert a.done and a.opacity == 0.0 and a.poses() == b.poses()
    assert highest > 600, "nothing flew up"
    moved = [abs(p.x - q.x) + abs(p.y - q.y) for p, q in zip(start, a.poses(), strict=True)]
    assert min(moved) > 50  # every tile went up and came down somewhere else
    assert all(p.y < box.y0 + 120 for p in a.poses()), "the tiles did not come down to rest"
    c = Shower(20, box, (640, 560), (60, 30), seed=5, label="match")
    c.run()
    assert c.poses() != a.poses()[:20]


# -- the match end --------------------------------------------------------------------------


def test_the_match_end_shows_you_win_and_throws_tiles_that_move_and_end_by_themselves(
    tmp_path: Path,
) -> None:
    shell = _shell(tmp_path)
    view = _match_end(shell, _finished(1))
    assert "You win!" in view.texts()
    headline = next(w for w in view.widgets if isinstance(w, Label) and w.text == "You win!")
    worded = (Label, Button, TextField, ScrollLines)
    others = [w.size for w in view.widgets if isinstance(w, worded) and w is not headline]
    assert headline.size > max(others), "the winner's name is the largest words on the screen"
    assert view.celebrating and len(view.celebration.shower.bodies) == MOST  # type: ignore[union-attr]
    h.draw()
    assert not view.at_rest(), "the window would sleep through the shower"
    before = _poses(view)
    h.frames(5, FRAME)
    assert _poses(view) != before, "the tiles did not move"
    for _frame in range(STEPS + 1):
        if not view.celebrating:
            break
        h.draw()
        assert not view.at_rest()
        h.frames(1, FRAME)
    assert not view.celebrating and _frame <= STEPS, f"still going after {_frame} frames"
    h.draw()
    assert view.at_rest(), "over: the window sleeps again"
    assert isinstance(shell.current, MatchEndView)  # it ended by itself, nothing pressed


def test_the_name_is_drawn_again_over_a_tile_that_flies_across_it(tmp_path: Path) -> None:
    view = _match_end(_shell(tmp_path), _finished(1))
    headline = next(w for w in view.widgets if getattr(w, "text", "") == "You win!")
    crossed = 0
    while view.celebrating:
        assert view.celebration is not None
        h.draw()
        if view.celebration.covers(headline.rect):
            crossed += 1
            assert [t.text for t in view._over_texts] == ["You win!", "You win!"]  # shadow, name
        h.frames(1, FRAME)
    assert crossed > 0, "no tile flew across the name"


def test_the_tiles_never_lie_over_the_buttons(tmp_path: Path) -> None:
    view = _match_end(_shell(tmp_path), _finished(0))
    assert "Seat 2 wins!" in view.texts()
    top = max(b.rect.y1 for b in view.buttons())
    while view.celebrating:
        assert view.celebration is not None
        for body in view.celebration.shower.bodies:
            for shape in body.shapes:
                assert shape.bb.bottom >= top, "a tile came down on a button"
        h.frames(1, FRAME)


def test_a_tap_on_a_button_skips_the_shower_and_does_not_press_it(tmp_path: Path) -> None:
    shell = _shell(tmp_path)
    match = _finished(1)
    view = _match_end(shell, match)
    again = view.button("again")
    assert again is not None and view.celebrating
    h.click(*again.rect.centre)
    assert shell.current is view and not view.celebrating, "the tap pressed Play again"
    assert shell.table is not None and shell.table.match is match
    h.draw()
    assert view.at_rest()
    h.click(*again.rect.centre)  # now the button is pressed
    assert shell.table.match is not match and not shell.table.match.state.over


def test_a_key_skips_it_and_enter_does_not_press_the_primary_button(tmp_path: Path) -> None:
    shell = _shell(tmp_path)
    match = _finished(1)
    view = _match_end(shell, match)
    h.key(arcade.key.ENTER)
    assert shell.current is view and not view.celebrating
    assert shell.table is not None and shell.table.match is match
    h.key(arcade.key.ENTER)  # nothing focused yet: no new match unseen (issue 50)
    assert shell.current is view and shell.table.match is match
    h.key(arcade.key.TAB)  # the focus on Play again, the first button
    h.key(arcade.key.ENTER)
    assert shell.table.match is not match


def test_a_new_size_ends_the_shower_and_the_same_size_again_does_not(tmp_path: Path) -> None:
    """The window says its size again as a screen shows (that is no reason to stop); a
    window turned or resized is: the tiles were thrown for the old one."""
    view = _match_end(_shell(tmp_path), _finished(1))
    h.send("on_resize", h.WIDTH, h.HEIGHT)
    assert view.celebrating
    try:
        h.send("on_resize", 1024, 600)
        assert not view.celebrating
    finally:
        h.send("on_resize", h.WIDTH, h.HEIGHT)


def test_the_cue_plays_once_with_sound_on_and_never_with_it_off(tmp_path: Path) -> None:
    shell = _shell(tmp_path / "on", sound=True)
    match = _finished(1)
    _match_end(shell, match)
    assert shell.services.sounds.played[-1] == "fanfare"
    heard = len(shell.services.sounds.played)
    h.key(arcade.key.SPACE)  # skipped
    h.press(shell, "log")  # and back: the moment is not had twice
    shell.back()
    h.frames(1, 0.0)
    back = shell.current
    assert isinstance(back, MatchEndView) and back.celebration is None
    assert len(shell.services.sounds.played) == heard
    quiet = _shell(tmp_path / "off", sound=False)
    _match_end(quiet, _finished(1))
    assert quiet.services.sounds.played == []


def test_with_celebrations_off_nothing_is_thrown_but_the_name_and_the_cue_stay(
    tmp_path: Path,
) -> None:
    shell = _shell(tmp_path, sound=True, celebrations=False)
    view = _match_end(shell, _finished(1))
    assert view.celebration is None and "You win!" in view.texts()
    assert shell.services.sounds.played[-1] == "fanfare"  # Sound is the cue's own setting
    h.draw()
    assert view.at_rest()


def test_a_kiosk_cheers_too_unless_its_own_settings_say_celebrations_off(
    tmp_path: Path,
) -> None:
    for celebrations in (True, False):
        settings = Settings(
            pace="instant", sound=False, deal_animation=False, celebrations=celebrations
        )
        kiosk = h.make_shell(tmp_path / str(celebrations), settings=settings, kiosk=True)
        kiosk.animate = True
        view = _match_end(kiosk, _finished(1))
        assert view.celebrating is celebrations and "You win!" in view.texts()


# -- the round summary ----------------------------------------------------------------------


def test_the_round_summary_names_its_winner_with_a_brief_shower_and_a_chime(
    tmp_path: Path,
) -> None:
    shell = _shell(tmp_path, sound=True)
    match = Match.create("block", 2, seats=["human", "computer"], seed=1, target=30)
    pick = random.Random(1)  # you take the first round (Seat 2's: no shower, see below)
    while not match.state.results:
        match.play(pick.choice(match.legal()))
    (winner,) = match.state.results[-1].winners
    shell.begin(match)
    shell.open(Route.SUMMARY)
    view = shell.current
    assert isinstance(view, RoundSummaryView)
    h.frames(1, 0.0)
    said = "You take the round!" if winner == 1 else f"Seat {winner} takes the round!"
    assert said in view.texts()
    assert shell.services.sounds.played[-1] == "chime"
    assert view.celebrating and len(view.celebration.shower.bodies) == ROUND_TILES  # type: ignore[union-attr]
    nxt = view.button("next")
    assert nxt is not None
    h.click(*nxt.rect.centre)  # skips the moment; the next round waits for a second tap
    assert shell.current is view and not view.celebrating
    shell.open(Route.SCORES)
    shell.back()
    h.frames(1, 0.0)
    again = shell.current
    assert isinstance(again, RoundSummaryView) and again.celebration is None
    assert shell.services.sounds.played.count("chime") == 1
    other = _shell(tmp_path / "second")
    other.begin(match)
    other.open(Route.SUMMARY)
    h.frames(1, 0.0)
    brief = other.current
    assert isinstance(brief, RoundSummaryView)
    for _frame in range(ROUND_STEPS + 1):
        if not brief.celebrating:
            break
        h.frames(1, FRAME)
    assert not brief.celebrating and _frame <= ROUND_STEPS


def test_celebrations_are_a_setting_a_tap_turns_off(tmp_path: Path) -> None:
    shell = h.make_shell(tmp_path)
    shell.open(Route.SETTINGS)
    assert isinstance(shell.current, SettingsView)
    assert shell.services.settings.celebrations
    h.press(shell, "celebrations")
    assert not shell.services.settings.celebrations
    assert "Off" in shell.current.texts()
