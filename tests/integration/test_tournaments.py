#!/usr/bin/env python3
"""Tournaments (API.md "Tournaments"; DSU 6.5, tie-break DSU
6.5.4.1, Vector R1), against the real corrchessd over HTTP with a
temporary database: every kind created through the API with all its games,
results played through the game endpoints (resignations, draw offers, a TL
0-0), the standings and tie-breaks that follow, the team ranking, and every
way a request is refused without anything being stored."""
import itertools
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
START = "2027-08-20"  # before today, so games can be played at once
TOURNAMENT_KEYS = {"id", "name", "kind", "profile", "start_date", "series_cancellable", "games",
                   "standings", "tl", "class", "withdrawals", "published_on", "decisions"}
STANDING_KEYS = {"player", "rank", "place", "score", "sonneborn_berger", "played", "rights",
                 "rating_change", "seat"}
TEAM_KEYS = {"name", "rank", "score", "played"}


def W():
    return shared_world(today=TODAY)


_clients = {}  # user id -> signed-in Client, for every user made here


def new_players(names):
    """Adds a player per name; returns their ids (and keeps a client each)."""
    w = W()
    ids = []
    for name in names:
        uid, _ = w.server.add_user(name)
        _clients[uid] = w.server.login(name)
        ids.append(uid)
    return ids


def client_of(uid):
    w = W()
    for name, i in w.ids.items():
        if i == uid:
            return getattr(w, name)
    return _clients[uid]


def rows(sql, args=()):
    return W().server.db_rows(sql, args)


def counts():
    """What a refused request must leave unchanged."""
    return (rows("SELECT count(*) FROM tournaments")[0][0],
            rows("SELECT count(*) FROM tournament_players")[0][0],
            rows("SELECT count(*) FROM games")[0][0])


def expect_number(v, want, what):
    expect(isinstance(v, (int, float)) and not isinstance(v, bool), "%s is a number: %r"
           % (what, v))
    expect_eq(v, want, what)


def expect_tournament_shape(t, kind=None):
    expect(isinstance(t, dict), "TOURNAMENT is an object: %r" % (t,))
    want = TOURNAMENT_KEYS | ({"teams"} if t.get("kind") == "team" else set()) | (
        {"stages", "advance", "semifinal_direct"} if t.get("kind") == "cup" else set()) | (
        {"cup"} if "cup" in t else set()) | ({"playoff"} if t.get("kind") == "dm" else set())
    expect_eq(set(t), want, "TOURNAMENT keys")
    expect(isinstance(t["id"], int) and t["id"] > 0, "id")
    if kind:
        expect_eq(t["kind"], kind, "kind")
    expect(all(isinstance(g, int) for g in t["games"]), "games are ids")
    expect_eq(t["games"], sorted(t["games"]), "games in creation order")
    ranks = [s["rank"] for s in t["standings"]]
    expect_eq(ranks, sorted(ranks), "standings ordered by rank")
    for i, s in enumerate(t["standings"]):
        expect_eq(set(s) - {"title", "playoff_score", "dm_place_for_tl"}, STANDING_KEYS,
                  "standing keys")
        expect(("title" in s) == (t.get("kind") == "dm"), "title only in the DM: %r" % s)
        expect_user(s["player"])
        expect(isinstance(s["rank"], int) and 1 <= s["rank"] <= i + 1, "rank %r" % s)
        expect(isinstance(s["played"], int) and s["played"] >= 0, "played %r" % s)
        for k in ("score", "sonneborn_berger"):
            expect(isinstance(s[k], (int, float)) and not isinstance(s[k], bool), "%s %r" % (k, s))
        expect(s["place"] == str(s["rank"]) or s["place"].startswith("%d-" % s["rank"]),
               "place %r starts at rank" % s)
        if i and s["rank"] == t["standings"][i - 1]["rank"]:
            # docs/TOURNAMENTS.md I-36: inside a shared place by SB, then seat
            expect(s["sonneborn_berger"] <= t["standings"][i - 1]["sonneborn_berger"],
                   "a shared place is listed by SB")
            expect_eq(s["place"], t["standings"][i - 1]["place"], "a shared place")
    for tm in t.get("teams", []):
        expect(TEAM_KEYS <= set(tm), "team keys %r" % tm)


