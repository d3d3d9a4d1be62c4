#!/usr/bin/python3
"""Synthesise every sound of Questboard: the effects and the ambient music.

Run from anywhere:   /usr/bin/python3 tools/make_sounds.py [--only NAME] [--out DIR]

Only the Python standard library is used (math, random, struct, wave).
Nothing is recorded, sampled or copied: every sound is built here from
oscillators (sine, saw, square), seeded noise, envelopes, filters (one-pole,
biquad band-pass, a small Schroeder reverb) and simple mixing.  Every
random choice comes from random.Random(seed) with a fixed seed per sound,
so re-running the script reproduces the same files byte for byte on the
same machine.  The sounds and this script are CC0 (assets/CREDITS.md).

Formats (all mono, so they stay small):
  effects   assets/sounds/<id>.wav        16-bit PCM, 22050 Hz, under 3 s
  music     assets/sounds/music-<mood>.wav  8-bit mu-law (G.711), 11025 Hz,
            a 16 s loop: the tail of every note is folded back onto the
            start, so the file loops without a seam.
The game reads them through assets/sounds.xml (which sound is which, the
gain of each, and which game events play them).
"""
import math
import os
import random
import struct
import sys
import wave

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "assets", "sounds")
SR = 22050   # effects
MSR = 11025  # music
TAU = 2 * math.pi

# --------------------------------------------------------------------------
# building blocks: a sound is a list of floats, full scale +-1
# --------------------------------------------------------------------------


def zeros(seconds, sr=SR):
    return [0.0] * int(round(seconds * sr))


def mix_into(dst, src, at=0.0, gain=1.0, sr=SR):
    """Adds src into dst starting at `at` seconds (dst grows if needed)."""
    start = int(round(at * sr))
    if start + len(src) > len(dst):
        dst.extend([0.0] * (start + len(src) - len(dst)))
    for i, v in enumerate(src):
        dst[start + i] += v * gain
    return dst


def osc(freq, seconds, shape="sine", sr=SR, phase=0.0):
    """An oscillator; freq is a number or a function of time in seconds."""
    n = int(round(seconds * sr))
    out = [0.0] * n
    ph = phase
    fixed = not callable(freq)
    for i in range(n):
        f = freq if fixed else freq(i / sr)
        if shape == "sine":
            out[i] = math.sin(TAU * ph)
        elif shape == "saw":
            out[i] = 2.0 * (ph - math.floor(ph + 0.5))
        elif shape == "square":
            out[i] = 1.0 if (ph % 1.0) < 0.5 else -1.0
        elif shape == "tri":
            out[i] = 4.0 * abs(ph - math.floor(ph + 0.5)) - 1.0
        ph += f / sr
    return out


def noise(rng, seconds, sr=SR):
    return [rng.uniform(-1.0, 1.0) for _ in range(int(round(seconds * sr)))]


def envelope(x, attack, decay_to_end=True, hold=0.0, release=None, curve=4.0, sr=SR):
    """Linear attack, optional hold, then an exponential decay to the end
    (or a linear release of `release` seconds)."""
    n = len(x)
    a = max(1, int(attack * sr))
    h = int(hold * sr)
    out = [0.0] * n
    for i in range(n):
        if i < a:
            g = i / a
        elif i < a + h:
            g = 1.0
        elif release is not None:
            t = (i - a - h) / max(1, int(release * sr))
            g = max(0.0, 1.0 - t)
        else:
            t = (i - a - h) / max(1, n - a - h)
            g = math.exp(-curve * t) * (1.0 - t)
        out[i] = x[i] * g
    return out


def decay(x, tau, sr=SR):
    """Multiplies by exp(-t/tau)."""
    k = math.exp(-1.0 / (tau * sr))
    g = 1.0
    out = [0.0] * len(x)
    for i, v in enumerate(x):
        out[i] = v * g
        g *= k
    return out


