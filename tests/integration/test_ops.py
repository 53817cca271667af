#!/usr/bin/env python3
"""Operations (issue 10, API.md "Operations"): `corrchess backup` while the
daemon serves and takes moves, a second daemon on the copy; the key
`timezone` (faketime moves the clock of the real daemon); weak password
hashes renewed at login and CORRCHESS_FAST_HASH checked; log lines that
a client cannot forge; an SMTP login that never goes out without TLS (a
real aiosmtpd that offers no STARTTLS)."""
import contextlib
import glob
import os
import re
import shutil
import stat
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from harness import *  # noqa: E402,F401,F403

TODAY = "2027-09-01"
SYS_PYTHON = "/usr/bin/python3"  # Debian's, which can import python3-aiosmtpd
# A knight dance: no position is ever final, so a game takes moves forever
# (repetitions only end a game when claimed, FIDE 9.2).
DANCE = ["Nf3", "Nf6", "Ng1", "Ng8"]


def backup(srv, dest, *flags):
    return subprocess.run([CORRCHESS, "--db", srv.db, "backup"] + list(flags) + [dest],
                          capture_output=True, text=True, env=srv.env(), timeout=120)


class Mover(threading.Thread):
    """Plays the knight dance in several games, round robin, until told to
    stop; records each acknowledged move (game id, ply) in order."""

    def __init__(self, white, black, gids):
        super().__init__(daemon=True)
        self.white, self.black, self.gids = white, black, gids
        self.acked = []
        self.errors = []
        self.stop_flag = threading.Event()
        self.lock = threading.Lock()
        self.ply = {g: 0 for g in gids}

    def run(self):
        while not self.stop_flag.is_set():
            for g in self.gids:
                p = self.ply[g]
                who = self.white if p % 2 == 0 else self.black
                r = who.post("games/%d/moves" % g, {"move": DANCE[p % 4]})
                if r.status != 201:
                    self.errors.append((g, p + 1, r))
                    self.stop_flag.set()
                    return
                self.ply[g] = p + 1
                with self.lock:
                    self.acked.append((g, p + 1))

    def snapshot(self):
        with self.lock:
            return list(self.acked)


@test
def backup_while_serving_and_a_daemon_on_the_copy():
    with Server(today=TODAY) as srv:
        srv.start()
        w = World(srv)
        gids = [new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)["id"]
                for _ in range(5)]
        mover = Mover(w.alice, w.bob, gids)
        mover.start()
        try:
            while len(mover.snapshot()) < 40 and mover.is_alive():
                time.sleep(0.01)
            before = mover.snapshot()
            dest = os.path.join(srv.dir, "copy.db")
            r = backup(srv, dest)
            after = mover.snapshot()
            # The daemon kept taking moves while the copy was made.
            while len(mover.snapshot()) < len(after) + 20 and mover.is_alive():
                time.sleep(0.01)
        finally:
            mover.stop_flag.set()
            mover.join(60)
        expect_eq(mover.errors, [], "every move during the backup acknowledged")
        expect_eq(r.returncode, 0, "backup exit status (stderr %r)" % r.stderr)
        expect(re.fullmatch(r"backup: %s \(\d+ pages of \d+ bytes, schema \d+\)\n" % re.escape(dest),
                            r.stdout), "backup line: %r" % r.stdout)
        expect_eq(stat.S_IMODE(os.stat(dest).st_mode), 0o600, "the copy is private (hashes)")
        expect(not os.path.exists(dest + "-wal"), "the copy is one file")
        leftovers = [f for f in os.listdir(srv.dir) if ".tmp-" in f]
        expect_eq(leftovers, [], "no temporary file left")
        full = {g: get_game(w.tl, g) for g in gids}

        copy = Server(today=TODAY)
        copy.db = dest  # the second daemon serves the copy itself
        with copy:
            copy.start()
            tl = copy.login("tl")
            in_copy = 0
            for g in gids:
                c = get_game(tl, g)
                n = len(c["moves"])
                in_copy += n
                expect_eq(c["moves"], full[g]["moves"][:n], "game %d: the copy's moves are a "
                          "prefix of the served game's" % g)
                acked = max([p for gg, p in before if gg == g] or [0])
                expect(n >= acked, "game %d: every move acknowledged before the backup is in "
                       "the copy (%d < %d)" % (g, n, acked))
                last = max([p for gg, p in after if gg == g] or [0])
                # + 1: the one move in flight when the backup ended may be
                # committed in the copy before its answer reached the mover
                expect(n <= last + 1, "game %d: nothing from after the backup (%d > %d + 1)"
                       % (g, n, last))
                for k in ("white", "black", "profile", "start_date", "event"):
                    expect_eq(c[k], full[g][k], "game %d: %s" % (g, k))
            expect(in_copy >= len(before), "moves in the copy: %d < %d" % (in_copy, len(before)))
            # The copy is a working database: it takes a move of its own.
            g = gids[0]
            c = get_game(tl, g)
            side = copy.login("alice" if len(c["moves"]) % 2 == 0 else "bob")
            play(side, g, DANCE[len(c["moves"]) % 4])

        # Quiet now: a second copy serves exactly the same games.
        dest2 = os.path.join(srv.dir, "copy2.db")
        expect_eq(backup(srv, dest2).returncode, 0, "second backup")
        copy2 = Server(today=TODAY)
        copy2.db = dest2
        with copy2:
            copy2.start()
            tl2 = copy2.login("tl")
            for g in gids:
                expect_eq(get_game(tl2, g), get_game(w.tl, g), "game %d in the quiet copy" % g)
            expect_eq(tl2.get("games?player=%d" % w.ids["alice"]).json,
                      w.tl.get("games?player=%d" % w.ids["alice"]).json, "alice's game list")


