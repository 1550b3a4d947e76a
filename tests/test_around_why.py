"""Longana's branches on the board, and every refused tap says why (issue 16.7).

The open marker stands beside a branch's end, never on the number to match;
each open branch shows its place in the opening order (L-13) and each branch
its owner. A tap the rules refuse is answered with the rules' own reason.
"""

from __future__ import annotations

from pathlib import Path

import arcade
import around_helpers as h
import pytest
from table_matches import longana_two_sevens

from game.i18n import set_language
from game.match import Match
from game.rules import Action, IllegalAction, Kind, TrainsState
from game.rules.tiles import Tile
from game.ui.art.textures import HALF
from game.ui.board.geometry import Rect
from game.ui.words.wording import refusal


def _longana(tmp_path: Path):
    match = longana_two_sevens()
    shell = h.make_shell(tmp_path)
    shell.begin(match)
    h.frames(1)
    h.draw()
    return shell, shell.table


def _screen(view, x: float, y: float) -> tuple[float, float]:
    sx, sy = view.camera.project((x * HALF, y * HALF))
    return float(sx), float(sy)


def test_l11_l13_open_markers_stand_beside_the_end_with_their_order_and_owner(
    tmp_path: Path,
) -> None:
    shell, view = _longana(tmp_path)
    state = view.state
    assert state.open_order == (2, 1, 4)
    labels = {label.key: label for label in view.layout.labels}
    for seat in range(1, 5):
        key = f"branch {seat}"
        assert view.labels.texts.get(key) == ("You" if seat == 1 else f"Seat {seat}"), key
        if seat in state.open_order:
            assert view.labels.texts.get(f"{key} order") == str(state.open_order.index(seat) + 1)
            mx, my = labels[key].marker
            mark = Rect(mx - 0.4, my - 0.4, mx + 0.4, my + 0.4)
            branch = state.branches[seat - 1]
            if branch:
                last = next(p for p in view.layout.tiles if p.tile == branch[-1][0])
                hx, hy, number = last.halves()[1]
                assert number == state.ends[seat - 1]
                half = Rect(hx - 0.5, hy - 0.5, hx + 0.5, hy + 0.5)
                assert not mark.overlaps(half), f"{key}'s marker covers the {number} to match"
            for placed in view.layout.tiles:  # the opening double's numbers included
                assert not mark.overlaps(placed.rect()), f"{key}'s marker lies on {placed.tile}"
        else:
            assert not view.labels.texts.get(f"{key} order")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (720, 1280)])
def test_l11_l13_a_branch_s_owner_and_order_cover_no_tile_and_not_each_other(
    tmp_path: Path, size: tuple[int, int]
) -> None:
    """Issue 16 (left over, from the screenshots): a name ran under its branch's last tile
    and an order number over its owner's name. Each goes on the first free side of its
    marker: no word covers a tile, and no two words meet."""
    shell, view = _longana(tmp_path)
    h.send("on_resize", *size)
    h.frames(1, 0.0)
    view.settle()
    h.draw()
    shown = {k: r for k, r in view.labels.texts.shown().items() if k.startswith("branch")}
    assert {f"branch {s} order" for s in view.state.open_order} <= set(shown)
    tiles = [r for r in view.parts.words.sprite_rects()[: len(view.scene.tiles)]]
    boxes = list(shown.items())
    for i, (key, r) in enumerate(boxes):
        assert not [t for t in tiles if r.overlaps(t)], f"{key} lies on a tile"
        for other, q in boxes[i + 1 :]:
            assert not r.overlaps(q), f"{key} and {other} meet"


def test_l12_a_tap_on_a_matching_end_the_rules_forbid_says_why(tmp_path: Path) -> None:
    """A tap on a branch's end that matches the tile picked but that the rules forbid: the
    table says why, on the table, and the tile stays picked (that the reason is the rules'
    own, naming the branch opened first, is the controller's:
    tests/test_controller_words.py)."""
    shell, view = _longana(tmp_path)
    tile = Tile(9, 7)
    h.click(*view.tray.slots[tile])
    assert view.preview.selected == tile
    played = len(view.match.actions)
    end = view.layout.ends["branch 4"].peek(tile)
    h.click(*_screen(view, end.x, end.y))
    assert view.message == view.why_not(tile, "branch 4")
    assert len(view.match.actions) == played and view.preview.selected == tile
    h.draw()
    assert view.texts.get("message").startswith("2 open branches end in 7")


