#!/usr/bin/env python3
"""The TOURNAMENT answer kept by revision (issue 25; server/api/tournament_json.c,
migration 0032): after every kind of write that changes what GET
/tournaments/{id} shows - a game's result, a rating, a foreign result, a withdrawal, a TL
decision, a user's name written by another process - a
GET from another connection shows the write, never the answer kept from
before; a write that changes nothing shown (a move) leaves the answer as
it was; and the kept answer is byte for byte what a daemon with nothing
kept answers."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
START = "2027-08-20"


@test
def every_write_shown_is_seen_by_the_next_get():
    srv = Server(today=TODAY).start()
    try:
        tl_id, _ = srv.add_user("ans_tl", "tl")
        admin_id, _ = srv.add_user("ans_admin", "admin")
        tl, admin = srv.login("ans_tl"), srv.login("ans_admin")
        ids, clients = [], {}
        for i in range(4):
            uid, _ = srv.add_user("ans_p%d" % i)
            ids.append(uid)
            clients[uid] = srv.login("ans_p%d" % i)
        r = tl.post("tournaments", {"name": "Svar \u00e6\u00f8\u00e5", "kind": "round_robin",
                                    "profile": "server", "start_date": START, "players": ids})
        expect_status(r, 201, "created")
        tid = r.json["id"]
        path = "tournaments/%d" % tid
        reader, other = clients[ids[2]], clients[ids[3]]

        def get(client):
            r = client.get(path)
            expect_status(r, 200, "GET")
            return r

        def line(t, uid):
            return [s for s in t["standings"] if s["player"]["id"] == uid][0]

        first = get(reader)
        expect_eq(get(other).text, first.text, "an unchanged tournament: the same bytes")

        # a game's result (a resignation)
        games = [get_game(reader, g) for g in first.json["games"]]
        g = [x for x in games if {x["white"]["id"], x["black"]["id"]} == {ids[0], ids[1]}][0]
        loser = clients[g["black"]["id"]]
        expect_status(loser.post("games/%d/resign" % g["id"]), 200, "resign")
        t = get(other).json
        expect_eq(line(t, g["white"]["id"])["score"], 1, "the result is in the standings")
        expect_eq(line(t, g["white"]["id"])["played"], 1, "played")

        # a move changes nothing shown: the same answer
        before = get(reader).text
        g2 = [x for x in games if {x["white"]["id"], x["black"]["id"]} == {ids[2], ids[3]}][0]
        play(clients[g2["white"]["id"]], g2["id"], "e4")
        expect_eq(get(other).text, before, "a move: the TOURNAMENT is the same")

        # a rating and the foreign flag (API.md "Ratings")
        r = admin.request("PATCH", "users/%d" % ids[2], body={"rating": 1777, "foreign": True})
        expect_status(r, 200, "rating set")
        t = get(other).json
        expect_eq(line(t, ids[2])["player"]["rating"], 1777, "the new rating is shown")
        expect_eq(line(t, ids[2])["player"]["foreign"], True, "the foreign flag is shown")

        # a foreign result entered by the KC (DSU 4.5.4.3, migration 0030):
        # it moves the current rating every crosstable shows
        srv.add_user("ans_kc", "kc")
        kc = srv.login("ans_kc")
        get(reader)
        r = kc.post("ratings/foreign", {"player": ids[2], "event": "Politiken Cup",
                                        "finished_on": "2027-08-25",
                                        "games": [{"opponent": "A", "rating": 2000,
                                                   "result": "1"},
                                                  {"opponent": "B", "rating": 1900,
                                                   "result": "1"}]})
        expect_status(r, 201, "foreign result")
        expect(r.json["rated"] and r.json["new"] != 1777, "the foreign result is rated")
        expect_eq(line(get(other).json, ids[2])["player"]["rating"], r.json["new"],
                  "the rating after the foreign result is shown")

        # a withdrawal (DSU 6.2.8)
        r = tl.post(path + "/withdrawals", {"player": ids[3], "reason": "valid"})
        expect_status(r, 201, "withdrawn")
        t = get(reader).json
        expect_eq([w["player"]["id"] for w in t["withdrawals"]], [ids[3]], "the withdrawal")

        # a TL decision
        r = tl.post(path + "/decisions", {"notified_on": TODAY, "about": "game adjudicated"})
        expect_status(r, 201, "decision")
        expect_eq([d["about"] for d in get(other).json["decisions"]], ["game adjudicated"],
                  "the decision")

        # a write by another process (the CLI, a repair by hand): the
        # revision is bumped by the database itself (triggers)
        get(reader)
        srv.db_exec("UPDATE users SET name = 'ans_renamed' WHERE id = ?", (ids[0],))
        expect_eq(line(get(other).json, ids[0])["player"]["name"], "ans_renamed",
                  "a name written outside the daemon")

        # what is kept is what a daemon with nothing kept answers
        kept = get(reader).text
        srv.restart()
        fresh = srv.login("ans_p1").get(path)
        expect_status(fresh, 200, "GET after a restart")
        expect_eq(fresh.text, kept, "the kept answer, byte for byte")
    finally:
        srv.close()


if __name__ == "__main__":
    run_tests()