@test
def backup_refusals_change_nothing():
    with Server(today=TODAY) as srv:
        srv.start()
        srv.add_user("someone")
        dest = os.path.join(srv.dir, "b.db")
        expect_eq(backup(srv, dest).returncode, 0, "first backup")
        size = os.path.getsize(dest)
        with open(dest, "r+b") as f:  # mark the copy to see it is not replaced
            f.seek(size - 1)
            f.write(b"\x01")
        r = backup(srv, dest)
        expect_eq(r.returncode, 1, "an existing DEST is refused: %r" % r.stderr)
        expect("--force" in r.stderr and r.stderr.count("\n") == 1, "one line naming --force: %r"
               % r.stderr)
        with open(dest, "rb") as f:
            f.seek(size - 1)
            expect_eq(f.read(), b"\x01", "DEST untouched")
        r = backup(srv, dest, "--force")
        expect_eq(r.returncode, 0, "--force replaces it: %r" % r.stderr)
        cases = [
            ([CORRCHESS, "--db", srv.db, "backup"], 2, "DEST"),
            ([CORRCHESS, "--db", srv.db, "backup", "a", "b"], 2, "unexpected"),
            ([CORRCHESS, "--db", srv.db, "backup", srv.db], 2, "itself"),
            ([CORRCHESS, "--db", srv.db, "backup", "--force",
              os.path.join(srv.dir, ".", "test.db")], 1, "itself"),
            ([CORRCHESS, "--db", os.path.join(srv.dir, "none.db"), "backup",
              os.path.join(srv.dir, "n2.db")], 1, "no database"),
            ([CORRCHESS, "--db", srv.db, "backup", "/nonexistent-dir/x.db"], 1, "cannot create"),
        ]
        plain = os.path.join(srv.dir, "plain.db")
        subprocess.run(["sqlite3", plain, "CREATE TABLE t(x)"], check=True)
        cases.append(([CORRCHESS, "--db", plain, "backup", os.path.join(srv.dir, "p2.db")], 1,
                      "not a corrchess database"))
        for args, status, word in cases:
            r = subprocess.run(args, capture_output=True, text=True, env=srv.env(), timeout=60)
            expect_eq(r.returncode, status, "%r: exit status (%r)" % (args[3:], r.stderr))
            expect_eq(r.stdout, "", "%r: nothing on stdout" % (args[3:],))
            lines = [l for l in r.stderr.splitlines() if l.strip()]
            expect(len(lines) == 1 and word.lower() in lines[0].lower(),
                   "%r: one line mentioning %r: %r" % (args[3:], word, r.stderr))
        expect(not os.path.exists(os.path.join(srv.dir, "none.db")), "no empty source made")
        expect_eq(sorted(f for f in os.listdir(srv.dir) if f.endswith(".db")),
                  ["b.db", "plain.db", "test.db"], "no copy made by a refusal")


