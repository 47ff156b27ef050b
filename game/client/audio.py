"""Sound effects, synthesised with numpy when the game starts: no sound files to
ship or to go missing. Without a sound device the game plays silently.

An open sound device keeps a thread of the game mixing silence many times a
second: 0.3% of a core, a third of a still title's whole cost (issue 54). So
the device is let go after :data:`QUIET_CLOSE` seconds without a sound, and
opened again for the next one.
"""

from __future__ import annotations

from functools import cache

import numpy as np
import pygame

RATE = 44_100
#: Seconds without a sound after which the device is closed.
QUIET_CLOSE = 10.0


def _tone(
    freqs: float | list[float],
    seconds: float,
    *,
    decay: float = 8.0,
    attack: float = 0.005,
    shape: str = "sine",
    glide: float = 1.0,
) -> np.ndarray:
    """A note (or chord) with a fast attack and an exponential fade, as floats in -1..1."""
    t = np.arange(int(RATE * seconds)) / RATE
    out = np.zeros_like(t)
    for f in np.atleast_1d(freqs):
        # A glide bends the pitch from f to f*glide over the note.
        phase = 2 * np.pi * f * (t + (glide - 1) * t * t / (2 * seconds))
        wave = np.sin(phase) if shape == "sine" else np.sign(np.sin(phase)) * 0.5
        out += wave
    env = np.minimum(1.0, t / attack) * np.exp(-decay * t)
    out *= env / max(1, len(np.atleast_1d(freqs)))
    return out


def _concat(*parts: np.ndarray, gap: float = 0.0) -> np.ndarray:
    silence = np.zeros(int(RATE * gap))
    out = []
    for p in parts:
        out += [p, silence]
    return np.concatenate(out[:-1]) if out else silence


def recipes() -> dict[str, np.ndarray]:
    """Every effect the game plays, by name."""
    return {
        "place": _tone([520, 780], 0.12, decay=30),
        "flip": _tone(660, 0.14, decay=22, glide=1.5),
        "chain": _tone([880, 1320], 0.16, decay=18, glide=1.25),
        "refuse": _tone(140, 0.18, decay=14, shape="square"),
        "pass": _concat(_tone(440, 0.1, decay=20), _tone(330, 0.14, decay=20), gap=0.03),
        "win": _concat(*(_tone(f, 0.16, decay=9) for f in (523, 659, 784, 1047)), gap=0.02),
        "loss": _concat(*(_tone(f, 0.22, decay=7) for f in (392, 349, 311, 262)), gap=0.02),
        "click": _tone(1200, 0.04, decay=60),
        "right": _concat(_tone([660, 990], 0.12, decay=14), _tone([880, 1320], 0.2, decay=10)),
        "wrong": _tone([220, 233], 0.3, decay=8, shape="square"),
        # Mosaix: dice rattling, a symbol drawn in, an area reaching five.
        "dice": _concat(
            *(_tone(f, 0.03, decay=80, shape="square") for f in (300, 420, 260, 380, 330)), gap=0.02
        ),
        "draw": _tone([700, 900], 0.08, decay=35),
        "area": _concat(_tone(784, 0.08, decay=20), _tone(1175, 0.16, decay=14)),
    }


@cache
def _pcm(freq: int, channels: int) -> dict[str, bytes]:
    """Every effect as the device plays it, at its rate and channels. Made once
    a run: the device is closed after a quiet spell and opened again for the
    next sound (and the tests start the game afresh hundreds of times)."""
    out = {}
    for name, made in recipes().items():
        wave = made
        if freq != RATE:  # the device chose its own rate: resample
            idx = np.linspace(0, len(made) - 1, int(len(made) * freq / RATE))
            wave = np.interp(idx, np.arange(len(made)), made)
        pcm = (np.clip(wave, -1, 1) * 0.6 * 32767).astype(np.int16)
        frames = np.repeat(pcm[:, None], channels, axis=1) if channels > 1 else pcm
        out[name] = np.ascontiguousarray(frames).tobytes()
    return out


class Audio:
    def __init__(self, volume: float = 0.7) -> None:
        self.volume = volume
        #: The effects, made for the open device (empty while it is closed).
        self.sounds: dict[str, pygame.mixer.Sound] = {}
        #: A device could be opened when the game started (else it plays silently).
        self.available = self._open()
        #: Seconds the device has been open without a sound playing.
        self.quiet_for = 0.0

    def _open(self) -> bool:
        """Open the sound device, if it is not, and make the effects for it."""
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(RATE, -16, 2, 512)
            mixer = pygame.mixer.get_init()
        except pygame.error:
            return False  # no sound device: play silently
        if mixer is None:
            return False
        freq, _, channels = mixer
        for name, pcm in _pcm(freq, channels).items():
            self.sounds[name] = pygame.mixer.Sound(buffer=pcm)
        self.quiet_for = 0.0
        return True

    @property
    def open(self) -> bool:
        """The device is open, with the effects made for it."""
        return bool(self.sounds) and pygame.mixer.get_init() is not None

    def play(self, name: str, volume: float | None = None) -> None:
        """Play effect ``name`` at the effects' volume, or at ``volume``."""
        level = self.volume if volume is None else volume
        if not self.available or level <= 0:
            return
        if not self.open and not self._open():
            return
        sound = self.sounds.get(name)
        if sound is not None:
            sound.set_volume(level)
            sound.play()
            self.quiet_for = 0.0

    def update(self, dt: float) -> None:
        """Once a frame: close the device after :data:`QUIET_CLOSE` seconds of silence."""
        if not self.open:
            return
        if pygame.mixer.get_busy():
            self.quiet_for = 0.0
            return
        self.quiet_for += dt
        if self.quiet_for >= QUIET_CLOSE:
            self.sounds = {}  # unusable once the device is closed
            pygame.mixer.quit()
