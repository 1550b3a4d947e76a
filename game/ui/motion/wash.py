"""The wash before a deal: face-down tiles pushed around the middle of the table as rigid bodies.

Pure physics (pymunk, no window), so it is tested alone. Two unseen hands
circle the middle of a walled arena, pushing the tiles they pass along
their way; the tiles collide, spin and slide to rest, as a real wash does.
Everything is a function of the seed: the hands' paths come from
``rng(seed, "wash", label)`` and the world advances in fixed steps, so the
same seed gives the same wash however fast the frames come. The tiles are
anonymous backs — which tile is which is never part of it.
"""

from __future__ import annotations

import math

import pymunk

from game.rules.seeding import rng

STEP = 1 / 60  # seconds of physics per step, whatever the frame rate
STEPS = 96  # steps in a wash (1.6 s)
ARENA = (900.0, 480.0)  # the walled middle of the table, in arena units
TILE = (58.0, 29.0)  # a face-down tile lying flat, in arena units
REACH = 170.0  # how far a stirring hand pushes


class Wash:
    """``count`` tiles washed in a walled arena centred on (0, 0)."""

    def __init__(self, count: int, seed: int, label: object = 0) -> None:
        self.count = count
        self.steps = 0
        rand = rng(seed, "wash", str(label))
        self.space = pymunk.Space()
        self.space.gravity = (0.0, 0.0)
        self.space.damping = 0.3  # the felt: a sliding tile keeps 30% of its speed per second
        self._walls()
        self.bodies: list[pymunk.Body] = []
        cols = max(1, math.ceil(math.sqrt(count * 1.2)))
        for i in range(count):  # start as a neat pile of rows in the middle
            row, col = divmod(i, cols)
            x = (col - (cols - 1) / 2) * (TILE[0] + 4)
            y = (row - (count / cols - 1) / 2) * (TILE[1] + 4)
            body = pymunk.Body(1.0, pymunk.moment_for_box(1.0, TILE))
            body.position = (x, y)
            body.angle = rand.uniform(-0.15, 0.15)
            shape = pymunk.Poly.create_box(body, TILE, radius=1.0)
            shape.friction = 0.5
            shape.elasticity = 0.25
            self.space.add(body, shape)
            self.bodies.append(body)
        # two hands circling in opposite directions, each with its own radius and pace
        self.hands = [
            (rand.uniform(0, math.tau), rand.uniform(150, 260), rand.uniform(2.6, 4.0) * sign)
            for sign in (1, -1)
        ]

    @property
    def done(self) -> bool:
        return self.steps >= STEPS

    def hand_positions(self) -> list[tuple[float, float]]:
        """Where the stirring hands are now (they slow down and lift off at the end)."""
        t = self.steps * STEP
        return [
            (r * math.cos(phase + speed * t), r * 0.55 * math.sin(phase + speed * t))
            for phase, r, speed in self.hands
        ]

    def step(self) -> None:
        """Advance one fixed step: the hands push what they touch, then the world moves."""
        if self.done:
            return
        fade = max(0.0, 1.0 - self.steps / (STEPS * 0.75))  # hands lift off for the last quarter
        t = self.steps * STEP
        for (hx, hy), (phase, _r, speed) in zip(self.hand_positions(), self.hands, strict=True):
            a = phase + speed * t
            push = (-math.sin(a) * speed, math.cos(a) * 0.55 * speed)  # along the hand's path
            for body in self.bodies:
                dx, dy = body.position.x - hx, body.position.y - hy
                d2 = dx * dx + dy * dy
                if d2 < REACH * REACH:
                    k = fade * 1400.0 * (1 - math.sqrt(d2) / REACH)
                    body.apply_force_at_world_point((push[0] * k, push[1] * k), (hx, hy))
        self.space.step(STEP)
        self.steps += 1

    def run(self) -> None:
        while not self.done:
            self.step()

    def poses(self) -> list[tuple[float, float, float]]:
        """Each tile's (x, y, angle in degrees), arena units around the middle."""
        return [(b.position.x, b.position.y, math.degrees(b.angle)) for b in self.bodies]

    def _walls(self) -> None:
        w, h = ARENA[0] / 2, ARENA[1] / 2
        corners = [(-w, -h), (w, -h), (w, h), (-w, h)]
        for a, b in zip(corners, corners[1:] + corners[:1], strict=True):
            wall = pymunk.Segment(self.space.static_body, a, b, 6.0)
            wall.elasticity = 0.5
            wall.friction = 0.4
            self.space.add(wall)
