"""A table that explains itself (issue 35, Deliver 5), driven by real pointer events.

The icon tools (−, +, Fit, ↺, ↻) say their names when the pointer rests on
them or a finger taps them, and stand apart from Undo/Redo; the open-end marks
show only where a tile of the player's fits.
"""

from __future__ import annotations

from pathlib import Path

import around_helpers as h
import pytest

from game import i18n
from game.match import Match
from game.ui.board.geometry import Rect
from game.ui.table.tips import SHOW_FOR, TIPS

SIZES = [(1024, 600), (720, 1280), (1280, 720), (1920, 1080)]
VIEW = ["zoom-", "zoom+", "fit", "rot-", "rot+"]


def _table(tmp_path: Path, size: tuple[int, int] = (1280, 720), kiosk: bool = False):
    shell = h.make_shell(tmp_path, kiosk=kiosk)
    shell.begin(Match.create("draw", 2, seats=["human", "computer"], seed=4, first=1))
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view = shell.table
    assert view is not None and view.human_turn()
    return view


def _button(view, key: str):
    return next(b for b in view.buttons.buttons if b.key == key)


def _settle(view) -> None:
    """Frames until the table would draw nothing new (the opening's news gone)."""
    for _ in range(40):
        if view.at_rest():
            return
        h.frames(1, 1.0)
    raise AssertionError("the table never came to rest")


def test_resting_on_an_icon_tool_names_it_under_the_bar(tmp_path: Path) -> None:
    view = _table(tmp_path)
    width, height = view.window.get_size()
    names = {
        "zoom-": "Zoom out",
        "zoom+": "Zoom in",
        "fit": "Fit the board",
        "rot-": "Turn the table left",
        "rot+": "Turn the table right",
    }
    assert set(TIPS) == set(names)
    for key, words in names.items():
        b = _button(view, key)
        h.send("on_mouse_motion", *map(int, b.rect.centre), 0, 0)
        assert view.tips.key == key and view.tips.text() == words
        h.draw()
        box = view.tips.box
        assert box.width > 0 and box.y1 <= b.rect.y0  # under its tool, not over it
        assert box.x0 >= 0 and box.x1 <= width and box.y0 >= 0 and box.y1 <= height
        assert box.x0 <= b.rect.centre[0] <= box.x1 or box.x1 >= width - 8
        for other in view.buttons.buttons:
            assert not box.overlaps(other.rect), (key, other.key)
    undo = _button(view, "undo")
    h.send("on_mouse_motion", *map(int, undo.rect.centre), 0, 0)
    assert view.tips.key == ""  # Undo's word says what it does: no name under it
    x, y = view.screen.table.centre
    h.send("on_mouse_motion", int(x), int(y), 0, 0)
    h.draw()
    assert view.tips.key == "" and view.tips.box == Rect(0, 0, 0, 0)


def test_a_tap_names_the_tool_for_a_moment_and_the_table_rests_after(tmp_path: Path) -> None:
    """A finger has no hover: the tap names the tool, the name goes by itself, and while it
    shows the window keeps drawing (the table is not at rest)."""
    view = _table(tmp_path)
    _settle(view)
    turn = view.turn
    h.click(*_button(view, "rot+").rect.centre)
    assert view.turn == (turn + 1) % 4  # the tool did its work too
    assert view.tips.key == "rot+" and view.tips.text() == "Turn the table right"
    x, y = view.screen.table.centre
    h.send("on_mouse_motion", int(x), int(y), 0, 0)  # the finger lifted off elsewhere
    assert view.tips.key == "rot+"
    assert not view.at_rest()
    h.frames(1, SHOW_FOR / 2)
    assert view.tips.key == "rot+" and not view.at_rest()
    _settle(view)
    assert view.tips.key == ""


def test_the_tools_names_are_translated(tmp_path: Path) -> None:
    view = _table(tmp_path)
    try:
        for code in ("pt", "id", "ar"):
            i18n.set_language(code)
            for key in VIEW:
                view.tips.tapped(key)
                assert view.tips.text() and view.tips.text() != TIPS[key], (code, key)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("kiosk", [False, True])
