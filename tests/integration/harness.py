"""Integration-test harness: starts the real corrchessd on a free loopback
port with a temporary SQLite database and talks to it over HTTP.

Environment (set by `make check`): CORRCHESS, CORRCHESSD (the binaries).
Tests are plain functions registered with @test and run by run_tests(),
which prints one line per test and a final "N passed, N failed" line and
exits non-zero when any test failed.
"""
import atexit
import datetime
import http.client
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
import traceback
import urllib.error
import urllib.request

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import openapi_check  # noqa: E402 (beside this file)

CORRCHESS = os.environ.get("CORRCHESS", "corrchess")
CORRCHESSD = os.environ.get("CORRCHESSD", "corrchessd")
TOP_SRCDIR = os.environ.get(
    "TOP_SRCDIR", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".."))
API = "/api/v1"
STATIC_DIR = os.path.join(TOP_SRCDIR, "static")  # the web pages the daemon serves

_tests = []


def test(fn):
    """Registers a test function (run in definition order)."""
    _tests.append(fn)
    return fn


def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Trickle:
    """A byte a second on each of socks, from a thread, until stop(): slow
    clients that keep their request going and never finish it."""

    def __init__(self, socks):
        self.socks, self.done = socks, threading.Event()
        self.thread = threading.Thread(target=self._run, daemon=True)
        self.thread.start()

    def _run(self):
        while not self.done.is_set():
            for s in self.socks:
                try:
                    s.send(b"a", socket.MSG_DONTWAIT)
                except OSError:
                    pass
            self.done.wait(1)

    def stop(self, timeout=30):
        self.done.set()
        self.thread.join(timeout)


def wait_listening(proc, port, what, log=lambda: "", exc=RuntimeError):
    """Waits (up to 20 s) until proc accepts connections on the loopback
    port; raises exc when it exits first (with log()) or never listens."""
    deadline = time.time() + 20
    while time.time() < deadline:
        if proc.poll() is not None:
            raise exc("%s exited at start:\n%s" % (what, log()))
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return
        except OSError:
            time.sleep(0.05)
    raise exc("%s did not start listening on %d" % (what, port))


def wait_ready_once(port, timeout=2):
    """True when GET /healthz on port answers 200 with "ready": true."""
    try:
        with urllib.request.urlopen("http://127.0.0.1:%d/healthz" % port, timeout=timeout) as r:
            return r.status == 200 and json.loads(r.read()).get("ready") is True
    except (OSError, ValueError, http.client.HTTPException):
        return False


class Response:
    def __init__(self, status, body, headers):
        self.status = status
        self.text = body.decode("utf-8", "replace")
        self.headers = headers
        try:
            self.json = json.loads(self.text) if self.text else None
        except ValueError:
            self.json = None

    @property
    def code(self):
        """The API.md error code, or None."""
        if isinstance(self.json, dict) and isinstance(self.json.get("error"), dict):
            return self.json["error"].get("code")
        return None

    def __repr__(self):
        return "Response(%d, %s)" % (self.status, self.text[:300])


class Client:
    def __init__(self, server, token=None):
        self.server = server
        self.token = token

    def request(self, method, path, body=None, raw=None, headers=None):
        """body: a Python value sent as JSON; raw: bytes sent as they are."""
        url = "http://127.0.0.1:%d%s" % (self.server.port, path if path.startswith("/") else API + "/" + path)
        data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
        req = urllib.request.Request(url, method=method, data=data)
        if data is not None:
            req.add_header("Content-Type", "application/json")
        if self.token:
            req.add_header("Authorization", "Bearer " + self.token)
        for k, v in (headers or {}).items():
            req.add_header(k, v)
        try:
            with urllib.request.urlopen(req, timeout=30) as r:
                resp = Response(r.status, r.read(), dict(r.headers))
        except urllib.error.HTTPError as e:
            resp = Response(e.code, e.read(), dict(e.headers))
        openapi_check.check(method, url, resp)  # issue 23: the answer as docs/openapi.yaml says
        return resp

    def get(self, path, **kw):
        return self.request("GET", path, **kw)

    def post(self, path, body=None, **kw):
        return self.request("POST", path, body=body, **kw)


