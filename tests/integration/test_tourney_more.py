#!/usr/bin/env python3
"""DSU tournaments through the real corrchessd, the rest of issue 11
(docs/TOURNAMENTS.md): the cup seeded from the users' ratings with the
direct semifinal entry for K >= 2000, a semifinal topped up by the TL, the
cup's EMT rights on the semifinal and the final and in the player's
rights; the OTB table and granted (international) rights; the team
average rating (6.7.6.2); the DM play-off entered through the API and the
DM title; R25 (a further group only without relegation risk); and the
publication, objection, prize and appeal dates in the TL overview."""
import datetime
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from tourney_world import TourneyWorld, create  # noqa: E402

TODAY = "2026-05-14"
START = "2026-05-01"
AA = "\u00c5"


_tw = TourneyWorld("tourney_more", TODAY, "m")
W, new_players, get_t, games_of = _tw.world, _tw.new_players, _tw.get_t, _tw.games_of


def set_rating(uid, **body):
    r = W().admin.request("PATCH", "users/%d" % uid, body=body)
    expect_status(r, 200, "PATCH ratings of %d" % uid)


def made_by_tl(names, name, kind, profile="server"):
    """New players of names and the TL's tournament of them: (ids, t)."""
    ids = new_players(names)
    return ids, create(W().tl, {"name": name, "kind": kind, "profile": profile,
                                "start_date": START, "players": [ids[n] for n in names]})


def tl_result(gid, result, client=None):
    r = (client or W().tl).post("games/%d/result" % gid, {"result": result, "reason": "TL result"})
    expect_status(r, 200, "result of game %d" % gid)


def strongest_wins(t, strength):
    for g in games_of(t):
        w_, b_ = g["white"]["id"], g["black"]["id"]
        tl_result(g["id"], "1-0" if strength[w_] > strength[b_] else "0-1")


def rights(uid):
    r = W().carol.get("users/%d/rights" % uid)
    expect_status(r, 200, "rights")
    return r.json


def plus(days=0, years=0):
    d = datetime.date.fromisoformat(TODAY)
    return (d.replace(year=d.year + years) + datetime.timedelta(days=days)).isoformat()


def counts():
    rows = W().server.db_rows
    return tuple(rows("SELECT count(*) FROM %s" % t)[0][0]
                 for t in ("tournaments", "games", "playoffs", "playoff_games", "tl_decisions",
                           "granted_rights", "entries"))


# ------------------------------------------------------------ cup

