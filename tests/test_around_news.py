"""The table tells what happened (issue 16.5, 16.6), driven by real taps and frames.

The other seats' moves are announced by their panels, with the tile gliding in
from the seat and a click; All Fives shows the count of the open ends at all
times and a "+N" rising from every play that scored, whoever made it.
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest

from game.match import Match
from game.rules import line as ln
from game.ui.art.sound import Sounds
from game.ui.screens.summary import RoundSummaryView
from game.ui.table import rulings
from game.ui.table.view import TableView
from game.ui.words import narrate
from game.ui.words.names import points


def _sounding_shell(tmp_path: Path):
    from game.settings import Settings

    settings = Settings(pace="instant", sound=True, deal_animation=False)
    shell = h.make_shell(tmp_path, settings=settings)
    shell.services.sounds = Sounds(True)  # no audio device in the tests: asked for, not heard
    return shell


def _until_computer_moved(shell, limit: int = 20) -> None:
    before = len(shell.table.match.actions)
    for _ in range(limit):
        h.frames(1)
        if len(shell.table.match.actions) > before:
            return
    raise AssertionError("the computer did not move")


def test_the_other_seats_moves_are_announced_by_their_seat_with_a_glide_and_a_click(
    tmp_path: Path,
) -> None:
    """Seat 2's moves are said on the table by its panel, not only in the log."""
    shell = _sounding_shell(tmp_path)
    shell.begin(Match.create("draw", 2, seats=["human", "computer:easy"], seed=4, first=1))
    h.frames(1)
    view = shell.table
    told = 0
    for _ in range(40):
        if view.state.to_move is None or not isinstance(shell.current, TableView):
            break
        if view.human_turn():
            h.play_turn(shell)
            assert not view.news.showing() or all(
                not line.startswith("Seat 1") for line in view.news.showing()
            )
            continue
        heard = len(shell.services.sounds.played)
        on_table = set(view.scene.sprites)
        _until_computer_moved(shell)
        seat, action, after = view.match.history[-1]
        assert seat == 2
        event = after.log[-1] if after.log else None
        if event is None or event.action != action:
            continue  # the round ended on this move: the summary tells it
        line = narrate.news_line(event, after.log)
        assert view.news.showing() == [line], "Seat 2's move was not said on the table"
        assert line.startswith("Seat 2 ") and (
            "passes" in line or "draws" in line or str(action.tile) in line
        )
        assert (
            len(shell.services.sounds.played) == heard + 1
        )  # every move makes a sound, a pass too
        new = set(view.scene.sprites) - on_table
        if action.tile is not None and new:
            sprite = view.scene.sprites[action.tile]
            panel = view.screen.panels[2].centre
            sx, sy = view.camera.project(sprite.position)
            assert abs(sx - panel[0]) < 2 and abs(sy - panel[1]) < 2, "no glide from Seat 2"
        h.draw()
        assert view.news.texts.get("say2") in (line, *[line[:k] + "…" for k in range(len(line))])
        told += 1
        if told >= 3 and view.human_turn():
            break
    assert told >= 3 and view.human_turn() and view.news.showing()
    h.frames(10, 0.3)  # the human thinks for three seconds: the announcement has gone
    assert not view.news.showing()


def test_a_run_of_draws_is_one_announcement_with_its_count() -> None:
    """ "Seat 2 draws 3 tiles": the run is counted from the round's log."""
    match = Match.create("draw", 2, seed=1, first=1)
    runs: list[tuple[int, str]] = []
    for _ in range(200):
        state = match.state
        if state.over:
            break
        seat, action = state.mover, match.legal()[0]
        match.play(action)
        after = match.state
        if action.kind == "draw" and after.round == state.round:
            runs.append((seat, narrate.news_line(after.log[-1], after.log)))
    assert any(line.endswith("draws 3 tiles") or "draws 4" in line for _, line in runs)
    assert any(line.endswith("draws a tile") for _, line in runs)


