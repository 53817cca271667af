#!/usr/bin/env python3
"""DSU tournaments through the real corrchessd (issue 11; docs/TOURNAMENTS.md,
docs/TOURNAMENTS.md): the shared vectors played out through the API with
the tournament leader's results, and the places, team places and entry
rights read back; withdrawals on each side of "half" (DSU 6.2.8); each
tournament's own TL (6.1.3), a second TL refused; the DM's double round
robin; and bad input refused with nothing stored."""
import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from tourney_world import TourneyWorld, create  # noqa: E402

TODAY = "2026-05-14"  # V01's finish date: the group ends today
START = "2026-05-01"
VECTORS = {c["id"]: c for c in load_vectors("tournaments.json")["cases"]}
FLIP = {"1-0": "0-1", "0-1": "1-0"}


_tw = TourneyWorld("default", TODAY)
W, new_players, get_t, games_of = _tw.world, _tw.new_players, _tw.get_t, _tw.games_of


def tl_client(name):
    """A second tournament leader, signed in: (client, id)."""
    w = W()
    uid, _ = w.server.add_user(name, "tl")
    return w.server.login(name), uid


def vector_tournament(vid, name, kind="emt_group", **more):
    """The players of vector vid, new, and their tournament `name` (an EMT
    group of class K unless kind says otherwise), created by the TL.
    Returns (vector, ids, tournament)."""
    v = VECTORS[vid]
    ids = new_players(v["input"]["players"])
    body = {"name": name, "kind": kind, "profile": "server", "start_date": START,
            "players": [ids[n] for n in v["input"]["players"]]}
    if kind == "emt_group":
        body["class"] = "K"
    body.update(more)
    return v, ids, create(W().tl, body)


def find_game(games, white, black, exact=False):
    """The game between two user ids; with exact, the one where white has
    White.  Returns (game, flipped)."""
    for g in games:
        w, b = g["white"]["id"], g["black"]["id"]
        if (w, b) == (white, black):
            return g, False
        if not exact and (w, b) == (black, white):
            return g, True
    raise AssertionError("no game %d-%d" % (white, black))


def tl_result(client, gid, result, status=200):
    r = client.post("games/%d/result" % gid, {"result": result, "reason": "TL result"})
    expect_status(r, status, "result of game %d" % gid)
    return r


def play_vector_games(client, games, ids, vector_games, exact=False):
    """Enters every finished result of a vector through the TL."""
    for wn, bn, res in vector_games:
        if res == "*":
            continue
        g, flipped = find_game(games, ids[wn], ids[bn], exact)
        tl_result(client, g["id"], FLIP.get(res, res) if flipped else res)


def names_back(ids):
    return {v: k for k, v in ids.items()}


def table(t, ids):
    back = names_back(ids)
    return [(back[s["player"]["id"]], s["score"], s["sonneborn_berger"], s["place"])
            for s in t["standings"]]


def counts():
    rows = W().server.db_rows
    return (rows("SELECT count(*) FROM tournaments")[0][0],
            rows("SELECT count(*) FROM games")[0][0],
            rows("SELECT count(*) FROM withdrawals")[0][0],
            rows("SELECT group_concat(result, '') FROM games")[0][0])


# ------------------------------------------------------------ EMT group