@test
def cup_from_ratings_topped_up_semifinal_and_cup_rights():
    """The cup's strength comes from the users' ratings (no k_rating in the
    request): c00 (2100) asks and starts at the semifinal, c01 (1990)
    asks and may not; 13 players in serpentine groups of 7 and 6; with 2
    of each going on plus c00 the semifinal has 5, which the TL tops up
    with a 6th (6.6.1.6); the semifinal gives K at 60% and M at 80%, the
    final after a semifinal the DM to its winner (R49), shown on the
    groups and in the winner's rights."""
    w = W()
    names = ["c%02d" % i for i in range(14)]
    ids = new_players(names + ["extra"])
    uid = [ids[n] for n in names]
    strength = {uid[i]: 2100 if i == 0 else 2000 - 10 * i for i in range(14)}
    strength[ids["extra"]] = 1500
    for u, r in strength.items():
        set_rating(u, rating=r)
    players = [{"id": uid[i], "wants_semifinal": True} if i < 2 else uid[i] for i in range(14)]
    cup = create(w.tl, {"name": "Pokal ratings", "kind": "cup", "profile": "server",
                        "start_date": START, "players": players, "advance": 2})
    expect_eq(cup["semifinal_direct"], [uid[0]], "K 2100 starts at the semifinal, 1990 not")
    groups = [get_t(g) for g in cup["stages"][0]["groups"]]
    expect_eq([sorted(s["player"]["id"] for s in g["standings"]) for g in groups],
              [sorted(uid[i] for i in (1, 4, 5, 8, 9, 12, 13)),
               sorted(uid[i] for i in (2, 3, 6, 7, 10, 11))], "serpentine by rating")
    for g in groups:
        strongest_wins(g, strength)
    path = "tournaments/%d/next-stage" % cup["id"]
    before = counts()
    expect_error(w.tl.post(path), 422, "invalid_player_count", "5 do not split into 7s and 6s")
    for body, status, code in (({"add": [999999]}, 422, "unknown_user"),
                               ({"add": [uid[1]]}, 422, "duplicate_player"),
                               ({"add": ["x"]}, 422, "invalid_field"),
                               ({"stage": "final", "add": [ids["extra"]]}, 422,
                                "invalid_field")):
        expect_error(w.tl.post(path, body), status, code, "top-up %r" % body)
    expect_eq(counts(), before, "nothing stored")
    r = w.tl.post(path, {"add": [ids["extra"]]})
    expect_status(r, 201, "semifinal topped up")
    semi = get_t(r.json["stages"][1]["groups"][0])
    expect_eq(sorted(s["player"]["id"] for s in semi["standings"]),
              sorted([uid[0], uid[1], uid[4], uid[2], uid[3], ids["extra"]]),
              "2 of each group, the direct entry and the TL's")
    expect_eq([s["rights"] for s in semi["standings"]], [[]] * 6, "no rights while it runs")
    strongest_wins(semi, strength)
    semi = get_t(semi["id"])
    until = plus(years=2)
    got = {s["player"]["id"]: [(x["class"], x["until"]) for x in s["rights"]]
           for s in semi["standings"]}
    expect_eq(got, {uid[0]: [("M", until), ("K", until)], uid[1]: [("M", until), ("K", until)],
                    uid[2]: [("K", until)], uid[3]: [], uid[4]: [], ids["extra"]: []},
              "semifinal: 60% K, 80% M (6.6.2)")
    r = w.tl.post(path)
    expect_status(r, 201, "final")
    fin = get_t(r.json["stages"][2]["groups"][0])
    strongest_wins(fin, strength)
    fin = get_t(fin["id"])
    got = {s["player"]["id"]: [x["class"] for x in s["rights"]] for s in fin["standings"]}
    expect_eq(got, {uid[0]: ["DM", "M", "K"], uid[1]: []},
              "final after a semifinal: the winner's DM place, 60% M, 40% K")
    mine = {x["class"]: (x["until"], x["why"]) for x in rights(uid[0])["rights"]}
    expect_eq(mine.get("DM"), (until, "cup (DSU 6.6.2)"), "the cup's DM right in his rights")
    c02 = {x["class"]: x["until"] for x in rights(uid[2])["rights"]}
    expect_eq(c02.get("K"), until, "the semifinal's K right in c02's rights")


# ------------------------------------------------------------ rights

