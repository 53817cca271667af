#!/usr/bin/env python3
"""Ratings (issue 12; API.md "Ratings", docs/RATING.md, docs/RATING.md)
against the real corrchessd over HTTP with a temporary database: start
ratings set by a TL, a group rated when (and only when) its last game
ends, with every step (W, We, K, B, method) in the history; a later group
rated from its start rating with the increment added to the registered
rating (R-22); a performance-rated newcomer; a TL correction re-rating the
corrected group and every later one, with the same list whatever order the
corrections came in; the paginated list and its CSV export; ratings in the
standings; and every refused request changing nothing.

The expected figures of the first group are worked out by hand below; the
others come from `corrchess rate` on the same group, so the test checks
that the server hands lib/rating the right players, ratings, games and
order."""
import csv
import io
import json
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
START = "2027-08-20"


def W(key="ratings"):
    return shared_world(key=key, today=TODAY)


_clients = {}


def new_player(w, name):
    uid, _ = w.server.add_user(name)
    _clients[(id(w), uid)] = w.server.login(name)
    return uid


def client_of(w, uid):
    for name, i in w.ids.items():
        if i == uid:
            return getattr(w, name)
    return _clients[(id(w), uid)]


def patch(client, uid, body):
    return client.request("PATCH", "users/%d" % uid, body=body)


def set_rating(w, uid, rating=None, otb=None, foreign=None):
    body = {}
    if rating is not None:
        body["rating"] = rating
    if otb is not None:
        body["otb_rating"] = otb
    if foreign is not None:
        body["foreign"] = foreign
    r = patch(w.admin, uid, body)
    expect_status(r, 200, "PATCH ratings of %d" % uid)
    expect_user(r.json, uid=uid)
    return r.json


def create(w, players, kind="round_robin", name="Rating group"):
    r = w.tl.post("tournaments", {"name": name, "kind": kind, "profile": "server",
                                  "start_date": START, "players": players})
    expect_status(r, 201, "create tournament")
    return r.json


def games_of(w, t):
    out = []
    for gid in t["games"]:
        r = w.tl.get("games/%d" % gid)
        expect_status(r, 200, "game %d" % gid)
        out.append(r.json)
    return out


def game_between(games, a, b):
    found = [g for g in games if {g["white"]["id"], g["black"]["id"]} == {a, b}]
    expect_eq(len(found), 1, "games between %d and %d" % (a, b))
    return found[0]


def finish(w, games, a, b, result):
    """a's result against b ("1-0": a won) through the game endpoints."""
    g = game_between(games, a, b)
    if g["white"]["id"] != a:
        result = {"1-0": "0-1", "0-1": "1-0"}.get(result, result)
    white, black = client_of(w, g["white"]["id"]), client_of(w, g["black"]["id"])
    if result == "1-0":
        r = black.post("games/%d/resign" % g["id"])
    elif result == "0-1":
        r = white.post("games/%d/resign" % g["id"])
    else:
        expect_status(white.post("games/%d/draw" % g["id"], {"action": "offer"}), 200, "offer")
        r = black.post("games/%d/draw" % g["id"], {"action": "accept"})
    expect_status(r, 200, "ending game %d" % g["id"])
    return g


def correct(w, g, result_white):
    r = w.tl.post("games/%d/result" % g["id"],
                  {"result": result_white, "reason": "TL correction after a complaint",
                   "termination": "resignation"})
    expect_status(r, 200, "correcting game %d" % g["id"])


def rating_of(w, uid):
    r = w.alice.get("users/%d" % uid)
    expect_status(r, 200, "user %d" % uid)
    return r.json["rating"]


def history(w, uid):
    r = w.alice.get("users/%d/ratings" % uid)
    expect_status(r, 200, "history of %d" % uid)
    return r.json["history"]


def cli_rate(w, case):
    r = w.server.cli("rate", "-", input=json.dumps(case))
    expect_eq(r.returncode, 0, "corrchess rate: " + r.stderr)
    return json.loads(r.stdout)


def case_of(players, results, registered=None):
    """A `corrchess rate` input: players [(id, Ro or None)], results
    {(a, b): "1-0"|"1/2-1/2"|"0-1"} from a's side, registered {id: r}."""
    ps = []
    for pid, ro in players:
        p = {"id": str(pid), "rating": ro}
        if ro is None:
            p["foreign"] = True
        if registered and pid in registered and registered[pid] != ro:
            p["registered"] = registered[pid]
        ps.append(p)
    games = [[str(a), str(b), res] for (a, b), res in results.items()]
    return {"players": ps, "games": games}


def db(w, sql, args=()):
    return w.server.db_rows(sql, args)


# The first group, by hand (difference method: the spread 1900-1600 = 300
# is over 200).  A beats B and C and draws D; B beats C, draws D; C beats D.
#   A 1900 K30: vs B +100 .64, C +200 .76, D +300 .85 = 2.25; W 2.5: +7.5 -> 1907.5 -> 1908
#   B 1800 K30: vs A -100 .36, C +100 .64, D +200 .76 = 1.76 -> 1.75; W 1.5: -7.5 -> 1793
#   C 1700 K30: vs A .24, B .36, D +100 .64 = 1.24 -> 1.25; W 1: -7.5 -> 1692.5 -> 1693
#   D 1600 K30: vs A .15, B .24, C .36 = 0.75; W 1: +7.5 -> 1607.5 -> 1608
G1_START = {"A": 1900, "B": 1800, "C": 1700, "D": 1600}
G1_NEW = {"A": 1908, "B": 1793, "C": 1693, "D": 1608}
G1_RESULTS = [("A", "B", "1-0"), ("A", "C", "1-0"), ("A", "D", "1/2-1/2"),
              ("B", "C", "1-0"), ("B", "D", "1/2-1/2"), ("C", "D", "1-0")]


def setup_first_group(w, prefix):
    ids = {k: new_player(w, prefix + k) for k in "ABCD"}
    for k, r in G1_START.items():
        # D has only an OTB rating: his provisional K-skak rating (6.7.6.2)
        u = set_rating(w, ids[k], otb=r) if k == "D" else set_rating(w, ids[k], rating=r)
        expect_eq(u["rating"], r, "start rating of " + k)
    t = create(w, [ids[k] for k in "ABCD"])
    games = games_of(w, t)
    return ids, t, games