@pytest.mark.parametrize("size", SIZES)
def test_the_view_tools_stand_apart_from_undo(
    tmp_path: Path, size: tuple[int, int], kiosk: bool
) -> None:
    """The gap between ↻ and Undo is wider than any gap inside either group (the view's
    tools read as one group, the game's as another), at every size, kiosk too."""
    view = _table(tmp_path, size, kiosk)
    buttons = {b.key: b.rect for b in view.buttons.buttons}
    keys = [k for k in [*VIEW, "undo", "redo"] if k in buttons]
    assert keys == [*VIEW, "undo", "redo"]

    def gap(a: str, b: str) -> float:
        ra, rb = buttons[a], buttons[b]
        return max(rb.x0 - ra.x1, ra.x0 - rb.x1)  # either reading direction

    inside = [gap(a, b) for a, b in zip(keys, keys[1:], strict=False) if (a, b) != ("rot+", "undo")]
    assert gap("rot+", "undo") >= 2 * max(inside)


# -- the open ends' marks -------------------------------------------------------------


def _ends(view) -> set[str]:
    return {where for _, where in view.scene.ends}


def _fit_now(view) -> set[str]:
    """The ends some tile in the player's hand fits, by the rules (nothing of the view's)."""
    return {
        a.where or a.kind for a in view.match.legal() if a.tile is not None and a.kind != "draw"
    }


def _lit_pixel(view, sprite) -> bool:
    """Whether the felt shows something else at ``sprite``'s centre (it is drawn)."""
    import arcade

    from game.ui.theme import FELT

    view.settle()
    view.on_draw()
    x, y = view.camera.project(sprite.position)
    pixel = arcade.get_image(int(x), int(y), 1, 1).getpixel((0, 0))
    assert isinstance(pixel, tuple)
    rgb = pixel[:3]
    return sum(abs(a - b) for a, b in zip(rgb, FELT[:3], strict=True)) > 30


def test_the_ends_a_hand_tile_fits_are_marked_and_a_selected_tile_shows_only_its_own(
    tmp_path: Path,
) -> None:
    """Block, a few turns by taps: with nothing selected, exactly the ends some tile of the
    hand fits are marked (drawn on the felt); a tapped tile shows only its own places;
    a tap on the felt puts the ends back; with nothing that fits, no mark at all; and no
    mark is left round the tile just played."""
    checked_fit = checked_none = 0
    for seed in range(7, 40):  # rounds until one had a turn with nothing to play
        fit, none = _check_a_round(tmp_path / str(seed), seed)
        checked_fit, checked_none = checked_fit + fit, checked_none + none
        if checked_none and checked_fit >= 2:
            break
    assert checked_fit >= 2 and checked_none >= 1


def _check_a_round(folder: Path, seed: int) -> tuple[int, int]:
    from game.ui.art.textures import HALF

    folder.mkdir()
    shell = h.make_shell(folder)
    shell.begin(Match.create("block", 2, seats=["human", "computer"], seed=seed, first=1))
    h.frames(1, 0.0)
    view = shell.table
    assert view is not None
    checked_fit = checked_none = 0
    first = view.state.round
    for _ in range(60):
        if shell.current is not view or view.state.round != first:
            break  # the round is over (its summary, or the next one's deal)
        if not view.human_turn():
            h.frames(1)
            continue
        fit = _fit_now(view)
        assert _ends(view) == fit
        if not fit:
            checked_none += 1
            assert not view.scene.ends and not view.scene.slots
        else:
            checked_fit += 1
            sprite, _ = view.scene.ends[0]
            assert _lit_pixel(view, sprite)
            tile = sorted(view.preview.playable())[0]
            h.click(*view.tray.slots[tile])
            assert view.preview.selected == tile or view.preview.chosen is not None
            assert not view.scene.ends  # the selected tile's own places only
            own = {a.where for a in view.match.legal() if a.tile == tile}
            assert {a.where for _, a, _ in view.scene.slots} <= own
            felt = view.screen.table
            h.click(felt.x0 + 12, felt.y0 + 12)  # a tap on the bare felt: nothing selected
            assert view.preview.selected is None and view.human_turn()
            assert _ends(view) == fit
        h.play_turn(shell)
        played = view.own_last_tile()
        if played is not None:
            r = next(p for p in view.layout.tiles if p.tile == played).rect().grown(-0.2)
            for sprite, _ in view.scene.ends:  # none sits on (round) the tile just played
                x, y = sprite.position[0] / HALF, sprite.position[1] / HALF
                assert not (r.x0 <= x <= r.x1 and r.y0 <= y <= r.y1)
    return checked_fit, checked_none


