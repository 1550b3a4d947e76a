"""The table layout (game/ui/layout*.py): pure geometry, checked over random positions.

For every registered rule set at every seat count, random games are played
and the layout of their positions is checked: no two tiles overlap; every
tile but the first is linked to the tile (or the train hub) it was matched
to, the two touching halves show the same number and share an edge; every
tile sits inside the board, and inside the view once the camera fits the
board, at every quarter turn; a previewed play never lands on a tile.
"""

from __future__ import annotations

import math
import random

import pytest

from game.rules import create, names
from game.rules.presets import load_preset
from game.rules.tiles import Tile
from game.ui.board.branches import SIDES
from game.ui.board.families import parts
from game.ui.board.geometry import EPS, HUB, E, N, Placed, Rect, S, TableLayout, W
from game.ui.board.layout import WIDE, fit, table_layout, to_view
from game.ui.board.snake import Arm, Occupancy, Stuck

UPRIGHT = 9 / 16  # a phone or a kiosk screen held upright
SEEDS = 3
STEPS = 160
EVERY = 3  # check every third position of each game (the layouts of a game build on each other)


def _tables() -> list[tuple[str, int, float]]:
    """Every rule set at every seat count, for a wide view and (some) for an upright one."""
    out: list[tuple[str, int, float]] = []
    for name in names():
        low, high = load_preset(name).seats
        out.extend((name, players, WIDE) for players in range(low, high + 1))
        out.append((name, high, UPRIGHT))
    return out


def _positions(name: str, players: int, seed: int):
    """Positions of a random game, every EVERY-th one, richest tables included."""
    rules = create(name, players=players)
    state = rules.new_match(seed)
    pick = random.Random(seed)
    for step in range(STEPS):
        if state.winner is not None:
            return
        if step % EVERY == 0 or len(rules.placed(state)) > 20:
            yield rules, state
        state = rules.apply(state, pick.choice(rules.legal_actions(state)))


def _shares_edge(a: tuple[float, float], b: tuple[float, float]) -> bool:
    """Two unit squares (by centre) that touch along an edge of positive length."""
    dx, dy = abs(a[0] - b[0]), abs(a[1] - b[1])
    return (abs(dx - 1) < EPS and dy < 1 - EPS) or (abs(dy - 1) < EPS and dx < 1 - EPS)


def _check_no_overlap(lay: TableLayout) -> None:
    rects = [p.rect() for p in lay.tiles]
    for i, a in enumerate(rects):
        for j in range(i + 1, len(rects)):
            assert not a.overlaps(rects[j]), f"{lay.tiles[i]} overlaps {lay.tiles[j]}"
        if lay.hub is not None:
            assert not a.overlaps(lay.hub) or lay.tiles[i].x == 0, f"{lay.tiles[i]} on the hub"


def _check_links(lay: TableLayout) -> None:
    children = [link.child for link in lay.links]
    assert len(children) == len(set(children)), "a tile is linked twice"
    assert len(children) == len(lay.tiles) - 1, "every tile but the first has a parent"
    for link in lay.links:
        child = lay.tiles[link.child]
        inner = [(x, y) for x, y, n in child.halves() if n == link.number]
        assert inner, f"{child.tile} does not show {link.number}"
        if link.parent == HUB:
            hub = lay.hub
            assert hub is not None
            touching = [
                (x, y)
                for x, y in inner
                if (abs(x - 0.5 - hub.x1) < EPS or abs(x + 0.5 - hub.x0) < EPS)
                and hub.y0 <= y <= hub.y1
            ]
            assert touching, f"{child} does not start at the hub"
            continue
        parent = lay.tiles[link.parent]
        outer = [(x, y) for x, y, n in parent.halves() if n == link.number]
        assert outer, f"{parent.tile} does not show {link.number}"
        assert any(_shares_edge(a, b) for a in outer for b in inner), (
            f"{child} is not next to the {link.number} of {parent}"
        )


def _check_fit(lay: TableLayout) -> None:
    board = lay.bounds(1.0)
    for r in (p.rect() for p in lay.tiles):
        assert board.x0 <= r.x0 and r.x1 <= board.x1 and board.y0 <= r.y0 and r.y1 <= board.y1
    for width, height, angle in (
        (1600, 700, 0),
        (700, 1000, 90),
        (1200, 800, 180),
        (900, 900, 270),
    ):
        cx, cy, scale = fit(board, width, height, angle)
        for p in lay.tiles:
            for x, y in p.rect().corners():
                vx, vy = to_view(x, y, (cx, cy), scale, angle)
                assert abs(vx) <= width / 2 + 1e-6 and abs(vy) <= height / 2 + 1e-6