def create(client, body, status=201):
    r = client.post("tournaments", body)
    expect_status(r, status, "create %r" % body)
    if status == 201:
        expect_tournament_shape(r.json, body.get("kind"))
    return r.json


def get(client, tid):
    r = client.get("tournaments/%d" % tid)
    expect_status(r, 200, "GET tournament %d" % tid)
    expect(r.headers.get("Content-Type", "").startswith("application/json"), "Content-Type")
    expect_tournament_shape(r.json)
    return r.json


def games_of(t):
    return [get_game(W().carol, gid) for gid in t["games"]]


def colours(games):
    """white count per user id, and the pairs met (ordered white, black)."""
    whites = {}
    met = []
    for g in games:
        whites[g["white"]["id"]] = whites.get(g["white"]["id"], 0) + 1
        whites.setdefault(g["black"]["id"], 0)
        met.append((g["white"]["id"], g["black"]["id"]))
    return whites, met


def game_between(games, a, b):
    found = [g for g in games if {g["white"]["id"], g["black"]["id"]} == {a, b}]
    expect_eq(len(found), 1, "games between %d and %d" % (a, b))
    return found[0]


def finish(g, result):
    """Ends game g with result (as on the board) through the API: the loser
    resigns, a draw is offered and accepted, 0-0 is a TL decision."""
    gid = g["id"]
    white, black = client_of(g["white"]["id"]), client_of(g["black"]["id"])
    if result == "1-0":
        r = black.post("games/%d/resign" % gid)
    elif result == "0-1":
        r = white.post("games/%d/resign" % gid)
    elif result == "1/2-1/2":
        expect_status(white.post("games/%d/draw" % gid, {"action": "offer"}), 200, "offer")
        r = black.post("games/%d/draw" % gid, {"action": "accept"})
    else:
        r = W().tl.post("games/%d/result" % gid,
                        {"result": result, "reason": "both players silent (DSU 6.2.8)"})
    expect_status(r, 200, "ending game %d with %s" % (gid, result))
    expect_eq(r.json["result"], result, "result of game %d" % gid)


def finish_between(games, a, b, result):
    """result is a's ("1-0": a won), whatever the colours."""
    g = game_between(games, a, b)
    flip = {"1-0": "0-1", "0-1": "1-0"}
    finish(g, result if g["white"]["id"] == a else flip.get(result, result))


def standing_of(t, uid):
    for s in t["standings"]:
        if s["player"]["id"] == uid:
            return s
    raise AssertionError("user %d is not in the standings" % uid)


# ------------------------------------------------------------ creating

