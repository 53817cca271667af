#!/usr/bin/env python3
"""Issue 16, the dates kept at each write (docs/DEADLINES.md), against the
real corrchessd and `corrchess` with a temporary database:

- every write of a game stores its next dates in game_deadlines (a new
  game, a move, a vacation of one player moves all his games, a finished
  game has none), the same as lib/clock computes from scratch;
- the sweep and the TL overview read only that table: a game whose row
  says "not yet" is not looked at, and check-deadlines finds it (exit 1),
  --fix repairs it and the next sweep judges it;
- a database from before migration 0012 gets its dates on first start;
- the overview is paged (limit, after, next) and per tournament, each list
  in date order; bad parameters are a 4xx that changes nothing."""
import atexit
import os
import sqlite3
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"


def world(today=TODAY):
    srv = Server(today=today).start()
    atexit.register(srv.close)
    w = World(srv)
    srv.db_exec("UPDATE users SET mail = 'off'")
    return w


def rows(srv, gid):
    """The stored dates of a game: {(kind, side): due}."""
    return {(k, s): d for k, s, d in srv.db_rows(
        "SELECT kind, side, due FROM game_deadline_dates WHERE game_id = ?", (gid,))}


def sweep(srv, today):
    env = srv.env()
    env["CORRCHESS_TODAY"] = today
    return subprocess.run([CORRCHESS, "--db", srv.db, "sweep"], capture_output=True, text=True,
                          env=env, timeout=120)


@test
def dates_kept_at_each_write():
    w = world()
    srv = w.server
    a, b, c = w.ids["alice"], w.ids["bob"], w.ids["carol"]
    g1 = new_game(w.tl, a, b, "server", TODAY)
    gid = g1["id"]
    ck = g1["clock"]["white"]
    d = rows(srv, gid)
    # A new game: white to move from the start (DSU 6.3.4: 14 days, then 7).
    expect_eq(d[("reminder", "white")], add_days(TODAY, 14), "reminder 14 days after the start")
    expect_eq(d[("tl_notice", "white")], add_days(TODAY, 21), "TL 7 days later")
    expect_eq(d[("forfeit", "white")], ck["forfeit_date"], "forfeit date as the CLOCK shows")
    expect(("adjudication", "white") in d, "adjudication date: %r" % d)
    expect(all(s == "white" for _, s in d), "only the player to move: %r" % d)
    # A move: now black is to move, from the day white sent it.
    srv.set_today(add_days(TODAY, 3))
    play(w.alice, gid, "e4")
    d = rows(srv, gid)
    expect_eq(d[("reminder", "black")], add_days(TODAY, 17), "black's reminder after the move")
    expect(all(s == "black" for _, s in d), "only black now: %r" % d)
    # A vacation of bob (DSU 6.3.6) moves the dates of all his games.
    g2 = new_game(w.tl, c, b, "server", add_days(TODAY, 3))["id"]
    before2 = rows(srv, g2)
    r = w.tl.post("vacations", {"user": b, "start": add_days(TODAY, 10),
                                "end": add_days(TODAY, 14), "kind": "special_leave"})
    expect_status(r, 201, "special leave for bob")
    expect_eq(rows(srv, gid)[("reminder", "black")], add_days(TODAY, 22), "5 days later")
    after2 = rows(srv, g2)
    expect(after2[("forfeit", "white")] > before2[("forfeit", "white")],
           "g2: the leave of bob stops carol's clock too (both players' stops): %r -> %r"
           % (before2, after2))
    # A finished game has none.
    expect_status(w.bob.post("games/%d/resign" % gid, {}), 200, "bob resigns")
    expect_eq(rows(srv, gid), {}, "no dates once finished")
    check_deadlines(srv)