@test
def emt_group_v01_places_and_rights():
    """V01 played out through the API: the tie for 1st broken by SB, the
    tie for 4th-5th shared although the SBs differ; the entry rights read
    back once the last game ended (today), A and B both first on points."""
    w = W()
    v, ids, t = vector_tournament("V01", "EMT K 2026/1")
    seats = [ids[n] for n in v["input"]["players"]]
    expect_eq(t["class"], "K", "class")
    expect_eq(t["tl"]["id"], w.ids["tl"], "the creator leads it")
    games = games_of(t)
    # R28: the server's colours are the vector's (seat numbers by lot)
    for wn, bn, _ in v["input"]["games"]:
        find_game(games, ids[wn], ids[bn], exact=True)
    play_vector_games(w.tl, games, ids, v["input"]["games"][:-1], exact=True)
    t = get_t(t["id"])
    expect(all(s["rights"] == [] for s in t["standings"]), "no rights before the group ends")
    play_vector_games(w.tl, games, ids, v["input"]["games"][-1:], exact=True)
    t = get_t(t["id"])
    want = [(e["id"], e["score"], e["sb"], e["place"]) for e in v["expected"]["standings"]]
    expect_eq(table(t, ids), want, "V01 standings")
    back = names_back(ids)
    for s in t["standings"]:
        got = [{"class": r["class"], "until": r["until"]} for r in s["rights"]]
        expect_eq(got, v["expected"]["entry_rights"][back[s["player"]["id"]]],
                  "rights of %s" % back[s["player"]["id"]])
    expect_eq([s["rank"] for s in t["standings"]], [1, 2, 3, 4, 4, 6, 7], "ranks")


@test
def dm_double_round_robin_v05():
    """Kind dm with 6 players (DSU 6.5.2.1): a double round robin, the
    second cycle with the colours swapped; V05's results: A and E tie for
    1st with equal SB and 1-1 in their games, so 1st-2nd stays shared
    until the play-off; B's 4.5 of 10 (45%) keeps the DM, C and F go to M."""
    w = W()
    v, ids, t = vector_tournament("V05", "DM 2026", "dm")
    expect_eq((t["kind"], t["class"], len(t["games"])), ("dm", "DM", 30), "a double DM")
    games = games_of(t)
    play_vector_games(w.tl, games, ids, v["input"]["games"], exact=True)
    t = get_t(t["id"])
    expect_eq(table(t, ids),
              [("A", 7, 29.5, "1-2"), ("E", 7, 29.5, "1-2"), ("D", 5.5, 26.25, "3"),
               ("B", 4.5, 20.25, "4"), ("F", 3.5, 15.75, "5"), ("C", 2.5, 11.75, "6")],
              "DM standings")
    until = add_days(TODAY, 0).replace("2026", "2029")
    back = names_back(ids)
    for s in t["standings"]:
        want = [{"class": r["class"], "until": until}
                for r in v["expected"]["entry_rights"][back[s["player"]["id"]]]]
        expect_eq([{"class": r["class"], "until": r["until"]} for r in s["rights"]], want,
                  "DM rights of %s" % back[s["player"]["id"]])
    listed = [x for x in w.carol.get("tournaments").json["tournaments"] if x["id"] == t["id"]]
    expect_eq(listed[0]["kind"], "dm", "the list shows kind dm")


# ------------------------------------------------------------ teams

@test
def team_division_v10_tie_decided_by_wins():
    """V10 through the API: 7 teams of 4, 84 games; D and E tie on 13 and
    stay tied through every step (lots); A, B and C tie on 12.5 and the
    4/3/2/1 count of wins over all games (8, 7, 5) decides."""
    w = W()
    v = VECTORS["V10"]
    teams = []
    members = {}
    for name in v["input"]["teams"]:
        ids = new_players(["%s_b%d" % (name, b) for b in range(1, 5)])
        members[name] = [ids["%s_b%d" % (name, b)] for b in range(1, 5)]
        teams.append({"name": "Hold " + name, "players": members[name]})
    t = create(w.tl, {"name": "Holdturnering 1. division", "kind": "team",
                      "profile": "dsu-email", "start_date": START, "teams": teams})
    expect_eq(len(t["games"]), 84, "21 matches of 4 boards")
    games = games_of(t)
    for board, wt, bt, res in v["input"]["games"]:
        g, flipped = find_game(games, members[wt][board - 1], members[bt][board - 1],
                               exact=True)
        tl_result(w.tl, g["id"], res)
    t = get_t(t["id"])
    got = [(x["name"][5:], x["score"], x["board_points"], x["place"], x["lots"])
           for x in t["teams"]]
    want = [(e["team"], e["points"], e["weighted_all"], e["place"],
             any(e["team"] in grp for grp in v["expected"]["lots"]))
            for e in v["expected"]["standings"]]
    expect_eq(got, want, "V10 team standings")