# ------------------------------------------------------------ time zone

class ClockServer(Server):
    """A daemon whose clock libfaketime sets to `utc` (no CORRCHESS_TODAY),
    so "today" comes from the clock and the key timezone."""

    def __init__(self, utc, flags=()):
        super().__init__(today=None)
        self.utc, self.flags = utc, list(flags)

    def faked(self):
        """No wrapper: libfaketime is preloaded through env() instead (the
        faketime wrapper leaves a semaphore and a shared-memory object behind
        whenever its child is killed, and a later wrapper whose pid is reused
        then fails with "sem_open: File exists")."""
        return []

    def env(self):
        e = super().env()
        # faketime's relative form: independent of any time zone.
        target = datetime.datetime.fromisoformat(self.utc).replace(tzinfo=datetime.timezone.utc)
        e["FAKETIME"] = "%+ds" % int(target.timestamp() - time.time())
        libs = glob.glob("/usr/lib/*/faketime/libfaketime.so.1") + \
            glob.glob("/usr/lib/faketime/libfaketime.so.1")
        if not libs:
            raise AssertionError("libfaketime is not installed (contrib/install-deps.sh: faketime)")
        e["LD_PRELOAD"] = libs[0]
        e["FAKETIME_DONT_FAKE_MONOTONIC"] = "1"
        # An AddressSanitizer build wants its runtime first; libfaketime
        # is preloaded before it, which is harmless here.
        asan = e.get("ASAN_OPTIONS", "")
        e["ASAN_OPTIONS"] = (asan + ":" if asan else "") + "verify_asan_link_order=0"
        return e

    def argv(self):
        return self.faked() + super().argv() + self.flags

    def sweep_date(self):
        r = subprocess.run(self.faked() + [CORRCHESS, "--db", self.db] + self.flags + ["sweep"],
                           capture_output=True, text=True, env=self.env(), timeout=60)
        expect_eq(r.returncode, 0, "sweep: %r" % r.stderr)
        return r.stdout.strip().splitlines()[-1].split()[1].rstrip(":")


@test
def today_is_the_date_in_the_configured_zone():
    cases = [  # UTC clock, flags, the date of "today"
        ("2027-07-14T21:30:00", [], "2027-07-14"),  # 23:30 CEST
        ("2027-07-14T23:30:00", [], "2027-07-15"),  # 01:30 CEST: the next Danish day
        ("2027-07-14T23:30:00", ["--timezone", "UTC"], "2027-07-14"),
        ("2027-12-14T22:30:00", [], "2027-12-14"),  # 23:30 CET
        ("2027-12-14T23:30:00", [], "2027-12-15"),  # 00:30 CET
        ("2027-12-14T23:30:00", ["--timezone", "America/New_York"], "2027-12-14"),
    ]
    for utc, flags, want in cases:
        what = "%s UTC %s" % (utc, " ".join(flags) or "(default Europe/Copenhagen)")
        with ClockServer(utc, flags) as srv:
            ids = {n: srv.add_user(n, r)[0] for n, r in (("tl", "tl"), ("a", "player"),
                                                          ("b", "player"))}
            srv.start()
            # started the day before: the move is well inside the allowance
            g = new_game(srv.login("tl"), ids["a"], ids["b"], "server", add_days(want, -1))
            a = srv.login("a")
            g = play(a, g["id"], "e4")
            expect_eq(g["moves"][0]["sent"], want, what + ": the move is sent today")
            nxt = add_days(want, 1)
            r = a.post("games/%d/moves" % g["id"], {"move": "e5", "sent": nxt})
            expect_4xx(r, what + ": tomorrow is in the future")
            srv.stop()
            expect_eq(srv.sweep_date(), want, what + ": the sweep's today")


