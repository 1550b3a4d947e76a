"""The touch recogniser on event streams, one per situation a touchscreen brings about.

Each stream is synthesised as a panel sends it (a contact's begin, its moves a
frame apart, its end; ids as X numbers touches) and classified by the gestures it
gives, consecutive repeats folded ("press drag release" for a drag of any length),
with the sums a table would apply (pinch ratio, turn, pan). The property test at the
end plays random interleavings of fingers and checks that none is ever left down.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.settings import FORMAT, TOUCH_PANELS, Settings
from game.ui.touch.gestures import (
    HOLD,
    PALM,
    STALE,
    Cancel,
    Drag,
    Gesture,
    Hold,
    Phase,
    Press,
    Recogniser,
    Release,
    Transform,
    TransformEnd,
)
from game.ui.touch.panel import PLACES, place

FRAME = 1 / 60
Event = tuple  # ("b"|"m"|"e", id, x, y, t), ("lost",) or ("tick", t)


@dataclass
class Stream:
    """A stream being written: fingers land, move a frame at a time, and lift."""

    events: list[Event] = field(default_factory=list)
    t: float = 0.0
    at: dict[int, tuple[float, float]] = field(default_factory=dict)

    def down(self, touch: int, x: float, y: float) -> Stream:
        self.t += FRAME
        self.at[touch] = (x, y)
        self.events.append(("b", touch, x, y, self.t))
        return self

    def up(self, touch: int) -> Stream:
        self.t += FRAME
        x, y = self.at.pop(touch)
        self.events.append(("e", touch, x, y, self.t))
        return self

    def glide(self, moves: dict[int, Callable[[float], tuple[float, float]]], steps: int = 10):
        """Move the fingers together along paths of ``s`` from 0 to 1, a frame a step."""
        for i in range(1, steps + 1):
            self.t += FRAME
            for touch, path in moves.items():
                x, y = path(i / steps)
                self.at[touch] = (x, y)
                self.events.append(("m", touch, x, y, self.t))
        return self

    def wait(self, seconds: float) -> Stream:
        self.t += seconds
        self.events.append(("tick", self.t))
        return self

    def lose(self) -> Stream:
        self.events.append(("lost",))
        return self

    def drop_end(self, touch: int) -> Stream:
        """The finger lifts, but its end never arrives."""
        self.at.pop(touch)
        return self

    def extra(self, event: Event) -> Stream:
        self.events.append(event)
        return self

    def unknown(self, touch: int) -> Stream:
        """Moves and an end of a finger whose begin never arrived."""
        for i in range(3):
            self.t += FRAME
            self.events.append(("m", touch, 500 + 10 * i, 300, self.t))
        self.events.append(("e", touch, 530, 300, self.t))
        return self


def line(x0: float, y0: float, x1: float, y1: float) -> Callable[[float], tuple[float, float]]:
    return lambda s: (x0 + (x1 - x0) * s, y0 + (y1 - y0) * s)


def arc(cx: float, cy: float, r: float, a0: float, a1: float, r1: float | None = None):
    """A path round ``(cx, cy)`` from ``a0`` to ``a1`` degrees (radius ``r`` to ``r1``)."""
    r1 = r if r1 is None else r1

    def at(s: float) -> tuple[float, float]:
        a, radius = math.radians(a0 + (a1 - a0) * s), r + (r1 - r) * s
        return (cx + radius * math.cos(a), cy + radius * math.sin(a))

    return at


def play(events: list[Event], recogniser: Recogniser | None = None) -> list[Gesture]:
    rec = recogniser if recogniser is not None else Recogniser()
    out: list[Gesture] = []
    for event in events:
        if event[0] == "lost":
            out += rec.lost()
        elif event[0] == "tick":
            out += rec.tick(event[1])
        else:
            kind, touch, x, y, t = event
            handler = {"b": rec.begin, "m": rec.move, "e": rec.end}[kind]
            out += handler(touch, x, y, t)
    return out


NAMES = {
    Press: "press",
    Drag: "drag",
    Release: "release",
    Cancel: "cancel",
    Hold: "hold",
    Transform: "move",
    TransformEnd: "end",
}


def kinds(gestures: list[Gesture]) -> str:
    """The gestures' kinds in order, a run of one kind told once."""
    names: list[str] = []
    for g in gestures:
        name = NAMES[type(g)]
        if not names or names[-1] != name:
            names.append(name)
    return " ".join(names)


