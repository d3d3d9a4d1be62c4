#!/usr/bin/python3
"""Writes the bitmap fixtures in tests/data. Deterministic: re-running
reproduces the same files. Run: /usr/bin/python3 tools/make_fixtures.py"""
import os
import struct
import zlib

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
DATA = os.path.join(HERE, '..', 'tests', 'data')

HALL = (255, 255, 255)
ROCK = (0xc3, 0xc3, 0xc3)
RED = (200, 40, 40)
DARK = (90, 90, 90)
DARK2 = (120, 100, 80)
BLUE = (60, 90, 200)
NONE = (0, 0, 0)

# The seed's example: a hallway and four rooms, rock at (0,2) and (0,3).
SEED_ROWS = [
    "AAAAHHBBBB",
    "AAAAHHBBBB",
    "#HHHHHHHHH",
    "#HHHHHHHHH",
    "CCCCHHDDDD",
    "CCCCHHDDDD",
    "CCCCHHDDD.",
]
SEED_COLOURS = {'A': RED, 'H': HALL, 'B': DARK, 'C': DARK2, 'D': BLUE, '#': ROCK, '.': NONE}


# The analysis fixtures (tests/data/missions/analysis): three rooms north
# and three south of a white corridor, rock between the rooms.
ANALYSIS_ROWS = [
    "AAAA#BBBB#CCCC",
    "AAAA#BBBB#CCCC",
    "HHHHHHHHHHHHHH",
    "DDDD#EEEE#FFFF",
    "DDDD#EEEE#FFFF",
]
ANALYSIS_COLOURS = {'A': (0xa0, 0x40, 0x40), 'B': (0x40, 0x60, 0xa0), 'C': (0x40, 0x80, 0x4a),
                    'D': (0x80, 0x60, 0x40), 'E': (0x6a, 0x6a, 0x80), 'F': (0x8a, 0x1f, 0x2b),
                    'H': HALL, '#': ROCK, '.': NONE}
# Lint-only pictures (bare bitmaps).
CORNER_ROWS = [
    "GGG###",
    "GGG###",
    "###GGG",
    "###GGG",
]


def analysis_fixtures(p):
    base = image_from_rows(ANALYSIS_ROWS, ANALYSIS_COLOURS)
    base.save(p('missions/analysis/board.png'))
    near = base.copy()
    near.putpixel((2, 0), (0xa0, 0x41, 0x41))  # one shade off room A
    near.save(p('missions/analysis/near.png'))
    image_from_rows(CORNER_ROWS, {'G': (0x50, 0x90, 0x50), '#': ROCK}).save(
        p('missions/analysis/corner.png'))
    # Floor one shade off rock and one off black, next to proper rooms.
    odd = image_from_rows(["AAAA", "AAAA", "RRBB", "RRBB"],
                          {'A': (0x60, 0x60, 0xa0), 'R': (0xc4, 0xc3, 0xc3), 'B': (0x04, 0x04, 0x04)})
    odd.save(p('missions/analysis/almost.png'))
    # Transparent and black pixels both used for "no square".
    mixed = Image.new('RGBA', (4, 2), (0x60, 0x60, 0xa0, 255))
    mixed.putpixel((3, 0), (0, 0, 0, 255))
    mixed.putpixel((3, 1), (255, 255, 255, 0))
    mixed.save(p('missions/analysis/mixed.png'))


def image_from_rows(rows, colours):
    img = Image.new('RGB', (len(rows[0]), len(rows)))
    for y, row in enumerate(rows):
        for x, ch in enumerate(row):
            img.putpixel((x, y), colours[ch])
    return img


def standard_board():
    rows = [l.rstrip('\n') for l in open(os.path.join(DATA, 'standard-board.txt'))
            if not l.startswith('#')]
    rows = [r for r in rows if r]
    colours = {'.': HALL}
    for i, ch in enumerate('ABCDEFGHIJKLMNOPQRSTUV'):
        # distinct, reproducible colours, none of them black or rock grey
        colours[ch] = (40 + (i * 53) % 200, 30 + (i * 97) % 210, 50 + (i * 31) % 190)
    return image_from_rows(rows, colours)