@test
def unknown_zone_is_refused():
    with Server(today=TODAY) as srv:
        for zone in ("Mars/Olympus", "../etc/passwd", "/etc/localtime", "Europe/Copenhagen "):
            for prog in (CORRCHESSD, CORRCHESS):
                args = [prog, "--db", srv.db, "--timezone", zone]
                args += (["--listen", "127.0.0.1:%d" % free_port()] if prog == CORRCHESSD
                         else ["sweep"])
                r = subprocess.run(args, capture_output=True, text=True, env=srv.env(),
                                   timeout=30)
                expect(r.returncode != 0, "%s --timezone %r: refused" % (prog, zone))
                lines = [l for l in r.stderr.splitlines() if l.strip()]
                expect(len(lines) == 1 and "timezone" in lines[0], "%s %r: one line: %r"
                       % (prog, zone, r.stderr))
        expect(not os.path.exists(srv.db), "nothing opened")


# ------------------------------------------------------------ passwords

def stored_hash(srv, name):
    return srv.db_rows("SELECT password_hash FROM users WHERE name = ?", (name,))[0][0]


@test
def weak_hash_is_renewed_at_login():
    with Server(today=TODAY) as srv:
        srv.add_user("weak")  # CORRCHESS_FAST_HASH=1: the minimum cost
        weak = stored_hash(srv, "weak")
        expect("m=8," in weak, "a fast hash: %r" % weak)
        srv.extra_env["CORRCHESS_FAST_HASH"] = ""
        srv.start()
        expect_error(srv.client().post("session", {"login": "weak", "password": "wrong-pass"}),
                     401, "bad_credentials", "a wrong password")
        expect_eq(stored_hash(srv, "weak"), weak, "a failed login changes nothing")
        srv.login("weak")
        strong = stored_hash(srv, "weak")
        expect(strong.startswith("$argon2id$") and "m=65536,t=2," in strong,
               "renewed at the interactive cost: %r" % strong)
        srv.login("weak")
        expect_eq(stored_hash(srv, "weak"), strong, "renewed once, not at every login")
        # A daemon in fast mode never weakens a hash.
        srv.extra_env["CORRCHESS_FAST_HASH"] = "1"
        srv.restart()
        srv.login("weak")
        expect_eq(stored_hash(srv, "weak"), strong, "fast mode leaves a strong hash alone")


def cpu_ticks(pid):
    """User + system CPU time of a process, in clock ticks (/proc/PID/stat)."""
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12])


@test
def unknown_login_costs_a_hash():
    """An unknown login is checked against a dummy hash of the real cost:
    the daemon spends about the CPU time on it that a wrong password costs
    (a ratio of CPU times, not a clock: the argon2id work is the point)."""
    with Server(today=TODAY, extra_env={"CORRCHESS_FAST_HASH": ""}) as srv:
        srv.add_user("real")  # the interactive cost: ~0.1 s of CPU a check
        srv.start()
        c = srv.client()
        expect_error(c.post("session", {"login": "nobody", "password": "x" * 12}), 401,
                     "bad_credentials", "warm-up (the dummy hash is made once)")

        def spend(login):
            t0 = cpu_ticks(srv.proc.pid)
            for _ in range(4):
                expect_error(c.post("session", {"login": login, "password": "wrong-password"}),
                             401, "bad_credentials", login)
            return cpu_ticks(srv.proc.pid) - t0

        wrong = spend("real")
        unknown = spend("nobody-at-all")
        expect(wrong >= 4, "a wrong password costs CPU: %d ticks" % wrong)
        expect(unknown * 2 >= wrong, "an unknown login costs about as much as a wrong password:"
               " %d vs %d ticks" % (unknown, wrong))


@test
def fast_hash_switch_is_checked_and_loud():
    with Server(today=TODAY) as srv:
        for value in ("yes", "2", "true"):
            srv.extra_env["CORRCHESS_FAST_HASH"] = value
            try:
                srv.start()
                started = True
            except RuntimeError:
                started = False
            srv.stop()
            expect(not started, "CORRCHESS_FAST_HASH=%s: the daemon refuses to start" % value)
            r = srv.cli("user", "add", "--name", "x", "--email", "x@example.org", "--role",
                        "player", "--password-stdin", input="password-1\n")
            expect(r.returncode != 0, "CORRCHESS_FAST_HASH=%s: the CLI refuses too" % value)
            lines = [l for l in r.stderr.splitlines() if l.strip()]
            expect(len(lines) == 1 and "CORRCHESS_FAST_HASH" in lines[0],
                   "one line naming the switch: %r" % r.stderr)
        expect("CORRCHESS_FAST_HASH" in srv.read_log(), "the daemon says why")
        srv.extra_env["CORRCHESS_FAST_HASH"] = "1"
        r = srv.cli("user", "add", "--name", "y", "--email", "y@example.org", "--role",
                    "player", "--password-stdin", input="password-1\n")
        expect_eq(r.returncode, 0, "user add in fast mode")
        expect(re.search(r"warn: .*MINIMUM.*CORRCHESS_FAST_HASH=1", r.stderr),
               "each weak hash is a warning: %r" % r.stderr)