@test
def sweep_and_overview_read_the_table():
    w = world()
    srv = w.server
    gid = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)["id"]
    rem = add_days(TODAY, 14)
    # Pretend the row says "not yet": the sweep on the reminder day passes
    # the game over (it reads only what is due).
    srv.db_exec("UPDATE game_deadlines SET due = CAST(julianday('2099-01-01') - 2440587.5"
                " AS INTEGER) WHERE game_id = ?", (gid,), repair=False)
    s = sweep(srv, rem)
    expect_eq(s.returncode, 0, "sweep: %s%s" % (s.stdout, s.stderr))
    expect("reminder:" not in s.stdout, "nothing due in the table, nothing done: %r" % s.stdout)
    srv.set_today(rem)
    ov = w.tl.get("tl/overview")
    expect_status(ov, 200, "overview")
    expect_eq(ov.json["silent"], [], "the overview reads the table too")
    # check-deadlines finds it, --fix repairs it, the next sweep judges it.
    r = srv.cli("check-deadlines")
    expect_eq(r.returncode, 1, "differences without --fix: exit 1 (%s)" % r.stderr)
    expect("game %d:" % gid in r.stdout and "2099-01-01" in r.stdout, "reported: %r" % r.stdout)
    expect("1 differ" in r.stdout.splitlines()[-1], "summary: %r" % r.stdout)
    r = srv.cli("check-deadlines", "--fix")
    expect_eq(r.returncode, 0, "--fix: exit 0 (%s)" % r.stderr)
    expect("repaired" in r.stdout, "says it repaired: %r" % r.stdout)
    r = srv.cli("check-deadlines")
    expect_eq((r.returncode, r.stdout.strip()), (0, "check-deadlines: 1 active games, 0 differ"),
              "clean after --fix")
    s = sweep(srv, rem)
    expect("reminder: game %d," % gid in s.stdout, "now the sweep judges it: %r" % s.stdout)
    ov = w.tl.get("tl/overview")
    expect_eq([it["game"] for it in ov.json["silent"]], [gid], "and the overview lists it")
    # A stray: rows of a game that is not active are found too.
    expect_status(w.bob.post("games/%d/resign" % gid, {}), 200, "resigns")
    srv.db_exec("INSERT INTO game_deadlines (game_id, kind, side, due)"
                " VALUES (?, 0, 0, CAST(julianday('2027-01-01') - 2440587.5 AS INTEGER))", (gid,),
                repair=False)
    r = srv.cli("check-deadlines")
    expect(r.returncode == 1 and "game %d:" % gid in r.stdout, "stray found: %r" % r.stdout)
    expect_eq(srv.cli("check-deadlines", "--fix").returncode, 0, "stray removed")
    expect_eq(rows(srv, gid), {}, "no rows left")
    # Bad usage.
    r = srv.cli("check-deadlines", "--fxi")
    expect(r.returncode == 2 and "usage" in r.stderr, "bad usage: exit 2: %r" % r.stderr)


@test
def filled_on_first_start():
    """A database from before migration 0012: the migration queues its
    active games, and the first program that opens it computes them."""
    w = world()
    srv = w.server
    ids = [new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", add_days(TODAY, -i))["id"]
           for i in range(3)]
    want = {g: rows(srv, g) for g in ids}
    srv.stop()
    srv.db_exec("DELETE FROM game_deadlines", repair=False)
    srv.db_exec("INSERT INTO deadlines_pending (game_id) SELECT id FROM games", repair=False)
    srv.start()
    # Issue 19: the daemon fills the queue before it listens, and the
    # harness starts it until /healthz says ready: the queue is empty the
    # moment start() returns, with no waiting here.
    expect_eq(srv.db_rows("SELECT count(*) FROM deadlines_pending"), [(0,)], "queue emptied")
    expect_eq({g: rows(srv, g) for g in ids}, want, "the same dates again")


def db_of_0012():
    """A new database (a connection) with games 1 and 2 and the dates
    table as migration 0012 made it (texts)."""
    con = sqlite3.connect(os.path.join(tempfile.mkdtemp(), "old.db"))
    con.executescript(
        "CREATE TABLE games (id INTEGER PRIMARY KEY);"
        "INSERT INTO games (id) VALUES (1), (2);"
        "CREATE TABLE game_deadlines (game_id INTEGER NOT NULL REFERENCES games(id),"
        " kind TEXT NOT NULL, side TEXT NOT NULL, due TEXT NOT NULL,"
        " PRIMARY KEY (game_id, kind, side)) WITHOUT ROWID;"
        "CREATE INDEX game_deadlines_due ON game_deadlines(due, game_id);"
        "CREATE INDEX game_deadlines_kind ON game_deadlines(kind, due, game_id);")
    return con


def migrate(con, name):
    """Runs migration `name` of migrations/ on con."""
    with open(os.path.join(TOP_SRCDIR, "migrations", name)) as f:
        con.executescript(f.read())