# ------------------------------------------------------------ withdrawal

def v06_group(reason_game=None):
    """V06's group with its finished results entered; reason_game
    replaces N5-N3's '*' (for the other side of half).  Returns (t, ids,
    games)."""
    w = W()
    v, ids, t = vector_tournament("V06", "EMT K withdrawal")
    games = games_of(t)
    vg = [list(x) for x in v["input"]["games"]]
    if reason_game:
        for x in vg:
            if x[:2] == reason_game[:2]:
                x[2] = reason_game[2]
    play_vector_games(w.tl, games, ids, vg, exact=True)
    return t, ids, games


@test
def withdrawal_at_most_half_v06():
    """V06: N3 falls silent with 3 of his 6 games finished (= half): all 6
    are scored as lost, the won and the drawn one too; no prize right."""
    w = W()
    v = VECTORS["V06"]
    t, ids, games = v06_group()
    r = w.tl.post("tournaments/%d/withdrawals" % t["id"],
                  {"player": ids["N3"], "reason": "silent"})
    expect_status(r, 201, "withdrawal")
    wd = r.json["withdrawals"]
    expect_eq([(x["player"]["id"], x["reason"], x["on"], x["all_lost"], x["prize_right"],
                x["to_adjudicate"]) for x in wd],
              [(ids["N3"], "silent", TODAY, True, False, [])], "withdrawals")
    for e in v["expected"]["games"]:
        g, _ = find_game(games, ids[e["white"]], ids[e["black"]], exact=True)
        now = w.carol.get("games/%d" % g["id"]).json
        expect_eq((now["result"], now["status"]), (e["scored"], "finished"),
                  "%s-%s scored" % (e["white"], e["black"]))
    want = [(e["id"], e["score"], e["sb"], e["place"]) for e in v["expected"]["standings"]]
    expect_eq(table(get_t(t["id"]), ids), want, "V06 standings after the withdrawal")
    before = counts()
    r = w.tl.post("tournaments/%d/withdrawals" % t["id"], {"player": ids["N3"], "reason": "valid"})
    expect_error(r, 409, "already_withdrawn", "twice")
    expect_eq(counts(), before, "nothing changed")


@test
def withdrawal_more_than_half_t08():
    """The other side of half: with N5-N3 finished (0-1) N3 has 4 of 6
    finished: the finished games stand, the 2 unfinished ones are listed
    for the TL's adjudication; with a valid reason he keeps his prize
    right."""
    w = W()
    t, ids, games = v06_group(["N5", "N3", "0-1"])
    results_before = {g["id"]: w.carol.get("games/%d" % g["id"]).json["result"] for g in games}
    r = w.tl.post("tournaments/%d/withdrawals" % t["id"],
                  {"player": ids["N3"], "reason": "valid", "on": "2026-05-10"})
    expect_status(r, 201, "withdrawal")
    open_games = sorted(find_game(games, ids[a], ids[b], exact=True)[0]["id"]
                        for a, b in (("N3", "N6"), ("N7", "N3")))
    wd = r.json["withdrawals"][0]
    expect_eq((wd["on"], wd["all_lost"], wd["prize_right"], sorted(wd["to_adjudicate"])),
              ("2026-05-10", False, True, open_games), "withdrawal")
    for g in games:
        expect_eq(w.carol.get("games/%d" % g["id"]).json["result"], results_before[g["id"]],
                  "game %d unchanged" % g["id"])
    # the TL adjudicates one of them: it counts at once
    tl_result(w.tl, open_games[0], "1-0")
    t = get_t(t["id"])
    expect_eq(t["withdrawals"][0]["to_adjudicate"], [open_games[1]], "one left")


# ------------------------------------------------------------ the TL's own