# ------------------------------------------------------------ log lines

@test
def log_lines_cannot_be_forged():
    with Server(today=TODAY) as srv:
        srv.start()
        forged = "corrchessd: error: FORGED"
        r = srv.client().get("/api/v1/x%0A" + forged.replace(" ", "%20") + "%0D%1B%5Cn")
        expect_4xx(r, "an unknown path")
        srv.stop()
        log = srv.read_log()
        expect(not any(l.startswith(forged) for l in log.splitlines()),
               "no forged line:\n" + log)
        expect("/api/v1/x\\n" + forged + "\\r\\x1b\\\\n" in log,
               "the path is logged with its control bytes escaped:\n" + log)


# ------------------------------------------------------------ health, metrics, access log

def metric(text, series):
    """The value of one sample line of the Prometheus text, or None."""
    for line in text.splitlines():
        if line.startswith(series + " "):
            return float(line.split()[-1])
    return None


@test
def healthz_metrics_and_the_access_log():
    with Server(today=TODAY) as srv:
        srv.start()
        w = World(srv)
        anon = srv.client()
        r = anon.get("/healthz")
        expect_status(r, 200, "GET /healthz without a login")
        expect_eq(r.json, {"status": "ok", "ready": True,
                           "schema": srv.db_rows("SELECT max(version) FROM schema_migrations")[0][0]},
                  "healthz body: ready, and the schema (issue 19)")
        g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)
        play_line(w.alice, w.bob, g["id"], DANCE[:3])
        expect_error(anon.post("session", {"login": "alice", "password": "wrong-password"}),
                     401, "bad_credentials", "a failed login")
        expect_status(anon.get("games/99999"), 401, "no login")
        # the moves queued their own mail (docs/NOTIFY.md): count what was there
        before = srv.db_rows("SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL")[0][0]
        failed = srv.db_rows("SELECT count(*) FROM mail_outbox WHERE sent_at IS NULL"
                             " AND attempts > 0")[0][0]
        srv.db_exec("INSERT INTO mail_outbox (to_addr, subject, body, created_on, attempts)"
                    " VALUES ('a@example.org', 's', 'b', ?, 0), ('b@example.org', 's', 'b', ?, 2)",
                    (TODAY, TODAY))
        r = anon.get("/metrics")
        expect_status(r, 200, "GET /metrics without a login")
        expect(r.headers.get("Content-Type", "").startswith("text/plain; version=0.0.4"),
               "the exposition format: %r" % r.headers.get("Content-Type"))
        t = r.text
        moves = 'method="POST",route="/api/v1/games/{id}/moves"'
        expect_eq(metric(t, "corrchess_http_requests_total{%s,status=\"201\"}" % moves), 3.0,
                  "three moves answered 201")
        expect_eq(metric(t, "corrchess_http_request_duration_seconds_count{%s}" % moves), 3.0,
                  "histogram count")
        expect_eq(metric(t, 'corrchess_http_request_duration_seconds_bucket{%s,le="+Inf"}'
                         % moves), 3.0, "+Inf bucket")
        buckets = [float(l.split()[-1]) for l in t.splitlines()
                   if l.startswith("corrchess_http_request_duration_seconds_bucket{%s," % moves)]
        expect(buckets == sorted(buckets) and len(buckets) > 5, "cumulative buckets %r" % buckets)
        expect_eq(metric(t, "corrchess_moves_total"), 3.0, "moves")
        expect_eq(metric(t, "corrchess_active_games"), 1.0, "active games")
        expect_eq(metric(t, "corrchess_mails_queued"), before + 2.0, "mails queued")
        expect_eq(metric(t, "corrchess_mails_failed"), failed + 1.0, "mails failed")
        expect_eq(metric(t, "corrchess_database_up"), 1.0, "database up")
        flushes = metric(t, "corrchess_wal_flushes_total")
        expect(flushes is not None and 3 <= flushes, "synchronous = full: the group commit "
               "flushed for the moves (%r)" % flushes)
        expect(metric(t, "corrchess_login_failures_total") >= 1, "login failures")
        expect_eq(metric(t, 'corrchess_http_requests_total{method="GET",route="/api/v1/games/{id}",'
                         'status="401"}'), 1.0, "by route pattern, not by path")
        expect("/api/v1/games/99999" not in t, "no raw paths in the labels")
        # The database no longer answers the health read: 503.
        srv.db_exec("ALTER TABLE schema_migrations RENAME TO schema_migrations_gone")
        expect_eq(anon.get("/healthz").status, 503, "healthz when the read fails")
        srv.db_exec("ALTER TABLE schema_migrations_gone RENAME TO schema_migrations")
        expect_eq(anon.get("/healthz").status, 200, "and back")
        srv.stop()
        lines = [l for l in srv.read_log().splitlines() if ": access " in l]
        want = re.compile(r'corrchessd: info: access method=POST route=/api/v1/games/\{id\}/moves '
                          r'path="/api/v1/games/%d/moves" status=201 ms=\d+\.\d addr=127\.0\.0\.1$'
                          % g["id"])
        expect_eq(len([l for l in lines if want.match(l)]), 3, "one access line a move:\n"
                  + "\n".join(lines[-10:]))


