#!/usr/bin/python3
"""Draw Questboard's application icon: one scalable SVG and the hicolor PNGs.

Run from anywhere:   /usr/bin/python3 tools/make_icon.py

The icon is a short list of flat shapes (a stone plaque, a board of nine
floor tiles, a hero's pawn in its ring, a die) on a 512-unit square. The
same list is written out twice: as SVG text (the scalable icon) and drawn
with Pillow at 8x supersampling, then filtered down, for each PNG size the
freedesktop icon theme asks for (16 to 512). The smallest sizes leave out
the die and the tile joints, which would blur into noise at a few pixels.
Nothing is random and PNGs carry no timestamp, so a rerun reproduces the
same files. The art is CC0 like the rest (assets/CREDITS.md).

Requires Pillow (Debian: python3-pil).
"""
import os

from PIL import Image, ImageDraw

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
APP_ID = "io.github.questboard.Questboard"
OUT = os.path.join(ROOT, "dist", "icons", "hicolor")
SIZES = (16, 22, 24, 32, 48, 64, 128, 256, 512)
UNITS = 512
SUPER = 8

# The game's own tones (tools/make_art.py): dark stone, warm floor, the
# first hero's ring, bone-white dice.
PLAQUE = "#2f2a35"
PLAQUE_EDGE = "#17131b"
PLAQUE_LIGHT = "#453d4d"
GROUT = "#1f1a20"
TILE_A = "#c8ae7e"
TILE_B = "#a98e60"
RING = "#d8402f"
PAWN = "#eee4cf"
PAWN_EDGE = "#2a2024"
DIE = "#f4efe2"
DIE_EDGE = "#2a2024"
PIP = "#8a1f2b"


def shapes(detail):
    """The icon as (kind, geometry, fill, stroke, stroke width) in 512
    units, painted in order. detail 0 is for 16-24 px, 1 above."""
    s = []
    s.append(("rrect", (24, 24, 488, 488, 84), PLAQUE, PLAQUE_EDGE, 16))
    s.append(("rrect", (48, 40, 464, 200, 60), PLAQUE_LIGHT, None, 0))
    s.append(("rrect", (48, 56, 464, 472, 60), PLAQUE, None, 0))
    # the board: nine tiles on the grout
    s.append(("rrect", (88, 88, 424, 424, 18), GROUT, None, 0))
    gap = 10 if detail else 0
    step = (424 - 88 - 2 * 8) / 3.0
    for row in range(3):
        for col in range(3):
            x0 = 88 + 8 + col * step
            y0 = 88 + 8 + row * step
            tone = TILE_A if (row + col) % 2 == 0 else TILE_B
            s.append(("rect", (x0 + gap / 2, y0 + gap / 2, x0 + step - gap / 2,
                               y0 + step - gap / 2), tone, None, 0))
    # the hero in its ring on the middle tile
    s.append(("circle", (256, 300, 92), None, RING, 30 if detail else 44))
    s.append(("poly", ((206, 330), (306, 330), (282, 236), (230, 236)), PAWN, PAWN_EDGE, 10))
    s.append(("circle", (256, 206, 46), PAWN, PAWN_EDGE, 10))
    s.append(("rrect", (190, 318, 322, 346, 12), PAWN, PAWN_EDGE, 10))
    if detail:
        # a die leaning on the board's corner, showing three
        s.append(("rrect", (318, 318, 468, 468, 30), DIE, DIE_EDGE, 12))
        for cx, cy in ((354, 354), (393, 393), (432, 432)):
            s.append(("circle", (cx, cy, 15), PIP, None, 0))
    return s