@test
def second_tl_refused():
    """DSU 6.1.3: a TL acts only on the tournaments he leads, an admin on
    all; the creator may name another TL."""
    w = W()
    tl2, tl2_id = tl_client("tl_second")
    ids = new_players(["s1", "s2", "s3"])
    t = create(w.tl, {"name": "Led by tl", "kind": "round_robin", "profile": "server",
                      "start_date": START, "players": list(ids.values())})
    gid = t["games"][0]
    before = counts()
    expect_error(tl_result(tl2, gid, "1-0", 403), 403, "not_your_tournament", "tl2 result")
    r = tl2.post("tournaments/%d/withdrawals" % t["id"], {"player": ids["s1"], "reason": "valid"})
    expect_error(r, 403, "not_your_tournament", "tl2 withdrawal")
    expect_eq(counts(), before, "nothing changed")
    tl_result(w.admin, gid, "1-0")  # an admin acts on every tournament
    # created by tl, led by tl2: now tl is refused and tl2 may
    t2 = create(w.tl, {"name": "Led by tl2", "kind": "round_robin", "profile": "server",
                       "start_date": START, "players": list(ids.values()), "tl": tl2_id})
    expect_eq(t2["tl"]["id"], tl2_id, "tl field")
    expect_error(tl_result(w.tl, t2["games"][0], "0-1", 403), 403, "not_your_tournament",
                 "tl on tl2's")
    tl_result(tl2, t2["games"][0], "0-1")
    # a game outside any tournament is led by the TL who made it
    # (docs/AUTHORITY.md): another TL is refused, he and an admin act
    r = w.tl.post("games", {"white": ids["s1"], "black": ids["s2"], "profile": "server",
                            "start_date": START})
    expect_status(r, 201, "free game")
    expect_error(tl_result(tl2, r.json["id"], "1/2-1/2", 403), 403, "not_your_tournament",
                 "tl2 on tl's standalone game")
    tl_result(w.tl, r.json["id"], "1/2-1/2")


@test
def overview_shows_only_his_tournaments():
    """The TL overview of a TL lists only the games of the tournaments he
    leads (and games outside any); an admin's lists all."""
    w = W()
    tl3, tl3_id = tl_client("tl_third")
    ids = new_players(["o1", "o2"])
    # long silent since the start: every game of it shows in the overview
    t = create(w.tl, {"name": "Old and silent", "kind": "round_robin", "profile": "dsu-email",
                      "start_date": "2025-09-01", "players": list(ids.values())})
    gid = t["games"][0]

    def listed(client):
        j = client.get("tl/overview").json
        return any(item["game"] == gid for lst in j.values() if isinstance(lst, list)
                   for item in lst)

    expect(listed(w.tl), "its TL sees the game")
    expect(listed(w.admin), "an admin sees the game")
    expect(not listed(tl3), "another TL does not")
    # R14 (DSU 6.2.7): a game of a group started more than 18 months ago is
    # callable for adjudication: listed for its own TL only
    old = create(w.tl, {"name": "Started long ago", "kind": "round_robin",
                        "profile": "dsu-post", "start_date": "2024-10-01",
                        "players": list(ids.values())})
    og = old["games"][0]

    def deadline(client):
        return [(d["game"], d["tournament"], d["what"], d["date"])
                for d in client.get("tl/overview").json["deadlines"] if d["game"] == og]

    expect_eq(deadline(w.tl), [(og, old["id"], "adjudication_callable", "2026-04-01")],
              "18 months after 2024-10-01")
    expect_eq(deadline(tl3), [], "not another TL's")
    # R12 (DSU 6.2.6): a postal result is reported within 8 days
    tl_result(w.tl, og, "1-0")
    expect_eq(deadline(w.tl), [(og, old["id"], "result_report", "2026-05-22")],
              "report by the 8th day")
    # the sweep's mail about it goes to its own TL only
    env = dict(w.server.env())
    r = subprocess.run([CORRCHESS, "--db", w.server.db, "--mail_from", "tl@dsu.example",
                        "sweep"], capture_output=True, text=True, env=env, timeout=120)
    expect(r.returncode in (0, 1), "sweep ran: %r" % (r,))
    to = {row[0] for row in w.server.db_rows(
        "SELECT m.to_addr FROM mail_outbox m JOIN sweep_events e ON e.id = m.event_id"
        " WHERE e.game_id = ? AND e.kind <> 'reminder'", (gid,))}
    expect("tl@example.org" in to, "its TL is told: %r" % to)
    expect("tl_third@example.org" not in to, "another TL is not: %r" % to)


