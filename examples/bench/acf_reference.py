"""A plain Python implementation of the ACF period calculation
(docs/rules.md and docs/data-format.md of this repository), as a federation's volunteer would
write it with openpyxl: the reference that ratebook's speed is measured
against (ratebook's whole publication should be at least 10 times faster on
the same folder, side by side).

Usage: python3 acf_reference.py DATA_FOLDER   (needs openpyxl)
Reads period.toml, players.xlsx|csv and reports/**/*.xlsx (the
Games/Crosstable/Event/Players workbook layout only) and prints one line per
player after the period: id, status, rating, games, score, opponents'
average, games this period.
"""
import csv
import datetime as dt
import math
import os
import sys
import tomllib
from fractions import Fraction

import openpyxl

TABLE1 = {  # P (percent) -> Dp
    99: 677, 98: 589, 97: 538, 96: 501, 95: 470, 94: 444, 93: 422, 92: 401, 91: 383, 90: 366,
    89: 351, 88: 336, 87: 322, 86: 309, 85: 296, 84: 284, 83: 273, 82: 262, 81: 251, 80: 240,
    79: 230, 78: 220, 77: 211, 76: 202, 75: 193, 74: 184, 73: 175, 72: 166, 71: 158, 70: 149,
    69: 141, 68: 133, 67: 125, 66: 117, 65: 110, 64: 102, 63: 95, 62: 87, 61: 80, 60: 72,
    59: 65, 58: 57, 57: 50, 56: 43, 55: 36, 54: 29, 53: 21, 52: 14, 51: 7, 50: 0,
}
for p in range(1, 50):
    TABLE1[p] = -TABLE1[100 - p]

