#!/usr/bin/env python3
"""Writes the seed corpus of fuzz/fuzz_pack.c into fuzz/pack/corpus: quest
packs (docs/packs.md) of the bundled missions and of small hand-made
folders, as the game writes them (the manifest first, entries in name
order, PNGs stored, the rest deflated, fixed times), plus a few that break
one rule each, so the fuzzer starts next to every refusal. Python 3's
zipfile and hashlib only; run from the source tree:

    python3 tools/make_pack_corpus.py
"""
import hashlib
import os
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "fuzz", "pack", "corpus")
TIME = (2000, 1, 1, 0, 0, 0)


def manifest(entries, kind, main, title="Seed", mission=None):
    lines = ['<?xml version="1.0" encoding="UTF-8"?>', '<questpack version="1">',
             "  <title>%s</title>" % title, "  <author>tools/make_pack_corpus.py</author>",
             "  <licence>CC0 1.0</licence>"]
    extra = ' mission="%s"' % mission if mission else ""
    lines.append('  <holds kind="%s" path="%s"%s/>' % (kind, main, extra))
    lines.append("  <files>")
    for name, data in sorted(entries.items()):
        lines.append('    <file path="%s" size="%d" sha256="%s"/>'
                     % (name, len(data), hashlib.sha256(data).hexdigest()))
    lines.append("  </files>")
    lines.append("</questpack>")
    return ("\n".join(lines) + "\n").encode()


def write(name, entries, man, mode=0o100644, extra=()):
    path = os.path.join(OUT, name)
    with zipfile.ZipFile(path, "w") as z:
        items = [("questpack.xml", man)] + sorted(entries.items()) + list(extra)
        for entry, data in items:
            info = zipfile.ZipInfo(entry, TIME)
            info.create_system = 3
            info.external_attr = mode << 16
            info.compress_type = zipfile.ZIP_STORED if entry.endswith(".png") else zipfile.ZIP_DEFLATED
            z.writestr(info, data)


def mission_entries(folder, name):
    entries = {}
    for f in sorted(os.listdir(folder)):
        p = os.path.join(folder, f)
        if os.path.isfile(p):
            with open(p, "rb") as fh:
                entries["%s/%s" % (name, f)] = fh.read()
    return entries


def main():
    os.makedirs(OUT, exist_ok=True)
    missions = os.path.join(ROOT, "missions")
    for m in ("first-light", "the-ember-hive"):
        e = mission_entries(os.path.join(missions, m), m)
        write("seed-%s.questpack" % m, e, manifest(e, "mission", "%s/mission.xml" % m))
    tiny = {"m/mission.xml": b"<mission/>\n", "m/board.png": b"\x89PNG\r\n\x1a\n",
            "m/tiles/ffffff_1.png": b"\x89PNG\r\n\x1a\n"}
    man = manifest(tiny, "mission", "m/mission.xml")
    write("seed-tiny.questpack", tiny, man)
    game = dict(tiny)
    game["game.qbsave"] = b"questboard-save 1\nmission m/mission.xml\n"
    write("seed-game.questpack", game, manifest(game, "game", "game.qbsave", mission="m/mission.xml"))
    camp = {"c/campaign.xml": b"<campaign/>\n", "c/a/mission.xml": b"<mission/>\n"}
    write("seed-campaign.questpack", camp, manifest(camp, "campaign", "c/campaign.xml"))
    # one rule broken each
    write("seed-dotdot.questpack", tiny, man, extra=[("m/../x.png", b"x")])
    write("seed-link.questpack", tiny, man, mode=0o120777)
    changed = dict(tiny)
    changed["m/board.png"] = b"\x89PNG changed"
    write("seed-sha.questpack", changed, man)
    write("seed-bomb.questpack", {"m/mission.xml": bytes(200000)},
          manifest({"m/mission.xml": bytes(200000)}, "mission", "m/mission.xml"))


if __name__ == "__main__":
    main()