@test
def otb_table_and_granted_rights():
    """The OTB table (6.5.3.2d) from the user's otb_rating: 2150 gives M
    without an end; a right a TL grants for international play
    (6.5.3.2c) shows with its date and lets him enter; bad grants are
    refused and store nothing."""
    w = W()
    ids = new_players(["otb", "intl", "none"])
    set_rating(ids["otb"], otb_rating=2150)
    got = {x["class"]: (x["until"], x["why"]) for x in rights(ids["otb"])["rights"]}
    expect_eq(got.get("M"), (None, "OTB rating (DSU 6.5.3.2d)"), "OTB 2150: M")
    expect("DM" not in got, "no DM from the OTB table: %r" % got)
    expect_error(w.tl.post("entries", {"class": "M", "player": ids["none"]}), 422, "no_right",
                 "no OTB rating: no M")
    r = w.tl.post("entries", {"class": "M", "player": ids["otb"]})
    expect_status(r, 201, "OTB player into M")
    before = counts()
    for body, status, code in (({"class": "DM", "until": "2027-13-01", "source": "tl"}, 422,
                                "invalid_date"),
                               ({"class": "X", "until": "2027-01-01", "source": "tl"}, 422,
                                "invalid_field"),
                               ({"class": "DM", "until": "2027-01-01", "source": "friend"}, 422,
                                "invalid_field"),
                               ({"class": "DM", "until": "2027-01-01"}, 422, "missing_field")):
        expect_error(w.admin.post("users/%d/rights" % ids["intl"], body), status, code,
                     "grant %r" % body)
    expect_error(w.alice.post("users/%d/rights" % ids["intl"],
                              {"class": "DM", "until": "2027-01-01", "source": "tl"}), 403,
                 "forbidden", "a player grants nothing")
    expect_error(w.tl.post("users/%d/rights" % ids["intl"],
                           {"class": "DM", "until": "2027-01-01", "source": "tl"}), 403,
                 "forbidden", "a TL grants no right (docs/AUTHORITY.md: an admin's act)")
    expect_error(w.admin.post("users/999999/rights",
                           {"class": "DM", "until": "2027-01-01", "source": "tl"}), 404,
                 "not_found", "no such user")
    expect_eq(counts(), before, "nothing stored")
    r = w.admin.post("users/%d/rights" % ids["intl"],
                     {"class": "DM", "until": "2027-03-31", "source": "international"})
    expect_status(r, 201, "grant")
    got = {x["class"]: (x["until"], x["why"]) for x in r.json["rights"]}
    expect_eq(got.get("DM"), ("2027-03-31", "international play (DSU 6.5.3.2c), granted by the TL"),
              "the granted DM right")
    r = w.tl.post("entries", {"class": "DM", "player": ids["intl"]})
    expect_status(r, 201, "into the DM by the granted right")


@test
def r25_further_group_only_without_relegation_risk():
    """R25 (6.5.1.2, I-11): a player of a running K group with under 2
    points is refused a further group with 422 relegation_risk; with 2
    points from his games so far he may enter."""
    w = W()
    names = ["k%d" % i for i in range(7)]
    ids = new_players(names)
    t = create(w.tl, {"name": "EMT K R25", "kind": "emt_group", "class": "K",
                      "profile": "server", "start_date": START,
                      "players": [ids[n] for n in names]})
    me = ids["k0"]
    j = rights(me)
    expect_eq([(x["tournament"], x["class"], x["score"], x["relegation_risk_gone"])
               for x in j["running"]], [(t["id"], "K", 0, False)], "his running group")
    expect_eq(j["may_enter_further_group"], False, "not yet")
    before = counts()
    expect_error(w.tl.post("entries", {"class": AA, "player": me}), 422, "relegation_risk",
                 "0 points in a running K group")
    expect_eq(counts(), before, "nothing stored")
    mine = [g for g in games_of(t) if me in (g["white"]["id"], g["black"]["id"])]
    tl_result(mine[0]["id"], "1-0" if mine[0]["white"]["id"] == me else "0-1")
    expect_error(w.tl.post("entries", {"class": AA, "player": me}), 422, "relegation_risk",
                 "1 point")
    tl_result(mine[1]["id"], "1-0" if mine[1]["white"]["id"] == me else "0-1")
    j = rights(me)
    expect_eq((j["running"][0]["score"], j["may_enter_further_group"]), (2, True), "2 points")
    r = w.tl.post("entries", {"class": AA, "player": me})
    expect_status(r, 201, "a further group with 2 points")


# ------------------------------------------------------------ team

