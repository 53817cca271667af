#!/usr/bin/env python3
"""The daemon as a program (API.md "Programs"): restarts with nothing
lost, start-up failures with one line, SIGTERM finishing requests in
flight, a newer schema refused, the stored FEN equal to the replay of the
stored moves, a corrupt game answered without a crash (`corrchess demo`:
test_demo.py)."""
import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403
from fen_replay import fen_replay  # noqa: E402

TODAY = "2027-09-01"


def cast(srv, names=(("tl", "tl"), ("alice", "player"), ("bob", "player"))):
    ids = {}
    for name, role in names:
        ids[name], _ = srv.add_user(name, role)
    return ids, {name: srv.login(name) for name, _ in names}


@contextlib.contextmanager
def cast_server():
    """A started daemon with the cast signed in: (server, ids, clients)."""
    with Server(today=TODAY) as srv:
        srv.start()
        ids, c = cast(srv)
        yield srv, ids, c


def run_daemon(args, env_extra=None, timeout=15):
    """Runs corrchessd expecting it to exit by itself; (rc, stdout, stderr)."""
    env = dict(os.environ)
    env["CORRCHESS_FAST_HASH"] = "1"
    env["CORRCHESS_TODAY"] = TODAY
    env.update(env_extra or {})
    p = subprocess.Popen([CORRCHESSD] + list(args), stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env=env, text=True)
    try:
        out, err = p.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        p.send_signal(signal.SIGTERM)
        out, err = p.communicate(timeout=20)
        raise AssertionError("corrchessd %r kept running instead of failing" % (args,))
    return p.returncode, out, err


def expect_one_line_failure(args, what, must_mention=None, env_extra=None):
    rc, out, err = run_daemon(args, env_extra)
    expect(rc != 0, "%s: exit status %d, want non-zero" % (what, rc))
    lines = [l for l in err.splitlines() if l.strip()]
    expect(len(lines) == 1, "%s: want one line on stderr, got %d:\n%s" % (what, len(lines), err))
    expect(len(lines[0]) > 10, "%s: a message that says something: %r" % (what, lines[0]))
    if must_mention:
        expect(must_mention.lower() in lines[0].lower(),
               "%s: %r should mention %r" % (what, lines[0], must_mention))
    return lines[0]


# ------------------------------------------------------- a tiny replayer

# ----------------------------------------------------------------- tests

@test
def replayer_self_check():
    expect_eq(fen_replay(START_FEN, ["e2e4"]),
              "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1", "e4")
    expect_eq(fen_replay(START_FEN, ["e2e4", "g8f6", "e4e5", "d7d5"]),
              "rnbqkb1r/ppp1pppp/5n2/3pP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3", "e.p. square")


@test
def restart_mid_game_loses_nothing():
    with cast_server() as (srv, ids, c):
        g = new_game(c["tl"], ids["alice"], ids["bob"], "dsu-post", "2027-08-02", event="restart")
        gid = g["id"]
        dates = [("2027-08-02", "2027-08-03"), ("2027-08-05", "2027-08-06"),
                 ("2027-08-09", "2027-08-12"), ("2027-08-14", "2027-08-14")]
        for i, (mv, (rc_, sn)) in enumerate(zip(["e4", "c5", "Nf3", "d6"], dates)):
            g = play(c["alice"] if i % 2 == 0 else c["bob"], gid, mv, received=rc_, sent=sn)
        r = c["alice"].post("games/%d/draw" % gid, {"action": "offer"})
        expect_status(r, 200, "draw offer")
        g = r.json
        rc = srv.stop()
        expect_eq(rc, 0, "exit status after SIGTERM")
        srv.start()
        # Sessions live in the database: a restart signs nobody out
        # (API.md is silent; a user would not expect to be thrown out).
        again = get_game(c["bob"], gid)
        expect_eq(again, g, "the game after the restart")
        expect_eq(len(again["moves"]), 4, "four moves")
        play(c["alice"], gid, "d4", received="2027-08-16", sent="2027-08-17")
        expect_eq(get_game(c["bob"], gid)["draw_offer"], "white",
                  "the offer survived the restart and her own move")
        g = play(c["bob"], gid, "cxd4", received="2027-08-19", sent="2027-08-19")
        expect_eq(get_game(c["bob"], gid)["draw_offer"], None, "lapsed when black moved")
        expect_eq(g["moves"][5]["san"], "cxd4", "play on")
        # SIGINT stops it the same way.
        srv.proc.send_signal(signal.SIGINT)
        expect_eq(srv.proc.wait(timeout=20), 0, "exit status after SIGINT")
        srv.proc = None
        srv.start()
        expect_eq(len(get_game(c["alice"], gid)["moves"]), 6, "six moves after the 2nd restart")