@test
def round_robin_creates_every_game():
    w = W()
    ids = new_players(["rr_%d" % i for i in range(1, 6)])
    before = counts()
    t = create(w.tl, {"name": "Klubturnering 2027 \u00e6\u00f8\u00e5", "kind": "round_robin",
                      "profile": "server", "start_date": START, "players": ids})
    expect_eq((t["name"], t["kind"], t["profile"], t["start_date"]),
              ("Klubturnering 2027 \u00e6\u00f8\u00e5", "round_robin", "server", START), "fields")
    expect_eq(len(t["games"]), 10, "5 players: 5*4/2 games")
    expect_eq(counts(), (before[0] + 1, before[1] + 5, before[2] + 10), "rows stored")
    expect_eq(rows("SELECT count(*) FROM games WHERE tournament_id = ?", (t["id"],))[0][0], 10,
              "games tied to the tournament")
    games = games_of(t)
    whites, met = colours(games)
    pairs = sorted(tuple(sorted(p)) for p in met)
    expect_eq(pairs, sorted(itertools.combinations(sorted(ids), 2)), "every pair once")
    expect_eq(sorted(whites.values()), [2] * 5, "odd n: (n-1)/2 Whites each")
    for g in games:
        expect_eq((g["profile"], g["start_date"], g["event"], g["status"], g["moves"]),
                  ("server", START, t["name"], "active", []), "game %d" % g["id"])
        # The start letter's rule, seats 1..n in the order given: for i < j,
        # i has White iff i + j is odd.
        i, j = ids.index(g["white"]["id"]) + 1, ids.index(g["black"]["id"]) + 1
        expect_eq((i + j) % 2 == 1, i < j, "colours of seats %d-%d" % (i, j))
    # Every game can be played: White moves in each.
    for g in games:
        play(client_of(g["white"]["id"]), g["id"], "e4")
    t2 = get(w.carol, t["id"])
    expect_eq([s["rank"] for s in t2["standings"]], [1] * 5, "no result yet: all share 1st")
    expect_eq([s["player"]["name"] for s in t2["standings"]], ["rr_%d" % i for i in range(1, 6)],
              "a shared place is listed by seat")
    expect_eq({s["place"] for s in t2["standings"]}, {"1-5"}, "all share 1st-5th")
    for s in t2["standings"]:
        expect_eq((s["score"], s["sonneborn_berger"], s["played"]), (0, 0, 0), "empty standing")
    expect_eq(t2["games"], t["games"], "GET shows the same games")
    expect_eq({k: v for k, v in t2.items() if k != "standings"},
              {k: v for k, v in t.items() if k != "standings"}, "GET shows what POST answered")


@test
def double_round_robin_swaps_colours():
    w = W()
    ids = new_players(["drr_%d" % i for i in range(1, 5)])
    t = create(w.admin, {"name": "DM 2027", "kind": "double_round_robin", "profile": "dsu-post",
                         "start_date": "2027-09-15", "players": ids})
    expect_eq(len(t["games"]), 12, "4 players twice: 12 games")
    games = games_of(t)
    whites, met = colours(games)
    expect_eq(sorted(met), sorted(itertools.permutations(ids, 2)),
              "every pair twice, once with each colour")
    expect_eq(sorted(whites.values()), [3] * 4, "n-1 Whites each")
    expect(all(g["profile"] == "dsu-post" and g["start_date"] == "2027-09-15" for g in games),
           "profile and start date")


@test
def emt_group_of_seven():
    w = W()
    ids = new_players(["emt_%d" % i for i in range(1, 9)])
    t = create(w.tl, {"name": "EMT K 2027/3", "kind": "emt_group", "profile": "dsu-email",
                      "start_date": START, "players": ids[:7]})
    expect_eq(len(t["games"]), 21, "7 players: 21 games")
    games = games_of(t)
    whites, met = colours(games)
    expect_eq(sorted(whites.values()), [3] * 7, "DSU 6.5: 3 Whites and 3 Blacks each")
    expect_eq(sorted(tuple(sorted(p)) for p in met),
              sorted(itertools.combinations(sorted(ids[:7]), 2)), "each meets the 6 others")
    before = counts()
    for n in (6, 8, 2):
        r = w.tl.post("tournaments", {"name": "EMT", "kind": "emt_group", "profile": "dsu-email",
                                      "start_date": START, "players": ids[:n]})
        expect_error(r, 422, "invalid_player_count", "EMT group of %d" % n)
        expect_message_mentions(r, "7")
    expect_eq(counts(), before, "nothing stored")
    # Issue 21 (DSU 6.3.1, 6.8.6): an EMT group of a class and the DM are
    # postal tournaments, never the 40 days of the e-mail tournaments
    for body in ({"kind": "emt_group", "class": "K", "players": ids[:7]},
                 {"kind": "dm", "players": ids[:4]}):
        body.update({"name": "EMT by e-mail", "profile": "dsu-email", "start_date": START})
        r = w.tl.post("tournaments", body)
        expect_error(r, 422, "invalid_field", "%s under dsu-email" % body["kind"])
        expect_message_mentions(r, "6.3.1", "6.8.6")
    expect_eq(counts(), before, "nothing stored")
    t = create(w.tl, {"name": "EMT K postal", "kind": "emt_group", "class": "K",
                      "profile": "dsu-post", "start_date": START, "players": ids[1:8]})
    expect_eq((t["class"], t["profile"]), ("K", "dsu-post"), "a postal K group")