@test
def team_average_rating():
    """6.7.6.2 / I-35: the sum of the 4 players' K-ratings over 4, exact;
    null while a player has no rating (R67: an OTB rating counts as the
    provisional K-rating)."""
    w = W()
    a = new_players(["a1", "a2", "a3", "a4"])
    b = new_players(["b1", "b2", "b3", "b4"])
    for n, r in zip(("a1", "a2", "a3", "a4"), (2000, 1900, 1801, 1700)):
        set_rating(a[n], rating=r)
    for n, r in zip(("b1", "b2", "b3"), (1600, 1600, 1600)):
        set_rating(b[n], rating=r)
    t = create(w.tl, {"name": "Hold ratings", "kind": "team", "profile": "server",
                      "start_date": START,
                      "teams": [{"name": "A", "players": list(a.values())},
                                {"name": "B", "players": list(b.values())}]})
    avg = {tm["name"]: tm["average_rating"] for tm in t["teams"]}
    expect_eq(avg, {"A": 1850.25, "B": None}, "average ratings")
    set_rating(b["b4"], otb_rating=1700)
    avg = {tm["name"]: tm["average_rating"] for tm in get_t(t["id"])["teams"]}
    expect_eq(avg, {"A": 1850.25, "B": 1625}, "an OTB rating as the provisional K-rating")


# ------------------------------------------------------------ DM play-off

def dm_of_three(non_citizens=()):
    """A DM of 3 (double round robin): A and B draw both their games and
    beat C twice: tied for 1st after SB and the mutual games."""
    ids = new_players(["A", "B", "C"])
    body = {"name": "DM play-off", "kind": "dm", "profile": "server", "start_date": START,
            "players": [ids["A"], ids["B"], ids["C"]]}
    if non_citizens:
        body["non_citizens"] = [ids[n] for n in non_citizens]
    t = create(W().tl, body)
    for g in games_of(t):
        pair = {g["white"]["id"], g["black"]["id"]}
        if pair == {ids["A"], ids["B"]}:
            tl_result(g["id"], "1/2-1/2")
        else:
            tl_result(g["id"], "0-1" if g["white"]["id"] == ids["C"] else "1-0")
    return get_t(t["id"]), ids


@test
def dm_playoff_through_the_api_and_the_title():
    """6.5.2c: A and B tied for 1st; 1st stays shared with
    playoff.needed until the TL enters the 2 play-off games; then A is
    1st.  The title (I-4) goes to the best-placed Danish citizen: A is a
    foreigner, so B is Danmarksmester."""
    w = W()
    t, ids = dm_of_three(non_citizens=["A"])
    back = {v: k for k, v in ids.items()}
    table = lambda t: [(back[s["player"]["id"]], s["place"], s["title"]) for s in t["standings"]]
    expect_eq(t["playoff"], {"needed": True, "entered": False, "agree_to_share": False,
                             "games": []}, "a play-off is needed")
    expect_eq(sorted(table(t))[:2], [("A", "1-2", False), ("B", "1-2", True)],
              "1st shared meanwhile; the title to the Danish citizen")
    path = "tournaments/%d/playoff" % t["id"]
    A, B, C = ids["A"], ids["B"], ids["C"]
    other_tl, _ = W().server.add_user("tl_playoff_m", "tl")
    before = counts()
    for body, status, code in (
            ({"games": [{"white": A, "black": B, "result": "1-0"}]}, 422, "invalid_playoff"),
            ({"games": [{"white": A, "black": B, "result": "1-0"},
                        {"white": A, "black": B, "result": "1-0"}]}, 422, "invalid_playoff"),
            ({"games": [{"white": A, "black": C, "result": "1-0"},
                        {"white": C, "black": A, "result": "1-0"}]}, 422, "invalid_playoff"),
            ({"games": [{"white": A, "black": B, "result": "*"},
                        {"white": B, "black": A, "result": "1-0"}]}, 422, "invalid_field"),
            ({"games": [], "agree_to_share": True}, 422, "invalid_field"),
            ({}, 422, "invalid_field")):
        expect_error(w.tl.post(path, body), status, code, "play-off %r" % body)
    expect_error(W().server.login("tl_playoff_m").post(path, {"agree_to_share": True}), 403,
                 "not_your_tournament", "another TL")
    expect_error(w.tl.post("tournaments/%d/playoff" % create(w.tl, {
        "name": "not a DM", "kind": "round_robin", "profile": "server", "start_date": START,
        "players": [A, B]})["id"], {"agree_to_share": True}), 422, "not_a_dm", "a round robin")
    expect_eq(counts()[2:4], before[2:4], "no play-off stored")
    r = w.tl.post(path, {"games": [{"white": A, "black": B, "result": "1-0"},
                                   {"white": B, "black": A, "result": "1/2-1/2"}]})
    expect_status(r, 201, "the play-off")
    expect_eq((r.json["playoff"]["needed"], r.json["playoff"]["entered"],
               len(r.json["playoff"]["games"])), (False, True, 2), "entered")
    expect_eq(table(r.json), [("A", "1", False), ("B", "2", True), ("C", "3", False)],
              "A 1st by the play-off; B the best-placed Danish citizen holds the title")
    expect_eq([s.get("playoff_score") for s in r.json["standings"]], [1.5, 0.5, None],
              "play-off points")
    expect_error(w.tl.post(path, {"agree_to_share": True}), 409, "playoff_entered", "twice")
    # another DM: the players agree to share (R33c); both Danish, both hold the title
    t2, ids2 = dm_of_three()
    r = w.tl.post("tournaments/%d/playoff" % t2["id"], {"agree_to_share": True})
    expect_status(r, 201, "agree to share")
    expect_eq(sorted((s["place"], s["title"]) for s in r.json["standings"]),
              [("1-2", True), ("1-2", True), ("3", False)], "title shared")