@test
def synchronous_normal_has_no_flushes():
    with Server(today=TODAY, extra_env={"CORRCHESS_SYNCHRONOUS": "normal"}) as srv:
        srv.start()
        w = World(srv)
        g = new_game(w.tl, w.ids["alice"], w.ids["bob"], "server", TODAY)
        play_line(w.alice, w.bob, g["id"], DANCE[:2])
        t = srv.client().get("/metrics").text
        expect_eq(metric(t, "corrchess_wal_flushes_total"), None, "no group commit")
        expect_eq(metric(t, "corrchess_moves_total"), 2.0, "the moves count")
    r = subprocess.run([CORRCHESSD, "--synchronous", "off", "--listen", "127.0.0.1:0"],
                       capture_output=True, text=True, timeout=30)
    expect(r.returncode != 0 and "synchronous" in r.stderr, "a bad value is refused: %r"
           % r.stderr)


# ------------------------------------------------------------ SMTP

SMTPD = r"""
import signal, sys
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult
port, log = int(sys.argv[1]), sys.argv[2]
def note(s):
    with open(log, "a") as f:
        f.write(s + "\n")
class Handler:
    async def handle_DATA(self, server, session, envelope):
        note("DATA " + ",".join(envelope.rcpt_tos))
        return "250 OK"
def authenticator(server, session, envelope, mechanism, auth_data):
    note("AUTH " + mechanism)
    return AuthResult(success=True)
# No tls_context: this server offers no STARTTLS, as when a man in the
# middle strips it; it would take a login in clear.
c = Controller(Handler(), hostname="127.0.0.1", port=port, authenticator=authenticator,
               auth_require_tls=False)
c.start()
note("READY")
signal.sigwait({signal.SIGTERM, signal.SIGINT})
c.stop()
"""


@contextlib.contextmanager
def clear_smtpd():
    """SMTPD on a free loopback port, until the block ends: yields the
    port and the file of what it noted (READY once it listens)."""
    d = tempfile.mkdtemp(prefix="corrchess-smtp-")
    log, port = os.path.join(d, "smtpd.log"), free_port()
    script = os.path.join(d, "smtpd.py")
    with open(script, "w") as f:
        f.write(SMTPD)
    p = subprocess.Popen([SYS_PYTHON, script, str(port), log], stderr=subprocess.PIPE)
    try:
        deadline = time.time() + 30
        while not (os.path.exists(log) and "READY" in open(log).read()):
            if p.poll() is not None:
                raise AssertionError("aiosmtpd (python3-aiosmtpd) exited: %r"
                                     % p.communicate()[1])
            if time.time() > deadline:
                p.terminate()
                raise AssertionError("aiosmtpd did not start: %r" % p.communicate()[1])
            time.sleep(0.05)
        yield port, log
    finally:
        p.terminate()
        p.wait(20)
        shutil.rmtree(d, ignore_errors=True)