def _check_previews(rules, state, lay: TableLayout) -> None:
    rects = [p.rect() for p in lay.tiles]
    for action in rules.legal_actions(state):
        if action.tile is None:
            continue
        at = lay.place(action.kind, action.where, action.tile)
        assert at is not None, f"no place for {action}"
        if action.kind == "play":
            assert not any(at.rect().overlaps(r) for r in rects), (
                f"the ghost of {action} lands on a tile"
            )
            number = lay.ends[action.where].number
            assert at.first == number or action.tile.is_double, (
                f"{action} previewed the wrong way round"
            )


@pytest.mark.parametrize(("name", "players", "aspect"), _tables())
def test_layout_properties_over_random_positions(name: str, players: int, aspect: float) -> None:
    """No overlap, matching adjacent halves, inside the fitted view, ghosts on free places."""
    checked = 0
    for seed in range(SEEDS):
        for rules, state in _positions(name, players, seed):
            lay = table_layout(state, aspect)
            assert sorted(p.tile for p in lay.tiles) == sorted(rules.placed(state))
            _check_no_overlap(lay)
            if lay.tiles:
                _check_links(lay)
            _check_fit(lay)
            _check_previews(rules, state, lay)
            checked += 1
    assert checked > 20


def test_every_registered_rule_set_has_its_familys_table_layout() -> None:
    """A rule set's state and the rule set find the same table parts (its family's), whose
    layout lays out its first position."""
    for name in names():
        low = load_preset(name).seats[0]
        rules = create(name, players=low)
        state = rules.new_match(1)
        assert parts(state) is parts(rules) is parts(type(rules))
        assert table_layout(state).root is not None


def test_longana_branches_leave_on_the_side_facing_their_owner() -> None:
    """L-07: each branch starts from the side of the opening double that faces its seat."""
    for players in (2, 3, 4):
        for seed in range(4):
            for _rules, state in _positions("longana", players, seed):
                lay = table_layout(state)
                for seat in range(1, players + 1):
                    branch = state.branches[seat - 1]
                    if not branch:
                        continue
                    first = next(p for p in lay.tiles if p.tile == branch[0][0])
                    dx, dy = SIDES[players][seat - 1]
                    assert first.x * dx + first.y * dy > 0.9, f"seat {seat}'s branch leaves wrong"
                    assert abs(first.x * dy) + abs(first.y * dx) < 1.01


def test_line_doubles_lie_crossways_and_the_lead_sits_in_the_middle() -> None:
    """F-20 / C-10: crossways doubles; the lead (or the spinner) is the middle of the table."""
    for name in ("block", "all_fives", "cuban"):
        players = 4
        for seed in range(3):
            for _rules, state in _positions(name, players, seed):
                lay = table_layout(state)
                if not lay.tiles:
                    continue
                centre = lay.tiles[0]
                assert (centre.x, centre.y) == (0, 0)
                for link in lay.links:
                    parent, child = lay.tiles[link.parent], lay.tiles[link.child]
                    if child.tile.is_double:
                        heading = (child.x - parent.x, child.y - parent.y)
                        along = abs(heading[0]) > abs(heading[1])
                        assert along == (child.angle % 180 == 90), f"{child} is not crossways"


def test_mexican_train_labels_every_train_with_its_marker_on_the_hub() -> None:
    """Every train (each seat's and the Mexican) is named, its marker beside it on the hub."""
    for players in (2, 5, 10):
        rules = create("mexican_train", players=players)
        state = rules.new_match(3)
        state = rules.apply(state, rules.legal_actions(state)[0])  # the engine
        lay = table_layout(state)
        keys = {label.key for label in lay.labels}
        assert keys == {f"train {s}" for s in range(1, players + 1)} | {"train mexican"}
        assert lay.hub is not None
        for label in lay.labels:
            assert label.marker is not None
            assert lay.hub.x0 < label.marker[0] < lay.hub.x1
            assert lay.hub.y0 < label.marker[1] < lay.hub.y1