def sums(gestures: list[Gesture]) -> tuple[float, float, float, float]:
    """What the transforms add up to: zoom ratio, turn (degrees), pan across, pan up."""
    scale, turn, dx, dy = 1.0, 0.0, 0.0, 0.0
    for g in gestures:
        if isinstance(g, Transform):
            scale, turn, dx, dy = scale * g.scale, turn + g.turn, dx + g.dx, dy + g.dy
    return scale, turn, dx, dy


@dataclass(frozen=True)
class Case:
    stream: Stream
    expected: str
    scale: float = 1.0
    turn: float = 0.0
    pan: tuple[float, float] = (0.0, 0.0)


def _s() -> Stream:
    return Stream()


CASES: dict[str, Case] = {
    "tap": Case(_s().down(1, 300, 200).up(1), "press release"),
    "tap with a tremble": Case(
        _s().down(1, 300, 200).glide({1: line(300, 200, 303, 198)}, 3).up(1),
        "press drag release",
    ),
    "one-finger drag": Case(
        _s().down(1, 300, 200).glide({1: line(300, 200, 500, 260)}).up(1),
        "press drag release",
    ),
    "long press": Case(_s().down(1, 300, 200).wait(HOLD + 0.1).up(1), "press hold release"),
    "long press with a tremble": Case(
        _s().down(1, 300, 200).glide({1: line(300, 200, 304, 203)}, 4).wait(HOLD).up(1),
        "press drag hold release",
    ),
    "a press that moved is no long press": Case(
        _s().down(1, 300, 200).glide({1: line(300, 200, 360, 200)}).wait(2 * HOLD).up(1),
        "press drag release",
    ),
    "too short for a long press": Case(
        _s().down(1, 300, 200).wait(HOLD / 2).up(1), "press release"
    ),
    "a long press told once": Case(
        _s().down(1, 300, 200).wait(HOLD).wait(HOLD).wait(HOLD).up(1), "press hold release"
    ),
    "long press, then the tile dragged": Case(
        _s().down(1, 300, 200).wait(HOLD).glide({1: line(300, 200, 600, 400)}).up(1),
        "press hold drag release",
    ),
    "two taps, one finger after the other": Case(
        _s().down(1, 300, 200).up(1).down(2, 500, 200).up(2), "press release press release"
    ),
    "pinch out": Case(
        _s()
        .down(1, 400, 300)
        .down(2, 500, 300)
        .glide({1: line(400, 300, 350, 300), 2: line(500, 300, 550, 300)})
        .up(1)
        .up(2),
        "press cancel move end",
        scale=2.0,
    ),
    "pinch in": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 500, 300)
        .glide({1: line(300, 300, 350, 300), 2: line(500, 300, 450, 300)})
        .up(2)
        .up(1),
        "press cancel move end",
        scale=0.5,
    ),
    "pinch out, upright": Case(
        _s()
        .down(1, 400, 250)
        .down(2, 400, 350)
        .glide({1: line(400, 250, 400, 200), 2: line(400, 350, 400, 400)})
        .up(1)
        .up(2),
        "press cancel move end",
        scale=2.0,
    ),
    "pinch with one finger still": Case(
        _s().down(1, 300, 300).down(2, 400, 300).glide({2: line(400, 300, 600, 300)}).up(2).up(1),
        "press cancel move end",
        scale=3.0,
        pan=(100.0, 0.0),
    ),
    "two-finger pan": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 400, 300)
        .glide({1: line(300, 300, 400, 350), 2: line(400, 300, 500, 350)})
        .up(1)
        .up(2),
        "press cancel move end",
        pan=(100.0, 50.0),
    ),
    "rotate a quarter, counter-clockwise": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 500, 300)
        .glide({1: arc(400, 300, 100, 180, 270), 2: arc(400, 300, 100, 0, 90)})
        .up(1)
        .up(2),
        "press cancel move end",
        turn=90.0,
    ),
    "rotate an eighth, clockwise": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 500, 300)
        .glide({1: arc(400, 300, 100, 180, 135), 2: arc(400, 300, 100, 0, -45)})
        .up(1)
        .up(2),
        "press cancel move end",
        turn=-45.0,
    ),
    "rotate past a half turn": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 500, 300)
        .glide({1: arc(400, 300, 100, 180, 380), 2: arc(400, 300, 100, 0, 200)}, 40)
        .up(1)
        .up(2),
        "press cancel move end",
        turn=200.0,
    ),
    "pinch and turn at once": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 500, 300)
        .glide({1: arc(400, 300, 100, 180, 210, 150), 2: arc(400, 300, 100, 0, 30, 150)})
        .up(1)
        .up(2),
        "press cancel move end",
        scale=1.5,
        turn=30.0,
    ),
    "two fingers tap together": Case(
        _s().down(1, 300, 300).down(2, 400, 300).up(1).up(2), "press cancel end"
    ),
    "a tap during a drag": Case(
        _s()
        .down(1, 300, 300)
        .glide({1: line(300, 300, 400, 300)})
        .down(2, 600, 400)
        .up(2)
        .glide({1: line(400, 300, 500, 300)})
        .up(1),
        "press drag cancel move end",
        pan=(100.0, 0.0),
    ),
    "a second finger rests during a press": Case(
        _s().down(1, 300, 300).down(2, 600, 300).wait(HOLD).up(2).up(1), "press cancel end"
    ),
    "a third finger joins nobody": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 400, 300)
        .down(3, 700, 100)
        .glide({3: line(700, 100, 100, 500)})
        .glide({1: line(300, 300, 250, 300), 2: line(400, 300, 450, 300)})
        .up(3)
        .up(1)
        .up(2),
        "press cancel move end",
        scale=2.0,
    ),
    "a third finger takes a lifted one's place": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 400, 300)
        .down(3, 500, 300)
        .up(1)
        .glide({3: line(500, 300, 600, 300)})
        .up(2)
        .up(3),
        "press cancel move end",
        scale=2.0,
        pan=(50.0, 0.0),
    ),
    "a palm": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 320, 310)
        .down(3, 340, 290)
        .down(4, 330, 330)
        .glide({1: line(300, 300, 500, 300), 4: line(330, 330, 530, 330)})
        .up(1)
        .up(2)
        .up(3)
        .up(4),
        "press cancel end",
    ),
    "a palm, then a tap": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 320, 310)
        .down(3, 340, 290)
        .down(4, 330, 330)
        .up(4)
        .up(3)
        .up(2)
        .up(1)
        .down(2, 600, 300)
        .up(2),
        "press cancel end press release",
    ),
    "a lifted finger's id reused": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 400, 300)
        .glide({1: line(300, 300, 250, 300)})
        .up(1)
        .down(1, 250, 300)
        .glide({1: line(250, 300, 350, 300)})
        .up(1)
        .up(2),
        "press cancel move end",
        scale=1.5 * (50 / 150),
        pan=(-25.0 + 50.0, 0.0),
    ),
    "an id reused after its end was lost": Case(
        _s().down(1, 300, 300).drop_end(1).down(1, 600, 300).up(1),
        "press cancel press release",
    ),
    "a pinch's id reused after its end was lost": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 400, 300)
        .glide({2: line(400, 300, 500, 300)})
        .drop_end(2)
        .down(2, 700, 300)
        .glide({1: line(300, 300, 200, 300)})
        .up(1)
        .up(2),
        "press cancel move end press release",
        scale=2.0,
        pan=(50.0, 0.0),
    ),
    "events lost mid-pinch": Case(
        _s()
        .down(1, 300, 300)
        .down(2, 400, 300)
        .glide({2: line(400, 300, 500, 300)})
        .lose()
        .glide({1: line(300, 300, 100, 300), 2: line(500, 300, 700, 300)})
        .up(1)
        .up(2)
        .down(3, 300, 300)
        .up(3),
        "press cancel move end press release",
        scale=2.0,
        pan=(50.0, 0.0),
    ),
    "events lost mid-press": Case(
        _s().down(1, 300, 300).glide({1: line(300, 300, 350, 300)}).lose().up(1),
        "press drag cancel",
    ),
    "a second finger's begin lost": Case(
        _s().down(1, 300, 300).unknown(7).glide({1: line(300, 300, 400, 300)}).up(1),
        "press drag release",
    ),
    "an end lost and the finger gone for good": Case(
        _s().down(1, 300, 300).drop_end(1).wait(STALE + 1).down(2, 500, 300).up(2),
        "press hold cancel press release",
    ),
    "an end for no contact": Case(
        _s().extra(("e", 5, 300, 300, 0.1)).down(1, 300, 300).up(1), "press release"
    ),
    "an end told twice": Case(
        _s().down(1, 300, 300).up(1).extra(("e", 1, 300, 300, 0.2)), "press release"
    ),
    "fingers landing on one point, then spread": Case(
        _s()
        .down(1, 400, 300)
        .down(2, 400, 300)
        .glide({2: line(400, 300, 500, 300)})
        .glide({1: line(400, 300, 300, 300)})
        .up(1)
        .up(2),
        "press cancel move end",
        scale=10.0 * 2.0,  # a spread of nothing has no ratio: it counts from the first spread
    ),
}