@test
def smtp_login_is_never_sent_without_tls():
    with Server(today=TODAY) as srv:
        srv.start()
        srv.stop()
        with clear_smtpd() as (port, log):
            srv.db_exec("INSERT INTO mail_outbox (to_addr, subject, body, created_on)"
                        " VALUES ('alice@example.org', 'Test', 'Hello', ?)", (TODAY,))

            def sweep(*extra):
                return subprocess.run(
                    [CORRCHESS, "--db", srv.db, "--smtp_url", "smtp://127.0.0.1:%d" % port,
                     "--mail_from", "corrchess@example.org"] + list(extra) + ["sweep"],
                    capture_output=True, text=True, env=srv.env(), timeout=120)

            r = sweep("--smtp_user", "corrchess", "--smtp_password", "secret")
            expect_eq(r.returncode, 1, "a mail not sent is a failure: %r %r" % (r.stdout, r.stderr))
            expect(r.stdout.strip().endswith("0 sent, 1 failed"), "summary: %r" % r.stdout)
            row = srv.db_rows("SELECT sent_at, attempts, last_error FROM mail_outbox")[0]
            expect(row[0] is None and row[1] == 1, "still in the outbox: %r" % (row,))
            expect(re.search(r"SSL|TLS", row[2] or ""), "the error says TLS: %r" % (row[2],))
            got = open(log).read()
            expect("AUTH" not in got and "DATA" not in got, "no login, no mail in clear: " + got)
            # The same server without a login: the relay takes the mail.
            r = sweep()
            expect_eq(r.returncode, 0, "no login: sent (%r)" % r.stderr)
            expect(srv.db_rows("SELECT sent_at FROM mail_outbox")[0][0] is not None, "sent")
            expect("DATA alice@example.org" in open(log).read(), "the server got it")


# ------------------------------------------------------------ passwords: change and reset

def outbox_rows(srv):
    return srv.db_rows("SELECT id, to_addr, subject, body, sent_at FROM mail_outbox ORDER BY id")


@test
def password_change():
    with Server(today=TODAY) as srv:
        srv.add_user("hans", password="old-password-1")
        srv.start()
        a = srv.login("hans", "old-password-1")
        b = srv.login("hans", "old-password-1")  # another device
        expect_error(a.post("users/me/password", {"old": "wrong-password", "new": "new-password-1"}),
                     403, "wrong_password", "a wrong old password")
        expect_error(a.post("users/me/password", {"old": "old-password-1", "new": "short"}), 422,
                     "invalid_field", "a short new password")
        expect_error(a.post("users/me/password", {"old": "old-password-1"}), 422, "missing_field",
                     "no new password")
        expect_error(srv.client().post("users/me/password", {"old": "old-password-1",
                                                             "new": "new-password-1"}),
                     401, "unauthorized", "not signed in")
        expect_status(srv.client().post("session", {"login": "hans", "password": "old-password-1"}),
                      201, "nothing changed so far")
        r = a.post("users/me/password", {"old": "old-password-1", "new": "new-password-1"})
        expect_status(r, 200, "changed")
        expect_eq(r.json, {"password_changed": True}, "answer")
        expect_status(a.get("users/1"), 200, "this session goes on")
        expect_error(b.get("users/1"), 401, "unauthorized", "the other sessions ended")
        expect_error(srv.client().post("session", {"login": "hans", "password": "old-password-1"}),
                     401, "bad_credentials", "the old password is dead")
        srv.login("hans", "new-password-1")


def wait_rows(srv, n):
    """The outbox once it holds n rows (the sender queues a reset within
    a second; the deadline only ends a failing test)."""
    deadline = time.time() + 30
    while time.time() < deadline:
        rows = outbox_rows(srv)
        if len(rows) >= n:
            return rows
        time.sleep(0.05)
    raise AssertionError("the outbox has %r, not %d rows" % (outbox_rows(srv), n))


