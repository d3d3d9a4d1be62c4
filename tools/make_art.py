#!/usr/bin/python3
"""Procedurally draw every image asset of Questboard.

Run from anywhere:   /usr/bin/python3 tools/make_art.py [--sheet /tmp/sheet.png] [--only items]

Everything is drawn from scratch by this script with fixed random seeds, so
re-running it reproduces byte-identical PNGs.  The generated art is CC0.

Requires Pillow and numpy (Debian: python3-pil python3-numpy).

Technique: every image is rendered at S x supersampling on a float RGBA canvas.
Shapes are signed distance fields (in final-pixel units) which give
anti-aliased masks, outlines (sdf - w) and bevel height fields (lit from the
top-left) for the soft "painted miniature" look.  The canvas is box-filtered
down to the final size with premultiplied alpha.
"""
import math
import os
import random
import shutil
import sys

import numpy as np
from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
ASSETS = os.path.join(ROOT, "assets")
S = 4  # supersampling factor

_L = np.array([-0.50, -0.62, 0.60])
LX, LY, LZ = _L / np.linalg.norm(_L)
OUT = (0.10, 0.07, 0.05)  # default outline colour


def hexcol(h):
    h = h.lstrip("#")
    return tuple(int(h[i:i + 2], 16) / 255.0 for i in (0, 2, 4))


def scl(col, f):
    """Scale an RGB tuple by one factor (keeps the hue)."""
    return tuple(v * f for v in col)


def mix(a, b, t):
    return tuple(x + (y - x) * t for x, y in zip(a, b))


def smoothstep(t):
    t = np.clip(t, 0.0, 1.0)
    return t * t * (3 - 2 * t)


# --------------------------------------------------------------------------
# blur / noise
# --------------------------------------------------------------------------

def _box1d(a, r, axis, wrap):
    if r < 1:
        return a
    n = a.shape[axis]
    pw = [(0, 0)] * a.ndim
    pw[axis] = (r, r)
    p = np.pad(a, pw, mode="wrap" if wrap else "edge")
    cs = np.cumsum(p, axis=axis, dtype=np.float64)
    zshape = list(cs.shape)
    zshape[axis] = 1
    cs = np.concatenate([np.zeros(zshape), cs], axis=axis)
    hi = np.take(cs, np.arange(2 * r + 1, 2 * r + 1 + n), axis=axis)
    lo = np.take(cs, np.arange(0, n), axis=axis)
    return ((hi - lo) / (2 * r + 1)).astype(np.float32)


def gblur(a, sx, sy=None, wrap=False):
    """Approximate gaussian blur (3 box passes); sigmas in array pixels."""
    if sy is None:
        sy = sx
    out = a.astype(np.float32)
    for axis, s in ((1, sx), (0, sy)):
        if s <= 0.3:
            continue
        r = int(round((math.sqrt(4 * s * s + 1) - 1) / 2))
        r = max(r, 1)
        for _ in range(3):
            out = _box1d(out, r, axis, wrap)
    return out


def noise(shape, sx, sy=None, seed=0, wrap=True):
    """Smooth noise, zero mean, unit std; sigmas in final pixels."""
    rng = np.random.default_rng(seed)
    w = rng.standard_normal(shape).astype(np.float32)
    n = gblur(w, sx * S, (sy if sy is not None else sx) * S, wrap=wrap)
    n -= n.mean()
    sd = n.std()
    return n / (sd if sd > 1e-9 else 1.0)


# --------------------------------------------------------------------------
# canvas
# --------------------------------------------------------------------------

