#!/usr/bin/env python3
"""Check the internal consistency of data/games/ard2 (Python 3 standard library only).

Usage: python3 tools/check_ard2_data.py [data/games/ard2]
Exit status 0 when there is no error (warnings are printed but do not fail).
"""
import json
import os
import re
import sys
from collections import Counter, defaultdict

KINDS = {"seed", "public", "assumed", "owner"}
HEX = re.compile(r"^([AB])(\d{1,2})\.(\d{2})$")
errors = []
warnings = []


def err(msg):
    errors.append(msg)


def warn(msg):
    warnings.append(msg)


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except Exception as e:  # noqa: BLE001
        err(f"{path}: cannot parse: {e}")
        return None


def check_prov(where, p):
    """A provenance is {"kind","note"} or a [value, kind, note] triple."""
    if isinstance(p, list):
        if len(p) != 3 or p[1] not in KINDS or not isinstance(p[2], str) or not p[2]:
            err(f"{where}: bad provenance triple {p!r}")
    elif isinstance(p, dict):
        if p.get("kind") not in KINDS or not p.get("note"):
            err(f"{where}: bad provenance {p!r}")
    else:
        err(f"{where}: provenance missing")


def check_counters(d):
    c = load(os.path.join(d, "counters.json"))
    if c is None:
        return {}
    names = c.get("value_names")
    if names != ["attack", "defense", "ma", "range"]:
        err("counters: value_names must be attack, defense, ma, range")
    types = {t["type"] for t in c.get("types", [])}
    forms = {}
    for f in c["formations"]:
        if f["id"] in forms:
            err(f"counters: duplicate formation {f['id']}")
        forms[f["id"]] = f
    units = {}
    for u in c["units"]:
        uid = u["id"]
        w = f"counters {uid}"
        if uid in units:
            err(f"{w}: duplicate id")
        units[uid] = u
        if u["type"] not in types:
            err(f"{w}: type {u['type']} not in types")
        if u["side"] not in (0, 1):
            err(f"{w}: side")
        f = forms.get(u["formation"])
        if f is None:
            err(f"{w}: unknown formation {u['formation']}")
        elif f["side"] != u["side"]:
            err(f"{w}: formation side differs")
        nat = {0: {"US", "CW", "Belgian"}, 1: {"Heer", "SS", "Luftwaffe"}}[u["side"]]
        if u["nationality"] not in nat:
            err(f"{w}: nationality {u['nationality']} not on side {u['side']}")
        for k in ("move_class", "exploit", "steps", "zoc_infantry"):
            check_prov(f"{w}.{k}", u[k])
        if u["move_class"][0] not in ("Mech", "Leg"):
            err(f"{w}: move_class")
        steps = u["steps"][0]
        if len(u["values"]) != steps:
            err(f"{w}: {steps} steps but {len(u['values'])} value sides")
        for i, side in enumerate(u["values"]):
            if list(side) != names:
                err(f"{w}: values[{i}] keys {list(side)}")
            for k, v in side.items():
                check_prov(f"{w}.values[{i}].{k}", v)
                if not isinstance(v[0], int) or v[0] < 0:
                    err(f"{w}: values[{i}].{k} not a non-negative int")
        full = u["values"][0]
        if u["type"] == "Arty":
            if full["range"][0] <= 0 or full["attack"][0] != 0:
                err(f"{w}: artillery needs a range and no attack")
        elif full["range"][0] != 0:
            err(f"{w}: non-artillery with a range")
        for i in range(1, len(u["values"])):
            for k in ("attack", "defense"):
                if u["values"][i][k][0] > u["values"][i - 1][k][0]:
                    err(f"{w}: reduced {k} above full")
    return units


def in_area(hexid, area):
    m = HEX.match(hexid)
    if not m:
        return False
    mp, col, row = m.group(1), int(m.group(2)), int(m.group(3))
    for b in area["bounds"]:
        if b["map"] != mp:
            continue
        if col < b.get("col_min", 0) or col > b.get("col_max", 99):
            continue
        if row < b.get("row_min", 0) or row > b.get("row_max", 99):
            continue
        return True
    return False