def fade(x, fin=0.002, fout=0.01, sr=SR):
    """Short linear fades at both ends so nothing clicks."""
    n = len(x)
    a, b = max(1, int(fin * sr)), max(1, int(fout * sr))
    out = list(x)
    for i in range(min(a, n)):
        out[i] *= i / a
    for i in range(min(b, n)):
        out[n - 1 - i] *= i / b
    return out


def lowpass(x, cutoff, sr=SR):
    """One-pole low-pass; cutoff is a number or a function of time."""
    out = [0.0] * len(x)
    y = 0.0
    fixed = not callable(cutoff)
    if fixed:
        k = 1.0 - math.exp(-TAU * cutoff / sr)
    for i, v in enumerate(x):
        if not fixed:
            k = 1.0 - math.exp(-TAU * cutoff(i / sr) / sr)
        y += k * (v - y)
        out[i] = y
    return out


def highpass(x, cutoff, sr=SR):
    lo = lowpass(x, cutoff, sr)
    return [a - b for a, b in zip(x, lo)]


def bandpass(x, centre, q=4.0, sr=SR):
    """RBJ band-pass biquad (0 dB peak); centre may be a function of time,
    in which case the coefficients follow it every 32 samples."""
    out = [0.0] * len(x)
    x1 = x2 = y1 = y2 = 0.0
    fixed = not callable(centre)
    b0 = b2 = a1 = a2 = 0.0

    def coeffs(f):
        f = min(max(f, 20.0), sr * 0.45)
        w = TAU * f / sr
        alpha = math.sin(w) / (2 * q)
        a0 = 1 + alpha
        return alpha / a0, -alpha / a0, -2 * math.cos(w) / a0, (1 - alpha) / a0

    if fixed:
        b0, b2, a1, a2 = coeffs(centre)
    for i, v in enumerate(x):
        if not fixed and i % 32 == 0:
            b0, b2, a1, a2 = coeffs(centre(i / sr))
        y = b0 * v + b2 * x2 - a1 * y1 - a2 * y2
        x2, x1 = x1, v
        y2, y1 = y1, y
        out[i] = y
    return out


def reverb(x, wet=0.3, room=0.8, sr=SR, tail=0.0):
    """A small Schroeder reverb: four feedback combs, two all-passes."""
    n = len(x) + int(tail * sr)
    src = list(x) + [0.0] * (n - len(x))
    scale = sr / 22050.0
    acc = [0.0] * n
    for delay, fb in ((1116, 0.84), (1188, 0.83), (1277, 0.82), (1356, 0.81)):
        d = max(1, int(delay * scale))
        buf = [0.0] * d
        j = 0
        lp = 0.0
        g = fb * room
        for i in range(n):
            out = buf[j]
            lp = out * 0.6 + lp * 0.4  # damping
            buf[j] = src[i] + lp * g
            j = (j + 1) % d
            acc[i] += out * 0.25
    for delay in (556, 441):
        d = max(1, int(delay * scale))
        buf = [0.0] * d
        j = 0
        for i in range(n):
            b = buf[j]
            y = -acc[i] + b
            buf[j] = acc[i] + b * 0.5
            j = (j + 1) % d
            acc[i] = y
    return [src[i] * (1 - wet) + acc[i] * wet for i in range(n)]


def normalise(x, peak=0.9):
    m = max((abs(v) for v in x), default=0.0)
    return [v * peak / m for v in x] if m > 0 else list(x)


def note_freq(name):
    """'A4' -> 440.0; sharps as 'C#3'."""
    names = {"C": -9, "D": -7, "E": -5, "F": -4, "G": -2, "A": 0, "B": 2}
    semis = names[name[0]]
    rest = name[1:]
    if rest.startswith("#"):
        semis += 1
        rest = rest[1:]
    elif rest.startswith("b"):
        semis -= 1
        rest = rest[1:]
    return 440.0 * 2 ** ((semis + 12 * (int(rest) - 4)) / 12)