# ------------------------------------------------------------ entries

@test
def rights_after_v01_and_entries_by_right():
    """After V01 A and B (tied for 1st) may enter M until 2028-05-14 and K
    until 2029-05-14; G (1½) only Å; A's entry into M is taken, into the
    DM refused with 422 no_right; a first-timer may enter only Å."""
    w = W()
    v, ids, t = vector_tournament("V01", "EMT K rights")
    play_vector_games(w.tl, games_of(t), ids, v["input"]["games"], exact=True)
    r = w.carol.get("users/%d/rights" % ids["A"])
    expect_status(r, 200, "rights")
    expect_eq([(x["class"], x["until"]) for x in r.json["rights"]],
              [("M", "2028-05-14"), ("K", "2029-05-14")], "A's rights")
    expect_eq(r.json["first_timer"], False, "not a first-timer")
    r = w.carol.get("users/%d/rights" % ids["G"])
    expect_eq([(x["class"], x["until"]) for x in r.json["rights"]], [("\u00c5", "2029-05-14")],
              "G's rights")
    a = w.server.login(_tw.login_of("A"))
    before = counts()
    expect_error(a.post("entries", {"class": "DM"}), 422, "no_right", "A into the DM")
    expect_eq(counts(), before, "nothing stored")
    r = a.post("entries", {"class": "M"})
    expect_status(r, 201, "A into M")
    expect_eq((r.json["player"], r.json["class"], r.json["tournament"]), (ids["A"], "M", None),
              "the entry waits")
    expect_error(a.post("entries", {"class": "M"}), 409, "already_entered", "twice")
    newbie = new_players(["fresh"])["fresh"]
    r = w.carol.get("users/%d/rights" % newbie)
    expect_eq((r.json["rights"][0]["class"], r.json["rights"][0]["until"], r.json["first_timer"]),
              ("\u00c5", None, True), "a first-timer's right")
    expect_error(w.tl.post("entries", {"class": "K", "player": newbie}), 422, "no_right",
                 "a first-timer into K")
    expect_error(w.alice.post("entries", {"class": "\u00c5", "player": newbie}), 403,
                 "forbidden", "a player entering another")
    for body, code in (({"class": "X"}, "invalid_field"), ({}, "missing_field"),
                       ({"class": "K", "fee": 1}, "unknown_field"),
                       ({"class": "K", "player": 999999}, "unknown_user")):
        expect_error(w.tl.post("entries", body), 422, code, "entry %r" % body)
    expect_error(w.carol.get("users/999999/rights"), 404, "not_found", "no user")