@test
def cup_of_seven_is_one_preliminary_group():
    """A cup of 7 players (issue 11; more in test_tourney_dsu.py): one
    preliminary group of all seven, a round robin with the cup as its
    parent."""
    w = W()
    ids = new_players(["cup_%d" % i for i in range(1, 8)])
    r = w.tl.post("tournaments", {"name": "Pokal 2027", "kind": "cup", "profile": "server",
                                  "start_date": START, "players": ids})
    expect_status(r, 201, "cup")
    expect_eq([(s["stage"], len(s["groups"])) for s in r.json["stages"]], [("prelim", 1)],
              "one group")
    g = get(w.tl, r.json["stages"][0]["groups"][0])
    expect_eq((g["kind"], len(g["games"]), g["cup"]["id"]), ("round_robin", 21, r.json["id"]),
              "the group")


# ------------------------------------------------------------ standings

@test
def vector_r1_through_the_api():
    """DSU 6.5 Vector R1, every result made through the game endpoints."""
    w = W()
    case = load_vectors("tiebreak.json")["cases"][0]
    expect_eq(case["id"], "R1", "vector")
    names = sorted(case["score"])
    ids = dict(zip(names, new_players(["r1_" + n for n in names])))
    t = create(w.tl, {"name": "Vector R1", "kind": "round_robin", "profile": "server",
                      "start_date": START, "players": [ids[n] for n in names]})
    games = games_of(t)
    for k, (a, b, res) in enumerate(case["games"]):
        finish_between(games, ids[a], ids[b], res)
        if k == 2:
            # Half way: unfinished games count for nothing.
            mid = get(w.carol, t["id"])
            expect_eq(standing_of(mid, ids["A"])["played"], 3, "A has played 3")
            expect_eq(standing_of(mid, ids["B"])["played"], 1, "B has played 1")
            expect_eq(standing_of(mid, ids["A"])["score"], 2.5, "A's 2½ so far")
    t = get(w.alice, t["id"])
    expect_eq([s["player"]["name"] for s in t["standings"]],
              ["r1_" + n for n in case["ranking"]], "ranking")
    expect_eq([s["rank"] for s in t["standings"]], [1, 2, 3, 4], "ranks")
    for n in names:
        s = standing_of(t, ids[n])
        expect_number(s["score"], case["score"][n], "score of " + n)
        expect_number(s["sonneborn_berger"], case["sonneborn_berger"][n], "SB of " + n)
        expect_eq(s["played"], 3, "played by " + n)
    expect_user(t["standings"][0]["player"], ids["A"], "r1_A", "player")
    expect(all(g["status"] == "finished" for g in games_of(t)), "all finished")