def bell(freq, seconds, rng=None, sr=SR, tau=0.6, partials=None):
    """An inharmonic struck-metal tone: decaying partials."""
    partials = partials or ((1.0, 1.0, 1.0), (2.76, 0.5, 0.55), (5.4, 0.25, 0.35), (8.93, 0.12, 0.2))
    out = zeros(seconds, sr)
    for ratio, amp, t in partials:
        if freq * ratio >= sr * 0.45:
            continue
        mix_into(out, decay(osc(freq * ratio, seconds, sr=sr, phase=rng.random() if rng else 0), tau * t, sr), 0, amp, sr)
    return out


def click(rng, centre, seconds=0.012, q=3.0, sr=SR):
    """A short bright knock: band-passed noise with a fast decay."""
    return decay(bandpass(noise(rng, seconds, sr), centre, q, sr), seconds / 4, sr)


def thump(freq0, freq1, seconds, sr=SR):
    """A low body hit: a sine whose pitch falls quickly."""
    return decay(osc(lambda t: freq1 + (freq0 - freq1) * math.exp(-t * 30), seconds, sr=sr), seconds / 4, sr)


# --------------------------------------------------------------------------
# the effects
# --------------------------------------------------------------------------


def sfx_dice():
    """Bone dice rattling in a cup, thrown, a few bounces, settled."""
    rng = random.Random(101)
    out = zeros(0.55)
    t = 0.0
    while t < 0.24:  # the rattle
        mix_into(out, click(rng, rng.uniform(1800, 3600), 0.010, 4), t, rng.uniform(0.3, 0.7))
        t += rng.uniform(0.012, 0.03)
    for k, at in enumerate((0.29, 0.36, 0.41, 0.45)):  # the landing bounces
        g = 1.0 - k * 0.2
        mix_into(out, click(rng, rng.uniform(1200, 2200), 0.02, 2.5), at, g)
        mix_into(out, thump(420, 260, 0.04), at, 0.25 * g)
    return fade(normalise(reverb(out, 0.12, 0.5), 0.85))


def sfx_step():
    """One footfall on stone: a soft low thump and a scuff."""
    rng = random.Random(102)
    body = lowpass(decay(noise(rng, 0.13), 0.025), 500)
    scuff = decay(bandpass(noise(rng, 0.13), 2400, 1.5), 0.012)
    out = mix_into(list(body), thump(150, 90, 0.13), 0, 0.5)
    mix_into(out, scuff, 0.005, 0.15)
    return fade(normalise(out, 0.7), 0.001, 0.02)


def sfx_door():
    """A heavy wooden door: a creak on its hinge, then it knocks open."""
    rng = random.Random(103)
    creak_len = 0.55

    def pitch(t):
        return 110 + 60 * math.sin(t * 9) + 25 * math.sin(t * 23 + 1) + 40 * t

    src = osc(pitch, creak_len, "saw")
    creak = bandpass(src, lambda t: 900 + 500 * math.sin(t * 7), 6)
    creak = envelope(creak, 0.08, release=0.2, hold=0.25)
    out = zeros(0.95)
    mix_into(out, creak, 0.0, 1.0)
    knock = lowpass(decay(noise(rng, 0.3), 0.05), 350)
    mix_into(out, knock, 0.55, 2.5)
    mix_into(out, thump(110, 65, 0.3), 0.55, 0.8)
    return fade(normalise(reverb(out, 0.2, 0.7), 0.85))


def sfx_hit():
    """A blow that lands: a thud with a metallic ring."""
    rng = random.Random(104)
    out = zeros(0.45)
    mix_into(out, thump(220, 70, 0.3), 0, 1.0)
    mix_into(out, lowpass(decay(noise(rng, 0.2), 0.03), 1800), 0, 0.8)
    mix_into(out, bell(620, 0.4, rng, tau=0.25), 0.0, 0.18)
    mix_into(out, click(rng, 3000, 0.015, 2), 0, 0.5)
    return fade(normalise(out, 0.9))