@test
def crash_loses_no_committed_move():
    with cast_server() as (srv, ids, c):
        g = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        g = play_line(c["alice"], c["bob"], g["id"], ["d4", "d5", "c4", "e6", "Nc3"])
        srv.proc.kill()
        srv.proc.wait()
        srv.proc = None
        srv.start()
        expect_eq(get_game(c["alice"], g["id"]), g, "every answered move is there after SIGKILL")


@test
def sigterm_amid_many_moves_loses_no_answered_move():
    """Issue 19's asynchronous write step: a move's connection waits,
    suspended, for the writer thread and then for its flush.  A SIGTERM
    while many moves wait there ends the daemon cleanly (exit 0), and
    every move answered 201 is stored after it; a move whose answer never
    came may be stored or not, but nothing is stored that is not a legal
    continuation (each game's revision is its number of moves)."""
    import threading
    line = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
            "Re1", "b5", "Bb3", "d6", "c3", "O-O"]
    with cast_server() as (srv, ids, c):
        gids = [new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)["id"]
                for _ in range(12)]
        answered = {gid: 0 for gid in gids}
        started = threading.Event()

        def player(gid):
            try:
                w, b = srv.login("alice"), srv.login("bob")
            except OSError:
                return  # the signal came before this thread signed in
            for i, mv in enumerate(line):
                try:
                    r = (w if i % 2 == 0 else b).post("games/%d/moves" % gid, {"move": mv})
                except OSError:
                    return  # the daemon stopped listening or closed the connection
                if i >= 2:
                    started.set()
                if r.status != 201:
                    return
                answered[gid] = i + 1

        threads = [threading.Thread(target=player, args=(gid,)) for gid in gids]
        for t in threads:
            t.start()
        expect(started.wait(60), "moves were answered before the signal")
        srv.proc.send_signal(signal.SIGTERM)
        try:
            rc = srv.proc.wait(timeout=60)
        except subprocess.TimeoutExpired:
            srv.proc.kill()
            srv.proc.wait()
            raise AssertionError("corrchessd did not stop after SIGTERM amid moves")
        srv.proc = None
        for t in threads:
            t.join(60)
        expect_eq(rc, 0, "exit status after SIGTERM amid moves; the daemon's log ends:\n"
                  + srv.read_log()[-3000:])
        for gid in gids:
            rows = srv.db_rows("SELECT san FROM moves WHERE game_id = ? ORDER BY ply", (gid,))
            stored = [r[0] for r in rows]
            expect(len(stored) >= answered[gid],
                   "game %d: %d moves answered 201, %d stored" % (gid, answered[gid], len(stored)))
            expect_eq(stored, line[:len(stored)], "game %d: the moves stored" % gid)
            rev = srv.db_rows("SELECT rev FROM games WHERE id = ?", (gid,))[0][0]
            expect_eq(rev, len(stored), "game %d: one revision a stored move" % gid)
        expect(sum(answered.values()) > 0, "some moves were answered")
        print("# answered %d of %d moves before the stop" % (sum(answered.values()), len(gids) * len(line)))