class Server:
    """One corrchessd with its own temporary database."""

    def __init__(self, today=None, extra_env=None, static_dir=STATIC_DIR):
        self.dir = tempfile.mkdtemp(prefix="corrchess-test-")
        self.static_dir = static_dir
        self.db = os.path.join(self.dir, "test.db")
        self.today = today
        self.extra_env = extra_env or {}
        self.proc = None
        self.port = None
        self.log = os.path.join(self.dir, "corrchessd.log")
        self.deadline_check = True  # False: a test broke the database on purpose
        _servers.append(self)

    def env(self):
        e = dict(os.environ)
        e["CORRCHESS_FAST_HASH"] = "1"  # minimum argon2id cost, for speed
        # Every test signs in from 127.0.0.1, many of them with wrong
        # passwords on purpose: the login limits (API.md "Operations") are
        # off unless a test (test_ops.py) sets them through extra_env.
        e["CORRCHESS_LOGIN_FAILURES"] = "0"
        e["CORRCHESS_ADDRESS_FAILURES"] = "0"
        e["CORRCHESS_NAME_FAILURES"] = "0"
        e["CORRCHESS_ADDRESS_HASHES"] = "0"
        if self.today:
            e["CORRCHESS_TODAY"] = self.today
        else:
            e.pop("CORRCHESS_TODAY", None)
        e.update(self.extra_env)
        return e

    def argv(self):
        """The daemon's command line (a subclass may wrap or extend it)."""
        return [CORRCHESSD, "--db", self.db, "--listen", "127.0.0.1:%d" % self.port,
                "--static_dir", self.static_dir]

    def start(self):
        self.port = free_port()
        logf = open(self.log, "ab")
        self.proc = subprocess.Popen(self.argv(), env=self.env(), stdout=logf, stderr=logf)
        logf.close()
        # Ready is what /healthz says (issue 19): the daemon listens only
        # after its migrations and start-up work, and says "ready" once
        # all is done; a TCP connect alone proved neither.
        deadline = time.time() + 60
        while time.time() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError("corrchessd exited at start:\n" + self.read_log())
            if wait_ready_once(self.port):
                return self
            time.sleep(0.05)
        raise RuntimeError("corrchessd did not become ready:\n" + self.read_log())

    def stop(self):
        """SIGTERM; returns the exit status (0 expected)."""
        if not self.proc:
            return None
        self.proc.send_signal(signal.SIGTERM)
        try:
            rc = self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            rc = self.proc.wait()
        self.proc = None
        return rc

    def restart(self, today=None):
        rc = self.stop()
        if today:
            self.today = today
        self.start()
        return rc

    def set_today(self, today):
        """Changes CORRCHESS_TODAY (restarts the daemon)."""
        return self.restart(today)

    def read_log(self):
        try:
            with open(self.log, "r", errors="replace") as f:
                return f.read()
        except OSError:
            return ""

    def cli(self, *args, input=None):
        """Runs `corrchess --db DB ARGS`; returns CompletedProcess."""
        return subprocess.run([CORRCHESS, "--db", self.db] + list(args), input=input,
                              capture_output=True, text=True, env=self.env(), timeout=60)

    def add_user(self, name, role="player", password=None, email=None):
        """Adds a user with the CLI; returns (id, password)."""
        password = password or ("pw-" + name + "-secret")
        r = self.cli("user", "add", "--name", name, "--email", email or (name + "@example.org"),
                     "--role", role, "--password-stdin", input=password + "\n")
        if r.returncode != 0:
            raise RuntimeError("user add failed: " + r.stderr)
        return int(r.stdout.split()[1]), password

    def client(self, token=None):
        return Client(self, token)

    def login(self, name, password=None):
        password = password or ("pw-" + name + "-secret")
        r = self.client().post("session", {"login": name, "password": password})
        if r.status != 201:
            raise RuntimeError("login failed: %r" % r)
        return Client(self, r.json["token"])

    def close(self):
        self.stop()
        shutil.rmtree(self.dir, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def alive(self):
        return self.proc is not None and self.proc.poll() is None

    # -- direct access to the test database (Python's sqlite3, no mocks) --

    def db_rows(self, sql, args=()):
        """Runs a query on the test database; returns all rows."""
        con = sqlite3.connect(self.db, timeout=10)
        try:
            return con.execute(sql, args).fetchall()
        finally:
            con.close()

    def db_exec(self, sql, args=(), repair=True):
        """Runs a statement on the test database and commits it.  A write
        past the server changes no game's dates (game_deadlines, issue 16):
        they are repaired as an operator would, with check-deadlines --fix
        (not with repair=False: what check-deadlines is there to find)."""
        con = sqlite3.connect(self.db, timeout=10)
        try:
            con.execute(sql, args)
            con.commit()
        finally:
            con.close()
        if not repair or not re.search(r"\b(games|moves|vacations)\b", sql):
            return  # no game's dates can have changed
        r = self.cli("check-deadlines", "--fix")
        if r.returncode != 0:
            raise RuntimeError("check-deadlines --fix failed: " + r.stdout + r.stderr)

    def check_deadlines(self):
        """Issue 16: every active game's stored dates (game_deadlines) are
        what `corrchess check-deadlines` computes from scratch; raises
        AssertionError with its report when they differ."""
        if not self.deadline_check or not os.path.exists(self.db):
            return
        r = self.cli("check-deadlines")
        expect(r.returncode == 0 and r.stdout.startswith("check-deadlines: "),
               "check-deadlines found stale dates (exit %d):\n%s%s"
               % (r.returncode, r.stdout, r.stderr))


_servers = []  # every Server of this test file, for check_deadlines_all()


def check_deadlines(srv):
    """Call at the end of a scenario: the dates kept at every write agree
    with the dates computed from scratch (Server.check_deadlines())."""
    srv.check_deadlines()


def check_deadlines_all():
    """check_deadlines() of every Server this file started whose database
    still exists; run_tests() calls it after each test."""
    for srv in _servers:
        srv.check_deadlines()


def expect(cond, msg="expectation failed"):
    if not cond:
        raise AssertionError(msg)


def expect_eq(got, want, what=""):
    if got != want:
        raise AssertionError("%s: got %r, want %r" % (what or "value", got, want))


def expect_error_shape(resp, what=""):
    """The API.md error body: {"error": {"code": snake_case, "message": a sentence}}."""
    j = resp.json
    ok = (isinstance(j, dict) and isinstance(j.get("error"), dict)
          and isinstance(j["error"].get("code"), str)
          and re.fullmatch(r"[a-z][a-z0-9_]*", j["error"]["code"]) is not None
          and isinstance(j["error"].get("message"), str) and j["error"]["message"].strip() != "")
    if not ok:
        raise AssertionError("%s: not an API.md error body: %r" % (what or "error", resp))
    ctype = resp.headers.get("Content-Type", "")
    if not ctype.startswith("application/json"):
        raise AssertionError("%s: error Content-Type %r" % (what or "error", ctype))


def expect_error(resp, status, code, what=""):
    """An API.md error response with that status and code."""
    if resp.status != status or resp.code != code:
        raise AssertionError("%s: want %d %s, got %r" % (what or "error", status, code, resp))
    expect_error_shape(resp, what)


def expect_status(resp, status, what=""):
    if resp.status != status:
        raise AssertionError("%s: want status %d, got %r" % (what or "response", status, resp))


def expect_4xx(resp, what=""):
    """Refused as bad input: a 4xx with the API.md error body (never a 5xx)."""
    if not 400 <= resp.status < 500:
        raise AssertionError("%s: want a 4xx, got %r" % (what or "bad input", resp))
    expect_error_shape(resp, what)


def expect_message_mentions(resp, *words, what=""):
    msg = (resp.json or {}).get("error", {}).get("message", "")
    for w in words:
        if w.lower() not in msg.lower():
            raise AssertionError("%s: message %r does not mention %r" % (what or "error", msg, w))


# ---------------------------------------------------------------- fixtures

_shared = {}


def shared_server(key="default", today="2027-09-01", **kw):
    """One daemon per test file (and key), started on first use and closed
    at exit, so a file pays for the start-up once."""
    if key not in _shared:
        _shared[key] = own_server(today, **kw)
    return _shared[key]


def own_server(today="2027-09-01", **kw):
    """A daemon of the caller's own, started, and closed at exit."""
    srv = Server(today=today, **kw).start()
    atexit.register(srv.close)
    return srv


class World:
    """A daemon with the usual cast: a TL, an admin and three players,
    each signed in (attributes tl, admin, alice, bob, carol: Clients;
    ids in .ids)."""

    def __init__(self, server):
        self.server = server
        self.ids = {}
        for name, role in (("tl", "tl"), ("admin", "admin"), ("alice", "player"),
                           ("bob", "player"), ("carol", "player")):
            self.ids[name], _ = server.add_user(name, role)
            setattr(self, name, server.login(name))

    def relogin(self):
        for name in self.ids:
            setattr(self, name, self.server.login(name))


_worlds = {}


def shared_world(key="default", today="2027-09-01", **kw):
    if key not in _worlds:
        _worlds[key] = World(shared_server(key, today=today, **kw))
    return _worlds[key]


def routes():
    """The routes the daemon serves, as a set of "METHOD /pattern"."""
    r = subprocess.run([CORRCHESSD, "--routes"], capture_output=True, text=True, timeout=30)
    return set(l.strip() for l in r.stdout.splitlines() if l.strip())


def load_vectors(name):
    with open(os.path.join(TOP_SRCDIR, "tests", "vectors", name)) as f:
        return json.load(f)


def day(s):
    return datetime.date.fromisoformat(s)


def iso(d):
    return d.isoformat()


def add_days(s, n):
    return iso(day(s) + datetime.timedelta(days=n))


GAME_KEYS = {"id", "event", "profile", "start_date", "white", "black", "status", "result",
             "termination", "to_move", "fen", "moves", "clock", "series", "draw_offer",
             "rev"}
MOVE_KEYS = {"ply", "number", "color", "iccf", "san", "received", "sent", "days"}
CLOCK_KEYS = {"used_days", "penalty_days", "next_control", "forfeit_date"}
USER_KEYS = {"id", "name", "role"}
START_FEN = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def expect_user(u, uid=None, name=None, role=None):
    expect(isinstance(u, dict), "USER is an object: %r" % (u,))
    missing = USER_KEYS - set(u)
    expect(not missing, "USER lacks %s: %r" % (missing, u))
    expect(isinstance(u["id"], int) and u["id"] > 0, "USER id: %r" % (u,))
    expect(u["role"] in ("player", "tl", "admin"), "USER role: %r" % (u,))
    for k in ("email", "password", "password_hash"):
        expect(k not in u, "USER must not carry %s: %r" % (k, u))
    if uid is not None:
        expect_eq(u["id"], uid, "USER id")
    if name is not None:
        expect_eq(u["name"], name, "USER name")
    if role is not None:
        expect_eq(u["role"], role, "USER role")


def expect_game_shape(g):
    """Every field of API.md's GAME, with the right types."""
    expect(isinstance(g, dict), "GAME is an object: %r" % (g,))
    missing = GAME_KEYS - set(g)
    expect(not missing, "GAME lacks %s" % sorted(missing))
    expect(isinstance(g["id"], int), "id")
    expect(isinstance(g["rev"], int) and g["rev"] >= 0, "rev %r" % (g["rev"],))
    expect(g["event"] is None or isinstance(g["event"], str), "event")
    expect(g["profile"] in ("dsu-post", "dsu-post-email", "dsu-email", "server"), "profile %r" % g["profile"])
    expect(re.fullmatch(r"\d{4}-\d{2}-\d{2}", g["start_date"] or ""), "start_date")
    expect_user(g["white"])
    expect_user(g["black"])
    expect(g["status"] in ("active", "finished"), "status %r" % g["status"])
    expect(g["result"] in ("*", "1-0", "0-1", "1/2-1/2", "0-0"), "result %r" % g["result"])
    expect(g["termination"] in (None, "checkmate", "stalemate", "dead_position", "resignation",
                                "agreement", "threefold", "fifty_moves", "time_forfeit",
                                "adjudication"), "termination %r" % g["termination"])
    expect((g["status"] == "active") == (g["result"] == "*"), "status/result %r %r"
           % (g["status"], g["result"]))
    expect((g["termination"] is None) == (g["status"] == "active"),
           "termination %r with status %r" % (g["termination"], g["status"]))
    expect(g.get("result_how", "missing") in (None, "played", "reported", "adjudicated",
                                              "scored"), "result_how %r" % g.get("result_how"))
    expect((g["result_how"] is None) == (g["status"] == "active"),
           "result_how %r with status %r" % (g["result_how"], g["status"]))
    expect(g["to_move"] in ("white", "black"), "to_move")
    expect(isinstance(g["fen"], str) and len(g["fen"].split()) == 6, "fen %r" % g["fen"])
    expect_eq(g["fen"].split()[1], g["to_move"][0], "fen side vs to_move")
    expect(isinstance(g["moves"], list), "moves")
    for i, m in enumerate(g["moves"]):
        missing = MOVE_KEYS - set(m)
        expect(not missing, "move %d lacks %s" % (i + 1, sorted(missing)))
        expect_eq(m["ply"], i + 1, "move ply")
        expect(m["color"] in ("white", "black"), "move color")
        expect(isinstance(m["days"], int) and m["days"] >= 0, "move days")
    expect(isinstance(g["clock"], dict) and set(g["clock"]) >= {"white", "black"}, "clock")
    for side in ("white", "black"):
        c = g["clock"][side]
        missing = CLOCK_KEYS - set(c)
        expect(not missing, "clock.%s lacks %s" % (side, sorted(missing)))
        expect(isinstance(c["used_days"], int) and isinstance(c["penalty_days"], int),
               "clock.%s days" % side)
        expect(c["used_days"] >= c["penalty_days"] >= 0, "used_days includes penalties")
        nc = c["next_control"]
        expect(isinstance(nc, dict) and isinstance(nc.get("move"), int)
               and isinstance(nc.get("limit_days"), int), "clock.%s.next_control" % side)
        fd = c["forfeit_date"]
        to_move = g["status"] == "active" and g["to_move"] == side
        if to_move:
            expect(isinstance(fd, str) and re.fullmatch(r"\d{4}-\d{2}-\d{2}", fd),
                   "forfeit_date of the side to move: %r" % (fd,))
        else:
            expect(fd is None, "forfeit_date of %s (not to move) must be null: %r" % (side, fd))
    expect(g["series"] is None or isinstance(g["series"], dict), "series")
    expect(g["draw_offer"] in (None, "white", "black"), "draw_offer")


def new_game(client, white, black, profile="server", start_date="2027-09-01", **kw):
    """POST /games; expects 201 and returns the GAME."""
    body = {"white": white, "black": black, "profile": profile, "start_date": start_date}
    body.update(kw)
    r = client.post("games", body)
    expect_status(r, 201, "create game %r" % body)
    expect_game_shape(r.json)
    return r.json


def metric(client, name):
    """The value of the unlabelled series `name` in GET /metrics, read by
    client (a float); fails the test when it is missing."""
    r = client.get("/metrics")
    expect_status(r, 200, "/metrics")
    for line in r.text.splitlines():
        if line.startswith(name + " "):
            return float(line.split()[1])
    raise AssertionError("/metrics has no %s" % name)


def get_game(client, gid):
    r = client.get("games/%d" % gid)
    expect_status(r, 200, "GET game %d" % gid)
    expect(r.headers.get("Content-Type", "").startswith("application/json"),
           "GAME Content-Type: %r" % r.headers.get("Content-Type"))
    expect_game_shape(r.json)
    return r.json


def play(client, gid, move, **kw):
    """POST a move; expects 201 and returns the GAME."""
    body = {"move": move}
    body.update(kw)
    r = client.post("games/%d/moves" % gid, body)
    expect_status(r, 201, "move %r in game %d" % (body, gid))
    expect_game_shape(r.json)
    return r.json


def play_line(white, black, gid, moves, **kw):
    """Plays moves alternately, White first (the side to move must be white)."""
    g = None
    for i, mv in enumerate(moves):
        g = play(white if i % 2 == 0 else black, gid, mv, **kw)
    return g


def expect_unchanged(client, gid, before, what=""):
    """After a refused request the game is as it was."""
    after = get_game(client, gid)
    for k in ("moves", "fen", "status", "result", "termination", "to_move", "draw_offer"):
        if after[k] != before[k]:
            raise AssertionError("%s: %s changed from %r to %r" % (what or "refused request", k,
                                                                     before[k], after[k]))


def raw_http(server, data, timeout=15):
    """Sends raw bytes to the daemon and reads the answer up to the close.
    Returns a Response (status 0 when the connection closed without one)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=timeout) as s:
        s.sendall(data)
        try:
            s.shutdown(socket.SHUT_WR)
        except OSError:
            pass
        return read_http_response(s)


def read_http_response(sock):
    buf = b""
    while True:
        try:
            chunk = sock.recv(65536)
        except (ConnectionResetError, socket.timeout):
            break
        if not chunk:
            break
        buf += chunk
    head, _, body = buf.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    m = re.match(r"HTTP/1\.[01] (\d{3})", lines[0] if lines else "")
    if not m:
        return Response(0, buf, {})
    headers = {}
    for l in lines[1:]:
        k, _, v = l.partition(":")
        headers[k.strip().title()] = v.strip()
    if "Content-Length" in headers:
        body = body[:int(headers["Content-Length"])]
    return Response(int(m.group(1)), body, headers)


def run_tests():
    passed = failed = 0
    for fn in _tests:
        t0 = time.time()
        openapi_check.reset()
        try:
            fn()
            check_deadlines_all()  # issue 16: after every scenario
            expect(not openapi_check.failures(), "answers unlike docs/openapi.yaml (issue 23): %s"
                   % openapi_check.failures())
            passed += 1
            print("ok - %s (%.1fs)" % (fn.__name__, time.time() - t0))
        except Exception:
            failed += 1
            print("FAIL - %s" % fn.__name__)
            traceback.print_exc(file=sys.stdout)
        sys.stdout.flush()
    print("%d passed, %d failed" % (passed, failed))
    sys.exit(1 if failed else 0)