@test
def head_to_head_breaks_equal_sonneborn_berger():
    """DSU 6.5.4.1 (b): equal score and SB, the game between them decides.
    P0 beats P1 and P2, draws P3; P1 draws P2, beats P3; P3 beats P2:
    P1 and P3 have 1½ points and SB 1¾; P1 beat P3.  P3's name sorts
    first, so the order is not the names'."""
    w = W()
    p = new_players(["h2h_first", "h2h_zed", "h2h_last", "h2h_alpha"])
    t = create(w.tl, {"name": "Head to head", "kind": "round_robin", "profile": "server",
                      "start_date": START, "players": p})
    games = games_of(t)
    for a, b, res in ((0, 1, "1-0"), (0, 2, "1-0"), (0, 3, "1/2-1/2"), (1, 2, "1/2-1/2"),
                      (1, 3, "1-0"), (3, 2, "1-0")):
        finish_between(games, p[a], p[b], res)
    t = get(w.bob, t["id"])
    got = [(s["player"]["name"], s["rank"], s["score"], s["sonneborn_berger"])
           for s in t["standings"]]
    expect_eq(got, [("h2h_first", 1, 2.5, 2.75), ("h2h_zed", 2, 1.5, 1.75),
                    ("h2h_alpha", 3, 1.5, 1.75), ("h2h_last", 4, 0.5, 0.75)], "standings")


@test
def zero_zero_and_shared_rank():
    """0-0 (a TL decision) is lost for both.  X-Y 0-0, X beats Z, Y and Z
    draw: X 1 point, Y and Z ½ with SB ¼ each and a drawn game between
    them: they share 2nd-3rd place (SB and the mutual game do not
    separate them), listed by seat (Y first although Z's name sorts
    first; docs/TOURNAMENTS.md I-36)."""
    w = W()
    x, y, z = new_players(["zz_x", "zz_yy", "zz_b"])
    t = create(w.tl, {"name": "Null-null", "kind": "round_robin", "profile": "server",
                      "start_date": START, "players": [x, y, z]})
    games = games_of(t)
    finish_between(games, x, y, "0-0")
    finish_between(games, x, z, "1-0")
    finish_between(games, y, z, "1/2-1/2")
    t = get(w.tl, t["id"])
    got = [(s["player"]["name"], s["rank"], s["score"], s["sonneborn_berger"], s["played"])
           for s in t["standings"]]
    expect_eq(got, [("zz_x", 1, 1, 0.5, 2), ("zz_yy", 2, 0.5, 0.25, 2),
                    ("zz_b", 2, 0.5, 0.25, 2)], "standings")
    expect_eq([s["place"] for s in t["standings"]], ["1", "2-3", "2-3"], "places")