@test
def sigterm_finishes_requests_in_flight():
    with cast_server() as (srv, ids, c):
        g = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        reqs = []
        bodies = [json.dumps({"login": "alice", "password": "pw-alice-secret"}).encode(),
                  json.dumps({"login": "bob", "password": "pw-bob-secret"}).encode(),
                  json.dumps({"move": "e4"}).encode(),
                  json.dumps({"login": "tl", "password": "pw-tl-secret"}).encode()]
        paths = ["/api/v1/session", "/api/v1/session", "/api/v1/games/%d/moves" % g["id"],
                 "/api/v1/session"]
        for body, path in zip(bodies, paths):
            s = socket.create_connection(("127.0.0.1", srv.port), timeout=20)
            head = ("POST %s HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    "Content-Length: %d\r\nConnection: close\r\n" % (path, len(body)))
            if "moves" in path:
                head += "Authorization: Bearer %s\r\n" % c["alice"].token
            s.sendall(head.encode() + b"\r\n" + body[:5])
            reqs.append((s, body))
        time.sleep(0.5)
        srv.proc.send_signal(signal.SIGTERM)
        # The listening socket closes soon after the signal; how soon
        # depends on the machine's load, so this waits for it (up to 15 s)
        # rather than sleeping a fixed time.
        refused = False
        deadline = time.time() + 15
        while not refused and time.time() < deadline:
            try:
                with socket.create_connection(("127.0.0.1", srv.port), timeout=2) as s2:
                    s2.sendall(b"GET /api/v1/users/1 HTTP/1.1\r\nHost: x\r\n"
                               b"Connection: close\r\n\r\n")
                    refused = read_http_response(s2).status == 0
            except OSError:
                refused = True
            if not refused:
                time.sleep(0.05)
        expect(refused, "new connections after SIGTERM are not served")
        time.sleep(0.3)
        expect(srv.proc.poll() is None, "corrchessd waits for the requests in flight")
        statuses = []
        for s, body in reqs:
            s.sendall(body[5:])
            statuses.append(read_http_response(s).status)
            s.close()
        expect_eq(statuses, [201, 201, 201, 201], "every request in flight was answered")
        expect_eq(srv.proc.wait(timeout=20), 0, "exit status")
        srv.proc = None
        srv.start()
        expect_eq(len(get_game(c["bob"], g["id"])["moves"]), 1, "the move in flight was stored")


@test
def concurrent_moves_store_one():
    """A double click, or two tabs: the same player sends several moves at
    once.  Exactly one is stored; the others get a 409 and nothing else."""
    import threading
    with cast_server() as (srv, ids, c):
        for round_ in range(3):
            g = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
            moves = ["e4", "d4", "c4", "Nf3", "5254", "b3", "g3", "4244"]
            results = [None] * len(moves)
            start = threading.Barrier(len(moves))

            def send(i):
                cl = srv.client(c["alice"].token)
                start.wait()
                results[i] = cl.post("games/%d/moves" % g["id"], {"move": moves[i]})

            threads = [threading.Thread(target=send, args=(i,)) for i in range(len(moves))]
            for t in threads:
                t.start()
            for t in threads:
                t.join(60)
            statuses = sorted(r.status for r in results)
            expect_eq(statuses.count(201), 1, "one move stored: %r" % results)
            for r in results:
                if r.status != 201:
                    expect(r.status == 409 and r.code in ("not_your_turn", "stale"),
                           "the others are refused with a conflict: %r" % r)
                    expect_error_shape(r)
            g = get_game(c["bob"], g["id"])
            expect_eq(len(g["moves"]), 1, "one move in the game")
            expect_eq(srv.db_rows("SELECT count(*) FROM moves WHERE game_id = ?", (g["id"],)),
                      [(1,)], "one move row")


@test
def keep_alive_connection():
    """Many requests, answers and refusals on one kept-alive connection."""
    import http.client
    with cast_server() as (srv, ids, c):
        g = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        conn = http.client.HTTPConnection("127.0.0.1", srv.port, timeout=20)
        hdr = {"Authorization": "Bearer " + c["alice"].token, "Content-Type": "application/json"}
        seen = []
        for i in range(60):
            kind = i % 4
            if kind == 0:
                conn.request("GET", "/api/v1/games/%d" % g["id"], headers=hdr)
            elif kind == 1:
                conn.request("POST", "/api/v1/games/%d/moves" % g["id"], body=b"{bad", headers=hdr)
            elif kind == 2:
                conn.request("GET", "/api/v1/nowhere", headers=hdr)
            else:
                conn.request("POST", "/api/v1/session", headers=hdr,
                             body=json.dumps({"login": "alice", "password": "nope-nope"}))
            resp = conn.getresponse()
            body = resp.read()
            seen.append(resp.status)
            expect(resp.status < 500, "request %d: %d %r" % (i, resp.status, body[:200]))
        conn.close()
        expect_eq(sorted(set(seen)), [200, 400, 401, 404], "the four answers")


@test
def port_taken():
    with Server(today=TODAY) as srv:
        srv.cli("user", "add", "--name", "x", "--email", "x@example.org", "--role", "player",
                "--password-stdin", input="long-password\n")
        blocker = socket.socket()
        blocker.bind(("127.0.0.1", 0))
        blocker.listen(1)
        port = blocker.getsockname()[1]
        try:
            expect_one_line_failure(["--db", srv.db, "--listen", "127.0.0.1:%d" % port],
                                    "port taken, existing database", str(port))
            fresh = os.path.join(srv.dir, "fresh.db")
            expect_one_line_failure(["--db", fresh, "--listen", "127.0.0.1:%d" % port],
                                    "port taken, new database", str(port))
        finally:
            blocker.close()


@test
def unreadable_database():
    with Server(today=TODAY) as srv:
        port = free_port()
        listen = "127.0.0.1:%d" % port
        d = os.path.join(srv.dir, "a-directory")
        os.mkdir(d)
        expect_one_line_failure(["--db", d, "--listen", listen], "database is a directory")
        garbage = os.path.join(srv.dir, "garbage.db")
        junk = bytes((i * 37 + 11) % 256 for i in range(8192))
        with open(garbage, "wb") as f:
            f.write(junk)
        expect_one_line_failure(["--db", garbage, "--listen", listen], "database is garbage")
        with open(garbage, "rb") as f:
            expect(f.read() == junk, "the garbage file was left as it was")
        text = os.path.join(srv.dir, "notes.txt")
        with open(text, "w") as f:
            f.write("my notes, not a database\n" * 100)
        expect_one_line_failure(["--db", text, "--listen", listen], "database is a text file")
        expect_one_line_failure(["--db", os.path.join(srv.dir, "no", "such", "dir.db"),
                                 "--listen", listen], "database in a missing directory")
        if os.geteuid() != 0:  # root reads any file: this case needs a normal user
            locked = os.path.join(srv.dir, "locked.db")
            with open(locked, "wb"):
                pass
            os.chmod(locked, 0)
            expect_one_line_failure(["--db", locked, "--listen", listen], "unreadable file")


@test
def bad_flags():
    with Server(today=TODAY) as srv:
        listen = "127.0.0.1:%d" % free_port()
        db = srv.db
        srv.add_user("someone")  # an existing database: only the flag is wrong
        for args, what in ((["--bogus"], "unknown flag alone"),
                           (["--bogus", "x", "--db", db, "--listen", listen], "unknown flag"),
                           (["--db", db, "--listen", listen, "extra"], "extra argument"),
                           (["--db", db, "--listen"], "flag without its value"),
                           (["--db", db, "--listen", "nonsense"], "bad listen address"),
                           (["--db", db, "--listen", "127.0.0.1:99999"], "bad port"),
                           (["--db", db, "--listen", listen, "--threads", "0"], "threads 0"),
                           (["--config", os.path.join(srv.dir, "missing.conf"), "--db", db,
                             "--listen", listen], "missing config file")):
            expect_one_line_failure(args, what)


def serving(port, proc, seconds=15):
    """True once the daemon on port says it is ready (GET /healthz, issue
    19), proc still alive."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        if proc.poll() is not None:
            return False
        if wait_ready_once(port):
            return True
        time.sleep(0.05)
    return False


@test
def config_file_environment_and_flags():
    """API.md "Configuration": --config FILE (key = value, # comments), then
    CORRCHESS_<KEY>, then --<key>: a flag beats the environment, which beats
    the file."""
    with Server(today=TODAY) as srv:
        srv.add_user("someone")
        ports = [free_port() for _ in range(3)]
        conf = os.path.join(srv.dir, "corrchess.conf")
        with open(conf, "w") as f:
            f.write("# a comment\n\ndb = %s\nlisten = 127.0.0.1:%d\nlog_level = warn\n"
                    % (srv.db, ports[0]))
        cases = (([], {}, ports[0], "the file alone"),
                 ([], {"CORRCHESS_LISTEN": "127.0.0.1:%d" % ports[1]}, ports[1],
                  "the environment beats the file"),
                 (["--listen", "127.0.0.1:%d" % ports[2]],
                  {"CORRCHESS_LISTEN": "127.0.0.1:%d" % ports[1]}, ports[2],
                  "a flag beats the environment"))
        for flags, env_extra, port, what in cases:
            env = dict(os.environ, CORRCHESS_FAST_HASH="1", CORRCHESS_TODAY=TODAY)
            env.pop("CORRCHESS_LISTEN", None)
            env.update(env_extra)
            p = subprocess.Popen([CORRCHESSD, "--config", conf] + flags, env=env,
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            try:
                expect(serving(port, p), "%s: serving on %d" % (what, port))
                r = Client(type("S", (), {"port": port})()).get("users/1")
                expect_error(r, 401, "unauthorized", what + ": the API answers")
            finally:
                p.send_signal(signal.SIGTERM)
                out, err = p.communicate(timeout=20)
            expect_eq(p.returncode, 0, what + ": exit status after SIGTERM")
            expect_eq(err.strip(), "", what + ": log_level = warn from the file keeps stderr quiet")
        with open(conf, "a") as f:
            f.write("no_such_key = 1\n")
        line = expect_one_line_failure(["--config", conf], "unknown key in the file")
        expect("no_such_key" in line, "the message names the key: %r" % line)


def expect_signals_blocked_in_threads(pid):
    """Once serving, every thread but the main one (which takes the
    signals in sigwait) blocks SIGTERM and SIGINT: read from /proc, so a
    thread started before the mask was set is found every time, not only
    when a signal happens to land on it."""
    if not os.path.isdir("/proc/%d/task" % pid):
        return  # not Linux: the timing loop below still runs
    deadline = time.time() + 15
    while True:  # the HTTP pool may still be starting
        tasks = os.listdir("/proc/%d/task" % pid)
        if len(tasks) > 2 or time.time() > deadline:
            break
        time.sleep(0.05)
    bits = (1 << (signal.SIGTERM - 1)) | (1 << (signal.SIGINT - 1))
    for tid in tasks:
        if int(tid) == pid:
            continue
        with open("/proc/%d/task/%s/status" % (pid, tid)) as f:
            blk = next(l for l in f if l.startswith("SigBlk:")).split()[1]
        expect(int(blk, 16) & bits == bits,
               "thread %s blocks SIGTERM and SIGINT (SigBlk %s)" % (tid, blk))


def main_blocks_sigterm(proc, port, seconds=15):
    """True once proc's main thread blocks SIGTERM (corrchessd's first
    act) or has started threads (after it); without /proc, once it is
    ready."""
    path = "/proc/%d/status" % proc.pid
    if not os.path.exists(path):
        return serving(port, proc, seconds)
    bit = 1 << (signal.SIGTERM - 1)
    deadline = time.time() + seconds
    while time.time() < deadline and proc.poll() is None:
        try:
            with open(path) as f:
                st = dict(l.split(":", 1) for l in f if ":" in l)
            # Blocked, or past it: threads start after the mask is set (and
            # sigwait() unblocks the signal while it waits).
            if int(st["SigBlk"].strip(), 16) & bit or int(st["Threads"].strip()) > 1:
                return True
        except (OSError, KeyError, ValueError):
            pass
        time.sleep(0.001)
    return False


@test
def sigterm_during_start_up_exits_cleanly():
    """A SIGTERM at any moment of start-up (opening the database, starting
    the checkpoint thread and the HTTP pool) is a normal stop with status
    0, never a death by the signal.  The signal is sent at once when the
    main thread blocks it (the first thing main() does, /proc's SigBlk),
    and after growing delays from there; the first start is signalled only
    once it is ready, after its threads are checked."""
    with Server(today=TODAY) as srv:
        srv.add_user("someone")
        env = dict(os.environ, CORRCHESS_FAST_HASH="1", CORRCHESS_TODAY=TODAY)
        codes = []
        for i in range(24):
            port = free_port()
            p = subprocess.Popen([CORRCHESSD, "--db", srv.db, "--listen", "127.0.0.1:%d" % port,
                                  "--log-level", "warn"], env=env, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
            try:
                if i == 0:
                    expect(serving(port, p), "start %d: serving on %d" % (i, port))
                    expect_signals_blocked_in_threads(p.pid)
                else:
                    expect(main_blocks_sigterm(p, port), "start %d: the mask is set (exit %r)"
                           % (i, p.poll()))
                    time.sleep((i % 8) * 0.005)
            finally:
                p.send_signal(signal.SIGTERM)
                out, err = p.communicate(timeout=20)
            codes.append(p.returncode)
            expect_eq(err.strip(), "", "start %d: nothing on stderr" % i)
        expect_eq(codes, [0] * len(codes), "exit statuses of SIGTERM during start-up")


def many_pending_games(srv, n):
    """n copies of one game row, every one queued for the deadline fill
    (deadlines_pending: what a database from before migration 0012 holds),
    so the next start-up has work that takes a while."""
    import sqlite3
    con = sqlite3.connect(srv.db, timeout=10)
    try:
        cols = [r[1] for r in con.execute("PRAGMA table_info(games)") if r[1] != "id"]
        gid = con.execute("SELECT min(id) FROM games").fetchone()[0]
        sel = ", ".join(cols)
        con.execute("WITH RECURSIVE k(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM k WHERE i < ?)"
                    " INSERT INTO games (%s) SELECT %s FROM games, k WHERE games.id = ?"
                    % (sel, sel), (n, gid))
        con.execute("DELETE FROM game_deadlines")
        con.execute("INSERT INTO deadlines_pending (game_id) SELECT id FROM games")
        con.commit()
    finally:
        con.close()


@test
def ready_before_listening():
    """Issue 19: the migrations and the deadline fill run before the
    daemon listens.  With thousands of games queued for the fill, the
    first connection that gets through finds the queue already empty, and
    the first answer of /healthz is ready (or, in the instant between the
    listen and the last thread, 503 "starting", never a wrong ready)."""
    with cast_server() as (srv, ids, c):
        new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        srv.stop()
        many_pending_games(srv, 4000)
        port = free_port()
        env = srv.env()
        log = open(srv.log, "ab")
        p = subprocess.Popen([CORRCHESSD, "--db", srv.db, "--listen", "127.0.0.1:%d" % port],
                             env=env, stdout=log, stderr=log)
        log.close()
        try:
            deadline = time.time() + 120
            while True:
                expect(p.poll() is None and time.time() < deadline, "corrchessd starts")
                try:
                    s = socket.create_connection(("127.0.0.1", port), timeout=5)
                    break
                except OSError:
                    time.sleep(0.002)
            left = srv.db_rows("SELECT count(*) FROM deadlines_pending")[0][0]
            s.sendall(b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            r = read_http_response(s)
            s.close()
            expect_eq(left, 0, "the queue was filled before the first connection got in")
            expect(r.status in (200, 503), "healthz answers: %r" % (r,))
            expect_eq(r.json["ready"], r.status == 200, "ready exactly when 200: %r" % (r,))
            if r.status == 503:
                expect_eq(r.json["status"], "starting", "not ready yet: starting")
            expect(serving(port, p), "then ready")
            with urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port, timeout=10) as h:
                body = json.loads(h.read())
            expect_eq((body["status"], body["ready"]), ("ok", True), "ready: %r" % body)
            expect(isinstance(body["schema"], int) and body["schema"] >= 21, "schema: %r" % body)
        finally:
            p.send_signal(signal.SIGTERM)
            p.wait(timeout=30)
        expect_eq(p.returncode, 0, "a clean stop")


@test
def tells_systemd_when_ready():
    """Type=notify (contrib/systemd/corrchessd.service): READY=1 arrives on
    $NOTIFY_SOCKET once the daemon serves (at that moment /healthz is
    ready), STOPPING=1 when SIGTERM comes."""
    import tempfile
    d = tempfile.mkdtemp(prefix="corrchess-notify-")
    path = os.path.join(d, "notify")
    sock = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
    sock.bind(path)
    sock.settimeout(60)
    try:
        with Server(today=TODAY, extra_env={"NOTIFY_SOCKET": path}) as srv:
            srv.add_user("someone")
            srv.start()  # returns once /healthz says ready
            msg = sock.recv(4096).decode()
            expect("READY=1" in msg.split("\n"), "READY=1 sent: %r" % msg)
            expect(wait_ready_once(srv.port), "and /healthz says ready")
            expect_eq(srv.stop(), 0, "SIGTERM: a clean stop")
            msg = sock.recv(4096).decode()
            expect("STOPPING=1" in msg.split("\n"), "STOPPING=1 sent: %r" % msg)
    finally:
        sock.close()
        shutil.rmtree(d, ignore_errors=True)


@test
def help_and_version():
    for prog in (CORRCHESSD, CORRCHESS):
        for flag in ("--help", "--version"):
            r = subprocess.run([prog, flag], capture_output=True, text=True, timeout=15)
            expect_eq(r.returncode, 0, "%s %s exit status" % (prog, flag))
            expect(r.stdout.strip() != "", "%s %s prints something" % (prog, flag))
            expect_eq(r.stderr, "", "%s %s: nothing on stderr" % (prog, flag))
    r = subprocess.run([CORRCHESSD, "--version"], capture_output=True, text=True, timeout=15)
    expect(re.search(r"\d+\.\d+", r.stdout), "a version number: %r" % r.stdout)
    r = subprocess.run([CORRCHESSD, "--help"], capture_output=True, text=True, timeout=15)
    for word in ("--db", "--listen"):
        expect(word in r.stdout, "--help mentions %s" % word)


@test
def newer_schema_is_refused():
    with Server(today=TODAY) as srv:
        srv.add_user("someone")
        srv.db_exec("INSERT INTO schema_migrations (version, name) VALUES (9999, 'future')")
        line = expect_one_line_failure(["--db", srv.db, "--listen", "127.0.0.1:%d" % free_port()],
                                       "schema 9999")
        expect("9999" in line or "newer" in line.lower(), "a clear message: %r" % line)
        expect_eq(srv.db_rows("SELECT count(*) FROM schema_migrations WHERE version = 9999"),
                  [(1,)], "the database was left alone")
        expect_eq(srv.db_rows("SELECT count(*) FROM users"), [(1,)], "users kept")
        r = srv.cli("user", "add", "--name", "other", "--email", "o@example.org", "--role",
                    "player", "--password-stdin", input="long-password\n")
        expect(r.returncode != 0, "corrchess refuses the newer schema too")


@test
def stored_fen_equals_replay():
    with cast_server() as (srv, ids, c):
        line = ["e4", "Nf6", "e5", "d5", "exd6", "exd6", "Nf3", "Be7", "Bc4", "O-O", "O-O",
                "Nc6", "d4", "h5", "Re1", "Rb8", "b4", "a5", "b5", "Ne5", "dxe5", "dxe5",
                "Rxe5", "Bd6", "Re2", "h4", "g4", "hxg3"]
        fens = []
        g = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        for i, mv in enumerate(line):
            g = play(c["alice"] if i % 2 == 0 else c["bob"], g["id"], mv)
            fens.append(g["fen"])
        thematic = "4k3/1P6/8/8/8/8/p7/4K2R w K - 0 1"
        t = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY, fen=thematic)
        t = play_line(c["alice"], c["bob"], t["id"], ["b8=Q+", "Ke7", "O-O", "a1=N"])
        for gid, start, api_fens, final in ((g["id"], START_FEN, fens, g["fen"]),
                                            (t["id"], thematic, None, t["fen"])):
            rows = srv.db_rows("SELECT uci FROM moves WHERE game_id = ? ORDER BY ply", (gid,))
            ucis = [u for (u,) in rows]
            if api_fens:
                expect_eq(len(ucis), len(line), "every move stored")
                for i in range(len(ucis)):
                    expect_eq(fen_replay(start, ucis[:i + 1]), api_fens[i],
                              "FEN after ply %d (%s)" % (i + 1, line[i]))
            (stored,), = srv.db_rows("SELECT fen FROM games WHERE id = ?", (gid,))
            (start_stored,), = srv.db_rows("SELECT start_fen FROM games WHERE id = ?", (gid,))
            expect_eq(start_stored, start, "start_fen")
            expect_eq(fen_replay(start, ucis), stored, "stored FEN = replay of stored moves")
            expect_eq(stored, final, "GET fen = stored FEN")


@test
def corrupt_game_is_refused_not_served():
    with cast_server() as (srv, ids, c):
        good = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        bad1 = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        bad2 = new_game(c["tl"], ids["alice"], ids["bob"], "server", TODAY)
        for gid in (good["id"], bad1["id"], bad2["id"]):
            play_line(c["alice"], c["bob"], gid, ["e4", "e5", "Nf3"])
        good = get_game(c["bob"], good["id"])
        # bad1: a stored move changed to another legal move (the FEN no
        # longer matches); bad2: a stored move that is not legal at all.
        srv.db_exec("UPDATE moves SET uci = 'd2d4', iccf = '4244', san = 'd4'"
                    " WHERE game_id = ? AND ply = 1", (bad1["id"],))
        srv.db_exec("UPDATE moves SET uci = 'e2e5' WHERE game_id = ? AND ply = 1", (bad2["id"],))
        # Rows changed behind the daemon at an unchanged rev: the daemon
        # that replayed them before serves the game it checked from its
        # cache (docs/OPERATIONS.md) until it reads them again, after a
        # restart.
        srv.restart()
        for gid in (bad1["id"], bad2["id"]):
            r = c["bob"].get("games/%d" % gid)
            expect_error(r, 500, "internal", "GET corrupt game %d" % gid)
            r = c["bob"].post("games/%d/moves" % gid, {"move": "Nc6"})
            expect(r.status == 500 and r.code == "internal", "move in corrupt game: %r" % r)
            expect_error_shape(r)
            r = c["alice"].post("games/%d/resign" % gid)
            expect(r.status == 500 and r.code == "internal", "resign in corrupt game: %r" % r)
            expect(srv.alive(), "the daemon did not crash")
        expect_eq(get_game(c["alice"], good["id"]), good, "the other game is served")
        play(c["bob"], good["id"], "Nc6")
        r = c["alice"].get("games?player=%d" % ids["alice"])
        expect_status(r, 200, "the list still answers")
        listed = [x["id"] for x in r.json["games"]]
        expect(good["id"] in listed, "the good game is listed")
        expect_eq(srv.db_rows("SELECT count(*) FROM moves WHERE game_id = ?", (bad1["id"],)),
                  [(3,)], "nothing was stored in the corrupt game")
        log = srv.read_log()
        expect("game %d" % bad1["id"] in log, "the corruption is logged:\n" + log[-2000:])


if __name__ == "__main__":
    run_tests()
