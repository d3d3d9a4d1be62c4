#!/usr/bin/python3
"""Draws the bitmaps of the bundled campaign "The Ashen Crown"
(missions/campaigns/ashen-crown/<quest>/board.png) from the character maps
below: one character per square, as tools/make_missions.py does for the
single missions. Deterministic: re-running reproduces the same files.
Run: /usr/bin/python3 tools/make_campaign.py

The mission XML files beside each bitmap are written by hand; the maps
here only keep the bitmaps reviewable."""
import os

from make_missions import draw

HERE = os.path.dirname(os.path.abspath(__file__))
CAMPAIGN = os.path.join(HERE, '..', 'missions', 'campaigns', 'ashen-crown')

# 1. The Toll-House Cellars: a goblin gang's hideout under the toll house.
TOLL_HOUSE = {
    'size': (20, 10),
    'colours': {
        'G': (0x5a, 0x7a, 0x3a),  # guard room
        'K': (0xa0, 0x6a, 0x3c),  # storeroom
        'L': (0x7a, 0x6a, 0x4a),  # larder
        'R': (0x8a, 0x1f, 0x2b),  # Skrag's hall (red carpet)
    },
    'rows': [
        "                    ",
        " WWW.GGGGG.KKKKK.   ",
        " WWW.GGGGG.KKKKK.   ",
        " WWW.GGGGG.KKKKK.   ",
        " ................   ",
        " .LLLL#.RRRRRRR.    ",
        " .LLLL#.RRRRRRR.    ",
        " .LLLL..RRRRRRR.    ",
        " ...............    ",
        "                    ",
    ],
}

# 2. The Sunken Chapel: a drowned church, its crypt behind a locked door.
SUNKEN_CHAPEL = {
    'size': (22, 11),
    'colours': {
        'R': (0x8a, 0x1f, 0x2b),  # nave (red carpet)
        'C': (0x6a, 0x6a, 0x80),  # sacristy
        'S': (0xc8, 0xc0, 0xa8),  # ossuary
        'B': (0x2b, 0x5f, 0x8a),  # crypt (blue ritual floor)
    },
    'rows': [
        "                      ",
        " WWW.RRRRRRRRR.CCCC.  ",
        " WWW.RRRRRRRRR.CCCC.  ",
        " WWW.RRRRRRRRR.CCCC.  ",
        " ...................  ",
        " .SSSS.#####.BBBBBB.  ",
        " .SSSS.#####.BBBBBB.  ",
        " .SSSS.......BBBBBB.  ",
        " .SSSS.#####.BBBBBB.  ",
        " ...................  ",
        "                      ",
    ],
}

# 3. The Forge of Kel Durn: a dwarven ironworks the orcs took.
KEL_DURN = {
    'size': (24, 11),
    'colours': {
        'A': (0x7a, 0x7a, 0x7a),  # weapon store
        'F': (0xa0, 0x4a, 0x2a),  # the great forge
        'M': (0x6a, 0x5a, 0x4a),  # mine gallery
        'O': (0x9a, 0x8a, 0x5a),  # ore store
        'D': (0x5a, 0x6a, 0x8a),  # dormitory
    },
    'rows': [
        "                        ",
        " WWW.AAAAA.FFFFFFFFF.   ",
        " WWW.AAAAA.FFFFFFFFF.   ",
        " WWW.AAAAA.FFFFFFFFF.   ",
        " ....AAAAA.FFFFFFFFF.   ",
        " ....................   ",
        " .MMMM.#.OOOO.DDDDDD.   ",
        " .MMMM.#.OOOO.DDDDDD.   ",
        " .MMMM...OOOO.DDDDDD.   ",
        " ....................   ",
        "                        ",
    ],
}

# 4. The Star Tower: an astronomer's tower; the observatory is hidden.
STAR_TOWER = {
    'size': (22, 11),
    'colours': {
        'L': (0x8a, 0x6a, 0x9a),  # library
        'O': (0x2b, 0x5f, 0x8a),  # observatory (blue ritual floor)
        'Q': (0xa0, 0x8a, 0x5a),  # servants' quarters
        'S': (0x5a, 0x6a, 0x8a),  # the astronomer's study
        'G': (0x6a, 0x8a, 0x5a),  # gallery
    },
    'rows': [
        "                      ",
        " WWW.LLLLLL.OOOOOO.   ",
        " WWW.LLLLLL.OOOOOO.   ",
        " WWW.LLLLLL.OOOOOO.   ",
        " ...........OOOOOO.   ",
        " .#########........   ",
        " .QQQQ.SSSSSSS.GGGG   ",
        " .QQQQ.SSSSSSS.GGGG   ",
        " .QQQQ.SSSSSSS.GGGG   ",
        " ..............GGGG   ",
        "                      ",
    ],
}

# 5. The Ashen Throne: the hall of the Ashen King, locked.
ASHEN_THRONE = {
    'size': (24, 11),
    'colours': {
        'K': (0x6a, 0x6a, 0x80),  # ash shrine
        'T': (0x8a, 0x1f, 0x2b),  # throne hall (red carpet)
        'P': (0x7a, 0x6a, 0x4a),  # prison
        'B': (0x5a, 0x7a, 0x3a),  # barracks
        'G': (0x2b, 0x5f, 0x8a),  # ritual chamber (blue ritual floor)
    },
    'rows': [
        "                        ",
        " WWW.KKKKK.TTTTTTTTTT.  ",
        " WWW.KKKKK.TTTTTTTTTT.  ",
        " WWW.KKKKK.TTTTTTTTTT.  ",
        " ..........TTTTTTTTTT.  ",
        " .....................  ",
        " .PPPP.BBBBB.#.GGGGGG.  ",
        " .PPPP.BBBBB.#.GGGGGG.  ",
        " .PPPP.BBBBB...GGGGGG.  ",
        " .....................  ",
        "                        ",
    ],
}

QUESTS = {
    '1-toll-house': TOLL_HOUSE,
    '2-sunken-chapel': SUNKEN_CHAPEL,
    '3-kel-durn': KEL_DURN,
    '4-star-tower': STAR_TOWER,
    '5-ashen-throne': ASHEN_THRONE,
}


def main():
    for quest, spec in QUESTS.items():
        folder = os.path.join(CAMPAIGN, quest)
        os.makedirs(folder, exist_ok=True)
        draw(spec).save(os.path.join(folder, 'board.png'), optimize=True)


if __name__ == '__main__':
    main()