def sfx_miss():
    """A swing that finds only air: a swept whoosh."""
    rng = random.Random(105)
    n = noise(rng, 0.32)
    w = bandpass(n, lambda t: 500 + 7000 * t, 2.0)
    w = envelope(w, 0.16, release=0.16)
    return fade(normalise(w, 0.7))


def sfx_death_monster():
    """A monster falls: a falling growl and a body on the floor."""
    rng = random.Random(106)
    g = osc(lambda t: 170 * math.exp(-t * 1.6) + 45 + 6 * math.sin(t * 40), 0.8, "saw")
    g = lowpass(g, lambda t: 1400 * math.exp(-t * 2.5) + 200)
    g = [v * (0.7 + 0.3 * rng.random()) for v in g]  # roughness
    g = envelope(g, 0.03, hold=0.25, release=0.5)
    out = zeros(1.1)
    mix_into(out, g, 0, 0.8)
    mix_into(out, lowpass(decay(noise(rng, 0.35), 0.06), 300), 0.62, 1.6)
    mix_into(out, thump(95, 50, 0.35), 0.62, 0.9)
    return fade(normalise(reverb(out, 0.2, 0.7), 0.85))


def sfx_death_hero():
    """A hero falls: a low tolling bell over a dark minor chord."""
    rng = random.Random(107)
    out = zeros(2.2)
    mix_into(out, bell(note_freq("D3"), 2.2, rng, tau=1.2), 0, 0.8)
    for name in ("D3", "F3", "A3"):
        pad = lowpass(osc(note_freq(name) * 1.002, 2.0, "saw"), 700)
        mix_into(out, envelope(pad, 0.3, hold=0.6, release=1.1), 0.05, 0.12)
    mix_into(out, thump(90, 45, 0.5), 0, 0.6)
    return fade(normalise(reverb(out, 0.3, 0.85), 0.85))


def sfx_spell():
    """Magic: a rising shimmer of chimes over a breathy swell."""
    rng = random.Random(108)
    out = zeros(1.1)
    notes = ("E5", "G#5", "B5", "E6", "G#6")
    for k, name in enumerate(notes):
        b = bell(note_freq(name), 0.8, rng, tau=0.5, partials=((1, 1, 1), (2.0, 0.3, 0.5), (3.0, 0.1, 0.3)))
        mix_into(out, b, 0.07 * k, 0.35)
    air = bandpass(noise(rng, 1.0), lambda t: 1500 + 3000 * t, 3)
    mix_into(out, envelope(air, 0.4, release=0.6), 0, 0.5)
    wob = osc(lambda t: 330 + 8 * math.sin(t * 30), 1.0)
    mix_into(out, envelope(wob, 0.3, release=0.7), 0, 0.15)
    return fade(normalise(reverb(out, 0.35, 0.85), 0.85))


def sfx_trap():
    """A trap springs: a sharp snap, a twanging spring, a crash."""
    rng = random.Random(109)
    out = zeros(0.85)
    mix_into(out, click(rng, 4000, 0.02, 1.5), 0, 1.0)
    twang = osc(lambda t: 500 * math.exp(-t * 4) + 120, 0.5, "square")
    twang = decay(bandpass(twang, 900, 3), 0.12)
    mix_into(out, twang, 0.01, 0.6)
    mix_into(out, lowpass(decay(noise(rng, 0.4), 0.08), 900), 0.18, 1.0)
    mix_into(out, thump(130, 55, 0.35), 0.18, 0.8)
    return fade(normalise(reverb(out, 0.15, 0.6), 0.9))


def sfx_treasure():
    """Treasure: coins poured out, a bright jingle."""
    rng = random.Random(110)
    out = zeros(0.9)
    t = 0.0
    while t < 0.45:
        f = rng.uniform(2200, 4200)
        mix_into(out, bell(f, 0.3, rng, tau=0.12, partials=((1, 1, 1), (1.51, 0.5, 0.7), (2.3, 0.3, 0.5))), t,
                 rng.uniform(0.2, 0.5))
        t += rng.uniform(0.02, 0.06)
    return fade(normalise(reverb(out, 0.2, 0.6), 0.8))