@test
def team_tournament_standings_and_ranking():
    """Three teams of four (DSU 6.5): each player meets the same board of
    the other teams.  Results: Bravo-Alpha 2½-1½, Bravo-Charlie 2-2,
    Alpha-Charlie 3-1: Bravo and Alpha have 4½, Charlie 3; Bravo won the
    match against Alpha, so Bravo is first although Alpha sorts first."""
    w = W()
    names = ("Bravo", "Alpha", "Charlie")
    teams = [{"name": n, "players": new_players(["team_%s_%d" % (n.lower(), b)
                                                 for b in range(1, 5)])} for n in names]
    t = create(w.tl, {"name": "Holdturnering 2027", "kind": "team", "profile": "dsu-email",
                      "start_date": START, "teams": teams})
    expect_eq(len(t["games"]), 12, "3 matches of 4 boards")
    games = games_of(t)
    board = {}
    for tm in teams:
        for b, uid in enumerate(tm["players"]):
            board[uid] = (tm["name"], b + 1)
    match_whites = {}
    for g in games:
        wt, bt = board[g["white"]["id"]], board[g["black"]["id"]]
        expect_eq(wt[1], bt[1], "same board")
        expect(wt[0] != bt[0], "other team")
        match_whites[(wt[0], bt[0])] = match_whites.get((wt[0], bt[0]), 0) + 1
    for a, b in itertools.combinations(names, 2):
        expect_eq((match_whites.get((a, b)), match_whites.get((b, a))), (2, 2),
                  "both teams have White on 2 boards of %s-%s" % (a, b))
    for tm in teams:
        for uid in tm["players"]:
            expect_eq(sum(uid in (g["white"]["id"], g["black"]["id"]) for g in games), 2,
                      "two games each")
    t = get(w.carol, t["id"])
    expect_eq([(x["name"], x["rank"], x["score"], x["played"]) for x in t["teams"]],
              [("Bravo", 1, 0, 0), ("Alpha", 1, 0, 0), ("Charlie", 1, 0, 0)],
              "no results: shared, by team number, for the TL's lots (DSU 6.7.4.5)")
    expect_eq([(x["place"], x["lots"]) for x in t["teams"]], [("1-3", True)] * 3, "lots")
    results = {("Bravo", "Alpha"): ("1-0", "1/2-1/2", "1-0", "0-1"),
               ("Bravo", "Charlie"): ("1-0", "0-1", "1-0", "0-1"),
               ("Alpha", "Charlie"): ("1-0", "1-0", "1-0", "0-1")}
    by_name = {tm["name"]: tm["players"] for tm in teams}
    for (a, b), res in results.items():
        for k in range(4):
            finish_between(games, by_name[a][k], by_name[b][k], res[k])
    t = get(w.carol, t["id"])
    expect_eq([(x["name"], x["rank"], x["score"], x["played"]) for x in t["teams"]],
              [("Bravo", 1, 4.5, 8), ("Alpha", 2, 4.5, 8), ("Charlie", 3, 3, 8)], "teams")
    # DSU 6.7.4.5 / docs/TOURNAMENTS.md I-22: 4/3/2/1 for a win only: Bravo
    # wins boards 1 and 3 of both matches (4+2+4+2), Alpha board 4 against
    # Bravo and boards 1-3 against Charlie (1+4+3+2), Charlie boards 2 and
    # 4 against Bravo and 4 against Alpha (3+1+1); the draw counts nothing.
    expect_eq([x.get("board_points") for x in t["teams"]], [12, 10, 5], "board points")
    expect_eq([(x["place"], x["lots"]) for x in t["teams"]],
              [("1", False), ("2", False), ("3", False)], "places")
    expect_eq(t["teams"][0].get("players"), by_name["Bravo"], "players by board")
    expect_eq(len(t["standings"]), 12, "every player in the standings")
    # Boards 1 and 3 of Bravo and board 4 of Charlie won both their games,
    # each against a player with 1 point and one with 0 (SB 1), and they
    # never met (other boards): they share 1st-3rd place, listed by seat.
    expect_eq([(s["player"]["name"], s["rank"], s["score"], s["sonneborn_berger"])
               for s in t["standings"][:4]],
              [("team_bravo_1", 1, 2, 1), ("team_bravo_3", 1, 2, 1), ("team_charlie_4", 1, 2, 1),
               ("team_alpha_2", 4, 1.5, 1.25)], "the top of the players' standings")
    expect_eq(sum(s["score"] for s in t["standings"]), 12, "12 points in 12 games")


@test
def list_newest_first():
    w = W()
    r = w.alice.get("tournaments")
    expect_status(r, 200, "list")
    items = r.json["tournaments"]
    ids = [x["id"] for x in items]
    expect(len(ids) >= 5, "the tournaments made so far: %r" % ids)
    expect_eq(ids, sorted(ids, reverse=True), "newest first")
    expect_eq(set(items[0]), {"id", "name", "kind", "profile", "start_date"}, "item keys")
    expect_eq(len(ids), rows("SELECT count(*) FROM tournaments")[0][0], "all listed")


# ------------------------------------------------------------ refusals

