#!/usr/bin/env python3
"""`corrchess demo` (contrib/run.sh): an empty database gets a tournament
leader and five players with a round robin 40 days in, replayed through
the API day by day: a crosstable with results (a checkmate, a
resignation, a draw by agreement), games in progress with their clocks,
one move series pending, one player on vacation today, and a silent
player on the dashboard.  A second run changes nothing."""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


@test
def the_demo_holds_a_running_tournament():
    with Server(today=TODAY) as srv:
        r = srv.cli("demo")
        expect_eq(r.returncode, 0, "demo: " + r.stderr)
        logins = dict(re.findall(r"^\s*(\S+)\s+password\s+(\S+)", r.stdout, re.M))
        expect_eq(sorted(logins), ["alice", "bob", "carol", "dave", "erik", "tl"],
                  "six logins printed:\n" + r.stdout)
        m = re.search(r"demo tournament (\d+)", r.stdout)
        expect(m, "the tournament is named:\n" + r.stdout)
        expect_eq(srv.db_rows("SELECT count(*) FROM sessions"), [(0,)],
                  "the demo's own sessions are signed out")
        srv.start()
        tl = srv.login("tl", logins["tl"])
        me = tl.get("users/%d" % tl_id(srv, "tl")).json
        expect_eq(me["role"], "tl", "a TL login")
        t = tl.get("tournaments/" + m.group(1))
        expect_status(t, 200, "the tournament")
        t = t.json
        expect_eq(t["start_date"], "2027-07-23", "started 40 days ago")
        expect_eq(sorted(s["player"]["name"] for s in t["standings"]),
                  ["alice", "bob", "carol", "dave", "erik"], "five players")
        expect_eq(len(t["games"]), 10, "a round robin of five")
        games = [tl.get("games/%d" % g).json for g in t["games"]]
        finished = sorted(g["termination"] for g in games if g["status"] == "finished")
        expect_eq(finished, ["agreement", "checkmate", "resignation"], "three results")
        expect_eq(sum(s["played"] for s in t["standings"]), 6, "the crosstable counts them")
        active = [g for g in games if g["status"] == "active"]
        expect_eq(len(active), 7, "seven games in progress")
        expect(all(g["clock"][g["to_move"]]["forfeit_date"] for g in active),
               "every game in progress has a forfeit date")
        expect(sum(1 for g in active if g["clock"][g["to_move"]]["used_days"] > 0) >= 5,
               "the clocks have run")
        # A hidden series is seen from its proposer's seat only, never by a
        # TL (docs/AUTHORITY.md): the TL sees none, alice sees hers.
        expect_eq([g["id"] for g in active if g["series"]], [], "the TL sees no hidden series")
        alice = srv.login("alice", logins["alice"])
        series = [alice.get("games/%d" % g["id"]).json for g in active]
        series = [g for g in series if g["series"]]
        expect_eq(len(series), 1, "one series pending")
        g4 = tl.get("games/4").json  # the README's example: alice to move in game 4
        expect_eq((g4[g4["to_move"]]["name"], g4["status"]), ("alice", "active"), "README game 4")
        expect_eq(series[0]["series"]["moves"], ["1716", "2514"], "a6, Ba4 after 3.Bb5")
        erik = next(s["player"] for s in t["standings"] if s["player"]["name"] == "erik")
        v = tl.get("users/%d/vacations" % erik["id"]).json["vacations"]
        expect(any(p["start"] <= TODAY <= p["end"] and p["kind"] == "vacation" for p in v),
               "erik is on vacation today: %r" % v)
        o = tl.get("tl/overview").json
        expect(len(o["silent"]) >= 1, "the dashboard has a silent player: %r" % o)
        for name, pw in logins.items():
            srv.login(name, pw)
        r2 = srv.cli("demo")
        expect_eq(r2.returncode, 2, "second demo exit status")
        expect("password" not in r2.stdout, "no new passwords printed")
        expect_eq(len(tl.get("tournaments").json["tournaments"]), 1, "still one tournament")


def tl_id(srv, name):
    return srv.db_rows("SELECT id FROM users WHERE name = ?", (name,))[0][0]


if __name__ == "__main__":
    run_tests()