@test
def seven_entries_start_a_group():
    """DSU 6.5.1.1: the 7th entry of a class starts a group of those seven
    at once: an emt_group of that class with all 21 games (R28: 3 Whites
    each); the 8th waits for the next group.  Issue 21 item 11 (6.5.2.1,
    6.5.3.1): the start letter goes out before the start (the group starts
    14 days later) with the players' names and postal addresses, not their
    e-mail addresses, and the rules."""
    w = W()
    ids = new_players(["e%d" % i for i in range(1, 9)])
    players = [ids["e%d" % i] for i in range(1, 9)]
    aa = "\u00c5"
    # e1's and e2's postal addresses (an admin may set them; a TL may not)
    addr1, addr2 = "Skakvej 1, 8000 Aarhus C", "Brevgade 2, 5000 Odense C"
    r = w.admin.request("PATCH", "users/%d" % players[1], body={"postal_address": addr2})
    expect_status(r, 200, "an admin sets e2's postal address")
    expect_eq(r.json["postal_address"], addr2, "USER postal_address")
    expect_error(w.tl.request("PATCH", "users/%d" % players[0],
                              body={"postal_address": addr1}),
                 403, "forbidden", "a TL does not set another's address")
    w.server.db_exec("UPDATE users SET postal_address = ? WHERE id = ?", (addr1, players[0]))
    # (A's M entry of the test above waits in another class: it does not count)
    for uid in players[:6]:
        r = w.tl.post("entries", {"class": aa, "player": uid})
        expect_status(r, 201, "entry")
        expect_eq(r.json["tournament"], None, "waits")
    queued = w.server.db_rows("SELECT count(*) FROM mail_outbox")[0][0]
    r = w.tl.post("entries", {"class": aa, "player": players[6]})
    expect_status(r, 201, "7th entry")
    gid = r.json["tournament"]
    # DSU 6.5.2.1: the start letter goes to each of the seven with the group
    marks = ",".join("?" * 7)
    emails = sorted(e for (e,) in w.server.db_rows(
        "SELECT email FROM users WHERE id IN (%s)" % marks, tuple(players[:7])))
    letters = w.server.db_rows("SELECT to_addr, body FROM mail_outbox WHERE rowid > ?",
                               (queued,))
    expect_eq(sorted(a for a, _ in letters), emails, "one start letter to each of the seven")
    expect(isinstance(gid, int), "the 7th entry starts a group: %r" % r.json)
    t = get_t(gid)
    by_mail = t["profile"] in ("dsu-email", "dsu-post-email")
    rules = ("6.8.3", "6.8.8", "6.8.9") if t["profile"] == "dsu-email" else \
        ("6.3.4", "6.3.6", "6.2.6")
    for _, body in letters:
        expect(str(gid) in body or "gruppe" in body.lower() or "group" in body.lower(),
               "the letter names the group: %r" % body[:200])
        expect(addr1 in body and addr2 in body, "the postal addresses: %r" % body[:800])
        expect("postadresse oplyst" in body or "no postal address given" in body,
               "a player without one is marked")
        expect(all((e in body) == by_mail for e in emails),
               "e-mail addresses only where the moves go by e-mail (%s)" % t["profile"])
        expect(all(p in body for p in rules), "the rules go with the letter: %r" % body)
    # led by the class's TL, under its profile (a K-skak EMT is postal, DSU
    # 6.3.1: the class's default dsu-post), starting 14 days after its letter
    expect_eq((t["kind"], t["class"], t["tl"]["id"], len(t["games"]), t["start_date"],
               t["profile"]), ("emt_group", aa, w.ids["tl"], 21, add_days(TODAY, 14),
                               "dsu-post"), "the group")
    # the postal address is seen by the group and its TL, not by others
    expect_eq(w.tl.get("users/%d" % players[1]).json.get("postal_address"), addr2,
              "the group's TL sees it")
    expect("postal_address" not in w.carol.get("users/%d" % players[1]).json,
           "a player of no group with him does not")
    expect_eq(sorted(s["player"]["id"] for s in t["standings"]), sorted(players[:7]),
              "those seven")
    whites = {}
    for g in games_of(t):
        whites[g["white"]["id"]] = whites.get(g["white"]["id"], 0) + 1
    expect_eq(sorted(whites.values()), [3] * 7, "3 Whites each")
    r = w.tl.post("entries", {"class": aa, "player": players[7]})
    expect_status(r, 201, "8th entry")
    expect_eq(r.json["tournament"], None, "the 8th waits for the next group")
    expect_eq(w.server.db_rows("SELECT count(*) FROM entries WHERE tournament_id = ?",
                               (gid,))[0][0], 7, "seven entries in the group")