@test
def a_group_is_rated_when_its_last_game_ends():
    w = W()
    ids, t, games = setup_first_group(w, "g1_")
    for a, b, res in G1_RESULTS[:-1]:
        finish(w, games, ids[a], ids[b], res)
    for k in "ABCD":
        expect_eq(history(w, ids[k]), [], "no step before the last game ends (%s)" % k)
        expect_eq(rating_of(w, ids[k]), G1_START[k], "rating unchanged (%s)" % k)
    expect_eq(db(w, "SELECT count(*) FROM rating_groups WHERE tournament_id = ?", (t["id"],)),
              [(0,)], "not in the order yet")
    a, b, res = G1_RESULTS[-1]
    finish(w, games, ids[a], ids[b], res)
    for k in "ABCD":
        expect_eq(rating_of(w, ids[k]), G1_NEW[k], "new rating of " + k)
    h = history(w, ids["A"])
    expect_eq(len(h), 1, "one step")
    s = h[0]
    expect_eq((s["tournament"], s["Ro"], s["old"], s["new"], s["games"], s["W"], s["We"], s["K"],
               s["B"], s["method"], s["source"]),
              (t["id"], 1900, 1900, 1908, 3, 2.5, 2.25, 30, 0, "difference", "rated"), "A's step")
    s = history(w, ids["B"])[0]
    expect_eq((s["W"], s["We"], s["new"]), (1.5, 1.75, 1793), "B's step")
    # the PGN names the ratings each player was rated from in this group
    g = game_between(games, ids["A"], ids["D"])
    r = w.alice.get("games/%d/pgn" % g["id"])
    expect_status(r, 200, "PGN")
    tag = {"white": g["white"]["id"], "black": g["black"]["id"]}
    letter = {v: k for k, v in ids.items()}
    for colour, tagname in (("white", "WhiteDSU"), ("black", "BlackDSU")):
        want = '[%s "%d"]' % (tagname, G1_START[letter[tag[colour]]])
        expect(want in r.text, "PGN has %s: %s" % (want, r.text[:400]))
    # the standings carry the ratings (USER)
    r = w.alice.get("tournaments/%d" % t["id"])
    expect_status(r, 200, "tournament")
    got = {st["player"]["id"]: st["player"]["rating"] for st in r.json["standings"]}
    expect_eq(got, {ids[k]: G1_NEW[k] for k in "ABCD"}, "ratings in the standings")
    change = {st["player"]["id"]: st["rating_change"] for st in r.json["standings"]}
    expect_eq(change, {ids[k]: G1_NEW[k] - G1_START[k] for k in "ABCD"},
              "each standing's rating change in this group")
    # USER carries the ratings; the OTB rating stays as set
    d = w.alice.get("users/%d" % ids["D"]).json
    expect_eq((d["rating"], d["otb_rating"]), (1608, 1600), "D: K-skak and OTB ratings")
    # the same group through `corrchess rate` gives the same figures
    case = case_of([(k, G1_START[k]) for k in "ABCD"], {(a, b): res for a, b, res in G1_RESULTS})
    out = cli_rate(w, case)
    expect_eq({k: out["players"][k]["new"] for k in "ABCD"}, G1_NEW, "corrchess rate agrees")


def second_group(w, ids, prefix):
    """A, B and a foreign newcomer E without any rating (performance-rated,
    DSU 4.5.5.2 item 3), started on START (before the first group
    finished): A and B are rated from their start ratings, the increment
    added to their registered ratings."""
    ids["E"] = new_player(w, prefix + "E")
    expect_eq(set_rating(w, ids["E"], foreign=True)["foreign"], True, "E is foreign")
    t = create(w, [ids["A"], ids["B"], ids["E"]], name="Second group")
    games = games_of(w, t)
    return t, games


G2_RESULTS = [("A", "B", "1/2-1/2"), ("A", "E", "1-0"), ("B", "E", "0-1")]


def expected_after_both(w, g1_results, g2_results):
    """The ratings after both groups, by `corrchess rate`: G1 from the start
    ratings; G2 from the start ratings (it started before G1 finished,
    4.5.4.1 a), added to the registered ratings after G1 (4.5.4.1 b)."""
    out1 = cli_rate(w, case_of([(k, G1_START[k]) for k in "ABCD"], g1_results))
    after1 = {k: out1["players"][k]["new"] for k in "ABCD"}
    out2 = cli_rate(w, case_of([("A", G1_START["A"]), ("B", G1_START["B"]), ("E", None)],
                               g2_results, registered=after1))
    final = dict(after1)
    final.update({k: out2["players"][k]["new"] for k in ("A", "B", "E")})
    return final, out2


@test
def later_groups_follow_the_finishing_order_and_corrections_rerate():
    w = W()
    ids, t1, g1 = setup_first_group(w, "h_")
    t2, g2 = second_group(w, ids, "h_")
    # G2 finishes first, then G1: G2 comes first in the order
    for a, b, res in G2_RESULTS:
        finish(w, g2, ids[a], ids[b], res)
    for a, b, res in G1_RESULTS:
        finish(w, g1, ids[a], ids[b], res)
    seqs = dict(db(w, "SELECT tournament_id, seq FROM rating_groups WHERE tournament_id IN (?, ?)",
                   (t1["id"], t2["id"])))
    expect(seqs[t2["id"]] < seqs[t1["id"]], "the group that finished first is rated first")
    # G2 first: everyone from the start ratings; E performance-rated
    out2 = cli_rate(w, case_of([("A", 1900), ("B", 1800), ("E", None)],
                               {(a, b): r for a, b, r in G2_RESULTS}))
    out1 = cli_rate(w, case_of([(k, G1_START[k]) for k in "ABCD"],
                               {(a, b): r for a, b, r in G1_RESULTS},
                               registered={"A": out2["players"]["A"]["new"],
                                           "B": out2["players"]["B"]["new"]}))
    for k in "AB":
        expect_eq(rating_of(w, ids[k]), out1["players"][k]["new"], "after both: " + k)
    e = history(w, ids["E"])
    expect_eq(len(e), 1, "E has one step")
    expect_eq((e[0]["source"], e[0]["old"], e[0]["Ro"], e[0]["new"]),
              ("performance", None, out2["players"]["E"]["Ro"], out2["players"]["E"]["new"]),
              "E's performance rating")
    expect_eq([s["tournament"] for s in history(w, ids["A"])], [t2["id"], t1["id"]],
              "A's steps in finishing order")
    # A TL corrects A-B of G2 (the earlier group): G2 and G1 are re-rated
    g = game_between(g2, ids["A"], ids["B"])
    correct(w, g, "1-0" if g["white"]["id"] == ids["A"] else "0-1")
    res2 = {(a, b): r for a, b, r in G2_RESULTS}
    res2[("A", "B")] = "1-0"
    out2 = cli_rate(w, case_of([("A", 1900), ("B", 1800), ("E", None)], res2))
    out1 = cli_rate(w, case_of([(k, G1_START[k]) for k in "ABCD"],
                               {(a, b): r for a, b, r in G1_RESULTS},
                               registered={"A": out2["players"]["A"]["new"],
                                           "B": out2["players"]["B"]["new"]}))
    for k in "AB":
        expect_eq(rating_of(w, ids[k]), out1["players"][k]["new"], "after the correction: " + k)
    expect_eq(history(w, ids["A"])[0]["W"], 2, "the corrected W in G2")
    expect_eq(db(w, "SELECT from_seq FROM rating_dirty"), [(None,)], "nothing left stale")


