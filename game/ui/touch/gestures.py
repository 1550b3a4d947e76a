"""Fingers in, gestures out: the touch recogniser, pure (no window, no X, no clock).

Whatever reads the touches (:mod:`.xinput` on X11, or a test's recorded stream)
tells it each contact's begin, move and end, with the contact's id, its window
point (y up, pixels) and a time in seconds; each call answers with the gestures
that contact completes. Nothing here reads a clock, so a stream replayed gives the
same gestures every time, and a long press is seen when a later event or a
:meth:`Recogniser.tick` brings a time far enough on.

What a stream means:

- **One finger** is the mouse the rest of the game already understands: a
  :class:`Press` where it lands, a :class:`Drag` for each move, a :class:`Release`
  where it lifts (whoever hears them decides what is a tap and what a drag, as for a
  mouse). Held still for :data:`HOLD` seconds it is also a :class:`Hold` (the long
  press), once.
- **A second finger** ends the first one's press without a tap (:class:`Cancel`),
  and the two move the table together: each move is a :class:`Transform`, the
  pan of their midpoint, the ratio of their spread (pinch) and the turn of the line
  between them, about that midpoint. When one of the two lifts, a finger still down
  takes its place (the third, if there is one), and a last lone finger goes on
  panning: a gesture that became two fingers never turns back into a press, so no
  finger left behind taps anything. Its end is a :class:`TransformEnd`.
- **A third finger** joins nobody; **a palm** (``PALM`` contacts down at once) ends
  whatever was under way and everything is ignored until every contact has lifted.
- **Lost events.** A begin for an id that is still down (its end went missing, and
  the id came back), a begin while some contact has not moved for :data:`STALE`
  seconds (a lost end whose id never came back: a finger truly resting that long is
  rarer than a lost event, and a stale contact would make every new finger a pinch
  about it) and :meth:`Recogniser.lost` (the reader knows events were lost)
  end the gesture as a palm does and forget every contact: moves and ends of ids it
  no longer knows are ignored, so nothing is ever left pressed, and the next finger
  to land starts afresh.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

HOLD = 0.6  # seconds a finger rests before its press is a long press
SLOP = 10.0  # pixels a resting finger may wander (the table's tap slop, at scale 1)
PALM = 4  # contacts down at once that are a palm, not fingers
STALE = 10.0  # seconds a contact may rest unmoved before a new finger takes it for lost


@dataclass(frozen=True)
class Press:
    """The one finger down: a left-button press at ``(x, y)``."""

    x: float
    y: float


@dataclass(frozen=True)
class Drag:
    """The pressed finger moved to ``(x, y)`` by ``(dx, dy)``."""

    x: float
    y: float
    dx: float
    dy: float


@dataclass(frozen=True)
class Release:
    """The pressed finger lifted at ``(x, y)``."""

    x: float
    y: float


@dataclass(frozen=True)
class Cancel:
    """The press ends without a release: no tap, no drop (more fingers came, or a palm)."""


@dataclass(frozen=True)
class Hold:
    """The pressed finger has rested at ``(x, y)`` for :data:`HOLD` seconds."""

    x: float
    y: float


@dataclass(frozen=True)
class Transform:
    """Two fingers moved: the midpoint, now ``(x, y)``, went by ``(dx, dy)``; their spread
    grew ``scale`` times; the line between them turned ``turn`` degrees counter-clockwise
    (y up). Zoom and turn are about the midpoint, after the pan."""

    x: float
    y: float
    dx: float
    dy: float
    scale: float
    turn: float


@dataclass(frozen=True)
class TransformEnd:
    """The fingers that moved the table have all lifted (or a palm, or lost events)."""


Gesture = Press | Drag | Release | Cancel | Hold | Transform | TransformEnd


class Phase(Enum):
    IDLE = "idle"  # no contact down
    PRESS = "press"  # one finger, pressed
    MOVE = "move"  # two fingers (or what is left of them) move the table
    SPENT = "spent"  # a palm or lost events: ignored until every contact lifts


@dataclass
class _Contact:
    x: float
    y: float
    t: float  # when it last moved
    x0: float  # where it landed, and when
    y0: float
    t0: float


class Recogniser:
    """The gestures of one touch surface (see the module). ``slop``: how far a long press
    may wander, in the same pixels as the points (the table's scale for touch)."""

    def __init__(self, slop: float = SLOP, hold: float = HOLD) -> None:
        self.slop = slop
        self.hold = hold
        self.phase = Phase.IDLE
        self.contacts: dict[int, _Contact] = {}  # every contact down, by id
        self.pair: list[int] = []  # the ids that move the table (MOVE), or the pressed one
        self._held = False  # the press's long press was told

    @property
    def down(self) -> int:
        """How many contacts are down (the ones the recogniser still knows)."""
        return len(self.contacts)

    # -- the events ----------------------------------------------------------------

    def begin(self, touch: int, x: float, y: float, t: float) -> list[Gesture]:
        out: list[Gesture] = []
        stale = any(t - c.t > STALE for c in self.contacts.values())
        if touch in self.contacts or stale:  # an end was lost (the id came back, or long ago)
            out += self.lost()
        out += self.tick(t)
        self.contacts[touch] = _Contact(x, y, t, x, y, t)
        if len(self.contacts) >= PALM and self.phase is not Phase.SPENT:
            return out + self._stop(Phase.SPENT)
        if self.phase is Phase.IDLE:
            self.phase, self.pair, self._held = Phase.PRESS, [touch], False
            out.append(Press(x, y))
        elif self.phase is Phase.PRESS:
            self.phase = Phase.MOVE
            self.pair.append(touch)
            out.append(Cancel())
        elif self.phase is Phase.MOVE and len(self.pair) < 2:
            self.pair.append(touch)  # a lone panning finger gets a partner again
        return out

    def move(self, touch: int, x: float, y: float, t: float) -> list[Gesture]:
        contact = self.contacts.get(touch)
        if contact is None:  # an id forgotten (lost events) or never seen: ignored
            return self.tick(t)
        out = self.tick(t)
        if (x, y) == (contact.x, contact.y):
            return out
        if touch not in self.pair or self.phase is Phase.SPENT:
            contact.x, contact.y, contact.t = x, y, t
            return out
        if self.phase is Phase.PRESS:
            dx, dy = x - contact.x, y - contact.y
            if math.hypot(x - contact.x0, y - contact.y0) > self.slop:
                self._held = True  # it left where it landed: no long press any more
            contact.x, contact.y, contact.t = x, y, t
            if dx or dy:
                out.append(Drag(x, y, dx, dy))
            return out
        before = self._line()
        contact.x, contact.y, contact.t = x, y, t
        out.append(self._transform(before, self._line()))
        return out

    def end(self, touch: int, x: float, y: float, t: float) -> list[Gesture]:
        out = self.move(touch, x, y, t) if touch in self.contacts else self.tick(t)
        if self.contacts.pop(touch, None) is None:
            return out
        if self.phase is Phase.PRESS:
            self.phase, self.pair = Phase.IDLE, []
            out.append(Release(x, y))
        elif self.phase is Phase.MOVE:
            if touch in self.pair:
                self.pair.remove(touch)
                spare = [c for c in self.contacts if c not in self.pair]
                if spare:  # a finger still down takes the lifted one's place
                    self.pair.append(spare[0])
            if not self.contacts:
                self.phase, self.pair = Phase.IDLE, []
                out.append(TransformEnd())
        elif self.phase is Phase.SPENT and not self.contacts:
            self.phase = Phase.IDLE
        return out

    def lost(self) -> list[Gesture]:
        """Events were lost: end what was under way and forget every contact."""
        out = self._stop(Phase.IDLE)
        self.contacts.clear()
        return out

    def tick(self, t: float) -> list[Gesture]:
        """The time is ``t``: a press resting long enough becomes a long press."""
        if self.phase is not Phase.PRESS or self._held or not self.pair:
            return []
        contact = self.contacts[self.pair[0]]
        if t < contact.t0 + self.hold:
            return []
        self._held = True
        return [Hold(contact.x, contact.y)]

    # -- inside ----------------------------------------------------------------------

    def _stop(self, phase: Phase) -> list[Gesture]:
        """End the gesture under way (its :class:`Cancel` or :class:`TransformEnd`)."""
        out: list[Gesture] = []
        if self.phase is Phase.PRESS:
            out.append(Cancel())
        elif self.phase is Phase.MOVE:
            out.append(TransformEnd())
        self.phase, self.pair = phase, []
        return out

    def _line(self) -> tuple[float, float, float, float]:
        """The pair's midpoint, spread and direction (one finger: its point, no spread)."""
        points = [self.contacts[c] for c in self.pair]
        if len(points) < 2:
            p = points[0]
            return (p.x, p.y, 0.0, 0.0)
        a, b = points[0], points[1]
        mx, my = (a.x + b.x) / 2, (a.y + b.y) / 2
        return (mx, my, math.hypot(b.x - a.x, b.y - a.y), math.atan2(b.y - a.y, b.x - a.x))

    def _transform(
        self, before: tuple[float, float, float, float], after: tuple[float, float, float, float]
    ) -> Transform:
        x0, y0, spread0, angle0 = before
        x1, y1, spread1, angle1 = after
        if spread0 > 0 and spread1 > 0:
            scale = spread1 / spread0
            turn = math.degrees((angle1 - angle0 + math.pi) % (2 * math.pi) - math.pi)
        else:
            scale, turn = 1.0, 0.0
        return Transform(x1, y1, x1 - x0, y1 - y0, scale, turn)
