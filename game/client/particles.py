"""Bursts of sparks for a right answer: cheap, time-based, drawn over the board."""

from __future__ import annotations

import math
import random

import pygame

GRAVITY = 900.0


class Particles:
    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.items: list[list[float]] = []  # x, y, vx, vy, life, total, r, g, b

    def burst(
        self,
        pos: tuple[float, float],
        color: tuple[int, int, int],
        count: int = 24,
        speed: float = 380,
    ) -> None:
        for _ in range(count):
            a = self.rng.uniform(0, 2 * math.pi)
            v = self.rng.uniform(0.3, 1.0) * speed
            life = self.rng.uniform(0.5, 1.0)
            self.items.append(
                [pos[0], pos[1], v * math.cos(a), v * math.sin(a) - 200, life, life, *color]
            )

    def update(self, dt: float) -> None:
        for p in self.items:
            p[0] += p[2] * dt
            p[1] += p[3] * dt
            p[3] += GRAVITY * dt
            p[4] -= dt
        self.items = [p for p in self.items if p[4] > 0]

    def draw(self, surface: pygame.Surface) -> None:
        for x, y, _, _, life, total, r, g, b in self.items:
            k = life / total
            pygame.draw.circle(
                surface,
                (round(r * k + 255 * (1 - k) * 0.2), round(g * k), round(b * k)),
                (x, y),
                max(1, round(5 * k)),
            )

    @property
    def active(self) -> bool:
        return bool(self.items)