@pytest.mark.parametrize("name", ["block", "all_fives"])
def test_a_lessons_lit_ends_are_where_a_tile_fits_and_none_stays_round_the_tile_played(
    tmp_path: Path, name: str
) -> None:
    """The coach's yellow boxes: round a step's end only while a tile of the hand fits it
    (the selected tile, once one is tapped); after the move, none round the tile played."""
    from test_around_learn import _open_lesson, _wait_for_the_learner

    from game.ui.table.coach import _project

    shell = _open_lesson(tmp_path, name)
    view = shell.current
    looked = 0
    while _wait_for_the_learner(shell):
        step = h.tutoring(view).lesson.step
        assert step is not None
        h.draw()
        fits = {where for where, _ in view.fitting_ends()}
        ends = [w for w in step.targets if w in view.layout.ends]
        lit = h.coach(view).lit(view)
        for where in ends:  # lit exactly when a tile fits there
            box = _project(view, view.layout.ends[where].peek_rect().grown(0.1))
            assert (box in lit) == (where in fits), (name, step.number, where)
        action = view.match.ruleset.parse_action(view.state, step.expect)
        if action.tile is not None and ends:
            others = [t for t in sorted(view.preview.playable()) if t != action.tile]
            for tile in [action.tile, *others[:1]]:
                if tile not in view.tray.slots:
                    continue
                h.click(*view.tray.slots[tile])  # a tile tapped: only the ends it fits light
                mine = {a.where for a in view.match.legal() if a.tile == tile}
                h.draw()
                lit = h.coach(view).lit(view)
                for where in ends:
                    box = _project(view, view.layout.ends[where].peek_rect().grown(0.1))
                    assert (box in lit) == (where in mine), (name, step.number, where, tile)
                if view.preview.selected == tile:
                    h.click(*view.tray.slots[tile])  # tapped again: put back
                looked += 1
        h.tap_move(shell, action)
        if action.tile is not None and isinstance(shell.current, type(view)):
            placed = next((p for p in view.layout.tiles if p.tile == action.tile), None)
            if placed is not None:
                ring = _project(view, placed.rect().grown(0.1))
                assert ring not in h.coach(view).lit(view), (name, step.number)
    assert looked >= 1


# -- the rules' surprises, said on the table -----------------------------------------

ENGINE = "No one had the engine: all drew until it came up"


def test_the_engine_search_is_said_on_the_felt_until_the_player_moves(tmp_path: Path) -> None:
    """MT-05 (issue 35's seed 11): nobody was dealt the engine, so every seat drew until it
    turned up (30 tiles each): the felt says why, over the board, in a line of its own that
    waits over the others' moves and goes with the player's own move."""
    shell = h.make_shell(tmp_path)
    match = Match.create("mexican_train", 2, seats=["human", "computer"], seed=11)
    assert [e.drew for e in match.state.log if e.drew] == [30, 30]
    shell.begin(match)
    h.frames(1, 0.0)
    view = shell.table
    assert view is not None
    for _ in range(40):
        h.draw()
        assert view.news.placed_rule is not None
        box, lines, _size = view.news.placed_rule
        drawn = [view.news.texts._texts[f"rule{i}"].text for i in range(len(lines))]
        assert " ".join(lines) == ENGINE and all(drawn)  # drawn, not only kept
        assert h.inside(box, view.screen.table)  # on the felt
        message = view.texts._texts.get("message")
        assert message is None or message.text != ENGINE  # said once, on the felt
        if view.human_turn():
            break
        h.frames(1)
    assert view.human_turn()
    h.play_turn(shell)
    h.draw()
    assert view.news.rule == "" and view.news.rule_rect is None  # read: the player moved
    assert not view.news.texts._texts["rule0"].text


def test_a_redeal_and_a_blocked_round_say_why() -> None:
    """C-07 and a blocked round, by the rules' own play: the line that explains each."""
    from game.ui.words import narrate

    said: dict[str, str] = {}
    for seed in (1, 3):
        m = Match.create("cuban", 4, seats=["human"] * 4, seed=seed)
        for _ in range(400):
            if m.state.to_move is None:
                break
            legal = m.legal()
            action = next((a for a in legal if a.kind == "redeal"), legal[0])
            before = m.state
            m.play(action)
            line = narrate.rule_news(before, m.state)
            if action.kind == "redeal":
                said["redeal"] = line
            elif len(m.state.results) > len(before.results):
                said[m.state.results[-1].how] = line
            else:
                assert line == "", (action, line)  # an ordinary move says nothing more
    assert said["redeal"].endswith("showed five doubles or more: all tiles are dealt again")
    assert said["blocked"] == "Blocked: nobody can play, so the round ends"
    assert said.get("out", "") == ""