def test_mexican_train_station_stands_empty_before_the_engine() -> None:
    """Before the engine, the round hub is there, its centre where the engine will go."""
    rules = create("mexican_train", players=4)
    state = rules.new_match(3)
    assert state.engine is None
    lay = table_layout(state)
    assert lay.ring is not None and lay.root is not None and not lay.spokes
    assert (lay.root.x, lay.root.y) == lay.ring[:2]
    assert lay.hub is not None and lay.hub.x0 <= -lay.ring[2] and lay.ring[2] <= lay.hub.x1


def _on_segment(a: tuple[float, float], b: tuple[float, float], r: Rect) -> bool:
    """Whether the segment from ``a`` to ``b`` passes through ``r`` (sampled finely)."""
    for k in range(101):
        x, y = a[0] + (b[0] - a[0]) * k / 100, a[1] + (b[1] - a[1]) * k / 100
        if r.x0 < x < r.x1 and r.y0 < y < r.y1:
            return True
    return False


@pytest.mark.parametrize("players", range(2, 11))
def test_mexican_train_trains_leave_a_round_hub_each_by_its_own_spoke(players: int) -> None:
    """Issue 35, deliver 6: the engine at the centre of a round hub, and each train's spoke
    from the rim (at its own angle) to its plate and the train's first tile at the station's
    edge; no spoke's rod crosses a tile or another train's name, no name meets another or a
    tile, over random positions at every seat count."""
    for seed in range(SEEDS):
        for _rules, state in _positions("mexican_train", players, seed):
            if state.engine is None:
                continue
            lay = table_layout(state)
            assert lay.ring is not None and lay.hub is not None
            cx, cy, radius = lay.ring
            engine = next(p for p in lay.tiles if p.tile == state.engine)
            assert (engine.x, engine.y) == (cx, cy), "the engine at the hub's centre"
            labels = {label.key: label for label in lay.labels}
            assert set(lay.spokes) == set(labels)
            tiles = [p.rect() for p in lay.tiles if p is not engine]
            angles = set()
            for key, (rim, elbow, end) in lay.spokes.items():
                assert abs(math.hypot(rim[0] - cx, rim[1] - cy) - radius) < EPS, key
                angles.add(round(math.atan2(rim[1] - cy, rim[0] - cx), 6))
                label = labels[key]
                assert end[1] == label.y == elbow[1]  # the plate runs level, under the name
                assert abs(end[0] - lay.hub.x1) < EPS or abs(end[0] - lay.hub.x0) < EPS
                assert min(elbow[0], end[0]) <= label.rect().x0 and label.rect().x1 <= max(
                    elbow[0], end[0]
                )
                others = [labels[k].rect() for k in labels if k != key]
                for r in tiles + others:
                    assert not _on_segment(rim, elbow, r), f"{key}'s spoke crosses {r}"
            assert len(angles) == len(lay.spokes), "two spokes leave at one angle"
            names_ = [label.rect() for label in lay.labels]
            for i, a in enumerate(names_):
                assert not any(a.overlaps(t) for t in tiles)
                assert not any(a.overlaps(b) for b in names_[i + 1 :])


def test_a_snake_turns_at_the_edge_and_comes_back() -> None:
    """A row reaching the board's edge turns toward its drift side, then back."""
    space = Occupancy()
    arm = Arm(space, (0.0, 0.0), E, E, S, -6.0, 6.0)
    number = 1
    placed: list[Placed] = []
    for k in range(12):
        other = (number + 1 + k) % 7
        t = Tile(max(number, other), min(number, other))
        if t.is_double:
            t = Tile(max(number, 6 - number), min(number, 6 - number))
        placed.append(arm.lay(t, number))
        number = t.other(number)
    xs = [p.rect().x1 for p in placed]
    assert max(xs) <= 6.0 + 2 + EPS  # never far past the edge
    assert any(p.angle == 270 for p in placed)  # it turned down …
    assert any(p.angle == 180 for p in placed)  # … and came back west
    for i, a in enumerate(placed):
        for b in placed[i + 1 :]:
            assert not a.rect().overlaps(b.rect())


def test_a_blocked_arm_raises_stuck() -> None:
    space = Occupancy()
    space.take(Rect(1.0, -5.0, 3.0, 5.0))  # a wall right in front
    arm = Arm(space, (1.0, 0.0), E, E, N, -50, 50)
    with pytest.raises(Stuck):
        arm.lay(Tile(3, 1), 1)


