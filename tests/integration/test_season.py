#!/usr/bin/env python3
"""A season of the federation played end to end through the daemon
(issue 22's proof), the server's date moved with CORRCHESS_TODAY:

  August:    the K-skak chief names the class TLs; members are entered
             with their membership (DSU 6.4.4.1); seven players enter the
             open class, each entry valid from the day its fee was
             received, and the 7th valid one starts the group (6.5.1.1).
  September: the DM edition starts (6.5.2: in September, no warning);
             the team championship's captain brings in a reserve with the
             TL's approval, the board's clock stopping 14 days (6.7.4.3);
             the EMT group's TL warns a player (6.4.2).
  October:   a second warning within the year makes a 3-month quarantine
             (4.1.1 §19), which refuses his entry (422 quarantined); he
             appeals within 3 weeks, the KC rules and the ruling is mailed
             to him and to the TL in their languages (6.4.3).
  January:   the quarantine over, his entry is taken; the quarantine
             stays in the register a year.  A member back from a foreign
             tournament reports it; the KC enters it and it is rated
             (4.5.4.3), in his history and rating."""
import atexit
import os
import sys
from urllib.parse import quote

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

AA = "\u00c5"


@test
def a_season_end_to_end():
    srv = Server(today="2027-08-20").start()
    atexit.register(srv.close)
    kc_id, _ = srv.add_user("chief", "kc")
    tl_id, _ = srv.add_user("leader", "tl")
    team_tl_id, _ = srv.add_user("teamleader", "tl")
    srv.add_user("root", "admin")

    def sign_in():
        return {n: srv.login(n) for n in ("chief", "leader", "teamleader", "root")}
    c = sign_in()
    # --- August: the KC names the TLs (DSU 6.1.3, 6.1.4)
    for cls in (AA, "K", "M", "DM"):
        r = c["chief"].request("PUT", "classes/" + quote(cls), {"tl": tl_id})
        expect_status(r, 200, "the kc names the TL of " + cls)
    # members (6.4.4.1 a, d), found by their number
    players = []
    for i in range(8):
        uid, _ = srv.add_user("member%d" % i)
        players.append(uid)
        r = c["leader"].request("PUT", "users/%d/member" % uid,
                                {"membership": "club", "club": "Skakklubben %d" % (i % 3),
                                 "member_no": "DSU-%04d" % (100 + i),
                                 "birth_date": "19%02d-05-0%d" % (50 + i, 1 + i % 8)})
        expect_status(r, 200, "member %d" % i)
    r = c["leader"].get("users?q=DSU-0103")
    expect_eq([u["id"] for u in r.json["users"]], [players[3]], "found by number")
    # seven own entries of the open class, valid from their fees
    clients = {uid: srv.login("member%d" % i) for i, uid in enumerate(players)}
    entries = {}
    for uid in players[:7]:
        r = clients[uid].post("entries", {"class": AA, "proof": "first time (DSU 6.5.3.2f)"})
        expect_status(r, 201, "own entry")
        expect_eq((r.json["valid"], r.json["tournament"]), (False, None), "waits for the fee")
        entries[uid] = r.json["id"]
    group = None
    for k, uid in enumerate(players[:7]):
        r = c["leader"].post("entries/%d/fee" % entries[uid],
                             {"received_on": "2027-08-1%d" % (k + 1) if k < 6 else "2027-08-20"})
        expect_status(r, 200, "the fee of entry %d" % k)
        if k < 6:
            expect_eq(r.json["tournament"], None, "fewer than 7 valid entries: no group")
        group = r.json["tournament"]
    expect(isinstance(group, int), "the 7th valid entry starts the group: %r" % r.json)
    g = c["leader"].get("tournaments/%d" % group).json
    expect_eq((g["kind"], g["class"], g["tl"]["id"], len(g["games"])),
              ("emt_group", AA, tl_id, 21), "an Å group of seven led by the class's TL")
    # --- September: the DM edition (6.5.2)
    srv.set_today("2027-09-01")
    c = sign_in()
    dm_players = [srv.add_user("dm%d" % i)[0] for i in range(7)]
    r = c["leader"].post("tournaments", {"name": "DM 2027/28", "kind": "dm", "profile": "dsu-post",
                                         "start_date": "2027-09-01", "players": dm_players})
    expect_status(r, 201, "the DM")
    expect_eq(r.json["edition"], {"in_season": True, "warning": None, "kc_start": None},
              "the DM starts in September: no warning")
    # the team championship: the captain's reserve (6.7.2.2, 6.7.4.3)
    rosters = [[srv.add_user("t%d%d" % (k, b))[0] for b in range(4)] for k in range(3)]
    r = c["root"].post("tournaments", {"name": "Holdturnering 2027", "kind": "team",
                                       "profile": "dsu-post", "start_date": "2027-09-01",
                                       "tl": team_tl_id,
                                       "teams": [{"name": "Klub %d" % k, "players": ids}
                                                 for k, ids in enumerate(rosters)]})
    expect_status(r, 201, "the team championship")
    team_t = r.json
    captain, _ = srv.add_user("captain")
    r = c["teamleader"].request("PUT", "tournaments/%d/captains" % team_t["id"],
                                {"team": "Klub 0", "captain": captain})
    expect_status(r, 200, "the TL names the captain")
    reserve, _ = srv.add_user("reserve")
    cap = srv.login("captain")
    r = cap.post("tournaments/%d/reserves" % team_t["id"],
                 {"team": "Klub 0", "original": rosters[0][2], "reserve": reserve})
    expect_status(r, 201, "the captain asks for a reserve")
    r = c["teamleader"].post("reserves/%d/approval" % r.json["id"], {})
    expect_status(r, 200, "the TL approves")
    expect_eq((r.json["status"], r.json["stop_from"], r.json["stop_to"], r.json["stop_booked"]),
              ("approved", "2027-09-01", "2027-09-14", True), "the 14-day stop booked")
    games = [c["root"].get("games/%d" % gid).json for gid in team_t["games"]]
    board3 = [x for x in games if reserve in (x["white"]["id"], x["black"]["id"])]
    expect_eq(len(board3), 2, "the reserve plays the original's two games")
    v = c["root"].get("users/%d/vacations" % reserve).json["vacations"]
    expect_eq([(x["start"], x["end"], x["kind"]) for x in v],
              [("2027-09-01", "2027-09-14", "special_leave")], "his board's clocks stop")
    # the EMT group's TL warns a player (6.4.2)
    sinner = players[0]
    r = c["leader"].post("tournaments/%d/decisions" % group,
                         {"notified_on": "2027-09-01", "about": "delays the group",
                          "kind": "warning", "player": sinner})
    expect_status(r, 201, "the first warning")
    expect_eq(c["chief"].get("users/%d/register" % sinner).json["quarantined"], None,
              "a warning alone is no quarantine")
    # --- October: the second warning within the year (4.1.1 §19)
    srv.set_today("2027-10-01")
    c = sign_in()
    r = c["leader"].post("tournaments/%d/decisions" % group,
                         {"notified_on": "2027-10-01", "about": "delays the group again",
                          "kind": "warning", "player": sinner})
    expect_status(r, 201, "the second warning")
    second = r.json["decisions"][-1]["id"]
    reg = c["chief"].get("users/%d/register" % sinner).json
    expect_eq((reg["register"][1]["applied"], reg["register"][1]["converted"],
               reg["quarantined"]["start"], reg["quarantined"]["end"]),
              ("quarantine", True, "2027-10-01", "2027-12-31"),
              "a second warning within the year: 3 months of quarantine")
    expect_error(c["leader"].post("entries", {"class": "K", "player": sinner}), 422,
                 "quarantined", "his entry is refused meanwhile")
    me = srv.login("member0")
    expect_status(me.request("PATCH", "users/me", {"language": "da"}), 200, "he reads Danish")
    # he appeals within 3 weeks; the KC rules (6.4.3)
    srv.set_today("2027-10-15")
    c = sign_in()
    me = srv.login("member0")
    r = me.post("tournaments/%d/decisions/%d/appeals" % (group, second),
                {"grounds": "I answered within the time; the post was late."})
    expect_status(r, 201, "the appeal, 14 days after the notice")
    appeal = r.json
    expect_eq(appeal["to"], "kc", "a TL's decision goes to the KC")
    expect_eq([a["id"] for a in c["chief"].get("appeals").json["appeals"]], [appeal["id"]],
              "the KC's pending appeals")
    r = c["chief"].post("appeals/%d/ruling" % appeal["id"],
                        {"ruling": "upheld", "text": "The TL's record of the dates stands."})
    expect_status(r, 200, "the KC rules")
    expect_eq((r.json["ruling"], r.json["ruled_on"]), ("upheld", "2027-10-15"), "recorded")
    mails = {to: (subj, " ".join(body.split())) for to, subj, body in srv.db_rows(
        "SELECT to_addr, subject, body FROM mail_outbox WHERE kind = 'ruling'")}
    expect_eq(sorted(mails), ["leader@example.org", "member0@example.org"],
              "the ruling to the appellant and the TL")
    expect("afgørelsen står ved magt" in mails["member0@example.org"][0]
           and "5. november 2027" in mails["member0@example.org"][1],
           "in Danish, with the day for Skaknævnet: %r" % (mails["member0@example.org"],))
    expect("the decision stands" in mails["leader@example.org"][0]
           and "Friday 5 November 2027" in mails["leader@example.org"][1],
           "in English to the TL: %r" % (mails["leader@example.org"],))
    expect_error(c["leader"].post("entries", {"class": "K", "player": sinner}), 422,
                 "quarantined", "the KC's appeal suspends nothing")
    # --- January: the quarantine is over
    srv.set_today("2028-01-01")
    c = sign_in()
    r = c["leader"].post("entries", {"class": AA, "player": sinner,
                                     "fee_received_on": "2028-01-01"})
    expect_status(r, 201, "his entry is taken after the quarantine, valid from its fee")
    expect_eq((r.json["valid"], r.json["fee_received_on"]), (True, "2028-01-01"), "valid")
    reg = c["leader"].get("users/%d/register" % sinner).json
    expect_eq(reg["quarantined"], None, "the quarantine is over")
    expect_eq(reg["register"][1]["in_register"], True, "it stays in the register a year")
    # a foreign tournament over the new year, reported to RK (4.5.4.3)
    abroad = players[7]
    r = c["root"].request("PATCH", "users/%d" % abroad, {"rating": 1800})
    expect_status(r, 200, "his K-skak rating")
    games = [{"opponent": "N.N. (SWE)", "rating": 2000, "result": "1"},
             {"opponent": "N.N. (NOR)", "rating": 1900, "result": "1/2"},
             {"opponent": "N.N. (GER)", "rating": 1700, "result": "0"},
             {"opponent": "N.N. (POL)", "rating": 1650, "result": "1"}]
    body = {"player": abroad, "event": "Rilton Cup 2027/28", "finished_on": "2027-12-30",
            "games": games}
    expect_error(c["leader"].post("ratings/foreign", body), 403, "forbidden",
                 "a TL does not enter it")
    r = c["chief"].post("ratings/foreign", body)
    expect_status(r, 201, "the KC enters it")
    # by hand: We .24 + .36 + .64 + .70 = 1.94 -> 1.95, W 2.5, K 30: 1816.5 -> 1817
    expect_eq((r.json["Ro"], r.json["We"], r.json["new"], r.json["late"]),
              (1800, 1.95, 1817, False), "rated as its group, reported within 14 days")
    h = c["leader"].get("users/%d/ratings" % abroad).json
    expect_eq((h["rating"], [x["source"] for x in h["history"]]), (1817, ["foreign"]),
              "in his rating and his history")


if __name__ == "__main__":
    run_tests()