def brass(freq, seconds, sr=SR):
    """A bright horn-like note: saw through an opening low-pass."""
    src = [a * 0.6 + b * 0.4 for a, b in zip(osc(freq, seconds, "saw", sr), osc(freq * 1.003, seconds, "saw", sr))]
    f = lowpass(src, lambda t: 600 + 2600 * min(1.0, t * 8) * math.exp(-t * 1.5), sr)
    return envelope(f, 0.03, hold=max(0.0, seconds - 0.2), release=0.17, sr=sr)


def sfx_victory():
    """Victory: a short rising fanfare ending on a held major chord."""
    out = zeros(2.6)
    line = (("C4", 0.0, 0.18), ("E4", 0.18, 0.18), ("G4", 0.36, 0.18), ("C5", 0.54, 0.5))
    for name, at, dur in line:
        mix_into(out, brass(note_freq(name), dur + 0.1), at, 0.5)
    for name in ("C4", "E4", "G4", "C5"):
        mix_into(out, brass(note_freq(name), 1.5), 1.0, 0.3)
    rng = random.Random(111)
    mix_into(out, bell(note_freq("C6"), 1.5, rng, tau=0.8), 1.0, 0.15)
    return fade(normalise(reverb(out, 0.3, 0.8), 0.85))


def sfx_defeat():
    """Defeat: a slow falling minor line and a low dying chord."""
    out = zeros(3.0)
    line = (("A3", 0.0), ("G3", 0.45), ("F3", 0.9), ("E3", 1.35))
    for name, at in line:
        n = lowpass(brass(note_freq(name), 0.55), 900)
        mix_into(out, n, at, 0.6)
    for name in ("A2", "C3", "E3"):
        pad = lowpass(osc(note_freq(name), 1.4, "saw"), 500)
        mix_into(out, envelope(pad, 0.2, hold=0.5, release=0.7), 1.6, 0.25)
    return fade(normalise(reverb(out, 0.35, 0.85), 0.8))


def sfx_search():
    """Searching: hands moving things about, a soft rustle."""
    rng = random.Random(112)
    out = zeros(0.5)
    for k in range(5):
        r = bandpass(noise(rng, 0.09), rng.uniform(1500, 3500), 1.2)
        mix_into(out, envelope(r, 0.03, release=0.06), k * 0.08, rng.uniform(0.5, 1.0))
    return fade(normalise(out, 0.5))


def sfx_found():
    """A discovery (a trap or a secret door): two soft rising notes."""
    rng = random.Random(113)
    out = zeros(0.7)
    for name, at in (("A5", 0.0), ("E6", 0.12)):
        mix_into(out, bell(note_freq(name), 0.5, rng, tau=0.4, partials=((1, 1, 1), (3.0, 0.2, 0.4))), at, 0.5)
    return fade(normalise(reverb(out, 0.25, 0.7), 0.7))


def sfx_disarm():
    """A trap made safe: a careful click-clack of a mechanism."""
    rng = random.Random(114)
    out = zeros(0.4)
    for at, f in ((0.0, 3200), (0.09, 2100), (0.16, 2600)):
        mix_into(out, click(rng, f, 0.02, 6), at, 1.0)
    return fade(normalise(out, 0.7))


def sfx_heal():
    """Healing: a warm swell rising a fifth."""
    out = zeros(0.9)
    w = osc(lambda t: note_freq("C5") * (1 + 0.5 * min(1.0, t * 2.5)), 0.8, "tri")
    mix_into(out, envelope(lowpass(w, 2000), 0.15, hold=0.3, release=0.35), 0, 0.6)
    w2 = osc(lambda t: note_freq("C4") * (1 + 0.5 * min(1.0, t * 2.5)), 0.8)
    mix_into(out, envelope(w2, 0.2, hold=0.3, release=0.3), 0, 0.4)
    return fade(normalise(reverb(out, 0.35, 0.8), 0.7))


