"""Make the game's short sounds from numpy and write them to ``assets/sounds/`` as WAV files.

    python -m tools.make_sounds [--out DIR]    (from the checkout)

By default they go where the game reads them (:mod:`game.resources`): the
checkout's ``assets/sounds/`` in an editable install.

Four clicks and two cues, each at most a second, 16-bit mono at 22 050 Hz (a few
kilobytes each, committed): ``place`` (a tile set down on the table: a dry
knock), ``draw`` (a tile slid off the boneyard: a soft scrape and a tick),
``shuffle`` (tiles washed together: a short rattle) and ``knock`` (a move
without a tile, a pass above all: two low knuckle taps on the table); then
``chime`` (a round won: two bright notes rising a fifth) and ``fanfare`` (a match
won: a rising major arpeggio that rings on, with a rattle of tiles under it). The noise comes
from a fixed numpy seed, so the files are the same on every run.
"""

from __future__ import annotations

import argparse
import sys
import wave
from pathlib import Path

import numpy as np

from game.resources import data_path

RATE = 22050


def _time(seconds: float) -> np.ndarray:
    return np.arange(int(RATE * seconds)) / RATE


def _resonate(signal: np.ndarray, freq: float, q: float) -> np.ndarray:
    """A two-pole resonator: noise in, a ringing knock at ``freq`` out."""
    r = np.exp(-np.pi * freq / (q * RATE))
    a1, a2 = -2 * r * np.cos(2 * np.pi * freq / RATE), r * r
    out = np.zeros_like(signal)
    for i in range(len(signal)):
        out[i] = signal[i] - a1 * (out[i - 1] if i else 0) - a2 * (out[i - 2] if i > 1 else 0)
    return out


def knock(rand: np.random.Generator, freq: float = 1900.0, length: float = 0.09) -> np.ndarray:
    t = _time(length)
    burst = rand.normal(0, 1, t.size) * np.exp(-t / 0.004)
    wood = _resonate(burst, freq, 9) + 0.6 * _resonate(burst, freq * 2.7, 14)
    thump = np.sin(2 * np.pi * 170 * t) * np.exp(-t / 0.018) * 0.8
    return wood / (np.abs(wood).max() or 1) + thump


def place(rand: np.random.Generator) -> np.ndarray:
    return knock(rand)


def draw(rand: np.random.Generator) -> np.ndarray:
    t = _time(0.16)
    envelope = np.clip(t / 0.09, 0, 1) * np.exp(-np.clip(t - 0.09, 0, None) / 0.02)
    scrape = _resonate(rand.normal(0, 1, t.size), 3200, 2) * envelope
    scrape /= np.abs(scrape).max() or 1
    tick = np.zeros_like(t)
    k = knock(rand, 2600, 0.05) * 0.5
    tick[-k.size :] += k
    return 0.45 * scrape + tick


def shuffle(rand: np.random.Generator) -> np.ndarray:
    out = np.zeros(int(RATE * 0.45))
    for _ in range(14):
        k = knock(rand, rand.uniform(1500, 2600), 0.05) * rand.uniform(0.2, 0.6)
        at = rand.integers(0, out.size - k.size)
        out[at : at + k.size] += k
    return out


def knuckles(rand: np.random.Generator) -> np.ndarray:
    out = np.zeros(int(RATE * 0.22))
    for at in (0.0, 0.11):
        k = knock(rand, 900.0, 0.08)
        start = int(RATE * at)
        out[start : start + k.size] += k
    return out


def _bell(freq: float, length: float) -> np.ndarray:
    """A struck bell-like note: a tone and two softer partials, dying away."""
    t = _time(length)
    tone = (
        np.sin(2 * np.pi * freq * t)
        + 0.35 * np.sin(2 * np.pi * freq * 2.0 * t)
        + 0.12 * np.sin(2 * np.pi * freq * 3.01 * t)
    )
    attack = np.clip(t / 0.006, 0, 1)  # no click at the start of a note
    return tone * attack * np.exp(-t / (length * 0.35))


def _notes(freqs: list[float], gap: float, ring: float) -> np.ndarray:
    """Notes struck ``gap`` seconds apart, each ringing ``ring`` seconds."""
    out = np.zeros(int(RATE * (gap * (len(freqs) - 1) + ring)))
    for i, freq in enumerate(freqs):
        note = _bell(freq, ring)
        at = int(RATE * gap * i)
        out[at : at + note.size] += note
    return out


def chime(rand: np.random.Generator) -> np.ndarray:
    return _notes([784.0, 1175.0], 0.12, 0.3)  # G5 then D6: a round won


def fanfare(rand: np.random.Generator) -> np.ndarray:
    out = _notes([523.0, 659.0, 784.0, 1047.0], 0.11, 0.6)  # C, E, G, high C: the match
    rattle = shuffle(rand)[: out.size] * 0.25  # the tiles thrown up under it
    out[: rattle.size] += rattle
    return out


SOUNDS = {
    "place": place,
    "draw": draw,
    "shuffle": shuffle,
    "knock": knuckles,
    "chime": chime,
    "fanfare": fanfare,
}


def write(path: Path, samples: np.ndarray, volume: float = 0.7) -> None:
    samples = samples / (np.abs(samples).max() or 1) * volume
    fade = min(64, samples.size)
    samples[-fade:] *= np.linspace(1, 0, fade)  # no click at the very end
    data = (samples * 32767).astype("<i2").tobytes()
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(data)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="the folder (default: the game's sounds)")
    args = parser.parse_args(argv)
    out = args.out or data_path("assets", "sounds")
    out.mkdir(parents=True, exist_ok=True)
    for i, (name, make) in enumerate(SOUNDS.items()):
        path = out / f"{name}.wav"
        write(path, make(np.random.default_rng(1000 + i)))
        print(f"{path}: {path.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