@test
def who_may_do_what():
    w = W()
    ids = new_players(["perm_1", "perm_2"])
    body = {"name": "Perm", "kind": "round_robin", "profile": "server", "start_date": START,
            "players": ids}
    before = counts()
    expect_error(w.alice.post("tournaments", body), 403, "forbidden", "a player creates")
    expect_error(w.server.client().post("tournaments", body), 401, "unauthorized", "no token")
    expect_error(w.server.client("0" * 64).post("tournaments", body), 401, "unauthorized",
                 "bad token")
    expect_eq(counts(), before, "nothing stored")
    t = create(w.tl, body)
    expect_error(w.server.client().get("tournaments/%d" % t["id"]), 401, "unauthorized",
                 "GET without a token")
    expect_error(w.server.client().get("tournaments"), 401, "unauthorized", "list without")
    get(client_of(ids[0]), t["id"])  # a player of it
    get(w.carol, t["id"])            # any signed-in user
    for bad in ("999999", "0", "-1", "abc"):
        expect_error(w.carol.get("tournaments/" + bad), 404, "not_found", "tournament " + bad)
    r = w.tl.request("DELETE", "tournaments/%d" % t["id"])
    expect_status(r, 405, "DELETE")


@test
def bad_requests_store_nothing():
    w = W()
    p = new_players(["bad_%d" % i for i in range(1, 10)])
    a, b, c = p[0], p[1], p[2]
    ok = {"name": "Bad", "kind": "round_robin", "profile": "server", "start_date": START,
          "players": [a, b, c]}

    def but(**kw):
        body = dict(ok)
        for k, v in kw.items():
            if v is None:
                body.pop(k, None)
            else:
                body[k] = v
        return body

    team = lambda name, ids: {"name": name, "players": ids}  # noqa: E731
    teams_ok = [team("T1", p[0:4]), team("T2", p[4:8])]
    tb = lambda teams: but(kind="team", players=None, teams=teams)  # noqa: E731
    cases = [
        (but(name=None), "missing_field"),
        (but(kind=None), "missing_field"),
        (but(profile=None), "missing_field"),
        (but(start_date=None), "missing_field"),
        (but(players=None), "missing_field"),
        (dict(ok, rounds=3), "unknown_field"),
        (but(name=7), "invalid_field"),
        (but(name=""), "bad_name"),
        (but(name="   "), "bad_name"),
        (but(name="x" * 101), "invalid_field"),
        (but(name="two\nlines"), "bad_name"),
        (but(name="\u202eevil"), "bad_name"),  # issue 20: a bidi override
        (but(kind="swiss"), "invalid_field"),
        (but(kind=["round_robin"]), "invalid_field"),
        (but(profile="blitz"), "invalid_field"),
        (but(profile=1), "invalid_field"),
        (but(start_date="2027-02-30"), "invalid_date"),
        (but(start_date="2027-13-01"), "invalid_date"),
        (but(start_date="27-09-01"), "invalid_date"),
        (but(start_date="2027-9-1"), "invalid_date"),
        (but(start_date=""), "invalid_date"),
        (but(start_date="1899-12-31"), "invalid_date"),
        (but(start_date="3000-01-01"), "invalid_date"),
        (but(start_date=20270901), "invalid_field"),
        (but(players="1,2"), "invalid_field"),
        (but(players={"a": a}), "invalid_field"),
        (but(players=[str(a), str(b)]), "invalid_field"),
        (but(players=[a, 2.5]), "invalid_field"),
        (but(players=[a, None]), "invalid_field"),
        (but(players=[a, True]), "invalid_field"),
        (but(players=[]), "invalid_player_count"),
        (but(players=[a]), "invalid_player_count"),
        (but(players=list(range(1, 102))), "invalid_player_count"),
        (but(players=[a, b, a]), "duplicate_player"),
        (but(players=[a, b, 999999]), "unknown_user"),
        (but(players=[a, b, 0]), "unknown_user"),
        (but(players=[a, b, -3]), "unknown_user"),
        (but(players=[a, b, 2 ** 62]), "unknown_user"),
        (but(teams=teams_ok), "invalid_field"),
        (but(kind="team"), "invalid_field"),
        (tb(None), "missing_field"),
        (tb("T1"), "invalid_field"),
        (tb([team("T1", p[0:4])]), "invalid_player_count"),
        (tb([]), "invalid_player_count"),
        (tb([team("T%d" % i, p[0:4]) for i in range(26)]), "invalid_player_count"),
        (tb([team("T1", p[0:3]), team("T2", p[4:8])]), "invalid_player_count"),
        (tb([team("T1", p[0:4]), team("T2", p[4:9])]), "invalid_player_count"),
        (tb([team("T1", p[0:4]), team("T1", p[4:8])]), "duplicate_team"),
        (tb([team("T1", p[0:4]), team("T2", p[3:7])]), "duplicate_player"),
        (tb([team("T1", p[0:4]), team("T2", p[4:7] + [999999])]), "unknown_user"),
        (tb([team("T1", p[0:4]), {"players": p[4:8]}]), "missing_field"),
        (tb([team("T1", p[0:4]), {"name": "T2"}]), "missing_field"),
        (tb([team("T1", p[0:4]), dict(team("T2", p[4:8]), board=1)]), "unknown_field"),
        (tb([team("T1", p[0:4]), "T2"]), "invalid_field"),
        (tb([team("T1", p[0:4]), team(5, p[4:8])]), "invalid_field"),
        (tb([team("T1", p[0:4]), team("", p[4:8])]), "bad_name"),
        (tb([team("T1", p[0:4]), team("T2", "1,2,3,4")]), "invalid_field"),
        (but(kind="emt_group"), "invalid_player_count"),
        (but(kind="cup"), "invalid_player_count"),
    ]
    before = counts()
    for body, code in cases:
        r = w.tl.post("tournaments", body)
        expect_error(r, 422, code, "POST %r" % (body,))
    for raw in (b"", b"not json", b"[1, 2]", b'{"name": "x", "name": "y"}', b'{"a": 1'):
        r = w.tl.post("tournaments", raw=raw)
        expect_error(r, 400, "bad_json", "body %r" % raw)
    big = dict(ok, name="x" * 70000)
    expect_4xx(w.tl.post("tournaments", big), "a body over 64 KiB")
    expect_eq(counts(), before, "nothing stored by any refused request")
    # The checks cover the whole body before anything is written: a valid
    # team tournament after all that is stored whole.
    t = create(w.tl, tb(teams_ok))
    expect_eq(len(t["games"]), 4, "2 teams of 4: 4 games")
    expect_eq(counts(), (before[0] + 1, before[1] + 8, before[2] + 4), "stored once")