@test
def migration_0016_converts_rows():
    """Migration 0016 turns the text rows of 0012 into integers (kind,
    side, day number) and keeps every date; the view reads them back as
    they were."""
    import datetime
    con = db_of_0012()
    old = [(1, "reminder", "white", "2027-01-15"), (1, "tl_notice", "white", "2027-01-22"),
           (1, "forfeit", "white", "2027-03-01"), (1, "forfeit", "black", "2026-12-31"),
           (1, "adjudication", "white", "2028-06-01"), (1, "time_trouble", "white", "2027-02-20"),
           (2, "recheck", "white", "0001-01-01")]
    con.executemany("INSERT INTO game_deadlines VALUES (?, ?, ?, ?)", old)
    migrate(con, "0016_deadlines_compact.sql")
    back = sorted(con.execute("SELECT game_id, kind, side, due FROM game_deadline_dates"))
    expect_eq(back, sorted(old), "every row and date kept")
    epoch = datetime.date(1970, 1, 1)
    raw = dict(((g, k, s), due) for g, k, s, due in
               con.execute("SELECT game_id, kind, side, due FROM game_deadlines"))
    expect_eq(raw[(1, 0, 0)], (datetime.date(2027, 1, 15) - epoch).days,
              "the reminder: kind 0, white 0, its day number")
    expect_eq(raw[(1, 2, 1)], (datetime.date(2026, 12, 31) - epoch).days, "black's forfeit")
    expect_eq(raw[(2, 5, 0)], (datetime.date(1, 1, 1) - epoch).days, "recheck: kind 5")
    idx = sorted(r[0] for r in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'game_deadlines'"
        " AND sql IS NOT NULL"))
    expect_eq(idx, ["game_deadlines_kind_due"], "one index, the one the queries use")
    con.close()


@test
def migration_0044_keys_rows_by_slot():
    """Migration 0044 keys the rows by (game, kind, slot) with the side a
    column (a move hands a row over in place): every row and date of 0016's
    table is kept, the two forfeit rows of one game included, and the view
    reads them as before."""
    con = db_of_0012()
    old = [(1, "reminder", "black", "2027-01-15"), (1, "forfeit", "white", "2027-03-01"),
           (1, "forfeit", "black", "2026-12-31"), (1, "adjudication", "black", "2028-06-01"),
           (2, "recheck", "white", "0001-01-01")]
    con.executemany("INSERT INTO game_deadlines VALUES (?, ?, ?, ?)", old)
    migrate(con, "0016_deadlines_compact.sql")
    migrate(con, "0044_deadlines_slot.sql")
    back = sorted(con.execute("SELECT game_id, kind, side, due FROM game_deadline_dates"))
    expect_eq(back, sorted(old), "every row and date kept")
    keys = sorted(con.execute("SELECT game_id, kind, slot, side FROM game_deadlines"))
    expect_eq(keys, [(1, 0, 1, 1), (1, 2, 0, 0), (1, 2, 1, 1), (1, 3, 1, 1), (2, 5, 0, 0)],
              "the side is the slot of each kept row")
    idx = sorted(r[0] for r in con.execute(
        "SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'game_deadlines'"
        " AND sql IS NOT NULL"))
    expect_eq(idx, ["game_deadlines_kind_due"], "one index, the one the queries use")
    con.close()


@test
def penalties_by_game_and_the_active_counter():
    """Migration 0017: a game's penalties are read on an index (every load
    reads them), and the active games are a counter kept by triggers (the
    sweep's summary), equal to count(*) whatever is inserted, finished or
    deleted."""
    w = world()
    srv = w.server
    con = sqlite3.connect(srv.db, timeout=10)
    try:
        plan = " ".join(r[3] for r in con.execute(
            "EXPLAIN QUERY PLAN SELECT color, days, on_date, reason FROM penalties"
            " WHERE game_id = 1 ORDER BY on_date, id"))
    finally:
        con.close()
    expect("USING INDEX penalties_game" in plan and "TEMP B-TREE" not in plan,
           "the penalties of one game by their index, in order: %r" % plan)

    def counted():
        return (srv.db_rows("SELECT value FROM counters WHERE name = 'active_games'")[0][0],
                srv.db_rows("SELECT count(*) FROM games WHERE status = 'active'")[0][0])
    a, b = w.ids["alice"], w.ids["bob"]
    gids = [new_game(w.tl, a, b, "server", TODAY)["id"] for _ in range(3)]
    expect_eq(counted(), (3, 3), "three new games")
    expect_status(w.bob.post("games/%d/resign" % gids[0], {}), 200, "bob resigns one")
    expect_eq(counted(), (2, 2), "one finished")
    srv.db_exec("UPDATE games SET status = 'active', result = '*' WHERE id = ?", (gids[0],))
    expect_eq(counted(), (3, 3), "set active again by hand")
    srv.db_exec("DELETE FROM games WHERE id = ?", (gids[1],))
    expect_eq(counted(), (2, 2), "one deleted")