def test_there_are_thirty_streams_or_more() -> None:
    assert len(CASES) >= 30


@pytest.mark.parametrize("name", list(CASES))
def test_stream_is_classified(name: str) -> None:
    case = CASES[name]
    rec = Recogniser()
    gestures = play(case.stream.events, rec)
    assert kinds(gestures) == case.expected
    scale, turn, dx, dy = sums(gestures)
    assert scale == pytest.approx(case.scale, rel=1e-6)
    assert turn == pytest.approx(case.turn, abs=1e-6)
    assert (dx, dy) == pytest.approx(case.pan, abs=1e-6)
    assert rec.phase is Phase.IDLE and rec.down == 0  # nothing left down afterwards


def test_a_transform_keeps_the_points_under_the_fingers() -> None:
    """Pan, then zoom and turn about the new midpoint: where a finger was goes where it is."""
    rec = Recogniser()
    rec.begin(1, 300, 300, 0.0)
    rec.begin(2, 500, 300, 0.01)
    (g,) = rec.move(2, 520, 420, 0.02)
    assert isinstance(g, Transform)
    for before, after in (((300, 300), (300, 300)), ((500, 300), (520, 420))):
        x, y = before[0] + g.dx - g.x, before[1] + g.dy - g.y
        a = math.radians(g.turn)
        x, y = x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a)
        assert (g.x + x * g.scale, g.y + y * g.scale) == pytest.approx(after)