def final_list(w):
    r = w.alice.get("ratings?limit=500")
    expect_status(r, 200, "rating list")
    return [(x["player"]["name"], x["rating"], x["games"]) for x in r.json["ratings"]]


@test
def the_list_never_depends_on_the_order_of_corrections():
    lists = []
    for key, order in (("order_a", (0, 1)), ("order_b", (1, 0))):
        w = W(key)
        ids, t1, g1 = setup_first_group(w, "o_")
        t2, g2 = second_group(w, ids, "o_")
        for a, b, res in G1_RESULTS:
            finish(w, g1, ids[a], ids[b], res)
        for a, b, res in G2_RESULTS:
            finish(w, g2, ids[a], ids[b], res)
        # C-D (1-0 for C) becomes 0-1; A-E (1-0 for A) becomes a draw
        fixes = [(g1, "C", "D", "0-1"), (g2, "A", "E", "1/2-1/2")]
        for i in order:
            games, a, b, want_a = fixes[i]
            g = game_between(games, ids[a], ids[b])
            correct(w, g, want_a if g["white"]["id"] == ids[a] else
                    {"1-0": "0-1", "0-1": "1-0"}.get(want_a, want_a))
        lists.append(final_list(w))
    expect_eq(lists[0], lists[1], "the same list after corrections in either order")
    # and it is the list of the corrected results rated once, in order
    w = W("order_a")
    r1 = {(a, b): r for a, b, r in G1_RESULTS}
    r1[("C", "D")] = "0-1"
    r2 = {(a, b): r for a, b, r in G2_RESULTS}
    r2[("A", "E")] = "1/2-1/2"
    final, _ = expected_after_both(w, r1, r2)
    got = {name[2:]: rating for name, rating, _ in lists[0] if name.startswith("o_")}
    expect_eq(got, final, "the corrected results rated in order")