class Canvas:
    def __init__(self, w, h):
        self.w, self.h = w, h
        self.W, self.H = w * S, h * S
        self.rgb = np.zeros((self.H, self.W, 3), np.float32)
        self.a = np.zeros((self.H, self.W), np.float32)
        yy, xx = np.mgrid[0:self.H, 0:self.W].astype(np.float32)
        self.X = (xx + 0.5) / S
        self.Y = (yy + 0.5) / S
        self.clip = None

    @property
    def shape(self):
        return (self.H, self.W)

    def paint(self, m, color, alpha=1.0):
        m = np.clip(m * alpha, 0.0, 1.0)
        if self.clip is not None:
            m = m * self.clip
        c = np.asarray(color, np.float32)
        if c.ndim == 1:
            c = c[None, None, :]
        na = m + self.a * (1 - m)
        num = c * m[..., None] + self.rgb * (self.a * (1 - m))[..., None]
        self.rgb = num / np.maximum(na, 1e-6)[..., None]
        self.a = na

    def shadow(self, sd, dx=2.0, dy=3.0, blur=2.0, alpha=0.45, color=(0, 0, 0)):
        m = mask(sd)
        ix, iy = int(round(dx * S)), int(round(dy * S))
        m = np.roll(m, (iy, ix), axis=(0, 1))
        if iy > 0:
            m[:iy, :] = 0
        elif iy < 0:
            m[iy:, :] = 0
        if ix > 0:
            m[:, :ix] = 0
        elif ix < 0:
            m[:, ix:] = 0
        m = gblur(m, blur * S)
        self.paint(m, color, alpha)

    def glow(self, cx, cy, r, color, alpha=1.0, power=2.0):
        d = np.hypot(self.X - cx, self.Y - cy) / r
        m = np.clip(1 - d, 0, 1) ** power
        self.paint(m, color, alpha)

    def image(self):
        pre = np.concatenate([self.rgb * self.a[..., None], self.a[..., None]], -1)
        small = pre.reshape(self.h, S, self.w, S, 4).mean(axis=(1, 3))
        a = small[..., 3]
        rgb = small[..., :3] / np.maximum(a, 1e-6)[..., None]
        rgb[a <= 0] = 0
        out = np.concatenate([rgb, a[..., None]], -1)
        out = np.clip(np.round(out * 255), 0, 255).astype(np.uint8)
        return Image.fromarray(out, "RGBA")

    def save(self, rel, stored=False):
        """stored: no deflate (zlib level 0), for the floor tiles: the game
        decodes every one at start-up, and inflating them took twice as long
        as undoing Pillow's row filters (docs/benchmarks.md, target 6)."""
        path = os.path.join(ASSETS, rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        if stored:
            self.image().save(path, compress_level=0)
        else:
            self.image().save(path, optimize=True)
        GENERATED.append(rel)


GENERATED = []


def mask(sd):
    return np.clip(0.5 - sd * S, 0.0, 1.0)


# --------------------------------------------------------------------------
# signed distance shapes (final pixel units)
# --------------------------------------------------------------------------

def sd_circle(c, cx, cy, r):
    return np.hypot(c.X - cx, c.Y - cy) - r


def sd_ellipse(c, cx, cy, rx, ry):
    px, py = (c.X - cx) / rx, (c.Y - cy) / ry
    k = np.sqrt(px * px + py * py)
    gx, gy = px / rx, py / ry
    g = np.sqrt(gx * gx + gy * gy) / np.maximum(k, 1e-6)
    return (k - 1) / np.maximum(g, 1e-6)


def sd_box(c, x0, y0, x1, y1, r=0.0):
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    hx, hy = (x1 - x0) / 2 - r, (y1 - y0) / 2 - r
    qx = np.abs(c.X - cx) - hx
    qy = np.abs(c.Y - cy) - hy
    out = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return out + np.minimum(np.maximum(qx, qy), 0) - r


def sd_rbox(c, cx, cy, hw, hh, ang, r=0.0):
    """Rotated box centred on cx,cy with half sizes hw (along ang) / hh."""
    ca, sa = math.cos(ang), math.sin(ang)
    dx, dy = c.X - cx, c.Y - cy
    u = dx * ca + dy * sa
    v = -dx * sa + dy * ca
    qx = np.abs(u) - (hw - r)
    qy = np.abs(v) - (hh - r)
    out = np.hypot(np.maximum(qx, 0), np.maximum(qy, 0))
    return out + np.minimum(np.maximum(qx, qy), 0) - r


def _seg_dist(c, ax, ay, bx, by):
    px, py = c.X - ax, c.Y - ay
    vx, vy = bx - ax, by - ay
    ll = vx * vx + vy * vy
    if ll < 1e-9:
        return np.hypot(px, py)
    t = np.clip((px * vx + py * vy) / ll, 0, 1)
    return np.hypot(px - vx * t, py - vy * t)


def sd_line(c, pts, w):
    d = None
    for (ax, ay), (bx, by) in zip(pts[:-1], pts[1:]):
        s = _seg_dist(c, ax, ay, bx, by)
        d = s if d is None else np.minimum(d, s)
    return d - w / 2


def sd_poly(c, pts):
    im = Image.new("L", (c.W, c.H), 0)
    ImageDraw.Draw(im).polygon([(x * S, y * S) for x, y in pts], fill=255)
    inside = np.asarray(im) > 127
    d = None
    n = len(pts)
    for i in range(n):
        ax, ay = pts[i]
        bx, by = pts[(i + 1) % n]
        s = _seg_dist(c, ax, ay, bx, by)
        d = s if d is None else np.minimum(d, s)
    return np.where(inside, -d, d)


def sd_ring(sd, w):
    return np.abs(sd) - w / 2


def union(*a):
    out = a[0]
    for x in a[1:]:
        out = np.minimum(out, x)
    return out


def smin(a, b, k):
    """Smooth union (polynomial smooth minimum)."""
    h = np.clip(0.5 + 0.5 * (b - a) / k, 0, 1)
    return b + (a - b) * h - k * h * (1 - h)


def inter(a, b):
    return np.maximum(a, b)


def sub(a, b):
    return np.maximum(a, -b)


def lighting(H):
    gy, gx = np.gradient(H)
    gx = gx * S
    gy = gy * S
    nz = 1.0 / np.sqrt(gx * gx + gy * gy + 1.0)
    return (-gx * LX - gy * LY + LZ) * nz / LZ


def apply_light(rgb, d, hi=0.55):
    d = d[..., None]
    dark = rgb * np.clip(d, 0, 1)
    light = rgb + (1 - rgb) * np.clip(d - 1, 0, 1) * hi
    return np.where(d < 1, dark, light)


def fill(c, sd, color, bevel=0.0, depth=1.0, outline=0.0, ocol=OUT, alpha=1.0,
         tex=None, profile="smooth", hi=0.55, inner_dark=0.0):
    """Fill a shape; optional outline, bevel lighting and texture modulation."""
    if outline > 0:
        c.paint(mask(sd - outline), ocol, alpha)
    col = np.asarray(color, np.float32)
    if col.ndim == 1:
        rgb = np.broadcast_to(col[None, None, :], (c.H, c.W, 3)).copy()
    else:
        rgb = col.copy()
    if tex is not None:
        rgb = rgb * tex[..., None]
    if bevel > 0:
        t = np.clip(-sd / bevel, 0, 1)
        if profile == "smooth":
            h = smoothstep(t)
        elif profile == "round":
            h = np.sqrt(np.clip(1 - (1 - t) ** 2, 0, 1))
        else:
            h = t
        H = h * bevel * depth
        rgb = apply_light(rgb, lighting(H), hi)
        if inner_dark:
            rgb = rgb * (1 - inner_dark * (1 - h))[..., None]
    c.paint(mask(sd), np.clip(rgb, 0, 1), alpha)


def lit_rgb(rgb, H, hi=0.55):
    return np.clip(apply_light(rgb, lighting(H), hi), 0, 1)


# --------------------------------------------------------------------------
# geometry helpers
# --------------------------------------------------------------------------

def rot_pts(pts, cx, cy, ang):
    ca, sa = math.cos(ang), math.sin(ang)
    return [(cx + u * ca - v * sa, cy + u * sa + v * ca) for u, v in pts]


def bez(p0, p1, p2, n=24):
    out = []
    for i in range(n + 1):
        t = i / n
        a, b, cc = (1 - t) ** 2, 2 * (1 - t) * t, t * t
        out.append((a * p0[0] + b * p1[0] + cc * p2[0], a * p0[1] + b * p1[1] + cc * p2[1]))
    return out


def taper(line, w0, w1):
    """Polygon around a centre line whose width goes from w0 to w1."""
    left, right = [], []
    n = len(line)
    for i, (x, y) in enumerate(line):
        if i == 0:
            dx, dy = line[1][0] - x, line[1][1] - y
        elif i == n - 1:
            dx, dy = x - line[i - 1][0], y - line[i - 1][1]
        else:
            dx, dy = line[i + 1][0] - line[i - 1][0], line[i + 1][1] - line[i - 1][1]
        ll = math.hypot(dx, dy) or 1
        nx, ny = -dy / ll, dx / ll
        w = (w0 + (w1 - w0) * i / (n - 1)) / 2
        left.append((x + nx * w, y + ny * w))
        right.append((x - nx * w, y - ny * w))
    return left + right[::-1]


def star_pts(cx, cy, r1, r2, n=5, rot=-math.pi / 2):
    pts = []
    for i in range(2 * n):
        r = r1 if i % 2 == 0 else r2
        a = rot + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def mirror(pts, cx):
    return [(2 * cx - x, y) for x, y in pts]


# --------------------------------------------------------------------------
# materials
# --------------------------------------------------------------------------

def wood_tex(c, seed, axis="x", period=3.2, amount=0.10, wrap=False):
    """Multiplicative wood grain texture (mean ~1)."""
    if axis == "x":
        low = noise(c.shape, 10, 2.5, seed, wrap)
        fine = noise(c.shape, 9, 0.35, seed + 1, wrap)
        t = c.Y + 1.2 * low
    else:
        low = noise(c.shape, 2.5, 10, seed, wrap)
        fine = noise(c.shape, 0.35, 9, seed + 1, wrap)
        t = c.X + 1.2 * low
    stripes = np.sin(t * 2 * math.pi / period)
    return 1 + amount * (0.6 * stripes + 0.6 * fine)


def stone_tex(c, seed, amount=0.06, wrap=False):
    n1 = noise(c.shape, 5, seed=seed, wrap=wrap)
    n2 = noise(c.shape, 0.8, seed=seed + 7, wrap=wrap)
    return 1 + amount * n1 + amount * 0.6 * n2


WOOD = (0.55, 0.36, 0.20)
DARKWOOD = (0.36, 0.22, 0.12)
STEEL = (0.70, 0.72, 0.76)
IRON = (0.30, 0.30, 0.33)
GOLD = (0.92, 0.72, 0.25)
STONE = (0.58, 0.56, 0.53)


# ==========================================================================
# 1. floor tiles
# ==========================================================================

FLAG_LAYOUTS = [
    [(0, 0, 64, 64)],
    [(0, 0, 64, 30), (0, 30, 64, 64)],
    [(0, 0, 30, 64), (30, 0, 64, 64)],
    [(0, 0, 36, 28), (36, 0, 64, 28), (0, 28, 22, 64), (22, 28, 64, 64)],
    [(0, 0, 64, 22), (0, 22, 40, 64), (40, 22, 64, 64)],
    [(0, 0, 64, 64)],
    [(0, 0, 64, 40), (0, 40, 30, 64), (30, 40, 64, 64)],
    [(0, 0, 42, 64), (42, 0, 64, 26), (42, 26, 64, 64)],
]


def crack(c, rng, x0, y0, x1, y1, steps=7, width=0.55):
    """A thin wandering crack inside the rectangle."""
    x = rng.uniform(x0 + 4, x1 - 4)
    y = rng.uniform(y0 + 4, y1 - 4)
    ang = rng.uniform(0, 2 * math.pi)
    pts = [(x, y)]
    for _ in range(steps):
        ang += rng.uniform(-0.8, 0.8)
        ln = rng.uniform(2.5, 5.5)
        x = min(max(x + math.cos(ang) * ln, x0 + 2), x1 - 2)
        y = min(max(y + math.sin(ang) * ln, y0 + 2), y1 - 2)
        pts.append((x, y))
    hl = [(px + 0.5, py + 0.5) for px, py in pts]
    c.paint(mask(sd_line(c, hl, width)), (1, 1, 1), 0.35)
    c.paint(mask(sd_line(c, pts, width)), (0.38, 0.37, 0.36), 0.75)
    # a short branch
    k = rng.randrange(1, len(pts) - 1)
    bx, by = pts[k]
    a2 = ang + rng.choice([-1, 1]) * 1.2
    br = [(bx, by), (bx + math.cos(a2) * 4, by + math.sin(a2) * 4)]
    c.paint(mask(sd_line(c, br, width * 0.8)), (0.42, 0.41, 0.40), 0.6)


def floor_tile(i):
    rng = random.Random(1000 + i)
    c = Canvas(64, 64)
    grout = 0.68
    gtex = 1 + 0.05 * noise(c.shape, 1.0, seed=2000 + i)
    c.paint(np.ones(c.shape), np.stack([grout * gtex] * 3, -1))
    big = noise(c.shape, 9, seed=3000 + i)
    mid = noise(c.shape, 2.2, seed=3100 + i)
    fine = noise(c.shape, 0.5, seed=3200 + i)
    for (x0, y0, x1, y1) in FLAG_LAYOUTS[i]:
        sd = sd_box(c, x0 + 1.0, y0 + 1.0, x1 - 1.0, y1 - 1.0, r=1.8)
        base = 0.88 + rng.uniform(-0.035, 0.03)
        tex = base * (1 + 0.030 * big + 0.020 * mid + 0.018 * fine)
        warm = np.stack([tex * 1.005, tex, tex * 0.985], -1)
        fill(c, sd, warm, bevel=2.0, depth=0.42, hi=0.35, inner_dark=0.04)
    # cracks and chips
    ncr = {0: 1, 5: 3}.get(i, rng.choice([0, 1, 1]))
    for _ in range(ncr):
        x0, y0, x1, y1 = rng.choice(FLAG_LAYOUTS[i])
        if x1 - x0 > 16 and y1 - y0 > 16:
            crack(c, rng, x0 + 3, y0 + 3, x1 - 3, y1 - 3, steps=rng.randint(4, 8))
    for _ in range(rng.randint(2, 5)):
        px, py = rng.uniform(6, 58), rng.uniform(6, 58)
        r = rng.uniform(0.5, 1.1)
        c.paint(mask(sd_circle(c, px + 0.4, py + 0.4, r)), (1, 1, 1), 0.25)
        c.paint(mask(sd_circle(c, px, py, r)), (0.55, 0.54, 0.53), 0.45)
    return c


def rock_tile(i):
    """Solid rock / rubble-stone: dark, rough, clearly impassable."""
    rng = np.random.default_rng(4000 + i)
    c = Canvas(64, 64)
    n = 9 + i
    pts = rng.uniform(3, 61, size=(n, 2))
    dx = c.X[..., None] - pts[None, None, :, 0]
    dy = c.Y[..., None] - pts[None, None, :, 1]
    d = np.sqrt(dx * dx + dy * dy)
    idx = np.argsort(d, axis=-1)
    f1 = np.take_along_axis(d, idx[..., :1], -1)[..., 0]
    f2 = np.take_along_axis(d, idx[..., 1:2], -1)[..., 0]
    cell = idx[..., 0]
    edge = (f2 - f1) / 2
    border = np.minimum(np.minimum(c.X, c.Y), np.minimum(64 - c.X, 64 - c.Y))
    crev = np.minimum(edge, border + 0.2)
    hcell = rng.uniform(0.6, 1.0, n)[cell]
    tiltx = rng.uniform(-0.08, 0.08, n)[cell]
    tilty = rng.uniform(-0.08, 0.08, n)[cell]
    rough = noise(c.shape, 1.2, seed=4100 + i) * 0.35 + noise(c.shape, 0.4, seed=4200 + i) * 0.12
    H = (smoothstep(crev / 4.0) * 4.0 * hcell + (c.X - pts[cell, 0]) * tiltx
         + (c.Y - pts[cell, 1]) * tilty + rough)
    tone = rng.uniform(0.26, 0.36, n)[cell]
    base = np.stack([tone * 1.04, tone, tone * 0.95], -1)
    base *= (1 + 0.08 * noise(c.shape, 3, seed=4300 + i))[..., None]
    rgb = lit_rgb(base, H * 0.9, hi=0.35)
    dark = smoothstep(1 - crev / 1.6)[..., None]
    rgb = rgb * (1 - 0.8 * dark)
    c.paint(np.ones(c.shape), rgb)
    return c


def carpet_tile(i):
    c = Canvas(64, 64)
    rng = random.Random(5000 + i)
    red = np.array(hexcol("8a1f2b"), np.float32)
    weave = 0.5 + 0.5 * np.sin(c.X * math.pi * 2 / 1.0) * np.sin(c.Y * math.pi * 2 / 1.0)
    n1 = noise(c.shape, 6, seed=5100)  # same low noise for all (seamless)
    n2 = noise(c.shape, 0.5, seed=5200 + i)
    tex = 1 + 0.05 * n1 + 0.05 * n2 + 0.05 * (weave - 0.5)
    if i == 2:
        tex = tex + 0.06 * np.clip(noise(c.shape, 4, seed=5300), 0, None)  # worn
    rgb = red[None, None, :] * tex[..., None]
    u = np.mod(c.X, 32)
    v = np.mod(c.Y, 32)
    dd = np.abs(np.abs(u - 16) + np.abs(v - 16) - 16) / math.sqrt(2)
    c.paint(np.ones(c.shape), rgb)
    dark = red * 0.55
    goldc = np.array((0.86, 0.66, 0.28), np.float32)
    c.paint(mask(dd - 1.6), dark * tex[..., None])
    c.paint(mask(dd - 0.55), goldc * tex[..., None], 0.9)
    # gold knots on lattice crossings, small motif in each diamond centre
    cu = np.minimum(u, 32 - u)
    cv = np.minimum(v, 32 - v)
    knot = np.hypot(cu, cv) - 2.3
    c.paint(mask(knot - 0.8), dark)
    c.paint(mask(knot), goldc * tex[..., None])
    cen = np.abs(u - 16) + np.abs(v - 16)
    if i == 1:
        c.paint(mask(cen - 6.0), dark)
        c.paint(mask(cen - 5.0), goldc * tex[..., None])
        c.paint(mask(cen - 2.8), red * 0.8)
        c.paint(mask(np.hypot(u - 16, v - 16) - 1.2), goldc)
    else:
        four = np.minimum(np.abs(u - 16), np.abs(v - 16)) - 0.7
        c.paint(mask(np.maximum(four, cen - 5.5)), goldc * tex[..., None], 0.85)
        c.paint(mask(np.hypot(u - 16, v - 16) - 1.6), dark)
    # faint pile shading
    sh = noise(c.shape, 12, seed=5400)
    c.paint(np.ones(c.shape) * np.clip(sh * 0.05, 0, 1), (0, 0, 0))
    return c


def autotile(msk):
    """Blue ritual floor; decorative border on sides whose neighbour differs."""
    c = Canvas(64, 64)
    A = np.array(hexcol("2b5f8a"), np.float32)
    B = A * np.array([0.80, 0.84, 0.88], np.float32)
    ti = np.floor(c.X / 16).astype(int)
    tj = np.floor(c.Y / 16).astype(int)
    check = ((ti + tj) % 2 == 0)
    base = np.where(check[..., None], A[None, None, :], B[None, None, :])
    fine = noise(c.shape, 0.7, seed=6000)
    lowv = noise(c.shape, 6, seed=6001)
    base = base * (1 + 0.04 * fine + 0.03 * lowv)[..., None]
    grout = np.array((0.62, 0.66, 0.70), np.float32)
    c.paint(np.ones(c.shape), np.broadcast_to(grout, (c.H, c.W, 3)))
    u = np.mod(c.X, 16)
    v = np.mod(c.Y, 16)
    sd = np.maximum(np.abs(u - 8), np.abs(v - 8)) - 7.3
    H = smoothstep(np.clip(-sd / 1.6, 0, 1)) * 1.2
    rgb = lit_rgb(base, H, hi=0.5)
    gl = np.clip(1 - np.hypot(u - 5, v - 5) / 7, 0, 1) ** 2 * 0.18  # glaze highlight
    rgb = rgb + (1 - rgb) * gl[..., None]
    c.paint(mask(sd), rgb)
    gold = np.array((0.90, 0.72, 0.30), np.float32)
    # small gold studs on every 32 px crossing (quarters meet at tile corners)
    uu = np.mod(c.X + 16, 32) - 16
    vv = np.mod(c.Y + 16, 32) - 16
    stud = np.abs(uu) + np.abs(vv) - 2.6
    c.paint(mask(stud), lit_rgb(np.broadcast_to(gold, (c.H, c.W, 3)),
                                smoothstep(-stud / 1.5) * 1.5))

    sides = {1: "N", 2: "E", 4: "S", 8: "W"}
    bordered = {s: not (msk & b) for b, s in sides.items()}
    dist = {"N": c.Y, "S": 64 - c.Y, "W": c.X, "E": 64 - c.X}
    BIG = np.full(c.shape, 1e3, np.float32)
    d = BIG.copy()
    for s, on in bordered.items():
        if on:
            d = np.minimum(d, dist[s])
    if not any(bordered.values()):
        return c
    navy = np.array((0.07, 0.12, 0.22), np.float32)
    deep = np.array((0.10, 0.19, 0.33), np.float32)
    # soft shadow cast into the floor by the raised border
    c.paint(np.clip(1 - (d - 14) / 3, 0, 1) * (d >= 13.5), (0, 0, 0), 0.35)
    band = (d < 14.0).astype(np.float32)
    bandc = np.where((d < 1.3)[..., None], navy, deep)
    bt = 1 + 0.04 * fine
    c.paint(np.clip(14.0 - d, 0, 1) * band + (d < 13.5), bandc * bt[..., None])
    for lo, hi_ in ((1.5, 3.2), (10.9, 12.6)):
        ln = np.clip(np.minimum(d - lo, hi_ - d) * S + 0.5, 0, 1)
        shade = 1.15 - 0.3 * (d - lo) / (hi_ - lo)
        c.paint(ln, gold[None, None, :] * shade[..., None])
    c.paint(np.clip(np.minimum(d - 13.0, 14.0 - d) * S + 0.5, 0, 1), navy)
    # motifs: diamonds every 16 px along each bordered side
    along = {"N": c.X, "S": c.X, "W": c.Y, "E": c.Y}
    ends = {"N": ("W", "E"), "S": ("W", "E"), "W": ("N", "S"), "E": ("N", "S")}
    motif = BIG.copy()
    for s, on in bordered.items():
        if not on:
            continue
        for k in range(4):
            t = 8 + 16 * k
            if k == 0 and bordered[ends[s][0]]:
                continue
            if k == 3 and bordered[ends[s][1]]:
                continue
            dm = (np.abs(along[s] - t) + np.abs(dist[s] - 7.0)) - 3.3
            dm = np.where(np.abs(dist[s] - d) < 1e-3, dm, 1e3)
            motif = np.minimum(motif, dm)
    goldarr = np.broadcast_to(gold, (c.H, c.W, 3))
    c.paint(mask(motif), lit_rgb(goldarr, smoothstep(-motif / 1.6) * 1.6))
    c.paint(mask(motif + 2.0), navy)
    # corner rosettes where two bordered sides meet
    corners = {("N", "W"): (7, 7), ("N", "E"): (57, 7), ("S", "W"): (7, 57), ("S", "E"): (57, 57)}
    for (a, b), (cx, cy) in corners.items():
        if bordered[a] and bordered[b]:
            r = sd_circle(c, cx, cy, 4.6)
            fill(c, r, gold, bevel=1.8, outline=0.7, ocol=navy)
            fill(c, sd_circle(c, cx, cy, 2.0), (0.75, 0.12, 0.15), bevel=1.2, hi=0.8)
    return c


PLANK_JOINTS = [
    [[], [30], [], [44]],
    [[20], [], [48], []],
    [[], [38], [14], []],
]


def wood_tile(i):
    c = Canvas(64, 64)
    rng = random.Random(7000 + i)
    base = np.array(hexcol("6b4a2b"), np.float32)
    gap = np.array((0.16, 0.10, 0.06), np.float32)
    c.paint(np.ones(c.shape), np.broadcast_to(gap, (c.H, c.W, 3)))
    for row in range(4):
        y0, y1 = row * 16, row * 16 + 16
        xs = [0] + PLANK_JOINTS[i][row] + [64]
        for k in range(len(xs) - 1):
            x0, x1 = xs[k], xs[k + 1]
            seed = 7100 + i * 50 + row * 7 + k
            tex = wood_tex(c, seed, "x", period=rng.uniform(2.4, 3.6), amount=0.11, wrap=True)
            tone = base * rng.uniform(0.90, 1.10)
            sd = sd_box(c, x0 + 0.45, y0 + 0.45, x1 - 0.45, y1 - 0.45, r=0.8)
            fill(c, sd, tone, bevel=1.3, depth=0.8, tex=tex, hi=0.3)
            # nails near the plank ends
            for nx in (x0 + 2.6, x1 - 2.6):
                if 0 < nx < 64 and (nx not in (2.6, 61.4)):
                    for ny in (y0 + 4.5, y1 - 4.5):
                        fill(c, sd_circle(c, nx, ny, 0.8), (0.22, 0.18, 0.15), bevel=0.6)
            # a knot now and then
            if rng.random() < 0.25 and x1 - x0 > 20:
                kx, ky = rng.uniform(x0 + 6, x1 - 6), rng.uniform(y0 + 5, y1 - 5)
                kn = sd_ellipse(c, kx, ky, 2.6, 1.5)
                c.paint(mask(sd_ring(kn, 0.5)), tone * 0.55, 0.7)
                c.paint(mask(kn + 1.0), tone * 0.5, 0.8)
    # board-square edge at x = 0 (the tile edge) for all variants
    c.paint(mask(sd_box(c, -1, -1, 0.5, 65)), gap, 0.9)
    return c


def make_tiles():
    for i in range(8):
        floor_tile(i).save(f"tiles/ffffff_{i + 1}.png", stored=True)
    for i in range(4):
        rock_tile(i).save(f"tiles/c3c3c3_{i + 1}.png", stored=True)
    for i in range(3):
        carpet_tile(i).save(f"tiles/8a1f2b_{i + 1}.png", stored=True)
    for m in range(16):
        autotile(m).save(f"tiles/2b5f8a_a{m}_1.png", stored=True)
    for i in range(3):
        wood_tile(i).save(f"tiles/6b4a2b_{i + 1}.png", stored=True)


# ==========================================================================
# 2. pieces (tokens)
# ==========================================================================

TCX, TCY, TR = 64.0, 62.0, 56.0
FIELD_R = 45.0
SKIN = (0.94, 0.74, 0.57)


def token_base(c, hero):
    c.shadow(sd_circle(c, TCX, TCY, TR), 2.0, 3.5, 2.0, 0.5)
    outer = sd_circle(c, TCX, TCY, TR)
    c.paint(mask(outer - 1.0), (0.06, 0.04, 0.03))
    if hero:
        rim = (0.93, 0.74, 0.26)
    else:
        rim = (0.58, 0.08, 0.09)
    ring = sub(outer, sd_circle(c, TCX, TCY, FIELD_R + 1))
    tex = 1 + 0.03 * noise(c.shape, 1.0, seed=11)
    fill(c, ring, rim, bevel=5.0, depth=0.9, tex=tex, hi=0.7)
    # thin accent ring: bright blue for heroes, black for monsters
    acc = sd_ring(sd_circle(c, TCX, TCY, FIELD_R + 1.6), 2.6)
    fill(c, acc, (0.18, 0.52, 0.98) if hero else (0.14, 0.02, 0.02), bevel=1.3, hi=0.8)
    field = sd_circle(c, TCX, TCY, FIELD_R)
    rr = np.hypot(c.X - TCX + 8, c.Y - TCY + 10) / (FIELD_R * 1.6)
    if hero:
        inner, outer_c = np.array((0.86, 0.89, 0.93)), np.array((0.58, 0.66, 0.78))
    else:
        inner, outer_c = np.array((0.46, 0.40, 0.36)), np.array((0.24, 0.20, 0.19))
    t = np.clip(rr, 0, 1)[..., None]
    grad = inner * (1 - t) + outer_c * t
    grad = grad * (1 + 0.03 * noise(c.shape, 2.0, seed=12))[..., None]
    c.paint(mask(field), grad.astype(np.float32))
    # recessed field: inner shadow at the top-left edge
    sh = np.clip(1 + (np.hypot(c.X - TCX + 1.5, c.Y - TCY + 2.0) - FIELD_R) / 4.0, 0, 1)
    c.paint(mask(field) * sh, (0, 0, 0), 0.45)
    c.clip = mask(field + 0.3)


def eye(c, x, y, rx, ry, white=(0.98, 0.96, 0.9), pupil=(0.05, 0.05, 0.05), pr=None, slit=False):
    fill(c, sd_ellipse(c, x, y, rx, ry), white, outline=0.8, bevel=1.0)
    if pr is None:
        pr = min(rx, ry) * 0.55
    if slit:
        fill(c, sd_ellipse(c, x, y, pr * 0.45, ry * 0.85), pupil)
    else:
        fill(c, sd_circle(c, x, y, pr), pupil)
        c.paint(mask(sd_circle(c, x - pr * 0.35, y - pr * 0.35, pr * 0.3)), (1, 1, 1), 0.9)


def draw_barbarian(c):
    ang = -math.pi / 4
    cx, cy = 64, 62
    # big sword behind, hilt lower left, tip upper right
    blade = rot_pts([(-24, -6.5), (36, -6.5), (50, 0), (36, 6.5), (-24, 6.5)], cx, cy, ang)
    fill(c, sd_poly(c, blade), (0.80, 0.82, 0.86), bevel=3.0, outline=1.4, hi=0.9)
    fuller = rot_pts([(-22, 0), (34, 0)], cx, cy, ang)
    c.paint(mask(sd_line(c, fuller, 1.6)), (0.42, 0.45, 0.52), 0.8)
    guard = sd_rbox(c, *rot_pts([(-26, 0)], cx, cy, ang)[0], 3.2, 15, ang, r=1.5)
    fill(c, guard, GOLD, bevel=1.8, outline=1.2)
    grip = sd_line(c, rot_pts([(-29, 0), (-38, 0)], cx, cy, ang), 5.5)
    fill(c, grip, (0.45, 0.25, 0.12), bevel=2.0, outline=1.2)
    px, py = rot_pts([(-41, 0)], cx, cy, ang)[0]
    fill(c, sd_circle(c, px, py, 4.4), GOLD, bevel=2.5, outline=1.2, profile="round")
    # wild red hair & beard
    hair = sd_poly(c, [(44, 60), (84, 60), (88, 80), (78, 96), (70, 92), (64, 100),
                       (58, 92), (50, 96), (40, 80)])
    fill(c, hair, (0.80, 0.36, 0.12), bevel=3.0, outline=1.3,
         tex=1 + 0.12 * noise(c.shape, 0.5, 3, seed=21))
    # face
    fill(c, sd_ellipse(c, 64, 70, 14, 15), SKIN, bevel=5, outline=1.2, profile="round")
    eye(c, 58.5, 69, 2.6, 2.0, pr=1.4)
    eye(c, 69.5, 69, 2.6, 2.0, pr=1.4)
    c.paint(mask(sd_line(c, [(54.5, 64.5), (61, 66.5)], 1.6)), (0.5, 0.2, 0.08))
    c.paint(mask(sd_line(c, [(73.5, 64.5), (67, 66.5)], 1.6)), (0.5, 0.2, 0.08))
    mou = sd_poly(c, [(55, 78), (73, 78), (70, 84), (64, 86), (58, 84)])
    fill(c, mou, (0.80, 0.36, 0.12), bevel=1.5, outline=0.8)
    c.paint(mask(sd_line(c, [(59, 80), (69, 80)], 1.3)), (0.3, 0.08, 0.05))
    # horns
    for side in (-1, 1):
        ln = bez((64 + side * 17, 56), (64 + side * 38, 54), (64 + side * 36, 24), 20)
        fill(c, sd_poly(c, taper(ln, 9, 0.5)), (0.95, 0.90, 0.74), bevel=2.5, outline=1.3,
             hi=0.7)
        for t in (4, 8, 12):
            p = ln[t]
            c.paint(mask(sd_circle(c, p[0], p[1], 3.4 - t * 0.15) + 0.0) *
                    mask(-sd_circle(c, p[0], p[1], 2.7 - t * 0.15)), (0.55, 0.48, 0.35), 0.6)
    # helmet dome with rivets and nose guard
    dome = inter(sd_ellipse(c, 64, 59, 20, 18), c.Y - 60.0)
    fill(c, dome, (0.62, 0.64, 0.68), bevel=6, outline=1.4, profile="round", hi=0.8)
    band = sd_box(c, 43.5, 55, 84.5, 61.5, r=2)
    fill(c, band, (0.50, 0.45, 0.40), bevel=1.8, outline=1.1)
    for x in (48, 56, 72, 80):
        fill(c, sd_circle(c, x, 58.2, 1.2), (0.85, 0.85, 0.8), bevel=0.8)
    fill(c, sd_box(c, 62, 58, 66, 75, r=1.5), (0.60, 0.62, 0.66), bevel=1.5, outline=1.0)


def draw_dwarf(c):
    # axe behind: handle diagonal, double bit at the upper right
    hx0, hy0, hx1, hy1 = 44, 104, 92, 28
    fill(c, sd_line(c, [(hx0, hy0), (hx1, hy1)], 5), (0.50, 0.30, 0.14), bevel=2, outline=1.2,
         tex=wood_tex(c, 31, "y", amount=0.08))
    ang = math.atan2(hy1 - hy0, hx1 - hx0)
    hx, hy = 88, 34
    for sgn in (1, -1):
        bit = [(-6, 2 * sgn), (6, 2 * sgn), (13, 17 * sgn), (0, 21 * sgn), (-13, 17 * sgn)]
        fill(c, sd_poly(c, rot_pts(bit, hx, hy, ang)), STEEL, bevel=3, outline=1.3, hi=0.8)
    fill(c, sd_rbox(c, hx, hy, 7, 4, ang, r=1.5), (0.45, 0.45, 0.5), bevel=1.5, outline=1)
    # huge beard
    beard = sd_poly(c, [(42, 58), (86, 58), (88, 74), (82, 92), (74, 100), (64, 108),
                        (54, 100), (46, 92), (40, 74)])
    btex = 1 + 0.14 * noise(c.shape, 0.45, 4, seed=32)
    fill(c, beard, (0.80, 0.45, 0.16), bevel=5, outline=1.4, tex=btex)
    for x in (52, 60, 68, 76):
        c.paint(mask(sd_line(c, [(x, 80), (x + (64 - x) * 0.15, 100)], 1.0)), (0.45, 0.22, 0.07), 0.6)
    # face
    fill(c, sd_ellipse(c, 64, 60, 15, 12), SKIN, bevel=4, outline=1.2, profile="round")
    eye(c, 58, 58, 2.5, 2.0, pr=1.3)
    eye(c, 70, 58, 2.5, 2.0, pr=1.3)
    c.paint(mask(sd_line(c, [(53.5, 54), (61, 55)], 2.0)), (0.55, 0.28, 0.1))
    c.paint(mask(sd_line(c, [(74.5, 54), (67, 55)], 2.0)), (0.55, 0.28, 0.1))
    fill(c, sd_circle(c, 64, 64, 4.2), (0.92, 0.58, 0.46), bevel=3, outline=1.0, profile="round")
    # moustache
    for side in (-1, 1):
        ln = bez((64, 68), (64 + side * 10, 66), (64 + side * 17, 76), 12)
        fill(c, sd_poly(c, taper(ln, 6, 1.5)), (0.88, 0.55, 0.22), bevel=2, outline=1.0)
    # steel cap helmet with crest
    dome = inter(sd_ellipse(c, 64, 50, 19, 17), c.Y - 51.0)
    fill(c, dome, (0.66, 0.68, 0.72), bevel=6, outline=1.4, profile="round", hi=0.8)
    fill(c, sd_box(c, 44, 47, 84, 53, r=2), GOLD, bevel=1.8, outline=1.1)
    fill(c, sd_box(c, 62, 33, 66, 50, r=1.8), GOLD, bevel=1.5, outline=1.0)


def draw_elf(c):
    # bow on the left: curved limb + string
    arc = [(40 - 22 * math.sin(math.pi * t / 20), 20 + 84 * t / 20) for t in range(21)]
    fill(c, sd_poly(c, taper(arc, 3.0, 3.0)), (0.55, 0.32, 0.14), bevel=1.5, outline=1.2)
    fill(c, sd_line(c, arc[8:13], 5.5), (0.30, 0.55, 0.25), bevel=1.5, outline=1.0)
    c.paint(mask(sd_line(c, [arc[0], arc[-1]], 0.9)), (0.95, 0.93, 0.85))
    # arrow nocked across
    fill(c, sd_line(c, [(22, 62), (100, 62)], 2), (0.65, 0.45, 0.25), outline=0.8)
    fill(c, sd_poly(c, [(100, 57.5), (109, 62), (100, 66.5)]), STEEL, outline=0.8, bevel=1)
    # hood (pointed at the top) around the face
    hood = sd_poly(c, bez((40, 96), (34, 36), (64, 18), 14) + bez((64, 18), (94, 36), (88, 96), 14)[1:])
    fill(c, hood, (0.18, 0.52, 0.24), bevel=6, outline=1.5, tex=1 + 0.05 * noise(c.shape, 1.5, seed=41))
    # blond hair inside hood
    hair = sd_ellipse(c, 64, 62, 19, 24)
    fill(c, hair, (0.98, 0.86, 0.42), bevel=4, outline=1.0,
         tex=1 + 0.10 * noise(c.shape, 0.4, 3, seed=42))
    # pointed ears
    for side in (-1, 1):
        ear = [(64 + side * 14, 58), (64 + side * 44, 46), (64 + side * 14, 68)]
        fill(c, sd_poly(c, ear), SKIN, bevel=2.5, outline=1.4)
        c.paint(mask(sd_poly(c, [(64 + side * 16, 60), (64 + side * 36, 50), (64 + side * 16, 65)])),
                (0.85, 0.55, 0.45), 0.7)
    # face
    fill(c, sd_ellipse(c, 64, 66, 12.5, 16), SKIN, bevel=5, outline=1.2, profile="round")
    # fringe
    fring = sd_poly(c, [(50, 56), (56, 47), (64, 45), (72, 47), (78, 56), (70, 52), (64, 55), (58, 52)])
    fill(c, fring, (0.98, 0.86, 0.42), bevel=2, outline=0.9)
    for side in (-1, 1):
        ex = 64 + side * 5.5
        fill(c, sd_poly(c, [(ex - 3.2, 63), (ex, 61.3), (ex + 3.2, 63), (ex, 64.8)]),
             (0.98, 0.96, 0.9), outline=0.7)
        fill(c, sd_circle(c, ex, 63, 1.3), (0.15, 0.5, 0.25))
    c.paint(mask(sd_line(c, [(61, 74), (67, 74)], 1.2)), (0.6, 0.3, 0.25))


def draw_wizard(c):
    # staff with glowing orb on the right
    fill(c, sd_line(c, [(92, 108), (95, 34)], 4.6), (0.48, 0.30, 0.15), bevel=2, outline=1.2,
         tex=wood_tex(c, 51, "y", amount=0.08))
    c.glow(95, 27, 16, (0.6, 0.95, 1.0), 0.8)
    fill(c, sd_circle(c, 95, 27, 6.5), (0.45, 0.85, 1.0), bevel=6, outline=1.2, profile="round", hi=0.9)
    # long white beard
    beard = sd_poly(c, [(49, 62), (79, 62), (78, 78), (70, 96), (63, 110), (56, 94), (48, 76)])
    fill(c, beard, (0.95, 0.95, 0.97), bevel=4, outline=1.4,
         tex=1 + 0.07 * noise(c.shape, 0.4, 4, seed=52))
    # face
    fill(c, sd_ellipse(c, 63, 63, 12, 10), SKIN, bevel=4, outline=1.2, profile="round")
    eye(c, 58.5, 62, 2.1, 1.8, pr=1.2)
    eye(c, 67.5, 62, 2.1, 1.8, pr=1.2)
    for side in (-1, 1):
        ln = bez((63, 68), (63 + side * 8, 66), (63 + side * 12, 74), 10)
        fill(c, sd_poly(c, taper(ln, 4.5, 1)), (0.9, 0.9, 0.93), bevel=1.5, outline=0.8)
    # hat: wide brim + tall bent cone
    hatc = (0.26, 0.22, 0.72)
    ht = 1 + 0.05 * noise(c.shape, 1.5, seed=53)
    fill(c, sd_ellipse(c, 63, 55, 31, 8.5), hatc, bevel=3, outline=1.5, tex=ht)
    cone = sd_poly(c, bez((40, 54), (48, 32), (46, 12), 12) + bez((46, 12), (62, 30), (86, 54), 12)[1:])
    fill(c, cone, hatc, bevel=6, outline=1.5, tex=ht)
    fill(c, sd_box(c, 41, 49, 85, 55, r=2.5), (0.92, 0.75, 0.25), bevel=1.5, outline=1.0)
    for (sx, sy, r) in ((56, 40, 4.2), (66, 30, 3.2), (51, 26, 2.6)):
        fill(c, sd_poly(c, star_pts(sx, sy, r, r * 0.45)), (1.0, 0.9, 0.35), outline=0.7)
    moon = sub(sd_circle(c, 70, 44, 3.6), sd_circle(c, 71.8, 42.8, 3.0))
    fill(c, moon, (1.0, 0.9, 0.35))


def draw_goblin(c):
    g = (0.52, 0.76, 0.18)
    for side in (-1, 1):
        ear = bez((64 + side * 14, 52), (64 + side * 30, 46), (64 + side * 46, 36), 12)
        earp = [(64 + side * 16, 50)] + [ear[-1]] + [(64 + side * 30, 60), (64 + side * 16, 68)]
        fill(c, sd_poly(c, earp), g, bevel=3, outline=1.5)
        inner = [(64 + side * 19, 54), (64 + side * 40, 40), (64 + side * 27, 58), (64 + side * 19, 63)]
        c.paint(mask(sd_poly(c, inner)), (0.75, 0.45, 0.35), 0.8)
    head = sd_ellipse(c, 64, 64, 17, 19)
    fill(c, head, g, bevel=6, outline=1.5, profile="round",
         tex=1 + 0.05 * noise(c.shape, 1.2, seed=61))
    # big yellow eyes with angry brows
    for side in (-1, 1):
        eye(c, 64 + side * 7, 60, 4.6, 4.0, white=(1.0, 0.86, 0.15), pr=2.0, slit=True)
        c.paint(mask(sd_line(c, [(64 + side * 2.5, 55), (64 + side * 12, 52)], 2.4)), (0.2, 0.3, 0.05))
    # hooked nose
    fill(c, sd_poly(c, [(62, 62), (66, 62), (67, 72), (63, 73)]), (0.45, 0.66, 0.15), bevel=1.5,
         outline=0.8)
    # grin with teeth
    mouth = sd_poly(c, bez((52, 74), (64, 84), (76, 74), 10) + bez((76, 74), (64, 90), (52, 74), 10)[1:])
    fill(c, mouth, (0.25, 0.05, 0.05), outline=0.8)
    for x in (56, 60.5, 67.5, 72):
        c.paint(mask(sd_poly(c, [(x - 1.6, 77), (x + 1.6, 77), (x, 80.5)])), (1, 1, 0.85))


def draw_orc(c):
    g = (0.34, 0.48, 0.16)
    # small pointed ears with rings
    for side in (-1, 1):
        fill(c, sd_poly(c, [(64 + side * 26, 52), (64 + side * 42, 48), (64 + side * 26, 66)]), g,
             bevel=2.5, outline=1.4)
        fill(c, sd_ring(sd_circle(c, 64 + side * 36, 56, 2.5), 1.2), GOLD, outline=0.6)
    head = sd_box(c, 38, 32, 90, 100, r=20)
    fill(c, head, g, bevel=7, outline=1.6, profile="round",
         tex=1 + 0.06 * noise(c.shape, 1.5, seed=71))
    # black topknot/mohawk
    mo = sd_poly(c, [(56, 36), (58, 20), (64, 16), (70, 20), (72, 36), (64, 40)])
    fill(c, mo, (0.10, 0.08, 0.08), bevel=2, outline=1.2, tex=1 + 0.3 * noise(c.shape, 0.4, 2, seed=72))
    # heavy brow
    brow = sd_poly(c, [(42, 54), (64, 58), (86, 54), (84, 61), (64, 63), (44, 61)])
    fill(c, brow, (0.24, 0.35, 0.10), bevel=2, outline=1.0)
    for side in (-1, 1):
        ex = 64 + side * 10
        c.glow(ex, 65, 5, (1, 0.2, 0.1), 0.5)
        fill(c, sd_ellipse(c, ex, 65, 3.4, 2.2), (1.0, 0.25, 0.12), outline=0.8)
        fill(c, sd_circle(c, ex, 65, 1.0), (0.1, 0, 0))
    # flat pig nose
    fill(c, sd_ellipse(c, 64, 74, 7, 4.5), (0.40, 0.55, 0.20), bevel=3, outline=1.0, profile="round")
    for side in (-1, 1):
        fill(c, sd_ellipse(c, 64 + side * 3, 75, 1.5, 1.2), (0.1, 0.12, 0.05))
    # underbite mouth with tusks
    mouth = sd_box(c, 48, 84, 80, 91, r=3)
    fill(c, mouth, (0.25, 0.05, 0.05), outline=0.8)
    for side in (-1, 1):
        tusk = bez((64 + side * 12, 92), (64 + side * 17, 84), (64 + side * 13, 73), 10)
        fill(c, sd_poly(c, taper(tusk, 6.5, 0.5)), (1.0, 0.97, 0.86), bevel=2, outline=1.2, hi=0.8)


def draw_fimir(c):
    skin = (0.30, 0.56, 0.56)
    tex = 1 + 0.06 * noise(c.shape, 0.6, seed=81) + 0.04 * noise(c.shape, 2.5, seed=82)
    # bony crest
    for i, a in enumerate(np.linspace(-2.5, -0.64, 5)):
        x0, y0 = 64 + 16 * math.cos(a), 50 + 16 * math.sin(a)
        x1, y1 = 64 + 33 * math.cos(a), 50 + 33 * math.sin(a)
        pa = a + math.pi / 2
        pts = [(x0 + 5 * math.cos(pa), y0 + 5 * math.sin(pa)), (x1, y1),
               (x0 - 5 * math.cos(pa), y0 - 5 * math.sin(pa))]
        fill(c, sd_poly(c, pts), (0.62, 0.52, 0.34), bevel=2, outline=1.3)
    head = smin(sd_ellipse(c, 64, 50, 24, 19),
                sd_poly(c, [(46, 58), (82, 58), (76, 100), (64, 105), (52, 100)]), 9.0)
    fill(c, head, skin, bevel=7, outline=1.6, profile="round", tex=tex)
    # scale dots
    rng = random.Random(83)
    for _ in range(22):
        x, y = rng.uniform(46, 82), rng.uniform(36, 100)
        c.paint(mask(sd_circle(c, x, y, 1.1)) * mask(head + 2), (0.18, 0.38, 0.40), 0.5)
    # single huge eye
    fill(c, sd_circle(c, 64, 50, 11.5), (0.10, 0.20, 0.18), bevel=2)
    c.glow(64, 50, 14, (1.0, 0.7, 0.1), 0.35)
    fill(c, sd_circle(c, 64, 50, 9), (1.0, 0.78, 0.12), bevel=4, profile="round", hi=0.8)
    fill(c, sd_ellipse(c, 64, 50, 2.0, 7.5), (0.05, 0.02, 0.0))
    c.paint(mask(sd_circle(c, 60.5, 46.5, 1.8)), (1, 1, 1), 0.9)
    # snout: nostrils and fanged mouth line
    for side in (-1, 1):
        fill(c, sd_ellipse(c, 64 + side * 5, 96, 1.6, 2.4), (0.08, 0.15, 0.14))
    c.paint(mask(sd_line(c, [(52, 80), (58, 84), (70, 84), (76, 80)], 1.4)), (0.08, 0.15, 0.14))
    for x in (55, 73):
        c.paint(mask(sd_poly(c, [(x - 1.8, 82), (x + 1.8, 82), (x, 88)])), (1, 0.97, 0.85))


def bone(c, x0, y0, x1, y1, w=6.0, col=(0.93, 0.90, 0.80)):
    sd = sd_line(c, [(x0, y0), (x1, y1)], w)
    ang = math.atan2(y1 - y0, x1 - x0)
    pa = ang + math.pi / 2
    for (x, y) in ((x0, y0), (x1, y1)):
        for s in (-1, 1):
            sd = union(sd, sd_circle(c, x + s * w * 0.55 * math.cos(pa), y + s * w * 0.55 * math.sin(pa),
                                     w * 0.62))
    fill(c, sd, col, bevel=3, outline=1.4, hi=0.6)


def draw_skeleton(c):
    bonec = (0.94, 0.91, 0.80)
    bone(c, 30, 30, 98, 98)
    bone(c, 98, 30, 30, 98)
    skull = union(sd_circle(c, 64, 54, 21), sd_box(c, 51, 60, 77, 84, r=6))
    fill(c, skull, bonec, bevel=7, outline=1.6, profile="round", hi=0.5,
         tex=1 + 0.03 * noise(c.shape, 1.5, seed=91))
    for side in (-1, 1):
        fill(c, sd_ellipse(c, 64 + side * 8.5, 58, 6.0, 6.8), (0.08, 0.06, 0.06), outline=0.0)
    c.glow(56, 58, 4, (1, 0.3, 0.2), 0.4)
    c.glow(72, 58, 4, (1, 0.3, 0.2), 0.4)
    fill(c, sd_poly(c, [(64, 64), (67.5, 71), (60.5, 71)]), (0.08, 0.06, 0.06))
    fill(c, sd_box(c, 54, 75, 74, 82, r=1.5), (0.08, 0.06, 0.06))
    for x in (58, 62, 66, 70):
        c.paint(mask(sd_box(c, x - 1.5, 75, x + 1.5, 81.6, r=0.6)), bonec)
    c.paint(mask(sd_line(c, [(70, 38), (74, 44), (72, 48)], 0.8)), (0.3, 0.25, 0.2), 0.8)


def draw_zombie(c):
    skin = (0.55, 0.62, 0.48)
    tex = 1 + 0.08 * noise(c.shape, 1.0, seed=101)
    # ragged hair
    hair = sd_poly(c, [(40, 58), (42, 36), (50, 28), (58, 32), (64, 24), (70, 32), (78, 28),
                       (88, 40), (88, 60), (80, 50), (64, 46), (48, 50)])
    fill(c, hair, (0.25, 0.20, 0.16), bevel=2, outline=1.3)
    head = sd_ellipse(c, 64, 64, 21, 27)
    fill(c, head, skin, bevel=7, outline=1.6, profile="round", tex=tex)
    # rot patches
    rot = union(sd_ellipse(c, 74, 80, 6, 4.5), sd_ellipse(c, 52, 46, 5, 3.5), sd_circle(c, 79, 58, 3))
    c.paint(mask(rot) * mask(head), (0.48, 0.35, 0.40), 0.8)
    c.paint(mask(sd_circle(c, 74, 80, 2.3)) * mask(head), (0.35, 0.16, 0.18), 0.9)
    # stitches across forehead
    c.paint(mask(sd_line(c, [(50, 44), (64, 48), (78, 43)], 1.2)), (0.15, 0.1, 0.1))
    for x in (53, 58, 63, 68, 73):
        y = 45 + (0 if x < 64 else -1)
        c.paint(mask(sd_line(c, [(x, y - 2.5), (x + 1, y + 3)], 1.0)), (0.15, 0.1, 0.1))
    # mismatched dead eyes
    fill(c, sd_ellipse(c, 55, 59, 6.5, 5.5), (0.25, 0.22, 0.22))
    eye(c, 55, 59, 4.8, 4.4, white=(0.93, 0.95, 0.82), pupil=(0.35, 0.3, 0.2), pr=1.2)
    fill(c, sd_ellipse(c, 73, 62, 6, 4.5), (0.25, 0.22, 0.22))
    eye(c, 73, 63, 4.3, 2.3, white=(0.93, 0.95, 0.82), pupil=(0.35, 0.3, 0.2), pr=1.0)
    c.paint(mask(sd_line(c, [(68, 60.5), (78.5, 60.5)], 1.4)), (0.3, 0.32, 0.25))
    # nose hole
    fill(c, sd_poly(c, [(64, 65), (67, 72), (61, 72)]), (0.2, 0.12, 0.12))
    # gaping mouth
    mouth = sd_ellipse(c, 63, 81, 9, 5.5)
    fill(c, mouth, (0.18, 0.05, 0.07), outline=1.0)
    for x, y in ((58, 77), (66, 77), (61, 85)):
        c.paint(mask(sd_box(c, x - 1.3, y - 1.6, x + 1.3, y + 1.6, r=0.5)), (0.85, 0.82, 0.6))


def draw_mummy(c):
    wrap = (0.86, 0.79, 0.62)
    head = sd_ellipse(c, 64, 63, 22, 28)
    fill(c, head, wrap, bevel=7, outline=1.6, profile="round",
         tex=1 + 0.05 * noise(c.shape, 0.8, seed=111))
    # bandage strips (dark seams) clipped to the head
    hm = mask(head + 0.8)
    rng = random.Random(112)
    y = 38.0
    k = 0
    while y < 92:
        a = (0.22 if k % 2 == 0 else -0.18) + rng.uniform(-0.05, 0.05)
        x0, x1 = 38, 90
        y0, y1 = y - math.tan(a) * 26, y + math.tan(a) * 26
        c.paint(mask(sd_line(c, [(x0, y0), (x1, y1)], 1.1)) * hm, (0.45, 0.38, 0.27), 0.85)
        c.paint(mask(sd_line(c, [(x0, y0 + 1.2), (x1, y1 + 1.2)], 0.8)) * hm, (1, 0.97, 0.88), 0.5)
        y += rng.uniform(6.5, 8.5)
        k += 1
    # eye gap with glowing eyes
    gap = sd_poly(c, [(46, 55), (82, 53), (82, 62), (46, 64)])
    fill(c, gap, (0.10, 0.07, 0.05))
    for side in (-1, 1):
        ex = 64 + side * 8.5
        c.glow(ex, 58.5, 7, (0.7, 1.0, 0.3), 0.7)
        fill(c, sd_ellipse(c, ex, 58.5, 3.0, 2.0), (0.85, 1.0, 0.45))
    c.paint(mask(sd_line(c, [(44, 52.5), (84, 50.5)], 2.2)) * hm, wrap)
    c.paint(mask(sd_line(c, [(44, 65.5), (84, 63.5)], 2.2)) * hm, wrap)


def draw_chaos_warrior(c):
    c.glow(64, 64, 44, (0.9, 0.1, 0.1), 0.45, power=1.5)
    blk = (0.14, 0.14, 0.17)
    spikes = []
    for a in np.linspace(-math.pi * 0.92, -math.pi * 0.08, 7):
        base_r, tip_r = 20, 42 if abs(a + math.pi / 2) < 0.5 else 38
        pa = a + math.pi / 2
        bx, by = 64 + base_r * math.cos(a), 58 + base_r * math.sin(a)
        spikes.append([(bx + 5 * math.cos(pa), by + 5 * math.sin(pa)),
                       (64 + tip_r * math.cos(a), 58 + tip_r * math.sin(a)),
                       (bx - 5 * math.cos(pa), by - 5 * math.sin(pa))])
    for side in (-1, 1):  # side spikes lower down
        spikes.append([(64 + side * 20, 70), (64 + side * 42, 80), (64 + side * 20, 80)])
    for sp in spikes:
        fill(c, sd_poly(c, sp), (0.30, 0.30, 0.34), bevel=2.5, outline=1.4, ocol=(0.02, 0.02, 0.02),
             hi=0.9)
    helm = union(sd_circle(c, 64, 58, 24), sd_box(c, 40, 58, 88, 100, r=8))
    fill(c, helm, blk, bevel=9, depth=1.3, outline=1.8, ocol=(0.02, 0.02, 0.02), profile="round",
         hi=0.9)
    # ridge down the middle
    fill(c, sd_box(c, 61.5, 34, 66.5, 56, r=2), (0.26, 0.26, 0.30), bevel=2, hi=0.9)
    # glowing T visor
    visor = union(sd_box(c, 44, 60, 84, 66, r=2), sd_box(c, 60.5, 60, 67.5, 88, r=2))
    c.glow(64, 66, 26, (1.0, 0.15, 0.05), 0.55)
    fill(c, visor, (0.95, 0.15, 0.05), outline=1.0, ocol=(0.0, 0.0, 0.0))
    fill(c, visor + 1.2, (1.0, 0.65, 0.25))
    # rivets
    for x, y in ((46, 76), (82, 76), (46, 92), (82, 92)):
        fill(c, sd_circle(c, x, y, 1.6), (0.5, 0.5, 0.55), bevel=1.2, hi=0.9)


def draw_gargoyle(c):
    wing = (0.46, 0.48, 0.56)
    stone = (0.62, 0.62, 0.64)
    tex = 1 + 0.07 * noise(c.shape, 0.8, seed=121) + 0.05 * noise(c.shape, 3, seed=122)
    for side in (-1, 1):
        top = [(64 + side * 10, 56), (64 + side * 24, 34), (64 + side * 46, 22)]
        bottom = [(64 + side * 47, 64), (64 + side * 38, 72), (64 + side * 28, 76)]
        pts = top + [(64 + side * 48, 40)] + bottom + [(64 + side * 14, 74)]
        fill(c, sd_poly(c, pts), wing, bevel=3, outline=1.5, tex=tex)
        for (fx, fy) in ((64 + side * 48, 40), (64 + side * 47, 64), (64 + side * 38, 72)):
            c.paint(mask(sd_line(c, [(64 + side * 20, 44), (fx, fy)], 1.6)), (0.22, 0.22, 0.27))
        c.paint(mask(sd_line(c, [(64 + side * 10, 56), (64 + side * 24, 34), (64 + side * 46, 22)], 2.4)),
                (0.50, 0.52, 0.58))
    # curled horns
    for side in (-1, 1):
        ln = bez((64 + side * 9, 44), (64 + side * 20, 28), (64 + side * 10, 20), 14)
        fill(c, sd_poly(c, taper(ln, 7, 0.5)), (0.45, 0.42, 0.40), bevel=2, outline=1.3)
    head = union(sd_ellipse(c, 64, 60, 16, 17), sd_box(c, 53, 60, 75, 84, r=9))
    fill(c, head, stone, bevel=6, outline=1.6, profile="round", tex=tex)
    # pointy ears
    for side in (-1, 1):
        fill(c, sd_poly(c, [(64 + side * 14, 54), (64 + side * 25, 46), (64 + side * 15, 62)]), stone,
             bevel=1.5, outline=1.2, tex=tex)
    # brow and glowing eyes
    c.paint(mask(sd_poly(c, [(50, 53), (64, 58), (78, 53), (77, 57), (64, 61), (51, 57)])), (0.38, 0.38, 0.4))
    for side in (-1, 1):
        ex = 64 + side * 7
        c.glow(ex, 62, 6, (1.0, 0.55, 0.1), 0.6)
        fill(c, sd_ellipse(c, ex, 62, 3.0, 2.0), (1.0, 0.7, 0.15), outline=0.8)
    # snout and fangs
    fill(c, sd_ellipse(c, 64, 71, 5, 3.2), (0.52, 0.52, 0.55), bevel=2, outline=0.8)
    c.paint(mask(sd_line(c, [(56, 78), (64, 80), (72, 78)], 1.6)), (0.12, 0.1, 0.1))
    for side in (-1, 1):
        c.paint(mask(sd_poly(c, [(64 + side * 4, 79), (64 + side * 7, 78.5), (64 + side * 5.5, 84)])),
                (0.98, 0.96, 0.9))
    c.paint(mask(sd_line(c, [(70, 66), (73, 72), (71, 76)], 0.7)), (0.3, 0.3, 0.32), 0.8)


PIECES = [
    ("barbarian", True, draw_barbarian),
    ("dwarf", True, draw_dwarf),
    ("elf", True, draw_elf),
    ("wizard", True, draw_wizard),
    ("goblin", False, draw_goblin),
    ("orc", False, draw_orc),
    ("fimir", False, draw_fimir),
    ("skeleton", False, draw_skeleton),
    ("zombie", False, draw_zombie),
    ("mummy", False, draw_mummy),
    ("chaos_warrior", False, draw_chaos_warrior),
    ("gargoyle", False, draw_gargoyle),
]


def make_pieces():
    for name, hero, fn in PIECES:
        c = Canvas(128, 128)
        token_base(c, hero)
        fn(c)
        c.clip = None
        # glossy highlight on the rim (top-left)
        hl = sd_ring(sd_circle(c, TCX, TCY, TR - 3.5), 2.2)
        ang = np.arctan2(c.Y - TCY, c.X - TCX)
        w = np.clip(np.cos(ang + 2.3) * 1.6 - 0.6, 0, 1)
        c.paint(mask(hl) * w, (1, 1, 1), 0.45)
        c.save(f"sprites/pieces/{name}.png")


# ==========================================================================
# 3. furniture
# ==========================================================================

def planks(c, x0, y0, x1, y1, n, base, seed, axis="x", r=3.0, bevel=2.5, gapc=None):
    """Wooden surface made of n planks along axis, inside rect."""
    if gapc is None:
        gapc = tuple(v * 0.45 for v in base)
    outer = sd_box(c, x0, y0, x1, y1, r)
    c.paint(mask(outer), gapc)
    rng = random.Random(seed)
    for k in range(n):
        if axis == "x":
            a0 = y0 + (y1 - y0) * k / n
            a1 = y0 + (y1 - y0) * (k + 1) / n
            sd = inter(sd_box(c, x0, a0 + 0.4, x1, a1 - 0.4, 0.6), outer)
        else:
            a0 = x0 + (x1 - x0) * k / n
            a1 = x0 + (x1 - x0) * (k + 1) / n
            sd = inter(sd_box(c, a0 + 0.4, y0, a1 - 0.4, y1, 0.6), outer)
        tex = wood_tex(c, seed + k * 3, axis, period=rng.uniform(2.6, 3.8))
        fill(c, sd, scl(base, rng.uniform(0.92, 1.08)), bevel=1.2, tex=tex, hi=0.3)
    # raised rim bevel over the whole surface
    t = np.clip(-outer / bevel, 0, 1)
    d = lighting(smoothstep(t) * bevel)
    c.paint(mask(outer) * np.clip(1 - d, 0, 1) * 1.5, (0, 0, 0), 0.6)
    c.paint(mask(outer) * np.clip(d - 1, 0, 1) * 1.5, (1, 0.95, 0.85), 0.5)
    c.paint(mask(sd_ring(outer + 0.4, 0.9)), (0.12, 0.07, 0.04), 0.9)


def candle(c, x, y, r=2.6):
    fill(c, sd_circle(c, x + 1.2, y + 1.5, r * 1.7), (0, 0, 0), alpha=0.3)
    fill(c, sd_circle(c, x, y, r * 1.7), (0.75, 0.62, 0.35), bevel=1.2, outline=0.7)
    fill(c, sd_circle(c, x, y, r), (0.96, 0.93, 0.82), bevel=1.5, outline=0.6, profile="round")
    c.glow(x, y, r * 5, (1.0, 0.8, 0.3), 0.5)
    fill(c, sd_ellipse(c, x, y - 0.5, 0.9, 1.6), (1.0, 0.95, 0.6))


def flask(c, x, y, r, liquid):
    fill(c, sd_circle(c, x, y, r), tuple(v * 0.85 for v in liquid), bevel=r, outline=1.0,
         profile="round", hi=0.6)
    c.paint(mask(sd_ring(sd_circle(c, x, y, r - 0.8), 1.0)), (0.85, 0.95, 1.0), 0.35)
    fill(c, sd_circle(c, x, y, r * 0.38), (0.62, 0.45, 0.28), bevel=1.0, outline=0.7)
    c.paint(mask(sd_ellipse(c, x - r * 0.45, y - r * 0.5, r * 0.28, r * 0.18)), (1, 1, 1), 0.8)
    c.glow(x, y, r * 2.2, liquid, 0.25)


def book(c, x, y, w, h, cover, ang=0.0, open_=False):
    if open_:
        c.shadow(sd_rbox(c, x, y, w / 2, h / 2, ang, 1), 1.2, 1.5, 1.2, 0.4)
        fill(c, sd_rbox(c, x, y, w / 2 + 1, h / 2 + 1, ang, 1.2), cover, outline=0.8)
        for s in (-1, 1):
            px = x + s * w / 4 * math.cos(ang)
            py = y + s * w / 4 * math.sin(ang)
            fill(c, sd_rbox(c, px, py, w / 4 - 0.3, h / 2 - 0.3, ang, 0.5), (0.96, 0.92, 0.80),
                 bevel=2.0, hi=0.3)
            for k in (-2, 0, 2):
                lx = px + (-k * math.sin(ang)) * 1.0
                ly = py + k * math.cos(ang) * 1.0
                c.paint(mask(sd_rbox(c, lx, ly, w / 4 - 2.5, 0.35, ang)), (0.4, 0.35, 0.3), 0.5)
        return
    c.shadow(sd_rbox(c, x, y, w / 2, h / 2, ang, 1), 1.2, 1.5, 1.2, 0.4)
    fill(c, sd_rbox(c, x, y, w / 2, h / 2, ang, 1.0), cover, bevel=1.8, outline=0.8, hi=0.4)
    fill(c, sd_rbox(c, x, y, w / 2 - 2.2, h / 2 - 2.2, ang, 0.5), tuple(min(1, v * 1.25) for v in cover),
         alpha=0.5)


def make_table():
    c = Canvas(192, 128)
    top = sd_box(c, 6, 8, 186, 120, 5)
    c.shadow(top, 3, 5, 3, 0.5)
    planks(c, 6, 8, 186, 120, 4, WOOD, 201)
    # a few things on the table
    fill(c, sd_circle(c, 56, 48, 10), (0.70, 0.70, 0.72), bevel=3, outline=1, hi=0.7)  # plate
    fill(c, sd_circle(c, 56, 48, 6.5), (0.62, 0.62, 0.65), bevel=1.5)
    c.paint(mask(sd_ellipse(c, 55, 47, 4, 3)), (0.7, 0.45, 0.2), 0.9)  # bread
    fill(c, sd_circle(c, 128, 80, 7.5), (0.62, 0.45, 0.25), bevel=3, outline=1.1, hi=0.6)  # tankard
    fill(c, sd_circle(c, 128, 80, 5.2), (0.95, 0.85, 0.55))
    fill(c, sd_box(c, 135, 77, 141, 83, 2), (0.55, 0.38, 0.2), outline=0.8)
    candle(c, 100, 40)
    book(c, 150, 40, 22, 15, (0.55, 0.12, 0.12), ang=0.2)
    c.save("sprites/furniture/table.png")


def make_chest():
    c = Canvas(64, 64)
    body = sd_box(c, 7, 8, 57, 50, 3)
    c.shadow(body, 2.5, 4, 2.5, 0.55)
    # front face strip (south), then barrel lid (lit as a cylinder along x)
    fill(c, sd_box(c, 7, 38, 57, 52, 3), (0.36, 0.22, 0.11), outline=1.2,
         tex=wood_tex(c, 301, "x", amount=0.08))
    lid = sd_box(c, 7, 8, 57, 44, 4)
    yy = (c.Y - 26) / 18
    cyl = np.clip(1.15 - 0.55 * (yy + 0.35) ** 2, 0.4, 1.2)
    tex = wood_tex(c, 302, "x", amount=0.09) * cyl
    fill(c, lid, (0.60, 0.38, 0.19), outline=1.3, tex=tex)
    for k in range(1, 4):
        c.paint(mask(sd_box(c, 8, 8 + k * 9 - 0.4, 56, 8 + k * 9 + 0.4)) * mask(lid), (0.2, 0.12, 0.06), 0.7)
    for x in (17, 47):
        band = sd_box(c, x - 3, 7, x + 3, 52, 1)
        fill(c, band, np.stack([cyl * 0.45] * 3, -1) * np.array([0.85, 0.85, 0.9]), outline=0.9)
        for y in (12, 24, 36, 48):
            fill(c, sd_circle(c, x, y, 1.1), (0.75, 0.75, 0.78), bevel=0.8)
    # gold lock plate on the front
    fill(c, sd_box(c, 27, 36, 37, 48, 2), GOLD, bevel=2, outline=1.1, hi=0.8)
    fill(c, sd_circle(c, 32, 41, 1.5), (0.1, 0.07, 0.03))
    fill(c, sd_poly(c, [(31.3, 41), (32.7, 41), (33.2, 45), (30.8, 45)]), (0.1, 0.07, 0.03))
    # gold trim at the corners
    for x, y in ((9, 10), (55, 10)):
        fill(c, sd_circle(c, x, y, 2.3), GOLD, bevel=1.2, outline=0.8)
    c.save("sprites/furniture/chest.png")


def make_bookcase():
    c = Canvas(192, 64)
    frame = sd_box(c, 3, 3, 189, 50, 3)
    c.shadow(frame, 2.5, 4.5, 3, 0.55)
    fill(c, frame, DARKWOOD, bevel=3, outline=1.3, tex=wood_tex(c, 401, "x"))
    palette = [(0.62, 0.12, 0.12), (0.15, 0.35, 0.18), (0.14, 0.22, 0.48), (0.50, 0.32, 0.14),
               (0.70, 0.55, 0.20), (0.35, 0.15, 0.38), (0.20, 0.20, 0.22), (0.72, 0.30, 0.12)]
    rng = random.Random(402)
    sections = [(8, 62), (68, 124), (130, 184)]
    for (sx0, sx1) in sections:
        fill(c, sd_box(c, sx0, 7, sx1, 46, 1), (0.13, 0.08, 0.05), outline=0.5)
        x = sx0 + 0.6
        while x < sx1 - 3:
            w = rng.uniform(3.5, 7.5)
            if x + w > sx1 - 0.6:
                w = sx1 - 0.6 - x
                if w < 2.5:
                    break
            if rng.random() < 0.08:  # a gap
                x += w
                continue
            depth = rng.uniform(26, 37)
            col = rng.choice(palette)
            b = sd_box(c, x + 0.2, 46 - depth, x + w - 0.2, 45.5, 0.8)
            tex = 1 + 0.05 * noise(c.shape, 0.5, 3, seed=int(x * 10))
            fill(c, b, col, bevel=1.4, outline=0.5, ocol=(0.05, 0.03, 0.02), tex=tex, hi=0.5)
            if w > 4.5:  # gilt band on the spine top
                c.paint(mask(sd_box(c, x + 1.2, 46 - depth + 3, x + w - 1.2, 46 - depth + 4.2)),
                        (0.9, 0.75, 0.35), 0.8)
            x += w
    for x in (65, 127):
        fill(c, sd_box(c, x - 2.5, 4, x + 2.5, 50, 1), DARKWOOD, bevel=1.5, tex=wood_tex(c, 403, "y"))
    # front shelf edge (south)
    fill(c, sd_box(c, 3, 45, 189, 53, 2), (0.44, 0.28, 0.15), bevel=2, outline=1.2,
         tex=wood_tex(c, 404, "x"), hi=0.5)
    c.save("sprites/furniture/bookcase.png")


def make_cupboard():
    c = Canvas(192, 64)
    body = sd_box(c, 4, 3, 188, 56, 3)
    c.shadow(body, 2.5, 4.5, 3, 0.55)
    # front (doors) seen slightly from above, along the south side
    front = sd_box(c, 5, 36, 187, 57, 2)
    fill(c, front, (0.38, 0.24, 0.12), outline=1.3, tex=wood_tex(c, 501, "y", amount=0.08))
    for k in range(3):
        x0 = 8 + k * 60
        fill(c, sd_box(c, x0, 40, x0 + 56, 55, 1.5), (0.46, 0.29, 0.15), bevel=1.5, outline=0.8,
             tex=wood_tex(c, 502 + k, "y", amount=0.08), hi=0.4)
        for hx in (x0 + 25, x0 + 31):
            fill(c, sd_circle(c, hx, 47.5, 1.8), GOLD, bevel=1.2, outline=0.6, hi=0.9)
    # top surface with moulded edge
    top = sd_box(c, 3, 3, 189, 40, 3)
    fill(c, top, (0.58, 0.37, 0.19), bevel=3.5, outline=1.3, tex=wood_tex(c, 505, "x"), hi=0.5)
    c.paint(mask(sd_ring(sd_box(c, 9, 8, 183, 35, 2), 0.8)), (0.25, 0.15, 0.07), 0.6)
    # jars and a candle on top
    for (x, y, r, col) in ((28, 20, 7, (0.62, 0.38, 0.24)), (44, 24, 5, (0.40, 0.45, 0.50)),
                           (150, 19, 6.5, (0.55, 0.50, 0.40))):
        c.shadow(sd_circle(c, x, y, r), 1.5, 2, 1.5, 0.45)
        fill(c, sd_circle(c, x, y, r), col, bevel=r, outline=1, profile="round", hi=0.5)
        fill(c, sd_circle(c, x, y, r * 0.45), tuple(v * 0.4 for v in col), bevel=1)
    candle(c, 168, 22)
    c.save("sprites/furniture/cupboard.png")


def make_throne():
    c = Canvas(64, 64)
    whole = union(sd_box(c, 8, 2, 56, 20, 5), sd_box(c, 7, 12, 57, 58, 3))
    c.shadow(whole, 2.5, 4, 2.5, 0.55)
    goldt = 1 + 0.04 * noise(c.shape, 0.8, seed=601)
    # front legs/feet
    for x in (11, 53):
        fill(c, sd_circle(c, x, 56, 3.5), GOLD, bevel=2, outline=1, profile="round")
    # arm rests
    for x0 in (7, 47):
        fill(c, sd_box(c, x0, 14, x0 + 10, 56, 3), (0.50, 0.14, 0.12), bevel=3, outline=1.2,
             tex=wood_tex(c, 602, "y", amount=0.06))
        fill(c, sd_ring(sd_box(c, x0 + 1.5, 15.5, x0 + 8.5, 54.5, 2), 1.2), GOLD, alpha=0.9)
        fill(c, sd_circle(c, x0 + 5, 52, 3.2), GOLD, bevel=2, outline=0.8, profile="round")
    # seat cushion
    seat = sd_box(c, 16, 18, 48, 54, 4)
    fill(c, seat, (0.75, 0.10, 0.14), bevel=6, outline=1.2, profile="round",
         tex=1 + 0.05 * noise(c.shape, 1.0, seed=603), hi=0.5)
    for x, y in ((24, 30), (40, 30), (24, 44), (40, 44), (32, 37)):
        c.paint(mask(sd_circle(c, x, y, 1.2)), (0.35, 0.02, 0.04), 0.8)
    # tall back against the north
    back = union(sd_box(c, 8, 4, 56, 20, 3), sd_circle(c, 32, 9, 10))
    fill(c, back, GOLD, bevel=3.5, outline=1.4, tex=goldt, hi=0.8)
    fill(c, union(sd_box(c, 13, 8, 51, 17, 2), sd_circle(c, 32, 10, 6.5)), (0.55, 0.06, 0.10), bevel=2)
    fill(c, sd_poly(c, [(32, 4.5), (35.2, 10), (32, 15.5), (28.8, 10)]), (0.25, 0.55, 0.95), bevel=2,
         outline=0.8, hi=0.9)
    for x in (10, 54):
        fill(c, sd_circle(c, x, 6, 4), GOLD, bevel=2.5, outline=1.0, profile="round", hi=0.9)
    c.save("sprites/furniture/throne.png")


def make_tomb():
    c = Canvas(192, 128)
    base = sd_box(c, 8, 10, 184, 120, 4)
    c.shadow(base, 3, 5, 3, 0.55)
    st = stone_tex(c, 701)
    fill(c, base, (0.42, 0.41, 0.40), bevel=3, outline=1.4, tex=st)
    lid = sd_box(c, 13, 14, 179, 114, 5)
    fill(c, lid, (0.64, 0.62, 0.58), bevel=5, outline=1.0, tex=st, hi=0.5)
    # carved border groove
    c.paint(mask(sd_ring(sd_box(c, 22, 22, 170, 106, 4), 1.3)), (0.35, 0.34, 0.32), 0.8)
    c.paint(mask(sd_ring(sd_box(c, 22.8, 22.8, 170.8, 106.8, 4), 0.8)), (0.9, 0.88, 0.85), 0.4)
    # raised central panel with a relief cross and a skull at the head (west) end
    panel = sd_box(c, 30, 30, 162, 98, 4)
    c.paint(mask(panel + 1.2), (0.32, 0.31, 0.30), 0.55)
    fill(c, panel, (0.60, 0.58, 0.55), bevel=3, tex=st, hi=0.5)
    crs = union(sd_box(c, 58, 58, 154, 70, 2), sd_box(c, 74, 38, 86, 90, 2))
    c.paint(mask(crs + 1.5), (0.25, 0.24, 0.23), 0.6)
    fill(c, crs, (0.78, 0.76, 0.72), bevel=3.5, tex=st, hi=0.7)
    sk = union(sd_circle(c, 44, 62, 9.5), sd_box(c, 46, 55, 56, 69, 3))
    c.paint(mask(sk + 1.5), (0.25, 0.24, 0.23), 0.6)
    fill(c, sk, (0.80, 0.78, 0.74), bevel=4, tex=st, profile="round", hi=0.6)
    for yy_ in (58.5, 65.5):
        fill(c, sd_circle(c, 44, yy_, 2.6), (0.22, 0.21, 0.20))
    fill(c, sd_box(c, 51, 60, 54.5, 64, 0.8), (0.22, 0.21, 0.20))
    # corner studs
    for x, y in ((22, 22), (170, 22), (22, 106), (170, 106)):
        fill(c, sd_circle(c, x, y, 3.2), (0.70, 0.68, 0.64), bevel=2.5, outline=0.8,
             ocol=(0.3, 0.29, 0.28), profile="round")
    # cracks and moss
    rng = random.Random(702)
    crack(c, rng, 100, 86, 170, 106, steps=6, width=0.8)
    crack(c, rng, 24, 22, 60, 50, steps=5, width=0.8)
    moss = np.clip(noise(c.shape, 2.5, seed=703) - 1.6, 0, 1) * mask(lid)
    c.paint(np.clip(moss * 2.5, 0, 1), (0.30, 0.45, 0.18), 0.55)
    c.save("sprites/furniture/tomb.png")


def sword_icon(c, x, ytop, ybot, w=4.0):
    fill(c, sd_poly(c, [(x - w / 2, ytop + 5), (x, ytop), (x + w / 2, ytop + 5), (x + w / 2, ybot - 12),
                        (x - w / 2, ybot - 12)]), STEEL, bevel=1.5, outline=0.9, hi=0.8)
    fill(c, sd_box(c, x - 6, ybot - 13, x + 6, ybot - 10, 1), GOLD, bevel=1, outline=0.8)
    fill(c, sd_box(c, x - 1.5, ybot - 10, x + 1.5, ybot - 3, 0.8), (0.4, 0.22, 0.1), outline=0.8)
    fill(c, sd_circle(c, x, ybot - 2, 2), GOLD, outline=0.7, bevel=1)


def make_weapons_rack():
    c = Canvas(192, 64)
    frame = union(sd_box(c, 4, 6, 188, 14, 2), sd_box(c, 4, 42, 188, 50, 2),
                  sd_box(c, 4, 6, 11, 52, 2), sd_box(c, 181, 6, 188, 52, 2))
    c.shadow(frame, 2.5, 4, 2.5, 0.5)
    fill(c, sd_box(c, 4, 6, 188, 14, 2), DARKWOOD, bevel=2, outline=1.2, tex=wood_tex(c, 801, "x"))
    # weapons (blade up = north); drawn between the rails
    sword_icon(c, 24, 4, 58)
    # axe
    fill(c, sd_line(c, [(46, 8), (46, 58)], 3.2), (0.5, 0.3, 0.14), bevel=1.2, outline=0.9)
    fill(c, sd_poly(c, [(46, 10), (58, 4), (60, 14), (58, 26), (46, 20)]), STEEL, bevel=2, outline=1, hi=0.8)
    # spear
    fill(c, sd_line(c, [(68, 10), (68, 60)], 2.6), (0.5, 0.3, 0.14), bevel=1, outline=0.9)
    fill(c, sd_poly(c, [(68, 1.5), (72, 10), (68, 14), (64, 10)]), STEEL, bevel=1.5, outline=0.9, hi=0.8)
    # round shield
    fill(c, sd_circle(c, 96, 30, 17), (0.55, 0.14, 0.12), bevel=3, outline=1.3,
         tex=wood_tex(c, 802, "y", amount=0.06))
    fill(c, sd_ring(sd_circle(c, 96, 30, 15.5), 2.2), (0.55, 0.55, 0.58), bevel=1, hi=0.8)
    fill(c, sd_circle(c, 96, 30, 4.5), (0.75, 0.75, 0.78), bevel=3, outline=0.9, profile="round", hi=0.9)
    # mace
    fill(c, sd_line(c, [(124, 18), (124, 58)], 3), (0.5, 0.3, 0.14), bevel=1, outline=0.9)
    fill(c, sd_poly(c, star_pts(124, 14, 8, 5, 8)), (0.55, 0.55, 0.6), bevel=2, outline=1, hi=0.8)
    fill(c, sd_circle(c, 124, 14, 4.5), (0.6, 0.6, 0.65), bevel=2.5, profile="round")
    sword_icon(c, 146, 6, 58, 5.0)
    # halberd
    fill(c, sd_line(c, [(168, 4), (168, 60)], 2.8), (0.5, 0.3, 0.14), bevel=1, outline=0.9)
    fill(c, sd_poly(c, [(168, 8), (178, 6), (179, 16), (168, 20)]), STEEL, bevel=1.5, outline=0.9, hi=0.8)
    fill(c, sd_poly(c, [(168, 10), (161, 13), (168, 17)]), STEEL, outline=0.9)
    fill(c, sd_poly(c, [(168, 0.5), (170, 8), (166, 8)]), STEEL, outline=0.8)
    # front rail and posts over the weapons
    fill(c, sd_box(c, 4, 42, 188, 50, 2), (0.42, 0.27, 0.14), bevel=2, outline=1.2, tex=wood_tex(c, 803, "x"))
    for x0 in (4, 181):
        fill(c, sd_box(c, x0, 5, x0 + 7, 52, 2), DARKWOOD, bevel=2, outline=1.2, tex=wood_tex(c, 804, "y"))
    for x in (24, 46, 68, 124, 146, 168):
        fill(c, sd_box(c, x - 3.5, 43, x + 3.5, 49, 1), IRON, bevel=1, outline=0.6)
    c.save("sprites/furniture/weapons_rack.png")


def make_alchemist_bench():
    c = Canvas(192, 128)
    top = sd_box(c, 6, 8, 186, 120, 4)
    c.shadow(top, 3, 5, 3, 0.5)
    planks(c, 6, 8, 186, 120, 5, (0.50, 0.34, 0.20), 901)
    rng = random.Random(902)
    # stains and burn marks
    for _ in range(6):
        x, y = rng.uniform(20, 172), rng.uniform(20, 108)
        c.paint(mask(sd_ellipse(c, x, y, rng.uniform(4, 9), rng.uniform(3, 6))),
                rng.choice([(0.2, 0.4, 0.15), (0.15, 0.1, 0.05), (0.35, 0.15, 0.35)]), 0.35)
    book(c, 38, 88, 40, 26, (0.35, 0.18, 0.10), ang=-0.12, open_=True)
    # test tube rack
    fill(c, sd_box(c, 26, 20, 76, 32, 2), DARKWOOD, bevel=2, outline=1, tex=wood_tex(c, 903, "x"))
    for k, col in enumerate([(0.2, 0.9, 0.3), (0.9, 0.2, 0.2), (0.3, 0.5, 1.0), (0.95, 0.85, 0.2),
                             (0.8, 0.3, 0.9)]):
        x = 32 + k * 9.5
        fill(c, sd_circle(c, x, 26, 3.2), (0.85, 0.92, 0.95), outline=0.7)
        fill(c, sd_circle(c, x, 26, 2.2), col, bevel=1.5, hi=0.8)
    # big flasks
    for (x, y, r, col) in ((112, 36, 12, (0.25, 0.85, 0.35)), (140, 26, 8, (0.65, 0.25, 0.90)),
                           (160, 50, 9, (0.25, 0.55, 1.0)), (92, 70, 7, (0.95, 0.35, 0.15))):
        c.shadow(sd_circle(c, x, y, r), 2, 3, 2, 0.45)
        flask(c, x, y, r, col)
    # mortar and pestle
    c.shadow(sd_circle(c, 130, 86, 11), 2, 3, 2, 0.45)
    fill(c, sd_circle(c, 130, 86, 11), (0.62, 0.60, 0.56), bevel=3, outline=1.1, tex=stone_tex(c, 904))
    fill(c, sd_circle(c, 130, 86, 7.5), (0.35, 0.33, 0.30), bevel=2)
    c.paint(mask(sd_circle(c, 130, 87, 5.5)), (0.5, 0.8, 0.4), 0.6)
    fill(c, sd_line(c, [(126, 84), (146, 72)], 4), (0.72, 0.70, 0.66), bevel=1.5, outline=0.9)
    # copper alembic with tube
    c.shadow(sd_circle(c, 166, 96, 12), 2, 3, 2, 0.45)
    fill(c, sd_circle(c, 166, 96, 12), (0.78, 0.45, 0.22), bevel=12, outline=1.1, profile="round", hi=0.8)
    fill(c, sd_line(c, [(166, 96), (176, 80), (180, 66)], 2.4), (0.80, 0.50, 0.25), outline=0.8)
    candle(c, 72, 52)
    candle(c, 180, 22)
    c.save("sprites/furniture/alchemist_bench.png")


def make_sorcerer_table():
    c = Canvas(192, 128)
    top = sd_box(c, 6, 8, 186, 120, 6)
    c.shadow(top, 3, 5, 3, 0.55)
    cloth = (0.30, 0.10, 0.38)
    tex = 1 + 0.06 * noise(c.shape, 6, seed=1001) + 0.03 * noise(c.shape, 0.6, seed=1002)
    fill(c, top, cloth, bevel=5, outline=1.4, tex=tex, hi=0.4)
    # gold trim
    c.paint(mask(sd_ring(sd_box(c, 11, 13, 181, 115, 4), 1.6)), (0.85, 0.66, 0.25), 0.95)
    c.paint(mask(sd_ring(sd_box(c, 14.5, 16.5, 177.5, 111.5, 3), 0.7)), (0.85, 0.66, 0.25), 0.7)
    # glowing summoning circle with pentagram
    cx, cy, r = 96, 64, 34
    c.glow(cx, cy, r + 14, (1.0, 0.25, 0.15), 0.45, power=1.2)
    ring = union(sd_ring(sd_circle(c, cx, cy, r), 1.6), sd_ring(sd_circle(c, cx, cy, r - 5), 0.9))
    pent = [(cx + (r - 1) * math.cos(-math.pi / 2 + k * 4 * math.pi / 5),
             cy + (r - 1) * math.sin(-math.pi / 2 + k * 4 * math.pi / 5)) for k in range(6)]
    ring = union(ring, sd_line(c, pent, 1.4))
    c.paint(mask(ring - 1.5), (1.0, 0.3, 0.1), 0.5)
    c.paint(mask(ring), (1.0, 0.78, 0.4))
    rng = random.Random(1003)
    for k in range(12):  # runes between the rings
        a = k * math.pi / 6 + 0.26
        x, y = cx + (r - 2.5) * math.cos(a), cy + (r - 2.5) * math.sin(a)
        c.paint(mask(sd_line(c, [(x - 1.2, y - 1.2), (x + rng.uniform(-1, 1), y + 1.2)], 0.7)), (1, 0.8, 0.4))
    # candles on the star points
    for k in range(5):
        a = -math.pi / 2 + k * 2 * math.pi / 5
        candle(c, cx + (r + 8) * math.cos(a), cy + (r + 8) * math.sin(a), 2.4)
    # skull on the left
    c.shadow(sd_circle(c, 32, 40, 9), 1.5, 2.5, 1.5, 0.5)
    fill(c, union(sd_circle(c, 32, 40, 9), sd_box(c, 26, 43, 38, 52, 3)), (0.93, 0.90, 0.80),
         bevel=4, outline=1.1, profile="round")
    for s in (-1, 1):
        fill(c, sd_circle(c, 32 + s * 3.6, 42, 2.4), (0.1, 0.07, 0.06))
    c.paint(mask(sd_box(c, 28.5, 48, 35.5, 50.5, 0.5)), (0.1, 0.07, 0.06))
    # crystal ball on a stand (right)
    fill(c, sd_circle(c, 160, 88, 12), (0.85, 0.66, 0.25), bevel=2, outline=1.1)
    c.glow(159, 87, 16, (0.5, 0.8, 1.0), 0.5)
    fill(c, sd_circle(c, 159, 87, 9.5), (0.45, 0.70, 0.95), bevel=9, outline=0.8, profile="round", hi=0.9)
    c.paint(mask(sd_ellipse(c, 155, 83, 3, 2)), (1, 1, 1), 0.85)
    # black grimoire with gold sigil
    book(c, 158, 36, 22, 28, (0.10, 0.08, 0.10), ang=0.15)
    fill(c, sd_poly(c, star_pts(158, 36, 5.5, 2.4)), (0.85, 0.66, 0.25))
    book(c, 36, 92, 30, 20, (0.45, 0.10, 0.10), ang=-0.2, open_=True)
    c.save("sprites/furniture/sorcerer_table.png")


def bricks(c, x0, y0, x1, y1, bh, bw, seed, col=(0.55, 0.53, 0.50), mortar=(0.30, 0.29, 0.27)):
    rng = random.Random(seed)
    area = sd_box(c, x0, y0, x1, y1)
    c.paint(mask(area), mortar)
    st = stone_tex(c, seed, 0.07)
    y = y0
    row = 0
    while y < y1 - 0.5:
        yb = min(y + bh, y1)
        x = x0 - (bw / 2 if row % 2 else 0)
        while x < x1:
            w = bw * rng.uniform(0.8, 1.2)
            b = inter(sd_box(c, x + 0.5, y + 0.5, x + w - 0.5, yb - 0.5, 1.0), area)
            fill(c, b, scl(col, rng.uniform(0.88, 1.1)), bevel=1.4, tex=st, hi=0.4)
            x += w
        y = yb
        row += 1


def make_fireplace():
    c = Canvas(192, 64)
    body = sd_box(c, 4, 2, 188, 44, 3)
    c.shadow(body, 2.5, 4, 3, 0.55)
    # floor glow in front of the hearth
    c.paint(np.clip(1 - np.hypot((c.X - 96) / 70, (c.Y - 40) / 24), 0, 1) ** 1.5, (1.0, 0.55, 0.15), 0.6)
    bricks(c, 4, 2, 188, 44, 8.4, 16, 1101)
    c.paint(mask(sd_ring(body, 1.2)), (0.12, 0.1, 0.08))
    # hearth slab in front
    hearth = sd_box(c, 40, 36, 152, 56, 3)
    fill(c, hearth, (0.52, 0.49, 0.46), bevel=2.5, outline=1.2, tex=stone_tex(c, 1102))
    # firebox opening
    box = sd_box(c, 52, 2, 140, 42, 4)
    yy = np.clip((c.Y - 2) / 40, 0, 1)
    soot = np.stack([0.10 + 0.25 * yy, 0.06 + 0.10 * yy, 0.04 + 0.03 * yy], -1)
    fill(c, box, soot, outline=1.5, ocol=(0.05, 0.04, 0.03))
    c.clip = mask(box)
    # logs
    for (a, b) in (((66, 30), (126, 20)), ((68, 18), (124, 32))):
        fill(c, sd_line(c, [a, b], 7), (0.35, 0.20, 0.10), bevel=3, outline=1.0,
             tex=wood_tex(c, 1103, "x", amount=0.15))
    c.glow(96, 24, 30, (1.0, 0.5, 0.1), 0.7, power=1.2)
    # flames
    rng = random.Random(1104)
    for k in range(9):
        x = 70 + k * 6.5 + rng.uniform(-2, 2)
        h = rng.uniform(12, 20) * (1 - abs(x - 96) / 60)
        base_y = 30 + rng.uniform(-2, 2)
        for (sc, col) in ((1.0, (0.95, 0.30, 0.05)), (0.7, (1.0, 0.62, 0.12)), (0.4, (1.0, 0.92, 0.55))):
            pts = bez((x - 5 * sc, base_y), (x - 3 * sc, base_y - h * sc), (x + rng.uniform(-2, 2), base_y - h * 1.3 * sc), 8)
            pts += bez(pts[-1], (x + 3 * sc, base_y - h * sc), (x + 5 * sc, base_y), 8)[1:]
            c.paint(mask(sd_poly(c, pts) - 0.5), col, 0.9)
    c.clip = None
    # mantel ends
    for x0 in (4, 170):
        fill(c, sd_box(c, x0, 2, x0 + 18, 46, 2), (0.60, 0.58, 0.55), bevel=3, outline=1.2,
             tex=stone_tex(c, 1105), hi=0.5)
    c.save("sprites/furniture/fireplace.png")


def make_stairway():
    c = Canvas(128, 128)
    frame = sd_box(c, 2, 2, 126, 126, 4)
    c.shadow(frame, 2.5, 4, 3, 0.5)
    bricks(c, 2, 2, 126, 126, 10, 18, 1201, col=(0.52, 0.50, 0.47))
    c.paint(mask(sd_ring(frame, 1.4)), (0.1, 0.08, 0.07))
    # stair well: steps go down towards the north (darker = deeper)
    well = sd_box(c, 16, 6, 112, 124, 2)
    fill(c, well, (0.02, 0.02, 0.02), outline=1.5, ocol=(0.05, 0.04, 0.03))
    nsteps = 8
    st = stone_tex(c, 1202, 0.08)
    for k in range(nsteps):
        y1 = 124 - k * 14.5
        y0 = y1 - 14.5
        depth = k / (nsteps - 1)
        lum = 0.68 * (1 - depth) ** 1.35 + 0.03
        inset = 1.5 + k * 1.4  # walls close in a little with depth (perspective)
        tread = sd_box(c, 16 + inset, max(y0, 6), 112 - inset, y1 - 0.5, 1)
        fill(c, tread, (lum * 1.02, lum, lum * 0.95), tex=st)
        # riser shadow at the north side of each tread, lit nosing at the south edge
        c.paint(mask(sd_box(c, 16 + inset, max(y0, 6), 112 - inset, max(y0, 6) + 3)) * mask(tread),
                (0, 0, 0), 0.45)
        c.paint(mask(sd_box(c, 16 + inset, y1 - 2.2, 112 - inset, y1 - 0.5)), (1, 1, 1), 0.35 * (1 - depth))
    # side walls shading (inner)
    for x0, x1, a in ((16, 24, 0.55), (104, 112, 0.35)):
        grad = np.clip(1 - np.abs(c.X - (x0 if x0 == 16 else x1)) / 8, 0, 1)
        c.paint(mask(well) * grad, (0, 0, 0), a)
    # darkness at the bottom
    c.paint(mask(well) * np.clip(1 - (c.Y - 6) / 60, 0, 1) ** 1.5, (0, 0, 0), 0.85)
    # gold arrow pointing down the stairs (north)
    arrow = sd_poly(c, [(64, 30), (80, 50), (70, 50), (70, 76), (58, 76), (58, 50), (48, 50)])
    c.paint(mask(arrow - 2.5), (0, 0, 0), 0.5)
    fill(c, arrow, (0.95, 0.78, 0.30), bevel=2, outline=1.2, hi=0.8, alpha=0.9)
    c.save("sprites/furniture/stairway.png")


def make_furniture():
    make_table()
    make_chest()
    make_bookcase()
    make_cupboard()
    make_throne()
    make_tomb()
    make_weapons_rack()
    make_alchemist_bench()
    make_sorcerer_table()
    make_fireplace()
    make_stairway()


# ==========================================================================
# 4. board pieces
# ==========================================================================

def door_jambs(c):
    for x0 in (0.5, 56.5):
        j = sd_box(c, x0, 1.5, x0 + 7, 22.5, 1.5)
        c.shadow(j, 1, 1.5, 1, 0.45)
        fill(c, j, (0.56, 0.54, 0.50), bevel=2, outline=1.0, tex=stone_tex(c, 1300), hi=0.5)
        c.paint(mask(sd_line(c, [(x0 + 0.5, 12), (x0 + 6.5, 12)], 0.6)), (0.3, 0.28, 0.26), 0.7)


def make_doors():
    # closed
    c = Canvas(64, 24)
    door = sd_box(c, 6, 4, 58, 20, 1.2)
    c.shadow(door, 1.2, 1.8, 1.2, 0.5)
    c.paint(mask(door), (0.16, 0.09, 0.05))
    for k in range(6):
        x0 = 6 + k * 52 / 6
        p = inter(sd_box(c, x0 + 0.35, 4, x0 + 52 / 6 - 0.35, 20, 0.5), door)
        fill(c, p, (0.58 * (0.93 + 0.03 * (k % 3)), 0.36, 0.18), bevel=1.0, tex=wood_tex(c, 1310 + k, "y"), hi=0.4)
    for y in (7.5, 16.5):
        fill(c, sd_box(c, 6.5, y - 1.5, 57.5, y + 1.5, 0.6), (0.24, 0.24, 0.27), bevel=0.8, outline=0.5, hi=0.8)
        for x in (10, 20, 30, 40, 50):
            c.paint(mask(sd_circle(c, x + 2, y, 0.7)), (0.65, 0.65, 0.7))
    fill(c, sd_ring(sd_circle(c, 42, 12, 2.3), 0.9), (0.15, 0.15, 0.17), bevel=0.5)
    fill(c, sd_circle(c, 42, 12, 1.2), (0.30, 0.30, 0.33))
    door_jambs(c)
    c.save("sprites/board/door_closed.png")

    # open: empty doorway, jambs, hinges and the leaf swung open (edge-on)
    c = Canvas(64, 24)
    c.paint(mask(sd_box(c, 7, 9, 57, 15, 0.5)), (0.25, 0.20, 0.15), 0.25)  # worn threshold
    for y in (9, 15):
        c.paint(mask(sd_line(c, [(7, y), (57, y)], 0.6)), (0.1, 0.08, 0.06), 0.35)
    leaf = sd_box(c, 7.5, 0.2, 12.5, 12.5, 0.8)
    c.shadow(leaf, 1.5, 1.0, 1.0, 0.5)
    fill(c, leaf, (0.55, 0.34, 0.17), bevel=1.2, outline=0.8, tex=wood_tex(c, 1320, "y"), hi=0.4)
    for y in (3, 9):
        fill(c, sd_box(c, 7.3, y - 1, 12.7, y + 1, 0.3), (0.25, 0.25, 0.28), outline=0.4)
    door_jambs(c)
    for y in (6.5, 17.5):
        fill(c, sd_box(c, 5.5, y - 1.6, 10, y + 1.6, 0.5), (0.18, 0.18, 0.2), bevel=0.8, outline=0.5, hi=0.8)
    c.save("sprites/board/door_open.png")

    # secret: stone door with seam and keyhole
    c = Canvas(64, 24)
    door = sd_box(c, 6, 4, 58, 20, 1.0)
    c.shadow(door, 1.2, 1.8, 1.2, 0.5)
    rng = random.Random(1330)
    c.paint(mask(door), (0.30, 0.29, 0.27))
    st = stone_tex(c, 1331, 0.08)
    for row, (y0, y1) in enumerate(((4, 12), (12, 20))):
        xs = [6, 20, 36, 50, 58] if row == 0 else [6, 14, 29, 44, 58]
        for a, b in zip(xs[:-1], xs[1:]):
            fill(c, inter(sd_box(c, a + 0.4, y0 + 0.4, b - 0.4, y1 - 0.4, 0.6), door),
                 scl((0.66, 0.64, 0.60), rng.uniform(0.92, 1.06)), bevel=1.0, tex=st, hi=0.4)
    # dashed gold seam around the door and a keyhole rune
    seam = sd_ring(sd_box(c, 6.8, 4.8, 57.2, 19.2, 0.8), 0.7)
    dash = (np.mod(c.X + c.Y, 4.0) < 2.4).astype(np.float32)
    c.paint(mask(seam) * dash, (0.95, 0.80, 0.35))
    fill(c, sd_circle(c, 32, 12, 4.6), (0.78, 0.64, 0.30), bevel=1.2, outline=0.7, hi=0.8)
    fill(c, union(sd_circle(c, 32, 11, 1.5), sd_poly(c, [(31.2, 11), (32.8, 11), (33.4, 15), (30.6, 15)])),
         (0.06, 0.05, 0.04))
    door_jambs(c)
    c.save("sprites/board/door_secret.png")


def rock(c, rng, x, y, r, col=(0.55, 0.52, 0.48), seed=0):
    n = rng.randint(6, 9)
    pts = []
    for k in range(n):
        a = k * 2 * math.pi / n + rng.uniform(-0.25, 0.25)
        rr = r * rng.uniform(0.75, 1.15)
        pts.append((x + rr * math.cos(a), y + rr * 0.85 * math.sin(a)))
    sd = sd_poly(c, pts)
    c.shadow(sd, 1.5, 2.5, 1.5, 0.55)
    tone = scl(col, rng.uniform(0.85, 1.12))
    fill(c, sd, tone, bevel=r * 0.8, outline=1.0, ocol=(0.12, 0.11, 0.1), tex=stone_tex(c, seed, 0.08),
         hi=0.5, profile="round")


def make_rubble():
    c = Canvas(64, 64)
    rng = random.Random(1400)
    # dust patch under the pile
    c.paint(np.clip(1 - np.hypot((c.X - 32) / 30, (c.Y - 33) / 28), 0, 1) ** 0.7, (0.30, 0.27, 0.24), 0.45)
    # back row to front row: big blocks, then smaller stones in front
    items = [(20, 20, 11), (42, 17, 12), (31, 33, 12), (12, 38, 9), (50, 37, 11),
             (22, 48, 9.5), (40, 50, 10), (53, 54, 6), (9, 53, 5.5), (30, 56, 5.5)]
    for k, (x, y, r) in enumerate(items):
        rock(c, rng, x + rng.uniform(-1, 1), y + rng.uniform(-1, 1), r, seed=1401 + k)
    for _ in range(12):
        x, y = rng.uniform(6, 58), rng.uniform(6, 60)
        fill(c, sd_circle(c, x, y, rng.uniform(0.9, 1.8)), (0.5, 0.47, 0.43), bevel=1, outline=0.6)
    c.save("sprites/board/rubble.png")


def make_traps():
    # pit
    c = Canvas(64, 64)
    rim = sd_box(c, 4, 4, 60, 60, 7)
    c.shadow(rim, 1, 2, 2, 0.5)
    fill(c, rim, (0.50, 0.47, 0.43), bevel=3, outline=1.2, tex=stone_tex(c, 1500, 0.1), hi=0.4)
    hole = sd_box(c, 10, 10, 54, 54, 5)
    d = np.clip(-hole / 14, 0, 1)
    holec = np.stack([0.22 - 0.2 * d, 0.19 - 0.17 * d, 0.16 - 0.14 * d], -1)
    fill(c, hole, holec, outline=0.8, ocol=(0.05, 0.04, 0.03))
    # wall shading: lit on the far (south) inner wall
    c.paint(mask(hole) * np.clip(1 - (54 - c.Y) / 7, 0, 1) * (c.Y > 40), (0.45, 0.4, 0.35), 0.5)
    c.paint(mask(hole) * np.clip(1 - (c.Y - 10) / 8, 0, 1), (0, 0, 0), 0.6)
    rng = random.Random(1501)
    for _ in range(9):
        x, y = rng.uniform(20, 44), rng.uniform(22, 44)
        c.paint(mask(sd_poly(c, [(x - 1.4, y + 2.5), (x, y - 2.8), (x + 1.4, y + 2.5)])), (0.45, 0.42, 0.4), 0.7)
    c.save("sprites/board/trap_pit.png")

    # spear trap: iron plate with spear points sticking up
    c = Canvas(64, 64)
    plate = sd_box(c, 5, 5, 59, 59, 3)
    c.shadow(plate, 1, 2, 1.5, 0.45)
    fill(c, plate, (0.30, 0.29, 0.30), bevel=2.5, outline=1.2, tex=stone_tex(c, 1510, 0.1), hi=0.6)
    for x in (8.5, 55.5):
        for y in (8.5, 55.5):
            fill(c, sd_circle(c, x, y, 1.5), (0.55, 0.55, 0.58), bevel=1, outline=0.5)
    for i in range(3):
        for j in range(3):
            x, y = 17 + i * 15, 17 + j * 15
            fill(c, sd_circle(c, x, y, 4.3), (0.05, 0.05, 0.05), outline=0.6, ocol=(0.5, 0.5, 0.52))
            tip = sd_poly(c, [(x, y - 5.5), (x + 3, y), (x, y + 2), (x - 3, y)])
            c.shadow(tip, 2.5, 3.0, 1, 0.5)
            fill(c, tip, (0.82, 0.83, 0.86), bevel=1.5, outline=0.7, hi=0.9)
            c.paint(mask(sd_line(c, [(x, y - 5), (x, y + 1.5)], 0.5)), (0.45, 0.45, 0.5), 0.7)
    c.paint(mask(sd_ellipse(c, 40, 44, 4, 2.5)), (0.5, 0.05, 0.05), 0.5)
    c.save("sprites/board/trap_spear.png")

    # falling block: big stone block with a strong shadow
    c = Canvas(64, 64)
    blk = sd_box(c, 7, 4, 55, 52, 2.5)
    c.shadow(blk, 4, 6, 2.5, 0.6)
    rng = random.Random(1520)
    for _ in range(16):  # dust
        x, y = rng.uniform(4, 62), rng.uniform(46, 62)
        c.paint(mask(sd_circle(c, x, y, rng.uniform(0.6, 1.6))), (0.6, 0.56, 0.5), 0.6)
    fill(c, blk, (0.60, 0.58, 0.54), bevel=6, depth=0.9, outline=1.3, tex=stone_tex(c, 1521, 0.1), hi=0.6)
    c.paint(mask(sd_ring(sd_box(c, 14, 11, 48, 45, 1.5), 0.9)), (0.35, 0.33, 0.3), 0.6)
    crack(c, rng, 14, 12, 48, 44, steps=7, width=0.8)
    # iron ring on top
    fill(c, sd_ring(sd_circle(c, 31, 28, 4), 1.6), (0.22, 0.22, 0.25), bevel=0.8, outline=0.5, hi=0.8)
    c.save("sprites/board/trap_block.png")

    # where an EU falling block lands: the block's shadow on the floor,
    # dust and streaks of its fall, inside a warning outline
    c = Canvas(64, 64)
    c.paint(mask(sd_box(c, 9, 9, 55, 55, 3)), (0.0, 0.0, 0.0), 0.42)
    c.paint(mask(sd_ring(sd_box(c, 6, 6, 58, 58, 4), 1.6)), (0.78, 0.22, 0.12), 0.85)
    for i in range(4):  # corner ticks make the outline read as a zone
        x = 6 if i % 2 == 0 else 58
        y = 6 if i < 2 else 58
        c.paint(mask(sd_circle(c, x, y, 2.6)), (0.78, 0.22, 0.12), 0.9)
    for x in (22, 32, 42):  # falling streaks
        streak = sd_line(c, [(x, 14), (x, 34)], 1.6)
        c.paint(mask(streak), (0.85, 0.82, 0.76), 0.7)
    arrow = sd_poly(c, [(24, 36), (40, 36), (32, 48)])
    c.shadow(arrow, 1, 2, 1, 0.5)
    fill(c, arrow, (0.85, 0.82, 0.76), bevel=1.2, outline=0.8, hi=0.6)
    rng = random.Random(1525)
    for _ in range(14):  # dust
        x, y = rng.uniform(10, 54), rng.uniform(46, 56)
        c.paint(mask(sd_circle(c, x, y, rng.uniform(0.6, 1.5))), (0.62, 0.58, 0.52), 0.6)
    c.save("sprites/board/trap_fall.png")

    # chest trap: a poisoned needle on a brass lock plate, a green drop
    c = Canvas(64, 64)
    plate = sd_box(c, 14, 12, 50, 52, 4)
    c.shadow(plate, 1, 2, 1.5, 0.45)
    fill(c, plate, (0.62, 0.47, 0.18), bevel=2.5, outline=1.2, hi=0.8)
    for x in (18.5, 45.5):
        for y in (16.5, 47.5):
            fill(c, sd_circle(c, x, y, 1.6), (0.3, 0.25, 0.15), bevel=1, outline=0.5)
    hole = np.minimum(sd_circle(c, 32, 27, 5), sd_box(c, 30, 27, 34, 40, 0.8))
    fill(c, hole, (0.06, 0.05, 0.04), outline=0.7, ocol=(0.35, 0.27, 0.1))
    needle = sd_line(c, [(20, 50), (46, 14)], 1.1)
    c.shadow(needle, 2, 3, 1, 0.5)
    fill(c, needle, (0.82, 0.83, 0.86), bevel=0.8, outline=0.5, hi=0.9)
    drop = np.minimum(sd_circle(c, 47, 22, 3.2), sd_poly(c, [(44.2, 21), (47, 14.5), (49.8, 21)]))
    fill(c, drop, (0.25, 0.75, 0.2), bevel=1.5, outline=0.6, ocol=(0.05, 0.2, 0.05), hi=0.9)
    c.save("sprites/board/trap_chest.png")


def make_treasure():
    c = Canvas(64, 64)
    rng = random.Random(1600)
    pile = sd_ellipse(c, 32, 38, 21, 14)
    c.shadow(pile, 1.5, 2.5, 2, 0.5)
    fill(c, pile, (0.70, 0.50, 0.12), bevel=8, profile="round", hi=0.6)
    coins = []
    for _ in range(70):
        a = rng.uniform(0, 2 * math.pi)
        d = math.sqrt(rng.uniform(0, 1))
        coins.append((32 + 18 * d * math.cos(a), 38 + 12 * d * math.sin(a) - (1 - d) * 6))
    coins.sort(key=lambda p: p[1])
    for (x, y) in coins:
        sd = sd_ellipse(c, x, y, 3.6, 2.8)
        fill(c, sd, (0.98, 0.78, 0.22), bevel=1.2, outline=0.6, ocol=(0.45, 0.30, 0.05), hi=0.9)
        c.paint(mask(sd_ring(sd_ellipse(c, x, y, 2.3, 1.7), 0.4)), (0.75, 0.52, 0.1), 0.7)
    for (x, y, col) in ((24, 30, (0.9, 0.1, 0.15)), (40, 34, (0.15, 0.5, 1.0)), (33, 43, (0.1, 0.8, 0.3))):
        g = sd_poly(c, [(x, y - 3.5), (x + 3.5, y), (x, y + 3.5), (x - 3.5, y)])
        fill(c, g, col, bevel=2, outline=0.7, hi=0.9)
        c.paint(mask(sd_circle(c, x - 1, y - 1.2, 0.8)), (1, 1, 1), 0.9)
    for (x, y) in ((27, 26), (38, 29), (22, 40)):
        c.paint(mask(sd_poly(c, star_pts(x, y, 3.2, 0.6, 4, 0))), (1, 1, 0.9), 0.9)
    c.save("sprites/board/treasure.png")


def make_exit():
    c = Canvas(64, 64)
    c.glow(32, 32, 31, (0.35, 1.0, 0.45), 0.75, power=1.4)
    ring = sd_ring(sd_circle(c, 32, 32, 25), 2.4)
    fill(c, ring, (0.45, 1.0, 0.55), outline=0.8, ocol=(0.05, 0.3, 0.1), hi=0.8, bevel=1.2)
    arrow = sd_poly(c, [(32, 10), (48, 29), (38.5, 29), (38.5, 52), (25.5, 52), (25.5, 29), (16, 29)])
    c.shadow(arrow, 1.2, 2, 1.2, 0.5)
    fill(c, arrow, (0.92, 1.0, 0.92), bevel=2.5, outline=1.6, ocol=(0.05, 0.35, 0.12), hi=0.8)
    c.save("sprites/board/exit.png")


def make_wall():
    c = Canvas(64, 16)
    mort = (0.18, 0.16, 0.15)
    c.paint(np.ones(c.shape), mort)
    rng = random.Random(1700)
    st = stone_tex(c, 1701, 0.09, wrap=True)
    rows = [(0, 8, [0, 18, 40]), (8, 16, [10, 30, 52])]
    for y0, y1, xs in rows:
        xs2 = xs + [xs[0] + 64]
        for a, b in zip(xs2[:-1], xs2[1:]):
            tone = scl((0.46, 0.43, 0.40), rng.uniform(0.85, 1.1))
            for off in (0, -64, 64):
                sd = sd_box(c, a + 0.45 + off, y0 + 0.45, b - 0.45 + off, y1 - 0.45, 1.0)
                fill(c, sd, tone, bevel=1.6, tex=st, hi=0.4)
    c.paint(mask(sd_box(c, -1, -1, 65, 0.8)), (0.85, 0.82, 0.78), 0.35)
    c.paint(mask(sd_box(c, -1, 15.0, 65, 17)), (0.0, 0.0, 0.0), 0.45)
    c.save("sprites/board/wall.png")


def make_board():
    make_doors()
    make_rubble()
    make_traps()
    make_treasure()
    make_exit()
    make_wall()


# ==========================================================================
# 5. UI dice
# ==========================================================================

def die_body(c, col):
    body = sd_box(c, 4, 4, 60, 60, 10)
    c.shadow(body, 1.5, 2.5, 2, 0.5)
    fill(c, body, col, bevel=6, depth=0.8, outline=1.2, ocol=(0.08, 0.06, 0.06), hi=0.7,
         tex=1 + 0.015 * noise(c.shape, 2, seed=1800))
    return body


def shield_sd(c):
    left = bez((32, 50), (17, 42), (17, 17), 14)
    right = bez((47, 17), (47, 42), (32, 50), 14)
    top = bez((17, 17), (32, 12), (47, 17), 10)
    return sd_poly(c, left + top[1:] + right[1:])


def make_dice():
    # skull
    c = Canvas(64, 64)
    die_body(c, (0.95, 0.94, 0.90))
    blk = (0.08, 0.07, 0.07)
    skull = union(sd_circle(c, 32, 28, 14), sd_box(c, 24, 31, 40, 46, 4))
    fill(c, skull, blk, bevel=1.5, hi=0.4)
    for s in (-1, 1):
        fill(c, sd_ellipse(c, 32 + s * 6, 29, 4.2, 4.8), (0.95, 0.94, 0.90))
    fill(c, sd_poly(c, [(32, 33), (34.5, 38), (29.5, 38)]), (0.95, 0.94, 0.90))
    for x in (27, 32, 37):
        c.paint(mask(sd_box(c, x - 0.8, 40.5, x + 0.8, 46.5)), (0.95, 0.94, 0.90))
    c.save("sprites/ui/die_skull.png")
    # white shield
    c = Canvas(64, 64)
    die_body(c, (0.95, 0.94, 0.90))
    sh = shield_sd(c)
    c.paint(mask(sh - 2.6), (0.06, 0.05, 0.05))
    fill(c, sh, (1.0, 1.0, 1.0), bevel=3, hi=0.4)
    c.paint(mask(sd_ring(sh + 4.5, 1.0)), (0.55, 0.55, 0.55), 0.6)
    c.save("sprites/ui/die_white_shield.png")
    # black shield
    c = Canvas(64, 64)
    die_body(c, (0.95, 0.94, 0.90))
    sh = shield_sd(c)
    c.paint(mask(sh - 1.0), (0.0, 0.0, 0.0))
    fill(c, sh, (0.10, 0.10, 0.11), bevel=3, hi=0.6)
    c.paint(mask(sd_ring(sh + 4.5, 1.0)), (0.45, 0.45, 0.48), 0.7)
    c.save("sprites/ui/die_black_shield.png")
    # movement d6
    pips = {1: [(32, 32)], 2: [(20, 20), (44, 44)], 3: [(19, 19), (32, 32), (45, 45)],
            4: [(20, 20), (44, 20), (20, 44), (44, 44)],
            5: [(19, 19), (45, 19), (32, 32), (19, 45), (45, 45)],
            6: [(20, 18), (44, 18), (20, 32), (44, 32), (20, 46), (44, 46)]}
    for n, pp in pips.items():
        c = Canvas(64, 64)
        die_body(c, (0.80, 0.10, 0.10))
        for (x, y) in pp:
            r = 6.5 if n == 1 else 5.0
            hole = sd_circle(c, x, y, r)
            # recessed pip: dark rim at the top-left, light at bottom-right
            c.paint(mask(hole), (0.35, 0.02, 0.02))
            fill(c, sd_circle(c, x + 0.5, y + 0.6, r - 0.7), (0.98, 0.97, 0.95), bevel=2, depth=-0.6, hi=0.3)
        c.save(f"sprites/ui/d6_{n}.png")


# ==========================================================================
# 6. items (the armoury, potions, tools, artifacts): 64x64 icons
# ==========================================================================

LEATHER = (0.45, 0.26, 0.12)
DIAG = -math.pi / 4  # handle at the bottom left, tip at the top right


def along(pts, ang=DIAG, cx=32, cy=32):
    """Points given along a weapon's axis (u from -32 at the pommel end to
    +32 at the tip, v across) turned onto the icon's diagonal."""
    return rot_pts(pts, cx, cy, ang)


def shaft(c, u0, u1, w, col=WOOD, seed=0, ang=DIAG):
    pts = along([(u0, 0), (u1, 0)], ang)
    sd = sd_line(c, pts, w)
    c.shadow(sd, 1.5, 2.5, 1.5, 0.45)
    fill(c, sd, col, bevel=w / 2, outline=0.9, profile="round", hi=0.6,
         tex=wood_tex(c, 2600 + seed, "x", period=2.0, amount=0.08))


def blade(c, u0, u1, w, tip, col=STEEL, ang=DIAG, glow=None):
    """A straight blade from u0 (at the guard) to u1 (point), w wide; tip is
    how long the point's taper is."""
    pts = along([(u0, -w / 2), (u1 - tip, -w / 2), (u1, 0), (u1 - tip, w / 2), (u0, w / 2)], ang)
    sd = sd_poly(c, pts)
    c.shadow(sd, 1.5, 2.5, 1.5, 0.5)
    if glow:
        c.paint(np.clip(1 - np.maximum(sd, 0) / 6, 0, 1) ** 2 * (sd > 0), glow, 0.55)
    fill(c, sd, col, bevel=w / 2, outline=0.9, hi=0.9)
    # the fuller: a darker groove along the middle
    c.paint(mask(sd_line(c, along([(u0 + 2, 0), (u1 - tip - 1, 0)], ang), max(0.8, w / 6))),
            scl(col, 0.6), 0.6)


def hilt(c, u_guard, guard_w, grip_len, col=GOLD, grip=LEATHER, ang=DIAG):
    gu = u_guard
    fill(c, sd_line(c, along([(gu - grip_len, 0), (gu, 0)], ang), 3.4), grip, bevel=1.5,
         outline=0.8, profile="round")
    fill(c, sd_line(c, along([(gu, -guard_w / 2), (gu, guard_w / 2)], ang), 3.0), col, bevel=1.2,
         outline=0.8, profile="round", hi=0.8)
    px, py = along([(gu - grip_len - 1.5, 0)], ang)[0]
    fill(c, sd_circle(c, px, py, 2.6), col, bevel=1.5, outline=0.8, profile="round", hi=0.8)


def sword(c, length, width, guard_w=14, grip=9, col=STEEL, gcol=GOLD, glow=None):
    g = -length / 2 + grip - 2
    blade(c, g, length / 2, width, width * 0.9, col, glow=glow)
    hilt(c, g, guard_w, grip, gcol)


def axe_head(c, u, w, h, col=STEEL, double=False, ang=DIAG):
    """An axe blade fixed at u on the haft; w how far it reaches out, h its
    height along the haft."""
    sides = (1, -1) if double else (1,)
    for s in sides:
        pts = [(u - h * 0.18, 0), (u - h * 0.5, s * w * 0.75), (u - h * 0.55, s * w),
               (u, s * w * 1.08), (u + h * 0.55, s * w), (u + h * 0.5, s * w * 0.75),
               (u + h * 0.18, 0)]
        sd = sd_poly(c, along(pts, ang))
        c.shadow(sd, 1.5, 2.5, 1.5, 0.5)
        fill(c, sd, col, bevel=3, outline=1.0, hi=0.85)
        edge = [along([(u - h * 0.55, s * w * 0.97)], ang)[0], along([(u, s * w * 1.05)], ang)[0],
                along([(u + h * 0.55, s * w * 0.97)], ang)[0]]
        c.paint(mask(sd_line(c, edge, 1.0)), (0.95, 0.96, 1.0), 0.7)


def make_weapon_icons():
    # dagger: short and plain
    c = Canvas(64, 64)
    g = -6
    blade(c, g, 20, 6, 6)
    hilt(c, g, 11, 8, IRON, LEATHER)
    c.save("sprites/items/dagger.png")

    # staff: a long knotted stick
    c = Canvas(64, 64)
    shaft(c, -30, 27, 4.2, DARKWOOD, 1)
    for u in (-10, 8):
        x, y = along([(u, 0)])[0]
        fill(c, sd_ellipse(c, x, y, 3.0, 3.0), scl(DARKWOOD, 1.2), bevel=1.5, outline=0.7)
    x, y = along([(26, 0)])[0]
    fill(c, sd_circle(c, x, y, 5.2), (0.40, 0.25, 0.13), bevel=3, outline=1.0, profile="round")
    c.save("sprites/items/staff.png")

    c = Canvas(64, 64)
    sword(c, 46, 6.5, 13, 9)
    c.save("sprites/items/shortsword.png")

    # spear: long shaft, leaf point
    c = Canvas(64, 64)
    shaft(c, -31, 18, 3.2, WOOD, 2)
    pts = along([(14, 0), (20, -4.2), (31, 0), (20, 4.2)])
    sd = sd_poly(c, pts)
    c.shadow(sd, 1.5, 2.5, 1.5, 0.5)
    fill(c, sd, STEEL, bevel=2.5, outline=0.9, hi=0.9)
    fill(c, sd_line(c, along([(12, -2.2), (12, 2.2)]), 2.0), IRON, outline=0.6)
    c.save("sprites/items/spear.png")

    # hand axe: short haft, one small blade
    c = Canvas(64, 64)
    shaft(c, -24, 20, 4.0, WOOD, 3)
    axe_head(c, 13, 12, 14)
    c.save("sprites/items/hand_axe.png")

    c = Canvas(64, 64)
    sword(c, 56, 9, 17, 10)
    c.save("sprites/items/broadsword.png")

    c = Canvas(64, 64)
    sword(c, 60, 6.5, 15, 14, gcol=(0.80, 0.80, 0.84))
    c.save("sprites/items/longsword.png")

    # crossbow: stock along the diagonal, bow across, string, bolt
    c = Canvas(64, 64)
    stock = sd_line(c, along([(-26, 0), (16, 0)]), 6.0)
    c.shadow(stock, 1.5, 2.5, 1.5, 0.5)
    fill(c, stock, WOOD, bevel=2.5, outline=1.0, tex=wood_tex(c, 2610, "x", 2.0, 0.08))
    arc = bez(along([(10, -25)])[0], along([(24, 0)])[0], along([(10, 25)])[0], 20)
    bow = sd_line(c, arc, 3.2)
    c.shadow(bow, 1.5, 2.5, 1.5, 0.5)
    fill(c, bow, IRON, bevel=1.5, outline=0.9, hi=0.8)
    c.paint(mask(sd_line(c, [along([(10, -24)])[0], along([(2, 0)])[0], along([(10, 24)])[0]], 0.8)),
            (0.9, 0.88, 0.8), 0.9)
    fill(c, sd_line(c, along([(2, 0), (27, 0)]), 1.6), (0.75, 0.75, 0.72), outline=0.6)
    fill(c, sd_poly(c, along([(26, -2.2), (31, 0), (26, 2.2)])), STEEL, outline=0.6)
    c.save("sprites/items/crossbow.png")

    # battle axe: long haft, double head
    c = Canvas(64, 64)
    shaft(c, -31, 26, 4.4, DARKWOOD, 4)
    axe_head(c, 17, 14, 19, double=True)
    x, y = along([(27, 0)])[0]
    fill(c, sd_circle(c, x, y, 2.6), IRON, bevel=1.2, outline=0.8, profile="round")
    c.save("sprites/items/battle_axe.png")


def make_armour_icons():
    # helmet: a dome with a rim and a nasal guard, seen from the front
    c = Canvas(64, 64)
    dome = union(sd_ellipse(c, 32, 32, 21, 20), sd_box(c, 11, 32, 53, 46, 3))
    dome = sub(dome, sd_box(c, 0, 47, 64, 64))
    c.shadow(dome, 2, 3, 2, 0.5)
    fill(c, dome, STEEL, bevel=8, outline=1.2, profile="round", hi=0.9)
    fill(c, sd_box(c, 10, 40, 54, 47, 2.5), scl(STEEL, 0.8), bevel=2, outline=1.0, hi=0.7)
    fill(c, sd_box(c, 29.5, 30, 34.5, 55, 1.5), scl(STEEL, 0.85), bevel=1.5, outline=1.0, hi=0.8)
    for x in (16, 24, 40, 48):
        fill(c, sd_circle(c, x, 43.5, 1.3), GOLD, bevel=0.8, outline=0.4)
    c.save("sprites/items/helmet.png")

    # shield: a heater shield with a boss and a bend
    c = Canvas(64, 64)
    left = bez((32, 60), (8, 46), (8, 8), 14)
    right = bez((56, 8), (56, 46), (32, 60), 14)
    sh = sd_poly(c, left + [(56, 8)] + right[1:])
    c.shadow(sh, 2, 3, 2, 0.5)
    fill(c, sh, (0.20, 0.30, 0.55), bevel=4, outline=1.3, tex=wood_tex(c, 2620, "y", amount=0.05))
    band = inter(sh, sd_rbox(c, 32, 32, 40, 5, math.pi / 4))
    fill(c, band, (0.85, 0.75, 0.35), bevel=2, hi=0.7)
    c.paint(mask(sd_ring(sh + 2.5, 2.0)), (0.62, 0.63, 0.66), 1.0)
    fill(c, sd_circle(c, 32, 28, 6), STEEL, bevel=4, outline=1.0, profile="round", hi=0.9)
    c.save("sprites/items/shield.png")

    # chain mail: a shirt of rings
    c = Canvas(64, 64)
    shirt = sd_poly(c, [(20, 8), (27, 11), (37, 11), (44, 8), (58, 18), (52, 28), (47, 25),
                        (47, 56), (17, 56), (17, 25), (12, 28), (6, 18)])
    c.shadow(shirt, 2, 3, 2, 0.5)
    fill(c, shirt, (0.52, 0.54, 0.58), bevel=4, outline=1.2, hi=0.6)
    rings = np.sin(c.X * 2 * math.pi / 3.2) * np.sin((c.Y + (np.floor(c.X / 3.2) % 2) * 1.6) * 2 * math.pi / 3.2)
    c.paint(mask(shirt) * np.clip(rings * 1.5, 0, 1), (0.82, 0.84, 0.88), 0.55)
    c.paint(mask(shirt) * np.clip(-rings * 1.5, 0, 1), (0.18, 0.19, 0.22), 0.45)
    c.paint(mask(sd_ring(sd_ellipse(c, 32, 11, 6, 3.5), 1.6)), (0.35, 0.36, 0.4), 0.9)
    c.save("sprites/items/chain_mail.png")

    # plate armour: breastplate with pauldrons and lames
    c = Canvas(64, 64)
    chest = sd_poly(c, [(18, 12), (26, 14), (38, 14), (46, 12), (49, 30), (44, 44), (20, 44), (15, 30)])
    c.shadow(chest, 2, 3, 2, 0.5)
    for sx in (13, 51):
        p = sd_ellipse(c, sx, 16, 9, 7)
        c.shadow(p, 2, 3, 2, 0.4)
        fill(c, p, scl(STEEL, 0.9), bevel=4, outline=1.1, profile="round", hi=0.9)
    fill(c, chest, STEEL, bevel=7, outline=1.2, profile="round", hi=0.95)
    c.paint(mask(sd_line(c, [(32, 15), (32, 42)], 1.0)), (0.45, 0.46, 0.5), 0.6)
    for k, y in enumerate((45, 50, 55)):
        lame = sd_box(c, 20 + k, y, 44 - k, y + 5, 2)
        fill(c, lame, scl(STEEL, 0.92 - 0.05 * k), bevel=2.2, outline=1.0, hi=0.8)
    for x, y in ((21, 18), (43, 18), (24, 40), (40, 40)):
        fill(c, sd_circle(c, x, y, 1.3), GOLD, bevel=0.8, outline=0.4)
    c.save("sprites/items/plate_armour.png")


def make_tool_icons():
    # tool kit: an open leather roll with picks, pliers and a file
    c = Canvas(64, 64)
    roll = sd_box(c, 6, 16, 58, 52, 4)
    c.shadow(roll, 2, 3, 2, 0.5)
    fill(c, roll, LEATHER, bevel=3, outline=1.2, tex=stone_tex(c, 2630, 0.08))
    fill(c, sd_box(c, 6, 40, 58, 52, 3), scl(LEATHER, 0.8), bevel=2, outline=1.0)
    for k, x in enumerate((14, 23, 32, 41, 50)):
        top = 12 + (k % 2) * 4
        fill(c, sd_line(c, [(x, top), (x, 44)], 2.0), STEEL, bevel=1, outline=0.7, hi=0.9)
        fill(c, sd_box(c, x - 2.6, 34, x + 2.6, 46, 1.2), (0.55, 0.38, 0.2) if k % 2 else DARKWOOD,
             bevel=1.2, outline=0.7)
        if k == 2:
            fill(c, sd_poly(c, [(x - 3, top + 1), (x, top - 4), (x + 3, top + 1)]), STEEL, outline=0.6)
    c.paint(mask(sd_line(c, [(6, 46), (58, 46)], 0.8)), (0.9, 0.8, 0.55), 0.6)
    c.save("sprites/items/tool_kit.png")

    # potion of healing: a round flask of red liquid with a cork
    c = Canvas(64, 64)
    body = union(sd_circle(c, 32, 40, 17), sd_box(c, 27, 10, 37, 28, 2))
    c.shadow(body, 2, 3, 2, 0.5)
    fill(c, body, (0.80, 0.88, 0.92), bevel=5, outline=1.2, profile="round", hi=0.8, alpha=0.9)
    liquid = inter(sd_circle(c, 32, 40, 14.5), sd_box(c, 0, 33, 64, 64))
    fill(c, liquid, (0.80, 0.08, 0.10), bevel=5, profile="round", hi=0.5)
    c.glow(32, 44, 16, (1.0, 0.3, 0.25), 0.3)
    fill(c, sd_box(c, 28, 5, 36, 13, 2), (0.62, 0.45, 0.28), bevel=1.5, outline=0.9)
    c.paint(mask(sd_ellipse(c, 25, 33, 3, 5)), (1, 1, 1), 0.6)
    c.save("sprites/items/healing_potion.png")


def make_artifact_icons():
    # Wraithbane: a pale blessed blade with a blue glow and runes
    c = Canvas(64, 64)
    sword(c, 58, 8, 16, 10, col=(0.82, 0.88, 0.96), gcol=(0.85, 0.85, 0.95), glow=(0.45, 0.75, 1.0))
    for u in (-2, 6, 14):
        x, y = along([(u, 0)])[0]
        c.paint(mask(sd_poly(c, star_pts(x, y, 2.2, 0.7, 4, 0))), (0.55, 0.85, 1.0), 0.95)
    c.save("sprites/items/wraithbane.png")

    # Tuskcleaver: a throwing axe with a bone haft and a green-tinged edge
    c = Canvas(64, 64)
    shaft(c, -24, 20, 4.2, (0.88, 0.84, 0.72), 5)
    axe_head(c, 13, 13, 15, col=(0.62, 0.70, 0.58))
    for u in (-18, -10):
        x, y = along([(u, 0)])[0]
        fill(c, sd_ellipse(c, x, y, 2.6, 2.6), (0.55, 0.35, 0.2), outline=0.6)
    c.save("sprites/items/tuskcleaver.png")

    # Deepforge Mail: dark bronze plates with a golden rune
    c = Canvas(64, 64)
    shirt = sd_poly(c, [(20, 8), (27, 11), (37, 11), (44, 8), (58, 18), (52, 28), (47, 25),
                        (47, 56), (17, 56), (17, 25), (12, 28), (6, 18)])
    c.shadow(shirt, 2, 3, 2, 0.5)
    fill(c, shirt, (0.45, 0.32, 0.18), bevel=5, outline=1.2, hi=0.7)
    for y in range(16, 56, 6):
        for x in range(14, 52, 6):
            off = 3 if (y // 6) % 2 else 0
            sc = sd_ellipse(c, x + off, y, 3.2, 2.6)
            c.paint(mask(sd_ring(sc, 0.8)) * mask(shirt), (0.25, 0.16, 0.08), 0.6)
    rune = [(32, 24), (32, 46), (32, 30), (26, 36), (32, 30), (38, 36)]
    c.paint(mask(sd_line(c, rune, 1.8)), GOLD, 0.95)
    c.glow(32, 35, 12, (1.0, 0.75, 0.3), 0.25)
    c.save("sprites/items/deepforge_mail.png")

    # Mantle of Stars: a deep blue cloak sprinkled with stars
    c = Canvas(64, 64)
    cloak = sd_poly(c, bez((24, 8), (10, 30), (6, 58), 12) + [(58, 58)] + bez((58, 58), (54, 30), (40, 8), 12)[1:])
    c.shadow(cloak, 2, 3, 2, 0.5)
    fill(c, cloak, (0.10, 0.14, 0.38), bevel=5, outline=1.2, hi=0.5,
         tex=1 + 0.12 * noise(c.shape, 1.5, 6, seed=2640, wrap=False))
    fill(c, sd_ellipse(c, 32, 9, 9, 3.5), GOLD, bevel=1.5, outline=0.9, hi=0.8)
    rng = random.Random(2641)
    for _ in range(9):
        x, y = rng.uniform(16, 50), rng.uniform(18, 54)
        if cloak[int(y * S), int(x * S)] < -2:
            c.paint(mask(sd_poly(c, star_pts(x, y, 2.6, 0.8, 4, 0))), (1.0, 0.95, 0.7), 0.95)
    c.save("sprites/items/mantle_of_stars.png")


def make_items():
    make_weapon_icons()
    make_armour_icons()
    make_tool_icons()
    make_artifact_icons()


# ==========================================================================
# 7. fonts + credits
# ==========================================================================

def copy_fonts():
    d = os.path.join(ASSETS, "fonts")
    os.makedirs(d, exist_ok=True)
    src = "/usr/share/fonts/truetype/dejavu"
    for f in ("DejaVuSans.ttf", "DejaVuSans-Bold.ttf"):
        shutil.copyfile(os.path.join(src, f), os.path.join(d, f))
    shutil.copyfile("/usr/share/doc/fonts-dejavu-core/copyright", os.path.join(d, "LICENSE.txt"))


CREDITS = """# Questboard asset credits

## Images (CC0 1.0)

Every PNG under `assets/tiles/` and `assets/sprites/` is generated
procedurally by `tools/make_art.py` (Python 3 + Pillow + numpy). No photos,
downloaded or copied art was used: the script draws everything from
geometric shapes and seeded noise, with fixed seeds, so running

    /usr/bin/python3 tools/make_art.py

reproduces identical files. The images and the script are dedicated to the
public domain under CC0 1.0 Universal
(https://creativecommons.org/publicdomain/zero/1.0/).

## Fonts

`assets/fonts/DejaVuSans.ttf` and `assets/fonts/DejaVuSans-Bold.ttf` are the
DejaVu Sans fonts (https://dejavu-fonts.github.io/), copied unmodified from
the Debian package fonts-dejavu-core. Copyright (c) 2003 by Bitstream, Inc.;
Bitstream Vera is a trademark of Bitstream, Inc.; the DejaVu changes are in
the public domain. They are distributed under the Bitstream Vera Fonts licence
(a permissive licence that allows redistribution with the notice kept). The
full licence text (Debian's copyright file for the package) is in
`assets/fonts/LICENSE.txt`.
"""


def write_credits():
    with open(os.path.join(ASSETS, "CREDITS.md"), "w") as f:
        f.write(CREDITS)


# ==========================================================================
# contact sheet (for visual review only; not part of the assets)
# ==========================================================================

def contact_sheet(path):
    from PIL import ImageFont
    A = lambda rel: Image.open(os.path.join(ASSETS, rel)).convert("RGBA")
    W = 1400
    sheet = Image.new("RGBA", (W, 2400), (40, 38, 44, 255))
    dr = ImageDraw.Draw(sheet)
    try:
        font = ImageFont.truetype(os.path.join(ASSETS, "fonts", "DejaVuSans.ttf"), 14)
    except OSError:
        font = None
    y = 10

    def label(text, x, yy):
        dr.text((x, yy), text, fill=(230, 230, 230, 255), font=font)

    # tinted room floors, 6x4 each
    rooms = [(255, 255, 255), (0xc8, 0xa8, 0x78), (0x8a, 0xb0, 0x9a), (0xb0, 0x80, 0x80), (0x90, 0x98, 0xc8)]
    label("floor ffffff tinted (multiply) 6x4", 10, y)
    y += 20
    rng = random.Random(1)
    for k, tint in enumerate(rooms):
        for j in range(4):
            for i in range(6):
                t = A(f"tiles/ffffff_{rng.randint(1, 8)}.png")
                arr = np.asarray(t).astype(np.float32)
                arr[..., :3] *= np.array(tint, np.float32) / 255
                tt = Image.fromarray(arr.astype(np.uint8)).resize((42, 42), Image.LANCZOS)
                sheet.alpha_composite(tt, (10 + k * 270 + i * 42, y + j * 42))
    y += 4 * 42 + 10
    # rock, carpet, wood blocks 4x3 each
    for k, (pre, n) in enumerate((("c3c3c3", 4), ("8a1f2b", 3), ("6b4a2b", 3))):
        for j in range(3):
            for i in range(4):
                t = A(f"tiles/{pre}_{rng.randint(1, n)}.png")
                sheet.alpha_composite(t, (10 + k * 280 + i * 64, y + j * 64))
    # blue autotile room 4x3 shaped like an L
    shape = ["XXXX.", "XXXX.", "XX...", "XX..."]
    ox = 860
    for j, row in enumerate(shape):
        for i, ch in enumerate(row):
            if ch != "X":
                continue
            same = lambda a, b: 0 <= b < len(shape) and 0 <= a < len(row) and shape[b][a] == "X"
            m = (1 if same(i, j - 1) else 0) | (2 if same(i + 1, j) else 0) | (4 if same(i, j + 1) else 0) | (8 if same(i - 1, j) else 0)
            sheet.alpha_composite(A(f"tiles/2b5f8a_a{m}_1.png"), (ox + i * 64, y + j * 64))
    y += 4 * 64 + 10
    # all autotile masks
    for m in range(16):
        sheet.alpha_composite(A(f"tiles/2b5f8a_a{m}_1.png"), (10 + m * 68, y))
    y += 74
    # pieces at 128 and 40 on a floor background
    floor = A("tiles/ffffff_1.png")
    for k, (name, _, _) in enumerate(PIECES):
        p = A(f"sprites/pieces/{name}.png")
        sheet.alpha_composite(p, (10 + k * 115, y))
    y += 130
    bg = Image.new("RGBA", (12 * 48 + 10, 58), (0, 0, 0, 255))
    for i in range(13):
        bg.alpha_composite(floor.resize((48, 48)), (i * 48, 0))
    sheet.alpha_composite(bg.crop((0, 0, 12 * 48, 48)), (10, y))
    for k, (name, _, _) in enumerate(PIECES):
        p = A(f"sprites/pieces/{name}.png").resize((40, 40), Image.LANCZOS)
        sheet.alpha_composite(p, (14 + k * 48, y + 4))
        p = A(f"sprites/pieces/{name}.png").resize((32, 32), Image.LANCZOS)
        sheet.alpha_composite(p, (620 + k * 40, y + 8))
    y += 60
    # furniture on floor
    fx = 10
    bgt = floor
    row_h = 0
    for name in ("table", "chest", "bookcase", "cupboard", "throne", "tomb", "weapons_rack",
                 "alchemist_bench", "sorcerer_table", "fireplace", "stairway"):
        im = A(f"sprites/furniture/{name}.png")
        if fx + im.width > W - 10:
            fx = 10
            y += row_h + 10
            row_h = 0
        for ty in range(0, im.height, 64):
            for tx in range(0, im.width, 64):
                sheet.alpha_composite(bgt, (fx + tx, y + ty))
        sheet.alpha_composite(im, (fx, y))
        fx += im.width + 10
        row_h = max(row_h, im.height)
    y += row_h + 10
    # board pieces on floor
    fx = 10
    for name in ("door_closed", "door_open", "door_secret", "rubble", "trap_pit", "trap_spear",
                 "trap_block", "trap_fall", "trap_chest", "treasure", "exit", "wall"):
        im = A(f"sprites/board/{name}.png")
        sheet.alpha_composite(bgt, (fx, y))
        if im.height < 64:
            sheet.alpha_composite(bgt, (fx + 64, y))
        sheet.alpha_composite(im, (fx, y + (64 - im.height) // 2))
        if name == "wall":
            sheet.alpha_composite(im, (fx + 64, y + 24))
        fx += 140 if name == "wall" else 74
    y += 74
    fx = 10
    for name in ("die_skull", "die_white_shield", "die_black_shield") + tuple(f"d6_{i}" for i in range(1, 7)):
        sheet.alpha_composite(A(f"sprites/ui/{name}.png"), (fx, y))
        fx += 70
    y += 74
    sheet = sheet.crop((0, 0, W, y))
    sheet.save(path)
    print("contact sheet:", path)


def main():
    np.seterr(all="ignore")
    if "--only" in sys.argv:  # e.g. --only items: redraw one family while drawing it
        globals()["make_" + sys.argv[sys.argv.index("--only") + 1]]()
        print(f"wrote {len(GENERATED)} images under {ASSETS}")
        return
    make_tiles()
    make_pieces()
    make_furniture()
    make_board()
    make_dice()
    make_items()
    copy_fonts()
    write_credits()
    print(f"wrote {len(GENERATED)} images under {ASSETS}")
    if "--sheet" in sys.argv:
        contact_sheet(sys.argv[sys.argv.index("--sheet") + 1])


if __name__ == "__main__":
    main()
