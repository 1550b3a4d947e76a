"""Eased movement: anything with ``center_x``, ``center_y`` and ``angle`` glides to a target.

Sprites never jump: when the layout gives a tile a new place, a
:class:`Tween` carries it there over :data:`DURATION` seconds with an
ease-out curve. :class:`Tweens` advances all of them once per frame and
drops those that have arrived. Pure Python (works on any object with the
three attributes), so it is tested without a window.
"""

from __future__ import annotations

from typing import Any

DURATION = 0.2  # seconds: quick enough to keep up, slow enough to follow the eye


def ease_out_cubic(t: float) -> float:
    """Fast start, gentle arrival."""
    t = min(max(t, 0.0), 1.0)
    return 1 - (1 - t) ** 3


def shortest_turn(start: float, end: float) -> float:
    """``end`` moved by whole turns so the rotation from ``start`` is at most half a turn."""
    delta = (end - start + 180) % 360 - 180
    return start + delta


class Tween:
    """One object's glide from where it is now to (x, y, angle, scale)."""

    __slots__ = ("obj", "start", "end", "elapsed", "duration")

    def __init__(
        self,
        obj: Any,
        x: float,
        y: float,
        angle: float | None = None,
        scale: float | None = None,
        duration: float = DURATION,
    ) -> None:
        self.obj = obj
        a0 = obj.angle
        a1 = a0 if angle is None else shortest_turn(a0, angle)
        s0 = _scale_of(obj)
        self.start = (obj.center_x, obj.center_y, a0, s0)
        self.end = (x, y, a1, s0 if scale is None else scale)
        self.elapsed = 0.0
        self.duration = duration

    def step(self, dt: float) -> bool:
        """Advance by ``dt`` seconds; True once the object has arrived."""
        self.elapsed += dt
        k = ease_out_cubic(self.elapsed / self.duration) if self.duration > 0 else 1.0
        x0, y0, a0, s0 = self.start
        x1, y1, a1, s1 = self.end
        self.obj.center_x = x0 + (x1 - x0) * k
        self.obj.center_y = y0 + (y1 - y0) * k
        self.obj.angle = a0 + (a1 - a0) * k
        if s1 != s0:
            _set_scale(self.obj, s0 + (s1 - s0) * k)
        return k >= 1.0


class Tweens:
    """Every glide in progress, keyed by the object moving (a new glide replaces the old)."""

    def __init__(self) -> None:
        self._active: dict[int, Tween] = {}

    def move(
        self,
        obj: Any,
        x: float,
        y: float,
        angle: float | None = None,
        scale: float | None = None,
        duration: float = DURATION,
    ) -> None:
        """Glide ``obj`` to the target, unless it is there or already going there."""
        current = self._active.get(id(obj))
        target = (x, y, angle, scale)
        if current is not None and _same(current.end, target):
            return
        if current is None and _at(obj, target):
            return
        self._active[id(obj)] = Tween(obj, x, y, angle, scale, duration)

    def cancel(self, obj: Any) -> None:
        self._active.pop(id(obj), None)

    def update(self, dt: float) -> None:
        done = [key for key, tween in self._active.items() if tween.step(dt)]
        for key in done:
            del self._active[key]

    def finish(self) -> None:
        """Put everything at its target at once (screenshots, tests)."""
        self.update(1e9)

    def moving(self, obj: Any) -> bool:
        return id(obj) in self._active

    def __len__(self) -> int:
        return len(self._active)


def _scale_of(obj: Any) -> float:
    scale = getattr(obj, "scale", 1.0)  # a point (a name's anchor) has no scale
    return scale[0] if isinstance(scale, tuple) else scale


def _set_scale(obj: Any, value: float) -> None:
    obj.scale = value


def _same(end: tuple[float, float, float, float], target: tuple[Any, ...]) -> bool:
    x, y, angle, scale = target
    ex, ey, ea, es = end
    return (
        abs(ex - x) < 1e-6
        and abs(ey - y) < 1e-6
        and (angle is None or abs((ea - angle) % 360) < 1e-6)
        and (scale is None or abs(es - scale) < 1e-9)
    )


def _at(obj: Any, target: tuple[Any, ...]) -> bool:
    x, y, angle, scale = target
    return (
        abs(obj.center_x - x) < 1e-6
        and abs(obj.center_y - y) < 1e-6
        and (angle is None or abs((obj.angle - angle) % 360) < 1e-6)
        and (scale is None or abs(_scale_of(obj) - scale) < 1e-9)
    )