@test
def playoff_refused_where_none_is_needed():
    w = W()
    ids, t = made_by_tl(["x", "y"], "DM clear", "dm")
    path = "tournaments/%d/playoff" % t["id"]
    expect_error(w.tl.post(path, {"agree_to_share": True}), 409, "not_finished", "running")
    for g in games_of(t):
        tl_result(g["id"], "1-0" if g["white"]["id"] == ids["x"] else "0-1")
    expect_error(w.tl.post(path, {"agree_to_share": True}), 409, "no_playoff_needed",
                 "x won both")
    expect_eq([s["title"] for s in get_t(t["id"])["standings"]], [True, False], "x's title")
    expect_error(w.tl.post("tournaments", {"name": "bad", "kind": "round_robin",
                                           "profile": "server", "start_date": START,
                                           "players": [ids["x"], ids["y"]],
                                           "non_citizens": [ids["x"]]}), 422,
                 "invalid_field", "non_citizens outside the DM")


# ------------------------------------------------------------ dates

@test
def publication_and_decision_dates_in_the_overview():
    """R12-R14, R19: the publication of a finished group gives the
    objection (14 days) and prize (3 weeks) dates, a decision notified
    the appeal date (3 weeks); all in its TL's overview, not in another
    TL's."""
    w = W()
    ids, t = made_by_tl(["p", "q"], "Published", "round_robin", "dsu-post")
    path = "tournaments/%d/publication" % t["id"]
    expect_error(w.tl.post(path, {"on": TODAY}), 409, "not_finished", "running")
    tl_result(t["games"][0], "1-0")
    before = counts()
    expect_error(w.tl.post(path, {"on": plus(days=1)}), 422, "invalid_date", "tomorrow")
    expect_error(w.tl.post(path, {"on": "2026-02-30"}), 422, "invalid_date", "no such day")
    expect_error(w.tl.post(path, {}), 422, "missing_field", "no date")
    W().server.add_user("tl_dates_m", "tl")
    other = W().server.login("tl_dates_m")
    expect_error(other.post(path, {"on": TODAY}), 403, "not_your_tournament", "another TL")
    dpath = "tournaments/%d/decisions" % t["id"]
    expect_error(w.tl.post(dpath, {"notified_on": TODAY, "about": ""}), 422, "bad_name",
                 "empty about")
    expect_error(other.post(dpath, {"notified_on": TODAY, "about": "x"}), 403,
                 "not_your_tournament", "another TL's decision")
    expect_eq(counts(), before, "nothing stored")
    r = w.tl.post(path, {"on": TODAY})
    expect_status(r, 200, "published")
    expect_eq(r.json["published_on"], TODAY, "published_on")
    r = w.tl.post(dpath, {"notified_on": TODAY, "about": "game 1 adjudicated"})
    expect_status(r, 201, "decision")
    expect_eq([(d["notified_on"], d["about"], d["appeal_by"]) for d in r.json["decisions"]],
              [(TODAY, "game 1 adjudicated", plus(days=21))], "the decision")

    def dates(client):
        return sorted((x["what"], x["date"]) for x in client.get("tl/overview").json["deadlines"]
                      if x["tournament"] == t["id"] and x["game"] is None)
    expect_eq(dates(w.tl), [("appeal", plus(days=21)), ("keep_correspondence", plus(days=14)),
                            ("objections", plus(days=14)), ("prizes", plus(days=21))],
              "the TL's overview")
    expect_eq(dates(other), [], "not in another TL's overview")
    expect_eq(dates(w.admin), dates(w.tl), "an admin sees them too")