def sfx_monster():
    """A monster appears: a low snarl."""
    rng = random.Random(115)
    src = osc(lambda t: 80 + 25 * math.sin(t * 17) + 30 * t, 0.6, "saw")
    src = [v * (0.6 + 0.4 * rng.random()) for v in src]
    g = bandpass(src, lambda t: 500 + 300 * math.sin(t * 9), 2.5)
    g = envelope(g, 0.08, hold=0.25, release=0.27)
    return fade(normalise(reverb(g, 0.2, 0.6), 0.7))


def sfx_drum():
    """The monsters' turn begins: two beats of a deep drum."""
    rng = random.Random(116)
    out = zeros(0.8)
    for at, g in ((0.0, 1.0), (0.22, 0.8)):
        mix_into(out, thump(120, 55, 0.45), at, g)
        mix_into(out, lowpass(decay(noise(rng, 0.15), 0.02), 600), at, 0.3 * g)
    return fade(normalise(reverb(out, 0.2, 0.7), 0.75))


def sfx_objective():
    """An objective met: a short bright call of two notes."""
    out = zeros(1.1)
    for name, at, dur in (("G4", 0.0, 0.16), ("D5", 0.16, 0.5)):
        mix_into(out, brass(note_freq(name), dur), at, 0.5)
    rng = random.Random(117)
    mix_into(out, bell(note_freq("D6"), 0.8, rng, tau=0.5), 0.16, 0.15)
    return fade(normalise(reverb(out, 0.3, 0.8), 0.8))


def sfx_pickup():
    """Picking something up: a single metal clink."""
    rng = random.Random(118)
    out = bell(1900, 0.35, rng, tau=0.15, partials=((1, 1, 1), (2.4, 0.4, 0.6), (4.1, 0.2, 0.4)))
    mix_into(out, click(rng, 3500, 0.01, 3), 0, 0.3)
    return fade(normalise(out, 0.6))


def sfx_blocked():
    """Stopped short: a dull bump."""
    rng = random.Random(119)
    out = zeros(0.3)
    mix_into(out, thump(160, 80, 0.25), 0, 1.0)
    mix_into(out, lowpass(decay(noise(rng, 0.2), 0.03), 700), 0, 0.6)
    return fade(normalise(out, 0.6))


EFFECTS = {
    "dice": sfx_dice, "step": sfx_step, "door": sfx_door, "hit": sfx_hit, "miss": sfx_miss,
    "death-monster": sfx_death_monster, "death-hero": sfx_death_hero, "spell": sfx_spell,
    "trap": sfx_trap, "treasure": sfx_treasure, "victory": sfx_victory, "defeat": sfx_defeat,
    "search": sfx_search, "found": sfx_found, "disarm": sfx_disarm, "heal": sfx_heal,
    "monster": sfx_monster, "drum": sfx_drum, "objective": sfx_objective, "pickup": sfx_pickup,
    "blocked": sfx_blocked,
}

# --------------------------------------------------------------------------
# the music: 16 s loops at 11025 Hz
# --------------------------------------------------------------------------

LOOP = 16.0
TAIL = 4.0


def loop_fold(x, sr=MSR):
    """Folds everything past LOOP seconds back onto the start: a note that
    rings over the end of the loop goes on at its beginning."""
    n = int(LOOP * sr)
    out = x[:n] + [0.0] * max(0, n - len(x))
    for i in range(n, len(x)):
        out[i % n] += x[i]
    return out