def _play_best(shell) -> None:
    """The human plays what scores most, by taps: the tile, its lit place, Confirm."""
    from game.ui.art.textures import HALF

    view = shell.current
    plays = [a for a in view.preview.legal if a.tile is not None]
    if not plays:
        h.play_turn(shell)
        return
    best = max(plays, key=lambda action: rulings.gain(view.ctl, action))
    h.click(*view.tray.slots[best.tile])
    if view.preview.chosen != best:
        placed = view._place(best)
        h.click(*view.camera.project((placed.x * HALF, placed.y * HALF)))
    assert view.preview.chosen == best
    h.press(shell, "confirm")


def test_all_fives_shows_the_open_ends_count_and_every_score_rises(tmp_path: Path) -> None:
    """F-33 / F-35: the count stands on the table at all times; "+N" rises for any seat."""
    shell = h.make_shell(tmp_path)
    seats = ["human", "computer:easy", "computer:easy", "computer:easy"]
    shell.begin(Match.create("all_fives", 4, seats=seats, seed=3, first=1))
    h.frames(1)
    view = shell.table
    risen: set[int] = set()
    counted = 0
    for _ in range(300):
        if not isinstance(shell.current, TableView):
            assert isinstance(shell.current, RoundSummaryView)
            break
        before = len(view.match.actions)
        if view.human_turn():
            _play_best(shell)
        else:
            h.frames(1)
        if len(view.match.actions) == before:
            continue
        h.draw()
        state = view.state
        line = getattr(state, "line", None)
        if line is not None and line.lead is not None:
            count = ln.count(line)
            assert view.news.texts.get("corner") == f"Open ends count {count}"
            counted += 1
        seat, action, after = view.match.history[-1]
        event = after.log[-1] if after.log and after.log[-1].action == action else None
        if event is not None and event.points:
            texts = [r.text for r in view.news.rising]
            assert f"+{points(event.points)}" in texts, "the score did not rise"
            assert any(view.news.texts.get(f"rise{i}") for i in range(len(texts)))
            risen.add(seat)
    assert counted > 5
    assert 1 in risen and risen - {1}, f"scores rose only for {sorted(risen)}"


TABLES = [
    ("block", 2),
    ("draw", 4),
    ("all_fives", 4),
    ("longana", 4),
    ("cuban", 4),
    ("mexican_train", 4),
    ("mexican_train", 10),
]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (720, 1280)])
@pytest.mark.parametrize(("rules", "players"), TABLES, ids=[f"{r}-{p}" for r, p in TABLES])
def test_an_announcement_covers_no_tile_name_panel_or_button(
    tmp_path: Path, rules: str, players: int, size: tuple[int, int]
) -> None:
    """Issue 16 (left over): the boxes of the seats' news covered tiles and train names.
    At every table, played by taps, each box showing on a still table lies on the felt,
    clear of every tile, marker, lit place, name, badge, panel, button and other box; the
    newest always shows (an older one finding no room waits in the log)."""
    shell = h.make_shell(tmp_path)
    seats = ["human"] + ["computer:easy"] * (players - 1)
    shell.begin(Match.create(rules, players, seats=seats, seed=5))
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.table
    checked = 0
    for _ in range(60):
        if view.state.to_move is None or not isinstance(shell.current, TableView):
            break
        if view.human_turn() and view.forced() is None:  # a forced move makes itself
            h.play_turn(shell)
        else:
            h.frames(1)
        if shell.current is not view:
            break  # the round's summary shows: the table (already dealt anew) is not drawn
        view.settle()
        h.draw()
        if not view.news.lines:
            continue
        newest = max(view.news.lines, key=lambda seat: view.news.lines[seat].left)
        assert newest in view.news.placed, "the newest announcement found no free place"
        felt = view.screen.felt
        covered = [*view.parts.words.shown_rects(), *view.screen.panels.values()]
        boxes = list(view.news.placed.values())
        for seat, box in view.news.placed.items():
            assert felt.x0 <= box.x0 and box.x1 <= felt.x1, (seat, box, felt)
            assert felt.y0 <= box.y0 and box.y1 <= felt.y1, (seat, box, felt)
            hit = [r for r in covered + [b for b in boxes if b is not box] if box.overlaps(r)]
            assert not hit, f"Seat {seat}'s news {box} covers {hit[:3]}"
        checked += 1
    assert checked, "no announcement was shown"