def check_scenario(path, units):
    s = load(path)
    if s is None:
        return
    sid = s.get("id")
    w = f"scenario {sid}"
    for k in ("id", "name", "first_turn", "last_turn", "first_player", "play_area", "supply_sources",
              "victory", "setup", "reinforcements", "removals", "game_end"):
        if k not in s:
            err(f"{w}: missing {k}")
    t0, t1 = s["first_turn"], s["last_turn"]
    if not 1 <= t0 <= t1 <= 16:
        err(f"{w}: turns {t0}-{t1}")
    area = s["play_area"]
    placed = Counter()
    per_hex = defaultdict(list)
    for r in s["setup"]:
        uid = r["unit"]
        u = units.get(uid)
        if u is None:
            err(f"{w}: setup unknown unit {uid} ({r.get('src')})")
            continue
        if u["side"] != r["side"]:
            err(f"{w}: {uid} side mismatch")
        placed[uid] += 1
        if "hex" in r:
            if not HEX.match(r["hex"]):
                err(f"{w}: {uid} bad hex {r['hex']}")
            elif not in_area(r["hex"], area):
                (warn if sid in ("7.1",) else err)(f"{w}: {uid} set up at {r['hex']} outside the play area ({r.get('src')})")
            per_hex[r["hex"]].append(u)
        else:
            if not (HEX.match(r.get("of", "")) and isinstance(r.get("within"), int)):
                err(f"{w}: {uid} needs hex or within/of")
        sl = r.get("steps_lost", 0)
        if sl and sl >= u["steps"][0]:
            err(f"{w}: {uid} set up with {sl} losses but has {u['steps'][0]} steps")
        for st in r.get("status", []):
            if st not in ("DG", "OOS"):
                err(f"{w}: {uid} unknown status {st}")
    for uid, n in placed.items():
        if n > 1:
            err(f"{w}: {uid} set up {n} times")
    for hx, us in per_hex.items():
        if len({u["side"] for u in us}) > 1:
            err(f"{w}: both sides set up in {hx}")
        if len(us) > 3:
            warn(f"{w}: {len(us)} units set up in {hx} (ARD2 3.1 limit 3)")
        forms = {u["formation"] for u in us if not u["formation"].startswith("Ind-")}
        if len(forms) > 1:
            warn(f"{w}: {hx} mixes divisions {sorted(forms)} at set-up")
    arrived = Counter()
    for r in s["reinforcements"]:
        uid = r["unit"]
        u = units.get(uid)
        if u is None:
            err(f"{w}: reinforcement unknown unit {uid}")
            continue
        if u["side"] != r["side"]:
            err(f"{w}: {uid} side mismatch (reinforcement)")
        if not t0 <= r["turn"] <= 16:
            err(f"{w}: {uid} arrives on turn {r['turn']}")
        if r["turn"] > t1:
            err(f"{w}: {uid} arrives after the last turn")
        arrived[uid] += 1
        if "source" in r:
            check_prov(f"{w}.{uid}.source", r["source"])
        if uid in placed:
            err(f"{w}: {uid} both set up and arriving")
        e = r.get("entry") or {}
        if not any(k in e for k in ("hex", "hex_choice", "area", "area_choice", "within", "rule", "edge")):
            err(f"{w}: {uid} has no entry")
        for hx in [e.get("hex"), e.get("of")] + e.get("hex_choice", []):
            if hx and not in_area(hx, area):
                err(f"{w}: {uid} enters at {hx} outside the play area")
    by_entry = Counter((r["turn"], r["side"], (r.get("entry") or {}).get("hex")) for r in s["reinforcements"])
    for (turn, side, hx), n in by_entry.items():
        if hx and n > 3:
            warn(f"{w}: {n} units arrive in {hx} on turn {turn} (over 3; see ard2.md A24)")
    for uid, n in arrived.items():
        if n > 1:
            err(f"{w}: {uid} arrives {n} times")
    for r in s["removals"]:
        for uid in r["units"]:
            if uid not in placed and uid not in arrived:
                err(f"{w}: removal of {uid}, which is not in the scenario")
    for r in s["supply_sources"]:
        check_prov(f"{w}.supply", r.get("source"))
        for hx in r.get("hexes", []):
            if not in_area(hx, area):
                err(f"{w}: supply hex {hx} outside the play area")
    for m in s.get("markers", []):
        if not in_area(m["hex"], area):
            err(f"{w}: marker at {m['hex']} outside the play area")
    return s


LADDER = ["A2", "A1", "A1D1", "D1r1", "D1r2", "D2r2", "D2r3", "D2r4", "D3r4"]