def test_a_long_press_is_told_by_the_clock_alone() -> None:
    rec = Recogniser()
    assert rec.begin(1, 10, 10, 5.0) == [Press(10, 10)]
    assert rec.tick(5.0 + HOLD / 2) == []
    assert rec.tick(5.0 + HOLD) == [Hold(10, 10)]


def test_a_palm_is_palm_contacts() -> None:
    rec = Recogniser()
    for touch in range(PALM - 1):
        rec.begin(touch, 100 + touch, 100, 0.0)
    assert rec.phase is Phase.MOVE
    rec.begin(PALM, 100, 100, 0.0)
    assert rec.phase is Phase.SPENT


# -- random interleavings -------------------------------------------------------------


@st.composite
def interleavings(draw: st.DrawFn) -> list[Event]:
    """Fingers (ids reused once lifted) each landing, moving and lifting, interleaved at
    random; times rise by up to a second a step, so long presses and stale contacts come."""
    fingers = draw(st.integers(1, 7))
    plans: list[list[tuple[str, float, float]]] = []
    for _ in range(fingers):
        moves = draw(st.integers(0, 6))
        points = draw(
            st.lists(
                st.tuples(st.floats(0, 1920), st.floats(0, 1080)),
                min_size=moves + 2,
                max_size=moves + 2,
            )
        )
        kinds_ = ["b"] + ["m"] * moves + ["e"]
        plans.append([(k, x, y) for k, (x, y) in zip(kinds_, points, strict=True)])
    order = draw(st.permutations([i for i, plan in enumerate(plans) for _ in plan]))
    ids = draw(st.lists(st.integers(0, 3), min_size=fingers, max_size=fingers))
    events: list[Event] = []
    t, step = 0.0, [0] * fingers
    live: dict[int, int] = {}  # an id down, by the finger holding it
    for finger in order:
        kind, x, y = plans[finger][step[finger]]
        step[finger] += 1
        t += draw(st.sampled_from([0.0, 0.01, 0.3, 1.0]))
        if kind == "b":  # the panel gives the finger an id no finger down holds
            touch = ids[finger]
            while touch in live.values():
                touch += 1
            live[finger] = touch
        events.append((kind, live[finger], x, y, t))
        if kind == "e":
            del live[finger]
    return events


