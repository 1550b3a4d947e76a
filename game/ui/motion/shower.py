"""A winner's shower: tiles burst up from one point, fall, bounce on a floor and lie still.

Pure physics (pymunk, no window), so it is tested alone. The world is in
screen pixels: a walled box (the floor is where the tiles land, above the
buttons, so a tile never lies over one), gravity pulling down, and at most
:data:`MOST` tiles, whatever was asked, so a frame's physics costs the same
on any table. It advances in fixed steps of :data:`STEP` and is over after
``steps`` of them however the frames come; the last :data:`FADE` steps fade
the tiles out, so the screen under them is whole again when it ends. Every
push comes from ``rng(seed, "shower", label)``: the same seed, the same
shower.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import pymunk

from game.rules.seeding import rng

STEP = 1 / 60  # seconds of physics per step, whatever the frame rate
SUBSTEPS = 4  # a step in four: a falling tile sinks at most a few pixels into the floor
WALL = 16.0  # pixels: the walls' thickness, all of it outside the box
STEPS = 210  # steps in a match's shower (3.5 s at 60 frames a second)
FADE = 40  # the last steps fade the tiles out
MOST = 28  # bodies at most: the physics of a frame stays bounded
FALL = 3.2  # gravity, in box heights per second squared: a fall of the box in 0.8 s


class Pose(NamedTuple):
    """Where one tile is: its centre in pixels and its turn in degrees (counter-clockwise)."""

    x: float
    y: float
    angle: float


class Box(NamedTuple):
    """The walls the tiles stay within, in pixels: the floor they land on at ``y0``."""

    x0: float
    y0: float
    x1: float
    y1: float


class Shower:
    """``count`` tiles (at most :data:`MOST`) of ``tile`` = (long, short) pixels, bursting from
    ``origin`` inside ``box``; over after ``steps`` fixed steps."""

    def __init__(
        self,
        count: int,
        box: Box,
        origin: tuple[float, float],
        tile: tuple[float, float],
        seed: int,
        label: object = 0,
        steps: int = STEPS,
        rise: float = 1.0,
    ) -> None:
        """``rise``: how far up the tiles are thrown (1: up and out; near 0, from a name at
        the top of the screen: out to the sides, falling at once)."""
        self.steps_total = max(1, steps)
        self.steps = 0
        self.box = box
        self.tile = tile
        rand = rng(seed, "shower", str(label))
        long, short = tile
        self.space = pymunk.Space()
        height = max(box.y1 - box.y0, 1.0)  # the same flight on any screen's size
        self.space.gravity = (0.0, -FALL * height)
        self.space.damping = 0.85  # air: a flying tile keeps 85% of its speed per second
        self._walls(box)
        self.bodies: list[pymunk.Body] = []
        ox, oy = origin
        for _ in range(max(0, min(count, MOST))):
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, (long, short)))
            body.position = (ox + rand.uniform(-long, long), oy + rand.uniform(-short, short))
            body.angle = rand.uniform(-math.pi, math.pi)
            spread = rand.uniform(-1.0, 1.0)  # left or right of straight up
            speed = height * rand.uniform(0.8, 1.5)  # up to a third of the box high
            body.velocity = (speed * 0.9 * spread, speed * (rise - 0.35 * abs(spread)))
            body.angular_velocity = rand.uniform(-9.0, 9.0)
            shape = pymunk.Poly.create_box(body, (long, short), radius=1.0)
            shape.friction = 0.6
            shape.elasticity = 0.5  # a tile bounces on the floor, a little less each time
            shape.filter = pymunk.ShapeFilter(group=1)  # tiles pass by each other in the air
            self.space.add(body, shape)
            self.bodies.append(body)

    @property
    def done(self) -> bool:
        return self.steps >= self.steps_total

    @property
    def opacity(self) -> float:
        """1 until the fade begins, then down to 0 at the end."""
        left = self.steps_total - self.steps
        fade = min(FADE, self.steps_total)
        return max(0.0, min(1.0, left / fade))

    def step(self) -> None:
        """Advance one fixed step (nothing once it is over)."""
        if self.done:
            return
        for _ in range(SUBSTEPS):
            self.space.step(STEP / SUBSTEPS)
        self.steps += 1

    def run(self) -> None:
        while not self.done:
            self.step()

    def finish(self) -> None:
        """Over at once (a tap skips it)."""
        self.steps = self.steps_total

    def poses(self) -> list[Pose]:
        """Each tile's centre and turn now."""
        return [Pose(b.position.x, b.position.y, math.degrees(b.angle)) for b in self.bodies]

    def _walls(self, box: Box) -> None:
        """A floor and two sides, their inner faces on the box's edges (a thick wall, so
        a fast tile is stopped, not passed through)."""
        x0, y0, x1, y1 = box
        r = WALL / 2
        top = y1 + (y1 - y0)  # high above: a tile may fly off the top and come back down
        sides = (
            ((x0 - r, y0 - r), (x1 + r, y0 - r)),
            ((x0 - r, y0 - r), (x0 - r, top)),
            ((x1 + r, y0 - r), (x1 + r, top)),
        )
        for a, b in sides:
            wall = pymunk.Segment(self.space.static_body, a, b, r)
            wall.elasticity = 0.6
            wall.friction = 0.7
            self.space.add(wall)