@test
def postal_address_of_a_player():
    """Issue 21 item 11: a player gives his postal address himself (PATCH
    users/me), one line of 1..300 bytes, null clears it; it is shown to
    him, and not to a player who plays in no tournament with him."""
    w = W()
    u = "users/me"
    for bad, what in (("Vej 1\n8000 Aarhus", "two lines"), ("", "empty"),
                      ("x" * 301, "too long"), (7, "a number")):
        expect_error(w.alice.request("PATCH", u, body={"postal_address": bad}), 422,
                     "invalid_field", what)
    r = w.alice.request("PATCH", u, body={"postal_address": "Skakvej 7, 2100 København Ø"})
    expect_status(r, 200, "his own address")
    expect_eq(r.json["postal_address"], "Skakvej 7, 2100 København Ø", "echoed")
    expect_eq(w.alice.get(u).json["postal_address"], "Skakvej 7, 2100 København Ø",
              "GET users/me")
    expect_eq(w.alice.get("users/%d" % w.ids["alice"]).json["postal_address"],
              "Skakvej 7, 2100 København Ø", "GET users/{his id}")
    w.server.add_user("stranger21")
    stranger = w.server.login("stranger21")
    expect("postal_address" not in stranger.get("users/%d" % w.ids["alice"]).json,
           "hidden from a player of no group with him")
    expect_eq(w.admin.get("users/%d" % w.ids["alice"]).json["postal_address"],
              "Skakvej 7, 2100 København Ø", "an admin sees it")
    r = w.alice.request("PATCH", u, body={"postal_address": None})
    expect_eq(r.json["postal_address"], None, "cleared")


# ------------------------------------------------------------ cup

def strongest_wins(client, t, strength):
    """Every game of t won by the stronger player (strength: id -> int)."""
    for g in games_of(t):
        w_, b_ = g["white"]["id"], g["black"]["id"]
        tl_result(client, g["id"], "1-0" if strength[w_] > strength[b_] else "0-1")


@test
def cup_stages():
    """DSU 6.6.1: 14 entries, one (K 2100) starts at the semifinal, one
    asking with K 1990 may not; 13 players in groups of 7 and 6 by
    strength in serpentine order (I-18); 3 of each go on; the semifinal
    (the 6 and the direct entry, one group of 7) and the final of 3."""
    w = W()
    tl4, _ = tl_client("tl_cup")
    names = ["c%02d" % i for i in range(14)]
    ids = new_players(names)
    uid = [ids[n] for n in names]
    strength = {uid[i]: 2100 if i == 0 else 2000 - 10 * i for i in range(14)}
    players = [{"id": uid[i], "k_rating": strength[uid[i]],
                "wants_semifinal": i in (0, 1)} for i in range(14)]
    cup = create(w.tl, {"name": "Pokal 2026", "kind": "cup", "profile": "server",
                        "start_date": START, "players": players, "advance": 3})
    expect_eq((cup["kind"], cup["advance"], cup["semifinal_direct"], cup["games"]),
              ("cup", 3, [uid[0]], []), "the cup")
    expect_eq([s_["stage"] for s_ in cup["stages"]], ["prelim"], "one stage")
    groups = [get_t(g) for g in cup["stages"][0]["groups"]]
    members = [sorted(s_["player"]["id"] for s_ in g["standings"]) for g in groups]
    # seeds 1..13 are c01..c13; serpentine: 1 4 5 8 9 12 13 | 2 3 6 7 10 11
    expect_eq(members, [sorted(uid[i] for i in (1, 4, 5, 8, 9, 12, 13)),
                        sorted(uid[i] for i in (2, 3, 6, 7, 10, 11))], "the groups")
    expect_eq([(g["cup"]["id"], g["cup"]["stage"], len(g["games"])) for g in groups],
              [(cup["id"], "prelim", 21), (cup["id"], "prelim", 15)], "cup groups")
    path = "tournaments/%d/next-stage" % cup["id"]
    expect_error(w.tl.post(path), 409, "stage_not_finished", "too early")
    expect_error(tl4.post(path), 403, "not_your_tournament", "another TL")
    expect_error(w.tl.post("tournaments/%d/next-stage" % groups[0]["id"]), 422, "not_a_cup",
                 "a group is no cup")
    for g in groups:
        strongest_wins(w.tl, g, strength)
    r = w.tl.post(path)
    expect_status(r, 201, "semifinal")
    semi = r.json["stages"][1]
    expect_eq((semi["stage"], len(semi["groups"])), ("semifinal", 1), "one semifinal group")
    sg = get_t(semi["groups"][0])
    expect_eq(sorted(s_["player"]["id"] for s_ in sg["standings"]), sorted(uid[:7]),
              "3 of each group and the direct entry")
    strongest_wins(w.tl, sg, strength)
    r = w.tl.post(path, {"stage": "final"})
    expect_status(r, 201, "final")
    fin = get_t(r.json["stages"][2]["groups"][0])
    expect_eq((fin["cup"]["stage"], sorted(s_["player"]["id"] for s_ in fin["standings"])),
              ("final", sorted(uid[:3])), "the final of 3")
    expect_error(w.tl.post(path), 409, "cup_finished", "after the final")
    before = counts()
    bad = dict(name="Pokal", kind="cup", profile="server", start_date=START)
    expect_error(w.tl.post("tournaments", dict(bad, players=uid[:9])), 422,
                 "invalid_player_count", "9 players do not split into 7s and 6s")
    expect_error(w.tl.post("tournaments", dict(bad, players=uid[:7], advance=4)), 422,
                 "invalid_field", "advance 4")
    expect_error(w.tl.post("tournaments", dict(bad, players=[{"id": uid[0], "k": 1}] + uid[1:7])),
                 422, "unknown_field", "an unknown entry field")
    expect_eq(counts(), before, "nothing stored")


