#!/usr/bin/python3
"""Draws the bundled mission bitmaps (missions/<id>/board.png) from the
character maps below: one character per square. Deterministic: re-running
reproduces the same files. Run: /usr/bin/python3 tools/make_missions.py

The maps are only a convenient way to keep the bitmaps reviewable; a mission
author draws the PNG in any paint program instead."""
import os

from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
MISSIONS = os.path.join(HERE, '..', 'missions')

# Colours shared by the missions. The art set has dedicated tiles for the
# corridor, red carpet, blue ritual floor, wooden floor and rock.
COMMON = {
    ' ': (0x00, 0x00, 0x00),  # no square
    '#': (0xc3, 0xc3, 0xc3),  # rock
    '.': (0xff, 0xff, 0xff),  # corridor
    'R': (0x8a, 0x1f, 0x2b),  # red carpet (throne room)
    'B': (0x2b, 0x5f, 0x8a),  # blue ritual floor
    'W': (0x6b, 0x4a, 0x2b),  # wooden floor
}

FIRST_LIGHT = {
    'size': (22, 12),
    'colours': {
        'G': (0x5a, 0x7a, 0x3a),  # guard room
        'K': (0xa0, 0x6a, 0x3c),  # kitchen
        'C': (0x6a, 0x6a, 0x80),  # cistern
    },
    'rows': [
        "                      ",
        " WWWW.GGGGGG.KKKKKKK  ",
        " WWWW.GGGGGG.KKKKKKK  ",
        " WWWW.GGGGGG.KKKKKKK  ",
        " WWWW........KKKKKKK  ",
        " ....#######........  ",
        " .CCC#RRRRRR#.BBBBBB. ",
        " .CCC#RRRRRR#.BBBBBB. ",
        " .CCC#RRRRRR#.BBBBBB. ",
        " .CCC.RRRRRR..BBBBBB. ",
        " .................... ",
        "                      ",
    ],
}

def standard_rows():
    """The standard 26x19 board (tests/data/standard-board.txt)."""
    path = os.path.join(HERE, '..', 'tests', 'data', 'standard-board.txt')
    return [l.rstrip('\n') for l in open(path) if l.strip() and not l.startswith('#')]


# The standard board; the rooms the archive does not use are flooded (one
# colour the mission's palette marks as blocked).
FLOODED = (0x1c, 0x2c, 0x34)
DROWNED_ARCHIVE = {
    'size': (26, 19),
    'colours': {
        'A': (0x8a, 0x6a, 0x9a),  # scriptorium
        'B': (0x6b, 0x4a, 0x2b),  # copyists' hall (wooden floor)
        'C': (0x7a, 0x6a, 0x4a),  # map room
        'D': (0xa0, 0x8a, 0x5a),  # reading room
        'E': (0x5a, 0x6a, 0x8a),  # librarian's study
        'F': (0x6a, 0x8a, 0x5a),  # bindery
        'I': (0x8a, 0x1f, 0x2b),  # bell chamber (red carpet)
        'K': (0x2b, 0x5f, 0x8a),  # atrium (blue ritual floor)
        'O': (0x4a, 0x7a, 0x9a),  # sluice
        'R': (0x7a, 0x7a, 0x7a),  # cloister
        'S': (0xb0, 0x8a, 0x3a),  # vault
        'G': FLOODED, 'H': FLOODED, 'J': FLOODED, 'L': FLOODED, 'M': FLOODED,
        'N': FLOODED, 'P': FLOODED, 'Q': FLOODED, 'T': FLOODED, 'U': FLOODED,
        'V': FLOODED,
    },
    'rows': standard_rows(),
}

BONE_ORCHARD = {
    'size': (24, 12),
    'colours': {
        'O': (0x4a, 0x6a, 0x2a),  # the orchard (rock squares are its dead trees)
        'C': (0x8a, 0x1f, 0x2b),  # chapel (red carpet)
        'S': (0xc8, 0xc0, 0xa8),  # ossuary
    },
    'rows': [
        "                        ",
        " WWWW..OOOOOOOOOO..CCCC ",
        " WWWW..OO#OOOO#OO..CCCC ",
        " WWWW..OOOOO#OOOO..CCCC ",
        " ......O#OOOOOO#O..CCCC ",
        "   ....OOOO#OOOOO...... ",
        " SSSS..OOOOOOO#OO..BBBB ",
        " SSSS..O#OOOOOOOO..BBBB ",
        " SSSS..OOOOO#OOO#..BBBB ",
        " SSSS..OOOOOOOOOO..BBBB ",
        " ..................BBBB ",
        "                        ",
    ],
}

