#!/usr/bin/env python3
"""The storage boundary (issue 8), against the real corrchessd and
`corrchess sweep` with a temporary database:

- a read that fails part-way (the database answers an error for a row)
  fails the request or the sweep: it never serves a game without its
  vacations, and the sweep never forfeits a player for days his vacation
  stopped.  Before the fix the error ended the rows, so the vacations
  were silently dropped and the game was lost on time;
- the thinking days of each move shown in the GAME, the PGN and the
  transcript are the clock's figure now, so special leave granted after
  the move shows (before: the days stored when the move was made).

The failing read is real, not a mock: the vacations table is replaced by
a view whose first row raises SQLite's integer overflow error."""
import atexit
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403


def world(today):
    srv = Server(today=today).start()
    atexit.register(srv.close)
    return World(srv)


def sweep(srv, today):
    env = srv.env()
    env["CORRCHESS_TODAY"] = today
    return subprocess.run([CORRCHESS, "--db", srv.db, "sweep"], capture_output=True, text=True,
                          env=env, timeout=120)


def break_vacations(srv):
    """Every read of the vacations table now fails at its first row."""
    con = sqlite3.connect(srv.db, timeout=10)
    try:
        con.executescript(
            "ALTER TABLE vacations RENAME TO vacations_kept;"
            "CREATE VIEW vacations AS"
            " SELECT id, user_id, abs(-9223372036854775807 - 1) AS start, end, notice_on, kind,"
            " tournament_id FROM vacations_kept"
            " UNION ALL SELECT id, user_id, start, end, notice_on, kind, tournament_id"
            " FROM vacations_kept;")
    finally:
        con.close()
    # The database is broken on purpose: check-deadlines could not read it.
    srv.deadline_check = False


@test
def failed_read_never_drops_vacations():
    """White has 20 days of special leave; without them he would be over
    the 40 days of move 10 on 12 July (server: the sweep ends such a
    game, DSU 6.3.3.3).  With the vacations unreadable the sweep fails and
    forfeits nobody, and the game is never served without them."""
    w = world("2027-06-01")
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", "2027-06-01")["id"]
    r = w.tl.post("vacations", {"user": w.ids["alice"], "start": "2027-06-02",
                                "end": "2027-06-21", "kind": "special_leave"})
    expect_status(r, 201, "special leave")
    g = get_game(w.alice, gid)
    # 40 days and 20 stopped; no reminder was recorded, so no silence
    # penalty (DSU 6.3.4, issue 9: recorded events only).
    expect_eq(g["clock"]["white"]["forfeit_date"], "2027-08-01", "the leave stops the clock")
    break_vacations(w.server)
    # The GAME kept under the game's revisions (issue 25) is the one read
    # with the leave: the table swapped by hand bumped none of them, so a
    # read may still copy it, but never one computed without the leave.
    r = w.alice.get("games/%d" % gid)
    if r.status == 200:
        expect_eq(r.json["clock"]["white"]["forfeit_date"], "2027-08-01",
                  "a kept GAME counts the leave")
    else:
        expect_error(r, 500, "internal", "a game whose vacations cannot be read")
    # The overview reads the games that are due (issue 16): on 20 July
    # this one is (silent since its reminder date), and cannot be read;
    # nor, with the daemon started again and nothing kept, the game.
    w.server.set_today("2027-07-20")
    r = w.alice.get("games/%d" % gid)
    expect_error(r, 500, "internal", "a game whose vacations cannot be read")
    r = w.tl.get("tl/overview")
    expect_error(r, 500, "internal", "the overview")
    s = sweep(w.server, "2027-07-20")
    expect(s.returncode == 1, "the sweep fails: %d\n%s%s" % (s.returncode, s.stdout, s.stderr))
    expect("forfeit" not in s.stdout.split("sweep 2027")[0], "no forfeit event: %r" % s.stdout)
    rows = w.server.db_rows("SELECT status, result FROM games WHERE id = ?", (gid,))
    expect_eq(rows, [("active", "*")], "the game goes on")
    expect_eq(w.server.db_rows("SELECT count(*) FROM sweep_events WHERE kind = 'forfeit'"),
              [(0,)], "no forfeit recorded")
    expect_eq(w.server.db_rows("SELECT count(*) FROM audit WHERE game_id = ?", (gid,)), [(0,)],
              "no decision recorded")


@test
def days_follow_special_leave():
    """White moves after 10 days; then the TL grants special leave for 4
    of them (DSU 6.3.6.4): the GAME, the PGN and the transcript show 6
    days, as the clock counts them."""
    w = world("2027-06-11")
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", "2027-06-01")["id"]
    g = play(w.alice, gid, "e4")
    expect_eq(g["moves"][0]["days"], 10, "10 days when made")
    r = w.tl.post("vacations", {"user": w.ids["alice"], "start": "2027-06-03",
                                "end": "2027-06-06", "kind": "special_leave"})
    expect_status(r, 201, "special leave afterwards")
    g = get_game(w.bob, gid)
    expect_eq(g["moves"][0]["days"], 6, "GAME: the clock's figure")
    expect_eq(g["clock"]["white"]["used_days"], 6, "the clock agrees")
    pgn = w.bob.get("games/%d/pgn" % gid)
    expect_status(pgn, 200, "PGN")
    expect("{[%ccrcv 2027.06.01] [%ccsnt 2027.06.11] 6d}" in pgn.text, "PGN comment: %s" % pgn.text)
    tr = w.bob.get("games/%d/transcript" % gid)
    expect_status(tr, 200, "transcript")
    expect(re.search(r"----\s+11/06\s+6/06\s+01\. 5254", tr.text),
           "transcript row: %s" % tr.text)
    expect_eq(w.server.db_rows("SELECT days FROM moves WHERE game_id = ?", (gid,)), [(10,)],
              "the stored row stays as it was made")


if __name__ == "__main__":
    run_tests()