# (upper bound of |D|, expected score of the higher rated player in %)
TABLE2 = [(3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
          (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66),
          (129, 67), (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74),
          (197, 75), (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82),
          (278, 83), (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90),
          (391, 91), (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98),
          (735, 99)]


def expected_high(d):
    d = abs(d)
    for hi, pct in TABLE2:
        if d <= hi:
            return pct / 100
    return 1.0


def round_half_away(x):
    return math.copysign(math.floor(abs(x) + 0.5), x)


def norm(s):
    return str(s).strip().lower().replace("_", " ").replace("-", " ")


def to_date(v):
    if v is None or v == "":
        return None
    if isinstance(v, dt.datetime):
        return v.date()
    if isinstance(v, dt.date):
        return v
    s = str(v).strip()
    for fmt in ("%Y-%m-%d", "%d.%m.%Y", "%d/%m/%Y"):
        try:
            return dt.datetime.strptime(s, fmt).date()
        except ValueError:
            pass
    raise ValueError(f"bad date {v!r}")


def sheet_rows(ws):
    rows = [list(r) for r in ws.iter_rows(values_only=True)]
    return [r for r in rows if any(c not in (None, "") for c in r)]


def table(ws):
    rows = sheet_rows(ws)
    head = [norm(h) if h is not None else "" for h in rows[0]]
    return [dict(zip(head, r)) for r in rows[1:]]


def num(v, default=None):
    if v is None or v == "":
        return default
    return float(v)


def read_players(data):
    x = os.path.join(data, "players.xlsx")
    if os.path.exists(x):
        recs = table(openpyxl.load_workbook(x, read_only=True, data_only=True)["Players"])
    else:
        with open(os.path.join(data, "players.csv"), newline="") as f:
            recs = [{norm(k): v for k, v in r.items()} for r in csv.DictReader(f)]
    players = {}
    for r in recs:
        pid = int(float(r["id"]))
        players[pid] = dict(
            id=pid, surname=r.get("surname"), first=r.get("first names"),
            rating=num(r.get("rating")), status=(r.get("status") or "new").strip().lower(),
            games=int(num(r.get("games"), 0)), score=num(r.get("score"), 0.0),
            opp_avg=num(r.get("opp avg")), last=to_date(r.get("last played")))
    return players


def parse_tc(tc):
    """Return (eligible, reason) for the ACF time-control rule."""
    parts = str(tc).strip().split(":")
    first = parts[0]
    if "/" in first:
        moves, secs = first.split("/")
        moves, secs = int(moves), float(secs)
        inc = 0.0
        if "+" in str(secs):
            pass
        if moves >= 30 and secs / moves >= 120:
            return True
        return False
    base, _, inc = first.partition("+")
    total = float(base) + 60 * float(inc or 0)
    # sudden death: rapid rule (>= 60 minutes for all moves)
    return total >= 3600


def yes(v, default):
    if v is None or v == "":
        return default
    return norm(v) in ("yes", "y", "true", "1")


RESULTS = {"1-0": (1, 0), "0-1": (0, 1), "½-½": (0.5, 0.5), "1/2-1/2": (0.5, 0.5),
           "0.5-0.5": (0.5, 0.5), "=-=": (0.5, 0.5)}


def read_event(path):
    wb = openpyxl.load_workbook(path, read_only=True, data_only=True)
    ev = {}
    for r in sheet_rows(wb["Event"]):
        if r[0] is not None:
            ev[norm(r[0])] = r[1] if len(r) > 1 else None
    players = table(wb["Players"])
    games = []
    names = {s.lower(): s for s in wb.sheetnames}
    if "games" in names:
        for g in table(wb[names["games"]]):
            if g.get("black") in (None, ""):
                continue
            res = str(g["result"]).strip()
            if res in RESULTS:
                games.append((int(g["white"]), int(g["black"]), RESULTS[res][0]))
    else:
        rows = sheet_rows(wb[names["crosstable"]])
        head = [str(h).strip() if h is not None else "" for h in rows[0]]
        cols = {int(h): i for i, h in enumerate(head) if h.isdigit()}
        for r in rows[1:]:
            i = int(r[0])
            for j, c in cols.items():
                if j <= i:
                    continue
                v = r[c]
                if v is None:
                    continue
                s = str(v).strip()
                val = {"1": 1.0, "1.0": 1.0, "0": 0.0, "0.0": 0.0, "½": 0.5, "0.5": 0.5, "=": 0.5}.get(s)
                if val is not None:
                    games.append((i, j, val))
    return ev, players, games


def load_period(data):
    with open(os.path.join(data, "period.toml"), "rb") as f:
        cfg = tomllib.load(f)
    start, end = cfg["start"], cfg["end"]
    length = end - start + dt.timedelta(days=1)
    players = read_players(data)
    next_id = max(players) + 1 if players else 1
    events = []
    for root, _, files in os.walk(os.path.join(data, "reports")):
        for fn in files:
            if fn.lower().endswith(".xlsx"):
                events.append(read_event(os.path.join(root, fn)))
    events.sort(key=lambda e: str(e[0]["code"]))
    rated = []
    for ev, plist, games in events:
        e_end = to_date(ev["end"])
        ok = (e_end <= end and e_end >= start - length
              and parse_tc(ev["time control"])
              and not yes(ev.get("handicap"), False) and not yes(ev.get("fixed opening"), False)
              and yes(ev.get("approved"), True))
        byno = {}
        for p in sorted(plist, key=lambda p: int(p["no"])):
            pid = p.get("id")
            if pid in (None, "") and not ok:
                continue
            if pid in (None, ""):
                pid = next_id
                next_id += 1
                players[pid] = dict(id=pid, surname=p.get("surname"), first=p.get("first names"),
                                    rating=None, status="new", games=0, score=0.0,
                                    opp_avg=None, last=None)
            byno[int(p["no"])] = int(float(pid))
        if ok:
            rated.append((ev, e_end, [(byno[w], byno[b], s) for w, b, s in games]))
    return cfg, players, rated


def compute(data):
    cfg, players, rated = load_period(data)
    start = {pid: dict(p) for pid, p in players.items()}

    def is_rated(p):
        return p["status"] in ("provisional", "confirmed")

    # per player: list of (event_index, opp_id, score)
    games = {pid: [] for pid in players}
    for k, (ev, e_end, gl) in enumerate(rated):
        for w, b, s in gl:
            games[w].append((k, b, s))
            games[b].append((k, w, 1 - s))
            for pid in (w, b):
                last = players[pid]["last"]
                if last is None or e_end > last:
                    players[pid]["last"] = e_end

    out = {pid: dict(p) for pid, p in players.items()}
    counted = {pid: 0 for pid in players}

    def clamp(own, opp):
        if own is None:
            return opp
        return max(own - 336, min(own + 336, opp))

    # stage 1
    for pid, p in start.items():
        if p["status"] == "confirmed":
            continue
        own = p["rating"] if p["status"] == "provisional" else None
        ng, sr, ts = 0, 0.0, Fraction(0)
        for k, opp, s in games[pid]:
            o = start[opp]
            if not is_rated(o):
                continue
            ng += 1
            sr += clamp(own, o["rating"])
            ts += Fraction(s).limit_denominator(2)
        counted[pid] = ng
        if ng == 0:
            continue
        ngo, aro, tso = p["games"], p["opp_avg"] or 0.0, Fraction(p["score"]).limit_denominator(2)
        G = ngo + ng
        AR = (aro * ngo + sr) / G
        T = tso + ts
        q = out[pid]
        q.update(games=G, score=float(T), opp_avg=AR)
        if T == 0 or T == G:
            q["status"] = "unrated"
            q["rating"] = None
            continue
        P = min(99, max(1, math.floor(T / G * 100 + Fraction(1, 2))))
        Rp = AR + TABLE1[P]
        q["rating"] = Rp
        if G < 9 or T * 30 < 2 * G:
            q["status"] = "unrated"
        elif G < 30:
            q["status"] = "provisional"
        else:
            q["status"] = "confirmed"

    # stage 2
    for pid, p in start.items():
        if p["status"] != "confirmed":
            continue
        Ro = p["rating"]
        per_event = {}
        for k, opp, s in games[pid]:
            o = start[opp]
            if o["status"] == "confirmed":
                r = o["rating"]
            else:
                if not is_rated(out[opp]):
                    continue
                r = out[opp]["rating"]
            per_event.setdefault(k, []).append((clamp(Ro, r), s))
        total = 0.0
        ngsum = 0
        for k, lst in per_event.items():
            ng = len(lst)
            sa = sum(s for _, s in lst)
            ar = sum(r for r, _ in lst) / ng
            d = round_half_away(ar - Ro)
            e = expected_high(d) if d <= 0 else 1 - expected_high(d)
            se = e * ng
            bp = 0.0
            if ng >= 6:
                t = 1 if ng <= 10 else (2 if ng <= 15 else 3)
                if sa - se > t + 1e-12:
                    bp = 15 * (sa - se - t)
            total += (sa - se) * 15 + bp
            ngsum += ng
        counted[pid] = ngsum
        out[pid]["rating"] = Ro + total
        out[pid]["games"] = p["games"] + ngsum

    for pid, q in out.items():
        if q["status"] == "new" and q["last"] is not None:
            q["status"] = "unrated"
        q["period_games"] = counted[pid]
    return cfg, out


if __name__ == "__main__":
    cfg, out = compute(sys.argv[1])
    for pid in sorted(out):
        q = out[pid]
        r = "" if q["rating"] is None else f"{q['rating']:.3f}"
        print(pid, q["status"], r, q["games"], q["score"], q["opp_avg"], q["period_games"], sep="\t")