def png_chunk(kind, data):
    return (struct.pack('>I', len(data)) + kind + data +
            struct.pack('>I', zlib.crc32(kind + data) & 0xffffffff))


def forged_png(width, height, depth=8, colour_type=2, idat=b''):
    ihdr = struct.pack('>IIBBBBB', width, height, depth, colour_type, 0, 0, 0)
    return (b'\x89PNG\r\n\x1a\n' + png_chunk(b'IHDR', ihdr) +
            png_chunk(b'IDAT', zlib.compress(idat)) + png_chunk(b'IEND', b''))


def patch_bmp(path, out, **fields):
    data = bytearray(open(path, 'rb').read())
    if 'bpp' in fields:
        struct.pack_into('<H', data, 28, fields['bpp'])
    if 'compression' in fields:
        struct.pack_into('<I', data, 30, fields['compression'])
    if 'width' in fields:
        struct.pack_into('<i', data, 18, fields['width'])
    open(out, 'wb').write(bytes(data))


def write(name, data):
    with open(os.path.join(DATA, name), 'wb') as f:
        f.write(data)


def main():
    p = lambda n: os.path.join(DATA, n)
    seed = image_from_rows(SEED_ROWS, SEED_COLOURS)
    seed.save(p('seed-example.png'))
    seed.save(p('seed-example-24.bmp'))
    seed.convert('RGBA').save(p('seed-example-32.bmp'))
    seed.convert('P', palette=Image.ADAPTIVE, colors=16).save(p('seed-example-indexed.bmp'))
    seed.quantize(colors=16, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        p('seed-example-indexed.png'))
    standard_board().save(p('standard-board.png'))
    os.makedirs(p('missions/analysis'), exist_ok=True)
    analysis_fixtures(p)

    # Transparency: the right half of a two-colour image is fully transparent.
    t = Image.new('RGBA', (4, 2), (255, 255, 255, 255))
    for y in range(2):
        for x in range(2, 4):
            t.putpixel((x, y), (255, 255, 255, 0))
    t.save(p('transparent.png'))

    # Loader errors.
    Image.new('I;16', (4, 4), 1000).save(p('bad-16bit.png'))
    good = open(p('seed-example.png'), 'rb').read()
    write('bad-truncated.png', good[:len(good) // 2])
    bmp = open(p('seed-example-24.bmp'), 'rb').read()
    write('bad-truncated.bmp', bmp[:len(bmp) - 40])
    write('bad-huge.png', forged_png(100000, 100000))
    write('bad-bomb.png', forged_png(8000, 8000, idat=b'\0' * 1000))
    write('bad-notimage.png', b'this is not an image at all\n')
    write('bad-empty.bmp', b'')
    write('bad-zero-width.png', forged_png(0, 5))
    patch_bmp(p('seed-example-24.bmp'), p('bad-rle.bmp'), compression=1)
    patch_bmp(p('seed-example-24.bmp'), p('bad-16bit.bmp'), bpp=16)
    write('bad-gif.png', b'GIF89a' + b'\0' * 40)
    formats = os.path.join(DATA, 'missions', 'formats')
    os.makedirs(formats, exist_ok=True)
    # A PNG whose pixel data is damaged inside (one byte of IDAT flipped).
    data = bytearray(good)
    idat = data.find(b'IDAT') + 4
    data[idat + 4] ^= 0x55
    write('bad-idat.png', bytes(data))
    write('missions/formats/damaged.png', bytes(data))
    # Other formats an author may save the board in: each is named, with
    # what to do.
    seed.save(os.path.join(formats, 'board.jpg'), quality=90)
    seed.save(os.path.join(formats, 'board.gif'))
    seed.save(os.path.join(formats, 'board.webp'))
    seed.save(os.path.join(formats, 'board.tiff'))
    with open(os.path.join(formats, 'board.svg'), 'w') as f:
        f.write('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="7">'
                '<rect width="10" height="7" fill="#ffffff"/></svg>\n')


if __name__ == '__main__':
    main()