@test
def a_cup_players_two_entries_never_in_one_group():
    """R44 / I-18: a player may enter the preliminary round twice, never
    twice in one group.  d01 (the strongest after d00) enters twice: the
    serpentine deals seeds 2 and 3 both to group 2, so his second entry
    changes places with seed 4 (group 1).  A third entry, or a second
    asking for the semifinal, is refused."""
    w = W()
    names = ["d%02d" % i for i in range(12)]
    ids = new_players(names)
    uid = [ids[n] for n in names]
    for i, u in enumerate(uid):
        set_rating(u, rating=2000 - 10 * i)
    players = [uid[0], uid[1], uid[1]] + uid[2:]  # 13 entries, 12 players
    cup = create(w.tl, {"name": "Pokal two entries", "kind": "cup", "profile": "server",
                        "start_date": START, "players": players})
    groups = [get_t(g) for g in cup["stages"][0]["groups"]]
    members = [sorted(s["player"]["id"] for s in g["standings"]) for g in groups]
    # seeds: 1 d00, 2 d01, 3 d01, 4 d02, 5 d03, ...; serpentine 1 4 5 8 9 12 13 | 2 3 6 7 10 11
    # -> seed 3 (d01) and seed 4 (d02) change groups
    expect_eq(members, [sorted(uid[i] for i in (0, 1, 3, 6, 7, 10, 11)),
                        sorted(uid[i] for i in (1, 2, 4, 5, 8, 9))], "d01 in both groups")
    expect_eq([len(g["games"]) for g in groups], [21, 15], "groups of 7 and 6")
    before = counts()
    bad = dict(name="Pokal bad", kind="cup", profile="server", start_date=START)
    expect_error(w.tl.post("tournaments", dict(bad, players=[uid[0]] * 3 + uid[1:11])), 422,
                 "duplicate_player", "three entries")
    expect_error(w.tl.post("tournaments", dict(bad, players=[
        {"id": uid[0], "wants_semifinal": True}, uid[0]] + uid[1:12])), 422,
        "duplicate_player", "a second entry beside a semifinal request")
    expect_error(w.tl.post("tournaments", {"name": "rr", "kind": "round_robin",
                                           "profile": "server", "start_date": START,
                                           "players": [uid[0], uid[0], uid[1]]}), 422,
                 "duplicate_player", "twice in a round robin")
    expect_eq(counts(), before, "nothing stored")


if __name__ == "__main__":
    run_tests()