@test
def a_failing_game_stores_nothing():
    """All games in one transaction: make the database refuse the fourth
    game of a tournament (a trigger, standing in for a full disk) and
    check that the tournament, its players and its first games are gone."""
    srv = Server(today=TODAY).start()
    try:
        tl_id, _ = srv.add_user("tl", "tl")
        ids = [srv.add_user("atom_%d" % i)[0] for i in range(4)]
        tl = srv.login("tl")
        srv.db_exec("CREATE TRIGGER refuse_fourth BEFORE INSERT ON games"
                    " WHEN (SELECT count(*) FROM games) >= 3"
                    " BEGIN SELECT RAISE(ABORT, 'the disk is full'); END")
        r = tl.post("tournaments", {"name": "Atomic", "kind": "round_robin",
                                    "profile": "server", "start_date": START, "players": ids})
        expect_error(r, 503, "busy", "the fourth game fails")
        expect_eq([srv.db_rows("SELECT count(*) FROM " + table)[0][0]
                   for table in ("tournaments", "tournament_players", "games")], [0, 0, 0],
                  "nothing stored")
        srv.db_exec("DROP TRIGGER refuse_fourth")
        r = tl.post("tournaments", {"name": "Atomic", "kind": "round_robin",
                                    "profile": "server", "start_date": START, "players": ids})
        expect_status(r, 201, "without the trigger")
        expect_eq(len(r.json["games"]), 6, "all 6 games")
        expect(srv.alive(), "the daemon still serves")
    finally:
        srv.close()


if __name__ == "__main__":
    run_tests()