# The upright four-seat Longana position where the ghost of 4-1 on branch 4 landed on
# branch 3's tiles: seat 4's branch (the west one) ran rows only 3.25 units long,
# too short to turn back without crossing into the north branch's quarter.
LONGANA_HANDS = [
    ["7-3", "9-3", "8-6", "7-6", "1-1", "6-6", "8-4", "0-0"],
    ["7-5", "8-3", "8-5", "3-3", "4-1", "5-5", "8-1", "3-1"],
    ["3-2", "7-7", "6-2", "4-2", "8-8", "9-2", "5-3", "1-0"],
    ["2-1", "9-8", "6-4", "7-2", "9-1", "5-1", "2-2", "7-4"],
]
LONGANA_PLAYS = (
    "open 8-8; play 9-8 branch 4; play 8-6 branch 1; play 8-5 branch 2; pass; "
    "play 9-1 branch 4; play 6-6 branch 1; play 8-3 branch 3; play 3-2 branch 3; "
    "play 2-2 branch 3; play 7-6 branch 1; play 5-5 branch 2; play 9-2 branch 3; "
    "play 5-1 branch 4; play 7-3 branch 1; play 3-3 branch 1; pass; pass; "
    "play 9-3 branch 3; play 7-5 branch 4; play 5-3 branch 3; play 7-4 branch 4; pass; "
    "play 3-1 branch 1; play 1-0 branch 1; play 6-4 branch 4; play 0-0 branch 1; "
    "pass; pass; pass; pass; pass; play 6-2 branch 4; play 2-1 branch 4; "
    "play 1-1 branch 4; pass; pass; pass; pass"
)


def _longana_crowded_west():
    from game.rules import parse_action
    from game.rules.tiles import parse_tile, tile_set

    rules = create("longana", players=4)
    dealt = {parse_tile(t) for hand in LONGANA_HANDS for t in hand}
    unused = [str(t) for t in tile_set(9) if t not in dealt]
    state = rules.new_match(0, deals=[{"hands": LONGANA_HANDS, "boneyard": [], "unused": unused}])
    for text in LONGANA_PLAYS.split("; "):
        state = rules.apply(state, parse_action(state, text))
    return rules, state


def test_upright_longana_ghost_after_a_double_at_the_end_of_a_short_row_is_free() -> None:
    """Regression: 4-1 on branch 4 (after 2-1, 1-1 turning back toward the middle).

    The pinwheel's west rows were narrower than a turn needs, so the row
    coming back ran into the north branch and every place for the next tile
    was taken. Rows are now at least ``ROW_MIN`` long, and a layout whose
    open end has no room left grows the board.
    """
    rules, state = _longana_crowded_west()
    assert state.to_move == 2 and [str(a) for a in rules.legal_actions(state)] == [
        "play 4-1 branch 4",
        "play 8-1 branch 4",
    ]
    for aspect in (UPRIGHT, 0.45, 3 / 4, 1.0, WIDE):
        lay = table_layout(state, aspect)
        _check_no_overlap(lay)
        _check_links(lay)
        _check_fit(lay)
        _check_previews(rules, state, lay)
        for arm in lay.ends.values():  # every open end has room for an ordinary tile and a double
            n = arm.number
            assert n is not None  # the layout numbers every open end
            assert arm.fits(Tile(max(n, (n + 1) % 10), min(n, (n + 1) % 10)))


def test_pinwheel_rows_are_long_enough_to_turn_back_short_of_the_middle() -> None:
    """The west branch's rows coming back stay west of x = -1 (the north branch's doubles).

    The chain puts a double after every ordinary tile, the worst case: a
    double lies straight on past where the row would have turned.
    """
    from game.ui.board.branches import INNER, _arm
    from game.ui.board.snake import ROW_MIN

    for grow in (0.45, UPRIGHT, 1.0):
        arm = _arm(Occupancy(), W, 4, grow)
        assert arm.hi - arm.lo >= ROW_MIN - EPS and arm.hi == -INNER
        for n in range(9):
            for t, inner in ((Tile(n + 1, n), n), (Tile(n + 1, n + 1), n + 1)):
                placed = arm.lay(t, inner)
                assert placed.rect().x1 <= -1 + EPS, f"{placed} reaches the north branch"