@test
def password_reset_by_mail():
    with Server(today=TODAY) as srv:
        srv.add_user("ida", email="ida@example.org", password="first-password")
        srv.start()
        c = srv.login("ida", "first-password")
        anon = srv.client()
        for login in ("nobody", "nobody@example.org"):
            r = anon.post("password-reset", {"login": login})
            expect_status(r, 202, "unknown login %r" % login)
            expect_eq(r.json, {"accepted": True}, "the same answer")
        r = anon.post("password-reset", {"login": "ida@example.org"})
        expect_status(r, 202, "ida's e-mail")
        expect_eq(r.json, {"accepted": True}, "the same answer")
        # issue 20: the request is queued; the outbox sender stores the
        # mail (in order, so the unknown logins were passed by then).
        rows = wait_rows(srv, 1)
        expect_eq(len(rows), 1, "one mail queued, none for the unknown logins")
        _, to, subject, body, _ = rows[0]
        expect_eq(to, "ida@example.org", "to ida")
        expect("adgangskode" in subject and "password" in subject, "Danish and English: %r"
               % subject)
        m = re.search(r"/reset-password\?token=([0-9a-f]{64})", body)
        expect(m, "a one-time link in the mail: %r" % body)
        expect("Hej ida" in body and "Hello ida" in body, "both languages: %r" % body)
        token = m.group(1)
        expect(not srv.db_rows("SELECT 1 FROM password_resets WHERE token_hash = ?",
                               (token.encode(),)), "the token itself is not stored")
        expect_status(anon.post("password-reset", {"login": "ida"}), 202, "again at once")
        srv.add_user("ida2", email="ida2@example.org")
        expect_status(anon.post("password-reset", {"login": "ida2"}), 202, "another user")
        expect_eq([r[1] for r in wait_rows(srv, 2)], ["ida@example.org", "ida2@example.org"],
                  "no second mail to ida within 15 minutes")
        expect_error(anon.post("password-reset/confirm", {"token": token, "password": "short"}),
                     422, "invalid_field", "a short password")
        expect_error(anon.post("password-reset/confirm", {"token": "ab" * 32,
                                                          "password": "second-password"}),
                     422, "invalid_token", "an unknown token")
        expect_error(anon.post("password-reset/confirm", {"token": "nope",
                                                          "password": "second-password"}),
                     422, "invalid_token", "not a token")
        r = anon.post("password-reset/confirm", {"token": token, "password": "second-password"})
        expect_status(r, 200, "the link works")
        expect_error(c.get("users/1"), 401, "unauthorized", "every session ended")
        expect_error(anon.post("session", {"login": "ida", "password": "first-password"}), 401,
                     "bad_credentials", "the old password is dead")
        srv.login("ida", "second-password")
        expect_error(anon.post("password-reset/confirm", {"token": token,
                                                          "password": "third-password"}),
                     422, "invalid_token", "the link works once")
        # An expired link does not work.
        expect_status(anon.post("password-reset", {"login": "ida"}), 202, "a new link")
        body = wait_rows(srv, 3)[-1][3]
        token2 = re.search(r"token=([0-9a-f]{64})", body).group(1)
        srv.db_exec("UPDATE password_resets SET expires_at = 0 WHERE used_at IS NULL")
        expect_error(anon.post("password-reset/confirm", {"token": token2,
                                                          "password": "third-password"}),
                     422, "invalid_token", "an expired link")


@test
def password_reset_mail_goes_out_by_the_sender():
    with Server(today=TODAY) as srv:
        srv.add_user("jens", email="jens@example.org")
        with clear_smtpd() as (port, log):
            srv.extra_env.update({"CORRCHESS_SMTP_URL": "smtp://127.0.0.1:%d" % port,
                                  "CORRCHESS_MAIL_FROM": "corrchess@example.org"})
            srv.start()
            expect_status(srv.client().post("password-reset", {"login": "jens"}), 202, "reset")
            # issue 20: sent by the outbox sender (once: test_accounts.py),
            # not in the request.
            deadline = time.time() + 30
            while not (outbox_rows(srv) and outbox_rows(srv)[0][4]) and time.time() < deadline:
                time.sleep(0.05)
            expect(outbox_rows(srv)[0][4] is not None, "marked sent in the outbox")
            expect_eq(open(log).read().count("DATA jens@example.org"), 1, "sent once")
            expect("token=" not in outbox_rows(srv)[0][3] or
                   "token=(removed once sent)" in outbox_rows(srv)[0][3],
                   "the sent row keeps no link: %r" % outbox_rows(srv)[0][3])


if __name__ == "__main__":
    run_tests()