def page_all(client, query):
    """Follows "next" from the first page; returns (pages, lists joined)."""
    pages, joined, after = [], {}, None
    for _ in range(50):
        q = query + ("&after=" + after if after else "")
        r = client.get("tl/overview?" + q)
        expect_status(r, 200, "overview?" + q)
        pages.append(r.json)
        for k, v in r.json.items():
            if isinstance(v, list):
                joined.setdefault(k, []).extend(v)
        after = r.json["next"]
        if after is None:
            return pages, joined
        expect(isinstance(after, str) and after, "next is a cursor: %r" % after)
    raise AssertionError("the pages never end")


@test
def overview_paged_and_per_tournament():
    w = world()
    srv = w.server
    a, b = w.ids["alice"], w.ids["bob"]
    # Five silent games outside any tournament, silent since different days.
    free = [new_game(w.tl, a, b, "server", add_days(TODAY, -15 - i))["id"] for i in range(5)]
    # A round robin of three players (3 games), started 16 days ago.
    t = w.tl.post("tournaments", {"name": "Paged", "kind": "round_robin", "profile": "server",
                                  "start_date": add_days(TODAY, -16),
                                  "players": [a, b, w.ids["carol"]]})
    expect_status(t, 201, "tournament")
    tid = t.json["id"]
    tgames = sorted(g["id"] if isinstance(g, dict) else g for g in t.json["games"])
    full = w.tl.get("tl/overview?limit=500")
    expect_status(full, 200, "one page")
    expect_eq(full.json["next"], None, "all on one page")
    silent = full.json["silent"]
    keys = [(it["since"], it["game"]) for it in silent]
    expect_eq(keys, sorted(keys), "silent in date order")
    expect_eq(sorted(it["game"] for it in silent), sorted(free + tgames), "every silent game")
    pages, joined = page_all(w.tl, "limit=2")
    expect_eq(joined["silent"], silent, "the pages of 2 join up to the one page")
    expect(all(len(p["silent"]) <= 2 for p in pages), "at most limit items a page")
    expect_eq(len(pages), 4, "8 silent games in pages of 2: 4 pages")
    # Per tournament: only its games, in date order.
    r = w.tl.get("tl/overview?tournament=%d" % tid)
    expect_status(r, 200, "per tournament")
    expect_eq(sorted(it["game"] for it in r.json["silent"]), tgames, "only the tournament's")
    _, joined = page_all(w.tl, "tournament=%d&limit=1" % tid)
    expect_eq(joined["silent"], r.json["silent"], "paged per tournament")
    expect_eq(w.admin.get("tl/overview?tournament=%d" % tid).json["silent"], r.json["silent"],
              "an admin sees the same")
    # Bad parameters: a 4xx with the error shape.
    for q, status, code in (("limit=0", 422, "invalid_field"), ("limit=501", 422, "invalid_field"),
                            ("limit=x", 422, "invalid_field"), ("after=zz", 422, "invalid_field"),
                            ("after=0~0~0~0", 422, "invalid_field"),
                            ("after=2027-13-01_1_w~0~0~0~0", 422, "invalid_field"),
                            ("tournament=0", 422, "invalid_field"),
                            ("tournament=abc", 422, "invalid_field"),
                            ("tournament=999", 404, "not_found")):
        expect_error(w.tl.get("tl/overview?" + q), status, code, q)
    expect_error(w.alice.get("tl/overview?tournament=%d" % tid), 403, "forbidden", "a player")


if __name__ == "__main__":
    run_tests()