def pad_note(freq, at, seconds, gain, out, cutoff=900, sr=MSR):
    """A soft pad: two detuned saws, low-passed, slow attack and release."""
    a = osc(freq * 0.997, seconds, "saw", sr)
    b = osc(freq * 1.003, seconds, "saw", sr, phase=0.37)
    s = lowpass([(x + y) * 0.5 for x, y in zip(a, b)], cutoff, sr)
    s = lowpass(s, cutoff * 1.5, sr)
    s = envelope(s, seconds * 0.35, hold=seconds * 0.2, release=seconds * 0.45, sr=sr)
    mix_into(out, s, at, gain, sr)


def wind(rng, gain, out, centre=400, speed=0.4, sr=MSR):
    """Air moving through the halls: band-passed noise that swells and
    ebbs with periods dividing the loop, so it loops too."""
    n = int(LOOP * sr)
    src = [rng.uniform(-1, 1) for _ in range(n + int(TAIL * sr))]
    f = bandpass(src, lambda t: centre * (1 + 0.4 * math.sin(TAU * t * 2 / LOOP)), 1.5, sr)
    # crossfade the run-on back into the start so the noise has no seam
    t_n = int(TAIL * sr)
    body = f[:n]
    for i in range(t_n):
        w = i / t_n
        body[i] = body[i] * math.sqrt(w) + f[n + i] * math.sqrt(1 - w)
    for i in range(n):
        t = i / sr
        amp = 0.55 + 0.45 * math.sin(TAU * t * speed * 2 / LOOP * 4 + 1.3) * math.sin(TAU * t / LOOP)
        out[i] += body[i] * amp * gain


def drip(rng, at, out, sr=MSR):
    """A drop of water in a far pool."""
    f0 = rng.uniform(900, 1500)
    d = decay(osc(lambda t: f0 * (1 + 1.5 * math.exp(-t * 60)), 0.25, sr=sr), 0.04, sr)
    mix_into(out, d, at, rng.uniform(0.15, 0.3), sr)


def master(x, peak=0.8):
    x = reverb(x, 0.35, 0.9, MSR)
    x = loop_fold(x)
    return normalise(x, peak)


def music_dungeon():
    """The default: a slow D minor progression over a low drone, drips."""
    rng = random.Random(201)
    out = zeros(LOOP + TAIL, MSR)
    chords = (("D3", "F3", "A3"), ("Bb2", "D3", "F3"), ("G2", "Bb2", "D3"), ("A2", "C#3", "E3"))
    for k, chord in enumerate(chords):
        for name in chord:
            pad_note(note_freq(name), k * 4.0, 5.5, 0.22, out)
    for k in range(4):
        pad_note(note_freq("D2"), k * 4.0, 5.5, 0.3, out, cutoff=400)
    for k in range(6):
        drip(rng, rng.uniform(0, LOOP), out)
    wind(rng, 0.05, out)
    return master(out)


def music_crypt():
    """Undead and tombs: a tolling bell, a cold wind, a tritone drone."""
    rng = random.Random(202)
    out = zeros(LOOP + TAIL, MSR)
    for k in range(4):
        pad_note(note_freq("C2"), k * 4.0, 5.5, 0.3, out, cutoff=350)
        pad_note(note_freq("F#2") if k % 2 else note_freq("G2"), k * 4.0, 5.5, 0.14, out, cutoff=500)
    for k, name in enumerate(("C4", "C4", "Eb4", "C4")):
        mix_into(out, bell(note_freq(name), 5.0, rng, MSR, tau=2.0), k * 4.0 + 0.5, 0.25, MSR)
    wind(rng, 0.12, out, centre=300)
    return master(out)