# The Ember Hive: a hex board (topology="hex", odd rows shifted right). One
# character per hex of column x, row y: the rows below are printed with odd
# rows indented half a hex so the map reads as the board does. Seven
# hexagonal chambers of radius 2 in a flower, each ringed by a corridor one
# hex wide; the rock is where three rings do not meet.
EMBER_HIVE = {
    'size': (21, 19),
    'colours': {
        'A': (0x7a, 0x5a, 0x2a),  # drones' barracks
        'C': (0xc8, 0x9a, 0x3a),  # brood cells (amber)
        'E': (0x5a, 0x4a, 0x44),  # ash pits
        'F': (0xa0, 0x6a, 0x3c),  # royal larder
    },
    'rows': [
        "      ....  ....     ",
        "     .CCC.#.BBB.     ",
        "     .CCCC..BBBB.    ",
        "    .CCCCC.BBBBB.    ",
        "     .CCCC..BBBB.    ",
        "     .CCC.#.BBB.     ",
        "   ................  ",
        "  .WWW.#.RRR.#.AAA.  ",
        "  .WWWW..RRRR..AAAA. ",
        " .WWWWW.RRRRR.AAAAA. ",
        "  .WWWW..RRRR..AAAA. ",
        "  .WWW.#.RRR.#.AAA.  ",
        "   ................  ",
        "     .EEE.#.FFF.     ",
        "     .EEEE..FFFF.    ",
        "    .EEEEE.FFFFF.    ",
        "     .EEEE..FFFF.    ",
        "     .EEE.#.FFF.     ",
        "      ....  ....     ",
    ],
}

# The Leaning Nave: a square8 board (diagonal steps, diagonal-cost="3/2").
# Two galleries run diagonally from the four corner rooms to a diamond
# nave; on a square4 board their staircase edges would cost twice the
# steps. Straight passages down the sides are the long way round.
LEANING_NAVE = {
    'size': (27, 19),
    'colours': {
        'C': (0x8a, 0x6a, 0x9a),  # chantry
        'S': (0x7a, 0x6a, 0x4a),  # scriptorium
    },
    'rows': [
        "                           ",
        " WWWWW               CCCCC ",
        " WWWWW               CCCCC ",
        " WWWWW.             .CCCCC ",
        " WWWWW..     R     ..CCCCC ",
        "  ..  ...   RRR   ...  ..  ",
        "  ..   ... RR#RR ...   ..  ",
        "  ..    ..RRRRRRR..    ..  ",
        "  ..     RR#RRR#RR     ..  ",
        "  ..      RRRRRRR      ..  ",
        "  ..       RR#RR       ..  ",
        "  ..        RRR        ..  ",
        "  ..       ..R..       ..  ",
        "  ..      ... ...      ..  ",
        "  SSSSSSS...   ...BBBBBBB  ",
        "  SSSSSSS..     ..BBBBBBB  ",
        "  SSSSSSS         BBBBBBB  ",
        "  SSSSSSS         BBBBBBB  ",
        "                           ",
    ],
}

# The worked example of docs/missions.md (docs/example/board.png).
CELLAR = {
    'size': (12, 7),
    'colours': {'G': (0x5a, 0x7a, 0x3a)},
    'rows': [
        "WWWW.RRRRRRR",
        "WWWW.RRRRRRR",
        "WWWW.RRRRRRR",
        "............",
        "##BBBB.GGGGG",
        "##BBBB.GGGGG",
        "  BBBB.GGGGG",
    ],
}

MISSION_MAPS = {
    'first-light': FIRST_LIGHT,
    'the-drowned-archive': DROWNED_ARCHIVE,
    'bone-orchard': BONE_ORCHARD,
    'the-ember-hive': EMBER_HIVE,
    'the-leaning-nave': LEANING_NAVE,
}


def draw(spec):
    colours = dict(COMMON)
    colours.update(spec['colours'])
    w, h = spec['size']
    rows = spec['rows']
    assert len(rows) == h, 'wrong number of rows'
    img = Image.new('RGB', (w, h))
    for y, row in enumerate(rows):
        assert len(row) == w, 'row %d is %d wide, not %d' % (y, len(row), w)
        for x, ch in enumerate(row):
            img.putpixel((x, y), colours[ch])
    return img


def main():
    for mission_id, spec in MISSION_MAPS.items():
        folder = os.path.join(MISSIONS, mission_id)
        os.makedirs(folder, exist_ok=True)
        draw(spec).save(os.path.join(folder, 'board.png'), optimize=True)
    example = os.path.join(HERE, '..', 'docs', 'example')
    os.makedirs(example, exist_ok=True)
    draw(CELLAR).save(os.path.join(example, 'board.png'), optimize=True)
    # A 16x enlarged copy to show in the documentation.
    big = draw(CELLAR).resize((12 * 16, 7 * 16), Image.NEAREST)
    big.save(os.path.join(example, 'board-x16.png'), optimize=True)


if __name__ == '__main__':
    main()