def test_every_game_says_why_a_tile_cannot_go_down(tmp_path: Path) -> None:
    """Block: a tap on a tile that fits no end picks nothing and says why on the table
    (that the reason is the rules' own, for each game, is the controller's:
    tests/test_controller_words.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=2, first=1))
    for _ in range(60):
        h.frames(1)
        view = shell.table
        if view.human_turn() and view.state.line.lead is not None:
            stuck = [t for t in view.state.hands[0] if t not in view.preview.playable()]
            if stuck:
                break
        elif view.human_turn():
            h.play_turn(shell)
    tile = stuck[0]
    h.click(*view.tray.slots[tile])
    assert view.preview.selected is None
    assert view.message == view.why_not(tile)
    h.draw()
    assert view.texts.get("message").startswith(f"{tile} does not match the open")


def test_a_tap_on_a_disabled_button_says_why(tmp_path: Path) -> None:
    """Undo is drawn dimmed before any move; a tap on it says why on the table (that the
    reason is "Nothing to take back" and nothing changes is the controller's:
    tests/test_controller.py)."""
    shell = h.make_shell(tmp_path)
    shell.begin(Match.create("block", 2, seats=["human", "computer:easy"], seed=2, first=1))
    h.frames(1)
    view = shell.table
    undo = next(b for b in view.buttons.buttons if b.key == "undo")
    assert not undo.enabled
    h.press(shell, "undo")
    assert view.message == view.undo_refusal() != ""
    h.draw()
    assert view.texts.get("message") == view.message


def test_l12_a_tile_dropped_on_a_forbidden_end_says_why(tmp_path: Path) -> None:
    """The same refusal for a drag from the hand onto the end as for a tap there, said on
    the table (the reason, the rules' own, is the controller's: tests/test_controller_words.py)."""
    shell, view = _longana(tmp_path)
    tile = Tile(9, 7)
    x0, y0 = view.tray.slots[tile]
    end = view.layout.ends["branch 4"].peek(tile)
    x1, y1 = _screen(view, end.x, end.y)
    played = len(view.match.actions)
    h.send("on_mouse_press", int(x0), int(y0), arcade.MOUSE_BUTTON_LEFT, 0)
    for k in range(1, 6):
        x, y = x0 + (x1 - x0) * k / 5, y0 + (y1 - y0) * k / 5
        h.send("on_mouse_drag", int(x), int(y), 1, 1, arcade.MOUSE_BUTTON_LEFT, 0)
    h.send("on_mouse_release", int(x1), int(y1), arcade.MOUSE_BUTTON_LEFT, 0)
    assert view.message == view.why_not(tile, "branch 4")
    h.draw()
    assert view.texts.get("message").startswith("2 open branches end in 7")
    assert len(view.match.actions) == played
    assert view.preview.chosen != Action(Kind.PLAY, tile, "branch 4")


def _trains(match: Match) -> TrainsState:
    """The Mexican Train match's state, as its family's."""
    state = match.state
    assert isinstance(state, TrainsState)
    return state


def _refusal(match: Match, wanted: str) -> IllegalAction:
    """The rules' refusal of a play by the mover whose English says ``wanted``."""
    state = match.state
    wheres = ["W", "E", "N", "S", *(f"train {n}" for n in range(1, 5)), "train mexican"]
    for t in sorted(state.hands[state.mover - 1]):
        for where in wheres:
            try:
                match.ruleset.apply(state, Action(Kind.PLAY, t, where))
            except IllegalAction as error:
                if wanted in str(error):
                    return error
    raise AssertionError(f"no refusal {wanted!r}")


def test_a_refusal_names_its_place_in_the_players_language() -> None:
    """Issue 15.2: the end or train a refusal names is a fact the screen phrases; the API's
    English sentence is the rules' own, unchanged."""
    block = Match.create("all_fives", 2, seats=["human", "human"], seed=2, first=1)
    block.play(next(a for a in block.legal() if a.kind == "lead"))
    closed = _refusal(block, "The north end")
    assert str(closed) == "The north end is not open"
    trains = Match.create("mexican_train", 2, seats=["human", "human"], seed=1)
    while _trains(trains).engine is None:
        trains.play(trains.legal()[0])
    mover = trains.state.to_move
    misfit = _refusal(trains, "does not fit your train, which ends in")
    try:
        for code, (end, train) in {
            "en": ("The north arm is not open", "does not fit your train, which ends in"),
            "pt": ("Nada está aberto no braço norte", "não cabe no seu trem, que termina em"),
            "id": ("Lengan utara tidak terbuka", "tidak cocok dengan keretamu, yang berakhir"),
            "ar": ("الذراع الشمالي غير مفتوح", "لا تناسب قطارك، الذي ينتهي"),
        }.items():
            set_language(code)
            assert refusal(closed, mover) == end
            assert train in refusal(misfit, mover)
        set_language("en")
        assert f"fit Seat {mover}'s train" in refusal(misfit)  # seen by another: Seat N's
    finally:
        set_language("en")