def check_table(path):
    t = load(path)
    if t is None:
        return
    w = f"table {t.get('id')}"
    for k in ("schema", "id", "title", "rule", "columns", "rows", "provenance"):
        if k not in t:
            err(f"{w}: missing {k}")
            return
    for key, p in t["provenance"].items():
        check_prov(f"{w}.provenance.{key}", p)
    ncol = len(t["columns"])
    labels = set()
    for r in t["rows"]:
        if r["label"] in labels:
            err(f"{w}: duplicate row {r['label']}")
        labels.add(r["label"])
        if len(r["cells"]) != ncol:
            err(f"{w}: row {r['label']} has {len(r['cells'])} cells for {ncol} columns")
        prov = r["prov"]
        keys = [prov] * ncol if isinstance(prov, str) else prov
        if len(keys) != ncol:
            err(f"{w}: row {r['label']} prov length")
        for k in keys:
            if k not in t["provenance"]:
                err(f"{w}: row {r['label']} unknown provenance key {k}")
    if t["id"] == "crt":
        grid = [[LADDER.index(c) if c in LADDER else -1 for c in r["cells"]] for r in t["rows"]]
        for i, row in enumerate(grid):
            if -1 in row:
                err(f"{w}: unknown result in row {t['rows'][i]['label']}")
            for j in range(1, len(row)):
                if row[j] < row[j - 1]:
                    err(f"{w}: row {t['rows'][i]['label']} gets worse for the attacker at column {t['columns'][j]}")
            if i and any(row[j] < grid[i - 1][j] for j in range(len(row))):
                err(f"{w}: row {t['rows'][i]['label']} is worse than the row above")


def check_map_additions(d):
    """map_additions.json: Traffic Jam hexes and German-built bridges, each with provenance."""
    path = os.path.join(d, "map_additions.json")
    m = load(path)
    if m is None:
        return
    tj = m.get("traffic_jams", {})
    check_prov("map_additions traffic_jams", tj.get("source"))
    hexes = tj.get("hexes", [])
    if len(set(hexes)) != len(hexes):
        err("map_additions: duplicate Traffic Jam hex")
    for h in hexes:
        if not HEX.match(h):
            err(f"map_additions: bad hex {h}")
    for b in m.get("german_bridges", []):
        w = f"map_additions bridge {b.get('hexes')}"
        check_prov(w, b.get("source"))
        hs = b.get("hexes", [])
        if len(hs) != 2 or not all(HEX.match(h) for h in hs):
            err(f"{w}: want two hex ids")
        if not re.match(r"^(1[6-9]|2[0-9]|3[01])Dec$", b.get("built", "")):
            err(f"{w}: built must be a December day of the game (16Dec-31Dec)")


def check_supply_sources(s, w):
    """Each scenario supply source names a side and one kind of source."""
    for i, src in enumerate(s.get("supply_sources", [])):
        if src.get("side") not in (0, 1):
            err(f"{w}: supply_sources[{i}] side")
        kinds = [k for k in ("edges", "roads_exiting", "hexes") if k in src]
        if len(kinds) != 1:
            err(f"{w}: supply_sources[{i}] wants exactly one of edges, roads_exiting, hexes")
        for e in src.get("edges", []):
            if not re.match(r"^[AB]:(north|south|east|west)$", e):
                err(f"{w}: supply_sources[{i}] bad edge {e}")
        if "roads_exiting" in src and src["roads_exiting"] not in ("north", "south", "east", "west"):
            err(f"{w}: supply_sources[{i}] bad roads_exiting")
        if src.get("road_type", "road") not in ("road", "Road"):
            err(f"{w}: supply_sources[{i}] road_type is Road or road")
        for h in src.get("hexes", []):
            if not HEX.match(h):
                err(f"{w}: supply_sources[{i}] bad hex {h}")
        check_prov(f"{w}: supply_sources[{i}]", src.get("source"))


def main():
    d = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", "data", "games", "ard2")
    units = check_counters(d)
    sd = os.path.join(d, "scenarios")
    n = 0
    for f in sorted(os.listdir(sd)) if os.path.isdir(sd) else []:
        if f.endswith(".json"):
            check_scenario(os.path.join(sd, f), units)
            n += 1
    for f in sorted(os.listdir(sd)) if os.path.isdir(sd) else []:
        if f.endswith(".json"):
            sc = load(os.path.join(sd, f))
            if sc is not None:
                check_supply_sources(sc, f"scenario {sc.get('id')}")
    check_map_additions(d)
    td = os.path.join(d, "tables")
    nt = 0
    for f in sorted(os.listdir(td)) if os.path.isdir(td) else []:
        if f.endswith(".json"):
            check_table(os.path.join(td, f))
            nt += 1
    for m in warnings:
        print("warning:", m)
    for m in errors:
        print("ERROR:", m)
    print(f"{len(units)} units, {n} scenarios, {nt} tables: {len(errors)} errors, {len(warnings)} warnings")
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