# ------------------------------------------------------------ bad input

@test
def bad_input_changes_nothing():
    w = W()
    ids = new_players(["b1", "b2", "b3"])
    players = list(ids.values())
    base = {"name": "Bad", "profile": "server", "start_date": START, "players": players}
    before = counts()
    for body, status, code in (
            (dict(base, kind="round_robin", **{"class": "K"}), 422, "invalid_field"),
            (dict(base, kind="emt_group", **{"class": "X"}), 422, "invalid_field"),
            (dict(base, kind="dm", **{"class": "K"}), 422, "invalid_field"),
            (dict(base, kind="round_robin", tl=ids["b1"]), 422, "not_a_tl"),
            (dict(base, kind="round_robin", tl=999999), 422, "unknown_user"),
            (dict(base, kind="round_robin", tl="tl"), 422, "invalid_field")):
        expect_error(w.tl.post("tournaments", body), status, code, "create %r" % body)
    expect_eq(counts(), before, "no tournament stored")
    t = create(w.tl, dict(base, kind="round_robin"))
    before = counts()
    path = "tournaments/%d/withdrawals" % t["id"]
    for client, body, status, code in (
            (w.tl, {"player": ids["b1"], "reason": "bored"}, 422, "invalid_field"),
            (w.tl, {"player": w.ids["alice"], "reason": "valid"}, 422, "not_in_tournament"),
            (w.tl, {"reason": "valid"}, 422, "missing_field"),
            (w.tl, {"player": ids["b1"], "reason": "valid", "why": "x"}, 422, "unknown_field"),
            (w.tl, {"player": ids["b1"], "reason": "valid", "on": "2026-13-01"}, 422,
             "invalid_date"),
            (w.tl, {"player": ids["b1"], "reason": "valid", "on": "2027-01-01"}, 422,
             "invalid_date"),
            (w.alice, {"player": ids["b1"], "reason": "valid"}, 403, "forbidden")):
        expect_error(client.post(path, body), status, code, "withdrawal %r" % body)
    expect_error(w.tl.post("tournaments/999999/withdrawals", {"player": 1, "reason": "valid"}),
                 404, "not_found", "no tournament")
    expect_error(w.tl.post(path, raw=b"{"), 400, "bad_json", "bad json")
    expect_eq(counts(), before, "nothing changed")


if __name__ == "__main__":
    run_tests()