def svg_text():
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<!-- Questboard\'s icon, written by tools/make_icon.py (CC0) -->',
           '<svg xmlns="http://www.w3.org/2000/svg" width="%d" height="%d" '
           'viewBox="0 0 %d %d">' % (UNITS, UNITS, UNITS, UNITS)]
    for kind, g, fill, stroke, width in shapes(1):
        paint = 'fill="%s"' % (fill or "none")
        if stroke:
            paint += ' stroke="%s" stroke-width="%g" stroke-linejoin="round"' % (stroke, width)
        if kind == "rrect":
            x0, y0, x1, y1, r = g
            out.append('  <rect x="%g" y="%g" width="%g" height="%g" rx="%g" %s/>'
                       % (x0, y0, x1 - x0, y1 - y0, r, paint))
        elif kind == "rect":
            x0, y0, x1, y1 = g
            out.append('  <rect x="%g" y="%g" width="%g" height="%g" %s/>'
                       % (x0, y0, x1 - x0, y1 - y0, paint))
        elif kind == "circle":
            out.append('  <circle cx="%g" cy="%g" r="%g" %s/>' % (g[0], g[1], g[2], paint))
        elif kind == "poly":
            pts = " ".join("%g,%g" % p for p in g)
            out.append('  <polygon points="%s" %s/>' % (pts, paint))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def draw_png(size):
    """The shapes at size px. An SVG stroke is centred on the outline, so
    a stroked shape is drawn as the stroke's outer shape in the stroke's
    colour, then its fill inset by half the width; a ring (a stroke
    without fill) is pasted through a mask with its hole cut out."""
    k = size * SUPER / float(UNITS)
    img = Image.new("RGBA", (size * SUPER, size * SUPER), (0, 0, 0, 0))
    d = ImageDraw.Draw(img)

    def box(x0, y0, x1, y1, grow):
        return [(x0 - grow) * k, (y0 - grow) * k, (x1 + grow) * k, (y1 + grow) * k]

    for kind, g, fill, stroke, width in shapes(1 if size >= 32 else 0):
        if kind == "circle" and stroke and not fill:
            cx, cy, r = g
            ring = Image.new("L", img.size, 0)
            m = ImageDraw.Draw(ring)
            m.ellipse(box(cx - r, cy - r, cx + r, cy + r, width / 2.0), fill=255)
            m.ellipse(box(cx - r, cy - r, cx + r, cy + r, -width / 2.0), fill=0)
            img.paste(stroke, (0, 0, img.size[0], img.size[1]), ring)
            continue
        layers = []
        if stroke:
            layers.append((stroke, width / 2.0))
        if fill:
            layers.append((fill, -width / 2.0 if stroke else 0.0))
        for colour, grow in layers:
            if kind == "rrect":
                x0, y0, x1, y1, r = g
                d.rounded_rectangle(box(x0, y0, x1, y1, grow), radius=max(0.0, r + grow) * k,
                                    fill=colour)
            elif kind == "rect":
                d.rectangle(box(*g, grow), fill=colour)
            elif kind == "circle":
                cx, cy, r = g
                d.ellipse(box(cx - r, cy - r, cx + r, cy + r, grow), fill=colour)
            elif kind == "poly":
                pts = [(x * k, y * k) for x, y in g]
                d.polygon(pts, fill=colour)
                if grow > 0:
                    d.line(pts + pts[:1], fill=colour, width=int(round(width * k)), joint="curve")
    return img.resize((size, size), Image.LANCZOS)


def main():
    scalable = os.path.join(OUT, "scalable", "apps")
    os.makedirs(scalable, exist_ok=True)
    with open(os.path.join(scalable, APP_ID + ".svg"), "w", encoding="utf-8") as f:
        f.write(svg_text())
    for size in SIZES:
        folder = os.path.join(OUT, "%dx%d" % (size, size), "apps")
        os.makedirs(folder, exist_ok=True)
        draw_png(size).save(os.path.join(folder, APP_ID + ".png"), optimize=True)
    print("wrote %s: scalable SVG and %d PNG sizes" % (os.path.relpath(OUT, ROOT), len(SIZES)))


if __name__ == "__main__":
    main()
