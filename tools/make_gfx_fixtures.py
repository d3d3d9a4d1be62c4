#!/usr/bin/python3
"""Writes the rendering fixtures in tests/data/gfx: a small board and tile
pictures of one flat colour each, so pixel tests know exactly what every
square must look like. Deterministic. Run: /usr/bin/python3 tools/make_gfx_fixtures.py"""
import os

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, '..', 'tests', 'data', 'gfx')

# W: hallway (ffffff, has variants), R: red room with no tiles (tinted),
# B: blue room with its own variant, #: rock, '.': no square.
ROOMS = [
    "WWWWWWWW",
    "RRRRBBBB",
    "RRRRBBBB",
    "RRRRBBBB",
    "#WWWWWW.",
]
COLOURS = {'W': (255, 255, 255), 'R': (255, 0, 0), 'B': (0, 0, 255),
           '#': (0xc3, 0xc3, 0xc3), '.': (0, 0, 0)}

# flat tile colours the tests look for
TILES = {
    'ffffff_1.png': (200, 200, 200),
    '0000ff_1.png': (10, 200, 30),
    'c3c3c3_1.png': (100, 100, 100),
}


def main():
    os.makedirs(os.path.join(OUT, 'tiles'), exist_ok=True)
    img = Image.new('RGB', (len(ROOMS[0]), len(ROOMS)))
    for y, row in enumerate(ROOMS):
        for x, ch in enumerate(row):
            img.putpixel((x, y), COLOURS[ch])
    img.save(os.path.join(OUT, 'rooms.png'))
    for name, colour in TILES.items():
        Image.new('RGB', (64, 64), colour).save(os.path.join(OUT, 'tiles', name))
    # a 4-neighbour autotile set whose red channel tells the mask (16 * mask)
    # plus one plain variant, so tests can see which picture was picked
    auto = os.path.join(OUT, 'autotiles')
    os.makedirs(auto, exist_ok=True)
    for mask in range(16):
        Image.new('RGB', (64, 64), (16 * mask, 0, 0)).save(
            os.path.join(auto, '2b5f8a_a%d_1.png' % mask))
    Image.new('RGB', (64, 64), (0, 255, 0)).save(os.path.join(auto, 'ffffff_1.png'))
    with open(os.path.join(auto, 'README.md'), 'w') as f:
        f.write('Autotile fixture: not a tile name, so the tileset must ignore this file.\n')


if __name__ == '__main__':
    main()
