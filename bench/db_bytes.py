#!/usr/bin/env python3
"""db_bytes.py: database bytes per game and per move (docs/SCALING.md).

    db_bytes.py CORRCHESS CORRCHESSD [GAMES [PLIES]]

Makes a temporary database, starts CORRCHESSD on it (loopback, a free
port), creates GAMES server-profile games (default 2,000) through the API,
then plays PLIES moves (default 40) in each of the first 100 games, every
player with an address and mail on (each move queues its mail).  After
each step the daemon is stopped (its WAL checkpointed), the file is
VACUUMed and its tables and indexes measured with SQLite's dbstat: the
bytes each adds per game and per move, with the mail bodies and after
they are purged (mail_retention_days: the row kept, the body dropped).
Only loopback traffic; the files are removed."""
import os
import shutil
import signal
import sqlite3
import subprocess
import sys
import tempfile
import time
import urllib.request

from callgrind_moves import call, free_port  # the same loopback client


def sizes(db):
    """{table or index: bytes in its pages} of a VACUUMed copy."""
    tmp = db + ".vac"
    con = sqlite3.connect(db)
    con.execute("VACUUM INTO ?", (tmp,))
    con.close()
    con = sqlite3.connect(tmp)
    got = {}
    for name, tbl, size in con.execute(
            "SELECT d.name, coalesce(m.tbl_name, d.name), sum(d.pgsize) FROM dbstat d"
            " LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY d.name"):
        got[(tbl, name)] = size
    con.close()
    os.remove(tmp)
    return got


def main():
    cli, daemon = sys.argv[1], sys.argv[2]
    games = int(sys.argv[3]) if len(sys.argv) > 3 else 2000
    plies = int(sys.argv[4]) if len(sys.argv) > 4 else 40
    played = min(100, games)
    today = os.environ.get("CORRCHESS_TODAY") or time.strftime("%Y-%m-%d")
    d = tempfile.mkdtemp(prefix="db-bytes-")
    db = os.path.join(d, "bench.db")
    env = dict(os.environ, CORRCHESS_FAST_HASH="1", CORRCHESS_LOG_LEVEL="warn",
               CORRCHESS_TODAY=today, CORRCHESS_CONN_PER_ADDR="2000")
    proc = None
    try:
        for name, role in (("tl", "tl"), ("w", "player"), ("b", "player")):
            subprocess.run([cli, "--db", db, "user", "add", "--name", name, "--email",
                            name + "@bench.invalid", "--role", role, "--password-stdin"],
                           input="benchpassword\n", text=True, check=True, env=env,
                           capture_output=True)

        def start():
            port = free_port()
            p = subprocess.Popen([daemon, "--db", db, "--listen", "127.0.0.1:%d" % port],
                                 env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(400):
                try:
                    with urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port,
                                                timeout=5):
                        return p, port
                except OSError:
                    time.sleep(0.05)
            raise RuntimeError("corrchessd did not start")

        def stop(p):
            p.send_signal(signal.SIGTERM)
            p.wait(timeout=60)

        proc, port = start()
        tok = {n: call(port, "POST", "session", {"login": n, "password": "benchpassword"})[1]
               ["token"] for n in ("tl", "w", "b")}
        stop(proc)
        s0 = sizes(db)
        proc, port = start()
        ids = [call(port, "POST", "games", {"white": 2, "black": 3, "profile": "server",
                                             "start_date": today}, tok["tl"])[1]["id"]
               for _ in range(games)]
        stop(proc)
        s1 = sizes(db)
        proc, port = start()
        cycle = ["Nf3", "Nf6", "Ng1", "Ng8"]
        for gid in ids[:played]:
            for i in range(plies):
                status, _ = call(port, "POST", "games/%d/moves" % gid, {"move": cycle[i % 4]},
                                 tok["w" if i % 2 == 0 else "b"])
                if status != 201:
                    raise RuntimeError("move %d of game %d: %d" % (i + 1, gid, status))
        stop(proc)
        proc = None
        s2 = sizes(db)
        con = sqlite3.connect(db)
        cols = [r[1] for r in con.execute("PRAGMA table_info(mail_outbox)")]
        event = "avg(length(queued_event))" if "queued_event" in cols else "0"  # migration 0043
        mails = con.execute("SELECT count(*), avg(length(body)), %s FROM mail_outbox"
                            % event).fetchone()
        con.execute("UPDATE mail_outbox SET sent_at = '2000-01-01T00:00:00Z'")
        con.commit()
        con.close()
        subprocess.run([cli, "--db", db, "sweep"], env=env, capture_output=True, check=True)
        s3 = sizes(db)
        moves = played * plies

        def report(title, a, b, per):
            keys = sorted(set(a) | set(b))
            total = sum(b.values()) - sum(a.values())
            print("%s: %.0f bytes (pages) a %s" % (title, total / per, title.split()[-1]))
            for k in keys:
                diff = b.get(k, 0) - a.get(k, 0)
                if abs(diff) / per >= 1:
                    print("    %-28s %-28s %8.1f" % (k[0], k[1], diff / per))
        report("%d games, bytes per game" % games, s0, s1, games)
        report("%d moves (%d mails: text %.0f bytes, queued event %.0f bytes), bytes per move"
               % (moves, mails[0], mails[1] or 0, mails[2] or 0),
               s1, s2, moves)
        report("the same moves, mail bodies purged, bytes per move", s1, s3, moves)
    finally:
        if proc:
            proc.kill()
        shutil.rmtree(d, ignore_errors=True)


if __name__ == "__main__":
    main()