@test
def the_rating_list_pages_and_exports():
    w = W()
    formula, _ = w.server.add_user("=2+2", email="formula@example.org")
    set_rating(w, formula, rating=1234)
    full = final_list(w)
    expect(len(full) >= 5, "players with ratings: %r" % (full,))
    expect_eq([x[1] for x in full], sorted([x[1] for x in full], reverse=True),
              "highest first")
    seen, after, pages = [], None, 0
    while True:
        r = w.bob.get("ratings?limit=2" + ("&after=" + after if after else ""))
        expect_status(r, 200, "page %d" % pages)
        expect(set(r.json) == {"ratings", "next"}, "list keys")
        expect(len(r.json["ratings"]) <= 2, "limit respected")
        for x in r.json["ratings"]:
            expect_user(x["player"])
            seen.append((x["player"]["name"], x["rating"], x["games"]))
        pages += 1
        after = r.json["next"]
        if after is None:
            break
        expect(isinstance(after, str), "next is an opaque string")
    expect_eq(seen, full, "the pages together are the whole list, nothing cut or repeated")
    expect_eq(pages, (len(full) + 1) // 2, "pages of 2")
    r = w.bob.get("ratings.csv")
    expect_status(r, 200, "CSV")
    expect(r.headers.get("Content-Type", "").startswith("text/csv"), "CSV content type")
    rows = list(csv.reader(io.StringIO(r.text)))
    expect_eq(rows[0], ["place", "id", "name", "rating", "games"], "CSV header")
    # a name a spreadsheet would run as a formula is defused
    expect_eq([x[2] for x in rows[1:] if x[1] == str(formula)], ["'=2+2"], "formula name")
    expect_eq([(x[2].replace("'=", "="), int(x[3]), int(x[4])) for x in rows[1:]], full,
              "CSV rows = the list")
    places = [int(x[0]) for x in rows[1:]]
    expect_eq(places[0], 1, "first place")
    for i in range(1, len(full)):
        want = places[i - 1] if full[i][1] == full[i - 1][1] else i + 1
        expect_eq(places[i], want, "place %d (ties share)" % i)
    for bad in ("limit=0", "limit=501", "limit=x", "after=zz", "after=1800", "after=1800.0",
                "after=99999.3"):
        expect_error(w.bob.get("ratings?" + bad), 422, "invalid_field", bad)


@test
def time_forfeit_without_a_move_is_rated_a_scored_game_is_not():
    """A time forfeit without a move is a no-show (R-4): rated.  A TL's
    result "scored" (a game not played out, 6.2.8) counts in the
    standings only."""
    w = W()
    ids = {k: new_player(w, "f_" + k) for k in "PQR"}
    for k, r in zip("PQR", (2000, 1950, 1900)):
        set_rating(w, ids[k], rating=r)
    t = create(w, [ids[k] for k in "PQR"], name="Forfeits")
    games = games_of(w, t)
    # P-Q: Q never sent a move, lost on time (R-4 no-show: rated, 1-0 for P)
    g = game_between(games, ids["P"], ids["Q"])
    r = w.tl.post("games/%d/result" % g["id"],
                  {"result": "1-0" if g["white"]["id"] == ids["P"] else "0-1",
                   "reason": "no first move within the time", "termination": "time_forfeit"})
    expect_status(r, 200, "time forfeit")
    # P-R: scored by the TL without being played: not rated
    g = game_between(games, ids["P"], ids["R"])
    r = w.tl.post("games/%d/result" % g["id"], {"result": "1/2-1/2", "reason": "withdrawal",
                                                "how": "scored"})
    expect_status(r, 200, "scored")
    expect_eq((r.json["result_how"], r.json["termination"]), ("scored", "adjudication"),
              "GAME result_how")
    finish(w, games, ids["Q"], ids["R"], "1/2-1/2")
    hp = history(w, ids["P"])
    expect_eq((hp[0]["games"], hp[0]["W"]), (1, 1), "P: only the forfeit is rated")
    hq = history(w, ids["Q"])
    expect_eq((hq[0]["games"], hq[0]["W"]), (2, 0.5), "Q: the forfeit and the draw")
    hr = history(w, ids["R"])
    expect_eq(hr[0]["games"], 1, "R: only the draw")


@test
def the_sweep_rates_the_group_whose_last_game_it_ended():
    """The last game ends by the daily sweep (a time forfeit, `corrchess
    sweep`, another process): the group is rated by the sweep itself."""
    w = W("sweep")
    ids = {k: new_player(w, "s_" + k) for k in "XYZ"}
    for k, r in zip("XYZ", (1700, 1650, 1600)):
        set_rating(w, ids[k], rating=r)
    r = w.tl.post("tournaments", {"name": "Sweep group", "kind": "round_robin",
                                  "profile": "server", "start_date": TODAY,
                                  "players": [ids[k] for k in "XYZ"]})
    expect_status(r, 201, "create")
    t = r.json
    games = games_of(w, t)
    finish(w, games, ids["X"], ids["Y"], "1/2-1/2")
    finish(w, games, ids["X"], ids["Z"], "1-0")
    last = game_between(games, ids["Y"], ids["Z"])
    # the server profile: White, silent from the start, loses on time by
    # day 41 at the latest (40 days, DSU 6.3.1)
    env = dict(w.server.env(), CORRCHESS_TODAY=add_days(TODAY, 60))
    p = subprocess.run([CORRCHESS, "--db", w.server.db, "sweep"], capture_output=True, text=True,
                       env=env, timeout=120)
    expect_eq(p.returncode, 0, "sweep: " + p.stderr)
    expect_eq(db(w, "SELECT status, result, termination FROM games WHERE id = ?", (last["id"],)),
              [("finished", "0-1" if last["white"]["id"] == ids["Y"] else "1-0",
                "time_forfeit")], "the sweep ended the last game")
    # rated by the sweep, before any request to the daemon
    steps = dict(db(w, "SELECT user_id, games FROM rating_steps WHERE tournament_id = ?",
                    (t["id"],)))
    # the forfeit without a move is a no-show: rated for both
    expect_eq(steps, {ids["X"]: 2, ids["Y"]: 2, ids["Z"]: 2}, "every game rated")
    y_result = "0-1" if last["white"]["id"] == ids["Y"] else "1-0"  # White lost
    out = cli_rate(w, case_of([(k, r) for k, r in zip("XYZ", (1700, 1650, 1600))],
                              {("X", "Y"): "1/2-1/2", ("X", "Z"): "1-0", ("Y", "Z"): y_result}))
    for k in "XYZ":
        expect_eq(rating_of(w, ids[k]), out["players"][k]["new"], "rating of " + k)


@test
def a_group_that_cannot_be_rated_is_recorded_and_stops_nothing():
    """docs/RATING.md O-3: a foreign newcomer without any rating who wins
    every game has no performance rating (table 2 '*').  The group is
    recorded with the reason, nobody's rating moves, and the next group is
    rated."""
    w = W()
    ids = {k: new_player(w, "u_" + k) for k in "PQN"}
    set_rating(w, ids["P"], rating=1800)
    set_rating(w, ids["Q"], rating=1700)
    set_rating(w, ids["N"], foreign=True)
    t = create(w, [ids[k] for k in "PQN"], name="Unratable")
    games = games_of(w, t)
    finish(w, games, ids["N"], ids["P"], "1-0")
    finish(w, games, ids["N"], ids["Q"], "1-0")
    finish(w, games, ids["P"], ids["Q"], "1/2-1/2")
    got = db(w, "SELECT rated, method, error FROM rating_groups WHERE tournament_id = ?",
             (t["id"],))
    expect_eq(len(got), 1, "in the order")
    expect_eq(got[0][:2], (1, None), "done, without a method")
    expect("performance" in got[0][2] and "100 %" in got[0][2], "the reason: %r" % (got[0],))
    expect_eq((rating_of(w, ids["P"]), rating_of(w, ids["Q"]), rating_of(w, ids["N"])),
              (1800, 1700, None), "nobody's rating moved")
    expect_eq(history(w, ids["P"]), [], "no step")
    t2 = create(w, [ids["P"], ids["Q"], ids["N"]], name="Rated after all")
    g2 = games_of(w, t2)
    finish(w, g2, ids["N"], ids["P"], "1-0")
    finish(w, g2, ids["N"], ids["Q"], "1/2-1/2")
    finish(w, g2, ids["P"], ids["Q"], "1-0")
    out = cli_rate(w, case_of([("P", 1800), ("Q", 1700), ("N", None)],
                              {("N", "P"): "1-0", ("N", "Q"): "1/2-1/2", ("P", "Q"): "1-0"}))
    for k in "PQN":
        expect_eq(rating_of(w, ids[k]), out["players"][k]["new"], "the next group: " + k)


def coordinate(w, rows, on="2027-09-01", status=0):
    """`corrchess rating-coordinate --elo CSV --apply --on DATE` on w's
    database; rows [(user id, elo, games)]."""
    text = "id,elo,elo_games\n" + "".join("%d,%d,%d\n" % r for r in rows)
    p = w.server.cli("rating-coordinate", "--elo", "-", "--apply", "--on", on, input=text)
    expect_eq(p.returncode, status, "rating-coordinate: " + p.stderr)
    return json.loads(p.stdout) if status == 0 else p


@test
def the_elo_coordination_is_applied_at_its_place_and_again_after_corrections():
    """DSU 4.5.6 in the database: the Danish ratings of 1 June against the
    Elo list, the players' ratings on the adjustment date moved by the
    scale; a correction of an earlier group re-rates it and applies the
    coordination again to the new ratings."""
    w = W("coord")
    start = {"K": 2480, "L": 2350, "M": 2245, "O": 2160, "P": 2105, "Q": 2300}
    elo = {"K": (2450, 120), "L": (2320, 80), "M": (2215, 45), "O": (2130, 35),
           "P": (2090, 50), "Q": (2250, 30)}
    ids = {k: new_player(w, "c_" + k) for k in start}
    for k, r in start.items():
        set_rating(w, ids[k], rating=r)
    # a group of K, L, M finishes (after 1 June) before the coordination
    t = create(w, [ids["K"], ids["L"], ids["M"]], name="Before the coordination")
    games = games_of(w, t)
    res = {("K", "L"): "1-0", ("K", "M"): "1/2-1/2", ("L", "M"): "0-1"}
    for (a, b), r in res.items():
        finish(w, games, ids[a], ids[b], r)
    rows = [(ids[k], e, g) for k, (e, g) in elo.items()]
    bad = coordinate(w, rows + [(999999, 2200, 40)], status=2)
    expect("does not exist" in bad.stderr, "unknown user refused: %r" % bad.stderr)
    expect_eq(db(w, "SELECT count(*) FROM rating_coordinations"), [(0,)], "nothing recorded")

    def expected(group_results):
        g = cli_rate(w, case_of([(k, start[k]) for k in "KLM"], group_results))
        after = {k: g["players"][k]["new"] if k in "KLM" else start[k] for k in start}
        case = {"elo_adjustment": [{"id": k, "dsu": start[k], "elo": elo[k][0],
                                    "elo_games": elo[k][1], "current": after[k]}
                                   for k in start]}
        c = cli_rate(w, case)
        final = dict(after)
        for k, a in c["adjusted"].items():
            final[k] = a["to"]
        return c, final

    out = coordinate(w, rows)
    c, final = expected(res)
    expect_eq((out["N"], out["direction"], out["count"]), (c["N"], c["direction"], c["count"]),
              "N, direction and the players compared")
    expect_eq({int(u): a["to"] for u, a in out["adjusted"].items()},
              {ids[k]: a["to"] for k, a in c["adjusted"].items()}, "the moves")
    expect(c["N"] >= 25, "the case moves ratings (N %r)" % c["N"])
    for k in start:
        expect_eq(rating_of(w, ids[k]), final[k], "after the coordination: " + k)
    h = history(w, ids["K"])
    expect_eq([x["method"] for x in h], ["difference", "elo_coordination"],
              "K's history: the group, then the coordination")
    # correcting the earlier group re-rates it and applies the coordination again
    g = game_between(games, ids["L"], ids["M"])
    correct(w, g, "1-0" if g["white"]["id"] == ids["L"] else "0-1")
    res[("L", "M")] = "1-0"
    c, final = expected(res)
    for k in start:
        expect_eq(rating_of(w, ids[k]), final[k], "after the correction: " + k)
    before = final_list(w)
    p = w.server.cli("rating-update", "--from-scratch")
    expect_eq(p.returncode, 0, "rating-update: " + p.stderr)
    expect_eq(final_list(w), before, "from scratch: the same list")


@test
def refused_requests_change_nothing():
    w = W()
    uid = new_player(w, "refused")
    set_rating(w, uid, rating=1500)
    before = db(w, "SELECT rating_start, otb_rating FROM users WHERE id = ?", (uid,))
    cases = [
        (w.alice, {"rating": 1600}, 403, "forbidden"),
        # docs/AUTHORITY.md: ratings are an admin's act, never on himself
        (w.tl, {"rating": 1600}, 403, "forbidden"),
        (w.admin, {"rating": "1600"}, 422, "invalid_field"),
        (w.admin, {"rating": 1600.5}, 422, "invalid_field"),
        (w.admin, {"rating": 10000}, 422, "invalid_field"),
        (w.admin, {"otb_rating": -1}, 422, "invalid_field"),
        (w.admin, {"rating": 1600, "name": "x"}, 422, "unknown_field"),
        (w.admin, {}, 422, "missing_field"),
    ]
    for client, body, status, code in cases:
        expect_error(patch(client, uid, body), status, code, json.dumps(body))
    expect_error(patch(w.tl, w.ids["tl"], {"rating": 2400}), 403, "forbidden",
                 "a TL sets no rating, his own neither")
    expect_error(patch(w.admin, w.ids["admin"], {"rating": 2400}), 403, "own_record",
                 "an admin does not set his own rating")
    expect_error(w.admin.request("PATCH", "users/%d" % uid, raw=b"{"), 400, "bad_json",
                 "bad JSON")
    expect_4xx(w.admin.request("PATCH", "users/%d" % uid, raw=b"[1]"), "an array")
    expect_error(patch(w.admin, 999999, {"rating": 1600}), 404, "not_found", "unknown user")
    expect_error(w.alice.get("users/999999/ratings"), 404, "not_found", "unknown history")
    expect_eq(db(w, "SELECT rating_start, otb_rating FROM users WHERE id = ?", (uid,)), before,
              "nothing changed")
    # null clears a rating
    u = set_rating(w, uid, otb=1450)
    expect_eq(u["otb_rating"], 1450, "otb set")
    r = patch(w.admin, uid, {"rating": None})
    expect_status(r, 200, "clear rating")
    expect_eq((r.json["rating"], r.json["otb_rating"]), (1450, 1450),
              "without a K-skak rating the OTB rating is the provisional one (6.7.6.2)")
    r = w.alice.get("ratings", headers={})
    expect_status(r, 200, "list for a player")
    expect_error(Client(w.server).get("ratings"), 401, "unauthorized", "signed out")


# ----------------------------------------------------------- issue 21

def tl_result(w, g, result_white, how=None, status=200):
    body = {"result": result_white, "reason": "the players' report, no moves on the server"}
    if how:
        body["how"] = how
    r = w.tl.post("games/%d/result" % g["id"], body)
    expect_status(r, status, "TL result %s (%s) of game %d" % (result_white, how, g["id"]))
    return r.json


def white_side(g, uid, result):
    """result from uid's side as White's result of game g."""
    if g["white"]["id"] == uid:
        return result
    return {"1-0": "0-1", "0-1": "1-0"}.get(result, result)


@test
def results_the_tl_enters_are_rated_unless_scored():
    """Issue 21 item 12: a postal group whose results the TL enters (the
    players report them, 6.2.6; the moves are not on the server) is rated;
    so is an adjudicated game (6.2.7); a scored one (6.2.8) counts in the
    standings only.  The GAME says how each result came about."""
    w = W("reported")
    ids = {k: new_player(w, "r_" + k) for k in "PQRS"}
    for k, r in zip("PQRS", (2000, 1950, 1900, 1850)):
        set_rating(w, ids[k], rating=r)
    r = w.tl.post("tournaments", {"name": "Postal reported", "kind": "round_robin",
                                  "profile": "dsu-post", "start_date": START,
                                  "players": [ids[k] for k in "PQRS"]})
    expect_status(r, 201, "create")
    t = r.json
    games = games_of(w, t)
    results = {("P", "Q"): "1-0", ("P", "R"): "1/2-1/2", ("P", "S"): "1-0",
               ("Q", "R"): "0-1", ("Q", "S"): "1/2-1/2", ("R", "S"): "1-0"}
    hows = {("P", "R"): "adjudicated", ("Q", "S"): "scored"}
    for (a, b), res in results.items():
        g = game_between(games, ids[a], ids[b])
        gj = tl_result(w, g, white_side(g, ids[a], res), hows.get((a, b)))
        expect_eq((gj["result_how"], len(gj["moves"])),
                  (hows.get((a, b), "reported"), 0), "how, without moves")
    expect_error(w.tl.post("games/%d/result" % games[0]["id"],
                           {"result": "1-0", "reason": "a guess", "how": "guessed"}),
                 422, "invalid_field", "an unknown how")
    # the scored game is scheduled but not rated ('x', so the group stays
    # all-play-all for the method, 4.5.2.1)
    rated = {k: ("x" if hows.get(k) == "scored" else v) for k, v in results.items()}
    case = case_of([(k, r) for k, r in zip("PQRS", (2000, 1950, 1900, 1850))], rated)
    case["winners"] = ["P"]  # P leads the standings (the scored draw included)
    out = cli_rate(w, case)
    for k in "PQRS":
        expect_eq(rating_of(w, ids[k]), out["players"][k]["new"], "rating of " + k)
    expect_eq(history(w, ids["Q"])[0]["games"], 2, "Q: the scored game is not rated")
    expect_eq(history(w, ids["P"])[0]["games"], 3, "P: reported and adjudicated, rated")


@test
def a_withdrawal_is_rated_as_played():
    """Issue 21 item 4 (4.5.4.2 "Alle spillede partier rates"; 4.1.2 §16 e;
    docs/RATING.md R-5): W scores 2 1/2 from his 3 finished games of 6 and
    withdraws; 6.2.8 scores all his games as lost (at most half finished),
    the standings say so, and the rating takes the 3 games as played:
    W = 2.5 from 3, not 0 from 3; his 3 games never played are not rated."""
    w = W("withdrawal")
    names = "WABCDEF"
    start = dict(zip(names, (1850, 1900, 1880, 1860, 1840, 1820, 1800)))
    ids = {k: new_player(w, "w_" + k) for k in names}
    for k in names:
        set_rating(w, ids[k], rating=start[k])
    t = create(w, [ids[k] for k in names], name="Withdrawal group")
    games = games_of(w, t)
    # W's finished games, with a move on the server: he beats A and B and
    # draws C (as played); D, E and F never play him
    for b, res in (("A", "1-0"), ("B", "1-0"), ("C", "1/2-1/2")):
        g = game_between(games, ids["W"], ids[b])
        white, black = client_of(w, g["white"]["id"]), client_of(w, g["black"]["id"])
        play(white, g["id"], "e4")
        want = white_side(g, ids["W"], res)
        if want == "1-0":
            r = black.post("games/%d/resign" % g["id"])
        elif want == "0-1":
            r = white.post("games/%d/resign" % g["id"])
        else:
            expect_status(black.post("games/%d/draw" % g["id"], {"action": "offer"}), 200,
                          "offer")
            r = white.post("games/%d/draw" % g["id"], {"action": "accept"})
        expect_status(r, 200, "W's game against %s" % b)
    others = {}
    for i, a in enumerate("ABCDEF"):
        for b in "ABCDEF"[i + 1:]:
            others[(a, b)] = "1-0" if a == "A" else ("1/2-1/2" if (i % 2) else "0-1")
            finish(w, games, ids[a], ids[b], others[(a, b)])
    r = w.tl.post("tournaments/%d/withdrawals" % t["id"], {"player": ids["W"], "reason": "valid"})
    expect_status(r, 201, "W withdraws with 3 of 6 finished")
    expect_eq(r.json["withdrawals"][0]["all_lost"], True, "6.2.8: all lost")
    for b in "ABCDEF":
        g = game_between(games, ids["W"], ids[b])
        now = w.tl.get("games/%d" % g["id"]).json
        expect_eq((now["result"], now["result_how"]), (white_side(g, ids[b], "1-0"), "scored"),
                  "W-%s scored for %s" % (b, b))
    hw = history(w, ids["W"])
    expect_eq(len(hw), 1, "W is rated")
    expect_eq((hw[0]["games"], hw[0]["W"]), (3, 2.5), "W: the 3 games as played")
    # the whole group through corrchess rate: the games as played, the 3
    # never played left out ('x'); A leads the standings (6.2.8 gave him W)
    played = dict(others)
    played.update({("W", "A"): "1-0", ("W", "B"): "1-0", ("W", "C"): "1/2-1/2",
                   ("W", "D"): "x", ("W", "E"): "x", ("W", "F"): "x"})
    case = case_of([(k, start[k]) for k in names], played)
    case["winners"] = ["A"]
    out = cli_rate(w, case)
    for k in names:
        expect_eq(rating_of(w, ids[k]), out["players"][k]["new"], "rating of " + k)
    expect_eq(history(w, ids["D"])[0]["games"], 5, "D: his scored game against W is not rated")


@test
def newcomers_start_from_an_entry_rating_only_foreigners_from_performance():
    """Issue 21 item 5 (4.5.5.1, 4.5.5.2 item 3): a Danish newcomer without
    any rating starts from the entry rating of the class he entered (the
    DM: 2100, docs/RATING.md); only a foreign player gets a performance
    rating; a Danish newcomer in a group without a class cannot be rated
    (the group is recorded with the reason, as `corrchess rate` refuses)."""
    w = W("newcomers")
    ids = {k: new_player(w, "n_" + k) for k in "PQN"}
    set_rating(w, ids["P"], rating=2150)
    set_rating(w, ids["Q"], rating=2050)
    expect_eq(w.tl.get("users/%d" % ids["N"]).json["foreign"], False, "N is Danish")
    r = w.tl.post("tournaments", {"name": "DM newcomer", "kind": "dm", "profile": "server",
                                  "start_date": START, "players": [ids[k] for k in "PQN"]})
    expect_status(r, 201, "a DM of three (double round robin)")
    dm = r.json
    games = games_of(w, dm)
    res = {}
    for g in games:
        who = {g["white"]["id"], g["black"]["id"]}
        if who == {ids["P"], ids["Q"]}:
            tl_result(w, g, "1/2-1/2")
        elif ids["P"] in who:
            tl_result(w, g, white_side(g, ids["P"], "1-0"))
        else:
            tl_result(w, g, white_side(g, ids["N"], "1-0"))
    hn = history(w, ids["N"])
    expect_eq(len(hn), 1, "N is rated")
    expect_eq((hn[0]["Ro"], hn[0]["source"], hn[0]["old"]), (2100, "rated", None),
              "N starts from the DM's entry rating, not a performance rating")
    res = {("P", "Q"): "1/2-1/2", ("P", "N"): "1-0", ("N", "Q"): "1-0"}
    case = case_of([("P", 2150), ("Q", 2050), ("N", 2100)], {})
    case["games"] = []
    for g in games:
        a = [k for k in "PQN" if ids[k] == g["white"]["id"]][0]
        b = [k for k in "PQN" if ids[k] == g["black"]["id"]][0]
        r_ab = res.get((a, b)) or {"1-0": "0-1", "0-1": "1-0"}.get(res.get((b, a)),
                                                                   res.get((b, a)))
        case["games"].append([a, b, r_ab])
    out = cli_rate(w, case)
    expect_eq(rating_of(w, ids["N"]), out["players"]["N"]["new"], "N's new rating")
    # a Danish newcomer in a round robin without a class: not rated
    ids["M"] = new_player(w, "n_M")
    t = create(w, [ids["P"], ids["Q"], ids["M"]], name="No class")
    for g in games_of(w, t):
        tl_result(w, g, "1/2-1/2")
    got = db(w, "SELECT rated, method, error FROM rating_groups WHERE tournament_id = ?",
             (t["id"],))
    expect_eq(got[0][:2], (1, None), "done, without a method")
    expect("4.5.5.1" in (got[0][2] or ""), "the reason: %r" % (got[0],))
    expect_eq(history(w, ids["M"]), [], "M has no rating")
    # the same newcomer made foreign: a performance rating (the group again)
    set_rating(w, ids["M"], foreign=True)
    hm = history(w, ids["M"])
    expect_eq((len(hm), hm[0]["source"] if hm else None), (1, "performance"),
              "M, foreign: performance-rated")
    expect_error(patch(w.admin, ids["M"], {"foreign": "yes"}), 422, "invalid_field",
                 "foreign must be true or false")


# ------------------------------------------------------------ foreign results (DSU 4.5.4.3)

def kc_of(w):
    if not hasattr(w, "kc"):
        w.ids["kc"], _ = w.server.add_user("kc_ratings", "kc")
        w.kc = w.server.login("kc_ratings")
    return w.kc


def foreign_case(ro, games, round_robin=False, registered=None):
    """The foreign group as a `corrchess rate` case: the player P against
    an opponent O1, O2, ... per game; in an all-play-all the opponents'
    games among themselves scheduled and unplayed ('x')."""
    players = [("P", ro)] + [("O%d" % (i + 1), r) for i, (r, _) in enumerate(games)]
    res = {}
    for i, (_, mine) in enumerate(games):
        res[("P", "O%d" % (i + 1))] = {"1": "1-0", "1/2": "1/2-1/2", "0": "0-1"}[mine]
    if round_robin:
        for i in range(len(games)):
            for j in range(i + 1, len(games)):
                res[("O%d" % (i + 1), "O%d" % (j + 1))] = "x"
    return case_of(players, res, registered={"P": registered} if registered else None)


def post_foreign(client, player, games, status=201, **kw):
    body = {"player": player, "event": kw.pop("event", "Politiken Cup"),
            "finished_on": kw.pop("finished_on", "2027-08-25"),
            "games": [{"opponent": "Opp %d" % i, "rating": r, "result": res}
                      for i, (r, res) in enumerate(games)]}
    body.update(kw)
    r = client.post("ratings/foreign", body)
    expect_status(r, status, "POST ratings/foreign")
    return r.json


@test
def a_foreign_result_is_rated_as_its_group_and_again_from_scratch():
    """DSU 4.5.4.3: the KC enters a foreign tournament's result (score and
    opponents' ratings) and it is rated as the group it came from (the
    difference method; the average method for an all-play-all within 200
    points), from the rating registered when reported (4.5.4.1 a); it is in
    the player's history and list, re-rated when his start rating changes,
    and a re-rate from scratch gives the same figures."""
    w = W("foreign")
    kc = kc_of(w)
    ids = {k: new_player(w, "f_" + k) for k in "PQ"}
    set_rating(w, ids["P"], rating=1800)
    set_rating(w, ids["Q"], rating=1750)
    open_games = [(2000, "1"), (1900, "1/2"), (1700, "0"), (1650, "1")]
    # refused: not the kc (a TL, a player, the player himself), bad input
    before = db(w, "SELECT count(*) FROM rating_foreign")
    for client, code, status in ((w.tl, "forbidden", 403), (w.alice, "forbidden", 403),
                                 (client_of(w, ids["P"]), "forbidden", 403)):
        r = client.post("ratings/foreign", {"player": ids["P"], "event": "X",
                                            "finished_on": "2027-08-25",
                                            "games": [{"rating": 2000, "result": "1"}]})
        expect_error(r, status, code, "foreign result by a non-kc")
    bad = [({"player": 999999}, 422, "unknown_user"),
           ({"finished_on": "2027-09-02"}, 422, "invalid_date"),
           ({"finished_on": "25/08/2027"}, 422, "invalid_date"),
           ({"games": []}, 422, "invalid_field"),
           ({"games": [{"rating": 2000, "result": "2"}]}, 422, "invalid_field"),
           ({"games": [{"rating": 12000, "result": "1"}]}, 422, "invalid_field"),
           ({"games": [{"result": "1"}]}, 422, "missing_field"),
           ({"event": ""}, 422, "bad_name"),
           ({"tournament": 3}, 422, "unknown_field")]
    for change, status, code in bad:
        body = {"player": ids["P"], "event": "Politiken Cup", "finished_on": "2027-08-25",
                "games": [{"opponent": "A", "rating": 2000, "result": "1"}]}
        body.update(change)
        expect_error(kc.post("ratings/foreign", body), status, code, repr(change))
    expect_eq(db(w, "SELECT count(*) FROM rating_foreign"), before, "nothing recorded")
    # a Swiss: the difference method from his registered rating
    f = post_foreign(kc, ids["P"], open_games)
    want = cli_rate(w, foreign_case(1800, open_games))["players"]["P"]
    expect_eq((f["rated"], f["Ro"], f["new"], f["method"], f["n"], f["W"], f["We"], f["K"]),
              (True, 1800, want["new"], "difference", 4, 2.5, want["We"], want["K"]),
              "the Swiss as `corrchess rate` rates it")
    expect_eq((f["report_by"], f["late"], f["reported_on"]), ("2027-09-08", False, TODAY),
              "reported within 14 days")
    expect(want["new"] != 1800, "the case moves the rating")
    direct = cli_rate(w, {"foreign": {"rating": 1800, "games": [[r, x] for r, x in open_games]}})
    expect_eq((direct["method"], direct["We"], direct["new"]), ("difference", want["We"],
                                                                 want["new"]),
              "`corrchess rate` on the foreign case itself")
    expect_eq(rating_of(w, ids["P"]), want["new"], "the rating list has it")
    h = history(w, ids["P"])
    expect_eq([(x["source"], x["foreign"], x["Ro"], x["new"]) for x in h],
              [("foreign", f["id"], 1800, want["new"])], "the history has it")
    after_swiss = want["new"]
    # an all-play-all within 200 points: the average method, from the rating now
    rr_games = [(1850, "1"), (1900, "1/2"), (1800, "1/2"), (1750, "0"), (1950, "1")]
    f2 = post_foreign(kc, ids["P"], rr_games, round_robin=True, event="Nordic RR",
                      finished_on="2027-08-31")
    want2 = cli_rate(w, foreign_case(after_swiss, rr_games, round_robin=True))["players"]["P"]
    expect_eq((f2["Ro"], f2["old"], f2["method"], f2["new"]),
              (after_swiss, after_swiss, "average", want2["new"]), "the all-play-all")
    expect_eq(rating_of(w, ids["P"]), want2["new"], "both foreign results")
    direct = cli_rate(w, {"foreign": {"rating": after_swiss, "round_robin": True,
                                      "games": [[r, x] for r, x in rr_games]}})
    expect_eq((direct["method"], direct["new"]), ("average", want2["new"]),
              "`corrchess rate` on the all-play-all")
    # a group of the server finishes after them: its increment added
    t = create(w, [ids["P"], ids["Q"]], name="After the foreign results")
    games = games_of(w, t)
    finish(w, games, ids["P"], ids["Q"], "1-0")
    out = cli_rate(w, case_of([("P", 1800), ("Q", 1750)], {("P", "Q"): "1-0"},
                              registered={"P": want2["new"]}))
    expect_eq(rating_of(w, ids["P"]), out["players"]["P"]["new"],
              "the group from his start rating (it started before), added to the registered")
    expect_eq([x["source"] for x in history(w, ids["P"])], ["foreign", "foreign", "rated"],
              "the history in the order rated")
    before = (final_list(w), history(w, ids["P"]))
    p = w.server.cli("rating-update", "--from-scratch")
    expect_eq(p.returncode, 0, "rating-update: " + p.stderr)
    expect_eq((final_list(w), history(w, ids["P"])), before, "from scratch: the same figures")
    # his start rating corrected: the foreign results are rated again from it
    set_rating(w, ids["P"], rating=1900)
    h = history(w, ids["P"])
    want = cli_rate(w, foreign_case(1900, open_games))["players"]["P"]
    expect_eq((h[0]["Ro"], h[0]["new"]), (1900, want["new"]), "re-rated from 1900")
    # the list of what was entered, paged, rated or not
    r = w.alice.get("ratings/foreign?player=%d&limit=1" % ids["P"])
    expect_status(r, 200, "foreign results, page 1")
    expect_eq(([x["id"] for x in r.json["foreign_results"]], r.json["next"] is not None),
              ([f["id"]], True), "the first, and a next page")
    r = w.alice.get("ratings/foreign?player=%d&limit=1&after=%s" % (ids["P"], r.json["next"]))
    expect_eq([(x["id"], x["method"], len(x["games"])) for x in r.json["foreign_results"]],
              [(f2["id"], "average", 5)], "the second, with its games")
    expect_error(w.alice.get("ratings/foreign?player=x"), 422, "invalid_field", "bad player")
    # one entered wrongly: deleted, the ratings computed again without it
    before = db(w, "SELECT count(*) FROM rating_foreign")
    expect_error(w.tl.request("DELETE", "ratings/foreign/%d" % f["id"]), 403, "forbidden",
                 "a TL deletes none")
    expect_error(kc.request("DELETE", "ratings/foreign/999999"), 404, "not_found", "no such one")
    expect_eq(db(w, "SELECT count(*) FROM rating_foreign"), before, "nothing deleted")
    r = kc.request("DELETE", "ratings/foreign/%d" % f["id"])
    expect_status(r, 200, "the kc deletes the Swiss")
    expect_eq(r.json, {"id": f["id"], "deleted": True}, "deleted")
    h = history(w, ids["P"])
    want2 = cli_rate(w, foreign_case(1900, rr_games, round_robin=True))["players"]["P"]
    expect_eq([(x["source"], x.get("foreign"), x["Ro"], x["new"]) for x in h[:1]],
              [("foreign", f2["id"], 1900, want2["new"])],
              "the all-play-all now from his start rating")
    expect_eq(db(w, "SELECT count(*) FROM rating_foreign_games WHERE foreign_id = ?",
                 (f["id"],)), [(0,)], "its games gone")
    # a player without any rating yet: recorded, not rated
    nobody = new_player(w, "f_none")
    f3 = post_foreign(kc, nobody, open_games)
    expect_eq((f3["rated"], "4.5.5.1" in (f3["error"] or "")), (False, True),
              "no rating to rate it from: %r" % f3)
    expect_eq(history(w, nobody), [], "nothing in his history")


# ------------------------------------------------------------ back after 5 years (4.5.5.1)

@test
def a_player_back_after_five_years_starts_afresh_after_three_keeps_his_rating():
    """DSU 4.5.5.1 items 4-5: a player whose last rated result is more
    than 5 years old starts afresh as a newcomer (his start rating, the
    archived one not carried: old null); after 3 to 5 years he is off the
    list but his archived rating is used again."""
    w = W("afresh")
    ids = {k: new_player(w, "a_" + k) for k in "ABCDEF"}
    start = {"A": 1500, "B": 1600, "C": 1700, "D": 1800, "E": 1650, "F": 1550}
    for k, r in start.items():
        set_rating(w, ids[k], rating=r)
    old_groups = {}
    for names, when in (("ABC", "2021-06-30"), ("DEF", "2023-06-30")):
        t = create(w, [ids[k] for k in names], name="Long ago " + names)
        games = games_of(w, t)
        finish(w, games, ids[names[0]], ids[names[1]], "1-0")
        finish(w, games, ids[names[0]], ids[names[2]], "1-0")
        finish(w, games, ids[names[1]], ids[names[2]], "1/2-1/2")
        # that group finished long ago
        w.server.db_exec("UPDATE rating_groups SET finished_on = ? WHERE tournament_id = ?",
                         (when, t["id"]))
        w.server.db_exec("UPDATE rating_steps SET finished_on = ? WHERE tournament_id = ?",
                         (when, t["id"]))
        old_groups[names] = t
    p = w.server.cli("rating-update", "--from-scratch")
    expect_eq(p.returncode, 0, "rating-update: " + p.stderr)
    archived = {k: rating_of(w, ids[k]) for k in "AD"}
    expect(archived["A"] != start["A"] and archived["D"] != start["D"], "moved by the old groups")
    status = w.alice.get("users/%d" % ids["A"]).json["rating_list"]["status"]
    expect_eq(status, "fresh_start", "A: more than 5 years")
    # back now (the groups start 2027-08-20): A afresh, D with his archived rating
    archived["E"] = rating_of(w, ids["E"])
    t = create(w, [ids["A"], ids["D"]], name="The return")
    t3 = create(w, [ids["A"], ids["E"]], name="The return, a second group")
    finish(w, games_of(w, t), ids["A"], ids["D"], "1/2-1/2")
    out = cli_rate(w, case_of([("A", start["A"]), ("D", archived["D"])],
                              {("A", "D"): "1/2-1/2"}))
    ha, hd = history(w, ids["A"])[-1], history(w, ids["D"])[-1]
    expect_eq((ha["tournament"], ha["Ro"], ha["old"], ha["new"]),
              (t["id"], start["A"], None, out["players"]["A"]["new"]),
              "A starts afresh from his start rating, the archived %d not carried"
              % archived["A"])
    expect_eq((hd["Ro"], hd["old"], hd["new"]),
              (archived["D"], archived["D"], out["players"]["D"]["new"]),
              "D (3 to 5 years): his archived rating used again")
    # his second group of the return, finished later: afresh too (it
    # started on the same day), its increment added to the rating of his
    # first, not to the archived one
    finish(w, games_of(w, t3), ids["A"], ids["E"], "1-0")
    out3 = cli_rate(w, case_of([("A", start["A"]), ("E", archived["E"])], {("A", "E"): "1-0"},
                               registered={"A": out["players"]["A"]["new"]}))
    ha = history(w, ids["A"])[-1]
    expect_eq((ha["tournament"], ha["Ro"], ha["old"], ha["new"]),
              (t3["id"], start["A"], out["players"]["A"]["new"], out3["players"]["A"]["new"]),
              "the second group of his return")
    before = final_list(w)
    p = w.server.cli("rating-update", "--from-scratch")
    expect_eq(p.returncode, 0, "rating-update: " + p.stderr)
    expect_eq(final_list(w), before, "from scratch: the same list")


if __name__ == "__main__":
    run_tests()