def music_caverns():
    """Deep caves: a hollow drone, sparse pentatonic notes, water."""
    rng = random.Random(203)
    out = zeros(LOOP + TAIL, MSR)
    for k in range(4):
        pad_note(note_freq("E2"), k * 4.0, 5.5, 0.3, out, cutoff=300)
        pad_note(note_freq("B2"), k * 4.0 + 2.0, 5.5, 0.12, out, cutoff=500)
    scale = ("E4", "G4", "A4", "B4", "D5", "E5")
    t = 0.7
    while t < LOOP:
        tone = bell(note_freq(rng.choice(scale)), 2.0, rng, MSR, tau=0.7,
                    partials=((1, 1, 1), (4.0, 0.15, 0.4), (10.0, 0.05, 0.15)))
        mix_into(out, tone, t, 0.12, MSR)
        t += rng.choice((1.0, 1.5, 2.0, 3.0))
    for k in range(10):
        drip(rng, rng.uniform(0, LOOP), out)
    wind(rng, 0.06, out, centre=250)
    return master(out)


def music_flooded():
    """Drowned halls: slow waves of filtered noise, a wavering E minor pad."""
    rng = random.Random(204)
    out = zeros(LOOP + TAIL, MSR)
    chords = (("E3", "G3", "B3"), ("C3", "E3", "G3"), ("A2", "C3", "E3"), ("B2", "D#3", "F#3"))
    for k, chord in enumerate(chords):
        for name in chord:
            pad_note(note_freq(name), k * 4.0, 5.5, 0.18, out, cutoff=700)
    wind(rng, 0.18, out, centre=600, speed=1.0)
    for k in range(8):
        drip(rng, rng.uniform(0, LOOP), out)
    return master(out)


MUSIC = {"dungeon": music_dungeon, "crypt": music_crypt, "caverns": music_caverns,
         "flooded": music_flooded}

# --------------------------------------------------------------------------
# writing WAV files
# --------------------------------------------------------------------------


def to_pcm16(x):
    return [max(-32768, min(32767, int(round(v * 32767)))) for v in x]


def write_pcm16(path, x, sr):
    with wave.open(path, "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(sr)
        w.writeframes(struct.pack("<%dh" % len(x), *to_pcm16(x)))


def ulaw(sample):
    """G.711 mu-law of a 16-bit sample (the classic segment search)."""
    pcm = sample >> 2  # 14 bits
    if pcm < 0:
        pcm = -pcm
        mask = 0x7F
    else:
        mask = 0xFF
    pcm = min(pcm, 8159) + 33
    seg = 0
    for seg_end in (0x3F, 0x7F, 0xFF, 0x1FF, 0x3FF, 0x7FF, 0xFFF, 0x1FFF):
        if pcm <= seg_end:
            break
        seg += 1
    if seg >= 8:
        return 0x7F ^ mask
    return ((seg << 4) | ((pcm >> (seg + 1)) & 0x0F)) ^ mask


def write_ulaw(path, x, sr):
    """A WAVE_FORMAT_MULAW (7) file: fmt (18 bytes), fact, data."""
    data = bytes(ulaw(s) for s in to_pcm16(x))
    fmt = struct.pack("<HHIIHHH", 7, 1, sr, sr, 1, 8, 0)
    fact = struct.pack("<I", len(data))
    pad = b"\0" if len(data) % 2 else b""
    body = (b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt + b"fact" + struct.pack("<I", 4) + fact +
            b"data" + struct.pack("<I", len(data)) + data + pad)
    with open(path, "wb") as f:
        f.write(b"RIFF" + struct.pack("<I", len(body)) + body)


def main():
    out = OUT
    if "--out" in sys.argv:
        out = sys.argv[sys.argv.index("--out") + 1]
    only = sys.argv[sys.argv.index("--only") + 1] if "--only" in sys.argv else None
    os.makedirs(out, exist_ok=True)
    written = 0
    for name, make in EFFECTS.items():
        if only and only != name:
            continue
        write_pcm16(os.path.join(out, name + ".wav"), make(), SR)
        written += 1
    for mood, make in MUSIC.items():
        if only and only != "music-" + mood:
            continue
        write_ulaw(os.path.join(out, "music-" + mood + ".wav"), make(), MSR)
        written += 1
    print(f"wrote {written} sounds under {out}")


if __name__ == "__main__":
    main()