def _check_grammar(gestures: list[Gesture]) -> None:
    """A press is followed by drags and a long press, then one release or cancel; moves of
    the table come only while no press is open."""
    pressed = False
    for g in gestures:
        if isinstance(g, Press):
            assert not pressed
            pressed = True
        elif isinstance(g, Drag | Hold):
            assert pressed
        elif isinstance(g, Release | Cancel):
            assert pressed
            pressed = False
        else:
            assert not pressed
    assert not pressed


@settings(max_examples=300, deadline=None)
@given(interleavings())
def test_no_contact_is_left_down(events: list[Event]) -> None:
    rec = Recogniser()
    gestures = play(events, rec)
    _check_grammar(gestures)
    assert rec.down == 0 and rec.phase is Phase.IDLE


@settings(max_examples=300, deadline=None)
@given(interleavings(), st.data())
def test_no_contact_is_left_down_when_events_are_lost(events: list[Event], data) -> None:
    """Any events lost (begins, moves, ends): once the reader says so, nothing is down, and
    the next finger taps as ever."""
    kept = [e for e in events if data.draw(st.booleans(), label=f"keep {e}")]
    rec = Recogniser()
    gestures = play(kept, rec) + rec.lost()
    _check_grammar(gestures)
    assert rec.down == 0 and rec.phase is Phase.IDLE
    assert rec.begin(9, 1, 1, 1e6) + rec.end(9, 1, 1, 1e6) == [Press(1, 1), Release(1, 1)]


# -- the panel's mounting -----------------------------------------------------------------


def test_every_mounting_the_settings_name_puts_the_screen_onto_itself() -> None:
    """Each mounting maps the screen's corners onto its corners (a turn or a mirror, no
    stretch), "as-is" changes nothing, and an unknown name is taken as "as-is"."""
    assert set(PLACES) == set(TOUCH_PANELS)
    corners = {(0.0, 0.0), (1.0, 0.0), (0.0, 1.0), (1.0, 1.0)}
    for panel in TOUCH_PANELS:
        assert {place(panel, u, v) for u, v in corners} == corners
        assert place(panel, 0.5, 0.5) == (0.5, 0.5)
    assert place("as-is", 0.2, 0.7) == (0.2, 0.7) == place("sideways", 0.2, 0.7)
    distinct = {tuple(place(p, u, v) for u, v in sorted(corners)) for p in TOUCH_PANELS}
    assert len(distinct) == len(TOUCH_PANELS)


def test_a_settings_file_with_an_unknown_mounting_keeps_the_default() -> None:
    data = {"format": FORMAT, "touch_panel": "sideways", "sound": False}
    settings, replaced = Settings.read(data)
    assert replaced == ["touch_panel"] and settings.touch_panel == "as-is"
    assert not settings.sound
    settings, replaced = Settings.read({"format": FORMAT, "touch_panel": "turned-left"})
    assert replaced == [] and settings.touch_panel == "turned-left"
