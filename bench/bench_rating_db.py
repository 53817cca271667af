#!/usr/bin/env python3
"""bench_rating_db.py: a 20-year federation history in a real corrchess
database (10,000 finished groups of 7, 210,000 games, 3,000 players),
re-rated from scratch by `corrchess rating-update --from-scratch` (the
server's path: the SQL of server/store/store_ratings.c, lib/rating, the steps
written back in one transaction), against lib/rating alone on a history
of the same shape (bench/bench_rating) in the same run.

usage: bench_rating_db.py [GROUPS [REPS]]  (defaults 10000 3)
Needs CORRCHESS; BENCH_RATING names bench/bench_rating (optional)."""
import os
import random
import re
import shutil
import sqlite3
import statistics
import subprocess
import sys
import tempfile

CORRCHESS = os.environ.get("CORRCHESS", "corrchess")
GROUPS = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
REPS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
PLAYERS = 3000
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def build(db):
    r = subprocess.run([CORRCHESS, "--db", db, "rating-update"], capture_output=True, text=True)
    if r.returncode != 0:  # creates the schema (all migrations)
        sys.exit("bench_rating_db: %s" % r.stderr.strip())
    rnd = random.Random(20261201)
    con = sqlite3.connect(db)
    con.execute("PRAGMA foreign_keys = OFF")
    start = [1000 + rnd.randrange(1501) for _ in range(PLAYERS)]
    con.executemany(
        "INSERT INTO users (id, name, email, role, password_hash, rating_start)"
        " VALUES (?, ?, ?, 'player', 'x', ?)",
        [(i + 1, "p%d" % (i + 1), "p%d@example.org" % (i + 1), start[i]) for i in range(PLAYERS)])
    by_rating = sorted(range(PLAYERS), key=lambda i: start[i])
    games, seats, tours, order = [], [], [], []
    gid = 0
    for k in range(GROUPS):
        year = 2007 + k * 20 // GROUPS
        day = "%04d-%02d-%02d" % (year, 1 + (k % 12), 1 + (k % 28))
        fin = "%04d-%02d-%02d" % (year + 1, 1 + (k % 12), 1 + (k % 28))
        tid = k + 1
        tours.append((tid, "Group %d" % tid, day))
        centre = rnd.randrange(PLAYERS - 60)
        who = rnd.sample(by_rating[centre:centre + 60], 7)
        for s, p in enumerate(who):
            seats.append((tid, p + 1, s + 1))
        for i in range(7):
            for j in range(i + 1, 7):
                gid += 1
                d = start[who[i]] - start[who[j]]
                x = rnd.random() - d / 1000.0
                res = "1-0" if x < 0.35 else "1/2-1/2" if x < 0.65 else "0-1"
                term = "agreement" if res == "1/2-1/2" else "resignation"
                games.append((gid, "server", day, who[i] + 1, who[j] + 1, START_FEN, START_FEN,
                              res, term, fin, tid))
        order.append((tid, k + 1, fin))
    con.executemany("INSERT INTO tournaments (id, name, kind, profile, start_date)"
                    " VALUES (?, ?, 'round_robin', 'server', ?)", tours)
    con.executemany("INSERT INTO tournament_players (tournament_id, user_id, seat)"
                    " VALUES (?, ?, ?)", seats)
    con.executemany(
        "INSERT INTO games (id, profile, start_date, white, black, start_fen, fen, status,"
        " result, termination, finished_on, tournament_id)"
        " VALUES (?, ?, ?, ?, ?, ?, ?, 'finished', ?, ?, ?, ?)", games)
    con.executemany("INSERT INTO rating_groups (tournament_id, seq, finished_on)"
                    " VALUES (?, ?, ?)", order)
    con.commit()
    con.close()
    return len(games)


def main():
    tmp = tempfile.mkdtemp(prefix="bench_rating_db.")
    try:
        db = os.path.join(tmp, "history.db")
        ngames = build(db)
        times = []
        for _ in range(REPS):
            r = subprocess.run([CORRCHESS, "--db", db, "rating-update", "--from-scratch"],
                               capture_output=True, text=True)
            m = re.search(r"(\d+) groups, (\d+) steps, ([0-9.]+) ms", r.stdout)
            if r.returncode != 0 or not m or int(m.group(1)) != GROUPS:
                sys.exit("bench_rating_db: rating-update failed: %s %s" % (r.stdout, r.stderr))
            times.append(float(m.group(3)))
            steps = int(m.group(2))
        db_ms = statistics.median(times)
        print("re-rating %d groups of 7 (%d games, %d steps) in the database, from scratch,"
              " median of %d runs" % (GROUPS, ngames, steps, REPS))
        print("  corrchess rating-update --from-scratch: %8.1f ms  %7.1f us/group"
              % (db_ms, db_ms * 1e3 / GROUPS))
        lib = os.environ.get("BENCH_RATING", "bench/bench_rating")
        if os.access(lib, os.X_OK):
            r = subprocess.run([lib, str(GROUPS), "0", str(REPS)], capture_output=True, text=True,
                               env=dict(os.environ, CORRCHESS=""))
            m = re.search(r"lib/rating:\s+([0-9.]+) ms", r.stdout)
            if m:
                lib_ms = float(m.group(1))
                print("  lib/rating alone (bench_rating):         %8.1f ms  %7.1f us/group"
                      % (lib_ms, lib_ms * 1e3 / GROUPS))
                print("  ratio database path / lib alone: %.1f" % (db_ms / lib_ms))
    finally:
        shutil.rmtree(tmp)


if __name__ == "__main__":
    main()
